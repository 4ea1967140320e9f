//! Lowerings of tensor values that are not elementwise kernels: `dense<...>` constants
//! (immortal buffers of the compiled module), and the tensor dialect's element and shape ops
//! (MLIR `tensor`: `empty`, `splat`, `from_elements`, `extract`, `insert`, `dim`, `rank`,
//! `cast`, `generate`). Every index is checked at run time (a located error naming the index and the shape,
//! never a read out of bounds); `tensor.insert` writes in place when its destination is at its
//! last use with count 1 (docs/design/tensor-runtime.md).

use super::{FunctionLowering, LowerFn, R};
use crate::diag::{op_err, unregistered_op, unsupported_op, unsupported_type};
use crate::plan::tensor::{
    self as plan, at_last_use, constant_buffer, elem_width, index_out_of_bounds, negative_size,
    rank_of, Alias, CastPlan, DimIndex, DimPlan, Element, GeneratePlan, NewTensor, Size,
};
use crate::plan::tensor_checks::Target;
use crate::runtime::buffer::{H_DATA, H_NUMEL, H_SIZES};
use crate::runtime::INDEX_DETAIL;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, BlockArg, InstBuilder, MemFlagsData, Value};
use weir_ir::{OpId, ValueId};

/// How the plans word this JIT's errors about what it cannot compile.
pub(crate) const TARGET: Target = Target {
    unsupported_op,
    unsupported_type,
    unregistered_op,
    noun: "the JIT",
};

/// The tensor ops' entries of the lowering table.
pub(super) const ENTRIES: &[(&str, LowerFn)] = &[
    ("tensor.empty", |l, op| l.op_empty(op)),
    ("tensor.splat", |l, op| l.op_splat(op)),
    ("tensor.from_elements", |l, op| l.op_from_elements(op)),
    ("tensor.extract", |l, op| l.op_extract(op)),
    ("tensor.insert", |l, op| l.op_insert(op)),
    ("tensor.dim", |l, op| l.op_dim(op)),
    ("tensor.rank", |l, op| l.op_rank(op)),
    ("tensor.cast", |l, op| l.op_cast(op)),
    ("tensor.generate", |l, op| l.op_generate(op)),
];

/// A tensor constant (`arith.constant dense<...>`): an immortal buffer of the module.
pub(super) fn lower_constant(l: &mut FunctionLowering<'_, '_>, op: OpId) -> R<()> {
    let ctx = l.ctx;
    l.slot_at(&ctx.loc(op), ctx.value_type(ctx.result(op, 0)))?;
    let c = constant_buffer(ctx, op).map_err(|why| op_err(ctx, op, why))?;
    let p = l.b.ins().iconst(types::I64, c.address() as i64);
    l.consts.push(c);
    l.set_result(op, 0, p);
    Ok(())
}

