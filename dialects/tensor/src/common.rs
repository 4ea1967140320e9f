//! Helpers shared by the tensor ops: MLIR's ODS tensor type constraints with their wording,
//! the `index` operand constraint, and the `DenseI64ArrayAttr` storage of static sizes
//! (`static_output_shape`), kept in one place.

use weir_ir::{op_error, AttrKind, Context, DenseValue, DiagResult, Dim, OpId, Type, TypeKind};
use weir_syntax::type_to_string;

/// MLIR's marker of a dynamic size in a static size array (`ShapedType::kDynamic`).
pub const DYNAMIC: i64 = i64::MIN;

/// The tensor type constraints of the tensor ops' ODS definitions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TensorConstraint {
    /// `AnyTensor`: ranked or unranked.
    Any,
    /// `AnyRankedTensor`.
    Ranked,
    /// `AnyNon0RankedOrUnrankedTensor` (`tensor.dim`'s source).
    Non0RankedOrUnranked,
    /// `AnyStaticShapeTensor` (`tensor.from_elements`' result).
    StaticShape,
}

impl TensorConstraint {
    fn description(self) -> &'static str {
        match self {
            TensorConstraint::Any => "tensor of any type values",
            TensorConstraint::Ranked => "ranked tensor of any type values",
            TensorConstraint::Non0RankedOrUnranked => "non-0-ranked or unranked tensor",
            TensorConstraint::StaticShape => "statically shaped tensor of any type values",
        }
    }

    fn accepts(self, ctx: &Context, ty: Type) -> bool {
        let TypeKind::Tensor { shape, .. } = ctx.type_kind(ty) else {
            return false;
        };
        match self {
            TensorConstraint::Any => true,
            TensorConstraint::Ranked => shape.is_some(),
            TensorConstraint::Non0RankedOrUnranked => shape.as_ref().is_none_or(|s| !s.is_empty()),
            TensorConstraint::StaticShape => shape
                .as_ref()
                .is_some_and(|s| s.iter().all(|d| d.is_some())),
        }
    }
}

/// Checks `ty` (operand or result `index` of `op`, `what` = `"operand"`/`"result"`) against
/// `c`, with MLIR's `operand #0 must be ranked tensor of any type values, but got 'f32'`.
pub fn check_tensor(
    ctx: &Context,
    op: OpId,
    c: TensorConstraint,
    what: &str,
    index: usize,
    ty: Type,
) -> DiagResult<()> {
    if c.accepts(ctx, ty) {
        return Ok(());
    }
    Err(op_error(
        ctx,
        op,
        format!(
            "{what} #{index} must be {}, but got '{}'",
            c.description(),
            type_to_string(ctx, ty)
        ),
    ))
}

/// Checks that operands `from..` of `op` are `index` values (MLIR `Variadic<Index>`, or
/// `Index` when `variadic` is false): `operand #2 must be variadic of index, but got 'i32'`.
pub fn check_index_operands(
    ctx: &Context,
    op: OpId,
    from: usize,
    variadic: bool,
) -> DiagResult<()> {
    for (i, &v) in ctx.operands(op).iter().enumerate().skip(from) {
        let ty = ctx.value_type(v);
        if !matches!(ctx.type_kind(ty), TypeKind::Index) {
            let kind = if variadic {
                "variadic of index"
            } else {
                "index"
            };
            return Err(op_error(
                ctx,
                op,
                format!(
                    "operand #{i} must be {kind}, but got '{}'",
                    type_to_string(ctx, ty)
                ),
            ));
        }
    }
    Ok(())
}

/// Checks that result #0 of `op` is `index` (MLIR `Index:$result`).
pub fn check_index_result(ctx: &Context, op: OpId) -> DiagResult<()> {
    let ty = ctx.value_type(ctx.result(op, 0));
    if matches!(ctx.type_kind(ty), TypeKind::Index) {
        return Ok(());
    }
    Err(op_error(
        ctx,
        op,
        format!(
            "result #0 must be index, but got '{}'",
            type_to_string(ctx, ty)
        ),
    ))
}

