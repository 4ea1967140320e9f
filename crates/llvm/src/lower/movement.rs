//! The ops that move whole blocks of elements, as calls to the Cranelift JIT's host kernels
//! (`weir_jit::backend`: [`CONCAT`], [`EXTRACT_SLICE`], [`INSERT_SLICE`], [`PAD`], [`MATMUL`],
//! shims over `weir-kernels` that check the shapes, allocate from the run's pool and record a
//! failure's details): MLIR `tensor.concat`, `tensor.extract_slice` (also rank-reducing, the
//! JIT's [`dropped_dims`]), `tensor.insert_slice` (in place when its destination is at its last
//! use with count 1), `tensor.pad` with a padding value defined outside its region, and the
//! GEMM of `linalg.matmul`/`batch_matmul` where the JIT calls it ([`GemmPlan`]). The
//! arguments are the JIT's, so the results, errors and buffers are too.

use super::tensor::dims_of;
use super::{FunctionLowering, LowerFn, R};
use crate::codegen::Ll;
use crate::diag::{op_err, unsupported_op};
use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicMetadataValueEnum, BasicValueEnum, IntValue, PointerValue};
use weir_dialect_linalg::StructuredOp;
use weir_dialect_tensor::{ConcatOp, ExtractSliceOp, InsertSliceOp, PadOp};
use weir_ir::{OpId, ValueId};
use weir_jit::backend::{
    dropped_dims, is_tracked, GemmPlan, CONCAT, EXTRACT_SLICE, INSERT_SLICE, MATMUL, PAD,
};
use weir_jit::RuntimeErrorKind;

/// The movement ops' entries of the lowering table (the GEMM is chosen by the structured
/// ops' lowering).
pub(super) const ENTRIES: &[(&str, LowerFn)] = &[
    ("tensor.concat", |l, op| l.op_concat(op)),
    ("tensor.extract_slice", |l, op| l.op_extract_slice(op)),
    ("tensor.insert_slice", |l, op| l.op_insert_slice(op)),
    ("tensor.pad", |l, op| l.op_pad(op)),
];

impl<'ll> FunctionLowering<'_, 'll> {
    /// Calls kernel shim `symbol` with the run's state and `args`; faults at `op` when it
    /// returns null (the shim recorded the details); its result.
    fn shim(
        &mut self,
        op: OpId,
        symbol: &str,
        args: &[BasicValueEnum<'ll>],
    ) -> R<PointerValue<'ll>> {
        let ctx = self.ctx;
        let mut all: Vec<BasicValueEnum> = vec![self.state().into()];
        all.extend_from_slice(args);
        let types: Vec<BasicTypeEnum> = all.iter().map(|a| a.get_type()).collect();
        let f = self
            .cg
            .runtime_fn(symbol, &types, Some(self.ptr_t().into()));
        let margs: Vec<BasicMetadataValueEnum> = all.iter().map(|&a| a.into()).collect();
        let p = self.call(f, &margs)?.into_pointer_value();
        let null = self.cg.b.build_is_null(p, "").ll()?;
        self.guard(
            null,
            RuntimeErrorKind::ShapeMismatch,
            format!("'{}' failed", ctx.name_str(op)),
            ctx.loc(op),
        )?;
        Ok(p)
    }

    /// Mixed static/dynamic values (MLIR `OpFoldResult`s) as 64-bit integers.
    fn mixed(&self, op: OpId, xs: &[Result<i64, ValueId>]) -> R<Vec<IntValue<'ll>>> {
        let i64t = self.cg.ll.i64_type();
        xs.iter()
            .map(|x| match x {
                Ok(n) => Ok(i64t.const_int(*n as u64, true)),
                Err(v) => self.int(op, *v),
            })
            .collect()
    }

    fn i64c(&self, x: u64) -> BasicValueEnum<'ll> {
        self.cg.ll.i64_type().const_int(x, false).into()
    }

    /// MLIR tensor.concat.
    fn op_concat(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let c = ConcatOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        self.slot_at(&ctx.loc(op), ctx.value_type(c.result(ctx)))?;
        let i64t = self.cg.ll.i64_type();
        let inputs = c
            .inputs(ctx)
            .iter()
            .map(|&v| {
                Ok(self
                    .cg
                    .b
                    .build_ptr_to_int(self.ptr(op, v)?, i64t, "")
                    .ll()?)
            })
            .collect::<R<Vec<_>>>()?;
        let slot = self.sizes_slot(&inputs)?;
        let args = [
            slot.into(),
            self.i64c(inputs.len() as u64),
            self.i64c(c.dim(ctx) as u64),
        ];
        let p = self.shim(op, CONCAT, &args)?;
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
        let out = dims_of(ctx, r).unwrap_or(&[]).to_vec();
        let dropped = dropped_dims(&sizes, &out).ok_or_else(|| {
            op_err(
                ctx,
                op,
                "has a rank reduction the llvm backend cannot place",
            )
        })?;
        let mut params = self.mixed(op, &e.offsets(ctx))?;
        params.extend(self.mixed(op, &sizes)?);
        params.extend(self.mixed(op, &e.strides(ctx))?);
        let slot = self.sizes_slot(&params)?;
        let p = self.ptr(op, src)?;
        let args = [
            p.into(),
            slot.into(),
            self.i64c(sizes.len() as u64),
            self.i64c(dropped),
        ];
        let q = self.shim(op, EXTRACT_SLICE, &args)?;
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
        let slot = self.sizes_slot(&params)?;
        let (ps, pd) = (self.ptr(op, src)?, self.ptr(op, dest)?);
        let owned = is_tracked(ctx, dest) && self.own().is_last_use(op, 1) && src != dest;
        if owned {
            self.consumed.insert(dest);
        }
        let args = [
            ps.into(),
            pd.into(),
            slot.into(),
            self.i64c(rank as u64),
            self.i64c(owned as u64),
        ];
        let q = self.shim(op, INSERT_SLICE, &args)?;
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
                "with a padding value computed in its region is not supported by the llvm backend yet",
            ));
        }
        let x = self.val(op, value)?;
        let vs = self.entry_words(1)?;
        self.cg.b.build_store(vs, x).ll()?;
        let low = pad.low(ctx);
        let mut params = self.mixed(op, &low)?;
        params.extend(self.mixed(op, &pad.high(ctx))?);
        let slot = self.sizes_slot(&params)?;
        let p = self.ptr(op, src)?;
        let args = [
            p.into(),
            slot.into(),
            self.i64c(low.len() as u64),
            vs.into(),
        ];
        let q = self.shim(op, PAD, &args)?;
        self.set_result(op, 0, q);
        Ok(())
    }

    /// `linalg.matmul`/`batch_matmul` as the JIT's GEMM call where the JIT makes it
    /// ([`GemmPlan`]); `false` when the op is lowered as a loop nest.
    pub(super) fn try_gemm(&mut self, op: OpId, s: StructuredOp) -> R<bool> {
        let Some(g) = GemmPlan::of(self.ctx, op, s, self.own()) else {
            return Ok(false);
        };
        let (pa, pb, pc) = (self.ptr(op, g.a)?, self.ptr(op, g.b)?, self.ptr(op, g.c)?);
        if g.owned {
            self.consumed.insert(g.c);
        }
        let args = [
            pa.into(),
            pb.into(),
            pc.into(),
            self.i64c(g.owned as u64),
            self.i64c(g.elem_code),
            self.i64c(g.batched as u64),
        ];
        let q = self.shim(op, MATMUL, &args)?;
        self.set_result(op, 0, q);
        Ok(true)
    }
}
