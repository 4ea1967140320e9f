//! Canonicalization patterns of the cf dialect (MLIR `ControlFlowOps.cpp` and the block cleanups
//! of MLIR's region simplification).
//!
//! | root | pattern | kind | MLIR |
//! |---|---|---|---|
//! | `cf.cond_br` | constant condition -> `cf.br` to the taken successor | constant condition | `SimplifyConstCondBranchPred` |
//! | `cf.switch` | constant flag -> `cf.br` to the matching case or the default | constant condition | `SimplifyConstSwitchValue` |
//! | `cf.assert` | constant `true` -> erased (`false` is kept: it fails at run time) | constant condition | `AssertOp::canonicalize` |
//! | `cf.cond_br` | both successors the same block with the same operands -> `cf.br`; with different operands and no other predecessor -> `cf.br` with `arith.select`s | general | `SimplifyCondBranchIdenticalSuccessors` |
//! | `cf.switch` | no case -> `cf.br` to the default; cases that branch like the default dropped | general | `SimplifySwitchWithOnlyDefault`, `DropSwitchCasesThatMatchDefault` |
//! | `cf.switch` | in a block whose only predecessor edge is case `v` of a `cf.switch` on the same flag -> `cf.br` to this switch's successor for `v`; reached by the default edge -> the cases of the values the first switch handles dropped | general | `SimplifySwitchFromSwitchOnSameCondition`, `SimplifySwitchFromDefaultSwitchOnSameCondition` |
//! | `cf.br` | the successor has no other predecessor -> merged into this block | general | `SimplifyBrToBlockWithSinglePred` |
//! | any branch | a successor that only branches on (`^bb: cf.br ^next(..)`) is skipped | general | `SimplifyPassThroughBr`, `...CondBranch`, `...Switch` |
//! | the first branch of a region | blocks unreachable from the entry block are erased | constant condition | region simplification (`eraseUnreachableBlocks`) |
//! | the first branch of a region | dead block arguments (e.g. a loop-carried value that only feeds itself) are removed | general | region simplification (`runRegionDCE`) |
//!
//! A pattern that removes a CFG edge also erases the blocks that became unreachable: the blocks
//! left without predecessors and, transitively, the blocks only they branched to (at the cost of
//! what is erased). An unreachable loop keeps its back edge; the reachability walk from the entry
//! block, run once per region and round of the driver, erases it. Blocks are erased only together
//! with every block that uses their values (values of unreachable blocks can only be used in
//! unreachable blocks; if a malformed input says otherwise, nothing is erased).
//!
//! The region-wide patterns cost the size of the region and run from one op per region, so a
//! round of the driver stays linear in the size of the IR.

use crate::{build_br, set_all_successor_operands, switch_case_values};
use std::collections::{HashMap, HashSet};
use std::ops::Range;
use weir_ir::{
    AttrKind, BlockId, Context, InsertPoint, OpId, Pattern, RegionId, RewriteLog, Traits, ValueDef,
    ValueId,
};

/// Erases the blocks of the root's region that its entry block cannot reach (region simplification's `eraseUnreachableBlocks`), from the region's first branch; a constant-condition pattern of `cf.br`, `cf.cond_br` and `cf.switch`.
pub const ERASE_UNREACHABLE_BLOCKS: Pattern = Pattern {
    name: "cf-erase-unreachable-blocks",
    apply: region_unreachable_blocks,
};

/// `cf.cond_br` on a constant condition becomes a `cf.br` to the taken successor (MLIR `SimplifyConstCondBranchPred`): a constant-condition pattern.
pub const COND_BR_CONSTANT_CONDITION: Pattern = Pattern {
    name: "cf-cond-br-constant-condition",
    apply: cond_br_constant,
};

/// `cf.switch` on a constant flag becomes a `cf.br` to the matching case or the default (MLIR `SimplifyConstSwitchValue`): a constant-condition pattern.
pub const SWITCH_CONSTANT_FLAG: Pattern = Pattern {
    name: "cf-switch-constant-flag",
    apply: switch_constant,
};

/// `cf.assert` on a constant `true` is erased (MLIR `AssertOp::canonicalize`): a constant-condition pattern.
pub const ASSERT_CONSTANT_TRUE: Pattern = Pattern {
    name: "cf-assert-constant-true",
    apply: assert_true,
};

