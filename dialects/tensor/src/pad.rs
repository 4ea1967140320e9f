//! `tensor.pad` (MLIR `tensor::PadOp`): a ranked tensor grown (or, with negative amounts,
//! cut) by `low[i]` elements before and `high[i]` after each dimension `i`, the new elements
//! being the value the body yields.
//!
//! Syntax (MLIR 22):
//! ```mlir
//! %p = tensor.pad %t nofold low[1, %a] high[2, 0] {
//! ^bb0(%i: index, %j: index):
//!   tensor.yield %cst : f32
//! } : tensor<?x4xf32> to tensor<?x9xf32>
//! ```
//! `low`/`high` are mixed lists (`mixed.rs`) stored in `static_low`/`static_high`
//! (`array<i64: ...>`, [`DYNAMIC`] where an `index` operand stands) with
//! `operandSegmentSizes = [1, low, high]`; `nofold` is a unit attribute.
//!
//! Verifier (MLIR 22's order and wording): ODS (the static arrays, operand segments, ranked
//! source and result, `index` paddings, one block); the result type against the inferred one
//! (`source + low + high` where all three are static, `?` otherwise): the same rank, and every
//! inferred static size equal (a declared static size where the inferred one is `?` is
//! accepted, a declared `?` where it is static is not: `specified type 'tensor<7x?xf32>' does not
//! match the inferred type 'tensor<7x8xf32>'`); after the body: a `tensor.yield` terminator, one
//! `index` block argument per dimension, the yielded value of the result's element type.
//! Two checks are Weir's own, where mlir-opt 22 accepts the op and then silently drops
//! operands (or crashes): the number of dynamic entries of each list must equal its operands
//! (`expected the number of 'low' to match the number of dynamic entries in 'static_low' (1 vs
//! 0)`, the message of the slice ops' lists), and the source segment must be one operand.
//!
//! Folds (MLIR `PadOp::fold`): a static result type equal to the source's, without `nofold`,
//! is the source. Pattern (MLIR `FoldStaticZeroPadding`): all paddings constant 0 (static or
//! constant operands), without `nofold`: a `tensor.cast` of the source to the result type.
//! Pattern (MLIR `FoldStaticPadding`): constant paddings that make a `?` of the result static
//! become static entries, the more static result cast back to the old type.

use crate::common::{
    check_dynamic_entries, check_index_operands, check_tensor, i64_array, operand_segments,
    parse_colon_tensor_type, parse_tensor_type, plain_error, ranked, required_i64_array,
    segment_sizes_attr, TensorConstraint, DYNAMIC, OPERAND_SEGMENT_SIZES,
};
use crate::generate::{
    check_one_region_one_result, check_yield_terminator, is_index, parse_body, print_body,
    yielded_value,
};
use crate::mixed;
use weir_dialect_arith::util::parse_custom_keyword;
use weir_ir::interfaces::infer_types::{operand_type, InferInput};
use weir_ir::{
    op_error, Attr, BlockId, Context, DiagResult, Diagnostic, FoldResult, OpId, OpState, Pattern,
    RewriteLog, Type, TypeKind, ValueId,
};
use weir_syntax::{type_to_string, PResult, Parser, Printer};

/// The name of the static low paddings attribute.
pub const STATIC_LOW: &str = "static_low";
/// The name of the static high paddings attribute.
pub const STATIC_HIGH: &str = "static_high";
/// The name of the unit attribute that keeps a no-op pad from folding.
pub const NOFOLD: &str = "nofold";

weir_ir::op_view! {
    /// `tensor.pad` (MLIR `tensor::PadOp`).
    PadOp = "tensor.pad"
}

impl PadOp {
    /// The padded tensor (ranked).
    pub fn source(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }

    /// The paddings before each dimension: static ones as `Ok(n)` (possibly negative),
    /// dynamic ones as `Err(value)` (an `index`).
    pub fn low(self, ctx: &Context) -> Vec<Result<i64, ValueId>> {
        self.list(ctx, 0)
    }

