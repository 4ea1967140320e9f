//! Lowerings of the func dialect's ops (MLIR `func`): returns and direct calls with the
//! internal convention ([`crate::abi`]); a fault in a callee propagates to the caller.

use super::tensor::TARGET;
use super::{FunctionLowering, LowerFn, R};
use crate::abi::{emit_call, emit_return, RT_STATUS};
use crate::plan::func as plan;
use cranelift_codegen::ir::{types, InstBuilder, MemFlagsData};
use weir_ir::OpId;

/// The op holding the functions the JIT compiles (MLIR `builtin.module`).
pub(crate) const MODULE_OP: &str = "builtin.module";

/// The func ops' entries of the lowering table.
pub(super) const ENTRIES: &[(&str, LowerFn)] = &[
    ("func.return", |l, op| l.op_return(op)),
    ("func.call", |l, op| l.op_call(op)),
];

impl FunctionLowering<'_, '_> {
    /// `func.return` (MLIR func dialect): the operands are the function's results.
    fn op_return(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let values = plan::ret(ctx, op, &TARGET, &self.decl().result_types)?;
        let vals = values
            .iter()
            .map(|&v| self.val(op, v))
            .collect::<R<Vec<_>>>()?;
        let block = self
            .block
            .expect("ops and terminators are lowered only while a block is being filled");
        let changes = self.own().at_return(block, values);
        self.adjust_refs(&changes);
        self.sync_fuel_out();
        emit_return(&mut self.b, self.ret_area, &vals);
        self.terminated = true;
        Ok(())
    }

    /// `func.call @callee(args)`: a direct call; a fault in the callee propagates.
    fn op_call(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let decls = self.env.decls;
        let p = plan::call(ctx, op, &TARGET, self.env.by_name, |i| {
            (&decls[i].param_types, &decls[i].result_types)
        })?;
        let d = &decls[p.callee];
        let (id, results) = (d.id, d.results.clone());
        let fref = self.imports.func_ref(self.jit, self.b.func, id);
        let args = p
            .args
            .iter()
            .map(|&v| self.val(op, v))
            .collect::<R<Vec<_>>>()?;
        // The callee owns its tensor arguments: pass the reference at the value's last use,
        // a new one otherwise.
        let first = ctx.operands(op).len() - p.args.len();
        for (j, &v) in p.args.iter().enumerate() {
            if !crate::plan::tensor::is_tracked(ctx, v) {
                continue;
            }
            if self.own().is_last_use(op, first + j) && self.consumed.insert(v) {
                continue;
            }
            self.retain(args[j]);
        }
        let rt = self.rt();
        self.sync_fuel_out();
        let vals = emit_call(&mut self.b, self.env.ptr, fref, rt, &args, &results);
        self.sync_fuel_in();
        let status = self
            .b
            .ins()
            .load(types::I64, MemFlagsData::trusted(), rt, RT_STATUS);
        let exit = self.exit_block();
        let cont = self.b.create_block();
        self.b.ins().brif(status, exit, &[], cont, &[]);
        self.b.switch_to_block(cont);
        for (i, v) in vals.into_iter().enumerate() {
            self.set_result(op, i, v);
        }
        Ok(())
    }
}
