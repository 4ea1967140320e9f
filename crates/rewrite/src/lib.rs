//! The greedy pattern rewrite driver (MLIR `applyPatternsGreedily`).
//!
//! Under a root op, each round first erases the blocks that no path from their region's entry
//! reaches (MLIR's region simplification: folding inside them could loop, since their values
//! may use each other in a cycle), then visits every op (definitions before uses) and
//! 1. erases it if it is trivially dead (no used results and no side effects, nested ones
//!    included for `RECURSIVELY_PURE` ops);
//! 2. uniques and hoists constants: each `CONSTANT_LIKE` op moves to the start of the entry
//!    block of its nearest isolated-from-above region, and equal constants there are merged
//!    (MLIR `OperationFolder`);
//! 3. folds it with its op's folder, materializing constant results through the context's
//!    constant materializers;
//! 4. applies the op's patterns (those the configuration's filter accepts) until one succeeds.
//!
//! Ops that change, the users of replaced values, and the definitions of values that lost a use
//! (operands of erased or rewritten ops) are revisited in the same round, so a round that
//! changes something is followed by one that changes nothing, as in MLIR. Rounds
//! repeat until one changes nothing (the fixpoint) or the iteration cap is reached, which is
//! reported as a warning instead of looping.
//!
//! Architecture invariant: this crate knows no dialect; it uses only traits, folders and
//! patterns from the op registry.

pub mod constant_condition;

use rustc_hash::FxHashSet;
use std::collections::HashMap;
use weir_ir::{
    Attr, BlockId, Context, Diagnostic, FoldResult, InsertPoint, OpId, Pattern, RegionId,
    RewriteLog, Traits, Type, ValueId,
};

/// Whether the driver applies pattern `p` to `op` (a pass's choice among the op's patterns).
pub type PatternFilter = fn(&Context, OpId, &Pattern) -> bool;

/// What the driver does.
#[derive(Clone, Copy, Debug)]
pub struct GreedyConfig {
    /// Rounds before giving up with a "did not converge" warning (MLIR's default is 10).
    pub max_iterations: u32,
    /// Which of an op's patterns run: those the filter accepts (`--fold-constant-conditions`
    /// gives the constant-condition ones), or all of them (`None`).
    pub pattern_filter: Option<PatternFilter>,
    /// Emit remarks from patterns.
    pub remarks: bool,
}

impl Default for GreedyConfig {
    fn default() -> Self {
        GreedyConfig {
            max_iterations: 10,
            pattern_filter: None,
            remarks: false,
        }
    }
}

/// The result of a greedy rewrite.
#[derive(Debug, Default)]
pub struct GreedyOutcome {
    /// Whether a round changed nothing before the cap.
    pub converged: bool,
    /// Whether anything changed.
    pub changed: bool,
    /// Remarks from patterns, and the "did not converge" warning.
    pub diagnostics: Vec<Diagnostic>,
}

/// Rewrites everything nested in `root` to a fixpoint; see the crate docs.
pub fn apply_patterns_greedily(
    ctx: &mut Context,
    root: OpId,
    config: &GreedyConfig,
) -> GreedyOutcome {
    let mut driver = Driver {
        root,
        config: *config,
        log: RewriteLog {
            remarks: config.remarks,
            diagnostics: Vec::new(),
        },
        constants: HashMap::new(),
        queued: FxHashSet::default(),
        worklist: Vec::new(),
        inside: FxHashSet::default(),
        hoist: HashMap::new(),
    };
    let mut outcome = GreedyOutcome::default();
    ctx.record_dropped_uses(true);
    for _ in 0..config.max_iterations {
        let changed = driver.round(ctx);
        outcome.changed |= changed;
        if !changed {
            outcome.converged = true;
            break;
        }
    }
    ctx.record_dropped_uses(false);
    if !outcome.converged {
        driver.log.diagnostics.push(Diagnostic::new(
            weir_ir::Severity::Warning,
            ctx.loc(root),
            format!(
                "greedy pattern rewriting did not converge after {} iterations",
                config.max_iterations
            ),
        ));
    }
    outcome.diagnostics = driver.log.diagnostics;
    outcome
}

