//! The ops that move whole blocks of elements, as calls to the Cranelift JIT's host kernels
//! (`weir_jit::backend`: [`CONCAT`], [`EXTRACT_SLICE`], [`INSERT_SLICE`], [`PAD`], [`MATMUL`],
//! shims over `weir-kernels` that check the shapes, allocate from the run's pool and record a
//! failure's details): MLIR `tensor.concat`, `tensor.extract_slice` (also rank-reducing, the
//! JIT's rank-reduction rule), `tensor.insert_slice` (in place when its destination is at its last
//! use with count 1), `tensor.pad` with a padding value defined outside its region, and the
//! GEMM of `linalg.matmul`/`batch_matmul` where the JIT calls it ([`GemmPlan`]). The calls and
//! their arguments are the JIT's decisions ([`MovementCall`]), so the results, errors and
//! buffers are the JIT's too.

use super::tensor::TARGET;
use super::{FunctionLowering, LowerFn, R};
use crate::codegen::Ll;
use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicMetadataValueEnum, BasicValueEnum, PointerValue};
use weir_dialect_linalg::StructuredOp;
use weir_ir::{OpId, ValueId};
use weir_jit::backend::{
    shim_failed, GemmPlan, MovementCall, CONCAT, EXTRACT_SLICE, INSERT_SLICE, MATMUL, PAD,
};

/// The movement ops' entries of the lowering table (the GEMM is chosen by the structured
/// ops' lowering).
pub(super) const ENTRIES: &[(&str, LowerFn)] = &[
    ("tensor.concat", |l, op| l.op_movement(op)),
    ("tensor.extract_slice", |l, op| l.op_movement(op)),
    ("tensor.insert_slice", |l, op| l.op_movement(op)),
    ("tensor.pad", |l, op| l.op_movement(op)),
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
        let f = shim_failed(ctx, op);
        self.guard(null, f.kind, f.message, ctx.loc(op))?;
        Ok(p)
    }

    /// Mixed static/dynamic values (MLIR `OpFoldResult`s) in a stack array of `i64`s.
    fn mixed_slot(&self, op: OpId, xs: &[Result<i64, ValueId>]) -> R<PointerValue<'ll>> {
        let i64t = self.cg.ll.i64_type();
        let vals = xs
            .iter()
            .map(|x| match x {
                Ok(n) => Ok(i64t.const_int(*n as u64, true)),
                Err(v) => self.int(op, *v),
            })
            .collect::<R<Vec<_>>>()?;
        self.sizes_slot(&vals)
    }

    fn i64c(&self, x: u64) -> BasicValueEnum<'ll> {
        self.cg.ll.i64_type().const_int(x, false).into()
    }

    /// A data-movement op as the JIT's host-kernel call ([`MovementCall`]).
    fn op_movement(&mut self, op: OpId) -> R<()> {
        let call = MovementCall::of(self.ctx, op, &TARGET, self.own())?;
        let (symbol, args): (&str, Vec<BasicValueEnum>) = match call {
            MovementCall::Concat { inputs, dim } => {
                let i64t = self.cg.ll.i64_type();
                let ps = inputs
                    .iter()
                    .map(|&v| self.cg.b.build_ptr_to_int(self.ptr(op, v)?, i64t, "").ll())
                    .collect::<R<Vec<_>>>()?;
                let slot = self.sizes_slot(&ps)?;
                let n = self.i64c(ps.len() as u64);
                (CONCAT, vec![slot.into(), n, self.i64c(dim)])
            }
            MovementCall::ExtractSlice {
                source,
                params,
                rank,
                dropped,
            } => {
                let slot = self.mixed_slot(op, &params)?;
                let p = self.ptr(op, source)?;
                let args = vec![p.into(), slot.into(), self.i64c(rank), self.i64c(dropped)];
                (EXTRACT_SLICE, args)
            }
            MovementCall::InsertSlice {
                source,
                dest,
                params,
                rank,
                owned,
            } => {
                let slot = self.mixed_slot(op, &params)?;
                let (ps, pd) = (self.ptr(op, source)?, self.ptr(op, dest)?);
                if owned {
                    self.consumed.insert(dest);
                }
                let (r, o) = (self.i64c(rank), self.i64c(owned as u64));
                (INSERT_SLICE, vec![ps.into(), pd.into(), slot.into(), r, o])
            }
            MovementCall::Pad {
                source,
                value,
                params,
                rank,
            } => {
                let x = self.val(op, value)?;
                let vs = self.entry_words(1)?;
                self.cg.b.build_store(vs, x).ll()?;
                let slot = self.mixed_slot(op, &params)?;
                let p = self.ptr(op, source)?;
                (PAD, vec![p.into(), slot.into(), self.i64c(rank), vs.into()])
            }
        };
        let q = self.shim(op, symbol, &args)?;
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
