//! The structural verifier: rules every op obeys whatever its dialect (MLIR `OperationVerifier`).
//!
//! Checked, in this order, and stopping at the first violation as mlir-opt does:
//! 1. per op, before its regions: successors are blocks of the same region, successor operand
//!    counts and types match the target block arguments, single-block regions, blocks end with
//!    a terminator and terminators end blocks, entry blocks have no predecessors;
//! 2. the op's own verifier ([`OpDef::verify`](crate::OpDef)), its inferred result types
//!    (`InferTypes`, [`crate::interfaces::infer_types::verify_inferred`]), then its nested ops, then its
//!    region verifier (`OpDef::verify_regions`), the region-branch edges of ops with the
//!    `RegionBranch` interface, and the op's last region verifier (`OpDef::verify_regions_last`),
//!    in MLIR's order (`verify`, the regions' contents, the traits' and interfaces' region
//!    verifiers, `verifyRegions`);
//! 3. SSA dominance over the whole tree: a use must be dominated by its definition (checked for
//!    ops in blocks reachable from their region's entry only, as MLIR does), and ops that are
//!    isolated from above must not use values from outside.

use crate::context::Context;
use crate::diagnostic::{DiagResult, Diagnostic};
use crate::entities::{BlockId, OpId, RegionId, ValueDef, ValueId};
use crate::registry::Traits;
use rustc_hash::FxHashMap;

/// Below this many ops (in the context) the verifier stays on one thread: starting threads
/// would cost more than it saves.
const PARALLEL_MIN_OPS: usize = 20_000;

/// Verifies `root` and everything nested in it; returns the first violation. With
/// [`Context::threads`] above 1 and large IR, as [`verify_on_threads`].
pub fn verify(ctx: &Context, root: OpId) -> DiagResult<()> {
    if ctx.threads() > 1 && ctx.op_capacity() >= PARALLEL_MIN_OPS {
        return verify_on_threads(ctx, root, ctx.threads());
    }
    verify_op(ctx, root)?;
    Dominance::new(ctx).verify_tree(root)
}

/// [`verify`] with the ops of `root`'s block, when `root` has one region of one block (a
/// module's functions), verified on up to `threads` threads, each subtree whole (MLIR's
/// verifier does the same for ops isolated from above). The violation reported is the one the
/// sequential walk finds first: the structural checks of the earliest op in block order, and
/// only when there are none, its dominance checks.
pub fn verify_on_threads(ctx: &Context, root: OpId, threads: usize) -> DiagResult<()> {
    let block = match ctx.regions(root) {
        &[r] if ctx.blocks(r).count() == 1 => ctx.entry_block(r),
        _ => None,
    };
    let Some(block) = block.filter(|_| threads > 1) else {
        verify_op(ctx, root)?;
        return Dominance::new(ctx).verify_tree(root);
    };
    let ops: Vec<OpId> = ctx.ops(block).collect();
    verify_one(ctx, root)?;
    on_threads(threads, ops.len(), || (), |_, i| verify_op(ctx, ops[i]))?;
    verify_after_nested(ctx, root)?;
    let dominance = || {
        let mut d = Dominance::new(ctx);
        d.set_positions(block);
        d
    };
    on_threads(threads, ops.len(), dominance, |d, i| {
        d.verify_subtree(ops[i])
    })
}

