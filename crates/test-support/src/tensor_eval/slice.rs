//! `tensor.extract_slice` and `tensor.insert_slice` (MLIR `TensorOps.td`, with the
//! `OffsetSizeAndStrideOpInterface`): a strided box of a tensor read out, or written into a
//! copy of another. Per dimension the box holds the positions `offset + k * stride` for `k`
//! in `0..size`; as MLIR's verifier requires of static entries, the offset must lie in the
//! dimension and so must the last position (here also for dynamic entries, and for negative
//! strides the last position must not be negative). A rank-reducing slice drops unit sizes,
//! which leaves the row-major order of the elements as it is.

use super::tensor_ops::result_shape;
use super::{next_index, shape_text, EvalResult, Evaluator, Tensor, Value};
use std::rc::Rc;
use weir_dialect_tensor as tensor;
use weir_ir::{op_error, OpId, ValueId};

/// The value of `op` if it is a slice op.
pub(super) fn eval(ev: &Evaluator<'_>, op: OpId) -> EvalResult<Option<Value>> {
    let ctx = ev.ctx;
    if let Some(x) = tensor::ExtractSliceOp::of(ctx, op) {
        let t = ev.tensor(op, x.source(ctx))?;
        let sizes = x.sizes(ctx);
        let at = positions(
            ev,
            op,
            &t.shape,
            &[x.offsets(ctx), sizes.clone(), x.strides(ctx)],
        )?;
        let shape = result_shape(ev, op, ctx.value_type(x.result(ctx)), &dynamic(&sizes))?;
        return Ok(Some(Value::tensor(Tensor {
            shape,
            elem: t.elem,
            data: at.iter().map(|&p| t.data[p]).collect(),
        })));
    }
    let Some(i) = tensor::InsertSliceOp::of(ctx, op) else {
        return Ok(None);
    };
    let src = ev.tensor(op, i.source(ctx))?;
    let dest = ev.tensor(op, i.dest(ctx))?;
    let sizes = i.sizes(ctx);
    let at = positions(
        ev,
        op,
        &dest.shape,
        &[i.offsets(ctx), sizes.clone(), i.strides(ctx)],
    )?;
    // The source's shape: the sizes, less the unit sizes its type drops.
    let expected = result_shape(ev, op, ctx.value_type(i.source(ctx)), &dynamic(&sizes))?;
    if src.shape != expected {
        return Err(op_error(
            ctx,
            op,
            format!(
                "inserts a tensor of shape {} into a slice of shape {}",
                shape_text(&src.shape),
                shape_text(&expected)
            ),
        ));
    }
    let mut out = Rc::unwrap_or_clone(dest);
    for (&p, &x) in at.iter().zip(&src.data) {
        out.data[p] = x;
    }
    Ok(Some(Value::tensor(out)))
}

/// The `index` operands of a mixed list's dynamic entries, in order.
fn dynamic(list: &[Result<i64, ValueId>]) -> Vec<ValueId> {
    list.iter().filter_map(|e| e.err()).collect()
}

/// The row-major positions, in a tensor of `shape`, of the box `[offsets, sizes, strides]`
/// (one entry per dimension each), in the box's row-major order; an entry out of bounds is
/// MLIR's verifier message for it.
fn positions(
    ev: &Evaluator<'_>,
    op: OpId,
    shape: &[u64],
    lists: &[Vec<Result<i64, ValueId>>; 3],
) -> EvalResult<Vec<usize>> {
    let ctx = ev.ctx;
    let err = |m: String| op_error(ctx, op, m);
    if lists.iter().any(|l| l.len() != shape.len()) {
        return Err(err(format!(
            "slices a tensor of shape {} with lists of {} entries",
            shape_text(shape),
            lists[0].len()
        )));
    }
    // Offsets and sizes are non-negative (static ones verified, dynamic ones checked).
    let index = |e: &Result<i64, ValueId>| match *e {
        Ok(n) => Ok(n as u64),
        Err(v) => ev.index(op, v),
    };
    // Per dimension: its offset, size and stride, and the distance between its positions.
    let mut dims = Vec::with_capacity(shape.len());
    let mut step = 1i128;
    for i in (0..shape.len()).rev() {
        let (offset, size) = (i128::from(index(&lists[0][i])?), index(&lists[1][i])?);
        let stride = match lists[2][i] {
            Ok(n) => i128::from(n),
            Err(v) => ev.int(op, v)?,
        };
        let n = i128::from(shape[i]);
        if offset >= n {
            return Err(err(format!("offset {i} is out-of-bounds: {offset} >= {n}")));
        }
        if size > 0 {
            let last = offset + (i128::from(size) - 1) * stride;
            if last >= n {
                return Err(err(format!(
                    "slice along dimension {i} runs out-of-bounds: {last} >= {n}"
                )));
            }
            if last < 0 {
                return Err(err(format!(
                    "slice along dimension {i} runs out-of-bounds: {last} < 0"
                )));
            }
        }
        dims.push((offset, size, stride, step));
        step *= n;
    }
    dims.reverse();
    let sizes: Vec<u64> = dims.iter().map(|d| d.1).collect();
    let total: u64 = sizes.iter().product();
    let mut k = vec![0u64; sizes.len()];
    let mut out = Vec::with_capacity(total as usize);
    for _ in 0..total {
        let p: i128 = k
            .iter()
            .zip(&dims)
            .map(|(&k, &(offset, _, stride, step))| (offset + i128::from(k) * stride) * step)
            .sum();
        out.push(p as usize); // in bounds: every dimension's positions are
        next_index(&mut k, &sizes);
    }
    Ok(out)
}
