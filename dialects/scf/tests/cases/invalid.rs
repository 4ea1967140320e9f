//! Invalid inputs and the first diagnostic each must produce, as `LINE:COL: message` followed
//! by `\n  note LINE:COL: message` per attached note. The messages and locations are mlir-opt
//! 22's (copied from its output) unless `oracle` is false: those cases are Weir's own, stricter
//! or clearer rules (see the crate docs). The opt-in oracle test re-checks every `oracle` case
//! against mlir-opt.

pub struct Invalid {
    pub name: &'static str,
    pub src: &'static str,
    pub error: &'static str,
    /// Whether mlir-opt 22 reports exactly this diagnostic.
    #[allow(dead_code)]
    pub oracle: bool,
}

const fn case(name: &'static str, src: &'static str, error: &'static str) -> Invalid {
    Invalid {
        name,
        src,
        error,
        oracle: true,
    }
}

const fn weir_only(name: &'static str, src: &'static str, error: &'static str) -> Invalid {
    Invalid {
        name,
        src,
        error,
        oracle: false,
    }
}

pub const INVALID: &[Invalid] = &[
    // ------------------------------------------------------------------ scf.if
    case(
        "if_condition_not_i1",
        r#"func.func @f(%c: i1, %x: i32) {
  %0 = "scf.if"(%x) ({
    "scf.yield"(%x) : (i32) -> ()
  }, {
    "scf.yield"(%x) : (i32) -> ()
  }) : (i32) -> i32
  return
}"#,
        "2:8: 'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'",
    ),
    case(
        "if_one_region",
        r#"func.func @f(%c: i1, %x: i32) {
  %0 = "scf.if"(%c) ({
    "scf.yield"(%x) : (i32) -> ()
  }) : (i1) -> i32
  return
}"#,
        "2:8: 'scf.if' op expected 2 regions",
    ),
    case(
        "if_two_operands",
        r#"func.func @f(%c: i1) {
  "scf.if"(%c, %c) ({
    "scf.yield"() : () -> ()
  }, {}) : (i1, i1) -> ()
  return
}"#,
        "2:3: 'scf.if' op requires a single operand",
    ),
    case(
        "if_then_two_blocks",
        r#"func.func @f(%c: i1) {
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  ^bb1:
    "scf.yield"() : () -> ()
  }, {}) : (i1) -> ()
  return
}"#,
        "2:3: 'scf.if' op expects region #0 to have 0 or 1 blocks",
    ),
    case(
        "if_empty_then",
        r#"func.func @f(%c: i1) {
  "scf.if"(%c) ({}, {}) : (i1) -> ()
  return
}"#,
        "2:3: 'scf.if' op region #0 ('thenRegion') failed to verify constraint: region with 1 blocks",
    ),
    case(
        "if_then_arguments",
        r#"func.func @f(%c: i1) {
  "scf.if"(%c) ({
  ^bb0(%a: i32):
    "scf.yield"() : () -> ()
  }, {}) : (i1) -> ()
  return
}"#,
        "2:3: 'scf.if' op region #0 should have no arguments",
    ),
    case(
        "if_else_arguments",
        r#"func.func @f(%c: i1) {
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }, {
  ^bb0(%a: i32):
    "scf.yield"() : () -> ()
  }) : (i1) -> ()
  return
}"#,
        "2:3: 'scf.if' op region #1 should have no arguments",
    ),
    case(
        "if_results_without_else",
        r#"func.func @f(%c: i1, %x: i32) {
  %0 = scf.if %c -> i32 {
    scf.yield %x : i32
  }
  return
}"#,
        "2:8: 'scf.if' op must have an else block if defining values",
    ),
    case(
        "if_yield_count",
        r#"func.func @f(%c: i1, %x: i32) {
  %0 = scf.if %c -> i32 {
    scf.yield %x, %x : i32, i32
  } else {
    scf.yield %x : i32
  }
  return
}"#,
        "2:8: 'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 2 operands, but region successor needs 1 inputs\n  note 3:5: region branch point",
    ),
    case(
        "if_yield_type",
        r#"func.func @f(%c: i1, %x: i32, %y: i64) {
  %0 = scf.if %c -> i32 {
    scf.yield %x : i32
  } else {
    scf.yield %y : i64
  }
  return
}"#,
        "2:8: 'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i64' should match successor input type #0 'i32'\n  note 5:5: region branch point",
    ),
    case(
        "if_yield_tensor_shape_is_not_joined",
        r#"func.func @f(%c: i1, %x: tensor<2xf32>, %y: tensor<?xf32>) {
  %0 = scf.if %c -> tensor<2xf32> {
    scf.yield %x : tensor<2xf32>
  } else {
    scf.yield %y : tensor<?xf32>
  }
  return
}"#,
        "2:8: 'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'tensor<?xf32>' should match successor input type #0 'tensor<2xf32>'\n  note 5:5: region branch point",
    ),
    case(
        "if_empty_else_with_results",
        r#"func.func @f(%c: i1, %x: i32) {
  %0 = scf.if %c -> i32 {
    scf.yield %x : i32
  } else {
  }
  return
}"#,
        "2:8: 'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs\n  note 2:8: region branch point",
    ),
    case(
        "if_no_results_yields_value",
        r#"func.func @f(%c: i1, %x: i32) {
  scf.if %c {
    scf.yield %x : i32
  }
  return
}"#,
        "2:3: 'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 1 operands, but region successor needs 0 inputs\n  note 3:5: region branch point",
    ),
    case(
        "if_wrong_terminator",
        r#"func.func @f(%c: i1) {
  "scf.if"(%c) ({
    "test.foo"() : () -> ()
  }, {}) : (i1) -> ()
  return
}"#,
        "2:3: 'scf.if' op expects regions to end with 'scf.yield', found 'test.foo'\n  note 2:3: in custom textual format, the absence of terminator implies 'scf.yield'",
    ),
    // ------------------------------------------------------------------ scf.yield / scf.condition
    case(
        "yield_outside_scf",
        r#"func.func @f(%x: i32) {
  scf.yield %x : i32
}"#,
        "2:3: 'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'",
    ),
    case(
        "yield_not_last",
        r#"func.func @f(%c: i1) {
  scf.if %c {
    scf.yield
    scf.yield
  }
  return
}"#,
        "3:5: 'scf.yield' op must be the last operation in the parent block",
    ),
    case(
        "condition_outside_while",
        r#"func.func @f(%lb: index) {
  scf.for %i = %lb to %lb step %lb {
    %c = "test.foo"() : () -> i1
    scf.condition(%c)
  }
  return
}"#,
        "4:5: 'scf.condition' op expects parent op 'scf.while'",
    ),
    case(
        "condition_not_i1",
        r#"func.func @f(%x: i32) {
  %0 = scf.while (%a = %x) : (i32) -> i32 {
    "scf.condition"(%x, %a) : (i32, i32) -> ()
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}"#,
        "3:5: 'scf.condition' op operand #0 must be 1-bit signless integer, but got 'i32'",
    ),
    case(
        "condition_without_operands",
        r#"func.func @f(%x: i32) {
  %0 = scf.while (%a = %x) : (i32) -> i32 {
    "scf.condition"() : () -> ()
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}"#,
        "3:5: 'scf.condition' op expected 1 or more operands, but found 0",
    ),
    // ------------------------------------------------------------------ scf.for
    case(
        "for_bounds_of_different_types",
        r#"func.func @f(%lb: index, %ub: i32) {
  "scf.for"(%lb, %ub, %lb) ({
  ^bb0(%iv: index):
    "scf.yield"() : () -> ()
  }) : (index, i32, index) -> ()
  return
}"#,
        "2:3: 'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type",
    ),
    case(
        "for_float_bounds",
        r#"func.func @f(%lb: f32) {
  "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%iv: f32):
    "scf.yield"() : () -> ()
  }) : (f32, f32, f32) -> ()
  return
}"#,
        "2:3: 'scf.for' op operand #0 must be signless integer or index, but got 'f32'",
    ),
    case(
        "for_signed_integer_bounds",
        r#"func.func @f(%lb: si32) {
  scf.for %i = %lb to %lb step %lb : si32 {
  }
  return
}"#,
        "2:3: 'scf.for' op operand #0 must be signless integer or index, but got 'si32'",
    ),
    case(
        "for_iv_type",
        r#"func.func @f(%lb: index) {
  "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%iv: i32):
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}"#,
        "2:3: 'scf.for' op expected induction variable to be same type as bounds and step",
    ),
    case(
        "for_results_and_inits",
        r#"func.func @f(%lb: index, %x: i32) {
  %0:2 = "scf.for"(%lb, %lb, %lb, %x) ({
  ^bb0(%iv: index, %a: i32):
    "scf.yield"(%a) : (i32) -> ()
  }) : (index, index, index, i32) -> (i32, i32)
  return
}"#,
        "2:10: 'scf.for' op mismatch in number of loop-carried values and defined values",
    ),
    case(
        "for_inits_and_iter_args",
        r#"func.func @f(%lb: index, %x: i32) {
  %0 = "scf.for"(%lb, %lb, %lb, %x) ({
  ^bb0(%iv: index, %a: i32, %b: i32):
    "scf.yield"(%a) : (i32) -> ()
  }) : (index, index, index, i32) -> (i32)
  return
}"#,
        "2:8: 'scf.for' op different number of inits and region iter_args: 1 != 2",
    ),
    case(
        "for_yield_count",
        r#"func.func @f(%lb: index, %x: i32) {
  %0 = "scf.for"(%lb, %lb, %lb, %x) ({
  ^bb0(%iv: index, %a: i32):
    "scf.yield"(%a, %a) : (i32, i32) -> ()
  }) : (index, index, index, i32) -> (i32)
  return
}"#,
        "2:8: 'scf.for' op different number of region iter_args and yielded values: 1 != 2",
    ),
    case(
        "for_yield_type",
        r#"func.func @f(%lb: index, %x: i32, %y: f32) {
  %0 = scf.for %i = %lb to %lb step %lb iter_args(%a = %x) -> (i32) {
    scf.yield %y : f32
  }
  return
}"#,
        "2:8: 'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'i32' != 'f32'",
    ),
    case(
        "for_result_type",
        r#"func.func @f(%lb: index, %x: i32) {
  %0 = "scf.for"(%lb, %lb, %lb, %x) ({
  ^bb0(%iv: index, %a: i32):
    "scf.yield"(%a) : (i32) -> ()
  }) : (index, index, index, i32) -> (f32)
  return
}"#,
        "2:8: 'scf.for' op 0-th region iter_arg and 0-th loop result have different type: 'i32' != 'f32'",
    ),
    weir_only(
        "for_second_result_type",
        r#"func.func @f(%lb: index, %x: i32, %y: f32) {
  %0:2 = "scf.for"(%lb, %lb, %lb, %x, %y) ({
  ^bb0(%iv: index, %a: i32, %b: f32):
    "scf.yield"(%a, %b) : (i32, f32) -> ()
  }) : (index, index, index, i32, f32) -> (i32, i32)
  return
}"#,
        // 22 says "0-th ... 0-th" here.
        "2:10: 'scf.for' op 1-th region iter_arg and 1-th loop result have different type: 'f32' != 'i32'",
    ),
    case(
        "for_init_type",
        r#"func.func @f(%lb: index, %x: i32) {
  %0 = "scf.for"(%lb, %lb, %lb, %x) ({
  ^bb0(%iv: index, %a: f32):
    "scf.yield"(%a) : (f32) -> ()
  }) : (index, index, index, i32) -> (f32)
  return
}"#,
        "2:8: 'scf.for' op 0-th init and 0-th region iter_arg have different type: 'i32' != 'f32'",
    ),
    case(
        "for_parse_iter_args_and_results",
        r#"func.func @f(%lb: index, %x: i32) {
  %0 = scf.for %i = %lb to %lb step %lb iter_args(%a = %x, %b = %x) -> (i32) {
    scf.yield %a : i32
  }
  return
}"#,
        "2:8: custom op 'scf.for' mismatch in number of loop-carried values and defined values",
    ),
    case(
        "for_empty_region",
        r#"func.func @f(%lb: index) {
  "scf.for"(%lb, %lb, %lb) ({
  }) : (index, index, index) -> ()
  return
}"#,
        "2:3: 'scf.for' op region #0 ('region') failed to verify constraint: region with 1 blocks",
    ),
    case(
        "for_two_operands",
        r#"func.func @f(%lb: index) {
  "scf.for"(%lb, %lb) ({
  ^bb0(%iv: index):
    "scf.yield"() : () -> ()
  }) : (index, index) -> ()
  return
}"#,
        "2:3: 'scf.for' op expected 3 or more operands, but found 2",
    ),
    case(
        "for_two_regions",
        r#"func.func @f(%lb: index) {
  "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%iv: index):
    "scf.yield"() : () -> ()
  }, {}) : (index, index, index) -> ()
  return
}"#,
        "2:3: 'scf.for' op requires one region",
    ),
    case(
        "for_implicit_yield_with_iter_args",
        r#"func.func @f(%lb: index, %x: i32) {
  %0 = scf.for %i = %lb to %lb step %lb iter_args(%a = %x) -> (i32) {
  }
  return
}"#,
        "2:8: 'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs\n  note 2:8: region branch point",
    ),
    case(
        "for_wrong_terminator",
        r#"func.func @f(%lb: index) {
  "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%iv: index):
    "test.foo"() : () -> ()
  }) : (index, index, index) -> ()
  return
}"#,
        "2:3: 'scf.for' op expects regions to end with 'scf.yield', found 'test.foo'\n  note 2:3: in custom textual format, the absence of terminator implies 'scf.yield'",
    ),
    weir_only(
        "for_without_induction_variable",
        r#"func.func @f(%lb: index) {
  "scf.for"(%lb, %lb, %lb) ({
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}"#,
        // 22: "different number of inits and region iter_args: 0 != 18446744073709551615".
        "2:3: 'scf.for' op expected the body block to have the induction variable as its first argument",
    ),
    // ------------------------------------------------------------------ scf.while
    case(
        "while_before_ends_with_yield",
        r#"func.func @f(%x: i32) {
  %0 = scf.while (%a = %x) : (i32) -> i32 {
    scf.yield %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}"#,
        "2:8: 'scf.while' op expects the 'before' region to terminate with 'scf.condition'\n  note 3:5: terminator here",
    ),
    case(
        "while_after_ends_with_condition",
        r#"func.func @f(%c: i1, %x: i32) {
  %0 = scf.while (%a = %x) : (i32) -> i32 {
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.condition(%c) %b : i32
  }
  return
}"#,
        "2:8: 'scf.while' op expects the 'after' region to terminate with 'scf.yield'\n  note 6:5: terminator here",
    ),
    case(
        "while_after_ends_with_other_op",
        r#"func.func @f(%c: i1, %x: i32) {
  %0 = scf.while (%a = %x) : (i32) -> i32 {
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    "test.foo"() : () -> ()
  }
  return
}"#,
        "2:8: 'scf.while' op expects the 'after' region to terminate with 'scf.yield'\n  note 6:5: terminator here",
    ),
    case(
        "while_condition_to_results_type",
        r#"func.func @f(%c: i1, %x: i32) {
  %0 = scf.while (%a = %x) : (i32) -> i64 {
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}"#,
        "2:8: 'scf.while' op along control flow edge from Operation scf.condition to parent: successor operand type #0 'i32' should match successor input type #0 'i64'\n  note 3:5: region branch point",
    ),
    case(
        "while_condition_to_after_type",
        r#"func.func @f(%c: i1, %x: i32, %y: i64) {
  %0 = scf.while (%a = %x) : (i32) -> i32 {
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i64):
    scf.yield %x : i32
  }
  return
}"#,
        "2:8: 'scf.while' op along control flow edge from Operation scf.condition to Region #1: successor operand type #0 'i32' should match successor input type #0 'i64'\n  note 3:5: region branch point",
    ),
    case(
        "while_yield_to_before_type",
        r#"func.func @f(%c: i1, %x: i32, %y: i64) {
  %0 = scf.while (%a = %x) : (i32) -> i32 {
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %y : i64
  }
  return
}"#,
        "2:8: 'scf.while' op along control flow edge from Operation scf.yield to Region #0: successor operand type #0 'i64' should match successor input type #0 'i32'\n  note 6:5: region branch point",
    ),
    case(
        "while_parse_input_types",
        r#"func.func @f(%c: i1, %x: i32) {
  %0 = scf.while (%a = %x) : () -> i32 {
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}"#,
        "2:28: custom op 'scf.while' expected as many input types as operands (expected 1 got 0)",
    ),
    case(
        "while_before_two_blocks",
        r#"func.func @f(%c: i1, %x: i32) {
  %0 = "scf.while"(%x) ({
  ^bb0(%a: i32):
    "scf.condition"(%c, %a) : (i1, i32) -> ()
  ^bb1:
    "scf.condition"(%c, %a) : (i1, i32) -> ()
  }, {
  ^bb0(%b: i32):
    "scf.yield"(%b) : (i32) -> ()
  }) : (i32) -> i32
  return
}"#,
        "2:8: 'scf.while' op expects region #0 to have 0 or 1 blocks",
    ),
    case(
        "while_empty_before",
        r#"func.func @f(%x: i32) {
  %0 = "scf.while"(%x) ({
  }, {
  ^bb0(%b: i32):
    "scf.yield"(%b) : (i32) -> ()
  }) : (i32) -> i32
  return
}"#,
        "2:8: 'scf.while' op region #0 ('before') failed to verify constraint: region with 1 blocks",
    ),
    case(
        "while_empty_after",
        r#"func.func @f(%c: i1, %x: i32) {
  %0 = "scf.while"(%x) ({
  ^bb0(%a: i32):
    "scf.condition"(%c, %a) : (i1, i32) -> ()
  }, {
  }) : (i32) -> i32
  return
}"#,
        "2:8: 'scf.while' op region #1 ('after') failed to verify constraint: region with 1 blocks",
    ),
    case(
        "while_inits_to_before_type",
        r#"func.func @f(%c: i1, %x: i32) {
  %0 = "scf.while"(%x) ({
  ^bb0(%a: i64):
    "scf.condition"(%c, %x) : (i1, i32) -> ()
  }, {
  ^bb0(%b: i32):
    "scf.yield"(%b) : (i32) -> ()
  }) : (i32) -> i32
  return
}"#,
        "2:8: 'scf.while' op along control flow edge from parent to Region #0: successor operand type #0 'i32' should match successor input type #0 'i64'\n  note 2:8: region branch point",
    ),
    case(
        "while_inits_to_before_count",
        r#"func.func @f(%c: i1, %x: i32) {
  %0 = "scf.while"(%x) ({
  ^bb0(%a: i32, %a2: i32):
    "scf.condition"(%c, %x) : (i1, i32) -> ()
  }, {
  ^bb0(%b: i32):
    "scf.yield"(%b) : (i32) -> ()
  }) : (i32) -> i32
  return
}"#,
        "2:8: 'scf.while' op along control flow edge from parent to Region #0: region branch point has 1 operands, but region successor needs 2 inputs\n  note 2:8: region branch point",
    ),
    case(
        "while_condition_to_results_count",
        r#"func.func @f(%c: i1, %x: i32) {
  %0 = scf.while (%a = %x) : (i32) -> i32 {
    scf.condition(%c) %a, %a : i32, i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}"#,
        "2:8: 'scf.while' op along control flow edge from Operation scf.condition to parent: region branch point has 2 operands, but region successor needs 1 inputs\n  note 3:5: region branch point",
    ),
    case(
        "while_condition_to_after_count",
        r#"func.func @f(%c: i1, %x: i32) {
  %0 = scf.while (%a = %x) : (i32) -> i32 {
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32, %b2: i32):
    scf.yield %b : i32
  }
  return
}"#,
        "2:8: 'scf.while' op along control flow edge from Operation scf.condition to Region #1: region branch point has 1 operands, but region successor needs 2 inputs\n  note 3:5: region branch point",
    ),
    case(
        "while_yield_to_before_count",
        r#"func.func @f(%c: i1, %x: i32) {
  %0 = scf.while (%a = %x) : (i32) -> i32 {
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b, %b : i32, i32
  }
  return
}"#,
        "2:8: 'scf.while' op along control flow edge from Operation scf.yield to Region #0: region branch point has 2 operands, but region successor needs 1 inputs\n  note 6:5: region branch point",
    ),
    case(
        "while_one_region",
        r#"func.func @f(%c: i1) {
  "scf.while"() ({
    "scf.condition"(%c) : (i1) -> ()
  }) : () -> ()
  return
}"#,
        "2:3: 'scf.while' op expected 2 regions",
    ),
    case(
        "while_condition_type_clash",
        r#"func.func @f(%c: i1, %x: i32) {
  %0 = scf.while (%a = %x) : (i32) -> i32 {
    scf.condition(%x) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}"#,
        "3:19: use of value '%x' expects different type than prior uses: 'i1' vs 'i32'\n  note 1:22: prior use here",
    ),
    // ------------------------------------------------------------------ scf.index_switch
    case(
        "switch_duplicate_case",
        r#"func.func @f(%i: index, %x: i32) {
  %0 = scf.index_switch %i -> i32
  case 1 {
    scf.yield %x : i32
  }
  case 1 {
    scf.yield %x : i32
  }
  default {
    scf.yield %x : i32
  }
  return
}"#,
        "2:8: 'scf.index_switch' op has duplicate case value: 1",
    ),
    case(
        "switch_cases_and_regions",
        r#"func.func @f(%i: index, %x: i32) {
  %0 = "scf.index_switch"(%i) <{cases = array<i64: 1>}> ({
    "scf.yield"(%x) : (i32) -> ()
  }) : (index) -> i32
  return
}"#,
        "2:8: 'scf.index_switch' op has 0 case regions but 1 case values",
    ),
    case(
        "switch_case_result_type",
        r#"func.func @f(%i: index, %x: i32, %y: i64) {
  %0 = scf.index_switch %i -> i32
  case 1 {
    scf.yield %y : i64
  }
  default {
    scf.yield %x : i32
  }
  return
}"#,
        "2:8: 'scf.index_switch' op expected result #0 of each region to be 'i32'\n  note 4:5: case region #0 returns 'i64' here",
    ),
    case(
        "switch_default_result_type",
        r#"func.func @f(%i: index, %x: i32, %y: i64) {
  %0 = scf.index_switch %i -> i32
  case 1 {
    scf.yield %x : i32
  }
  default {
    scf.yield %y : i64
  }
  return
}"#,
        "2:8: 'scf.index_switch' op expected result #0 of each region to be 'i32'\n  note 7:5: default region returns 'i64' here",
    ),
    case(
        "switch_default_result_count",
        r#"func.func @f(%i: index, %y: i64) {
  scf.index_switch %i
  case 1 {
    scf.yield
  }
  default {
    scf.yield %y : i64
  }
  return
}"#,
        "2:3: 'scf.index_switch' op expected each region to return 0 values, but default region returns 1\n  note 7:5: see yield operation here",
    ),
    case(
        "switch_case_result_count",
        r#"func.func @f(%i: index, %x: i32) {
  %0 = scf.index_switch %i -> i32
  case 1 {
    scf.yield %x, %x : i32, i32
  }
  default {
    scf.yield %x : i32
  }
  return
}"#,
        "2:8: 'scf.index_switch' op expected each region to return 1 values, but case region #0 returns 2\n  note 4:5: see yield operation here",
    ),
    case(
        "switch_wrong_terminator",
        r#"func.func @f(%i: index) {
  scf.index_switch %i
  case 1 {
    "test.foo"() : () -> ()
  }
  default {
  }
  return
}"#,
        "2:3: 'scf.index_switch' op expected region to end with scf.yield, but got test.foo",
    ),
    case(
        "switch_operand_not_index",
        r#"func.func @f(%i: i32) {
  "scf.index_switch"(%i) <{cases = array<i64>}> ({
    "scf.yield"() : () -> ()
  }) : (i32) -> ()
  return
}"#,
        "2:3: 'scf.index_switch' op operand #0 must be index, but got 'i32'",
    ),
    case(
        "switch_without_cases_attribute",
        r#"func.func @f(%i: index) {
  "scf.index_switch"(%i) ({
    "scf.yield"() : () -> ()
  }) : (index) -> ()
  return
}"#,
        "2:3: 'scf.index_switch' op requires attribute 'cases'",
    ),
    weir_only(
        "switch_cases_of_i32",
        r#"func.func @f(%i: index) {
  "scf.index_switch"(%i) <{cases = array<i32: 1>}> ({
    "scf.yield"() : () -> ()
  }, {
    "scf.yield"() : () -> ()
  }) : (index) -> ()
  return
}"#,
        // 22 rejects this while parsing the properties.
        "2:3: 'scf.index_switch' op attribute 'cases' failed to satisfy constraint: i64 dense array attribute",
    ),
    case(
        "switch_case_two_blocks",
        r#"func.func @f(%i: index) {
  "scf.index_switch"(%i) <{cases = array<i64: 1>}> ({
    "scf.yield"() : () -> ()
  }, {
    "scf.yield"() : () -> ()
  ^bb1:
    "scf.yield"() : () -> ()
  }) : (index) -> ()
  return
}"#,
        "2:3: 'scf.index_switch' op expects region #1 to have 0 or 1 blocks",
    ),
    case(
        "switch_empty_case",
        r#"func.func @f(%i: index) {
  scf.index_switch %i
  case 1 {
  }
  default {
  }
  return
}"#,
        "2:3: 'scf.index_switch' op region #1 ('caseRegions') failed to verify constraint: region with 1 blocks",
    ),
    case(
        "switch_empty_default",
        r#"func.func @f(%i: index) {
  "scf.index_switch"(%i) <{cases = array<i64: 1>}> ({
  }, {
    "scf.yield"() : () -> ()
  }) : (index) -> ()
  return
}"#,
        "2:3: 'scf.index_switch' op region #0 ('defaultRegion') failed to verify constraint: region with 1 blocks",
    ),
    case(
        "switch_no_regions",
        r#"func.func @f(%i: index) {
  "scf.index_switch"(%i) <{cases = array<i64>}> : (index) -> ()
  return
}"#,
        "2:3: 'scf.index_switch' op expected 1 or more regions",
    ),
    case(
        "switch_parse_without_default",
        r#"func.func @f(%i: index, %x: i32) {
  %0 = scf.index_switch %i : index -> i32
  default {
    scf.yield %x : i32
  }
  return
}"#,
        "2:28: custom op 'scf.index_switch' expected 'default'",
    ),
    case(
        "switch_parse_case_too_large",
        r#"func.func @f(%i: index, %x: i32) {
  %0 = scf.index_switch %i -> i32
  case 9223372036854775808 {
    scf.yield %x : i32
  }
  default {
    scf.yield %x : i32
  }
  return
}"#,
        "3:8: custom op 'scf.index_switch' integer value too large",
    ),
    weir_only(
        "switch_region_arguments",
        r#"func.func @f(%i: index) {
  "scf.index_switch"(%i) <{cases = array<i64: 1>}> ({
    "scf.yield"() : () -> ()
  }, {
  ^bb0(%a: i32):
    "scf.yield"() : () -> ()
  }) : (index) -> ()
  return
}"#,
        // 22 accepts (and ignores) region arguments here.
        "2:3: 'scf.index_switch' op region #1 should have no arguments",
    ),
    // ------------------------------------------------------------------ scf.execute_region
    case(
        "execute_region_empty_generic",
        r#"func.func @f() {
  %0 = "scf.execute_region"() ({
  }) : () -> i32
  return
}"#,
        "2:8: 'scf.execute_region' op region needs to have at least one block",
    ),
    case(
        "execute_region_empty",
        r#"func.func @f() {
  %0 = scf.execute_region -> i32 {
  }
  return
}"#,
        "2:8: 'scf.execute_region' op region needs to have at least one block",
    ),
    case(
        "execute_region_arguments",
        r#"func.func @f() {
  %0 = "scf.execute_region"() ({
  ^bb0(%a: i32):
    "scf.yield"(%a) : (i32) -> ()
  }) : () -> i32
  return
}"#,
        "2:8: 'scf.execute_region' op region cannot have any arguments",
    ),
    case(
        "execute_region_yield_type",
        r#"func.func @f(%y: i64) {
  %0 = scf.execute_region -> i32 {
    scf.yield %y : i64
  }
  return
}"#,
        "2:8: 'scf.execute_region' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i64' should match successor input type #0 'i32'\n  note 3:5: region branch point",
    ),
    case(
        "execute_region_yield_count",
        r#"func.func @f() {
  %0 = scf.execute_region -> i32 {
    scf.yield
  }
  return
}"#,
        "2:8: 'scf.execute_region' op along control flow edge from Operation scf.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs\n  note 3:5: region branch point",
    ),
    case(
        "execute_region_second_block_yield_type",
        r#"func.func @f(%x: i32, %y: i64) {
  %0 = scf.execute_region -> i32 {
    "test.br"()[^bb1] : () -> ()
  ^bb1:
    scf.yield %y : i64
  }
  return
}"#,
        "2:8: 'scf.execute_region' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i64' should match successor input type #0 'i32'\n  note 5:5: region branch point",
    ),
    case(
        "execute_region_two_regions",
        r#"func.func @f() {
  "scf.execute_region"() ({
    "scf.yield"() : () -> ()
  }, {}) : () -> ()
  return
}"#,
        "2:3: 'scf.execute_region' op requires one region",
    ),
    // ------------------------------------------------------------------ two errors
    // Which one is reported first: the op's own checks that MLIR 22 runs before the nested ops
    // (ODS constraints, traits, verify()), the nested op's error, then the checks 22 runs after
    // them (SingleBlockImplicitTerminator, LoopLikeOpInterface, RegionBranchOpInterface edges,
    // verifyRegions()), in 22's order. The nested error is a `func.return` outside a function.
    case(
        "two_errors_if_else_needed_before_nested",
        r#"func.func @f(%c: i1, %x: i32) {
  %0 = "scf.if"(%c) ({
    "test.region"() ({ "func.return"() : () -> () }) : () -> ()
    "scf.yield"(%x) : (i32) -> ()
  }, {
  }) : (i1) -> i32
  return
}"#,
        "2:8: 'scf.if' op must have an else block if defining values",
    ),
    case(
        "two_errors_if_nested_before_yield_type",
        r#"func.func @f(%c: i1, %x: i64) {
  %0 = scf.if %c -> i32 {
    "test.region"() ({ "func.return"() : () -> () }) : () -> ()
    scf.yield %x : i64
  } else {
    scf.yield %x : i64
  }
  return
}"#,
        "3:24: 'func.return' op expects parent op 'func.func'",
    ),
    case(
        "two_errors_if_nested_before_terminator",
        r#"func.func @f(%c: i1) {
  scf.if %c {
    func.return
  }
  return
}"#,
        "3:5: 'func.return' op expects parent op 'func.func'",
    ),
    case(
        "two_errors_if_terminator_before_yield_type",
        r#"func.func @f(%c: i1, %x: i64) {
  %0 = "scf.if"(%c) ({
    "scf.yield"(%x) : (i64) -> ()
  }, {
    "test.term"() : () -> ()
  }) : (i1) -> i32
  return
}"#,
        "2:8: 'scf.if' op expects regions to end with 'scf.yield', found 'test.term'\n  note 2:8: in custom textual format, the absence of terminator implies 'scf.yield'",
    ),
    case(
        "two_errors_for_bound_types_before_nested",
        r#"func.func @f(%lb: index, %ub: i32) {
  "scf.for"(%lb, %ub, %lb) ({
  ^bb0(%i: index):
    "test.region"() ({ "func.return"() : () -> () }) : () -> ()
    "scf.yield"() : () -> ()
  }) : (index, i32, index) -> ()
  return
}"#,
        "2:3: 'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type",
    ),
    case(
        "two_errors_for_result_count_before_nested",
        r#"func.func @f(%lb: index, %x: i32) {
  "scf.for"(%lb, %lb, %lb, %x) ({
  ^bb0(%i: index, %a: i32):
    "test.region"() ({ "func.return"() : () -> () }) : () -> ()
    "scf.yield"(%a) : (i32) -> ()
  }) : (index, index, index, i32) -> ()
  return
}"#,
        "2:3: 'scf.for' op mismatch in number of loop-carried values and defined values",
    ),
    case(
        "two_errors_for_nested_before_iter_arg_type",
        r#"func.func @f(%lb: index, %x: i32) {
  %0 = "scf.for"(%lb, %lb, %lb, %x) ({
  ^bb0(%i: index, %a: i64):
    "test.region"() ({ "func.return"() : () -> () }) : () -> ()
    "scf.yield"(%x) : (i32) -> ()
  }) : (index, index, index, i32) -> i32
  return
}"#,
        "4:24: 'func.return' op expects parent op 'func.func'",
    ),
    case(
        "two_errors_for_nested_before_iv_type",
        r#"func.func @f(%lb: index) {
  "scf.for"(%lb, %lb, %lb) ({
  ^bb0(%i: i32):
    "test.region"() ({ "func.return"() : () -> () }) : () -> ()
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}"#,
        "4:24: 'func.return' op expects parent op 'func.func'",
    ),
    case(
        "two_errors_for_terminator_before_iter_args",
        r#"func.func @f(%lb: index, %x: i32) {
  %0 = "scf.for"(%lb, %lb, %lb, %x) ({
  ^bb0(%i: index):
    "test.term"() : () -> ()
  }) : (index, index, index, i32) -> i32
  return
}"#,
        "2:8: 'scf.for' op expects regions to end with 'scf.yield', found 'test.term'\n  note 2:8: in custom textual format, the absence of terminator implies 'scf.yield'",
    ),
    case(
        "two_errors_for_yield_edge_before_iv_type",
        r#"func.func @f(%lb: index, %x: i32) {
  %0 = "scf.for"(%lb, %lb, %lb, %x) ({
  ^bb0(%i: i32, %a: i32):
    "scf.yield"() : () -> ()
  }) : (index, index, index, i32) -> i32
  return
}"#,
        "2:8: 'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs\n  note 4:5: region branch point",
    ),
    case(
        "two_errors_while_terminator_before_nested",
        r#"func.func @f(%x: i32) {
  %0 = scf.while (%a = %x) : (i32) -> i32 {
    func.return
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}"#,
        "2:8: 'scf.while' op expects the 'before' region to terminate with 'scf.condition'\n  note 3:5: terminator here",
    ),
    case(
        "two_errors_while_nested_before_edge",
        r#"func.func @f(%x: i32, %c: i1) {
  %0 = scf.while (%a = %x) : (i32) -> i32 {
    "test.region"() ({ "func.return"() : () -> () }) : () -> ()
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%b: i64):
    scf.yield %x : i32
  }
  return
}"#,
        "3:24: 'func.return' op expects parent op 'func.func'",
    ),
    case(
        "two_errors_index_switch_terminator_before_nested",
        r#"func.func @f(%i: index) {
  scf.index_switch %i
  case 0 {
    func.return
  }
  default {
  }
  return
}"#,
        "2:3: 'scf.index_switch' op expected region to end with scf.yield, but got func.return",
    ),
    case(
        "two_errors_index_switch_yield_type_before_nested",
        r#"func.func @f(%i: index, %x: i32, %y: i64) {
  %0 = scf.index_switch %i -> i32
  case 0 {
    "test.region"() ({ "func.return"() : () -> () }) : () -> ()
    scf.yield %y : i64
  }
  default {
    scf.yield %x : i32
  }
  return
}"#,
        "2:8: 'scf.index_switch' op expected result #0 of each region to be 'i32'\n  note 5:5: case region #0 returns 'i64' here",
    ),
    case(
        "two_errors_execute_region_args_before_nested",
        r#"func.func @f() {
  "scf.execute_region"() ({
  ^bb0(%a: i32):
    "test.region"() ({ "func.return"() : () -> () }) : () -> ()
    scf.yield
  }) : () -> ()
  return
}"#,
        "2:3: 'scf.execute_region' op region cannot have any arguments",
    ),
    case(
        "two_errors_execute_region_nested_before_edge",
        r#"func.func @f(%x: i64) {
  %0 = scf.execute_region -> i32 {
    "test.region"() ({ "func.return"() : () -> () }) : () -> ()
    scf.yield %x : i64
  }
  return
}"#,
        "3:24: 'func.return' op expects parent op 'func.func'",
    ),
];
