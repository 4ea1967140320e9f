//! The arith dialect's ops as both backends lower them (MLIR `arith`): each op's checks
//! (operand and result counts and types, attributes) and the operands, types and values an
//! emitter needs: constants, the binary integer and float ops, the extended arithmetic,
//! comparisons (two operands of one type, an `i1` result, the predicate read from the op),
//! `select` and the casts.

use super::checks::{counts, Scalars};
use crate::diag::op_err;
use crate::scalar::low_mask;
use crate::ScalarType;
use weir_dialect_arith::{
    CmpFOp, CmpFPredicate, CmpIOp, CmpIPredicate, FloatBinaryOp, IntBinaryOp, SelectOp,
};
use weir_ir::{dense, AttrKind, Context, Diagnostic, OpId, ValueId};

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

/// MLIR arith.constant's value, ready to materialize: an integer's low `width` bits (an
/// `i1` from a `true`/`false` attribute too), an `f32` rounded from the attribute's `f64`,
/// an `f64`, or an `f16`/`bf16` as its bits (rounded to nearest even from the `f64`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ConstantValue {
    /// An integer or `index`: its low bits, the rest zero.
    Int(u64),
    /// An `f32`.
    F32(f32),
    /// An `f64`.
    F64(f64),
    /// An `f16` or `bf16`: its 16 bits.
    Half(u16),
}

/// MLIR arith.constant with a scalar attribute: the result type and the value.
#[derive(Clone, Copy, Debug)]
pub struct ConstantPlan {
    /// The result's type.
    pub ty: ScalarType,
    /// The value.
    pub value: ConstantValue,
}

/// MLIR arith.constant: no operands, one scalar result, an integer, float or boolean `value`
/// attribute of the result's type; else an error at the op.
pub fn constant(
    ctx: &Context,
    op: OpId,
    scalars: &Scalars<'_>,
) -> Result<ConstantPlan, Diagnostic> {
    counts(ctx, op, 0, 1)?;
    let ty = scalars.ty(ctx, op, ctx.result(op, 0))?;
    let attr = ctx.attr_of(op, "value").map(|a| ctx.attr_kind(a));
    let value = match (attr, ty) {
        (Some(AttrKind::Integer { value, .. }), ScalarType::Int(_) | ScalarType::Index) => {
            ConstantValue::Int(*value as u64 & low_mask(ty.int_width().unwrap_or(64)))
        }
        (Some(AttrKind::Bool(b)), ScalarType::Int(1)) => ConstantValue::Int(*b as u64),
        (Some(AttrKind::Float { bits, .. }), ScalarType::F64) => {
            ConstantValue::F64(f64::from_bits(*bits))
        }
        (Some(AttrKind::Float { bits, .. }), ScalarType::F32) => {
            ConstantValue::F32(f64::from_bits(*bits) as f32)
        }
        (Some(AttrKind::Float { bits, .. }), ScalarType::F16) => {
            ConstantValue::Half(dense::f16_from_f64(f64::from_bits(*bits)).to_bits())
        }
        (Some(AttrKind::Float { bits, .. }), ScalarType::BF16) => {
            ConstantValue::Half(dense::bf16_from_f64(f64::from_bits(*bits)).to_bits())
        }
        _ => {
            return Err(op_err(
                ctx,
                op,
                format!("requires a scalar 'value' attribute of type {ty}"),
            ))
        }
    };
    Ok(ConstantPlan { ty, value })
}

/// An integer op of two operands of one type `iN` (or `index`): MLIR arith's binary integer
/// ops ([`IntBinaryOp`]), `arith.addui_extended`, `arith.mului_extended`/`mulsi_extended`.
#[derive(Clone, Copy, Debug)]
pub struct IntPairPlan<K> {
    /// Which op (`()` where the lowering names it).
    pub kind: K,
    /// The left operand.
    pub lhs: ValueId,
    /// The right operand.
    pub rhs: ValueId,
    /// N, the operands' width (64 for `index`).
    pub width: u32,
}

/// MLIR arith's binary integer ops ([`IntBinaryOp`]): two operands and a result of one
/// integer type (`SameOperandsAndResultType`).
pub fn int_binary(
    ctx: &Context,
    op: OpId,
    scalars: &Scalars<'_>,
) -> Result<IntPairPlan<IntBinaryOp>, Diagnostic> {
    let kind = scalars.target.view(ctx, op, IntBinaryOp::of(ctx, op))?;
    counts(ctx, op, 2, 1)?;
    let t = scalars.same_type(ctx, op)?;
    int_pair(ctx, op, scalars, kind, t)
}

