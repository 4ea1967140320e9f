//! The lowering compared with upstream MLIR 22, the oracle: for each `tests/mlir22/NAME.mlir`,
//! `NAME.input.mlir` is the source in generic form and `NAME.mlir22.mlir` is what
//! `mlir-opt-22 --convert-scf-to-cf --mlir-print-op-generic` printed for it (both made by
//! `tests/mlir22/regen.sh`, checked in, so plain `cargo test` needs no MLIR install). The test
//! parses the input, lowers it, prints it generically, and requires the same text as MLIR's
//! after a normalization that only removes presentation differences:
//! * MLIR's `<{properties}>` are moved into the attribute dictionary (Weir keeps one list);
//! * comments (`// pred: ^bb1`), blank lines and the default `overflowFlags = #arith.overflow<none>`
//!   that MLIR prints on `arith.addi` are dropped;
//! * SSA value names are renumbered per function in order of appearance.
//!
//! One difference is deliberate and applied to MLIR's text before comparing: MLIR 22 casts the
//! `scf.index_switch` selector to `i32` (truncating case values above 2^31), Weir to `i64`
//! ([`I64_SWITCH`]). Each case runs twice, on the generic input with no dialect registered and
//! on the pretty source with every Weir dialect registered (see [`lower_and_compare`]). The
//! lowered modules are then JIT-compiled and run on hand-computed cases.

use weir_test_support::lowering as support;

use support::{normalize, props_to_attrs};
use weir_ir::verifier::verify;
use weir_ir::{Context, OpId};
use weir_jit::{Scalar, ScalarType};
use weir_syntax::{parse_module, print_op, ParseOptions, PrintOptions, Syntax};

/// MLIR 22's truncated case values and the full 64-bit ones Weir keeps, per fixture.
const I64_SWITCH: &[(&str, &str, &str)] = &[
    (
        "for",
        "dense<[0, 2, 1]> : vector<3xi32>",
        "dense<[0, 2, 4294967297]> : vector<3xi64>",
    ),
    (
        "switch",
        "dense<[0, 1, 1]> : vector<3xi32>",
        "dense<[0, 1, 4294967297]> : vector<3xi64>",
    ),
    (
        "switch",
        "dense<[5, -3]> : vector<2xi32>",
        "dense<[5, -3]> : vector<2xi64>",
    ),
];