    /// The paddings after each dimension, as [`PadOp::low`].
    pub fn high(self, ctx: &Context) -> Vec<Result<i64, ValueId>> {
        self.list(ctx, 1)
    }

    fn list(self, ctx: &Context, which: usize) -> Vec<Result<i64, ValueId>> {
        let segments = operand_segments(ctx, self.0, 3).expect("verified operand segments");
        let start = 1 + segments[1..1 + which].iter().sum::<usize>();
        let values = &ctx.operands(self.0)[start..start + segments[1 + which]];
        let name = [STATIC_LOW, STATIC_HIGH][which];
        let statics = mixed::statics(ctx, self.0, name).expect("verified static list");
        mixed::entries(&statics, values)
    }

    /// Whether `nofold` is set (the pad is kept even when it adds nothing).
    pub fn is_nofold(self, ctx: &Context) -> bool {
        ctx.attr_of(self.0, NOFOLD).is_some()
    }

    /// The body's only block: one `index` argument per dimension, ending with a
    /// `tensor.yield` of the padding value.
    pub fn body(self, ctx: &Context) -> BlockId {
        ctx.entry_block(ctx.region(self.0, 0))
            .expect("verified body has one block")
    }

    /// The padding value the body yields.
    pub fn padding_value(self, ctx: &Context) -> ValueId {
        yielded_value(ctx, self.body(ctx))
    }

    /// The result.
    pub fn result(self, ctx: &Context) -> ValueId {
        ctx.result(self.0, 0)
    }
}

/// MLIR `PadOp::inferResultType`: per dimension `source + low + high` when all three are
/// static (possibly negative on invalid input), `None` (`?`) otherwise. `None` overall when a
/// list's length is not the source's rank.
fn inferred_sizes(source: &[weir_ir::Dim], low: &[i64], high: &[i64]) -> Option<Vec<Option<i128>>> {
    if low.len() != source.len() || high.len() != source.len() {
        return None;
    }
    let sizes = source
        .iter()
        .zip(low.iter().zip(high))
        .map(|(&d, (&l, &h))| {
            let d = d?;
            (l != DYNAMIC && h != DYNAMIC).then(|| i128::from(d) + i128::from(l) + i128::from(h))
        })
        .collect();
    Some(sizes)
}

/// `'tensor<7x?xf32>'` for sizes that may be negative (MLIR prints the inferred type as is).
fn quoted_sizes(ctx: &Context, sizes: &[Option<i128>], element: Type) -> String {
    let mut s = String::from("'tensor<");
    for d in sizes {
        match d {
            Some(n) => s.push_str(&n.to_string()),
            None => s.push('?'),
        }
        s.push('x');
    }
    s.push_str(&type_to_string(ctx, element));
    s.push_str(">'");
    s
}

pub(crate) fn verify(ctx: &Context, op: OpId) -> DiagResult<()> {
    let low = required_i64_array(ctx, op, STATIC_LOW)?;
    let high = required_i64_array(ctx, op, STATIC_HIGH)?;
    let segments = operand_segments(ctx, op, 3)?;
    if segments[0] != 1 {
        return Err(op_error(ctx, op, "requires exactly one 'source' operand"));
    }
    let source = ctx.value_type(ctx.operand(op, 0));
    check_tensor(ctx, op, TensorConstraint::Ranked, "operand", 0, source)?;
    check_index_operands(ctx, op, 1, true)?;
    check_one_region_one_result(ctx, op, "region")?;
    let result = ctx.value_type(ctx.result(op, 0));
    check_tensor(ctx, op, TensorConstraint::Ranked, "result", 0, result)?;
    check_dynamic_entries(ctx, op, "low", STATIC_LOW, &low, segments[1])?;
    check_dynamic_entries(ctx, op, "high", STATIC_HIGH, &high, segments[2])?;
    let (element, src_dims) =
        ranked(ctx, source).expect("check_tensor above: operand 0 is a ranked tensor");
    let (_, res_dims) =
        ranked(ctx, result).expect("check_tensor above: the result is a ranked tensor");
    let Some(expected) = inferred_sizes(src_dims, &low, &high) else {
        return Err(plain_error(
            ctx,
            op,
            format!(
                "failed to infer expectedType from sourceType '{}', specified resultType is '{}'",
                type_to_string(ctx, source),
                type_to_string(ctx, result)
            ),
        ));
    };
    let agrees = res_dims.len() == expected.len()
        && res_dims
            .iter()
            .zip(&expected)
            .all(|(&r, &e)| e.is_none() || r.map(i128::from) == e);
    if !agrees {
        return Err(plain_error(
            ctx,
            op,
            format!(
                "specified type '{}' does not match the inferred type {}",
                type_to_string(ctx, result),
                quoted_sizes(ctx, &expected, element)
            ),
        ));
    }
    Ok(())
}

