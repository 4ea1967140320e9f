//! `--linalg-fuse-elementwise-ops` (MLIR `LinalgElementwiseOpFusionPass`,
//! `fuseElementwiseOps`): producer/consumer fusion of linalg structured ops on tensors.
//!
//! A consumer `C` absorbs, one after the other, the producers `P` of the tensors it (or a
//! producer it absorbed) reads as inputs, when:
//! - both are structured ops in the same block, neither a `matmul`/`batch_matmul` (they stay
//!   named, for the JIT's GEMM), `P`'s loops are all parallel, every indexing map of both is
//!   a projected permutation, `P`'s map for the result `r` read is a permutation;
//! - the fused op reads `r` only as inputs, all with one map, whose results are distinct
//!   loops, and no other result of `P`;
//! - `P`'s body reads no output element, uses no `linalg.index`, and every op in it is pure;
//! - every other use of a result of `P` is after `C` in the block (so the fused op, built where
//!   `C` was, dominates it), and there are at most [`MAX_PRODUCER_USES`] uses;
//! - every loop of `C` is still indexed by an operand of the fused op, which gives its size
//!   (MLIR's rule too: a broadcast into a reduction over the broadcast dimension stays).
//!
//! Before fusing, a `tensor.dim` of a structured op's result is rewritten to the same `tensor.dim`
//! of its init (MLIR's pass resolves them too), so shape queries do not keep producers apart.
//!
//! An init of `P` (its result not kept) whose sizes do not follow from `P`'s inputs becomes an
//! input of the fused op that the body does not read, so the fused op still checks at run time
//! that its sizes agree with the others (`P` checked them; without it, mismatched dynamic
//! shapes would no longer be a runtime error). Its sizes follow from the inputs when each
//! dimension is static and so is every input dimension of the same loop (the verifier checked
//! them equal), or is a `tensor.empty` size that is `tensor.dim` of an input along the same loop
//! (what `--convert-elementwise-to-linalg` builds; or of that input's init, once resolved). An input the fused op already reads through
//! the same map is read once.
//!
//! The fused `linalg.generic` has `C`'s loops and iterator types; its inputs are `C`'s inputs
//! other than the fused ones, then each absorbed producer's inputs (each map composed with the
//! loop correspondence that `P`'s map for `r` and the fused op's map for `r` define); its
//! outputs are `C`'s, then each result of an absorbed producer that has other uses (as MLIR's
//! fusion keeps them: "preserved" results, with `P`'s inits). Its body is the producers'
//! bodies followed by `C`'s, each read of `r` replaced by the value `P` yields for it. As in
//! MLIR, every op of a fused producer computes once per point of the consumer's loops, so a
//! producer read by a broadcasting consumer computes more often.
//!
//! Differences from MLIR 22: MLIR fuses `linalg.generic`s only (named ops are generalized
//! first by `--linalg-generalize-named-ops`), one pair at a time; Weir fuses every structured
//! op but the matrix products directly, and builds each fused op once, after its consumer has
//! absorbed all it can. Consumers are visited from the last op of each block to the first, each
//! input is examined once per consumer, and each producer's body is moved (not copied) once:
//! the pass is linear in the program's size.

use std::collections::{HashMap, HashSet};
use weir_dialect_linalg::{IndexOp, Kind, StructuredOp, YieldOp};
use weir_dialect_tensor::{DimOp, EmptyOp};
use weir_ir::affine::{AffineExpr, AffineMap};
use weir_ir::{BlockId, Context, InsertPoint, OpId, Traits, Type, TypeKind, ValueDef, ValueId};

/// The most uses a producer's result may have (a check per use decides whether the fused op
/// dominates them; a result read more widely stays materialized).
pub const MAX_PRODUCER_USES: usize = 64;

/// Fuses every fusable producer/consumer pair nested in `root` (see the module docs).
pub fn run(ctx: &mut Context, root: OpId) {
    let mut blocks: Vec<BlockId> = Vec::new();
    for op in std::iter::once(root).chain(ctx.nested_ops(root)) {
        for &r in ctx.regions(op) {
            blocks.extend(ctx.blocks(r));
        }
        resolve_dim(ctx, op);
    }
    for b in blocks {
        let ops = ctx.block_ops(b);
        let pos: HashMap<OpId, usize> = ops.iter().enumerate().map(|(i, &o)| (o, i)).collect();
        for &op in ops.iter().rev() {
            if !ctx.is_erased(op) && structured(ctx, op).is_some() {
                let mut g = Group::new(ctx, op);
                while let Some(k) = g.worklist.pop() {
                    if let Some(f) = g.candidate(ctx, k, &pos) {
                        g.absorb(ctx, f);
                    }
                }
                g.build(ctx);
            }
        }
    }
}

