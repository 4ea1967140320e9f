//! `tensor.cast`, `dim`, `rank`, `empty`, `extract`, `insert`, `from_elements` and `splat`
//! (MLIR `TensorOps.td` / `TensorOps.cpp`): verifiers, syntax, folders, views and builders.

use crate::common::{
    check_index_operands, check_index_result, check_tensor, dynamic_dims, parse_colon_tensor_type,
    parse_tensor_type, ranked, TensorConstraint as TC,
};
use weir_dialect_arith::util::{custom_op_error, parse_custom_keyword, verify_counts, Arity};
use weir_ir::interfaces::infer_types::{operand_type, InferInput};
use weir_ir::shape::{meet, tensor_parts};
use weir_ir::{
    op_error, Attr, AttrKind, Context, DenseValue, DiagResult, FoldResult, InsertPoint, Location,
    OpId, OpState, Pattern, RewriteLog, Type, TypeKind, ValueId,
};
use weir_syntax::lexer::Tok;
use weir_syntax::{type_to_string, PResult, Parser, Printer};

// ------------------------------------------------------------------------------ views

weir_ir::op_view! {
    /// `tensor.cast` (MLIR `tensor::CastOp`): the same tensor with a more or less specific
    /// type (cast-compatible: equal element types, compatible shapes).
    CastOp = "tensor.cast"
}

impl CastOp {
    /// The tensor cast.
    pub fn source(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }

    /// The result.
    pub fn result(self, ctx: &Context) -> ValueId {
        ctx.result(self.0, 0)
    }

    /// The result's (destination) type.
    pub fn dest_type(self, ctx: &Context) -> Type {
        ctx.value_type(self.result(ctx))
    }
}

weir_ir::op_view! {
    /// `tensor.dim` (MLIR `tensor::DimOp`): the size of one dimension of a tensor, as `index`.
    DimOp = "tensor.dim"
}

impl DimOp {
    /// The tensor.
    pub fn source(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }

    /// The dimension's position (an `index` value).
    pub fn index(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 1)
    }

    /// The position, if it is an `arith.constant` (any value, also out of range).
    pub fn constant_index(self, ctx: &Context) -> Option<i128> {
        weir_dialect_arith::constant_int_value(ctx, self.index(ctx))
    }

    /// The result (`index`).
    pub fn result(self, ctx: &Context) -> ValueId {
        ctx.result(self.0, 0)
    }
}

weir_ir::op_view! {
    /// `tensor.rank` (MLIR `tensor::RankOp`): the rank of a tensor, as `index`.
    RankOp = "tensor.rank"
}

impl RankOp {
    /// The tensor.
    pub fn source(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }

    /// The result (`index`).
    pub fn result(self, ctx: &Context) -> ValueId {
        ctx.result(self.0, 0)
    }
}

weir_ir::op_view! {
    /// `tensor.empty` (MLIR `tensor::EmptyOp`): a tensor of undefined contents, with one
    /// `index` operand per `?` of its ranked result type.
    EmptyOp = "tensor.empty"
}

impl EmptyOp {
    /// The sizes of the `?` dimensions, outermost first.
    pub fn dynamic_sizes(self, ctx: &Context) -> &[ValueId] {
        ctx.operands(self.0)
    }

    /// The result.
    pub fn result(self, ctx: &Context) -> ValueId {
        ctx.result(self.0, 0)
    }
}

weir_ir::op_view! {
    /// `tensor.extract` (MLIR `tensor::ExtractOp`): one element of a ranked tensor.
    ExtractOp = "tensor.extract"
}

impl ExtractOp {
    /// The tensor.
    pub fn tensor(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }

    /// The indices, one per dimension, outermost first.
    pub fn indices(self, ctx: &Context) -> &[ValueId] {
        &ctx.operands(self.0)[1..]
    }

    /// The extracted element.
    pub fn result(self, ctx: &Context) -> ValueId {
        ctx.result(self.0, 0)
    }
}

weir_ir::op_view! {
    /// `tensor.insert` (MLIR `tensor::InsertOp`): a copy of a ranked tensor with one element
    /// replaced.
    InsertOp = "tensor.insert"
}

impl InsertOp {
    /// The inserted element.
    pub fn scalar(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }

    /// The tensor inserted into.
    pub fn dest(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 1)
    }

    /// The indices, one per dimension, outermost first.
    pub fn indices(self, ctx: &Context) -> &[ValueId] {
        &ctx.operands(self.0)[2..]
    }

    /// The result (the dest's type).
    pub fn result(self, ctx: &Context) -> ValueId {
        ctx.result(self.0, 0)
    }
}

