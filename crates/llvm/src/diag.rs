//! Compile errors of the LLVM backend: located diagnostics with cf-run's prefix and the JIT's
//! wording, naming the llvm backend.

use weir_ir::{Context, Diagnostic, Location, OpId, Type};

/// An error at `loc`: `cf-run: <msg>`.
pub(crate) fn err_at(loc: &Location, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(loc.clone(), format!("cf-run: {msg}"))
}

/// `cf-run: unsupported operation '<name>' in the llvm backend`, at the op. The backend lowers
/// the ops and types the Cranelift JIT lowers (the plans in `weir_jit::plan` decide), so what
/// one rejects the other rejects with the same words but its own name.
pub(crate) fn unsupported_op(ctx: &Context, op: OpId) -> Diagnostic {
    err_at(
        &ctx.loc(op),
        format!(
            "unsupported operation '{}' in the llvm backend",
            ctx.name_str(op)
        ),
    )
}

/// `cf-run: '<name>' <msg>`, at the op: a malformed op.
pub(crate) fn op_err(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    err_at(&ctx.loc(op), format!("'{}' {msg}", ctx.name_str(op)))
}

/// `cf-run: unsupported type '<type>' in the llvm backend`, at `loc` (MLIR's spelling of the
/// type).
pub(crate) fn unsupported_type(ctx: &Context, loc: &Location, ty: Type) -> Diagnostic {
    err_at(
        loc,
        format!(
            "unsupported type '{}' in the llvm backend",
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
