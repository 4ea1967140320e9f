//! `--linalg-fuse-elementwise-ops` (MLIR `LinalgElementwiseOpFusionPass`,
//! `fuseElementwiseOps`): producer/consumer fusion of linalg structured ops on tensors.
//!
//! A producer `P` is fused into a consumer `C` that reads one of its results `r` as an input
//! when:
//! - both are structured ops in the same block, neither a `matmul`/`batch_matmul` (they stay
//!   named, for the JIT's GEMM), `P`'s loops are all parallel, every indexing map of both is
//!   a projected permutation, `P`'s map for `r` is a permutation;
//! - `C` reads `r` only as inputs, all with one map, whose results are distinct loops;
//! - `P`'s body reads no output element, uses no `linalg.index`, and every op in it is pure;
//! - every other use of a result of `P` is after `C` in the block (so the fused op, built where
//!   `C` was, dominates it);
//! - every loop of `C` is still indexed by an operand of the fused op, which gives its size
//!   (MLIR's rule too: a broadcast into a reduction over the broadcast dimension stays).
//!
//! The fused `linalg.generic` has `C`'s loops and iterator types; its inputs are `C`'s inputs
//! other than `r`, then `P`'s inputs (each map composed with the loop correspondence `P`'s
//! map for `r` and `C`'s map for `r` define); its outputs are `C`'s, then each result of `P`
//! that has other uses (as MLIR's fusion keeps them: "preserved" results, with `P`'s inits).
//! Its body is `P`'s body followed by `C`'s, `C`'s reads of `r` replaced by the value `P`
//! yields for it. As in MLIR, every op of a fused producer computes once per point of the
//! consumer's loops, so a producer read by a broadcasting consumer computes more often.
//!
//! Differences from MLIR 22: MLIR fuses `linalg.generic`s only (named ops are generalized
//! first by `--linalg-generalize-named-ops`); Weir fuses every structured op but the matrix
//! products directly. Consumers are visited from the last op of each block to the first, so
//! each producer's body is moved (not copied) once: the pass is linear in the program's size.

use std::collections::HashMap;
use weir_dialect_linalg::{IndexOp, Kind, StructuredOp, YieldOp};
use weir_ir::affine::{AffineExpr, AffineMap};
use weir_ir::{BlockId, Context, InsertPoint, OpId, Traits, ValueDef, ValueId};

/// Fuses every fusable producer/consumer pair nested in `root` (see the module docs).
pub fn run(ctx: &mut Context, root: OpId) {
    let mut blocks: Vec<BlockId> = Vec::new();
    for op in std::iter::once(root).chain(ctx.nested_ops(root)) {
        for &r in ctx.regions(op) {
            blocks.extend(ctx.blocks(r));
        }
    }
    for b in blocks {
        fuse_block(ctx, b);
    }
}

fn fuse_block(ctx: &mut Context, block: BlockId) {
    let ops = ctx.block_ops(block);
    let mut pos: HashMap<OpId, usize> = ops.iter().enumerate().map(|(i, &o)| (o, i)).collect();
    for &op in ops.iter().rev() {
        let mut c = op;
        while !ctx.is_erased(c) {
            let Some(f) = candidate(ctx, c, &pos) else {
                break;
            };
            let fused = fuse(ctx, c, &f);
            pos.insert(fused, pos[&c]);
            c = fused;
        }
    }
}

/// A producer to fuse into a consumer: the producer, the index of the result the consumer
/// reads, the consumer's input positions that read it, the producer's results to keep, and
/// the consumer loop of each producer loop.
struct Fusion {
    producer: OpId,
    result: usize,
    inputs: Vec<usize>,
    preserved: Vec<usize>,
    to_c: Vec<u32>,
}

/// The loops a projected-permutation map reads, in result order; `None` for another map.
fn map_dims(m: &AffineMap) -> Option<Vec<u32>> {
    m.results
        .iter()
        .map(|e| match e {
            AffineExpr::Dim(d) => Some(*d),
            _ => None,
        })
        .collect()
}

fn structured(ctx: &Context, op: OpId) -> Option<StructuredOp> {
    let s = StructuredOp::of_any(ctx, op)?;
    let ok = !matches!(s.kind(ctx), Kind::Matmul | Kind::BatchMatmul)
        && s.indexing_maps(ctx).iter().all(|m| map_dims(m).is_some());
    ok.then_some(s)
}

