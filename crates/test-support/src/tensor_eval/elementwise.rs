//! The scalar and elementwise ops: arith's integer and float arithmetic, comparisons,
//! `select` and casts, and math's float functions (MLIR's `ArithOps.td`/`MathOps.td`
//! descriptions), on scalars or element by element on same-shape tensors.

use super::{mask, result_elem, round, shape_text, signed, Elem, EvalResult, Evaluator, Scalar};
use super::{Tensor, Value};
use weir_dialect_arith::{
    CastOp, CmpFOp, CmpFPredicate, CmpIOp, CmpIPredicate, FloatBinaryOp, IntBinaryOp, SelectOp,
};
use weir_dialect_math::semantics::FloatFn;
use weir_ir::{op_error, FloatKind, OpId};

/// `arith.negf`: arith has no op enum or view for it.
const NEGF: &str = "arith.negf";

/// The results of `op` if it is an elementwise arith or math op.
pub(super) fn eval(ev: &Evaluator<'_>, op: OpId) -> EvalResult<Option<Vec<Value>>> {
    let ctx = ev.ctx;
    let r = if let Some(k) = IntBinaryOp::of(ctx, op) {
        elementwise(ev, op, |a| int_binary(k, a[0], a[1]))
    } else if let Some(k) = FloatBinaryOp::of(ctx, op) {
        elementwise(ev, op, |a| float_binary(k, a[0], a[1]))
    } else if let Some(c) = CmpIOp::of(ctx, op) {
        let p = c.predicate(ctx);
        elementwise(ev, op, |a| Ok(cmpi(p, a[0], a[1])))
    } else if let Some(c) = CmpFOp::of(ctx, op) {
        let p = c.predicate(ctx);
        elementwise(ev, op, |a| Ok(cmpf(p, a[0], a[1])))
    } else if SelectOp::of(ctx, op).is_some() {
        elementwise(ev, op, |a| {
            Ok(if bits(a[0]) & 1 == 1 { a[1].1 } else { a[2].1 })
        })
    } else if let Some(k) = CastOp::of(ctx, op) {
        let to = result_elem(ctx, op)?;
        elementwise(ev, op, |a| cast(k, a[0], to))
    } else if ctx.name_str(op) == NEGF {
        elementwise(ev, op, |a| Ok(Scalar::Float(-float(a[0]))))
    } else if let Some(f) = FloatFn::from_op_name(ctx.name_str(op)) {
        elementwise(ev, op, |a| Ok(math(f, a)))
    } else {
        return Ok(None);
    };
    r.map(Some)
}

/// Applies `f` to the operands of `op`, element by element when any operand is a tensor
/// (tensor operands must have one shape; a scalar operand, such as `arith.select`'s
/// condition, applies to every element); the result is wrapped or rounded to its type.
fn elementwise(
    ev: &Evaluator<'_>,
    op: OpId,
    f: impl Fn(&[(Elem, Scalar)]) -> Result<Scalar, String>,
) -> EvalResult<Vec<Value>> {
    let ctx = ev.ctx;
    let args = ev.get_all(op, ctx.operands(op))?;
    let out = result_elem(ctx, op)?;
    let mut shape: Option<&[u64]> = None;
    for a in &args {
        if let Value::Tensor(t) = a {
            match shape {
                Some(s) if s != t.shape.as_slice() => {
                    return Err(op_error(
                        ctx,
                        op,
                        format!(
                            "operand shapes differ at run time: {} vs {}",
                            shape_text(s),
                            shape_text(&t.shape)
                        ),
                    ))
                }
                _ => shape = Some(&t.shape),
            }
        }
    }
    let at = |i: usize| -> Vec<(Elem, Scalar)> {
        args.iter()
            .map(|a| match a {
                Value::Scalar(e, s) => (*e, *s),
                Value::Tensor(t) => (t.elem, t.data[i]),
            })
            .collect()
    };
    let apply = |i: usize| {
        f(&at(i))
            .map(|s| out.normalize(s))
            .map_err(|m| op_error(ctx, op, m))
    };
    let Some(shape) = shape else {
        return Ok(vec![Value::Scalar(out, apply(0)?)]);
    };
    let n = shape.iter().product::<u64>() as usize;
    let data = (0..n).map(apply).collect::<EvalResult<Vec<_>>>()?;
    Ok(vec![Value::tensor(Tensor {
        shape: shape.to_vec(),
        elem: out,
        data,
    })])
}

/// An integer's bits (0 for a float, which the verifier rules out where bits are read).
fn bits(a: (Elem, Scalar)) -> u128 {
    match a.1 {
        Scalar::Int(b) => b,
        Scalar::Float(_) => 0,
    }
}

/// A float's value (0 for an integer, which the verifier rules out where floats are read).
fn float(a: (Elem, Scalar)) -> f64 {
    match a.1 {
        Scalar::Float(f) => f,
        Scalar::Int(_) => 0.0,
    }
}

