//! `tensor.concat` (MLIR `tensor::ConcatOp`): ranked tensors of one rank and element type
//! joined along dimension `dim`.
//!
//! Syntax (MLIR 22): `%r = tensor.concat dim(0) %a, %b [{attrs}] : (T, U) -> R`; generic
//! attribute `dim = 0 : i64`.
//!
//! Result shape (MLIR `ConcatOp::inferResultType`): along `dim`, the sum of the inputs' sizes
//! (`?` if any is `?`); elsewhere the size the inputs agree on (a known size wins over `?`).
//! The declared result may be less specific (`infer_shaped_types`).

use crate::common::{check_tensor, ranked, TensorConstraint};
use weir_ir::interfaces::infer_types::InferInput;
use weir_ir::{
    op_error, AttrKind, Context, DiagResult, Dim, FoldResult, OpId, OpState, Pattern, RewriteLog,
    Type, TypeKind, ValueId,
};
use weir_syntax::lexer::Tok;
use weir_syntax::{type_to_string, PResult, Parser, Printer};

/// The name of the concatenation dimension attribute.
pub const DIM: &str = "dim";

weir_ir::op_view! {
    /// `tensor.concat` (MLIR `tensor::ConcatOp`).
    ConcatOp = "tensor.concat"
}

impl ConcatOp {
    /// The dimension the inputs are joined along (less than their rank).
    pub fn dim(self, ctx: &Context) -> u64 {
        dim_attr(ctx, self.0).expect("verified tensor.concat has a dim")
    }

    /// The inputs, in order (at least one).
    pub fn inputs(self, ctx: &Context) -> &[ValueId] {
        ctx.operands(self.0)
    }

    /// The result.
    pub fn result(self, ctx: &Context) -> ValueId {
        ctx.result(self.0, 0)
    }
}

/// The `dim` attribute, if it is a non-negative integer.
fn dim_attr(ctx: &Context, op: OpId) -> Option<u64> {
    match ctx.attr_kind(ctx.attr_of(op, DIM)?) {
        AttrKind::Integer { value, .. } => u64::try_from(*value).ok(),
        _ => None,
    }
}

/// How the inputs' sizes combine at one position: `None` when two known sizes differ.
fn agree(a: Dim, b: Dim) -> Option<Dim> {
    match (a, b) {
        (Some(x), Some(y)) if x != y => None,
        _ => Some(a.or(b)),
    }
}

/// The inferred shape from ranked input shapes of one rank: `Err(i)` when the known sizes at
/// non-concatenated position `i` differ. `dim < rank`.
fn infer_shape(inputs: &[&[Dim]], dim: usize) -> Result<Vec<Dim>, usize> {
    let rank = inputs.first().map_or(0, |s| s.len());
    (0..rank)
        .map(|i| {
            if i == dim {
                Ok(inputs
                    .iter()
                    .try_fold(0u64, |sum, s| sum.checked_add(s[i]?)))
            } else {
                inputs
                    .iter()
                    .try_fold(None, |acc, s| agree(acc, s[i]))
                    .ok_or(i)
            }
        })
        .collect()
}

pub(crate) fn verify(ctx: &Context, op: OpId) -> DiagResult<()> {
    weir_dialect_arith::util::verify_counts(
        ctx,
        op,
        1,
        weir_dialect_arith::util::Arity::Exactly(0),
        weir_dialect_arith::util::Arity::Any,
    )?;
    let Some(dim) = dim_attr(ctx, op) else {
        return Err(op_error(
            ctx,
            op,
            "attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0",
        ));
    };
    for (i, &v) in ctx.operands(op).iter().enumerate() {
        check_tensor(
            ctx,
            op,
            TensorConstraint::Ranked,
            "operand",
            i,
            ctx.value_type(v),
        )?;
    }
    let result = ctx.value_type(ctx.result(op, 0));
    check_tensor(ctx, op, TensorConstraint::Ranked, "result", 0, result)?;
    if ctx.operands(op).is_empty() {
        return Err(op_error(ctx, op, "requires at least one input"));
    }
    let (element, dims) =
        ranked(ctx, result).expect("check_tensor above: the result is a ranked tensor");
    let inputs: Vec<(Type, &[Dim])> = ctx
        .operands(op)
        .iter()
        .map(|&v| {
            ranked(ctx, ctx.value_type(v))
                .expect("check_tensor above: every operand is a ranked tensor")
        })
        .collect();
    if inputs.iter().any(|(_, s)| s.len() != dims.len()) {
        return Err(op_error(
            ctx,
            op,
            "rank of concatenated inputs must match result rank",
        ));
    }
    if inputs.iter().any(|(e, _)| *e != element) {
        return Err(op_error(
            ctx,
            op,
            "inputs and result element type must match",
        ));
    }
    if dim >= dims.len() as u64 {
        return Err(op_error(
            ctx,
            op,
            "concatenation dim must be less than the tensor rank",
        ));
    }
    let shapes: Vec<&[Dim]> = inputs.iter().map(|(_, s)| *s).collect();
    let inferred = infer_shape(&shapes, dim as usize).map_err(|i| {
        op_error(
            ctx,
            op,
            format!("static concatenation size mismatch along non-concatenated dimension {i}"),
        )
    })?;
    let mismatch = inferred
        .iter()
        .zip(dims)
        .any(|(a, b)| matches!((a, b), (Some(x), Some(y)) if x != y));
    if mismatch {
        let inferred = TypeKind::Tensor {
            shape: Some(inferred),
            element,
        };
        // MLIR 22 writes no space before "does not match".
        return Err(op_error(
            ctx,
            op,
            format!(
                "result type '{}'does not match inferred shape {} static sizes",
                type_to_string(ctx, result),
                ctx.quoted_kinds(&[inferred])
            ),
        ));
    }
    Ok(())
}

