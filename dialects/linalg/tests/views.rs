//! The linalg views on a verified program: expected values are read off the source text.

use weir_dialect_linalg::{IndexOp, Kind, StructuredOp};
use weir_ir::{AffineExpr, OpId};
use weir_test_support::{parse_verified, setup};

const SRC: &str = r#"
func.func @f(%a: tensor<4x8xf32>, %v: tensor<4xf32>, %t: tensor<8x4xf32>) -> tensor<4xf32> {
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%t : tensor<8x4xf32>) permutation = [1, 0]
  %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%v : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %i = linalg.index 1 : index
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
"#;

fn all_ops(ctx: &weir_ir::Context, root: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(op) = stack.pop() {
        out.push(op);
        for &r in ctx.regions(op) {
            for b in ctx.region_blocks(r) {
                stack.extend(ctx.ops(b));
            }
        }
    }
    out
}

#[test]
fn structured_views_read_the_verified_ops() {
    let (mut ctx, syntax) = setup();
    let m = parse_verified(&mut ctx, &syntax, SRC);
    let ops = all_ops(&ctx, m);
    let views: Vec<StructuredOp> = ops
        .iter()
        .filter_map(|&o| StructuredOp::of_any(&ctx, o))
        .collect();
    assert_eq!(views.len(), 2);
    let transpose = views
        .iter()
        .find(|v| v.kind(&ctx) == Kind::Transpose)
        .unwrap();
    let generic = views
        .iter()
        .find(|v| v.kind(&ctx) == Kind::Generic)
        .unwrap();
    // transpose: one input (%a), one init (%t), permutation [1, 0], two parallel loops.
    assert_eq!(transpose.inputs(&ctx).len(), 1);
    assert_eq!(transpose.outputs(&ctx).len(), 1);
    assert_eq!(transpose.dimensions(&ctx), vec![1, 0]);
    assert_eq!(transpose.reduction_loops(&ctx), vec![false, false]);
    // generic: maps (d0, d1) -> (d0, d1) and (d0, d1) -> (d0); loops parallel, reduction; the
    // body has one argument per operand and its result type is the outs type tensor<4xf32>.
    let maps = generic.indexing_maps(&ctx);
    assert_eq!(maps.len(), 2);
    assert_eq!(maps[1].results, vec![AffineExpr::Dim(0)]);
    assert_eq!(generic.reduction_loops(&ctx), vec![false, true]);
    assert_eq!(ctx.block_args(generic.body(&ctx)).len(), 2);
    let out = generic.outputs(&ctx)[0];
    assert_eq!(
        ctx.value_type(ctx.results(generic.op())[0]),
        ctx.value_type(out)
    );
    let index = ops.iter().find_map(|&o| IndexOp::of(&ctx, o)).unwrap();
    assert_eq!(index.dim(&ctx), 1);
}
