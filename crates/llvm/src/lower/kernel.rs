//! Elementwise ops on tensors (MLIR `Elementwise` trait: arith, math), fused as the Cranelift
//! JIT fuses them: the same runs of ops (`weir_jit::backend::kernel_group`), the same inputs,
//! splats, outputs and buffer reuse (`weir_jit::backend::KernelPlan`), the same shape checks
//! and messages; here each kernel is ONE plain scalar loop over the contiguous elements, whose
//! body is every op's scalar lowering from the lowering table run on the elements, and which
//! LLVM's loop vectorizer turns into SIMD code for the host CPU at `-O2`/`-O3`.

use super::tensor::{elem_width, TARGET};
use super::{FunctionLowering, R};
use crate::codegen::Ll;
use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicValueEnum, IntValue, PointerValue};
use inkwell::IntPredicate;
use std::collections::HashMap;
use weir_ir::OpId;
use weir_jit::backend::{
    different_shapes, input_owner, is_tracked, kernel_vector_elements, not_on_tensors,
    not_static_shape, KernelPlan,
};

/// The element type and the data pointer of one tensor a kernel reads or writes.
type Elements<'ll> = (BasicTypeEnum<'ll>, PointerValue<'ll>);

impl<'ll> FunctionLowering<'_, 'll> {
    /// Lowers the kernel starting at `ops[0]` (an elementwise op on tensors; `ops` is the rest
    /// of the block) and marks its ops as lowered.
    pub(super) fn lower_kernel(&mut self, ops: &[OpId]) -> R<()> {
        let ctx = self.ctx;
        let plan = KernelPlan::of(ctx, ops, &TARGET, self.own())?;
        let (group, first) = (&plan.group, plan.group[0]);
        let rank = plan.result_dims.len();
        let i64t = self.cg.ll.i64_type();
        let input_ptrs: Vec<PointerValue> = plan
            .inputs
            .iter()
            .map(|&v| self.ptr(first, v))
            .collect::<R<_>>()?;
        let sizes_src = input_ptrs.first().copied();
        // A fully static result shape is the element count (the checks below make the inputs
        // agree), so LLVM knows the trip count.
        let n = match sizes_src {
            Some(p0) if !plan.is_static() => self.numel_of(p0)?,
            _ => i64t.const_int(plan.result_numel(), false),
        };
        // Shape checks: every other input has the first's sizes, the first the static sizes
        // of the result type.
        if let Some(p0) = sizes_src {
            for (k, &p) in input_ptrs.iter().enumerate().skip(1) {
                let owner = input_owner(ctx, group, plan.inputs[k]);
                let msg = different_shapes(ctx, owner).message;
                for d in 0..rank {
                    let (a, b) = (self.size_of(p0, d)?, self.size_of(p, d)?);
                    let bad = self
                        .cg
                        .b
                        .build_int_compare(IntPredicate::NE, a, b, "")
                        .ll()?;
                    self.shape_guard(bad, (p0, p), msg.clone(), owner)?;
                }
            }
            for (i, size) in plan.result_dims.iter().enumerate() {
                if let Some(want) = size {
                    let got = self.size_of(p0, i)?;
                    let want_v = i64t.const_int(*want, false);
                    let bad = self
                        .cg
                        .b
                        .build_int_compare(IntPredicate::NE, got, want_v, "")
                        .ll()?;
                    let msg = not_static_shape(ctx, first).message;
                    self.size_guard(bad, (p0, i, *want), msg, first)?;
                }
            }
        }
        // Output buffers: the input the plan picked when its count is 1, else a new one.
        let mut out_ptrs = Vec::new();
        let mut reused: Vec<(PointerValue, PointerValue)> = Vec::new();
        for (&r, pick) in plan.outputs.iter().zip(&plan.reuse) {
            let w = elem_width(ctx, r);
            let out = match *pick {
                Some(k) => {
                    let p = input_ptrs[k];
                    let q = self.reuse_or_alloc(p, w, rank, sizes_src, first)?;
                    reused.push((p, q));
                    q
                }
                None => self.alloc_like(w, rank, sizes_src, first)?,
            };
            out_ptrs.push(out);
        }
        // The loop over the elements (twice when an output may reuse an input's buffer).
        let in_data: Vec<Elements> = plan
            .inputs
            .iter()
            .zip(&input_ptrs)
            .map(|(&v, &p)| Ok((self.elem_llvm_type(first, v)?, self.data_of(p)?)))
            .collect::<R<_>>()?;
        let splats: Vec<(weir_ir::ValueId, BasicValueEnum)> = plan
            .splats
            .iter()
            .map(|&(v, bits)| Ok((v, self.const_bits(self.elem_llvm_type(first, v)?, bits))))
            .collect::<R<_>>()?;
        let zero = i64t.const_zero();
        let vector = kernel_vector_elements(ctx, group);
        self.versioned(&reused, |l, same| {
            let mut out_data = Vec::new();
            for (k, (&v, &q)) in plan.outputs.iter().zip(&out_ptrs).enumerate() {
                let data = match plan.reuse[k] {
                    Some(j) if same => in_data[j].1,
                    _ => l.data_of(q)?,
                };
                out_data.push((l.elem_llvm_type(first, v)?, data));
            }
            // The JIT's split: whole vector trips (math.exp by the polynomial), then the rest.
            let split = match vector {
                Some(m) => l.round_down(n, m)?,
                None => zero,
            };
            for (range, vector_part) in [((zero, split), true), ((split, n), false)] {
                if vector.is_none() && vector_part {
                    continue;
                }
                l.vector_part = vector_part;
                l.counted_loop(range, |l, i| {
                    l.kernel_body(&plan, (&in_data, &out_data), &splats, i)
                })?;
                l.vector_part = false;
            }
            Ok(())
        })?;

        // Results; inputs at their last use released unless reused.
        for (k, &r) in plan.outputs.iter().enumerate() {
            self.values.insert(r, out_ptrs[k].into());
        }
        for (k, &v) in plan.inputs.iter().enumerate() {
            if !plan.last_use.contains(&v) || !is_tracked(ctx, v) {
                continue;
            }
            let p = input_ptrs[k];
            match reused.iter().find(|m| m.0 == p) {
                Some(&(_, q)) => self.release_unless_same(p, q)?,
                None => self.release(p)?,
            }
        }
        self.fused.extend(plan.group.iter().copied());
        Ok(())
    }

    /// One trip of a kernel's loop, element `i`: load the inputs, run each op's scalar
    /// lowering, store the outputs.
    fn kernel_body(
        &mut self,
        plan: &KernelPlan,
        (in_data, out_data): (&[Elements<'ll>], &[Elements<'ll>]),
        splats: &[(weir_ir::ValueId, BasicValueEnum<'ll>)],
        i: IntValue<'ll>,
    ) -> R<()> {
        let ctx = self.ctx;
        let mut elems = HashMap::new();
        for (&v, &(t, data)) in plan.inputs.iter().zip(in_data) {
            let at = self.element_at(t, data, i)?;
            elems.insert(v, self.cg.b.build_load(t, at, "").ll()?);
        }
        elems.extend(splats.iter().copied());
        self.kernel = Some(elems);
        for &op in &plan.group {
            let lower = super::table()
                .get(ctx.name_str(op))
                .copied()
                .ok_or_else(|| not_on_tensors(ctx, op, &TARGET))?;
            lower(self, op)?;
        }
        let elems = self
            .kernel
            .take()
            .expect("the kernel's elements were set before its ops were lowered");
        for (&r, &(t, data)) in plan.outputs.iter().zip(out_data) {
            let at = self.element_at(t, data, i)?;
            self.cg.b.build_store(at, elems[&r]).ll()?;
        }
        Ok(())
    }

    /// A constant of LLVM type `t` from raw element bits (floats by their bit pattern).
    fn const_bits(&self, t: BasicTypeEnum<'ll>, bits: u64) -> BasicValueEnum<'ll> {
        match t {
            BasicTypeEnum::FloatType(f) if f == self.cg.ll.f32_type() => {
                f.const_float(f32::from_bits(bits as u32) as f64).into()
            }
            BasicTypeEnum::FloatType(f) => f.const_float(f64::from_bits(bits)).into(),
            BasicTypeEnum::IntType(it) => it.const_int(bits, false).into(),
            other => other.const_zero(),
        }
    }
}
