//! The extended-result integer ops of MLIR's arith dialect (`ArithOps.td`, `ArithOps.cpp`):
//!
//! | op | custom syntax | results |
//! |---|---|---|
//! | `arith.addui_extended` | `%0:2 = arith.addui_extended %a, %b : i32, i1` | `a + b` (wrapping) and its unsigned carry |
//! | `arith.mului_extended` | `%0:2 = arith.mului_extended %a, %b : i32` | low and high halves of the unsigned `2N`-bit product |
//! | `arith.mulsi_extended` | `%0:2 = arith.mulsi_extended %a, %b : i32` | low and high halves of the signed `2N`-bit product |
//!
//! Operands and the value results are signless integers or `index` (or tensors/vectors of
//! them) of one type; the carry is `i1` of the same shape. The verifier checks, in MLIR's order
//! and with its messages: region, result and operand counts, the type constraints, that
//! `{lhs, rhs, sum}` (`{lhs, rhs, low, high}`) have one type, then the `Elementwise` shape rules.
//!
//! Folding (scalars up to 64 bits): both operands constant; every result on `i0` (0, no carry); `addui_extended x, 0 -> x, false`;
//! `mului_extended x, 0` and `mulsi_extended x, 0 -> 0, 0`; `mului_extended x, 1 -> x, 0`.
//! Patterns: constants move to the right (the ops are commutative); an op whose carry/high result
//! is unused becomes `addi`/`muli`; `mulsi_extended x, 1 -> x, extsi(cmpi slt, x, 0)` (not on
//! `i1`, where the constant 1 is -1). Weir prints the results as `%0:2` (mlir-opt 22 names them
//! `%sum, %overflow` / `%low, %high`; both spellings parse in either tool).

use crate::fold::{int_constant_bits, is_i0, mask, scalar_int_width};
use crate::predicates::CmpIPredicate;
use crate::semantics::{CastOp, IntBinaryOp};
use crate::util::{check_type, verify_elementwise_shapes, Constraint};
use weir_ir::{
    op_error, Attr, Context, DiagResult, FoldResult, InsertPoint, OpDef, OpId, OpState, Pattern,
    RewriteLog, Traits, ValueId,
};
use weir_syntax::lexer::Tok;
use weir_syntax::{OpSyntax, PResult, Parser, Printer, Syntax};

/// The three ops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExtendedOp {
    /// `arith.addui_extended`.
    AddUI,
    /// `arith.mului_extended`.
    MulUI,
    /// `arith.mulsi_extended`.
    MulSI,
}

/// The names of the three ops.
pub(crate) const NAMES: [&str; 3] = [
    "arith.addui_extended",
    "arith.mului_extended",
    "arith.mulsi_extended",
];

impl ExtendedOp {
    fn from_name(name: &str) -> Option<ExtendedOp> {
        Some(match name {
            "arith.addui_extended" => ExtendedOp::AddUI,
            "arith.mului_extended" => ExtendedOp::MulUI,
            "arith.mulsi_extended" => ExtendedOp::MulSI,
            _ => return None,
        })
    }

    /// The names of the operands and results that must have one type (MLIR `AllTypesMatch`).
    fn same_type_names(self) -> &'static str {
        match self {
            ExtendedOp::AddUI => "{lhs, rhs, sum}",
            _ => "{lhs, rhs, low, high}",
        }
    }

    /// The two results for `w`-bit operands `a`, `b` (bits, `1 <= w <= 64`): `(sum, carry)`
    /// with carry 0 or 1, or `(low, high)` halves of the `2w`-bit product.
    pub fn evaluate(self, a: u128, b: u128, w: u32) -> (u128, u128) {
        let m = mask(w);
        match self {
            ExtendedOp::AddUI => {
                let sum = a.wrapping_add(b) & m;
                (sum, (sum < a) as u128)
            }
            ExtendedOp::MulUI => {
                let p = a * b;
                (p & m, (p >> w) & m)
            }
            ExtendedOp::MulSI => {
                let s = |x: u128| weir_ir::sign_extend(x as i128, w);
                let p = s(a) * s(b);
                (p as u128 & m, (p >> w) as u128 & m)
            }
        }
    }
}

/// Registers the three ops with their syntax.
pub(crate) fn register(ctx: &mut Context, syntax: &mut Syntax) {
    for name in NAMES {
        ctx.register(
            OpDef::new(
                name,
                Traits::PURE | Traits::ELEMENTWISE | Traits::SPECULATABLE,
            )
            .verifier(verify)
            .folder(fold)
            .patterns(PATTERNS),
        );
        syntax.register(name, OpSyntax::new(parse, print));
    }
}