struct Driver {
    root: OpId,
    config: GreedyConfig,
    log: RewriteLog,
    /// Uniqued constants: (region they were hoisted to, value, type) -> the constant's result.
    constants: HashMap<(RegionId, Attr, Type), ValueId>,
    /// The ops on the worklist. This and `inside` are sets, not tables of the context's size:
    /// the pass manager runs the driver on one function at a time, so a round costs the
    /// function's size, not the module's.
    queued: FxHashSet<OpId>,
    worklist: Vec<OpId>,
    /// The ops nested in the root when the round started.
    inside: FxHashSet<OpId>,
    /// Per region seen this round: its owner op then, and the region constants nested in it
    /// are hoisted to (see [`Driver::hoist_region`]).
    hoist: HashMap<RegionId, (OpId, Option<RegionId>)>,
}

impl Driver {
    fn push(&mut self, op: OpId) {
        if self.queued.insert(op) {
            self.worklist.push(op);
        }
    }

    fn push_users(&mut self, ctx: &Context, values: &[ValueId]) {
        for &v in values {
            for u in ctx.uses(v).to_vec() {
                self.push(u.op);
            }
        }
    }

    /// One round: erase unreachable blocks, then visit every op; returns whether anything
    /// changed.
    fn round(&mut self, ctx: &mut Context) -> bool {
        let mut changed = erase_unreachable_blocks(ctx, self.root);
        ctx.take_dropped_uses(); // what the erased blocks used is revisited below anyway
        let mut ops = ctx.nested_ops(self.root);
        ops.reverse(); // the worklist pops from the back: definitions come first
        self.queued.clear();
        self.inside.clear();
        self.inside.extend(ops.iter().copied());
        self.hoist.clear();
        self.worklist.clear();
        for op in ops {
            self.push(op);
        }
        while let Some(op) = self.worklist.pop() {
            self.queued.remove(&op);
            if ctx.is_erased(op) || !self.is_live(ctx, op) || in_dead_block(ctx, op) {
                continue;
            }
            if self.visit(ctx, op) {
                changed = true;
                // Definitions whose values lost a use may now be dead or foldable.
                for v in ctx.take_dropped_uses() {
                    if let Some(d) = ctx.defining_op(v) {
                        self.push(d);
                    }
                }
            }
        }
        changed
    }

    /// Whether `op` is still inside the root (an op can be detached or inside an erased parent).
    /// O(1) for the ops that were inside the root when the round started: erasing an op
    /// erases everything nested in it, and patterns move ops only within the root (moves
    /// detach and reinsert at once), so such an op is live while it is in a block. Ops created
    /// during the round walk up to the root (MLIR's driver checks neither: it drops erased
    /// ops from its worklist and trusts the rest).
    fn is_live(&self, ctx: &Context, op: OpId) -> bool {
        if self.inside.contains(&op) {
            return ctx.op_block(op).is_some();
        }
        let mut cur = op;
        loop {
            if cur == self.root {
                return true;
            }
            match ctx.parent_op(cur) {
                Some(p) if !ctx.is_erased(p) => cur = p,
                _ => return false,
            }
        }
    }

    fn visit(&mut self, ctx: &mut Context, op: OpId) -> bool {
        if is_trivially_dead(ctx, op) {
            ctx.erase_op(op);
            return true;
        }
        if ctx.has_traits(op, Traits::CONSTANT_LIKE) {
            return self.unique_constant(ctx, op);
        }
        if self.try_fold(ctx, op) {
            return true;
        }
        self.try_patterns(ctx, op)
    }

    /// The region constants are hoisted to (to the start of its entry block): the region
    /// around `op` whose parent op is, or (unregistered) may be, isolated from above: the
    /// function body (MLIR `OperationFolder::getInsertionRegion`).
    ///
    /// Each region's answer is remembered for the round (patterns move ops only within their
    /// isolated-from-above region), so deep nesting costs each region one step up, not one
    /// walk to the function per op. An entry is trusted only while the region has the same
    /// owner op.
    fn hoist_region(&mut self, ctx: &Context, op: OpId) -> Option<RegionId> {
        let first = ctx.block_region(ctx.op_block(op)?)?;
        let mut path = Vec::new();
        let mut region = first;
        let found = loop {
            let Some(parent) = ctx.region_parent(region) else {
                break None;
            };
            if let Some(&(owner, r)) = self.hoist.get(&region) {
                if owner == parent {
                    break r;
                }
            }
            path.push((region, parent));
            if ctx.might_be_isolated_from_above(parent) {
                break Some(region);
            }
            match ctx.op_block(parent).and_then(|b| ctx.block_region(b)) {
                Some(r) => region = r,
                None => break None,
            }
        };
        for (r, owner) in path {
            self.hoist.insert(r, (owner, found));
        }
        found
    }

