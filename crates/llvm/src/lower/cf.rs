//! Lowerings of the cf dialect's ops (MLIR `cf`): branches become LLVM branches (block
//! arguments `phi` incomings), `cf.switch` an LLVM `switch`, `cf.assert` a fault. What each op
//! means is its plan's (`weir_jit::backend::cf_plan`); this module only emits it.

use super::tensor::TARGET;
use super::{FunctionLowering, LowerFn, R};
use crate::codegen::Ll;
use weir_ir::OpId;
use weir_jit::backend::cf_plan as plan;
use weir_jit::RuntimeErrorKind;

/// The cf ops' entries of the lowering table.
pub(super) const ENTRIES: &[(&str, LowerFn)] = &[
    ("cf.br", |l, op| l.op_br(op)),
    ("cf.cond_br", |l, op| l.op_cond_br(op)),
    ("cf.switch", |l, op| l.op_switch(op)),
    ("cf.assert", |l, op| l.op_assert(op)),
];

impl FunctionLowering<'_, '_> {
    /// MLIR cf.br: an unconditional branch (the reference changes before it).
    fn op_br(&mut self, op: OpId) -> R<()> {
        let e = plan::br(self.ctx, op, &TARGET)?;
        let (target, args) = self.edge_args(op, e.succ, &e.operands)?;
        let changes = self.ref_changes(e.succ, &e.operands);
        self.adjust_refs(op, &changes)?;
        let here = self.current()?;
        self.add_incoming(e.succ, &args, here);
        self.cg.b.build_unconditional_branch(target).ll()?;
        self.terminated = true;
        Ok(())
    }

    /// MLIR cf.cond_br: a conditional branch through edge blocks where needed.
    fn op_cond_br(&mut self, op: OpId) -> R<()> {
        let p = plan::cond_br(self.ctx, op, &TARGET)?;
        let cond = self.int(op, p.condition)?;
        let mut edges = Vec::new();
        let t = self.edge(op, p.on_true.succ, &p.on_true.operands, &mut edges)?;
        let f = self.edge(op, p.on_false.succ, &p.on_false.operands, &mut edges)?;
        self.cg.b.build_conditional_branch(cond, t, f).ll()?;
        self.fill_edges(op, edges)
    }

    /// MLIR cf.switch: an LLVM `switch` over the plan's cases.
    fn op_switch(&mut self, op: OpId) -> R<()> {
        let p = plan::switch(self.ctx, op, &TARGET)?;
        let flag = self.int(op, p.flag)?;
        let mut edges = Vec::new();
        let default = self.edge(op, p.default.succ, &p.default.operands, &mut edges)?;
        let ft = flag.get_type();
        let mut cases = Vec::new();
        for (key, e) in &p.cases {
            let blk = self.edge(op, e.succ, &e.operands, &mut edges)?;
            cases.push((ft.const_int(*key, false), blk));
        }
        self.cg.b.build_switch(flag, default, &cases).ll()?;
        self.fill_edges(op, edges)
    }

    /// MLIR cf.assert: a branch to a fault block when the condition is false.
    fn op_assert(&mut self, op: OpId) -> R<()> {
        let p = plan::assert(self.ctx, op, &TARGET)?;
        let cond = self.int(op, p.condition)?;
        let fb = self.fault_block(
            RuntimeErrorKind::AssertionFailed,
            p.message,
            self.ctx.loc(op),
        );
        let cont = self.cg.ll.append_basic_block(self.func, "");
        self.cg.b.build_conditional_branch(cond, cont, fb).ll()?;
        self.cg.b.position_at_end(cont);
        Ok(())
    }
}
