//! The programs of `examples/` run with the reference tensor evaluator
//! (`weir_test_support::tensor_eval`) AND with cf-run's pipeline and the Cranelift JIT, on
//! the inputs `examples/expected.py` defines, against the values NumPy computes there (stored
//! in `examples/expected.txt`). Every JIT run also frees every buffer it allocated.
//!
//! Tolerances: exact where every op is one correctly rounded IEEE operation in both NumPy and
//! the evaluator (E9, E10, E11, E12, Newton's steps); 1e-5 relative where `tanh` is involved
//! (the RNN: NumPy's and the evaluator's `tanh` may differ in the last bit); 1e-4 relative for
//! the Mamba scan, with a floor of 1% of the largest |Y| (some Y are sums of 16 terms that
//! cancel to near 0, where f32 summation order alone changes the relative error).

use weir_ir::FloatKind;
use weir_test_support::expected::Table;
use weir_test_support::jit_values::{from_jit, to_jit};
use weir_test_support::tensor_eval::{eval_func, Elem, Tensor, Value};
use weir_test_support::{parse, render_with_notes, setup};

fn table() -> Table {
    Table::parse(include_str!("../../../examples/expected.txt"))
}

/// Runs `@main` of the example `src` on `args` with the evaluator and with the JIT (after
/// cf-run's lowering pipeline): both result lists.
fn run(src: &str, args: &[Value]) -> [Vec<Value>; 2] {
    run_with(src, args, false)
}

/// [`run`], the JIT running the program after `--convert-elementwise-to-linalg` and
/// `--linalg-fuse-elementwise-ops` when `fused` (as scripts/bench-tensor runs the Mamba scan).
fn run_with(src: &str, args: &[Value], fused: bool) -> [Vec<Value>; 2] {
    let (mut ctx, syntax) = setup();
    let m = parse(&mut ctx, &syntax, src).unwrap_or_else(|d| panic!("{}", render_with_notes(&d)));
    let evaluated =
        eval_func(&ctx, m, "main", args).unwrap_or_else(|d| panic!("{}", render_with_notes(&d)));
    if fused {
        weir_linalg_fusion::elementwise::run(&mut ctx, m);
        weir_linalg_fusion::fuse::run(&mut ctx, m);
        weir_ir::verify(&ctx, m).unwrap_or_else(|d| panic!("{}", render_with_notes(&d)));
    }
    weir_tools::run::lower(&mut ctx, m).unwrap_or_else(|d| panic!("{}", render_with_notes(&d)));
    let jit = weir_jit::compile(&ctx, m).unwrap_or_else(|d| panic!("{}", render_with_notes(&d)));
    let jit_args: Vec<_> = args
        .iter()
        .map(|a| to_jit(a).expect("a JIT value"))
        .collect();
    let out = jit
        .call_values("main", &jit_args, None)
        .unwrap_or_else(|e| panic!("{}: {}", e.loc, e.message));
    let stats = jit.last_pool_stats();
    assert_eq!((stats.leaked, stats.live), (0, 0), "{stats:?}");
    [evaluated, out.iter().map(from_jit).collect()]
}

#[test]
fn e12_weir_loop() {
    for r in run(include_str!("../../../examples/e12-weir-loop.mlir"), &[]) {
        table().check(&r[0], "e12", 0.0, 0.0);
    }
}

#[test]
fn e9_concat_loop() {
    for r in run(include_str!("../../../examples/e9-concat-loop.mlir"), &[]) {
        table().check(&r[0], "e9", 0.0, 0.0);
    }
}

#[test]
fn e11_switch_clamps_the_index() {
    let src = include_str!("../../../examples/e11-switch.mlir");
    let x = Value::tensor(Tensor::floats(&[], FloatKind::F32, &[3.0]).unwrap());
    for i in [0, 1, 2, -1, 7] {
        for r in run(src, &[x.clone(), Value::int(Elem::Int(64), i)]) {
            table().check(&r[0], &format!("e11 {i}"), 0.0, 0.0);
        }
    }
}

#[test]
fn e10_data_dependent_switch() {
    let src = include_str!("../../../examples/e10-torch-switch.mlir");
    let t = table();
    let mut branches = Vec::new();
    for name in ["neg", "mid", "big", "zero"] {
        let x = t.row(&format!("e10 {name} in")).floats(FloatKind::F32);
        for r in run(src, &[x]) {
            t.check(&r[0], &format!("e10 {name}"), 0.0, 0.0);
        }
        branches.push(t.row(&format!("e10 {name} branch")).values[0]);
    }
    // The inputs take every branch (sum < 0, in (0, 5], > 5, and = 0).
    assert_eq!(branches, [0.0, 1.0, 2.0, 0.0]);
}

