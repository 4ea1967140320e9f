//! Property test: unrolling preserves semantics. Random `scf.for` loops (constant or runtime
//! bounds, steps 1..4, index / i8 / i16 / i32 induction variables, signed or `unsigned`,
//! optionally nested) with random bodies are JIT-run before and after `--scf-unroll` with a
//! random factor, and after a full unroll; results must be equal. With the `llvm` feature,
//! the LLVM backend at -O0 and -O3 must agree with the JIT on the same loops.

use proptest::prelude::*;
use weir_jit::Scalar;
use weir_syntax::{parse_module, ParseOptions};

#[derive(Clone, Debug)]
struct Loop {
    ty: &'static str,
    unsigned: bool,
    lb: i64,
    ub: i64,
    step: i64,
    /// Bounds are function arguments (runtime) instead of constants.
    runtime: bool,
    /// Which body: a few arithmetic shapes over the accumulator and the induction variable.
    body: u8,
    /// An inner loop (constant bounds 0..inner) adding the inner IV to the accumulator.
    inner: Option<u8>,
}

fn type_range(ty: &str, unsigned: bool) -> (i64, i64) {
    let bits = match ty {
        "i8" => 8,
        "i16" => 16,
        "i32" => 32,
        _ => 64,
    };
    if bits == 64 {
        return if unsigned {
            (0, 1_000_000)
        } else {
            (-1_000_000, 1_000_000)
        };
    }
    if unsigned {
        (0, (1i64 << bits) - 1)
    } else {
        (-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1)
    }
}

fn a_loop() -> impl Strategy<Value = Loop> {
    (
        prop::sample::select(vec!["index", "i8", "i16", "i32"]),
        any::<bool>(),
        1i64..5,
        any::<bool>(),
        0u8..4,
        prop::option::of(0u8..4),
        0i64..40,
        -10i64..40,
        any::<bool>(),
    )
        .prop_map(
            |(ty, unsigned, step, runtime, body, inner, a, b, near_top)| {
                let (min, max) = type_range(ty, unsigned);
                // Keep the loop terminating: the induction variable never steps past the type's
                // maximum (lb + trip_count * step <= max), as scf.for requires.
                let base = if near_top { max - 45 } else { min.max(-20) };
                let lb = (base + a).clamp(min, max);
                let ub = (base + b).clamp(min, max - step);
                Loop {
                    ty,
                    unsigned,
                    lb,
                    ub,
                    step,
                    runtime,
                    body,
                    inner,
                }
            },
        )
}

fn program(l: &Loop) -> String {
    let ty = l.ty;
    let ext = if l.unsigned { "extui" } else { "extsi" };
    let widen = |v: &str| {
        if ty == "index" {
            format!("%w = arith.index_cast {v} : index to i64")
        } else {
            format!("%w = arith.{ext} {v} : {ty} to i64")
        }
    };
    let body = match l.body {
        0 => "%n = arith.addi %acc, %w : i64".to_string(),
        1 => "%m = arith.muli %acc, %c3 : i64\n    %n = arith.addi %m, %w : i64".to_string(),
        2 => "%x = arith.xori %acc, %w : i64\n    %n = arith.subi %x, %c3 : i64".to_string(),
        _ => "%m = arith.muli %w, %w : i64\n    %n = arith.subi %acc, %m : i64".to_string(),
    };
    let inner = match l.inner {
        None => String::new(),
        Some(k) => format!(
            "%k0 = arith.constant 0 : index\n    %k1 = arith.constant 1 : index\n    %kn = arith.constant {k} : index\n    %n2 = scf.for %j = %k0 to %kn step %k1 iter_args(%a2 = %n) -> (i64) {{\n      %jj = arith.index_cast %j : index to i64\n      %s2 = arith.addi %a2, %jj : i64\n      scf.yield %s2 : i64\n    }}\n"
        ),
    };
    let result = if l.inner.is_some() { "%n2" } else { "%n" };
    let (params, bounds) = if l.runtime {
        (format!("%lb: {ty}, %ub: {ty}"), String::new())
    } else {
        (
            String::new(),
            format!(
                "  %lb = arith.constant {} : {ty}\n  %ub = arith.constant {} : {ty}\n",
                l.lb, l.ub
            ),
        )
    };
    let unsigned = if l.unsigned { "unsigned " } else { "" };
    let iv_ty = if ty == "index" {
        String::new()
    } else {
        format!(" : {ty}")
    };
    format!(
        "func.func @main({params}) -> i64 {{\n{bounds}  %st = arith.constant {} : {ty}\n  %c3 = arith.constant 3 : i64\n  %zero = arith.constant 7 : i64\n  %r = scf.for {unsigned}%i = %lb to %ub step %st iter_args(%acc = %zero) -> (i64){iv_ty} {{\n    {}\n    {body}\n    {inner}    scf.yield {result} : i64\n  }}\n  return %r : i64\n}}\n",
        l.step,
        widen("%i"),
    )
}

