//! Where one function's tensor references are released and duplicated: Perceus-style reference
//! counting on the CFG (Reinking et al., "Perceus: Garbage Free Reference Counting with
//! Reuse", PLDI 2021; docs/design/tensor-runtime.md, "The pipeline", step 3).
//!
//! Every SSA tensor value owns one reference to its buffer. From liveness:
//! - an op's use of a value that is dead after the op is its *last use*: the op may reuse the
//!   buffer (when its count is 1) and otherwise the value is released after the op;
//! - a value never used (an op result or a block argument) is released where it is defined;
//! - at a terminator, each edge needs one reference for every value live into the successor
//!   and one for every time the value is passed as a successor operand: the references owned
//!   at the terminator (values live out of the block or used by the terminator) are released or
//!   duplicated on each edge to match ([`Ownership::edge`]); `func.return` likewise passes one
//!   reference per returned operand.
//!
//! Liveness is the usual backward dataflow over the blocks (iterated to a fixpoint in
//! post-order), on tensor values only. A value used inside the regions of an op (a
//! `tensor.extract` in the body of a `tensor.generate` or `linalg.generic`, which the backends
//! lower with the op) is *captured* by the op: it is used by the op, lives until the op is
//! done, is never its last use as an operand (the op must not reuse a buffer its body reads),
//! and when the op is its last use it is released after the op ([`Ownership::captured_last_uses`]).

use std::collections::{HashMap, HashSet};
use weir_ir::{BlockId, Context, OpId, ValueId};

/// The ownership decisions of one function body (see the module docs).
pub struct Ownership {
    last_uses: HashSet<(OpId, usize)>,
    /// The captured values (see the module docs) whose last use is the op, sorted.
    captured_last: HashMap<OpId, Vec<ValueId>>,
    dead: HashSet<ValueId>,
    live_in: HashMap<BlockId, HashSet<ValueId>>,
    /// The references owned at each block's terminator, sorted (for deterministic code).
    at_terminator: HashMap<BlockId, Vec<ValueId>>,
}

impl Ownership {
    /// Analyzes the blocks `rpo` (the reachable blocks of one region, entry first), whose last
    /// ops are terminators, for the values `tracked` says are reference-counted.
    pub fn analyze(ctx: &Context, rpo: &[BlockId], tracked: &dyn Fn(ValueId) -> bool) -> Ownership {
        let succs = |b: BlockId| -> Vec<BlockId> {
            ctx.last_op(b)
                .map(|t| ctx.successors(t).to_vec())
                .unwrap_or_default()
        };
        let captured: HashMap<OpId, Vec<ValueId>> = rpo
            .iter()
            .flat_map(|&b| ctx.ops(b))
            .filter(|&op| !ctx.regions(op).is_empty())
            .map(|op| (op, captured_values(ctx, op, tracked)))
            .filter(|(_, c)| !c.is_empty())
            .collect();
        let no_captures = Vec::new();
        let captures = |op: OpId| captured.get(&op).unwrap_or(&no_captures);
        // Upward-exposed uses and definitions of each block.
        let mut gen: HashMap<BlockId, HashSet<ValueId>> = HashMap::new();
        let mut defs: HashMap<BlockId, HashSet<ValueId>> = HashMap::new();
        for &b in rpo {
            let (mut g, mut d) = (HashSet::new(), HashSet::new());
            d.extend(ctx.block_args(b).iter().copied().filter(|&v| tracked(v)));
            for op in ctx.ops(b) {
                for &v in ctx.operands(op).iter().chain(captures(op)) {
                    if tracked(v) && !d.contains(&v) {
                        g.insert(v);
                    }
                }
                d.extend(ctx.results(op).iter().copied().filter(|&v| tracked(v)));
            }
            gen.insert(b, g);
            defs.insert(b, d);
        }
        let mut live_in: HashMap<BlockId, HashSet<ValueId>> =
            rpo.iter().map(|&b| (b, gen[&b].clone())).collect();
        let live_out = |live_in: &HashMap<BlockId, HashSet<ValueId>>, b: BlockId| {
            let mut out = HashSet::new();
            for s in succs(b) {
                if let Some(l) = live_in.get(&s) {
                    out.extend(l.iter().copied());
                }
            }
            out
        };
        let mut changed = true;
        while changed {
            changed = false;
            for &b in rpo.iter().rev() {
                let out = live_out(&live_in, b);
                let entry = live_in.get_mut(&b).expect("every block has a set");
                for v in out {
                    if !defs[&b].contains(&v) && entry.insert(v) {
                        changed = true;
                    }
                }
            }
        }

        let mut own = Ownership {
            last_uses: HashSet::new(),
            captured_last: HashMap::new(),
            dead: HashSet::new(),
            live_in: HashMap::new(),
            at_terminator: HashMap::new(),
        };
        for &b in rpo {
            let mut live = live_out(&live_in, b);
            let ops: Vec<OpId> = ctx.ops(b).collect();
            if let Some(&term) = ops.last() {
                live.extend(ctx.operands(term).iter().copied().filter(|&v| tracked(v)));
                let mut owned: Vec<ValueId> = live.iter().copied().collect();
                owned.sort();
                own.at_terminator.insert(b, owned);
            }
            for &op in ops.iter().rev().skip(1) {
                for &r in ctx.results(op) {
                    if tracked(r) && !live.remove(&r) {
                        own.dead.insert(r);
                    }
                }
                // Captured values first: an operand that the op also captures is not its
                // last use as an operand.
                let last: Vec<ValueId> = captures(op)
                    .iter()
                    .copied()
                    .filter(|&v| live.insert(v))
                    .collect();
                if !last.is_empty() {
                    own.captured_last.insert(op, last);
                }
                for (j, &v) in ctx.operands(op).iter().enumerate().rev() {
                    if tracked(v) && live.insert(v) {
                        own.last_uses.insert((op, j));
                    }
                }
            }
            for &a in ctx.block_args(b) {
                if tracked(a) && !live.contains(&a) {
                    own.dead.insert(a);
                }
            }
        }
        own.live_in = live_in;
        own
    }

