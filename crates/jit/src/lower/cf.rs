//! Lowerings of the cf dialect's ops (MLIR `cf`): branches become Cranelift jumps, `cf.switch`
//! a jump table where dense, `cf.assert` a fault.

use super::{int_array, FunctionLowering, LowerFn, R};
use crate::diag::op_err;
use crate::scalar::low_mask;
use crate::{RuntimeErrorKind, ScalarType};
use cranelift_codegen::ir::{Block, BlockArg, InstBuilder};
use cranelift_frontend::Switch;
use std::collections::HashSet;
use weir_ir::{AttrKind, BlockId, DenseValue, OpId, ValueId};

/// The cf ops' entries of the lowering table.
pub(super) const ENTRIES: &[(&str, LowerFn)] = &[
    ("cf.br", |l, op| l.op_br(op)),
    ("cf.cond_br", |l, op| l.op_cond_br(op)),
    ("cf.switch", |l, op| l.op_switch(op)),
    ("cf.assert", |l, op| l.op_assert(op)),
];

impl FunctionLowering<'_, '_> {
    /// MLIR cf.br: all operands go to the single successor.
    fn op_br(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let [succ] = ctx.successors(op)[..] else {
            return Err(op_err(ctx, op, "requires exactly one successor"));
        };
        let args = self.block_args(op, succ, ctx.operands(op))?;
        let target = self.target(op, succ)?;
        self.b.ins().jump(target, &args);
        self.terminated = true;
        Ok(())
    }

    /// MLIR cf.cond_br: operands (cond, true args, false args), split by
    /// `operandSegmentSizes` = [1, nT, nF] (or by the successors' argument counts).
    fn op_cond_br(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let [t, f] = ctx.successors(op)[..] else {
            return Err(op_err(ctx, op, "requires exactly two successors"));
        };
        let ops = ctx.operands(op);
        let (nt, nf) = match int_array(ctx, op, "operandSegmentSizes").as_deref() {
            Some(&[1, nt, nf]) => (nt as usize, nf as usize),
            Some(_) => {
                return Err(op_err(
                    ctx,
                    op,
                    "has a malformed 'operandSegmentSizes' attribute",
                ))
            }
            None => (ctx.block_args(t).len(), ctx.block_args(f).len()),
        };
        if ops.is_empty() || 1 + nt + nf != ops.len() {
            return Err(op_err(
                ctx,
                op,
                "has operand segments that do not add up to its operands",
            ));
        }
        if self.ty(op, ops[0])? != ScalarType::Int(1) {
            return Err(op_err(ctx, op, "requires an i1 condition"));
        }
        let cond = self.val(op, ops[0])?;
        let targs = self.block_args(op, t, &ops[1..1 + nt])?;
        let fargs = self.block_args(op, f, &ops[1 + nt..])?;
        let (tb, fb) = (self.target(op, t)?, self.target(op, f)?);
        self.b.ins().brif(cond, tb, &targs, fb, &fargs);
        self.terminated = true;
        Ok(())
    }

    /// MLIR cf.switch: operands (flag, default args, case args...), successors (default,
    /// case 0, ...), `case_values` (compared with the whole flag, of any width up to 64 bits),
    /// `case_operand_segments` (one count per case). The first of duplicate case values wins.
    /// Dense cases become a jump table (cranelift_frontend's `Switch`).
    fn op_switch(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let succs = ctx.successors(op).to_vec();
        let ops = ctx.operands(op).to_vec();
        let Some((&default, cases)) = succs.split_first() else {
            return Err(op_err(ctx, op, "requires a default successor"));
        };
        if ops.is_empty() {
            return Err(op_err(ctx, op, "requires a flag operand"));
        }
        let w = {
            let t = self.ty(op, ops[0])?;
            self.int_type_of(op, t)?
        };
        let mut values = match ctx.attr_of(op, "case_values").map(|a| ctx.attr_kind(a)) {
            None => Vec::new(),
            Some(AttrKind::Dense { values, .. } | AttrKind::DenseArray { values, .. }) => values
                .iter()
                .map(|v| match v {
                    DenseValue::Int(i) => Ok(*i),
                    DenseValue::Float(_) => Err(op_err(ctx, op, "has non-integer 'case_values'")),
                })
                .collect::<R<Vec<_>>>()?,
            Some(_) => return Err(op_err(ctx, op, "has a malformed 'case_values' attribute")),
        };
        if values.len() == 1 && cases.len() > 1 {
            values = vec![values[0]; cases.len()]; // a splat
        }
        if values.len() != cases.len() {
            return Err(op_err(
                ctx,
                op,
                "requires as many case values as case successors",
            ));
        }
        let n_default = match int_array(ctx, op, "operandSegmentSizes").as_deref() {
            Some(&[1, nd, _]) => nd as usize,
            Some(_) => {
                return Err(op_err(
                    ctx,
                    op,
                    "has a malformed 'operandSegmentSizes' attribute",
                ))
            }
            None => ctx.block_args(default).len(),
        };
        let case_counts: Vec<usize> = match int_array(ctx, op, "case_operand_segments") {
            Some(v) => v.iter().map(|&n| n as usize).collect(),
            None => cases.iter().map(|&c| ctx.block_args(c).len()).collect(),
        };
        if case_counts.len() != cases.len()
            || 1 + n_default + case_counts.iter().sum::<usize>() != ops.len()
        {
            return Err(op_err(
                ctx,
                op,
                "has operand segments that do not add up to its operands",
            ));
        }
        let flag = self.val(op, ops[0])?;
        // Each edge that passes arguments goes through its own block (Switch targets take none).
        let mut edges: Vec<(Block, Block, Vec<BlockArg>)> = Vec::new();
        let mut edge = |me: &mut Self, succ: BlockId, vals: &[ValueId]| -> R<Block> {
            let args = me.block_args(op, succ, vals)?;
            let target = me.target(op, succ)?;
            if args.is_empty() {
                return Ok(target);
            }
            let e = me.b.create_block();
            edges.push((e, target, args));
            Ok(e)
        };
        let default_block = edge(self, default, &ops[1..1 + n_default])?;
        let mut sw = Switch::new();
        let mut seen = HashSet::new();
        let mut start = 1 + n_default;
        for ((&succ, &value), &n) in cases.iter().zip(&values).zip(&case_counts) {
            let key = value as u64 & low_mask(w);
            let range = start..start + n;
            start += n;
            if !seen.insert(key) {
                continue;
            }
            let blk = edge(self, succ, &ops[range])?;
            sw.set_entry(key as u128, blk);
        }
        sw.emit(&mut self.b, flag, default_block);
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
        self.counts(op, 1, 0)?;
        if self.ty(op, ctx.operand(op, 0))? != ScalarType::Int(1) {
            return Err(op_err(ctx, op, "requires an i1 condition"));
        }
        let msg = match ctx.attr_of(op, "msg").map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::String(s)) => s.clone(),
            _ => String::new(),
        };
        let cond = self.val(op, ctx.operand(op, 0))?;
        let fb = self.fault_block(
            RuntimeErrorKind::AssertionFailed,
            format!("assertion failed: {msg}"),
            ctx.loc(op).clone(),
        );
        let cont = self.b.create_block();
        self.b.ins().brif(cond, cont, &[], fb, &[]);
        self.b.switch_to_block(cont);
        Ok(())
    }
}
