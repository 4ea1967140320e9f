//! Compile errors of the LLVM backend: located diagnostics with cf-run's prefix and the JIT's
//! wording, naming the llvm backend.

use weir_ir::{Context, Diagnostic, Location, OpId, Type, TypeKind};

/// An error at `loc`: `cf-run: <msg>`.
pub(crate) fn err_at(loc: &Location, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(loc.clone(), format!("cf-run: {msg}"))
}

/// `cf-run: unsupported operation '<name>' in the llvm backend`, at the op (for a tensor op:
/// `...: this tensor operation or type is not supported by the llvm backend yet`).
pub(crate) fn unsupported_op(ctx: &Context, op: OpId) -> Diagnostic {
    let name = ctx.name_str(op);
    let tensor = ctx
        .operands(op)
        .iter()
        .chain(ctx.results(op))
        .any(|&v| is_tensor(ctx, ctx.value_type(v)));
    let why = if tensor || name.starts_with("tensor.") || name.starts_with("linalg.") {
        TENSORS
    } else {
        ""
    };
    err_at(
        &ctx.loc(op),
        format!("unsupported operation '{name}' in the llvm backend{why}"),
    )
}

/// The explanation added to errors about tensors.
const TENSORS: &str = ": this tensor operation or type is not supported by the llvm backend yet";

fn is_tensor(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_kind(ty), TypeKind::Tensor { .. })
}

/// `cf-run: '<name>' <msg>`, at the op: a malformed op.
pub(crate) fn op_err(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    err_at(&ctx.loc(op), format!("'{}' {msg}", ctx.name_str(op)))
}

/// `cf-run: unsupported type '<type>' in the llvm backend`, at `loc` (MLIR's spelling of the
/// type); for a tensor type, with `: this tensor operation or type is not supported by the
/// llvm backend yet`.
pub(crate) fn unsupported_type(ctx: &Context, loc: &Location, ty: Type) -> Diagnostic {
    let why = if is_tensor(ctx, ty) { TENSORS } else { "" };
    err_at(
        loc,
        format!(
            "unsupported type '{}' in the llvm backend{why}",
            (ctx.type_printer())(ctx, ty)
        ),
    )
}

/// `cf-run: '<name>' is not registered ...`, at the op.
pub(crate) fn unregistered_op(ctx: &Context, op: OpId) -> Diagnostic {
    op_err(
        ctx,
        op,
        "is not registered in the context (the llvm backend reads ops through their dialects' definitions)",
    )
}

/// `cf-run: internal LLVM error (<what>): <e>`: LLVM refused something.
pub(crate) fn host_error(loc: &Location, what: &str, e: impl std::fmt::Display) -> Diagnostic {
    err_at(loc, format!("internal LLVM error ({what}): {e}"))
}
