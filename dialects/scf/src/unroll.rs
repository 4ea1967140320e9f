//! Full unrolling of an `scf.for` with a constant trip count: one copy of the body per
//! iteration (SEMANTICS.md section 3). Used by `--scf-unroll` (`passes/unroll`) and by the
//! weir dialect's container resolution (a `for x in list` loop over a compile-time list).

use crate::ForOp;
use std::collections::HashMap;
use weir_ir::{BlockId, Context, InsertPoint, OpId, ValueId};

/// Copies the ops of `block` (a single-block region's block) before `at`, its arguments
/// replaced by `args`; returns the copied terminator's operands (mapped).
pub fn copy_block(ctx: &mut Context, block: BlockId, at: OpId, args: &[ValueId]) -> Vec<ValueId> {
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

/// Replaces `op` (an `scf.for` with constant lower bound and step and trip count `n`, e.g.
/// from [`crate::constant_trip_count`]) by `n` copies of its body; copy k sees the induction
/// variable `lb + k*step` as a constant. Returns `false` (and changes nothing) if the lower
/// bound or the step is not a constant.
pub fn unroll_for(ctx: &mut Context, op: ForOp, n: u64) -> bool {
    let (Some(lb), Some(step)) = (
        crate::constant_int(ctx, op.lower_bound(ctx)),
        crate::constant_int(ctx, op.step(ctx)),
    ) else {
        return false;
    };
    let inits = op.init_args(ctx).to_vec();
    let results = unroll_iterations(ctx, op, op.op(), lb, step, n, inits);
    ctx.replace_op(op.op(), &results);
    true
}

/// Copies the body of `for_op` `n` times before `at`, for induction values `first`,
/// `first + step`, ...; returns the loop-carried values after the last copy.
pub fn unroll_iterations(
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
        let loc = ctx.loc(at);
        let iv = weir_dialect_arith::build_int_constant(
            ctx,
            InsertPoint::Before(at),
            first + k * step,
            iv_ty,
            loc,
        );
        let mut args = vec![iv];
        args.extend(&carried);
        carried = copy_block(ctx, body, at, &args);
    }
    carried
}
