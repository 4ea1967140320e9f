//! `tensor.extract_slice` and `tensor.insert_slice` (MLIR `tensor::ExtractSliceOp`,
//! `InsertSliceOp`, with the `OffsetSizeAndStrideOpInterface`): a strided box of a ranked
//! tensor read out, or written into a copy of another.
//!
//! Syntax (MLIR 22):
//! ```mlir
//! %s = tensor.extract_slice %t[0, %a] [4, %n] [1, 2] : tensor<8x?xf32> to tensor<4x?xf32>
//! %r = tensor.insert_slice %s into %t[0, %a] [4, %n] [1, 2] : tensor<4x?xf32> into tensor<8x?xf32>
//! ```
//! Each list is mixed (`mixed.rs`): `static_offsets`, `static_sizes`, `static_strides`
//! (`array<i64: ...>`, [`DYNAMIC`] where an `index` operand stands) and
//! `operandSegmentSizes` (`[1, offsets, sizes, strides]`; insert_slice `[1, 1, ...]`).
//!
//! Verifier (MLIR 22's order and wording): the ODS constraints, the dynamic entry counts, the
//! interface's rank checks (offsets, sizes and strides as many as the sliced tensor's rank,
//! offsets and sizes non-negative), the slice type (the static sizes, possibly rank-reduced by
//! dropping unit dimensions: MLIR `isRankReducedType`), and the static bounds check
//! (`verifyInBoundsSlice`: each static offset inside its static dimension, and the last
//! position `offset + (size - 1) * stride` too).

use crate::common::{
    check_dynamic_entries, check_index_operands, check_tensor, i64_array, operand_segments,
    parse_colon_tensor_type, parse_tensor_type, plain_error, ranked, required_i64_array,
    segment_sizes_attr, size_to_dim, TensorConstraint, DYNAMIC, OPERAND_SEGMENT_SIZES,
};
use crate::mixed;
use weir_dialect_arith::util::parse_custom_keyword;
use weir_ir::interfaces::infer_types::{operand_type, InferInput};
use weir_ir::{
    op_error, Attr, AttrKind, Context, DenseValue, DiagResult, Diagnostic, Dim, FoldResult, OpId,
    OpState, Pattern, RewriteLog, Type, TypeKind, ValueId,
};
use weir_syntax::{type_to_string, PResult, Parser, Printer, UnresolvedOperand};

/// The name of the static offsets attribute.
pub const STATIC_OFFSETS: &str = "static_offsets";
/// The name of the static sizes attribute.
pub const STATIC_SIZES: &str = "static_sizes";
/// The name of the static strides attribute.
pub const STATIC_STRIDES: &str = "static_strides";

const LISTS: [(&str, &str, &str); 3] = [
    ("offsets", "offset", STATIC_OFFSETS),
    ("sizes", "size", STATIC_SIZES),
    ("strides", "stride", STATIC_STRIDES),
];

weir_ir::op_view! {
    /// `tensor.extract_slice` (MLIR `tensor::ExtractSliceOp`).
    ExtractSliceOp = "tensor.extract_slice"
}

weir_ir::op_view! {
    /// `tensor.insert_slice` (MLIR `tensor::InsertSliceOp`).
    InsertSliceOp = "tensor.insert_slice"
}

/// One list of a verified slice op: static entries as `Ok(n)`, dynamic ones as `Err(value)`
/// (an `index`). `list` is 0 (offsets), 1 (sizes) or 2 (strides); `first` is the number of
/// tensor operands before the lists.
fn list(ctx: &Context, op: OpId, list: usize, first: usize) -> Vec<Result<i64, ValueId>> {
    let segments = operand_segments(ctx, op, first + 3).expect("verified operand segments");
    let start = first + segments[first..first + list].iter().sum::<usize>();
    let values = &ctx.operands(op)[start..start + segments[first + list]];
    let statics = mixed::statics(ctx, op, LISTS[list].2).expect("verified static list");
    mixed::entries(&statics, values)
}