/// Patterns rooted at `cf.br`.
pub(crate) const BR_PATTERNS: &[Pattern] = &[
    Pattern {
        name: "cf-br-merge-single-predecessor",
        apply: merge_single_predecessor,
    },
    Pattern {
        name: "cf-pass-through-branch",
        apply: pass_through,
    },
    ERASE_UNREACHABLE_BLOCKS,
    Pattern {
        name: "cf-erase-dead-block-arguments",
        apply: region_dead_block_arguments,
    },
];

/// Patterns rooted at `cf.cond_br`.
pub(crate) const COND_BR_PATTERNS: &[Pattern] = &[
    COND_BR_CONSTANT_CONDITION,
    Pattern {
        name: "cf-pass-through-branch",
        apply: pass_through,
    },
    Pattern {
        name: "cf-cond-br-identical-successors",
        apply: cond_br_identical_successors,
    },
    ERASE_UNREACHABLE_BLOCKS,
    Pattern {
        name: "cf-erase-dead-block-arguments",
        apply: region_dead_block_arguments,
    },
];

/// Patterns rooted at `cf.switch`.
pub(crate) const SWITCH_PATTERNS: &[Pattern] = &[
    SWITCH_CONSTANT_FLAG,
    Pattern {
        name: "cf-switch-only-default",
        apply: switch_only_default,
    },
    Pattern {
        name: "cf-switch-drop-cases-matching-default",
        apply: switch_drop_default_cases,
    },
    Pattern {
        name: "cf-switch-from-switch-on-same-flag",
        apply: switch_from_switch_on_same_flag,
    },
    Pattern {
        name: "cf-pass-through-branch",
        apply: pass_through,
    },
    ERASE_UNREACHABLE_BLOCKS,
    Pattern {
        name: "cf-erase-dead-block-arguments",
        apply: region_dead_block_arguments,
    },
];

/// Patterns rooted at `cf.assert`.
pub(crate) const ASSERT_PATTERNS: &[Pattern] = &[ASSERT_CONSTANT_TRUE];

// ------------------------------------------------------------------------------ helpers

/// The value of a constant `i1` (or any integer: non-zero is true).
fn constant_bool(ctx: &Context, v: ValueId) -> Option<bool> {
    match ctx.attr_kind(ctx.constant_of(v)?) {
        AttrKind::Bool(b) => Some(*b),
        AttrKind::Integer { value, .. } => Some(*value != 0),
        _ => None,
    }
}

/// Whether the operands `op` passes to each successor match the successor's arguments in number
/// (malformed ops are left alone).
fn well_formed_branch(ctx: &Context, op: OpId) -> bool {
    well_formed_with(ctx, op, &ctx.successor_operand_ranges(op))
}

/// [`well_formed_branch`] given `op`'s successor operand ranges.
fn well_formed_with(ctx: &Context, op: OpId, ranges: &[Range<usize>]) -> bool {
    ctx.successors(op)
        .iter()
        .zip(ranges)
        .all(|(&s, r)| r.len() == ctx.block_args(s).len())
}

/// Replaces branch `op` by `cf.br` to its successor `index` with that successor's operands, then
/// erases the blocks that became unreachable.
fn replace_with_br(ctx: &mut Context, op: OpId, index: usize) -> bool {
    let Some(&dest) = ctx.successors(op).get(index) else {
        return false;
    };
    if !well_formed_branch(ctx, op) || ctx.op_block(op).is_none() {
        return false;
    }
    let args = ctx.successor_operands(op, index).to_vec();
    let dropped: Vec<BlockId> = ctx
        .successors(op)
        .iter()
        .copied()
        .filter(|&s| s != dest)
        .collect();
    let loc = ctx.loc(op);
    build_br(ctx, InsertPoint::Before(op), dest, &args, loc);
    ctx.erase_op(op);
    erase_blocks_that_lost_edges(ctx, &dropped);
    true
}

/// The top-level block of `region` that contains `op` (directly or nested), if any.
fn ancestor_block_in(ctx: &Context, mut op: OpId, region: RegionId) -> Option<BlockId> {
    loop {
        let b = ctx.op_block(op)?;
        if ctx.block_region(b) == Some(region) {
            return Some(b);
        }
        op = ctx.block_parent_op(b)?;
    }
}

/// Erases `dead` (blocks of `region`) if no value defined in them is used outside them.
fn erase_block_set(ctx: &mut Context, region: RegionId, dead: &[BlockId]) -> bool {
    if dead.is_empty() {
        return false;
    }
    let set: HashSet<BlockId> = dead.iter().copied().collect();
    let used_outside = |ctx: &Context, v: ValueId| {
        ctx.uses(v)
            .iter()
            .any(|u| ancestor_block_in(ctx, u.op, region).is_none_or(|b| !set.contains(&b)))
    };
    for &b in dead {
        if ctx.block_args(b).iter().any(|&a| used_outside(ctx, a)) {
            return false;
        }
        for op in ctx.block_ops(b) {
            let mut all = vec![op];
            all.extend(ctx.nested_ops(op));
            for o in all {
                if ctx.results(o).iter().any(|&r| used_outside(ctx, r)) {
                    return false;
                }
            }
        }
    }
    for &b in dead {
        ctx.erase_block(b);
    }
    true
}

