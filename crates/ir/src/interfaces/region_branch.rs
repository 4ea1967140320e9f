//! `RegionBranch` (MLIR `RegionBranchOpInterface`): which regions, or the op itself, control
//! reaches from a branch point, and which operands become which values there.
//!
//! An op with regions that run in an order it decides (`scf.if`, `scf.for`, `scf.while`,
//! `weir.loop`, ...) declares one [`SuccessorsFn`] next to its definition
//! (`OpDef::region_branch`). Generic code reads the control-flow edges from it:
//! - [`verify_edges`], MLIR 22's `verifyTypesAlongControlFlowEdges` with its wording, run by the
//!   verifier for every op with the interface;
//! - [`remove_dead_values`], one "remove unused carried values / region results" pattern
//!   (MLIR's `RemoveDeadRegionBranchOpSuccessorInputs` and the dead cycles it leaves), which
//!   dialects register among their canonicalization patterns;
//! - `--infer-shapes` (passes/infer-shapes): the join of the types flowing into each input.

use crate::attributes::{AttrKind, DenseValue};
use crate::context::{Context, InsertPoint};
use crate::diagnostic::DiagResult;
use crate::entities::{BlockId, OpId, OpState, ValueId};
use crate::registry::{RewriteLog, Traits};
use crate::verifier::op_error;
use rustc_hash::{FxHashMap, FxHashSet};
use std::ops::Range;

/// Where control is when it branches (MLIR `RegionBranchPoint`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BranchPoint {
    /// The op itself, about to enter its regions (or to skip them).
    Parent,
    /// A terminator in one of the op's regions (e.g. `scf.yield`, `scf.condition`).
    Terminator(OpId),
}

/// Where control goes from a branch point (MLIR `RegionSuccessor`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Back to the op: its results receive the forwarded values.
    Parent,
    /// The entry block of region `i` of the op.
    Region(usize),
}

/// One control-flow edge out of a branch point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Successor {
    /// Where control goes.
    pub target: Target,
    /// The operands of the branch point's op (the op itself for [`BranchPoint::Parent`], else
    /// the terminator) that are forwarded, as an index range, so generic code can also erase
    /// them.
    pub operands: Range<usize>,
    /// The values that receive them, in order: the op's results for [`Target::Parent`], the
    /// entry block arguments of the region for [`Target::Region`] (without those the op sets
    /// itself, e.g. `scf.for`'s induction variable).
    pub inputs: Vec<ValueId>,
}

/// MLIR `getSuccessorRegions` and `getEntrySuccessorOperands` / `getMutableSuccessorOperands`
/// in one: the edges out of `point` of `op`. A terminator that is not a branch point of the op
/// (or IR the op's verifier rejects) gets no edges. Must not panic on any IR that passed the
/// op's own verifier (`OpDef::verify`).
pub type SuccessorsFn = fn(&Context, OpId, BranchPoint) -> Vec<Successor>;

/// The branch points of `op`: the op itself, then the terminator of each block of each region,
/// in order.
pub fn branch_points(ctx: &Context, op: OpId) -> Vec<BranchPoint> {
    let mut points = vec![BranchPoint::Parent];
    for &r in ctx.regions(op) {
        for b in ctx.blocks(r) {
            points.extend(ctx.last_op(b).map(BranchPoint::Terminator));
        }
    }
    points
}

/// The op that holds a branch point's operands.
fn point_op(op: OpId, point: BranchPoint) -> OpId {
    match point {
        BranchPoint::Parent => op,
        BranchPoint::Terminator(t) => t,
    }
}

/// The forwarded operands of an edge (empty if the range does not fit the op).
fn forwarded<'a>(ctx: &'a Context, op: OpId, point: BranchPoint, s: &Successor) -> &'a [ValueId] {
    ctx.operands(point_op(op, point))
        .get(s.operands.clone())
        .unwrap_or(&[])
}