impl ExtractSliceOp {
    /// The sliced tensor.
    pub fn source(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }

    /// The offsets, one per source dimension (non-negative when static).
    pub fn offsets(self, ctx: &Context) -> Vec<Result<i64, ValueId>> {
        list(ctx, self.0, 0, 1)
    }

    /// The sizes, one per source dimension (non-negative when static).
    pub fn sizes(self, ctx: &Context) -> Vec<Result<i64, ValueId>> {
        list(ctx, self.0, 1, 1)
    }

    /// The strides, one per source dimension.
    pub fn strides(self, ctx: &Context) -> Vec<Result<i64, ValueId>> {
        list(ctx, self.0, 2, 1)
    }

    /// The slice (the static sizes' shape, possibly with unit dimensions dropped).
    pub fn result(self, ctx: &Context) -> ValueId {
        ctx.result(self.0, 0)
    }
}

impl InsertSliceOp {
    /// The inserted tensor.
    pub fn source(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }

    /// The tensor inserted into.
    pub fn dest(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 1)
    }

    /// The offsets, one per dest dimension (non-negative when static).
    pub fn offsets(self, ctx: &Context) -> Vec<Result<i64, ValueId>> {
        list(ctx, self.0, 0, 2)
    }

    /// The sizes, one per dest dimension (non-negative when static).
    pub fn sizes(self, ctx: &Context) -> Vec<Result<i64, ValueId>> {
        list(ctx, self.0, 1, 2)
    }

    /// The strides, one per dest dimension.
    pub fn strides(self, ctx: &Context) -> Vec<Result<i64, ValueId>> {
        list(ctx, self.0, 2, 2)
    }

    /// The result (the dest's type).
    pub fn result(self, ctx: &Context) -> ValueId {
        ctx.result(self.0, 0)
    }
}

/// MLIR `computeRankReductionMask` (without dynamic matching): whether `reduced` is
/// `original` with some size-1 dimensions dropped (greedily, left to right).
fn is_rank_reduction(original: &[Dim], reduced: &[Dim]) -> bool {
    let mut next = reduced.iter().peekable();
    for &d in original {
        if next.peek() == Some(&&d) {
            next.next();
        } else if d != Some(1) {
            return false;
        }
    }
    next.peek().is_none()
}

/// MLIR `isRankReducedType` + `produceSliceErrorMsg`: `candidate` is `expected` (static
/// sizes and element type) or a rank reduction of it, else MLIR's message.
fn check_slice_type(
    ctx: &Context,
    op: OpId,
    expected: &TypeKind,
    candidate: Type,
) -> DiagResult<()> {
    let TypeKind::Tensor {
        shape: Some(dims),
        element,
    } = expected
    else {
        return Ok(());
    };
    let (c_element, c_dims) = ranked(ctx, candidate)
        .expect("verify_extract and verify_insert checked the slice type is a ranked tensor");
    if c_dims.len() > dims.len() {
        return Err(plain_error(
            ctx,
            op,
            "expected rank to be smaller or equal to the other rank. ",
        ));
    }
    if !is_rank_reduction(dims, c_dims) {
        return Err(plain_error(
            ctx,
            op,
            format!(
                "expected type to be {} or a rank-reduced version. (size mismatch) ",
                ctx.quoted_kinds(std::slice::from_ref(expected))
            ),
        ));
    }
    if c_element != *element {
        return Err(plain_error(
            ctx,
            op,
            format!(
                "expected element type to be '{}'",
                type_to_string(ctx, *element)
            ),
        ));
    }
    Ok(())
}

