//! linalg folders on what the lit tests cannot hold: a rank-0 `linalg.transpose`
//! (`permutation = []`) folds to its input, as MLIR's `TransposeOp::fold` says for an empty
//! permutation (mlir-opt 22 itself crashes verifying such an op, so no lit input may contain
//! it: `scripts/check-mlir-compat` runs mlir-opt on every one).

use weir_dialect_linalg::{Kind, StructuredOp};
use weir_ir::FoldResult;
use weir_test_support::{parse_verified, setup};

#[test]
fn rank0_transpose_folds_to_its_input() {
    let (mut ctx, syntax) = setup();
    let module = parse_verified(
        &mut ctx,
        &syntax,
        r#"
func.func @f(%s: tensor<f32>, %o: tensor<f32>) -> tensor<f32> {
  %t = linalg.transpose ins(%s : tensor<f32>) outs(%o : tensor<f32>) permutation = []
  return %t : tensor<f32>
}
"#,
    );
    let func = ctx
        .first_op(ctx.entry_block(ctx.region(module, 0)).unwrap())
        .unwrap();
    let body = ctx.entry_block(ctx.region(func, 0)).unwrap();
    let op = ctx.first_op(body).unwrap();
    let t = StructuredOp::of_any(&ctx, op).unwrap();
    assert_eq!(t.kind(&ctx), Kind::Transpose);
    let input = t.inputs(&ctx)[0];
    let fold = ctx.op_def(ctx.name(op)).unwrap().fold.unwrap();
    assert_eq!(
        fold(&mut ctx, op, &[None, None]),
        Some(vec![FoldResult::Value(input)])
    );
}
