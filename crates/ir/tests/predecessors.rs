//! Predecessor lists stay exact under `set_successor` and `erase_op` (O(1) updates: each
//! successor slot remembers its entry's position in the target's list).

use weir_ir::{BlockId, Context, InsertPoint, Location, OpId, OpState};

/// `n` unregistered branch ops in block `from`, each with successors `[a, b]`.
fn branches(ctx: &mut Context, from: BlockId, a: BlockId, b: BlockId, n: usize) -> Vec<OpId> {
    let name = ctx.op_name("test.br");
    (0..n)
        .map(|_| {
            let mut s = OpState::new(name, Location::Unknown);
            s.successors = vec![a, b];
            ctx.build_op(s, InsertPoint::End(from))
        })
        .collect()
}

/// The entries of `block`'s predecessor list, sorted (the list's order is unspecified).
fn preds(ctx: &Context, block: BlockId) -> Vec<(OpId, u32)> {
    let mut p = ctx.predecessors(block).to_vec();
    p.sort();
    p
}

#[test]
fn predecessor_lists_follow_successor_changes_and_erasure() {
    let mut ctx = Context::new();
    let region = ctx.new_region();
    let [from, a, b, c] = [0; 4].map(|_| ctx.new_block(&[]));
    for blk in [from, a, b, c] {
        ctx.append_block(region, blk);
    }
    let ops = branches(&mut ctx, from, a, b, 1000);
    // Expected lists built independently: every op's slot 0 in `a`, slot 1 in `b`.
    let mut in_a: Vec<(OpId, u32)> = ops.iter().map(|&o| (o, 0)).collect();
    let mut in_b: Vec<(OpId, u32)> = ops.iter().map(|&o| (o, 1)).collect();
    let mut in_c: Vec<(OpId, u32)> = Vec::new();
    // Retarget every third op's slot 0 to `c`, and erase every seventh op, interleaved, so
    // removals hit the middle, the end and entries that were moved by earlier removals.
    for (i, &o) in ops.iter().enumerate() {
        if i % 3 == 0 {
            ctx.set_successor(o, 0, c);
            in_a.retain(|&e| e != (o, 0));
            in_c.push((o, 0));
        }
        if i % 7 == 3 {
            ctx.erase_op(o);
            for list in [&mut in_a, &mut in_b, &mut in_c] {
                list.retain(|&(op, _)| op != o);
            }
        }
    }
    // Setting a slot to the block it already names keeps one entry.
    ctx.set_successor(ops[1], 1, b);
    for list in [&mut in_a, &mut in_b, &mut in_c] {
        list.sort();
    }
    assert_eq!(preds(&ctx, a), in_a);
    assert_eq!(preds(&ctx, b), in_b);
    assert_eq!(preds(&ctx, c), in_c);
    // 1000 ops: 334 (i % 3 == 0) retargeted, 143 (i % 7 == 3) erased, 48 of them both
    // (i % 21 == 3), by hand: a keeps 1000 - 334 - 143 + 48 = 571, b 857, c 334 - 48 = 286.
    assert_eq!((in_a.len(), in_b.len(), in_c.len()), (571, 857, 286));
}