/// MLIR `verifyInBoundsSlice` on the sliced tensor's `shape` (static entries only).
fn check_bounds(
    ctx: &Context,
    op: OpId,
    shape: &[Dim],
    [offsets, sizes, strides]: &[Vec<i64>; 3],
) -> DiagResult<()> {
    for (i, &d) in shape.iter().enumerate() {
        let (Some(d), offset) = (d, offsets[i]) else {
            continue;
        };
        if offset == DYNAMIC {
            continue;
        }
        let d = i128::from(d);
        if i128::from(offset) >= d {
            return Err(plain_error(
                ctx,
                op,
                format!("offset {i} is out-of-bounds: {offset} >= {d}"),
            ));
        }
        if sizes[i] == DYNAMIC || strides[i] == DYNAMIC {
            continue;
        }
        let last = i128::from(offset) + (i128::from(sizes[i]) - 1) * i128::from(strides[i]);
        if last >= d {
            return Err(plain_error(
                ctx,
                op,
                format!("slice along dimension {i} runs out-of-bounds: {last} >= {d}"),
            ));
        }
    }
    Ok(())
}

/// The checks shared by both ops after their ODS operand and result constraints: the
/// static lists, their dynamic entry counts (`first` tensor operands before them), MLIR's
/// `verifyOffsetSizeAndStrideOp` for a sliced tensor of type `sliced`, the slice type
/// (`slice`, inferred from the static sizes with `sliced`'s element type) and the bounds.
fn verify_lists(
    ctx: &Context,
    op: OpId,
    first: usize,
    sliced: Type,
    slice: Type,
) -> DiagResult<()> {
    let segments = operand_segments(ctx, op, first + 3)?;
    check_index_operands(ctx, op, first, true)?;
    let mut lists: [Vec<i64>; 3] = Default::default();
    for (i, (_, _, name)) in LISTS.iter().enumerate() {
        lists[i] = required_i64_array(ctx, op, name)?;
    }
    for (i, (operands, _, name)) in LISTS.iter().enumerate() {
        check_dynamic_entries(ctx, op, operands, name, &lists[i], segments[first + i])?;
    }
    let [offsets, sizes, strides] = &lists;
    if offsets.len() != sizes.len() {
        return Err(plain_error(ctx, op, format!(
            "expected mixed offsets rank to match mixed sizes rank ({} vs {}) so the rank of the result type is well-formed.",
            offsets.len(), sizes.len()
        )));
    }
    if sizes.len() != strides.len() {
        return Err(plain_error(ctx, op, format!(
            "expected mixed sizes rank to match mixed strides rank ({} vs {}) so the rank of the result type is well-formed.",
            sizes.len(), strides.len()
        )));
    }
    let (element, shape) = ranked(ctx, sliced)
        .expect("verify_extract and verify_insert checked `sliced` is a ranked tensor");
    for (i, (_, one, _)) in LISTS.iter().enumerate() {
        if lists[i].len() != shape.len() {
            return Err(plain_error(
                ctx,
                op,
                format!(
                    "expected {} {one} values, got {}",
                    shape.len(),
                    lists[i].len()
                ),
            ));
        }
    }
    for (name, values) in [("offsets", offsets), ("sizes", sizes)] {
        if let Some(v) = values.iter().find(|&&v| v < 0 && v != DYNAMIC) {
            return Err(plain_error(
                ctx,
                op,
                format!("expected {name} to be non-negative, but got {v}"),
            ));
        }
    }
    let expected = TypeKind::Tensor {
        shape: Some(sizes.iter().map(|&s| size_to_dim(s)).collect()),
        element,
    };
    check_slice_type(ctx, op, &expected, slice)?;
    check_bounds(ctx, op, shape, &lists)
}

pub(crate) fn verify_extract(ctx: &Context, op: OpId) -> DiagResult<()> {
    use weir_dialect_arith::util::{verify_counts, Arity};
    verify_counts(ctx, op, 1, Arity::Exactly(0), Arity::AtLeast(1))?;
    let src = ctx.value_type(ctx.operand(op, 0));
    check_tensor(ctx, op, TensorConstraint::Ranked, "operand", 0, src)?;
    let result = ctx.value_type(ctx.result(op, 0));
    check_tensor(ctx, op, TensorConstraint::Ranked, "result", 0, result)?;
    verify_lists(ctx, op, 1, src, result)
}