/// The float format of `a` (f32 for a non-float, which the verifier rules out).
fn kind(a: (Elem, Scalar)) -> FloatKind {
    match a.0 {
        Elem::Float(k) => k,
        _ => FloatKind::F32,
    }
}

/// `$body` computed on the `f64` variables `$x` in the precision of format `$k`: `f64` as is,
/// the others in `f32` and rounded back to `$k`.
macro_rules! in_precision {
    ($k:expr, |$($x:ident),+| $body:expr) => {
        match $k {
            FloatKind::F64 => $body,
            k => {
                $(let $x = $x as f32;)+
                round(k, ($body) as f64)
            }
        }
    };
}

/// An arith integer binary op on `w`-bit operands (MLIR's semantics; the cases MLIR calls
/// undefined behaviour or poison (division by zero, signed division overflow, a shift by the
/// width or more) are errors).
fn int_binary(k: IntBinaryOp, a: (Elem, Scalar), b: (Elem, Scalar)) -> Result<Scalar, String> {
    use IntBinaryOp::*;
    let w = a.0.int_width().unwrap_or(64);
    let (x, y) = (bits(a), bits(b));
    let (sx, sy) = (signed(x, w), signed(y, w));
    let min = -(1i128 << (w - 1));
    if k.is_division() && y == 0 {
        return Err("divides by zero".into());
    }
    if matches!(k, DivS | CeilDivS | FloorDivS) && sx == min && sy == -1 {
        return Err("overflows a signed division".into());
    }
    if matches!(k, Shl | ShrS | ShrU) && y >= w as u128 {
        return Err(format!("shifts by {y}, not less than the width {w}"));
    }
    let s = |v: i128| v as u128;
    let r = match k {
        Add => x.wrapping_add(y),
        Sub => x.wrapping_sub(y),
        Mul => x.wrapping_mul(y),
        DivS => s(sx / sy),
        DivU => x / y,
        RemS => s(sx % sy),
        RemU => x % y,
        And => x & y,
        Or => x | y,
        Xor => x ^ y,
        Shl => x << y,
        ShrS => s(sx >> y),
        ShrU => x >> y,
        MaxS => s(sx.max(sy)),
        MaxU => x.max(y),
        MinS => s(sx.min(sy)),
        MinU => x.min(y),
        CeilDivS => {
            let q = sx / sy;
            s(if sx % sy != 0 && (sx < 0) == (sy < 0) {
                q + 1
            } else {
                q
            })
        }
        CeilDivU => x / y + u128::from(x % y != 0),
        FloorDivS => {
            let q = sx / sy;
            s(if sx % sy != 0 && (sx < 0) != (sy < 0) {
                q - 1
            } else {
                q
            })
        }
    };
    Ok(Scalar::Int(r & mask(w)))
}

/// An arith float binary op (IEEE 754 in the operands' format).
fn float_binary(k: FloatBinaryOp, a: (Elem, Scalar), b: (Elem, Scalar)) -> Result<Scalar, String> {
    use FloatBinaryOp::*;
    let (x, y) = (float(a), float(b));
    let nan = x.is_nan() || y.is_nan();
    let r = match k {
        Add => in_precision!(kind(a), |x, y| x + y),
        Sub => in_precision!(kind(a), |x, y| x - y),
        Mul => in_precision!(kind(a), |x, y| x * y),
        Div => in_precision!(kind(a), |x, y| x / y),
        Rem => in_precision!(kind(a), |x, y| x % y),
        // IEEE 754-2019 maximum/minimum: NaN wins, -0 < +0.
        Maximum | Minimum if nan => f64::NAN,
        Maximum if x == y => {
            if x.is_sign_negative() {
                y
            } else {
                x
            }
        }
        Minimum if x == y => {
            if x.is_sign_negative() {
                x
            } else {
                y
            }
        }
        Maximum => x.max(y),
        Minimum => x.min(y),
        // IEEE 754-2008 maxNum/minNum: a NaN operand gives the other one.
        MaxNum => x.max(y),
        MinNum => x.min(y),
    };
    Ok(Scalar::Float(r))
}

/// `arith.cmpi` on two integers of one width: `i1` 0 or 1.
fn cmpi(p: CmpIPredicate, a: (Elem, Scalar), b: (Elem, Scalar)) -> Scalar {
    use CmpIPredicate::*;
    let w = a.0.int_width().unwrap_or(64);
    let (x, y) = (bits(a), bits(b));
    let (sx, sy) = (signed(x, w), signed(y, w));
    let r = match p {
        Eq => x == y,
        Ne => x != y,
        Slt => sx < sy,
        Sle => sx <= sy,
        Sgt => sx > sy,
        Sge => sx >= sy,
        Ult => x < y,
        Ule => x <= y,
        Ugt => x > y,
        Uge => x >= y,
    };
    Scalar::Int(r as u128)
}

