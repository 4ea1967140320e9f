//! Lowerings of the ops that move whole blocks of elements, as calls to the host-side kernels
//! (`weir-kernels`, through the shims of `runtime::kernels`): MLIR `tensor.concat`,
//! `tensor.extract_slice`, `tensor.insert_slice` (in place when its destination is at its
//! last use with count 1), `tensor.pad` with a padding value defined outside its region, and
//! `linalg.matmul`/`batch_matmul` with MLIR's default indexing maps (a GEMM).
//!
//! A shim returns null after a failed precondition (bounds, sizes): the generated code then
//! faults with the op's location and the shim's description of the shapes.

use super::{FunctionLowering, LowerFn, R};
use crate::diag::op_err;
use crate::runtime::kernels::{encode_elem, CONCAT, EXTRACT_SLICE, INSERT_SLICE, MATMUL, PAD};
use crate::RuntimeErrorKind;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{types, InstBuilder, StackSlotData, StackSlotKind, Value};
use weir_dialect_linalg::{Kind, StructuredOp};
use weir_dialect_tensor::{ConcatOp, ExtractSliceOp, InsertSliceOp, PadOp};
use weir_ir::{Dim, OpId, ValueId};

/// The movement ops' entries of the lowering table (the GEMM is chosen by
/// [`FunctionLowering::op_structured`]).
pub(super) const ENTRIES: &[(&str, LowerFn)] = &[
    ("tensor.concat", |l, op| l.op_movement(op)),
    ("tensor.extract_slice", |l, op| l.op_movement(op)),
    ("tensor.insert_slice", |l, op| l.op_movement(op)),
    ("tensor.pad", |l, op| l.op_movement(op)),
];

