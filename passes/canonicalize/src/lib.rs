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
//! Which patterns are the constant-condition ones, and the remark for a kept op, are the
//! `ConstantConditionFolding` interface (`weir_rewrite::constant_condition`), not part of the IR
//! core: the dialects export the patterns (`scf::IfOp::CONSTANT_CONDITION`, ...) and remarks
//! (`scf::IfOp::describe_kept`, ...), and `weir_dialects::register_all` attaches them to the ops
//! (MLIR's external models), so the registry is complete and read-only before any pass runs
//! (what parallel function passes need, ARCHITECTURE.md). A pass run on a context without the
//! models reports an error instead of silently folding nothing (MLIR's unregistered promised
//! interface).

use weir_ir::{Context, Diagnostic, OpId};
use weir_pass::{Pass, PassInfo, PassOption, PassOptions};
use weir_rewrite::constant_condition::{
    constant_condition_patterns, kept_remarks, ConstantConditionFolding,
};
use weir_rewrite::{apply_patterns_greedily, GreedyConfig};

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
    function_level: true,
    create: |o| Canonicalize::new(o, false),
};

/// `--fold-constant-conditions[="remarks=true max-iterations=N"]`.
pub const FOLD_CONSTANT_CONDITIONS: PassInfo = PassInfo {
    name: "fold-constant-conditions",
    summary: "Remove control flow whose condition, index or trip count is a compile-time constant",
    options: OPTIONS,
    function_level: true,
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
                ctx.loc(op),
                format!(
                    "{}: the ConstantConditionFolding interface is not registered (register the dialects with weir_dialects::register_all)",
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