/// Whether `p` can be a producer: all loops parallel, a body that reads no output element,
/// uses no `linalg.index` and has pure ops only.
fn producer_ok(ctx: &Context, p: StructuredOp) -> bool {
    let body = p.body(ctx);
    let n_ins = p.inputs(ctx).len();
    !p.reduction_loops(ctx).iter().any(|&r| r)
        && ctx.block_args(body)[n_ins..]
            .iter()
            .all(|&a| ctx.is_unused(a))
        && ctx.ops(body).all(|o| {
            YieldOp::of(ctx, o).is_some()
                || (IndexOp::of(ctx, o).is_none()
                    && ctx.has_traits(o, Traits::PURE)
                    && ctx.regions(o).is_empty())
        })
}

/// The op of `block` that is or contains `op`.
fn ancestor_in(ctx: &Context, block: BlockId, mut op: OpId) -> Option<OpId> {
    loop {
        if ctx.op_block(op) == Some(block) {
            return Some(op);
        }
        op = ctx.parent_op(op)?;
    }
}

fn candidate(ctx: &Context, c: OpId, pos: &HashMap<OpId, usize>) -> Option<Fusion> {
    let cs = structured(ctx, c)?;
    let block = ctx.op_block(c)?;
    let (ins, outs) = (cs.inputs(ctx), cs.outputs(ctx));
    let maps = cs.indexing_maps(ctx);
    'inputs: for &v in ins {
        let ValueDef::Result { op: p, index } = ctx.value_def(v) else {
            continue;
        };
        if ctx.op_block(p) != Some(block) || outs.contains(&v) {
            continue;
        }
        let Some(ps) = structured(ctx, p).filter(|&ps| producer_ok(ctx, ps)) else {
            continue;
        };
        let result = index as usize;
        let inputs: Vec<usize> = (0..ins.len()).filter(|&k| ins[k] == v).collect();
        if inputs.iter().any(|&k| maps[k] != maps[inputs[0]]) {
            continue;
        }
        let read = map_dims(&maps[inputs[0]])?;
        let mut seen = read.clone();
        seen.sort_unstable();
        seen.dedup();
        let pmaps = ps.indexing_maps(ctx);
        let written = map_dims(&pmaps[ps.inputs(ctx).len() + result])?;
        if seen.len() != read.len() || !is_permutation(&written) {
            continue;
        }
        // Producer loop written[j] is consumer loop read[j].
        let mut to_c = vec![0; written.len()];
        for (w, r) in written.iter().zip(&read) {
            to_c[*w as usize] = *r;
        }
        let mut preserved = Vec::new();
        for (i, &r) in ctx.results(p).iter().enumerate() {
            let mut other = false;
            for u in ctx.uses(r) {
                if u.op == c && inputs.contains(&(u.operand as usize)) {
                    continue;
                }
                match ancestor_in(ctx, block, u.op) {
                    Some(a) if a != c && pos.get(&a) > pos.get(&c) => other = true,
                    _ => continue 'inputs,
                }
            }
            if other {
                preserved.push(i);
            }
        }
        // Every consumer loop indexed by an operand of the fused op.
        let p_ins = ps.inputs(ctx).len();
        let mut covered = vec![false; maps[0].num_dims as usize];
        let c_kept = (0..maps.len()).filter(|k| !inputs.contains(k));
        for d in c_kept.flat_map(|k| map_dims(&maps[k]).unwrap_or_default()) {
            covered[d as usize] = true;
        }
        let p_kept = (0..p_ins).chain(preserved.iter().map(|&i| p_ins + i));
        for d in p_kept.flat_map(|k| map_dims(&pmaps[k]).unwrap_or_default()) {
            covered[to_c[d as usize] as usize] = true;
        }
        if covered.contains(&false) {
            continue;
        }
        return Some(Fusion {
            producer: p,
            result,
            inputs,
            preserved,
            to_c,
        });
    }
    None
}

fn is_permutation(dims: &[u32]) -> bool {
    let mut seen = vec![false; dims.len()];
    dims.iter().all(|&d| {
        let fresh = seen.get(d as usize) == Some(&false);
        if fresh {
            seen[d as usize] = true;
        }
        fresh
    })
}