/// MLIR `PadOp::verifyRegions` (after the body's ops are verified).
pub(crate) fn verify_regions(ctx: &Context, op: OpId) -> DiagResult<()> {
    let block = check_yield_terminator(ctx, op)?;
    let (element, dims) = ranked(ctx, ctx.value_type(ctx.result(op, 0)))
        .expect("verify (run before verify_regions) checked the result is a ranked tensor");
    let args = ctx.block_args(block);
    if args.len() != dims.len() {
        return Err(plain_error(
            ctx,
            op,
            format!("expected the block to have {} arguments", dims.len()),
        ));
    }
    if let Some(i) = args.iter().position(|&a| !is_index(ctx, ctx.value_type(a))) {
        return Err(op_error(
            ctx,
            op,
            format!("expected block argument {} to be an index", i + 1),
        ));
    }
    if ctx.value_type(yielded_value(ctx, block)) != element {
        return Err(op_error(
            ctx,
            op,
            "expected yield type to match shape element type",
        ));
    }
    Ok(())
}

/// The most specific result the operands imply (MLIR `PadOp::inferResultType`): the sum of
/// source, low and high where all three are static, `?` otherwise; for an unranked source
/// (mid-inference) the rank of the static lists, all `?`. Errors on invalid operands: lists
/// whose lengths differ from each other or from the source's rank, or a negative padded size.
pub(crate) fn infer_shaped(ctx: &Context, input: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    let fail = |m: &str| Diagnostic::error(input.loc.clone(), format!("'{}' op {m}", input.name));
    let list = |name: &str| {
        input
            .attr(ctx, name)
            .and_then(|a| crate::common::read_i64_array(ctx, a))
            .ok_or_else(|| fail(&format!("requires attribute '{name}'")))
    };
    let (mut low, mut high) = (list(STATIC_LOW)?, list(STATIC_HIGH)?);
    // Dynamic amounts (operands after the source, low's then high's) that are known count as
    // static here (`weir_dialect_tensor::known_size`).
    let mut dynamic = input.operands.get(1..).unwrap_or(&[]).iter();
    for entry in low.iter_mut().chain(high.iter_mut()) {
        if *entry == DYNAMIC {
            let known = dynamic.next().and_then(|&v| crate::ops::known_size(ctx, v));
            if let Some(n) = known.and_then(|n| i64::try_from(n).ok()) {
                *entry = n;
            }
        }
    }
    let TypeKind::Tensor { element, shape } = operand_type(ctx, input, 0)? else {
        return Err(fail("expected a tensor source"));
    };
    let source = shape.unwrap_or_else(|| vec![None; low.len()]);
    let sizes = inferred_sizes(&source, &low, &high)
        .ok_or_else(|| fail("expected one low and one high padding per source dimension"))?;
    let shape = sizes
        .into_iter()
        .map(|s| match s {
            Some(n) => u64::try_from(n)
                .map(Some)
                .map_err(|_| fail(&format!("padded size {n} is negative"))),
            None => Ok(None),
        })
        .collect::<DiagResult<Vec<_>>>()?;
    Ok(vec![TypeKind::Tensor {
        shape: Some(shape),
        element,
    }])
}

