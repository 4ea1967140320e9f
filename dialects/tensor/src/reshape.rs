//! `tensor.expand_shape` and `tensor.collapse_shape` (MLIR `tensor::ExpandShapeOp`,
//! `CollapseShapeOp`): reshapes that split or merge groups of contiguous dimensions; and
//! `tensor.reshape` (MLIR `tensor::ReshapeOp`, at the end of the file), whose new shape is an
//! operand.
//!
//! Syntax (MLIR 22):
//! ```mlir
//! %e = tensor.expand_shape %t [[0, 1], [2]] output_shape [%n, 1, 3] : tensor<?x3xf32> into tensor<?x1x3xf32>
//! %c = tensor.collapse_shape %e [[0, 1], [2]] : tensor<?x1x3xf32> into tensor<?x3xf32>
//! ```
//! Attributes: `reassociation` (an array of arrays of `i64` dimension positions of the
//! expanded type, one group per collapsed dimension); expand_shape's `static_output_shape`
//! (`array<i64: ...>`, [`DYNAMIC`] where `output_shape` has an operand).
//!
//! Verifier: MLIR's `verifyTensorReshapeOp` (`verifyReshapeLikeTypes`,
//! `reshapeLikeShapesAreCompatible`, the collapsed type inferred from the expanded one) with
//! MLIR 22's messages; expand_shape first checks the `output_shape` length.

use crate::common::{
    check_index_operands, check_tensor, ranked, read_i64_array, size_to_dim, TensorConstraint,
    DYNAMIC,
};
use crate::mixed;
use weir_ir::interfaces::infer_types::InferInput;
use weir_ir::{
    op_error, Attr, AttrKind, Context, DiagResult, Diagnostic, Dim, FoldResult, OpId, OpState,
    Type, TypeKind, ValueId,
};
use weir_syntax::{type_to_string, PResult, Parser, Printer};

/// The name of the reassociation attribute.
pub const REASSOCIATION: &str = "reassociation";
/// The name of expand_shape's static output sizes attribute.
pub const STATIC_OUTPUT_SHAPE: &str = "static_output_shape";

weir_ir::op_view! {
    /// `tensor.expand_shape` (MLIR `tensor::ExpandShapeOp`).
    ExpandShapeOp = "tensor.expand_shape"
}

weir_ir::op_view! {
    /// `tensor.collapse_shape` (MLIR `tensor::CollapseShapeOp`).
    CollapseShapeOp = "tensor.collapse_shape"
}

impl ExpandShapeOp {
    /// The collapsed tensor.
    pub fn src(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }

    /// The groups of result dimensions, one per source dimension, in order.
    pub fn reassociation(self, ctx: &Context) -> Vec<Vec<usize>> {
        reassociation(ctx, self.0).expect("verified reassociation")
    }

    /// The output sizes: static ones as `Ok(n)`, dynamic ones as `Err(value)` (an `index`).
    pub fn output_shape(self, ctx: &Context) -> Vec<Result<u64, ValueId>> {
        let statics =
            mixed::statics(ctx, self.0, STATIC_OUTPUT_SHAPE).expect("verified static_output_shape");
        let mut values = ctx.operands(self.0)[1..].iter();
        statics
            .iter()
            .map(|&s| match size_to_dim(s) {
                Some(n) => Ok(n),
                None => Err(*values
                    .next()
                    .expect("verified: one operand per dynamic size")),
            })
            .collect()
    }

    /// The result.
    pub fn result(self, ctx: &Context) -> ValueId {
        ctx.result(self.0, 0)
    }
}

impl CollapseShapeOp {
    /// The expanded tensor.
    pub fn src(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }

    /// The groups of source dimensions, one per result dimension, in order.
    pub fn reassociation(self, ctx: &Context) -> Vec<Vec<usize>> {
        reassociation(ctx, self.0).expect("verified reassociation")
    }

    /// The result.
    pub fn result(self, ctx: &Context) -> ValueId {
        ctx.result(self.0, 0)
    }
}

/// The reassociation groups of an attribute, if it is an array of arrays of non-negative
/// integers.
fn groups_of(ctx: &Context, attr: Attr) -> Option<Vec<Vec<usize>>> {
    let AttrKind::Array(groups) = ctx.attr_kind(attr) else {
        return None;
    };
    groups
        .iter()
        .map(|&g| match ctx.attr_kind(g) {
            AttrKind::Array(dims) => dims
                .iter()
                .map(|&d| match ctx.attr_kind(d) {
                    AttrKind::Integer { value, .. } => usize::try_from(*value).ok(),
                    _ => None,
                })
                .collect(),
            _ => None,
        })
        .collect()
}