/// The successors of every op of `block` (only its terminator has some in valid IR).
fn block_successors(ctx: &Context, block: BlockId) -> Vec<BlockId> {
    let mut out = Vec::new();
    let mut cur = ctx.first_op(block);
    while let Some(op) = cur {
        out.extend_from_slice(ctx.successors(op));
        cur = ctx.next_op(op);
    }
    out
}

/// Whether `block` is live and the entry block of its region.
fn is_entry(ctx: &Context, block: BlockId) -> bool {
    ctx.block_region(block).and_then(|r| ctx.entry_block(r)) == Some(block)
}

/// After edges to `blocks` were removed: erases the blocks left without predecessors and,
/// transitively, the blocks all of whose predecessors were erased. (An unreachable loop keeps
/// its back edge: the once-per-region [`erase_unreachable_blocks`] pattern takes it.) Costs the
/// size of what it erases.
fn erase_blocks_that_lost_edges(ctx: &mut Context, blocks: &[BlockId]) -> bool {
    let mut changed = false;
    for &start in blocks {
        let Some(region) = ctx.block_region(start) else {
            continue;
        };
        if is_entry(ctx, start) || !ctx.predecessors(start).is_empty() {
            continue;
        }
        let mut set: Vec<BlockId> = Vec::new();
        let mut in_set: HashSet<BlockId> = HashSet::new();
        let mut work = vec![start];
        while let Some(b) = work.pop() {
            if !in_set.insert(b) {
                continue;
            }
            set.push(b);
            for s in block_successors(ctx, b) {
                if in_set.contains(&s) || is_entry(ctx, s) || ctx.block_region(s) != Some(region) {
                    continue;
                }
                let all_preds_dead = ctx
                    .predecessors(s)
                    .iter()
                    .all(|&(p, _)| ctx.op_block(p).is_some_and(|pb| in_set.contains(&pb)));
                if all_preds_dead {
                    work.push(s);
                }
            }
        }
        changed |= erase_block_set(ctx, region, &set);
    }
    changed
}

/// Erases the blocks of `region` that are unreachable from its entry block (MLIR
/// `eraseUnreachableBlocks`); returns whether any was erased.
pub fn erase_unreachable_blocks(ctx: &mut Context, region: RegionId) -> bool {
    let Some(entry) = ctx.entry_block(region) else {
        return false;
    };
    if ctx.next_block(entry).is_none() {
        return false;
    }
    let mut reached: HashSet<BlockId> = HashSet::new();
    let mut stack = vec![entry];
    while let Some(b) = stack.pop() {
        if !reached.insert(b) {
            continue;
        }
        for s in block_successors(ctx, b) {
            if !reached.contains(&s) && ctx.block_region(s) == Some(region) {
                stack.push(s);
            }
        }
    }
    let dead: Vec<BlockId> = ctx
        .region_blocks(region)
        .into_iter()
        .filter(|b| !reached.contains(b))
        .collect();
    erase_block_set(ctx, region, &dead)
}

// ------------------------------------------------------------------------------ patterns

fn cond_br_constant(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    if ctx.operands(op).is_empty() || ctx.successors(op).len() != 2 {
        return false;
    }
    let Some(c) = constant_bool(ctx, ctx.operand(op, 0)) else {
        return false;
    };
    replace_with_br(ctx, op, if c { 0 } else { 1 })
}

fn switch_constant(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    let Some(&flag) = ctx.operands(op).first() else {
        return false;
    };
    let Some(a) = ctx.constant_of(flag) else {
        return false;
    };
    let flag_value = match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => *value,
        AttrKind::Bool(b) => *b as i128,
        _ => return false,
    };
    match successor_for_value(ctx, op, flag_value) {
        Some(index) => replace_with_br(ctx, op, index),
        None => false,
    }
}

