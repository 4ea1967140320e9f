// Invalid scf ops: each chunk is one verifier or parse error. The expectations hold for both
// cf-opt and upstream `mlir-opt --split-input-file --verify-diagnostics` (MLIR 22); the
// chunks where Weir deliberately differs from MLIR 22 are in scf-weir-only.mlir.
// RUN: cf-opt %s --split-input-file --verify-diagnostics

func.func @if_yield_type(%c: i1, %a: i64) -> i32 {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i64' should match successor input type #0 'i32'}}
  %r = scf.if %c -> (i32) {
    // expected-note@+1 {{region branch point}}
    scf.yield %a : i64
  } else {
    scf.yield %a : i64
  }
  return %r : i32
}

// -----

func.func @if_yield_count(%c: i1, %a: i32) -> i32 {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 2 operands, but region successor needs 1 inputs}}
  %r = scf.if %c -> (i32) {
    // expected-note@+1 {{region branch point}}
    scf.yield %a, %a : i32, i32
  } else {
    scf.yield %a : i32
  }
  return %r : i32
}

// -----

func.func @if_results_without_else(%c: i1, %a: i32) -> i32 {
  // expected-error@+1 {{'scf.if' op must have an else block if defining values}}
  %r = scf.if %c -> (i32) {
    scf.yield %a : i32
  }
  return %r : i32
}

// -----

func.func @if_condition_not_i1(%c: i32) {
  // expected-error@+1 {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "scf.if"(%c) ({
    scf.yield
  }, {
  }) : (i32) -> ()
  return
}

// -----

func.func @if_region_with_args(%c: i1) {
  // expected-error@+1 {{'scf.if' op region #0 should have no arguments}}
  "scf.if"(%c) ({
  ^bb0(%x: i32):
    scf.yield
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @if_two_blocks(%c: i1) {
  // expected-error@+1 {{'scf.if' op expects region #0 to have 0 or 1 blocks}}
  "scf.if"(%c) ({
    cf.br ^bb1
  ^bb1:
    scf.yield
  }, {
  }) : (i1) -> ()
  return
}

// -----

func.func @for_yield_type(%n: index, %a: i32, %f: f32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'i32' != 'f32'}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (i32) {
    scf.yield %f : f32
  }
  return %r : i32
}

// -----

func.func @for_yield_count(%n: index, %a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'scf.for' op different number of region iter_args and yielded values: 1 != 2}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (i32) {
    scf.yield %x, %x : i32, i32
  }
  return %r : i32
}

// -----

// The parser inserts an empty `scf.yield`, which yields too few values.
func.func @for_missing_yield(%n: index, %a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+2 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  // expected-note@+1 {{region branch point}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (i32) {
  }
  return %r : i32
}

// -----

func.func @for_body_arg_count(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'scf.for' op different number of inits and region iter_args: 0 != 1}}
  "scf.for"(%c0, %n, %c1) ({
  ^bb0(%i: index, %x: i32):
    scf.yield
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_iv_type(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'scf.for' op expected induction variable to be same type as bounds and step}}
  "scf.for"(%c0, %n, %c1) ({
  ^bb0(%i: i32):
    scf.yield
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_iter_arg_type(%n: index, %a: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'scf.for' op 0-th init and 0-th region iter_arg have different type: 'i32' != 'f32'}}
  %r = "scf.for"(%c0, %n, %c1, %a) ({
  ^bb0(%i: index, %x: f32):
    scf.yield %x : f32
  }) : (index, index, index, i32) -> i32
  return
}

// -----

func.func @for_result_type(%n: index, %a: i32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'i32' != 'f32'}}
  %r = "scf.for"(%c0, %n, %c1, %a) ({
  ^bb0(%i: index, %x: i32):
    scf.yield %x : i32
  }) : (index, index, index, i32) -> f32
  return %r : f32
}

// -----