    fn unique_constant(&mut self, ctx: &mut Context, op: OpId) -> bool {
        let (Some(value), Some(&result)) = (ctx.attr_of(op, "value"), ctx.results(op).first())
        else {
            return false;
        };
        let Some(region) = self.hoist_region(ctx, op) else {
            return false;
        };
        let key = (region, value, ctx.value_type(result));
        match self.constants.get(&key).copied() {
            Some(existing) if existing == result => false,
            Some(existing) if ctx.defining_op(existing).is_some_and(|d| !ctx.is_erased(d)) => {
                self.push_users(ctx, &[result]);
                ctx.replace_all_uses(result, existing);
                ctx.erase_op(op);
                true
            }
            _ => {
                self.constants.insert(key, result);
                let Some(entry) = ctx.entry_block(region) else {
                    return false;
                };
                if ctx.op_block(op) == Some(entry) && self.before_non_constants(ctx, op) {
                    return false;
                }
                ctx.move_op(op, InsertPoint::Start(entry));
                true
            }
        }
    }

    /// Whether every op before `op` in its block is a constant (it is already hoisted).
    fn before_non_constants(&self, ctx: &Context, op: OpId) -> bool {
        let mut cur = ctx.prev_op(op);
        while let Some(p) = cur {
            if !ctx.has_traits(p, Traits::CONSTANT_LIKE) {
                return false;
            }
            cur = ctx.prev_op(p);
        }
        true
    }

    /// Whether `op` is the constant this driver uniqued for its value in `region` (MLIR's
    /// "folder-owned" constant). O(1).
    fn is_uniqued_constant(&self, ctx: &Context, region: RegionId, op: OpId) -> bool {
        if !ctx.has_traits(op, Traits::CONSTANT_LIKE) {
            return false;
        }
        let Some(&r) = ctx.results(op).first() else {
            return false;
        };
        ctx.constant_of(r)
            .is_some_and(|a| self.constants.get(&(region, a, ctx.value_type(r))) == Some(&r))
    }

    /// A constant value for `value : ty`, uniqued in the hoisting region of `near`.
    fn constant(
        &mut self,
        ctx: &mut Context,
        value: Attr,
        ty: Type,
        near: OpId,
    ) -> Option<ValueId> {
        let region = self.hoist_region(ctx, near)?;
        if let Some(&v) = self.constants.get(&(region, value, ty)) {
            if ctx.defining_op(v).is_some_and(|d| !ctx.is_erased(d)) {
                return Some(v);
            }
        }
        let entry = ctx.entry_block(region)?;
        // MLIR's driver materializes the constant right before the folded op and then hoists
        // it to the front of the entry block unless the op before it is a constant already
        // hoisted there: so constants folded from ops right after the block's constants stay
        // in fold order after them, the others go to the front.
        let after_prefix = ctx.op_block(near) == Some(entry)
            && ctx
                .prev_op(near)
                .is_some_and(|p| self.is_uniqued_constant(ctx, region, p));
        let at = if after_prefix {
            InsertPoint::Before(near)
        } else {
            InsertPoint::Start(entry)
        };
        let v = ctx.materialize_constant(value, ty, ctx.loc(near), at)?;
        self.constants.insert((region, value, ty), v);
        Some(v)
    }

