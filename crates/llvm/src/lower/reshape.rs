//! The reshape ops (MLIR `tensor.reshape`, `tensor.expand_shape`, `tensor.collapse_shape`) as
//! the Cranelift JIT lowers them (`crates/jit/src/lower/reshape.rs`): the elements keep their
//! row-major order, only the sizes change; when the source is at its last use with count 1
//! its header gets the new sizes (no copy), else the elements are copied into a new buffer.
//! Element counts and group products are checked at run time, with the JIT's messages (the
//! runtime's [`RESHAPE_DETAIL`]).

use super::tensor::{dims_of, elem_width};
use super::{FunctionLowering, LowerFn, R};
use crate::codegen::Ll;
use crate::diag::unsupported_op;
use inkwell::values::{IntValue, PointerValue};
use inkwell::IntPredicate;
use weir_dialect_tensor::{CollapseShapeOp, ExpandShapeOp, ReshapeOp};
use weir_ir::{OpId, ValueId};
use weir_jit::backend::{is_tracked, H_RANK, RESHAPE_DETAIL};
use weir_jit::RuntimeErrorKind;

/// The reshape ops' entries of the lowering table.
pub(super) const ENTRIES: &[(&str, LowerFn)] = &[
    ("tensor.reshape", |l, op| l.op_reshape(op)),
    ("tensor.expand_shape", |l, op| l.op_expand_shape(op)),
    ("tensor.collapse_shape", |l, op| l.op_collapse_shape(op)),
];

impl<'ll> FunctionLowering<'_, 'll> {
    /// MLIR tensor.reshape: the sizes are the elements of the 1-D shape operand.
    fn op_reshape(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let r = ReshapeOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        let (src, shape) = (r.source(ctx), r.shape(ctx));
        self.slot_at(&ctx.loc(op), ctx.value_type(r.result(ctx)))?;
        self.slot_at(&ctx.loc(op), ctx.value_type(shape))?;
        let rank = dims_of(ctx, r.result(ctx)).map_or(0, |d| d.len());
        let sp = self.ptr(op, shape)?;
        let data = self.data_of(sp)?;
        let t = self.elem_llvm_type(op, shape)?;
        let i64t = self.cg.ll.i64_type();
        let mut sizes = Vec::new();
        for i in 0..rank {
            let at = self.element_at(t, data, i64t.const_int(i as u64, false))?;
            let x = self.cg.b.build_load(t, at, "").ll()?.into_int_value();
            sizes.push(self.convert_int(x, 64, true)?);
        }
        let (n, bad) = self.product(&sizes)?;
        let p = self.ptr(op, src)?;
        self.reshape_guard(bad, op, p, &sizes)?;
        self.reshape_into(op, src, &sizes, n)
    }

    /// MLIR tensor.expand_shape: each source dimension splits into its group of output sizes.
    fn op_expand_shape(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let e = ExpandShapeOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        let src = e.src(ctx);
        self.slot_at(&ctx.loc(op), ctx.value_type(e.result(ctx)))?;
        let p = self.ptr(op, src)?;
        let i64t = self.cg.ll.i64_type();
        let mut sizes = Vec::new();
        for s in e.output_shape(ctx) {
            sizes.push(match s {
                Ok(n) => i64t.const_int(n, true),
                Err(v) => self.int(op, v)?,
            });
        }
        for (g, group) in e.reassociation(ctx).iter().enumerate() {
            let want: Vec<IntValue> = group.iter().map(|&d| sizes[d]).collect();
            let (prod, invalid) = self.product(&want)?;
            let have = self.size_of(p, g)?;
            let differ = self
                .cg
                .b
                .build_int_compare(IntPredicate::NE, prod, have, "")
                .ll()?;
            let bad = self.cg.b.build_or(differ, invalid, "").ll()?;
            self.reshape_guard(bad, op, p, &sizes)?;
        }
        let (n, _) = self.product(&sizes)?;
        self.reshape_into(op, src, &sizes, n)
    }

    /// MLIR tensor.collapse_shape: each group of source dimensions becomes one (their product).
    fn op_collapse_shape(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let c = CollapseShapeOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        let src = c.src(ctx);
        self.slot_at(&ctx.loc(op), ctx.value_type(c.result(ctx)))?;
        let p = self.ptr(op, src)?;
        let mut sizes = Vec::new();
        for group in c.reassociation(ctx) {
            let ds = group
                .iter()
                .map(|&d| self.size_of(p, d))
                .collect::<R<Vec<_>>>()?;
            sizes.push(self.product(&ds)?.0);
        }
        let n = self.numel_of(p)?;
        self.reshape_into(op, src, &sizes, n)
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
        let msg = format!("'{}' cannot reshape", self.ctx.name_str(op));
        let what = (RuntimeErrorKind::ShapeMismatch, msg, op);
        let slot = self.sizes_slot(sizes)?;
        let r = self.cg.ll.i64_type().const_int(sizes.len() as u64, false);
        self.guard_with_detail(
            bad,
            what,
            RESHAPE_DETAIL,
            &[p.into(), slot.into(), r.into()],
        )
    }

    /// The result of `op`: source `src` (operand 0) with sizes `sizes` whose product is `n`
    /// (checked against the source's element count).
    fn reshape_into(
        &mut self,
        op: OpId,
        src: ValueId,
        sizes: &[IntValue<'ll>],
        n: IntValue<'ll>,
    ) -> R<()> {
        let ctx = self.ctx;
        let p = self.ptr(op, src)?;
        let have = self.numel_of(p)?;
        let bad = self
            .cg
            .b
            .build_int_compare(IntPredicate::NE, have, n, "")
            .ll()?;
        self.reshape_guard(bad, op, p, sizes)?;
        let w = elem_width(ctx, src);
        let slot = self.sizes_slot(sizes)?;
        let q = if is_tracked(ctx, src) && self.own().is_last_use(op, 0) {
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