/// The successor position `cf.switch` `op` takes when its flag is `value`: the first case of
/// that value (compared in the flag's width), else 0 (the default). `None` when the case values
/// are malformed.
fn successor_for_value(ctx: &Context, op: OpId, value: i128) -> Option<usize> {
    let flag = *ctx.operands(op).first()?;
    let cases = switch_case_values(ctx, op)?;
    if cases.len() + 1 != ctx.successors(op).len() {
        return None;
    }
    let width = ctx.int_width(ctx.value_type(flag)).unwrap_or(128);
    Some(
        cases
            .iter()
            .position(|&c| flag_bits(width, c) == flag_bits(width, value))
            .map_or(0, |i| i + 1),
    )
}

/// Case value `v` as the low `width` bits of a flag of that width (how cases compare).
fn flag_bits(width: u32, v: i128) -> u128 {
    if width >= 128 {
        v as u128
    } else {
        (v as u128) & ((1u128 << width) - 1)
    }
}

/// A `cf.switch` whose block is entered only through one edge of another `cf.switch` on the same
/// flag knows something of the flag: through case `v` it is `v`, so this switch becomes a
/// `cf.br` to its successor for `v`; through the default it is none of the first switch's case
/// values, so this switch's cases for those values are dropped. MLIR
/// `SimplifySwitchFromSwitchOnSameCondition` and `SimplifySwitchFromDefaultSwitchOnSameCondition`
/// (one predecessor edge, as MLIR's `getSinglePredecessor`).
fn switch_from_switch_on_same_flag(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    let Some(block) = ctx.op_block(op) else {
        return false;
    };
    let &[(pred, edge)] = ctx.predecessors(block) else {
        return false;
    };
    if pred == op
        || !ctx.is(pred, "cf.switch")
        || ctx.operands(pred).first() != ctx.operands(op).first()
    {
        return false;
    }
    let (Some(pred_values), Some(values)) =
        (switch_case_values(ctx, pred), switch_case_values(ctx, op))
    else {
        return false;
    };
    if edge > 0 {
        let Some(&v) = pred_values.get(edge as usize - 1) else {
            return false;
        };
        return match successor_for_value(ctx, op, v) {
            Some(index) => replace_with_br(ctx, op, index),
            None => false,
        };
    }
    // Entered by the default edge: a case of this switch whose value the first switch handles
    // cannot be taken.
    if values.len() + 1 != ctx.successors(op).len() || !well_formed_branch(ctx, op) {
        return false;
    }
    let width = ctx
        .int_width(ctx.value_type(ctx.operand(op, 0)))
        .unwrap_or(128);
    let handled: HashSet<u128> = pred_values.iter().map(|&v| flag_bits(width, v)).collect();
    let (mut keep, mut dropped) = (Vec::new(), Vec::new());
    for (i, &v) in values.iter().enumerate() {
        if handled.contains(&flag_bits(width, v)) {
            dropped.push(ctx.successors(op)[i + 1]);
        } else {
            keep.push(i + 1);
        }
    }
    if dropped.is_empty() {
        return false;
    }
    rebuild_switch(ctx, op, &values, &keep);
    erase_blocks_that_lost_edges(ctx, &dropped);
    true
}

fn assert_true(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    match ctx.operands(op).first() {
        Some(&c) if constant_bool(ctx, c) == Some(true) && ctx.results(op).is_empty() => {
            ctx.erase_op(op);
            true
        }
        _ => false,
    }
}

fn cond_br_identical_successors(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    let succs = ctx.successors(op).to_vec();
    if succs.len() != 2
        || succs[0] != succs[1]
        || ctx.operands(op).is_empty()
        || !well_formed_branch(ctx, op)
    {
        return false;
    }
    let Some(block) = ctx.op_block(op) else {
        return false;
    };
    let dest = succs[0];
    let t = ctx.successor_operands(op, 0).to_vec();
    let f = ctx.successor_operands(op, 1).to_vec();
    let cond = ctx.operand(op, 0);
    let loc = ctx.loc(op);
    let merged = if t == f {
        t
    } else {
        // Selects are only valid when this block is the destination's only predecessor.
        if ctx
            .predecessors(dest)
            .iter()
            .any(|&(p, _)| ctx.op_block(p) != Some(block))
        {
            return false;
        }
        let mut merged = Vec::with_capacity(t.len());
        for (&a, &b) in t.iter().zip(&f) {
            if a == b {
                merged.push(a);
                continue;
            }
            let at = InsertPoint::Before(op);
            merged.push(weir_dialect_arith::build_select(
                ctx,
                at,
                cond,
                a,
                b,
                loc.clone(),
            ));
        }
        merged
    };
    build_br(ctx, InsertPoint::Before(op), dest, &merged, loc);
    ctx.erase_op(op);
    true
}