fn verify(ctx: &Context, op: OpId) -> DiagResult<()> {
    let kind = ExtendedOp::from_name(ctx.name_str(op))
        .expect("verify is registered for the extended ops only");
    if !ctx.regions(op).is_empty() {
        return Err(op_error(ctx, op, "requires zero regions"));
    }
    if ctx.results(op).len() != 2 {
        return Err(op_error(ctx, op, "expected 2 results"));
    }
    let nsucc = ctx.successors(op).len();
    if nsucc != 0 {
        return Err(op_error(
            ctx,
            op,
            format!("requires 0 successors but found {nsucc}"),
        ));
    }
    let nops = ctx.operands(op).len();
    if nops != 2 {
        return Err(op_error(
            ctx,
            op,
            format!("expected 2 operands, but found {nops}"),
        ));
    }
    let int = Constraint::SignlessIntegerLike;
    for (i, &v) in ctx.operands(op).iter().enumerate() {
        check_type(ctx, op, int, "operand", i, ctx.value_type(v))?;
    }
    let (r0, r1) = (ctx.result(op, 0), ctx.result(op, 1));
    check_type(ctx, op, int, "result", 0, ctx.value_type(r0))?;
    let c1 = if kind == ExtendedOp::AddUI {
        Constraint::BoolLike
    } else {
        int
    };
    check_type(ctx, op, c1, "result", 1, ctx.value_type(r1))?;
    let ty = ctx.value_type(r0);
    let mut same = ctx.operands(op).iter().map(|&v| ctx.value_type(v));
    let high_ok = kind == ExtendedOp::AddUI || ctx.value_type(r1) == ty;
    if !same.all(|t| t == ty) || !high_ok {
        return Err(op_error(
            ctx,
            op,
            format!(
                "failed to verify that all of {} have same type",
                kind.same_type_names()
            ),
        ));
    }
    verify_elementwise_shapes(ctx, op)
}

/// `%lhs, %rhs [{attrs}] : T, T1` (addui_extended) or `%lhs, %rhs [{attrs}] : T` (the muls).
fn parse(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let lhs = p.parse_operand()?;
    p.expect(Tok::Comma, ",")?;
    let rhs = p.parse_operand()?;
    p.parse_optional_attr_dict(state)?;
    let ty = p.parse_colon_type()?;
    let second = if p.ctx.op_name_str(state.name) == "arith.addui_extended" {
        p.expect(Tok::Comma, ",")?;
        p.parse_type()?
    } else {
        ty
    };
    state.operands = p.resolve_operands(&[lhs, rhs], &[ty, ty])?;
    state.result_types.extend([ty, second]);
    Ok(())
}

fn print(p: &mut Printer<'_>, op: OpId) {
    let operands = p.ctx.operands(op).to_vec();
    p.write(" ");
    p.print_operands(&operands);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    let results = p.ctx.results(op).to_vec();
    if let Some(&r) = results.first() {
        p.print_type(p.ctx.value_type(r));
    }
    if p.ctx.is(op, "arith.addui_extended") {
        if let Some(&r) = results.get(1) {
            p.write(", ");
            p.print_type(p.ctx.value_type(r));
        }
    }
}

/// `(kind, lhs, rhs, width)` of a well-formed scalar extended op of 1 to 64 bits.
fn scalar_op(ctx: &Context, op: OpId) -> Option<(ExtendedOp, ValueId, ValueId, u32)> {
    let kind = ExtendedOp::from_name(ctx.name_str(op))?;
    if ctx.operands(op).len() != 2 || ctx.results(op).len() != 2 {
        return None;
    }
    let w = scalar_int_width(ctx, ctx.value_type(ctx.result(op, 0)))?;
    (w <= 64).then(|| (kind, ctx.operand(op, 0), ctx.operand(op, 1), w))
}

fn fold(ctx: &mut Context, op: OpId, _c: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    if ctx.results(op).len() == 2 && is_i0(ctx, ctx.value_type(ctx.result(op, 0))) {
        // On i0 every value is 0: sum 0 without carry, product 0.
        let zeros = [0, 1].map(|i| {
            let ty = ctx.value_type(ctx.result(op, i));
            FoldResult::Constant(ctx.int_attr(0, ty))
        });
        return Some(zeros.to_vec());
    }
    let (kind, x, y, w) = scalar_op(ctx, op)?;
    let (t0, t1) = (
        ctx.value_type(ctx.result(op, 0)),
        ctx.value_type(ctx.result(op, 1)),
    );
    let (a, b) = (int_constant_bits(ctx, x, w), int_constant_bits(ctx, y, w));
    let mut constant = |bits: u128, ty| {
        let w = ctx.int_width(ty).unwrap_or(w);
        FoldResult::Constant(ctx.int_attr(weir_ir::sign_extend(bits as i128, w), ty))
    };
    Some(match (kind, a, b) {
        (_, Some(a), Some(b)) => {
            let (r0, r1) = kind.evaluate(a, b, w);
            vec![constant(r0, t0), constant(r1, t1)]
        }
        (ExtendedOp::AddUI, _, Some(0)) => vec![FoldResult::Value(x), constant(0, t1)],
        (_, _, Some(0)) => vec![constant(0, t0), constant(0, t1)],
        (ExtendedOp::MulUI, _, Some(1)) => vec![FoldResult::Value(x), constant(0, t1)],
        _ => return None,
    })
}

