//! Lowering of the linalg structured ops (MLIR `LinalgOp`: `fill`, `matmul`, `batch_matmul`,
//! `transpose`, `broadcast`, `map`, `reduce`, `generic`) on tensors: ONE loop nest over the
//! op's iteration space, read through its indexing maps, whose body is the op's region
//! (MLIR's own implicit bodies for the named ops) lowered with each dialect's scalar lowerings,
//! as MLIR's `convert-linalg-to-loops` does.
//!
//! What the nest reads and writes, and what it checks, is decided once for both backends by
//! [`StructuredPlan`] (`crate::plan::linalg`): the projected-permutation maps, the loop sizes
//! read from the operands and checked at run time against each other, each output's buffer.
//! This module emits it:
//!
//! - The loops run in the order of the iteration space, the last innermost, with one pointer
//!   per operand advanced by its stride per loop (0 for a loop the operand does not depend on).
//! - The innermost loop runs on 128-bit vectors when [`vector_plan`] allows, then element by
//!   element for the rest. An output that does not depend on the innermost loop (a reduction
//!   along it) is then accumulated in a vector register, one partial result per lane, started
//!   at the combining op's identity and combined with the output's element lane after lane
//!   after the vector loop. The combining ops are those with an identity (`addi`, `muli`,
//!   `andi`, `ori`, `xori`; `addf`, `mulf`, `maximumf`, `minimumf`); this regroups the
//!   reduction, which integer ops allow and float ops only with the `reassoc` fast-math flag
//!   (MLIR's rule), so a float reduction without it, or one by another op (`maxsi`,
//!   `maxnumf`, ...), stays element by element, in order.

use super::tensor::TARGET;
use super::{FunctionLowering, LowerFn, R};
use crate::diag::{op_err, unsupported_op};
use crate::plan::linalg::{self, incompatible_shapes, OutputBuffer, SizeRead, StructuredPlan};
use crate::plan::tensor::{elem_width, rank_of};
use crate::runtime::buffer::{H_DATA, H_SIZES};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, Block, BlockArg, InstBuilder, MemFlagsData, Type, Value};
use std::collections::HashMap;
use weir_dialect_linalg::{Kind, StructuredOp, YieldOp};
use weir_ir::{OpId, ValueId};

/// The linalg ops' entries of the lowering table: every structured op, and `linalg.index`
/// (read in a structured op's body).
pub(super) fn entries() -> impl Iterator<Item = (&'static str, LowerFn)> {
    Kind::ALL
        .into_iter()
        .map(|k| (k.name(), (|l, op| l.op_structured(op)) as LowerFn))
        .chain([("linalg.index", (|l, op| l.op_index(op)) as LowerFn)])
}

/// What every loop of one structured op's nest reads: the op and its plan, its loop sizes,
/// its operands' accesses, and the innermost loop's vector plan.
struct Nest<'n> {
    op: OpId,
    plan: &'n StructuredPlan,
    sizes: &'n [Value],
    accesses: &'n [Option<Access>],
    /// The vector type of the innermost loop and, per operand, how its lanes are read.
    vector: Option<(Type, Vec<Lane>)>,
    /// The size of the innermost loop, if an operand's type gives it statically.
    inner_size: Option<u64>,
}

/// How an operand of a structured op is read by the lanes of the innermost vector loop.
#[derive(Clone, Copy, PartialEq)]
enum Lane {
    /// Contiguous elements along the loop, one per lane.
    Contiguous,
    /// An input independent of the loop: the same element in every lane.
    Splat,
    /// An output independent of the loop, reduced along it by `combiner` (the body op that
    /// combines the output's element with the value of one iteration): accumulated per lane.
    Reduce { combiner: OpId },
}