fn switch_only_default(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    if ctx.successors(op).len() != 1 || ctx.operands(op).is_empty() {
        return false;
    }
    replace_with_br(ctx, op, 0)
}

fn switch_drop_default_cases(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    let succs = ctx.successors(op).to_vec();
    let Some(values) = switch_case_values(ctx, op) else {
        return false;
    };
    let ranges = ctx.successor_operand_ranges(op);
    if succs.len() < 2 || values.len() + 1 != succs.len() || !well_formed_with(ctx, op, &ranges) {
        return false;
    }
    let operands = ctx.operands(op);
    let default_ops = &operands[ranges[0].clone()];
    let keep: Vec<usize> = (1..succs.len())
        .filter(|&i| !(succs[i] == succs[0] && &operands[ranges[i].clone()] == default_ops))
        .collect();
    if keep.len() + 1 == succs.len() {
        return false;
    }
    rebuild_switch(ctx, op, &values, &keep);
    true
}

/// Replaces `op`, a well-formed `cf.switch` with case `values`, by a `cf.switch` with the same
/// flag, default and other attributes and only the cases at successor positions `keep` (1-based,
/// ascending).
fn rebuild_switch(ctx: &mut Context, op: OpId, values: &[i128], keep: &[usize]) {
    let succs = ctx.successors(op).to_vec();
    let mut groups = crate::successor_operand_groups(ctx, op);
    let default_ops = std::mem::take(&mut groups[0]);
    let cases: Vec<crate::SwitchCase> = keep
        .iter()
        .map(|&i| (values[i - 1], succs[i], std::mem::take(&mut groups[i])))
        .collect();
    let flag = ctx.operand(op, 0);
    let loc = ctx.loc(op);
    let new = crate::build_switch(
        ctx,
        InsertPoint::Before(op),
        flag,
        succs[0],
        &default_ops,
        cases,
        loc,
    );
    for a in ctx.attrs(op).to_vec() {
        if !matches!(
            ctx.attr_name_str(a.name),
            "case_values" | "case_operand_segments" | "operandSegmentSizes"
        ) {
            ctx.set_named_attr(new, a);
        }
    }
    ctx.erase_op(op);
}

/// `^succ` if it holds only `cf.br ^next(ops)` (MLIR `collapseBranch`): `^next` and the operands
/// for it, given the operands passed to `^succ`. Not when `^succ`'s arguments are used elsewhere.
/// (Whether the chain of such blocks loops is [`chain_loops`]'s question.)
fn collapse_branch(
    ctx: &Context,
    succ: BlockId,
    operands: &[ValueId],
) -> Option<(BlockId, Vec<ValueId>)> {
    let br = forwarding_br(ctx, succ)?;
    let next = ctx.successors(br)[0];
    let args = ctx.block_args(succ);
    if args.len() != operands.len() || ctx.operands(br).len() != ctx.block_args(next).len() {
        return None;
    }
    if args.iter().any(|&a| ctx.uses(a).iter().any(|u| u.op != br)) {
        return None;
    }
    let new = ctx
        .operands(br)
        .iter()
        .map(|&v| match args.iter().position(|&a| a == v) {
            Some(i) => operands[i],
            None => v,
        })
        .collect();
    Some((next, new))
}

/// The block a forwarding block branches to (see [`forwarding_br`]).
fn forwarded_to(ctx: &Context, block: BlockId) -> Option<BlockId> {
    forwarding_br(ctx, block).map(|br| ctx.successors(br)[0])
}

/// Whether following forwarding blocks from `block` never reaches a block that does not
/// forward (the chain ends in a cycle: an empty infinite loop). Floyd's cycle detection: linear
/// in the chain, no set.
fn chain_loops(ctx: &Context, block: BlockId) -> bool {
    let (mut slow, mut fast) = (block, block);
    loop {
        let Some(f) = forwarded_to(ctx, fast).and_then(|b| forwarded_to(ctx, b)) else {
            return false;
        };
        fast = f;
        let Some(s) = forwarded_to(ctx, slow) else {
            return false;
        };
        slow = s;
        if slow == fast {
            return true;
        }
    }
}

/// The `cf.br` of `block` if it is the block's only op and does not branch to the block itself.
fn forwarding_br(ctx: &Context, block: BlockId) -> Option<OpId> {
    let br = ctx.first_op(block)?;
    if ctx.last_op(block) != Some(br) || !ctx.is(br, "cf.br") || ctx.successors(br).len() != 1 {
        return None;
    }
    (ctx.successors(br)[0] != block).then_some(br)
}

