//! Lowerings of the ops that move whole blocks of elements, as calls to the host-side kernels
//! (`weir-kernels`, through the shims of `runtime::kernels`): MLIR `tensor.concat`,
//! `tensor.extract_slice`, `tensor.insert_slice` (in place when its destination is at its
//! last use with count 1), `tensor.pad` with a padding value defined outside its region, and
//! `linalg.matmul`/`batch_matmul` with MLIR's default indexing maps (a GEMM).
//!
//! A shim returns null after a failed precondition (bounds, sizes): the generated code then
//! faults with the op's location and the shim's description of the shapes.

use super::{FunctionLowering, LowerFn, R};
use crate::diag::{op_err, unsupported_op};
use crate::runtime::kernels::{encode_elem, CONCAT, EXTRACT_SLICE, INSERT_SLICE, MATMUL, PAD};
use crate::RuntimeErrorKind;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, InstBuilder, StackSlotData, StackSlotKind, Value};
use weir_dialect_linalg::{Kind, StructuredOp};
use weir_dialect_tensor::{ConcatOp, ExtractSliceOp, InsertSliceOp, PadOp};
use weir_ir::{Dim, OpId, ValueId};

/// The movement ops' entries of the lowering table (the GEMM is chosen by
/// [`FunctionLowering::op_structured`]).
pub(super) const ENTRIES: &[(&str, LowerFn)] = &[
    ("tensor.concat", |l, op| l.op_concat(op)),
    ("tensor.extract_slice", |l, op| l.op_extract_slice(op)),
    ("tensor.insert_slice", |l, op| l.op_insert_slice(op)),
    ("tensor.pad", |l, op| l.op_pad(op)),
];

impl FunctionLowering<'_, '_> {
    /// Faults at `op` when the shim's result `p` is null; the shim recorded the details.
    fn check_shim(&mut self, op: OpId, p: Value) {
        let ctx = self.ctx;
        let null = self.b.ins().icmp_imm_s(IntCC::Equal, p, 0);
        self.guard(
            null,
            RuntimeErrorKind::ShapeMismatch,
            format!("'{}' failed", ctx.name_str(op)),
            ctx.loc(op),
        );
    }

    /// Mixed static/dynamic values (MLIR `OpFoldResult`s) as sizes for a stack slot.
    fn mixed(&self, op: OpId, xs: &[Result<i64, ValueId>]) -> R<Vec<Result<Value, u64>>> {
        xs.iter()
            .map(|x| match x {
                Ok(n) => Ok(Err(*n as u64)),
                Err(v) => Ok(Ok(self.val(op, *v)?)),
            })
            .collect()
    }

    /// MLIR tensor.concat.
    fn op_concat(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let c = ConcatOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        self.slot_at(&ctx.loc(op), ctx.value_type(c.result(ctx)))?;
        let inputs = c
            .inputs(ctx)
            .iter()
            .map(|&v| Ok(Ok(self.val(op, v)?)))
            .collect::<R<Vec<_>>>()?;
        let n = inputs.len();
        let slot = self.sizes_slot(&inputs);
        let st = self.state();
        let nv = self.b.ins().iconst(types::I64, n as i64);
        let dim = self.b.ins().iconst(types::I64, c.dim(ctx) as i64);
        let p = self.host_call(CONCAT, &[st, slot, nv, dim], &[types::I64])[0];
        self.check_shim(op, p);
        self.set_result(op, 0, p);
        Ok(())
    }

