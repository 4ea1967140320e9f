//! The evaluator's per-op dispatch ([`eval_op`]): control flow in the parent module, then
//! each op family in its own module (constants, the elementwise arith/math ops, the tensor
//! ops, the slices, the ops with a region per element, the linalg ops).

use super::{constant, elementwise, generate, linalg, slice, tensor_ops};
use super::{EvalResult, Evaluator, Value};
use weir_ir::{op_error, OpId};

/// Evaluates `op` and binds its results. Terminators are no-ops: the op that owns their
/// region reads what they pass on. To add an op: one arm in the `eval` of its family's
/// module, reading the op through its dialect's view.
pub(super) fn eval_op(ev: &mut Evaluator<'_>, op: OpId) -> EvalResult<()> {
    let ctx = ev.ctx;
    if weir_dialect_scf::YieldOp::of(ctx, op).is_some()
        || weir_dialect_scf::ConditionOp::of(ctx, op).is_some()
        || weir_dialect_weir::YieldOp::of(ctx, op).is_some()
        || weir_dialect_func::ReturnOp::of(ctx, op).is_some()
        || weir_dialect_linalg::YieldOp::of(ctx, op).is_some()
        || weir_dialect_tensor::YieldOp::of(ctx, op).is_some()
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

/// The results of a non-control-flow op: the first family that evaluates it.
fn compute(ev: &mut Evaluator<'_>, op: OpId) -> EvalResult<Vec<Value>> {
    if let Some(v) = constant::eval(ev, op)? {
        return Ok(vec![v]);
    }
    if let Some(r) = elementwise::eval(ev, op)? {
        return Ok(r);
    }
    if let Some(t) = tensor_ops::eval(ev, op)? {
        return Ok(vec![t]);
    }
    if let Some(t) = slice::eval(ev, op)? {
        return Ok(vec![t]);
    }
    if let Some(t) = generate::eval(ev, op)? {
        return Ok(vec![t]);
    }
    if let Some(r) = linalg::eval(ev, op)? {
        return Ok(r);
    }
    Err(op_error(
        ev.ctx,
        op,
        "is not supported by the tensor evaluator",
    ))
}