/// The op that reduces output argument `arg` along the innermost loop, if the body is
/// `r = combiner(arg, x)` (either operand order) yielding `r` for it and using `arg` and `r`
/// nowhere else, and the combiner may be regrouped: an integer op with an identity, or a float
/// op with one and the `reassoc` flag (`reduction_identity` of arith's op kinds).
fn reduction_combiner(ctx: &weir_ir::Context, arg: ValueId, yielded: ValueId) -> Option<OpId> {
    use weir_dialect_arith::flags::{FlagKind, FASTMATH_REASSOC};
    use weir_dialect_arith::{FloatBinaryOp as F, IntBinaryOp as I};
    let [u] = ctx.uses(arg) else {
        return None;
    };
    let op = u.op;
    let regroupable = match (I::of(ctx, op), F::of(ctx, op)) {
        (Some(k), _) => k.reduction_identity().is_some(),
        (_, Some(k)) => {
            k.reduction_identity().is_some()
                && FlagKind::FastMath.of(ctx, op) & FASTMATH_REASSOC != 0
        }
        _ => false,
    };
    let r = *ctx.results(op).first()?;
    (regroupable && r == yielded && ctx.uses(r).len() == 1).then_some(op)
}

/// Whether the innermost loop of a structured op (with `plan`) can run on 128-bit vectors:
/// every body op lane-wise (as the fused kernels' ops, `kernel::is_lane_wise`) on one element
/// type with a vector form, no `linalg.index`, every input either contiguous along the
/// innermost loop (its last dimension) or independent of it (broadcast to every lane), every
/// output contiguous along it or reduced along it by a [`reduction_combiner`].
fn vector_plan(ctx: &weir_ir::Context, plan: &StructuredPlan) -> Option<(Type, Vec<Lane>)> {
    let d = plan.loops.checked_sub(1)?;
    let operands = &plan.operands;
    let elem = weir_dialect_arith::util::element_type(ctx, ctx.value_type(*operands.first()?));
    let lane = super::kernel::lane_type(ctx, elem)?;
    for &a in ctx.block_args(plan.body) {
        if ctx.value_type(a) != elem {
            return None;
        }
    }
    for inner in ctx.block_ops(plan.body) {
        if YieldOp::of(ctx, inner).is_none() && !super::kernel::is_lane_wise(ctx, inner, lane) {
            return None;
        }
    }
    let mut lanes = Vec::new();
    for (k, ds) in plan.dims_of.iter().enumerate() {
        let uses = ds.iter().filter(|&&x| x == d).count();
        lanes.push(
            if plan.is_tensor(ctx, k) && uses == 1 && ds.last() == Some(&d) {
                Lane::Contiguous
            } else if uses != 0 {
                return None;
            } else if k < plan.n_ins {
                Lane::Splat
            } else {
                let yielded = plan.yielded[k - plan.n_ins];
                let combiner = reduction_combiner(ctx, plan.args[k], yielded)?;
                Lane::Reduce { combiner }
            },
        );
    }
    Some((lane.by(16 / lane.bytes())?, lanes))
}

/// How many lanes the innermost loop of a structured op with `plan` runs at a time, or
/// `None` when it runs element by element ([`vector_plan`]'s rule). The vector part covers
/// the indices below the largest multiple of the lanes (all of them when that is the static
/// size), the rest runs one by one; vector lanes compute `math.exp` on `f32` by the
/// polynomial of `math::exp_f32`, the others by the C library.
pub fn vector_lanes(ctx: &weir_ir::Context, plan: &StructuredPlan) -> Option<u64> {
    vector_plan(ctx, plan).map(|(t, _)| t.lane_count() as u64)
}

/// The most vectors of an innermost loop of static size that are emitted without a loop.
const MAX_UNROLLED_VECTORS: u64 = 8;

/// What the vector part of an innermost loop covers.
#[derive(Clone, Copy)]
enum VectorSpan {
    /// A loop over `0..n` (`n` a multiple of the lanes).
    Loop(Value),
    /// This many copies of the body, one after the other (the loop's whole static size).
    Unrolled(u64),
}

/// One operand of the loop nest: its buffer's data pointer and byte stride per loop.
struct Access {
    base: Value,
    strides: Vec<Value>,
}