pub(crate) fn verify_insert(ctx: &Context, op: OpId) -> DiagResult<()> {
    use weir_dialect_arith::util::{verify_counts, Arity};
    verify_counts(ctx, op, 1, Arity::Exactly(0), Arity::AtLeast(2))?;
    let (src, dest) = (
        ctx.value_type(ctx.operand(op, 0)),
        ctx.value_type(ctx.operand(op, 1)),
    );
    check_tensor(ctx, op, TensorConstraint::Ranked, "operand", 0, src)?;
    check_tensor(ctx, op, TensorConstraint::Ranked, "operand", 1, dest)?;
    let result = ctx.value_type(ctx.result(op, 0));
    check_tensor(ctx, op, TensorConstraint::Ranked, "result", 0, result)?;
    if result != dest {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that expected result type to match dest type",
        ));
    }
    verify_lists(ctx, op, 2, dest, src)
}

/// `tensor.extract_slice`'s result from its static sizes (MLIR `ExtractSliceOp::
/// inferResultType`): `?` where a size is dynamic, the source's element type; ranked or
/// unranked source alike. For a rank-reducing slice this is the type before the unit
/// dimensions are dropped (the declared one has a lower rank; shape inference then keeps it).
pub(crate) fn infer_extract(ctx: &Context, input: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    let fail = |m: &str| Diagnostic::error(input.loc.clone(), format!("'{}' op {m}", input.name));
    let TypeKind::Tensor { element, .. } = operand_type(ctx, input, 0)? else {
        return Err(fail("expected a tensor source"));
    };
    let sizes = input
        .attr(ctx, STATIC_SIZES)
        .and_then(|a| crate::common::read_i64_array(ctx, a))
        .ok_or_else(|| fail("requires attribute 'static_sizes'"))?;
    // The dynamic sizes are the third operand segment (source, offsets, sizes, strides); a
    // size that is known (a constant, or `tensor.dim` of a static dimension) is static here.
    let segments = input
        .attr(ctx, crate::common::OPERAND_SEGMENT_SIZES)
        .and_then(|a| match ctx.attr_kind(a) {
            AttrKind::DenseArray { values, .. } => values
                .iter()
                .map(|v| match v {
                    DenseValue::Int(i) => usize::try_from(*i).ok(),
                    DenseValue::Float(_) => None,
                })
                .collect::<Option<Vec<usize>>>(),
            _ => None,
        });
    let mut dynamic = match segments.as_deref() {
        Some(&[a, b, c, _]) => input.operands.get(a + b..a + b + c).unwrap_or(&[]).iter(),
        _ => [].iter(),
    };
    let shape = sizes
        .iter()
        .map(|&s| {
            size_to_dim(s).or_else(|| dynamic.next().and_then(|&v| crate::ops::known_size(ctx, v)))
        })
        .collect();
    Ok(vec![TypeKind::Tensor {
        shape: Some(shape),
        element,
    }])
}

/// `tensor.insert_slice`'s result: the dest's type (MLIR `AllTypesMatch<["dest", "result"]>`).
pub(crate) fn infer_insert(ctx: &Context, input: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    Ok(vec![operand_type(ctx, input, 1)?])
}

/// MLIR `foldIdentityOffsetSizeAndStrideOpInterface`: every offset is a constant 0, every
/// stride a constant 1, and the sizes are constants equal to `shape`'s static sizes.
fn is_identity(
    ctx: &Context,
    op: OpId,
    first: usize,
    shape: &[Dim],
    consts: &[Option<Attr>],
) -> bool {
    let Ok(segments) = operand_segments(ctx, op, first + 3) else {
        return false;
    };
    let mut start = first;
    let mut values = Vec::with_capacity(3);
    for (i, (_, _, name)) in LISTS.iter().enumerate() {
        let Some(statics) = mixed::statics(ctx, op, name) else {
            return false;
        };
        values.push(mixed::constants(ctx, &statics, consts, start));
        start += segments[first + i];
    }
    values[0].iter().all(|&o| o == Some(0))
        && values[2].iter().all(|&s| s == Some(1))
        && values[1].len() == shape.len()
        && values[1]
            .iter()
            .zip(shape)
            .all(|(&s, &d)| s.is_some() && s == d.map(i128::from))
}