fn reassociation(ctx: &Context, op: OpId) -> Option<Vec<Vec<usize>>> {
    groups_of(ctx, ctx.attr_of(op, REASSOCIATION)?)
}

/// MLIR `inferCollapsedType` (`computeTensorReshapeCollapsedType`): each group's product, `?`
/// if one of its sizes is `?`. The groups are valid for `expanded`.
fn collapsed_shape(expanded: &[Dim], groups: &[Vec<usize>]) -> Vec<Dim> {
    let mut start = 0;
    groups
        .iter()
        .map(|g| {
            let band = &expanded[start..start + g.len()];
            start += g.len();
            band.iter().try_fold(1u64, |p, d| p.checked_mul((*d)?))
        })
        .collect()
}

/// MLIR `verifyReshapeLikeTypes` and the inferred collapsed type check of
/// `verifyTensorReshapeOp`, as `Err(message)`.
fn verify_reshape(
    ctx: &Context,
    groups: &[Vec<usize>],
    expanded_ty: Type,
    collapsed_ty: Type,
) -> Result<(), String> {
    let (e_elem, expanded) =
        ranked(ctx, expanded_ty).expect("verify_common checked both types are ranked tensors");
    let (_, collapsed) =
        ranked(ctx, collapsed_ty).expect("verify_common checked both types are ranked tensors");
    if expanded.len() < collapsed.len() {
        return Err(format!(
            "expected the expanded type, '{}' to have a higher (or same) rank than the collapsed type, '{}'.",
            type_to_string(ctx, expanded_ty),
            type_to_string(ctx, collapsed_ty)
        ));
    }
    if collapsed.len() != groups.len() {
        return Err(format!(
            "expected collapsed rank ({}) to equal the number of reassociation maps ({}).",
            collapsed.len(),
            groups.len()
        ));
    }
    // Every group's affine map has as many dimensions as the largest position + 1.
    let num_dims = groups.iter().flatten().map(|&d| d + 1).max().unwrap_or(0);
    if !groups.is_empty() && num_dims != expanded.len() {
        return Err(format!(
            "expected reassociation map #0 to have size equal to the expanded rank ({}), but it is  {num_dims}.",
            expanded.len()
        ));
    }
    let mut next = 0;
    for (i, g) in groups.iter().enumerate() {
        for &d in g {
            if d != next {
                return Err(format!(
                    "expected reassociation map #{i} to be valid and contiguous."
                ));
            }
            next += 1;
        }
    }
    if !groups.is_empty() && next != num_dims {
        return Err(format!(
            "expected reassociation map #{} to be valid and contiguous.",
            groups.len() - 1
        ));
    }
    // MLIR `reshapeLikeShapesAreCompatible`.
    let mut start = 0;
    for (i, g) in groups.iter().enumerate() {
        let band = &expanded[start..start + g.len()];
        start += g.len();
        match band.iter().try_fold(1u64, |p, d| p.checked_mul((*d)?)) {
            None if collapsed[i].is_some() => {
                return Err(format!(
                    "expected dimension {i} of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic"
                ));
            }
            Some(n) if collapsed[i] != Some(n) => {
                return Err(format!(
                    "expected dimension {i} of collapsed type to be static value of {n}"
                ));
            }
            _ => {}
        }
    }
    let expected = TypeKind::Tensor {
        shape: Some(collapsed_shape(expanded, groups)),
        element: e_elem,
    };
    if ctx.type_kind(collapsed_ty) != &expected {
        return Err(format!(
            "expected collapsed type to be {}, but got '{}'",
            ctx.quoted_kinds(&[expected]),
            type_to_string(ctx, collapsed_ty)
        ));
    }
    Ok(())
}

/// The checks shared by both ops: one ranked tensor operand and result, a well-formed
/// `reassociation` (MLIR's ODS constraints).
fn verify_common(ctx: &Context, op: OpId) -> DiagResult<Vec<Vec<usize>>> {
    let src = ctx.value_type(ctx.operand(op, 0));
    check_tensor(ctx, op, TensorConstraint::Ranked, "operand", 0, src)?;
    check_tensor(
        ctx,
        op,
        TensorConstraint::Ranked,
        "result",
        0,
        ctx.value_type(ctx.result(op, 0)),
    )?;
    reassociation(ctx, op).ok_or_else(|| {
        op_error(
            ctx,
            op,
            "attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes",
        )
    })
}

