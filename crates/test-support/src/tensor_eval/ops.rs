//! The evaluator's per-op dispatch ([`eval_op`]) and the semantics of the scalar and
//! elementwise ops (arith, math: MLIR's `ArithOps.td`/`MathOps.td` descriptions), the tensor
//! ops (MLIR `TensorOps.td`) and the linalg ops (MLIR's `LinalgOps`/`LinalgStructuredOps`: a
//! structured op is a loop nest over its iteration domain, each operand read at its indexing
//! map, the body run once per point).

use super::{mask, round, signed, Elem, EvalResult, Evaluator, Scalar, Tensor, Value};
use std::rc::Rc;
use weir_dialect_arith::{
    CastOp, CmpFOp, CmpFPredicate, CmpIOp, CmpIPredicate, ConstantOp, FloatBinaryOp, IntBinaryOp,
    SelectOp,
};
use weir_dialect_linalg::{IndexOp, StructuredOp};
use weir_dialect_math::semantics::FloatFn;
use weir_dialect_tensor as tensor;
use weir_ir::affine::{AffineBinOp, AffineExpr};
use weir_ir::{op_error, Attr, AttrKind, Context, DenseValue, FloatKind, OpId, Type, TypeKind};

/// `arith.negf`: arith has no op enum or view for it.
const NEGF: &str = "arith.negf";

/// Evaluates `op` and binds its results. Terminators are no-ops: the op that owns their
/// region reads what they pass on. To add an op: one arm below, reading the op through its
/// dialect's view.
pub(super) fn eval_op(ev: &mut Evaluator<'_>, op: OpId) -> EvalResult<()> {
    let ctx = ev.ctx;
    if weir_dialect_scf::YieldOp::of(ctx, op).is_some()
        || weir_dialect_scf::ConditionOp::of(ctx, op).is_some()
        || weir_dialect_weir::YieldOp::of(ctx, op).is_some()
        || weir_dialect_func::ReturnOp::of(ctx, op).is_some()
        || weir_dialect_linalg::YieldOp::of(ctx, op).is_some()
    {
        return Ok(());
    }
    let results = match ev.control(op)? {
        Some(r) => r,
        None => compute(ev, op)?,
    };
    ev.bind(ctx.results(op), results);
    Ok(())
}

/// The results of a non-control-flow op.
fn compute(ev: &mut Evaluator<'_>, op: OpId) -> EvalResult<Vec<Value>> {
    let ctx = ev.ctx;
    let err = |m: String| op_error(ctx, op, m);
    if let Some(c) = ConstantOp::of(ctx, op) {
        return constant(ctx, c.value(ctx), ctx.value_type(c.result(ctx)))
            .map(|v| vec![v])
            .ok_or_else(|| err("has a constant the evaluator does not read".into()));
    }
    if let Some(k) = IntBinaryOp::of(ctx, op) {
        return elementwise(ev, op, |a| int_binary(k, a[0], a[1]));
    }
    if let Some(k) = FloatBinaryOp::of(ctx, op) {
        return elementwise(ev, op, |a| float_binary(k, a[0], a[1]));
    }
    if let Some(c) = CmpIOp::of(ctx, op) {
        let p = c.predicate(ctx);
        return elementwise(ev, op, |a| Ok(cmpi(p, a[0], a[1])));
    }
    if let Some(c) = CmpFOp::of(ctx, op) {
        let p = c.predicate(ctx);
        return elementwise(ev, op, |a| Ok(cmpf(p, a[0], a[1])));
    }
    if SelectOp::of(ctx, op).is_some() {
        return elementwise(ev, op, |a| {
            Ok(if bits(a[0]) & 1 == 1 { a[1].1 } else { a[2].1 })
        });
    }
    if let Some(k) = CastOp::of(ctx, op) {
        let to = result_elem(ctx, op)?;
        return elementwise(ev, op, |a| cast(k, a[0], to));
    }
    if ctx.name_str(op) == NEGF {
        return elementwise(ev, op, |a| Ok(Scalar::Float(-float(a[0]))));
    }
    if let Some(f) = FloatFn::from_op_name(ctx.name_str(op)) {
        return elementwise(ev, op, |a| Ok(math(f, a)));
    }
    if let Some(t) = tensor_op(ev, op)? {
        return Ok(vec![t]);
    }
    if let Some(s) = StructuredOp::of_any(ctx, op) {
        return structured(ev, s);
    }
    if let Some(i) = IndexOp::of(ctx, op) {
        let point = ev
            .points
            .last()
            .ok_or_else(|| err("is outside a linalg op".into()))?;
        let x = point[i.dim(ctx) as usize];
        return Ok(vec![Value::int(Elem::Index, x as i64)]);
    }
    Err(err("is not supported by the tensor evaluator".into()))
}

