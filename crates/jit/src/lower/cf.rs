//! Lowerings of the cf dialect's ops (MLIR `cf`): branches become Cranelift jumps, `cf.switch`
//! a jump table where dense, `cf.assert` a fault. What each op means (its successors'
//! operands, its checks) is its plan's (`crate::plan::cf`); this module only emits it.

use super::tensor::TARGET;
use super::{FunctionLowering, LowerFn, R};
use crate::plan::cf::{self as plan, Edge};
use crate::RuntimeErrorKind;
use cranelift_codegen::ir::{Block, BlockArg, InstBuilder};
use cranelift_frontend::Switch;
use weir_ir::OpId;

/// The cf ops' entries of the lowering table.
pub(super) const ENTRIES: &[(&str, LowerFn)] = &[
    ("cf.br", |l, op| l.op_br(op)),
    ("cf.cond_br", |l, op| l.op_cond_br(op)),
    ("cf.switch", |l, op| l.op_switch(op)),
    ("cf.assert", |l, op| l.op_assert(op)),
];

impl FunctionLowering<'_, '_> {
    /// MLIR cf.br: a jump.
    fn op_br(&mut self, op: OpId) -> R<()> {
        let e = plan::br(self.ctx, op, &TARGET)?;
        let (target, args) = self.edge(op, e.succ, &e.operands)?;
        self.b.ins().jump(target, &args);
        self.terminated = true;
        Ok(())
    }

    /// MLIR cf.cond_br: a `brif`.
    fn op_cond_br(&mut self, op: OpId) -> R<()> {
        let p = plan::cond_br(self.ctx, op, &TARGET)?;
        let cond = self.val(op, p.condition)?;
        let (tb, targs) = self.edge(op, p.on_true.succ, &p.on_true.operands)?;
        let (fb, fargs) = self.edge(op, p.on_false.succ, &p.on_false.operands)?;
        self.b.ins().brif(cond, tb, &targs, fb, &fargs);
        self.terminated = true;
        Ok(())
    }

    /// MLIR cf.switch: dense cases become a jump table (cranelift_frontend's `Switch`).
    fn op_switch(&mut self, op: OpId) -> R<()> {
        let p = plan::switch(self.ctx, op, &TARGET)?;
        let flag = self.val(op, p.flag)?;
        // Each edge that passes arguments goes through its own block (Switch targets take none).
        let mut edges: Vec<(Block, Block, Vec<BlockArg>)> = Vec::new();
        let mut edge = |me: &mut Self, e: &Edge| -> R<Block> {
            let (target, args) = me.edge(op, e.succ, &e.operands)?;
            if args.is_empty() {
                return Ok(target);
            }
            let b = me.b.create_block();
            edges.push((b, target, args));
            Ok(b)
        };
        let default_block = edge(self, &p.default)?;
        let mut sw_table = Switch::new();
        for (key, e) in &p.cases {
            let blk = edge(self, e)?;
            sw_table.set_entry(u128::from(*key), blk);
        }
        sw_table.emit(&mut self.b, flag, default_block);
        for (e, target, args) in edges {
            self.b.switch_to_block(e);
            self.b.ins().jump(target, &args);
        }
        self.terminated = true;
        Ok(())
    }

    /// MLIR cf.assert: a branch to a fault block when the condition is false.
    fn op_assert(&mut self, op: OpId) -> R<()> {
        let p = plan::assert(self.ctx, op, &TARGET)?;
        let cond = self.val(op, p.condition)?;
        let fb = self.fault_block(
            RuntimeErrorKind::AssertionFailed,
            p.message,
            self.ctx.loc(op),
        );
        let cont = self.b.create_block();
        self.b.ins().brif(cond, cont, &[], fb, &[]);
        self.b.switch_to_block(cont);
        Ok(())
    }
}
