//! The lowering on parsed text: `tests/mlir22/loop.input.mlir` (weir.loop inputs in generic form)
//! is parsed, lowered to scf, printed generically, and compared with
//! `tests/mlir22/expected.generic.mlir`: the scf.while forms written by hand in
//! `expected.mlir` from the specification and put in generic form by upstream mlir-opt 22
//! (which thereby verifies them as valid scf; see `regen.sh`). The comparison normalizes only
//! presentation (see `support::normalize`). The results are then lowered to cf, JIT-compiled and
//! run on hand-computed cases. The same is done with every Weir dialect registered (so the
//! dialects' verifiers check input and output), and `tests/mlir22/pretty.mlir` checks the path
//! from weir.loop's custom syntax to the JIT.

use weir_test_support::lowering as support;

use support::{normalize, props_to_attrs};
use weir_ir::verifier::verify;
use weir_ir::{Context, OpId};
use weir_jit::{Scalar, ScalarType};
use weir_syntax::{parse_module, print_op, ParseOptions, PrintOptions, Syntax};

fn read(name: &str) -> String {
    let path = format!("{}/tests/mlir22/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn parse(ctx: &mut Context, syntax: &Syntax, file: &str) -> OpId {
    let input = props_to_attrs(&read(file));
    let opts = ParseOptions {
        allow_unregistered: true,
    };
    parse_module(ctx, syntax, &input, file, 1, opts).unwrap_or_else(|d| panic!("{file}: {d:?}"))
}

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
fn weir_loop_lowers_to_the_specified_scf_while_and_runs() {
    let mut ctx = support::new_ctx();
    let syntax = Syntax::new();
    check_loop_file(&mut ctx, &syntax);
}

#[test]
fn weir_loop_lowers_to_the_specified_scf_while_with_all_dialects() {
    let (mut ctx, syntax) = weir_dialects::new_context();
    check_loop_file(&mut ctx, &syntax);
}

/// `loop.input.mlir`: lowered to scf, compared with `expected.generic.mlir`, lowered to cf, run.
fn check_loop_file(ctx: &mut Context, syntax: &Syntax) {
    let module = parse(ctx, syntax, "loop.input.mlir");
    verify(ctx, module).unwrap();
    weir_weir_to_scf::run(ctx, module).unwrap_or_else(|d| panic!("{d:?}"));
    verify(ctx, module).unwrap_or_else(|d| panic!("scf output does not verify: {d:?}"));
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
    let want = normalize(&read("expected.generic.mlir"));
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(
            g,
            w,
            "line {} differs from expected.mlir; Weir printed:\n{printed}",
            i + 1
        );
    }
    assert_eq!(
        got.len(),
        want.len(),
        "line count differs; Weir printed:\n{printed}"
    );

    weir_scf_to_cf::run(ctx, module).unwrap_or_else(|d| panic!("{d:?}"));
    verify(ctx, module).unwrap_or_else(|d| panic!("cf output does not verify: {d:?}"));
    // x += 1 while it < max and x < 3 (checked after each trip): 3 trips unless max < 3.
    assert_eq!(call(ctx, module, "max_cond", &[10, 0]), [3]);
    assert_eq!(call(ctx, module, "max_cond", &[2, 0]), [2]);
    assert_eq!(call(ctx, module, "max_cond", &[0, 0]), [0]);
    assert_eq!(
        call(ctx, module, "max_cond", &[-1, 7]),
        [7],
        "max <= 0: no trip, results = inits"
    );
    assert_eq!(
        call(ctx, module, "max_cond", &[10, 5]),
        [6],
        "one trip, then x < 3 is false"
    );
    // Trips it = 0..4 (the cond it < 4 is false after trip 4): 5 trips.
    assert_eq!(call(ctx, module, "no_max", &[10]), [15]);
    assert_eq!(call(ctx, module, "nested", &[3, 4]), [12]);
    assert_eq!(call(ctx, module, "nested", &[5, 0]), [0]);
    assert_eq!(call(ctx, module, "nested", &[-2, 4]), [0]);
}

#[test]
fn weir_loop_custom_syntax_to_jit() {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let src = read("pretty.mlir");
    let module = parse_module(
        &mut ctx,
        &syntax,
        &src,
        "pretty.mlir",
        1,
        ParseOptions::default(),
    )
    .unwrap_or_else(|d| panic!("{d:?}"));
    verify(&ctx, module).unwrap_or_else(|d| panic!("input does not verify: {d:?}"));
    weir_weir_to_scf::run(&mut ctx, module).unwrap_or_else(|d| panic!("{d:?}"));
    verify(&ctx, module).unwrap_or_else(|d| panic!("scf output does not verify: {d:?}"));
    // The scf form prints in custom syntax and parses back.
    let scf = print_op(&ctx, &syntax, module, PrintOptions::default());
    assert!(scf.contains("scf.while") && !scf.contains("weir."), "{scf}");
    let (mut ctx2, syntax2) = weir_dialects::new_context();
    let re = parse_module(&mut ctx2, &syntax2, &scf, "scf", 1, ParseOptions::default())
        .unwrap_or_else(|d| panic!("printed scf does not parse: {d:?}\n{scf}"));
    verify(&ctx2, re).unwrap_or_else(|d| panic!("reparsed scf does not verify: {d:?}"));
    weir_scf_to_cf::run(&mut ctx, module).unwrap_or_else(|d| panic!("{d:?}"));
    verify(&ctx, module).unwrap_or_else(|d| panic!("cf output does not verify: {d:?}"));
    assert_eq!(call(&ctx, module, "count", &[5]), [5]);
    assert_eq!(call(&ctx, module, "count", &[0]), [0]);
    assert_eq!(call(&ctx, module, "count", &[-4]), [0]);
    assert_eq!(call(&ctx, module, "until3", &[]), [3]);
    // 0 + 1 + 4 + ... + 81 = 285; odd squares 1 + 9 + 25 + 49 + 81 = 165.
    assert_eq!(call(&ctx, module, "squares", &[10]), [285, 165]);
    assert_eq!(call(&ctx, module, "squares", &[0]), [0, 0]);
}