#[test]
fn newton_sqrt_while_mixes_scalars_and_tensors() {
    let t = table();
    let a = t.row("newton in").floats(FloatKind::F32);
    for r in run(include_str!("../../../examples/newton-sqrt.mlir"), &[a]) {
        t.check(&r[0], "newton x", 0.0, 0.0);
        t.check(&r[1], "newton steps", 0.0, 0.0);
        // And the loop converged to the square roots.
        t.check(&r[0], "newton sqrt", 1e-6, 0.0);
    }
}

#[test]
fn rnn_cell_over_three_steps() {
    let t = table();
    let xs = t.row("rnn xs in").floats(FloatKind::F32);
    let h0 = t.row("rnn h0 in").floats(FloatKind::F32);
    for r in run(include_str!("../../../examples/rnn-cell.mlir"), &[xs, h0]) {
        t.check(&r[0], "rnn", 1e-5, 0.0);
    }
}

/// The Mamba inputs of `mamba_inputs` in examples/expected.py for `steps` time steps: each
/// element a formula of its indices computed in f64, rounded to f32.
fn mamba_inputs(steps: u64) -> Vec<Value> {
    let grid = |rows: u64, cols: u64, f: &dyn Fn(u64, u64) -> f64| {
        let v: Vec<f64> = (0..rows * cols).map(|k| f(k / cols, k % cols)).collect();
        Value::tensor(Tensor::floats(&[rows, cols], FloatKind::F32, &v).unwrap())
    };
    let signed = |k: u64, off: f64, div: f64| (k as f64 - off) / div;
    vec![
        grid(steps, 256, &|t, i| {
            0.01 + ((3 * t + 5 * i) % 11) as f64 / 100.0
        }),
        grid(steps, 256, &|t, i| signed((7 * t + 3 * i) % 17, 8.0, 8.0)),
        grid(256, 16, &|i, n| -((1 + i % 8 + n) as f64) / 4.0),
        grid(steps, 16, &|t, n| signed((t + 2 * n) % 5, 2.0, 4.0)),
        grid(steps, 16, &|t, n| signed((2 * t + n) % 7, 3.0, 4.0)),
    ]
}

#[test]
fn mamba_selective_scan() {
    let t = table();
    for fused in [false, true] {
        for r in run_with(
            include_str!("../../../examples/mamba-scan.mlir"),
            &mamba_inputs(6),
            fused,
        ) {
            let floor = t.row("mamba y").max_abs() / 100.0;
            t.check(&r[0], "mamba y", 1e-4, floor);
        }
    }
}

// ------------------------------------------------------------------ benchmark programs

/// A benchmark program of scripts/bench-tensor (`src`) with its sizes replaced (`(from, to)`
/// pairs, in order), small enough for the evaluator.
fn shrunk(src: &str, sizes: &[(&str, &str)]) -> String {
    sizes
        .iter()
        .fold(src.to_string(), |s, (from, to)| s.replace(from, to))
}

#[test]
fn bench_add1_at_1000_elements() {
    let src = shrunk(
        include_str!("../../../scripts/bench-tensor/add1.mlir"),
        &[("999999", "999"), ("1000000", "1000")],
    );
    for r in run(&src, &[]) {
        // 100 trips of + 1.0 from 0.0 (hand computation).
        assert_eq!(r[0].as_f64(), Some(100.0));
        assert_eq!(r[1].as_f64(), Some(100.0));
    }
}

#[test]
fn bench_chain4_at_1000_elements() {
    let src = shrunk(
        include_str!("../../../scripts/bench-tensor/chain4.mlir"),
        &[("999999", "999"), ("1000000", "1000")],
    );
    for r in run(&src, &[]) {
        let t = table();
        t.check(&r[0], "bench chain4", 0.0, 0.0);
        t.check(&r[1], "bench chain4", 0.0, 0.0);
    }
}

#[test]
fn bench_matmul_at_8x8() {
    let src = shrunk(
        include_str!("../../../scripts/bench-tensor/matmul512.mlir"),
        &[("512", "8"), ("511", "7")],
    );
    let t = table();
    let a = t.row("bench matmul a in").floats(FloatKind::F32);
    let b = t.row("bench matmul b in").floats(FloatKind::F32);
    for r in run(&src, &[a, b]) {
        t.check(&r[0], "bench matmul c00", 0.0, 0.0);
        t.check(&r[1], "bench matmul c77", 0.0, 0.0);
    }
}
