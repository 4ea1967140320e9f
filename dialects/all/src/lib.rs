//! Registers every dialect Weir ships, for tools and tests.

use weir_ir::Context;
use weir_syntax::Syntax;

/// Registers the ops and custom syntax of builtin, func, arith, math, cf, scf and weir.
pub fn register_all(ctx: &mut Context, syntax: &mut Syntax) {
    weir_dialect_builtin::register(ctx, syntax);
    weir_dialect_func::register(ctx, syntax);
    weir_dialect_arith::register(ctx, syntax);
    weir_dialect_math::register(ctx, syntax);
    weir_dialect_cf::register(ctx, syntax);
    weir_dialect_scf::register(ctx, syntax);
    weir_dialect_weir::register(ctx, syntax);
}

/// A context and syntax table with every dialect registered.
pub fn new_context() -> (Context, Syntax) {
    let mut ctx = Context::new();
    let mut syntax = Syntax::new();
    register_all(&mut ctx, &mut syntax);
    (ctx, syntax)
}
