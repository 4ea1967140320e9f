//! The tensor dialect's ops as both backends lower them (MLIR `tensor`: `empty`, `splat`,
//! `from_elements`, `extract`, `insert`, `dim`, `rank`, `cast`, `generate`) and what every
//! tensor lowering reads of a tensor type: its element type, sizes and element width, whether
//! a value holds a counted reference, the immortal buffers of `dense<...>` constants, and the
//! runtime faults of the tensor ops (kind and message; the runtime appends the shapes).
//!
//! The backends check at run time what these plans leave dynamic: a negative `?` size, an
//! index out of bounds, a `tensor.dim` index beyond the rank, a `tensor.cast` to a static size
//! that does not match (docs/design/tensor-runtime.md).

use super::ownership::Ownership;
use super::tensor_checks::Target;
use crate::diag::op_err;
use crate::runtime::ConstBuffer;
use crate::RuntimeErrorKind;
use weir_dialect_tensor::{
    CastOp, DimOp, EmptyOp, ExtractOp, FromElementsOp, GenerateOp, InsertOp, RankOp, SplatOp,
};
use weir_ir::{BlockId, Context, Diagnostic, Dim, OpId, Traits, Type, TypeKind, ValueId};

/// The element type of `ty` when it is a ranked tensor type.
pub fn element_type(ctx: &Context, ty: Type) -> Option<Type> {
    match ctx.type_kind(ty) {
        TypeKind::Tensor {
            shape: Some(_),
            element,
            ..
        } => Some(*element),
        _ => None,
    }
}

/// The sizes of `ty` when it is a ranked tensor type.
pub fn dims(ctx: &Context, ty: Type) -> Option<&[Dim]> {
    match ctx.type_kind(ty) {
        TypeKind::Tensor { shape: Some(d), .. } => Some(d),
        _ => None,
    }
}

/// The sizes of `v`'s type when it is a ranked tensor.
pub fn dims_of(ctx: &Context, v: ValueId) -> Option<&[Dim]> {
    dims(ctx, ctx.value_type(v))
}

/// The rank of `v`'s type (0 when it is no ranked tensor).
pub fn rank_of(ctx: &Context, v: ValueId) -> usize {
    dims_of(ctx, v).map_or(0, <[Dim]>::len)
}

/// Bytes per element of tensor value `v` (0 when it is no tensor the backends support).
pub fn elem_width(ctx: &Context, v: ValueId) -> u32 {
    match crate::abi::Slot::of(ctx, ctx.value_type(v)) {
        Some(crate::abi::Slot::Tensor(e)) => e.byte_width() as u32,
        _ => 0,
    }
}

/// Whether `v` holds a counted reference: a ranked tensor not defined by a constant op
/// (constants are immortal buffers, never counted).
pub fn is_tracked(ctx: &Context, v: ValueId) -> bool {
    element_type(ctx, ctx.value_type(v)).is_some() && ctx.constant_of(v).is_none()
}

/// Whether `op` may take over the reference of its operand `j` (value `v`) in a function with
/// ownership `own`: a counted tensor at its last use there, whose buffer the op may reuse when
/// its count is 1 (and otherwise releases).
pub fn at_last_use(ctx: &Context, own: &Ownership, op: OpId, j: usize, v: ValueId) -> bool {
    is_tracked(ctx, v) && own.is_last_use(op, j)
}

/// Whether `op` is a constant op (MLIR `ConstantLike`) of a ranked tensor type.
pub fn is_tensor_constant(ctx: &Context, op: OpId) -> bool {
    ctx.has_traits(op, Traits::CONSTANT_LIKE)
        && ctx.results(op).len() == 1
        && element_type(ctx, ctx.value_type(ctx.result(op, 0))).is_some()
}

/// The immortal buffer of tensor constant `op` (`arith.constant dense<...>`, a splat
/// materialized), or why it cannot be made (the message of a located error at the op).
pub fn constant_buffer(ctx: &Context, op: OpId) -> Result<ConstBuffer, &'static str> {
    let r = ctx.result(op, 0);
    let ty = ctx.value_type(r);
    let dense = ctx
        .constant_of(r)
        .and_then(|a| ctx.dense_elements(a))
        .ok_or("requires a dense elements value")?;
    let shape: Vec<u64> = dims(ctx, ty)
        .unwrap_or(&[])
        .iter()
        .map(|d| d.unwrap_or(0))
        .collect();
    let n: u64 = shape.iter().product();
    let bytes = if dense.is_splat() {
        let e = dense.raw_element(0);
        (n as usize)
            .checked_mul(e.len())
            .filter(|&t| t <= 1 << 32)
            .ok_or("is a splat too large to materialize (more than 4 GiB)")?;
        e.repeat(n as usize)
    } else {
        dense.raw_bytes().to_vec()
    };
    let mut bytes = bytes;
    crate::tensor_value::zero_extend_elements(dense.element_kind(), &mut bytes);
    Ok(ConstBuffer::new(elem_width(ctx, r), &shape, &bytes))
}