/// MLIR `PadOp::fold`: a static result type equal to the source's, without `nofold`: the
/// source.
pub(crate) fn fold(ctx: &mut Context, op: OpId, _: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let src = ctx.operand(op, 0);
    let ty = ctx.value_type(src);
    let (_, dims) = ranked(ctx, ty)?;
    let foldable = ty == ctx.value_type(ctx.result(op, 0))
        && dims.iter().all(Option::is_some)
        && ctx.attr_of(op, NOFOLD).is_none();
    foldable.then(|| vec![FoldResult::Value(src)])
}

pub(crate) const PATTERNS: &[Pattern] = &[
    Pattern {
        name: "tensor.pad-static-zero-padding",
        apply: static_zero_padding,
    },
    Pattern {
        name: "tensor.pad-static-padding",
        apply: static_padding,
    },
];

/// MLIR `FoldStaticPadding`: constant low and high operands (of any sign) become static
/// entries when that makes a `?` of the result static (`source + low + high`); the result
/// gets that type and a `tensor.cast` back to the old one (`nofold` or not). A padded size
/// that would be negative leaves the op (mlir-opt 22 then builds an invalid type).
fn static_padding(ctx: &mut Context, op: OpId, _: &mut RewriteLog) -> bool {
    let Ok(segments) = operand_segments(ctx, op, 3) else {
        return false;
    };
    let (src, old) = (ctx.operand(op, 0), ctx.value_type(ctx.result(op, 0)));
    let (Some((_, source)), Some((element, dims))) =
        (ranked(ctx, ctx.value_type(src)), ranked(ctx, old))
    else {
        return false;
    };
    let mut lists = Vec::with_capacity(2);
    let mut start = 1;
    for (i, name) in [STATIC_LOW, STATIC_HIGH].into_iter().enumerate() {
        let (Some(statics), Some(values)) = (
            mixed::statics(ctx, op, name),
            ctx.operands(op).get(start..start + segments[1 + i]),
        ) else {
            return false;
        };
        start += segments[1 + i];
        lists.push(
            mixed::fold_constants(ctx, &statics, values, |_| true)
                .unwrap_or_else(|| (statics, values.to_vec())),
        );
    }
    let Some(sizes) = inferred_sizes(source, &lists[0].0, &lists[1].0) else {
        return false;
    };
    let new_dims: Option<Vec<weir_ir::Dim>> = dims
        .iter()
        .zip(&sizes)
        .map(|(&d, &s)| match (d, s) {
            (None, Some(n)) => u64::try_from(n).ok().map(Some),
            _ => Some(d),
        })
        .collect();
    let Some(new_dims) = new_dims.filter(|n| n != dims) else {
        return false;
    };
    let ty = ctx.intern_type(TypeKind::Tensor {
        shape: Some(new_dims),
        element,
    });
    let mut operands = vec![src];
    for ((statics, kept), name) in lists.iter().zip([STATIC_LOW, STATIC_HIGH]) {
        operands.extend(kept);
        let a = i64_array(ctx, statics);
        ctx.set_attr(op, name, a);
    }
    let a = segment_sizes_attr(ctx, &[1, lists[0].1.len(), lists[1].1.len()]);
    ctx.set_attr(op, OPERAND_SEGMENT_SIZES, a);
    ctx.set_operands(op, operands);
    crate::ops::retype_result(ctx, op, ty);
    true
}