const PATTERNS: &[Pattern] = &[
    crate::fold::CONSTANT_TO_RHS,
    Pattern {
        name: "arith-extended-to-single-result",
        apply: to_single_result,
    },
    Pattern {
        name: "arith-mulsi-extended-rhs-one",
        apply: mulsi_extended_rhs_one,
    },
];

/// `addui_extended` / `mul*_extended` whose second result is unused -> `addi` / `muli`
/// (MLIR `AddUIExtendedToAddI`, `MulSIExtendedToMulI`, `MulUIExtendedToMulI`).
fn to_single_result(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    let Some(kind) = ExtendedOp::from_name(ctx.name_str(op)) else {
        return false;
    };
    if ctx.operands(op).len() != 2
        || ctx.results(op).len() != 2
        || !ctx.uses(ctx.result(op, 1)).is_empty()
    {
        return false;
    }
    let binary = if kind == ExtendedOp::AddUI {
        IntBinaryOp::Add
    } else {
        IntBinaryOp::Mul
    };
    let (a, b) = (ctx.operand(op, 0), ctx.operand(op, 1));
    let loc = ctx.loc(op);
    let new = crate::build_int_binary(ctx, InsertPoint::Before(op), binary, a, b, loc);
    ctx.replace_all_uses(ctx.result(op, 0), new);
    ctx.erase_op(op);
    true
}

/// `mulsi_extended x, 1 -> x, extsi(cmpi slt, x, 0)` (MLIR `MulSIExtendedRHSOne`): the high
/// half of `x * 1` is the sign of `x` spread over all bits.
fn mulsi_extended_rhs_one(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    let Some((ExtendedOp::MulSI, x, y, w)) = scalar_op(ctx, op) else {
        return false;
    };
    if w < 2 || int_constant_bits(ctx, y, w) != Some(1) {
        return false;
    }
    let ty = ctx.value_type(x);
    let loc = ctx.loc(op);
    let at = InsertPoint::Before(op);
    let zero = crate::build_int_constant(ctx, at, 0, ty, loc.clone());
    let neg = crate::build_cmpi(ctx, at, CmpIPredicate::Slt, x, zero, loc.clone());
    let high = crate::build_cast(ctx, at, CastOp::ExtSI, neg, ty, loc);
    ctx.replace_op(op, &[x, high]);
    true
}

#[cfg(test)]
mod tests {
    use super::ExtendedOp::*;

    #[test]
    fn evaluate_by_hand() {
        // 0xFFFFFFFF + 1 = 0 carry 1; 2e9 + 2e9 = 4e9 < 2^32: no carry.
        assert_eq!(AddUI.evaluate(0xFFFF_FFFF, 1, 32), (0, 1));
        assert_eq!(
            AddUI.evaluate(2_000_000_000, 2_000_000_000, 32),
            (4_000_000_000, 0)
        );
        // (2^32 - 7) * 2e9 = 8589934578000000000 = 1999999996 * 2^32 + 3179869184.
        assert_eq!(
            MulUI.evaluate(0xFFFF_FFF9, 2_000_000_000, 32),
            (3_179_869_184, 1_999_999_996)
        );
        // -7 * 2e9 = -14e9 = -4 * 2^32 + 3179869184: high -4 = 0xFFFFFFFC.
        assert_eq!(
            MulSI.evaluate(0xFFFF_FFF9, 2_000_000_000, 32),
            (3_179_869_184, 0xFFFF_FFFC)
        );
        // i64: (2^64 - 1)^2 = 2^128 - 2^65 + 1: high 2^64 - 2, low 1; signed (-1)(-1) = 1.
        let m = u64::MAX as u128;
        assert_eq!(MulUI.evaluate(m, m, 64), (1, m - 1));
        assert_eq!(MulSI.evaluate(m, m, 64), (1, 0));
        // i1: true * true = 1 (unsigned), (-1)(-1) = 1 = 0b01: low 1, high 0.
        assert_eq!(MulUI.evaluate(1, 1, 1), (1, 0));
        assert_eq!(MulSI.evaluate(1, 1, 1), (1, 0));
    }
}