// ----------------------------------------------------------------------------- constants

/// The value of the constant `attr` of type `ty`: an integer, float, bool or `dense<...>`.
fn constant(ctx: &Context, attr: Attr, ty: Type) -> Option<Value> {
    let elem = Elem::of(ctx, ty)?;
    let scalar = match ctx.attr_kind(attr) {
        AttrKind::Integer { value, .. } => Scalar::Int(*value as u128),
        AttrKind::Float { bits, .. } => Scalar::Float(f64::from_bits(*bits)),
        AttrKind::Bool(b) => Scalar::Int(*b as u128),
        AttrKind::Dense { .. } => {
            let shape = static_shape(ctx, ty)?;
            let data = dense_elements(ctx, attr, elem, shape.iter().product::<u64>() as usize)?;
            return Some(Value::tensor(Tensor { shape, elem, data }));
        }
        _ => return None,
    };
    Some(Value::Scalar(elem, elem.normalize(scalar)))
}

/// The `n` elements of the `dense<...>` attribute `attr` with element type `elem`, a splat
/// repeated; `None` if it is not a dense attribute of `n` elements. The one place
/// that reads the storage of `AttrKind::Dense`.
fn dense_elements(ctx: &Context, attr: Attr, elem: Elem, n: usize) -> Option<Vec<Scalar>> {
    let d = ctx.dense_elements(attr)?;
    if d.len() != n as u64 {
        return None;
    }
    Some(
        d.iter()
            .map(|v| {
                elem.normalize(match v {
                    DenseValue::Int(i) => Scalar::Int(i as u128),
                    DenseValue::Float(b) => Scalar::Float(f64::from_bits(b)),
                })
            })
            .collect(),
    )
}

// ----------------------------------------------------------------------------- elementwise

/// The element type of `op`'s first result.
fn result_elem(ctx: &Context, op: OpId) -> EvalResult<Elem> {
    Elem::of(ctx, ctx.value_type(ctx.result(op, 0)))
        .ok_or_else(|| op_error(ctx, op, "has a result type the evaluator does not compute"))
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

/// A shape written `(2, 3)`, as the shape diagnostics write it.
pub fn shape_text(s: &[u64]) -> String {
    let parts: Vec<String> = s.iter().map(u64::to_string).collect();
    format!("({})", parts.join(", "))
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
                FloatKind::F16 => half::f16::from_f64(f).to_bits() as u128,
                FloatKind::BF16 => half::bf16::from_f64(f).to_bits() as u128,
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
        Atan2 => in_precision!(k, |x, y| x.atan2(y)),
        PowF => in_precision!(k, |x, y| x.powf(y)),
        Erf if k == FloatKind::F64 => libm::erf(x),
        Erf => round(k, libm::erff(x as f32) as f64),
    })
}

// ----------------------------------------------------------------------------- tensor ops

/// The static shape of the ranked tensor type `ty`, if every size is known.
fn static_shape(ctx: &Context, ty: Type) -> Option<Vec<u64>> {
    match ctx.type_kind(ty) {
        TypeKind::Tensor { shape: Some(s), .. } => s.iter().copied().collect(),
        _ => None,
    }
}

/// The shape of `op`'s result of type `ty` (a ranked tensor) with its `?` sizes taken from
/// the `index` operands `dynamic`, in order.
fn result_shape(
    ev: &Evaluator<'_>,
    op: OpId,
    ty: Type,
    dynamic: &[weir_ir::ValueId],
) -> EvalResult<Vec<u64>> {
    let ctx = ev.ctx;
    let TypeKind::Tensor {
        shape: Some(dims), ..
    } = ctx.type_kind(ty)
    else {
        return Err(op_error(ctx, op, "has an unranked result"));
    };
    let mut sizes = dynamic.iter();
    dims.iter()
        .map(|d| match d {
            Some(n) => Ok(*n),
            None => {
                let v = sizes
                    .next()
                    .ok_or_else(|| op_error(ctx, op, "lacks a dynamic size"))?;
                ev.index(op, *v)
            }
        })
        .collect()
}