/// MLIR 22's `verifyTypesAlongControlFlowEdges`: along every edge of `op`, the forwarded
/// operands match the successor's inputs in number and type. Errors are worded as 22's:
/// `'scf.while' op along control flow edge from Operation scf.yield to Region #0: successor
/// operand type #0 'i64' should match successor input type #0 'i32'` (or `region branch point
/// has N operands, but region successor needs M inputs`), with a note `region branch point` at
/// the op (edges from the parent) or the terminator.
pub fn verify_edges(ctx: &Context, op: OpId, successors: SuccessorsFn) -> DiagResult<()> {
    // The edge's words and the note are built only for an error: this runs on every
    // region-branch op at every verification.
    let edge_error = |point: BranchPoint, target: Target, msg: String| {
        let from = match point {
            BranchPoint::Parent => "parent".to_string(),
            BranchPoint::Terminator(t) => format!("Operation {}", ctx.name_str(t)),
        };
        let to = match target {
            Target::Parent => "parent".to_string(),
            Target::Region(i) => format!("Region #{i}"),
        };
        op_error(
            ctx,
            op,
            format!("along control flow edge from {from} to {to}: {msg}"),
        )
        .with_note(ctx.loc(point_op(op, point)), "region branch point")
    };
    let print = ctx.type_printer();
    for point in branch_points(ctx, op) {
        for s in successors(ctx, op, point) {
            let operands = forwarded(ctx, op, point, &s);
            if operands.len() != s.inputs.len() {
                return Err(edge_error(
                    point,
                    s.target,
                    format!(
                        "region branch point has {} operands, but region successor needs {} inputs",
                        operands.len(),
                        s.inputs.len()
                    ),
                ));
            }
            for (i, (&v, &input)) in operands.iter().zip(&s.inputs).enumerate() {
                let (vt, it) = (ctx.value_type(v), ctx.value_type(input));
                if vt != it {
                    return Err(edge_error(
                        point,
                        s.target,
                        format!(
                            "successor operand type #{i} '{}' should match successor input type #{i} '{}'",
                            print(ctx, vt),
                            print(ctx, it)
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// A forwarded operand: operand `.1` of op `.0` (the region-branch op or one of its
/// terminators).
type Slot = (OpId, usize);

/// Union-find over the slots and inputs of one op (path halving; ranks are not needed at this
/// size).
struct Classes {
    parent: Vec<usize>,
}

impl Classes {
    fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        self.parent[ra] = rb;
    }
}

/// The edges of `op`, grouped into carried-value classes: each class is a set of forwarded
/// operand slots and the inputs they flow into (a slot and an input on one edge are in the same
/// class, transitively), e.g. an `scf.for` iter_arg with its init, its yield operand and its
/// result. Returns the classes as (slots, inputs), or `None` when an edge's operand and input
/// counts differ (unverified IR).
fn carried_classes(
    ctx: &Context,
    op: OpId,
    successors: SuccessorsFn,
) -> Option<Vec<(Vec<Slot>, Vec<ValueId>)>> {
    let mut slot_ids: FxHashMap<Slot, usize> = FxHashMap::default();
    let mut input_ids: FxHashMap<ValueId, usize> = FxHashMap::default();
    let mut classes = Classes { parent: Vec::new() };
    let mut pairs = Vec::new();
    for point in branch_points(ctx, op) {
        let holder = point_op(op, point);
        for s in successors(ctx, op, point) {
            if forwarded(ctx, op, point, &s).len() != s.inputs.len() {
                return None;
            }
            for (k, &input) in s.inputs.iter().enumerate() {
                pairs.push(((holder, s.operands.start + k), input));
            }
        }
    }
    let new_node = |classes: &mut Classes| {
        classes.parent.push(classes.parent.len());
        classes.parent.len() - 1
    };
    for &(slot, input) in &pairs {
        let a = *slot_ids
            .entry(slot)
            .or_insert_with(|| new_node(&mut classes));
        let b = *input_ids
            .entry(input)
            .or_insert_with(|| new_node(&mut classes));
        classes.union(a, b);
    }
    let mut by_root: FxHashMap<usize, usize> = FxHashMap::default();
    let mut out: Vec<(Vec<Slot>, Vec<ValueId>)> = Vec::new();
    let mut class_of = |classes: &mut Classes, node: usize, out: &mut Vec<_>| {
        let root = classes.find(node);
        *by_root.entry(root).or_insert_with(|| {
            out.push((Vec::new(), Vec::new()));
            out.len() - 1
        })
    };
    // Deterministic order: classes and their members in edge order.
    let mut seen_slots = FxHashSet::default();
    let mut seen_inputs = FxHashSet::default();
    for &(slot, input) in &pairs {
        if seen_slots.insert(slot) {
            let c = class_of(&mut classes, slot_ids[&slot], &mut out);
            out[c].0.push(slot);
        }
        if seen_inputs.insert(input) {
            let c = class_of(&mut classes, input_ids[&input], &mut out);
            out[c].1.push(input);
        }
    }
    Some(out)
}

/// What keeps a class alive or lets it go: `None` if one of its inputs is observed (a result
/// with a use, or a block argument reaching anything but forwarded slots through side-effect-free
/// ops of its block); else the classes its inputs feed and the ops on the way.
fn dead_uses(
    ctx: &Context,
    op: OpId,
    inputs: &[ValueId],
    slot_class: &FxHashMap<Slot, usize>,
) -> Option<(FxHashSet<usize>, FxHashSet<OpId>)> {
    let mut feeds = FxHashSet::default();
    let mut chain = FxHashSet::default();
    for &input in inputs {
        if ctx.defining_op(input) == Some(op) {
            if !ctx.is_unused(input) {
                return None;
            }
            continue;
        }
        let block = ctx.value_block(input);
        let mut stack = vec![input];
        while let Some(v) = stack.pop() {
            for u in ctx.uses(v) {
                if let Some(&c) = slot_class.get(&(u.op, u.operand as usize)) {
                    feeds.insert(c);
                    continue;
                }
                let local = ctx.op_block(u.op) == block
                    && ctx.regions(u.op).is_empty()
                    && !ctx.has_traits(u.op, Traits::TERMINATOR)
                    && crate::interfaces::memory_effects::is_pure(ctx, u.op);
                if !local {
                    return None;
                }
                if chain.insert(u.op) {
                    stack.extend(ctx.results(u.op).iter().copied());
                }
            }
        }
    }
    Some((feeds, chain))
}

/// The generic "remove unused carried values / region results" pattern (MLIR 22's
/// `RemoveDeadRegionBranchOpSuccessorInputs` with the dead cycles it leaves), for any op with a
/// [`SuccessorsFn`] (a [`crate::PatternFn`]; dialects register it with their patterns).
///
/// The edges group forwarded operands and the inputs they reach into classes (see
/// `carried_classes`). A class is removed when none of its inputs is observed: its results are
/// unused and its block arguments only feed, directly or through side-effect-free region-less
/// ops of their block, forwarded operands of removed classes (a dead cycle such as an iter_arg
/// that only feeds its own yield operand). Classes are decided together (the greatest set that
/// only feeds itself), so a cycle through several carried values goes at once. Values are
/// matched by position, never by identity: a value forwarded twice is two slots.
///
/// Everything of a removed class goes: its operands of the op and of the terminators, its
/// block arguments, its results and the ops of its dead cycles. An `operandSegmentSizes`
/// attribute (ODS's `AttrSizedOperandSegments`) on the op or a terminator is updated to the
/// removed operands. Returns whether anything changed.
pub fn remove_dead_values(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    let Some(successors) = ctx.op_def(ctx.name(op)).and_then(|d| d.region_branch) else {
        return false;
    };
    let Some(classes) = carried_classes(ctx, op, successors) else {
        return false;
    };
    let slot_class: FxHashMap<Slot, usize> = classes
        .iter()
        .enumerate()
        .flat_map(|(c, (slots, _))| slots.iter().map(move |&s| (s, c)))
        .collect();
    // Greatest fixpoint: a class stays when it is observed or feeds a class that stays.
    let analysis: Vec<_> = classes
        .iter()
        .map(|(_, inputs)| dead_uses(ctx, op, inputs, &slot_class))
        .collect();
    let mut fed_by: Vec<Vec<usize>> = vec![Vec::new(); classes.len()];
    for (c, a) in analysis.iter().enumerate() {
        for &f in a.iter().flat_map(|(feeds, _)| feeds) {
            fed_by[f].push(c);
        }
    }
    let mut removed: Vec<bool> = analysis.iter().map(Option::is_some).collect();
    let mut work: Vec<usize> = (0..classes.len()).filter(|&c| !removed[c]).collect();
    while let Some(kept) = work.pop() {
        for &c in &fed_by[kept] {
            if removed[c] {
                removed[c] = false;
                work.push(c);
            }
        }
    }
    if !removed.contains(&true) {
        return false;
    }
    let mut drop_slots: FxHashMap<OpId, FxHashSet<usize>> = FxHashMap::default();
    let mut drop_inputs = FxHashSet::default();
    let mut chain_ops = FxHashSet::default();
    for (c, (slots, inputs)) in classes.iter().enumerate() {
        if !removed[c] {
            continue;
        }
        for &(holder, i) in slots {
            drop_slots.entry(holder).or_default().insert(i);
        }
        drop_inputs.extend(inputs.iter().copied());
        chain_ops.extend(
            analysis[c]
                .iter()
                .flat_map(|(_, chain)| chain.iter().copied()),
        );
    }
    // Terminators first (their operands use the dead values), then the cycles, then arguments.
    let own_dropped = drop_slots.remove(&op).unwrap_or_default();
    for (&holder, drop) in &drop_slots {
        let kept = without(ctx.operands(holder), drop);
        ctx.set_operands(holder, kept);
        update_segments(ctx, holder, drop);
    }
    erase_users_first(ctx, chain_ops);
    let mut args: Vec<(BlockId, usize)> = drop_inputs
        .iter()
        .filter_map(|&v| match ctx.value_def(v) {
            crate::entities::ValueDef::BlockArg { block, index } => Some((block, index as usize)),
            _ => None,
        })
        .collect();
    args.sort_unstable_by(|a, b| b.cmp(a));
    for (block, index) in args {
        ctx.erase_block_arg(block, index);
    }
    let keep: Vec<bool> = ctx
        .results(op)
        .iter()
        .map(|r| !drop_inputs.contains(r))
        .collect();
    let operands = without(ctx.operands(op), &own_dropped);
    let new = rebuild_op(ctx, op, operands, &keep);
    update_segments(ctx, new, &own_dropped);
    true
}

/// `values` without the positions in `drop`.
fn without(values: &[ValueId], drop: &FxHashSet<usize>) -> Vec<ValueId> {
    values
        .iter()
        .enumerate()
        .filter(|(i, _)| !drop.contains(i))
        .map(|(_, &v)| v)
        .collect()
}

/// Erases `ops` (all side-effect-free, each only used by the others or unused) users first:
/// later ops of a block before earlier ones. Linear: one position table per block involved.
fn erase_users_first(ctx: &mut Context, ops: FxHashSet<OpId>) {
    let mut position: FxHashMap<OpId, (BlockId, usize)> = FxHashMap::default();
    let blocks: FxHashSet<BlockId> = ops.iter().filter_map(|&o| ctx.op_block(o)).collect();
    for b in blocks {
        for (i, o) in ctx.ops(b).enumerate() {
            position.insert(o, (b, i));
        }
    }
    let mut ordered: Vec<OpId> = ops.into_iter().collect();
    ordered.sort_by_key(|o| std::cmp::Reverse(position.get(o).copied()));
    for o in ordered {
        ctx.erase_op(o);
    }
}

/// After the operands at positions `dropped` of `op` were removed: shrinks the segments of its
/// `operandSegmentSizes` attribute (a dense `i32` array, ODS's `AttrSizedOperandSegments`), if
/// it has one, by the removed operands each segment held.
fn update_segments(ctx: &mut Context, op: OpId, dropped: &FxHashSet<usize>) {
    const SEGMENTS: &str = "operandSegmentSizes";
    if dropped.is_empty() {
        return;
    }
    let Some(attr) = ctx.attr_of(op, SEGMENTS) else {
        return;
    };
    let AttrKind::DenseArray { element, values } = ctx.attr_kind(attr).clone() else {
        return;
    };
    let mut start = 0usize;
    let mut sizes = Vec::with_capacity(values.len());
    for v in values {
        let DenseValue::Int(n) = v else { return };
        let Ok(len) = usize::try_from(n) else { return };
        let gone = dropped
            .iter()
            .filter(|&&i| (start..start + len).contains(&i))
            .count();
        sizes.push(DenseValue::Int((len - gone) as i128));
        start += len;
    }
    let new = ctx.attr(AttrKind::DenseArray {
        element,
        values: sizes,
    });
    ctx.set_attr(op, SEGMENTS, new);
}

/// Replaces `op` by a new op of the same name, location and attributes with `operands`, the
/// results of `op` for which `keep` is true (their uses move to the new op), and `op`'s
/// regions (their blocks are moved, not copied). The dropped results must be unused. Returns
/// the new op (MLIR rebuilds an op this way when its result count changes).
pub fn rebuild_op(ctx: &mut Context, op: OpId, operands: Vec<ValueId>, keep: &[bool]) -> OpId {
    let old_results = ctx.results(op).to_vec();
    debug_assert_eq!(old_results.len(), keep.len());
    let mut st = OpState::new(ctx.name(op), ctx.loc(op));
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