impl FunctionLowering<'_, '_> {
    /// A linalg structured op on tensors (see the module docs; what it reads and writes is
    /// its [`StructuredPlan`]).
    fn op_structured(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let s = TARGET.view(ctx, op, StructuredOp::of_any(ctx, op))?;
        if self.try_gemm(op, s)? {
            return Ok(());
        }
        let plan = StructuredPlan::of(ctx, s, &TARGET, self.own())?;
        let (operands, n_ins, loops) = (&plan.operands, plan.n_ins, plan.loops);
        let flags = MemFlagsData::trusted();

        // Loop sizes, checked across operands.
        // (size, header, the read that gave it)
        let mut sizes: Vec<Option<(Value, Value, &SizeRead)>> = vec![None; loops];
        for r in &plan.size_reads {
            let p = self.val(op, operands[r.operand])?;
            let n = self
                .b
                .ins()
                .load(types::I64, flags, p, H_SIZES + 8 * r.dim as i32);
            match sizes[r.loop_d] {
                None => sizes[r.loop_d] = Some((n, p, r)),
                Some((m, q, first)) => {
                    let bad = self.b.ins().icmp(IntCC::NotEqual, n, m);
                    let msg = incompatible_shapes(ctx, op, first, r);
                    self.shape_guard(bad, (q, p), msg, op);
                }
            }
        }
        let sizes: Vec<Value> = sizes
            .into_iter()
            .map(|s| s.expect("the plan reads every loop's size").0)
            .collect();

        // Result buffers, as the plan says.
        let mut results = Vec::new();
        for (i, buffer) in plan.outputs.iter().enumerate() {
            let o = operands[n_ins + i];
            let p = self.val(op, o)?;
            let q = match *buffer {
                OutputBuffer::New { copy } => {
                    let w = elem_width(ctx, o);
                    let q = self.alloc_like(w, rank_of(ctx, o), Some(p), op)?;
                    if copy {
                        self.copy_elements(p, q, w);
                    }
                    q
                }
                OutputBuffer::Writable => self.writable(op, n_ins + i, o, p)?,
                OutputBuffer::Reuse(k) => {
                    let (v, pk) = (operands[k], self.val(op, operands[k])?);
                    self.consumed.insert(v);
                    let (w, rank) = (elem_width(ctx, v), rank_of(ctx, v));
                    let q = self.reuse_or_alloc(pk, w, rank, Some(pk), op)?;
                    self.release_unless_same(pk, q);
                    q
                }
            };
            results.push(q);
        }

        // Accesses: data pointer and byte strides per loop of each tensor operand.
        let mut accesses: Vec<Option<Access>> = Vec::new();
        for (k, &v) in operands.iter().enumerate() {
            if !plan.is_tensor(ctx, k) {
                accesses.push(None);
                continue;
            }
            let p = if k >= n_ins {
                results[k - n_ins]
            } else {
                self.val(op, v)?
            };
            let base = self.b.ins().load(self.env.ptr, flags, p, H_DATA);
            let width = elem_width(ctx, v) as i64;
            let rank = plan.dims_of[k].len();
            // Row-major strides of the operand, in bytes.
            let mut dim_strides = vec![self.b.ins().iconst(types::I64, width); rank];
            for j in (0..rank.saturating_sub(1)).rev() {
                let n = self
                    .b
                    .ins()
                    .load(types::I64, flags, p, H_SIZES + 8 * (j + 1) as i32);
                dim_strides[j] = self.b.ins().imul(dim_strides[j + 1], n);
            }
            let zero = self.b.ins().iconst(types::I64, 0);
            let mut strides = vec![zero; loops];
            for (j, &d) in plan.dims_of[k].iter().enumerate() {
                strides[d] = self.b.ins().iadd(strides[d], dim_strides[j]);
            }
            accesses.push(Some(Access { base, strides }));
        }

        let bases: Vec<Value> = accesses.iter().flatten().map(|a| a.base).collect();
        let nest = Nest {
            op,
            plan: &plan,
            sizes: &sizes,
            accesses: &accesses,
            vector: vector_plan(ctx, &plan),
            inner_size: loops.checked_sub(1).and_then(|d| plan.static_sizes[d]),
        };
        let mut ivs = Vec::new();
        self.loop_nest(&nest, bases, &mut ivs, 0)?;
        for (i, q) in results.into_iter().enumerate() {
            self.set_result(op, i, q);
        }
        Ok(())
    }

