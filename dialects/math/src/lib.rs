//! The math dialect: elementwise floating-point functions, rounding, and integer power and
//! absolute value. Semantics, syntax and verifier messages are those of the MLIR math dialect
//! (`mlir/include/mlir/Dialect/Math/IR/MathOps.td`), checked against `mlir-opt` 22. Every op
//! is `PURE` and elementwise (it applies to scalars, or to tensors/vectors element by element),
//! and `SPECULATABLE` but `math.ipowi` (0 to a negative power faults at run time).
//!
//! | op | custom syntax | semantics | folds (MLIR `MathOps.cpp`) |
//! |---|---|---|---|
//! | `math.absf` | `%r = math.absf %a [fastmath<..>] : f32` | \|a\| | any float format |
//! | `math.floor` `ceil` `roundeven` | `%r = math.floor %a [fastmath<..>] : f32` | round towards -inf / +inf / to nearest, ties to even | any float format |
//! | `math.round` | `%r = math.round %a [fastmath<..>] : f32` | round to nearest, ties away from zero (C `round`; 2.5 -> 3) | `f32`, `f64` |
//! | `math.trunc` | `%r = math.trunc %a [fastmath<..>] : f32` | round towards zero | `f32`, `f64` |
//! | `math.sqrt` | `%r = math.sqrt %a [fastmath<..>] : f64` | square root (NaN below zero) | `f32`, `f64`, sign bit clear |
//! | `math.rsqrt` | `%r = math.rsqrt %a [fastmath<..>] : f64` | `1 / sqrt(a)` | no |
//! | `math.cbrt` | `%r = math.cbrt %a [fastmath<..>] : f64` | cube root | no |
//! | `math.exp` `exp2` `expm1` | `%r = math.exp %a [fastmath<..>] : f64` | e^a, 2^a, e^a - 1 | `f32`, `f64` |
//! | `math.log` `log2` `log10` | `%r = math.log %a [fastmath<..>] : f64` | ln a, log2 a, log10 a | `f32`, `f64`, sign bit clear |
//! | `math.log1p` | `%r = math.log1p %a [fastmath<..>] : f64` | ln(1 + a) | `f32`, `f64`, `a + 1` not negative |
//! | `math.tanh` `sinh` `cosh` `sin` `cos` `tan` `asin` `acos` `atan` `erf` | `%r = math.sin %a [fastmath<..>] : f32` | (radians; `erf` the error function; NaN outside a function's domain) | `f32`, `f64` |
//! | `math.asinh` `acosh` `atanh` `erfc` | `%r = math.asinh %a [fastmath<..>] : f32` | inverse hyperbolic functions, 1 - erf | no (upstream: `f32`, `f64`; see [`semantics::FloatFn`]) |
//! | `math.copysign` | `%r = math.copysign %a, %b [fastmath<..>] : f32` | \|a\| with the sign of b | any float format |
//! | `math.atan2` | `%r = math.atan2 %y, %x [fastmath<..>] : f32` | angle of (x, y) in [-pi, pi] | `f32`, `f64`; `atan2(±0, ±0)` folds to C's value (±0 or ±pi; MLIR 22 folds it to NaN) |
//! | `math.powf` | `%r = math.powf %a, %b [fastmath<..>] : f32` | a^b (C `pow`) | `f32`, `f64` |
//! | `math.fma` | `%r = math.fma %a, %b, %c [fastmath<..>] : f64` | a * b + c, one rounding | no |
//! | `math.fpowi` | `%r = math.fpowi %a, %n [fastmath<..>] : f32, i32` | a^n for an integer n (repeated squaring) | no |
//! | `math.ipowi` | `%r = math.ipowi %a, %n : i32` | a^n, wrapping; for n < 0: 1 for a = 1, ±1 for a = -1, 0 for \|a\| > 1, undefined for a = 0 | `iN`, `index`; not `0 ^ negative` |
//! | `math.absi` | `%r = math.absi %a : i32` | \|a\|; the minimum value wraps to itself | `iN`, `index` |
//! | `math.ctlz` `cttz` `ctpop` | `%r = math.ctlz %a : i32` | leading zeros, trailing zeros, set bits (the width for 0) | `iN`, `index` |
//! | `math.isnan` `isinf` `isfinite` `isnormal` | `%r = math.isnan %a [{attrs}] : f32` | the operand's IEEE class, an `i1` (of the operand's shape) | any float format |
//!
//! Operands and results: the float ops take and return one floating-point-like type (a float, or
//! a tensor/vector of floats: MLIR's `SameOperandsAndResultType`); `ipowi` and `absi` one
//! signless-integer-like type (`iN`, `index`, or a tensor/vector of them); `fpowi` a
//! floating-point-like base whose type is the result's and a signless-integer-like exponent of
//! the same shape (`AllTypesMatch<[lhs, result]>`, `SameOperandsAndResultShape`); the
//! classification ops (`isnan`, ...) a floating-point-like operand and a bool-like result of its
//! shape (MLIR `Math_FloatClassificationOp`). The optional fast-math flags of the float ops are
//! arith's: attr `fastmath = #arith.fastmath<...>` (written `fastmath<..>` before the `:`, and in
//! the attribute dictionary for the classification ops, elided when `none`); every op takes an
//! optional attribute dictionary right before the `:`.
//!
//! Folders ([`fold`]): scalar constants only, with the values of [`semantics`] (`f32`/`f64`
//! functions computed in the type's precision with the host C library, as MLIR does).

