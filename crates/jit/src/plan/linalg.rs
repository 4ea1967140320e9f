//! The linalg structured ops (MLIR `LinalgOp`: `fill`, `matmul`, `batch_matmul`, `transpose`,
//! `broadcast`, `map`, `reduce`, `generic`) on tensors as both backends lower them: ONE loop
//! nest over the op's iteration space, read through its indexing maps, whose body is the op's
//! region (MLIR's `convert-linalg-to-loops`), and `linalg.index`, the current index of one of
//! its loops. [`StructuredPlan::of`] decides what the nest reads and writes, and checks what
//! the emitters rely on:
//!
//! - every indexing map is a projected permutation (each result a loop dimension `dN`), which
//!   covers every named op and the usual `generic`s; others are not supported;
//! - there is one map per operand, and every tensor operand has a type the backend supports;
//! - every loop indexes some operand dimension: the first one it indexes gives its size, and
//!   every other one is checked at run time against it ([`incompatible_shapes`]);
//! - the body has an argument per operand and ends in a `linalg.yield` of one value per
//!   output, every output a ranked tensor;
//! - each output's buffer ([`OutputBuffer`]): itself when at its last use with count 1 (in
//!   place), else a copy of it when the body reads it, else a new buffer or the buffer of an
//!   input that is at its last use.

use super::ownership::Ownership;
use super::tensor::{dims, elem_width, element_type, is_tracked};
use super::tensor_checks::Target;
use crate::diag::op_err;
use weir_dialect_linalg::{IndexOp, StructuredOp, YieldOp};
use weir_ir::affine::AffineExpr;
use weir_ir::{BlockId, Context, Diagnostic, OpId, ValueId};

/// How an output of a structured op gets the buffer its result is written into.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputBuffer {
    /// A new buffer of the output's sizes, holding a copy of it when `copy`: the output is
    /// also another operand of the op (still read while the loops write; `copy` when the body
    /// reads it), or the body does not read it and it is not at its last use (no copy).
    New {
        /// Whether the new buffer starts as a copy of the output.
        copy: bool,
    },
    /// The body reads the output: the output's buffer when it is at its last use with count
    /// 1, else a copy of it (`writable`).
    Writable,
    /// The body does not read the output: the buffer of operand `k` (at its last use, so its
    /// reference passes to the result) when its count is 1, else a new buffer of its sizes.
    /// `k` is the output itself, which the body overwrites entirely, or an input of the same
    /// map and element width, each of whose elements is read then written at the same point
    /// of the loops.
    Reuse(usize),
}

/// One read of an operand's size before the loops: loop `loop_d`'s size is the first read of
/// it; each later read of the same loop is checked against that one at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeRead {
    /// The operand (inputs then outputs).
    pub operand: usize,
    /// Its dimension.
    pub dim: usize,
    /// The loop that dimension is indexed by.
    pub loop_d: usize,
}

/// The loop nest of a linalg structured op on tensors (MLIR `LinalgOp` lowered to loops, see
/// the module docs), decided once for both backends.
#[derive(Clone, Debug)]
pub struct StructuredPlan {
    /// The operands: inputs, then outputs.
    pub operands: Vec<ValueId>,
    /// The number of inputs.
    pub n_ins: usize,
    /// The body (the op's region's block) and its arguments, one per operand.
    pub body: BlockId,
    /// The body's arguments (at least one per operand).
    pub args: Vec<ValueId>,
    /// The body's terminator, a `linalg.yield`.
    pub yield_op: OpId,
    /// The values it yields, one per output.
    pub yielded: Vec<ValueId>,
    /// For each operand, the loop of each of its dimensions (none for a scalar).
    pub dims_of: Vec<Vec<usize>>,
    /// The number of loops (the maps' dimension count).
    pub loops: usize,
    /// The size reads before the loops, in operand order: every loop is read at least once.
    pub size_reads: Vec<SizeRead>,
    /// For each loop, its size when an operand's type gives it statically (the first such).
    pub static_sizes: Vec<Option<u64>>,
    /// For each output, where its result is written.
    pub outputs: Vec<OutputBuffer>,
}

