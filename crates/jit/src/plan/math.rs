//! Backend-neutral decisions of the math ops' lowering (MLIR `math`): each op's checks and
//! the operands and types an emitter needs, which ops are calls into the host C math library,
//! and with which symbols (MLIR's `convert-math-to-libm`: `expf` for `f32`, `exp` for `f64`),
//! so both backends call the same functions mlir-runner calls.

use super::arith::{int_pair, IntPairPlan};
use super::checks::{counts, Scalars};
use crate::diag::op_err;
use crate::module::{FPOWI, FPOWIF};
use crate::ScalarType;
use weir_dialect_math::semantics::FloatClass;
use weir_ir::{Context, Diagnostic, OpId, ValueId};

/// A math op computed by the C math library: `(op name, operand count, f32 symbol, f64 symbol)`.
pub const LIBM_CALLS: &[(&str, usize, &str, &str)] = &[
    ("math.exp", 1, "expf", "exp"),
    ("math.exp2", 1, "exp2f", "exp2"),
    ("math.expm1", 1, "expm1f", "expm1"),
    ("math.log", 1, "logf", "log"),
    ("math.log2", 1, "log2f", "log2"),
    ("math.log10", 1, "log10f", "log10"),
    ("math.log1p", 1, "log1pf", "log1p"),
    ("math.tanh", 1, "tanhf", "tanh"),
    ("math.sinh", 1, "sinhf", "sinh"),
    ("math.cosh", 1, "coshf", "cosh"),
    ("math.sin", 1, "sinf", "sin"),
    ("math.cos", 1, "cosf", "cos"),
    ("math.tan", 1, "tanf", "tan"),
    ("math.asin", 1, "asinf", "asin"),
    ("math.acos", 1, "acosf", "acos"),
    ("math.atan", 1, "atanf", "atan"),
    ("math.asinh", 1, "asinhf", "asinh"),
    ("math.acosh", 1, "acoshf", "acosh"),
    ("math.atanh", 1, "atanhf", "atanh"),
    ("math.erf", 1, "erff", "erf"),
    ("math.erfc", 1, "erfcf", "erfc"),
    ("math.round", 1, "roundf", "round"),
    ("math.cbrt", 1, "cbrtf", "cbrt"),
    ("math.atan2", 2, "atan2f", "atan2"),
    ("math.powf", 2, "powf", "pow"),
];

/// The call of `op`, one of [`LIBM_CALLS`]' ops: its operand count and its `f32` and `f64`
/// symbols; `None` for another op.
pub fn libm_call(ctx: &Context, op: OpId) -> Option<(usize, &'static str, &'static str)> {
    let name = ctx.name_str(op);
    LIBM_CALLS
        .iter()
        .find(|c| c.0 == name)
        .map(|&(_, n, f32_fn, f64_fn)| (n, f32_fn, f64_fn))
}

/// An op of float operands and one result, all of one type, `f32` or `f64`
/// ([`Scalars::float`]): math's unary float ops, `math.fma`, `arith.negf`.
#[derive(Clone, Copy, Debug)]
pub struct FloatOpPlan<'c> {
    /// The operands.
    pub operands: &'c [ValueId],
    /// Their type and the result's.
    pub ty: ScalarType,
}

/// The plan of `op`, of `n` float operands and a result of one type (MLIR
/// `SameOperandsAndResultType`), else an error at the op.
pub fn float_op<'c>(
    ctx: &'c Context,
    op: OpId,
    scalars: &Scalars<'_>,
    n: usize,
) -> Result<FloatOpPlan<'c>, Diagnostic> {
    counts(ctx, op, n, 1)?;
    let ty = scalars.same_type(ctx, op)?;
    scalars.float(ctx, op, ty)?;
    Ok(FloatOpPlan {
        operands: ctx.operands(op),
        ty,
    })
}

/// A call of the C math library ([`LIBM_CALLS`]): the operands, their type and the symbol
/// of that type's entry point.
#[derive(Clone, Copy, Debug)]
pub struct LibmPlan<'c> {
    /// The operands and their type (the result's).
    pub op: FloatOpPlan<'c>,
    /// The symbol called (`expf` for an `f32`, `exp` for an `f64`).
    pub symbol: &'static str,
}

/// MLIR's math ops computed by the C math library ([`LIBM_CALLS`]); the backend's
/// unsupported-op error for another op.
pub fn libm<'c>(
    ctx: &'c Context,
    op: OpId,
    scalars: &Scalars<'_>,
) -> Result<LibmPlan<'c>, Diagnostic> {
    let (n, f32_fn, f64_fn) = scalars.target.view(ctx, op, libm_call(ctx, op))?;
    let p = float_op(ctx, op, scalars, n)?;
    let symbol = if p.ty == ScalarType::F32 {
        f32_fn
    } else {
        f64_fn
    };
    Ok(LibmPlan { op: p, symbol })
}