func.func @for_result_count(%n: index, %a: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'scf.for' op mismatch in number of loop-carried values and defined values}}
  "scf.for"(%c0, %n, %c1, %a) ({
  ^bb0(%i: index, %x: i32):
    scf.yield %x : i32
  }) : (index, index, index, i32) -> ()
  return
}

// -----

func.func @for_mixed_bound_types(%n: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%c0, %n, %c1) ({
  ^bb0(%i: index):
    scf.yield
  }) : (index, i32, index) -> ()
  return
}

// -----

// Without the trailing `: i32` the bounds are parsed as `index`.
func.func @for_integer_bounds_without_type(%n: i32) {
  // expected-note@+1 {{prior use here}}
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error@+1 {{use of value '%c0' expects different type than prior uses: 'index' vs 'i32'}}
  scf.for %i = %c0 to %n step %c1 {
  }
  return
}

// -----

func.func @while_condition_to_results_type(%a: i32, %c: i1) -> i64 {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'i32' should match successor input type #0 'i64'}}
  %r = scf.while (%x = %a) : (i32) -> i64 {
    // expected-note@+1 {{region branch point}}
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i64):
    scf.yield %a : i32
  }
  return %r : i64
}

// -----

func.func @while_after_arg_type(%a: i32, %c: i1) -> i32 {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to Region #1: successor operand type #0 'i32' should match successor input type #0 'i64'}}
  %r = scf.while (%x = %a) : (i32) -> i32 {
    // expected-note@+1 {{region branch point}}
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i64):
    scf.yield %a : i32
  }
  return %r : i32
}

// -----

func.func @while_after_arg_count(%a: i32, %c: i1) -> i32 {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to Region #1: region branch point has 1 operands, but region successor needs 2 inputs}}
  %r = scf.while (%x = %a) : (i32) -> i32 {
    // expected-note@+1 {{region branch point}}
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32, %z: i32):
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

func.func @while_after_yield_type(%a: i32, %c: i1, %f: f32) -> i32 {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.yield to Region #0: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %r = scf.while (%x = %a) : (i32) -> i32 {
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    // expected-note@+1 {{region branch point}}
    scf.yield %f : f32
  }
  return %r : i32
}

// -----

func.func @while_after_yield_count(%a: i32, %c: i1) -> i32 {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.yield to Region #0: region branch point has 2 operands, but region successor needs 1 inputs}}
  %r = scf.while (%x = %a) : (i32) -> i32 {
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    // expected-note@+1 {{region branch point}}
    scf.yield %y, %y : i32, i32
  }
  return %r : i32
}

// -----