/// Skips the forwarding blocks a branch's successors lead to (MLIR `SimplifyPassThroughBr`,
/// `...CondBranch`, `...Switch`). MLIR moves each successor one block on per application and
/// lets the driver revisit the op; here one application takes as many hops as that sequence
/// of applications would and sets the successors and their operands once, so a branch into a
/// chain of `k` forwarding blocks costs O(k) once, not O(k) per hop, and a switch with `n`
/// cases O(n) in all. A hop stops where a pattern that comes before this one in the op's list
/// might apply had the successor been moved on to `dest` (the next hop waits for the driver's
/// next visit, which tries that pattern first): `cf.br`'s merge into a block with one
/// predecessor (`dest` has none yet), and `cf.switch`'s dropping of cases that branch like
/// the default (another successor of the switch already is `dest`). A chain that ends in a
/// cycle is left alone.
fn pass_through(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    let ranges = ctx.successor_operand_ranges(op);
    if !well_formed_with(ctx, op, &ranges) {
        return false;
    }
    let (is_br, is_switch) = (ctx.is(op, "cf.br"), ctx.is(op, "cf.switch"));
    // For a switch: how many of its successors are each block.
    let mut edges: HashMap<BlockId, usize> = HashMap::new();
    if is_switch {
        for &s in ctx.successors(op) {
            *edges.entry(s).or_default() += 1;
        }
    }
    let nsucc = ctx.successors(op).len();
    let mut dropped = Vec::new();
    let mut moved: Vec<(usize, Vec<ValueId>)> = Vec::new();
    for (i, range) in ranges.into_iter().enumerate() {
        let first = ctx.successors(op)[i];
        if forwarding_br(ctx, first).is_none() || chain_loops(ctx, first) {
            continue;
        }
        let mut succ = first;
        let mut operands = ctx.operands(op)[range].to_vec();
        let hops = dropped.len();
        while let Some((next, new)) = collapse_branch(ctx, succ, &operands) {
            dropped.push(succ);
            let stop = if is_br {
                ctx.predecessors(next).is_empty()
            } else {
                // Another successor than `i` (still `first` in `edges`) already is `next`.
                is_switch && edges.get(&next).copied().unwrap_or(0) > usize::from(next == first)
            };
            (succ, operands) = (next, new);
            if stop {
                break;
            }
        }
        if dropped.len() > hops {
            if is_switch {
                *edges.entry(first).or_default() -= 1;
                *edges.entry(succ).or_default() += 1;
            }
            ctx.set_successor(op, i, succ);
            moved.push((i, operands));
        }
    }
    if dropped.is_empty() {
        return false;
    }
    let mut groups = crate::successor_operand_groups(ctx, op);
    debug_assert_eq!(groups.len(), nsucc);
    for (i, operands) in moved {
        groups[i] = operands;
    }
    set_all_successor_operands(ctx, op, groups);
    erase_blocks_that_lost_edges(ctx, &dropped);
    true
}

fn merge_single_predecessor(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    let (Some(block), [dest]) = (ctx.op_block(op), ctx.successors(op)) else {
        return false;
    };
    let dest = *dest;
    if dest == block
        || ctx.predecessors(dest).len() != 1
        || is_entry(ctx, dest)
        || ctx.block_region(dest) != ctx.block_region(block)
        || ctx.last_op(block) != Some(op)
        || ctx.block_args(dest).len() != ctx.operands(op).len()
    {
        return false;
    }
    // In unreachable code (a cycle the entry block does not reach) this block may use values of
    // `dest`, even pass them to it: merging would put uses before definitions. Leave those to
    // the unreachable-block erasure.
    let region = ctx
        .block_region(block)
        .expect("a block of the function being rewritten is in its region");
    let used_here = |ctx: &Context, v: ValueId| {
        ctx.uses(v)
            .iter()
            .any(|u| ancestor_block_in(ctx, u.op, region) == Some(block))
    };
    if ctx.block_args(dest).iter().any(|&a| used_here(ctx, a))
        || ctx
            .block_ops(dest)
            .iter()
            .any(|&o| ctx.results(o).iter().any(|&r| used_here(ctx, r)))
    {
        return false;
    }
    let args = ctx.operands(op).to_vec();
    ctx.erase_op(op);
    ctx.inline_block(dest, InsertPoint::End(block), &args);
    true
}