/// The element type and dimensions of a ranked tensor type; `None` for anything else.
pub fn ranked(ctx: &Context, ty: Type) -> Option<(Type, &[Dim])> {
    match weir_ir::shape::tensor_parts(ctx, ty)? {
        (element, Some(dims)) => Some((element, dims)),
        (_, None) => None,
    }
}

/// The number of `?` dimensions of a ranked tensor type (0 for anything else).
pub fn dynamic_dims(ctx: &Context, ty: Type) -> usize {
    ranked(ctx, ty).map_or(0, |(_, dims)| dims.iter().filter(|d| d.is_none()).count())
}

/// A `DenseI64ArrayAttr` (`array<i64: 2, -9223372036854775808>`) of static sizes, one per
/// dimension, [`DYNAMIC`] for `?`.
pub fn i64_array(ctx: &mut Context, values: &[i64]) -> weir_ir::Attr {
    let element = ctx.int_type(64);
    let values = values.iter().map(|&v| DenseValue::Int(v.into())).collect();
    ctx.attr(AttrKind::DenseArray { element, values })
}

/// The values of an `i64` dense array attribute, or `None` if `attr` is not one.
pub fn read_i64_array(ctx: &Context, attr: weir_ir::Attr) -> Option<Vec<i64>> {
    match ctx.attr_kind(attr) {
        AttrKind::DenseArray { element, values } if ctx.int_width(*element) == Some(64) => values
            .iter()
            .map(|v| match v {
                DenseValue::Int(i) => i64::try_from(*i).ok(),
                DenseValue::Float(_) => None,
            })
            .collect(),
        _ => None,
    }
}

/// A static size array entry as a dimension: [`DYNAMIC`] (or any negative value) is `?`.
pub fn size_to_dim(v: i64) -> Dim {
    u64::try_from(v).ok()
}

/// A dimension as a static size array entry.
pub fn dim_to_size(d: Dim) -> i64 {
    d.and_then(|n| i64::try_from(n).ok()).unwrap_or(DYNAMIC)
}

/// Parses `: T` where T must be a tensor type (ranked if `ranked`), with the custom parser's
/// MLIR 22 error at the type: `custom op 'tensor.rank' invalid kind of type specified`, or for
/// a ranked one `... invalid kind of type specified: expected builtin.tensor, but found 'T'`.
pub fn parse_colon_tensor_type(
    p: &mut weir_syntax::Parser<'_>,
    state: &weir_ir::OpState,
    ranked_only: bool,
) -> weir_syntax::PResult<Type> {
    p.expect(weir_syntax::lexer::Tok::Colon, ":")?;
    parse_tensor_type(p, state, ranked_only)
}

/// [`parse_colon_tensor_type`] without the colon.
pub fn parse_tensor_type(
    p: &mut weir_syntax::Parser<'_>,
    state: &weir_ir::OpState,
    ranked_only: bool,
) -> weir_syntax::PResult<Type> {
    let loc = p.loc();
    let ty = p.parse_type()?;
    let ok = match weir_ir::shape::tensor_parts(p.ctx, ty) {
        Some((_, shape)) => !ranked_only || shape.is_some(),
        None => false,
    };
    if ok {
        return Ok(ty);
    }
    let msg = if ranked_only {
        format!(
            "invalid kind of type specified: expected builtin.tensor, but found '{}'",
            type_to_string(p.ctx, ty)
        )
    } else {
        "invalid kind of type specified".to_string()
    };
    Err(weir_dialect_arith::util::custom_op_error(
        p, state, loc, msg,
    ))
}

/// The name of MLIR's `AttrSizedOperandSegments` attribute.
pub const OPERAND_SEGMENT_SIZES: &str = "operandSegmentSizes";

