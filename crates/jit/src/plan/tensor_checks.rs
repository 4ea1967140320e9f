//! What a plan needs to know of the backend it plans for: how that backend words the errors
//! about what it cannot compile (`unsupported operation '<op>' in the JIT`, `... in the llvm
//! backend`), so the checks are written once and each backend's messages stay its own.

use crate::abi::Slot;
use crate::diag::op_err;
use weir_ir::{Context, Diagnostic, Location, OpId, Type};

/// A backend's wording of the errors about what it cannot compile.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    /// Its `unsupported operation '<name>' in ...` error at an op.
    pub unsupported_op: fn(&Context, OpId) -> Diagnostic,
    /// Its `unsupported type '<type>' in ...` error at a location.
    pub unsupported_type: fn(&Context, &Location, Type) -> Diagnostic,
    /// Its `'<name>' is not registered in the context (...)` error at an op.
    pub unregistered_op: fn(&Context, OpId) -> Diagnostic,
    /// How its errors and notes name it (`the JIT`, `the llvm backend`: `... is not supported
    /// by the JIT`, `(the JIT computes f16 in f32 ...)`).
    pub noun: &'static str,
}

impl Target {
    /// The view `view` of `op` (`X::of(ctx, op)`), or the backend's unsupported-op error
    /// when the op does not have its dialect's shape.
    pub fn view<V>(&self, ctx: &Context, op: OpId, view: Option<V>) -> Result<V, Diagnostic> {
        view.ok_or_else(|| (self.unsupported_op)(ctx, op))
    }

    /// How a value of type `ty` used by `op` is passed ([`Slot`]), or the backend's
    /// unsupported-type error at the op.
    pub fn slot(&self, ctx: &Context, op: OpId, ty: Type) -> Result<Slot, Diagnostic> {
        Slot::of(ctx, ty).ok_or_else(|| (self.unsupported_type)(ctx, &ctx.loc(op), ty))
    }

    /// `'<op>' <why> is not supported by <backend>`, at the op.
    pub fn not_supported(&self, ctx: &Context, op: OpId, why: &str) -> Diagnostic {
        op_err(ctx, op, format!("{why} is not supported by {}", self.noun))
    }
}
