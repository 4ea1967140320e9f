//! The check that lowerings run first: no container op or value is left (module docs of
//! [`crate::containers`], "Resolution").

use super::{is_compile_time, is_container_op, spec};
use weir_ir::{op_error, AttrKind, Context, Diagnostic, OpId, Type, TypeKind};

/// Returns the first container left under `root`, as a located error saying which op and
/// why: a family op that cannot be evaluated (the reason, e.g. `list index should be in range
/// [-3, 3), but got 5`) or that could be (`--canonicalize` was not run); else a builder or
/// constant whose value a non-container op uses; else a value of a compile-time type (a list,
/// a dict, `!weir.str` or `none`: a result of another op, e.g. an `scf.if` with a variable
/// condition, or a block argument, e.g. a function's); else a type attribute naming one (the
/// signature of a function declaration, `(!weir.str) -> i64`).
/// `--convert-weir-to-scf` and `--convert-scf-to-cf` call it before lowering.
pub fn check_resolved(ctx: &Context, root: OpId) -> Result<(), Diagnostic> {
    let ops = ctx.nested_ops(root);
    for &op in &ops {
        if let Some(s) = spec(ctx.name_str(op)) {
            let why = match (s.eval)(ctx, op) {
                Err(why) => why.reason().to_string(),
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
                "its value is used by '{}', which needs a runtime value (lists, dicts, strings and None exist only while compiling)",
                ctx.name_str(u)
            ),
            None => "it is left over: --canonicalize was not run".to_string(),
        };
        return Err(unresolved(ctx, op, &why));
    }
    for &op in std::iter::once(&root).chain(&ops) {
        for (k, &r) in ctx.results(op).iter().enumerate() {
            if is_compile_time(ctx, ctx.value_type(r)) {
                return Err(container_value(ctx, op, &format!("result #{k}"), r));
            }
        }
        for &region in ctx.regions(op) {
            for block in ctx.blocks(region) {
                for (k, &a) in ctx.block_args(block).iter().enumerate() {
                    if is_compile_time(ctx, ctx.value_type(a)) {
                        return Err(container_value(ctx, op, &format!("block argument #{k}"), a));
                    }
                }
            }
        }
    }
    for &op in std::iter::once(&root).chain(&ops) {
        for a in ctx.attrs(op) {
            if let AttrKind::Type(t) = ctx.attr_kind(a.value) {
                if let Some(bad) = compile_time_part(ctx, *t) {
                    return Err(op_error(
                        ctx,
                        op,
                        format!(
                            "attribute '{}' names the compile-time type {}, which exists only while compiling (no runtime value has it)",
                            ctx.attr_name_str(a.name),
                            super::verify::ty(ctx, bad)
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// `t` or the first input or result of the function type `t` that is a compile-time type.
fn compile_time_part(ctx: &Context, t: Type) -> Option<Type> {
    let parts = match ctx.type_kind(t) {
        TypeKind::Function { inputs, results } => inputs.iter().chain(results).copied().collect(),
        _ => vec![t],
    };
    parts.into_iter().find(|&p| is_compile_time(ctx, p))
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
            "{what} has the compile-time type {}, which exists only while compiling (lists, dicts, strings and None through a variable condition, a loop or a function boundary cannot be resolved)",
            super::verify::ty(ctx, ctx.value_type(v))
        ),
    )
}
