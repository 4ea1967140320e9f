//! Elementwise ops on tensors (MLIR `Elementwise` trait: arith, math), fused as their
//! [`KernelPlan`] says: a run of consecutive elementwise ops over one shape becomes ONE loop
//! over the elements, so `x * 2.0 + 1.0` reads `x` once and writes the result once
//! (docs/design/tensor-runtime.md, "Kernel formation").
//!
//! The loop body is each op's scalar lowering from the lowering table, run with the tensors'
//! elements in place of the tensors (`FunctionLowering::kernel`), so an elementwise op has one
//! definition of its semantics for scalars and tensors. Scalar operands (e.g. the `i1`
//! condition of `arith.select` on tensors) are the same in every element; splat constants are
//! immediates, not loads.
//!
//! Before the loop every tensor input is checked to have the shape of the first (a clean
//! runtime error naming the op and both shapes otherwise). Each result the rest of the program
//! uses is written to a buffer: an input at its last use whose count is 1 and whose elements
//! have the same width is reused in place, else a buffer comes from the pool.

use super::tensor::TARGET;
use super::{FunctionLowering, R};
use crate::diag::op_err;
use crate::plan::kernel::{
    different_shapes, input_owner, not_on_tensors, not_static_shape, KernelPlan,
};
use crate::plan::tensor::{dims_of, elem_width, element_type, is_tracked};
use crate::runtime::buffer::{H_DATA, H_NUMEL, H_RC, H_SIZES};
use crate::runtime::{ALLOC, SHAPE_DETAIL};
use crate::RuntimeErrorKind;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, BlockArg, InstBuilder, MemFlagsData, Type, Value};
use std::collections::{HashMap, HashSet};
use weir_ir::{Context, OpId, TypeKind, ValueId};

/// Vectors per trip of a kernel's vector loop.
const UNROLL: i64 = 4;

/// What one kernel's element loops read and write.
struct Plan<'p> {
    group: &'p [OpId],
    /// Tensor inputs (loaded per element) and their data pointers.
    inputs: &'p [ValueId],
    in_data: &'p [Value],
    /// Splat constants (immediates) with their raw bits.
    splats: &'p [(ValueId, u64)],
    /// Results written to buffers, and the buffers' data pointers.
    outputs: &'p [ValueId],
    out_data: &'p [Value],
}

/// How many elements one trip of the vector loop of the kernel of `group` covers (lanes times
/// the unrolling; the elements from the largest multiple of it on run one by one), or `None`
/// when the kernel runs element by element ([`vector_type`]'s rule). Vector trips compute
/// `math.exp` on `f32` by the polynomial of `math::exp_f32`, the others by the C library.
pub fn vector_elements(ctx: &Context, group: &[OpId]) -> Option<u64> {
    let plan = Plan {
        group,
        inputs: &[],
        in_data: &[],
        splats: &[],
        outputs: &[],
        out_data: &[],
    };
    vector_type(ctx, &plan).map(|t| t.lane_count() as u64 * UNROLL as u64)
}

/// The 128-bit vector type the kernel's loop can run on, if every op is one whose scalar
/// lowering is a single Cranelift instruction that also works lane-wise (float `+ - * /`,
/// `maximumf`/`minimumf`, `negf`, `sqrt`, `absf`, and `math.exp` on `f32` by a polynomial);
/// integer `+ - *` and bitwise ops at 32 or 64
/// bits, where no masking is needed) and every value has one element type among `f32`, `f64`,
/// `i32`, `i64`. Other kernels run element by element.
fn vector_type(ctx: &Context, plan: &Plan<'_>) -> Option<Type> {
    let elem = element_type(ctx, ctx.value_type(ctx.result(plan.group[0], 0)))?;
    let lane = lane_type(ctx, elem)?;
    let same = |v: ValueId| element_type(ctx, ctx.value_type(v)) == Some(elem);
    for &op in plan.group {
        if !is_lane_wise(ctx, op, lane)
            || !ctx
                .operands(op)
                .iter()
                .chain(ctx.results(op))
                .all(|&v| same(v))
        {
            return None;
        }
    }
    lane.by(16 / lane.bytes())
}