/// A runtime fault that an op's generated code raises when a run-time check fails: its kind
/// and message (the runtime's detail helper may append the shapes involved).
#[derive(Clone, Debug)]
pub struct Fault {
    /// The kind of the runtime error.
    pub kind: RuntimeErrorKind,
    /// Its message (`'<op>' ...`).
    pub message: String,
}

impl Fault {
    /// The fault of `kind` at `op` with message `'<op>' <what>`.
    pub fn at(ctx: &Context, op: OpId, kind: RuntimeErrorKind, what: &str) -> Fault {
        Fault {
            kind,
            message: format!("'{}' {what}", ctx.name_str(op)),
        }
    }
}

/// The fault of a `?` size operand of `op` that is negative (MLIR: undefined behaviour).
pub fn negative_size(ctx: &Context, op: OpId) -> Fault {
    Fault::at(
        ctx,
        op,
        RuntimeErrorKind::ShapeMismatch,
        "has a negative size",
    )
}

/// The fault of an index of `op` (`tensor.extract`, `tensor.insert`) not below its dimension.
pub fn index_out_of_bounds(ctx: &Context, op: OpId) -> Fault {
    Fault::at(
        ctx,
        op,
        RuntimeErrorKind::IndexOutOfBounds,
        "index out of bounds",
    )
}

/// The fault of a buffer `op` cannot allocate for its result.
pub fn cannot_allocate(ctx: &Context, op: OpId) -> Fault {
    let what = "cannot allocate its result (out of memory or too large)";
    Fault::at(ctx, op, RuntimeErrorKind::OutOfMemory, what)
}

/// One size of a tensor a lowering creates: static (from the result type) or the value of a
/// dynamic `index` operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    /// A static size of the result type.
    Static(u64),
    /// A `?` size, given by this `index` operand (checked at run time not to be negative:
    /// [`negative_size`]).
    Dynamic(ValueId),
}

/// A new tensor an op creates (MLIR tensor.empty, tensor.splat, tensor.from_elements,
/// tensor.generate): its element width and its sizes.
#[derive(Clone, Debug)]
pub struct NewTensor {
    /// Bytes per element.
    pub width: u32,
    /// Its sizes, outermost first.
    pub sizes: Vec<Size>,
}

impl NewTensor {
    /// Result `r` of `op` (its type checked by `target`) with one size operand of `dynamic`
    /// per `?` size of its type, in order; an error when `r` is no ranked tensor or the
    /// counts differ.
    fn of(
        ctx: &Context,
        op: OpId,
        target: &Target,
        (r, dynamic): (ValueId, &[ValueId]),
    ) -> Result<NewTensor, Diagnostic> {
        target.slot(ctx, op, ctx.value_type(r))?;
        let d = dims_of(ctx, r).ok_or_else(|| op_err(ctx, op, "expects a ranked tensor result"))?;
        if d.iter().filter(|x| x.is_none()).count() != dynamic.len() {
            return Err(op_err(
                ctx,
                op,
                "requires one size operand per dynamic dimension",
            ));
        }
        let mut dynamic = dynamic.iter();
        let sizes = d
            .iter()
            .map(|s| match s {
                Some(n) => Size::Static(*n),
                None => Size::Dynamic(
                    *dynamic
                        .next()
                        .expect("one operand per dynamic size (counted above)"),
                ),
            })
            .collect();
        Ok(NewTensor {
            width: elem_width(ctx, r),
            sizes,
        })
    }

    /// The rank.
    pub fn rank(&self) -> usize {
        self.sizes.len()
    }
}

/// MLIR tensor.empty `op`: a new tensor of the result's sizes (elements unspecified).
pub fn empty(ctx: &Context, op: OpId, target: &Target) -> Result<NewTensor, Diagnostic> {
    let e = target.view(ctx, op, EmptyOp::of(ctx, op))?;
    NewTensor::of(ctx, op, target, (e.result(ctx), e.dynamic_sizes(ctx)))
}