impl Evaluator<'_> {
    /// The `index` operand `v` as a non-negative number (a negative index or size is an error).
    fn index(&self, op: OpId, v: weir_ir::ValueId) -> EvalResult<u64> {
        let x = self.int(op, v)?;
        u64::try_from(x)
            .map_err(|_| op_error(self.ctx, op, format!("has a negative index or size {x}")))
    }

    /// The tensor operand `v`.
    fn tensor(&self, op: OpId, v: weir_ir::ValueId) -> EvalResult<Rc<Tensor>> {
        match self.get(op, v)? {
            Value::Tensor(t) => Ok(t),
            Value::Scalar(..) => Err(op_error(self.ctx, op, "expects a tensor operand")),
        }
    }

    /// The row-major position in `t` of the `index` operands `indices`, or an
    /// out-of-bounds error.
    fn position(&self, op: OpId, t: &Tensor, indices: &[weir_ir::ValueId]) -> EvalResult<usize> {
        let idx = indices
            .iter()
            .map(|&v| self.index(op, v))
            .collect::<EvalResult<Vec<_>>>()?;
        t.offset(&idx).ok_or_else(|| {
            op_error(
                self.ctx,
                op,
                format!(
                    "index {} is out of bounds of a tensor of shape {}",
                    shape_text(&idx),
                    shape_text(&t.shape)
                ),
            )
        })
    }
}

/// The value of a tensor-dialect op, `None` if `op` is not one.
fn tensor_op(ev: &Evaluator<'_>, op: OpId) -> EvalResult<Option<Value>> {
    let ctx = ev.ctx;
    let err = |m: String| op_error(ctx, op, m);
    let res_ty = |v| ctx.value_type(v);
    let v = if let Some(e) = tensor::EmptyOp::of(ctx, op) {
        // The contents of tensor.empty are unspecified; the evaluator fills zeros.
        let ty = res_ty(e.result(ctx));
        let elem = result_elem(ctx, op)?;
        Tensor::filled(
            result_shape(ev, op, ty, e.dynamic_sizes(ctx))?,
            elem,
            elem.zero(),
        )
    } else if let Some(s) = tensor::SplatOp::of(ctx, op) {
        let ty = res_ty(s.result(ctx));
        let Value::Scalar(elem, x) = ev.get(op, s.input(ctx))? else {
            return Err(err("expects a scalar input".into()));
        };
        Tensor::filled(result_shape(ev, op, ty, s.dynamic_sizes(ctx))?, elem, x)
    } else if let Some(f) = tensor::FromElementsOp::of(ctx, op) {
        let shape = result_shape(ev, op, res_ty(f.result(ctx)), &[])?;
        let data = ev
            .get_all(op, f.elements(ctx))?
            .into_iter()
            .map(|x| match x {
                Value::Scalar(_, s) => Ok(s),
                Value::Tensor(_) => Err(err("expects scalar elements".into())),
            })
            .collect::<EvalResult<Vec<_>>>()?;
        Tensor {
            shape,
            elem: result_elem(ctx, op)?,
            data,
        }
    } else if let Some(x) = tensor::ExtractOp::of(ctx, op) {
        let t = ev.tensor(op, x.tensor(ctx))?;
        let at = ev.position(op, &t, x.indices(ctx))?;
        return Ok(Some(Value::Scalar(t.elem, t.data[at])));
    } else if let Some(i) = tensor::InsertOp::of(ctx, op) {
        let t = ev.tensor(op, i.dest(ctx))?;
        let at = ev.position(op, &t, i.indices(ctx))?;
        let Value::Scalar(_, x) = ev.get(op, i.scalar(ctx))? else {
            return Err(err("expects a scalar to insert".into()));
        };
        let mut t = Rc::unwrap_or_clone(t);
        t.data[at] = x;
        t
    } else if let Some(d) = tensor::DimOp::of(ctx, op) {
        let t = ev.tensor(op, d.source(ctx))?;
        let i = ev.index(op, d.index(ctx))?;
        let n = t.shape.get(i as usize).ok_or_else(|| {
            err(format!(
                "asks for dimension {i} of a tensor of rank {}",
                t.shape.len()
            ))
        })?;
        return Ok(Some(Value::int(Elem::Index, *n as i64)));
    } else if let Some(r) = tensor::RankOp::of(ctx, op) {
        let t = ev.tensor(op, r.source(ctx))?;
        return Ok(Some(Value::int(Elem::Index, t.shape.len() as i64)));
    } else if let Some(c) = tensor::CastOp::of(ctx, op) {
        let t = ev.tensor(op, c.source(ctx))?;
        if let TypeKind::Tensor {
            shape: Some(dims), ..
        } = ctx.type_kind(c.dest_type(ctx))
        {
            let fits = dims.len() == t.shape.len()
                && dims
                    .iter()
                    .zip(&t.shape)
                    .all(|(d, &n)| d.is_none_or(|d| d == n));
            if !fits {
                return Err(err(format!(
                    "casts a tensor of shape {} to the incompatible type {}",
                    shape_text(&t.shape),
                    weir_syntax::type_to_string(ctx, c.dest_type(ctx))
                )));
            }
        }
        return Ok(Some(Value::Tensor(t)));
    } else if let Some(c) = tensor::ConcatOp::of(ctx, op) {
        concat(ev, op, c)?
    } else if let Some(x) = tensor::ExpandShapeOp::of(ctx, op) {
        let t = ev.tensor(op, x.src(ctx))?;
        let shape = x
            .output_shape(ctx)
            .into_iter()
            .map(|s| s.or_else(|v| ev.index(op, v)))
            .collect::<EvalResult<Vec<_>>>()?;
        for (group, &n) in x.reassociation(ctx).iter().zip(&t.shape) {
            let m: u64 = group.iter().map(|&g| shape[g]).product();
            if m != n {
                return Err(err(format!(
                    "expands a dimension of size {n} into sizes whose product is {m}"
                )));
            }
        }
        Tensor {
            shape,
            ..Rc::unwrap_or_clone(t)
        }
    } else if let Some(c) = tensor::CollapseShapeOp::of(ctx, op) {
        let t = ev.tensor(op, c.src(ctx))?;
        let shape = c
            .reassociation(ctx)
            .iter()
            .map(|group| group.iter().map(|&g| t.shape[g]).product())
            .collect();
        Tensor {
            shape,
            ..Rc::unwrap_or_clone(t)
        }
    } else {
        return Ok(None);
    };
    Ok(Some(Value::tensor(v)))
}