pub(crate) fn verify_expand(ctx: &Context, op: OpId) -> DiagResult<()> {
    use weir_dialect_arith::util::{verify_counts, Arity};
    verify_counts(ctx, op, 1, Arity::Exactly(0), Arity::AtLeast(1))?;
    check_index_operands(ctx, op, 1, true)?;
    let groups = verify_common(ctx, op)?;
    let Some(statics) = mixed::statics(ctx, op, STATIC_OUTPUT_SHAPE) else {
        return Err(op_error(
            ctx,
            op,
            "attribute 'static_output_shape' failed to satisfy constraint: i64 dense array attribute",
        ));
    };
    let (src, result) = (
        ctx.value_type(ctx.operand(op, 0)),
        ctx.value_type(ctx.result(op, 0)),
    );
    let rank = ranked(ctx, result).map_or(0, |(_, d)| d.len());
    if statics.len() != rank {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expected number of static shape dims to be equal to the output rank ({rank}) but found {} inputs instead",
                statics.len()
            ),
        ));
    }
    let dynamic = statics.iter().filter(|&&s| s == DYNAMIC).count();
    if dynamic != ctx.operands(op).len() - 1 {
        return Err(op_error(
            ctx,
            op,
            format!(
                "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {dynamic} dynamic dims while output_shape has {} values",
                ctx.operands(op).len() - 1
            ),
        ));
    }
    verify_reshape(ctx, &groups, result, src).map_err(|m| op_error(ctx, op, m))
}

pub(crate) fn verify_collapse(ctx: &Context, op: OpId) -> DiagResult<()> {
    use weir_dialect_arith::util::{verify_counts, Arity};
    verify_counts(ctx, op, 1, Arity::Exactly(0), Arity::Exactly(1))?;
    let groups = verify_common(ctx, op)?;
    let (src, result) = (
        ctx.value_type(ctx.operand(op, 0)),
        ctx.value_type(ctx.result(op, 0)),
    );
    verify_reshape(ctx, &groups, src, result).map_err(|m| op_error(ctx, op, m))
}

fn infer_error(input: &InferInput<'_>, msg: &str) -> Diagnostic {
    Diagnostic::error(input.loc.clone(), format!("'{}' op {msg}", input.name))
}

/// What both reshape hooks read: the source's shape and element type, and the reassociation
/// groups; errors when the source is not a tensor or the reassociation is missing.
#[allow(clippy::type_complexity)]
fn reshape_input(
    ctx: &Context,
    input: &InferInput<'_>,
) -> DiagResult<(Option<Vec<Dim>>, Type, Vec<Vec<usize>>)> {
    let src = weir_ir::interfaces::infer_types::operand_type(ctx, input, 0)?;
    let TypeKind::Tensor { shape, element } = src else {
        return Err(infer_error(input, "expected a tensor source"));
    };
    let groups = input
        .attr(ctx, REASSOCIATION)
        .and_then(|a| groups_of(ctx, a))
        .ok_or_else(|| infer_error(input, "expected a reassociation"))?;
    Ok((shape, element, groups))
}

/// `tensor.collapse_shape`'s result: MLIR `inferCollapsedType` of the source; unranked for an
/// unranked source. Errors when the reassociation does not fit the source.
pub(crate) fn infer_collapse(ctx: &Context, input: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    let (shape, element, groups) = reshape_input(ctx, input)?;
    let Some(dims) = shape else {
        return Ok(vec![TypeKind::Tensor {
            shape: None,
            element,
        }]);
    };
    // No group collapses every dimension into a rank-0 tensor (MLIR checks no sizes then).
    if !groups.is_empty() && groups.iter().map(Vec::len).sum::<usize>() != dims.len() {
        return Err(infer_error(
            input,
            "reassociation does not match the source rank",
        ));
    }
    Ok(vec![TypeKind::Tensor {
        shape: Some(collapsed_shape(&dims, &groups)),
        element,
    }])
}

