//! `weir.yield %cond, %v... : i1, T...`: the terminator of a `weir.loop` body. Its operands
//! (the new condition, then the new carried values) are checked by the `weir.loop` verifier,
//! which reports mismatches at the yield.

use weir_ir::{op_error, Context, DiagResult, OpId, OpState, ValueId};
use weir_syntax::lexer::Tok;
use weir_syntax::{PResult, Parser, Printer};

weir_ir::op_view! {
    /// `weir.yield %cond, %v...`: the terminator of a `weir.loop` body.
    YieldOp = "weir.yield"
}

impl YieldOp {
    /// The next trip's condition.
    pub fn condition(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }

    /// The next trip's carried values (the results after the last trip).
    pub fn values(self, ctx: &Context) -> &[ValueId] {
        &ctx.operands(self.0)[1..]
    }
}

pub(crate) fn verify(ctx: &Context, op: OpId) -> DiagResult<()> {
    match ctx.parent_op(op) {
        Some(p) if crate::LoopOp::of(ctx, p).is_some() => Ok(()),
        _ => Err(op_error(ctx, op, "expects parent op 'weir.loop'")),
    }
}

pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    p.parse_optional_attr_dict(state)?;
    if p.peek() == Tok::PercentId {
        let operands = p.parse_operand_list()?;
        p.expect(Tok::Colon, ":")?;
        let types = p.parse_type_list_no_parens()?;
        state.operands = p.resolve_operands(&operands, &types)?;
    }
    Ok(())
}

pub(crate) fn print(p: &mut Printer<'_>, op: OpId) {
    p.print_optional_attr_dict(op, &[]);
    let operands = p.ctx.operands(op).to_vec();
    if !operands.is_empty() {
        p.write(" ");
        p.print_operands(&operands);
        p.write(" : ");
        p.print_value_types(&operands);
    }
}
