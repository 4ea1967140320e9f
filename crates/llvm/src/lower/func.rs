//! Lowerings of the func dialect's ops (MLIR `func`): returns and direct calls with the
//! internal convention (runtime context first, two or more results as a struct); a fault in a
//! callee propagates to the caller.

use super::tensor::TARGET;
use super::{FunctionLowering, LowerFn, R};
use crate::codegen::{Ll, STATUS_FIELD};
use crate::diag::op_err;
use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicMetadataValueEnum, BasicValueEnum};
use inkwell::IntPredicate;
use weir_ir::OpId;
use weir_jit::backend::func_plan as plan;

/// The func ops' entries of the lowering table.
pub(super) const ENTRIES: &[(&str, LowerFn)] = &[
    ("func.return", |l, op| l.op_return(op)),
    ("func.call", |l, op| l.op_call(op)),
];

impl FunctionLowering<'_, '_> {
    /// `func.return`: the operands are the function's results.
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
        self.adjust_refs(op, &changes)?;
        self.sync_fuel_out()?;
        match (vals.as_slice(), self.cg.return_type(&self.decl().results)) {
            ([], _) => self.cg.b.build_return(None).ll()?,
            ([v], _) => self.cg.b.build_return(Some(v)).ll()?,
            (vs, Some(BasicTypeEnum::StructType(t))) => {
                let mut agg = t.get_undef();
                for (i, &v) in vs.iter().enumerate() {
                    agg = self
                        .cg
                        .b
                        .build_insert_value(agg, v, i as u32, "")
                        .ll()?
                        .into_struct_value();
                }
                self.cg.b.build_return(Some(&agg)).ll()?
            }
            _ => return Err(op_err(ctx, op, "has results of an unexpected type")),
        };
        self.terminated = true;
        Ok(())
    }

    /// `func.call @callee(args)`: a direct call; a fault in the callee propagates.
    fn op_call(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let decls = &self.cg.decls;
        let p = plan::call(ctx, op, &TARGET, &self.cg.by_name, |i| {
            (&decls[i].param_types, &decls[i].result_types)
        })?;
        let d = &decls[p.callee];
        let (f, n) = (d.value, d.results.len());
        let mut args: Vec<BasicMetadataValueEnum> = vec![self.rt.into()];
        for &v in p.args {
            args.push(self.val(op, v)?.into());
        }
        // The callee owns its tensor arguments: pass the reference at the value's last use,
        // a new one otherwise.
        let first = ctx.operands(op).len() - p.args.len();
        for (j, &v) in p.args.iter().enumerate() {
            if !weir_jit::backend::is_tracked(ctx, v) {
                continue;
            }
            if self.own().is_last_use(op, first + j) && self.consumed.insert(v) {
                continue;
            }
            let q = self.ptr(op, v)?;
            self.retain(q)?;
        }
        self.sync_fuel_out()?;
        let site = self.cg.b.build_call(f, &args, "").ll()?;
        self.sync_fuel_in()?;
        let status = self.load_rt(STATUS_FIELD)?;
        let i64t = self.cg.ll.i64_type();
        let failed = self
            .cg
            .b
            .build_int_compare(IntPredicate::NE, status, i64t.const_zero(), "")
            .ll()?;
        let exit = self.exit_block();
        let cont = self.cg.ll.append_basic_block(self.func, "");
        self.cg
            .b
            .build_conditional_branch(failed, exit, cont)
            .ll()?;
        self.cg.b.position_at_end(cont);
        match (n, site.try_as_basic_value().basic()) {
            (0, _) => {}
            (1, Some(v)) => self.set_result(op, 0, v),
            (_, Some(BasicValueEnum::StructValue(s))) => {
                for i in 0..n {
                    let v = self.cg.b.build_extract_value(s, i as u32, "").ll()?;
                    self.set_result(op, i, v);
                }
            }
            _ => return Err(op_err(ctx, op, "has results of an unexpected type")),
        }
        Ok(())
    }
}
