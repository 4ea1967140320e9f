//! The linalg structured ops (MLIR `LinalgOp`: `fill`, `transpose`, `broadcast`, `map`,
//! `reduce`, `generic`, and `matmul`/`batch_matmul` where the JIT does not call its GEMM) on
//! tensors, as ONE loop nest over the op's iteration space whose body is the op's region
//! lowered with each dialect's scalar lowerings (MLIR's `convert-linalg-to-loops`), as the
//! Cranelift JIT does (`crates/jit/src/lower/linalg.rs`), with its decisions
//! (`weir_jit::backend::StructuredPlan`: the checks, each operand's loops, the size reads, each
//! output's buffer) and its run-time shape checks and messages. The loops are plain scalar
//! loops over the contiguous elements, the last loop innermost, each operand's element index `sum(i_d * stride_d)`:
//! LLVM's loop vectorizer makes the SIMD code (a float reduction stays in order unless its
//! combining op carries `fastmath<reassoc>`, MLIR's rule, whose flags the arith lowering passes
//! on). `linalg.index` reads the current loop indices.

use super::tensor::{dims_of, elem_width, TARGET};
use super::{FunctionLowering, LowerFn, R};
use crate::codegen::Ll;
use crate::diag::op_err;
use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicValueEnum, IntValue, PointerValue};
use inkwell::IntPredicate;
use std::collections::HashMap;
use weir_dialect_linalg::{Kind, StructuredOp};
use weir_ir::OpId;
use weir_jit::backend::tensor_plan::rank_of;
use weir_jit::backend::{
    incompatible_shapes, linalg_index, structured_vector_lanes, OutputBuffer, SizeRead,
    StructuredPlan,
};

/// The linalg entries of the lowering table: every structured op, and `linalg.index`.
pub(super) fn entries() -> impl Iterator<Item = (&'static str, LowerFn)> {
    const STRUCTURED: LowerFn = |l, op| l.op_structured(op);
    const INDEX: LowerFn = |l, op| l.op_index(op);
    Kind::ALL
        .into_iter()
        .map(|k| (k.name(), STRUCTURED))
        .chain(std::iter::once(("linalg.index", INDEX)))
}

/// What every loop of one structured op's nest reads: the op and its plan, its loop sizes
/// and its operands' accesses.
struct Nest<'n, 'll> {
    op: OpId,
    sizes: &'n [IntValue<'ll>],
    accesses: &'n [Option<Access<'ll>>],
    plan: &'n StructuredPlan,
    /// The lanes of the JIT's vector loop for the innermost loop, if it has one.
    vector: Option<u64>,
    /// The outputs (operand indices) that do not depend on the innermost loop.
    reduced: Vec<usize>,
}

/// One tensor operand of the loop nest: its element type, data pointer and element stride
/// per loop.
#[derive(Clone)]
struct Access<'ll> {
    elem: BasicTypeEnum<'ll>,
    data: PointerValue<'ll>,
    strides: Vec<IntValue<'ll>>,
}

