//! Typed views of the cf ops (MLIR `cf::BranchOp`, `cf::CondBranchOp`, `cf::SwitchOp`,
//! `cf::AssertOp`). Made by `X::of(ctx, op)` (a name check); the accessors read what the cf
//! verifier guarantees, so on a verified op they never fail (on an op that failed verification
//! they may panic). The builders are the `build_*` functions of the crate root.

use weir_ir::{BlockId, Context, ValueId};

weir_ir::op_view! {
    /// `cf.br ^dest(operands)` (MLIR `cf::BranchOp`).
    BranchOp = "cf.br"
}

impl BranchOp {
    /// The successor.
    pub fn dest(self, ctx: &Context) -> BlockId {
        ctx.successors(self.0)[0]
    }

    /// The values passed to the successor's arguments (all the operands).
    pub fn dest_operands(self, ctx: &Context) -> &[ValueId] {
        ctx.operands(self.0)
    }
}

weir_ir::op_view! {
    /// `cf.cond_br %c, ^t(..), ^f(..)` (MLIR `cf::CondBranchOp`).
    CondBranchOp = "cf.cond_br"
}

impl CondBranchOp {
    /// The `i1` condition.
    pub fn condition(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }

    /// The successor taken when the condition is true.
    pub fn true_dest(self, ctx: &Context) -> BlockId {
        ctx.successors(self.0)[0]
    }

    /// The successor taken when the condition is false.
    pub fn false_dest(self, ctx: &Context) -> BlockId {
        ctx.successors(self.0)[1]
    }

    /// The values passed to the true successor.
    pub fn true_operands(self, ctx: &Context) -> &[ValueId] {
        ctx.successor_operands(self.0, 0)
    }

    /// The values passed to the false successor.
    pub fn false_operands(self, ctx: &Context) -> &[ValueId] {
        ctx.successor_operands(self.0, 1)
    }
}

weir_ir::op_view! {
    /// `cf.switch %flag : T, [default: ^d(..), v: ^b(..), ...]` (MLIR `cf::SwitchOp`).
    /// Successor 0 is the default, successor `i + 1` case `i`.
    SwitchOp = "cf.switch"
}

impl SwitchOp {
    /// The integer flag.
    pub fn flag(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }

    /// The default successor.
    pub fn default_dest(self, ctx: &Context) -> BlockId {
        ctx.successors(self.0)[0]
    }

    /// The values passed to the default successor.
    pub fn default_operands(self, ctx: &Context) -> &[ValueId] {
        ctx.successor_operands(self.0, 0)
    }

    /// The case values, in case order, sign-extended from the flag width (`i1`: 0 or 1; `uiN`:
    /// zero-extended); see [`crate::switch_case_values`].
    pub fn case_values(self, ctx: &Context) -> Vec<i128> {
        self.try_case_values(ctx)
            .expect("verified cf.switch has valid case values")
    }

    /// The case values as [`SwitchOp::case_values`], or `None` when `case_values` is malformed
    /// (which the verifier rejects): for consumers of unverified IR, such as the JIT.
    pub fn try_case_values(self, ctx: &Context) -> Option<Vec<i128>> {
        crate::switch_case_values(ctx, self.0)
    }

    /// The number of cases (besides the default).
    pub fn num_cases(self, ctx: &Context) -> usize {
        ctx.successors(self.0).len() - 1
    }

    /// The successor of case `i`.
    pub fn case_dest(self, ctx: &Context, i: usize) -> BlockId {
        ctx.successors(self.0)[i + 1]
    }

    /// The values passed to the successor of case `i`.
    pub fn case_operands(self, ctx: &Context, i: usize) -> &[ValueId] {
        ctx.successor_operands(self.0, i + 1)
    }
}

weir_ir::op_view! {
    /// `cf.assert %c, "msg"` (MLIR `cf::AssertOp`): aborts with `msg` when `%c` is false.
    AssertOp = "cf.assert"
}

impl AssertOp {
    /// The `i1` condition.
    pub fn condition(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }

    /// The message.
    pub fn msg(self, ctx: &Context) -> &str {
        match ctx.attr_of(self.0, "msg").map(|a| ctx.attr_kind(a)) {
            Some(weir_ir::AttrKind::String(s)) => s,
            _ => "",
        }
    }
}
