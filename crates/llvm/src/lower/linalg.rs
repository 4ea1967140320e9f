//! The linalg structured ops the LLVM backend compiles so far: `linalg.fill` (MLIR: every
//! element of the output is the scalar input), with the JIT's buffer decision for an output the
//! body does not read (`crates/jit/src/lower/linalg.rs`, `fresh_like`): the `outs` buffer
//! itself when it is at its last use with count 1, else a new buffer of its sizes. The other
//! structured ops are a located "not supported by the llvm backend yet" error.

use super::tensor::{dims_of, elem_width};
use super::{FunctionLowering, LowerFn, R};
use crate::diag::{op_err, unsupported_op};
use weir_dialect_linalg::{Kind, StructuredOp};
use weir_ir::OpId;
use weir_jit::backend::is_tracked;

/// The linalg entries of the lowering table.
pub(super) fn entries() -> impl Iterator<Item = (&'static str, LowerFn)> {
    const FILL: LowerFn = |l, op| l.op_fill(op);
    std::iter::once((Kind::Fill.name(), FILL))
}

impl FunctionLowering<'_, '_> {
    /// MLIR linalg.fill `ins(%x) outs(%t)`: a tensor of `%t`'s sizes, every element `%x`.
    fn op_fill(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let s = StructuredOp::of_any(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        let (&[x], &[o]) = (s.inputs(ctx), s.outputs(ctx)) else {
            return Err(op_err(ctx, op, "requires one input and one output"));
        };
        self.slot_at(&ctx.loc(op), ctx.value_type(o))?;
        if super::tensor::element_type(ctx, ctx.value_type(o)) != Some(ctx.value_type(x)) {
            return Err(op_err(
                ctx,
                op,
                "with a value of another type than the elements is not supported by the llvm backend yet",
            ));
        }
        let v = self.val(op, x)?;
        let p = self.ptr(op, o)?;
        let (w, rank) = (elem_width(ctx, o), dims_of(ctx, o).map_or(0, |d| d.len()));
        let q = if is_tracked(ctx, o) && self.own().is_last_use(op, 1) {
            self.consumed.insert(o);
            let q = self.reuse_or_alloc(p, w, rank, Some(p), op)?;
            self.release_unless_same(p, q)?;
            q
        } else {
            self.alloc_like(w, rank, Some(p), op)?
        };
        self.fill(q, v)?;
        self.set_result(op, 0, q);
        Ok(())
    }
}