/// The Cranelift lane type of element type `elem`, when vectors of it are supported
/// (`f32`, `f64`, `i32`, `i64`).
pub(super) fn lane_type(ctx: &Context, elem: weir_ir::Type) -> Option<Type> {
    Some(match ctx.type_kind(elem) {
        TypeKind::Float(weir_ir::FloatKind::F32) => types::F32,
        TypeKind::Float(weir_ir::FloatKind::F64) => types::F64,
        TypeKind::Integer { width: 32, .. } => types::I32,
        TypeKind::Integer { width: 64, .. } => types::I64,
        _ => return None,
    })
}

/// Whether the scalar lowering of `op` on `lane` elements is one instruction (or, for
/// `math.exp` on `f32`, a call-free polynomial) that also works on vectors of them: see
/// [`vector_type`].
pub(super) fn is_lane_wise(ctx: &Context, op: OpId, lane: Type) -> bool {
    use weir_dialect_arith::{FloatBinaryOp as F, IntBinaryOp as I};
    match (F::of(ctx, op), I::of(ctx, op)) {
        (Some(k), _) => matches!(
            k,
            F::Add | F::Sub | F::Mul | F::Div | F::Maximum | F::Minimum
        ),
        (_, Some(k)) => matches!(k, I::Add | I::Sub | I::Mul | I::And | I::Or | I::Xor),
        _ => {
            super::math::is_lane_wise(ctx, op)
                || (lane == types::F32 && super::math::is_exp(ctx, op))
        }
    }
}

