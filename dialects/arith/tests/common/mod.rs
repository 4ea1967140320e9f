//! Test helpers: parse with the builtin, func and arith dialects, verify, print; round-trip and
//! diagnostic checks (shared with the other suites in arith/tests/common/checks.rs).
#![allow(dead_code)]

use weir_ir::Context;
use weir_syntax::Syntax;

/// A context with every dialect the tests need.
pub fn setup() -> (Context, Syntax) {
    let mut ctx = Context::new();
    let mut syntax = Syntax::new();
    weir_dialect_builtin::register(&mut ctx, &mut syntax);
    weir_dialect_func::register(&mut ctx, &mut syntax);
    weir_dialect_arith::register(&mut ctx, &mut syntax);
    (ctx, syntax)
}

mod checks;
#[allow(unused_imports)] // some test binaries use only `setup`
pub use checks::*;