/// `arith.cmpf`: ordered predicates are false on NaN, unordered ones true.
fn cmpf(p: CmpFPredicate, a: (Elem, Scalar), b: (Elem, Scalar)) -> Scalar {
    use CmpFPredicate::*;
    let (x, y) = (float(a), float(b));
    let uno = x.is_nan() || y.is_nan();
    let r = match p {
        AlwaysFalse => false,
        Oeq => !uno && x == y,
        Ogt => !uno && x > y,
        Oge => !uno && x >= y,
        Olt => !uno && x < y,
        Ole => !uno && x <= y,
        One => !uno && x != y,
        Ord => !uno,
        Ueq => uno || x == y,
        Ugt => uno || x > y,
        Uge => uno || x >= y,
        Ult => uno || x < y,
        Ule => uno || x <= y,
        Une => uno || x != y,
        Uno => uno,
        AlwaysTrue => true,
    };
    Scalar::Int(r as u128)
}

/// An arith cast of `a` to element type `to` (the result is normalized by the caller). A
/// float to integer cast of a value that does not fit (or NaN) is an error (MLIR: poison).
fn cast(k: CastOp, a: (Elem, Scalar), to: Elem) -> Result<Scalar, String> {
    use CastOp::*;
    let w = a.0.int_width().unwrap_or(64);
    let int_to_float = |v: i128| match to {
        Elem::Float(FloatKind::F32) => v as f32 as f64,
        Elem::Float(k) => round(k, v as f64),
        _ => v as f64,
    };
    Ok(match k {
        IndexCast | ExtSI => Scalar::Int(signed(bits(a), w) as u128),
        IndexCastUI | ExtUI | TruncI => Scalar::Int(bits(a)),
        SIToFP => Scalar::Float(int_to_float(signed(bits(a), w))),
        UIToFP => Scalar::Float(int_to_float(bits(a) as i128)),
        FPToSI | FPToUI => {
            let t = float(a).trunc();
            let tw = to.int_width().unwrap_or(64) as i32;
            let (lo, hi) = if k == FPToSI {
                (-(2f64.powi(tw - 1)), 2f64.powi(tw - 1))
            } else {
                (0.0, 2f64.powi(tw))
            };
            if !(t >= lo && t < hi) {
                return Err(format!(
                    "casts {} to a {tw}-bit integer that cannot hold it",
                    float(a)
                ));
            }
            Scalar::Int(t as i128 as u128)
        }
        ExtF | TruncF => Scalar::Float(float(a)),
        Bitcast => match (a.1, to) {
            (Scalar::Int(b), Elem::Float(k)) => Scalar::Float(match k {
                FloatKind::F16 => half::f16::from_bits(b as u16).to_f64(),
                FloatKind::BF16 => half::bf16::from_bits(b as u16).to_f64(),
                FloatKind::F32 => f32::from_bits(b as u32) as f64,
                FloatKind::F64 => f64::from_bits(b as u64),
            }),
            (Scalar::Float(f), Elem::Int(_) | Elem::Index) => Scalar::Int(match kind(a) {
                FloatKind::F16 => weir_ir::dense::f16_from_f64(f).to_bits() as u128,
                FloatKind::BF16 => weir_ir::dense::bf16_from_f64(f).to_bits() as u128,
                FloatKind::F32 => (f as f32).to_bits() as u128,
                FloatKind::F64 => f.to_bits() as u128,
            }),
            (s, _) => s,
        },
    })
}

/// A math float function of the operands (in their format's precision).
fn math(f: FloatFn, a: &[(Elem, Scalar)]) -> Scalar {
    use FloatFn::*;
    let k = kind(a[0]);
    let x = float(a[0]);
    let y = a.get(1).map_or(0.0, |&b| float(b));
    Scalar::Float(match f {
        AbsF => x.abs(),
        Floor => x.floor(),
        Ceil => x.ceil(),
        Trunc => x.trunc(),
        RoundEven => x.round_ties_even(),
        Round => x.round(),
        CopySign => x.copysign(y),
        Sqrt => in_precision!(k, |x| x.sqrt()),
        Exp => in_precision!(k, |x| x.exp()),
        Exp2 => in_precision!(k, |x| x.exp2()),
        ExpM1 => in_precision!(k, |x| x.exp_m1()),
        Log => in_precision!(k, |x| x.ln()),
        Log2 => in_precision!(k, |x| x.log2()),
        Log1p => in_precision!(k, |x| x.ln_1p()),
        Tanh => in_precision!(k, |x| x.tanh()),
        Sin => in_precision!(k, |x| x.sin()),
        Cos => in_precision!(k, |x| x.cos()),
        Tan => in_precision!(k, |x| x.tan()),
        Atan => in_precision!(k, |x| x.atan()),
        Log10 => in_precision!(k, |x| x.log10()),
        Sinh => in_precision!(k, |x| x.sinh()),
        Cosh => in_precision!(k, |x| x.cosh()),
        Asin => in_precision!(k, |x| x.asin()),
        Acos => in_precision!(k, |x| x.acos()),
        Atan2 => in_precision!(k, |x, y| x.atan2(y)),
        PowF => in_precision!(k, |x, y| x.powf(y)),
        Erf if k == FloatKind::F64 => libm::erf(x),
        Erf => round(k, libm::erff(x as f32) as f64),
    })
}
