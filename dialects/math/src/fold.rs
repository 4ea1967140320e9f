//! The math folders, with MLIR's conditions (`mlir/lib/Dialect/Math/IR/MathOps.cpp`): which ops
//! fold, for which formats, and which inputs are left to run time. Values come from
//! [`crate::semantics`]. Only scalar constants fold (Weir materializes no dense constants).

use crate::semantics::{absi, eval_float, ipowi, FloatFn};
use weir_dialect_arith::util::normalize_int;
use weir_ir::{Attr, AttrKind, Context, FloatKind, FoldResult, OpId};

/// Folds a float math op whose operands are all scalar constants, as MLIR does:
/// - `absf`, `floor`, `ceil`, `roundeven`, `copysign`: any float format (exact, APFloat);
/// - `sqrt`, `log`, `log2`: `f32`/`f64` operands whose sign bit is clear (so not `-0.0` or a
///   negative NaN); `log1p`: `f32`/`f64` with `x + 1` not negative;
/// - `atan2(±0, ±0)`: the default NaN in any format, else `f32`/`f64`;
/// - `trunc`, `exp`, `exp2`, `expm1`, `tanh`, `sin`, `cos`, `tan`, `atan`, `erf`, `powf`:
///   `f32`/`f64`.
///
/// `rsqrt`, `cbrt`, `fma` and `fpowi` have no folder (as upstream).
pub fn fold_float(ctx: &mut Context, op: OpId, consts: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let f = FloatFn::from_op_name(ctx.name_str(op))?;
    if consts.len() != f.arity() || ctx.operands(op).len() != f.arity() {
        return None;
    }
    let [r] = ctx.results(op) else {
        return None;
    };
    let ty = ctx.value_type(*r);
    let kind = ctx.float_kind(ty)?;
    let mut args = Vec::with_capacity(consts.len());
    for c in consts {
        match ctx.attr_kind((*c)?) {
            AttrKind::Float { bits, ty: t } if *t == ty => args.push(f64::from_bits(*bits)),
            _ => return None,
        }
    }
    let any_format = matches!(
        f,
        FloatFn::AbsF | FloatFn::Floor | FloatFn::Ceil | FloatFn::RoundEven | FloatFn::CopySign
    );
    let result = match f {
        // APFloat's default NaN: positive, quiet, no payload.
        FloatFn::Atan2 if args[0] == 0.0 && args[1] == 0.0 => f64::NAN,
        _ if !any_format && !matches!(kind, FloatKind::F32 | FloatKind::F64) => return None,
        FloatFn::Sqrt | FloatFn::Log | FloatFn::Log2 if args[0].is_sign_negative() => return None,
        FloatFn::Log1p if plus_one(args[0], kind).is_sign_negative() => return None,
        _ => eval_float(f, kind, &args)?,
    };
    Some(vec![FoldResult::Constant(ctx.float_attr(result, ty))])
}

/// `x + 1` rounded to `kind` (`f32` or `f64`).
fn plus_one(x: f64, kind: FloatKind) -> f64 {
    match kind {
        FloatKind::F32 => (x as f32 + 1.0) as f64,
        _ => x + 1.0,
    }
}

/// Folds `math.ipowi` and `math.absi` of scalar integer constants (`iN` up to 128 bits or
/// `index`), wrapping at the width; `ipowi` of 0 to a negative power is not folded (MLIR
/// `IPowIOp::fold`, `AbsIOp::fold`).
pub fn fold_int(ctx: &mut Context, op: OpId, consts: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let [r] = ctx.results(op) else {
        return None;
    };
    let ty = ctx.value_type(*r);
    if !ctx.is_signless_int_or_index(ty) || consts.len() != ctx.operands(op).len() {
        return None;
    }
    let width = ctx.int_width(ty)?;
    let mut bits = Vec::with_capacity(consts.len());
    for c in consts {
        bits.push(match ctx.attr_kind((*c)?) {
            AttrKind::Integer { value, ty: t } if *t == ty => *value as u128,
            AttrKind::Bool(b) if width == 1 => *b as u128,
            _ => return None,
        });
    }
    let result = match (ctx.name_str(op), bits.as_slice()) {
        ("math.ipowi", &[base, power]) => ipowi(base, power, width)?,
        ("math.absi", &[a]) => absi(a, width)?,
        _ => return None,
    };
    let value = normalize_int(result as i128, width);
    Some(vec![FoldResult::Constant(ctx.int_attr(value, ty))])
}