/// MLIR tensor.splat `op`: the scalar every element is, and the new tensor.
pub fn splat(ctx: &Context, op: OpId, target: &Target) -> Result<(ValueId, NewTensor), Diagnostic> {
    let s = target.view(ctx, op, SplatOp::of(ctx, op))?;
    let t = NewTensor::of(ctx, op, target, (s.result(ctx), s.dynamic_sizes(ctx)))?;
    Ok((s.input(ctx), t))
}

/// MLIR tensor.from_elements `op`: the elements in row-major order, and the new tensor (of a
/// static shape).
pub fn from_elements(
    ctx: &Context,
    op: OpId,
    target: &Target,
) -> Result<(Vec<ValueId>, NewTensor), Diagnostic> {
    let f = target.view(ctx, op, FromElementsOp::of(ctx, op))?;
    let t = NewTensor::of(ctx, op, target, (f.result(ctx), &[]))?;
    Ok((f.elements(ctx).to_vec(), t))
}

/// MLIR tensor.generate: the body, run once per element in row-major order with the
/// element's indices as its arguments, yields the element (`tensor.yield`).
#[derive(Clone, Debug)]
pub struct GeneratePlan {
    /// The new tensor.
    pub tensor: NewTensor,
    /// The body (its ops up to the terminator are lowered per element).
    pub body: BlockId,
    /// The body's arguments: the indices, outermost first.
    pub indices: Vec<ValueId>,
    /// The value the body yields.
    pub yielded: ValueId,
}

impl GeneratePlan {
    /// The plan of `tensor.generate` `op`; an error unless the body has one argument per
    /// dimension.
    pub fn of(ctx: &Context, op: OpId, target: &Target) -> Result<GeneratePlan, Diagnostic> {
        let g = target.view(ctx, op, GenerateOp::of(ctx, op))?;
        let tensor = NewTensor::of(ctx, op, target, (g.result(ctx), g.dynamic_extents(ctx)))?;
        let body = g.body(ctx);
        let indices = ctx.block_args(body).to_vec();
        if indices.len() != tensor.rank() {
            return Err(op_err(ctx, op, "requires one body argument per dimension"));
        }
        Ok(GeneratePlan {
            tensor,
            body,
            indices,
            yielded: g.yielded(ctx),
        })
    }
}

/// One element of a tensor (MLIR tensor.extract, tensor.insert): the tensor and one index per
/// dimension, each checked at run time ([`index_out_of_bounds`]).
#[derive(Clone, Debug)]
pub struct Element {
    /// The tensor read (`extract`) or written (`insert`'s destination).
    pub tensor: ValueId,
    /// The indices, outermost first.
    pub indices: Vec<ValueId>,
}

impl Element {
    /// Element `indices` of `tensor` in `op`; an error unless there is one index per dimension.
    fn of(
        ctx: &Context,
        op: OpId,
        target: &Target,
        (tensor, indices): (ValueId, &[ValueId]),
    ) -> Result<Element, Diagnostic> {
        target.slot(ctx, op, ctx.value_type(tensor))?;
        if indices.len() != rank_of(ctx, tensor) {
            return Err(op_err(ctx, op, "requires one index per dimension"));
        }
        Ok(Element {
            tensor,
            indices: indices.to_vec(),
        })
    }
}

/// MLIR tensor.extract `op`: the element read, and the scalar result.
pub fn extract(ctx: &Context, op: OpId, target: &Target) -> Result<(Element, ValueId), Diagnostic> {
    let e = target.view(ctx, op, ExtractOp::of(ctx, op))?;
    let at = Element::of(ctx, op, target, (e.tensor(ctx), e.indices(ctx)))?;
    Ok((at, e.result(ctx)))
}

/// MLIR tensor.insert `op`: the element written (of the destination, operand 1, written in
/// place when the destination is at its last use with count 1), and the scalar stored.
pub fn insert(ctx: &Context, op: OpId, target: &Target) -> Result<(Element, ValueId), Diagnostic> {
    let i = target.view(ctx, op, InsertOp::of(ctx, op))?;
    let at = Element::of(ctx, op, target, (i.dest(ctx), i.indices(ctx)))?;
    Ok((at, i.scalar(ctx)))
}

