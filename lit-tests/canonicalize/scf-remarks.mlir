// --fold-constant-conditions="remarks=true": every scf.if / index_switch / for / while gets a
// remark at its location saying whether its condition (index, trip count) is constant and what
// was done (MindSpore's constant/variable classification, SEMANTICS.md section 1).
// RUN: cf-opt %s --fold-constant-conditions="remarks=true" --verify-diagnostics --split-input-file
// Without remarks=true nothing is reported:
// RUN: cf-opt %s --fold-constant-conditions --split-input-file 2>&1 >/dev/null | FileCheck %s --allow-empty --check-prefix=QUIET
// QUIET-NOT: remark

func.func @ifs(%c: i1, %a: i32, %b: i32) -> i32 {
  %true = arith.constant true
  %false = arith.constant false
  // expected-remark@+1 {{constant condition: folded (true: then region inlined)}}
  %r = scf.if %true -> (i32) {
    // A variable if inside the inlined region is reported as kept.
    // expected-remark@+1 {{variable condition: kept}}
    %s = scf.if %c -> (i32) {
      scf.yield %a : i32
    } else {
      scf.yield %b : i32
    }
    scf.yield %s : i32
  } else {
    scf.yield %b : i32
  }
  // expected-remark@+1 {{constant condition: folded (false: else region inlined)}}
  %t = scf.if %false -> (i32) {
    scf.yield %a : i32
  } else {
    scf.yield %r : i32
  }
  // expected-remark@+1 {{constant condition: folded (false, no else region: removed)}}
  scf.if %false {
    cf.assert %c, "never"
  }
  return %t : i32
}

// -----

func.func @switches(%i: index, %x: i32) -> i32 {
  %c2 = arith.constant 2 : index
  %c9 = arith.constant 9 : index
  // expected-remark@+1 {{constant index 2: case 2 inlined}}
  %r = scf.index_switch %c2 -> i32
  case 1 {
    scf.yield %x : i32
  }
  case 2 {
    // expected-remark@+1 {{variable index: kept}}
    %v = scf.index_switch %i -> i32
    case 0 {
      scf.yield %x : i32
    }
    default {
      scf.yield %x : i32
    }
    scf.yield %v : i32
  }
  default {
    scf.yield %x : i32
  }
  // expected-remark@+1 {{constant index 9: no such case, default region inlined}}
  %s = scf.index_switch %c9 -> i32
  case 1 {
    scf.yield %x : i32
  }
  default {
    scf.yield %r : i32
  }
  return %s : i32
}

// -----

func.func @fors(%n: index, %x: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  // expected-remark@+1 {{constant trip count 0: loop removed}}
  %a = scf.for %i = %c5 to %c3 step %c1 iter_args(%acc = %x) -> (index) {
    %s = arith.addi %acc, %i : index
    scf.yield %s : index
  }
  // expected-remark@+1 {{constant trip count 1: body inlined}}
  %b = scf.for %i = %c0 to %c1 step %c3 iter_args(%acc = %a) -> (index) {
    %s = arith.addi %acc, %i : index
    scf.yield %s : index
  }
  // expected-remark@+1 {{constant trip count 2: kept as a loop}}
  %c = scf.for %i = %c0 to %c5 step %c3 iter_args(%acc = %b) -> (index) {
    %s = arith.addi %acc, %i : index
    scf.yield %s : index
  }
  // expected-remark@+1 {{variable trip count: kept}}
  %d = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c) -> (index) {
    %s = arith.addi %acc, %i : index
    scf.yield %s : index
  }
  return %d : index
}

// -----

// i8 from 0 to 127 step 100: 0, 100, then 200 wraps to -56 and the loop goes on.
func.func @wrapping_for() -> i8 {
  %c0 = arith.constant 0 : i8
  %c127 = arith.constant 127 : i8
  %c100 = arith.constant 100 : i8
  // expected-remark@+1 {{constant bounds, but the induction variable wraps around: kept}}
  %r = scf.for %i = %c0 to %c127 step %c100 iter_args(%acc = %c0) -> (i8) : i8 {
    scf.yield %i : i8
  }
  return %r : i8
}

// -----

