//! The linalg ops (MLIR's `LinalgOps`/`LinalgStructuredOps`): a structured op is a loop nest
//! over its iteration domain, each operand read at its indexing map, the body run once per
//! point; `linalg.index` reads the innermost point.

use super::{next_index, shape_text, Elem, EvalResult, Evaluator, Tensor, Value};
use weir_dialect_linalg::{IndexOp, StructuredOp};
use weir_ir::affine::{AffineBinOp, AffineExpr};
use weir_ir::{op_error, OpId};

/// The results of `op` if it is a linalg structured op or `linalg.index`.
pub(super) fn eval(ev: &mut Evaluator<'_>, op: OpId) -> EvalResult<Option<Vec<Value>>> {
    let ctx = ev.ctx;
    if let Some(s) = StructuredOp::of_any(ctx, op) {
        return structured(ev, s).map(Some);
    }
    let Some(i) = IndexOp::of(ctx, op) else {
        return Ok(None);
    };
    let point = ev
        .points
        .last()
        .ok_or_else(|| op_error(ctx, op, "is outside a linalg op"))?;
    let x = point[i.dim(ctx) as usize];
    Ok(Some(vec![Value::int(Elem::Index, x as i64)]))
}

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
        next_index(&mut point, &sizes);
    }
    Ok(outs.into_iter().map(Value::tensor).collect())
}
