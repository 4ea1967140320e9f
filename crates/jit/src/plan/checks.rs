//! The checks every scalar op's plan shares (MLIR's `SameOperandsAndResultType` and the
//! operand counts of the arith, math and cf ops): how many operands and results an op has,
//! the scalar type of a value as a backend computes it, and whether it is an integer or a
//! float type the backend computes with.

use super::tensor_checks::Target;
use crate::diag::op_err;
use crate::ScalarType;
use weir_ir::{Context, Diagnostic, OpId, ValueId};

/// Checks that `op` has `operands` operands and `results` results.
pub fn counts(ctx: &Context, op: OpId, operands: usize, results: usize) -> Result<(), Diagnostic> {
    let (o, r) = (ctx.operands(op).len(), ctx.results(op).len());
    if o != operands || r != results {
        return Err(op_err(
            ctx,
            op,
            format!("expects {operands} operand(s) and {results} result(s), got {o} and {r}"),
        ));
    }
    Ok(())
}

/// How a backend reads the scalar types of an op's values: with its wording of the errors
/// ([`Target`]), and, in the body of a fused elementwise kernel (`elements`), a tensor value
/// as its element.
#[derive(Clone, Copy, Debug)]
pub struct Scalars<'t> {
    /// The backend's wording of errors.
    pub target: &'t Target,
    /// Whether the op is in an elementwise kernel's body, where tensors are their elements.
    pub elements: bool,
}

impl Scalars<'_> {
    /// The scalar type of `v`, an operand or result of `op` (in an elementwise kernel's body,
    /// a tensor's element type), or the backend's unsupported-type error at the op.
    pub fn ty(&self, ctx: &Context, op: OpId, v: ValueId) -> Result<ScalarType, Diagnostic> {
        let mut t = ctx.value_type(v);
        if self.elements {
            if let Some(e) = super::tensor::element_type(ctx, t) {
                t = e;
            }
        }
        ScalarType::from_type(ctx, t)
            .ok_or_else(|| (self.target.unsupported_type)(ctx, &ctx.loc(op), t))
    }

    /// The one scalar type of every operand and result of `op` (MLIR
    /// `SameOperandsAndResultType`), or why not.
    pub fn same_type(&self, ctx: &Context, op: OpId) -> Result<ScalarType, Diagnostic> {
        let mut all = ctx.operands(op).iter().chain(ctx.results(op));
        let first = *all
            .next()
            .ok_or_else(|| op_err(ctx, op, "requires operands"))?;
        let t = self.ty(ctx, op, first)?;
        for &v in all {
            if self.ty(ctx, op, v)? != t {
                return Err(op_err(
                    ctx,
                    op,
                    "requires all operands and results to have the same type",
                ));
            }
        }
        Ok(t)
    }

    /// The width of `t`, an operand type of `op` that must be an integer (or `index`).
    pub fn int_width(&self, ctx: &Context, op: OpId, t: ScalarType) -> Result<u32, Diagnostic> {
        t.int_width()
            .ok_or_else(|| op_err(ctx, op, format!("requires integer operands, got {t}")))
    }

    /// Checks that `t`, an operand type of `op`, is a float type the backends compute with:
    /// `f32` or `f64` (`f16` and `bf16` are computed in `f32` after
    /// `--arith-emulate-unsupported-floats`, which cf-run runs).
    pub fn float(&self, ctx: &Context, op: OpId, t: ScalarType) -> Result<(), Diagnostic> {
        if t.is_half() {
            Err(op_err(
                ctx,
                op,
                format!(
                    "requires f32 or f64 operands, got {t} ({} computes {t} in f32 after \
                     --arith-emulate-unsupported-floats)",
                    self.target.noun
                ),
            ))
        } else if t.is_float() {
            Ok(())
        } else {
            Err(op_err(ctx, op, format!("requires float operands, got {t}")))
        }
    }
}
