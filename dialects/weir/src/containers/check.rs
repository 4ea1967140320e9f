//! The check that lowerings run first: no container op or value is left (module docs of
//! [`crate::containers`], "Resolution").

use super::{is_container, is_container_op, spec};
use weir_ir::{op_error, Context, Diagnostic, OpId};

/// Returns the first container left under `root`, as a located error saying which op and
/// why: a family op that cannot be evaluated (the reason, e.g. `list index should be in range
/// [-3, 3), but got 5`) or that could be (`--canonicalize` was not run); else a builder or
/// constant whose value a non-container op uses; else a value of a container type (a result
/// of another op, e.g. an `scf.if` with a variable condition, or a block argument).
/// `--convert-weir-to-scf` and `--convert-scf-to-cf` call it before lowering.
pub fn check_resolved(ctx: &Context, root: OpId) -> Result<(), Diagnostic> {
    let ops = ctx.nested_ops(root);
    for &op in &ops {
        if let Some(s) = spec(ctx.name_str(op)) {
            let why = match (s.eval)(ctx, op) {
                Err(why) => why,
                Ok(_) => "it can be evaluated, but --canonicalize was not run".to_string(),
            };
            return Err(unresolved(ctx, op, &why));
        }
    }
    for &op in &ops {
        if !is_container_op(ctx, op) {
            continue;
        }
        let user = ctx
            .results(op)
            .iter()
            .flat_map(|&r| ctx.uses(r))
            .map(|u| u.op)
            .find(|&u| !is_container_op(ctx, u));
        let why = match user {
            Some(u) => format!(
                "its value is used by '{}', which needs a runtime value (containers exist only while compiling)",
                ctx.name_str(u)
            ),
            None => "it is left over: --canonicalize was not run".to_string(),
        };
        return Err(unresolved(ctx, op, &why));
    }
    for &op in std::iter::once(&root).chain(&ops) {
        for (k, &r) in ctx.results(op).iter().enumerate() {
            if is_container(ctx, ctx.value_type(r)) {
                return Err(container_value(ctx, op, &format!("result #{k}"), r));
            }
        }
        for &region in ctx.regions(op) {
            for block in ctx.blocks(region) {
                for (k, &a) in ctx.block_args(block).iter().enumerate() {
                    if is_container(ctx, ctx.value_type(a)) {
                        return Err(container_value(ctx, op, &format!("block argument #{k}"), a));
                    }
                }
            }
        }
    }
    Ok(())
}

fn unresolved(ctx: &Context, op: OpId, why: &str) -> Diagnostic {
    op_error(
        ctx,
        op,
        format!("cannot be resolved at compile time: {why}"),
    )
}

fn container_value(ctx: &Context, op: OpId, what: &str, v: weir_ir::ValueId) -> Diagnostic {
    op_error(
        ctx,
        op,
        format!(
            "{what} has the container type {}, which exists only while compiling (a container through a variable condition, a loop or a function boundary cannot be resolved)",
            super::verify::ty(ctx, ctx.value_type(v))
        ),
    )
}