/// `tensor.expand_shape`'s most specific result: the static output sizes, and in a group with
/// one `?` and a known source size, that size divided by the group's other sizes (when it
/// divides). Errors when the reassociation or output sizes do not fit the source.
pub(crate) fn infer_expand(ctx: &Context, input: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    let (shape, element, groups) = reshape_input(ctx, input)?;
    let statics = input
        .attr(ctx, STATIC_OUTPUT_SHAPE)
        .and_then(|a| read_i64_array(ctx, a))
        .ok_or_else(|| infer_error(input, "expected a static_output_shape"))?;
    let mut out: Vec<Dim> = statics.iter().map(|&s| size_to_dim(s)).collect();
    if groups.iter().map(Vec::len).sum::<usize>() != out.len() {
        return Err(infer_error(
            input,
            "reassociation does not match the output rank",
        ));
    }
    if let Some(dims) = shape {
        if dims.len() != groups.len() {
            return Err(infer_error(
                input,
                "reassociation does not match the source rank",
            ));
        }
        let mut start = 0;
        for (g, &size) in groups.iter().zip(&dims) {
            let band = &mut out[start..start + g.len()];
            start += g.len();
            let unknown: Vec<usize> = (0..band.len()).filter(|&i| band[i].is_none()).collect();
            let known: u64 = band.iter().flatten().product();
            if let (Some(size), &[i]) = (size, &unknown[..]) {
                if known != 0 && size % known == 0 {
                    band[i] = Some(size / known);
                }
            }
        }
    }
    Ok(vec![TypeKind::Tensor {
        shape: Some(out),
        element,
    }])
}

/// MLIR `foldReshapeOp`: a reshape to the source's own type is the source, and a reshape of
/// the inverse reshape whose source has the result's type is that source (shared by both ops;
/// `inverse` is the other op's name).
fn fold_reshape(ctx: &Context, op: OpId, inverse: &str) -> Option<Vec<FoldResult>> {
    let src = ctx.operand(op, 0);
    let ty = ctx.value_type(ctx.result(op, 0));
    if ctx.value_type(src) == ty {
        return Some(vec![FoldResult::Value(src)]);
    }
    let producer = ctx.defining_op(src).filter(|&d| ctx.is(d, inverse))?;
    let origin = *ctx.operands(producer).first()?;
    (ctx.value_type(origin) == ty).then(|| vec![FoldResult::Value(origin)])
}

pub(crate) fn fold_expand(
    ctx: &mut Context,
    op: OpId,
    _: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    fold_reshape(ctx, op, CollapseShapeOp::NAME)
}

pub(crate) fn fold_collapse(
    ctx: &mut Context,
    op: OpId,
    _: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    fold_reshape(ctx, op, ExpandShapeOp::NAME)
}

/// `%src [[0, 1], [2]]` and the reassociation attribute.
fn parse_src_and_groups<'a>(
    p: &mut Parser<'a>,
    state: &mut OpState,
) -> PResult<weir_syntax::UnresolvedOperand<'a>> {
    let src = p.parse_operand()?;
    let groups = p.parse_attribute(None)?;
    state.set_attr(p.ctx.attr_name(REASSOCIATION), groups);
    Ok(src)
}

/// `[attrs] : T into U`; returns both types.
fn parse_types(p: &mut Parser<'_>, state: &mut OpState) -> PResult<(Type, Type)> {
    p.parse_optional_attr_dict(state)?;
    let from = crate::common::parse_colon_tensor_type(p, state, true)?;
    weir_dialect_arith::util::parse_custom_keyword(p, state, "into")?;
    let to = crate::common::parse_tensor_type(p, state, true)?;
    Ok((from, to))
}

pub(crate) fn parse_expand(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let src = parse_src_and_groups(p, state)?;
    weir_dialect_arith::util::parse_custom_keyword(p, state, "output_shape")?;
    let (sizes, statics) = mixed::parse(p)?;
    let (from, to) = parse_types(p, state)?;
    state.operands.push(p.resolve_operand(&src, from)?);
    let index = p.ctx.index_type();
    let sizes = p.resolve_operands(&sizes, &vec![index; sizes.len()])?;
    state.operands.extend(sizes);
    let statics = crate::common::i64_array(p.ctx, &statics);
    state.set_attr(p.ctx.attr_name(STATIC_OUTPUT_SHAPE), statics);
    state.result_types.push(to);
    Ok(())
}

pub(crate) fn parse_collapse(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let src = parse_src_and_groups(p, state)?;
    let (from, to) = parse_types(p, state)?;
    state.operands.push(p.resolve_operand(&src, from)?);
    state.result_types.push(to);
    Ok(())
}

