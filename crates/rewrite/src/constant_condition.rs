//! The constant-condition folding interface (MLIR-style external model, attached per op name
//! with `Context::attach_interface`): which of an op's canonicalization patterns remove its
//! control flow when its condition, index or trip count is a compile-time constant, and the
//! remark for the op when it stays (SEMANTICS.md section 1, MindSpore's constant/variable
//! classification). Used by `--fold-constant-conditions` (only these patterns),
//! `--canonicalize` (the remarks) and `--scf-unroll` (its clean-up); the dialects export the
//! patterns and remarks, and `weir_dialects::register_all` attaches the models.

use weir_ir::{Context, Diagnostic, OpId, Pattern};

/// The constant-condition folding interface of one op (attached with
/// `Context::attach_interface`): which of the op's canonicalization patterns remove its
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
            Some(Diagnostic::remark(ctx.loc(o), describe(ctx, o)))
        })
        .collect()
}