    /// MLIR tensor.extract_slice (also rank-reducing).
    fn op_extract_slice(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let e = ExtractSliceOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        let (src, r) = (e.source(ctx), e.result(ctx));
        self.slot_at(&ctx.loc(op), ctx.value_type(src))?;
        self.slot_at(&ctx.loc(op), ctx.value_type(r))?;
        let sizes = e.sizes(ctx);
        let out = super::tensor::dims(ctx, ctx.value_type(r))
            .unwrap_or(&[])
            .to_vec();
        let dropped = dropped_dims(&sizes, &out)
            .ok_or_else(|| op_err(ctx, op, "has a rank reduction the JIT cannot place"))?;
        let mut params = self.mixed(op, &e.offsets(ctx))?;
        params.extend(self.mixed(op, &sizes)?);
        params.extend(self.mixed(op, &e.strides(ctx))?);
        let slot = self.sizes_slot(&params);
        let p = self.val(op, src)?;
        let st = self.state();
        let rank = self.b.ins().iconst(types::I64, sizes.len() as i64);
        let dm = self.b.ins().iconst(types::I64, dropped as i64);
        let q = self.host_call(EXTRACT_SLICE, &[st, p, slot, rank, dm], &[types::I64])[0];
        self.check_shim(op, q);
        self.set_result(op, 0, q);
        Ok(())
    }

    /// MLIR tensor.insert_slice: in place when the destination is at its last use, count 1.
    fn op_insert_slice(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let i = InsertSliceOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        let (src, dest) = (i.source(ctx), i.dest(ctx));
        self.slot_at(&ctx.loc(op), ctx.value_type(src))?;
        self.slot_at(&ctx.loc(op), ctx.value_type(dest))?;
        let mut params = self.mixed(op, &i.offsets(ctx))?;
        params.extend(self.mixed(op, &i.sizes(ctx))?);
        params.extend(self.mixed(op, &i.strides(ctx))?);
        let rank = i.sizes(ctx).len();
        let slot = self.sizes_slot(&params);
        let (ps, pd) = (self.val(op, src)?, self.val(op, dest)?);
        let owned =
            super::tensor::is_tracked(ctx, dest) && self.own().is_last_use(op, 1) && src != dest;
        if owned {
            self.consumed.insert(dest);
        }
        let st = self.state();
        let rv = self.b.ins().iconst(types::I64, rank as i64);
        let ov = self.b.ins().iconst(types::I64, owned as i64);
        let q = self.host_call(INSERT_SLICE, &[st, ps, pd, slot, rv, ov], &[types::I64])[0];
        self.check_shim(op, q);
        self.set_result(op, 0, q);
        Ok(())
    }

    /// MLIR tensor.pad whose region yields a value defined outside it (a constant padding).
    fn op_pad(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let pad = PadOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        let (src, r) = (pad.source(ctx), pad.result(ctx));
        self.slot_at(&ctx.loc(op), ctx.value_type(src))?;
        self.slot_at(&ctx.loc(op), ctx.value_type(r))?;
        let value = pad.padding_value(ctx);
        let inside = match ctx.value_def(value) {
            weir_ir::ValueDef::BlockArg { block, .. } => block == pad.body(ctx),
            weir_ir::ValueDef::Result { op: def, .. } => ctx.op_block(def) == Some(pad.body(ctx)),
            weir_ir::ValueDef::Detached => true,
        };
        if inside {
            return Err(op_err(
                ctx,
                op,
                "with a padding value computed in its region is not supported by the JIT",
            ));
        }
        let x = self.val(op, value)?;
        let vs =
            self.b
                .create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, 8, 3));
        self.b.ins().stack_store(self.env.ptr, x, vs, 0);
        let vp = self.b.ins().stack_addr(self.env.ptr, vs, 0);
        let low = pad.low(ctx);
        let mut params = self.mixed(op, &low)?;
        params.extend(self.mixed(op, &pad.high(ctx))?);
        let slot = self.sizes_slot(&params);
        let p = self.val(op, src)?;
        let st = self.state();
        let rank = self.b.ins().iconst(types::I64, low.len() as i64);
        let q = self.host_call(PAD, &[st, p, slot, rank, vp], &[types::I64])[0];
        self.check_shim(op, q);
        self.set_result(op, 0, q);
        Ok(())
    }

    /// `linalg.matmul`/`batch_matmul` with MLIR's own indexing maps as a GEMM call; `false`
    /// when the op is another structured op (lowered as a loop nest).
    pub(super) fn try_gemm(&mut self, op: OpId, s: StructuredOp) -> R<bool> {
        let Some(g) = GemmPlan::of(self.ctx, op, s, self.own()) else {
            return Ok(false);
        };
        let (pa, pb, pc) = (self.val(op, g.a)?, self.val(op, g.b)?, self.val(op, g.c)?);
        if g.owned {
            self.consumed.insert(g.c);
        }
        let st = self.state();
        let ov = self.b.ins().iconst(types::I64, g.owned as i64);
        let ev = self.b.ins().iconst(types::I64, g.elem_code as i64);
        let bv = self.b.ins().iconst(types::I64, g.batched as i64);
        let q = self.host_call(MATMUL, &[st, pa, pb, pc, ov, ev, bv], &[types::I64])[0];
        self.check_shim(op, q);
        self.set_result(op, 0, q);
        Ok(true)
    }
}

