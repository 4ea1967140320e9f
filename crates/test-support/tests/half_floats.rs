//! f16 and bf16 programs run with the reference tensor evaluator (which rounds to the 16-bit
//! format after every op) AND with cf-run's pipeline (`--arith-emulate-unsupported-floats`
//! first) and the Cranelift JIT: both equal, and equal to the values `half_floats.py` computes
//! with Python's standard library (f16 through `struct`'s binary16, bf16 rounded by hand),
//! pasted here. Scalars cover the rounding cases (ties to even, overflow, subnormals), tensors
//! a 37-element chain (not a whole number of vectors).

use weir_ir::FloatKind;
use weir_test_support::jit_values::{from_jit, to_jit};
use weir_test_support::tensor_eval::{eval_func, Scalar, Tensor, Value};
use weir_test_support::{parse, render_with_notes, setup};

/// Runs `@f` of `src` on `args` with the evaluator and with the JIT: both result lists.
fn run(src: &str, args: &[Value]) -> [Vec<Value>; 2] {
    let (mut ctx, syntax) = setup();
    let m = parse(&mut ctx, &syntax, src).unwrap_or_else(|d| panic!("{}", render_with_notes(&d)));
    let evaluated =
        eval_func(&ctx, m, "f", args).unwrap_or_else(|d| panic!("{}", render_with_notes(&d)));
    weir_tools::run::lower(&mut ctx, m).unwrap_or_else(|d| panic!("{}", render_with_notes(&d)));
    let jit = weir_jit::compile(&ctx, m).unwrap_or_else(|d| panic!("{}", render_with_notes(&d)));
    let jit_args: Vec<_> = args
        .iter()
        .map(|a| to_jit(a).expect("a JIT value"))
        .collect();
    let out = jit
        .call_values("f", &jit_args, None)
        .unwrap_or_else(|e| panic!("{}: {}", e.loc, e.message));
    let stats = jit.last_pool_stats();
    assert_eq!((stats.leaked, stats.live), (0, 0), "{stats:?}");
    [evaluated, out.iter().map(from_jit).collect()]
}

/// The floats of a scalar or tensor value.
fn floats(v: &Value) -> Vec<f64> {
    let data = match v {
        Value::Scalar(_, s) => vec![*s],
        Value::Tensor(t) => t.data.clone(),
    };
    data.iter()
        .map(|s| match s {
            Scalar::Float(f) => *f,
            Scalar::Int(i) => *i as f64,
        })
        .collect()
}

const SCALAR: &str = r#"
func.func @f(%a: f16, %b: f16, %c: bf16, %d: bf16) -> (f16, f16, bf16, i1) {
  %0 = arith.addf %a, %b : f16
  %1 = arith.mulf %a, %b : f16
  %2 = arith.divf %c, %d : bf16
  %3 = arith.cmpf olt, %c, %d : bf16
  return %0, %1, %2, %3 : f16, f16, bf16, i1
}
"#;

/// (a, b, c, d) and the expected (a + b, a * b, c / d, c < d), from half_floats.py.
#[test]
fn scalar_rounding_cases() {
    let inf = f64::INFINITY;
    let cases: &[([f64; 4], [f64; 4])] = &[
        // 2048 + 1: a tie, to the even 2048; 1 / 3 in bf16 = 0.333984375.
        ([2048.0, 1.0, 1.0, 3.0], [2048.0, 2048.0, 0.333984375, 1.0]),
        // 2048 + 3 = 2051: a tie, to the even 2052; 2048 * 3 = 6144 exactly.
        ([2048.0, 3.0, 3.0, 1.0], [2052.0, 6144.0, 3.0, 0.0]),
        // 65504 * 2 overflows f16 to inf (65504 + 2 = 65506 rounds back to 65504).
        ([65504.0, 2.0, -1.0, 7.0], [65504.0, inf, -0.142578125, 1.0]),
        // Subnormals: 2^-24 * 0.5 is a tie between 0 and 2^-24, to 0; 3 * 2^-24 * 0.5 =
        // 1.5 * 2^-24, a tie, to 2^-23.
        ([5.960464477539063e-08, 0.5, 1.0, 1.0], [0.5, 0.0, 1.0, 0.0]),
        (
            [1.7881393432617188e-07, 0.5, 1.0, 1.0],
            [0.5, 1.1920928955078125e-07, 1.0, 0.0],
        ),
    ];
    for (args, want) in cases {
        let vals: Vec<Value> = args
            .iter()
            .zip([
                FloatKind::F16,
                FloatKind::F16,
                FloatKind::BF16,
                FloatKind::BF16,
            ])
            .map(|(&x, k)| Value::float(k, x))
            .collect();
        for results in run(SCALAR, &vals) {
            let got: Vec<f64> = results.iter().flat_map(floats).collect();
            assert_eq!(&got[..], &want[..], "{args:?}");
        }
    }
}

