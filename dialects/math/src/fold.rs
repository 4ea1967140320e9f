//! The math folders, with MLIR's conditions (`mlir/lib/Dialect/Math/IR/MathOps.cpp`): which ops
//! fold, for which formats, and which inputs are left to run time. Values come from
//! [`crate::semantics`]. Scalar constants fold, and `dense<...>` constants elementwise (one
//! value for a splat).

use crate::semantics::{absi, eval_float, ipowi, BitCount, FloatClass, FloatFn};
use weir_dialect_arith::util::{element_type, normalize_int};
use weir_ir::{Attr, AttrKind, Context, DenseValue, FloatKind, FoldResult, OpId};

/// Folds a float math op whose operands are all scalar constants, as MLIR does:
/// - `absf`, `floor`, `ceil`, `roundeven`, `copysign`: any float format (exact, APFloat);
/// - `sqrt`, `log`, `log2`, `log10`: `f32`/`f64` operands whose sign bit is clear (so not `-0.0` or a
///   negative NaN); `log1p`: `f32`/`f64` with `x + 1` not negative;
/// - `trunc`, `round`, `exp`, `exp2`, `expm1`, `tanh`, `sinh`, `cosh`, `sin`, `cos`, `tan`, `asin`,
///   `acos`, `atan`, `atan2`, `erf`, `powf`: `f32`/`f64`.
///
/// One divergence from upstream, on purpose: MLIR 22 folds `atan2(±0, ±0)` to NaN in any
/// format, but the program computes C's `atan2` (C11 F.10.1.4, IEEE 754 §9.2.1: `±0` for a
/// `+0` second operand, `±pi` for `-0`), as the backends and NumPy do; folding must not change
/// the value, so these fold to C's value in `f32`/`f64` like every other `atan2`
/// (docs/mlir-bridge.md, lit-tests/canonicalize/math-atan2-zeros.mlir).
///
/// `rsqrt`, `cbrt`, `fma` and `fpowi` have no folder (as upstream); `asinh`, `acosh`, `atanh`
/// and `erfc` none either (upstream folds them: see [`FloatFn`]).
pub fn fold_float(ctx: &mut Context, op: OpId, consts: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let f = FloatFn::from_op_name(ctx.name_str(op))?;
    if consts.len() != f.arity() || ctx.operands(op).len() != f.arity() || f.arity() > 2 {
        return None;
    }
    let [r] = ctx.results(op) else {
        return None;
    };
    let ty = ctx.value_type(*r);
    let elem = element_type(ctx, ty);
    let kind = ctx.float_kind(elem)?;
    let attrs: Vec<Attr> = consts.iter().copied().collect::<Option<_>>()?;
    if elem != ty {
        // Dense operands of the result type, elementwise (MLIR's constFoldUnaryOp/BinaryOp).
        let dense_of_ty = |a: &Attr| ctx.dense_elements(*a).is_some_and(|d| d.ty() == ty);
        if !attrs.iter().all(dense_of_ty) {
            return None;
        }
        let folded = ctx.dense_map(&attrs, ty, |_, v| {
            let mut args = [0.0; 2];
            for (slot, x) in args.iter_mut().zip(v) {
                *slot = match x {
                    DenseValue::Float(b) => f64::from_bits(*b),
                    DenseValue::Int(_) => return None,
                };
            }
            float_value(f, kind, &args[..v.len()]).map(|r| DenseValue::Float(r.to_bits()))
        });
        return Some(vec![FoldResult::Constant(folded?)]);
    }
    let mut args = Vec::with_capacity(attrs.len());
    for a in attrs {
        match ctx.attr_kind(a) {
            AttrKind::Float { bits, ty: t } if *t == ty => args.push(f64::from_bits(*bits)),
            _ => return None,
        }
    }
    let result = float_value(f, kind, &args)?;
    Some(vec![FoldResult::Constant(ctx.float_attr(result, ty))])
}

/// `f` of the values `args` in format `kind`, where MLIR folds it (the rules of
/// [`fold_float`]).
fn float_value(f: FloatFn, kind: FloatKind, args: &[f64]) -> Option<f64> {
    let any_format = matches!(
        f,
        FloatFn::AbsF | FloatFn::Floor | FloatFn::Ceil | FloatFn::RoundEven | FloatFn::CopySign
    );
    Some(match f {
        _ if !any_format && !matches!(kind, FloatKind::F32 | FloatKind::F64) => return None,
        FloatFn::Sqrt | FloatFn::Log | FloatFn::Log2 | FloatFn::Log10
            if args[0].is_sign_negative() =>
        {
            return None
        }
        FloatFn::Log1p if plus_one(args[0], kind).is_sign_negative() => return None,
        _ => eval_float(f, kind, args)?,
    })
}