impl FunctionLowering<'_, '_> {
    /// The buffer of new tensor `t` (result of `op`): static sizes from the type, `?` sizes
    /// from their operands, each checked not to be negative.
    fn alloc_new(&mut self, op: OpId, t: &NewTensor) -> R<Value> {
        let ctx = self.ctx;
        let mut sizes = Vec::new();
        for s in &t.sizes {
            match *s {
                Size::Static(n) => sizes.push(Err(n)),
                Size::Dynamic(d) => {
                    let v = self.val(op, d)?;
                    let neg = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, v, 0);
                    let f = negative_size(ctx, op);
                    self.guard(neg, f.kind, f.message, ctx.loc(op));
                    sizes.push(Ok(v));
                }
            }
        }
        let slot = self.sizes_slot(&sizes);
        self.alloc_sizes(t.width, t.rank(), slot, op)
    }

    /// MLIR tensor.empty: a buffer of the result's sizes (elements unspecified, as in MLIR).
    fn op_empty(&mut self, op: OpId) -> R<()> {
        let t = plan::empty(self.ctx, op, &TARGET)?;
        let p = self.alloc_new(op, &t)?;
        self.set_result(op, 0, p);
        Ok(())
    }

    /// MLIR tensor.splat: every element is the scalar operand.
    fn op_splat(&mut self, op: OpId) -> R<()> {
        let (x, t) = plan::splat(self.ctx, op, &TARGET)?;
        let x = self.val(op, x)?;
        let p = self.alloc_new(op, &t)?;
        self.fill(p, x, t.width);
        self.set_result(op, 0, p);
        Ok(())
    }

    /// Stores `x` (`width` bytes) into every element of buffer `p`.
    pub(super) fn fill(&mut self, p: Value, x: Value, width: u32) {
        let flags = MemFlagsData::trusted();
        let n = self.b.ins().load(types::I64, flags, p, H_NUMEL);
        let data = self.b.ins().load(self.env.ptr, flags, p, H_DATA);
        let header = self.b.create_block();
        let body = self.b.create_block();
        let done = self.b.create_block();
        self.b.append_block_param(header, types::I64);
        let zero = self.b.ins().iconst(types::I64, 0);
        self.b.ins().jump(header, &[BlockArg::Value(zero)]);
        self.b.switch_to_block(header);
        let i = self.b.block_params(header)[0];
        let more = self.b.ins().icmp(IntCC::UnsignedLessThan, i, n);
        self.b.ins().brif(more, body, &[], done, &[]);
        self.b.switch_to_block(body);
        let off = self.b.ins().imul_imm_s(i, width as i64);
        let addr = self.b.ins().iadd(data, off);
        self.b.ins().store(flags, x, addr, 0);
        let next = self.b.ins().iadd_imm_s(i, 1);
        self.b.ins().jump(header, &[BlockArg::Value(next)]);
        self.b.switch_to_block(done);
    }

    /// MLIR tensor.from_elements: the operands in row-major order (static shape).
    fn op_from_elements(&mut self, op: OpId) -> R<()> {
        let (elements, t) = plan::from_elements(self.ctx, op, &TARGET)?;
        let p = self.alloc_new(op, &t)?;
        let flags = MemFlagsData::trusted();
        let data = self.b.ins().load(self.env.ptr, flags, p, H_DATA);
        for (k, &e) in elements.iter().enumerate() {
            let x = self.val(op, e)?;
            let off = (k as u32 * t.width) as i32;
            self.b.ins().store(flags, x, data, off);
        }
        self.set_result(op, 0, p);
        Ok(())
    }

    /// The address of element `at` of buffer `p` (of `op`'s tensor operand `at.tensor`),
    /// after checking each index against its dimension (a located error naming the index and
    /// the shape otherwise).
    fn element_address(&mut self, op: OpId, at: &Element, p: Value) -> R<Value> {
        let ctx = self.ctx;
        let flags = MemFlagsData::trusted();
        let mut off = self.b.ins().iconst(types::I64, 0);
        for (d, &ix) in at.indices.iter().enumerate() {
            let i = self.val(op, ix)?;
            let size = self
                .b
                .ins()
                .load(types::I64, flags, p, H_SIZES + 8 * d as i32);
            let bad = self
                .b
                .ins()
                .icmp(IntCC::UnsignedGreaterThanOrEqual, i, size);
            let f = index_out_of_bounds(ctx, op);
            self.guard_with_detail(bad, (f.kind, f.message, op), INDEX_DETAIL, |l| {
                let dv = l.b.ins().iconst(types::I64, d as i64);
                vec![p, dv, i]
            });
            let scaled = self.b.ins().imul(off, size);
            off = self.b.ins().iadd(scaled, i);
        }
        let w = elem_width(ctx, at.tensor) as i64;
        let bytes = self.b.ins().imul_imm_s(off, w);
        let data = self.b.ins().load(self.env.ptr, flags, p, H_DATA);
        Ok(self.b.ins().iadd(data, bytes))
    }

    /// MLIR tensor.extract: one element, indices checked.
    fn op_extract(&mut self, op: OpId) -> R<()> {
        let (at, r) = plan::extract(self.ctx, op, &TARGET)?;
        let p = self.val(op, at.tensor)?;
        let addr = self.element_address(op, &at, p)?;
        let ty = crate::abi::cl_type(self.ty(op, r)?);
        let x = self.b.ins().load(ty, MemFlagsData::trusted(), addr, 0);
        self.set_result(op, 0, x);
        Ok(())
    }

    /// A buffer holding the same elements as `p` (of `op`'s operand `v`) that the op may write:
    /// `p` itself when `v` is at its last use (operand `j`) with count 1, else a copy.
    pub(super) fn writable(&mut self, op: OpId, j: usize, v: ValueId, p: Value) -> R<Value> {
        let ctx = self.ctx;
        let (w, rank) = (elem_width(ctx, v), rank_of(ctx, v));
        if at_last_use(ctx, self.own(), op, j, v) {
            self.consumed.insert(v);
            let q = self.reuse_or_alloc(p, w, rank, Some(p), op)?;
            // Not reused: copy the elements, and drop the operand's reference.
            let copied = self.b.create_block();
            let join = self.b.create_block();
            let same = self.b.ins().icmp(IntCC::Equal, p, q);
            self.b.ins().brif(same, join, &[], copied, &[]);
            self.b.switch_to_block(copied);
            self.copy_elements(p, q, w);
            self.release(p);
            self.b.ins().jump(join, &[]);
            self.b.switch_to_block(join);
            Ok(q)
        } else {
            let q = self.alloc_like(w, rank, Some(p), op)?;
            self.copy_elements(p, q, w);
            Ok(q)
        }
    }

    /// Copies the elements of buffer `p` into buffer `q` of the same sizes.
    pub(super) fn copy_elements(&mut self, p: Value, q: Value, width: u32) {
        let flags = MemFlagsData::trusted();
        let n = self.b.ins().load(types::I64, flags, p, H_NUMEL);
        let bytes = self.b.ins().imul_imm_s(n, width as i64);
        let src = self.b.ins().load(self.env.ptr, flags, p, H_DATA);
        let dst = self.b.ins().load(self.env.ptr, flags, q, H_DATA);
        self.b.call_memcpy(self.env.fcfg, dst, src, bytes);
    }

    /// MLIR tensor.insert: the destination with one element replaced, in place when the
    /// destination is at its last use with count 1.
    fn op_insert(&mut self, op: OpId) -> R<()> {
        let (at, x) = plan::insert(self.ctx, op, &TARGET)?;
        let x = self.val(op, x)?;
        let p = self.val(op, at.tensor)?;
        // Check the indices before copying, so a fault leaves nothing half done.
        self.element_address(op, &at, p)?;
        let q = self.writable(op, 1, at.tensor, p)?;
        let addr = self.element_address(op, &at, q)?;
        self.b.ins().store(MemFlagsData::trusted(), x, addr, 0);
        self.set_result(op, 0, q);
        Ok(())
    }

    /// MLIR tensor.dim: the size of a dimension; an index outside the rank is a runtime error
    /// (MLIR: undefined behaviour).
    fn op_dim(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let plan = DimPlan::of(ctx, op, &TARGET)?;
        let p = self.val(op, plan.source)?;
        let flags = MemFlagsData::trusted();
        let size = match plan.index {
            DimIndex::Static(i) => self
                .b
                .ins()
                .load(types::I64, flags, p, H_SIZES + 8 * i as i32),
            DimIndex::Dynamic(ix) => {
                let i = self.val(op, ix)?;
                let rank = plan.rank as i64;
                let bad = self
                    .b
                    .ins()
                    .icmp_imm_u(IntCC::UnsignedGreaterThanOrEqual, i, rank);
                let f = plan.fault(ctx, op);
                self.guard(bad, f.kind, f.message, ctx.loc(op));
                let off = self.b.ins().imul_imm_s(i, 8);
                let base = self.b.ins().iadd_imm_s(p, H_SIZES as i64);
                let addr = self.b.ins().iadd(base, off);
                self.b.ins().load(types::I64, flags, addr, 0)
            }
        };
        self.set_result(op, 0, size);
        Ok(())
    }

    /// MLIR tensor.rank: the static rank.
    fn op_rank(&mut self, op: OpId) -> R<()> {
        let rank = plan::rank(self.ctx, op, &TARGET)?;
        let v = self.b.ins().iconst(types::I64, rank as i64);
        self.set_result(op, 0, v);
        Ok(())
    }

    /// MLIR tensor.generate: the body, run once per element in row-major order with the
    /// element's indices as its arguments, yields the element (`tensor.yield`).
    fn op_generate(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let g = GeneratePlan::of(ctx, op, &TARGET)?;
        let (p, w) = (self.alloc_new(op, &g.tensor)?, g.tensor.width);
        let flags = MemFlagsData::trusted();
        let n = self.b.ins().load(types::I64, flags, p, H_NUMEL);
        let data = self.b.ins().load(self.env.ptr, flags, p, H_DATA);
        let (header, body, done) = (
            self.b.create_block(),
            self.b.create_block(),
            self.b.create_block(),
        );
        self.b.append_block_param(header, types::I64);
        let zero = self.b.ins().iconst(types::I64, 0);
        self.b.ins().jump(header, &[BlockArg::Value(zero)]);
        self.b.switch_to_block(header);
        let i = self.b.block_params(header)[0];
        let more = self.b.ins().icmp(IntCC::UnsignedLessThan, i, n);
        self.b.ins().brif(more, body, &[], done, &[]);
        self.b.switch_to_block(body);
        // The indices of element i, innermost dimension last.
        let mut elems = std::collections::HashMap::new();
        let mut rest = i;
        for (d, &arg) in g.indices.iter().enumerate().rev() {
            let size = self
                .b
                .ins()
                .load(types::I64, flags, p, H_SIZES + 8 * d as i32);
            let ix = self.b.ins().urem(rest, size);
            rest = self.b.ins().udiv(rest, size);
            elems.insert(arg, ix);
        }
        let saved = self.kernel.replace(elems);
        for inner in ctx.block_ops(g.body) {
            if Some(inner) == ctx.last_op(g.body) {
                break;
            }
            let lower = super::table()
                .get(ctx.name_str(inner))
                .copied()
                .ok_or_else(|| unsupported_op(ctx, inner))?;
            lower(self, inner)?;
        }
        let x = self.val(op, g.yielded)?;
        self.kernel = saved;
        let off = self.b.ins().imul_imm_s(i, w as i64);
        let addr = self.b.ins().iadd(data, off);
        self.b.ins().store(flags, x, addr, 0);
        let next = self.b.ins().iadd_imm_s(i, 1);
        self.b.ins().jump(header, &[BlockArg::Value(next)]);
        self.b.switch_to_block(done);
        self.set_result(op, 0, p);
        Ok(())
    }

    /// MLIR tensor.cast: the same buffer; each static size of the result type is checked
    /// against the operand's (a runtime error naming both otherwise).
    fn op_cast(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let plan = CastPlan::of(ctx, op, &TARGET, self.own())?;
        let p = self.val(op, plan.source)?;
        for &(i, want) in &plan.checks {
            let at = H_SIZES + 8 * i as i32;
            let got = self
                .b
                .ins()
                .load(types::I64, MemFlagsData::trusted(), p, at);
            let bad = self.b.ins().icmp_imm_s(IntCC::NotEqual, got, want as i64);
            self.size_guard(bad, (p, i, want), CastPlan::fault(ctx, op).message, op);
        }
        match plan.alias {
            Alias::Take => {
                self.consumed.insert(plan.source);
            }
            Alias::Retain => self.retain(p),
            Alias::Untracked => {}
        }
        self.set_result(op, 0, p);
        Ok(())
    }
}
