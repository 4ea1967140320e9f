// --scf-if-conversion: an scf.if / scf.index_switch whose arms are at most two speculatable
// scalar ops each becomes the arms' ops and arith.select (cf-run runs it before
// --convert-scf-to-cf). Ops that may fault (integer division), longer arms, tensors, nested
// regions, ops without results, switches of more than 8 cases, and arms that call a library
// function (math ops, arith.remf, f16 conversions) keep their branches.
// RUN: cf-opt %s --scf-if-conversion | FileCheck %s
// RUN: cf-opt %s --scf-if-conversion | cf-opt --scf-if-conversion | FileCheck %s
// Values, by hand, with and without the pass (cf-run runs it; --convert-scf-to-cf first
// keeps the branches):
// @pick(5, 1): 5 < 1 false -> else 5 - 1 = 4; @pick(1, 5): then 1 * 5 + 5 = 10.
// RUN: cf-run %s -e pick --arg '5 : i64' --arg '1 : i64' | FileCheck %s --check-prefix=P4
// RUN: cf-opt %s --convert-scf-to-cf | cf-run - -e pick --arg '5 : i64' --arg '1 : i64' | FileCheck %s --check-prefix=P4
// RUN: cf-run %s -e pick --arg '1 : i64' --arg '5 : i64' | FileCheck %s --check-prefix=P10
// P4: {{^}}4{{$}}
// P10: {{^}}10{{$}}
// @switch3(i, x = 7): case 0 -> 7 + 1 = 8, case 1 -> -7, case 5 -> 49, default -> 0; results
// (v, v + 0.5 as f64 of case 5 only: 2.5 there, else 0.0).
// RUN: cf-run %s -e switch3 --arg '0 : index' --arg '7 : i32' | FileCheck %s --check-prefix=CASE0
// RUN: cf-run %s -e switch3 --arg '1 : index' --arg '7 : i32' | FileCheck %s --check-prefix=CASE1
// RUN: cf-run %s -e switch3 --arg '5 : index' --arg '7 : i32' | FileCheck %s --check-prefix=CASE5
// RUN: cf-run %s -e switch3 --arg '-1 : index' --arg '7 : i32' | FileCheck %s --check-prefix=DEFAULT
// RUN: cf-opt %s --convert-scf-to-cf | cf-run - -e switch3 --arg '5 : index' --arg '7 : i32' | FileCheck %s --check-prefix=CASE5
// CASE0: {{^}}8{{$}}
// CASE0-NEXT: {{^}}0.0{{$}}
// CASE1: {{^}}-7{{$}}
// CASE1-NEXT: {{^}}0.0{{$}}
// CASE5: {{^}}49{{$}}
// CASE5-NEXT: {{^}}2.5{{$}}
// DEFAULT: {{^}}0{{$}}
// DEFAULT-NEXT: {{^}}0.0{{$}}
// @guarded_div(a, 0): the division is only in the arm not taken, so no fault: 0.
// RUN: cf-run %s -e guarded_div --arg '9 : i32' --arg '0 : i32' | FileCheck %s --check-prefix=G0
// G0: {{^}}0{{$}}

// CHECK-LABEL: func.func @pick
// CHECK-NOT: scf.if
// CHECK: %[[LT:.*]] = arith.cmpi slt, %arg0, %arg1 : i64
// CHECK: %[[M:.*]] = arith.muli %arg0, %arg1 : i64
// CHECK: %[[T:.*]] = arith.addi %[[M]], %arg1 : i64
// CHECK: %[[E:.*]] = arith.subi %arg0, %arg1 : i64
// CHECK: %[[R:.*]] = arith.select %[[LT]], %[[T]], %[[E]] : i64
// CHECK: return %[[R]] : i64
func.func @pick(%a: i64, %b: i64) -> i64 {
  %lt = arith.cmpi slt, %a, %b : i64
  %r = scf.if %lt -> (i64) {
    %m = arith.muli %a, %b : i64
    %t = arith.addi %m, %b : i64
    scf.yield %t : i64
  } else {
    %e = arith.subi %a, %b : i64
    scf.yield %e : i64
  }
  return %r : i64
}

// CHECK-LABEL: func.func @switch3
// CHECK-NOT: scf.index_switch
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[H0:.*]] = arith.cmpi eq, %arg0, %[[C0]] : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[H1:.*]] = arith.cmpi eq, %arg0, %[[C1]] : index
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG: %[[H5:.*]] = arith.cmpi eq, %arg0, %[[C5]] : index
// CHECK: %[[S0:.*]] = arith.select %[[H0]], %{{.*}}, %{{.*}} : i32
// CHECK: %[[S1:.*]] = arith.select %[[H1]], %{{.*}}, %[[S0]] : i32
// CHECK: %[[S5:.*]] = arith.select %[[H5]], %{{.*}}, %[[S1]] : i32
// CHECK: %[[F0:.*]] = arith.select %[[H0]], %{{.*}}, %{{.*}} : f64
// CHECK: %[[F1:.*]] = arith.select %[[H1]], %{{.*}}, %[[F0]] : f64
// CHECK: %[[F5:.*]] = arith.select %[[H5]], %{{.*}}, %[[F1]] : f64
// CHECK: return %[[S5]], %[[F5]] : i32, f64
func.func @switch3(%i: index, %x: i32) -> (i32, f64) {
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %fz = arith.constant 0.0 : f64
  %r:2 = scf.index_switch %i -> i32, f64
  case 0 {
    %y = arith.addi %x, %one : i32
    scf.yield %y, %fz : i32, f64
  }
  case 1 {
    %y = arith.subi %zero, %x : i32
    scf.yield %y, %fz : i32, f64
  }
  case 5 {
    %y = arith.muli %x, %x : i32
    %h = arith.constant 2.5 : f64
    scf.yield %y, %h : i32, f64
  }
  default {
    scf.yield %zero, %fz : i32, f64
  }
  return %r#0, %r#1 : i32, f64
}

