//! The reshape ops (MLIR `tensor.reshape`, `tensor.expand_shape`, `tensor.collapse_shape`):
//! the elements keep their row-major order, only the sizes change. When the source is at its
//! last use with count 1 its header gets the new sizes (O(1), no copy); otherwise the elements
//! are copied into a new buffer. Element counts (`reshape`) and group products (`expand_shape`)
//! are checked at run time: a located error naming the shape and the sizes asked for.

use super::{FunctionLowering, LowerFn, R};
use crate::diag::{op_err, unsupported_op};
use crate::runtime::buffer::{H_DATA, H_NUMEL, H_RANK, H_SIZES};
use crate::runtime::RESHAPE_DETAIL;
use crate::RuntimeErrorKind;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, BlockArg, InstBuilder, MemFlagsData, Value};
use weir_dialect_tensor::{CollapseShapeOp, ExpandShapeOp, ReshapeOp};
use weir_ir::{OpId, ValueId};

/// The reshape ops' entries of the lowering table.
pub(super) const ENTRIES: &[(&str, LowerFn)] = &[
    ("tensor.reshape", |l, op| l.op_reshape(op)),
    ("tensor.expand_shape", |l, op| l.op_expand_shape(op)),
    ("tensor.collapse_shape", |l, op| l.op_collapse_shape(op)),
];

impl FunctionLowering<'_, '_> {
    /// MLIR tensor.reshape: the sizes are the elements of the 1-D shape operand.
    fn op_reshape(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let r = ReshapeOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        let (src, shape) = (r.source(ctx), r.shape(ctx));
        self.slot_at(&ctx.loc(op), ctx.value_type(r.result(ctx)))?;
        self.slot_at(&ctx.loc(op), ctx.value_type(shape))?;
        let rank = crate::plan::tensor::dims(ctx, ctx.value_type(r.result(ctx))).map_or(0, |d| d.len());
        let sp = self.val(op, shape)?;
        let flags = MemFlagsData::trusted();
        let data = self.b.ins().load(self.env.ptr, flags, sp, H_DATA);
        let t = crate::abi::cl_type(self.ty_elem_scalar(op, shape)?);
        let w = crate::plan::tensor::elem_width(ctx, shape) as i32;
        let mut sizes = Vec::new();
        for i in 0..rank {
            let x = self.b.ins().load(t, flags, data, w * i as i32);
            let x = if t == types::I64 {
                x
            } else {
                self.b.ins().sextend(types::I64, x)
            };
            sizes.push(x);
        }
        let (n, bad) = self.product(&sizes);
        self.reshape_guard(bad, op, self.val(op, src)?, &sizes);
        self.reshape_into(op, src, &sizes, n)
    }

    /// MLIR tensor.expand_shape: each source dimension splits into its group of output sizes.
    fn op_expand_shape(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let e = ExpandShapeOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        let src = e.src(ctx);
        self.slot_at(&ctx.loc(op), ctx.value_type(e.result(ctx)))?;
        let p = self.val(op, src)?;
        let mut sizes = Vec::new();
        for s in e.output_shape(ctx) {
            sizes.push(match s {
                Ok(n) => self.b.ins().iconst(types::I64, n as i64),
                Err(v) => self.val(op, v)?,
            });
        }
        let flags = MemFlagsData::trusted();
        for (g, group) in e.reassociation(ctx).iter().enumerate() {
            let want: Vec<Value> = group.iter().map(|&d| sizes[d]).collect();
            let (prod, invalid) = self.product(&want);
            let have = self
                .b
                .ins()
                .load(types::I64, flags, p, H_SIZES + 8 * g as i32);
            let differ = self.b.ins().icmp(IntCC::NotEqual, prod, have);
            let bad = self.b.ins().bor(differ, invalid);
            self.reshape_guard(bad, op, p, &sizes);
        }
        let (n, _) = self.product(&sizes);
        self.reshape_into(op, src, &sizes, n)
    }

    /// MLIR tensor.collapse_shape: each group of source dimensions becomes one (their product).
    fn op_collapse_shape(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let c = CollapseShapeOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        let src = c.src(ctx);
        self.slot_at(&ctx.loc(op), ctx.value_type(c.result(ctx)))?;
        let p = self.val(op, src)?;
        let flags = MemFlagsData::trusted();
        let mut sizes = Vec::new();
        for group in c.reassociation(ctx) {
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
        let n = self.b.ins().load(types::I64, flags, p, H_NUMEL);
        self.reshape_into(op, src, &sizes, n)
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

    /// The scalar type of the elements of tensor `v`.
    fn ty_elem_scalar(&self, op: OpId, v: ValueId) -> R<crate::ScalarType> {
        let ctx = self.ctx;
        let e = crate::plan::tensor::element_type(ctx, ctx.value_type(v))
            .ok_or_else(|| op_err(ctx, op, "expects a tensor"))?;
        self.scalar_at(&ctx.loc(op), e)
    }

    /// Faults when `bad` is set: `op` cannot give buffer `p` the sizes `sizes`.
    fn reshape_guard(&mut self, bad: Value, op: OpId, p: Value, sizes: &[Value]) {
        let msg = format!("'{}' cannot reshape", self.ctx.name_str(op));
        let what = (RuntimeErrorKind::ShapeMismatch, msg, op);
        self.guard_with_detail(bad, what, RESHAPE_DETAIL, |l| {
            let slot = l.sizes_slot(&sizes.iter().map(|&v| Ok(v)).collect::<Vec<_>>());
            let r = l.b.ins().iconst(types::I64, sizes.len() as i64);
            vec![p, slot, r]
        });
    }

    /// The result of `op`: source `src` (operand 0) with sizes `sizes` whose product is `n`
    /// (checked against the source's element count).
    fn reshape_into(&mut self, op: OpId, src: ValueId, sizes: &[Value], n: Value) -> R<()> {
        let ctx = self.ctx;
        let flags = MemFlagsData::trusted();
        let p = self.val(op, src)?;
        let have = self.b.ins().load(types::I64, flags, p, H_NUMEL);
        let bad = self.b.ins().icmp(IntCC::NotEqual, have, n);
        self.reshape_guard(bad, op, p, sizes);
        let w = crate::plan::tensor::elem_width(ctx, src);
        let slot = self.sizes_slot(&sizes.iter().map(|&v| Ok(v)).collect::<Vec<_>>());
        let in_place = crate::plan::tensor::is_tracked(ctx, src) && self.own().is_last_use(op, 0);
        let q = if in_place {
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
