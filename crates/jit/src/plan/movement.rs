//! The ops that move whole blocks of elements, as both backends lower them: calls to the
//! host-side kernels (`weir-kernels`, through the shims of `runtime::kernels`) for MLIR
//! `tensor.concat`, `tensor.extract_slice` (also rank-reducing), `tensor.insert_slice` (in
//! place when its destination is at its last use with count 1), `tensor.pad` with a padding
//! value defined outside its region, and `linalg.matmul`/`batch_matmul` with MLIR's default
//! indexing maps (a GEMM).
//!
//! A shim returns null after a failed precondition (bounds, sizes): the generated code then
//! faults at the op ([`shim_failed`]) with the shim's description of the shapes.

use super::ownership::Ownership;
use super::tensor::{at_last_use, dims_of, Fault};
use super::tensor_checks::Target;
use crate::abi::Slot;
use crate::runtime::kernels::encode_elem;
use crate::RuntimeErrorKind;
use weir_dialect_linalg::{Kind, StructuredOp};
use weir_dialect_tensor::{ConcatOp, ExtractSliceOp, InsertSliceOp, PadOp};
use weir_ir::{Context, Diagnostic, Dim, OpId, TypeKind, ValueId};

/// The fault of a data-movement op or GEMM `op` whose shim returned null (the shim recorded
/// the shapes).
pub fn shim_failed(ctx: &Context, op: OpId) -> Fault {
    Fault::at(ctx, op, RuntimeErrorKind::ShapeMismatch, "failed")
}

/// The host-kernel call of a data-movement op, decided once for both backends: which shim
/// and which arguments. Every shim takes the run's state first and returns the result's
/// buffer, or null after a failed precondition (the generated code then faults at the op with
/// `'<op>' failed` and the shim's details). `params` are stored as one array of `i64` in a
/// stack slot of the caller (offsets, sizes, strides or pad amounts, static or dynamic).
#[derive(Clone, Debug)]
pub enum MovementCall {
    /// MLIR tensor.concat: [`CONCAT`](crate::runtime::kernels::CONCAT)`(state, inputs: *const header, n, dim)`.
    Concat {
        /// The concatenated tensors (their header addresses in the array).
        inputs: Vec<ValueId>,
        /// The dimension along which they are concatenated.
        dim: u64,
    },
    /// MLIR tensor.extract_slice (also rank-reducing): [`EXTRACT_SLICE`](crate::runtime::kernels::EXTRACT_SLICE)`(state, source,
    /// params, rank, dropped)` with params offsets, sizes, strides and `dropped` the
    /// [`dropped_dims`] mask.
    ExtractSlice {
        /// The sliced tensor.
        source: ValueId,
        /// Offsets, then sizes, then strides.
        params: Vec<Result<i64, ValueId>>,
        /// The number of offsets (the source's rank).
        rank: u64,
        /// The bit mask of the dimensions the result drops.
        dropped: u64,
    },
    /// MLIR tensor.insert_slice: [`INSERT_SLICE`](crate::runtime::kernels::INSERT_SLICE)`(state, source, dest, params, rank,
    /// owned)`, in place when `owned` (the destination at its last use, not the source: the
    /// call takes over its reference) and its count is 1.
    InsertSlice {
        /// The inserted tensor.
        source: ValueId,
        /// The tensor it is inserted into.
        dest: ValueId,
        /// Offsets, then sizes, then strides.
        params: Vec<Result<i64, ValueId>>,
        /// The number of offsets (the destination's rank).
        rank: u64,
        /// Whether the call takes over `dest`'s reference.
        owned: bool,
    },
    /// MLIR tensor.pad with a padding value defined outside its region: [`PAD`](crate::runtime::kernels::PAD)`(state,
    /// source, params, rank, value: *const element)`.
    Pad {
        /// The padded tensor.
        source: ValueId,
        /// The padding element (stored in a stack slot).
        value: ValueId,
        /// Low pad amounts, then high ones.
        params: Vec<Result<i64, ValueId>>,
        /// The number of low pad amounts (the rank).
        rank: u64,
    },
}

impl MovementCall {
    /// The call of `op` in a function with ownership `own` (the types of its tensors
    /// checked by `target`), or the error `'<op>' <why> is not supported by <backend>`.
    pub fn of(
        ctx: &Context,
        op: OpId,
        target: &Target,
        own: &Ownership,
    ) -> Result<MovementCall, Diagnostic> {
        for &v in ctx.operands(op).iter().chain(ctx.results(op)) {
            if matches!(ctx.type_kind(ctx.value_type(v)), TypeKind::Tensor { .. }) {
                target.slot(ctx, op, ctx.value_type(v))?;
            }
        }
        Self::call(ctx, op, own).map_err(|why| target.not_supported(ctx, op, why))
    }