/// Runs `check(state, i)` for `i` in `0..n` on up to `threads` scoped threads (each with a
/// `state` from `init`, taking batches of indices in turn) and returns the error of the
/// smallest `i` that fails; indices after a known failure are skipped.
fn on_threads<S>(
    threads: usize,
    n: usize,
    init: impl Fn() -> S + Sync,
    check: impl Fn(&mut S, usize) -> DiagResult<()> + Sync,
) -> DiagResult<()> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    const BATCH: usize = 16;
    let next = AtomicUsize::new(0);
    let first_failure = AtomicUsize::new(usize::MAX);
    let worker = || {
        let mut state = init();
        let mut found: Option<(usize, Diagnostic)> = None;
        loop {
            let start = next.fetch_add(BATCH, Ordering::Relaxed);
            if start >= n || start > first_failure.load(Ordering::Relaxed) {
                return found;
            }
            for i in start..(start + BATCH).min(n) {
                if let Err(d) = check(&mut state, i) {
                    first_failure.fetch_min(i, Ordering::Relaxed);
                    found = Some((i, d));
                    return found;
                }
            }
        }
    };
    let mut failures: Vec<(usize, Diagnostic)> = Vec::new();
    std::thread::scope(|s| {
        let spawned: Vec<_> = (1..threads)
            .filter_map(|_| {
                std::thread::Builder::new()
                    .stack_size(VERIFIER_STACK)
                    .spawn_scoped(s, worker)
                    .ok()
            })
            .collect();
        failures.extend(worker());
        for h in spawned {
            match h.join() {
                Ok(f) => failures.extend(f),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    });
    match failures.into_iter().min_by_key(|(i, _)| *i) {
        Some((_, d)) => Err(d),
        None => Ok(()),
    }
}

/// Stack size of the verifier's worker threads: the main thread's 8 MiB (op verifiers may
/// recurse over types and attributes).
const VERIFIER_STACK: usize = 8 << 20;

/// The checks [`verify`] makes at `op` alone, without its nested ops: its structure, its own
/// verifier and inferred types, then its region verifiers and region-branch edges. For passes
/// that changed the types of an op's operands (shape inference) and ask whether the op still
/// holds with them.
pub fn verify_local(ctx: &Context, op: OpId) -> DiagResult<()> {
    verify_one(ctx, op)?;
    verify_after_nested(ctx, op)
}

/// The checks of `op` itself that run before its nested ops (MLIR's order; see the module
/// docs).
fn verify_one(ctx: &Context, op: OpId) -> DiagResult<()> {
    verify_successors(ctx, op)?;
    verify_regions(ctx, op)?;
    if let Some(f) = ctx.op_def(ctx.name(op)).and_then(|d| d.verify) {
        f(ctx, op)?;
    }
    crate::interfaces::infer_types::verify_inferred(ctx, op)
}

/// The checks of `op` that run once its nested ops are verified: region verifier,
/// region-branch edges, last region verifier.
fn verify_after_nested(ctx: &Context, op: OpId) -> DiagResult<()> {
    let Some(d) = ctx.op_def(ctx.name(op)) else {
        return Ok(());
    };
    if let Some(f) = d.verify_regions {
        f(ctx, op)?;
    }
    if let Some(f) = d.region_branch {
        crate::interfaces::region_branch::verify_edges(ctx, op, f)?;
    }
    if let Some(f) = d.verify_regions_last {
        f(ctx, op)?;
    }
    Ok(())
}

/// Verifies `root` and its nested ops in MLIR's order (per op: its structure and `verify`,
/// then its nested ops, then `verify_regions`), with an explicit stack: nesting depth costs no
/// stack.
fn verify_op(ctx: &Context, root: OpId) -> DiagResult<()> {
    // `(op, false)`: verify the op and schedule its nested ops; `(op, true)`: its region
    // verifier, once everything nested in it was verified.
    let mut stack = vec![(root, false)];
    while let Some((op, nested_done)) = stack.pop() {
        if nested_done {
            verify_after_nested(ctx, op)?;
            continue;
        }
        verify_one(ctx, op)?;
        stack.push((op, true));
        let start = stack.len();
        for &r in ctx.regions(op) {
            for b in ctx.blocks(r) {
                stack.extend(ctx.ops(b).map(|inner| (inner, false)));
            }
        }
        stack[start..].reverse();
    }
    Ok(())
}

/// An error at `op`'s location worded as MLIR's `emitOpError`: `'name' op <msg>`.
pub fn op_error(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(ctx.loc(op), format!("'{}' op {msg}", ctx.name_str(op)))
}

fn verify_successors(ctx: &Context, op: OpId) -> DiagResult<()> {
    let registered_non_terminator =
        ctx.op_def(ctx.name(op)).is_some() && !ctx.has_traits(op, Traits::TERMINATOR);
    if registered_non_terminator && !ctx.successors(op).is_empty() {
        return Err(Diagnostic::error(
            ctx.loc(op),
            "successors in non-terminator",
        ));
    }
    let region = ctx.op_block(op).and_then(|b| ctx.block_region(b));
    // All ranges at once where one lookup is not O(1) (`cf.switch`): linear in the successors.
    let ranges = ctx
        .op_def(ctx.name(op))
        .and_then(|d| d.successor_operand_ranges)
        .map(|f| f(ctx, op));
    for (i, &succ) in ctx.successors(op).iter().enumerate() {
        if ctx.block_region(succ) != region || region.is_none() {
            return Err(op_error(
                ctx,
                op,
                "reference to block defined in another region",
            ));
        }
        if ctx.op_def(ctx.name(op)).is_none() {
            continue; // an unregistered op's operands need not be branch arguments
        }
        let range = match &ranges {
            Some(r) => r[i].clone(),
            None => ctx.successor_operand_range(op, i),
        };
        let operands = &ctx.operands(op)[range];
        let args = ctx.block_args(succ);
        if operands.len() != args.len() {
            return Err(Diagnostic::error(
                ctx.loc(op),
                format!(
                    "branch has {} operands for successor #{i}, but target block has {}",
                    operands.len(),
                    args.len()
                ),
            ));
        }
        for (j, (&v, &a)) in operands.iter().zip(args).enumerate() {
            if ctx.value_type(v) != ctx.value_type(a) {
                return Err(Diagnostic::error(
                    ctx.loc(op),
                    format!("type mismatch for bb argument #{j} of successor #{i}"),
                ));
            }
        }
    }
    Ok(())
}

fn verify_regions(ctx: &Context, op: OpId) -> DiagResult<()> {
    let needs_terminator = !ctx.has_traits(op, Traits::NO_TERMINATOR);
    let single_block = ctx.has_traits(op, Traits::SINGLE_BLOCK);
    for (ri, &r) in ctx.regions(op).iter().enumerate() {
        if single_block && ctx.blocks(r).nth(1).is_some() {
            return Err(op_error(
                ctx,
                op,
                format!("expects region #{ri} to have 0 or 1 blocks"),
            ));
        }
        if let Some(entry) = ctx.entry_block(r) {
            if !ctx.predecessors(entry).is_empty() {
                return Err(Diagnostic::error(
                    ctx.loc(op),
                    "entry block of region may not have predecessors",
                ));
            }
        }
        for b in ctx.blocks(r) {
            verify_block_terminator(ctx, op, b, needs_terminator)?;
        }
    }
    Ok(())
}

/// Whether `op` may end a block: registered terminators, and unregistered ops (which may be
/// anything, as in MLIR).
fn may_terminate(ctx: &Context, op: OpId) -> bool {
    match ctx.op_def(ctx.name(op)) {
        Some(d) => d.traits.contains(Traits::TERMINATOR),
        None => true,
    }
}

fn verify_block_terminator(
    ctx: &Context,
    parent: OpId,
    b: BlockId,
    needs_terminator: bool,
) -> DiagResult<()> {
    for o in ctx.ops(b) {
        if ctx.next_op(o).is_some() && ctx.has_traits(o, Traits::TERMINATOR) {
            return Err(op_error(
                ctx,
                o,
                "must be the last operation in the parent block",
            ));
        }
    }
    if !needs_terminator {
        return Ok(());
    }
    match ctx.last_op(b) {
        None => Err(op_error(
            ctx,
            parent,
            "empty block: expect at least a terminator",
        )),
        Some(last) if !may_terminate(ctx, last) => Err(Diagnostic::error(
            ctx.loc(last),
            format!("block with no terminator, has '{}'", ctx.name_str(last)),
        )),
        Some(_) => Ok(()),
    }
}

/// Dominance information, computed lazily per region (Cooper, Harvey and Kennedy's iterative
/// algorithm over reverse post-order).
struct Dominance<'a> {
    ctx: &'a Context,
    /// Position of each op in its block, for the blocks checked so far (a map, not a table
    /// of the context's size: the pass manager verifies one function at a time).
    position: FxHashMap<OpId, u32>,
    /// Per region: reachable block -> its (entry, exit) numbers in a depth-first walk of the
    /// dominator tree; `a` dominates `b` iff `a`'s interval contains `b`'s (O(1) queries).
    regions: FxHashMap<RegionId, FxHashMap<BlockId, (u32, u32)>>,
}