/// MLIR `ExtractSliceOp::fold`: a slice of a splat `dense<...>` constant with a static
/// result type is that splat resized to the result type; a slice of the whole source (source
/// type = result type, zero offsets, unit strides, the source's static sizes) is the source.
pub(crate) fn fold_extract(
    ctx: &mut Context,
    op: OpId,
    consts: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    let splat = consts
        .first()
        .copied()
        .flatten()
        .and_then(|a| ctx.dense_elements(a)?.splat_value());
    if let Some(v) = splat {
        let result = ctx.value_type(ctx.result(op, 0));
        let static_result = ranked(ctx, result).is_some_and(|(_, d)| d.iter().all(Option::is_some));
        if static_result {
            return ctx
                .dense_splat(result, v)
                .ok()
                .map(|a| vec![FoldResult::Constant(a)]);
        }
    }
    let src = ctx.operand(op, 0);
    // Of an insert_slice at the same offsets, sizes and strides: the inserted source, when it
    // has the result's type (MLIR foldExtractAfterInsertSlice).
    if let Some(ins) = InsertSliceOp::defining(ctx, src) {
        let inserted = ctx.operand(ins.op(), 0);
        if same_slice(ctx, op, 1, ins.op(), 2)
            && ctx.value_type(inserted) == ctx.value_type(ctx.result(op, 0))
        {
            return Some(vec![FoldResult::Value(inserted)]);
        }
    }
    let ty = ctx.value_type(src);
    if ty != ctx.value_type(ctx.result(op, 0)) {
        return None;
    }
    let (_, shape) = ranked(ctx, ty)?;
    is_identity(ctx, op, 1, shape, consts).then(|| vec![FoldResult::Value(src)])
}

/// Whether two slice ops (`a` with `a_first` and `b` with `b_first` tensor operands before
/// their lists) have the same static offsets, sizes and strides and the same dynamic ones.
fn same_slice(ctx: &Context, a: OpId, a_first: usize, b: OpId, b_first: usize) -> bool {
    LISTS
        .iter()
        .all(|(_, _, name)| ctx.attr_of(a, name) == ctx.attr_of(b, name))
        && ctx.operands(a).get(a_first..) == ctx.operands(b).get(b_first..)
}

/// MLIR `InsertSliceOp::fold`: inserting a statically shaped source of the dest's type at
/// zero offsets with unit strides over the whole dest is the source.
pub(crate) fn fold_insert(
    ctx: &mut Context,
    op: OpId,
    consts: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    let src = ctx.operand(op, 0);
    // Inserting what an extract_slice of the dest read, at the same place: the dest (MLIR
    // foldInsertAfterExtractSlice).
    let dest = ctx.operand(op, 1);
    if let Some(ext) = ExtractSliceOp::defining(ctx, src) {
        if ctx.operand(ext.op(), 0) == dest && same_slice(ctx, op, 2, ext.op(), 1) {
            return Some(vec![FoldResult::Value(dest)]);
        }
    }
    let ty = ctx.value_type(src);
    if ty != ctx.value_type(ctx.result(op, 0)) {
        return None;
    }
    let (_, shape) = ranked(ctx, ty)?;
    (shape.iter().all(Option::is_some) && is_identity(ctx, op, 2, shape, consts))
        .then(|| vec![FoldResult::Value(src)])
}