const CHAIN: &str = r#"
func.func @f(%x: tensor<37xf16>, %y: tensor<?xbf16>) -> (tensor<37xf16>, tensor<?xbf16>) {
  %two = arith.constant dense<2.0> : tensor<37xf16>
  %one = arith.constant dense<1.0> : tensor<37xf16>
  %tenth = arith.constant dense<0.1> : tensor<37xf16>
  %0 = arith.mulf %x, %two : tensor<37xf16>
  %1 = arith.addf %0, %one : tensor<37xf16>
  %2 = arith.mulf %1, %tenth : tensor<37xf16>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %y, %c0 : tensor<?xbf16>
  %half = arith.constant 0.5 : bf16
  %three = arith.constant 3.0 : bf16
  %h = tensor.splat %half[%n] : tensor<?xbf16>
  %t = tensor.splat %three[%n] : tensor<?xbf16>
  %3 = arith.mulf %y, %y : tensor<?xbf16>
  %4 = arith.subf %3, %h : tensor<?xbf16>
  %5 = arith.divf %4, %t : tensor<?xbf16>
  return %2, %5 : tensor<37xf16>, tensor<?xbf16>
}
"#;

/// (x * 2 + 1) * 0.1 on x[i] = 7.3 i in f16 and (y * y - 0.5) / 3 on y[i] = 0.37 i - 6 in
/// bf16, 37 elements each, rounded after every op: half_floats.py's "chain" and "bf16 chain".
#[test]
fn tensor_chains_round_after_every_op() {
    let xs: Vec<f64> = (0..37).map(|i| i as f64 * 7.3).collect();
    let ys: Vec<f64> = (0..37).map(|i| 0.37 * i as f64 - 6.0).collect();
    let x = Value::tensor(Tensor::floats(&[37], FloatKind::F16, &xs).expect("37 values"));
    let y = Value::tensor(Tensor::floats(&[37], FloatKind::BF16, &ys).expect("37 values"));
    let want_x = [
        0.0999755859375,
        1.5595703125,
        3.01953125,
        4.48046875,
        5.9375,
        7.3984375,
        8.859375,
        10.3125,
        11.78125,
        13.234375,
        14.6953125,
        16.15625,
        17.625,
        19.078125,
        20.53125,
        22.0,
        23.453125,
        24.921875,
        26.375,
        27.84375,
        29.296875,
        30.75,
        32.21875,
        33.65625,
        35.15625,
        36.59375,
        38.03125,
        39.5,
        40.96875,
        42.4375,
        43.875,
        45.34375,
        46.8125,
        48.25,
        49.75,
        51.1875,
        52.625,
    ];
    let want_y = [
        11.8125,
        10.375,
        9.0,
        7.75,
        6.65625,
        5.59375,
        4.59375,
        3.703125,
        2.9375,
        2.203125,
        1.59375,
        1.0703125,
        0.64453125,
        0.302734375,
        0.057373046875,
        -0.09912109375,
        -0.1650390625,
        -0.138671875,
        -0.021484375,
        0.1875,
        0.484375,
        0.87890625,
        1.3671875,
        1.9453125,
        2.578125,
        3.359375,
        4.21875,
        5.125,
        6.21875,
        7.25,
        8.5,
        9.8125,
        11.25,
        12.75,
        14.3125,
        15.9375,
        17.625,
    ];
    for results in run(CHAIN, &[x.clone(), y.clone()]) {
        assert_eq!(floats(&results[0]), want_x);
        assert_eq!(floats(&results[1]), want_y);
    }
}