impl FunctionLowering<'_, '_> {
    /// Lowers the kernel starting at `ops[0]` (an elementwise op on tensors; `ops` is the rest
    /// of the block) and marks its ops as lowered.
    pub(super) fn lower_kernel(&mut self, ops: &[OpId]) -> R<()> {
        let ctx = self.ctx;
        let plan = KernelPlan::of(ctx, ops, &TARGET, self.own())?;
        let KernelPlan {
            group,
            inputs,
            splats,
            last_use,
            outputs,
            reuse,
            ..
        } = &plan;
        let first = group[0];

        // The iteration shape: the first input's, else the (static) result type's.
        let rank = plan.result_dims.len();
        let ptr = self.env.ptr;
        let flags = MemFlagsData::trusted();
        let input_ptrs: Vec<Value> = inputs
            .iter()
            .map(|v| self.val(first, *v))
            .collect::<R<_>>()?;
        let (n, sizes_src): (Value, Option<Value>) = match input_ptrs.first() {
            Some(&p0) => {
                let n = self.b.ins().load(types::I64, flags, p0, H_NUMEL);
                (n, Some(p0))
            }
            None => {
                let n = plan.result_numel();
                (self.b.ins().iconst(types::I64, n as i64), None)
            }
        };
        // Shape checks: every other input has the first's sizes; the first, the static sizes
        // of the results (a cast-free mismatch can only come from dynamic inputs).
        if let Some(p0) = sizes_src {
            for (k, &p) in input_ptrs.iter().enumerate().skip(1) {
                let owner = input_owner(ctx, group, inputs[k]);
                let msg = different_shapes(ctx, owner).message;
                for d in 0..rank {
                    let a = self
                        .b
                        .ins()
                        .load(types::I64, flags, p0, H_SIZES + 8 * d as i32);
                    let b = self
                        .b
                        .ins()
                        .load(types::I64, flags, p, H_SIZES + 8 * d as i32);
                    let bad = self.b.ins().icmp(IntCC::NotEqual, a, b);
                    self.shape_guard(bad, (p0, p), msg.clone(), owner);
                }
            }
            for (i, size) in plan.result_dims.iter().enumerate() {
                if let Some(want) = size {
                    let got = self
                        .b
                        .ins()
                        .load(types::I64, flags, p0, H_SIZES + 8 * i as i32);
                    let bad = self.b.ins().icmp_imm_s(IntCC::NotEqual, got, *want as i64);
                    let msg = not_static_shape(ctx, first).message;
                    self.size_guard(bad, (p0, i, *want), msg, first);
                }
            }
        }

        // Output buffers: the input the plan picked when its count is 1, else a new one.
        let mut out_ptrs: Vec<Value> = Vec::new();
        let mut maybe_reused: Vec<(Value, Value)> = Vec::new(); // (input ptr, output ptr)
        for (&r, pick) in outputs.iter().zip(reuse) {
            let w = elem_width(ctx, r);
            let out = match *pick {
                Some(k) => {
                    let p = input_ptrs[k];
                    let q = self.reuse_or_alloc(p, w, rank, sizes_src, first)?;
                    maybe_reused.push((p, q));
                    q
                }
                None => self.alloc_like(w, rank, sizes_src, first)?,
            };
            out_ptrs.push(out);
        }

        // The loop over the elements.
        let in_data: Vec<Value> = input_ptrs
            .iter()
            .map(|&p| self.b.ins().load(ptr, flags, p, H_DATA))
            .collect();
        let out_data: Vec<Value> = out_ptrs
            .iter()
            .map(|&p| self.b.ins().load(ptr, flags, p, H_DATA))
            .collect();
        let plan = Plan {
            group: group,
            inputs: inputs,
            splats: splats,
            outputs: outputs,
            in_data: &in_data,
            out_data: &out_data,
        };
        let zero = self.b.ins().iconst(types::I64, 0);
        let tail_from = match vector_type(ctx, &plan) {
            Some(vt) => {
                // Whole vectors first, then the remaining elements one by one.
                let lanes = vt.lane_count() as i64 * UNROLL;
                let vn = self.b.ins().band_imm_s(n, -lanes);
                self.element_loop(&plan, (zero, vn), Some(vt))?;
                vn
            }
            None => zero,
        };
        self.element_loop(&plan, (tail_from, n), None)?;

        // Results; inputs at their last use released unless reused.
        for (k, &r) in outputs.iter().enumerate() {
            self.values.insert(r, out_ptrs[k]);
        }
        let reused: HashSet<Value> = maybe_reused.iter().map(|&(p, _)| p).collect();
        for (k, &v) in inputs.iter().enumerate() {
            if !last_use.contains(&v) || !is_tracked(ctx, v) {
                continue;
            }
            let p = input_ptrs[k];
            if reused.contains(&p) {
                let q = maybe_reused
                    .iter()
                    .find(|m| m.0 == p)
                    .map(|m| m.1)
                    .expect("every reused input is paired with its output in `maybe_reused`");
                self.release_unless_same(p, q);
            } else {
                self.release(p);
            }
        }
        for &op in group {
            self.fused.insert(op);
        }
        Ok(())
    }

