//! weir.loop canonicalization under the greedy driver: folds to the inits, removal of
//! unobservable carried values, the kept-loop remarks, and robustness on malformed IR. The
//! conversion to scf.for (which needs the scf dialect) and run-time values are checked by
//! `lit-tests/canonicalize/weir-loop*.mlir`.

use weir_ir::{verify, Context, OpId};
use weir_rewrite::{apply_patterns_greedily, GreedyConfig, PatternFilter};
use weir_syntax::{parse_module, print_op, ParseOptions, PrintOptions, Syntax};

fn setup() -> (Context, Syntax) {
    let mut ctx = Context::new();
    let mut syntax = Syntax::new();
    weir_dialect_builtin::register(&mut ctx, &mut syntax);
    weir_dialect_func::register(&mut ctx, &mut syntax);
    weir_dialect_arith::register(&mut ctx, &mut syntax);
    weir_dialect_weir::register(&mut ctx, &mut syntax);
    weir_dialects::attach_constant_condition_models(&mut ctx);
    (ctx, syntax)
}

const OPTIONS: ParseOptions = ParseOptions {
    allow_unregistered: true,
};

fn describe_all(ctx: &Context, m: OpId) -> Vec<String> {
    weir_rewrite::constant_condition::kept_remarks(ctx, m)
        .into_iter()
        .map(|d| d.message)
        .collect()
}

/// Canonicalizes `src` (which must verify); returns the printed output and the kept-loop remarks.
fn canonicalize(src: &str, only_constant_conditions: bool) -> (String, Vec<String>) {
    let (mut ctx, syntax) = setup();
    let m = parse_module(&mut ctx, &syntax, src, "t.mlir", 1, OPTIONS)
        .unwrap_or_else(|d| panic!("{}", d.message));
    verify(&ctx, m).unwrap_or_else(|d| panic!("input: {}", d.message));
    let config = GreedyConfig {
        pattern_filter: only_constant_conditions.then_some(
            weir_rewrite::constant_condition::constant_condition_patterns as PatternFilter,
        ),
        remarks: true,
        ..Default::default()
    };
    let outcome = apply_patterns_greedily(&mut ctx, m, &config);
    assert!(outcome.converged);
    let out = print_op(&ctx, &syntax, m, PrintOptions::default());
    verify(&ctx, m).unwrap_or_else(|d| panic!("output: {}\n{out}", d.message));
    (out, describe_all(&ctx, m))
}

fn loop_src(header: &str, yield_cond: &str) -> String {
    format!(
        "func.func @f(%m: i64, %c: i1, %x: i32) -> i32 {{
  %zero = arith.constant 0 : i64
  %neg = arith.constant -3 : i64
  %five = arith.constant 5 : i64
  %true = arith.constant true
  %false = arith.constant false
  %one = arith.constant 1 : i32
  %r = weir.loop {header} iter_args(%x) -> (i32) {{
  ^bb0(%it: i64, %k: i1, %v: i32):
    %n = arith.addi %v, %one : i32
    %go = arith.cmpi slt, %n, %one : i32
    weir.yield {yield_cond}, %n : i1, i32
  }}
  return %r : i32
}}"
    )
}

#[test]
fn no_trip_folds_to_the_inits() {
    for header in [
        "max(%zero : i64)",
        "max(%neg : i64)",
        "max(%m : i64) cond(%false)",
        "cond(%false)",
    ] {
        for only_cc in [false, true] {
            let (out, kept) = canonicalize(&loop_src(header, "%go"), only_cc);
            assert!(!out.contains("weir.loop"), "{header}:\n{out}");
            assert!(out.contains("return %arg2 : i32"), "{header}:\n{out}");
            assert!(kept.is_empty());
        }
    }
}

#[test]
fn kept_loops_say_why() {
    let cases = [
        ("max(%m : i64)", "%k", "variable max: kept"),
        (
            "max(%five : i64) cond(%c)",
            "%k",
            "constant max 5, variable initial condition: kept",
        ),
        (
            "max(%five : i64)",
            "%go",
            "constant max 5, condition computed by the body: kept",
        ),
        (
            "cond(%true)",
            "%k",
            "no max, constant initial condition (true): kept",
        ),
        ("", "%go", "no max, condition computed by the body: kept"),
    ];
    for (header, yield_cond, remark) in cases {
        let (out, kept) = canonicalize(&loop_src(header, yield_cond), true);
        assert!(out.contains("weir.loop"), "{header}:\n{out}");
        assert_eq!(kept, vec![remark.to_string()], "{header}");
    }
}

