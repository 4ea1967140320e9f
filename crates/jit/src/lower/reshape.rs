//! The reshape ops (MLIR `tensor.reshape`, `tensor.expand_shape`, `tensor.collapse_shape`) as
//! their plans say ([`ReshapePlan`]: the elements keep their row-major order, only the sizes
//! change; in place at the source's last use with count 1, else copied): here the sizes are
//! computed, checked ([`cannot_reshape`]) and written.

use super::tensor::TARGET;
use super::{FunctionLowering, LowerFn, R};
use crate::plan::reshape::{cannot_reshape, NewSizes, ReshapePlan};
use crate::plan::tensor::Size;
use crate::runtime::buffer::{H_DATA, H_NUMEL, H_RANK, H_SIZES};
use crate::runtime::RESHAPE_DETAIL;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, BlockArg, InstBuilder, MemFlagsData, Value};
use weir_ir::OpId;

/// The reshape ops' entries of the lowering table.
pub(super) const ENTRIES: &[(&str, LowerFn)] = &[
    ("tensor.reshape", |l, op| l.op_reshape(op)),
    ("tensor.expand_shape", |l, op| l.op_reshape(op)),
    ("tensor.collapse_shape", |l, op| l.op_reshape(op)),
];

impl FunctionLowering<'_, '_> {
    /// A reshape op ([`ReshapePlan`]): its sizes, checked, then the result.
    fn op_reshape(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let plan = ReshapePlan::of(ctx, op, &TARGET, self.own())?;
        let p = self.val(op, plan.source)?;
        let flags = MemFlagsData::trusted();
        let (sizes, n) = match &plan.sizes {
            NewSizes::FromShape { shape, rank } => {
                let sp = self.val(op, *shape)?;
                let data = self.b.ins().load(self.env.ptr, flags, sp, H_DATA);
                let t = self.ty_elem(op, *shape)?;
                let w = crate::plan::tensor::elem_width(ctx, *shape) as i32;
                let mut sizes = Vec::new();
                for i in 0..*rank {
                    let x = self.b.ins().load(t, flags, data, w * i as i32);
                    let x = if t == types::I64 {
                        x
                    } else {
                        self.b.ins().sextend(types::I64, x)
                    };
                    sizes.push(x);
                }
                let (n, bad) = self.product(&sizes);
                self.reshape_guard(bad, op, p, &sizes);
                (sizes, n)
            }
            NewSizes::Expand { sizes, groups } => {
                let mut vals = Vec::new();
                for s in sizes {
                    vals.push(match *s {
                        Size::Static(n) => self.b.ins().iconst(types::I64, n as i64),
                        Size::Dynamic(v) => self.val(op, v)?,
                    });
                }
                for (g, group) in groups.iter().enumerate() {
                    let want: Vec<Value> = group.iter().map(|&d| vals[d]).collect();
                    let (prod, invalid) = self.product(&want);
                    let have = self
                        .b
                        .ins()
                        .load(types::I64, flags, p, H_SIZES + 8 * g as i32);
                    let differ = self.b.ins().icmp(IntCC::NotEqual, prod, have);
                    let bad = self.b.ins().bor(differ, invalid);
                    self.reshape_guard(bad, op, p, &vals);
                }
                let (n, _) = self.product(&vals);
                (vals, n)
            }
            NewSizes::Collapse { groups } => {
                let mut sizes = Vec::new();
                for group in groups {
                    let ds: Vec<Value> = group
                        .iter()
                        .map(|&d| {
                            self.b
                                .ins()
                                .load(types::I64, flags, p, H_SIZES + 8 * d as i32)
                        })
                        .collect();
                    sizes.push(self.product(&ds).0);
                }
                (sizes, self.b.ins().load(types::I64, flags, p, H_NUMEL))
            }
        };
        self.reshape_into(op, &plan, &sizes, n)
    }

    /// The product of `xs` (1 for none), and whether it is invalid: a negative factor (sizes
    /// are signed `index` values) or a product beyond 64 bits.
    fn product(&mut self, xs: &[Value]) -> (Value, Value) {
        let mut n = self.b.ins().iconst(types::I64, 1);
        let mut bad = self.b.ins().iconst(types::I8, 0);
        for &x in xs {
            let neg = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, x, 0);
            let hi = self.b.ins().umulhi(n, x);
            let over = self.b.ins().icmp_imm_s(IntCC::NotEqual, hi, 0);
            bad = self.b.ins().bor(bad, neg);
            bad = self.b.ins().bor(bad, over);
            n = self.b.ins().imul(n, x);
        }
        (n, bad)
    }

    /// Faults when `bad` is set: `op` cannot give buffer `p` the sizes `sizes`.
    fn reshape_guard(&mut self, bad: Value, op: OpId, p: Value, sizes: &[Value]) {
        let f = cannot_reshape(self.ctx, op);
        self.guard_with_detail(bad, (f.kind, f.message, op), RESHAPE_DETAIL, |l| {
            let slot = l.sizes_slot(&sizes.iter().map(|&v| Ok(v)).collect::<Vec<_>>());
            let r = l.b.ins().iconst(types::I64, sizes.len() as i64);
            vec![p, slot, r]
        });
    }

    /// The result of `op` ([`ReshapePlan`] `plan`): its source with sizes `sizes` whose
    /// product is `n` (checked against the source's element count).
    fn reshape_into(&mut self, op: OpId, plan: &ReshapePlan, sizes: &[Value], n: Value) -> R<()> {
        let flags = MemFlagsData::trusted();
        let (src, w) = (plan.source, plan.width);
        let p = self.val(op, src)?;
        let have = self.b.ins().load(types::I64, flags, p, H_NUMEL);
        let bad = self.b.ins().icmp(IntCC::NotEqual, have, n);
        self.reshape_guard(bad, op, p, sizes);
        let slot = self.sizes_slot(&sizes.iter().map(|&v| Ok(v)).collect::<Vec<_>>());
        let q = if plan.in_place {
            self.consumed.insert(src);
            let rc = self
                .b
                .ins()
                .load(types::I64, flags, p, crate::runtime::buffer::H_RC);
            let unique = self.b.ins().icmp_imm_s(IntCC::Equal, rc, 1);
            let (reuse, copy, join) = (
                self.b.create_block(),
                self.b.create_block(),
                self.b.create_block(),
            );
            self.b.append_block_param(join, types::I64);
            self.b.ins().brif(unique, reuse, &[], copy, &[]);
            self.b.switch_to_block(reuse);
            self.set_sizes(p, sizes);
            self.b.ins().jump(join, &[BlockArg::Value(p)]);
            self.b.switch_to_block(copy);
            let q = self.alloc_sizes(w, sizes.len(), slot, op)?;
            self.copy_elements(p, q, w);
            self.release(p);
            self.b.ins().jump(join, &[BlockArg::Value(q)]);
            self.b.switch_to_block(join);
            self.b.block_params(join)[0]
        } else {
            let q = self.alloc_sizes(w, sizes.len(), slot, op)?;
            self.copy_elements(p, q, w);
            q
        };
        self.set_result(op, 0, q);
        Ok(())
    }

    /// Writes `sizes` (and their count as the rank) into the header of buffer `p`.
    fn set_sizes(&mut self, p: Value, sizes: &[Value]) {
        let flags = MemFlagsData::trusted();
        for (i, &s) in sizes.iter().enumerate() {
            self.b.ins().store(flags, s, p, H_SIZES + 8 * i as i32);
        }
        let r = self.b.ins().iconst(types::I32, sizes.len() as i64);
        self.b.ins().store(flags, r, p, H_RANK);
    }
}