/// Whether the custom form cannot print the op: no reassociation attribute, or (expand_shape)
/// static sizes that do not match its operands.
pub(crate) fn print_generic(p: &Printer<'_>, op: OpId) -> bool {
    let ctx = p.ctx;
    if ctx.attr_of(op, REASSOCIATION).is_none()
        || ctx.operands(op).is_empty()
        || ctx.results(op).len() != 1
    {
        return true;
    }
    ExpandShapeOp::of(ctx, op).is_some()
        && !mixed::printable(
            mixed::statics(ctx, op, STATIC_OUTPUT_SHAPE).as_deref(),
            ctx.operands(op).len() - 1,
        )
}

fn print_src_and_groups(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_operand(ctx.operand(op, 0));
    p.write(" ");
    if let Some(a) = ctx.attr_of(op, REASSOCIATION) {
        p.print_attr(a);
    }
}

fn print_types(p: &mut Printer<'_>, op: OpId, elided: &[&str]) {
    let ctx = p.ctx;
    p.print_optional_attr_dict(op, elided);
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.operand(op, 0)));
    p.write(" into ");
    p.print_value_types(ctx.results(op));
}

pub(crate) fn print_expand(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    print_src_and_groups(p, op);
    p.write(" output_shape ");
    let statics = mixed::statics(ctx, op, STATIC_OUTPUT_SHAPE).unwrap_or_default();
    mixed::print(p, &statics, &ctx.operands(op)[1..]);
    print_types(p, op, &[REASSOCIATION, STATIC_OUTPUT_SHAPE]);
}

pub(crate) fn print_collapse(p: &mut Printer<'_>, op: OpId) {
    print_src_and_groups(p, op);
    print_types(p, op, &[REASSOCIATION]);
}

weir_ir::op_view! {
    /// `tensor.reshape` (MLIR `tensor::ReshapeOp`): the source's elements in row-major order
    /// with the shape given by a 1-D tensor of sizes.
    ///
    /// Syntax (MLIR 22): `%r = tensor.reshape %src(%shape) [attrs] : (T, S) -> R`.
    /// Verifier: MLIR 22's `ReshapeOp::verify` (equal element types; equal element counts when
    /// both shapes are static; for a ranked result, a static shape length equal to its rank).
    ReshapeOp = "tensor.reshape"
}

impl ReshapeOp {
    /// The reshaped tensor.
    pub fn source(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }

    /// The new shape (a 1-D tensor of `index` or signless integers).
    pub fn shape(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 1)
    }

    /// The result.
    pub fn result(self, ctx: &Context) -> ValueId {
        ctx.result(self.0, 0)
    }
}

/// The number of elements of a static shape (`None` if a size is `?` or it overflows).
fn element_count(dims: &[Dim]) -> Option<u64> {
    dims.iter().try_fold(1u64, |n, d| n.checked_mul((*d)?))
}

/// MLIR's `TensorRankOf<[AnySignlessInteger, Index], [1]>`: a 1-D tensor of signless
/// integers or `index`.
fn is_shape_tensor(ctx: &Context, ty: Type) -> bool {
    ranked(ctx, ty).is_some_and(|(element, dims)| {
        dims.len() == 1
            && (matches!(ctx.type_kind(element), TypeKind::Index)
                || weir_dialect_arith::util::is_signless_int(ctx, element))
    })
}

pub(crate) fn verify_reshape_op(ctx: &Context, op: OpId) -> DiagResult<()> {
    use weir_dialect_arith::util::{verify_counts, Arity};
    verify_counts(ctx, op, 1, Arity::Exactly(0), Arity::Exactly(2))?;
    let (src, shape, result) = (
        ctx.value_type(ctx.operand(op, 0)),
        ctx.value_type(ctx.operand(op, 1)),
        ctx.value_type(ctx.result(op, 0)),
    );
    check_tensor(ctx, op, TensorConstraint::Any, "operand", 0, src)?;
    if !is_shape_tensor(ctx, shape) {
        return Err(op_error(
            ctx,
            op,
            format!(
                "operand #1 must be 1D tensor of signless integer or index values, but got '{}'",
                type_to_string(ctx, shape)
            ),
        ));
    }
    check_tensor(ctx, op, TensorConstraint::Any, "result", 0, result)?;
    let parts = |t| {
        weir_ir::shape::tensor_parts(ctx, t).expect("checked above: operand and result are tensors")
    };
    let ((src_elem, src_dims), (res_elem, res_dims)) = (parts(src), parts(result));
    if src_elem != res_elem {
        return Err(op_error(
            ctx,
            op,
            "element types of source and destination tensor types should be the same",
        ));
    }
    let Some(res_dims) = res_dims else {
        return Ok(());
    };
    if let (Some(a), Some(b)) = (src_dims.and_then(element_count), element_count(res_dims)) {
        if a != b {
            return Err(op_error(
                ctx,
                op,
                "source and destination tensor should have the same number of elements",
            ));
        }
    }
    match ranked(ctx, shape).expect("checked above: the shape operand is a ranked tensor").1[0] {
        None => Err(op_error(
            ctx,
            op,
            "cannot use shape operand with dynamic length to reshape to statically-ranked tensor type",
        )),
        Some(n) if n != res_dims.len() as u64 => Err(op_error(
            ctx,
            op,
            "length of shape operand differs from the result's tensor rank",
        )),
        Some(_) => Ok(()),
    }
}

