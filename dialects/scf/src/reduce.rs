//! `scf.reduce` and `scf.reduce.return` (MLIR `SCF_ReduceOp`, `SCF_ReduceReturnOp`).
//!
//! Syntax (MLIR 22: `(`(` $operands `:` type($operands) `)`)? $reductions attr-dict` and
//! `$result attr-dict : type($result)`):
//! ```mlir
//! scf.reduce(%a, %b : i64, f32) {
//! ^bb0(%lhs: i64, %rhs: i64):
//!   %s = arith.addi %lhs, %rhs : i64
//!   scf.reduce.return %s : i64
//! }, {
//! ^bb0(%lhs: f32, %rhs: f32):
//!   %p = arith.mulf %lhs, %rhs : f32
//!   scf.reduce.return %p : f32
//! }
//! scf.reduce
//! ```
//! `scf.reduce` terminates the body of an `scf.parallel`: operand `i` is the iteration's value
//! of reduction `i`, region `i` (one block with arguments `(lhs, rhs)` of that value's type,
//! ending with `scf.reduce.return` of one value of that type) combines two such values. Without
//! reductions it has no operands and no regions; the printer then writes `scf.reduce ` (with
//! the trailing space 22 prints), and an attribute dictionary as `scf.reduce  {attrs}`, which is
//! 22's output but reads back in neither tool (a `{` there starts a region).
//!
//! Verifier: MLIR 22's checks, wording and order. `scf.reduce` before its nested ops: no
//! results, parent `scf.parallel`, one block per region; after them (22's `verifyRegions`):
//! one region per operand, two block arguments of the operand's type, `scf.reduce.return` as
//! the terminator. `scf.reduce.return`: one operand, parent `scf.reduce`, of the type of the
//! block's arguments. The types of the operands against the parallel loop's results are checked
//! by `scf.parallel`.

use crate::common::{self, ty};
use weir_ir::{op_error, BlockId, Context, DiagResult, OpId, OpState, ValueId};
use weir_syntax::lexer::Tok;
use weir_syntax::{PResult, Parser, Printer};

weir_ir::op_view! {
    /// `scf.reduce(%v... : T...) { reduction }...` (MLIR `scf::ReduceOp`): the terminator of an
    /// `scf.parallel` body; operand `i` is combined by region `i`.
    ReduceOp = "scf.reduce"
}

impl ReduceOp {
    /// The iteration's values, one per reduction.
    pub fn operands(self, ctx: &Context) -> &[ValueId] {
        ctx.operands(self.0)
    }

    /// The block of reduction region `i`: arguments `(lhs, rhs)`, ending with
    /// `scf.reduce.return`.
    pub fn reduction_block(self, ctx: &Context, i: usize) -> BlockId {
        ctx.entry_block(ctx.region(self.0, i))
            .expect("verified scf.reduce has one block per reduction")
    }

    /// The `scf.reduce.return` ending reduction region `i`.
    pub fn reduction_return(self, ctx: &Context, i: usize) -> ReduceReturnOp {
        let last = ctx
            .last_op(self.reduction_block(ctx, i))
            .expect("a verified reduction ends with scf.reduce.return");
        ReduceReturnOp::of(ctx, last).expect("verified reduction ends with scf.reduce.return")
    }
}

weir_ir::op_view! {
    /// `scf.reduce.return %v : T` (MLIR `scf::ReduceReturnOp`): the combined value.
    ReduceReturnOp = "scf.reduce.return"
}

impl ReduceReturnOp {
    /// The combined value.
    pub fn value(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }
}

/// The checks of `scf.reduce` that MLIR 22 runs before the nested ops (traits `ZeroResults`,
/// `HasParent<"ParallelOp">`, then the ODS region constraints).
pub(crate) fn verify(ctx: &Context, op: OpId) -> DiagResult<()> {
    if !ctx.results(op).is_empty() {
        return Err(op_error(ctx, op, "requires zero results"));
    }
    if !ctx.parent_op(op).is_some_and(|p| ctx.is(p, "scf.parallel")) {
        return Err(op_error(ctx, op, "expects parent op 'scf.parallel'"));
    }
    for i in 0..ctx.regions(op).len() {
        common::expect_one_block(ctx, op, i, "reductions")?;
    }
    Ok(())
}

