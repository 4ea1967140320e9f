//! Kernels against the reference evaluator (`weir_test_support::tensor_eval`, itself checked
//! against NumPy): each function of `PROGRAMS` applies one op; the kernel's bytes must equal
//! the evaluator's (for the `f32` GEMM: equal within rounding).

use weir_ir::{ElementKind, FloatKind};
use weir_kernels::*;
use weir_test_support::tensor_eval::{eval_func, Elem, Scalar, Tensor, Value};
use weir_test_support::{parse, render_with_notes, setup};

const PROGRAMS: &str = r#"
func.func @transpose(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %e = tensor.empty() : tensor<4x2x3xf32>
  %t = linalg.transpose ins(%x : tensor<2x3x4xf32>) outs(%e : tensor<4x2x3xf32>) permutation = [2, 0, 1]
  return %t : tensor<4x2x3xf32>
}
func.func @broadcast(%x: tensor<3x4xi32>) -> tensor<3x2x4xi32> {
  %e = tensor.empty() : tensor<3x2x4xi32>
  %b = linalg.broadcast ins(%x : tensor<3x4xi32>) outs(%e : tensor<3x2x4xi32>) dimensions = [1]
  return %b : tensor<3x2x4xi32>
}
func.func @concat(%a: tensor<2x3xi32>, %b: tensor<2x2xi32>) -> tensor<2x5xi32> {
  %c = tensor.concat dim(1) %a, %b : (tensor<2x3xi32>, tensor<2x2xi32>) -> tensor<2x5xi32>
  return %c : tensor<2x5xi32>
}
func.func @extract_slice(%x: tensor<4x6xf32>) -> tensor<2x3xf32> {
  %s = tensor.extract_slice %x[1, 5] [2, 3] [2, -2] : tensor<4x6xf32> to tensor<2x3xf32>
  return %s : tensor<2x3xf32>
}
func.func @insert_slice(%s: tensor<2x2xf32>, %d: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = tensor.insert_slice %s into %d[0, 1] [2, 2] [2, 1] : tensor<2x2xf32> into tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}
func.func @pad(%x: tensor<2x3xf32>) -> tensor<3x5xf32> {
  %cst = arith.constant 7.5 : f32
  %p = tensor.pad %x low[1, 0] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<2x3xf32> to tensor<3x5xf32>
  return %p : tensor<3x5xf32>
}
func.func @reduce_f16(%x: tensor<4x5xf16>, %init: tensor<4xf16>) -> tensor<4xf16> {
  %r = linalg.reduce { arith.addf } ins(%x : tensor<4x5xf16>) outs(%init : tensor<4xf16>) dimensions = [1]
  return %r : tensor<4xf16>
}
func.func @reduce_i32(%x: tensor<3x4x2xi32>, %init: tensor<4xi32>) -> tensor<4xi32> {
  %r = linalg.reduce { arith.maxsi } ins(%x : tensor<3x4x2xi32>) outs(%init : tensor<4xi32>) dimensions = [0, 2]
  return %r : tensor<4xi32>
}
func.func @matmul_f16(%a: tensor<3x4xf16>, %b: tensor<4x5xf16>, %c: tensor<3x5xf16>) -> tensor<3x5xf16> {
  %r = linalg.matmul ins(%a, %b : tensor<3x4xf16>, tensor<4x5xf16>) outs(%c : tensor<3x5xf16>) -> tensor<3x5xf16>
  return %r : tensor<3x5xf16>
}
func.func @matmul_f32(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>, %c: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<3x4xf32>, tensor<4x5xf32>) outs(%c : tensor<3x5xf32>) -> tensor<3x5xf32>
  return %r : tensor<3x5xf32>
}
func.func @batch_matmul(%a: tensor<2x2x3xi32>, %b: tensor<2x3x2xi32>, %c: tensor<2x2x2xi32>) -> tensor<2x2x2xi32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<2x2x3xi32>, tensor<2x3x2xi32>) outs(%c : tensor<2x2x2xi32>) -> tensor<2x2x2xi32>
  return %r : tensor<2x2x2xi32>
}
"#;

