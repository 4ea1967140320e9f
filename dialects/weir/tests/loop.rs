//! weir.loop / weir.yield: round trips of every syntax variant, the fixed generic structure,
//! the accessors, and verifier/parser negative tests with their exact messages.

use weir_ir::{AttrKind, DenseValue};
use weir_test_support::{first_error, parse_verified as parse, print_src, roundtrip, setup};

const FULL: &str = r#"func.func @f(%m: i64, %c: i1, %x: f32, %y: tensor<5xf32>) -> (f32, tensor<5xf32>) {
  %r:2 = weir.loop max(%m : i64) cond(%c) iter_args(%x, %y) -> (f32, tensor<5xf32>) {
  ^bb0(%it: i64, %cond: i1, %a: f32, %b: tensor<5xf32>):
    %next = "test.next"(%it, %cond) : (i64, i1) -> i1
    %a2 = "test.a"(%a) : (f32) -> f32
    weir.yield %next, %a2, %b : i1, f32, tensor<5xf32>
  }
  return %r#0, %r#1 : f32, tensor<5xf32>
}
"#;

#[test]
fn full_form_prints_as_documented() {
    assert_eq!(
        roundtrip(FULL),
        r#"module {
  func.func @f(%arg0: i64, %arg1: i1, %arg2: f32, %arg3: tensor<5xf32>) -> (f32, tensor<5xf32>) {
    %0:2 = weir.loop max(%arg0 : i64) cond(%arg1) iter_args(%arg2, %arg3) -> (f32, tensor<5xf32>) {
    ^bb0(%arg4: i64, %arg5: i1, %arg6: f32, %arg7: tensor<5xf32>):
      %1 = "test.next"(%arg4, %arg5) : (i64, i1) -> i1
      %2 = "test.a"(%arg6) : (f32) -> f32
      weir.yield %1, %2, %arg7 : i1, f32, tensor<5xf32>
    }
    return %0#0, %0#1 : f32, tensor<5xf32>
  }
}
"#
    );
}

#[test]
fn generic_structure_is_the_fixed_one() {
    let g = print_src(FULL, true);
    assert!(
        g.contains(
            r#"%0:2 = "weir.loop"(%arg0, %arg1, %arg2, %arg3) ({
    ^bb0(%arg4: i64, %arg5: i1, %arg6: f32, %arg7: tensor<5xf32>):"#
        ),
        "{g}"
    );
    assert!(
        g.contains(r#""weir.yield"(%1, %2, %arg7) : (i1, f32, tensor<5xf32>) -> ()"#),
        "{g}"
    );
    assert!(
        g.contains(r#"}) {operandSegmentSizes = array<i32: 1, 1, 2>} : (i64, i1, f32, tensor<5xf32>) -> (f32, tensor<5xf32>)"#),
        "{g}"
    );
}

#[test]
fn accessors_split_the_operands() {
    let (mut ctx, syntax) = setup();
    let m = parse(&mut ctx, &syntax, FULL);
    let lp = ctx
        .nested_ops(m)
        .into_iter()
        .find(|&o| ctx.is(o, "weir.loop"))
        .unwrap();
    let ops = ctx.operands(lp).to_vec();
    let parts = weir_dialect_weir::loop_operands(&ctx, lp).unwrap();
    assert_eq!(parts.max, Some(ops[0]));
    assert_eq!(parts.cond, Some(ops[1]));
    assert_eq!(parts.inits, ops[2..].to_vec());
    let seg = weir_dialect_weir::segment_sizes_attr(&mut ctx, false, true, 3);
    let i32t = ctx.int_type(32);
    assert_eq!(
        ctx.attr_kind(seg),
        &AttrKind::DenseArray {
            element: i32t,
            values: vec![DenseValue::Int(0), DenseValue::Int(1), DenseValue::Int(3)]
        }
    );
    assert_eq!(
        ctx.attr_of(lp, weir_dialect_weir::OPERAND_SEGMENT_SIZES),
        Some(weir_dialect_weir::segment_sizes_attr(
            &mut ctx, true, true, 2
        ))
    );
}

#[test]
fn optional_parts_round_trip() {
    let src = r#"func.func @f(%m: index, %n: i32, %c: i1, %x: f32) {
  %0 = weir.loop max(%m : index) iter_args(%x) -> (f32) {
  ^bb0(%it: index, %cond: i1, %a: f32):
    weir.yield %cond, %a : i1, f32
  }
  %1 = weir.loop cond(%c) iter_args(%x) -> f32 {
  ^bb0(%it: i64, %cond: i1, %a: f32):
    weir.yield %cond, %a : i1, f32
  }
  weir.loop max(%n : i32) cond(%c) {
  ^bb0(%it: i32, %cond: i1):
    "test.side_effect"(%it) : (i32) -> ()
    weir.yield %cond : i1
  }
  weir.loop {
  ^bb0(%it: i8, %cond: i1):
    %stop = "test.stop"(%it) : (i8) -> i1
    weir.yield %stop : i1
  } attributes {tag = "t", unroll}
  return
}
"#;
    let out = roundtrip(src);
    for line in [
        "    %0 = weir.loop max(%arg0 : index) iter_args(%arg3) -> (f32) {\n    ^bb0(%arg4: index, %arg5: i1, %arg6: f32):\n",
        "    %1 = weir.loop cond(%arg2) iter_args(%arg3) -> (f32) {\n    ^bb0(%arg4: i64, %arg5: i1, %arg6: f32):\n",
        "    weir.loop max(%arg1 : i32) cond(%arg2) {\n    ^bb0(%arg4: i32, %arg5: i1):\n",
        "    weir.loop {\n    ^bb0(%arg4: i8, %arg5: i1):\n",
        "      weir.yield %2 : i1\n    } attributes {tag = \"t\", unroll}\n",
    ] {
        assert!(out.contains(line), "missing {line:?} in\n{out}");
    }
    let g = print_src(src, true);
    for seg in [
        "array<i32: 1, 0, 1>",
        "array<i32: 0, 1, 1>",
        "array<i32: 1, 1, 0>",
        "array<i32: 0, 0, 0>",
    ] {
        assert!(
            g.contains(&format!("operandSegmentSizes = {seg}")),
            "missing {seg} in\n{g}"
        );
    }
}

#[test]
fn labelled_iter_args_are_accepted_and_printed_plain() {
    let src = r#"func.func @f(%m: i64, %c: i1, %x: f32, %y: tensor<5xf32>) {
  %r:2 = weir.loop max(%m : i64) cond(%c) iter_args(%a = %x, %b = %y) -> (f32, tensor<5xf32>) {
  ^bb0(%it: i64, %cond: i1, %a: f32, %b: tensor<5xf32>):
    weir.yield %cond, %a, %b : i1, f32, tensor<5xf32>
  }
  return
}
"#;
    let out = roundtrip(src);
    assert!(out.contains("weir.loop max(%arg0 : i64) cond(%arg1) iter_args(%arg2, %arg3) -> (f32, tensor<5xf32>) {"), "{out}");
}