/// The region of `op` if `op` is the op that runs the once-per-region cleanups: the branch that
/// terminates the region's first block ending in a cf branch (normally the entry block; when
/// the entry block returns, unreachable blocks follow it). So a round of the driver walks each
/// region once, like MLIR's region simplification between rounds of its greedy driver.
fn region_root(ctx: &Context, op: OpId) -> Option<RegionId> {
    let region = ctx.op_block(op).and_then(|b| ctx.block_region(b))?;
    let mut cur = ctx.entry_block(region);
    while let Some(b) = cur {
        match ctx.last_op(b) {
            Some(t) if is_cf_branch(ctx, t) => return (t == op).then_some(region),
            _ => cur = ctx.next_block(b),
        }
    }
    None
}

fn region_unreachable_blocks(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    region_root(ctx, op).is_some_and(|r| erase_unreachable_blocks(ctx, r))
}

fn region_dead_block_arguments(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    region_root(ctx, op).is_some_and(|r| erase_dead_block_arguments(ctx, r))
}

fn is_cf_branch(ctx: &Context, op: OpId) -> bool {
    matches!(ctx.name_str(op), "cf.br" | "cf.cond_br" | "cf.switch")
}

/// A cf branch of the region [`erase_dead_block_arguments`] works on: its successors' operand
/// ranges, the successor each operand goes to (`None` for the condition or flag), and whether
/// it passes each successor as many operands as the successor has arguments.
struct Branch {
    ranges: Vec<Range<usize>>,
    to: Vec<Option<usize>>,
    well_formed: bool,
}