/// `insert_slice %u into (insert_slice %s into %t [P]) [P]` inserts into `%t` directly: the
/// first insert is overwritten whole (MLIR foldInsertAfterInsertSlice, same source types).
fn insert_after_insert(ctx: &mut Context, op: OpId, _: &mut RewriteLog) -> bool {
    let Some(prev) = InsertSliceOp::defining(ctx, ctx.operand(op, 1)) else {
        return false;
    };
    let same_source_type =
        ctx.value_type(ctx.operand(prev.op(), 0)) == ctx.value_type(ctx.operand(op, 0));
    if !same_source_type || !same_slice(ctx, op, 2, prev.op(), 2) {
        return false;
    }
    let dest = ctx.operand(prev.op(), 1);
    ctx.set_operand(op, 1, dest);
    true
}

pub(crate) const EXTRACT_PATTERNS: &[Pattern] = &[Pattern {
    name: "tensor.extract_slice-constant-arguments",
    apply: extract_constant_arguments,
}];

pub(crate) const INSERT_PATTERNS: &[Pattern] = &[
    Pattern {
        name: "tensor.insert_slice-constant-arguments",
        apply: insert_constant_arguments,
    },
    Pattern {
        name: "tensor.insert_slice-after-insert_slice",
        apply: insert_after_insert,
    },
];

/// A slice op's three static arrays and the `index` operands left for their dynamic entries.
type FoldedLists = ([Vec<i64>; 3], [Vec<ValueId>; 3]);

/// The lists of a slice op (`first` tensor operands before them) with their constant operands
/// made static entries: offsets and sizes only when non-negative (MLIR
/// `foldDynamicOffsetSizeList`), strides of any value (`foldDynamicStrideList`). `None` when
/// none folds, or when the new static entries are out of bounds of the sliced tensor's
/// `shape` (MLIR's `OpWithOffsetSizesAndStridesConstantArgumentFolder` then leaves the op).
fn fold_lists(ctx: &Context, op: OpId, first: usize, shape: &[Dim]) -> Option<FoldedLists> {
    let segments = operand_segments(ctx, op, first + 3).ok()?;
    let (mut statics, mut kept): FoldedLists = Default::default();
    let (mut start, mut changed) = (first, false);
    for (i, (_, _, name)) in LISTS.iter().enumerate() {
        let list = mixed::statics(ctx, op, name)?;
        let values = ctx.operands(op).get(start..start + segments[first + i])?;
        start += segments[first + i];
        let accept = |c: i64| i == 2 || c >= 0;
        (statics[i], kept[i]) = match mixed::fold_constants(ctx, &list, values, accept) {
            Some(folded) => {
                changed = true;
                folded
            }
            None => (list, values.to_vec()),
        };
    }
    check_bounds(ctx, op, shape, &statics).ok()?;
    changed.then_some((statics, kept))
}

/// Sets a slice op's static arrays, list operands (after its `first` tensor operands) and
/// `operandSegmentSizes` to `lists`.
fn set_lists(ctx: &mut Context, op: OpId, first: usize, (statics, kept): FoldedLists) {
    let mut operands = ctx.operands(op)[..first].to_vec();
    let mut segments = vec![1; first];
    for ((list, values), (_, _, name)) in statics.iter().zip(kept).zip(LISTS) {
        segments.push(values.len());
        operands.extend(values);
        let a = i64_array(ctx, list);
        ctx.set_attr(op, name, a);
    }
    let a = segment_sizes_attr(ctx, &segments);
    ctx.set_attr(op, OPERAND_SEGMENT_SIZES, a);
    ctx.set_operands(op, operands);
}

/// MLIR `ExtractSliceOp::inferCanonicalRankReducedResultType`: the type of the static `sizes`
/// with `element`, its first unit dimensions dropped until `rank` remain (`None` if too few).
fn canonical_slice_type(
    ctx: &mut Context,
    element: Type,
    sizes: &[i64],
    rank: usize,
) -> Option<Type> {
    let mut drop = sizes.len().checked_sub(rank)?;
    let shape = sizes
        .iter()
        .filter(|&&s| {
            let dropped = drop > 0 && s == 1;
            drop -= usize::from(dropped);
            !dropped
        })
        .map(|&s| size_to_dim(s))
        .collect();
    (drop == 0).then(|| {
        ctx.intern_type(TypeKind::Tensor {
            shape: Some(shape),
            element,
        })
    })
}

