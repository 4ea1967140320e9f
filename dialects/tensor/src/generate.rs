//! `tensor.generate` and `tensor.yield` (MLIR `tensor::GenerateOp`, `tensor::YieldOp`): a
//! ranked tensor whose element at each index is computed by a body region, and the terminator
//! that yields that element (also `tensor.pad`'s).
//!
//! Syntax (MLIR 22):
//! ```mlir
//! %g = tensor.generate %n, %m {
//! ^bb0(%i: index, %j: index, %k: index):
//!   ...
//!   tensor.yield %v : f32
//! } : tensor<?x3x?xf32>
//! ```
//! The operands are the sizes of the result's `?` dimensions, outermost first; the body has one
//! block with one `index` argument per dimension. As in MLIR's custom parser, a body that does
//! not end with a terminator gets an operand-less `tensor.yield` (which then fails its
//! one-operand rule).
//!
//! Verifier (MLIR 22's order and wording): ODS (`index` operands, ranked result, one block),
//! the dynamic size count (`incorrect number of dynamic sizes, has 1, expected 2`), and after
//! the body: the terminator is a `tensor.yield`, every argument is `index` (`all body arguments
//! must be index`), one per dimension (`must have one body argument per input dimension`) and
//! the yielded value has the element type. The result type is declared (no hook): it does not
//! follow from the operands.

use crate::common::{check_index_operands, check_tensor, parse_colon_tensor_type, ranked};
use crate::common::{plain_error, TensorConstraint};
use crate::PadOp;
use weir_dialect_arith::util::{ensure_terminator, verify_counts, Arity};
use weir_ir::{op_error, BlockId, Context, DiagResult, OpId, OpState, Type, ValueId};
use weir_syntax::lexer::Tok;
use weir_syntax::{PResult, Parser, Printer};

weir_ir::op_view! {
    /// `tensor.generate` (MLIR `tensor::GenerateOp`): a ranked tensor whose elements its body
    /// computes, one index per dimension.
    GenerateOp = "tensor.generate"
}

weir_ir::op_view! {
    /// `tensor.yield` (MLIR `tensor::YieldOp`): the element of a `tensor.generate` or the
    /// padding value of a `tensor.pad`, of the parent's element type.
    YieldOp = "tensor.yield"
}

impl GenerateOp {
    /// The sizes of the result's `?` dimensions, outermost first.
    pub fn dynamic_extents(self, ctx: &Context) -> &[ValueId] {
        ctx.operands(self.0)
    }

    /// The body's only block: one `index` argument per result dimension, ending with a
    /// `tensor.yield` of the element.
    pub fn body(self, ctx: &Context) -> BlockId {
        ctx.entry_block(ctx.region(self.0, 0))
            .expect("verified body has one block")
    }

    /// The value the body yields (the element at the block arguments' index).
    pub fn yielded(self, ctx: &Context) -> ValueId {
        yielded_value(ctx, self.body(ctx))
    }

    /// The result.
    pub fn result(self, ctx: &Context) -> ValueId {
        ctx.result(self.0, 0)
    }
}

impl YieldOp {
    /// The yielded value.
    pub fn value(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }
}

/// The operand of the `tensor.yield` ending a verified body block.
pub(crate) fn yielded_value(ctx: &Context, block: BlockId) -> ValueId {
    let t = ctx
        .last_op(block)
        .expect("verified body ends with tensor.yield");
    YieldOp(t).value(ctx)
}

/// MLIR `StaticTensorGenerate`: constant extents become static sizes of the result, cast back
/// to the old type (shared with `tensor.empty`: `ops::static_extents`).
pub(crate) const PATTERNS: &[weir_ir::Pattern] = &[weir_ir::Pattern {
    name: "tensor.generate-static-extents",
    apply: crate::ops::static_extents,
}];

// ------------------------------------------------------------------------------ shared checks

/// ODS's `requires one region` / `requires one result` and `SizedRegion<1>` (`region #0
/// ('NAME') failed to verify constraint: region with 1 blocks`) of generate and pad.
pub(crate) fn check_one_region_one_result(
    ctx: &Context,
    op: OpId,
    region_name: &str,
) -> DiagResult<()> {
    if ctx.regions(op).len() != 1 {
        return Err(op_error(ctx, op, "requires one region"));
    }
    if ctx.results(op).len() != 1 {
        return Err(op_error(ctx, op, "requires one result"));
    }
    if ctx.blocks(ctx.region(op, 0)).count() != 1 {
        return Err(op_error(
            ctx,
            op,
            format!(
                "region #0 ('{region_name}') failed to verify constraint: region with 1 blocks"
            ),
        ));
    }
    Ok(())
}

/// MLIR's `SingleBlockImplicitTerminator<"tensor::YieldOp">` region check: the body block
/// (returned) ends with a `tensor.yield`.
pub(crate) fn check_yield_terminator(ctx: &Context, op: OpId) -> DiagResult<BlockId> {
    let block = ctx.entry_block(ctx.region(op, 0)).expect(
        "the op's verify checked the region has one block (it runs before the region checks)",
    );
    match ctx.last_op(block) {
        Some(t) if YieldOp::of(ctx, t).is_some() => Ok(block),
        last => {
            let found = last.map(|t| ctx.name_str(t)).unwrap_or_default();
            Err(op_error(
                ctx,
                op,
                format!(
                    "expects regions to end with '{}', found '{found}'",
                    YieldOp::NAME
                ),
            )
            .with_note(
                ctx.loc(op),
                format!(
                    "in custom textual format, the absence of terminator implies '{}'",
                    YieldOp::NAME
                ),
            ))
        }
    }
}