weir_ir::op_view! {
    /// `tensor.from_elements` (MLIR `tensor::FromElementsOp`): a statically shaped tensor of
    /// the given elements in row-major order.
    FromElementsOp = "tensor.from_elements"
}

impl FromElementsOp {
    /// The elements, in row-major order (as many as the result has).
    pub fn elements(self, ctx: &Context) -> &[ValueId] {
        ctx.operands(self.0)
    }

    /// The result.
    pub fn result(self, ctx: &Context) -> ValueId {
        ctx.result(self.0, 0)
    }
}

weir_ir::op_view! {
    /// `tensor.splat` (MLIR `tensor::SplatOp`): a ranked tensor whose every element is one
    /// value, with one `index` operand per `?` of its type.
    SplatOp = "tensor.splat"
}

impl SplatOp {
    /// The element.
    pub fn input(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }

    /// The sizes of the `?` dimensions, outermost first.
    pub fn dynamic_sizes(self, ctx: &Context) -> &[ValueId] {
        &ctx.operands(self.0)[1..]
    }

    /// The result.
    pub fn result(self, ctx: &Context) -> ValueId {
        ctx.result(self.0, 0)
    }
}

// ------------------------------------------------------------------ sizes known statically

/// The value of an `index` size operand when it is known at compile time: a non-negative
/// constant, or a `tensor.dim` of a dimension that is static in its source's (possibly
/// refined) type. Shape inference uses it to refine ops whose dynamic sizes are operands.
pub fn known_size(ctx: &Context, v: ValueId) -> Option<u64> {
    if let Some(c) = weir_dialect_arith::constant_int_value(ctx, v) {
        return u64::try_from(c).ok();
    }
    let dim = DimOp::defining(ctx, v)?;
    let i = usize::try_from(dim.constant_index(ctx)?).ok()?;
    let (_, dims) = ranked(ctx, ctx.value_type(dim.source(ctx)))?;
    *dims.get(i)?
}

/// The `InferShapedTypes` hook of ops whose declared result type has one size operand per `?`
/// from operand `first` on (`tensor.empty`, `tensor.splat`, `tensor.generate`): the declared
/// type with each `?` whose size is [`known_size`] replaced by it. Shape inference asserts
/// the refined type with a `tensor.cast` after the op (the op itself keeps its operands).
pub(crate) fn infer_known_sizes(
    ctx: &Context,
    input: &InferInput<'_>,
    first: usize,
) -> DiagResult<Vec<TypeKind>> {
    let declared = input.results.first().map(|&r| ctx.value_type(r));
    let Some((element, dims)) = declared.and_then(|t| ranked(ctx, t)) else {
        return Err(weir_ir::Diagnostic::error(
            input.loc.clone(),
            format!(
                "'{}' op needs its declared ranked result type to refine it",
                input.name
            ),
        ));
    };
    let mut sizes = input.operands.get(first..).unwrap_or(&[]).iter();
    let shape = dims
        .iter()
        .map(|&d| d.or_else(|| sizes.next().and_then(|&v| known_size(ctx, v))))
        .collect();
    Ok(vec![TypeKind::Tensor {
        shape: Some(shape),
        element,
    }])
}

/// [`infer_known_sizes`] for `tensor.empty` and `tensor.generate` (all operands are sizes).
pub(crate) fn infer_empty(ctx: &Context, input: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    infer_known_sizes(ctx, input, 0)
}

/// [`infer_known_sizes`] for `tensor.splat` (operand 0 is the element).
pub(crate) fn infer_splat(ctx: &Context, input: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    infer_known_sizes(ctx, input, 1)
}

// ------------------------------------------------------------------------------ builders

/// Builds `tensor.cast %value : T to to_type` at `at` and returns its result. The caller
/// makes sure the types are cast-compatible (equal element types, compatible shapes).
pub fn build_cast(
    ctx: &mut Context,
    value: ValueId,
    to_type: Type,
    loc: Location,
    at: InsertPoint,
) -> ValueId {
    let mut st = OpState::new(ctx.op_name(CastOp::NAME), loc);
    st.operands.push(value);
    st.result_types.push(to_type);
    let op = ctx.build_op(st, at);
    ctx.result(op, 0)
}

/// Builds `tensor.dim %source, %index` at `at` and returns its `index` result.
pub fn build_dim(
    ctx: &mut Context,
    source: ValueId,
    index: ValueId,
    loc: Location,
    at: InsertPoint,
) -> ValueId {
    let mut st = OpState::new(ctx.op_name(DimOp::NAME), loc);
    st.operands.extend([source, index]);
    st.result_types.push(ctx.index_type());
    let op = ctx.build_op(st, at);
    ctx.result(op, 0)
}

