//! The tensor ops that build, read, cast and reshape whole tensors (MLIR `TensorOps.td`):
//! `tensor.empty`, `splat`, `from_elements`, `extract`, `insert`, `dim`, `rank`, `cast`,
//! `concat`, `expand_shape`, `collapse_shape`, `reshape`; and the evaluator's tensor-operand
//! helpers.

use super::{fits_dims, result_elem, shape_text, signed, Elem, EvalResult, Evaluator, Scalar};
use super::{Tensor, Value};
use std::rc::Rc;
use weir_dialect_tensor as tensor;
use weir_ir::{op_error, OpId, Type, TypeKind};

/// The shape of `op`'s result of type `ty` (a ranked tensor) with its `?` sizes taken from
/// the `index` operands `dynamic`, in order.
pub(super) fn result_shape(
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
    pub(super) fn index(&self, op: OpId, v: weir_ir::ValueId) -> EvalResult<u64> {
        let x = self.int(op, v)?;
        u64::try_from(x)
            .map_err(|_| op_error(self.ctx, op, format!("has a negative index or size {x}")))
    }

    /// The tensor operand `v`.
    pub(super) fn tensor(&self, op: OpId, v: weir_ir::ValueId) -> EvalResult<Rc<Tensor>> {
        match self.get(op, v)? {
            Value::Tensor(t) => Ok(t),
            Value::Scalar(..) => Err(op_error(self.ctx, op, "expects a tensor operand")),
        }
    }

    /// The row-major position in `t` of the `index` operands `indices`, or an
    /// out-of-bounds error.
    pub(super) fn position(
        &self,
        op: OpId,
        t: &Tensor,
        indices: &[weir_ir::ValueId],
    ) -> EvalResult<usize> {
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

/// The value of `op` if it is one of the tensor ops of this module.
pub(super) fn eval(ev: &Evaluator<'_>, op: OpId) -> EvalResult<Option<Value>> {
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
            if !fits_dims(dims, &t.shape) {
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
    } else if let Some(r) = tensor::ReshapeOp::of(ctx, op) {
        reshape(ev, op, r)?
    } else {
        return Ok(None);
    };
    Ok(Some(Value::tensor(v)))
}

/// `tensor.reshape`: the source's elements in row-major order with the shape the 1-D shape
/// operand holds; every size non-negative, as many elements as the source, and the shape of
/// the result type's rank and static sizes when it is ranked.
fn reshape(ev: &Evaluator<'_>, op: OpId, r: tensor::ReshapeOp) -> EvalResult<Tensor> {
    let ctx = ev.ctx;
    let t = ev.tensor(op, r.source(ctx))?;
    let s = ev.tensor(op, r.shape(ctx))?;
    let w = s.elem.int_width().unwrap_or(64);
    let shape = s
        .data
        .iter()
        .map(|&x| {
            let Scalar::Int(b) = x else {
                return Err(op_error(ctx, op, "expects an integer shape"));
            };
            let n = signed(b, w);
            u64::try_from(n)
                .map_err(|_| op_error(ctx, op, format!("has a negative size {n} in its shape")))
        })
        .collect::<EvalResult<Vec<_>>>()?;
    let count = shape.iter().try_fold(1u64, |n, &m| n.checked_mul(m));
    if count != Some(t.data.len() as u64) {
        return Err(op_error(
            ctx,
            op,
            format!(
                "reshapes a tensor of shape {} ({} elements) to the shape {}",
                shape_text(&t.shape),
                t.data.len(),
                shape_text(&shape)
            ),
        ));
    }
    let ty = ctx.value_type(r.result(ctx));
    if let TypeKind::Tensor {
        shape: Some(dims), ..
    } = ctx.type_kind(ty)
    {
        if !fits_dims(dims, &shape) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "reshapes to the shape {}, not of its result type {}",
                    shape_text(&shape),
                    weir_syntax::type_to_string(ctx, ty)
                ),
            ));
        }
    }
    Ok(Tensor {
        shape,
        ..Rc::unwrap_or_clone(t)
    })
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
