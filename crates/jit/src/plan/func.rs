//! The func dialect as both backends compile it (MLIR `func.func`, `func.return`,
//! `func.call`): what a function's declaration needs (its name, signature and the slots of its
//! values, [`Slot`]), and the checks of returns and direct calls against the signatures.

use super::tensor_checks::Target;
use crate::abi::Slot;
use crate::diag::{err_at, op_err};
use std::collections::HashMap;
use weir_dialect_func::{CallOp, FuncOp, ReturnOp};
use weir_ir::{Context, Diagnostic, OpId, Type, ValueId};

/// A `func.func` as a backend declares it.
#[derive(Clone, Debug)]
pub struct Declaration {
    /// The symbol name (`sym_name`).
    pub name: String,
    /// The parameter types (`function_type`'s inputs).
    pub param_types: Vec<Type>,
    /// The result types.
    pub result_types: Vec<Type>,
    /// How each parameter is passed.
    pub params: Vec<Slot>,
    /// How each result is passed.
    pub results: Vec<Slot>,
}

/// The declaration of function `op`, a `func.func` with a body whose parameters and results
/// are of types the backend passes ([`Slot`]), in a module whose functions so far are
/// `by_name`; else a located error (another op, a missing attribute, an external function,
/// a redefinition, a type without a slot).
pub fn declaration(
    ctx: &Context,
    op: OpId,
    target: &Target,
    by_name: &HashMap<String, usize>,
) -> Result<Declaration, Diagnostic> {
    target.view(ctx, op, FuncOp::of(ctx, op))?;
    let loc = ctx.loc(op);
    let name = weir_dialect_func::symbol_name(ctx, op)
        .ok_or_else(|| op_err(ctx, op, "requires a string 'sym_name' attribute"))?
        .to_string();
    let (param_types, result_types) =
        weir_dialect_func::function_signature(ctx, op).ok_or_else(|| {
            op_err(
                ctx,
                op,
                "requires a function type 'function_type' attribute",
            )
        })?;
    if ctx.regions(op).len() != 1 || ctx.region_is_empty(ctx.region(op, 0)) {
        return Err(err_at(
            &loc,
            format!(
                "external functions are not supported by {} ('@{name}' is declared without a body)",
                target.noun
            ),
        ));
    }
    let slots = |ts: &[Type]| -> Result<Vec<Slot>, Diagnostic> {
        ts.iter()
            .map(|&t| Slot::of(ctx, t).ok_or_else(|| (target.unsupported_type)(ctx, &loc, t)))
            .collect()
    };
    let params = slots(&param_types)?;
    let results = slots(&result_types)?;
    if by_name.contains_key(&name) {
        return Err(err_at(
            &loc,
            format!("redefinition of symbol named '{name}'"),
        ));
    }
    Ok(Declaration {
        name,
        param_types,
        result_types,
        params,
        results,
    })
}

/// MLIR func.return in a function with result types `result_types`: the returned values,
/// checked to be of those types.
pub fn ret<'c>(
    ctx: &'c Context,
    op: OpId,
    target: &Target,
    result_types: &[Type],
) -> Result<&'c [ValueId], Diagnostic> {
    let ret = target.view(ctx, op, ReturnOp::of(ctx, op))?;
    let values = ret.values(ctx);
    if !values
        .iter()
        .map(|&v| ctx.value_type(v))
        .eq(result_types.iter().copied())
    {
        return Err(op_err(
            ctx,
            op,
            "operands do not match the function's result types",
        ));
    }
    Ok(values)
}

/// MLIR func.call `@callee(args)`, a direct call.
#[derive(Clone, Copy, Debug)]
pub struct CallPlan<'c> {
    /// The callee: its index among the module's declarations.
    pub callee: usize,
    /// The arguments.
    pub args: &'c [ValueId],
}

/// MLIR func.call: the callee is one of the module's functions (`by_name`, whose
/// declaration `i` has the signature `signature(i)`: parameter and result types) and the
/// call's argument and result types are its signature's; else an error at the op.
pub fn call<'c, 'd>(
    ctx: &'c Context,
    op: OpId,
    target: &Target,
    by_name: &HashMap<String, usize>,
    signature: impl Fn(usize) -> (&'d [Type], &'d [Type]),
) -> Result<CallPlan<'c>, Diagnostic> {
    let call = target.view(ctx, op, CallOp::of(ctx, op))?;
    let callee = call.try_callee(ctx).ok_or_else(|| {
        op_err(
            ctx,
            op,
            "requires a flat symbol reference 'callee' attribute",
        )
    })?;
    let idx = *by_name
        .get(callee)
        .ok_or_else(|| op_err(ctx, op, format!("calls unknown function '@{callee}'")))?;
    let (params, results) = signature(idx);
    let args = call.args(ctx);
    let types = |vs: &[ValueId]| vs.iter().map(|&v| ctx.value_type(v)).collect::<Vec<_>>();
    if types(args) != params || types(ctx.results(op)) != results {
        return Err(op_err(
            ctx,
            op,
            format!("does not match the type of '@{callee}'"),
        ));
    }
    Ok(CallPlan { callee: idx, args })
}