/// Builds `tensor.empty(%sizes) : ty` at `at` (`sizes`: one `index` per `?` of the ranked
/// tensor type `ty`, outermost first) and returns its result.
pub fn build_empty(
    ctx: &mut Context,
    ty: Type,
    sizes: &[ValueId],
    loc: Location,
    at: InsertPoint,
) -> ValueId {
    let mut st = OpState::new(ctx.op_name(EmptyOp::NAME), loc);
    st.operands.extend(sizes);
    st.result_types.push(ty);
    let op = ctx.build_op(st, at);
    ctx.result(op, 0)
}

// ------------------------------------------------------------------------------ tensor.cast

/// MLIR `CastOp::areCastCompatible`: both tensors, equal element types, compatible shapes.
pub fn are_cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    match (tensor_parts(ctx, a), tensor_parts(ctx, b)) {
        (Some((ea, sa)), Some((eb, sb))) => ea == eb && weir_ir::shape::compatible(sa, sb),
        _ => false,
    }
}

pub(crate) fn verify_cast(ctx: &Context, op: OpId) -> DiagResult<()> {
    verify_counts(ctx, op, 1, Arity::Exactly(0), Arity::Exactly(1))?;
    let (src, dst) = (
        ctx.value_type(ctx.operand(op, 0)),
        ctx.value_type(ctx.result(op, 0)),
    );
    check_tensor(ctx, op, TC::Any, "operand", 0, src)?;
    check_tensor(ctx, op, TC::Any, "result", 0, dst)?;
    if !are_cast_compatible(ctx, src, dst) {
        return Err(op_error(
            ctx,
            op,
            format!(
                "operand type '{}' and result type '{}' are cast incompatible",
                type_to_string(ctx, src),
                type_to_string(ctx, dst)
            ),
        ));
    }
    Ok(())
}

/// The most specific type a cast's result can have is its source's (a cast changes no
/// value): shape inference meets it with the declared result type, so `tensor.cast %x :
/// tensor<*xf32> to tensor<?x2xf32>` of an `%x` refined to `tensor<2x2xf32>` becomes
/// `tensor<2x2xf32>` (the `InferShapedTypes` hook; MLIR's cast has none, its folders and
/// canonicalizations do this work there).
pub(crate) fn infer_cast(ctx: &Context, input: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    Ok(vec![operand_type(ctx, input, 0)?])
}

/// A cast to the source's own type is the source (MLIR `CastOp::fold` through
/// `impl::foldCastOp`).
pub(crate) fn fold_cast(
    ctx: &mut Context,
    op: OpId,
    _: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    let src = ctx.operand(op, 0);
    (ctx.value_type(src) == ctx.value_type(ctx.result(op, 0))).then(|| vec![FoldResult::Value(src)])
}

pub(crate) const CAST_PATTERNS: &[Pattern] = &[Pattern {
    name: "tensor.cast-chained",
    apply: chained_cast,
}];

/// `cast(cast(x : A -> B) : B -> C)` becomes `cast(x : A -> C)` when dropping `B` loses no
/// runtime check: the meet of A, B and C equals the meet of A and C (MLIR `ChainedTensorCast`,
/// whose `joinShapes` is Weir's [`meet`]).
fn chained_cast(ctx: &mut Context, op: OpId, _: &mut RewriteLog) -> bool {
    let Some(inner) = CastOp::defining(ctx, ctx.operand(op, 0)) else {
        return false;
    };
    let x = inner.source(ctx);
    let types = [
        ctx.value_type(x),
        inner.dest_type(ctx),
        ctx.value_type(ctx.result(op, 0)),
    ];
    let [Some((_, a)), Some((_, b)), Some((_, c))] = types.map(|t| tensor_parts(ctx, t)) else {
        return false;
    };
    let Some(ab) = meet(a, b) else {
        return false;
    };
    let Some(abc) = meet(ab.as_deref(), c) else {
        return false;
    };
    if meet(a, c) != Some(abc) {
        return false;
    }
    ctx.set_operand(op, 0, x);
    true
}

/// `%c = tensor.cast %x [{attrs}] : T to U`.
pub(crate) fn parse_cast(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let x = p.parse_operand()?;
    p.parse_optional_attr_dict(state)?;
    let from = parse_colon_tensor_type(p, state, false)?;
    parse_custom_keyword(p, state, "to")?;
    let to = parse_tensor_type(p, state, false)?;
    state.operands.push(p.resolve_operand(&x, from)?);
    state.result_types.push(to);
    Ok(())
}

pub(crate) fn print_cast(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_operands(ctx.operands(op));
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_value_types(ctx.operands(op));
    p.write(" to ");
    p.print_value_types(ctx.results(op));
}