func.func @while_condition_count(%a: i32, %c: i1) -> i32 {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: region branch point has 2 operands, but region successor needs 1 inputs}}
  %r = scf.while (%x = %a) : (i32) -> i32 {
    // expected-note@+1 {{region branch point}}
    scf.condition(%c) %x, %x : i32, i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

func.func @while_before_arg_type(%a: i32, %c: i1) -> i32 {
  // expected-error@+2 {{'scf.while' op along control flow edge from parent to Region #0: successor operand type #0 'i32' should match successor input type #0 'i64'}}
  // expected-note@+1 {{region branch point}}
  %r = "scf.while"(%a) ({
  ^bb0(%x: i64):
    scf.condition(%c) %a : i32
  }, {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }) : (i32) -> i32
  return %r : i32
}

// -----

func.func @while_input_type_count(%a: i32, %c: i1) -> i32 {
  // expected-error@+1 {{custom op 'scf.while' expected as many input types as operands (expected 1 got 2)}}
  %r = scf.while (%x = %a) : (i32, i32) -> i32 {
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

func.func @while_before_ends_in_yield(%a: i32) -> i32 {
  // expected-error@+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  %r = scf.while (%x = %a) : (i32) -> i32 {
    // expected-note@+1 {{terminator here}}
    scf.yield %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

func.func @while_after_ends_in_condition(%a: i32, %c: i1) -> i32 {
  // expected-error@+1 {{'scf.while' op expects the 'after' region to terminate with 'scf.yield'}}
  %r = scf.while (%x = %a) : (i32) -> i32 {
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    // expected-note@+1 {{terminator here}}
    scf.condition(%c) %y : i32
  }
  return %r : i32
}

// -----

func.func @while_two_before_blocks(%a: i32, %c: i1) -> i32 {
  // expected-error@+1 {{'scf.while' op expects region #0 to have 0 or 1 blocks}}
  %r = "scf.while"(%a) ({
  ^bb0(%x: i32):
    cf.br ^bb1
  ^bb1:
    scf.condition(%c) %x : i32
  }, {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }) : (i32) -> i32
  return %r : i32
}

// -----

func.func @condition_not_i1(%a: i32) -> i32 {
  // expected-note@+1 {{prior use here}}
  %r = scf.while (%x = %a) : (i32) -> i32 {
    // expected-error@+1 {{use of value '%x' expects different type than prior uses: 'i1' vs 'i32'}}
    scf.condition(%x) %x : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return %r : i32
}

// -----

func.func @switch_yield_type(%i: index, %a: i32, %b: i64) -> i32 {
  // expected-error@+1 {{'scf.index_switch' op expected result #0 of each region to be 'i32'}}
  %r = scf.index_switch %i -> i32
  case 0 {
    // expected-note@+1 {{case region #0 returns 'i64' here}}
    scf.yield %b : i64
  }
  default {
    scf.yield %a : i32
  }
  return %r : i32
}

// -----

func.func @switch_yield_count(%i: index, %a: i32) {
  // expected-error@+1 {{'scf.index_switch' op expected each region to return 0 values, but default region returns 1}}
  scf.index_switch %i
  case 0 {
    scf.yield
  }
  default {
    // expected-note@+1 {{see yield operation here}}
    scf.yield %a : i32
  }
  return
}

// -----

func.func @switch_duplicate_case(%i: index) {
  // expected-error@+1 {{'scf.index_switch' op has duplicate case value: 1}}
  scf.index_switch %i
  case 1 {
    scf.yield
  }
  case 1 {
    scf.yield
  }
  default {
    scf.yield
  }
  return
}

// -----

func.func @switch_case_region_count(%i: index) {
  // expected-error@+1 {{'scf.index_switch' op has 1 case regions but 2 case values}}
  "scf.index_switch"(%i) <{cases = array<i64: 0, 1>}> ({
    scf.yield
  }, {
    scf.yield
  }) : (index) -> ()
  return
}

// -----

func.func @switch_without_default(%i: index) {
  scf.index_switch %i
  case 0 {
    scf.yield
  }
  // expected-error@+1 {{custom op 'scf.index_switch' expected 'default'}}
  return
}

// -----

func.func @switch_not_index(%i: i32) {
  // expected-error@+1 {{'scf.index_switch' op operand #0 must be index, but got 'i32'}}
  "scf.index_switch"(%i) <{cases = array<i64>}> ({
    scf.yield
  }) : (i32) -> ()
  return
}

// -----

func.func @execute_region_with_args() -> i32 {
  // expected-error@+1 {{'scf.execute_region' op region cannot have any arguments}}
  %r = "scf.execute_region"() ({
  ^bb0(%x: i32):
    scf.yield %x : i32
  }) : () -> i32
  return %r : i32
}

// -----

func.func @execute_region_yield_type(%c: i1, %a: i32, %b: i64) -> i32 {
  // expected-error@+1 {{'scf.execute_region' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i64' should match successor input type #0 'i32'}}
  %r = scf.execute_region -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %a : i32
  ^bb2:
    // expected-note@+1 {{region branch point}}
    scf.yield %b : i64
  }
  return %r : i32
}

// -----

// scf.execute_region has no implicit terminator: its region must end in one.
func.func @execute_region_without_terminator() -> i32 {
  %r = scf.execute_region -> i32 {
    // expected-error@+1 {{block with no terminator}}
    %c = arith.constant 1 : i32
  }
  return %r : i32
}

// -----

func.func @yield_in_func() {
  // expected-error@+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield
}

// -----

func.func @condition_outside_while(%c: i1) {
  scf.execute_region {
    // expected-error@+1 {{'scf.condition' op expects parent op 'scf.while'}}
    scf.condition(%c)
  }
  return
}

// -----

// Two errors in one op, one of its own and one nested. MLIR 22 checks an op's ODS constraints,
// traits and verify() before the ops nested in its regions, and its region traits
// (SingleBlockImplicitTerminator, LoopLikeOpInterface, RegionBranchOpInterface) and
// verifyRegions() after them; Weir splits each scf op's verifier the same way.
// scf.index_switch's terminator check is in its verify(): it comes first.
func.func @index_switch_ends_in_func_return(%i: index) {
  // expected-error@+1 {{'scf.index_switch' op expected region to end with scf.yield, but got func.return}}
  scf.index_switch %i
  case 0 {
    func.return
  }
  default {
  }
  return
}

// -----

// So are scf.while's terminator checks.
func.func @while_before_ends_in_func_return(%x: i32) -> i32 {
  // expected-error@+1 {{'scf.while' op expects the 'before' region to terminate with 'scf.condition'}}
  %r = scf.while (%a = %x) : (i32) -> i32 {
    // expected-note@+1 {{terminator here}}
    func.return
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return %r : i32
}

// -----

// An ODS constraint of scf.for comes before the nested scf.if's error.
func.func @for_bound_types_and_nested_error(%lb: index, %ub: i32, %c: i1, %a: i32) {
  // expected-error@+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%lb, %ub, %lb) ({
  ^bb0(%i: index):
    %r = scf.if %c -> (i32) {
      scf.yield %a : i32
    }
    scf.yield
  }) : (index, i32, index) -> ()
  return
}

// -----

// scf.for's implicit-terminator check (SingleBlockImplicitTerminator) runs after the nested
// ops: the misplaced scf.condition reports its own error.
func.func @condition_in_for(%lb: index, %c: i1) {
  scf.for %i = %lb to %lb step %lb {
    // expected-error@+1 {{'scf.condition' op expects parent op 'scf.while'}}
    scf.condition(%c)
  }
  return
}

// -----

// scf.for's iter_arg checks (LoopLikeOpInterface) run after the nested ops.
func.func @for_iter_arg_type_and_nested_error(%lb: index, %c: i1, %a: i32) -> i32 {
  %r = "scf.for"(%lb, %lb, %lb, %a) ({
  ^bb0(%i: index, %x: i64):
    // expected-error@+1 {{'scf.if' op must have an else block if defining values}}
    %y = scf.if %c -> (i32) {
      scf.yield %a : i32
    }
    scf.yield %y : i32
  }) : (index, index, index, i32) -> i32
  return %r : i32
}

// -----

// So do scf.if's yield checks (RegionBranchOpInterface edges).
func.func @if_yield_type_and_nested_error(%c: i1, %a: i64) -> i32 {
  %r = scf.if %c -> (i32) {
    // expected-error@+1 {{'scf.if' op must have an else block if defining values}}
    %y = scf.if %c -> (i64) {
      scf.yield %a : i64
    }
    scf.yield %y : i64
  } else {
    scf.yield %a : i64
  }
  return %r : i32
}

// -----

// And scf.while's edge checks.
func.func @while_edge_and_nested_error(%x: i32, %c: i1, %a: i64) -> i32 {
  %r = scf.while (%b = %x) : (i32) -> i32 {
    // expected-error@+1 {{'scf.if' op must have an else block if defining values}}
    %y = scf.if %c -> (i64) {
      scf.yield %a : i64
    }
    scf.condition(%c) %y : i64
  } do {
  ^bb0(%d: i64):
    scf.yield %x : i32
  }
  return %r : i32
}