/// `tensor.concat`: the inputs one after the other along `dim`; the other sizes must agree.
fn concat(ev: &Evaluator<'_>, op: OpId, c: tensor::ConcatOp) -> EvalResult<Tensor> {
    let ctx = ev.ctx;
    let dim = c.dim(ctx) as usize;
    let inputs = c
        .inputs(ctx)
        .iter()
        .map(|&v| ev.tensor(op, v))
        .collect::<EvalResult<Vec<_>>>()?;
    let first = &inputs[0];
    let mut shape = first.shape.clone();
    shape[dim] = 0;
    for t in &inputs {
        let same = t.shape.len() == shape.len()
            && t.shape
                .iter()
                .enumerate()
                .all(|(i, &n)| i == dim || n == shape[i]);
        if !same {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "concatenates shapes {} and {} along dimension {dim}",
                    shape_text(&first.shape),
                    shape_text(&t.shape)
                ),
            ));
        }
        shape[dim] += t.shape[dim];
    }
    // Row-major: each input contributes a run of `shape[dim..]` elements per outer index.
    let outer: u64 = shape[..dim].iter().product();
    let inner: u64 = shape[dim + 1..].iter().product();
    let mut data = Vec::with_capacity((outer * shape[dim] * inner) as usize);
    for o in 0..outer as usize {
        for t in &inputs {
            let run = (t.shape[dim] * inner) as usize;
            data.extend_from_slice(&t.data[o * run..(o + 1) * run]);
        }
    }
    Ok(Tensor {
        shape,
        elem: first.elem,
        data,
    })
}

// ----------------------------------------------------------------------------- linalg

/// The value of the affine expression `e` at the loop point `dims`, or `None` when it is
/// negative, divides by zero or uses a symbol.
fn affine(e: &AffineExpr, dims: &[u64]) -> Option<i64> {
    Some(match e {
        AffineExpr::Dim(d) => *dims.get(*d as usize)? as i64,
        AffineExpr::Symbol(_) => return None,
        AffineExpr::Constant(c) => *c,
        AffineExpr::Binary { op, lhs, rhs } => {
            let (a, b) = (affine(lhs, dims)?, affine(rhs, dims)?);
            match op {
                AffineBinOp::Add => a.checked_add(b)?,
                AffineBinOp::Mul => a.checked_mul(b)?,
                AffineBinOp::FloorDiv | AffineBinOp::CeilDiv => {
                    let q = a.checked_div(b)?;
                    let inexact = a % b != 0;
                    let same_sign = (a < 0) == (b < 0);
                    match op {
                        AffineBinOp::FloorDiv if inexact && !same_sign => q - 1,
                        AffineBinOp::CeilDiv if inexact && same_sign => q + 1,
                        _ => q,
                    }
                }
                AffineBinOp::Mod => a.checked_rem_euclid(b)?,
            }
        }
    })
}