/// A `linalg.matmul`/`batch_matmul` that runs as the host GEMM ([`MATMUL`]`(state, a, b, c,
/// owned, elem_code, batched) -> result or null`): one with MLIR's own indexing maps (no
/// `indexing_maps` or `cast` attribute) whose operands all have the result's element type.
#[derive(Clone, Copy, Debug)]
pub struct GemmPlan {
    /// The left operand.
    pub a: ValueId,
    /// The right operand.
    pub b: ValueId,
    /// The accumulator (`outs`).
    pub c: ValueId,
    /// Whether the call takes over `c`'s reference (at its last use, not also `a` or `b`): the
    /// shim may then write the result into `c`'s buffer.
    pub owned: bool,
    /// The element kind as the shim's code (`encode_elem`).
    pub elem_code: u64,
    /// `batch_matmul`.
    pub batched: bool,
}

impl GemmPlan {
    /// The GEMM call of structured op `op` (view `s`) in a function with ownership `own`, or
    /// `None` when it is lowered as a loop nest.
    pub fn of(
        ctx: &weir_ir::Context,
        op: OpId,
        s: StructuredOp,
        own: &super::ownership::Ownership,
    ) -> Option<GemmPlan> {
        let batched = match s.kind(ctx) {
            Kind::Matmul => false,
            Kind::BatchMatmul => true,
            _ => return None,
        };
        if ctx.attr_of(op, "indexing_maps").is_some() || ctx.attr_of(op, "cast").is_some() {
            return None;
        }
        let (ins, outs) = (s.inputs(ctx), s.outputs(ctx));
        let (a, b, c) = (ins[0], ins[1], outs[0]);
        let elem = match crate::abi::Slot::of(ctx, ctx.value_type(c)) {
            Some(crate::abi::Slot::Tensor(e)) => e,
            _ => return None,
        };
        if [a, b].iter().any(|&v| {
            crate::abi::Slot::of(ctx, ctx.value_type(v)) != Some(crate::abi::Slot::Tensor(elem))
        }) {
            return None;
        }
        let j = ctx.operands(op).iter().position(|&v| v == c).unwrap_or(2);
        let owned = super::tensor::is_tracked(ctx, c) && own.is_last_use(op, j) && c != a && c != b;
        Some(GemmPlan {
            a,
            b,
            c,
            owned,
            elem_code: encode_elem(elem),
            batched,
        })
    }
}

/// The bit mask of the slice dimensions a rank-reducing `extract_slice` drops: unit sizes,
/// chosen from the left where the result type's sizes need it (MLIR
/// `computeRankReductionMask`); `None` when the sizes cannot be matched.
pub fn dropped_dims(sizes: &[Result<i64, ValueId>], result: &[Dim]) -> Option<u64> {
    let mut to_drop = sizes.len().checked_sub(result.len())?;
    let mut mask = 0u64;
    let mut j = 0;
    for (i, s) in sizes.iter().enumerate() {
        let unit = matches!(s, Ok(1));
        let left = sizes.len() - i;
        let keep_fits =
            j < result.len() && (result[j].is_none() || result[j] == s.ok().map(|n| n as u64));
        if to_drop > 0 && unit && (!keep_fits || left > result.len() - j) {
            mask |= 1 << i;
            to_drop -= 1;
        } else {
            j += 1;
        }
    }
    (to_drop == 0 && j == result.len()).then_some(mask)
}