    /// The loop over elements `from..to` of a kernel: `vector` lanes at a time when given.
    fn element_loop(
        &mut self,
        plan: &Plan<'_>,
        (from, to): (Value, Value),
        vector: Option<Type>,
    ) -> R<()> {
        let ctx = self.ctx;
        let first = plan.group[0];
        let lanes = vector.map_or(1, |v| v.lane_count() as i64);
        // Vector accesses may be unaligned (constants are 8-byte aligned); scalar ones are
        // naturally aligned.
        let flags = if vector.is_some() {
            MemFlagsData::new().with_notrap()
        } else {
            MemFlagsData::trusted()
        };
        let header = self.b.create_block();
        let body = self.b.create_block();
        let done = self.b.create_block();
        self.b.append_block_param(header, types::I64);
        self.b.ins().jump(header, &[BlockArg::Value(from)]);
        self.b.switch_to_block(header);
        let i = self.b.block_params(header)[0];
        let more = self.b.ins().icmp(IntCC::UnsignedLessThan, i, to);
        self.b.ins().brif(more, body, &[], done, &[]);
        self.b.switch_to_block(body);
        // Vector loops are unrolled: UNROLL vectors per trip.
        let unroll = if vector.is_some() { UNROLL } else { 1 };
        for u in 0..unroll {
            let mut elems: HashMap<ValueId, Value> = HashMap::new();
            for (k, &v) in plan.inputs.iter().enumerate() {
                let t = vector.unwrap_or(self.ty_elem(first, v)?);
                let w = elem_width(ctx, v) as i64;
                let off = self.b.ins().imul_imm_s(i, w);
                let addr = self.b.ins().iadd(plan.in_data[k], off);
                let x = self.b.ins().load(t, flags, addr, (u * lanes * w) as i32);
                elems.insert(v, x);
            }
            for &(v, bits) in plan.splats {
                let t = self.ty_elem(first, v)?;
                let mut x = self.const_bits(t, bits);
                if let Some(vt) = vector {
                    x = self.b.ins().splat(vt, x);
                }
                elems.insert(v, x);
            }
            self.kernel = Some(elems);
            for &op in plan.group {
                let name = ctx.name_str(op);
                let lower = super::table()
                    .get(name)
                    .copied()
                    .ok_or_else(|| not_on_tensors(ctx, op, &TARGET))?;
                lower(self, op)?;
            }
            let elems = self
                .kernel
                .take()
                .expect("the kernel's elements were set before its ops were lowered");
            for (k, &r) in plan.outputs.iter().enumerate() {
                let w = elem_width(ctx, r) as i64;
                let off = self.b.ins().imul_imm_s(i, w);
                let addr = self.b.ins().iadd(plan.out_data[k], off);
                self.b
                    .ins()
                    .store(flags, elems[&r], addr, (u * lanes * w) as i32);
            }
        }
        let next = self.b.ins().iadd_imm_s(i, lanes * unroll);
        self.b.ins().jump(header, &[BlockArg::Value(next)]);
        self.b.switch_to_block(done);
        Ok(())
    }

    /// The element type of tensor `v` as a Cranelift type.
    pub(super) fn ty_elem(&self, op: OpId, v: ValueId) -> R<cranelift_codegen::ir::Type> {
        let ctx = self.ctx;
        let e = element_type(ctx, ctx.value_type(v))
            .ok_or_else(|| op_err(ctx, op, "expects a tensor"))?;
        Ok(self.slot_at(&ctx.loc(op), e)?.cl_type())
    }

    /// A constant of Cranelift type `t` from raw element bits (floats by their bit pattern).
    fn const_bits(&mut self, t: cranelift_codegen::ir::Type, bits: u64) -> Value {
        match t {
            types::F32 => self.b.ins().f32const(f32::from_bits(bits as u32)),
            types::F64 => self.b.ins().f64const(f64::from_bits(bits)),
            _ => self.iconst_u(t, bits),
        }
    }

    /// A new buffer of `width`-byte elements with the sizes of header `like` (or, with no
    /// header, the static sizes of `op`'s first result); faults when out of memory.
    pub(super) fn alloc_like(
        &mut self,
        width: u32,
        rank: usize,
        like: Option<Value>,
        op: OpId,
    ) -> R<Value> {
        let sizes = match like {
            Some(p) => self.b.ins().iadd_imm_s(p, H_SIZES as i64),
            None => {
                let ctx = self.ctx;
                let d: Vec<u64> = dims_of(ctx, ctx.result(op, 0))
                    .unwrap_or(&[])
                    .iter()
                    .map(|x| x.unwrap_or(0))
                    .collect();
                self.sizes_slot(&d.iter().map(|&x| Err(x)).collect::<Vec<_>>())
            }
        };
        self.alloc_sizes(width, rank, sizes, op)
    }