// ------------------------------------------------------------------------------ tensor.dim

pub(crate) fn verify_dim(ctx: &Context, op: OpId) -> DiagResult<()> {
    verify_counts(ctx, op, 1, Arity::Exactly(0), Arity::Exactly(2))?;
    check_tensor(
        ctx,
        op,
        TC::Non0RankedOrUnranked,
        "operand",
        0,
        ctx.value_type(ctx.operand(op, 0)),
    )?;
    check_index_operands(ctx, op, 1, false)?;
    check_index_result(ctx, op)
}

/// `index` results (`tensor.dim`, `tensor.rank`).
pub(crate) fn infer_index(ctx: &Context, _: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    let _ = ctx;
    Ok(vec![TypeKind::Index])
}

/// MLIR `DimOp::fold`: a static dimension at a constant in-range position is that size; a
/// `?` dimension of a `tensor.empty` is its size operand. An out-of-range position does not
/// fold (its value is undefined).
pub(crate) fn fold_dim(
    ctx: &mut Context,
    op: OpId,
    consts: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    let AttrKind::Integer { value, .. } = ctx.attr_kind((*consts.get(1)?)?) else {
        return None;
    };
    let src = ctx.operand(op, 0);
    let (_, dims) = ranked(ctx, ctx.value_type(src))?;
    let i = usize::try_from(*value).ok().filter(|&i| i < dims.len())?;
    if let Some(n) = dims[i] {
        let index = ctx.index_type();
        return Some(vec![FoldResult::Constant(ctx.int_attr(n.into(), index))]);
    }
    let empty = EmptyOp::defining(ctx, src)?;
    let position = dims[..i].iter().filter(|d| d.is_none()).count();
    let size = *empty.dynamic_sizes(ctx).get(position)?;
    Some(vec![FoldResult::Value(size)])
}

pub(crate) const EMPTY_PATTERNS: &[Pattern] = &[Pattern {
    name: "tensor.empty-static-dims",
    apply: static_extents,
}];

/// Gives `op`'s only result the type `ty` in place and casts it back to its old type for its
/// existing users (MLIR's canonicalizers that make a result more static, then insert a
/// `tensor.cast`). The caller checked the types are cast-compatible.
pub(crate) fn retype_result(ctx: &mut Context, op: OpId, ty: Type) {
    let result = ctx.result(op, 0);
    let old = ctx.value_type(result);
    ctx.set_value_type(result, ty);
    let loc = ctx.loc(op);
    let cast = build_cast(ctx, result, old, loc, InsertPoint::After(op));
    ctx.replace_all_uses(result, cast);
    if let Some(cast_op) = ctx.defining_op(cast) {
        ctx.set_operand(cast_op, 0, result);
    }
}

/// For ops whose operands are the sizes of their result's `?` dimensions (`tensor.empty`,
/// `tensor.generate`): `tensor.empty(%c) : tensor<4x?xf32>` with a constant `%c = 2` becomes
/// `tensor.empty() : tensor<4x2xf32>` and a `tensor.cast` back to the old type (MLIR
/// `ReplaceEmptyTensorStaticShapeDims` and `StaticTensorGenerate`; a negative constant is
/// left alone). The op is changed in place (a generate keeps its body).
pub(crate) fn static_extents(ctx: &mut Context, op: OpId, _: &mut RewriteLog) -> bool {
    let ty = ctx.value_type(ctx.result(op, 0));
    let Some((element, dims)) = ranked(ctx, ty) else {
        return false;
    };
    let sizes = ctx.operands(op);
    if sizes.len() != dims.iter().filter(|d| d.is_none()).count() {
        return false;
    }
    let mut kept = Vec::new();
    let mut next = sizes.iter();
    let new_dims: Vec<weir_ir::Dim> = dims
        .iter()
        .map(|&d| {
            if d.is_some() {
                return d;
            }
            let Some(&v) = next.next() else {
                return d;
            };
            let n =
                weir_dialect_arith::constant_int_value(ctx, v).and_then(|c| u64::try_from(c).ok());
            if n.is_none() {
                kept.push(v);
            }
            n
        })
        .collect();
    if kept.len() == sizes.len() {
        return false;
    }
    let new_ty = ctx.intern_type(TypeKind::Tensor {
        shape: Some(new_dims),
        element,
    });
    ctx.set_operands(op, kept);
    retype_result(ctx, op, new_ty);
    true
}

pub(crate) const DIM_PATTERNS: &[Pattern] = &[Pattern {
    name: "tensor.dim-of-cast",
    apply: dim_of_cast,
}];

