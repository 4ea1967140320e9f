//! The arith dialect (being written).
use weir_ir::Context;
use weir_syntax::Syntax;

/// Registers the arith ops and their syntax.
pub fn register(_ctx: &mut Context, _syntax: &mut Syntax) {}
