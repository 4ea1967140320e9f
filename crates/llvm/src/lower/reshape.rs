//! The reshape ops (MLIR `tensor.reshape`, `tensor.expand_shape`, `tensor.collapse_shape`) as
//! their plans say (`weir_jit::backend::ReshapePlan`: the elements keep their row-major
//! order, only the sizes change; in place at the source's last use with count 1, else copied):
//! here the sizes are computed, checked (the runtime's [`RESHAPE_DETAIL`]) and written.

use super::tensor::TARGET;
use super::{FunctionLowering, LowerFn, R};
use crate::codegen::Ll;
use inkwell::values::{IntValue, PointerValue};
use inkwell::IntPredicate;
use weir_ir::OpId;
use weir_jit::backend::tensor_plan::Size;
use weir_jit::backend::{cannot_reshape, NewSizes, ReshapePlan, H_RANK, RESHAPE_DETAIL};

/// The reshape ops' entries of the lowering table.
pub(super) const ENTRIES: &[(&str, LowerFn)] = &[
    ("tensor.reshape", |l, op| l.op_reshape(op)),
    ("tensor.expand_shape", |l, op| l.op_reshape(op)),
    ("tensor.collapse_shape", |l, op| l.op_reshape(op)),
];

impl<'ll> FunctionLowering<'_, 'll> {
    /// A reshape op (`ReshapePlan`): its sizes, checked, then the result.
    fn op_reshape(&mut self, op: OpId) -> R<()> {
        let plan = ReshapePlan::of(self.ctx, op, &TARGET, self.own())?;
        let p = self.ptr(op, plan.source)?;
        let i64t = self.cg.ll.i64_type();
        let (sizes, n) = match &plan.sizes {
            NewSizes::FromShape { shape, rank } => {
                let sp = self.ptr(op, *shape)?;
                let data = self.data_of(sp)?;
                let t = self.elem_llvm_type(op, *shape)?;
                let mut sizes = Vec::new();
                for i in 0..*rank {
                    let at = self.element_at(t, data, i64t.const_int(i as u64, false))?;
                    let x = self.cg.b.build_load(t, at, "").ll()?.into_int_value();
                    sizes.push(self.convert_int(x, 64, true)?);
                }
                let (n, bad) = self.product(&sizes)?;
                self.reshape_guard(bad, op, p, &sizes)?;
                (sizes, n)
            }
            NewSizes::Expand { sizes, groups } => {
                let mut vals = Vec::new();
                for s in sizes {
                    vals.push(match *s {
                        Size::Static(n) => i64t.const_int(n, true),
                        Size::Dynamic(v) => self.int(op, v)?,
                    });
                }
                for (g, group) in groups.iter().enumerate() {
                    let want: Vec<IntValue> = group.iter().map(|&d| vals[d]).collect();
                    let (prod, invalid) = self.product(&want)?;
                    let have = self.size_of(p, g)?;
                    let differ = self
                        .cg
                        .b
                        .build_int_compare(IntPredicate::NE, prod, have, "")
                        .ll()?;
                    let bad = self.cg.b.build_or(differ, invalid, "").ll()?;
                    self.reshape_guard(bad, op, p, &vals)?;
                }
                let (n, _) = self.product(&vals)?;
                (vals, n)
            }
            NewSizes::Collapse { groups } => {
                let mut sizes = Vec::new();
                for group in groups {
                    let ds = group
                        .iter()
                        .map(|&d| self.size_of(p, d))
                        .collect::<R<Vec<_>>>()?;
                    sizes.push(self.product(&ds)?.0);
                }
                (sizes, self.numel_of(p)?)
            }
        };
        self.reshape_into(op, &plan, &sizes, n)
    }

    /// The product of `xs` (1 for none), and whether it is invalid: a negative factor (sizes
    /// are signed `index` values) or a product beyond 64 bits.
    fn product(&mut self, xs: &[IntValue<'ll>]) -> R<(IntValue<'ll>, IntValue<'ll>)> {
        let i64t = self.cg.ll.i64_type();
        let mut n = i64t.const_int(1, false);
        let mut bad = self.cg.ll.bool_type().const_zero();
        for &x in xs {
            let b = &self.cg.b;
            let neg = b
                .build_int_compare(IntPredicate::SLT, x, i64t.const_zero(), "")
                .ll()?;
            let m = self
                .call_intrinsic("llvm.umul.with.overflow", &[n.into(), x.into()])?
                .into_struct_value();
            let b = &self.cg.b;
            let over = b.build_extract_value(m, 1, "").ll()?.into_int_value();
            bad = b.build_or(bad, neg, "").ll()?;
            bad = b.build_or(bad, over, "").ll()?;
            n = b.build_extract_value(m, 0, "").ll()?.into_int_value();
        }
        Ok((n, bad))
    }

    /// Faults when `bad` is set: `op` cannot give buffer `p` the sizes `sizes`.
    fn reshape_guard(
        &mut self,
        bad: IntValue<'ll>,
        op: OpId,
        p: PointerValue<'ll>,
        sizes: &[IntValue<'ll>],
    ) -> R<()> {
        let f = cannot_reshape(self.ctx, op);
        let what = (f.kind, f.message, op);
        let slot = self.sizes_slot(sizes)?;
        let r = self.cg.ll.i64_type().const_int(sizes.len() as u64, false);
        self.guard_with_detail(
            bad,
            what,
            RESHAPE_DETAIL,
            &[p.into(), slot.into(), r.into()],
        )
    }

    /// The result of `op` (`ReshapePlan` `plan`): its source with sizes `sizes` whose
    /// product is `n` (checked against the source's element count).
    fn reshape_into(
        &mut self,
        op: OpId,
        plan: &ReshapePlan,
        sizes: &[IntValue<'ll>],
        n: IntValue<'ll>,
    ) -> R<()> {
        let (src, w) = (plan.source, plan.width);
        let p = self.ptr(op, src)?;
        let have = self.numel_of(p)?;
        let bad = self
            .cg
            .b
            .build_int_compare(IntPredicate::NE, have, n, "")
            .ll()?;
        self.reshape_guard(bad, op, p, sizes)?;
        let slot = self.sizes_slot(sizes)?;
        let q = if plan.in_place {
            self.consumed.insert(src);
            let unique = self.is_unique(p)?;
            let (reuse, copy, join) = (
                self.cg.ll.append_basic_block(self.func, "reuse"),
                self.cg.ll.append_basic_block(self.func, "copy"),
                self.cg.ll.append_basic_block(self.func, ""),
            );
            self.cg
                .b
                .build_conditional_branch(unique, reuse, copy)
                .ll()?;
            self.cg.b.position_at_end(reuse);
            self.set_sizes(p, sizes)?;
            self.cg.b.build_unconditional_branch(join).ll()?;
            self.cg.b.position_at_end(copy);
            let q = self.alloc_sizes(w, sizes.len(), slot, op)?;
            self.copy_elements(p, q, w)?;
            self.release(p)?;
            let copy_end = self.current()?;
            self.cg.b.build_unconditional_branch(join).ll()?;
            self.cg.b.position_at_end(join);
            let phi = self.cg.b.build_phi(self.ptr_t(), "").ll()?;
            phi.add_incoming(&[(&p, reuse), (&q, copy_end)]);
            phi.as_basic_value().into_pointer_value()
        } else {
            let q = self.alloc_sizes(w, sizes.len(), slot, op)?;
            self.copy_elements(p, q, w)?;
            q
        };
        self.set_result(op, 0, q);
        Ok(())
    }

    /// Writes `sizes` (and their count as the rank) into the header of buffer `p`.
    fn set_sizes(&mut self, p: PointerValue<'ll>, sizes: &[IntValue<'ll>]) -> R<()> {
        let at = self.sizes_addr(p)?;
        let i64t = self.cg.ll.i64_type();
        for (i, &s) in sizes.iter().enumerate() {
            let a = self.byte_offset(at, i64t.const_int(8 * i as u64, false))?;
            self.cg.b.build_store(a, s).ll()?;
        }
        let r = self.cg.ll.i32_type().const_int(sizes.len() as u64, false);
        let a = self.byte_offset(p, i64t.const_int(H_RANK as u64, false))?;
        self.cg.b.build_store(a, r).ll()?;
        Ok(())
    }
}