/// `dim(cast(x))` reads `x` when the cast loses static information (its source is at least
/// as specific as its result: MLIR's `foldTensorCast` in `DimOp::fold`, with
/// `canFoldIntoConsumerOp`).
fn dim_of_cast(ctx: &mut Context, op: OpId, _: &mut RewriteLog) -> bool {
    let Some(cast) = CastOp::defining(ctx, ctx.operand(op, 0)) else {
        return false;
    };
    let x = cast.source(ctx);
    let (Some((_, from)), Some((_, to))) = (
        tensor_parts(ctx, ctx.value_type(x)),
        tensor_parts(ctx, cast.dest_type(ctx)),
    ) else {
        return false;
    };
    if from.is_none() || !weir_ir::shape::refines(from, to) {
        return false;
    }
    ctx.set_operand(op, 0, x);
    true
}

/// `%d = tensor.dim [{attrs}] %t, %i : T` (MLIR prints the attribute dictionary first).
pub(crate) fn parse_dim(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    p.parse_optional_attr_dict(state)?;
    let t = p.parse_operand()?;
    p.expect(Tok::Comma, ",")?;
    let i = p.parse_operand()?;
    let ty = parse_colon_tensor_type(p, state, false)?;
    let index = p.ctx.index_type();
    state.operands = p.resolve_operands(&[t, i], &[ty, index])?;
    state.result_types.push(index);
    Ok(())
}

pub(crate) fn print_dim(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    p.print_optional_attr_dict(op, &[]);
    p.write(" ");
    p.print_operands(ctx.operands(op));
    p.write(" : ");
    if let Some(&t) = ctx.operands(op).first() {
        p.print_type(ctx.value_type(t));
    }
}

// ------------------------------------------------------------------------------ tensor.rank

pub(crate) fn verify_rank(ctx: &Context, op: OpId) -> DiagResult<()> {
    verify_counts(ctx, op, 1, Arity::Exactly(0), Arity::Exactly(1))?;
    check_tensor(
        ctx,
        op,
        TC::Any,
        "operand",
        0,
        ctx.value_type(ctx.operand(op, 0)),
    )?;
    check_index_result(ctx, op)
}

/// MLIR `RankOp::fold`: the rank of a ranked tensor.
pub(crate) fn fold_rank(
    ctx: &mut Context,
    op: OpId,
    _: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    let (_, dims) = ranked(ctx, ctx.value_type(ctx.operand(op, 0)))?;
    let rank = dims.len() as i128;
    let index = ctx.index_type();
    Some(vec![FoldResult::Constant(ctx.int_attr(rank, index))])
}

/// `%r = tensor.rank %t [{attrs}] : T` (also `tensor.from_elements`' and others' single
/// operand-list-then-type form is written by [`parse_operands_colon_type`]).
pub(crate) fn parse_rank(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let t = p.parse_operand()?;
    p.parse_optional_attr_dict(state)?;
    let ty = parse_colon_tensor_type(p, state, false)?;
    state.operands.push(p.resolve_operand(&t, ty)?);
    state.result_types.push(p.ctx.index_type());
    Ok(())
}

pub(crate) fn print_rank(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_operands(ctx.operands(op));
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_value_types(ctx.operands(op));
}

// ------------------------------------------------------------------------------ tensor.empty

/// `incorrect number of dynamic sizes, has N, expected M` (MLIR's `EmptyOp`/`SplatOp`
/// verifiers) for `sizes` operands against the `?` dimensions of `ty`.
pub(crate) fn verify_dynamic_sizes(
    ctx: &Context,
    op: OpId,
    sizes: usize,
    ty: Type,
) -> DiagResult<()> {
    let expected = dynamic_dims(ctx, ty);
    if sizes != expected {
        return Err(op_error(
            ctx,
            op,
            format!("incorrect number of dynamic sizes, has {sizes}, expected {expected}"),
        ));
    }
    Ok(())
}

pub(crate) fn verify_empty(ctx: &Context, op: OpId) -> DiagResult<()> {
    verify_counts(ctx, op, 1, Arity::Exactly(0), Arity::Any)?;
    check_index_operands(ctx, op, 0, true)?;
    let ty = ctx.value_type(ctx.result(op, 0));
    check_tensor(ctx, op, TC::Ranked, "result", 0, ty)?;
    verify_dynamic_sizes(ctx, op, ctx.operands(op).len(), ty)
}

/// `%e = tensor.empty(%a, %b) [{attrs}] : T`.
pub(crate) fn parse_empty(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    p.expect(Tok::LParen, "(")?;
    let sizes = p.parse_optional_operand_list()?;
    p.expect(Tok::RParen, ")")?;
    p.parse_optional_attr_dict(state)?;
    let ty = parse_colon_tensor_type(p, state, true)?;
    let index = p.ctx.index_type();
    state.operands = p.resolve_operands(&sizes, &vec![index; sizes.len()])?;
    state.result_types.push(ty);
    Ok(())
}