impl<'ll> FunctionLowering<'_, 'll> {
    /// A linalg structured op on tensors (see the module docs; what it reads and writes is
    /// its `StructuredPlan`).
    fn op_structured(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let s = TARGET.view(ctx, op, StructuredOp::of_any(ctx, op))?;
        if self.try_gemm(op, s)? {
            return Ok(());
        }
        let plan = StructuredPlan::of(ctx, s, &TARGET, self.own())?;
        let (operands, n_ins) = (&plan.operands, plan.n_ins);
        let i64t = self.cg.ll.i64_type();

        // Loop sizes, checked across operands.
        // (size, header, the read that gave it)
        let mut sizes: Vec<Option<(IntValue, PointerValue, &SizeRead)>> = vec![None; plan.loops];
        for r in &plan.size_reads {
            let p = self.ptr(op, operands[r.operand])?;
            let n = self.size_of(p, r.dim)?;
            match sizes[r.loop_d] {
                None => sizes[r.loop_d] = Some((n, p, r)),
                Some((m, q, first)) => {
                    let bad = self
                        .cg
                        .b
                        .build_int_compare(IntPredicate::NE, n, m, "")
                        .ll()?;
                    let msg = incompatible_shapes(ctx, op, first, r);
                    self.shape_guard(bad, (q, p), msg, op)?;
                }
            }
        }
        // A size an operand's type gives statically is that constant (the checks above made
        // every other operand agree), so LLVM knows the trip counts.
        let sizes: Vec<IntValue> = sizes
            .into_iter()
            .zip(&plan.static_sizes)
            .map(|(s, st)| match st {
                Some(n) => i64t.const_int(*n, false),
                None => s.expect("the plan reads every loop's size").0,
            })
            .collect();

        // Result buffers, as the plan says.
        let mut results = Vec::new();
        let mut reused = Vec::new();
        for (i, buffer) in plan.outputs.iter().enumerate() {
            let o = operands[n_ins + i];
            let p = self.ptr(op, o)?;
            let q = match *buffer {
                OutputBuffer::New { copy } => {
                    let w = elem_width(ctx, o);
                    let q = self.alloc_like(w, rank_of(ctx, o), Some(p), op)?;
                    if copy {
                        self.copy_elements(p, q, w)?;
                    }
                    q
                }
                OutputBuffer::Writable => self.writable(op, n_ins + i, o, p)?,
                OutputBuffer::Reuse(k) => {
                    let (v, pk) = (operands[k], self.ptr(op, operands[k])?);
                    self.consumed.insert(v);
                    let (w, rank) = (elem_width(ctx, v), rank_of(ctx, v));
                    let q = self.reuse_or_alloc(pk, w, rank, Some(pk), op)?;
                    self.release_unless_same(pk, q)?;
                    if plan.reused_input(i).is_some() {
                        reused.push((pk, q));
                    }
                    q
                }
            };
            results.push(q);
        }

        // Accesses: element type, data pointer and element strides per loop.
        let mut accesses: Vec<Option<Access>> = Vec::new();
        for (k, &v) in operands.iter().enumerate() {
            if !plan.is_tensor(ctx, k) {
                accesses.push(None);
                continue;
            }
            let p = if k >= n_ins {
                results[k - n_ins]
            } else {
                self.ptr(op, v)?
            };
            let rank = plan.dims_of[k].len();
            let mut dim_strides = vec![i64t.const_int(1, false); rank];
            for j in (0..rank.saturating_sub(1)).rev() {
                let n = match dims_of(ctx, v).and_then(|ds| ds.get(j + 1)) {
                    Some(Some(n)) => i64t.const_int(*n, false),
                    _ => self.size_of(p, j + 1)?,
                };
                dim_strides[j] = self.cg.b.build_int_mul(dim_strides[j + 1], n, "").ll()?;
            }
            let mut strides = vec![i64t.const_zero(); plan.loops];
            for (j, &d) in plan.dims_of[k].iter().enumerate() {
                strides[d] = self
                    .cg
                    .b
                    .build_int_add(strides[d], dim_strides[j], "")
                    .ll()?;
            }
            accesses.push(Some(Access {
                elem: self.elem_llvm_type(op, v)?,
                data: self.data_of(p)?,
                strides,
            }));
        }
        // Twice when an output may reuse an input's buffer: in place, the output is addressed
        // through the input's data pointer.
        let vector = structured_vector_lanes(ctx, &plan);
        let reduced = plan.reduced_outputs();
        self.versioned(&reused, |l, same| {
            let mut acc = accesses.clone();
            if same {
                for i in 0..plan.outputs.len() {
                    if let Some(k) = plan.reused_input(i) {
                        let data = acc[k].as_ref().map(|a| a.data);
                        if let (Some(o), Some(d)) = (acc[n_ins + i].as_mut(), data) {
                            o.data = d;
                        }
                    }
                }
            }
            let nest = Nest {
                op,
                plan: &plan,
                sizes: &sizes,
                accesses: &acc,
                vector,
                reduced: reduced.clone(),
            };
            l.loop_nest(&nest, &mut Vec::new())
        })?;
        for (i, q) in results.into_iter().enumerate() {
            self.set_result(op, i, q);
        }
        Ok(())
    }

    /// The loops of the nest from loop `ivs.len()` inwards, then the body. The innermost loop
    /// carries the outputs that do not depend on it (reduced along it) in registers: loaded
    /// before it, stored after it, the same operations in the same order as through memory
    /// (no other operand shares their buffers), so LLVM can vectorize the loop.
    fn loop_nest(&mut self, nest: &Nest<'_, 'll>, ivs: &mut Vec<IntValue<'ll>>) -> R<()> {
        let sizes = nest.sizes;
        let d = ivs.len();
        if d == sizes.len() {
            return self.structured_body(nest, ivs, &[]).map(|_| ());
        }
        let zero = self.cg.ll.i64_type().const_zero();
        if d + 1 < sizes.len() {
            return self.counted_loop((zero, sizes[d]), |l, i| {
                ivs.push(i);
                let r = l.loop_nest(nest, ivs);
                ivs.pop();
                r
            });
        }
        // The reduced outputs' elements at this point of the outer loops.
        let mut carried = Vec::new();
        let mut addrs = Vec::new();
        for &k in &nest.reduced {
            let (t, a) = self
                .operand_addr(nest, k, ivs)?
                .expect("a reduced output is a tensor, with an access");
            carried.push(self.cg.b.build_load(t, a, "").ll()?);
            addrs.push(a);
        }
        // The innermost loop as the JIT splits it: whole vectors (math.exp by the
        // polynomial), then the rest.
        let split = match nest.vector {
            Some(m) => self.round_down(sizes[d], m)?,
            None => zero,
        };
        for (range, vector_part) in [((zero, split), true), ((split, sizes[d]), false)] {
            if nest.vector.is_none() && vector_part {
                continue;
            }
            self.vector_part = vector_part;
            carried = self.counted_loop_carrying(range, carried, |l, i, acc| {
                ivs.push(i);
                let r = l.structured_body(nest, ivs, acc);
                ivs.pop();
                r
            })?;
            self.vector_part = false;
        }
        for (a, x) in addrs.into_iter().zip(carried) {
            self.cg.b.build_store(a, x).ll()?;
        }
        Ok(())
    }

    /// The element type and address of tensor operand `k` at loop indices `ivs` (the loops
    /// past them count as 0), or `None` for a scalar operand.
    fn operand_addr(
        &self,
        nest: &Nest<'_, 'll>,
        k: usize,
        ivs: &[IntValue<'ll>],
    ) -> R<Option<(BasicTypeEnum<'ll>, PointerValue<'ll>)>> {
        let Some(a) = &nest.accesses[k] else {
            return Ok(None);
        };
        let mut idx = self.cg.ll.i64_type().const_zero();
        for (&i, &st) in ivs.iter().zip(&a.strides) {
            let t = self.cg.b.build_int_nuw_mul(i, st, "").ll()?;
            idx = self.cg.b.build_int_nuw_add(idx, t, "").ll()?;
        }
        Ok(Some((a.elem, self.element_at(a.elem, a.data, idx)?)))
    }

    /// The body at one point `ivs` of the iteration space: load the operands' elements (the
    /// reduced outputs' from `carried`, in `nest.reduced` order), lower the region's ops,
    /// store the yielded values into the outputs; returns the reduced outputs' new values.
    fn structured_body(
        &mut self,
        nest: &Nest<'_, 'll>,
        ivs: &[IntValue<'ll>],
        carried: &[BasicValueEnum<'ll>],
    ) -> R<Vec<BasicValueEnum<'ll>>> {
        let ctx = self.ctx;
        let (op, plan) = (nest.op, nest.plan);
        let mut elems = HashMap::new();
        let mut addr_of = Vec::new();
        for (k, &v) in plan.operands.iter().enumerate() {
            let reduced = nest.reduced.iter().position(|&r| r == k);
            let addr = match reduced {
                Some(_) => None,
                None => self.operand_addr(nest, k, ivs)?,
            };
            addr_of.push(addr);
            let arg = plan.args[k];
            if ctx.uses(arg).is_empty() {
                continue;
            }
            let x = match (reduced, addr) {
                (Some(r), _) => *carried
                    .get(r)
                    .ok_or_else(|| op_err(ctx, op, "has a reduced output outside its loop"))?,
                (None, Some((t, a))) => self.cg.b.build_load(t, a, "").ll()?,
                (None, None) => self.val(op, v)?,
            };
            elems.insert(arg, x);
        }
        let saved = (
            self.kernel.replace(elems),
            std::mem::replace(&mut self.loop_ivs, ivs.to_vec()),
        );
        self.lower_body(plan.body)?;
        let yielded = plan
            .yielded
            .iter()
            .map(|&v| self.val(op, v))
            .collect::<R<Vec<_>>>()?;
        self.kernel = saved.0;
        self.loop_ivs = saved.1;
        let mut next = Vec::new();
        for (i, x) in yielded.into_iter().enumerate() {
            let k = plan.n_ins + i;
            if nest.reduced.contains(&k) {
                next.push(x);
                continue;
            }
            let (_, a) = addr_of[k].expect("the plan makes every output a tensor, with an access");
            self.cg.b.build_store(a, x).ll()?;
        }
        Ok(next)
    }

    /// MLIR linalg.index: the current index of one loop of the enclosing structured op.
    fn op_index(&mut self, op: OpId) -> R<()> {
        let d = linalg_index(self.ctx, op, &TARGET, self.loop_ivs.len())?;
        self.set_result(op, 0, self.loop_ivs[d]);
        Ok(())
    }
}