/// `x + 1` rounded to `kind` (`f32` or `f64`).
fn plus_one(x: f64, kind: FloatKind) -> f64 {
    match kind {
        FloatKind::F32 => (x as f32 + 1.0) as f64,
        _ => x + 1.0,
    }
}

/// Folds `math.ipowi`, `math.absi`, `math.ctlz`, `math.cttz` and `math.ctpop` of integer
/// constants (`iN` up to 128 bits or `index`), wrapping at the width; `ipowi` of 0 to a
/// negative power is not folded (MLIR `IPowIOp::fold`, `AbsIOp::fold`,
/// `CountLeadingZerosOp::fold`, ...: the count of 0 is the width).
pub fn fold_int(ctx: &mut Context, op: OpId, consts: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let [r] = ctx.results(op) else {
        return None;
    };
    let ty = ctx.value_type(*r);
    let elem = element_type(ctx, ty);
    if !ctx.is_signless_int_or_index(elem) || consts.len() != ctx.operands(op).len() {
        return None;
    }
    let width = ctx.int_width(elem)?;
    let name = ctx.name_str(op);
    let count = BitCount::from_op_name(name);
    if count.is_none() && !matches!(name, "math.ipowi" | "math.absi") {
        return None;
    }
    let eval = |bits: &[u128]| {
        let result = match (count, bits) {
            (Some(c), &[a]) => c.eval(a, width)?,
            (None, &[base, power]) => ipowi(base, power, width)?,
            (None, &[a]) => absi(a, width)?,
            _ => return None,
        };
        Some(normalize_int(result as i128, width))
    };
    let attrs: Vec<Attr> = consts.iter().copied().collect::<Option<_>>()?;
    if elem != ty {
        // Dense operands of the result type, elementwise (MLIR's constFoldUnaryOp/BinaryOp).
        if attrs.len() > 2
            || !attrs
                .iter()
                .all(|a| ctx.dense_elements(*a).is_some_and(|d| d.ty() == ty))
        {
            return None;
        }
        let each = |_: &Context, v: &[DenseValue]| {
            let mut bits = [0u128; 2];
            for (slot, x) in bits.iter_mut().zip(v) {
                *slot = match x {
                    DenseValue::Int(i) => *i as u128,
                    DenseValue::Float(_) => return None,
                };
            }
            eval(&bits[..v.len()]).map(DenseValue::Int)
        };
        return Some(vec![FoldResult::Constant(ctx.dense_map(&attrs, ty, each)?)]);
    }
    let mut bits = Vec::with_capacity(attrs.len());
    for a in attrs {
        bits.push(match ctx.attr_kind(a) {
            AttrKind::Integer { value, ty: t } if *t == ty => *value as u128,
            AttrKind::Bool(b) if width == 1 => *b as u128,
            _ => return None,
        });
    }
    let value = eval(&bits)?;
    Some(vec![FoldResult::Constant(ctx.int_attr(value, ty))])
}

/// Folds `math.isnan`, `math.isinf`, `math.isfinite` and `math.isnormal` of a float constant
/// (any format) to `i1`, as MLIR 22's `--canonicalize` does: a scalar, or a splat `dense<...>`
/// to a splat of the result type (`isnan` of a NaN folds to `true`, its `isinf`/`isfinite`/
/// `isnormal` to `false`); like upstream, a `dense<...>` of different elements is left to run
/// time.
pub fn fold_class(ctx: &mut Context, op: OpId, consts: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let class = FloatClass::from_op_name(ctx.name_str(op))?;
    let (&[Some(a)], &[v], &[r]) = (consts, ctx.operands(op), ctx.results(op)) else {
        return None;
    };
    let (ty, result) = (ctx.value_type(v), ctx.value_type(r));
    let kind = ctx.float_kind(element_type(ctx, ty))?;
    if let Some(d) = ctx.dense_elements(a) {
        if d.ty() != ty || !d.is_splat() {
            return None;
        }
        let folded = ctx.dense_map(&[a], result, |_, v| match v {
            [DenseValue::Float(b)] => Some(DenseValue::Int(
                class.holds(f64::from_bits(*b), kind).into(),
            )),
            _ => None,
        })?;
        return Some(vec![FoldResult::Constant(folded)]);
    }
    let x = match ctx.attr_kind(a) {
        AttrKind::Float { bits, ty: t } if *t == ty => f64::from_bits(*bits),
        _ => return None,
    };
    Some(vec![FoldResult::Constant(
        ctx.int_attr(class.holds(x, kind).into(), result),
    )])
}