/// MLIR arith.mului_extended / mulsi_extended: two operands and two results (the low and high
/// halves) of one integer type.
pub fn mul_extended(
    ctx: &Context,
    op: OpId,
    scalars: &Scalars<'_>,
) -> Result<IntPairPlan<()>, Diagnostic> {
    counts(ctx, op, 2, 2)?;
    let t = scalars.same_type(ctx, op)?;
    int_pair(ctx, op, scalars, (), t)
}

/// MLIR arith.addui_extended: two operands and the sum of one integer type, and an `i1`
/// carry.
pub fn addui_extended(
    ctx: &Context,
    op: OpId,
    scalars: &Scalars<'_>,
) -> Result<IntPairPlan<()>, Diagnostic> {
    counts(ctx, op, 2, 2)?;
    let ty = |v| scalars.ty(ctx, op, v);
    let t = ty(ctx.operand(op, 0))?;
    if ty(ctx.operand(op, 1))? != t
        || ty(ctx.result(op, 0))? != t
        || ty(ctx.result(op, 1))? != ScalarType::Int(1)
    {
        return Err(op_err(
            ctx,
            op,
            "requires operands and sum of one integer type and an i1 carry",
        ));
    }
    int_pair(ctx, op, scalars, (), t)
}

/// The plan of `op`'s two operands of integer type `t` (checked here).
pub(super) fn int_pair<K>(
    ctx: &Context,
    op: OpId,
    scalars: &Scalars<'_>,
    kind: K,
    t: ScalarType,
) -> Result<IntPairPlan<K>, Diagnostic> {
    Ok(IntPairPlan {
        kind,
        lhs: ctx.operand(op, 0),
        rhs: ctx.operand(op, 1),
        width: scalars.int_width(ctx, op, t)?,
    })
}

/// A float op of two operands and a result of one type, `f32` or `f64`: MLIR arith's binary
/// float ops ([`FloatBinaryOp`]) and `math.copysign`.
#[derive(Clone, Copy, Debug)]
pub struct FloatPairPlan<K> {
    /// Which op (`()` where the lowering names it).
    pub kind: K,
    /// The left operand.
    pub lhs: ValueId,
    /// The right operand.
    pub rhs: ValueId,
    /// The type.
    pub ty: ScalarType,
}

/// MLIR arith's binary float ops ([`FloatBinaryOp`]).
pub fn float_binary(
    ctx: &Context,
    op: OpId,
    scalars: &Scalars<'_>,
) -> Result<FloatPairPlan<FloatBinaryOp>, Diagnostic> {
    let kind = scalars.target.view(ctx, op, FloatBinaryOp::of(ctx, op))?;
    float_pair(ctx, op, scalars, kind)
}

/// A float op of two operands and a result of one type, `f32` or `f64` ([`Scalars::float`]).
pub fn float_pair<K>(
    ctx: &Context,
    op: OpId,
    scalars: &Scalars<'_>,
    kind: K,
) -> Result<FloatPairPlan<K>, Diagnostic> {
    counts(ctx, op, 2, 1)?;
    let ty = scalars.same_type(ctx, op)?;
    scalars.float(ctx, op, ty)?;
    Ok(FloatPairPlan {
        kind,
        lhs: ctx.operand(op, 0),
        rhs: ctx.operand(op, 1),
        ty,
    })
}

/// MLIR arith.select `%c, %a, %b` with a scalar `i1` condition.
#[derive(Clone, Copy, Debug)]
pub struct SelectPlan {
    /// The `i1` condition.
    pub condition: ValueId,
    /// The value where it is true.
    pub true_value: ValueId,
    /// The value where it is false.
    pub false_value: ValueId,
}

/// MLIR arith.select: an `i1` condition, two choices and the result of one type.
pub fn select(ctx: &Context, op: OpId, scalars: &Scalars<'_>) -> Result<SelectPlan, Diagnostic> {
    let sel = scalars.target.view(ctx, op, SelectOp::of(ctx, op))?;
    counts(ctx, op, 3, 1)?;
    let p = SelectPlan {
        condition: sel.condition(ctx),
        true_value: sel.true_value(ctx),
        false_value: sel.false_value(ctx),
    };
    let ty = |v| scalars.ty(ctx, op, v);
    if ty(p.condition)? != ScalarType::Int(1) {
        return Err(op_err(ctx, op, "requires an i1 condition"));
    }
    let t = ty(p.true_value)?;
    if ty(p.false_value)? != t || ty(sel.result(ctx))? != t {
        return Err(op_err(
            ctx,
            op,
            "requires both choices and the result to have one type",
        ));
    }
    Ok(p)
}