pub(crate) fn print_empty(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write("(");
    p.print_operands(ctx.operands(op));
    p.write(")");
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_value_types(ctx.results(op));
}

// ------------------------------------------------------------------------------ tensor.extract

pub(crate) fn verify_extract(ctx: &Context, op: OpId) -> DiagResult<()> {
    verify_counts(ctx, op, 1, Arity::Exactly(0), Arity::AtLeast(1))?;
    let ty = ctx.value_type(ctx.operand(op, 0));
    check_tensor(ctx, op, TC::Ranked, "operand", 0, ty)?;
    check_index_operands(ctx, op, 1, true)?;
    let (element, dims) =
        ranked(ctx, ty).expect("check_tensor above: operand 0 is a ranked tensor");
    if ctx.value_type(ctx.result(op, 0)) != element {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that result type matches element type of tensor",
        ));
    }
    if ctx.operands(op).len() - 1 != dims.len() {
        return Err(op_error(
            ctx,
            op,
            "incorrect number of indices for extract_element",
        ));
    }
    Ok(())
}

/// The element type of operand `i` (a tensor), or its own type if it is not a tensor.
fn element_of_operand(ctx: &Context, input: &InferInput<'_>, i: usize) -> DiagResult<TypeKind> {
    let ty = operand_type(ctx, input, i)?;
    Ok(match ty {
        TypeKind::Tensor { element, .. } => ctx.type_kind(element).clone(),
        other => other,
    })
}

/// `tensor.extract`'s result: the element type (MLIR `TypesMatchWith`).
pub(crate) fn infer_extract(ctx: &Context, input: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    Ok(vec![element_of_operand(ctx, input, 0)?])
}

/// MLIR `ExtractOp::fold` on `tensor.from_elements` with constant in-range indices: that
/// element (row-major). Indices out of range do not fold.
pub(crate) fn fold_extract(
    ctx: &mut Context,
    op: OpId,
    consts: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    let source = ctx.operand(op, 0);
    let (_, dims) = ranked(ctx, ctx.value_type(source))?;
    let mut flat: u64 = 0;
    for (c, d) in consts.get(1..)?.iter().zip(dims) {
        let AttrKind::Integer { value, .. } = ctx.attr_kind((*c)?) else {
            return None;
        };
        let (i, n) = (u64::try_from(*value).ok()?, (*d)?);
        if i >= n {
            return None;
        }
        flat = flat.checked_mul(n)?.checked_add(i)?;
    }
    // Of a `dense<...>` constant: the element (MLIR ExtractOp::fold).
    if let Some(d) = consts
        .first()
        .copied()
        .flatten()
        .and_then(|a| ctx.dense_elements(a))
    {
        if flat >= d.len() {
            return None;
        }
        let (v, ty) = (d.get(flat), d.element_type());
        return Some(vec![FoldResult::Constant(ctx.scalar_attr(v, ty))]);
    }
    // Of a `tensor.insert` at the same constant indices: the inserted element (MLIR's
    // extract-after-insert fold; indices must be constants, as in MLIR).
    if let Some(ins) = InsertOp::defining(ctx, source) {
        let same = ins.indices(ctx).iter().zip(&consts[1..]).all(|(&i, c)| {
            let want = c.and_then(|a| match ctx.attr_kind(a) {
                AttrKind::Integer { value, .. } => Some(*value),
                _ => None,
            });
            want.is_some() && weir_dialect_arith::constant_int_value(ctx, i) == want
        });
        return same.then(|| vec![FoldResult::Value(ins.scalar(ctx))]);
    }
    let from = FromElementsOp::defining(ctx, source)?;
    let element = *from.elements(ctx).get(usize::try_from(flat).ok()?)?;
    Some(vec![FoldResult::Value(element)])
}

/// `tensor.from_elements` of constants is a `dense<...>` constant (MLIR FromElementsOp::fold).
pub(crate) fn fold_from_elements(
    ctx: &mut Context,
    op: OpId,
    consts: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    let values: Vec<DenseValue> = consts
        .iter()
        .map(|c| c.and_then(|a| ctx.scalar_dense_value(a)))
        .collect::<Option<_>>()?;
    let ty = ctx.value_type(ctx.result(op, 0));
    let attr = ctx.dense_from_values(ty, &values).ok()?;
    Some(vec![FoldResult::Constant(attr)])
}