    /// Emits loop `d` of the nest (and the ones inside it): `ptrs` are the current element
    /// addresses of the tensor operands (in `accesses` order), `ivs` the outer loops' indices.
    /// The innermost loop runs whole vectors first when [`vector_plan`] allows (unrolled
    /// entirely when its size is static and at most [`MAX_UNROLLED_VECTORS`] vectors), then the
    /// rest element by element.
    fn loop_nest(
        &mut self,
        nest: &Nest<'_>,
        ptrs: Vec<Value>,
        ivs: &mut Vec<Value>,
        d: usize,
    ) -> R<()> {
        if d == nest.sizes.len() {
            return self
                .structured_body(nest, &ptrs, ivs, None, &[])
                .map(|_| ());
        }
        let zero = self.b.ins().iconst(types::I64, 0);
        let (mut from, mut start) = (zero, ptrs.clone());
        if let (Some((vt, _)), true) = (&nest.vector, d + 1 == nest.sizes.len()) {
            let lanes = vt.lane_count() as u64;
            let copies = nest.inner_size.map(|n| n / lanes);
            if let (Some(n), Some(c)) = (nest.inner_size, copies) {
                if n % lanes == 0 && c <= MAX_UNROLLED_VECTORS {
                    return self.vector_loop(nest, VectorSpan::Unrolled(c), &ptrs, ivs, *vt);
                }
            }
            let vn = self.b.ins().band_imm_s(nest.sizes[d], -(lanes as i64));
            self.vector_loop(nest, VectorSpan::Loop(vn), &ptrs, ivs, *vt)?;
            start = Vec::new();
            for (p, acc) in ptrs.iter().zip(nest.accesses.iter().flatten()) {
                let off = self.b.ins().imul(vn, acc.strides[d]);
                start.push(self.b.ins().iadd(*p, off));
            }
            from = vn;
        }
        self.one_loop(nest, (from, nest.sizes[d]), start, ivs, d)
    }

    /// One scalar loop of the nest over `from..to`.
    fn one_loop(
        &mut self,
        nest: &Nest<'_>,
        (from, to): (Value, Value),
        ptrs: Vec<Value>,
        ivs: &mut Vec<Value>,
        d: usize,
    ) -> R<()> {
        let (header, done, cur) = self.loop_header(from, &ptrs, &[], to);
        let i = self.b.block_params(header)[0];
        ivs.push(i);
        self.loop_nest(nest, cur.clone(), ivs, d + 1)?;
        ivs.pop();
        let next_i = self.b.ins().iadd_imm_s(i, 1);
        let mut next = vec![BlockArg::Value(next_i)];
        for (p, acc) in cur.iter().zip(nest.accesses.iter().flatten()) {
            next.push(BlockArg::Value(self.b.ins().iadd(*p, acc.strides[d])));
        }
        self.loop_latch((header, done), next);
        Ok(())
    }

    /// Starts a loop `i = from; while i < to` carrying `i`, the pointers `ptrs` and the
    /// values `carried`: returns its header, its exit and the pointers in the header, and
    /// leaves the builder in the loop's body. [`Self::loop_latch`] closes it.
    fn loop_header(
        &mut self,
        from: Value,
        ptrs: &[Value],
        carried: &[Value],
        to: Value,
    ) -> (Block, Block, Vec<Value>) {
        let header = self.b.create_block();
        let inner = self.b.create_block();
        let done = self.b.create_block();
        let mut a = vec![BlockArg::Value(from)];
        self.b.append_block_param(header, types::I64);
        for &p in ptrs.iter().chain(carried) {
            let t = self.b.func.dfg.value_type(p);
            self.b.append_block_param(header, t);
            a.push(BlockArg::Value(p));
        }
        self.b.ins().jump(header, &a);
        self.b.switch_to_block(header);
        let params = self.b.block_params(header).to_vec();
        let more = self.b.ins().icmp(IntCC::UnsignedLessThan, params[0], to);
        self.b.ins().brif(more, inner, &[], done, &[]);
        self.b.switch_to_block(inner);
        (header, done, params[1..1 + ptrs.len()].to_vec())
    }

