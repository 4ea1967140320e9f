//! `scf.yield`: the terminator of `scf.if`, `scf.for`, `scf.while` ("after" region),
//! `scf.index_switch` and `scf.execute_region` regions (MLIR `SCF_YieldOp`).
//!
//! Syntax (MLIR 22, `attr-dict ($results^ : type($results))?`, attributes first):
//! ```mlir
//! scf.yield
//! scf.yield %a, %b : i32, f32
//! scf.yield {tag} %a : i32
//! ```
//! Verifier: the parent is one of the five ops above. Whether the operands match what the parent
//! expects is checked by the parent (as MLIR's region-branch verifier does).

use weir_ir::{
    op_error, BlockId, Context, DiagResult, InsertPoint, Location, OpId, OpState, ValueId,
};
use weir_syntax::lexer::Tok;
use weir_syntax::{PResult, Parser, Printer};

weir_ir::op_view! {
    /// `scf.yield` (MLIR `scf::YieldOp`): the values a region of its parent produces.
    YieldOp = "scf.yield"
}

impl YieldOp {
    /// The yielded values.
    pub fn values(self, ctx: &Context) -> &[ValueId] {
        ctx.operands(self.0)
    }

    /// The `scf.yield` ending `block`, if its last op is one.
    pub fn ending(ctx: &Context, block: BlockId) -> Option<YieldOp> {
        YieldOp::of(ctx, ctx.last_op(block)?)
    }
}

/// Builds `scf.yield values` at `at` (e.g. `InsertPoint::End(body)`).
pub fn build_yield(
    ctx: &mut Context,
    at: InsertPoint,
    values: &[ValueId],
    loc: Location,
) -> YieldOp {
    let mut st = OpState::new(ctx.op_name(YieldOp::NAME), loc);
    st.operands = values.to_vec();
    YieldOp(ctx.build_op(st, at))
}

/// The ops whose regions `scf.yield` may terminate, sorted as MLIR's message lists them.
pub(crate) const PARENTS: [&str; 5] = [
    "scf.execute_region",
    "scf.for",
    "scf.if",
    "scf.index_switch",
    "scf.while",
];

pub(crate) fn verify(ctx: &Context, op: OpId) -> DiagResult<()> {
    match ctx.parent_op(op) {
        Some(p) if PARENTS.iter().any(|&n| ctx.is(p, n)) => Ok(()),
        _ => Err(op_error(
            ctx,
            op,
            format!("expects parent op to be one of '{}'", PARENTS.join(", ")),
        )),
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
