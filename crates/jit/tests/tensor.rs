//! End-to-end tensor programs at the CFG level (what `--convert-scf-to-cf` leaves), parsed,
//! compiled and run; expected values are computed by hand (written next to each case), and the
//! buffer pool's statistics show in-place updates and that nothing leaks.

use weir_ir::{ElementKind, FloatKind};
use weir_jit::{compile, JitValue, RuntimeErrorKind, Scalar, TensorValue};
use weir_syntax::{parse_module, ParseOptions};

fn module(src: &str) -> (weir_ir::Context, weir_ir::OpId) {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let m = parse_module(&mut ctx, &syntax, src, "t.mlir", 1, ParseOptions::default())
        .unwrap_or_else(|d| panic!("parse error: {}: {}", d.loc, d.message));
    weir_ir::verify(&ctx, m).unwrap_or_else(|d| panic!("verify: {}: {}", d.loc, d.message));
    (ctx, m)
}

fn f32s(shape: &[u64], v: &[f32]) -> JitValue {
    let data = v.iter().flat_map(|x| x.to_le_bytes()).collect();
    JitValue::Tensor(
        TensorValue::new(ElementKind::Float(FloatKind::F32), shape.to_vec(), data).unwrap(),
    )
}

fn as_f32s(v: &JitValue) -> (Vec<u64>, Vec<f32>) {
    let JitValue::Tensor(t) = v else {
        panic!("not a tensor: {v:?}")
    };
    let xs = t
        .data()
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    (t.shape().to_vec(), xs)
}

/// `x = x + 1.0` n times on a tensor<?xf32> argument: the loop updates x in place.
const ADD_LOOP: &str = r#"
func.func @f(%x0: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant dense<1.0> : tensor<4xf32>
  cf.br ^h(%c0, %x0 : index, tensor<?xf32>)
^h(%i: index, %x: tensor<?xf32>):
  %c = arith.cmpi slt, %i, %n : index
  cf.cond_br %c, ^body, ^exit
^body:
  %s = tensor.cast %x : tensor<?xf32> to tensor<4xf32>
  %y = arith.addf %s, %one : tensor<4xf32>
  %z = arith.mulf %y, %one : tensor<4xf32>
  %d = tensor.cast %z : tensor<4xf32> to tensor<?xf32>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^h(%i1, %d : index, tensor<?xf32>)
^exit:
  return %x : tensor<?xf32>
}
"#;

#[test]
fn loop_carried_tensor_is_updated_in_place() {
    let (ctx, m) = module(ADD_LOOP);
    let jit = compile(&ctx, m).unwrap_or_else(|d| panic!("{}", d.message));
    let mut allocs = Vec::new();
    for n in [1u64, 10, 1000] {
        let out = jit
            .call_values(
                "f",
                &[
                    f32s(&[4], &[1.0, 2.0, 3.0, 4.0]),
                    JitValue::Scalar(Scalar::index(n as i64)),
                ],
                None,
            )
            .unwrap();
        // x + n by hand.
        let k = n as f32;
        assert_eq!(
            as_f32s(&out[0]),
            (vec![4], vec![1.0 + k, 2.0 + k, 3.0 + k, 4.0 + k])
        );
        let st = jit.last_pool_stats();
        assert_eq!(st.leaked, 0, "{st:?}");
        allocs.push(st.fresh + st.reused);
    }
    // One buffer: the first trip copies the argument (borrowed from the caller, never
    // written), the later trips update that copy in place: no allocation per trip.
    assert_eq!(allocs, vec![1, 1, 1]);
}