/// MLIR `FoldStaticZeroPadding`: every low and high padding a constant 0 (static, or a
/// constant operand) and no `nofold`: the source, cast to the result type (the source
/// itself when the types are equal).
fn static_zero_padding(ctx: &mut Context, op: OpId, _: &mut RewriteLog) -> bool {
    let Some(pad) = PadOp::of(ctx, op) else {
        return false;
    };
    if pad.is_nofold(ctx) || operand_segments(ctx, op, 3).is_err() {
        return false;
    }
    let zero = |e: &Result<i64, ValueId>| match *e {
        Ok(n) => n == 0,
        Err(v) => weir_dialect_arith::constant_int_value(ctx, v) == Some(0),
    };
    if !pad.low(ctx).iter().chain(&pad.high(ctx)).all(zero) {
        return false;
    }
    let (src, ty) = (pad.source(ctx), ctx.value_type(pad.result(ctx)));
    let replacement = if ctx.value_type(src) == ty {
        src
    } else {
        let loc = ctx.loc(op);
        crate::build_cast(ctx, src, ty, loc, weir_ir::InsertPoint::Before(op))
    };
    ctx.replace_op(op, &[replacement]);
    true
}

/// `%t [nofold] low[..] high[..] { body } [{attrs}] : S to T`.
pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let src = p.parse_operand()?;
    if p.parse_optional_keyword(NOFOLD) {
        let u = p.ctx.unit_attr();
        state.set_attr(p.ctx.attr_name(NOFOLD), u);
    }
    parse_custom_keyword(p, state, "low")?;
    let (low, static_low) = mixed::parse(p)?;
    parse_custom_keyword(p, state, "high")?;
    let (high, static_high) = mixed::parse(p)?;
    parse_body(p, state)?;
    p.parse_optional_attr_dict(state)?;
    let from = parse_colon_tensor_type(p, state, true)?;
    parse_custom_keyword(p, state, "to")?;
    let to = parse_tensor_type(p, state, true)?;
    state.operands.push(p.resolve_operand(&src, from)?);
    let index = p.ctx.index_type();
    for (operands, statics, name) in [
        (&low, static_low, STATIC_LOW),
        (&high, static_high, STATIC_HIGH),
    ] {
        let values = p.resolve_operands(operands, &vec![index; operands.len()])?;
        state.operands.extend(values);
        let a = i64_array(p.ctx, &statics);
        state.set_attr(p.ctx.attr_name(name), a);
    }
    let a = segment_sizes_attr(p.ctx, &[1, low.len(), high.len()]);
    state.set_attr(p.ctx.attr_name(OPERAND_SEGMENT_SIZES), a);
    state.result_types.push(to);
    Ok(())
}

/// Whether the custom form cannot print the op: not one result and one region, or operand
/// segments or static lists that do not fit its operands.
pub(crate) fn print_generic(p: &Printer<'_>, op: OpId) -> bool {
    let ctx = p.ctx;
    let Ok(segments) = operand_segments(ctx, op, 3) else {
        return true;
    };
    ctx.results(op).len() != 1
        || ctx.regions(op).len() != 1
        || segments[0] != 1
        || [STATIC_LOW, STATIC_HIGH]
            .iter()
            .enumerate()
            .any(|(i, name)| {
                !mixed::printable(mixed::statics(ctx, op, name).as_deref(), segments[1 + i])
            })
}

pub(crate) fn print(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_operand(ctx.operand(op, 0));
    if ctx.attr_of(op, NOFOLD).is_some() {
        p.write(" nofold");
    }
    let mut start = 1;
    for (word, name) in [(" low", STATIC_LOW), (" high", STATIC_HIGH)] {
        p.write(word);
        let statics = mixed::statics(ctx, op, name).unwrap_or_default();
        let n = statics.iter().filter(|&&s| s == DYNAMIC).count();
        mixed::print(p, &statics, &ctx.operands(op)[start..start + n]);
        start += n;
    }
    p.write(" ");
    print_body(p, op);
    p.print_optional_attr_dict(
        op,
        &[STATIC_LOW, STATIC_HIGH, OPERAND_SEGMENT_SIZES, NOFOLD],
    );
    p.write(" : ");
    p.print_type(ctx.value_type(ctx.operand(op, 0)));
    p.write(" to ");
    p.print_value_types(ctx.results(op));
}
