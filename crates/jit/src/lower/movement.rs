//! Lowerings of the ops that move whole blocks of elements, as the calls to the host-side
//! kernels their plans say ([`MovementCall`], [`GemmPlan`]): MLIR `tensor.concat`,
//! `tensor.extract_slice`, `tensor.insert_slice`, `tensor.pad`, and the GEMM of
//! `linalg.matmul`/`batch_matmul`. A shim returns null after a failed precondition: the
//! generated code then faults at the op ([`shim_failed`]).

use super::tensor::TARGET;
use super::{FunctionLowering, LowerFn, R};
use crate::plan::movement::{shim_failed, GemmPlan, MovementCall};
use crate::runtime::kernels::{CONCAT, EXTRACT_SLICE, INSERT_SLICE, MATMUL, PAD};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, InstBuilder, StackSlotData, StackSlotKind, Value};
use weir_dialect_linalg::StructuredOp;
use weir_ir::{OpId, ValueId};

/// The movement ops' entries of the lowering table (the GEMM is chosen by
/// [`FunctionLowering::op_structured`]).
pub(super) const ENTRIES: &[(&str, LowerFn)] = &[
    ("tensor.concat", |l, op| l.op_movement(op)),
    ("tensor.extract_slice", |l, op| l.op_movement(op)),
    ("tensor.insert_slice", |l, op| l.op_movement(op)),
    ("tensor.pad", |l, op| l.op_movement(op)),
];

impl FunctionLowering<'_, '_> {
    /// Faults at `op` when the shim's result `p` is null; the shim recorded the details.
    fn check_shim(&mut self, op: OpId, p: Value) {
        let null = self.b.ins().icmp_imm_s(IntCC::Equal, p, 0);
        let f = shim_failed(self.ctx, op);
        self.guard(null, f.kind, f.message, self.ctx.loc(op));
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

    /// A data-movement op ([`MovementCall`]) as its host-kernel call.
    fn op_movement(&mut self, op: OpId) -> R<()> {
        let call = MovementCall::of(self.ctx, op, &TARGET, self.own())?;
        let st = self.state();
        let c = |l: &mut Self, x: u64| l.b.ins().iconst(types::I64, x as i64);
        let q = match call {
            MovementCall::Concat { inputs, dim } => {
                let ps = inputs
                    .iter()
                    .map(|&v| Ok(Ok(self.val(op, v)?)))
                    .collect::<R<Vec<_>>>()?;
                let slot = self.sizes_slot(&ps);
                let (n, d) = (c(self, ps.len() as u64), c(self, dim));
                self.host_call(CONCAT, &[st, slot, n, d], &[types::I64])[0]
            }
            MovementCall::ExtractSlice {
                source,
                params,
                rank,
                dropped,
            } => {
                let ps = self.mixed(op, &params)?;
                let slot = self.sizes_slot(&ps);
                let p = self.val(op, source)?;
                let (r, dm) = (c(self, rank), c(self, dropped));
                self.host_call(EXTRACT_SLICE, &[st, p, slot, r, dm], &[types::I64])[0]
            }
            MovementCall::InsertSlice {
                source,
                dest,
                params,
                rank,
                owned,
            } => {
                let ps = self.mixed(op, &params)?;
                let slot = self.sizes_slot(&ps);
                let (p, d) = (self.val(op, source)?, self.val(op, dest)?);
                if owned {
                    self.consumed.insert(dest);
                }
                let (r, o) = (c(self, rank), c(self, owned as u64));
                self.host_call(INSERT_SLICE, &[st, p, d, slot, r, o], &[types::I64])[0]
            }
            MovementCall::Pad {
                source,
                value,
                params,
                rank,
            } => {
                let x = self.val(op, value)?;
                let vs = self.b.create_sized_stack_slot(StackSlotData::new(
                    StackSlotKind::ExplicitSlot,
                    8,
                    3,
                ));
                self.b.ins().stack_store(self.env.ptr, x, vs, 0);
                let vp = self.b.ins().stack_addr(self.env.ptr, vs, 0);
                let ps = self.mixed(op, &params)?;
                let slot = self.sizes_slot(&ps);
                let p = self.val(op, source)?;
                let r = c(self, rank);
                self.host_call(PAD, &[st, p, slot, r, vp], &[types::I64])[0]
            }
        };
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
