//! Helpers shared by the scf canonicalization patterns (the patterns themselves live in each
//! op's module): reading constants, finding a region's terminator, inlining a region before an
//! op and telling values defined outside an op. (Unused carried values and results are removed
//! by the generic pattern of `weir_ir::interfaces::region_branch`.)
//!
//! Constants are recognised through the registry (`CONSTANT_LIKE`, [`Context::constant_of`]) and,
//! as a fallback (arith not registered), as an `arith.constant` ([`weir_dialect_arith::ConstantOp`]).

use weir_ir::{Attr, AttrKind, BlockId, Context, OpId, ValueId};

/// The constant attribute `v` holds, if its defining op is a constant.
pub(crate) fn constant_attr(ctx: &Context, v: ValueId) -> Option<Attr> {
    if let Some(a) = ctx.constant_of(v) {
        return Some(a);
    }
    weir_dialect_arith::constant_value(ctx, ctx.defining_op(v)?)
}

/// The value of an `i1` constant.
pub(crate) fn constant_bool(ctx: &Context, v: ValueId) -> Option<bool> {
    match ctx.attr_kind(constant_attr(ctx, v)?) {
        AttrKind::Bool(b) => Some(*b),
        AttrKind::Integer { value, ty } if ctx.int_width(*ty) == Some(1) => Some(value & 1 != 0),
        _ => None,
    }
}

/// The value of an integer or `index` constant, as its attribute stores it (sign-extended from
/// the type's width for signless types).
pub(crate) fn constant_int(ctx: &Context, v: ValueId) -> Option<i128> {
    match ctx.attr_kind(constant_attr(ctx, v)?) {
        AttrKind::Integer { value, .. } => Some(*value),
        AttrKind::Bool(b) => Some(*b as i128),
        _ => None,
    }
}

/// The terminator of the single block of region `index` of `op` if it is a `name` op.
pub(crate) fn terminator(ctx: &Context, op: OpId, index: usize, name: &str) -> Option<OpId> {
    let region = *ctx.regions(op).get(index)?;
    let block = ctx.entry_block(region)?;
    ctx.last_op(block).filter(|&t| ctx.is(t, name))
}

pub(crate) use weir_ir::interfaces::region_branch::rebuild_op;

/// [`Context::inline_block_before`], except that terminator operands which are `block`'s own
/// arguments come back as the matching `args`. (The core helper returns the terminator's operands
/// as they were before the arguments were replaced, so a region that yields one of its block
/// arguments, e.g. `scf.yield %acc` or `scf.condition(%c) %x`, would give a stale value.)
pub(crate) fn inline_before(
    ctx: &mut Context,
    block: BlockId,
    op: OpId,
    args: &[ValueId],
) -> Vec<ValueId> {
    let block_args = ctx.block_args(block).to_vec();
    let values = ctx.inline_block_before(block, op, args);
    values
        .into_iter()
        .map(|v| {
            block_args
                .iter()
                .position(|&a| a == v)
                .map_or(v, |i| args[i])
        })
        .collect()
}

/// Whether `v` is defined outside `op`: neither in one of its regions (at any depth) nor a block
/// argument of one. Such a value dominates `op` (a use in a region needs a definition that
/// dominates the region's op), so ops using it may be built right before `op`.
pub(crate) fn defined_outside(ctx: &Context, v: ValueId, op: OpId) -> bool {
    match ctx.value_block(v).and_then(|b| ctx.block_parent_op(b)) {
        Some(p) => !ctx.is_ancestor(op, p),
        None => true,
    }
}