/// Which size MLIR tensor.dim reads.
#[derive(Clone, Copy, Debug)]
pub enum DimIndex {
    /// A constant index below the rank: that size, no check.
    Static(usize),
    /// An index known only at run time (or a constant beyond the rank): checked against the
    /// rank at run time ([`DimPlan::fault`]; MLIR: undefined behaviour).
    Dynamic(ValueId),
}

/// MLIR tensor.dim: the size of one dimension of `source`.
#[derive(Clone, Copy, Debug)]
pub struct DimPlan {
    /// The tensor.
    pub source: ValueId,
    /// Its rank.
    pub rank: usize,
    /// The dimension read.
    pub index: DimIndex,
}

impl DimPlan {
    /// The plan of `tensor.dim` `op`.
    pub fn of(ctx: &Context, op: OpId, target: &Target) -> Result<DimPlan, Diagnostic> {
        let d = target.view(ctx, op, DimOp::of(ctx, op))?;
        let source = d.source(ctx);
        target.slot(ctx, op, ctx.value_type(source))?;
        let rank = rank_of(ctx, source);
        let index = match d.constant_index(ctx) {
            Some(i) if (0..rank as i128).contains(&i) => DimIndex::Static(i as usize),
            _ => DimIndex::Dynamic(d.index(ctx)),
        };
        Ok(DimPlan {
            source,
            rank,
            index,
        })
    }

    /// The fault of a dynamic index of `op` not below the rank.
    pub fn fault(&self, ctx: &Context, op: OpId) -> Fault {
        let what = format!("index is not below the rank {}", self.rank);
        Fault::at(ctx, op, RuntimeErrorKind::IndexOutOfBounds, &what)
    }
}

/// MLIR tensor.rank `op`: the static rank of its operand.
pub fn rank(ctx: &Context, op: OpId, target: &Target) -> Result<usize, Diagnostic> {
    let r = target.view(ctx, op, RankOp::of(ctx, op))?;
    target.slot(ctx, op, ctx.value_type(r.source(ctx)))?;
    Ok(rank_of(ctx, r.source(ctx)))
}

/// What a result that aliases its operand's buffer does with the operand's reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alias {
    /// The operand is at its last use: the result takes over its reference.
    Take,
    /// The operand lives on: the result adds a reference.
    Retain,
    /// The operand is no counted reference (a constant): nothing to do.
    Untracked,
}

impl Alias {
    /// What the result of `op` aliasing its operand `j` (value `v`) does, in a function with
    /// ownership `own`.
    pub fn of(ctx: &Context, own: &Ownership, op: OpId, j: usize, v: ValueId) -> Alias {
        if !is_tracked(ctx, v) {
            Alias::Untracked
        } else if own.is_last_use(op, j) {
            Alias::Take
        } else {
            Alias::Retain
        }
    }
}

/// MLIR tensor.cast: the same buffer; each `?` size of the source that the result type gives
/// statically is checked at run time ([`CastPlan::fault`]).
#[derive(Clone, Debug)]
pub struct CastPlan {
    /// The cast tensor.
    pub source: ValueId,
    /// The checks: the dimension and the static size it must have.
    pub checks: Vec<(usize, u64)>,
    /// What the result does with the source's reference.
    pub alias: Alias,
}

impl CastPlan {
    /// The plan of `tensor.cast` `op` in a function with ownership `own`.
    pub fn of(
        ctx: &Context,
        op: OpId,
        target: &Target,
        own: &Ownership,
    ) -> Result<CastPlan, Diagnostic> {
        let c = target.view(ctx, op, CastOp::of(ctx, op))?;
        let (source, r) = (c.source(ctx), c.result(ctx));
        target.slot(ctx, op, ctx.value_type(source))?;
        target.slot(ctx, op, ctx.value_type(r))?;
        let from = dims_of(ctx, source).unwrap_or(&[]);
        let to = dims_of(ctx, r).unwrap_or(&[]);
        let checks = from
            .iter()
            .zip(to)
            .enumerate()
            .filter_map(|(i, (a, b))| match (a, b) {
                (None, Some(want)) => Some((i, *want)),
                _ => None,
            })
            .collect();
        Ok(CastPlan {
            source,
            checks,
            alias: Alias::of(ctx, own, op, 0, source),
        })
    }

    /// The fault of a size of `op`'s source that does not match the result type.
    pub fn fault(ctx: &Context, op: OpId) -> Fault {
        let what = "to a static shape that does not match";
        Fault::at(ctx, op, RuntimeErrorKind::ShapeMismatch, what)
    }
}
