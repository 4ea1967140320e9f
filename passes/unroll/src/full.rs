//! Full unrolling: one copy of the body per iteration.

use std::collections::HashMap;
use weir_dialect_scf::{ForOp, WhileOp};
use weir_ir::{BlockId, Context, InsertPoint, OpId, Type, ValueId};

/// The number of ops a copy of the loop's body holds (nested ops included, terminators not).
pub(crate) fn body_op_count(ctx: &Context, op: OpId) -> u64 {
    ctx.nested_ops(op)
        .iter()
        .filter(|&&o| !ctx.has_traits(o, weir_ir::Traits::TERMINATOR))
        .count() as u64
}

/// Copies the ops of `block` (a single-block region's block) before `at`, its arguments
/// replaced by `args`; returns the copied terminator's operands (mapped).
pub(crate) fn copy_block(
    ctx: &mut Context,
    block: BlockId,
    at: OpId,
    args: &[ValueId],
) -> Vec<ValueId> {
    let mut map: HashMap<ValueId, ValueId> = ctx
        .block_args(block)
        .iter()
        .copied()
        .zip(args.iter().copied())
        .collect();
    let ops = ctx.block_ops(block);
    let Some((&terminator, body)) = ops.split_last() else {
        return Vec::new();
    };
    for &o in body {
        ctx.clone_op(o, InsertPoint::Before(at), &mut map);
    }
    ctx.operands(terminator)
        .iter()
        .map(|v| *map.get(v).unwrap_or(v))
        .collect()
}

/// An `arith.constant value : ty` before `at`.
pub(crate) fn constant(ctx: &mut Context, at: OpId, value: i128, ty: Type) -> ValueId {
    let loc = ctx.loc(at);
    weir_dialect_arith::build_int_constant(ctx, InsertPoint::Before(at), value, ty, loc)
}

/// Replaces `op` (an `scf.for` with constant lower bound and step and trip count `n`) by `n`
/// copies of its body; copy k sees the induction variable `lb + k*step` as a constant.
pub(crate) fn unroll_for(ctx: &mut Context, op: ForOp, n: u64) {
    let lb = weir_dialect_scf::constant_int(ctx, op.lower_bound(ctx))
        .expect("constant trip count implies a constant lb");
    let step = weir_dialect_scf::constant_int(ctx, op.step(ctx))
        .expect("constant trip count implies a constant step");
    let inits = op.init_args(ctx).to_vec();
    let results = unroll_iterations(ctx, op, op.op(), lb, step, n, inits);
    ctx.replace_op(op.op(), &results);
}

/// Copies the body of `for_op` `n` times before `at`, for induction values `first`,
/// `first + step`, ...; returns the loop-carried values after the last copy.
pub(crate) fn unroll_iterations(
    ctx: &mut Context,
    for_op: ForOp,
    at: OpId,
    first: i128,
    step: i128,
    n: u64,
    mut carried: Vec<ValueId>,
) -> Vec<ValueId> {
    let body = for_op.body(ctx);
    let iv_ty = ctx.value_type(for_op.lower_bound(ctx));
    for k in 0..n as i128 {
        let iv = constant(ctx, at, first + k * step, iv_ty);
        let mut args = vec![iv];
        args.extend(&carried);
        carried = copy_block(ctx, body, at, &args);
    }
    carried
}

/// Replaces `op` (an `scf.while` that runs its body exactly `n` times) by `n` copies of the
/// "before" and "after" regions, then one more copy of "before", whose forwarded values are the
/// results (its condition is false).
pub(crate) fn unroll_while(ctx: &mut Context, op: WhileOp, n: u64) {
    let before = op.before(ctx);
    let after = op.after(ctx);
    let mut carried = op.inits(ctx).to_vec();
    for _ in 0..n {
        let forwarded = copy_block(ctx, before, op.op(), &carried);
        carried = copy_block(ctx, after, op.op(), &forwarded[1..]);
    }
    let last = copy_block(ctx, before, op.op(), &carried);
    ctx.replace_op(op.op(), &last[1..]);
}
