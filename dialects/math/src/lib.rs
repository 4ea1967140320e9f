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

use weir_dialect_arith::flags::FlagKind;
use weir_dialect_arith::unary_syntax;
use weir_dialect_arith::util::{
    check_all_types, verify_counts, verify_result_is_operand_type,
    verify_same_operands_and_result_type, Arity, Constraint,
};
use weir_ir::{Context, DiagResult, InsertPoint, Location, OpDef, OpId, OpState, Traits, ValueId};
use weir_syntax::{OpSyntax, PResult, Parser, Printer, Syntax};

/// The math ops.
pub const OPS: [&str; 2] = ["math.absf", "math.sqrt"];

/// Registers the math ops and their syntax.
pub fn register(ctx: &mut Context, syntax: &mut Syntax) {
    for name in OPS {
        ctx.register(OpDef::new(name, Traits::PURE).verifier(verify_unary));
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