/// The most specific result the inputs imply ([`infer_shape`]); with an unranked input the
/// rank comes from the ranked ones (an unranked result if none is ranked), and the unranked
/// inputs make the concatenated size `?`. Errors when the inputs are invalid (no input,
/// ranks differ, `dim` out of range, sizes disagree).
pub(crate) fn infer_shaped(ctx: &Context, input: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    let fail = |msg: &str| {
        weir_ir::Diagnostic::error(input.loc.clone(), format!("'{}' op {msg}", input.name))
    };
    let dim = input
        .attr(ctx, DIM)
        .and_then(|a| match ctx.attr_kind(a) {
            AttrKind::Integer { value, .. } => usize::try_from(*value).ok(),
            _ => None,
        })
        .ok_or_else(|| fail("expected a non-negative 'dim' attribute"))?;
    let mut element = None;
    let mut shapes = Vec::new();
    let mut unranked = false;
    for &v in input.operands {
        let Some((e, shape)) = weir_ir::shape::tensor_parts(ctx, ctx.value_type(v)) else {
            return Err(fail("expected tensor inputs"));
        };
        element = Some(e);
        match shape {
            Some(s) => shapes.push(s),
            None => unranked = true,
        }
    }
    let Some(element) = element else {
        return Err(fail("requires at least one input"));
    };
    let Some(rank) = shapes.first().map(|s| s.len()) else {
        return Ok(vec![TypeKind::Tensor {
            shape: None,
            element,
        }]);
    };
    if shapes.iter().any(|s| s.len() != rank) {
        return Err(fail("rank of concatenated inputs must match result rank"));
    }
    if dim >= rank {
        return Err(fail("concatenation dim must be less than the tensor rank"));
    }
    let mut shape = infer_shape(&shapes, dim).map_err(|i| {
        fail(&format!(
            "static concatenation size mismatch along non-concatenated dimension {i}"
        ))
    })?;
    if unranked {
        shape[dim] = None;
    }
    Ok(vec![TypeKind::Tensor {
        shape: Some(shape),
        element,
    }])
}

/// A single input of the result's type is the result (MLIR `ConcatOp::fold`).
pub(crate) fn fold(
    ctx: &mut Context,
    op: OpId,
    _: &[Option<weir_ir::Attr>],
) -> Option<Vec<FoldResult>> {
    let [input] = ctx.operands(op) else {
        return None;
    };
    (ctx.value_type(*input) == ctx.value_type(ctx.result(op, 0)))
        .then(|| vec![FoldResult::Value(*input)])
}

pub(crate) const PATTERNS: &[Pattern] = &[Pattern {
    name: "tensor.concat-single-input",
    apply: single_input,
}];

/// A single input of another type becomes a `tensor.cast` to the result type (MLIR
/// `SingleInputConcatOp`).
fn single_input(ctx: &mut Context, op: OpId, _: &mut RewriteLog) -> bool {
    let [input] = ctx.operands(op) else {
        return false;
    };
    let input = *input;
    let ty = ctx.value_type(ctx.result(op, 0));
    if ctx.value_type(input) == ty
        || !crate::ops::are_cast_compatible(ctx, ctx.value_type(input), ty)
    {
        return false;
    }
    let cast = crate::build_cast(
        ctx,
        input,
        ty,
        ctx.loc(op),
        weir_ir::InsertPoint::Before(op),
    );
    ctx.replace_op(op, &[cast]);
    true
}

/// `dim(N) %a, %b [{attrs}] : (T, U) -> R`.
pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    weir_dialect_arith::util::parse_custom_keyword(p, state, DIM)?;
    p.expect(Tok::LParen, "(")?;
    let dim = weir_dialect_arith::util::parse_custom_integer(p, state)?;
    p.expect(Tok::RParen, ")")?;
    let inputs = p.parse_optional_operand_list()?;
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, ":")?;
    let ty = p.parse_function_type()?;
    let (types, results) = match p.ctx.type_kind(ty) {
        TypeKind::Function { inputs, results } => (inputs.clone(), results.clone()),
        _ => (Vec::new(), Vec::new()),
    };
    state.operands = p.resolve_operands(&inputs, &types)?;
    state.result_types = results;
    let i64t = p.ctx.int_type(64);
    let dim = p.ctx.int_attr(dim, i64t);
    state.set_attr(p.ctx.attr_name(DIM), dim);
    Ok(())
}

/// Whether the custom form cannot print the op (no integer `dim`, not one result).
pub(crate) fn print_generic(p: &Printer<'_>, op: OpId) -> bool {
    let ctx = p.ctx;
    !matches!(
        ctx.attr_of(op, DIM).map(|a| ctx.attr_kind(a)),
        Some(AttrKind::Integer { .. })
    ) || ctx.results(op).len() != 1
}

pub(crate) fn print(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    if let Some(AttrKind::Integer { value, .. }) = ctx.attr_of(op, DIM).map(|a| ctx.attr_kind(a)) {
        p.write(&format!(" dim({value}) "));
    }
    p.print_operands(ctx.operands(op));
    p.print_optional_attr_dict(op, &[DIM]);
    p.write(" : (");
    p.print_value_types(ctx.operands(op));
    p.write(") -> ");
    p.print_value_types(ctx.results(op));
}
