//! `--canonicalize` and `--fold-constant-conditions` (SEMANTICS.md section 1).
//!
//! Both run the greedy rewrite driver (`weir-rewrite`) under the op they are given:
//! - `canonicalize` applies every folder and every canonicalization pattern, and erases dead
//!   code (MLIR `--canonicalize`);
//! - `fold-constant-conditions` applies the folders (the constant propagation) and only the
//!   patterns that remove control flow with a constant condition, index or trip count. With
//!   `remarks=true` every `scf.if`, `scf.index_switch`, `scf.while`, `scf.for` and `weir.loop`
//!   gets a remark at its location saying whether its condition is constant and what was done
//!   (MindSpore's constant/variable classification).
//!
//! Which patterns are the constant-condition ones, and the remark for a kept op, are this
//! crate's interface [`ConstantConditionFolding`], not part of the IR core: the dialects export
//! the patterns (`scf::IfOp::CONSTANT_CONDITION`, `cf::COND_BR_CONSTANT_CONDITION`, ...) and
//! remarks (`scf::IfOp::describe_kept`, ...), and [`register_interfaces`] attaches them to the
//! ops (MLIR's external models). The tools call it once, when they build their context, so the
//! registry is complete and read-only before any pass runs (what parallel function passes need,
//! ARCHITECTURE.md); a pass run on a context without the models reports an error instead of
//! silently folding nothing (MLIR's unregistered promised interface).

use weir_dialect_cf as cf;
use weir_dialect_scf as scf;
use weir_dialect_weir as weir;
use weir_ir::{Context, Diagnostic, OpId, Pattern};
use weir_pass::{Pass, PassInfo, PassOption, PassOptions};
use weir_rewrite::{apply_patterns_greedily, GreedyConfig};

/// The constant-condition folding interface of one op (attached with
/// [`Context::attach_interface`]): which of the op's canonicalization patterns remove its
/// control flow when its condition, index or trip count is a compile-time constant, and the
/// remark for the op when it stays.
#[derive(Clone, Copy, Debug)]
pub struct ConstantConditionFolding {
    /// The op's constant-condition patterns: a subset of its `OpDef::patterns`, matched by
    /// name. `--fold-constant-conditions` runs only these; `--canonicalize` runs all patterns.
    pub patterns: &'static [Pattern],
    /// The remark for a kept op (`variable condition: kept`, `constant trip count 3: kept as a
    /// loop`, ...), emitted by both passes with `remarks=true`; `None` for ops without one.
    pub describe_kept: Option<fn(&Context, OpId) -> String>,
}

impl ConstantConditionFolding {
    /// Whether `p` is one of the op's constant-condition patterns.
    pub fn contains(&self, p: &Pattern) -> bool {
        self.patterns.iter().any(|q| q.name == p.name)
    }
}

/// Attaches the [`ConstantConditionFolding`] models of the scf, weir and cf ops to `ctx`
/// (whose dialects must be registered already, or be registered later: models are keyed by op
/// name). Call once per context, before running either pass.
pub fn register_interfaces(ctx: &mut Context) {
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

/// The driver's pattern filter of `--fold-constant-conditions`: the op's constant-condition
/// patterns only.
pub fn constant_condition_patterns(ctx: &Context, op: OpId, p: &Pattern) -> bool {
    ctx.interface::<ConstantConditionFolding>(op)
        .is_some_and(|i| i.contains(p))
}

/// The kept-op remarks of the ops nested in `root` that have one, in nesting order (what the
/// passes add with `remarks=true`).
pub fn kept_remarks(ctx: &Context, root: OpId) -> Vec<Diagnostic> {
    ctx.nested_ops(root)
        .into_iter()
        .filter_map(|o| {
            let describe = ctx
                .interface::<ConstantConditionFolding>(o)?
                .describe_kept?;
            Some(Diagnostic::remark(ctx.loc(o).clone(), describe(ctx, o)))
        })
        .collect()
}

const OPTIONS: &[PassOption] = &[
    PassOption { name: "max-iterations", help: "rounds before reporting non-convergence (default 10)" },
    PassOption { name: "remarks", help: "emit a remark per control-flow op: constant or variable, and what was done (default false)" },
];

/// `--canonicalize[="max-iterations=N remarks=B"]`.
pub const CANONICALIZE: PassInfo = PassInfo {
    name: "canonicalize",
    summary:
        "Fold constants, simplify with canonicalization patterns, erase dead code (to a fixpoint)",
    options: OPTIONS,
    create: |o| Canonicalize::new(o, false),
};

/// `--fold-constant-conditions[="remarks=true max-iterations=N"]`.
pub const FOLD_CONSTANT_CONDITIONS: PassInfo = PassInfo {
    name: "fold-constant-conditions",
    summary: "Remove control flow whose condition, index or trip count is a compile-time constant",
    options: OPTIONS,
    create: |o| Canonicalize::new(o, true),
};

struct Canonicalize {
    config: GreedyConfig,
    name: &'static str,
}

impl Canonicalize {
    fn new(o: &PassOptions, only_constant_conditions: bool) -> Result<Box<dyn Pass>, String> {
        let max_iterations = o.get_u64("max-iterations", 10)?;
        let max_iterations =
            u32::try_from(max_iterations).map_err(|_| "max-iterations is too large".to_string())?;
        let config = GreedyConfig {
            max_iterations,
            pattern_filter: only_constant_conditions
                .then_some(constant_condition_patterns as weir_rewrite::PatternFilter),
            remarks: o.get_bool("remarks", false)?,
        };
        let name = if only_constant_conditions {
            FOLD_CONSTANT_CONDITIONS.name
        } else {
            CANONICALIZE.name
        };
        Ok(Box::new(Canonicalize { config, name }))
    }
}

impl Pass for Canonicalize {
    fn name(&self) -> &'static str {
        self.name
    }

    fn run(&self, ctx: &mut Context, op: OpId, diags: &mut Vec<Diagnostic>) {
        if !ctx.has_interface_models::<ConstantConditionFolding>() {
            diags.push(Diagnostic::error(
                ctx.loc(op).clone(),
                format!(
                    "{}: the ConstantConditionFolding interface is not registered (call weir_canonicalize::register_interfaces)",
                    self.name
                ),
            ));
            return;
        }
        let outcome = apply_patterns_greedily(ctx, op, &self.config);
        let mut out = outcome.diagnostics;
        if self.config.remarks {
            out.extend(kept_remarks(ctx, op));
        }
        // Remarks in source order, as a user reads them.
        out.sort_by_key(|d| d.loc.file_line_col().map(|(_, l, c)| (l, c)));
        diags.extend(out);
    }
}