/// The checks of `scf.reduce` that MLIR 22 runs after the nested ops (`ReduceOp::verifyRegions`);
/// `verify` has passed.
pub(crate) fn verify_regions(ctx: &Context, op: OpId) -> DiagResult<()> {
    let (operands, regions) = (ctx.operands(op), ctx.regions(op));
    if operands.len() != regions.len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects number of reduction regions: {} to be the same as number of reduction operands: {}",
                regions.len(),
                operands.len()
            ),
        ));
    }
    for (i, (&v, &r)) in operands.iter().zip(regions).enumerate() {
        let t = ctx.value_type(v);
        let block = ctx
            .entry_block(r)
            .expect("verify checked each region has one block (it runs before verify_regions)");
        let args = ctx.block_args(block);
        if args.len() != 2 || args.iter().any(|&a| ctx.value_type(a) != t) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expected two block arguments with type {} in the {i}-th reduction region",
                    ty(ctx, t)
                ),
            ));
        }
        if !ctx
            .last_op(block)
            .is_some_and(|t| ctx.is(t, "scf.reduce.return"))
        {
            return Err(op_error(
                ctx,
                op,
                "reduction bodies must be terminated with an 'scf.reduce.return' op",
            ));
        }
    }
    Ok(())
}

/// The checks of `scf.reduce.return` (trait `OneOperand`, `HasParent<"ReduceOp">`,
/// `ReduceReturnOp::verify`). A block without arguments is left to the parent's region check
/// (22 crashes on it).
pub(crate) fn verify_return(ctx: &Context, op: OpId) -> DiagResult<()> {
    if ctx.operands(op).len() != 1 {
        return Err(op_error(ctx, op, "requires a single operand"));
    }
    if !ctx.parent_op(op).is_some_and(|p| ctx.is(p, "scf.reduce")) {
        return Err(op_error(ctx, op, "expects parent op 'scf.reduce'"));
    }
    let block = ctx
        .op_block(op)
        .expect("checked above: the op has a parent op, so it is in a block");
    if let Some(&lhs) = ctx.block_args(block).first() {
        let (want, got) = (ctx.value_type(lhs), ctx.value_type(ctx.operand(op, 0)));
        if want != got {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "must have type {} (the type of the reduction inputs)",
                    ty(ctx, want)
                ),
            ));
        }
    }
    Ok(())
}

pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    if p.consume_if(Tok::LParen) {
        let operands = p.parse_operand_list()?;
        p.expect(Tok::Colon, ":")?;
        let types = p.parse_type_list_no_parens()?;
        p.expect(Tok::RParen, ")")?;
        state.operands = p.resolve_operands(&operands, &types)?;
    }
    if p.peek() == Tok::LBrace {
        loop {
            state.regions.push(p.parse_region(&[])?);
            if !p.consume_if(Tok::Comma) {
                break;
            }
        }
    }
    p.parse_optional_attr_dict(state)
}

pub(crate) fn print(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    let operands = ctx.operands(op).to_vec();
    if !operands.is_empty() {
        p.write("(");
        p.print_operands(&operands);
        p.write(" : ");
        p.print_value_types(&operands);
        p.write(")");
    }
    p.write(" ");
    for (i, &r) in ctx.regions(op).iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_region(r, true, None);
    }
    p.print_optional_attr_dict(op, &[]);
}

pub(crate) fn parse_return(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let operand = p.parse_operand()?;
    p.parse_optional_attr_dict(state)?;
    let t = p.parse_colon_type()?;
    let v = p.resolve_operand(&operand, t)?;
    state.operands.push(v);
    Ok(())
}

pub(crate) fn print_return(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    let operands = ctx.operands(op).to_vec();
    p.write(" ");
    p.print_operands(&operands);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    p.print_value_types(&operands);
}