/// The region `{ ... }` of generate and pad, with MLIR's implicit `tensor.yield` when the
/// block does not end with a terminator.
pub(crate) fn parse_body(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let region = p.parse_region(&[])?;
    ensure_terminator(p.ctx, region, YieldOp::NAME, &state.loc);
    state.regions.push(region);
    Ok(())
}

/// Prints the body with its block arguments (an operand-less `tensor.yield` is elided).
pub(crate) fn print_body(p: &mut Printer<'_>, op: OpId) {
    if let Some(&r) = p.ctx.regions(op).first() {
        p.print_region(r, true, Some(YieldOp::NAME));
    }
}

// ------------------------------------------------------------------------------ tensor.generate

pub(crate) fn verify_generate(ctx: &Context, op: OpId) -> DiagResult<()> {
    check_index_operands(ctx, op, 0, true)?;
    check_one_region_one_result(ctx, op, "body")?;
    let ty = ctx.value_type(ctx.result(op, 0));
    check_tensor(ctx, op, TensorConstraint::Ranked, "result", 0, ty)?;
    crate::ops::verify_dynamic_sizes(ctx, op, ctx.operands(op).len(), ty)
}

/// MLIR `GenerateOp::verifyRegions` (after the body's ops are verified).
pub(crate) fn verify_generate_regions(ctx: &Context, op: OpId) -> DiagResult<()> {
    let block = check_yield_terminator(ctx, op)?;
    let (element, dims) = ranked(ctx, ctx.value_type(ctx.result(op, 0))).expect(
        "verify_generate (run before verify_regions) checked the result is a ranked tensor",
    );
    let args = ctx.block_args(block);
    if args.iter().any(|&a| !is_index(ctx, ctx.value_type(a))) {
        return Err(plain_error(ctx, op, "all body arguments must be index"));
    }
    if args.len() != dims.len() {
        return Err(plain_error(
            ctx,
            op,
            "must have one body argument per input dimension",
        ));
    }
    if ctx.value_type(yielded_value(ctx, block)) != element {
        return Err(op_error(
            ctx,
            op,
            "body must be terminated with a `yield` operation of the tensor element type",
        ));
    }
    Ok(())
}

/// Whether `ty` is `index`.
pub(crate) fn is_index(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_kind(ty), weir_ir::TypeKind::Index)
}

/// `%g = tensor.generate %n, %m { body } [{attrs}] : T`.
pub(crate) fn parse_generate(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let extents = p.parse_optional_operand_list()?;
    parse_body(p, state)?;
    p.parse_optional_attr_dict(state)?;
    let ty = parse_colon_tensor_type(p, state, true)?;
    let index = p.ctx.index_type();
    state.operands = p.resolve_operands(&extents, &vec![index; extents.len()])?;
    state.result_types.push(ty);
    Ok(())
}

/// mlir-opt's form, two spaces before the body when there are no extents.
pub(crate) fn print_generate(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_operands(ctx.operands(op));
    p.write(" ");
    print_body(p, op);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_value_types(ctx.results(op));
}

/// Whether the custom form cannot print the op (it prints one result and one region).
pub(crate) fn print_generate_generic(p: &Printer<'_>, op: OpId) -> bool {
    p.ctx.results(op).len() != 1 || p.ctx.regions(op).len() != 1
}

// ------------------------------------------------------------------------------ tensor.yield

/// ODS of `tensor.yield`: one operand, no results, and `HasParent<"GenerateOp, PadOp">`
/// (`expects parent op to be one of 'tensor.generate, tensor.pad'`). The operand's type is
/// checked by the parent (after its body is verified).
pub(crate) fn verify_yield(ctx: &Context, op: OpId) -> DiagResult<()> {
    verify_counts(ctx, op, 0, Arity::Exactly(0), Arity::Exactly(1))?;
    let parent_ok = ctx
        .parent_op(op)
        .is_some_and(|p| GenerateOp::of(ctx, p).is_some() || PadOp::of(ctx, p).is_some());
    if !parent_ok {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects parent op to be one of '{}, {}'",
                GenerateOp::NAME,
                PadOp::NAME
            ),
        ));
    }
    Ok(())
}

/// `tensor.yield %v [{attrs}] : T`.
pub(crate) fn parse_yield(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let v = p.parse_operand()?;
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, ":")?;
    let ty = p.parse_type()?;
    state.operands.push(p.resolve_operand(&v, ty)?);
    Ok(())
}

pub(crate) fn print_yield(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_operands(ctx.operands(op));
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_value_types(ctx.operands(op));
}

/// Whether the custom form cannot print the yield (it prints exactly one operand).
pub(crate) fn print_yield_generic(p: &Printer<'_>, op: OpId) -> bool {
    p.ctx.operands(op).len() != 1
}