fn run(text: &str, pass: Option<&str>, l: &Loop) -> Result<Vec<Scalar>, String> {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let m =
        parse_module(&mut ctx, &syntax, text, "prop", 1, ParseOptions::default()).expect("parses");
    weir_ir::verify(&ctx, m).expect("verifies");
    if let Some(options) = pass {
        let registry = weir_tools::passes::registry();
        let opts = weir_pass::PassOptions::parse(options).unwrap();
        let p = registry.instantiate("scf-unroll", &opts).unwrap();
        let mut diags = Vec::new();
        p.run(&mut ctx, m, &mut diags);
        if let Err(d) = weir_ir::verify(&ctx, m) {
            panic!("invalid IR after scf-unroll {options}: {}", d.message);
        }
    }
    weir_tools::run::lower(&mut ctx, m).expect("lowers");
    // A loop budget turns a non-terminating program (a bug) into a failure instead of a hang.
    let options = weir_jit::JitOptions {
        loop_fuel: true,
        ..Default::default()
    };
    let jit = weir_jit::compile_with(&ctx, m, &options).expect("compiles");
    jit.call_with_fuel("main", &args(l), Some(1_000_000))
        .map_err(|e| e.message)
}

/// The arguments of `main` for loop `l`: its bounds when they are runtime values.
fn args(l: &Loop) -> Vec<Scalar> {
    if l.runtime {
        let ty = match l.ty {
            "index" => weir_jit::ScalarType::Index,
            "i8" => weir_jit::ScalarType::Int(8),
            "i16" => weir_jit::ScalarType::Int(16),
            _ => weir_jit::ScalarType::Int(32),
        };
        vec![
            Scalar::from_i128(ty, l.lb as i128),
            Scalar::from_i128(ty, l.ub as i128),
        ]
    } else {
        vec![]
    }
}

