//! The arith dialect's comparisons as both backends lower them (MLIR `arith.cmpi`,
//! `arith.cmpf`): two operands of one type, an `i1` result, the predicate read from the op.

use super::checks::{counts, Scalars};
use crate::diag::op_err;
use crate::ScalarType;
use weir_dialect_arith::{CmpFOp, CmpFPredicate, CmpIOp, CmpIPredicate};
use weir_ir::{Context, Diagnostic, OpId, ValueId};

/// MLIR arith.cmpi / arith.cmpf: compares `lhs` with `rhs` (of type `ty`) by `predicate`
/// into an `i1`.
#[derive(Clone, Copy, Debug)]
pub struct ComparePlan<P> {
    /// The left operand.
    pub lhs: ValueId,
    /// The right operand.
    pub rhs: ValueId,
    /// The operands' type.
    pub ty: ScalarType,
    /// The comparison.
    pub predicate: P,
}

/// MLIR arith.cmpi: integer (or `index`) operands; the plan's `ty.int_width()` is known.
pub fn cmpi(
    ctx: &Context,
    op: OpId,
    scalars: &Scalars<'_>,
) -> Result<ComparePlan<CmpIPredicate>, Diagnostic> {
    let cmp = scalars.target.view(ctx, op, CmpIOp::of(ctx, op))?;
    compare(
        ctx,
        op,
        scalars,
        "integer",
        || (cmp.lhs(ctx), cmp.rhs(ctx), cmp.try_predicate(ctx)),
        |ty| scalars.int_width(ctx, op, ty).map(drop),
    )
}

/// MLIR arith.cmpf: `f32` or `f64` operands ([`Scalars::float`]).
pub fn cmpf(
    ctx: &Context,
    op: OpId,
    scalars: &Scalars<'_>,
) -> Result<ComparePlan<CmpFPredicate>, Diagnostic> {
    let cmp = scalars.target.view(ctx, op, CmpFOp::of(ctx, op))?;
    compare(
        ctx,
        op,
        scalars,
        "float",
        || (cmp.lhs(ctx), cmp.rhs(ctx), cmp.try_predicate(ctx)),
        |ty| scalars.float(ctx, op, ty).map(drop),
    )
}

/// The plan of comparison `op` (cmpi or cmpf, a `kind` comparison): checks its counts, then
/// reads `(lhs, rhs, predicate)` from its view with `read` (which may index the operands),
/// checks the operand type and the backend's support of it (`supported`), then the predicate.
fn compare<P>(
    ctx: &Context,
    op: OpId,
    scalars: &Scalars<'_>,
    kind: &str,
    read: impl FnOnce() -> (ValueId, ValueId, Option<P>),
    supported: impl FnOnce(ScalarType) -> Result<(), Diagnostic>,
) -> Result<ComparePlan<P>, Diagnostic> {
    counts(ctx, op, 2, 1)?;
    let (lhs, rhs, predicate) = read();
    let ty = compare_operand_type(ctx, op, scalars, (lhs, rhs), kind)?;
    supported(ty)?;
    let predicate = predicate.ok_or_else(|| bad_predicate(ctx, op))?;
    Ok(ComparePlan {
        lhs,
        rhs,
        ty,
        predicate,
    })
}

/// The operand type of a comparison `op` with operands `lhs`, `rhs` (two operands and one
/// result, checked before): operands of one type and an `i1` result, else an error naming
/// the `kind` of operand expected.
fn compare_operand_type(
    ctx: &Context,
    op: OpId,
    scalars: &Scalars<'_>,
    (lhs, rhs): (ValueId, ValueId),
    kind: &str,
) -> Result<ScalarType, Diagnostic> {
    let t = scalars.ty(ctx, op, lhs)?;
    if scalars.ty(ctx, op, rhs)? != t
        || scalars.ty(ctx, op, ctx.result(op, 0))? != ScalarType::Int(1)
    {
        return Err(op_err(
            ctx,
            op,
            format!("requires two operands of one {kind} type and an i1 result"),
        ));
    }
    Ok(t)
}

/// The error for a comparison whose `predicate` attribute is missing or out of range.
fn bad_predicate(ctx: &Context, op: OpId) -> Diagnostic {
    op_err(
        ctx,
        op,
        "requires a 'predicate' attribute naming one of its predicates",
    )
}