// SEMANTICS.md E2 ("IfInFor"): the for has a constant trip count (3, unrolled by --scf-unroll,
// not here); the inner if stays (variable).
func.func @e2(%x: i32, %y: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  // expected-remark@+1 {{constant trip count 3: kept as a loop}}
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%out = %zero) -> (i32) {
    %ii = arith.index_cast %i : index to i32
    %s = arith.addi %x, %ii : i32
    %lt = arith.cmpi slt, %s, %y : i32
    // expected-remark@+1 {{variable condition: kept}}
    %a = scf.if %lt -> (i32) {
      %t = arith.addi %out, %x : i32
      scf.yield %t : i32
    } else {
      %e = arith.addi %out, %y : i32
      scf.yield %e : i32
    }
    %b = arith.addi %a, %one : i32
    scf.yield %b : i32
  }
  return %r : i32
}

// -----

// SEMANTICS.md E3 ("IfInWhile", constant): the while is recognized as having a constant trip
// count (3); `out` depends on runtime x, y but the condition does not.
func.func @e3(%x: i32, %y: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  // expected-remark@+1 {{constant trip count 3: kept as a loop}}
  %r:2 = scf.while (%i = %c0, %out = %x) : (i32, i32) -> (i32, i32) {
    %lt = arith.cmpi slt, %i, %c3 : i32
    scf.condition(%lt) %i, %out : i32, i32
  } do {
  ^bb0(%i: i32, %out: i32):
    %s = arith.addi %x, %i : i32
    %c = arith.cmpi slt, %s, %y : i32
    // expected-remark@+1 {{variable condition: kept}}
    %a = scf.if %c -> (i32) {
      %t = arith.addi %out, %x : i32
      scf.yield %t : i32
    } else {
      %e = arith.addi %out, %y : i32
      scf.yield %e : i32
    }
    %b = arith.addi %a, %c1 : i32
    %i2 = arith.addi %i, %c1 : i32
    scf.yield %i2, %b : i32, i32
  }
  return %r#1 : i32
}

// -----

// SEMANTICS.md E4: the same loop with a runtime start: variable.
func.func @e4(%x: i32, %y: i32, %i0: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  // expected-remark@+1 {{variable condition: kept}}
  %r:2 = scf.while (%i = %i0, %out = %x) : (i32, i32) -> (i32, i32) {
    %lt = arith.cmpi slt, %i, %c3 : i32
    scf.condition(%lt) %i, %out : i32, i32
  } do {
  ^bb0(%i: i32, %out: i32):
    %b = arith.addi %out, %c1 : i32
    %i2 = arith.addi %i, %c1 : i32
    scf.yield %i2, %b : i32, i32
  }
  return %r#1 : i32
}

// -----

// Fault kinds (b) and (e) of issue 3: trip counts 1 (ceil, not 0), 0 (folded) and 3.
func.func @trip_counts() -> (i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c5 = arith.constant 5 : i32
  %cm1 = arith.constant -1 : i32
  // expected-remark@+1 {{constant trip count 1: kept as a loop}}
  %a = scf.while (%i = %c0) : (i32) -> i32 {
    %lt = arith.cmpi slt, %i, %c1 : i32
    scf.condition(%lt) %i : i32
  } do {
  ^bb0(%j: i32):
    %n = arith.addi %j, %c2 : i32
    scf.yield %n : i32
  }
  // expected-remark@+1 {{constant condition: folded (false on entry: before region inlined once, loop removed)}}
  %b = scf.while (%i = %c0) : (i32) -> i32 {
    %le = arith.cmpi sle, %i, %cm1 : i32
    scf.condition(%le) %i : i32
  } do {
  ^bb0(%j: i32):
    %n = arith.addi %j, %c1 : i32
    scf.yield %n : i32
  }
  // expected-remark@+1 {{constant trip count 3: kept as a loop}}
  %c = scf.while (%i = %c0) : (i32) -> i32 {
    %lt = arith.cmpi slt, %i, %c5 : i32
    scf.condition(%lt) %i : i32
  } do {
  ^bb0(%j: i32):
    %n = arith.addi %j, %c2 : i32
    scf.yield %n : i32
  }
  return %a, %b, %c : i32, i32, i32
}

// -----

// SEMANTICS.md E1: the condition x < y + 1 becomes constant after constant propagation.
func.func @e1(%z: i32) -> i32 {
  %x = arith.constant 0 : i32
  %y = arith.constant 1 : i32
  %one = arith.constant 1 : i32
  %y1 = arith.addi %y, %one : i32
  %c = arith.cmpi slt, %x, %y1 : i32
  // expected-remark@+1 {{constant condition: folded (true: then region inlined)}}
  %out = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %z : i32
  }
  %r = arith.addi %out, %one : i32
  return %r : i32
}