/// An `operandSegmentSizes` attribute (`array<i32: ...>`) with these group sizes.
pub fn segment_sizes_attr(ctx: &mut Context, sizes: &[usize]) -> weir_ir::Attr {
    let element = ctx.int_type(32);
    let values = sizes.iter().map(|&v| DenseValue::Int(v as i128)).collect();
    ctx.attr(AttrKind::DenseArray { element, values })
}

/// The operand group sizes of `op` (MLIR `AttrSizedOperandSegments`, `n` groups) with MLIR's
/// messages: `requires dense i32 array attribute 'operandSegmentSizes'`, `'operandSegmentSizes'
/// attribute for specifying operand segments must have 4 elements, but got 3`, `operand count
/// (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'`.
pub fn operand_segments(ctx: &Context, op: OpId, n: usize) -> DiagResult<Vec<usize>> {
    let fail = |m: String| op_error(ctx, op, m);
    let missing = || {
        fail(format!(
            "requires dense i32 array attribute '{OPERAND_SEGMENT_SIZES}'"
        ))
    };
    let attr = ctx.attr_of(op, OPERAND_SEGMENT_SIZES).ok_or_else(missing)?;
    let AttrKind::DenseArray { element, values } = ctx.attr_kind(attr) else {
        return Err(missing());
    };
    if ctx.int_width(*element) != Some(32) {
        return Err(missing());
    }
    if values.len() != n {
        return Err(fail(format!(
            "'{OPERAND_SEGMENT_SIZES}' attribute for specifying operand segments must have {n} elements, but got {}",
            values.len()
        )));
    }
    let sizes: Option<Vec<usize>> = values
        .iter()
        .map(|v| match v {
            DenseValue::Int(i) => usize::try_from(*i).ok(),
            DenseValue::Float(_) => None,
        })
        .collect();
    let Some(sizes) = sizes else {
        return Err(fail(format!(
            "'{OPERAND_SEGMENT_SIZES}' attribute cannot have negative elements"
        )));
    };
    let total: usize = sizes.iter().sum();
    let count = ctx.operands(op).len();
    if total != count {
        return Err(fail(format!(
            "operand count ({count}) does not match with the total size ({total}) specified in attribute '{OPERAND_SEGMENT_SIZES}'"
        )));
    }
    Ok(sizes)
}

/// An error at `op` without the `'name' op` prefix: what MLIR's `op->emitError(...)` (rather
/// than `emitOpError`) reports, e.g. the slice verifiers' `offset 0 is out-of-bounds: 8 >= 8`.
pub fn plain_error(ctx: &Context, op: OpId, msg: impl Into<String>) -> weir_ir::Diagnostic {
    weir_ir::Diagnostic::error(ctx.loc(op), msg)
}

/// The static array attribute `name` of `op` as `i64`s, with MLIR's ODS message when it is
/// missing or of another kind: `requires attribute 'static_offsets'`.
pub fn required_i64_array(ctx: &Context, op: OpId, name: &str) -> DiagResult<Vec<i64>> {
    ctx.attr_of(op, name)
        .and_then(|a| read_i64_array(ctx, a))
        .ok_or_else(|| op_error(ctx, op, format!("requires attribute '{name}'")))
}

/// MLIR's check of a `DynamicIndexList` against its operands: `expected the number of
/// 'offsets' to match the number of dynamic entries in 'static_offsets' (0 vs 1)`.
pub fn check_dynamic_entries(
    ctx: &Context,
    op: OpId,
    operands: &str,
    statics_name: &str,
    statics: &[i64],
    values: usize,
) -> DiagResult<()> {
    let dynamic = statics.iter().filter(|&&s| s == DYNAMIC).count();
    if dynamic == values {
        return Ok(());
    }
    Err(plain_error(
        ctx,
        op,
        format!(
            "expected the number of '{operands}' to match the number of dynamic entries in '{statics_name}' ({values} vs {dynamic})"
        ),
    ))
}