#[test]
fn nested_loops_round_trip() {
    let src = r#"func.func @f(%m: i64, %x: f32) -> f32 {
  %r = weir.loop max(%m : i64) iter_args(%x) -> (f32) {
  ^bb0(%i: i64, %c: i1, %a: f32):
    %s = weir.loop max(%i : i64) iter_args(%a) -> (f32) {
    ^bb0(%j: i64, %c2: i1, %b: f32):
      weir.yield %c2, %b : i1, f32
    }
    weir.yield %c, %s : i1, f32
  }
  return %r : f32
}
"#;
    roundtrip(src);
}

const INVALID: &[(&str, &str, &str)] = &[
    (
        "yield_outside_loop",
        "func.func @f(%c: i1) {\n  weir.yield %c : i1\n}\n",
        "2:3: 'weir.yield' op expects parent op 'weir.loop'",
    ),
    (
        "missing_segments",
        r#"func.func @f(%c: i1) {
  "weir.loop"(%c) ({
  ^bb0(%it: i64, %cond: i1):
    "weir.yield"(%cond) : (i1) -> ()
  }) : (i1) -> ()
  return
}"#,
        "2:3: 'weir.loop' op requires dense i32 array attribute 'operandSegmentSizes'",
    ),
    (
        "segments_of_i64",
        r#"func.func @f(%c: i1) {
  "weir.loop"(%c) ({
  ^bb0(%it: i64, %cond: i1):
    "weir.yield"(%cond) : (i1) -> ()
  }) {operandSegmentSizes = array<i64: 0, 1, 0>} : (i1) -> ()
  return
}"#,
        "2:3: 'weir.loop' op requires dense i32 array attribute 'operandSegmentSizes'",
    ),
    (
        "segments_length",
        r#"func.func @f(%c: i1) {
  "weir.loop"(%c) ({
  ^bb0(%it: i64, %cond: i1):
    "weir.yield"(%cond) : (i1) -> ()
  }) {operandSegmentSizes = array<i32: 0, 1>} : (i1) -> ()
  return
}"#,
        "2:3: 'weir.loop' op 'operandSegmentSizes' attribute for specifying operand segments must have 3 elements, but got 2",
    ),
    (
        "segments_total",
        r#"func.func @f(%c: i1) {
  "weir.loop"(%c) ({
  ^bb0(%it: i64, %cond: i1):
    "weir.yield"(%cond) : (i1) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 0>} : (i1) -> ()
  return
}"#,
        "2:3: 'weir.loop' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'",
    ),
    (
        "segments_negative",
        r#"func.func @f(%c: i1) {
  "weir.loop"(%c) ({
  ^bb0(%it: i64, %cond: i1):
    "weir.yield"(%cond) : (i1) -> ()
  }) {operandSegmentSizes = array<i32: -1, 1, 1>} : (i1) -> ()
  return
}"#,
        "2:3: 'weir.loop' op 'operandSegmentSizes' attribute cannot have negative elements",
    ),
    (
        "two_max_operands",
        r#"func.func @f(%m: i64) {
  "weir.loop"(%m, %m) ({
  ^bb0(%it: i64, %cond: i1):
    "weir.yield"(%cond) : (i1) -> ()
  }) {operandSegmentSizes = array<i32: 2, 0, 0>} : (i64, i64) -> ()
  return
}"#,
        "2:3: 'weir.loop' op 'operandSegmentSizes' must be [0 or 1, 0 or 1, n] (max, cond, inits), but is [2, 0, 0]",
    ),
    (
        "max_not_integer",
        r#"func.func @f(%m: f32) {
  weir.loop max(%m : f32) {
  ^bb0(%it: i64, %cond: i1):
    weir.yield %cond : i1
  }
  return
}"#,
        "2:3: 'weir.loop' op operand 'max' must be signless integer or index, but got 'f32'",
    ),
    (
        "cond_not_i1",
        r#"func.func @f(%c: i32) {
  "weir.loop"(%c) ({
  ^bb0(%it: i64, %cond: i1):
    "weir.yield"(%cond) : (i1) -> ()
  }) {operandSegmentSizes = array<i32: 0, 1, 0>} : (i32) -> ()
  return
}"#,
        "2:3: 'weir.loop' op operand 'cond' must be 1-bit signless integer, but got 'i32'",
    ),
    (
        "result_count",
        r#"func.func @f(%x: f32) {
  %0:2 = "weir.loop"(%x) ({
  ^bb0(%it: i64, %cond: i1, %a: f32):
    "weir.yield"(%cond, %a) : (i1, f32) -> ()
  }) {operandSegmentSizes = array<i32: 0, 0, 1>} : (f32) -> (f32, f32)
  return
}"#,
        "2:10: 'weir.loop' op expects one result per carried value: 1 inits but 2 results",
    ),
    (
        "result_type",
        r#"func.func @f(%x: f32) {
  %0 = "weir.loop"(%x) ({
  ^bb0(%it: i64, %cond: i1, %a: f32):
    "weir.yield"(%cond, %a) : (i1, f32) -> ()
  }) {operandSegmentSizes = array<i32: 0, 0, 1>} : (f32) -> f64
  return
}"#,
        "2:8: 'weir.loop' op result #0 type 'f64' must match init #0 type 'f32'",
    ),
    (
        "empty_body",
        r#"func.func @f() {
  "weir.loop"() ({
  }) {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> ()
  return
}"#,
        "2:3: 'weir.loop' op region #0 ('body') failed to verify constraint: region with 1 blocks",
    ),
    (
        "two_blocks",
        r#"func.func @f() {
  weir.loop {
  ^bb0(%it: i64, %cond: i1):
    "test.br"()[^bb1] : () -> ()
  ^bb1:
    weir.yield %cond : i1
  }
  return
}"#,
        "2:3: 'weir.loop' op expects region #0 to have 0 or 1 blocks",
    ),
    (
        "missing_block_header",
        r#"func.func @f(%c: i1, %x: f32) {
  %0 = weir.loop iter_args(%x) -> (f32) {
    weir.yield %c, %x : i1, f32
  }
  return
}"#,
        "2:8: 'weir.loop' op expects the body block to have 3 arguments (iteration number, condition, 1 carried values), but it has 0",
    ),
    (
        "labels_without_header_arguments",
        r#"func.func @f(%x: f32, %y: f32) {
  %0:2 = weir.loop iter_args(%a = %x, %b = %y) -> (f32, f32) {
  ^bb0(%it: i64, %cond: i1, %a: f32):
    weir.yield %cond, %a, %a : i1, f32, f32
  }
  return
}"#,
        "2:10: 'weir.loop' op expects the body block to have 4 arguments (iteration number, condition, 2 carried values), but it has 3",
    ),
    (
        "iteration_number_not_integer",
        r#"func.func @f() {
  weir.loop {
  ^bb0(%it: f32, %cond: i1):
    weir.yield %cond : i1
  }
  return
}"#,
        "2:3: 'weir.loop' op body argument #0 (the iteration number) must be a signless integer or index, but got 'f32'",
    ),
    (
        "iteration_number_type_differs_from_max",
        r#"func.func @f(%m: i32) {
  weir.loop max(%m : i32) {
  ^bb0(%it: i64, %cond: i1):
    weir.yield %cond : i1
  }
  return
}"#,
        "2:3: 'weir.loop' op operand 'max' type 'i32' must match the iteration number type 'i64'",
    ),
    (
        "condition_argument_not_i1",
        r#"func.func @f() {
  weir.loop {
  ^bb0(%it: i64, %cond: i8):
    %c = "test.c"() : () -> i1
    weir.yield %c : i1
  }
  return
}"#,
        "2:3: 'weir.loop' op body argument #1 (the condition) must be i1, but got 'i8'",
    ),
    (
        "carried_argument_type",
        r#"func.func @f(%x: f32) {
  %0 = weir.loop iter_args(%x) -> (f32) {
  ^bb0(%it: i64, %cond: i1, %a: f64):
    weir.yield %cond, %x : i1, f32
  }
  return
}"#,
        "2:8: 'weir.loop' op along control flow edge from parent to Region #0: successor operand type #0 'f32' should match successor input type #0 'f64'\n  note 2:8: region branch point",
    ),
    (
        "wrong_terminator",
        r#"func.func @f() {
  weir.loop {
  ^bb0(%it: i64, %cond: i1):
    "test.end"() : () -> ()
  }
  return
}"#,
        "2:3: 'weir.loop' op expects the body to terminate with 'weir.yield'\n  note 4:5: terminator here",
    ),
    (
        "yield_count",
        r#"func.func @f(%x: f32) {
  %0 = weir.loop iter_args(%x) -> (f32) {
  ^bb0(%it: i64, %cond: i1, %a: f32):
    weir.yield %cond : i1
  }
  return
}"#,
        "4:5: 'weir.yield' op expects 2 operands (the new condition and 1 carried values), but has 1",
    ),
    (
        "yield_condition_type",
        r#"func.func @f(%x: f32) {
  %0 = weir.loop iter_args(%x) -> (f32) {
  ^bb0(%it: i64, %cond: i1, %a: f32):
    weir.yield %a, %a : f32, f32
  }
  return
}"#,
        "4:5: 'weir.yield' op operand #0 (the new condition) must be i1, but got 'f32'",
    ),
    (
        "yield_carried_type",
        r#"func.func @f(%x: f32, %y: f64) {
  %0 = weir.loop iter_args(%x) -> (f32) {
  ^bb0(%it: i64, %cond: i1, %a: f32):
    weir.yield %cond, %y : i1, f64
  }
  return
}"#,
        "2:8: 'weir.loop' op along control flow edge from Operation weir.yield to Region #0: successor operand type #0 'f64' should match successor input type #0 'f32'\n  note 4:5: region branch point",
    ),
    (
        "parse_iter_args_and_result_types",
        r#"func.func @f(%x: f32) {
  %0 = weir.loop iter_args(%x, %x) -> (f32) {
  ^bb0(%it: i64, %cond: i1, %a: f32):
    weir.yield %cond, %a : i1, f32
  }
  return
}"#,
        "2:27: custom op 'weir.loop' has 2 iter_args but 1 result types",
    ),
    (
        "parse_max_needs_type",
        r#"func.func @f(%m: i64) {
  weir.loop max(%m) {
  ^bb0(%it: i64, %cond: i1):
    weir.yield %cond : i1
  }
  return
}"#,
        "2:19: expected ':'",
    ),
    (
        "parse_init_defined_in_body",
        r#"func.func @f() {
  %0 = weir.loop iter_args(%v) -> (f32) {
  ^bb0(%it: i64, %cond: i1, %a: f32):
    %v = "test.v"() : () -> f32
    weir.yield %cond, %a : i1, f32
  }
  return
}"#,
        "2:28: use of undeclared SSA value name",
    ),
    // Two errors, one in the loop and one nested in its body: the loop's own checks (operands,
    // results, region) come before the nested op's error, its body checks (block arguments,
    // terminator, yielded values) after it, as MLIR 22 orders scf.for's checks.
    (
        "two_errors_result_type_before_nested",
        r#"func.func @f(%x: f32) {
  %0 = "weir.loop"(%x) ({
  ^bb0(%it: i64, %cond: i1, %a: f32):
    "test.region"() ({ "func.return"() : () -> () }) : () -> ()
    "weir.yield"(%cond, %a) : (i1, f32) -> ()
  }) {operandSegmentSizes = array<i32: 0, 0, 1>} : (f32) -> f64
  return
}"#,
        "2:8: 'weir.loop' op result #0 type 'f64' must match init #0 type 'f32'",
    ),
    (
        "two_errors_nested_before_body_arguments",
        r#"func.func @f(%x: f32) {
  %0 = weir.loop iter_args(%x) -> (f32) {
  ^bb0(%it: i64, %a: f32):
    "test.region"() ({ "func.return"() : () -> () }) : () -> ()
    weir.yield %a, %a : f32, f32
  }
  return
}"#,
        "4:24: 'func.return' op expects parent op 'func.func'",
    ),
    (
        "two_errors_nested_before_yielded_values",
        r#"func.func @f(%x: f32) {
  %0 = weir.loop iter_args(%x) -> (f32) {
  ^bb0(%it: i64, %cond: i1, %a: f32):
    "test.region"() ({ "func.return"() : () -> () }) : () -> ()
    weir.yield %cond : i1
  }
  return
}"#,
        "4:24: 'func.return' op expects parent op 'func.func'",
    ),
    (
        "two_errors_nested_terminator_before_body_terminator",
        r#"func.func @f() {
  weir.loop {
  ^bb0(%it: i64, %cond: i1):
    func.return
  }
  return
}"#,
        "4:5: 'func.return' op expects parent op 'func.func'",
    ),
];

