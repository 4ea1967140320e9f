//! The math dialect: `math.absf` and `math.sqrt`. Semantics, syntax and verifier messages are
//! those of the MLIR math dialect (`mlir/include/mlir/Dialect/Math/IR/MathOps.td`), checked
//! against `mlir-opt` 22. Both ops are `PURE`.
//!
//! | op | custom syntax | semantics |
//! |---|---|---|
//! | `math.absf` | `%r = math.absf %a [fastmath<..>] : f32` | absolute value |
//! | `math.sqrt` | `%r = math.sqrt %a [fastmath<..>] : f64` | square root (NaN for negative inputs) |
//!
//! The operand is floating-point-like (a float, or a tensor/vector of floats) and the result has
//! its type. The optional fast-math flags are arith's: attr `fastmath = #arith.fastmath<...>`.
//!
//! Folders (MLIR `AbsFOp::fold`, `SqrtOp::fold`): `absf` of a scalar float constant of any format
//! (it only clears the sign bit); `sqrt` of a scalar `f32`/`f64` constant whose sign bit is clear
//! (correctly rounded in the type's precision; like MLIR, negative inputs and `-0.0` are left to
//! run time).

use weir_dialect_arith::flags::FlagKind;
use weir_dialect_arith::unary_syntax;
use weir_dialect_arith::util::{
    check_all_types, verify_counts, verify_result_is_operand_type,
    verify_same_operands_and_result_type, Arity, Constraint,
};
use weir_ir::{
    Attr, AttrKind, Context, DiagResult, FloatKind, FoldResult, InsertPoint, Location, OpDef, OpId,
    OpState, Traits, ValueId,
};
use weir_syntax::{OpSyntax, PResult, Parser, Printer, Syntax};

/// The math ops.
pub const OPS: [&str; 2] = ["math.absf", "math.sqrt"];

/// Registers the math ops and their syntax.
pub fn register(ctx: &mut Context, syntax: &mut Syntax) {
    for name in OPS {
        ctx.register(
            OpDef::new(name, Traits::PURE)
                .verifier(verify_unary)
                .folder(fold_unary),
        );
        syntax.register(name, OpSyntax::new(parse_unary, print_unary));
    }
}

/// Builds a unary math op (`math.sqrt`, `math.absf`; `name` may omit `math.`) on `value`.
pub fn build_unary(
    ctx: &mut Context,
    at: InsertPoint,
    name: &str,
    value: ValueId,
    loc: Location,
) -> ValueId {
    let name = if name.contains('.') {
        name.to_string()
    } else {
        format!("math.{name}")
    };
    let mut st = OpState::new(ctx.op_name(&name), loc);
    st.operands.push(value);
    st.result_types.push(ctx.value_type(value));
    let op = ctx.build_op(st, at);
    ctx.result(op, 0)
}

/// Folds `math.absf` / `math.sqrt` of a scalar float constant.
pub fn fold_unary(ctx: &mut Context, op: OpId, consts: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let ([Some(a)], [_], [r]) = (consts, ctx.operands(op), ctx.results(op)) else {
        return None;
    };
    let ty = ctx.value_type(*r);
    let kind = ctx.float_kind(ty)?;
    let v = match ctx.attr_kind(*a) {
        AttrKind::Float { bits, .. } => f64::from_bits(*bits),
        _ => return None,
    };
    let result = if ctx.is(op, "math.absf") {
        v.abs()
    } else if ctx.is(op, "math.sqrt") {
        if v.is_sign_negative() {
            return None;
        }
        match kind {
            FloatKind::F32 => (v as f32).sqrt() as f64,
            FloatKind::F64 => v.sqrt(),
            _ => return None,
        }
    } else {
        return None;
    };
    Some(vec![FoldResult::Constant(ctx.float_attr(result, ty))])
}

fn verify_unary(ctx: &Context, op: OpId) -> DiagResult<()> {
    verify_counts(ctx, op, 1, Arity::Exactly(0), Arity::Exactly(1))?;
    FlagKind::FastMath.verify(ctx, op)?;
    check_all_types(ctx, op, Constraint::FloatLike)?;
    verify_same_operands_and_result_type(ctx, op)?;
    verify_result_is_operand_type(ctx, op)
}

fn parse_unary(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    unary_syntax::parse(p, state, Some(FlagKind::FastMath))
}

fn print_unary(p: &mut Printer<'_>, op: OpId) {
    unary_syntax::print(p, op, Some(FlagKind::FastMath))
}