/// MLIR math.fpowi: a float base to a signed integer power, computed by the runtime helper
/// `symbol` (`weir_jit_fpowi[f]`, the exponent passed as an `i64`).
#[derive(Clone, Copy, Debug)]
pub struct FpowiPlan {
    /// The base.
    pub base: ValueId,
    /// The exponent.
    pub exponent: ValueId,
    /// The base's type and the result's, `f32` or `f64`.
    pub ty: ScalarType,
    /// The exponent's width (read signed).
    pub exponent_width: u32,
    /// The runtime helper called.
    pub symbol: &'static str,
}

/// MLIR math.fpowi: a float base and result of one type, an integer exponent.
pub fn fpowi(ctx: &Context, op: OpId, scalars: &Scalars<'_>) -> Result<FpowiPlan, Diagnostic> {
    counts(ctx, op, 2, 1)?;
    let (base, exponent) = (ctx.operand(op, 0), ctx.operand(op, 1));
    let ty = scalars.ty(ctx, op, base)?;
    scalars.float(ctx, op, ty)?;
    if scalars.ty(ctx, op, ctx.result(op, 0))? != ty {
        return Err(op_err(
            ctx,
            op,
            "requires the base and the result to have the same type",
        ));
    }
    let nt = scalars.ty(ctx, op, exponent)?;
    let exponent_width = scalars.int_width(ctx, op, nt)?;
    let symbol = if ty == ScalarType::F32 { FPOWIF } else { FPOWI };
    Ok(FpowiPlan {
        base,
        exponent,
        ty,
        exponent_width,
        symbol,
    })
}

/// MLIR math.ipowi: an integer base and exponent and the result of one type (the power
/// wraps at the width; 0 to a negative power is a fault, [`crate::backend::ipowi_zero_message`]).
pub fn ipowi(
    ctx: &Context,
    op: OpId,
    scalars: &Scalars<'_>,
) -> Result<IntPairPlan<()>, Diagnostic> {
    counts(ctx, op, 2, 1)?;
    let t = scalars.same_type(ctx, op)?;
    int_pair(ctx, op, scalars, (), t)
}

/// MLIR math.absi, math.ctlz, math.cttz, math.ctpop: the integer operand and its width, the
/// result of its type.
pub fn int_unary(
    ctx: &Context,
    op: OpId,
    scalars: &Scalars<'_>,
) -> Result<(ValueId, u32), Diagnostic> {
    counts(ctx, op, 1, 1)?;
    let t = scalars.same_type(ctx, op)?;
    Ok((ctx.operand(op, 0), scalars.int_width(ctx, op, t)?))
}

/// MLIR math.isnan, isinf, isfinite, isnormal: the class of a float read from its bits, so
/// every format is classified exactly as it is stored (`f16`/`bf16` too: widening an `f16`
/// subnormal to `f32` would make it normal). With `abs` the bits without the sign, a value is
/// NaN iff `abs > inf`, infinite iff `abs == inf`, finite iff `abs < inf`, and normal iff
/// `min_normal <= abs < inf` (IEEE 754 §3.4: the exponent field is all ones for inf and NaN,
/// zero for zeros and subnormals).
#[derive(Clone, Copy, Debug)]
pub struct FloatClassPlan {
    /// The operand.
    pub operand: ValueId,
    /// Its type.
    pub ty: ScalarType,
    /// The class tested.
    pub class: FloatClass,
    /// The width of the bits (16, 32 or 64).
    pub bits: u32,
    /// Every bit but the sign.
    pub abs_mask: u64,
    /// The bits of +inf.
    pub inf: u64,
    /// The bits of the smallest positive normal value.
    pub min_normal: u64,
}

/// The plan of `op`, a classification with a float operand and an `i1` result, else an error
/// at the op.
pub fn float_class(
    ctx: &Context,
    op: OpId,
    scalars: &Scalars<'_>,
) -> Result<FloatClassPlan, Diagnostic> {
    counts(ctx, op, 1, 1)?;
    let class = scalars
        .target
        .view(ctx, op, FloatClass::from_op_name(ctx.name_str(op)))?;
    let operand = ctx.operand(op, 0);
    let ty = scalars.ty(ctx, op, operand)?;
    if scalars.ty(ctx, op, ctx.result(op, 0))? != ScalarType::Int(1) {
        return Err(op_err(ctx, op, "requires an i1 result"));
    }
    // (total bits, significand bits stored)
    let (bits, mantissa) = match ty {
        ScalarType::F16 => (16, 10),
        ScalarType::BF16 => (16, 7),
        ScalarType::F32 => (32, 23),
        ScalarType::F64 => (64, 52),
        _ => {
            return Err(op_err(
                ctx,
                op,
                format!("requires a float operand, got {ty}"),
            ))
        }
    };
    let abs_mask = u64::MAX >> (65 - bits);
    let min_normal = 1u64 << mantissa;
    Ok(FloatClassPlan {
        operand,
        ty,
        class,
        bits,
        abs_mask,
        inf: abs_mask & !(min_normal - 1),
        min_normal,
    })
}
