//! Lowering of the linalg structured ops (MLIR `LinalgOp`: `fill`, `matmul`, `batch_matmul`,
//! `transpose`, `broadcast`, `map`, `reduce`, `generic`) on tensors: ONE loop nest over the
//! op's iteration space, read through its indexing maps, whose body is the op's region
//! (MLIR's own implicit bodies for the named ops) lowered with each dialect's scalar lowerings,
//! as MLIR's `convert-linalg-to-loops` does.
//!
//! - Every indexing map must be a projected permutation (each result a loop dimension `dN`),
//!   which covers every named op and the usual `generic`s; others are a compile error.
//! - The size of each loop is read from the first operand dimension it indexes, and every
//!   other operand dimension it indexes is checked at run time against it (a located error
//!   naming both shapes).
//! - Each `outs` operand becomes the result buffer: itself when it is at its last use with
//!   count 1 (in place), else a copy of it when the body reads it (reductions, `generic`s that
//!   read their init), else a new buffer.
//! - The loops run in the order of the iteration space, the last innermost, with one pointer
//!   per operand advanced by its stride per loop (0 for a loop the operand does not depend on).

use super::{FunctionLowering, LowerFn, R};
use crate::diag::{op_err, unsupported_op};
use crate::runtime::buffer::{H_DATA, H_SIZES};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, BlockArg, InstBuilder, MemFlagsData, Type, Value};
use std::collections::HashMap;
use weir_dialect_linalg::{IndexOp, Kind, StructuredOp, YieldOp};
use weir_ir::affine::AffineExpr;
use weir_ir::{OpId, ValueId};

/// The linalg ops' entries of the lowering table: every structured op, and `linalg.index`
/// (read in a structured op's body).
pub(super) fn entries() -> impl Iterator<Item = (&'static str, LowerFn)> {
    Kind::ALL
        .into_iter()
        .map(|k| (k.name(), (|l, op| l.op_structured(op)) as LowerFn))
        .chain([("linalg.index", (|l, op| l.op_index(op)) as LowerFn)])
}

/// What every loop of one structured op's nest reads: the op, its loop sizes, its operands'
/// accesses, its body's arguments, and the innermost loop's vector plan.
struct Nest<'n> {
    op: OpId,
    sizes: &'n [Value],
    accesses: &'n [Option<Access>],
    operands: &'n [ValueId],
    args: &'n [ValueId],
    /// The vector type of the innermost loop and, per operand, whether it is contiguous
    /// along that loop (else the same element for every lane).
    vector: Option<(Type, Vec<bool>)>,
}

/// Whether the innermost loop of a structured op can run on 128-bit vectors: every body op
/// lane-wise (as the fused kernels' ops, `kernel::is_lane_wise`) on one element type with a
/// vector form, no `linalg.index`, every output contiguous along the innermost loop (its last
/// dimension; so no reduction along it), every input either contiguous along it or independent
/// of it (broadcast to every lane). `dims_of` gives each operand's map results as loops.
fn vector_plan(
    ctx: &weir_ir::Context,
    op: OpId,
    dims_of: &[Vec<usize>],
    operands: &[ValueId],
    n_ins: usize,
    loops: usize,
) -> Option<(Type, Vec<bool>)> {
    let d = loops.checked_sub(1)?;
    let elem = weir_dialect_arith::util::element_type(ctx, ctx.value_type(*operands.first()?));
    let lane = super::kernel::lane_type(ctx, elem)?;
    let s = StructuredOp::of_any(ctx, op)?;
    for &a in ctx.block_args(s.body(ctx)) {
        if ctx.value_type(a) != elem {
            return None;
        }
    }
    for inner in ctx.block_ops(s.body(ctx)) {
        if YieldOp::of(ctx, inner).is_none() && !super::kernel::is_lane_wise(ctx, inner, lane) {
            return None;
        }
    }
    let mut contiguous = Vec::new();
    for (k, ds) in dims_of.iter().enumerate() {
        let tensor = super::tensor::element_type(ctx, ctx.value_type(operands[k])).is_some();
        let uses = ds.iter().filter(|&&x| x == d).count();
        let c = tensor && uses == 1 && ds.last() == Some(&d);
        let independent = uses == 0;
        if (k >= n_ins && !c) || !(c || independent) {
            return None;
        }
        contiguous.push(c);
    }
    Some((lane.by(16 / lane.bytes())?, contiguous))
}

/// One operand of the loop nest: its buffer's data pointer and byte stride per loop.
struct Access {
    base: Value,
    strides: Vec<Value>,
}