    /// Jumps back to `header` with `next` (the index, pointers and carried values of the next
    /// iteration) and continues at the loop's exit `done`.
    fn loop_latch(&mut self, (header, done): (Block, Block), next: Vec<BlockArg>) {
        self.b.ins().jump(header, &next);
        self.b.switch_to_block(done);
    }

    /// The vector part of the innermost loop `d` (lanes of `vt` at a time, from the pointers
    /// `ptrs`): a loop over `0..n` (`n` a multiple of the lanes) or `c` unrolled copies of the
    /// body. Inputs the same in every lane are loaded once, before; the outputs reduced along
    /// the loop are accumulated per lane from the combiner's identity, and combined with the
    /// output's element lane after lane at the end.
    fn vector_loop(
        &mut self,
        nest: &Nest<'_>,
        span: VectorSpan,
        ptrs: &[Value],
        ivs: &mut Vec<Value>,
        vt: Type,
    ) -> R<()> {
        let d = nest.sizes.len() - 1;
        let lanes = nest.vector.as_ref().map_or(&[][..], |v| &v.1[..]);
        let slot = |k: usize| nest.accesses[..k].iter().flatten().count();
        let mut pre: Vec<Option<Value>> = vec![None; nest.plan.operands.len()];
        let mut reduced: Vec<(usize, OpId)> = Vec::new();
        let mut accs = Vec::new();
        for (k, l) in lanes.iter().enumerate() {
            match *l {
                Lane::Splat
                    if nest.accesses[k].is_some() && !self.ctx.is_unused(nest.plan.args[k]) =>
                {
                    let t = crate::abi::cl_type(self.ty(nest.op, nest.plan.args[k])?);
                    let x = self
                        .b
                        .ins()
                        .load(t, MemFlagsData::trusted(), ptrs[slot(k)], 0);
                    pre[k] = Some(self.b.ins().splat(vt, x));
                }
                Lane::Reduce { combiner } => {
                    reduced.push((k, combiner));
                    accs.push(self.identity(combiner, vt)?);
                }
                _ => {}
            }
        }
        let n_lanes = vt.lane_count() as i64;
        let mut body = |this: &mut Self, cur: &[Value], accs: &[Value], i: Value| {
            for (&(k, _), &acc) in reduced.iter().zip(accs) {
                pre[k] = Some(acc);
            }
            ivs.push(i);
            let r = this.structured_body(nest, cur, ivs, Some(vt), &pre);
            ivs.pop();
            r
        };
        match span {
            VectorSpan::Unrolled(c) => {
                for u in 0..c as i64 {
                    let mut cur = Vec::new();
                    for (p, acc) in ptrs.iter().zip(nest.accesses.iter().flatten()) {
                        let off = self.b.ins().imul_imm_s(acc.strides[d], u * n_lanes);
                        cur.push(self.b.ins().iadd(*p, off));
                    }
                    let i = self.b.ins().iconst(types::I64, u * n_lanes);
                    accs = body(self, &cur, &accs, i)?;
                }
            }
            VectorSpan::Loop(n) => {
                let zero = self.b.ins().iconst(types::I64, 0);
                let (header, done, cur) = self.loop_header(zero, ptrs, &accs, n);
                let params = self.b.block_params(header).to_vec();
                let (i, carried) = (params[0], params[1 + ptrs.len()..].to_vec());
                let next_accs = body(self, &cur, &carried, i)?;
                let next_i = self.b.ins().iadd_imm_s(i, n_lanes);
                let mut next = vec![BlockArg::Value(next_i)];
                for (p, acc) in cur.iter().zip(nest.accesses.iter().flatten()) {
                    let step = self.b.ins().imul_imm_s(acc.strides[d], n_lanes);
                    next.push(BlockArg::Value(self.b.ins().iadd(*p, step)));
                }
                next.extend(next_accs.into_iter().map(BlockArg::Value));
                self.loop_latch((header, done), next);
                accs = carried;
            }
        }
        // A reduced output does not move along the loop: its element is at `ptrs`.
        for (&(k, combiner), &acc) in reduced.iter().zip(&accs) {
            let t = crate::abi::cl_type(self.ty(nest.op, nest.plan.args[k])?);
            let addr = ptrs[slot(k)];
            let mut x = self.b.ins().load(t, MemFlagsData::trusted(), addr, 0);
            for l in 0..n_lanes as u8 {
                let y = self.b.ins().extractlane(acc, l);
                x = self.combine(combiner, nest.plan.args[k], x, y)?;
            }
            self.b.ins().store(MemFlagsData::trusted(), x, addr, 0);
        }
        Ok(())
    }