impl<'a> Dominance<'a> {
    fn new(ctx: &'a Context) -> Self {
        Dominance {
            ctx,
            position: FxHashMap::default(),
            regions: FxHashMap::default(),
        }
    }

    /// Checks the uses of every op nested in `root` (not `root`'s own).
    fn verify_tree(&mut self, root: OpId) -> DiagResult<()> {
        self.check_ops(self.ctx.nested_ops(root))
    }

    /// Checks the uses of `op` and of every op nested in it; the positions of the ops of
    /// `op`'s block must be set ([`Dominance::set_positions`]).
    fn verify_subtree(&mut self, op: OpId) -> DiagResult<()> {
        let mut ops = vec![op];
        ops.extend(self.ctx.nested_ops(op));
        self.check_ops(ops)
    }

    /// Records the position of each op of `block`.
    fn set_positions(&mut self, block: BlockId) {
        for (i, o) in self.ctx.ops(block).enumerate() {
            self.position.insert(o, i as u32);
        }
    }

    /// Checks the uses of `ops` (in order), after recording the positions in every block one
    /// of them starts.
    fn check_ops(&mut self, ops: Vec<OpId>) -> DiagResult<()> {
        self.position.reserve(ops.len());
        for &op in &ops {
            if let Some(b) = self.ctx.op_block(op) {
                if self.ctx.first_op(b) == Some(op) {
                    self.set_positions(b);
                }
            }
        }
        let mut ancestors = Ancestors::default();
        for op in ops {
            ancestors.leave_to_parent_of(self.ctx, op);
            // MLIR checks the operands of ops in reachable blocks only: in a block that the
            // entry cannot reach, any use is valid (even `%0 = arith.addi %0, %0`); the ops
            // nested in such an op are checked as usual.
            if self.ctx.op_block(op).is_none_or(|b| self.is_reachable(b)) {
                for (i, &v) in self.ctx.operands(op).iter().enumerate() {
                    self.check_use(op, i, v, &ancestors)?;
                }
            }
            ancestors.enter(self.ctx, op);
        }
        Ok(())
    }