    /// Whether operand `j` of `op` (not a terminator) is the value's last use.
    pub fn is_last_use(&self, op: OpId, j: usize) -> bool {
        self.last_uses.contains(&(op, j))
    }

    /// The values captured by `op` (used inside its regions, defined outside it; see the module
    /// docs) whose last use is `op`: to release after it.
    pub fn captured_last_uses(&self, op: OpId) -> &[ValueId] {
        self.captured_last.get(&op).map_or(&[], Vec::as_slice)
    }

    /// Whether `v` (an op result or block argument) is never used.
    pub fn is_dead(&self, v: ValueId) -> bool {
        self.dead.contains(&v)
    }

    /// The reference changes on the edge from `block`'s terminator to `succ` passing `args`:
    /// `(value, n)` with `n = -1` to release the value, `n > 0` to retain it `n` more times.
    /// Empty when the edge needs no change.
    pub fn edge(&self, block: BlockId, succ: BlockId, args: &[ValueId]) -> Vec<(ValueId, i64)> {
        let empty = HashSet::new();
        let live = self.live_in.get(&succ).unwrap_or(&empty);
        self.adjust(block, |v| {
            live.contains(&v) as i64 + args.iter().filter(|&&a| a == v).count() as i64
        })
    }

    /// The reference changes at `block`'s `func.return` of `values`: one reference per
    /// returned operand, every other reference released.
    pub fn at_return(&self, block: BlockId, values: &[ValueId]) -> Vec<(ValueId, i64)> {
        self.adjust(block, |v| values.iter().filter(|&&a| a == v).count() as i64)
    }

    fn adjust(&self, block: BlockId, need: impl Fn(ValueId) -> i64) -> Vec<(ValueId, i64)> {
        self.at_terminator
            .get(&block)
            .into_iter()
            .flatten()
            .filter_map(|&v| {
                let n = need(v) - 1;
                (n != 0).then_some((v, n))
            })
            .collect()
    }
}

/// The tracked values used by the ops nested in `op`'s regions and defined outside `op`,
/// sorted, without repeats.
fn captured_values(ctx: &Context, op: OpId, tracked: &dyn Fn(ValueId) -> bool) -> Vec<ValueId> {
    let nested = ctx.nested_ops(op);
    let mut inside: HashSet<ValueId> = HashSet::new();
    for &o in &nested {
        inside.extend(ctx.results(o).iter().copied());
        for &r in ctx.regions(o) {
            for b in ctx.blocks(r) {
                inside.extend(ctx.block_args(b).iter().copied());
            }
        }
    }
    for &r in ctx.regions(op) {
        for b in ctx.blocks(r) {
            inside.extend(ctx.block_args(b).iter().copied());
        }
    }
    let mut out: Vec<ValueId> = nested
        .iter()
        .flat_map(|&o| ctx.operands(o).iter().copied())
        .filter(|&v| tracked(v) && !inside.contains(&v))
        .collect();
    out.sort();
    out.dedup();
    out
}