    /// The call of `op`, or why it is not supported.
    fn call(ctx: &Context, op: OpId, own: &Ownership) -> Result<MovementCall, &'static str> {
        if let Some(c) = ConcatOp::of(ctx, op) {
            return Ok(MovementCall::Concat {
                inputs: c.inputs(ctx).to_vec(),
                dim: c.dim(ctx),
            });
        }
        if let Some(e) = ExtractSliceOp::of(ctx, op) {
            let sizes = e.sizes(ctx);
            let out = dims_of(ctx, e.result(ctx)).unwrap_or(&[]).to_vec();
            let dropped = dropped_dims(&sizes, &out)
                .ok_or("with a rank reduction whose dropped dimensions cannot be placed")?;
            let mut params = e.offsets(ctx);
            params.extend(sizes.iter().cloned());
            params.extend(e.strides(ctx));
            return Ok(MovementCall::ExtractSlice {
                source: e.source(ctx),
                params,
                rank: sizes.len() as u64,
                dropped,
            });
        }
        if let Some(i) = InsertSliceOp::of(ctx, op) {
            let (source, dest) = (i.source(ctx), i.dest(ctx));
            let mut params = i.offsets(ctx);
            params.extend(i.sizes(ctx));
            params.extend(i.strides(ctx));
            let owned = at_last_use(ctx, own, op, 1, dest) && source != dest;
            return Ok(MovementCall::InsertSlice {
                source,
                dest,
                params,
                rank: i.sizes(ctx).len() as u64,
                owned,
            });
        }
        if let Some(pad) = PadOp::of(ctx, op) {
            let value = pad.padding_value(ctx);
            let inside = match ctx.value_def(value) {
                weir_ir::ValueDef::BlockArg { block, .. } => block == pad.body(ctx),
                weir_ir::ValueDef::Result { op: def, .. } => {
                    ctx.op_block(def) == Some(pad.body(ctx))
                }
                weir_ir::ValueDef::Detached => true,
            };
            if inside {
                return Err("with a padding value computed in its region");
            }
            let low = pad.low(ctx);
            let rank = low.len() as u64;
            let mut params = low;
            params.extend(pad.high(ctx));
            return Ok(MovementCall::Pad {
                source: pad.source(ctx),
                value,
                params,
                rank,
            });
        }
        Err("is not a data-movement op")
    }
}

/// A `linalg.matmul`/`batch_matmul` that runs as the host GEMM ([`MATMUL`](crate::runtime::kernels::MATMUL)`(state, a, b, c,
/// owned, elem_code, batched) -> result or null`): one with MLIR's own indexing maps (no
/// `indexing_maps` or `cast` attribute) whose operands all have the result's element type.
#[derive(Clone, Copy, Debug)]
pub struct GemmPlan {
    /// The left operand.
    pub a: ValueId,
    /// The right operand.
    pub b: ValueId,
    /// The accumulator (`outs`).
    pub c: ValueId,
    /// Whether the call takes over `c`'s reference (at its last use, not also `a` or `b`): the
    /// shim may then write the result into `c`'s buffer.
    pub owned: bool,
    /// The element kind as the shim's code (`encode_elem`).
    pub elem_code: u64,
    /// `batch_matmul`.
    pub batched: bool,
}

impl GemmPlan {
    /// The GEMM call of structured op `op` (view `s`) in a function with ownership `own`, or
    /// `None` when it is lowered as a loop nest.
    pub fn of(ctx: &Context, op: OpId, s: StructuredOp, own: &Ownership) -> Option<GemmPlan> {
        let batched = match s.kind(ctx) {
            Kind::Matmul => false,
            Kind::BatchMatmul => true,
            _ => return None,
        };
        if ctx.attr_of(op, "indexing_maps").is_some() || ctx.attr_of(op, "cast").is_some() {
            return None;
        }
        let (&[a, b], &[c]) = (s.inputs(ctx), s.outputs(ctx)) else {
            return None;
        };
        let elem = match Slot::of(ctx, ctx.value_type(c)) {
            Some(Slot::Tensor(e)) => e,
            _ => return None,
        };
        if [a, b]
            .iter()
            .any(|&v| Slot::of(ctx, ctx.value_type(v)) != Some(Slot::Tensor(elem)))
        {
            return None;
        }
        let j = ctx.operands(op).iter().position(|&v| v == c).unwrap_or(2);
        let owned = at_last_use(ctx, own, op, j, c) && c != a && c != b;
        Some(GemmPlan {
            a,
            b,
            c,
            owned,
            elem_code: encode_elem(elem),
            batched,
        })
    }
}

/// The bit mask of the slice dimensions a rank-reducing `extract_slice` drops, as MLIR
/// `ExtractSliceOp::getDroppedDims` chooses them: a static unit size is kept when the result
/// dimension it would match is a static 1, and dropped otherwise; every other size is kept.
/// So `[1, 2, 1, 1]` into `tensor<1x2xf32>` keeps dimensions 0 and 1. `None` when the kept
/// sizes do not line up with the result type's rank.
pub fn dropped_dims(sizes: &[Result<i64, ValueId>], result: &[Dim]) -> Option<u64> {
    let mut mask = 0u64;
    let mut j = 0;
    for (i, s) in sizes.iter().enumerate() {
        if matches!(s, Ok(1)) && result.get(j) != Some(&Some(1)) {
            mask |= 1 << i;
        } else {
            j += 1;
        }
    }
    (j == result.len()).then_some(mask)
}
