//! The weir dialect (being written).
use weir_ir::Context;
use weir_syntax::Syntax;

/// Registers the weir ops and their syntax.
pub fn register(_ctx: &mut Context, _syntax: &mut Syntax) {}