/// A conversion of one operand of type `from` to a result of type `to` (MLIR arith's casts).
#[derive(Clone, Copy, Debug)]
pub struct CastPlan {
    /// The operand.
    pub input: ValueId,
    /// Its type.
    pub from: ScalarType,
    /// The result's type.
    pub to: ScalarType,
    /// The bit width of `from` (an integer's width, 64 for `index`, 16 for `f16`/`bf16`).
    pub from_bits: u32,
    /// The bit width of `to`.
    pub to_bits: u32,
}

/// Which types a cast converts between: MLIR arith's cast ops by their operand and result
/// kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastKind {
    /// index_cast, index_castui, extsi, extui, trunci: integer to integer.
    IntToInt,
    /// sitofp, uitofp: integer to `f32`/`f64`.
    IntToFloat,
    /// fptosi, fptoui: `f32`/`f64` to integer.
    FloatToInt,
    /// extf: float to a wider float (`f16`/`bf16` too), exact.
    FloatExt,
    /// truncf: float to a narrower float, rounding to nearest even only (MLIR's
    /// `roundingmode`, which only truncf has; the directed modes are rejected).
    FloatTrunc,
    /// bitcast: between types of one bit width.
    Bitcast,
}

impl CastKind {
    /// extf when `extend`, else truncf.
    pub fn float(extend: bool) -> CastKind {
        if extend {
            CastKind::FloatExt
        } else {
            CastKind::FloatTrunc
        }
    }
}

/// MLIR arith's cast ops (one operand, one result) of kind `kind`: the operand and result
/// types checked as `kind` says, else an error at the op.
pub fn cast(
    ctx: &Context,
    op: OpId,
    scalars: &Scalars<'_>,
    kind: CastKind,
) -> Result<CastPlan, Diagnostic> {
    counts(ctx, op, 1, 1)?;
    let input = ctx.operand(op, 0);
    let from = scalars.ty(ctx, op, input)?;
    let to = scalars.ty(ctx, op, ctx.result(op, 0))?;
    let (from_bits, to_bits) = (bit_width(from), bit_width(to));
    match kind {
        CastKind::IntToInt => {
            scalars.int_width(ctx, op, from)?;
            scalars.int_width(ctx, op, to)?;
        }
        CastKind::IntToFloat => {
            scalars.int_width(ctx, op, from)?;
            scalars.float(ctx, op, to)?;
        }
        CastKind::FloatToInt => {
            scalars.float(ctx, op, from)?;
            scalars.int_width(ctx, op, to)?;
        }
        CastKind::FloatExt | CastKind::FloatTrunc => {
            if !from.is_float() || !to.is_float() {
                return Err(op_err(ctx, op, format!("cannot convert {from} to {to}")));
            }
            // The rounding of truncf is to nearest even (MLIR's `roundingmode` 0, the
            // default): the directed modes are rejected rather than rounded wrongly.
            let mode = (kind == CastKind::FloatTrunc)
                .then(|| ctx.attr_of(op, "roundingmode"))
                .flatten();
            match mode.map(|a| ctx.attr_kind(a)) {
                None | Some(AttrKind::Integer { value: 0, .. }) => {}
                Some(AttrKind::Integer { .. }) => {
                    return Err(op_err(
                        ctx,
                        op,
                        format!(
                            "rounding modes other than to_nearest_even are not supported by {}",
                            scalars.target.noun
                        ),
                    ))
                }
                Some(_) => {
                    return Err(op_err(
                        ctx,
                        op,
                        "requires an integer 'roundingmode' attribute",
                    ))
                }
            }
        }
        CastKind::Bitcast => {
            if from_bits != to_bits {
                return Err(op_err(
                    ctx,
                    op,
                    format!("cannot bitcast {from} to {to}: the widths differ"),
                ));
            }
        }
    }
    Ok(CastPlan {
        input,
        from,
        to,
        from_bits,
        to_bits,
    })
}

/// The bit width of a value of type `t` (64 for `index`).
fn bit_width(t: ScalarType) -> u32 {
    match t {
        ScalarType::F16 | ScalarType::BF16 => 16,
        ScalarType::F32 => 32,
        ScalarType::F64 => 64,
        _ => t.int_width().unwrap_or(0),
    }
}