#[test]
fn invalid_loops_give_the_expected_diagnostic() {
    let mut failures = Vec::new();
    for (name, src, want) in INVALID {
        let got = first_error(src);
        if got != *want {
            failures.push(format!("{name}:\n  expected: {want}\n  got:      {got}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The `LoopOp` and `YieldOp` views on `FULL` and on loops without `max` / `cond` (expected
/// values read off the inputs by hand).
#[test]
fn views() {
    use weir_dialect_weir::LoopOp;
    let (mut ctx, syntax) = setup();
    let m = parse(&mut ctx, &syntax, FULL);
    let l = ctx
        .nested_ops(m)
        .into_iter()
        .find_map(|o| LoopOp::of(&ctx, o))
        .expect("a weir.loop");
    let entry = ctx.op_block(l.op()).expect("in the function body");
    let f_args = ctx.block_args(entry).to_vec(); // %m, %c, %x, %y
    assert_eq!(l.max_trip_count(&ctx), Some(f_args[0]));
    assert_eq!(l.initial_condition(&ctx), Some(f_args[1]));
    assert_eq!(l.inits(&ctx), &f_args[2..]);
    let body = ctx.block_args(l.body(&ctx)).to_vec(); // %it, %cond, %a, %b
    assert_eq!(l.iteration_number(&ctx), body[0]);
    assert_eq!(l.condition_arg(&ctx), body[1]);
    assert_eq!(l.carried_args(&ctx), &body[2..]);
    let y = l.yield_op(&ctx);
    let next = ctx.defining_op(y.condition(&ctx)).expect("test.next");
    assert_eq!(ctx.operands(next), &body[..2]);
    assert_eq!(y.values(&ctx)[1], body[3]); // %b yielded unchanged

    let (mut ctx, syntax) = setup();
    let m = parse(
        &mut ctx,
        &syntax,
        r#"func.func @g(%c: i1, %x: f32) -> f32 {
  %0 = weir.loop cond(%c) iter_args(%x) -> f32 {
  ^bb0(%it: i64, %cond: i1, %a: f32):
    weir.yield %cond, %a : i1, f32
  }
  return %0 : f32
}"#,
    );
    let l = ctx
        .nested_ops(m)
        .into_iter()
        .find_map(|o| LoopOp::of(&ctx, o))
        .expect("a weir.loop");
    let f_args = ctx
        .block_args(ctx.op_block(l.op()).expect("in the body"))
        .to_vec();
    assert_eq!(l.max_trip_count(&ctx), None);
    assert_eq!(l.initial_condition(&ctx), Some(f_args[0]));
    assert_eq!(l.inits(&ctx), &f_args[1..]);
}