fn read(name: &str) -> String {
    let path = format!("{}/tests/mlir22/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// MLIR 22's output with the selector widened to i64 (see [`I64_SWITCH`]).
fn expected(name: &str) -> String {
    let mut text = read(&format!("{name}.mlir22.mlir"));
    for (file, from, to) in I64_SWITCH {
        if *file == name {
            assert!(
                text.contains(from),
                "{name}: fixture no longer contains {from}"
            );
            text = text.replace(from, to);
        }
    }
    let lines: Vec<String> = text
        .lines()
        .map(|l| {
            if l.contains("\"arith.index_cast\"") && l.ends_with(": (index) -> i32") {
                l.replace(": (index) -> i32", ": (index) -> i64")
            } else if l.contains("\"cf.switch\"") {
                l.replace(": (i32) -> ()", ": (i64) -> ()")
            } else {
                l.to_string()
            }
        })
        .collect();
    lines.join("\n")
}

/// Checks the generic print of a lowered module against MLIR 22's output for `name`.
fn compare(name: &str, how: &str, ctx: &Context, syntax: &Syntax, module: OpId) {
    let printed = print_op(
        ctx,
        syntax,
        module,
        PrintOptions {
            generic: true,
            ..Default::default()
        },
    );
    let got = normalize(&printed);
    let want = normalize(&expected(name));
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(
            g,
            w,
            "{name} ({how}): line {} differs from MLIR 22; Weir printed:\n{printed}",
            i + 1
        );
    }
    assert_eq!(
        got.len(),
        want.len(),
        "{name} ({how}): line count differs; Weir printed:\n{printed}"
    );
}

/// Lowers `NAME` and checks the result against MLIR 22, twice:
/// 1. from `NAME.input.mlir` (generic form) in a context where only the `cf` terminators are
///    registered (nothing but this pass and the IR core at work);
/// 2. from the pretty source `NAME.mlir` with every Weir dialect registered, so the dialects'
///    parsers and verifiers check the input and the output; the output is also printed in
///    custom form and parsed back.
///
/// Returns the context and module of the second run.
fn lower_and_compare(name: &str) -> (Context, OpId) {
    let opts = ParseOptions {
        allow_unregistered: true,
    };

    let mut ctx = support::new_ctx();
    let syntax = Syntax::new();
    let input = props_to_attrs(&read(&format!("{name}.input.mlir")));
    let module = parse_module(&mut ctx, &syntax, &input, name, 1, opts)
        .unwrap_or_else(|d| panic!("{name}: {d:?}"));
    verify(&ctx, module).unwrap_or_else(|d| panic!("{name}: input does not verify: {d:?}"));
    weir_scf_to_cf::run(&mut ctx, module).unwrap_or_else(|d| panic!("{name}: {d:?}"));
    verify(&ctx, module).unwrap_or_else(|d| panic!("{name}: output does not verify: {d:?}"));
    compare(name, "generic input", &ctx, &syntax, module);

    let (mut ctx, syntax) = weir_dialects::new_context();
    let src = read(&format!("{name}.mlir"));
    let opts = ParseOptions::default();
    let module = parse_module(&mut ctx, &syntax, &src, name, 1, opts)
        .unwrap_or_else(|d| panic!("{name}.mlir: {d:?}"));
    verify(&ctx, module).unwrap_or_else(|d| panic!("{name}.mlir does not verify: {d:?}"));
    weir_scf_to_cf::run(&mut ctx, module).unwrap_or_else(|d| panic!("{name}: {d:?}"));
    verify(&ctx, module).unwrap_or_else(|d| panic!("{name}: lowered IR does not verify: {d:?}"));
    compare(name, "pretty input, all dialects", &ctx, &syntax, module);
    let pretty = print_op(&ctx, &syntax, module, PrintOptions::default());
    let (mut ctx2, syntax2) = weir_dialects::new_context();
    let reparsed = parse_module(&mut ctx2, &syntax2, &pretty, name, 1, opts)
        .unwrap_or_else(|d| panic!("{name}: printed output does not parse: {d:?}\n{pretty}"));
    verify(&ctx2, reparsed)
        .unwrap_or_else(|d| panic!("{name}: reparsed output does not verify: {d:?}"));
    (ctx, module)
}

/// Calls `func` of the JIT-compiled `module` with integer `args`; results read as signed.
fn call(ctx: &Context, module: OpId, func: &str, args: &[i128]) -> Vec<i128> {
    let jit = weir_jit::compile(ctx, module).unwrap_or_else(|d| panic!("JIT: {d:?}"));
    let (params, _) = jit.scalar_signature(func).expect("function exists");
    let args: Vec<Scalar> = params
        .iter()
        .zip(args)
        .map(|(&t, &v)| Scalar::from_i128(t, v))
        .collect();
    let out = jit
        .call(func, &args)
        .unwrap_or_else(|e| panic!("{func}: {e:?}"));
    out.iter()
        .map(|s| match s.ty() {
            ScalarType::Int(1) => s.as_u64().unwrap() as i128,
            _ => s.as_i64().unwrap() as i128,
        })
        .collect()
}

#[test]
fn normalization_is_faithful() {
    // The normalizer must not hide real differences: names are renumbered consistently, and
    // different operands stay different.
    let a =
        normalize("\"func.func\"() ({\n  %3 = \"x\"(%arg0, %arg0) : (i1, i1) -> i1\n}) : () -> ()");
    let b =
        normalize("\"func.func\"() ({\n  %0 = \"x\"(%arg1, %arg1) : (i1, i1) -> i1\n}) : () -> ()");
    let c =
        normalize("\"func.func\"() ({\n  %0 = \"x\"(%arg1, %arg2) : (i1, i1) -> i1\n}) : () -> ()");
    assert_eq!(a, b);
    assert_ne!(a, c);
    let p = props_to_attrs("    %0 = \"arith.constant\"() <{value = 0 : i64}> : () -> i64");
    assert_eq!(
        p,
        "    %0 = \"arith.constant\"() {value = 0 : i64} : () -> i64"
    );
}

#[test]
fn if_matches_mlir22() {
    let (ctx, m) = lower_and_compare("if");
    assert_eq!(call(&ctx, m, "if_result", &[1, 2, 3]), [5]);
    assert_eq!(call(&ctx, m, "if_result", &[0, 2, 3]), [3]);
    assert_eq!(call(&ctx, m, "if_no_result", &[1, 6]), [6]);
    assert_eq!(call(&ctx, m, "if_nested", &[0, 1, 5, 7]), [25, 7]);
    assert_eq!(call(&ctx, m, "if_nested", &[0, 0, 5, 7]), [5, 7]);
    assert_eq!(call(&ctx, m, "if_nested", &[1, 1, 5, 7]), [5, 7]);
}

#[test]
fn for_matches_mlir22() {
    let (ctx, m) = lower_and_compare("for");
    assert_eq!(call(&ctx, m, "sum_squares", &[10]), [285]);
    assert_eq!(call(&ctx, m, "sum_squares", &[0]), [0]);
    assert_eq!(call(&ctx, m, "trips_unsigned", &[-2, 3]), [0]);
    assert_eq!(call(&ctx, m, "trips_unsigned", &[0, 3]), [3]);
    assert_eq!(call(&ctx, m, "no_iter_args", &[4]), Vec::<i128>::new());
    // 0+1+...+9 = 45 inner trips; switch: i=0 -> 1, i=2 -> 10, the 8 others -> 100.
    assert_eq!(call(&ctx, m, "nested", &[10]), [45, 811]);
}

#[test]
fn while_matches_mlir22() {
    let (ctx, m) = lower_and_compare("while");
    assert_eq!(call(&ctx, m, "while_sum", &[10]), [285]);
    assert_eq!(call(&ctx, m, "while_sum", &[1000]), [332833500]);
    assert_eq!(call(&ctx, m, "do_while", &[5]), [5]);
    assert_eq!(call(&ctx, m, "do_while", &[0]), [1]);
    assert_eq!(call(&ctx, m, "collatz", &[27]), [111]);
    assert_eq!(call(&ctx, m, "if_in_before", &[7]), [7]);
    assert_eq!(call(&ctx, m, "if_in_before", &[-7]), [0]);
}

#[test]
fn index_switch_matches_mlir22_with_a_64_bit_selector() {
    let (ctx, m) = lower_and_compare("switch");
    assert_eq!(call(&ctx, m, "wide", &[0]), [10]);
    assert_eq!(
        call(&ctx, m, "wide", &[1]),
        [20],
        "case 2^32+1 is not taken for index 1"
    );
    assert_eq!(call(&ctx, m, "wide", &[(1 << 32) + 1]), [30]);
    assert_eq!(call(&ctx, m, "wide", &[1 << 32]), [99]);
    assert_eq!(call(&ctx, m, "default_only", &[5]), [1]);
    // Case 5: x = y = 3, x < y fails at once: results (y, x) = (3, 3).
    assert_eq!(call(&ctx, m, "nested_case", &[5, 3]), [3, 3]);
    assert_eq!(call(&ctx, m, "nested_case", &[-3, 4]), [4, 4]);
}

#[test]
fn execute_region_matches_mlir22() {
    let (ctx, m) = lower_and_compare("execute_region");
    assert_eq!(call(&ctx, m, "er", &[1, 4]), [4]);
    assert_eq!(call(&ctx, m, "er", &[0, 4]), [8]);
}