/// [`run`] without a pass, compiled by the LLVM backend at `-O<opt_level>` with the same loop
/// budget.
#[cfg(feature = "llvm")]
fn run_llvm(text: &str, opt_level: u8, l: &Loop) -> Result<Vec<Scalar>, String> {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let m =
        parse_module(&mut ctx, &syntax, text, "prop", 1, ParseOptions::default()).expect("parses");
    weir_tools::run::lower(&mut ctx, m).expect("lowers");
    let options = weir_llvm::LlvmOptions {
        opt_level,
        loop_fuel: true,
    };
    let compiled = weir_llvm::compile(&ctx, m, &options).expect("compiles");
    compiled
        .call_with_fuel("main", &args(l), Some(1_000_000))
        .map_err(|e| e.message)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: std::env::var("WEIR_PROP_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(500), ..ProptestConfig::default() })]

    #[test]
    fn unrolling_preserves_results(l in a_loop(), factor in 2u64..6) {
        let text = program(&l);
        let before = run(&text, None, &l);
        prop_assert!(before.is_ok(), "the reference run failed: {:?}\n{}", before, text);
        let by_factor = run(&text, Some(&format!("factor={factor}")), &l);
        prop_assert_eq!(&before, &by_factor, "factor {}\n{}", factor, text);
        let full = run(&text, Some("full=true"), &l);
        prop_assert_eq!(&before, &full, "full\n{}", text);
    }
}

#[cfg(feature = "llvm")]
proptest! {
    #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

    /// The LLVM backend at -O0 and -O3 runs every loop as the Cranelift JIT does, with the
    /// same loop budget.
    #[test]
    fn llvm_agrees_with_cranelift(l in a_loop()) {
        let text = program(&l);
        let cranelift = run(&text, None, &l);
        for level in [0, 3] {
            prop_assert_eq!(&cranelift, &run_llvm(&text, level, &l), "-O{}\n{}", level, text);
        }
    }
}

/// The transform script that unrolls every `scf.for` by `factor` with upstream's
/// `loopUnrollByFactor` (the transform dialect's `loop.unroll`; MLIR registers no scf unroll
/// pass), private so that `symbol-dce` removes it afterwards.
#[cfg(feature = "mlir")]
fn unroll_script(factor: u64) -> String {
    format!(
        "module attributes {{transform.with_named_sequence}} {{\n  transform.named_sequence private @__transform_main(%root: !transform.any_op {{transform.readonly}}) {{\n    %loops = transform.structured.match ops{{[\"scf.for\"]}} in %root : (!transform.any_op) -> !transform.any_op\n    transform.loop.unroll %loops {{factor = {factor}}} : !transform.any_op\n    transform.yield\n  }}\n}}\n"
    )
}

/// `text` unrolled by `factor` by upstream MLIR 22 in process (weir-mlir): Weir's module and
/// the transform script side by side in one module, `transform-interpreter` then
/// `symbol-dce`, and Weir's print of the unrolled module.
#[cfg(feature = "mlir")]
fn upstream_unroll(text: &str, factor: u64) -> String {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let m =
        parse_module(&mut ctx, &syntax, text, "prop", 1, ParseOptions::default()).expect("parses");
    let both = format!(
        "module {{\n{}\n{}}}\n",
        weir_mlir::weir_generic_text(&ctx, &syntax, m),
        unroll_script(factor)
    );
    let bridge = weir_mlir::Bridge::new();
    let mut diags = Vec::new();
    let mut module = bridge.parse(&both, &mut diags).expect("MLIR parses");
    let ok = bridge.run_pipeline(
        &mut module,
        "builtin.module(transform-interpreter,symbol-dce)",
        &mut diags,
    );
    assert!(ok, "upstream unroll failed: {diags:?}\n{text}");
    let outer = bridge
        .from_mlir(
            &module,
            &mut ctx,
            &syntax,
            ParseOptions::default(),
            &mut diags,
        )
        .unwrap_or_else(|| panic!("Weir reads upstream's output: {diags:?}"));
    let body = ctx.entry_block(ctx.region(outer, 0)).unwrap();
    let unrolled = ctx.first_op(body).unwrap();
    weir_syntax::print_op(&ctx, &syntax, unrolled, Default::default())
}

#[cfg(feature = "mlir")]
proptest! {
    #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

    /// Upstream MLIR 22's unrolling (the in-process oracle) computes what the loop computes,
    /// as Weir's `--scf-unroll` does, except where docs/mlir-bridge.md says it diverges
    /// (`upstream_unroll_diverges`): runtime bounds with `ub < lb`.
    #[test]
    fn mlir_unroll_agrees_with_weir(l in a_loop(), factor in 2u64..6) {
        prop_assume!(!(l.runtime && l.ub < l.lb));
        let text = program(&l);
        let before = run(&text, None, &l);
        let ours = run(&text, Some(&format!("factor={factor}")), &l);
        let unrolled = upstream_unroll(&text, factor);
        let theirs = run(&unrolled, None, &l);
        prop_assert_eq!(&before, &ours, "Weir, factor {}\n{}", factor, text);
        prop_assert_eq!(&before, &theirs, "upstream, factor {}\n{}\n{}", factor, text, unrolled);
    }
}

/// The divergence `mlir_unroll_agrees_with_weir` leaves out (docs/mlir-bridge.md): with runtime
/// bounds `lb = 5 > ub = 3` (step 2, i32) the loop runs no iteration and returns its init 7 (by
/// hand), as Weir's unrolled loop does; upstream's `loopUnrollByFactor` computes the trip count
/// `divui(ub - lb + step - 1, step)` of the wrapped negative difference, 2^31 - 1, so its
/// epilogue loop starts at 1 and runs once, for 7 + 1 = 8. Fails when upstream stops diverging.
#[cfg(feature = "mlir")]
#[test]
fn upstream_unroll_diverges_on_empty_runtime_ranges() {
    let l = Loop {
        ty: "i32",
        unsigned: false,
        lb: 5,
        ub: 3,
        step: 2,
        runtime: true,
        body: 0,
        inner: None,
    };
    let text = program(&l);
    let seven = Ok(vec![Scalar::from_i128(weir_jit::ScalarType::Int(64), 7)]);
    assert_eq!(run(&text, None, &l), seven);
    assert_eq!(run(&text, Some("factor=2"), &l), seven);
    let eight = Ok(vec![Scalar::from_i128(weir_jit::ScalarType::Int(64), 8)]);
    assert_eq!(run(&upstream_unroll(&text, 2), None, &l), eight);
}