// An arm that may fault keeps its branch.
// CHECK-LABEL: func.func @guarded_div
// CHECK: scf.if
// CHECK: arith.divsi
func.func @guarded_div(%a: i32, %b: i32) -> i32 {
  %zero = arith.constant 0 : i32
  %nz = arith.cmpi ne, %b, %zero : i32
  %r = scf.if %nz -> (i32) {
    %q = arith.divsi %a, %b : i32
    scf.yield %q : i32
  } else {
    scf.yield %zero : i32
  }
  return %r : i32
}

// Three ops in an arm: kept.
// CHECK-LABEL: func.func @long_arm
// CHECK: scf.if
func.func @long_arm(%c: i1, %a: i64) -> i64 {
  %r = scf.if %c -> (i64) {
    %x = arith.muli %a, %a : i64
    %y = arith.muli %x, %a : i64
    %z = arith.addi %y, %a : i64
    scf.yield %z : i64
  } else {
    scf.yield %a : i64
  }
  return %r : i64
}

// Tensor results, or speculatable ops on tensors (their shapes are checked at run time): kept.
// CHECK-LABEL: func.func @tensors
// CHECK: scf.if
// CHECK: scf.if
func.func @tensors(%c: i1, %t: tensor<?xf32>, %u: tensor<?xf32>) -> (tensor<?xf32>, f32) {
  %r = scf.if %c -> (tensor<?xf32>) {
    scf.yield %t : tensor<?xf32>
  } else {
    scf.yield %u : tensor<?xf32>
  }
  %c0 = arith.constant 0 : index
  %s = scf.if %c -> (f32) {
    %sum = arith.addf %t, %u : tensor<?xf32>
    %e = tensor.extract %sum[%c0] : tensor<?xf32>
    scf.yield %e : f32
  } else {
    %z = arith.constant 0.0 : f32
    scf.yield %z : f32
  }
  return %r, %s : tensor<?xf32>, f32
}

// The inner scf.if is converted first, then the outer one, whose arm then holds two ops.
// CHECK-LABEL: func.func @nested
// CHECK-NOT: scf.if
// CHECK: arith.select
// CHECK: arith.select
// CHECK: return
func.func @nested(%c: i1, %d: i1, %a: i64) -> i64 {
  %r = scf.if %c -> (i64) {
    %in = scf.if %d -> (i64) {
      %x = arith.addi %a, %a : i64
      scf.yield %x : i64
    } else {
      scf.yield %a : i64
    }
    scf.yield %in : i64
  } else {
    scf.yield %a : i64
  }
  return %r : i64
}

// An scf.if in an arm that is not converted (it has no results) keeps the outer branch; so
// does a switch of nine cases.
// CHECK-LABEL: func.func @kept
// CHECK: scf.if
// CHECK: scf.index_switch
func.func @kept(%c: i1, %i: index, %a: i64) -> i64 {
  %r = scf.if %c -> (i64) {
    scf.if %c {
      cf.assert %c, "never"
    }
    scf.yield %a : i64
  } else {
    scf.yield %a : i64
  }
  %s = scf.index_switch %i -> i64
  case 0 { scf.yield %a : i64 }
  case 1 { scf.yield %a : i64 }
  case 2 { scf.yield %a : i64 }
  case 3 { scf.yield %a : i64 }
  case 4 { scf.yield %a : i64 }
  case 5 { scf.yield %a : i64 }
  case 6 { scf.yield %a : i64 }
  case 7 { scf.yield %a : i64 }
  case 8 { scf.yield %a : i64 }
  default { scf.yield %r : i64 }
  return %s : i64
}

// Speculatable but not cheap: math ops and arith.remf are calls into the C math library, f16
// conversions calls of runtime helpers; each would run on every execution whatever arm is
// taken (found by a review: an 8-way switch of math calls ran 3-7x slower). Kept.
// CHECK-LABEL: func.func @calls
// CHECK: scf.if
// CHECK: math.exp
// CHECK: scf.if
// CHECK: arith.remf
// CHECK: scf.if
// CHECK: arith.extf
func.func @calls(%c: i1, %x: f32, %h: f16) -> (f32, f32, f32) {
  %a = scf.if %c -> (f32) {
    %e = math.exp %x : f32
    scf.yield %e : f32
  } else {
    scf.yield %x : f32
  }
  %b = scf.if %c -> (f32) {
    %r = arith.remf %x, %x : f32
    scf.yield %r : f32
  } else {
    scf.yield %x : f32
  }
  %d = scf.if %c -> (f32) {
    %w = arith.extf %h : f16 to f32
    scf.yield %w : f32
  } else {
    scf.yield %x : f32
  }
  return %a, %b, %d : f32, f32, f32
}