/// A tensor argument is borrowed, not copied, by the run: the program's in-place updates and
/// its returning the argument itself leave the caller's value as it was.
#[test]
fn arguments_are_never_written() {
    let (ctx, m) = module(ADD_LOOP);
    let jit = compile(&ctx, m).unwrap_or_else(|d| panic!("{}", d.message));
    let x = f32s(&[4], &[1.0, 2.0, 3.0, 4.0]);
    for n in [0i64, 3, 3] {
        let out = jit
            .call_values("f", &[x.clone(), JitValue::Scalar(Scalar::index(n))], None)
            .unwrap();
        let k = n as f32;
        assert_eq!(
            as_f32s(&out[0]),
            (vec![4], vec![1.0 + k, 2.0 + k, 3.0 + k, 4.0 + k])
        );
        assert_eq!(as_f32s(&x), (vec![4], vec![1.0, 2.0, 3.0, 4.0]));
    }
    // Two borrowed arguments, %a read again after the op that could have updated it in place.
    let out = run1(
        "func.func @f(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {\n\
           %s = arith.addf %a, %b : tensor<2xf32>\n\
           %t = arith.addf %s, %a : tensor<2xf32>\n\
           return %t : tensor<2xf32>\n\
         }",
        &[f32s(&[2], &[1.0, 2.0]), f32s(&[2], &[1.0, 2.0])],
    );
    // 3 * [1, 2] by hand.
    assert_eq!(as_f32s(&out[0]), (vec![2], vec![3.0, 6.0]));
}

/// A shape mismatch between dynamic operands is a located runtime error naming both shapes.
#[test]
fn elementwise_shape_mismatch_is_a_runtime_error() {
    let src = r#"
func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %c = arith.addf %a, %b : tensor<?xf32>
  return %c : tensor<?xf32>
}
"#;
    let (ctx, m) = module(src);
    let jit = compile(&ctx, m).unwrap();
    let e = jit
        .call_values(
            "f",
            &[
                f32s(&[3], &[1.0, 2.0, 3.0]),
                f32s(&[4], &[1.0, 2.0, 3.0, 4.0]),
            ],
            None,
        )
        .unwrap_err();
    assert_eq!(e.kind, RuntimeErrorKind::ShapeMismatch);
    assert_eq!(
        e.message,
        "'arith.addf' operands have different shapes: (3) and (4)"
    );
    assert_eq!(e.loc.to_string(), "\"t.mlir\":3:8");
    assert_eq!(jit.last_pool_stats().live, 0);
}

/// extract at 5 of a (5) tensor: a located error naming the index and the shape.
#[test]
fn extract_out_of_bounds_is_a_runtime_error() {
    let src = r#"
func.func @f(%a: tensor<5xf32>, %i: index) -> f32 {
  %x = tensor.extract %a[%i] : tensor<5xf32>
  return %x : f32
}
"#;
    let (ctx, m) = module(src);
    let jit = compile(&ctx, m).unwrap();
    let a = f32s(&[5], &[1.0, 2.0, 3.0, 4.0, 5.0]);
    let ok = jit
        .call_values("f", &[a.clone(), JitValue::Scalar(Scalar::index(4))], None)
        .unwrap();
    assert_eq!(ok, vec![JitValue::Scalar(Scalar::F32(5.0))]);
    let e = jit
        .call_values("f", &[a, JitValue::Scalar(Scalar::index(5))], None)
        .unwrap_err();
    assert_eq!(e.kind, RuntimeErrorKind::IndexOutOfBounds);
    assert_eq!(
        e.message,
        "'tensor.extract' index out of bounds: index 5 is out of bounds for dimension 0 of shape (5)"
    );
}

fn run1(src: &str, args: &[JitValue]) -> Vec<JitValue> {
    let (ctx, m) = module(src);
    let jit = compile(&ctx, m).unwrap_or_else(|d| panic!("{}: {}", d.loc, d.message));
    let out = jit
        .call_values("f", args, None)
        .unwrap_or_else(|e| panic!("{}", e.message));
    let st = jit.last_pool_stats();
    assert_eq!((st.leaked, st.live), (0, 0), "{st:?}");
    out
}

