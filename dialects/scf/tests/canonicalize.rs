//! The scf canonicalization patterns under the greedy driver: robustness on malformed
//! (unverified) IR, convergence, idempotence and verified output. Behaviour on valid programs,
//! with values checked by running them, is in `lit-tests/canonicalize/`.

use weir_test_support as support;

use support::{parse_verified, LENIENT};
use weir_ir::{verify, Context, OpId};
use weir_rewrite::{apply_patterns_greedily, GreedyConfig, PatternFilter};
use weir_syntax::{parse_module, print_op, PrintOptions, Syntax};

/// Every dialect, with the constant-condition interface models.
fn setup() -> (Context, Syntax) {
    support::setup()
}

fn run(ctx: &mut Context, m: OpId, only_constant_conditions: bool) -> weir_rewrite::GreedyOutcome {
    let config = GreedyConfig {
        pattern_filter: only_constant_conditions.then_some(
            weir_rewrite::constant_condition::constant_condition_patterns as PatternFilter,
        ),
        remarks: true,
        ..Default::default()
    };
    apply_patterns_greedily(ctx, m, &config)
}

/// Every kept-op remark of every op (they take `&Context` and must not panic).
fn describe_all(ctx: &Context, m: OpId) -> Vec<String> {
    weir_rewrite::constant_condition::kept_remarks(ctx, m)
        .into_iter()
        .map(|d| d.message)
        .collect()
}

fn print(ctx: &Context, syntax: &Syntax, m: OpId) -> String {
    print_op(ctx, syntax, m, PrintOptions::default())
}

/// Canonicalizes `src` (verified), checks convergence and that the output verifies, and returns
/// the printed output.
fn canonicalize(src: &str, only_constant_conditions: bool) -> String {
    let (mut ctx, syntax) = setup();
    let m = parse_verified(&mut ctx, &syntax, src);
    let outcome = run(&mut ctx, m, only_constant_conditions);
    assert!(outcome.converged, "did not converge:\n{src}");
    let out = print(&ctx, &syntax, m);
    verify(&ctx, m).unwrap_or_else(|d| panic!("output does not verify: {}\n{out}", d.message));
    describe_all(&ctx, m);
    out
}

