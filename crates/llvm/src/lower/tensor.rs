//! Tensor values in the LLVM backend: the buffer header accessors, allocation and reuse
//! through the Cranelift JIT's runtime (`weir_jit::backend`: the same header layout, host
//! functions and fault details), `dense<...>` constants (immortal buffers of the compiled
//! module), and the tensor dialect's element and shape ops (MLIR `tensor`: `empty`, `splat`,
//! `from_elements`, `extract`, `insert`, `dim`, `rank`, `cast`, `generate`), with the JIT's run-time checks
//! and messages (`crates/jit/src/lower/tensor.rs`).

use super::{FunctionLowering, LowerFn, R};
use crate::codegen::{llvm_type, Ll};
use crate::diag::{op_err, unregistered_op, unsupported_op, unsupported_type};
use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicValueEnum, IntValue, PointerValue};
use inkwell::{AddressSpace, IntPredicate};
use weir_ir::{OpId, ValueId};
use weir_jit::backend::tensor_plan::{
    self as plan, at_last_use, cannot_allocate, index_out_of_bounds, negative_size, rank_of, Alias,
    CastPlan, DimIndex, DimPlan, Element, GeneratePlan, NewTensor, Size,
};
pub(super) use weir_jit::backend::tensor_plan::{dims_of, elem_width, element_type};
use weir_jit::backend::{
    constant_buffer, Target, ALLOC, H_DATA, H_NUMEL, H_RC, H_SIZES, INDEX_DETAIL, SHAPE_DETAIL,
    SIZE_DETAIL,
};
use weir_jit::RuntimeErrorKind;

/// The tensor ops' entries of the lowering table.
pub(super) const ENTRIES: &[(&str, LowerFn)] = &[
    ("tensor.empty", |l, op| l.op_empty(op)),
    ("tensor.splat", |l, op| l.op_splat(op)),
    ("tensor.from_elements", |l, op| l.op_from_elements(op)),
    ("tensor.extract", |l, op| l.op_extract(op)),
    ("tensor.insert", |l, op| l.op_insert(op)),
    ("tensor.dim", |l, op| l.op_dim(op)),
    ("tensor.rank", |l, op| l.op_rank(op)),
    ("tensor.cast", |l, op| l.op_cast(op)),
    ("tensor.generate", |l, op| l.op_generate(op)),
];

/// How the plans word this backend's errors about what it cannot compile.
pub(crate) const TARGET: Target = Target {
    unsupported_op,
    unsupported_type,
    unregistered_op,
    noun: "the llvm backend",
};

/// A tensor constant (`arith.constant dense<...>`): an immortal buffer of the module
/// (`weir_jit::backend::constant_buffer`), whose address the code embeds.
pub(super) fn lower_constant(l: &mut FunctionLowering<'_, '_>, op: OpId) -> R<()> {
    let ctx = l.ctx;
    l.slot_at(&ctx.loc(op), ctx.value_type(ctx.result(op, 0)))?;
    let c = constant_buffer(ctx, op).map_err(|why| op_err(ctx, op, why))?;
    let addr = l.cg.ll.i64_type().const_int(c.address(), false);
    let p = l.cg.b.build_int_to_ptr(addr, l.ptr_t(), "").ll()?;
    l.cg.consts.push(c);
    l.set_result(op, 0, p);
    Ok(())
}

