//! `scf.condition`: the terminator of an `scf.while` "before" region (MLIR `SCF_ConditionOp`).
//!
//! Syntax (MLIR 22, `` `(` $condition `)` attr-dict ($args^ `:` type($args))? ``):
//! ```mlir
//! scf.condition(%c)
//! scf.condition(%c) %a, %b : i32, f32
//! ```
//! If `%c` is true the arguments become the "after" region's block arguments, otherwise the
//! `scf.while` results. Verifier: at least one operand, the first is `i1`, the parent is
//! `scf.while`. The argument types are checked by `scf.while`.

use crate::common::ty;
use weir_ir::{
    op_error, Context, DiagResult, InsertPoint, Location, OpId, OpState, TypeKind, ValueId,
};
use weir_syntax::lexer::Tok;
use weir_syntax::{PResult, Parser, Printer};

weir_ir::op_view! {
    /// `scf.condition(%c) %args...` (MLIR `scf::ConditionOp`).
    ConditionOp = "scf.condition"
}

impl ConditionOp {
    /// The `i1` condition `%c`.
    pub fn condition(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }

    /// The forwarded values: the after region's arguments when `%c` is true, else the loop's
    /// results.
    pub fn forwarded(self, ctx: &Context) -> &[ValueId] {
        &ctx.operands(self.0)[1..]
    }
}

/// Builds `scf.condition(cond) forwarded` at `at` (the end of an `scf.while` before block).
pub fn build_condition(
    ctx: &mut Context,
    at: InsertPoint,
    cond: ValueId,
    forwarded: &[ValueId],
    loc: Location,
) -> ConditionOp {
    let mut st = OpState::new(ctx.op_name(ConditionOp::NAME), loc);
    st.operands = std::iter::once(cond)
        .chain(forwarded.iter().copied())
        .collect();
    ConditionOp(ctx.build_op(st, at))
}

pub(crate) fn verify(ctx: &Context, op: OpId) -> DiagResult<()> {
    let operands = ctx.operands(op);
    let Some(&cond) = operands.first() else {
        return Err(op_error(
            ctx,
            op,
            "expected 1 or more operands, but found 0",
        ));
    };
    let ct = ctx.value_type(cond);
    if !matches!(
        ctx.type_kind(ct),
        TypeKind::Integer {
            width: 1,
            signedness: weir_ir::Signedness::Signless
        }
    ) {
        return Err(op_error(
            ctx,
            op,
            format!(
                "operand #0 must be 1-bit signless integer, but got {}",
                ty(ctx, ct)
            ),
        ));
    }
    match ctx.parent_op(op) {
        Some(p) if ctx.is(p, "scf.while") => Ok(()),
        _ => Err(op_error(ctx, op, "expects parent op 'scf.while'")),
    }
}

pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    p.expect(Tok::LParen, "(")?;
    let cond = p.parse_operand()?;
    p.expect(Tok::RParen, ")")?;
    let i1 = p.ctx.i1();
    state.operands.push(p.resolve_operand(&cond, i1)?);
    p.parse_optional_attr_dict(state)?;
    if p.peek() == Tok::PercentId {
        let args = p.parse_operand_list()?;
        p.expect(Tok::Colon, ":")?;
        let types = p.parse_type_list_no_parens()?;
        let args = p.resolve_operands(&args, &types)?;
        state.operands.extend(args);
    }
    Ok(())
}

pub(crate) fn print(p: &mut Printer<'_>, op: OpId) {
    let operands = p.ctx.operands(op).to_vec();
    p.write("(");
    if let Some(&c) = operands.first() {
        p.print_operand(c);
    }
    p.write(")");
    p.print_optional_attr_dict(op, &[]);
    if operands.len() > 1 {
        p.write(" ");
        p.print_operands(&operands[1..]);
        p.write(" : ");
        p.print_value_types(&operands[1..]);
    }
}