#[test]
fn counted_loop_becomes_scf_for() {
    // The scf dialect is not registered here: the scf.for is created by name (generic form).
    let (mut ctx, syntax) = setup();
    let m = parse_module(
        &mut ctx,
        &syntax,
        &loop_src("max(%five : i64) cond(%true)", "%k"),
        "t.mlir",
        1,
        OPTIONS,
    )
    .expect("parses");
    let config = GreedyConfig {
        pattern_filter: Some(weir_rewrite::constant_condition::constant_condition_patterns),
        ..Default::default()
    };
    apply_patterns_greedily(&mut ctx, m, &config);
    let out = print_op(&ctx, &syntax, m, PrintOptions::default());
    assert!(!out.contains("weir.loop"), "{out}");
    assert!(out.contains("\"scf.for\""), "{out}");
    assert!(out.contains("\"scf.yield\""), "{out}");
    // The body block lost its condition argument: (iteration number, carried value).
    assert!(out.contains("^bb0(%arg3: i64, %arg4: i32):"), "{out}");
}

#[test]
fn unobservable_carried_values_are_removed() {
    let src = "func.func @f(%m: index) -> index {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  %r:3 = weir.loop max(%m : index) iter_args(%zero, %one, %one) -> (index, index, index) {
  ^bb0(%it: index, %c: i1, %count: index, %junk: index, %unused: index):
    %n = arith.addi %count, %one : index
    %j = arith.muli %junk, %it : index
    weir.yield %c, %n, %j, %it : i1, index, index, index
  }
  return %r#0 : index
}";
    let (out, _) = canonicalize(src, false);
    assert!(
        out.contains("weir.loop max(%arg0 : index) iter_args(%c0) -> (index) {"),
        "{out}"
    );
    assert!(
        out.contains("^bb0(%arg1: index, %arg2: i1, %arg3: index):"),
        "{out}"
    );
    assert!(!out.contains("arith.muli"), "{out}");
    // --fold-constant-conditions leaves them.
    let (out, _) = canonicalize(src, true);
    assert!(out.contains("-> (index, index, index)"), "{out}");
}

#[test]
fn malformed_loops_do_not_panic() {
    let sources = [
        // Segment sizes that do not add up.
        r#"func.func @f(%x: i32) -> i32 {
  %zero = "arith.constant"() {value = 0 : i64} : () -> i64
  %r = "weir.loop"(%zero, %x) ({
  ^bb0(%it: i64, %c: i1, %v: i32):
    "weir.yield"(%c, %v) : (i1, i32) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>} : (i64, i32) -> i32
  "func.return"(%r) : (i32) -> ()
}"#,
        // A body without the condition argument, a constant max of 5.
        r#"func.func @f(%x: i32) -> i32 {
  %five = "arith.constant"() {value = 5 : i64} : () -> i64
  %r = "weir.loop"(%five, %x) ({
  ^bb0(%it: i64, %v: i32):
    "weir.yield"(%v) : (i32) -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 1>} : (i64, i32) -> i32
  "func.return"(%r) : (i32) -> ()
}"#,
        // A yield with too few operands, a constant max of 0.
        r#"func.func @f(%x: i32) -> i32 {
  %zero = "arith.constant"() {value = 0 : i64} : () -> i64
  %r = "weir.loop"(%zero, %x) ({
  ^bb0(%it: i64, %c: i1, %v: i32):
    "weir.yield"(%c) : (i1) -> ()
  }) {operandSegmentSizes = array<i32: 1, 0, 1>} : (i64, i32) -> i32
  "func.return"(%r) : (i32) -> ()
}"#,
    ];
    for src in sources {
        for only_cc in [false, true] {
            let (mut ctx, syntax) = setup();
            let m = parse_module(&mut ctx, &syntax, src, "t.mlir", 1, OPTIONS).expect("parses");
            assert!(verify(&ctx, m).is_err(), "expected invalid IR:\n{src}");
            describe_all(&ctx, m);
            let config = GreedyConfig {
                pattern_filter: only_cc.then_some(
                    weir_rewrite::constant_condition::constant_condition_patterns as PatternFilter,
                ),
                remarks: true,
                ..Default::default()
            };
            apply_patterns_greedily(&mut ctx, m, &config);
            describe_all(&ctx, m);
            let out = print_op(&ctx, &syntax, m, PrintOptions::default());
            assert!(
                out.contains("weir.loop"),
                "a malformed loop must be left alone:\n{out}"
            );
        }
    }
}