/// The result of function `name` of `PROGRAMS` on `args`, by the evaluator.
fn eval(name: &str, args: &[Tensor]) -> Tensor {
    let (mut ctx, syntax) = setup();
    let m =
        parse(&mut ctx, &syntax, PROGRAMS).unwrap_or_else(|d| panic!("{}", render_with_notes(&d)));
    let args: Vec<Value> = args.iter().cloned().map(Value::tensor).collect();
    let r = eval_func(&ctx, m, name, &args).unwrap_or_else(|d| panic!("{}", render_with_notes(&d)));
    r[0].as_tensor().unwrap().clone()
}

/// A tensor of `shape` and element `elem` with varied values: element `i` is
/// `(i * 37 % 23) - 11`, scaled by 0.37 for floats (rounded to the type).
fn sample(shape: &[u64], elem: Elem) -> Tensor {
    let n = shape.iter().product::<u64>() as i64;
    let ints: Vec<i64> = (0..n).map(|i| i * 37 % 23 - 11).collect();
    match elem {
        Elem::Float(k) => {
            let v: Vec<f64> = ints.iter().map(|&i| i as f64 * 0.37).collect();
            Tensor::floats(shape, k, &v).unwrap()
        }
        _ => Tensor::ints(shape, elem, &ints).unwrap(),
    }
}

/// The bytes of `t` in the dense layout.
fn bytes(t: &Tensor) -> Vec<u8> {
    let mut out = Vec::new();
    for &s in &t.data {
        match (t.elem, s) {
            (Elem::Float(FloatKind::F16), Scalar::Float(f)) => {
                out.extend(half::f16::from_f64(f).to_bits().to_le_bytes())
            }
            (Elem::Float(FloatKind::F32), Scalar::Float(f)) => out.extend((f as f32).to_le_bytes()),
            (Elem::Int(32), Scalar::Int(b)) => out.extend((b as u32).to_le_bytes()),
            other => panic!("no byte layout in this test for {other:?}"),
        }
    }
    out
}

fn r<'a>(shape: &'a [u64], data: &'a [u8]) -> TensorRef<'a> {
    TensorRef { shape, data }
}

const F16: Elem = Elem::Float(FloatKind::F16);
const F32: Elem = Elem::Float(FloatKind::F32);
const I32: Elem = Elem::Int(32);
const I32K: ElementKind = ElementKind::Int {
    width: 32,
    unsigned: false,
};

#[test]
fn transpose_matches() {
    let x = sample(&[2, 3, 4], F32);
    let out = transpose_shape(&x.shape, &[4, 2, 3], &[2, 0, 1]).unwrap();
    let mut dst = vec![0; byte_len(&out, 4).unwrap()];
    transpose(4, r(&x.shape, &bytes(&x)), &[2, 0, 1], &mut dst);
    assert_eq!(dst, bytes(&eval("transpose", &[x])));
}

#[test]
fn broadcast_matches() {
    let x = sample(&[3, 4], I32);
    let out = broadcast_shape(&x.shape, &[3, 2, 4], &[1]).unwrap();
    let mut dst = vec![0; byte_len(&out, 4).unwrap()];
    broadcast(4, r(&x.shape, &bytes(&x)), &out, &[1], &mut dst);
    assert_eq!(dst, bytes(&eval("broadcast", &[x])));
}

#[test]
fn concat_matches() {
    let (a, b) = (sample(&[2, 3], I32), sample(&[2, 2], I32));
    let out = concat_shape(&[&a.shape, &b.shape], 1).unwrap();
    let mut dst = vec![0; byte_len(&out, 4).unwrap()];
    let (ab, bb) = (bytes(&a), bytes(&b));
    concat(4, &[r(&a.shape, &ab), r(&b.shape, &bb)], 1, &mut dst);
    assert_eq!(dst, bytes(&eval("concat", &[a, b])));
}

#[test]
fn slices_match() {
    let x = sample(&[4, 6], F32);
    let (o, s, st) = ([1, 5], [2, 3], [2, -2]);
    let out = slice_check(&x.shape, &o, &s, &st).unwrap();
    let mut dst = vec![0; byte_len(&out, 4).unwrap()];
    extract_slice(4, r(&x.shape, &bytes(&x)), &o, &s, &st, &mut dst);
    assert_eq!(dst, bytes(&eval("extract_slice", &[x])));

    let (src, d) = (sample(&[2, 2], F32), sample(&[4, 4], F32));
    let (o, s, st) = ([0, 1], [2, 2], [2, 1]);
    insert_slice_check(&src.shape, &d.shape, &o, &s, &st).unwrap();
    let mut dest = bytes(&d);
    insert_slice(4, &bytes(&src), &mut dest, &d.shape, &o, &s, &st);
    assert_eq!(dest, bytes(&eval("insert_slice", &[src, d])));
}