    /// The identity of reduction `combiner` (see [`reduction_combiner`]) in every lane of `vt`.
    fn identity(&mut self, combiner: OpId, vt: Type) -> R<Value> {
        use weir_dialect_arith::{FloatBinaryOp as F, IntBinaryOp as I};
        let ctx = self.ctx;
        let lane = vt.lane_type();
        let x = match (I::of(ctx, combiner), F::of(ctx, combiner)) {
            (Some(k), _) => k
                .reduction_identity()
                .map(|v| self.b.ins().iconst(lane, v as i64)),
            (_, Some(k)) => k.reduction_identity().map(|v| match lane {
                types::F32 => self.b.ins().f32const(v as f32),
                _ => self.b.ins().f64const(v),
            }),
            _ => None,
        }
        .ok_or_else(|| op_err(ctx, combiner, "is not a reduction with an identity"))?;
        Ok(self.b.ins().splat(vt, x))
    }

    /// `combiner` (a body op reading output argument `arg` once) lowered on scalars: `acc` for
    /// `arg`, `x` for its other operand.
    fn combine(&mut self, combiner: OpId, arg: ValueId, acc: Value, x: Value) -> R<Value> {
        let ctx = self.ctx;
        let other = ctx.operands(combiner).iter().find(|&&v| v != arg);
        let other =
            *other.ok_or_else(|| op_err(ctx, combiner, "combines its output with itself"))?;
        let saved = self.kernel.replace(HashMap::from([(arg, acc), (other, x)]));
        let lower = super::table()
            .get(ctx.name_str(combiner))
            .copied()
            .ok_or_else(|| unsupported_op(ctx, combiner));
        let r = lower.and_then(|lower| lower(self, combiner));
        let k = std::mem::replace(&mut self.kernel, saved);
        r?;
        let result = ctx.result(combiner, 0);
        k.and_then(|k| k.get(&result).copied())
            .ok_or_else(|| op_err(ctx, combiner, "has no lowered result"))
    }

