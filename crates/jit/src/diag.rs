//! Compile errors of the JIT: located diagnostics with the `cf-run:` prefix, in MLIR's
//! spelling of ops and types.

use weir_ir::{Context, Diagnostic, Location, OpId, Type};

/// The prefix of every compile error, as the `cf-run` tool reports them.
const PREFIX: &str = "cf-run";

/// An error at `loc`: `cf-run: <msg>`.
pub(crate) fn err_at(loc: &Location, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(loc.clone(), format!("{PREFIX}: {msg}"))
}

/// `cf-run: unsupported operation '<name>' in the JIT`, at the op.
pub(crate) fn unsupported_op(ctx: &Context, op: OpId) -> Diagnostic {
    err_at(
        &ctx.loc(op),
        format!("unsupported operation '{}' in the JIT", ctx.name_str(op)),
    )
}

/// `cf-run: '<name>' <msg>`, at the op: a malformed op.
pub(crate) fn op_err(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    err_at(&ctx.loc(op), format!("'{}' {msg}", ctx.name_str(op)))
}

/// `cf-run: unsupported type '<type>' in the JIT`, at `loc`; the type is written by the
/// context's type printer ([`Context::type_printer`]: MLIR's syntax once the builtin dialect is
/// registered).
pub(crate) fn unsupported_type(ctx: &Context, loc: &Location, ty: Type) -> Diagnostic {
    err_at(
        loc,
        format!(
            "unsupported type '{}' in the JIT",
            (ctx.type_printer())(ctx, ty)
        ),
    )
}

/// `cf-run: '<name>' is not registered ...`, at the op: the JIT reads the ops it lowers through
/// their dialects' definitions (successor operands, views), so it compiles only registered ops.
pub(crate) fn unregistered_op(ctx: &Context, op: OpId) -> Diagnostic {
    op_err(
        ctx,
        op,
        "is not registered in the context (the JIT reads ops through their dialects' definitions)",
    )
}

/// `cf-run: internal JIT error (<what>): <e>`: Cranelift or the host refused something.
pub(crate) fn host_error(loc: &Location, what: &str, e: impl std::fmt::Display) -> Diagnostic {
    err_at(loc, format!("internal JIT error ({what}): {e}"))
}