/// `tensor.reshape`'s most specific result: the shape operand's static length gives the rank
/// (sizes `?`; for rank 1, a statically shaped source's element count); unranked when the
/// length is `?`. Errors when the operands are not tensors.
pub(crate) fn infer_reshape_op(ctx: &Context, input: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    let (src, shape) = (
        weir_ir::interfaces::infer_types::operand_type(ctx, input, 0)?,
        weir_ir::interfaces::infer_types::operand_type(ctx, input, 1)?,
    );
    let (
        TypeKind::Tensor {
            shape: src_dims,
            element,
        },
        TypeKind::Tensor { shape: len, .. },
    ) = (src, shape)
    else {
        return Err(infer_error(input, "expected tensor operands"));
    };
    let shape = match len.as_deref() {
        Some(&[Some(1)]) => Some(vec![src_dims.as_deref().and_then(element_count)]),
        Some(&[Some(n)]) => usize::try_from(n).ok().map(|n| vec![None; n]),
        _ => None,
    };
    Ok(vec![TypeKind::Tensor { shape, element }])
}

/// MLIR `ReshapeOp::fold`: a reshape of a 1-D tensor to its own type is the source.
pub(crate) fn fold_reshape_op(
    ctx: &mut Context,
    op: OpId,
    _: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    let src = ctx.operand(op, 0);
    let ty = ctx.value_type(src);
    let rank1 = ranked(ctx, ty).is_some_and(|(_, d)| d.len() == 1);
    (rank1 && ty == ctx.value_type(ctx.result(op, 0))).then(|| vec![FoldResult::Value(src)])
}

pub(crate) const RESHAPE_PATTERNS: &[weir_ir::Pattern] = &[weir_ir::Pattern {
    name: "tensor.reshape-of-reshape",
    apply: reshape_of_reshape,
}];

/// `reshape(reshape(x, s1), s2)` reshapes `x` directly (MLIR `ReshapeOp::fold`, which updates
/// its source in place).
fn reshape_of_reshape(ctx: &mut Context, op: OpId, _: &mut weir_ir::RewriteLog) -> bool {
    let Some(inner) = ReshapeOp::defining(ctx, ctx.operand(op, 0)) else {
        return false;
    };
    let x = inner.source(ctx);
    ctx.set_operand(op, 0, x);
    true
}

/// `%src(%shape) [attrs] : (T, S) -> R`.
pub(crate) fn parse_reshape_op(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let src = p.parse_operand()?;
    p.expect(weir_syntax::lexer::Tok::LParen, "(")?;
    let shape = p.parse_operand()?;
    p.expect(weir_syntax::lexer::Tok::RParen, ")")?;
    p.parse_optional_attr_dict(state)?;
    p.expect(weir_syntax::lexer::Tok::Colon, ":")?;
    let ty = p.parse_function_type()?;
    let (inputs, results) = match p.ctx.type_kind(ty) {
        TypeKind::Function { inputs, results } => (inputs.clone(), results.clone()),
        _ => (Vec::new(), Vec::new()),
    };
    state.operands = p.resolve_operands(&[src, shape], &inputs)?;
    state.result_types = results;
    Ok(())
}

/// Whether the custom form cannot print the op (not two operands and one result).
pub(crate) fn print_reshape_generic(p: &Printer<'_>, op: OpId) -> bool {
    p.ctx.operands(op).len() != 2 || p.ctx.results(op).len() != 1
}

pub(crate) fn print_reshape_op(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_operand(ctx.operand(op, 0));
    p.write("(");
    p.print_operand(ctx.operand(op, 1));
    p.write(")");
    p.print_optional_attr_dict(op, &[]);
    p.write(" : (");
    p.print_value_types(ctx.operands(op));
    p.write(") -> ");
    p.print_value_types(ctx.results(op));
}