pub mod fold;
pub mod semantics;

use weir_dialect_arith::flags::FlagKind;
use weir_dialect_arith::unary_syntax;
use weir_dialect_arith::util::{
    check_all_types, check_type, compatible_shapes, verify_counts, verify_result_is_operand_type,
    verify_same_operands_and_result_type, Arity, Constraint,
};
use weir_ir::interfaces::infer_types::i1_same_shape;
use weir_ir::{
    op_error, Context, DiagResult, InsertPoint, Location, OpDef, OpId, OpState, Traits, ValueId,
};
use weir_syntax::lexer::Tok;
use weir_syntax::{OpSyntax, PResult, Parser, Printer, Syntax};

/// The math ops.
pub const OPS: [&str; 44] = [
    "math.absf",
    "math.floor",
    "math.ceil",
    "math.trunc",
    "math.roundeven",
    "math.sqrt",
    "math.rsqrt",
    "math.cbrt",
    "math.exp",
    "math.exp2",
    "math.expm1",
    "math.log",
    "math.log2",
    "math.log1p",
    "math.tanh",
    "math.sin",
    "math.cos",
    "math.tan",
    "math.atan",
    "math.erf",
    "math.round",
    "math.log10",
    "math.sinh",
    "math.cosh",
    "math.asin",
    "math.acos",
    "math.asinh",
    "math.acosh",
    "math.atanh",
    "math.erfc",
    "math.copysign",
    "math.atan2",
    "math.powf",
    "math.fma",
    "math.fpowi",
    "math.ipowi",
    "math.absi",
    "math.ctlz",
    "math.cttz",
    "math.ctpop",
    "math.isnan",
    "math.isinf",
    "math.isfinite",
    "math.isnormal",
];

/// The operand structure of an op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// `n` floating-point-like operands of the result's type, fast-math flags.
    Float(usize),
    /// `math.fpowi`: a float base and an integer exponent, fast-math flags.
    FPowI,
    /// `n` signless-integer-like operands of the result's type, no flags.
    Int(usize),
    /// A classification (`math.isnan`, ...): a floating-point-like operand, a bool-like result
    /// of its shape, fast-math flags in the attribute dictionary.
    Class,
}

fn form(name: &str) -> Form {
    match name {
        "math.copysign" | "math.atan2" | "math.powf" => Form::Float(2),
        "math.fma" => Form::Float(3),
        "math.fpowi" => Form::FPowI,
        "math.ipowi" => Form::Int(2),
        "math.absi" | "math.ctlz" | "math.cttz" | "math.ctpop" => Form::Int(1),
        "math.isnan" | "math.isinf" | "math.isfinite" | "math.isnormal" => Form::Class,
        _ => Form::Float(1),
    }
}

fn arity(f: Form) -> usize {
    match f {
        Form::Float(n) | Form::Int(n) => n,
        Form::FPowI => 2,
        Form::Class => 1,
    }
}

fn flags(f: Form) -> Option<FlagKind> {
    match f {
        Form::Float(_) | Form::FPowI | Form::Class => Some(FlagKind::FastMath),
        Form::Int(_) => None,
    }
}

