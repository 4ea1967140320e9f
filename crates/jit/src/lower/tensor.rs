//! Lowerings of tensor values that are not elementwise kernels: `dense<...>` constants
//! (immortal buffers of the compiled module), and the tensor dialect's element and shape ops
//! (MLIR `tensor`: `empty`, `splat`, `from_elements`, `extract`, `insert`, `dim`, `rank`,
//! `cast`, `generate`). Every index is checked at run time (a located error naming the index and the shape,
//! never a read out of bounds); `tensor.insert` writes in place when its destination is at its
//! last use with count 1 (docs/design/tensor-runtime.md).

use super::{FunctionLowering, LowerFn, R};
use crate::diag::{op_err, unsupported_op};
use crate::runtime::buffer::{H_DATA, H_NUMEL, H_SIZES};
use crate::runtime::{ConstBuffer, INDEX_DETAIL};
use crate::RuntimeErrorKind;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, BlockArg, InstBuilder, MemFlagsData, Value};
use weir_dialect_tensor::{
    CastOp, DimOp, EmptyOp, ExtractOp, FromElementsOp, GenerateOp, InsertOp, RankOp, SplatOp,
};
use weir_ir::{Context, Dim, OpId, Traits, Type, TypeKind, ValueId};

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

/// The element type of `ty` when it is a ranked tensor type.
pub fn element_type(ctx: &Context, ty: Type) -> Option<Type> {
    match ctx.type_kind(ty) {
        TypeKind::Tensor {
            shape: Some(_),
            element,
            ..
        } => Some(*element),
        _ => None,
    }
}

/// The sizes of `ty` when it is a ranked tensor type.
pub fn dims(ctx: &Context, ty: Type) -> Option<&[Dim]> {
    match ctx.type_kind(ty) {
        TypeKind::Tensor { shape: Some(d), .. } => Some(d),
        _ => None,
    }
}

/// Bytes per element of tensor value `v` (0 when it is no tensor the JIT supports).
pub fn elem_width(ctx: &Context, v: ValueId) -> u32 {
    match crate::abi::Slot::of(ctx, ctx.value_type(v)) {
        Some(crate::abi::Slot::Tensor(e)) => e.byte_width() as u32,
        _ => 0,
    }
}

/// Whether `v` holds a counted reference: a ranked tensor not defined by a constant op
/// (constants are immortal buffers, never counted).
pub fn is_tracked(ctx: &Context, v: ValueId) -> bool {
    element_type(ctx, ctx.value_type(v)).is_some() && ctx.constant_of(v).is_none()
}

/// Whether `op` is a constant op (MLIR `ConstantLike`) of a ranked tensor type.
pub fn is_tensor_constant(ctx: &Context, op: OpId) -> bool {
    ctx.has_traits(op, Traits::CONSTANT_LIKE)
        && ctx.results(op).len() == 1
        && element_type(ctx, ctx.value_type(ctx.result(op, 0))).is_some()
}

