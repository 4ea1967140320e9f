//! Lowerings of the cf dialect's ops (MLIR `cf`): branches become LLVM branches (block
//! arguments `phi` incomings), `cf.switch` an LLVM `switch`, `cf.assert` a fault. The ops are
//! read through cf's views; the operands each successor gets are the dialect's
//! (`Context::successor_operands`), checked to tile the operands.

use super::{FunctionLowering, LowerFn, R};
use crate::codegen::Ll;
use crate::diag::{op_err, unsupported_op};
use std::collections::HashSet;
use weir_dialect_cf::{AssertOp, BranchOp, CondBranchOp, SwitchOp};
use weir_ir::OpId;
use weir_jit::{RuntimeErrorKind, ScalarType};

/// The cf ops' entries of the lowering table.
pub(super) const ENTRIES: &[(&str, LowerFn)] = &[
    ("cf.br", |l, op| l.op_br(op)),
    ("cf.cond_br", |l, op| l.op_cond_br(op)),
    ("cf.switch", |l, op| l.op_switch(op)),
    ("cf.assert", |l, op| l.op_assert(op)),
];

impl FunctionLowering<'_, '_> {
    /// Checks that `op` has `n` successors and that the successors' operands are the op's
    /// operands after the first `leading` ones, successor after successor without gaps.
    fn check_successor_operands(
        &self,
        op: OpId,
        n: usize,
        leading: usize,
    ) -> R<Vec<std::ops::Range<usize>>> {
        let ctx = self.ctx;
        if ctx.successors(op).len() != n {
            return Err(op_err(
                ctx,
                op,
                format!(
                    "requires {n} successor(s), got {}",
                    ctx.successors(op).len()
                ),
            ));
        }
        let ranges = ctx.successor_operand_ranges(op);
        let mut next = leading;
        for r in &ranges {
            if r.start != next {
                next = usize::MAX;
                break;
            }
            next = r.end;
        }
        if next != ctx.operands(op).len() {
            return Err(op_err(
                ctx,
                op,
                "has operand segments that do not add up to its operands",
            ));
        }
        Ok(ranges)
    }

    /// MLIR cf.br: all operands go to the single successor.
    fn op_br(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let br = BranchOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        self.check_successor_operands(op, 1, 0)?;
        let succ = br.dest(ctx);
        let (target, args) = self.edge_args(op, succ, br.dest_operands(ctx))?;
        let changes = self.ref_changes(succ, br.dest_operands(ctx));
        self.adjust_refs(op, &changes)?;
        let here = self.current()?;
        self.add_incoming(succ, &args, here);
        self.cg.b.build_unconditional_branch(target).ll()?;
        self.terminated = true;
        Ok(())
    }

    /// MLIR cf.cond_br: operands (cond, true args, false args).
    fn op_cond_br(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let br = CondBranchOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        self.check_successor_operands(op, 2, 1)?;
        if self.ty(op, br.condition(ctx))? != ScalarType::Int(1) {
            return Err(op_err(ctx, op, "requires an i1 condition"));
        }
        let cond = self.int(op, br.condition(ctx))?;
        let mut edges = Vec::new();
        let t = self.edge(op, br.true_dest(ctx), br.true_operands(ctx), &mut edges)?;
        let f = self.edge(op, br.false_dest(ctx), br.false_operands(ctx), &mut edges)?;
        self.cg.b.build_conditional_branch(cond, t, f).ll()?;
        self.fill_edges(op, edges)
    }

    /// MLIR cf.switch: operands (flag, default args, case args...), successors (default,
    /// case 0, ...), `case_values` compared with the whole flag; the first of duplicate case
    /// values wins (as in the JIT).
    fn op_switch(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let sw = SwitchOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        if ctx.successors(op).is_empty() {
            return Err(op_err(ctx, op, "requires a default successor"));
        }
        let n = sw.num_cases(ctx);
        let ranges = self.check_successor_operands(op, n + 1, 1)?;
        let t = self.ty(op, sw.flag(ctx))?;
        self.int_type_of(op, t)?;
        let values = sw
            .try_case_values(ctx)
            .ok_or_else(|| op_err(ctx, op, "has a malformed 'case_values' attribute"))?;
        if values.len() != n {
            return Err(op_err(
                ctx,
                op,
                "requires as many case values as case successors",
            ));
        }
        let flag = self.int(op, sw.flag(ctx))?;
        let succ_operands = |i: usize| &ctx.operands(op)[ranges[i].clone()];
        let mut edges = Vec::new();
        let default = self.edge(op, sw.default_dest(ctx), succ_operands(0), &mut edges)?;
        let mut cases = Vec::new();
        let mut seen = HashSet::new();
        let ft = flag.get_type();
        for (i, &value) in values.iter().enumerate() {
            // The case value's low bits (const_int truncates to the width).
            let key = ft.const_int(value as u64, false);
            if !seen.insert(key.get_zero_extended_constant()) {
                continue;
            }
            let blk = self.edge(op, sw.case_dest(ctx, i), succ_operands(i + 1), &mut edges)?;
            cases.push((key, blk));
        }
        self.cg.b.build_switch(flag, default, &cases).ll()?;
        self.fill_edges(op, edges)
    }

    /// MLIR cf.assert `%cond, "msg"`: a runtime error `assertion failed: msg` when false.
    fn op_assert(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let assert = AssertOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        self.counts(op, 1, 0)?;
        if self.ty(op, assert.condition(ctx))? != ScalarType::Int(1) {
            return Err(op_err(ctx, op, "requires an i1 condition"));
        }
        let cond = self.int(op, assert.condition(ctx))?;
        let fb = self.fault_block(
            RuntimeErrorKind::AssertionFailed,
            weir_jit::backend::assert_message(assert.msg(ctx)),
            ctx.loc(op),
        );
        let cont = self.cg.ll.append_basic_block(self.func, "");
        self.cg.b.build_conditional_branch(cond, cont, fb).ll()?;
        self.cg.b.position_at_end(cont);
        Ok(())
    }
}