/// Registers the math ops and their syntax.
pub fn register(ctx: &mut Context, syntax: &mut Syntax) {
    for name in OPS {
        // Every math op's result has its first operand's type (MLIR
        // `SameOperandsAndResultType`; `math.fpowi`: the base's).
        // `math.ipowi` of 0 to a negative power faults at run time (`weir_jit::backend`).
        let traits = if name == "math.ipowi" {
            Traits::PURE | Traits::ELEMENTWISE
        } else {
            Traits::PURE | Traits::ELEMENTWISE | Traits::SPECULATABLE
        };
        let mut def = OpDef::new(name, traits).verifier(verify);
        if form(name) != Form::Class {
            def = def.infer_types(weir_dialect_arith::infer_first_operand);
        }
        if semantics::FloatFn::from_op_name(name).is_some() {
            def = def.folder(fold::fold_float);
        } else if matches!(form(name), Form::Int(_)) {
            def = def.folder(fold::fold_int);
        } else if form(name) == Form::Class {
            def = def.folder(fold::fold_class);
        }
        ctx.register(def);
        let s = if form(name) == Form::Class {
            OpSyntax::new(parse_class, print_class)
        } else if arity(form(name)) == 1 {
            OpSyntax::new(parse_unary, print_unary)
        } else {
            OpSyntax::new(parse_nary, print_nary)
        };
        syntax.register(name, s);
    }
}

/// Builds a unary math op (`math.sqrt`, `math.absi`, `math.isnan`, ...; `name` may omit
/// `math.`) on `value`; the result has the operand's type (an `i1` of its shape for the
/// classification ops).
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
    let ty = ctx.value_type(value);
    let result = if form(&name) == Form::Class {
        let kind = i1_same_shape(ctx, ty);
        ctx.intern_type(kind)
    } else {
        ty
    };
    st.result_types.push(result);
    let op = ctx.build_op(st, at);
    ctx.result(op, 0)
}

// ------------------------------------------------------------------------------ verifier

/// MLIR's order: structural traits, the fast-math attribute, operand and result type
/// constraints, then `AllTypesMatch`/`SameOperandsAndResultShape` (`fpowi`) or
/// `SameOperandsAndResultType` and the inferred result type (the others).
fn verify(ctx: &Context, op: OpId) -> DiagResult<()> {
    let f = form(ctx.name_str(op));
    verify_counts(ctx, op, 1, Arity::Exactly(0), Arity::Exactly(arity(f)))?;
    if let Some(k) = flags(f) {
        k.verify(ctx, op)?;
    }
    match f {
        Form::Float(_) => check_all_types(ctx, op, Constraint::FloatLike)?,
        Form::Int(_) => check_all_types(ctx, op, Constraint::SignlessIntegerLike)?,
        Form::FPowI => return verify_fpowi(ctx, op),
        Form::Class => return verify_class(ctx, op),
    }
    verify_same_operands_and_result_type(ctx, op)?;
    weir_dialect_arith::util::verify_elementwise_shapes(ctx, op)?;
    verify_result_is_operand_type(ctx, op)
}

/// MLIR `Math_FloatClassificationOp`: `FloatLike` operand, `BoolLike` result, and
/// `TypesMatchWith<"result type has i1 element type and same shape as operands">`.
fn verify_class(ctx: &Context, op: OpId) -> DiagResult<()> {
    let (operand, result) = (
        ctx.value_type(ctx.operand(op, 0)),
        ctx.value_type(ctx.result(op, 0)),
    );
    check_type(ctx, op, Constraint::FloatLike, "operand", 0, operand)?;
    check_type(ctx, op, Constraint::BoolLike, "result", 0, result)?;
    if *ctx.type_kind(result) != i1_same_shape(ctx, operand) {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that result type has i1 element type and same shape as operands",
        ));
    }
    Ok(())
}