    /// The body of a structured op at one point of the iteration space (or, with `vector`, at
    /// `lanes` consecutive points of the innermost loop): load the operands' elements, lower
    /// the region's ops, store the yielded values into the outputs. With `vector`, an operand
    /// `k` with `pre[k]` reads that value (an input loaded before the loop, or the partial
    /// results of an output reduced along the loop, whose new ones are returned instead of
    /// stored).
    fn structured_body(
        &mut self,
        nest: &Nest<'_>,
        ptrs: &[Value],
        ivs: &[Value],
        vector: Option<Type>,
        pre: &[Option<Value>],
    ) -> R<Vec<Value>> {
        let ctx = self.ctx;
        let op = nest.op;
        let (flags, vflags) = (MemFlagsData::trusted(), MemFlagsData::new().with_notrap());
        let lanes = nest.vector.as_ref().map(|v| &v.1);
        let reduced = |k: usize| {
            vector.is_some() && lanes.is_some_and(|l| matches!(l[k], Lane::Reduce { .. }))
        };
        let mut elems: HashMap<ValueId, Value> = HashMap::new();
        let mut addr_of = Vec::new();
        let mut next_ptr = ptrs.iter();
        for (k, &v) in nest.plan.operands.iter().enumerate() {
            let addr = nest.accesses[k].as_ref().map(|_| {
                *next_ptr
                    .next()
                    .expect("`ptrs` holds one pointer per tensor operand, in `accesses` order")
            });
            addr_of.push(addr);
            if addr.is_some() && ctx.uses(nest.plan.args[k]).is_empty() {
                continue;
            }
            let t = crate::abi::cl_type(self.ty(op, nest.plan.args[k])?);
            let x = match (addr, vector, pre.get(k).copied().flatten()) {
                (_, _, Some(x)) => x,
                (Some(a), Some(vt), None) if lanes.is_some_and(|l| l[k] == Lane::Contiguous) => {
                    self.b.ins().load(vt, vflags, a, 0)
                }
                (Some(a), Some(vt), None) => {
                    let x = self.b.ins().load(t, flags, a, 0);
                    self.b.ins().splat(vt, x)
                }
                (Some(a), None, None) => self.b.ins().load(t, flags, a, 0),
                (None, Some(vt), None) => {
                    let x = self.val(op, v)?;
                    self.b.ins().splat(vt, x)
                }
                (None, None, None) => self.val(op, v)?,
            };
            elems.insert(nest.plan.args[k], x);
        }
        let body = nest.plan.body;
        if let Some(vt) = vector {
            // Scalars from outside the body are the same in every lane.
            for inner in ctx.block_ops(body) {
                for &v in ctx.operands(inner) {
                    let outside = match ctx.value_def(v) {
                        weir_ir::ValueDef::BlockArg { block, .. } => block != body,
                        weir_ir::ValueDef::Result { op: def, .. } => {
                            ctx.op_block(def) != Some(body)
                        }
                        weir_ir::ValueDef::Detached => false,
                    };
                    if outside && !elems.contains_key(&v) {
                        let x = self.val(op, v)?;
                        let x = self.b.ins().splat(vt, x);
                        elems.insert(v, x);
                    }
                }
            }
        }
        let saved = (
            self.kernel.replace(elems),
            std::mem::replace(&mut self.loop_ivs, ivs.to_vec()),
        );
        for inner in ctx.block_ops(body) {
            if inner == nest.plan.yield_op {
                continue;
            }
            let lower = super::table()
                .get(ctx.name_str(inner))
                .copied()
                .ok_or_else(|| unsupported_op(ctx, inner))?;
            lower(self, inner)?;
        }
        let yielded = nest
            .plan
            .yielded
            .iter()
            .map(|&v| self.val(nest.plan.yield_op, v))
            .collect::<R<Vec<_>>>()?;
        self.kernel = saved.0;
        self.loop_ivs = saved.1;
        let mut partial = Vec::new();
        for (i, mut x) in yielded.into_iter().enumerate() {
            let k = nest.plan.n_ins + i;
            if reduced(k) {
                partial.push(x);
                continue;
            }
            let a = addr_of[k].expect("the plan makes every output a tensor, with an access");
            let f = match vector {
                Some(vt) => {
                    // A value computed outside the body (or a block argument of a scalar)
                    // is the same in every lane.
                    if !self.b.func.dfg.value_type(x).is_vector() {
                        x = self.b.ins().splat(vt, x);
                    }
                    vflags
                }
                None => flags,
            };
            self.b.ins().store(f, x, a, 0);
        }
        Ok(partial)
    }

    /// MLIR linalg.index: the current index of one loop of the enclosing structured op.
    fn op_index(&mut self, op: OpId) -> R<()> {
        let d = linalg::index(self.ctx, op, &TARGET, self.loop_ivs.len())?;
        self.set_result(op, 0, self.loop_ivs[d]);
        Ok(())
    }
}