    fn try_fold(&mut self, ctx: &mut Context, op: OpId) -> bool {
        let Some(fold) = ctx.op_def(ctx.name(op)).and_then(|d| d.fold) else {
            return false;
        };
        let consts: Vec<Option<Attr>> = ctx
            .operands(op)
            .iter()
            .map(|&v| ctx.constant_of(v))
            .collect();
        let Some(results) = fold(ctx, op, &consts) else {
            return false;
        };
        let old = ctx.results(op).to_vec();
        if results.len() != old.len() {
            return false;
        }
        let mut new = Vec::with_capacity(old.len());
        for (r, &o) in results.iter().zip(&old) {
            match *r {
                FoldResult::Value(v) => new.push(v),
                FoldResult::Constant(a) => match self.constant(ctx, a, ctx.value_type(o), op) {
                    Some(v) => new.push(v),
                    None => return false,
                },
            }
        }
        if new == old {
            return false;
        }
        self.push_users(ctx, &old);
        for v in &new {
            if let Some(d) = ctx.defining_op(*v) {
                self.push(d);
            }
        }
        ctx.replace_op(op, &new);
        true
    }

    fn try_patterns(&mut self, ctx: &mut Context, op: OpId) -> bool {
        let Some(def) = ctx.op_def(ctx.name(op)) else {
            return false;
        };
        let patterns = def.patterns;
        let parent = ctx.parent_op(op);
        let before = ctx.op_capacity();
        let results = ctx.results(op).to_vec();
        let users: Vec<OpId> = results
            .iter()
            .flat_map(|&v| ctx.uses(v).iter().map(|u| u.op))
            .collect();
        for p in patterns {
            if self.config.pattern_filter.is_some_and(|f| !f(ctx, op, p)) {
                continue;
            }
            if (p.apply)(ctx, op, &mut self.log) {
                for u in users {
                    self.push(u);
                }
                for i in before..ctx.op_capacity() {
                    let o = weir_ir::OpId::from_index(i);
                    if !ctx.is_erased(o) {
                        self.push(o);
                    }
                }
                if !ctx.is_erased(op) {
                    self.push(op);
                }
                if let Some(p) = parent {
                    self.push(p);
                }
                return true;
            }
        }
        false
    }
}

/// Whether `op` is in a block without predecessors that is not its region's entry block: such a
/// block is unreachable (it is erased at the start of the next round), and folding inside it
/// could loop (its values may use each other in a cycle), so its ops are not visited.
fn in_dead_block(ctx: &Context, op: OpId) -> bool {
    ctx.op_block(op).is_some_and(|b| {
        ctx.predecessors(b).is_empty()
            && ctx
                .block_region(b)
                .is_some_and(|r| ctx.entry_block(r) != Some(b))
    })
}

/// Erases, in every region nested in `root`, the blocks that the region's entry block cannot
/// reach through successors (MLIR `eraseUnreachableBlocks`, the first step of the greedy
/// driver's region simplification); returns whether it erased any. Values of unreachable
/// blocks are used only in unreachable blocks (the verifier requires dominance elsewhere), so
/// what remains stays valid. Linear in the size of `root`.
pub fn erase_unreachable_blocks(ctx: &mut Context, root: OpId) -> bool {
    let mut regions: Vec<RegionId> = ctx.regions(root).to_vec();
    for op in ctx.nested_ops(root) {
        regions.extend_from_slice(ctx.regions(op));
    }
    let mut reached: FxHashSet<BlockId> = FxHashSet::default();
    let mut erased = false;
    for r in regions {
        let Some(entry) = ctx.entry_block(r) else {
            continue; // an empty region, or one inside a block erased here
        };
        if ctx.next_block(entry).is_none() {
            continue;
        }
        reached.insert(entry);
        let mut stack = vec![entry];
        while let Some(b) = stack.pop() {
            let succs = ctx.last_op(b).map(|t| ctx.successors(t)).unwrap_or(&[]);
            for &s in succs {
                if reached.insert(s) {
                    stack.push(s);
                }
            }
        }
        for b in ctx.region_blocks(r) {
            if !reached.contains(&b) {
                ctx.erase_block(b);
                erased = true;
            }
        }
    }
    erased
}

/// Whether `op` can be erased: it is not a terminator, its results are unused, and its memory
/// effects are known and at most reads and allocations
/// ([`weir_ir::interfaces::memory_effects::is_erasable_when_unused`]; MLIR
/// `isOpTriviallyDead`).
pub fn is_trivially_dead(ctx: &Context, op: OpId) -> bool {
    !ctx.has_traits(op, Traits::TERMINATOR)
        && ctx.results(op).iter().all(|&v| ctx.is_unused(v))
        && weir_ir::interfaces::memory_effects::is_erasable_when_unused(ctx, op)
}
