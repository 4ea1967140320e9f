//! The registry of every pass cf-opt and cf-run know (each pass crate exports its `PASS`), and
//! the context they run on.

use weir_ir::Context;
use weir_pass::PassRegistry;
use weir_syntax::Syntax;

/// A context with every dialect registered and the interface models the passes attach
/// (`weir_canonicalize::register_interfaces`), and its syntax table: what the tools parse and
/// run passes on.
pub fn new_context() -> (Context, Syntax) {
    let (mut ctx, syntax) = weir_dialects::new_context();
    weir_canonicalize::register_interfaces(&mut ctx);
    (ctx, syntax)
}

/// All passes, in the order `--help` lists them.
pub fn registry() -> PassRegistry {
    let mut r = PassRegistry::new();
    r.register(weir_canonicalize::CANONICALIZE);
    r.register(weir_canonicalize::FOLD_CONSTANT_CONDITIONS);
    r.register(weir_cse::PASS);
    r.register(weir_unroll::PASS);
    r.register(weir_weir_to_scf::PASS);
    r.register(weir_scf_to_cf::PASS);
    r
}