    /// Checks that `v`, operand `operand` of `user` (an op in a reachable block), dominates
    /// it; `ancestors` are `user`'s ancestors in the walk (they make the common case O(1) at
    /// any depth).
    fn check_use(
        &mut self,
        user: OpId,
        operand: usize,
        v: ValueId,
        ancestors: &Ancestors,
    ) -> DiagResult<()> {
        let ctx = self.ctx;
        // MLIR's wording: a plain error at the user plus a note at the definition.
        let not_dominated = || {
            let d = Diagnostic::error(
                ctx.loc(user),
                format!("operand #{operand} does not dominate this use"),
            );
            match ctx.value_def(v) {
                ValueDef::Result { op, .. } => {
                    let place = if ctx.op_block(op) == ctx.op_block(user) {
                        "op in the same block"
                    } else if ctx.op_block(op).and_then(|b| ctx.block_region(b))
                        == ctx.op_block(user).and_then(|b| ctx.block_region(b))
                    {
                        "op in the same region"
                    } else if ctx.is_ancestor(ctx.parent_op(op).unwrap_or(op), user) {
                        // The definition's region encloses the use.
                        "op in a parent region"
                    } else {
                        "op in a child region"
                    };
                    d.with_note(ctx.loc(op), format!("operand defined here ({place})"))
                }
                _ => d,
            }
        };
        let Some(def_block) = ctx.value_block(v) else {
            return Err(op_error(
                ctx,
                user,
                format!("operand #{operand} has no definition"),
            ));
        };
        let def_region = ctx.block_region(def_block);
        let user_block = ctx.op_block(user);
        let in_def_region = user_block.and_then(|b| ctx.block_region(b)) == def_region;
        let known = if user_block.is_some() && in_def_region {
            Some(user)
        } else {
            def_region.and_then(|r| ancestors.in_region(r))
        };
        // Otherwise (an error, or an ancestor outside the walk): walk up from the user to the
        // ancestor that lives in the definition's region.
        let mut anc = known.unwrap_or(user);
        while known.is_none() {
            let Some(b) = ctx.op_block(anc) else {
                return Err(not_dominated());
            };
            if ctx.block_region(b) == def_region {
                break;
            }
            let Some(parent) = ctx.parent_op(anc) else {
                return Err(not_dominated());
            };
            if ctx.has_traits(parent, Traits::ISOLATED_FROM_ABOVE) {
                let mut d = op_error(ctx, user, "using value defined outside the region");
                if let Some(defop) = ctx.defining_op(v) {
                    d = d.with_note(ctx.loc(defop), "value defined here");
                }
                return Err(d);
            }
            anc = parent;
        }
        let use_block = ctx.op_block(anc).expect("the ancestor is the user in its block, an ancestor found in a region, or the loop above stopped at a block");
        if use_block == def_block {
            // A result dominates the ops after its definer in the same block; it is not visible
            // to its own op, nor inside that op's regions.
            return match ctx.value_def(v) {
                ValueDef::Result { op, .. } if self.position[&op] >= self.position[&anc] => {
                    Err(not_dominated())
                }
                _ => Ok(()),
            };
        }
        let region = def_region.expect(
            "the defining block is in a region: the verified op holds every block in its regions",
        );
        if self.block_dominates(region, def_block, use_block) {
            Ok(())
        } else {
            Err(not_dominated())
        }
    }

