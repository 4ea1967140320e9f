//! Lowerings of the cf dialect's ops (MLIR `cf`): branches become Cranelift jumps, `cf.switch`
//! a jump table where dense, `cf.assert` a fault. The ops are read through cf's views; the
//! operands each successor gets are the dialect's (`Context::successor_operands`, MLIR
//! `BranchOpInterface`), checked to tile the operands so a malformed segment attribute is an
//! error, never wrong arguments.

use super::{FunctionLowering, LowerFn, R};
use crate::diag::{op_err, unsupported_op};
use crate::scalar::low_mask;
use crate::{RuntimeErrorKind, ScalarType};
use cranelift_codegen::ir::{Block, BlockArg, InstBuilder};
use cranelift_frontend::Switch;
use std::collections::HashSet;
use weir_dialect_cf::{AssertOp, BranchOp, CondBranchOp, SwitchOp};
use weir_ir::{BlockId, OpId, ValueId};

/// The cf ops' entries of the lowering table.
pub(super) const ENTRIES: &[(&str, LowerFn)] = &[
    ("cf.br", |l, op| l.op_br(op)),
    ("cf.cond_br", |l, op| l.op_cond_br(op)),
    ("cf.switch", |l, op| l.op_switch(op)),
    ("cf.assert", |l, op| l.op_assert(op)),
];

impl FunctionLowering<'_, '_> {
    /// Checks that `op` has `n` successors and that the successors' operands are the op's
    /// operands after the first `leading` ones, successor after successor without gaps (the
    /// layout of `operandSegmentSizes` / `case_operand_segments`, which the verifier checks).
    /// Returns the successors' operand ranges (all at once: linear in the op's size).
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
        let (target, args) = self.edge(op, succ, br.dest_operands(ctx))?;
        self.b.ins().jump(target, &args);
        self.terminated = true;
        Ok(())
    }

    /// MLIR cf.cond_br: operands (cond, true args, false args), split by
    /// `operandSegmentSizes` = [1, nT, nF].
    fn op_cond_br(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let br = CondBranchOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        self.check_successor_operands(op, 2, 1)?;
        if self.ty(op, br.condition(ctx))? != ScalarType::Int(1) {
            return Err(op_err(ctx, op, "requires an i1 condition"));
        }
        let (t, f) = (br.true_dest(ctx), br.false_dest(ctx));
        let cond = self.val(op, br.condition(ctx))?;
        let (tb, targs) = self.edge(op, t, br.true_operands(ctx))?;
        let (fb, fargs) = self.edge(op, f, br.false_operands(ctx))?;
        self.b.ins().brif(cond, tb, &targs, fb, &fargs);
        self.terminated = true;
        Ok(())
    }

    /// MLIR cf.switch: operands (flag, default args, case args...), successors (default,
    /// case 0, ...), `case_values` (compared with the whole flag, of any width up to 64 bits).
    /// The first of duplicate case values wins. Dense cases become a jump table
    /// (cranelift_frontend's `Switch`).
    fn op_switch(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let sw = SwitchOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        if ctx.successors(op).is_empty() {
            return Err(op_err(ctx, op, "requires a default successor"));
        }
        let n = sw.num_cases(ctx);
        let ranges = self.check_successor_operands(op, n + 1, 1)?;
        let w = {
            let t = self.ty(op, sw.flag(ctx))?;
            self.int_type_of(op, t)?
        };
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
        let flag = self.val(op, sw.flag(ctx))?;
        // Each edge that passes arguments goes through its own block (Switch targets take none).
        let mut edges: Vec<(Block, Block, Vec<BlockArg>)> = Vec::new();
        let mut edge = |me: &mut Self, succ: BlockId, vals: &[ValueId]| -> R<Block> {
            let (target, args) = me.edge(op, succ, vals)?;
            if args.is_empty() {
                return Ok(target);
            }
            let e = me.b.create_block();
            edges.push((e, target, args));
            Ok(e)
        };
        // Successor 0 is the default, successor i + 1 case i.
        let succ_operands = |i: usize| &ctx.operands(op)[ranges[i].clone()];
        let default_block = edge(self, sw.default_dest(ctx), succ_operands(0))?;
        let mut sw_table = Switch::new();
        let mut seen = HashSet::new();
        for (i, &value) in values.iter().enumerate() {
            let key = value as u64 & low_mask(w);
            if !seen.insert(key) {
                continue;
            }
            let blk = edge(self, sw.case_dest(ctx, i), succ_operands(i + 1))?;
            sw_table.set_entry(key as u128, blk);
        }
        sw_table.emit(&mut self.b, flag, default_block);
        for (e, target, args) in edges {
            self.b.switch_to_block(e);
            self.b.ins().jump(target, &args);
        }
        self.terminated = true;
        Ok(())
    }

    /// MLIR cf.assert `%cond, "msg"`: a runtime error `assertion failed: msg` when false.
    fn op_assert(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let assert = AssertOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        self.counts(op, 1, 0)?;
        if self.ty(op, assert.condition(ctx))? != ScalarType::Int(1) {
            return Err(op_err(ctx, op, "requires an i1 condition"));
        }
        let cond = self.val(op, assert.condition(ctx))?;
        let fb = self.fault_block(
            RuntimeErrorKind::AssertionFailed,
            crate::backend::assert_message(assert.msg(ctx)),
            ctx.loc(op),
        );
        let cont = self.b.create_block();
        self.b.ins().brif(cond, cont, &[], fb, &[]);
        self.b.switch_to_block(cont);
        Ok(())
    }
}