impl FunctionLowering<'_, '_> {
    /// A linalg structured op on tensors (see the module docs).
    fn op_structured(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let s = StructuredOp::of_any(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        if self.try_gemm(op, s)? {
            return Ok(());
        }
        let maps = s.indexing_maps(ctx);
        let (ins, outs) = (s.inputs(ctx).to_vec(), s.outputs(ctx).to_vec());
        let operands: Vec<ValueId> = ins.iter().chain(&outs).copied().collect();
        let loops = maps.first().map_or(0, |m| m.num_dims as usize);
        // Each map's results as loop dimensions.
        let mut dims_of: Vec<Vec<usize>> = Vec::new();
        for m in &maps {
            let mut ds = Vec::new();
            for e in &m.results {
                match e {
                    AffineExpr::Dim(d) => ds.push(*d as usize),
                    _ => {
                        return Err(op_err(
                            ctx,
                            op,
                            "with an indexing map that is not a projected permutation is not supported by the JIT",
                        ))
                    }
                }
            }
            dims_of.push(ds);
        }
        for &v in &operands {
            if super::tensor::element_type(ctx, ctx.value_type(v)).is_some() {
                self.slot_at(&ctx.loc(op), ctx.value_type(v))?;
            }
        }
        let flags = MemFlagsData::trusted();
        let tensor = |v: ValueId| super::tensor::element_type(ctx, ctx.value_type(v)).is_some();

        // Loop sizes, checked across operands.
        let mut sizes: Vec<Option<(Value, Value)>> = vec![None; loops]; // (size, header)
        for (k, &v) in operands.iter().enumerate() {
            if !tensor(v) {
                continue;
            }
            let p = self.val(op, v)?;
            for (j, &d) in dims_of[k].iter().enumerate() {
                let n = self
                    .b
                    .ins()
                    .load(types::I64, flags, p, H_SIZES + 8 * j as i32);
                match sizes[d] {
                    None => sizes[d] = Some((n, p)),
                    Some((m, q)) => {
                        let bad = self.b.ins().icmp(IntCC::NotEqual, n, m);
                        let msg =
                            format!("'{}' operands have incompatible shapes", ctx.name_str(op));
                        self.shape_guard(bad, (q, p), msg, op);
                    }
                }
            }
        }
        let sizes: Vec<Value> = sizes
            .into_iter()
            .map(|s| s.map(|(n, _)| n))
            .collect::<Option<_>>()
            .ok_or_else(|| op_err(ctx, op, "has a loop that indexes no operand"))?;

        // Result buffers.
        let body = s.body(ctx);
        let args = ctx.block_args(body).to_vec();
        let mut results = Vec::new();
        for (i, &o) in outs.iter().enumerate() {
            let p = self.val(op, o)?;
            let j = ins.len() + i;
            let read = !ctx.uses(args[j]).is_empty();
            // An output that is also another operand is still read while the loops write: it
            // gets its own buffer (and the reference is released after the op as usual).
            let aliased = operands.iter().enumerate().any(|(k, &v)| k != j && v == o);
            let q = if aliased {
                let w = super::tensor::elem_width(ctx, o);
                let rank = super::tensor::dims(ctx, ctx.value_type(o)).map_or(0, |d| d.len());
                let q = self.alloc_like(w, rank, Some(p), op)?;
                if read {
                    self.copy_elements(p, q, w);
                }
                q
            } else if read {
                self.writable(op, j, o, p)?
            } else {
                self.fresh_like(op, j, o, p)?
            };
            results.push(q);
        }

        // Accesses: data pointer and byte strides per loop of each tensor operand.
        let mut accesses: Vec<Option<Access>> = Vec::new();
        for (k, &v) in operands.iter().enumerate() {
            if !tensor(v) {
                accesses.push(None);
                continue;
            }
            let p = if k >= ins.len() {
                results[k - ins.len()]
            } else {
                self.val(op, v)?
            };
            let base = self.b.ins().load(self.env.ptr, flags, p, H_DATA);
            let width = super::tensor::elem_width(ctx, v) as i64;
            let rank = dims_of[k].len();
            // Row-major strides of the operand, in bytes.
            let mut dim_strides = vec![self.b.ins().iconst(types::I64, width); rank];
            for j in (0..rank.saturating_sub(1)).rev() {
                let n = self
                    .b
                    .ins()
                    .load(types::I64, flags, p, H_SIZES + 8 * (j + 1) as i32);
                dim_strides[j] = self.b.ins().imul(dim_strides[j + 1], n);
            }
            let zero = self.b.ins().iconst(types::I64, 0);
            let mut strides = vec![zero; loops];
            for (j, &d) in dims_of[k].iter().enumerate() {
                strides[d] = self.b.ins().iadd(strides[d], dim_strides[j]);
            }
            accesses.push(Some(Access { base, strides }));
        }

        let bases: Vec<Value> = accesses.iter().flatten().map(|a| a.base).collect();
        let nest = Nest {
            op,
            sizes: &sizes,
            accesses: &accesses,
            operands: &operands,
            args: &args,
            vector: vector_plan(ctx, op, &dims_of, &operands, ins.len(), loops),
        };
        let mut ivs = Vec::new();
        self.loop_nest(&nest, bases, &mut ivs, 0)?;
        for (i, q) in results.into_iter().enumerate() {
            self.set_result(op, i, q);
        }
        Ok(())
    }

    /// A new buffer like operand `j` (`v`, buffer `p`) of `op` that the op overwrites
    /// entirely: `p` itself at its last use with count 1, else a fresh one.
    fn fresh_like(&mut self, op: OpId, j: usize, v: ValueId, p: Value) -> R<Value> {
        let ctx = self.ctx;
        let w = super::tensor::elem_width(ctx, v);
        let rank = super::tensor::dims(ctx, ctx.value_type(v)).map_or(0, |d| d.len());
        if super::tensor::is_tracked(ctx, v) && self.own().is_last_use(op, j) {
            self.consumed.insert(v);
            let q = self.reuse_or_alloc(p, w, rank, Some(p), op)?;
            self.release_unless_same(p, q);
            Ok(q)
        } else {
            self.alloc_like(w, rank, Some(p), op)
        }
    }

    /// Emits loop `d` of the nest (and the ones inside it): `ptrs` are the current element
    /// addresses of the tensor operands (in `accesses` order), `ivs` the outer loops' indices.
    /// The innermost loop runs whole vectors first when [`vector_plan`] allows, then the rest
    /// element by element.
    fn loop_nest(
        &mut self,
        nest: &Nest<'_>,
        ptrs: Vec<Value>,
        ivs: &mut Vec<Value>,
        d: usize,
    ) -> R<()> {
        if d == nest.sizes.len() {
            return self.structured_body(nest, &ptrs, ivs, None);
        }
        let zero = self.b.ins().iconst(types::I64, 0);
        let (mut from, mut start) = (zero, ptrs.clone());
        if let (Some((vt, _)), true) = (&nest.vector, d + 1 == nest.sizes.len()) {
            let lanes = vt.lane_count() as i64;
            let vn = self.b.ins().band_imm_s(nest.sizes[d], -lanes);
            self.one_loop(nest, (zero, vn), ptrs.clone(), ivs, d, Some(*vt))?;
            start = Vec::new();
            for (p, acc) in ptrs.iter().zip(nest.accesses.iter().flatten()) {
                let off = self.b.ins().imul(vn, acc.strides[d]);
                start.push(self.b.ins().iadd(*p, off));
            }
            from = vn;
        }
        self.one_loop(nest, (from, nest.sizes[d]), start, ivs, d, None)
    }

    /// One loop of the nest over `from..to` (lanes of `vector` at a time, if given).
    fn one_loop(
        &mut self,
        nest: &Nest<'_>,
        (from, to): (Value, Value),
        ptrs: Vec<Value>,
        ivs: &mut Vec<Value>,
        d: usize,
        vector: Option<Type>,
    ) -> R<()> {
        let header = self.b.create_block();
        let inner = self.b.create_block();
        let done = self.b.create_block();
        self.b.append_block_param(header, types::I64);
        for _ in &ptrs {
            self.b.append_block_param(header, self.env.ptr);
        }
        let mut a = vec![BlockArg::Value(from)];
        a.extend(ptrs.iter().map(|&p| BlockArg::Value(p)));
        self.b.ins().jump(header, &a);
        self.b.switch_to_block(header);
        let params = self.b.block_params(header).to_vec();
        let (i, cur) = (params[0], params[1..].to_vec());
        let more = self.b.ins().icmp(IntCC::UnsignedLessThan, i, to);
        self.b.ins().brif(more, inner, &[], done, &[]);
        self.b.switch_to_block(inner);
        ivs.push(i);
        if vector.is_some() {
            self.structured_body(nest, &cur, ivs, vector)?;
        } else {
            self.loop_nest(nest, cur.clone(), ivs, d + 1)?;
        }
        ivs.pop();
        let lanes = vector.map_or(1, |v| v.lane_count() as i64);
        let next_i = self.b.ins().iadd_imm_s(i, lanes);
        let mut next = vec![BlockArg::Value(next_i)];
        for (p, acc) in cur.iter().zip(nest.accesses.iter().flatten()) {
            let step = if lanes == 1 {
                acc.strides[d]
            } else {
                self.b.ins().imul_imm_s(acc.strides[d], lanes)
            };
            next.push(BlockArg::Value(self.b.ins().iadd(*p, step)));
        }
        self.b.ins().jump(header, &next);
        self.b.switch_to_block(done);
        Ok(())
    }

    /// The body of a structured op at one point of the iteration space (or, with `vector`, at
    /// `lanes` consecutive points of the innermost loop): load the operands' elements, lower
    /// the region's ops, store the yielded values into the outputs.
    fn structured_body(
        &mut self,
        nest: &Nest<'_>,
        ptrs: &[Value],
        ivs: &[Value],
        vector: Option<Type>,
    ) -> R<()> {
        let ctx = self.ctx;
        let op = nest.op;
        let (flags, vflags) = (MemFlagsData::trusted(), MemFlagsData::new().with_notrap());
        let contiguous = nest.vector.as_ref().map(|v| &v.1);
        let mut elems: HashMap<ValueId, Value> = HashMap::new();
        let mut addr_of = Vec::new();
        let mut next_ptr = ptrs.iter();
        for (k, &v) in nest.operands.iter().enumerate() {
            let addr = nest.accesses[k]
                .as_ref()
                .map(|_| *next_ptr.next().expect("one per access"));
            addr_of.push(addr);
            if addr.is_some() && ctx.uses(nest.args[k]).is_empty() {
                continue;
            }
            let t = crate::abi::cl_type(self.ty(op, nest.args[k])?);
            let x = match (addr, vector) {
                (Some(a), Some(vt)) if contiguous.is_some_and(|c| c[k]) => {
                    self.b.ins().load(vt, vflags, a, 0)
                }
                (Some(a), Some(vt)) => {
                    let x = self.b.ins().load(t, flags, a, 0);
                    self.b.ins().splat(vt, x)
                }
                (Some(a), None) => self.b.ins().load(t, flags, a, 0),
                (None, Some(vt)) => {
                    let x = self.val(op, v)?;
                    self.b.ins().splat(vt, x)
                }
                (None, None) => self.val(op, v)?,
            };
            elems.insert(nest.args[k], x);
        }
        let body = StructuredOp::of_any(ctx, op).expect("checked").body(ctx);
        if let Some(vt) = vector {
            // Scalars from outside the body are the same in every lane.
            for inner in ctx.block_ops(body) {
                for &v in ctx.operands(inner) {
                    let outside = match ctx.value_def(v) {
                        weir_ir::ValueDef::BlockArg { block, .. } => block != body,
                        weir_ir::ValueDef::Result { op: def, .. } => {
                            ctx.op_block(def) != Some(body)
                        }
                        weir_ir::ValueDef::Detached => false,
                    };
                    if outside && !elems.contains_key(&v) {
                        let x = self.val(op, v)?;
                        let x = self.b.ins().splat(vt, x);
                        elems.insert(v, x);
                    }
                }
            }
        }
        let saved = (
            self.kernel.replace(elems),
            std::mem::replace(&mut self.loop_ivs, ivs.to_vec()),
        );
        let mut yielded = None;
        for inner in ctx.block_ops(body) {
            if let Some(y) = YieldOp::of(ctx, inner) {
                yielded = Some(
                    y.values(ctx)
                        .iter()
                        .map(|&v| self.val(inner, v))
                        .collect::<R<Vec<_>>>()?,
                );
                continue;
            }
            let lower = super::table()
                .get(ctx.name_str(inner))
                .copied()
                .ok_or_else(|| unsupported_op(ctx, inner))?;
            lower(self, inner)?;
        }
        self.kernel = saved.0;
        self.loop_ivs = saved.1;
        let yielded =
            yielded.ok_or_else(|| op_err(ctx, op, "has a body without 'linalg.yield'"))?;
        let first_out = nest.operands.len() - yielded.len();
        for (i, mut x) in yielded.into_iter().enumerate() {
            let a = addr_of[first_out + i]
                .ok_or_else(|| op_err(ctx, op, "yields to a scalar output"))?;
            let f = match vector {
                Some(vt) => {
                    // A value computed outside the body (or a block argument of a scalar)
                    // is the same in every lane.
                    if !self.b.func.dfg.value_type(x).is_vector() {
                        x = self.b.ins().splat(vt, x);
                    }
                    vflags
                }
                None => flags,
            };
            self.b.ins().store(f, x, a, 0);
        }
        Ok(())
    }

    /// MLIR linalg.index: the current index of one loop of the enclosing structured op.
    fn op_index(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let ix = IndexOp::of(ctx, op).ok_or_else(|| unsupported_op(ctx, op))?;
        let iv = *self
            .loop_ivs
            .get(ix.dim(ctx) as usize)
            .ok_or_else(|| op_err(ctx, op, "is outside a structured op's loops"))?;
        self.set_result(op, 0, iv);
        Ok(())
    }
}
