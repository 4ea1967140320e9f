//! Full unrolling: one copy of the body per iteration.

use weir_dialect_scf::{copy_block, WhileOp};
use weir_ir::{Context, InsertPoint, OpId, Type, ValueId};

/// The number of ops a copy of the loop's body holds (nested ops included, terminators not).
pub(crate) fn body_op_count(ctx: &Context, op: OpId) -> u64 {
    ctx.nested_ops(op)
        .iter()
        .filter(|&&o| !ctx.has_traits(o, weir_ir::Traits::TERMINATOR))
        .count() as u64
}

/// An `arith.constant value : ty` before `at`.
pub(crate) fn constant(ctx: &mut Context, at: OpId, value: i128, ty: Type) -> ValueId {
    let loc = ctx.loc(at);
    weir_dialect_arith::build_int_constant(ctx, InsertPoint::Before(at), value, ty, loc)
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