impl<'ll> FunctionLowering<'_, 'll> {
    /// LLVM's pointer type.
    pub(super) fn ptr_t(&self) -> inkwell::types::PointerType<'ll> {
        self.cg.ll.ptr_type(AddressSpace::default())
    }

    /// The address `offset` bytes after `p`.
    pub(super) fn byte_offset(
        &self,
        p: PointerValue<'ll>,
        offset: IntValue<'ll>,
    ) -> R<PointerValue<'ll>> {
        // SAFETY: building a `getelementptr inbounds i8` only emits IR; the offsets used are
        // fields of a buffer header or bytes of its elements, inside its allocation.
        unsafe {
            self.cg
                .b
                .build_in_bounds_gep(self.cg.ll.i8_type(), p, &[offset], "")
        }
        .ll()
    }

    /// Loads the 64-bit header field at byte `offset` of buffer `p`.
    pub(super) fn header_i64(&self, p: PointerValue<'ll>, offset: i32) -> R<IntValue<'ll>> {
        let i64t = self.cg.ll.i64_type();
        let at = self.byte_offset(p, i64t.const_int(offset as u64, false))?;
        Ok(self.cg.b.build_load(i64t, at, "").ll()?.into_int_value())
    }

    /// The elements of buffer `p` (its header's data pointer).
    pub(super) fn data_of(&self, p: PointerValue<'ll>) -> R<PointerValue<'ll>> {
        let i64t = self.cg.ll.i64_type();
        let at = self.byte_offset(p, i64t.const_int(H_DATA as u64, false))?;
        Ok(self
            .cg
            .b
            .build_load(self.ptr_t(), at, "")
            .ll()?
            .into_pointer_value())
    }

    /// The number of elements of buffer `p`.
    pub(super) fn numel_of(&self, p: PointerValue<'ll>) -> R<IntValue<'ll>> {
        self.header_i64(p, H_NUMEL)
    }

    /// Size `d` of buffer `p`.
    pub(super) fn size_of(&self, p: PointerValue<'ll>, d: usize) -> R<IntValue<'ll>> {
        self.header_i64(p, H_SIZES + 8 * d as i32)
    }

    /// The address of the sizes of buffer `p` (`rank` 64-bit words).
    pub(super) fn sizes_addr(&self, p: PointerValue<'ll>) -> R<PointerValue<'ll>> {
        self.byte_offset(p, self.cg.ll.i64_type().const_int(H_SIZES as u64, false))
    }

    /// The LLVM type of the elements of tensor `v`.
    pub(super) fn elem_llvm_type(&self, op: OpId, v: ValueId) -> R<BasicTypeEnum<'ll>> {
        let ctx = self.ctx;
        let e = element_type(ctx, ctx.value_type(v))
            .ok_or_else(|| op_err(ctx, op, "expects a tensor"))?;
        Ok(llvm_type(self.cg.ll, self.scalar_at(&ctx.loc(op), e)?))
    }

    /// An `alloca` of `n` 64-bit words in the function's entry block (so a loop does not grow
    /// the stack).
    pub(super) fn entry_words(&self, n: usize) -> R<PointerValue<'ll>> {
        let here = self.current()?;
        let entry = self
            .func
            .get_first_basic_block()
            .expect("the function has its start block");
        match entry.get_first_instruction() {
            Some(i) => self.cg.b.position_before(&i),
            None => self.cg.b.position_at_end(entry),
        }
        let t = self.cg.ll.i64_type().array_type(n.max(1) as u32);
        let slot = self.cg.b.build_alloca(t, "sizes").ll()?;
        self.cg.b.position_at_end(here);
        Ok(slot)
    }

    /// A stack array holding `sizes`, its address.
    pub(super) fn sizes_slot(&self, sizes: &[IntValue<'ll>]) -> R<PointerValue<'ll>> {
        let slot = self.entry_words(sizes.len())?;
        let i64t = self.cg.ll.i64_type();
        for (i, &s) in sizes.iter().enumerate() {
            let at = self.byte_offset(slot, i64t.const_int(8 * i as u64, false))?;
            self.cg.b.build_store(at, s).ll()?;
        }
        Ok(slot)
    }

    /// A new buffer of `rank` sizes at address `sizes`, `width`-byte elements (runtime
    /// `alloc`); faults (out of memory) at `op`.
    pub(super) fn alloc_sizes(
        &mut self,
        width: u32,
        rank: usize,
        sizes: PointerValue<'ll>,
        op: OpId,
    ) -> R<PointerValue<'ll>> {
        let ctx = self.ctx;
        let i64t = self.cg.ll.i64_type();
        let st = self.state();
        let f = self.cg.runtime_fn(
            ALLOC,
            &[
                self.ptr_t().into(),
                i64t.into(),
                i64t.into(),
                self.ptr_t().into(),
            ],
            Some(self.ptr_t().into()),
        );
        let args = [
            st.into(),
            i64t.const_int(width as u64, false).into(),
            i64t.const_int(rank as u64, false).into(),
            sizes.into(),
        ];
        let p = self.call(f, &args)?.into_pointer_value();
        let null = self.cg.b.build_is_null(p, "").ll()?;
        let f = cannot_allocate(ctx, op);
        self.guard(null, f.kind, f.message, ctx.loc(op))?;
        Ok(p)
    }

    /// A new buffer of `width`-byte elements with the sizes of buffer `like` (or, with none,
    /// the static sizes of `op`'s first result).
    pub(super) fn alloc_like(
        &mut self,
        width: u32,
        rank: usize,
        like: Option<PointerValue<'ll>>,
        op: OpId,
    ) -> R<PointerValue<'ll>> {
        let sizes = match like {
            Some(p) => self.sizes_addr(p)?,
            None => {
                let ctx = self.ctx;
                let i64t = self.cg.ll.i64_type();
                let d: Vec<IntValue> = dims_of(ctx, ctx.result(op, 0))
                    .unwrap_or(&[])
                    .iter()
                    .map(|x| i64t.const_int(x.unwrap_or(0), false))
                    .collect();
                self.sizes_slot(&d)?
            }
        };
        self.alloc_sizes(width, rank, sizes, op)
    }

    /// `p` itself when its count is 1 (its reference passes to the result), else a new buffer
    /// of the sizes of `like` (default `p`).
    pub(super) fn reuse_or_alloc(
        &mut self,
        p: PointerValue<'ll>,
        width: u32,
        rank: usize,
        like: Option<PointerValue<'ll>>,
        op: OpId,
    ) -> R<PointerValue<'ll>> {
        let unique = self.is_unique(p)?;
        let from = self.current()?;
        let fresh = self.cg.ll.append_basic_block(self.func, "fresh");
        let join = self.cg.ll.append_basic_block(self.func, "");
        self.cg
            .b
            .build_conditional_branch(unique, join, fresh)
            .ll()?;
        self.cg.b.position_at_end(fresh);
        let q = self.alloc_like(width, rank, like.or(Some(p)), op)?;
        let fresh_end = self.current()?;
        self.cg.b.build_unconditional_branch(join).ll()?;
        self.cg.b.position_at_end(join);
        let phi = self.cg.b.build_phi(self.ptr_t(), "").ll()?;
        phi.add_incoming(&[(&p, from), (&q, fresh_end)]);
        Ok(phi.as_basic_value().into_pointer_value())
    }

    /// Whether buffer `p`'s count is 1 (an `i1`): nothing else holds it, so it may be reused.
    pub(super) fn is_unique(&self, p: PointerValue<'ll>) -> R<IntValue<'ll>> {
        let rc = self.header_i64(p, H_RC)?;
        let one = self.cg.ll.i64_type().const_int(1, false);
        self.cg
            .b
            .build_int_compare(IntPredicate::EQ, rc, one, "")
            .ll()
    }

    /// Lowers the ops of `block` (a region's body) before its terminator with the lowering
    /// table, at the builder's position.
    pub(super) fn lower_body(&mut self, block: weir_ir::BlockId) -> R<()> {
        let ctx = self.ctx;
        for inner in ctx.block_ops(block) {
            if Some(inner) == ctx.last_op(block) {
                break;
            }
            let lower = super::table()
                .get(ctx.name_str(inner))
                .copied()
                .ok_or_else(|| unsupported_op(ctx, inner))?;
            lower(self, inner)?;
        }
        Ok(())
    }

    /// Runs `then` when `cond` holds, then continues.
    pub(super) fn when(
        &mut self,
        cond: IntValue<'ll>,
        then: impl FnOnce(&mut Self) -> R<()>,
    ) -> R<()> {
        let yes = self.cg.ll.append_basic_block(self.func, "");
        let cont = self.cg.ll.append_basic_block(self.func, "");
        self.cg.b.build_conditional_branch(cond, yes, cont).ll()?;
        self.cg.b.position_at_end(yes);
        then(self)?;
        self.cg.b.build_unconditional_branch(cont).ll()?;
        self.cg.b.position_at_end(cont);
        Ok(())
    }

    /// Emits a loop twice for buffers `q` that may have been reused from `p` (`pairs`): once,
    /// when every `q` is its `p`, with `emit(self, true)` (which then addresses the output
    /// through the input's own pointer, so LLVM sees one buffer read and written at the same
    /// index and vectorizes without overlap checks), and once otherwise with
    /// `emit(self, false)`. With no pairs, `emit(self, false)` once.
    pub(super) fn versioned(
        &mut self,
        pairs: &[(PointerValue<'ll>, PointerValue<'ll>)],
        mut emit: impl FnMut(&mut Self, bool) -> R<()>,
    ) -> R<()> {
        if pairs.is_empty() {
            return emit(self, false);
        }
        let mut all = self.cg.ll.bool_type().const_int(1, false);
        for &(p, q) in pairs {
            let same = self
                .cg
                .b
                .build_int_compare(IntPredicate::EQ, p, q, "")
                .ll()?;
            all = self.cg.b.build_and(all, same, "").ll()?;
        }
        let (yes, no, join) = (
            self.cg.ll.append_basic_block(self.func, "in_place"),
            self.cg.ll.append_basic_block(self.func, "separate"),
            self.cg.ll.append_basic_block(self.func, ""),
        );
        self.cg.b.build_conditional_branch(all, yes, no).ll()?;
        self.cg.b.position_at_end(yes);
        emit(self, true)?;
        self.cg.b.build_unconditional_branch(join).ll()?;
        self.cg.b.position_at_end(no);
        emit(self, false)?;
        self.cg.b.build_unconditional_branch(join).ll()?;
        self.cg.b.position_at_end(join);
        Ok(())
    }

    /// Releases `p` unless it is `q` (the buffer it was reused as).
    pub(super) fn release_unless_same(
        &mut self,
        p: PointerValue<'ll>,
        q: PointerValue<'ll>,
    ) -> R<()> {
        let other = self
            .cg
            .b
            .build_int_compare(IntPredicate::NE, p, q, "")
            .ll()?;
        self.when(other, |l| l.release(p))
    }

    /// Faults at `op` when `bad` is set, after calling the runtime function `detail` with the
    /// run's state and `args` (in the fault path), which appends the fault's details to
    /// `message`.
    pub(super) fn guard_with_detail(
        &mut self,
        bad: IntValue<'ll>,
        (kind, message, op): (RuntimeErrorKind, String, OpId),
        detail: &str,
        args: &[BasicValueEnum<'ll>],
    ) -> R<()> {
        let fb = self.fault_block(kind, message, self.ctx.loc(op));
        let cold = self.cg.ll.append_basic_block(self.func, "detail");
        let cont = self.cg.ll.append_basic_block(self.func, "");
        self.cg.b.build_conditional_branch(bad, cold, cont).ll()?;
        self.cg.b.position_at_end(cold);
        let mut call = vec![self.state().into()];
        call.extend_from_slice(args);
        self.runtime_call(detail, &call)?;
        self.cg.b.build_unconditional_branch(fb).ll()?;
        self.cg.b.position_at_end(cont);
        Ok(())
    }

    /// Faults with a shape mismatch between buffers `a` and `b` when `bad` is set.
    pub(super) fn shape_guard(
        &mut self,
        bad: IntValue<'ll>,
        (a, b): (PointerValue<'ll>, PointerValue<'ll>),
        msg: String,
        op: OpId,
    ) -> R<()> {
        let what = (RuntimeErrorKind::ShapeMismatch, msg, op);
        self.guard_with_detail(bad, what, SHAPE_DETAIL, &[a.into(), b.into()])
    }

    /// Faults when `bad` is set because dimension `dim` of buffer `h` is not `want`.
    pub(super) fn size_guard(
        &mut self,
        bad: IntValue<'ll>,
        (h, dim, want): (PointerValue<'ll>, usize, u64),
        msg: String,
        op: OpId,
    ) -> R<()> {
        let i64t = self.cg.ll.i64_type();
        let what = (RuntimeErrorKind::ShapeMismatch, msg, op);
        let args = [
            h.into(),
            i64t.const_int(dim as u64, false).into(),
            i64t.const_int(want, false).into(),
        ];
        self.guard_with_detail(bad, what, SIZE_DETAIL, &args)
    }

    /// A loop over `i` in `from..to` (unsigned), `body` emitting each trip's code.
    pub(super) fn counted_loop(
        &mut self,
        range: (IntValue<'ll>, IntValue<'ll>),
        body: impl FnOnce(&mut Self, IntValue<'ll>) -> R<()>,
    ) -> R<()> {
        self.counted_loop_carrying(range, Vec::new(), |l, i, _| body(l, i).map(|_| Vec::new()))
            .map(|_| ())
    }

    /// A loop over `i` in `from..to` (unsigned) carrying values, started at `init`: `body`
    /// emits each trip's code from `i` and the carried values and returns the next ones;
    /// returns the values after the loop.
    pub(super) fn counted_loop_carrying(
        &mut self,
        (from, to): (IntValue<'ll>, IntValue<'ll>),
        init: Vec<BasicValueEnum<'ll>>,
        body: impl FnOnce(
            &mut Self,
            IntValue<'ll>,
            &[BasicValueEnum<'ll>],
        ) -> R<Vec<BasicValueEnum<'ll>>>,
    ) -> R<Vec<BasicValueEnum<'ll>>> {
        let pre = self.current()?;
        let header = self.cg.ll.append_basic_block(self.func, "loop");
        let bb = self.cg.ll.append_basic_block(self.func, "body");
        let done = self.cg.ll.append_basic_block(self.func, "done");
        self.cg.b.build_unconditional_branch(header).ll()?;
        self.cg.b.position_at_end(header);
        let i64t = self.cg.ll.i64_type();
        let phi = self.cg.b.build_phi(i64t, "i").ll()?;
        phi.add_incoming(&[(&from, pre)]);
        let mut phis = Vec::new();
        for v in &init {
            let p = self.cg.b.build_phi(v.get_type(), "acc").ll()?;
            p.add_incoming(&[(v as &dyn inkwell::values::BasicValue, pre)]);
            phis.push(p);
        }
        let cur: Vec<BasicValueEnum> = phis.iter().map(|p| p.as_basic_value()).collect();
        let i = phi.as_basic_value().into_int_value();
        let more = self
            .cg
            .b
            .build_int_compare(IntPredicate::ULT, i, to, "")
            .ll()?;
        self.cg.b.build_conditional_branch(more, bb, done).ll()?;
        self.cg.b.position_at_end(bb);
        let next = body(self, i, &cur)?;
        let step = self
            .cg
            .b
            .build_int_nuw_add(i, i64t.const_int(1, false), "")
            .ll()?;
        let latch = self.current()?;
        phi.add_incoming(&[(&step, latch)]);
        for (p, v) in phis.iter().zip(&next) {
            p.add_incoming(&[(v as &dyn inkwell::values::BasicValue, latch)]);
        }
        self.cg.b.build_unconditional_branch(header).ll()?;
        self.cg.b.position_at_end(done);
        Ok(cur)
    }

    /// `n` rounded down to a multiple of `m` (a power of two).
    pub(super) fn round_down(&self, n: IntValue<'ll>, m: u64) -> R<IntValue<'ll>> {
        let mask = self.cg.ll.i64_type().const_int(m.wrapping_neg(), false);
        self.cg.b.build_and(n, mask, "").ll()
    }

    /// The address of element `i` (a flat index) of the elements at `data` of type `t`.
    pub(super) fn element_at(
        &self,
        t: BasicTypeEnum<'ll>,
        data: PointerValue<'ll>,
        i: IntValue<'ll>,
    ) -> R<PointerValue<'ll>> {
        // SAFETY: building a `getelementptr inbounds` only emits IR; `i` is below the buffer's
        // element count wherever the generated code uses the address.
        unsafe { self.cg.b.build_in_bounds_gep(t, data, &[i], "") }.ll()
    }

    /// Stores `x` into every element of buffer `p` (elements of type `t`).
    pub(super) fn fill(&mut self, p: PointerValue<'ll>, x: BasicValueEnum<'ll>) -> R<()> {
        let n = self.numel_of(p)?;
        let data = self.data_of(p)?;
        let t = x.get_type();
        let zero = self.cg.ll.i64_type().const_zero();
        self.counted_loop((zero, n), |l, i| {
            let at = l.element_at(t, data, i)?;
            l.cg.b.build_store(at, x).ll()?;
            Ok(())
        })
    }

    /// The buffer of new tensor `t` (result of `op`): static sizes from the type, `?` sizes
    /// from their operands, each checked not to be negative.
    fn alloc_new(&mut self, op: OpId, t: &NewTensor) -> R<PointerValue<'ll>> {
        let ctx = self.ctx;
        let i64t = self.cg.ll.i64_type();
        let mut sizes = Vec::new();
        for s in &t.sizes {
            match *s {
                Size::Static(n) => sizes.push(i64t.const_int(n, false)),
                Size::Dynamic(d) => {
                    let v = self.int(op, d)?;
                    let neg = self
                        .cg
                        .b
                        .build_int_compare(IntPredicate::SLT, v, i64t.const_zero(), "")
                        .ll()?;
                    let f = negative_size(ctx, op);
                    self.guard(neg, f.kind, f.message, ctx.loc(op))?;
                    sizes.push(v);
                }
            }
        }
        let slot = self.sizes_slot(&sizes)?;
        self.alloc_sizes(t.width, t.rank(), slot, op)
    }

    /// MLIR tensor.empty: a buffer of the result's sizes (elements unspecified, as in MLIR).
    fn op_empty(&mut self, op: OpId) -> R<()> {
        let t = plan::empty(self.ctx, op, &TARGET)?;
        let p = self.alloc_new(op, &t)?;
        self.set_result(op, 0, p);
        Ok(())
    }

    /// MLIR tensor.splat: every element is the scalar operand.
    fn op_splat(&mut self, op: OpId) -> R<()> {
        let (x, t) = plan::splat(self.ctx, op, &TARGET)?;
        let x = self.val(op, x)?;
        let p = self.alloc_new(op, &t)?;
        self.fill(p, x)?;
        self.set_result(op, 0, p);
        Ok(())
    }

    /// MLIR tensor.from_elements: the operands in row-major order (static shape).
    fn op_from_elements(&mut self, op: OpId) -> R<()> {
        let (elements, t) = plan::from_elements(self.ctx, op, &TARGET)?;
        let p = self.alloc_new(op, &t)?;
        let data = self.data_of(p)?;
        let et = self.elem_llvm_type(op, self.ctx.result(op, 0))?;
        let i64t = self.cg.ll.i64_type();
        for (k, &e) in elements.iter().enumerate() {
            let x = self.val(op, e)?;
            let at = self.element_at(et, data, i64t.const_int(k as u64, false))?;
            self.cg.b.build_store(at, x).ll()?;
        }
        self.set_result(op, 0, p);
        Ok(())
    }

    /// The flat index of element `at` of buffer `p` (of `op`'s tensor operand `at.tensor`),
    /// after checking each index against its dimension (the JIT's located error otherwise).
    fn flat_index(&mut self, op: OpId, at: &Element, p: PointerValue<'ll>) -> R<IntValue<'ll>> {
        let ctx = self.ctx;
        let i64t = self.cg.ll.i64_type();
        let mut off = i64t.const_zero();
        for (d, &ix) in at.indices.iter().enumerate() {
            let i = self.int(op, ix)?;
            let size = self.size_of(p, d)?;
            let bad = self
                .cg
                .b
                .build_int_compare(IntPredicate::UGE, i, size, "")
                .ll()?;
            let f = index_out_of_bounds(ctx, op);
            let args = [p.into(), i64t.const_int(d as u64, false).into(), i.into()];
            self.guard_with_detail(bad, (f.kind, f.message, op), INDEX_DETAIL, &args)?;
            let scaled = self.cg.b.build_int_mul(off, size, "").ll()?;
            off = self.cg.b.build_int_add(scaled, i, "").ll()?;
        }
        Ok(off)
    }

    /// MLIR tensor.extract: one element, indices checked.
    fn op_extract(&mut self, op: OpId) -> R<()> {
        let (at, _) = plan::extract(self.ctx, op, &TARGET)?;
        let p = self.ptr(op, at.tensor)?;
        let i = self.flat_index(op, &at, p)?;
        let et = self.elem_llvm_type(op, at.tensor)?;
        let data = self.data_of(p)?;
        let addr = self.element_at(et, data, i)?;
        let x = self.cg.b.build_load(et, addr, "").ll()?;
        self.set_result(op, 0, x);
        Ok(())
    }

    /// A buffer holding the same elements as `p` (of `op`'s operand `v`) that the op may
    /// write: `p` itself when `v` is at its last use (operand `j`) with count 1, else a copy.
    pub(super) fn writable(
        &mut self,
        op: OpId,
        j: usize,
        v: ValueId,
        p: PointerValue<'ll>,
    ) -> R<PointerValue<'ll>> {
        let ctx = self.ctx;
        let (w, rank) = (elem_width(ctx, v), rank_of(ctx, v));
        if at_last_use(ctx, self.own(), op, j, v) {
            self.consumed.insert(v);
            let q = self.reuse_or_alloc(p, w, rank, Some(p), op)?;
            // Not reused: copy the elements, and drop the operand's reference.
            let copied = self
                .cg
                .b
                .build_int_compare(IntPredicate::NE, p, q, "")
                .ll()?;
            self.when(copied, |l| {
                l.copy_elements(p, q, w)?;
                l.release(p)
            })?;
            Ok(q)
        } else {
            let q = self.alloc_like(w, rank, Some(p), op)?;
            self.copy_elements(p, q, w)?;
            Ok(q)
        }
    }

    /// Copies the elements of buffer `p` into buffer `q` of the same sizes.
    pub(super) fn copy_elements(
        &mut self,
        p: PointerValue<'ll>,
        q: PointerValue<'ll>,
        width: u32,
    ) -> R<()> {
        let n = self.numel_of(p)?;
        let i64t = self.cg.ll.i64_type();
        let bytes = self
            .cg
            .b
            .build_int_mul(n, i64t.const_int(width as u64, false), "")
            .ll()?;
        let (src, dst) = (self.data_of(p)?, self.data_of(q)?);
        self.cg
            .b
            .build_memcpy(dst, 8, src, 8, bytes)
            .map_err(|e| crate::diag::host_error(&self.ctx.loc(self.decl().op), "memcpy", e))?;
        Ok(())
    }

    /// MLIR tensor.insert: the destination with one element replaced, in place when the
    /// destination is at its last use with count 1.
    fn op_insert(&mut self, op: OpId) -> R<()> {
        let (at, x) = plan::insert(self.ctx, op, &TARGET)?;
        let x = self.val(op, x)?;
        let p = self.ptr(op, at.tensor)?;
        // Check the indices before copying, so a fault leaves nothing half done.
        let i = self.flat_index(op, &at, p)?;
        let q = self.writable(op, 1, at.tensor, p)?;
        let data = self.data_of(q)?;
        let addr = self.element_at(x.get_type(), data, i)?;
        self.cg.b.build_store(addr, x).ll()?;
        self.set_result(op, 0, q);
        Ok(())
    }

    /// MLIR tensor.dim: the size of a dimension; an index outside the rank is a runtime error.
    fn op_dim(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let plan = DimPlan::of(ctx, op, &TARGET)?;
        let p = self.ptr(op, plan.source)?;
        let size = match plan.index {
            DimIndex::Static(i) => self.size_of(p, i)?,
            DimIndex::Dynamic(ix) => {
                let i = self.int(op, ix)?;
                let i64t = self.cg.ll.i64_type();
                let rank = i64t.const_int(plan.rank as u64, false);
                let bad = self
                    .cg
                    .b
                    .build_int_compare(IntPredicate::UGE, i, rank, "")
                    .ll()?;
                let f = plan.fault(ctx, op);
                self.guard(bad, f.kind, f.message, ctx.loc(op))?;
                let off = self
                    .cg
                    .b
                    .build_int_mul(i, i64t.const_int(8, false), "")
                    .ll()?;
                let base = self.sizes_addr(p)?;
                let at = self.byte_offset(base, off)?;
                self.cg.b.build_load(i64t, at, "").ll()?.into_int_value()
            }
        };
        self.set_result(op, 0, size);
        Ok(())
    }

    /// MLIR tensor.rank: the static rank.
    fn op_rank(&mut self, op: OpId) -> R<()> {
        let rank = plan::rank(self.ctx, op, &TARGET)?;
        let v = self.cg.ll.i64_type().const_int(rank as u64, false);
        self.set_result(op, 0, v);
        Ok(())
    }

    /// MLIR tensor.cast: the same buffer; each static size of the result type is checked
    /// against the operand's.
    fn op_cast(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let plan = CastPlan::of(ctx, op, &TARGET, self.own())?;
        let p = self.ptr(op, plan.source)?;
        let i64t = self.cg.ll.i64_type();
        for &(i, want) in &plan.checks {
            let got = self.size_of(p, i)?;
            let want_v = i64t.const_int(want, false);
            let bad = self
                .cg
                .b
                .build_int_compare(IntPredicate::NE, got, want_v, "")
                .ll()?;
            self.size_guard(bad, (p, i, want), CastPlan::fault(ctx, op).message, op)?;
        }
        match plan.alias {
            Alias::Take => {
                self.consumed.insert(plan.source);
            }
            Alias::Retain => self.retain(p)?,
            Alias::Untracked => {}
        }
        self.set_result(op, 0, p);
        Ok(())
    }

    /// MLIR tensor.generate: the body, run once per element in row-major order with the
    /// element's indices as its arguments, yields the element (`tensor.yield`).
    fn op_generate(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let g = GeneratePlan::of(ctx, op, &TARGET)?;
        let p = self.alloc_new(op, &g.tensor)?;
        let n = self.numel_of(p)?;
        let data = self.data_of(p)?;
        let t = self.elem_llvm_type(op, ctx.result(op, 0))?;
        let zero = self.cg.ll.i64_type().const_zero();
        self.counted_loop((zero, n), |l, i| {
            // The indices of element i, innermost dimension last.
            let mut elems = std::collections::HashMap::new();
            let mut rest = i;
            for (d, &arg) in g.indices.iter().enumerate().rev() {
                let size = l.size_of(p, d)?;
                let ix = l.cg.b.build_int_unsigned_rem(rest, size, "").ll()?;
                rest = l.cg.b.build_int_unsigned_div(rest, size, "").ll()?;
                elems.insert(arg, ix.into());
            }
            let saved = l.kernel.replace(elems);
            l.lower_body(g.body)?;
            let x = l.val(op, g.yielded)?;
            l.kernel = saved;
            let at = l.element_at(t, data, i)?;
            l.cg.b.build_store(at, x).ll()?;
            Ok(())
        })?;
        self.set_result(op, 0, p);
        Ok(())
    }
}