    /// The dominator-tree intervals of `region`'s reachable blocks, computed on first use.
    fn intervals(&mut self, region: RegionId) -> &FxHashMap<BlockId, (u32, u32)> {
        let ctx = self.ctx;
        self.regions
            .entry(region)
            .or_insert_with(|| compute_idoms(ctx, region))
    }

    /// Whether `block` is reachable from the entry block of its region (entry blocks and blocks
    /// outside a region count as reachable).
    fn is_reachable(&mut self, block: BlockId) -> bool {
        match self.ctx.block_region(block) {
            Some(r) if self.ctx.entry_block(r) != Some(block) => {
                self.intervals(r).contains_key(&block)
            }
            _ => true,
        }
    }

    fn block_dominates(&mut self, region: RegionId, a: BlockId, b: BlockId) -> bool {
        let info = self.intervals(region);
        let Some(&(b_in, b_out)) = info.get(&b) else {
            return true; // unreachable use: anything goes
        };
        match info.get(&a) {
            Some(&(a_in, a_out)) => a_in <= b_in && b_out <= a_out,
            None => false,
        }
    }
}

/// The ancestors of the op being checked, outermost first, as [`Dominance::check_ops`] walks in
/// pre-order: which of them lies in a given region, and whether an op isolated from above lies
/// between, are O(1) lookups instead of a walk up the parents (quadratic in the nesting depth).
#[derive(Default)]
struct Ancestors {
    ops: Vec<OpId>,
    /// The region each entry of `ops` is in.
    regions: Vec<Option<RegionId>>,
    /// Region -> the index in `ops` of the entry in it (each region appears at most once).
    index: FxHashMap<RegionId, usize>,
    /// For each entry of `ops`: the index of the innermost op isolated from above at or above it.
    last_isolated: Vec<Option<usize>>,
}