/// Removes the arguments of `region`'s blocks whose values are dead, with the operands the
/// branches pass to them, and the pure ops computing only dead values (MLIR `runRegionDCE`). A
/// value is live when an op with side effects, a terminator other than a cf branch, an op with
/// regions or an op nested in another region uses it, when a branch uses it as its condition or
/// flag, when a live block argument receives it, or when a pure op with a live result uses it.
/// So a loop-carried value that only feeds itself is dead. Only arguments of non-entry blocks
/// whose predecessors are all cf branches of this region are removed.
pub fn erase_dead_block_arguments(ctx: &mut Context, region: RegionId) -> bool {
    let blocks = ctx.region_blocks(region);
    if blocks.len() < 2 {
        return false;
    }
    let in_region =
        |ctx: &Context, o: OpId| ctx.op_block(o).and_then(|b| ctx.block_region(b)) == Some(region);
    // The cf branches of the region, each with the successor of each of its operands (`None`
    // for the condition or flag), and whether it is well formed: computed once per branch, so
    // the work stays linear in a branch's successors however many of them enter one block.
    let mut branches: HashMap<OpId, Branch> = HashMap::new();
    for &b in &blocks {
        for o in ctx.block_ops(b) {
            if is_cf_branch(ctx, o) {
                let ranges = ctx.successor_operand_ranges(o);
                let mut to = vec![None; ctx.operands(o).len()];
                for (i, r) in ranges.iter().enumerate() {
                    for slot in &mut to[r.clone()] {
                        slot.get_or_insert(i);
                    }
                }
                let well_formed = well_formed_with(ctx, o, &ranges);
                branches.insert(
                    o,
                    Branch {
                        ranges,
                        to,
                        well_formed,
                    },
                );
            }
        }
    }
    let eligible: HashSet<BlockId> = blocks[1..]
        .iter()
        .copied()
        .filter(|&b| {
            !ctx.block_args(b).is_empty()
                && ctx
                    .predecessors(b)
                    .iter()
                    .all(|&(p, _)| branches.get(&p).is_some_and(|br| br.well_formed))
        })
        .collect();
    if eligible.is_empty() {
        return false;
    }
    // A pure op whose operands are live only if one of its results is.
    let removable_op = |ctx: &Context, o: OpId| {
        weir_ir::interfaces::memory_effects::is_pure(ctx, o)
            && !ctx.has_traits(o, Traits::TERMINATOR)
            && ctx.regions(o).is_empty()
            && !ctx.results(o).is_empty()
    };
    let mut live: HashSet<ValueId> = HashSet::new();
    let mut work: Vec<ValueId> = Vec::new();
    let mark = |v: ValueId, live: &mut HashSet<ValueId>, work: &mut Vec<ValueId>| {
        if live.insert(v) {
            work.push(v);
        }
    };
    for &b in &blocks {
        for &a in ctx.block_args(b) {
            // Entry and ineligible block arguments, and arguments used from nested regions.
            let used_nested = ctx.uses(a).iter().any(|u| !in_region(ctx, u.op));
            if !eligible.contains(&b) || used_nested {
                mark(a, &mut live, &mut work);
            }
        }
        for o in ctx.block_ops(b) {
            if let Some(br) = branches.get(&o) {
                for (k, &v) in ctx.operands(o).iter().enumerate() {
                    match br.to[k] {
                        Some(i) if eligible.contains(&ctx.successors(o)[i]) => {}
                        _ => mark(v, &mut live, &mut work),
                    }
                }
            } else if !removable_op(ctx, o) {
                for &v in ctx.operands(o) {
                    mark(v, &mut live, &mut work);
                }
            }
            for &r in ctx.results(o) {
                if ctx.uses(r).iter().any(|u| !in_region(ctx, u.op)) {
                    mark(r, &mut live, &mut work);
                }
            }
            // Values used by ops nested in this op's regions.
            if !ctx.regions(o).is_empty() {
                for n in ctx.nested_ops(o) {
                    for &v in ctx.operands(n) {
                        mark(v, &mut live, &mut work);
                    }
                }
            }
        }
    }
    while let Some(v) = work.pop() {
        match ctx.value_def(v) {
            ValueDef::BlockArg { block, index } if eligible.contains(&block) => {
                for &(p, i) in ctx.predecessors(block) {
                    let start = branches[&p].ranges[i as usize].start;
                    if let Some(&w) = ctx.operands(p).get(start + index as usize) {
                        mark(w, &mut live, &mut work);
                    }
                }
            }
            ValueDef::Result { op, .. } if in_region(ctx, op) && removable_op(ctx, op) => {
                for &w in ctx.operands(op) {
                    mark(w, &mut live, &mut work);
                }
            }
            _ => {}
        }
    }
    // Dead pure ops, and the dead arguments of eligible blocks.
    let mut dead_ops = Vec::new();
    for &b in &blocks {
        for o in ctx.block_ops(b) {
            if removable_op(ctx, o) && ctx.results(o).iter().all(|r| !live.contains(r)) {
                dead_ops.push(o);
            }
        }
    }
    let mut dead_args: Vec<(BlockId, Vec<usize>)> = Vec::new();
    for &b in &blocks {
        if !eligible.contains(&b) {
            continue;
        }
        let dead: Vec<usize> = (0..ctx.block_args(b).len())
            .filter(|&i| !live.contains(&ctx.block_args(b)[i]))
            .collect();
        if !dead.is_empty() {
            dead_args.push((b, dead));
        }
    }
    if dead_args.is_empty() {
        // Dead ops without dead arguments are not cyclic: the driver's dead-code elimination
        // erases them.
        return false;
    }
    // Every use of a dead argument must go with this rewrite: a dead op, or an operand passed
    // to a dead argument.
    let dead_op_set: HashSet<OpId> = dead_ops.iter().copied().collect();
    let dead_arg_set: HashSet<(BlockId, usize)> = dead_args
        .iter()
        .flat_map(|(b, dead)| dead.iter().map(move |&i| (*b, i)))
        .collect();
    for (b, dead) in &dead_args {
        for &i in dead {
            for u in ctx.uses(ctx.block_args(*b)[i]) {
                let k = u.operand as usize;
                // A dead argument is used only inside the region (else it would be live), so a
                // cf branch using it is one of `branches`.
                let goes = dead_op_set.contains(&u.op)
                    || branches.get(&u.op).is_some_and(|br| {
                        br.to[k].is_some_and(|s| {
                            let start = br.ranges[s].start;
                            dead_arg_set.contains(&(ctx.successors(u.op)[s], k - start))
                        })
                    });
                if !goes {
                    return false;
                }
            }
        }
    }
    // Each branch into a block with dead arguments drops the operands it passes to them, all
    // its successors at once (branches in the order their edges are met).
    let mut changed_branches: Vec<OpId> = Vec::new();
    let mut seen: HashSet<OpId> = HashSet::new();
    for (b, _) in &dead_args {
        for &(p, _) in ctx.predecessors(*b) {
            if seen.insert(p) {
                changed_branches.push(p);
            }
        }
    }
    for p in changed_branches {
        let ranges = &branches[&p].ranges;
        let succs = ctx.successors(p);
        let groups: Vec<Vec<ValueId>> = ranges
            .iter()
            .zip(succs)
            .map(|(r, &s)| {
                ctx.operands(p)[r.clone()]
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| !dead_arg_set.contains(&(s, k)))
                    .map(|(_, &v)| v)
                    .collect()
            })
            .collect();
        set_all_successor_operands(ctx, p, groups);
    }
    for o in dead_ops {
        ctx.erase_op(o);
    }
    for (b, dead) in dead_args {
        for &i in dead.iter().rev() {
            ctx.erase_block_arg(b, i);
        }
    }
    true
}