/// The host-kernel call of a data-movement op, decided once for both backends: which shim
/// and which arguments. Every shim takes the run's state first and returns the result's
/// buffer, or null after a failed precondition (the generated code then faults at the op with
/// `'<op>' failed` and the shim's details). `params` are stored as one array of `i64` in a
/// stack slot of the caller (offsets, sizes, strides or pad amounts, static or dynamic).
#[derive(Clone, Debug)]
pub enum MovementCall {
    /// MLIR tensor.concat: [`CONCAT`]`(state, inputs: *const header, n, dim)`.
    Concat {
        /// The concatenated tensors (their header addresses in the array).
        inputs: Vec<ValueId>,
        /// The dimension along which they are concatenated.
        dim: u64,
    },
    /// MLIR tensor.extract_slice (also rank-reducing): [`EXTRACT_SLICE`]`(state, source,
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
    /// MLIR tensor.insert_slice: [`INSERT_SLICE`]`(state, source, dest, params, rank,
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
    /// MLIR tensor.pad with a padding value defined outside its region: [`PAD`]`(state,
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
    /// The call of `op` in a function with ownership `own`, or `Err` with the message of a
    /// located error (`... is not supported by the <backend>` is the caller's to add).
    pub fn of(
        ctx: &weir_ir::Context,
        op: OpId,
        own: &crate::plan::ownership::Ownership,
    ) -> Result<MovementCall, &'static str> {
        if let Some(c) = ConcatOp::of(ctx, op) {
            return Ok(MovementCall::Concat {
                inputs: c.inputs(ctx).to_vec(),
                dim: c.dim(ctx),
            });
        }
        if let Some(e) = ExtractSliceOp::of(ctx, op) {
            let sizes = e.sizes(ctx);
            let out = crate::plan::tensor::dims(ctx, ctx.value_type(e.result(ctx)))
                .unwrap_or(&[])
                .to_vec();
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
            let owned =
                crate::plan::tensor::is_tracked(ctx, dest) && own.is_last_use(op, 1) && source != dest;
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

impl FunctionLowering<'_, '_> {
    /// Faults at `op` when the shim's result `p` is null; the shim recorded the details.
    fn check_shim(&mut self, op: OpId, p: Value) {
        let ctx = self.ctx;
        let null = self.b.ins().icmp_imm_s(IntCC::Equal, p, 0);
        self.guard(
            null,
            RuntimeErrorKind::ShapeMismatch,
            format!("'{}' failed", ctx.name_str(op)),
            ctx.loc(op),
        );
    }

    /// Mixed static/dynamic values (MLIR `OpFoldResult`s) as sizes for a stack slot.
    fn mixed(&self, op: OpId, xs: &[Result<i64, ValueId>]) -> R<Vec<Result<Value, u64>>> {
        xs.iter()
            .map(|x| match x {
                Ok(n) => Ok(Err(*n as u64)),
                Err(v) => Ok(Ok(self.val(op, *v)?)),
            })
            .collect()
    }

    /// A data-movement op ([`MovementCall`]) as its host-kernel call.
    fn op_movement(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        for &v in ctx.operands(op).iter().chain(ctx.results(op)) {
            if crate::plan::tensor::element_type(ctx, ctx.value_type(v)).is_some()
                || matches!(
                    ctx.type_kind(ctx.value_type(v)),
                    weir_ir::TypeKind::Tensor { .. }
                )
            {
                self.slot_at(&ctx.loc(op), ctx.value_type(v))?;
            }
        }
        let call = MovementCall::of(ctx, op, self.own())
            .map_err(|why| op_err(ctx, op, format!("{why} is not supported by the JIT")))?;
        let st = self.state();
        let c = |l: &mut Self, x: u64| l.b.ins().iconst(types::I64, x as i64);
        let q = match call {
            MovementCall::Concat { inputs, dim } => {
                let ps = inputs
                    .iter()
                    .map(|&v| Ok(Ok(self.val(op, v)?)))
                    .collect::<R<Vec<_>>>()?;
                let slot = self.sizes_slot(&ps);
                let (n, d) = (c(self, ps.len() as u64), c(self, dim));
                self.host_call(CONCAT, &[st, slot, n, d], &[types::I64])[0]
            }
            MovementCall::ExtractSlice {
                source,
                params,
                rank,
                dropped,
            } => {
                let ps = self.mixed(op, &params)?;
                let slot = self.sizes_slot(&ps);
                let p = self.val(op, source)?;
                let (r, dm) = (c(self, rank), c(self, dropped));
                self.host_call(EXTRACT_SLICE, &[st, p, slot, r, dm], &[types::I64])[0]
            }
            MovementCall::InsertSlice {
                source,
                dest,
                params,
                rank,
                owned,
            } => {
                let ps = self.mixed(op, &params)?;
                let slot = self.sizes_slot(&ps);
                let (p, d) = (self.val(op, source)?, self.val(op, dest)?);
                if owned {
                    self.consumed.insert(dest);
                }
                let (r, o) = (c(self, rank), c(self, owned as u64));
                self.host_call(INSERT_SLICE, &[st, p, d, slot, r, o], &[types::I64])[0]
            }
            MovementCall::Pad {
                source,
                value,
                params,
                rank,
            } => {
                let x = self.val(op, value)?;
                let vs = self.b.create_sized_stack_slot(StackSlotData::new(
                    StackSlotKind::ExplicitSlot,
                    8,
                    3,
                ));
                self.b.ins().stack_store(self.env.ptr, x, vs, 0);
                let vp = self.b.ins().stack_addr(self.env.ptr, vs, 0);
                let ps = self.mixed(op, &params)?;
                let slot = self.sizes_slot(&ps);
                let p = self.val(op, source)?;
                let r = c(self, rank);
                self.host_call(PAD, &[st, p, slot, r, vp], &[types::I64])[0]
            }
        };
        self.check_shim(op, q);
        self.set_result(op, 0, q);
        Ok(())
    }

    /// `linalg.matmul`/`batch_matmul` with MLIR's own indexing maps as a GEMM call; `false`
    /// when the op is another structured op (lowered as a loop nest).
    pub(super) fn try_gemm(&mut self, op: OpId, s: StructuredOp) -> R<bool> {
        let Some(g) = GemmPlan::of(self.ctx, op, s, self.own()) else {
            return Ok(false);
        };
        let (pa, pb, pc) = (self.val(op, g.a)?, self.val(op, g.b)?, self.val(op, g.c)?);
        if g.owned {
            self.consumed.insert(g.c);
        }
        let st = self.state();
        let ov = self.b.ins().iconst(types::I64, g.owned as i64);
        let ev = self.b.ins().iconst(types::I64, g.elem_code as i64);
        let bv = self.b.ins().iconst(types::I64, g.batched as i64);
        let q = self.host_call(MATMUL, &[st, pa, pb, pc, ov, ev, bv], &[types::I64])[0];
        self.check_shim(op, q);
        self.set_result(op, 0, q);
        Ok(true)
    }
}

/// A `linalg.matmul`/`batch_matmul` that runs as the host GEMM ([`MATMUL`]`(state, a, b, c,
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
    pub fn of(
        ctx: &weir_ir::Context,
        op: OpId,
        s: StructuredOp,
        own: &crate::plan::ownership::Ownership,
    ) -> Option<GemmPlan> {
        let batched = match s.kind(ctx) {
            Kind::Matmul => false,
            Kind::BatchMatmul => true,
            _ => return None,
        };
        if ctx.attr_of(op, "indexing_maps").is_some() || ctx.attr_of(op, "cast").is_some() {
            return None;
        }
        let (ins, outs) = (s.inputs(ctx), s.outputs(ctx));
        let (a, b, c) = (ins[0], ins[1], outs[0]);
        let elem = match crate::abi::Slot::of(ctx, ctx.value_type(c)) {
            Some(crate::abi::Slot::Tensor(e)) => e,
            _ => return None,
        };
        if [a, b].iter().any(|&v| {
            crate::abi::Slot::of(ctx, ctx.value_type(v)) != Some(crate::abi::Slot::Tensor(elem))
        }) {
            return None;
        }
        let j = ctx.operands(op).iter().position(|&v| v == c).unwrap_or(2);
        let owned = crate::plan::tensor::is_tracked(ctx, c) && own.is_last_use(op, j) && c != a && c != b;
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

/// The bit mask of the slice dimensions a rank-reducing `extract_slice` drops: unit sizes,
/// chosen from the left where the result type's sizes need it (MLIR
/// `computeRankReductionMask`); `None` when the sizes cannot be matched.
pub fn dropped_dims(sizes: &[Result<i64, ValueId>], result: &[Dim]) -> Option<u64> {
    let mut to_drop = sizes.len().checked_sub(result.len())?;
    let mut mask = 0u64;
    let mut j = 0;
    for (i, s) in sizes.iter().enumerate() {
        let unit = matches!(s, Ok(1));
        let left = sizes.len() - i;
        let keep_fits =
            j < result.len() && (result[j].is_none() || result[j] == s.ok().map(|n| n as u64));
        if to_drop > 0 && unit && (!keep_fits || left > result.len() - j) {
            mask |= 1 << i;
            to_drop -= 1;
        } else {
            j += 1;
        }
    }
    (to_drop == 0 && j == result.len()).then_some(mask)
}