/// linalg.reduce (sum over dim 1), broadcast, transpose, map, matmul: values by hand.
#[test]
fn linalg_ops_compute_their_definitions() {
    let x = f32s(&[2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    // Row sums: [1+2+3, 4+5+6] = [6, 15].
    let reduce = r#"
func.func @f(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %r = linalg.reduce ins(%x : tensor<2x3xf32>) outs(%i : tensor<2xf32>) dimensions = [1]
    (%a: f32, %acc: f32) {
      %s = arith.addf %a, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<2xf32>
}"#;
    assert_eq!(
        as_f32s(&run1(reduce, &[x.clone()])[0]),
        (vec![2], vec![6.0, 15.0])
    );
    // Transpose: [[1, 4], [2, 5], [3, 6]].
    let transpose = r#"
func.func @f(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %e = tensor.empty() : tensor<3x2xf32>
  %t = linalg.transpose ins(%x : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>) permutation = [1, 0]
  return %t : tensor<3x2xf32>
}"#;
    assert_eq!(
        as_f32s(&run1(transpose, &[x.clone()])[0]),
        (vec![3, 2], vec![1.0, 4.0, 2.0, 5.0, 3.0, 6.0])
    );
    // Broadcast of [1, 2] along a new dim 1 of size 3: [[1, 1, 1], [2, 2, 2]].
    let broadcast = r#"
func.func @f(%v: tensor<2xf32>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %b = linalg.broadcast ins(%v : tensor<2xf32>) outs(%e : tensor<2x3xf32>) dimensions = [1]
  return %b : tensor<2x3xf32>
}"#;
    assert_eq!(
        as_f32s(&run1(broadcast, &[f32s(&[2], &[1.0, 2.0])])[0]),
        (vec![2, 3], vec![1.0, 1.0, 1.0, 2.0, 2.0, 2.0])
    );
    // x · xᵀ = [[1+4+9, 4+10+18], [4+10+18, 16+25+36]] = [[14, 32], [32, 77]].
    let matmul = r#"
func.func @f(%x: tensor<2x3xf32>, %y: tensor<3x2xf32>) -> tensor<2x2xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %m = linalg.matmul ins(%x, %y : tensor<2x3xf32>, tensor<3x2xf32>) outs(%i : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %m : tensor<2x2xf32>
}"#;
    let y = f32s(&[3, 2], &[1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
    assert_eq!(
        as_f32s(&run1(matmul, &[x.clone(), y])[0]),
        (vec![2, 2], vec![14.0, 32.0, 32.0, 77.0])
    );
    // map (a, b) -> a * b + 1 on x and x: [2, 5, 10, 17, 26, 37].
    let map = r#"
func.func @f(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %m = linalg.map ins(%x, %x : tensor<2x3xf32>, tensor<2x3xf32>) outs(%e : tensor<2x3xf32>)
    (%a: f32, %b: f32, %o: f32) {
      %p = arith.mulf %a, %b : f32
      %q = arith.addf %p, %one : f32
      linalg.yield %q : f32
    }
  return %m : tensor<2x3xf32>
}"#;
    assert_eq!(
        as_f32s(&run1(map, &[x])[0]),
        (vec![2, 3], vec![2.0, 5.0, 10.0, 17.0, 26.0, 37.0])
    );
}

/// A fused chain x * 2 + 1 and a result used twice (both branches own a reference).
#[test]
fn fused_chain_and_shared_results() {
    let src = r#"
func.func @f(%x: tensor<3xf32>, %c: i1) -> (tensor<3xf32>, tensor<3xf32>) {
  %two = arith.constant dense<2.0> : tensor<3xf32>
  %one = arith.constant dense<1.0> : tensor<3xf32>
  %a = arith.mulf %x, %two : tensor<3xf32>
  %b = arith.addf %a, %one : tensor<3xf32>
  cf.cond_br %c, ^t, ^e
^t:
  return %b, %b : tensor<3xf32>, tensor<3xf32>
^e:
  return %b, %x : tensor<3xf32>, tensor<3xf32>
}"#;
    let x = f32s(&[3], &[1.0, 2.0, 3.0]);
    // 2x + 1 = [3, 5, 7].
    let t = run1(src, &[x.clone(), JitValue::Scalar(Scalar::bool(true))]);
    assert_eq!(as_f32s(&t[0]), (vec![3], vec![3.0, 5.0, 7.0]));
    assert_eq!(as_f32s(&t[1]), (vec![3], vec![3.0, 5.0, 7.0]));
    let e = run1(src, &[x, JitValue::Scalar(Scalar::bool(false))]);
    assert_eq!(as_f32s(&e[0]), (vec![3], vec![3.0, 5.0, 7.0]));
    assert_eq!(as_f32s(&e[1]), (vec![3], vec![1.0, 2.0, 3.0]));
}

/// Reshapes keep the row-major elements; 6 elements into (4, 2) is a located runtime error.
#[test]
fn reshapes_and_their_runtime_errors() {
    let src = r#"
func.func @f(%x: tensor<?xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  %r = tensor.reshape %x(%s) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}"#;
    let x = f32s(&[6], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let idx = |v: &[i64]| {
        let data = v.iter().flat_map(|x| x.to_le_bytes()).collect();
        JitValue::Tensor(TensorValue::new(ElementKind::Index, vec![v.len() as u64], data).unwrap())
    };
    let out = run1(src, &[x.clone(), idx(&[3, 2])]);
    assert_eq!(
        as_f32s(&out[0]),
        (vec![3, 2], vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    );
    let (ctx, m) = module(src);
    let jit = compile(&ctx, m).unwrap();
    let e = jit
        .call_values("f", &[x.clone(), idx(&[4, 2])], None)
        .unwrap_err();
    assert_eq!(e.kind, RuntimeErrorKind::ShapeMismatch);
    assert_eq!(
        e.message,
        "'tensor.reshape' cannot reshape: shape (6) into (4, 2)"
    );
    assert_eq!(jit.last_pool_stats().live, 0);

    // expand (6) -> (2, 3), then collapse back; x stays usable (a copy, not in place).
    let src = r#"
func.func @f(%x: tensor<6xf32>) -> (tensor<2x3xf32>, tensor<6xf32>, tensor<6xf32>) {
  %e = tensor.expand_shape %x [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  %c = tensor.collapse_shape %e [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  return %e, %c, %x : tensor<2x3xf32>, tensor<6xf32>, tensor<6xf32>
}"#;
    let out = run1(src, &[x]);
    let v = vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
    assert_eq!(as_f32s(&out[0]), (vec![2, 3], v.clone()));
    assert_eq!(as_f32s(&out[1]), (vec![6], v.clone()));
    assert_eq!(as_f32s(&out[2]), (vec![6], v));
}

/// concat, extract_slice (rank-reducing), insert_slice in a loop (in place), pad, matmul (GEMM):
/// values by hand; bounds errors located.
#[test]
fn movement_ops_and_their_errors() {
    let src = r#"
func.func @f(%x: tensor<2x3xf32>) -> (tensor<4x3xf32>, tensor<3xf32>, tensor<4x5xf32>) {
  %c = tensor.concat dim(0) %x, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %row = tensor.extract_slice %x[1, 0] [1, 3] [1, 1] : tensor<2x3xf32> to tensor<3xf32>
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f32
  } : tensor<2x3xf32> to tensor<4x5xf32>
  return %c, %row, %p : tensor<4x3xf32>, tensor<3xf32>, tensor<4x5xf32>
}"#;
    let x = f32s(&[2, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
    let out = run1(src, &[x]);
    let v = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
    let mut twice = v.to_vec();
    twice.extend(v);
    assert_eq!(as_f32s(&out[0]), (vec![4, 3], twice));
    assert_eq!(as_f32s(&out[1]), (vec![3], vec![4.0, 5.0, 6.0]));
    #[rustfmt::skip]
    let padded = vec![
        0.0, 0.0, 0.0, 0.0, 0.0,
        0.0, 1.0, 2.0, 3.0, 0.0,
        0.0, 4.0, 5.0, 6.0, 0.0,
        0.0, 0.0, 0.0, 0.0, 0.0,
    ];
    assert_eq!(as_f32s(&out[2]), (vec![4, 5], padded));

    // Row i of the result is i + 1 everywhere, written by insert_slice in a loop: the
    // destination is updated in place (one buffer for 100 rows).
    let rows = r#"
func.func @f(%n: index) -> tensor<?x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty(%n) : tensor<?x2xf32>
  cf.br ^h(%c0, %e : index, tensor<?x2xf32>)
^h(%i: index, %acc: tensor<?x2xf32>):
  %go = arith.cmpi slt, %i, %n : index
  cf.cond_br %go, ^b, ^x
^b:
  %i1 = arith.addi %i, %c1 : index
  %k = arith.index_cast %i1 : index to i64
  %f = arith.sitofp %k : i64 to f32
  %r = tensor.splat %f : tensor<1x2xf32>
  %u = tensor.insert_slice %r into %acc[%i, 0] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<?x2xf32>
  cf.br ^h(%i1, %u : index, tensor<?x2xf32>)
^x:
  return %acc : tensor<?x2xf32>
}"#;
    let (ctx, m) = module(rows);
    let jit = compile(&ctx, m).unwrap();
    let out = jit
        .call_values("f", &[JitValue::Scalar(Scalar::index(100))], None)
        .unwrap();
    let want: Vec<f32> = (1..=100).flat_map(|i| [i as f32, i as f32]).collect();
    assert_eq!(as_f32s(&out[0]), (vec![100, 2], want));
    let st = jit.last_pool_stats();
    // The accumulator plus one splat row buffer recycled through the pool.
    assert_eq!((st.fresh, st.leaked), (2, 0), "{st:?}");

    // Slicing past the end: located, with the kernel's description.
    let bad = r#"
func.func @f(%x: tensor<?xf32>, %o: index) -> tensor<2xf32> {
  %s = tensor.extract_slice %x[%o] [2] [1] : tensor<?xf32> to tensor<2xf32>
  return %s : tensor<2xf32>
}"#;
    let (ctx, m) = module(bad);
    let jit = compile(&ctx, m).unwrap();
    let e = jit
        .call_values(
            "f",
            &[
                f32s(&[3], &[1.0, 2.0, 3.0]),
                JitValue::Scalar(Scalar::index(2)),
            ],
            None,
        )
        .unwrap_err();
    assert_eq!(e.kind, RuntimeErrorKind::ShapeMismatch);
    eprintln!("{}", e.message);
    assert!(
        e.message.starts_with("'tensor.extract_slice' failed: "),
        "{}",
        e.message
    );
    assert_eq!(e.loc.to_string(), "\"t.mlir\":3:8");
}

/// Kernels long enough for the vector loop (16 f32 per trip) plus a scalar tail: n = 37.
#[test]
fn vector_loop_and_tail_agree_with_the_formula() {
    let src = r#"
func.func @f(%x: tensor<?xf32>) -> tensor<?xf32> {
  %c = arith.constant 3.0 : f32
  %n = arith.constant 0 : index
  %d = tensor.dim %x, %n : tensor<?xf32>
  %s = tensor.splat %c[%d] : tensor<?xf32>
  %a = arith.mulf %x, %s : tensor<?xf32>
  %b = arith.subf %a, %x : tensor<?xf32>
  %q = arith.divf %b, %s : tensor<?xf32>
  return %q : tensor<?xf32>
}"#;
    let xs: Vec<f32> = (0..37).map(|i| i as f32).collect();
    let out = run1(src, &[f32s(&[37], &xs)]);
    // (3x - x) / 3, rounded as f32 step by step.
    let want: Vec<f32> = xs.iter().map(|&x| (x * 3.0 - x) / 3.0).collect();
    assert_eq!(as_f32s(&out[0]), (vec![37], want));
}

/// math.exp on f32 tensors runs a polynomial on the vector lanes and the C library on the tail:
/// both within 2 ulp of the C library's expf (glibc's, correctly rounded in practice), on a grid
/// over the whole range, subnormal results, the overflow edge and the special values.
#[test]
fn vector_exp_is_within_two_ulp_of_the_c_library() {
    let src = r#"
func.func @f(%x: tensor<?xf32>) -> tensor<?xf32> {
  %e = math.exp %x : tensor<?xf32>
  return %e : tensor<?xf32>
}"#;
    let mut xs: Vec<f32> = (0..4000)
        .map(|i| -104.0 + i as f32 * (193.0 / 4000.0))
        .collect();
    xs.extend([
        0.0, -0.0, 1.0, -1.0, 88.72, 88.7228, 88.73, 89.0, -87.3, -100.0, -103.9, -110.0,
    ]);
    xs.extend([f32::INFINITY, f32::NEG_INFINITY, f32::NAN, 1e-30, -1e-30]);
    while xs.len() % 16 != 0 {
        xs.push(0.5);
    }
    let out = run1(src, &[f32s(&[xs.len() as u64], &xs)]);
    let (_, got) = as_f32s(&out[0]);
    for (x, y) in xs.iter().zip(got) {
        let want = x.exp();
        if want.is_nan() {
            assert!(y.is_nan(), "exp({x}) = {y}");
            continue;
        }
        let ulps = (want.to_bits() as i64 - y.to_bits() as i64).abs();
        assert!(
            ulps <= 2,
            "exp({x}) = {y}, the C library says {want} ({ulps} ulp)"
        );
    }
}

/// batch_matmul through the GEMM, accumulating into a non-zero init: by hand,
/// [1 2]·[5 6]ᵀ + 1 = 18 and [3 4]·[7 8]ᵀ + 1 = 54.
#[test]
fn batch_matmul_accumulates_into_its_init() {
    let src = r#"
func.func @f(%a: tensor<2x1x2xf32>, %b: tensor<2x2x1xf32>) -> tensor<2x1x1xf32> {
  %c = arith.constant dense<1.0> : tensor<2x1x1xf32>
  %m = linalg.batch_matmul ins(%a, %b : tensor<2x1x2xf32>, tensor<2x2x1xf32>) outs(%c : tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
  return %m : tensor<2x1x1xf32>
}"#;
    let a = f32s(&[2, 1, 2], &[1.0, 2.0, 3.0, 4.0]);
    let b = f32s(&[2, 2, 1], &[5.0, 6.0, 7.0, 8.0]);
    assert_eq!(
        as_f32s(&run1(src, &[a, b])[0]),
        (vec![2, 1, 1], vec![18.0, 54.0])
    );
}

/// Structured ops whose innermost loop runs on vectors plus a tail (a row of 37): broadcast
/// along either dimension, fill, and map with a scalar from outside its body.
#[test]
fn vectorized_linalg_loops_agree_with_the_definitions() {
    let src = r#"
func.func @f(%r: tensor<37xf32>, %c: tensor<2xf32>) -> (tensor<2x37xf32>, tensor<2x37xf32>, tensor<2x37xf32>) {
  %e = tensor.empty() : tensor<2x37xf32>
  %rows = linalg.broadcast ins(%r : tensor<37xf32>) outs(%e : tensor<2x37xf32>) dimensions = [0]
  %cols = linalg.broadcast ins(%c : tensor<2xf32>) outs(%e : tensor<2x37xf32>) dimensions = [1]
  %k = arith.constant 0.5 : f32
  %m = linalg.map ins(%rows, %cols : tensor<2x37xf32>, tensor<2x37xf32>) outs(%e : tensor<2x37xf32>)
    (%a: f32, %b: f32, %o: f32) {
      %p = arith.mulf %a, %b : f32
      %q = arith.addf %p, %k : f32
      linalg.yield %q : f32
    }
  return %rows, %cols, %m : tensor<2x37xf32>, tensor<2x37xf32>, tensor<2x37xf32>
}"#;
    let r: Vec<f32> = (0..37).map(|i| i as f32).collect();
    let out = run1(src, &[f32s(&[37], &r), f32s(&[2], &[2.0, -1.0])]);
    let rows: Vec<f32> = r.iter().chain(&r).copied().collect();
    let cols: Vec<f32> = [2.0f32; 37].iter().chain(&[-1.0f32; 37]).copied().collect();
    // rows * cols + 0.5 elementwise.
    let m: Vec<f32> = rows.iter().zip(&cols).map(|(a, b)| a * b + 0.5).collect();
    assert_eq!(as_f32s(&out[0]), (vec![2, 37], rows));
    assert_eq!(as_f32s(&out[1]), (vec![2, 37], cols));
    assert_eq!(as_f32s(&out[2]), (vec![2, 37], m));
}

/// tensor.generate with a dynamic extent: element (i, j) = 10 i + j + k (k from outside the
/// body), by hand.
#[test]
fn generate_runs_its_body_per_element() {
    let src = r#"
func.func @f(%n: index, %k: i32) -> tensor<?x3xi32> {
  %t = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c10 : index
    %b = arith.addi %a, %j : index
    %c = arith.index_cast %b : index to i32
    %d = arith.addi %c, %k : i32
    tensor.yield %d : i32
  } : tensor<?x3xi32>
  return %t : tensor<?x3xi32>
}"#;
    let out = run1(
        src,
        &[
            JitValue::Scalar(Scalar::index(2)),
            JitValue::Scalar(Scalar::i32(100)),
        ],
    );
    let JitValue::Tensor(t) = &out[0] else {
        panic!()
    };
    let v: Vec<i32> = t
        .data()
        .chunks_exact(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(
        (t.shape().to_vec(), v),
        (vec![2, 3], vec![100, 101, 102, 110, 111, 112])
    );
}

/// An output that is also an input of the same linalg op is read while the loops write: it is
/// not reused in place. xᵀ of [[1, 2, 3], [4, 5, 6], [7, 8, 9]] by hand.
#[test]
fn an_output_that_is_also_an_input_is_not_overwritten_while_read() {
    let src = r#"
func.func @f(%x: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %t = linalg.transpose ins(%x : tensor<3x3xf32>) outs(%x : tensor<3x3xf32>) permutation = [1, 0]
  return %t : tensor<3x3xf32>
}"#;
    let x = f32s(&[3, 3], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]);
    assert_eq!(
        as_f32s(&run1(src, &[x])[0]),
        (
            vec![3, 3],
            vec![1.0, 4.0, 7.0, 2.0, 5.0, 8.0, 3.0, 6.0, 9.0]
        )
    );
}

/// Reshape sizes that are negative or whose product wraps around 64 bits are located errors
/// (-1 · -6 = 6 and 4 · (2^62 + 1) = 4 mod 2^64 must not pass the element-count check).
#[test]
fn negative_or_overflowing_reshape_sizes_are_runtime_errors() {
    let src = r#"
func.func @f(%x: tensor<?xf32>, %s: tensor<2xindex>) -> tensor<?x?xf32> {
  %r = tensor.reshape %x(%s) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}"#;
    let idx = |v: &[i64]| {
        let data = v.iter().flat_map(|x| x.to_le_bytes()).collect();
        JitValue::Tensor(TensorValue::new(ElementKind::Index, vec![2], data).unwrap())
    };
    let (ctx, m) = module(src);
    let jit = compile(&ctx, m).unwrap();
    let six = f32s(&[6], &[0.0; 6]);
    let four = f32s(&[4], &[0.0; 4]);
    for (x, s) in [(six, [-1, -6]), (four, [4, (1 << 62) + 1])] {
        let e = jit.call_values("f", &[x, idx(&s)], None).unwrap_err();
        assert_eq!(e.kind, RuntimeErrorKind::ShapeMismatch, "{}", e.message);
        assert!(
            e.message.starts_with("'tensor.reshape' cannot reshape"),
            "{}",
            e.message
        );
        assert_eq!(jit.last_pool_stats().live, 0);
    }
}