#[test]
fn pad_matches() {
    let x = sample(&[2, 3], F32);
    let out = pad_shape(&x.shape, &[1, 0], &[0, 2]).unwrap();
    let mut dst = vec![0; byte_len(&out, 4).unwrap()];
    pad(
        4,
        r(&x.shape, &bytes(&x)),
        &[1, 0],
        &[0, 2],
        &7.5f32.to_le_bytes(),
        &mut dst,
    );
    assert_eq!(dst, bytes(&eval("pad", &[x])));
}

#[test]
fn reductions_match() {
    let f16 = ElementKind::Float(FloatKind::F16);
    let (x, init) = (sample(&[4, 5], F16), sample(&[4], F16));
    let out = reduce_shape(f16, Combiner::AddF, &x.shape, &init.shape, &[1]).unwrap();
    let mut dst = vec![0; byte_len(&out, 2).unwrap()];
    reduce(
        f16,
        r(&x.shape, &bytes(&x)),
        &[1],
        Combiner::AddF,
        r(&init.shape, &bytes(&init)),
        &mut dst,
    );
    assert_eq!(dst, bytes(&eval("reduce_f16", &[x, init])));

    let (x, init) = (sample(&[3, 4, 2], I32), sample(&[4], I32));
    let out = reduce_shape(I32K, Combiner::MaxSI, &x.shape, &init.shape, &[0, 2]).unwrap();
    let mut dst = vec![0; byte_len(&out, 4).unwrap()];
    reduce(
        I32K,
        r(&x.shape, &bytes(&x)),
        &[0, 2],
        Combiner::MaxSI,
        r(&init.shape, &bytes(&init)),
        &mut dst,
    );
    assert_eq!(dst, bytes(&eval("reduce_i32", &[x, init])));
}

#[test]
fn matmuls_match() {
    let f16 = ElementKind::Float(FloatKind::F16);
    let (a, b, c) = (
        sample(&[3, 4], F16),
        sample(&[4, 5], F16),
        sample(&[3, 5], F16),
    );
    let out = matmul_shape(&a.shape, &b.shape, &c.shape).unwrap();
    let mut dst = vec![0; byte_len(&out, 2).unwrap()];
    matmul(
        f16,
        r(&a.shape, &bytes(&a)),
        r(&b.shape, &bytes(&b)),
        r(&c.shape, &bytes(&c)),
        &mut dst,
    );
    assert_eq!(dst, bytes(&eval("matmul_f16", &[a, b, c])));

    // f32 through the GEMM: equal within rounding (its summation order is its own).
    let f32k = ElementKind::Float(FloatKind::F32);
    let (a, b, c) = (
        sample(&[3, 4], F32),
        sample(&[4, 5], F32),
        sample(&[3, 5], F32),
    );
    let mut dst = vec![0; 60];
    matmul(
        f32k,
        r(&a.shape, &bytes(&a)),
        r(&b.shape, &bytes(&b)),
        r(&c.shape, &bytes(&c)),
        &mut dst,
    );
    let expected = eval("matmul_f32", &[a, b, c]).as_f64();
    for (g, e) in dst.chunks_exact(4).zip(expected) {
        let g = f32::from_le_bytes(g.try_into().unwrap()) as f64;
        assert!((g - e).abs() <= 1e-5 * e.abs().max(1.0), "{g} vs {e}");
    }

    let (a, b, c) = (
        sample(&[2, 2, 3], I32),
        sample(&[2, 3, 2], I32),
        sample(&[2, 2, 2], I32),
    );
    let out = batch_matmul_shape(&a.shape, &b.shape, &c.shape).unwrap();
    let mut dst = vec![0; byte_len(&out, 4).unwrap()];
    batch_matmul(
        I32K,
        r(&a.shape, &bytes(&a)),
        r(&b.shape, &bytes(&b)),
        r(&c.shape, &bytes(&c)),
        &mut dst,
    );
    assert_eq!(dst, bytes(&eval("batch_matmul", &[a, b, c])));
}
