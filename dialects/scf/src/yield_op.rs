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

use weir_ir::{op_error, Context, DiagResult, OpId, OpState};
use weir_syntax::lexer::Tok;
use weir_syntax::{PResult, Parser, Printer};

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
