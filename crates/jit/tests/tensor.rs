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
    // The argument's buffer is the only one: no allocation per trip.
    assert_eq!(allocs, vec![1, 1, 1]);
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
        "'arith.addf' operands have different shapes: shapes (3) and (4)"
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