/// The element type, the sliced tensor's shape and the folded lists of a slice op whose
/// sliced tensor is operand `sliced` (`first` tensor operands), and the canonical type of a
/// slice of rank `rank` (see [`fold_lists`], [`canonical_slice_type`]).
fn folded_slice(
    ctx: &mut Context,
    op: OpId,
    first: usize,
    rank: usize,
) -> Option<(FoldedLists, Type)> {
    let sliced = ctx.value_type(ctx.operand(op, first - 1));
    let (element, shape) = ranked(ctx, sliced).map(|(e, d)| (e, d.to_vec()))?;
    let lists = fold_lists(ctx, op, first, &shape)?;
    let ty = canonical_slice_type(ctx, element, &lists.0[1], rank)?;
    Some((lists, ty))
}

/// MLIR `OpWithOffsetSizesAndStridesConstantArgumentFolder` on `tensor.extract_slice`:
/// constant offsets, sizes and strides become static entries; when the result type gets more
/// static, the op returns it and a `tensor.cast` gives the old type to its users.
fn extract_constant_arguments(ctx: &mut Context, op: OpId, _: &mut RewriteLog) -> bool {
    let old = ctx.value_type(ctx.result(op, 0));
    let Some(rank) = ranked(ctx, old).map(|(_, d)| d.len()) else {
        return false;
    };
    let Some((lists, ty)) = folded_slice(ctx, op, 1, rank) else {
        return false;
    };
    if !crate::are_cast_compatible(ctx, ty, old) {
        return false;
    }
    set_lists(ctx, op, 1, lists);
    if ty != old {
        crate::ops::retype_result(ctx, op, ty);
    }
    true
}

/// MLIR `InsertSliceOpConstantArgumentFolder`: constant offsets, sizes and strides become
/// static entries; when the source's type can get more static, a `tensor.cast` of the source
/// to it is inserted (the result keeps the dest's type).
fn insert_constant_arguments(ctx: &mut Context, op: OpId, _: &mut RewriteLog) -> bool {
    let src = ctx.operand(op, 0);
    let old = ctx.value_type(src);
    let Some(rank) = ranked(ctx, old).map(|(_, d)| d.len()) else {
        return false;
    };
    let Some((lists, ty)) = folded_slice(ctx, op, 2, rank) else {
        return false;
    };
    if !crate::are_cast_compatible(ctx, old, ty) {
        return false;
    }
    set_lists(ctx, op, 2, lists);
    if ty != old {
        let loc = ctx.loc(op);
        let cast = crate::build_cast(ctx, src, ty, loc, weir_ir::InsertPoint::Before(op));
        ctx.set_operand(op, 0, cast);
    }
    true
}

/// The three lists as written (`[..] [..] [..]`): each one's operands and static array.
type Lists<'a> = [(Vec<UnresolvedOperand<'a>>, Vec<i64>); 3];

fn parse_lists<'a>(p: &mut Parser<'a>) -> PResult<Lists<'a>> {
    Ok([mixed::parse(p)?, mixed::parse(p)?, mixed::parse(p)?])
}

/// Resolves the lists' operands as `index` after the `tensors` tensor operands already in
/// `state`, and sets the static arrays and `operandSegmentSizes`.
fn finish_lists<'a>(
    p: &mut Parser<'a>,
    state: &mut OpState,
    lists: Lists<'a>,
    tensors: usize,
) -> PResult<()> {
    let index = p.ctx.index_type();
    let mut segments = vec![1; tensors];
    for ((operands, statics), (_, _, name)) in lists.into_iter().zip(LISTS) {
        let values = p.resolve_operands(&operands, &vec![index; operands.len()])?;
        state.operands.extend(values);
        segments.push(operands.len());
        let a = i64_array(p.ctx, &statics);
        state.set_attr(p.ctx.attr_name(name), a);
    }
    let a = segment_sizes_attr(p.ctx, &segments);
    state.set_attr(p.ctx.attr_name(OPERAND_SEGMENT_SIZES), a);
    Ok(())
}