/// Malformed ops (value lists of the wrong lengths, missing terminators) that the verifier would
/// reject: the patterns and the analyses must leave them alone without panicking.
#[test]
fn malformed_ir_does_not_panic() {
    let sources = [
        // scf.condition forwards fewer values than the while has results / after arguments.
        r#"func.func @f() -> i32 {
  %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
  %false = "arith.constant"() {value = false} : () -> i1
  %r:2 = "scf.while"(%c0, %c0) ({
  ^bb0(%a: i32, %b: i32):
    "scf.condition"(%false, %a) : (i1, i32) -> ()
  }, {
  ^bb0(%x: i32, %y: i32):
    "scf.yield"(%x, %y) : (i32, i32) -> ()
  }) : (i32, i32) -> (i32, i32)
  "func.return"(%r#1) : (i32) -> ()
}"#,
        // A while whose yield gives fewer values than the before region takes.
        r#"func.func @f() -> i32 {
  %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
  %true = "arith.constant"() {value = true} : () -> i1
  %r = "scf.while"(%c0, %c0) ({
  ^bb0(%a: i32, %b: i32):
    "scf.condition"(%true, %a) : (i1, i32) -> ()
  }, {
  ^bb0(%x: i32):
    "scf.yield"(%x) : (i32) -> ()
  }) : (i32, i32) -> i32
  "func.return"(%r) : (i32) -> ()
}"#,
        // scf.for with a body missing its iter_arg, and a one-trip count.
        r#"func.func @f() -> i32 {
  %c0 = "arith.constant"() {value = 0 : index} : () -> index
  %c1 = "arith.constant"() {value = 1 : index} : () -> index
  %x = "arith.constant"() {value = 5 : i32} : () -> i32
  %r = "scf.for"(%c0, %c1, %c1, %x) ({
  ^bb0(%i: index):
    "scf.yield"(%x) : (i32) -> ()
  }) : (index, index, index, i32) -> i32
  "func.return"(%r) : (i32) -> ()
}"#,
        // scf.if on a constant whose taken region yields the wrong number of values.
        r#"func.func @f() -> i32 {
  %true = "arith.constant"() {value = true} : () -> i1
  %x = "arith.constant"() {value = 5 : i32} : () -> i32
  %r = "scf.if"(%true) ({
    "scf.yield"() : () -> ()
  }, {
    "scf.yield"(%x) : (i32) -> ()
  }) : (i1) -> i32
  "func.return"(%r) : (i32) -> ()
}"#,
        // scf.index_switch on a constant whose cases attribute does not match its regions.
        r#"func.func @f() -> i32 {
  %c1 = "arith.constant"() {value = 1 : index} : () -> index
  %x = "arith.constant"() {value = 5 : i32} : () -> i32
  %r = "scf.index_switch"(%c1) ({
    "scf.yield"(%x) : (i32) -> ()
  }) {cases = array<i64: 1>} : (index) -> i32
  "func.return"(%r) : (i32) -> ()
}"#,
        // scf.parallel of one trip whose scf.reduce has fewer operands and regions than inits.
        r#"func.func @f() -> f32 {
  %c0 = "arith.constant"() {value = 0 : index} : () -> index
  %c1 = "arith.constant"() {value = 1 : index} : () -> index
  %x = "arith.constant"() {value = 1.0 : f32} : () -> f32
  %r = "scf.parallel"(%c0, %c1, %c1, %x) ({
  ^bb0(%i: index):
    "scf.reduce"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 1>} : (index, index, index, f32) -> f32
  "func.return"(%r) : (f32) -> ()
}"#,
        // scf.parallel of zero trips with more results than inits, and bad segments.
        r#"func.func @f() -> (f32, f32) {
  %c0 = "arith.constant"() {value = 0 : index} : () -> index
  %x = "arith.constant"() {value = 1.0 : f32} : () -> f32
  %r:2 = "scf.parallel"(%c0, %c0, %c0, %x) ({
  ^bb0(%i: index):
    "scf.reduce"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 1>} : (index, index, index, f32) -> (f32, f32)
  %s = "scf.parallel"(%c0, %c0, %c0, %x) ({
  ^bb0(%i: index):
    "scf.reduce"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>} : (index, index, index, f32) -> f32
  "func.return"(%r#0, %s) : (f32, f32) -> ()
}"#,
        // Nested scf.parallel loops whose inner body lacks an induction variable.
        r#"func.func @f(%n: index) {
  %c1 = "arith.constant"() {value = 1 : index} : () -> index
  "scf.parallel"(%n, %n, %c1) ({
  ^bb0(%i: index):
    "scf.parallel"(%n, %n, %c1) ({
      "scf.reduce"() : () -> ()
    }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
    "scf.reduce"() : () -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (index, index, index) -> ()
  "func.return"() : () -> ()
}"#,
    ];
    for src in sources {
        for only_cc in [false, true] {
            let (mut ctx, syntax) = setup();
            let m = parse_module(&mut ctx, &syntax, src, "t.mlir", 1, LENIENT).expect("parses");
            assert!(verify(&ctx, m).is_err(), "expected invalid IR:\n{src}");
            describe_all(&ctx, m);
            for o in ctx.nested_ops(m) {
                if ctx.is(o, "scf.while") {
                    assert_eq!(weir_dialect_scf::while_trip_count(&ctx, o), None);
                }
                if ctx.is(o, "scf.for") {
                    let _ = weir_dialect_scf::constant_trip_count(&ctx, o);
                }
            }
            run(&mut ctx, m, only_cc);
            describe_all(&ctx, m);
            print(&ctx, &syntax, m);
        }
    }
}

/// The lit inputs of the canonicalize suite: output verifies, canonicalize converges and is
/// idempotent (a second run prints the same IR), in both passes.
#[test]
fn lit_inputs_converge_and_are_idempotent() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../lit-tests/canonicalize");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).expect("lit-tests/canonicalize") {
        let path = entry.expect("entry").path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        // Only this crate's inputs that use ops registered in these tests (no weir, cf or math
        // dialect; the invalid ones are checked by their own lit test).
        if !name.starts_with("scf-") || name.contains("invalid") || !name.ends_with(".mlir") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("read");
        let code: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        let code = code.replace("scf.", "");
        if code.contains("cf.") || code.contains("weir.") || code.contains("math.") {
            continue;
        }
        for chunk in text.split("\n// -----\n") {
            for only_cc in [false, true] {
                let once = canonicalize(chunk, only_cc);
                let twice = canonicalize(&once, only_cc);
                assert_eq!(once, twice, "{name}: not idempotent");
            }
        }
        checked += 1;
    }
    assert!(
        checked >= 4,
        "only {checked} inputs found in {}",
        dir.display()
    );
}

/// Fault kind (a): the value forwarded twice stays two positions; the body's yield still reads the
/// second copy (the then-value on every trip), whatever is removed around it.
#[test]
fn value_forwarded_twice_keeps_both_positions() {
    let src = "func.func @f(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c50 = arith.constant 50 : i32
  %r:4 = scf.while (%i = %c0, %acc = %c0) : (i32, i32) -> (i32, i32, i32, i32) {
    %cond = arith.cmpi slt, %i, %n : i32
    %v = scf.if %cond -> (i32) {
      scf.yield %c3 : i32
    } else {
      scf.yield %c50 : i32
    }
    scf.condition(%cond) %v, %v, %i, %acc : i32, i32, i32, i32
  } do {
  ^bb0(%a: i32, %b: i32, %j: i32, %x: i32):
    %j1 = arith.addi %j, %c1 : i32
    scf.yield %j1, %b : i32, i32
  }
  return %r#3 : i32
}";
    let out = canonicalize(src, false);
    // The unused first copy goes; the if stays in the before region, the body yields the
    // forwarded copy.
    assert!(
        out.contains("scf.condition(%1) %2, %arg1, %arg2 : i32, i32, i32"),
        "{out}"
    );
    assert!(
        out.contains("^bb0(%arg1: i32, %arg2: i32, %arg3: i32):"),
        "{out}"
    );
    assert!(out.contains("scf.yield %1, %arg1 : i32, i32"), "{out}");
}
