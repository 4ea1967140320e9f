//! `arith.constant`: integer, float and bool scalars and `dense<...>` tensors (MLIR
//! `ArithOps.td`, `BuiltinAttributes.td`).

use super::{Elem, EvalResult, Evaluator, Scalar, Tensor, Value};
use weir_dialect_arith::ConstantOp;
use weir_ir::{op_error, Attr, AttrKind, Context, DenseValue, OpId, Type, TypeKind};

/// The value of `op` if it is an `arith.constant`.
pub(super) fn eval(ev: &Evaluator<'_>, op: OpId) -> EvalResult<Option<Value>> {
    let ctx = ev.ctx;
    let Some(c) = ConstantOp::of(ctx, op) else {
        return Ok(None);
    };
    constant(ctx, c.value(ctx), ctx.value_type(c.result(ctx)))
        .map(Some)
        .ok_or_else(|| op_error(ctx, op, "has a constant the evaluator does not read"))
}

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
/// The static shape of the ranked tensor type `ty`, if every size is known.
fn static_shape(ctx: &Context, ty: Type) -> Option<Vec<u64>> {
    match ctx.type_kind(ty) {
        TypeKind::Tensor { shape: Some(s), .. } => s.iter().copied().collect(),
        _ => None,
    }
}
