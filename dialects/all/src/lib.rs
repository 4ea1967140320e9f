//! Registers every dialect Weir ships, and the interface models attached to their ops, for
//! tools and tests.

use weir_dialect_cf as cf;
use weir_dialect_scf as scf;
use weir_dialect_weir as weir;
use weir_ir::{Context, OpId, Pattern};
use weir_rewrite::constant_condition::ConstantConditionFolding;
use weir_syntax::Syntax;

/// Registers the ops and custom syntax of builtin, func, arith, math, cf, scf, weir, tensor and linalg, and
/// attaches the constant-condition folding models ([`attach_constant_condition_models`]).
pub fn register_all(ctx: &mut Context, syntax: &mut Syntax) {
    weir_dialect_builtin::register(ctx, syntax);
    weir_dialect_func::register(ctx, syntax);
    weir_dialect_arith::register(ctx, syntax);
    weir_dialect_math::register(ctx, syntax);
    weir_dialect_cf::register(ctx, syntax);
    weir_dialect_scf::register(ctx, syntax);
    weir_dialect_weir::register(ctx, syntax);
    weir_dialect_tensor::register(ctx, syntax);
    weir_dialect_linalg::register(ctx, syntax);
    attach_constant_condition_models(ctx);
}

/// A context and syntax table with every dialect registered.
pub fn new_context() -> (Context, Syntax) {
    let mut ctx = Context::new();
    let mut syntax = Syntax::new();
    register_all(&mut ctx, &mut syntax);
    (ctx, syntax)
}

/// Attaches the [`ConstantConditionFolding`] models of the scf, weir and cf ops to `ctx` (models
/// are keyed by op name, so the dialects may be registered before or after). [`register_all`]
/// calls it; a test that registers only some dialects calls it itself.
pub fn attach_constant_condition_models(ctx: &mut Context) {
    let models: [(&str, ConstantConditionFolding); 9] = [
        (
            scf::IfOp::NAME,
            kept_op(&[scf::IfOp::CONSTANT_CONDITION], scf::IfOp::describe_kept),
        ),
        (
            scf::IndexSwitchOp::NAME,
            kept_op(
                &[scf::IndexSwitchOp::CONSTANT_CONDITION],
                scf::IndexSwitchOp::describe_kept,
            ),
        ),
        (
            scf::ForOp::NAME,
            kept_op(&[scf::ForOp::CONSTANT_CONDITION], scf::ForOp::describe_kept),
        ),
        (
            scf::WhileOp::NAME,
            kept_op(
                &[scf::WhileOp::CONSTANT_CONDITION],
                scf::WhileOp::describe_kept,
            ),
        ),
        (
            weir::LoopOp::NAME,
            kept_op(
                &[weir::LoopOp::CONSTANT_CONDITION],
                weir::LoopOp::describe_kept,
            ),
        ),
        (
            cf::BranchOp::NAME,
            patterns_only(&[cf::ERASE_UNREACHABLE_BLOCKS]),
        ),
        (
            cf::CondBranchOp::NAME,
            patterns_only(&[cf::COND_BR_CONSTANT_CONDITION, cf::ERASE_UNREACHABLE_BLOCKS]),
        ),
        (
            cf::SwitchOp::NAME,
            patterns_only(&[cf::SWITCH_CONSTANT_FLAG, cf::ERASE_UNREACHABLE_BLOCKS]),
        ),
        (
            cf::AssertOp::NAME,
            patterns_only(&[cf::ASSERT_CONSTANT_TRUE]),
        ),
    ];
    for (name, model) in models {
        ctx.attach_interface(name, model);
    }
}

/// A model with constant-condition patterns and a kept-op remark.
const fn kept_op(
    patterns: &'static [Pattern],
    describe: fn(&Context, OpId) -> String,
) -> ConstantConditionFolding {
    ConstantConditionFolding {
        patterns,
        describe_kept: Some(describe),
    }
}

/// A model with constant-condition patterns and no remark (the cf branches).
const fn patterns_only(patterns: &'static [Pattern]) -> ConstantConditionFolding {
    ConstantConditionFolding {
        patterns,
        describe_kept: None,
    }
}