/// Fuses `f.producer` into `c` (see the module docs) and returns the fused op.
fn fuse(ctx: &mut Context, c: OpId, f: &Fusion) -> OpId {
    let of = |op| StructuredOp::of_any(ctx, op).expect("checked by candidate");
    let (cs, ps) = (of(c), of(f.producer));
    let (c_ins, c_outs) = (cs.inputs(ctx).to_vec(), cs.outputs(ctx).to_vec());
    let (p_ins, p_outs) = (ps.inputs(ctx).to_vec(), ps.outputs(ctx).to_vec());
    let (c_maps, p_maps) = (cs.indexing_maps(ctx), ps.indexing_maps(ctx));
    let loops = c_maps[0].num_dims;
    let to_c = &f.to_c;
    let remap = |m: &AffineMap| AffineMap {
        num_dims: loops,
        num_symbols: 0,
        results: map_dims(m)
            .expect("checked")
            .into_iter()
            .map(|d| AffineExpr::Dim(to_c[d as usize]))
            .collect(),
    };

    // Operands and maps.
    let kept: Vec<usize> = (0..c_ins.len()).filter(|k| !f.inputs.contains(k)).collect();
    let mut ins: Vec<ValueId> = kept.iter().map(|&k| c_ins[k]).collect();
    let mut maps: Vec<AffineMap> = kept.iter().map(|&k| c_maps[k].clone()).collect();
    ins.extend(&p_ins);
    maps.extend(p_maps[..p_ins.len()].iter().map(remap));
    let mut outs = c_outs.clone();
    maps.extend(c_maps[c_ins.len()..].iter().cloned());
    for &i in &f.preserved {
        outs.push(p_outs[i]);
        maps.push(remap(&p_maps[p_ins.len() + i]));
    }

    // The body: C's block, with P's ops moved to its front.
    let region = ctx.new_region();
    ctx.move_region_blocks(cs.region(ctx), region);
    let block = ctx.entry_block(region).expect("a structured op has a body");
    let c_args = ctx.block_args(block).to_vec();
    let p_body = ps.body(ctx);
    let p_args = ctx.block_args(p_body).to_vec();
    for &a in &p_args[..p_ins.len()] {
        let ty = ctx.value_type(a);
        let n = ctx.add_block_arg(block, ty);
        ctx.replace_all_uses(a, n);
    }
    let front = ctx.first_op(block).expect("a body ends with linalg.yield");
    let p_yield = ctx.last_op(p_body).expect("a body ends with linalg.yield");
    for o in ctx.block_ops(p_body) {
        if o != p_yield {
            ctx.move_op(o, InsertPoint::Before(front));
        }
    }
    let yielded = ctx.operands(p_yield).to_vec();
    for &k in &f.inputs {
        ctx.replace_all_uses(c_args[k], yielded[f.result]);
    }
    for &a in &c_args[c_ins.len()..] {
        let ty = ctx.value_type(a);
        let n = ctx.add_block_arg(block, ty);
        ctx.replace_all_uses(a, n);
    }
    for &i in &f.preserved {
        let ty = ctx.value_type(p_args[p_ins.len() + i]);
        ctx.add_block_arg(block, ty);
    }
    let mut dead: Vec<usize> = f.inputs.clone();
    dead.extend(c_ins.len()..c_args.len());
    for &k in dead.iter().rev() {
        ctx.erase_block_arg(block, k);
    }
    let c_yield = ctx.last_op(block).expect("a body ends with linalg.yield");
    let mut values = ctx.operands(c_yield).to_vec();
    values.extend(f.preserved.iter().map(|&i| yielded[i]));
    ctx.set_operands(c_yield, values);

    let reduction = cs.reduction_loops(ctx);
    let loc = ctx.loc(c);
    let fused = weir_dialect_linalg::build_generic(
        ctx,
        InsertPoint::Before(c),
        (&ins, &outs),
        maps,
        &reduction,
        region,
        loc,
    );
    let results = ctx.results(fused).to_vec();
    let n_c = ctx.results(c).len();
    ctx.replace_op(c, &results[..n_c]);
    for (j, &i) in f.preserved.iter().enumerate() {
        let r = ctx.result(f.producer, i);
        ctx.replace_all_uses(r, results[n_c + j]);
    }
    ctx.erase_op(f.producer);
    fused
}
