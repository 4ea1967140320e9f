//! Helpers shared by the scf canonicalization patterns (the patterns themselves live in each
//! op's module): reading constants, rebuilding an op with fewer results, telling values defined
//! outside an op, and finding the dead cycle of an unused loop-carried value.
//!
//! Constants are recognised through the registry (`CONSTANT_LIKE`, [`Context::constant_of`]) and,
//! as a fallback (arith not registered), as an `arith.constant` ([`weir_dialect_arith::ConstantOp`]).

use std::collections::HashSet;
use weir_ir::{Attr, AttrKind, BlockId, Context, InsertPoint, OpId, OpState, Traits, ValueId};

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

/// Replaces `op` by a new op of the same name, location and attributes with `operands`, the
/// results of `op` for which `keep` is true (their uses move to the new op), and `op`'s regions
/// (their blocks are moved, not copied). The dropped results must be unused. Returns the new op.
pub(crate) fn rebuild_op(
    ctx: &mut Context,
    op: OpId,
    operands: Vec<ValueId>,
    keep: &[bool],
) -> OpId {
    let old_results = ctx.results(op).to_vec();
    debug_assert_eq!(old_results.len(), keep.len());
    let mut st = OpState::new(ctx.name(op), ctx.loc(op).clone());
    st.operands = operands;
    st.attrs = ctx.attrs(op).to_vec();
    st.result_types = old_results
        .iter()
        .zip(keep)
        .filter(|(_, &k)| k)
        .map(|(&r, _)| ctx.value_type(r))
        .collect();
    for r in ctx.regions(op).to_vec() {
        let nr = ctx.new_region();
        ctx.move_region_blocks(r, nr);
        st.regions.push(nr);
    }
    let new = ctx.build_op(st, InsertPoint::Before(op));
    let mut j = 0;
    for (&r, &k) in old_results.iter().zip(keep) {
        if k {
            let nr = ctx.result(new, j);
            ctx.replace_all_uses(r, nr);
            j += 1;
        } else {
            debug_assert!(ctx.is_unused(r), "rebuild_op: a dropped result is used");
        }
    }
    ctx.erase_op(op);
    new
}

/// `values` without the positions in `drop`.
pub(crate) fn without(values: &[ValueId], drop: &HashSet<usize>) -> Vec<ValueId> {
    values
        .iter()
        .enumerate()
        .filter(|(i, _)| !drop.contains(i))
        .map(|(_, &v)| v)
        .collect()
}

/// Whether `start` (a block argument of `block`) only feeds operand `sink_index` of `sink` (the
/// terminator of `block`): every use of it, and of the results of the ops that use it, is either
/// that operand or a `PURE` region-less op directly in `block` whose results do the same. Then
/// the value is a dead cycle of a loop once the loop result that observes it is unused.
///
/// Returns those ops in reverse block order (the order to erase them in), or `None` when any
/// other use exists (a use at another operand of `sink`, an op with side effects or regions, a
/// use in a nested region).
pub(crate) fn dead_chain(
    ctx: &Context,
    start: ValueId,
    block: BlockId,
    sink: OpId,
    sink_index: usize,
) -> Option<Vec<OpId>> {
    let mut chain: HashSet<OpId> = HashSet::new();
    let mut stack = vec![start];
    while let Some(v) = stack.pop() {
        for u in ctx.uses(v) {
            if u.op == sink {
                if u.operand as usize != sink_index {
                    return None;
                }
                continue;
            }
            if ctx.op_block(u.op) != Some(block)
                || !ctx.has_traits(u.op, Traits::PURE)
                || ctx.has_traits(u.op, Traits::TERMINATOR)
                || !ctx.regions(u.op).is_empty()
            {
                return None;
            }
            if chain.insert(u.op) {
                stack.extend(ctx.results(u.op).iter().copied());
            }
        }
    }
    let mut ordered: Vec<OpId> = ctx
        .block_ops(block)
        .into_iter()
        .filter(|o| chain.contains(o))
        .collect();
    ordered.reverse();
    Some(ordered)
}

/// Erases the ops of dead chains (each list in the order [`dead_chain`] gives; an op may appear
/// in several lists).
pub(crate) fn erase_chains(ctx: &mut Context, chains: &[Vec<OpId>]) {
    let mut all: Vec<OpId> = chains
        .iter()
        .flatten()
        .copied()
        .collect::<HashSet<_>>()
        .into_iter()
        .collect();
    // Users before the ops they use: erase the ops later in the block first. Every chain op is in
    // the same block, so their positions order them.
    if let Some(&first) = all.first() {
        if let Some(block) = ctx.op_block(first) {
            let pos: std::collections::HashMap<OpId, usize> = ctx
                .block_ops(block)
                .into_iter()
                .enumerate()
                .map(|(i, o)| (o, i))
                .collect();
            all.sort_by_key(|o| std::cmp::Reverse(pos.get(o).copied().unwrap_or(0)));
        }
    }
    for op in all {
        if !ctx.is_erased(op) {
            ctx.erase_op(op);
        }
    }
}

/// For an op whose regions each end with an `scf.yield` of its results (`scf.if`,
/// `scf.index_switch`): drops the unused results and the matching operands of every yield.
/// Returns whether anything changed.
pub(crate) fn drop_unused_results_of_yielding_op(ctx: &mut Context, op: OpId) -> bool {
    let n = ctx.results(op).len();
    let drop: HashSet<usize> = (0..n)
        .filter(|&i| ctx.is_unused(ctx.result(op, i)))
        .collect();
    if drop.is_empty() {
        return false;
    }
    let mut yields = Vec::new();
    for &r in ctx.regions(op) {
        let Some(b) = ctx.entry_block(r) else {
            continue;
        };
        match ctx.last_op(b) {
            Some(t) if ctx.is(t, "scf.yield") && ctx.operands(t).len() == n => yields.push(t),
            _ => return false,
        }
    }
    for y in yields {
        let kept = without(ctx.operands(y), &drop);
        ctx.set_operands(y, kept);
    }
    let keep: Vec<bool> = (0..n).map(|i| !drop.contains(&i)).collect();
    let operands = ctx.operands(op).to_vec();
    rebuild_op(ctx, op, operands, &keep);
    true
}

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
