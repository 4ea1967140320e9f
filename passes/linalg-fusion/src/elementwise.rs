//! `--convert-elementwise-to-linalg` (MLIR `ConvertElementwiseToLinalgPass`): an op with the
//! `ELEMENTWISE` trait whose operands and results are all ranked tensors becomes
//!
//! ```mlir
//! %e = tensor.empty(%d...) : tensor<?x4xf32>        // the result's shape; `?` from tensor.dim
//! %r = linalg.generic {indexing_maps = [identity per operand and result],
//!                      iterator_types = ["parallel", ...]}
//!        ins(%a, %b : ...) outs(%e : ...) {
//!      ^bb0(%x: f32, %y: f32, %out: f32):
//!        %s = arith.addf %x, %y : f32                  // the op, same name and attributes
//!        linalg.yield %s : f32
//!      } -> tensor<?x4xf32>
//! ```
//!
//! One difference from MLIR 22: MLIR writes into an operand of the result's type when there
//! is one (`getOrCreateOperandsMatchingResultTypes`); Weir always writes into a
//! `tensor.empty`, so that the operand stays an input only and
//! `--linalg-fuse-elementwise-ops` can fuse its producer (the JIT reuses the operand's buffer
//! anyway when it is at its last use). The sizes of `?` dimensions are `tensor.dim`s of the
//! first operand (the verifier made every operand's shape compatible with the result's; the
//! JIT checks the operands' sizes against each other at run time). The walk is one pass over
//! the ops.

use weir_dialect_arith::util::element_type;
use weir_ir::affine::{AffineExpr, AffineMap};
use weir_ir::{Context, InsertPoint, OpId, OpState, Traits, TypeKind, ValueId};

/// Converts every elementwise op on ranked tensors nested in `root` (see the module docs).
pub fn run(ctx: &mut Context, root: OpId) {
    for op in ctx.nested_ops(root) {
        if let Some(rank) = convertible(ctx, op) {
            convert(ctx, op, rank);
        }
    }
}

/// The rank of the op's tensors if `op` is elementwise with ranked tensor operands and
/// results only (at least one operand).
fn convertible(ctx: &Context, op: OpId) -> Option<usize> {
    if !ctx.has_traits(op, Traits::ELEMENTWISE) || ctx.operands(op).is_empty() {
        return None;
    }
    let rank = |v: ValueId| match ctx.type_kind(ctx.value_type(v)) {
        TypeKind::Tensor {
            shape: Some(dims), ..
        } => Some(dims.len()),
        _ => None,
    };
    let r = rank(ctx.results(op).first().copied()?)?;
    let all = ctx.operands(op).iter().chain(ctx.results(op));
    all.map(|&v| rank(v)).all(|x| x == Some(r)).then_some(r)
}

fn convert(ctx: &mut Context, op: OpId, rank: usize) {
    let loc = ctx.loc(op);
    let ins = ctx.operands(op).to_vec();
    let first = ins[0];
    // The inits: one tensor.empty per result.
    let mut outs = Vec::new();
    for r in ctx.results(op).to_vec() {
        let ty = ctx.value_type(r);
        let TypeKind::Tensor {
            shape: Some(dims), ..
        } = ctx.type_kind(ty).clone()
        else {
            unreachable!("convertible checked every result is a ranked tensor");
        };
        let mut sizes = Vec::new();
        for (i, d) in dims.iter().enumerate() {
            if d.is_none() {
                let index = ctx.index_type();
                let at = InsertPoint::Before(op);
                let attr = ctx.int_attr(i as i128, index);
                let c = weir_dialect_arith::build_constant(ctx, at, attr, loc.clone());
                sizes.push(weir_dialect_tensor::build_dim(
                    ctx,
                    first,
                    c,
                    loc.clone(),
                    at,
                ));
            }
        }
        let e =
            weir_dialect_tensor::build_empty(ctx, ty, &sizes, loc.clone(), InsertPoint::Before(op));
        outs.push(e);
    }
    // The body: the op on the elements.
    let arg_types: Vec<_> = ins
        .iter()
        .chain(&outs)
        .map(|&v| element_type(ctx, ctx.value_type(v)))
        .collect();
    let region = ctx.new_region();
    let block = ctx.new_block(&arg_types);
    ctx.append_block(region, block);
    let args = ctx.block_args(block).to_vec();
    let mut scalar = OpState::new(ctx.name(op), loc.clone());
    scalar.operands = args[..ins.len()].to_vec();
    scalar.attrs = ctx.attrs(op).to_vec();
    scalar.result_types = ctx
        .results(op)
        .iter()
        .map(|&r| element_type(ctx, ctx.value_type(r)))
        .collect();
    let s = ctx.build_op(scalar, InsertPoint::End(block));
    let values = ctx.results(s).to_vec();
    weir_dialect_linalg::build_yield(ctx, block, &values, &loc);
    let identity = AffineMap {
        num_dims: rank as u32,
        num_symbols: 0,
        results: (0..rank as u32).map(AffineExpr::Dim).collect(),
    };
    let maps = vec![identity; ins.len() + outs.len()];
    let generic = weir_dialect_linalg::build_generic(
        ctx,
        InsertPoint::Before(op),
        (&ins, &outs),
        maps,
        &vec![false; rank],
        region,
        loc,
    );
    let results = ctx.results(generic).to_vec();
    ctx.replace_op(op, &results);
}