impl Ancestors {
    /// Drops the entries that are not ancestors of `op` (the walk is in pre-order, so `op`'s
    /// parent, if in the walk, is the last entry left).
    fn leave_to_parent_of(&mut self, ctx: &Context, op: OpId) {
        let parent = ctx.parent_op(op);
        while self.ops.last().is_some_and(|&top| Some(top) != parent) {
            self.ops.pop();
            self.last_isolated.pop();
            if let Some(Some(r)) = self.regions.pop() {
                self.index.remove(&r);
            }
        }
    }

    /// Makes `op` (just checked) the innermost entry, for the ops nested in it.
    fn enter(&mut self, ctx: &Context, op: OpId) {
        let i = self.ops.len();
        let region = ctx.op_block(op).and_then(|b| ctx.block_region(b));
        if let Some(r) = region {
            self.index.insert(r, i);
        }
        let isolated = ctx.has_traits(op, Traits::ISOLATED_FROM_ABOVE);
        let outer = self.last_isolated.last().copied().flatten();
        self.ops.push(op);
        self.regions.push(region);
        self.last_isolated
            .push(if isolated { Some(i) } else { outer });
    }

    /// The entry in `region` when no entry isolated from above lies at or inside it (then a
    /// use inside the innermost entry may see `region`'s values).
    fn in_region(&self, region: RegionId) -> Option<OpId> {
        let &k = self.index.get(&region)?;
        match self.last_isolated.last().copied().flatten() {
            Some(i) if i >= k => None,
            _ => Some(self.ops[k]),
        }
    }
}

fn compute_idoms(ctx: &Context, region: RegionId) -> FxHashMap<BlockId, (u32, u32)> {
    let Some(entry) = ctx.entry_block(region) else {
        return FxHashMap::default();
    };
    // Semi-NCA (Georgiadis; what LLVM's dominator tree uses): near-linear, where the iterative
    // "intersect" scheme is quadratic on a block with many predecessors along a chain.
    const NONE: usize = usize::MAX;
    let succs = |b: BlockId| -> &[BlockId] { ctx.last_op(b).map_or(&[], |t| ctx.successors(t)) };
    // Depth-first preorder from the entry: `vertex[i]` is block number i, `parent[i]` its
    // parent in the DFS tree. Unreachable blocks get no number.
    let mut num: FxHashMap<BlockId, usize> = FxHashMap::default();
    let mut vertex = Vec::new();
    let mut parent = Vec::new();
    let mut stack = vec![(entry, NONE)];
    while let Some((b, p)) = stack.pop() {
        if num.contains_key(&b) {
            continue;
        }
        num.insert(b, vertex.len());
        let i = vertex.len();
        vertex.push(b);
        parent.push(p);
        for &s in succs(b).iter().rev() {
            if !num.contains_key(&s) {
                stack.push((s, i));
            }
        }
    }
    let n = vertex.len();
    // Predecessors (by number) in one array, `preds[pred_start[w]..pred_start[w + 1]]`.
    let (pred_start, preds) = csr(
        n,
        vertex
            .iter()
            .enumerate()
            .flat_map(|(i, &b)| succs(b).iter().map(move |s| (s, i))),
        |(s, i)| (num[s], i),
    );
    // Semidominators in reverse preorder, with link-eval over a path-compressed forest.
    let mut semi: Vec<usize> = (0..n).collect();
    let mut label: Vec<usize> = (0..n).collect();
    let mut ancestor = vec![NONE; n];
    let mut path = Vec::new();
    for w in (1..n).rev() {
        for &v in &preds[pred_start[w]..pred_start[w + 1]] {
            let u = if ancestor[v] == NONE {
                v
            } else {
                // Compress the forest path above `v` (iteratively), then `label[v]` is the
                // vertex of least semidominator on it.
                let mut x = v;
                while ancestor[ancestor[x]] != NONE {
                    path.push(x);
                    x = ancestor[x];
                }
                while let Some(y) = path.pop() {
                    let a = ancestor[y];
                    if semi[label[a]] < semi[label[y]] {
                        label[y] = label[a];
                    }
                    ancestor[y] = ancestor[a];
                }
                label[v]
            };
            semi[w] = semi[w].min(semi[u]);
        }
        ancestor[w] = parent[w];
    }
    // Immediate dominators in preorder: the nearest common ancestor of the parent and the
    // semidominator in the tree built so far.
    let mut idom = vec![0; n];
    for w in 1..n {
        let mut d = parent[w];
        while d > semi[w] {
            d = idom[d];
        }
        idom[w] = d;
    }
    dominator_tree_intervals(&vertex, &idom)
}