/// `tensor.splat` of a constant to a static shape is a splat `dense<...>` constant (MLIR
/// SplatOp::fold; a dynamic shape does not fold).
pub(crate) fn fold_splat(
    ctx: &mut Context,
    op: OpId,
    consts: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    let v = consts
        .first()
        .copied()
        .flatten()
        .and_then(|a| ctx.scalar_dense_value(a))?;
    let ty = ctx.value_type(ctx.result(op, 0));
    let attr = ctx.dense_splat(ty, v).ok()?;
    Some(vec![FoldResult::Constant(attr)])
}

/// `%x = tensor.extract %t[%i, %j] [{attrs}] : T`.
pub(crate) fn parse_extract(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let t = p.parse_operand()?;
    let indices = parse_indices(p)?;
    p.parse_optional_attr_dict(state)?;
    let ty = parse_colon_tensor_type(p, state, true)?;
    state.operands.push(p.resolve_operand(&t, ty)?);
    resolve_indices(p, state, &indices)?;
    state.result_types.push(element_type(p.ctx, ty));
    Ok(())
}

pub(crate) fn print_extract(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    let operands = ctx.operands(op);
    p.write(" ");
    p.print_operands(&operands[..1]);
    print_indices(p, &operands[1..]);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_value_types(&operands[..1]);
}

/// The element type of a tensor type that [`parse_colon_tensor_type`] accepted.
fn element_type(ctx: &Context, ty: Type) -> Type {
    tensor_parts(ctx, ty).map_or(ty, |(element, _)| element)
}

/// `[%i, %j]` (possibly empty).
fn parse_indices<'a>(p: &mut Parser<'a>) -> PResult<Vec<weir_syntax::UnresolvedOperand<'a>>> {
    p.expect(Tok::LSquare, "[")?;
    let indices = p.parse_optional_operand_list()?;
    p.expect(Tok::RSquare, "]")?;
    Ok(indices)
}

fn resolve_indices<'a>(
    p: &mut Parser<'a>,
    state: &mut OpState,
    indices: &[weir_syntax::UnresolvedOperand<'a>],
) -> PResult<()> {
    let index = p.ctx.index_type();
    let values = p.resolve_operands(indices, &vec![index; indices.len()])?;
    state.operands.extend(values);
    Ok(())
}

fn print_indices(p: &mut Printer<'_>, indices: &[ValueId]) {
    p.write("[");
    p.print_operands(indices);
    p.write("]");
}

// ------------------------------------------------------------------------------ tensor.insert

pub(crate) fn verify_insert(ctx: &Context, op: OpId) -> DiagResult<()> {
    verify_counts(ctx, op, 1, Arity::Exactly(0), Arity::AtLeast(2))?;
    let dest = ctx.value_type(ctx.operand(op, 1));
    check_tensor(ctx, op, TC::Ranked, "operand", 1, dest)?;
    check_index_operands(ctx, op, 2, true)?;
    let result = ctx.value_type(ctx.result(op, 0));
    check_tensor(ctx, op, TC::Ranked, "result", 0, result)?;
    let (element, dims) =
        ranked(ctx, dest).expect("check_tensor above: operand 1 is a ranked tensor");
    if result != dest {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that result type matches type of dest",
        ));
    }
    if ctx.value_type(ctx.operand(op, 0)) != element {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that scalar type matches element type of dest",
        ));
    }
    if ctx.operands(op).len() - 2 != dims.len() {
        return Err(op_error(ctx, op, "incorrect number of indices"));
    }
    Ok(())
}

/// `tensor.insert`'s result: the dest's type (MLIR `TypesMatchWith`).
pub(crate) fn infer_insert(ctx: &Context, input: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    Ok(vec![operand_type(ctx, input, 1)?])
}

/// MLIR `InsertOp::fold`: inserting a constant equal to the value of a splat `dense<...>`
/// dest (same bits) is the dest.
pub(crate) fn fold_insert(
    ctx: &mut Context,
    op: OpId,
    consts: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    let scalar = ctx.scalar_dense_value((*consts.first()?)?)?;
    let splat = ctx.dense_elements((*consts.get(1)?)?)?.splat_value()?;
    (scalar == splat).then(|| vec![FoldResult::Value(ctx.operand(op, 1))])
}

/// `%r = tensor.insert %x into %t[%i, %j] [{attrs}] : T`.
pub(crate) fn parse_insert(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let x = p.parse_operand()?;
    parse_custom_keyword(p, state, "into")?;
    let t = p.parse_operand()?;
    let indices = parse_indices(p)?;
    p.parse_optional_attr_dict(state)?;
    let ty = parse_colon_tensor_type(p, state, true)?;
    let element = element_type(p.ctx, ty);
    state.operands = p.resolve_operands(&[x, t], &[element, ty])?;
    resolve_indices(p, state, &indices)?;
    state.result_types.push(ty);
    Ok(())
}