fn verify_fpowi(ctx: &Context, op: OpId) -> DiagResult<()> {
    let (lhs, rhs) = (
        ctx.value_type(ctx.operand(op, 0)),
        ctx.value_type(ctx.operand(op, 1)),
    );
    let result = ctx.value_type(ctx.result(op, 0));
    check_type(ctx, op, Constraint::FloatLike, "operand", 0, lhs)?;
    check_type(ctx, op, Constraint::SignlessIntegerLike, "operand", 1, rhs)?;
    check_type(ctx, op, Constraint::FloatLike, "result", 0, result)?;
    if lhs != result {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that all of {lhs, result} have same type",
        ));
    }
    if !compatible_shapes(ctx, rhs, result) {
        return Err(op_error(
            ctx,
            op,
            "requires the same shape for all operands and results",
        ));
    }
    Ok(())
}

// ------------------------------------------------------------------------------ syntax

fn op_form(p: &Parser<'_>, state: &OpState) -> Form {
    form(p.ctx.op_name_str(state.name))
}

/// `%x [fastmath<..>] [{attrs}] : T` (`absi`: no flags).
fn parse_unary(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let f = op_form(p, state);
    unary_syntax::parse(p, state, flags(f))
}

fn print_unary(p: &mut Printer<'_>, op: OpId) {
    let f = form(p.ctx.name_str(op));
    unary_syntax::print(p, op, flags(f))
}

/// `%x [{attrs}] : T`, the result `i1` of `T`'s shape (`isnan`, ...; MLIR's
/// `$operand attr-dict : type($operand)`).
fn parse_class(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let operand = p.parse_operand()?;
    p.parse_optional_attr_dict(state)?;
    let ty = p.parse_colon_type()?;
    if !Constraint::FloatLike.holds(p.ctx, ty) {
        // MLIR's parser builds the result type from the operand's, which must be a float.
        return Err(weir_dialect_arith::util::custom_op_error(
            p,
            state,
            state.loc.clone(),
            format!(
                "'operand' must be floating-point-like, but got '{}'",
                weir_syntax::type_to_string(p.ctx, ty)
            ),
        ));
    }
    state.operands = p.resolve_operands(&[operand], &[ty])?;
    let result = i1_same_shape(p.ctx, ty);
    state.result_types.push(p.ctx.intern_type(result));
    Ok(())
}

/// The attribute dictionary elides `fastmath` when it is `none` (its default).
fn print_class(p: &mut Printer<'_>, op: OpId) {
    let operand = p.ctx.operand(op, 0);
    p.write(" ");
    p.print_operand(operand);
    let fastmath = FlagKind::FastMath;
    let elided: &[&str] = if fastmath.of(p.ctx, op) == 0 {
        &[fastmath.attr_name()]
    } else {
        &[]
    };
    p.print_optional_attr_dict(op, elided);
    p.write(" : ");
    p.print_type(p.ctx.value_type(operand));
}

/// `%a, %b[, %c] [fastmath<..>] [{attrs}] : T`, and `fpowi`'s `%a, %n [fastmath<..>]
/// [{attrs}] : T, U`.
fn parse_nary(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let f = op_form(p, state);
    let mut operands = vec![p.parse_operand()?];
    for _ in 1..arity(f) {
        p.expect(Tok::Comma, ",")?;
        operands.push(p.parse_operand()?);
    }
    if let Some(k) = flags(f) {
        k.parse_optional(p, state)?;
    }
    p.parse_optional_attr_dict(state)?;
    let ty = p.parse_colon_type()?;
    let mut types = vec![ty; operands.len()];
    if f == Form::FPowI {
        p.expect(Tok::Comma, ",")?;
        types[1] = p.parse_type()?;
    }
    state.operands = p.resolve_operands(&operands, &types)?;
    state.result_types.push(ty);
    Ok(())
}

fn print_nary(p: &mut Printer<'_>, op: OpId) {
    let f = form(p.ctx.name_str(op));
    let operands = p.ctx.operands(op).to_vec();
    p.write(" ");
    p.print_operands(&operands);
    let mut elided = Vec::new();
    if let Some(k) = flags(f) {
        k.print_optional(p, op);
        elided.push(k.attr_name());
    }
    p.print_optional_attr_dict(op, &elided);
    p.write(" : ");
    if let Some(&r) = p.ctx.results(op).first() {
        p.print_type(p.ctx.value_type(r));
    }
    if let (Form::FPowI, Some(&n)) = (f, operands.get(1)) {
        p.write(", ");
        p.print_type(p.ctx.value_type(n));
    }
}