impl StructuredPlan {
    /// The plan of structured op `s` (MLIR `LinalgOp`) in a function with ownership `own`, or
    /// the error of the first check of the module docs that fails, worded for `target`.
    pub fn of(
        ctx: &Context,
        s: StructuredOp,
        target: &Target,
        own: &Ownership,
    ) -> Result<StructuredPlan, Diagnostic> {
        let op = s.op();
        let maps = s.indexing_maps(ctx);
        let (ins, outs) = (s.inputs(ctx), s.outputs(ctx));
        let operands: Vec<ValueId> = ins.iter().chain(outs).copied().collect();
        if maps.len() != operands.len() {
            return Err(op_err(ctx, op, "has not one indexing map per operand"));
        }
        let loops = maps.first().map_or(0, |m| m.num_dims as usize);
        let mut dims_of: Vec<Vec<usize>> = Vec::new();
        for m in &maps {
            let mut ds = Vec::new();
            for e in &m.results {
                match e {
                    AffineExpr::Dim(d) => ds.push(*d as usize),
                    _ => {
                        return Err(target.not_supported(
                            ctx,
                            op,
                            "with an indexing map that is not a projected permutation",
                        ))
                    }
                }
            }
            dims_of.push(ds);
        }
        let tensor = |v: ValueId| element_type(ctx, ctx.value_type(v)).is_some();
        for &v in &operands {
            if tensor(v) {
                target.slot(ctx, op, ctx.value_type(v))?;
            }
        }
        let mut size_reads = Vec::new();
        let mut static_sizes = vec![None; loops];
        let mut read = vec![false; loops];
        for (k, &v) in operands.iter().enumerate() {
            if !tensor(v) {
                continue;
            }
            let sizes = dims(ctx, ctx.value_type(v)).unwrap_or(&[]);
            for (j, &d) in dims_of[k].iter().enumerate() {
                let slot = read
                    .get_mut(d)
                    .ok_or_else(|| op_err(ctx, op, "has a map result beyond its loops"))?;
                *slot = true;
                size_reads.push(SizeRead {
                    operand: k,
                    dim: j,
                    loop_d: d,
                });
                if static_sizes[d].is_none() {
                    static_sizes[d] = sizes.get(j).copied().flatten();
                }
            }
        }
        if read.contains(&false) {
            return Err(op_err(ctx, op, "has a loop that indexes no operand"));
        }
        let body = s.body(ctx);
        let args = ctx.block_args(body).to_vec();
        if args.len() < operands.len() {
            return Err(op_err(ctx, op, "has fewer body arguments than operands"));
        }
        let y = ctx
            .last_op(body)
            .and_then(|t| YieldOp::of(ctx, t))
            .ok_or_else(|| op_err(ctx, op, "has a body without 'linalg.yield'"))?;
        let yielded = y.values(ctx).to_vec();
        if yielded.len() < outs.len() {
            return Err(op_err(ctx, op, "yields no value for an output"));
        }
        if yielded.len() > outs.len() {
            return Err(op_err(ctx, op, "yields more values than it has outputs"));
        }
        if !outs.iter().all(|&o| tensor(o)) {
            return Err(op_err(ctx, op, "yields to a scalar output"));
        }
        let mut taken: Vec<ValueId> = Vec::new();
        let mut outputs = Vec::new();
        for (i, &o) in outs.iter().enumerate() {
            let j = ins.len() + i;
            let read = !ctx.uses(args[j]).is_empty();
            let aliased = operands.iter().enumerate().any(|(k, &v)| k != j && v == o);
            outputs.push(if aliased {
                OutputBuffer::New { copy: read }
            } else if read {
                OutputBuffer::Writable
            } else if let Some(k) = reusable_input(
                ctx,
                op,
                (&dims_of, loops),
                &operands,
                (ins.len(), j),
                (own, &taken),
            ) {
                taken.push(operands[k]);
                OutputBuffer::Reuse(k)
            } else if is_tracked(ctx, o) && own.is_last_use(op, j) {
                OutputBuffer::Reuse(j)
            } else {
                OutputBuffer::New { copy: false }
            });
        }
        Ok(StructuredPlan {
            operands,
            n_ins: ins.len(),
            body,
            args,
            yield_op: y.op(),
            yielded,
            dims_of,
            loops,
            size_reads,
            static_sizes,
            outputs,
        })
    }