pub(crate) fn print_insert(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    let operands = ctx.operands(op);
    p.write(" ");
    p.print_operands(&operands[..1]);
    p.write(" into ");
    p.print_operands(&operands[1..2]);
    print_indices(p, &operands[2..]);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_value_types(&operands[1..2]);
}

// ------------------------------------------------------------------------------ tensor.from_elements

pub(crate) fn verify_from_elements(ctx: &Context, op: OpId) -> DiagResult<()> {
    verify_counts(ctx, op, 1, Arity::Exactly(0), Arity::Any)?;
    let ty = ctx.value_type(ctx.result(op, 0));
    check_tensor(ctx, op, TC::StaticShape, "result", 0, ty)?;
    let (element, dims) = ranked(ctx, ty).expect("checked above: a statically shaped tensor");
    if ctx
        .operands(op)
        .iter()
        .any(|&v| ctx.value_type(v) != element)
    {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that operand types match result element type",
        ));
    }
    // MLIR's `TypesMatchWith` compares the operand types with one element type per element,
    // so a wrong count has the same message.
    let count = dims
        .iter()
        .try_fold(1u64, |n, d| n.checked_mul(d.unwrap_or(0)));
    if count != Some(ctx.operands(op).len() as u64) {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that operand types match result element type",
        ));
    }
    Ok(())
}

/// `%t = tensor.from_elements %a, %b [{attrs}] : T` (the operands take T's element type, as
/// many as T has elements).
pub(crate) fn parse_from_elements(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let operands_loc = p.loc();
    let elements = p.parse_optional_operand_list()?;
    p.parse_optional_attr_dict(state)?;
    let ty = p.parse_colon_type()?;
    let static_elements = ranked(p.ctx, ty).and_then(|(element, dims)| {
        let n = dims.iter().try_fold(1u64, |n, d| n.checked_mul((*d)?))?;
        Some((element, usize::try_from(n).ok()?))
    });
    let Some((element, count)) = static_elements else {
        return Err(custom_op_error(
            p,
            state,
            state.loc.clone(),
            format!(
                "'result' must be statically shaped tensor of any type values, but got '{}'",
                type_to_string(p.ctx, ty)
            ),
        ));
    };
    if count != elements.len() {
        return Err(custom_op_error(
            p,
            state,
            operands_loc,
            format!(
                "number of operands and types do not match: got {} operands and {count} types",
                elements.len()
            ),
        ));
    }
    state.operands = p.resolve_operands(&elements, &vec![element; count])?;
    state.result_types.push(ty);
    Ok(())
}

pub(crate) fn print_from_elements(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    if !ctx.operands(op).is_empty() {
        p.write(" ");
        p.print_operands(ctx.operands(op));
    }
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_value_types(ctx.results(op));
}

// ------------------------------------------------------------------------------ tensor.splat

pub(crate) fn verify_splat(ctx: &Context, op: OpId) -> DiagResult<()> {
    verify_counts(ctx, op, 1, Arity::Exactly(0), Arity::AtLeast(1))?;
    check_index_operands(ctx, op, 1, true)?;
    let ty = ctx.value_type(ctx.result(op, 0));
    check_tensor(ctx, op, TC::Ranked, "result", 0, ty)?;
    let (element, _) = ranked(ctx, ty).expect("check_tensor above: the result is a ranked tensor");
    if ctx.value_type(ctx.operand(op, 0)) != element {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that operand type matches element type of result",
        ));
    }
    verify_dynamic_sizes(ctx, op, ctx.operands(op).len() - 1, ty)
}

/// `%s = tensor.splat %x[%n, %m] [{attrs}] : T` (the sizes of T's `?` dimensions in
/// brackets, only when there are some).
pub(crate) fn parse_splat(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let x = p.parse_operand()?;
    let sizes = if p.peek() == Tok::LSquare {
        parse_indices(p)?
    } else {
        Vec::new()
    };
    p.parse_optional_attr_dict(state)?;
    let ty = parse_colon_tensor_type(p, state, true)?;
    let element = element_type(p.ctx, ty);
    state.operands.push(p.resolve_operand(&x, element)?);
    resolve_indices(p, state, &sizes)?;
    state.result_types.push(ty);
    Ok(())
}

pub(crate) fn print_splat(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    let operands = ctx.operands(op);
    p.write(" ");
    p.print_operands(&operands[..1]);
    if operands.len() > 1 {
        print_indices(p, &operands[1..]);
    }
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_value_types(ctx.results(op));
}