/// Groups the pairs `edge(e) = (key, item)` of `edges` by key `0..n` in one array: the items
/// of key `k` are `items[start[k]..start[k + 1]]`, in the order of `edges` (compressed sparse
/// rows: two arrays instead of a vector per key).
fn csr<E: Copy>(
    n: usize,
    edges: impl Iterator<Item = E> + Clone,
    edge: impl Fn(E) -> (usize, usize),
) -> (Vec<usize>, Vec<usize>) {
    let mut start = vec![0; n + 1];
    for e in edges.clone() {
        start[edge(e).0 + 1] += 1;
    }
    for k in 0..n {
        start[k + 1] += start[k];
    }
    let mut fill = start.clone();
    let mut items = vec![0; start[n]];
    for e in edges {
        let (k, item) = edge(e);
        items[fill[k]] = item;
        fill[k] += 1;
    }
    (start, items)
}

/// Numbers the dominator tree given by `idom` (over the preorder numbers of `vertex`; the
/// entry, number 0, is its own) depth-first: each block gets (entry time, exit time).
fn dominator_tree_intervals(vertex: &[BlockId], idom: &[usize]) -> FxHashMap<BlockId, (u32, u32)> {
    let n = vertex.len();
    let (child_start, children) = csr(n, 1..n, |w| (idom[w], w));
    let mut out = FxHashMap::with_capacity_and_hasher(n, Default::default());
    let mut times = vec![(0u32, 0u32); n];
    let mut clock = 0u32;
    let mut stack = vec![(0usize, false)];
    while let Some((b, done)) = stack.pop() {
        if done {
            times[b].1 = clock;
            clock += 1;
            continue;
        }
        times[b].0 = clock;
        clock += 1;
        stack.push((b, true));
        for &c in &children[child_start[b]..child_start[b + 1]] {
            stack.push((c, false));
        }
    }
    out.extend(vertex.iter().copied().zip(times));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::location::Location;
    use std::sync::atomic::{AtomicBool, Ordering};

    /// `on_threads` reports the failure of the smallest index, whichever thread finds which;
    /// and every index up to it is checked.
    #[test]
    fn threaded_checks_report_the_first_failure() {
        for threads in [1, 2, 4, 8] {
            for _ in 0..20 {
                let checked: Vec<AtomicBool> = (0..200).map(|_| AtomicBool::new(false)).collect();
                let r = on_threads(
                    threads,
                    200,
                    || (),
                    |_, i| {
                        checked[i].store(true, Ordering::Relaxed);
                        match i {
                            37 | 90 | 150 | 199 => {
                                Err(Diagnostic::error(Location::Unknown, format!("#{i}")))
                            }
                            _ => Ok(()),
                        }
                    },
                );
                assert_eq!(r.map_err(|d| d.message), Err("#37".to_string()));
                assert!(checked[..=37].iter().all(|c| c.load(Ordering::Relaxed)));
            }
        }
        assert_eq!(
            on_threads(2, 0, || (), |_, _| Ok(())).map_err(|d| d.message),
            Ok(())
        );
    }
}