/// A `tensor.dim` of a structured op's result reads the same dimension of its init instead (the
/// result has the init's type), so it is no use of the result that would keep the op from
/// fusing (MLIR's pass does the same with its `ResolveRankedShapedTypeResultDims` patterns).
fn resolve_dim(ctx: &mut Context, op: OpId) {
    let Some(dim) = DimOp::of(ctx, op) else {
        return;
    };
    let ValueDef::Result { op: p, index } = ctx.value_def(dim.source(ctx)) else {
        return;
    };
    if let Some(s) = StructuredOp::of_any(ctx, p) {
        let init = s.outputs(ctx)[index as usize];
        ctx.set_operand(op, 0, init);
    }
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

/// `op` as a structured op that may take part in fusion: no matrix product, every map a
/// projected permutation.
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

/// Whether the sizes of output `i`'s init of `p` follow from `p`'s inputs (see the module docs).
fn init_implied(ctx: &Context, p: StructuredOp, maps: &[AffineMap], i: usize) -> bool {
    let ins = p.inputs(ctx);
    let init = p.outputs(ctx)[i];
    let dims_of = |v: ValueId| match ctx.type_kind(ctx.value_type(v)) {
        TypeKind::Tensor { shape: Some(d), .. } => Some(d.clone()),
        _ => None,
    };
    let (Some(init_dims), Some(loops)) = (dims_of(init), map_dims(&maps[ins.len() + i])) else {
        return false;
    };
    let empty = EmptyOp::defining(ctx, init);
    let mut dynamic = empty.map(|e| e.dynamic_sizes(ctx).iter());
    init_dims.iter().zip(&loops).all(|(d, &l)| {
        // The input dimensions that loop `l` indexes: (input, position).
        let along: Vec<(ValueId, usize)> = ins
            .iter()
            .zip(maps)
            .filter_map(|(&v, m)| Some((v, map_dims(m)?.iter().position(|&x| x == l)?)))
            .collect();
        match d {
            Some(_) => along
                .iter()
                .all(|&(v, j)| dims_of(v).is_some_and(|ds| ds[j].is_some())),
            None => {
                let Some(size) = dynamic.as_mut().and_then(|it| it.next()) else {
                    return false;
                };
                DimOp::defining(ctx, *size).is_some_and(|dim| {
                    let j = dim.constant_index(ctx);
                    let src = dim.source(ctx);
                    along
                        .iter()
                        .any(|&(v, k)| j == Some(k as i128) && same_shape(ctx, v, src))
                })
            }
        }
    })
}

/// Whether `v` is `src`, or the result of a structured op whose init is `src` (which
/// [`resolve_dim`] substitutes for it in `tensor.dim`s).
fn same_shape(ctx: &Context, v: ValueId, src: ValueId) -> bool {
    v == src
        || match ctx.value_def(v) {
            ValueDef::Result { op, index } => StructuredOp::of_any(ctx, op)
                .is_some_and(|s| s.outputs(ctx).get(index as usize) == Some(&src)),
            _ => false,
        }
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

/// The op of `block` that is or contains `op`.
fn ancestor_in(ctx: &Context, block: BlockId, mut op: OpId) -> Option<OpId> {
    loop {
        if ctx.op_block(op) == Some(block) {
            return Some(op);
        }
        op = ctx.parent_op(op)?;
    }
}

/// One input of the fused op being formed: the value, its map in the consumer's loops, and
/// its argument in the body.
struct Input {
    value: ValueId,
    map: AffineMap,
    arg: ValueId,
}

/// A consumer and what it has absorbed so far. Its body block is the consumer's own, which
/// grows the producers' ops and arguments; the fused op is built once, by [`Group::build`].
struct Group {
    consumer: OpId,
    block: BlockId,
    /// The inputs, `None` where a producer's result was fused.
    ins: Vec<Option<Input>>,
    /// The input positions of each value.
    positions: HashMap<ValueId, Vec<usize>>,
    /// The consumer's outputs, then the preserved results' inits, with their maps.
    outs: Vec<(ValueId, AffineMap)>,
    /// The consumer's output arguments.
    out_args: Vec<ValueId>,
    /// Per preserved result: the result, the element type of its body argument, and the
    /// value the body yields for it (as it was named then: see `renamed`).
    preserved: Vec<(ValueId, Type, ValueId)>,
    /// Each body value replaced since (a producer's argument by the group's, a fused input's
    /// argument by the value its producer yields), to name a preserved value at the end.
    renamed: HashMap<ValueId, ValueId>,
    /// The producers absorbed, in order.
    members: Vec<OpId>,
    in_group: HashSet<OpId>,
    /// How many operands of the fused op index each loop.
    cover: Vec<u32>,
    /// Input positions still to examine.
    worklist: Vec<usize>,
}

/// A producer to absorb: the producer, the index of the result the group reads, the group's
/// input positions that read it, the producer's results to keep, and the consumer loop of each
/// producer loop.
struct Fusion {
    producer: OpId,
    result: usize,
    inputs: Vec<usize>,
    preserved: Vec<usize>,
    /// The producer's outputs whose inits become size-only inputs (see the module docs).
    size_inits: Vec<usize>,
    to_c: Vec<u32>,
}

impl Group {
    fn new(ctx: &Context, c: OpId) -> Group {
        let s = StructuredOp::of_any(ctx, c)
            .expect("groups start at structured ops only (`structured` checked it)");
        let maps = s.indexing_maps(ctx);
        let block = s.body(ctx);
        let args = ctx.block_args(block);
        let n_ins = s.inputs(ctx).len();
        let mut g = Group {
            consumer: c,
            block,
            ins: Vec::new(),
            positions: HashMap::new(),
            outs: Vec::new(),
            out_args: args[n_ins..].to_vec(),
            preserved: Vec::new(),
            renamed: HashMap::new(),
            members: Vec::new(),
            in_group: HashSet::from([c]),
            cover: vec![0; maps[0].num_dims as usize],
            worklist: Vec::new(),
        };
        for (k, &v) in s.inputs(ctx).iter().enumerate() {
            g.add_input(v, maps[k].clone(), args[k]);
        }
        for (i, &v) in s.outputs(ctx).iter().enumerate() {
            g.count(&maps[n_ins + i], 1);
            g.outs.push((v, maps[n_ins + i].clone()));
        }
        g.worklist.reverse();
        g
    }

    /// Replaces every use of `old` by `new`, and remembers it.
    fn rename(&mut self, ctx: &mut Context, old: ValueId, new: ValueId) {
        ctx.replace_all_uses(old, new);
        self.renamed.insert(old, new);
    }

    /// `v` under the renamings so far (each value is renamed at most once, to a value
    /// created or renamed later, so the chain ends).
    fn current(&self, mut v: ValueId) -> ValueId {
        while let Some(&n) = self.renamed.get(&v) {
            v = n;
        }
        v
    }

    fn count(&mut self, map: &AffineMap, delta: i32) {
        for d in map_dims(map).expect("`structured` admits projected-permutation maps only") {
            self.cover[d as usize] = self.cover[d as usize].wrapping_add_signed(delta);
        }
    }

    /// The body argument of a live input reading `v` through `map`, if there is one.
    fn input_arg(&self, v: ValueId, map: &AffineMap) -> Option<ValueId> {
        self.positions.get(&v)?.iter().find_map(|&k| {
            let i = self.ins[k].as_ref()?;
            (i.map == *map).then_some(i.arg)
        })
    }

    fn add_input(&mut self, value: ValueId, map: AffineMap, arg: ValueId) {
        let k = self.ins.len();
        self.count(&map, 1);
        self.ins.push(Some(Input { value, map, arg }));
        self.positions.entry(value).or_default().push(k);
        self.worklist.push(k);
    }

    /// The fusion of the producer of input `k`, if the rules of the module docs allow it.
    fn candidate(&self, ctx: &Context, k: usize, pos: &HashMap<OpId, usize>) -> Option<Fusion> {
        let v = self.ins[k].as_ref()?.value;
        let ValueDef::Result { op: p, index } = ctx.value_def(v) else {
            return None;
        };
        let block = ctx.op_block(self.consumer)?;
        if ctx.op_block(p) != Some(block) {
            return None;
        }
        let ps = structured(ctx, p).filter(|&ps| producer_ok(ctx, ps))?;
        let result = index as usize;
        let inputs = self.positions.get(&v)?.clone();
        let map = &self.ins[inputs[0]].as_ref()?.map;
        if inputs
            .iter()
            .any(|&j| self.ins[j].as_ref().map(|i| &i.map) != Some(map))
        {
            return None;
        }
        let read = map_dims(map)?;
        let mut seen = read.clone();
        seen.sort_unstable();
        seen.dedup();
        let pmaps = ps.indexing_maps(ctx);
        let p_ins = ps.inputs(ctx).len();
        let written = map_dims(&pmaps[p_ins + result])?;
        if seen.len() != read.len() || !is_permutation(&written) {
            return None;
        }
        let mut to_c = vec![0; written.len()];
        for (w, r) in written.iter().zip(&read) {
            to_c[*w as usize] = *r;
        }
        // The group reads `v` only at `inputs`; other uses come after the consumer.
        let mut preserved = Vec::new();
        for (i, &r) in ctx.results(p).iter().enumerate() {
            let uses = ctx.uses(r);
            if uses.len() > MAX_PRODUCER_USES {
                return None;
            }
            // The group's reads of `v` are its inputs (merged where the map is the same).
            let mut group = uses.iter().filter(|u| self.in_group.contains(&u.op));
            let ok = if i == result {
                group.all(|u| {
                    StructuredOp::of_any(ctx, u.op)
                        .is_some_and(|s| (u.operand as usize) < s.inputs(ctx).len())
                })
            } else {
                group.next().is_none()
            };
            if !ok {
                return None;
            }
            let mut other = false;
            for u in uses.iter().filter(|u| !self.in_group.contains(&u.op)) {
                match ancestor_in(ctx, block, u.op) {
                    Some(a) if pos.get(&a) > pos.get(&self.consumer) => other = true,
                    _ => return None,
                }
            }
            if other {
                preserved.push(i);
            }
        }
        // Inits whose sizes do not follow from the inputs, kept as inputs for their sizes.
        let size_inits: Vec<usize> = (0..ps.outputs(ctx).len())
            .filter(|i| !preserved.contains(i) && !init_implied(ctx, ps, &pmaps, *i))
            .collect();
        // Every consumer loop still indexed after the fusion.
        let mut cover = self.cover.clone();
        for d in &read {
            cover[*d as usize] -= inputs.len() as u32;
        }
        let kept_outs = preserved.iter().chain(&size_inits);
        let p_kept = (0..p_ins).chain(kept_outs.map(|&i| p_ins + i));
        for d in p_kept.flat_map(|j| map_dims(&pmaps[j]).unwrap_or_default()) {
            cover[to_c[d as usize] as usize] += 1;
        }
        if cover.contains(&0) {
            return None;
        }
        Some(Fusion {
            producer: p,
            result,
            inputs,
            preserved,
            size_inits,
            to_c,
        })
    }

    /// Absorbs `f.producer`: its inputs become the group's, its body ops move to the front of
    /// the group's body, the reads of its result become the value it yields.
    fn absorb(&mut self, ctx: &mut Context, f: Fusion) {
        let ps = StructuredOp::of_any(ctx, f.producer)
            .expect("candidate fuses structured producers only");
        let (p_ins, p_outs) = (ps.inputs(ctx).to_vec(), ps.outputs(ctx).to_vec());
        let p_maps = ps.indexing_maps(ctx);
        let loops = self.cover.len() as u32;
        let remap = |m: &AffineMap| AffineMap {
            num_dims: loops,
            num_symbols: 0,
            results: map_dims(m)
                .expect("`structured` admits projected-permutation maps only")
                .into_iter()
                .map(|d| AffineExpr::Dim(f.to_c[d as usize]))
                .collect(),
        };
        let p_body = ps.body(ctx);
        let p_args = ctx.block_args(p_body).to_vec();
        for (j, &v) in p_ins.iter().enumerate() {
            let map = remap(&p_maps[j]);
            if let Some(arg) = self.input_arg(v, &map) {
                self.rename(ctx, p_args[j], arg);
                continue;
            }
            let ty = ctx.value_type(p_args[j]);
            let arg = ctx.add_block_arg(self.block, ty);
            self.rename(ctx, p_args[j], arg);
            self.add_input(v, map, arg);
        }
        for &i in &f.size_inits {
            let (v, map) = (p_outs[i], remap(&p_maps[p_ins.len() + i]));
            if self.input_arg(v, &map).is_none() {
                let ty = ctx.value_type(p_args[p_ins.len() + i]);
                let arg = ctx.add_block_arg(self.block, ty);
                self.add_input(v, map, arg);
            }
        }
        let front = ctx
            .first_op(self.block)
            .expect("a body ends with linalg.yield");
        let p_yield = ctx.last_op(p_body).expect("a body ends with linalg.yield");
        for o in ctx.block_ops(p_body) {
            if o != p_yield {
                ctx.move_op(o, InsertPoint::Before(front));
            }
        }
        let yielded = ctx.operands(p_yield).to_vec();
        for &k in &f.inputs {
            let input = self.ins[k]
                .take()
                .expect("candidate chose inputs that are still live");
            self.rename(ctx, input.arg, yielded[f.result]);
            self.count(&input.map, -1);
        }
        for &i in &f.preserved {
            let map = remap(&p_maps[p_ins.len() + i]);
            self.count(&map, 1);
            self.outs.push((p_outs[i], map));
            let ty = ctx.value_type(p_args[p_ins.len() + i]);
            self.preserved
                .push((ctx.result(f.producer, i), ty, yielded[i]));
        }
        self.in_group.insert(f.producer);
        self.members.push(f.producer);
    }

    /// Builds the fused `linalg.generic` where the consumer is, if anything was absorbed, and
    /// erases the consumer and the producers.
    fn build(mut self, ctx: &mut Context) {
        if self.members.is_empty() {
            return;
        }
        let c = self.consumer;
        let ins: Vec<Input> = std::mem::take(&mut self.ins)
            .into_iter()
            .flatten()
            .collect();
        let mut arg_types: Vec<Type> = ins.iter().map(|i| ctx.value_type(i.arg)).collect();
        arg_types.extend(self.out_args.iter().map(|&a| ctx.value_type(a)));
        arg_types.extend(self.preserved.iter().map(|p| p.1));
        let region = ctx.new_region();
        let block = ctx.new_block(&arg_types);
        ctx.append_block(region, block);
        let args = ctx.block_args(block).to_vec();
        let old_args: Vec<ValueId> = ins
            .iter()
            .map(|i| i.arg)
            .chain(self.out_args.iter().copied())
            .collect();
        for (old, &new) in old_args.into_iter().zip(&args) {
            self.rename(ctx, old, new);
        }
        for o in ctx.block_ops(self.block) {
            ctx.move_op(o, InsertPoint::End(block));
        }
        let yield_op = ctx.last_op(block).expect("a body ends with linalg.yield");
        let mut values = ctx.operands(yield_op).to_vec();
        values.extend(self.preserved.iter().map(|p| self.current(p.2)));
        ctx.set_operands(yield_op, values);

        let in_values: Vec<ValueId> = ins.iter().map(|i| i.value).collect();
        let out_values: Vec<ValueId> = self.outs.iter().map(|o| o.0).collect();
        let maps = ins
            .into_iter()
            .map(|i| i.map)
            .chain(self.outs.into_iter().map(|o| o.1))
            .collect();
        let reduction = StructuredOp::of_any(ctx, c)
            .expect("groups start at structured ops only (`structured` checked it)")
            .reduction_loops(ctx);
        let loc = ctx.loc(c);
        let fused = weir_dialect_linalg::build_generic(
            ctx,
            InsertPoint::Before(c),
            (&in_values, &out_values),
            maps,
            &reduction,
            region,
            loc,
        );
        let results = ctx.results(fused).to_vec();
        let n_c = ctx.results(c).len();
        ctx.replace_op(c, &results[..n_c]);
        for (p, &r) in self.preserved.iter().zip(&results[n_c..]) {
            ctx.replace_all_uses(p.0, r);
        }
        for p in self.members {
            ctx.erase_op(p);
        }
    }
}