    /// A new buffer of `rank` sizes at address `sizes`; faults (out of memory) at `op`.
    pub(super) fn alloc_sizes(
        &mut self,
        width: u32,
        rank: usize,
        sizes: Value,
        op: OpId,
    ) -> R<Value> {
        let st = self.state();
        let w = self.b.ins().iconst(types::I64, width as i64);
        let r = self.b.ins().iconst(types::I64, rank as i64);
        let p = self.host_call(ALLOC, &[st, w, r, sizes], &[types::I64])[0];
        let null = self.b.ins().icmp_imm_s(IntCC::Equal, p, 0);
        let f = crate::plan::tensor::cannot_allocate(self.ctx, op);
        self.guard(null, f.kind, f.message, self.ctx.loc(op));
        Ok(p)
    }

    /// A stack slot holding `rank` sizes (each a dynamic value or a constant), its address.
    pub(super) fn sizes_slot(&mut self, sizes: &[Result<Value, u64>]) -> Value {
        use cranelift_codegen::ir::{StackSlotData, StackSlotKind};
        let ss = self.b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            8 * sizes.len().max(1) as u32,
            3,
        ));
        for (i, s) in sizes.iter().enumerate() {
            let v = match *s {
                Ok(v) => v,
                Err(c) => self.b.ins().iconst(types::I64, c as i64),
            };
            self.b.ins().stack_store(self.env.ptr, v, ss, 8 * i as i32);
        }
        self.b.ins().stack_addr(self.env.ptr, ss, 0)
    }

    /// `p` itself when its count is 1 (its reference passes to the result), else a new buffer
    /// of its sizes.
    pub(super) fn reuse_or_alloc(
        &mut self,
        p: Value,
        width: u32,
        rank: usize,
        like: Option<Value>,
        op: OpId,
    ) -> R<Value> {
        let rc = self
            .b
            .ins()
            .load(types::I64, MemFlagsData::trusted(), p, H_RC);
        let unique = self.b.ins().icmp_imm_s(IntCC::Equal, rc, 1);
        let fresh = self.b.create_block();
        let join = self.b.create_block();
        self.b.append_block_param(join, types::I64);
        self.b
            .ins()
            .brif(unique, join, &[BlockArg::Value(p)], fresh, &[]);
        self.b.switch_to_block(fresh);
        let q = self.alloc_like(width, rank, like.or(Some(p)), op)?;
        self.b.ins().jump(join, &[BlockArg::Value(q)]);
        self.b.switch_to_block(join);
        Ok(self.b.block_params(join)[0])
    }

    /// Releases `p` unless it is `q` (the buffer it was reused as).
    pub(super) fn release_unless_same(&mut self, p: Value, q: Value) {
        let other = self.b.ins().icmp(IntCC::NotEqual, p, q);
        let rel = self.b.create_block();
        let cont = self.b.create_block();
        self.b.ins().brif(other, rel, &[], cont, &[]);
        self.b.switch_to_block(rel);
        self.release(p);
        self.b.ins().jump(cont, &[]);
        self.b.switch_to_block(cont);
    }

    /// Faults with a shape mismatch between headers `a` and `b` when `bad` is set: the message
    /// `msg` followed by both shapes.
    pub(super) fn shape_guard(
        &mut self,
        bad: Value,
        (a, b): (Value, Value),
        msg: String,
        op: OpId,
    ) {
        let what = (RuntimeErrorKind::ShapeMismatch, msg, op);
        self.guard_with_detail(bad, what, SHAPE_DETAIL, |_| vec![a, b]);
    }

    /// Faults when `bad` is set because dimension `dim` of header `h` is not `want`.
    pub(super) fn size_guard(
        &mut self,
        bad: Value,
        (h, dim, want): (Value, usize, u64),
        msg: String,
        op: OpId,
    ) {
        let what = (RuntimeErrorKind::ShapeMismatch, msg, op);
        self.guard_with_detail(bad, what, crate::runtime::SIZE_DETAIL, |l| {
            let d = l.b.ins().iconst(types::I64, dim as i64);
            let w = l.b.ins().iconst(types::I64, want as i64);
            vec![h, d, w]
        });
    }
}