/// The immortal buffer of tensor constant `op` (`arith.constant dense<...>`, a splat
/// materialized), or why it cannot be made (the message of a located error at the op).
pub fn constant_buffer(ctx: &Context, op: OpId) -> Result<ConstBuffer, &'static str> {
    let r = ctx.result(op, 0);
    let ty = ctx.value_type(r);
    let dense = ctx
        .constant_of(r)
        .and_then(|a| ctx.dense_elements(a))
        .ok_or("requires a dense elements value")?;
    let shape: Vec<u64> = dims(ctx, ty)
        .unwrap_or(&[])
        .iter()
        .map(|d| d.unwrap_or(0))
        .collect();
    let n: u64 = shape.iter().product();
    let bytes = if dense.is_splat() {
        let e = dense.raw_element(0);
        (n as usize)
            .checked_mul(e.len())
            .filter(|&t| t <= 1 << 32)
            .ok_or("is a splat too large to materialize (more than 4 GiB)")?;
        e.repeat(n as usize)
    } else {
        dense.raw_bytes().to_vec()
    };
    Ok(ConstBuffer::new(elem_width(ctx, r), &shape, &bytes))
}

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
    /// The sizes of result `r` of `op` as a stack slot: static sizes from the type, `?` sizes
    /// from `dynamic` (index values, in order); faults on a negative dynamic size.
    fn result_sizes(&mut self, op: OpId, r: ValueId, dynamic: &[ValueId]) -> R<(usize, Value)> {
        let ctx = self.ctx;
        let d = dims(ctx, ctx.value_type(r))
            .ok_or_else(|| op_err(ctx, op, "expects a ranked tensor result"))?
            .to_vec();
        if d.iter().filter(|x| x.is_none()).count() != dynamic.len() {
            return Err(op_err(
                ctx,
                op,
                "requires one size operand per dynamic dimension",
            ));
        }
        let mut dyn_vals = dynamic.iter();
        let mut sizes = Vec::new();
        for s in &d {
            match s {
                Some(n) => sizes.push(Err(*n)),
                None => {
                    let v = self.val(op, *dyn_vals.next().expect("counted"))?;
                    let neg = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, v, 0);
                    self.guard(
                        neg,
                        RuntimeErrorKind::ShapeMismatch,
                        format!("'{}' has a negative size", ctx.name_str(op)),
                        ctx.loc(op),
                    );
                    sizes.push(Ok(v));
                }
            }
        }
        Ok((d.len(), self.sizes_slot(&sizes)))
    }

    /// MLIR tensor.empty: a buffer of the result's sizes (elements unspecified, as in MLIR).
    fn op_empty(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let e = EmptyOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        let r = e.result(ctx);
        self.slot_at(&ctx.loc(op), ctx.value_type(r))?;
        let (rank, sizes) = self.result_sizes(op, r, e.dynamic_sizes(ctx))?;
        let p = self.alloc_sizes(elem_width(ctx, r), rank, sizes, op)?;
        self.set_result(op, 0, p);
        Ok(())
    }

    /// MLIR tensor.splat: every element is the scalar operand.
    fn op_splat(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let s = SplatOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        let r = s.result(ctx);
        self.slot_at(&ctx.loc(op), ctx.value_type(r))?;
        let x = self.val(op, s.input(ctx))?;
        let (rank, sizes) = self.result_sizes(op, r, s.dynamic_sizes(ctx))?;
        let w = elem_width(ctx, r);
        let p = self.alloc_sizes(w, rank, sizes, op)?;
        self.fill(p, x, w);
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
        let ctx = self.ctx;
        let f = FromElementsOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        let r = f.result(ctx);
        self.slot_at(&ctx.loc(op), ctx.value_type(r))?;
        let (rank, sizes) = self.result_sizes(op, r, &[])?;
        let w = elem_width(ctx, r);
        let p = self.alloc_sizes(w, rank, sizes, op)?;
        let data = self
            .b
            .ins()
            .load(self.env.ptr, MemFlagsData::trusted(), p, H_DATA);
        for (k, &e) in f.elements(ctx).iter().enumerate() {
            let x = self.val(op, e)?;
            self.b
                .ins()
                .store(MemFlagsData::trusted(), x, data, (k as u32 * w) as i32);
        }
        self.set_result(op, 0, p);
        Ok(())
    }

    /// The address of element `indices` of buffer `p` (of `op`'s tensor operand `t`), after
    /// checking each index against its dimension (a located error naming the index and the
    /// shape otherwise).
    fn element_address(&mut self, op: OpId, t: ValueId, p: Value, indices: &[ValueId]) -> R<Value> {
        let ctx = self.ctx;
        let rank = dims(ctx, ctx.value_type(t)).map_or(0, |d| d.len());
        if indices.len() != rank {
            return Err(op_err(ctx, op, "requires one index per dimension"));
        }
        let flags = MemFlagsData::trusted();
        let mut off = self.b.ins().iconst(types::I64, 0);
        for (d, &ix) in indices.iter().enumerate() {
            let i = self.val(op, ix)?;
            let size = self
                .b
                .ins()
                .load(types::I64, flags, p, H_SIZES + 8 * d as i32);
            let bad = self
                .b
                .ins()
                .icmp(IntCC::UnsignedGreaterThanOrEqual, i, size);
            let msg = format!("'{}' index out of bounds", ctx.name_str(op));
            let what = (RuntimeErrorKind::IndexOutOfBounds, msg, op);
            self.guard_with_detail(bad, what, INDEX_DETAIL, |l| {
                let dv = l.b.ins().iconst(types::I64, d as i64);
                vec![p, dv, i]
            });
            let scaled = self.b.ins().imul(off, size);
            off = self.b.ins().iadd(scaled, i);
        }
        let w = elem_width(ctx, t) as i64;
        let bytes = self.b.ins().imul_imm_s(off, w);
        let data = self.b.ins().load(self.env.ptr, flags, p, H_DATA);
        Ok(self.b.ins().iadd(data, bytes))
    }

    /// MLIR tensor.extract: one element, indices checked.
    fn op_extract(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let e = ExtractOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        let t = e.tensor(ctx);
        self.slot_at(&ctx.loc(op), ctx.value_type(t))?;
        let p = self.val(op, t)?;
        let addr = self.element_address(op, t, p, e.indices(ctx))?;
        let ty = self.ty(op, e.result(ctx))?;
        let x = self
            .b
            .ins()
            .load(crate::abi::cl_type(ty), MemFlagsData::trusted(), addr, 0);
        self.set_result(op, 0, x);
        Ok(())
    }

    /// A buffer holding the same elements as `p` (of `op`'s operand `v`) that the op may write:
    /// `p` itself when `v` is at its last use (operand `j`) with count 1, else a copy.
    pub(super) fn writable(&mut self, op: OpId, j: usize, v: ValueId, p: Value) -> R<Value> {
        let ctx = self.ctx;
        let w = elem_width(ctx, v);
        let rank = dims(ctx, ctx.value_type(v)).map_or(0, |d| d.len());
        if is_tracked(ctx, v) && self.own().is_last_use(op, j) {
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
        let ctx = self.ctx;
        let ins = InsertOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        let d = ins.dest(ctx);
        self.slot_at(&ctx.loc(op), ctx.value_type(d))?;
        let x = self.val(op, ins.scalar(ctx))?;
        let p = self.val(op, d)?;
        // Check the indices before copying, so a fault leaves nothing half done.
        self.element_address(op, d, p, ins.indices(ctx))?;
        let q = self.writable(op, 1, d, p)?;
        let addr = self.element_address(op, d, q, ins.indices(ctx))?;
        self.b.ins().store(MemFlagsData::trusted(), x, addr, 0);
        self.set_result(op, 0, q);
        Ok(())
    }

    /// MLIR tensor.dim: the size of a dimension; an index outside the rank is a runtime error
    /// (MLIR: undefined behaviour).
    fn op_dim(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let d = DimOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        let t = d.source(ctx);
        self.slot_at(&ctx.loc(op), ctx.value_type(t))?;
        let p = self.val(op, t)?;
        let rank = dims(ctx, ctx.value_type(t)).map_or(0, |x| x.len());
        let flags = MemFlagsData::trusted();
        let size = match d.constant_index(ctx) {
            Some(i) if (0..rank as i128).contains(&i) => {
                self.b
                    .ins()
                    .load(types::I64, flags, p, H_SIZES + 8 * i as i32)
            }
            _ => {
                let i = self.val(op, d.index(ctx))?;
                let bad =
                    self.b
                        .ins()
                        .icmp_imm_u(IntCC::UnsignedGreaterThanOrEqual, i, rank as i64);
                self.guard(
                    bad,
                    RuntimeErrorKind::IndexOutOfBounds,
                    format!("'{}' index is not below the rank {rank}", ctx.name_str(op)),
                    ctx.loc(op),
                );
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
        let ctx = self.ctx;
        let r = RankOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        let t = r.source(ctx);
        self.slot_at(&ctx.loc(op), ctx.value_type(t))?;
        let rank = dims(ctx, ctx.value_type(t)).map_or(0, |x| x.len());
        let v = self.b.ins().iconst(types::I64, rank as i64);
        self.set_result(op, 0, v);
        Ok(())
    }

    /// MLIR tensor.generate: the body, run once per element in row-major order with the
    /// element's indices as its arguments, yields the element (`tensor.yield`).
    fn op_generate(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let g = GenerateOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        let r = g.result(ctx);
        self.slot_at(&ctx.loc(op), ctx.value_type(r))?;
        let (rank, sizes) = self.result_sizes(op, r, g.dynamic_extents(ctx))?;
        let w = elem_width(ctx, r);
        let p = self.alloc_sizes(w, rank, sizes, op)?;
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
        let block = g.body(ctx);
        let args = ctx.block_args(block).to_vec();
        let mut elems = std::collections::HashMap::new();
        let mut rest = i;
        for d in (0..rank).rev() {
            let size = self
                .b
                .ins()
                .load(types::I64, flags, p, H_SIZES + 8 * d as i32);
            let ix = self.b.ins().urem(rest, size);
            rest = self.b.ins().udiv(rest, size);
            elems.insert(args[d], ix);
        }
        let saved = self.kernel.replace(elems);
        for inner in ctx.block_ops(block) {
            if inner == ctx.last_op(block).expect("a terminator") {
                break;
            }
            let lower = super::table()
                .get(ctx.name_str(inner))
                .copied()
                .ok_or_else(|| unsupported_op(ctx, inner))?;
            lower(self, inner)?;
        }
        let x = self.val(op, g.yielded(ctx))?;
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
        let c = CastOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        let (s, r) = (c.source(ctx), c.result(ctx));
        self.slot_at(&ctx.loc(op), ctx.value_type(s))?;
        self.slot_at(&ctx.loc(op), ctx.value_type(r))?;
        let p = self.val(op, s)?;
        let from = dims(ctx, ctx.value_type(s)).unwrap_or(&[]).to_vec();
        let to = dims(ctx, ctx.value_type(r)).unwrap_or(&[]).to_vec();
        for (i, (a, b)) in from.iter().zip(&to).enumerate() {
            if let (None, Some(want)) = (a, b) {
                let got = self.b.ins().load(
                    types::I64,
                    MemFlagsData::trusted(),
                    p,
                    H_SIZES + 8 * i as i32,
                );
                let bad = self.b.ins().icmp_imm_s(IntCC::NotEqual, got, *want as i64);
                let msg = format!(
                    "'{}' to a static shape that does not match",
                    ctx.name_str(op)
                );
                self.size_guard(bad, (p, i, *want), msg, op);
            }
        }
        // The result aliases the operand: take its reference at its last use, else add one.
        if is_tracked(ctx, s) && self.own().is_last_use(op, 0) {
            self.consumed.insert(s);
        } else if is_tracked(ctx, s) {
            self.retain(p);
        }
        self.set_result(op, 0, p);
        Ok(())
    }
}