    /// Whether operand `k` is a tensor (read through a buffer; else a scalar, the same at
    /// every point).
    pub fn is_tensor(&self, ctx: &Context, k: usize) -> bool {
        element_type(ctx, ctx.value_type(self.operands[k])).is_some()
    }

    /// The outputs (operand indices) that do not depend on the innermost loop: reduced along
    /// it, so they may be carried in registers through it.
    pub fn reduced_outputs(&self) -> Vec<usize> {
        let Some(inner) = self.loops.checked_sub(1) else {
            return Vec::new();
        };
        (self.n_ins..self.operands.len())
            .filter(|&k| !self.dims_of[k].contains(&inner))
            .collect()
    }

    /// For output `i` with buffer [`OutputBuffer::Reuse`] of an input: that input.
    pub fn reused_input(&self, i: usize) -> Option<usize> {
        match self.outputs[i] {
            OutputBuffer::Reuse(k) if k < self.n_ins => Some(k),
            _ => None,
        }
    }
}

/// The message of the run-time fault when two operand dimensions of structured op `op` that
/// one loop indexes differ: `first`, the read that gave the loop its size, and `other` (the
/// runtime appends both operands' shapes): `'linalg.transpose' operands have incompatible
/// shapes (dimension 1 of operand 0 differs from dimension 0 of operand 1)`, operands counted
/// inputs then outputs as in MLIR's `getOpOperands`.
pub fn incompatible_shapes(ctx: &Context, op: OpId, first: &SizeRead, other: &SizeRead) -> String {
    format!(
        "'{}' operands have incompatible shapes (dimension {} of operand {} differs from \
         dimension {} of operand {})",
        ctx.name_str(op),
        first.dim,
        first.operand,
        other.dim,
        other.operand
    )
}

/// MLIR `linalg.index` at `op`, inside the loops of a structured op with `depth` loops: the
/// loop whose index it reads, or the error when it is no index op (worded for `target`) or
/// is outside those loops.
pub fn index(ctx: &Context, op: OpId, target: &Target, depth: usize) -> Result<usize, Diagnostic> {
    let ix = target.view(ctx, op, IndexOp::of(ctx, op))?;
    let d = ix.dim(ctx) as usize;
    if d < depth {
        Ok(d)
    } else {
        Err(op_err(ctx, op, "is outside a structured op's loops"))
    }
}

/// An input of a structured op whose buffer may become output `j` (an output the body does
/// not read): a tracked tensor at its last use, not `taken` by an earlier output, not another
/// operand of the op too, of the output's element width, read through the output's indexing
/// map, which visits each element once (a permutation of the loops).
fn reusable_input(
    ctx: &Context,
    op: OpId,
    (dims_of, loops): (&[Vec<usize>], usize),
    operands: &[ValueId],
    (n_ins, j): (usize, usize),
    (own, taken): (&Ownership, &[ValueId]),
) -> Option<usize> {
    if dims_of[j].len() != loops {
        return None;
    }
    let mut seen = vec![false; loops];
    for &d in &dims_of[j] {
        if d >= loops || std::mem::replace(&mut seen[d], true) {
            return None;
        }
    }
    (0..n_ins).find(|&k| {
        let v = operands[k];
        is_tracked(ctx, v)
            && own.is_last_use(op, k)
            && !taken.contains(&v)
            && dims_of[k] == dims_of[j]
            && elem_width(ctx, v) == elem_width(ctx, operands[j])
            && operands.iter().filter(|&&x| x == v).count() == 1
    })
}
