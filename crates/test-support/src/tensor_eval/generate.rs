//! The tensor ops with a region per element (MLIR `TensorOps.td`): `tensor.generate`, whose
//! body computes every element from its index, and `tensor.pad`, whose body computes every
//! padded element from its index in the result; both bodies end with `tensor.yield`.

use super::tensor_ops::result_shape;
use super::{fits_dims, next_index, result_elem, shape_text, Elem, EvalResult, Evaluator};
use super::{Scalar, Tensor, Value};
use weir_dialect_tensor as tensor;
use weir_ir::{op_error, BlockId, OpId, TypeKind, ValueId};

/// The value of `op` if it is `tensor.generate` or `tensor.pad`.
pub(super) fn eval(ev: &mut Evaluator<'_>, op: OpId) -> EvalResult<Option<Value>> {
    let ctx = ev.ctx;
    if let Some(g) = tensor::GenerateOp::of(ctx, op) {
        let ty = ctx.value_type(g.result(ctx));
        let shape = result_shape(ev, op, ty, g.dynamic_extents(ctx))?;
        let elem = result_elem(ctx, op)?;
        let (body, yielded) = (g.body(ctx), g.yielded(ctx));
        let n = shape.iter().product::<u64>();
        let mut index = vec![0u64; shape.len()];
        let mut data = Vec::with_capacity(n as usize);
        for _ in 0..n {
            data.push(element(ev, op, body, yielded, elem, &index)?);
            next_index(&mut index, &shape);
        }
        return Ok(Some(Value::tensor(Tensor { shape, elem, data })));
    }
    let Some(p) = tensor::PadOp::of(ctx, op) else {
        return Ok(None);
    };
    pad(ev, op, p).map(Some)
}

/// The element the body `body` yields (as `yielded`) at `index`, of type `elem`.
fn element(
    ev: &mut Evaluator<'_>,
    op: OpId,
    body: BlockId,
    yielded: ValueId,
    elem: Elem,
    index: &[u64],
) -> EvalResult<Scalar> {
    let args = index
        .iter()
        .map(|&i| Value::int(Elem::Index, i as i64))
        .collect();
    let term = ev.run_block(body, args)?;
    match ev.get(term, yielded)? {
        Value::Scalar(_, x) => Ok(elem.normalize(x)),
        Value::Tensor(_) => Err(op_error(ev.ctx, op, "yields a tensor")),
    }
}

/// `tensor.pad`: dimension `i` of size `n` becomes `low[i] + n + high[i]` (negative amounts
/// cut), the element at result index `j` is the source's at `j - low` where that is inside
/// the source and the body's value at `j` elsewhere. A negative result size, or a shape not
/// of the result type's static sizes, is an error.
fn pad(ev: &mut Evaluator<'_>, op: OpId, p: tensor::PadOp) -> EvalResult<Value> {
    let ctx = ev.ctx;
    let err = |m: String| op_error(ctx, op, m);
    let t = ev.tensor(op, p.source(ctx))?;
    let amount = |e: &Result<i64, ValueId>| match *e {
        Ok(n) => Ok(i128::from(n)),
        Err(v) => ev.int(op, v),
    };
    let low = p
        .low(ctx)
        .iter()
        .map(amount)
        .collect::<EvalResult<Vec<_>>>()?;
    let high = p
        .high(ctx)
        .iter()
        .map(amount)
        .collect::<EvalResult<Vec<_>>>()?;
    if low.len() != t.shape.len() || high.len() != t.shape.len() {
        return Err(err(format!(
            "pads a tensor of shape {} with {} low and {} high amounts",
            shape_text(&t.shape),
            low.len(),
            high.len()
        )));
    }
    let mut shape = Vec::with_capacity(t.shape.len());
    for (i, &n) in t.shape.iter().enumerate() {
        let m = low[i] + i128::from(n) + high[i];
        shape.push(u64::try_from(m).map_err(|_| {
            err(format!(
                "pads dimension {i} of size {n} to the negative size {m} (low {}, high {})",
                low[i], high[i]
            ))
        })?);
    }
    let ty = ctx.value_type(p.result(ctx));
    if let TypeKind::Tensor {
        shape: Some(dims), ..
    } = ctx.type_kind(ty)
    {
        if !fits_dims(dims, &shape) {
            return Err(err(format!(
                "pads a tensor of shape {} to the shape {}, not of its result type {}",
                shape_text(&t.shape),
                shape_text(&shape),
                weir_syntax::type_to_string(ctx, ty)
            )));
        }
    }
    let (body, yielded) = (p.body(ctx), p.padding_value(ctx));
    let n = shape.iter().product::<u64>();
    let mut index = vec![0u64; shape.len()];
    let mut source = vec![0u64; shape.len()];
    let mut data = Vec::with_capacity(n as usize);
    for _ in 0..n {
        let inside =
            index
                .iter()
                .zip(&low)
                .zip(&t.shape)
                .zip(&mut source)
                .all(
                    |(((&j, &l), &m), s)| match u64::try_from(i128::from(j) - l) {
                        Ok(k) if k < m => {
                            *s = k;
                            true
                        }
                        _ => false,
                    },
                );
        let at = inside.then(|| t.offset(&source)).flatten();
        data.push(match at {
            Some(at) => t.data[at],
            None => element(ev, op, body, yielded, t.elem, &index)?,
        });
        next_index(&mut index, &shape);
    }
    Ok(Value::tensor(Tensor {
        shape,
        elem: t.elem,
        data,
    }))
}