/// `%t[offsets] [sizes] [strides] [attrs] : T to U`.
pub(crate) fn parse_extract(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let src = p.parse_operand()?;
    let lists = parse_lists(p)?;
    p.parse_optional_attr_dict(state)?;
    let from = parse_colon_tensor_type(p, state, true)?;
    parse_custom_keyword(p, state, "to")?;
    let to = parse_tensor_type(p, state, true)?;
    state.operands.push(p.resolve_operand(&src, from)?);
    finish_lists(p, state, lists, 1)?;
    state.result_types.push(to);
    Ok(())
}

/// `%s into %t[offsets] [sizes] [strides] [attrs] : S into T` (the result has T).
pub(crate) fn parse_insert(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let src = p.parse_operand()?;
    parse_custom_keyword(p, state, "into")?;
    let dest = p.parse_operand()?;
    let lists = parse_lists(p)?;
    p.parse_optional_attr_dict(state)?;
    let from = parse_colon_tensor_type(p, state, true)?;
    parse_custom_keyword(p, state, "into")?;
    let to = parse_tensor_type(p, state, true)?;
    state.operands = p.resolve_operands(&[src, dest], &[from, to])?;
    finish_lists(p, state, lists, 2)?;
    state.result_types.push(to);
    Ok(())
}

/// Whether the custom form cannot print the op: not one result, or operand segments or
/// static lists that do not fit its operands.
pub(crate) fn print_generic(p: &Printer<'_>, op: OpId) -> bool {
    let ctx = p.ctx;
    let first = if ExtractSliceOp::of(ctx, op).is_some() {
        1
    } else {
        2
    };
    let Ok(segments) = operand_segments(ctx, op, first + 3) else {
        return true;
    };
    ctx.results(op).len() != 1
        || segments[..first].iter().any(|&n| n != 1)
        || (first == 2 && ctx.value_type(ctx.operand(op, 1)) != ctx.value_type(ctx.result(op, 0)))
        || LISTS.iter().enumerate().any(|(i, (_, _, name))| {
            !mixed::printable(
                mixed::statics(ctx, op, name).as_deref(),
                segments[first + i],
            )
        })
}

/// ` [offsets] [sizes] [strides]` after the tensor operands, then the attributes.
fn print_lists(p: &mut Printer<'_>, op: OpId, first: usize) {
    let ctx = p.ctx;
    let mut start = first;
    for (i, (_, _, name)) in LISTS.iter().enumerate() {
        if i > 0 {
            p.write(" ");
        }
        let statics = mixed::statics(ctx, op, name).unwrap_or_default();
        let n = statics.iter().filter(|&&s| s == DYNAMIC).count();
        mixed::print(p, &statics, &ctx.operands(op)[start..start + n]);
        start += n;
    }
    p.print_optional_attr_dict(
        op,
        &[
            STATIC_OFFSETS,
            STATIC_SIZES,
            STATIC_STRIDES,
            OPERAND_SEGMENT_SIZES,
        ],
    );
}

pub(crate) fn print_extract(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_operand(ctx.operand(op, 0));
    print_lists(p, op, 1);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.operand(op, 0)));
    p.write(" to ");
    p.print_value_types(ctx.results(op));
}

pub(crate) fn print_insert(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_operand(ctx.operand(op, 0));
    p.write(" into ");
    p.print_operand(ctx.operand(op, 1));
    print_lists(p, op, 2);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.operand(op, 0)));
    p.write(" into ");
    p.print_type(ctx.value_type(ctx.operand(op, 1)));
}