/// A linalg structured op: for every point of its iteration domain (loops in order, the last
/// fastest), the body gets each input's element at its indexing map and each output's
/// current element, and yields the outputs' new elements. The loop sizes come from the
/// operands' dimensions indexed by a plain loop dimension; any other size that disagrees is a
/// shape mismatch, any access out of bounds an error.
fn structured(ev: &mut Evaluator<'_>, s: StructuredOp) -> EvalResult<Vec<Value>> {
    let ctx = ev.ctx;
    let op = s.op();
    let err = |m: String| op_error(ctx, op, m);
    let n_in = s.inputs(ctx).len();
    let operands = ev.get_all(op, &[s.inputs(ctx), s.outputs(ctx)].concat())?;
    let maps = s.indexing_maps(ctx);
    let n_loops = s.reduction_loops(ctx).len();
    // Loop sizes: from the first operand dimension each loop indexes directly.
    let mut sizes: Vec<Option<(u64, usize)>> = vec![None; n_loops];
    for (i, (v, m)) in operands.iter().zip(&maps).enumerate() {
        for (r, e) in m.results.iter().enumerate() {
            let (AffineExpr::Dim(d), Some(&n)) = (e, v.as_tensor().and_then(|t| t.shape.get(r)))
            else {
                continue;
            };
            match sizes[*d as usize] {
                None => sizes[*d as usize] = Some((n, i)),
                Some((m, j)) if m != n => {
                    return Err(err(format!(
                        "has a shape mismatch: loop {d} has size {m} from operand #{j} but {n} from operand #{i}"
                    )))
                }
                _ => {}
            }
        }
    }
    let sizes = sizes
        .iter()
        .enumerate()
        .map(|(d, s)| {
            s.map(|(n, _)| n).ok_or_else(|| {
                err(format!(
                    "has no operand dimension giving the size of loop {d}"
                ))
            })
        })
        .collect::<EvalResult<Vec<_>>>()?;
    let mut outs: Vec<Tensor> = operands[n_in..]
        .iter()
        .map(|v| {
            v.as_tensor()
                .cloned()
                .ok_or_else(|| err("expects tensor outputs".into()))
        })
        .collect::<EvalResult<_>>()?;
    let body = s.body(ctx);
    let n_args = ctx.block_args(body).len();
    let total: u64 = sizes.iter().product();
    let mut point = vec![0u64; n_loops];
    for _ in 0..total {
        // Each operand's position at this point.
        let mut at = Vec::with_capacity(operands.len());
        for (v, m) in operands.iter().zip(&maps) {
            let idx = m
                .results
                .iter()
                .map(|e| affine(e, &point).and_then(|x| u64::try_from(x).ok()))
                .collect::<Option<Vec<_>>>();
            let pos = match v {
                Value::Scalar(..) => Some(0),
                Value::Tensor(t) => idx.and_then(|i| t.offset(&i)),
            };
            at.push(pos.ok_or_else(|| {
                err(format!(
                    "reads out of bounds at loop point {}",
                    shape_text(&point)
                ))
            })?);
        }
        let mut args: Vec<Value> = operands[..n_in]
            .iter()
            .zip(&at)
            .map(|(v, &p)| match v {
                Value::Scalar(..) => v.clone(),
                Value::Tensor(t) => Value::Scalar(t.elem, t.data[p]),
            })
            .collect();
        args.extend(
            outs.iter()
                .zip(&at[n_in..])
                .map(|(t, &p)| Value::Scalar(t.elem, t.data[p])),
        );
        args.truncate(n_args);
        ev.points.push(point.clone());
        let term = ev.run_block(body, args);
        ev.points.pop();
        let term = term?;
        let y = weir_dialect_linalg::YieldOp::of(ctx, term)
            .ok_or_else(|| err("has a body not ending with linalg.yield".into()))?;
        for ((t, &p), v) in outs
            .iter_mut()
            .zip(&at[n_in..])
            .zip(ev.get_all(term, y.values(ctx))?)
        {
            let Value::Scalar(_, x) = v else {
                return Err(err("yields a tensor".into()));
            };
            t.data[p] = t.elem.normalize(x);
        }
        // The next point: the last loop fastest.
        for d in (0..n_loops).rev() {
            point[d] += 1;
            if point[d] < sizes[d] {
                break;
            }
            point[d] = 0;
        }
    }
    Ok(outs.into_iter().map(Value::tensor).collect())
}
