//! Op definitions of the arith dialect: the op tables, verifiers, custom parsers and printers.

use crate::flags::{self, FlagKind};
use crate::predicates::{CmpFPredicate, CmpIPredicate};
use crate::semantics::{CastOp, FloatBinaryOp, IntBinaryOp};
use crate::util::{
    check_all_types, check_type, custom_op_error, is_i1, is_shaped, parse_custom_keyword,
    same_shape, verify_counts, verify_result_is_operand_type, verify_same_operands_and_result_type,
    with_element_type, Arity, Constraint,
};
use crate::{canonical, chains, fold};
use weir_ir::interfaces::infer_types::{self, InferInput};
use weir_ir::{
    op_error, AttrKind, Context, DiagResult, OpDef, OpId, OpState, Signedness, Traits, Type,
    TypeKind,
};
use weir_syntax::lexer::Tok;
use weir_syntax::{type_to_string, OpSyntax, PResult, Parser, Printer, Syntax};

/// What a cast requires of its operand and result element types (MLIR `areCastCompatible`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CastRule {
    /// Result integer strictly wider.
    WidenInt,
    /// Result integer strictly narrower.
    NarrowInt,
    /// Integer to float or float to integer: always compatible.
    IntFloat,
    /// Result float strictly wider.
    WidenFloat,
    /// Result float strictly narrower.
    NarrowFloat,
    /// `index` to a signless integer or back.
    Index,
    /// Equal bit widths.
    SameWidth,
}

/// What a cast op accepts: operand and result constraints, the compatibility rule, its flag
/// attribute and whether it takes a rounding mode.
#[derive(Clone, Copy)]
struct CastSpec {
    input: Constraint,
    output: Constraint,
    rule: CastRule,
    flags: Option<FlagKind>,
    rounding: bool,
}

const fn cast(input: Constraint, output: Constraint, rule: CastRule) -> CastSpec {
    CastSpec {
        input,
        output,
        rule,
        flags: None,
        rounding: false,
    }
}

const FIXED_INT: Constraint = Constraint::SignlessFixedWidthIntegerLike;
const FLOAT: Constraint = Constraint::FloatLike;

/// The spec of each cast op (MLIR `ArithOps.td`).
const fn spec_of(kind: CastOp) -> CastSpec {
    use CastOp::*;
    match kind {
        IndexCast | IndexCastUI => cast(
            Constraint::IndexCastLike,
            Constraint::IndexCastLike,
            CastRule::Index,
        ),
        ExtSI | ExtUI => cast(FIXED_INT, FIXED_INT, CastRule::WidenInt),
        TruncI => CastSpec {
            flags: Some(FlagKind::Overflow),
            ..cast(FIXED_INT, FIXED_INT, CastRule::NarrowInt)
        },
        SIToFP | UIToFP => cast(FIXED_INT, FLOAT, CastRule::IntFloat),
        FPToSI | FPToUI => cast(FLOAT, FIXED_INT, CastRule::IntFloat),
        ExtF => CastSpec {
            flags: Some(FlagKind::FastMath),
            ..cast(FLOAT, FLOAT, CastRule::WidenFloat)
        },
        TruncF => CastSpec {
            flags: Some(FlagKind::FastMath),
            rounding: true,
            ..cast(FLOAT, FLOAT, CastRule::NarrowFloat)
        },
        Bitcast => cast(
            Constraint::BitcastLike,
            Constraint::BitcastLike,
            CastRule::SameWidth,
        ),
    }
}

/// The ops whose only result is the operand type (`arith.negf`).
const FLOAT_UNARY: [&str; 1] = ["arith.negf"];

/// `(constraint, flags)` of an elementwise op whose result type is its operands' type.
fn elementwise_spec(name: &str) -> Option<(Constraint, Option<FlagKind>)> {
    if let Some(k) = IntBinaryOp::from_name(name) {
        return Some((
            Constraint::SignlessIntegerLike,
            k.has_overflow_flags().then_some(FlagKind::Overflow),
        ));
    }
    if FloatBinaryOp::from_name(name).is_some() || FLOAT_UNARY.contains(&name) {
        return Some((Constraint::FloatLike, Some(FlagKind::FastMath)));
    }
    None
}

fn cast_spec(name: &str) -> CastSpec {
    spec_of(
        CastOp::from_name(name)
            .expect("cast_spec is asked only for the cast ops it is registered on"),
    )
}

pub(crate) fn register(ctx: &mut Context, syntax: &mut Syntax) {
    ctx.register(
        OpDef::new(
            "arith.constant",
            Traits::PURE | Traits::CONSTANT_LIKE | Traits::SPECULATABLE,
        )
        .verifier(verify_constant),
    );
    syntax.register(
        "arith.constant",
        OpSyntax::new(parse_constant, print_constant).name_hint(crate::constant_name_hint),
    );
    // Every op below but the constant is MLIR `Elementwise`, and speculatable but the integer
    // divisions that fault at run time (`backend_semantics`).
    let ew = Traits::PURE | Traits::ELEMENTWISE | Traits::SPECULATABLE;
    let traits = |commutative: bool| {
        if commutative {
            ew | Traits::COMMUTATIVE
        } else {
            ew
        }
    };
    for &kind in IntBinaryOp::ALL {
        let name = kind.name();
        let op_traits = if kind.runtime_faults().is_empty() {
            traits(kind.is_commutative())
        } else {
            Traits::PURE | Traits::ELEMENTWISE
        };
        let mut def = OpDef::new(name, op_traits)
            .verifier(verify_elementwise)
            .infer_types(infer_first_operand)
            .folder(fold::fold_int_binary);
        def = match kind {
            IntBinaryOp::Add => def.patterns(canonical::ADDI),
            IntBinaryOp::Sub => def.patterns(canonical::SUBI),
            IntBinaryOp::Mul => def.patterns(canonical::MULI),
            IntBinaryOp::Xor => def.patterns(canonical::XORI),
            IntBinaryOp::And | IntBinaryOp::Or => def.patterns(canonical::BITWISE),
            _ if def.traits.contains(Traits::COMMUTATIVE) => {
                def.patterns(fold::COMMUTATIVE_PATTERNS)
            }
            _ => def,
        };
        ctx.register(def);
        syntax.register(name, OpSyntax::new(parse_binary, print_binary));
    }
    for &kind in FloatBinaryOp::ALL {
        let name = kind.name();
        let mut def = OpDef::new(name, traits(kind.is_commutative()))
            .verifier(verify_elementwise)
            .infer_types(infer_first_operand)
            .folder(fold::fold_float_binary);
        def = match kind {
            FloatBinaryOp::Mul => def.patterns(canonical::MULF),
            FloatBinaryOp::Div => def.patterns(canonical::DIVF),
            _ if def.traits.contains(Traits::COMMUTATIVE) => {
                def.patterns(fold::COMMUTATIVE_PATTERNS)
            }
            _ => def,
        };
        ctx.register(def);
        syntax.register(name, OpSyntax::new(parse_binary, print_binary));
    }
    for name in FLOAT_UNARY {
        ctx.register(
            OpDef::new(name, ew)
                .verifier(verify_elementwise)
                .infer_types(infer_first_operand)
                .folder(fold::fold_negf),
        );
        syntax.register(name, OpSyntax::new(parse_unary, print_unary));
    }
    ctx.register(
        OpDef::new("arith.cmpi", ew)
            .verifier(verify_cmp)
            .infer_types(infer_cmp)
            .folder(fold::fold_cmpi)
            .patterns(fold::CMPI_PATTERNS),
    );
    syntax.register("arith.cmpi", OpSyntax::new(parse_cmp, print_cmp));
    ctx.register(
        OpDef::new("arith.cmpf", ew)
            .verifier(verify_cmp)
            .infer_types(infer_cmp)
            .folder(fold::fold_cmpf)
            .patterns(canonical::CMPF),
    );
    syntax.register("arith.cmpf", OpSyntax::new(parse_cmp, print_cmp));
    ctx.register(
        OpDef::new("arith.select", ew)
            .verifier(verify_select)
            .infer_types(infer_select)
            .folder(fold::fold_select)
            .patterns(canonical::SELECT),
    );
    syntax.register("arith.select", OpSyntax::new(parse_select, print_select));
    for &kind in CastOp::ALL {
        let name = kind.name();
        ctx.register(
            OpDef::new(name, ew)
                .verifier(verify_cast)
                .folder(fold::fold_cast)
                .patterns(chains::CASTS),
        );
        syntax.register(name, OpSyntax::new(parse_cast, print_cast));
    }
    ctx.add_constant_materializer(fold::materialize_constant);
}

// ------------------------------------------------------------------------------ inferred types

/// `InferTypes` of the elementwise ops (MLIR `SameOperandsAndResultType`): the result has the
/// first operand's type.
pub fn infer_first_operand(ctx: &Context, input: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    Ok(vec![infer_types::operand_type(ctx, input, 0)?])
}

/// `InferTypes` of `arith.cmpi`/`arith.cmpf` (MLIR `getI1SameShape`): `i1`, or `i1` in the
/// shape of a vector or tensor operand.
fn infer_cmp(ctx: &Context, input: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    infer_types::operand_type(ctx, input, 0)?;
    let lhs = ctx.value_type(input.operands[0]);
    Ok(vec![infer_types::i1_same_shape(ctx, lhs)])
}

/// `InferTypes` of `arith.select` (MLIR `AllTypesMatch<["true_value", "false_value",
/// "result"]>`): the result has the true value's type.
fn infer_select(ctx: &Context, input: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    Ok(vec![infer_types::operand_type(ctx, input, 1)?])
}

// ------------------------------------------------------------------------------ verifiers

fn verify_constant(ctx: &Context, op: OpId) -> DiagResult<()> {
    verify_counts(ctx, op, 1, Arity::Exactly(0), Arity::Exactly(0))?;
    let Some(value) = ctx.attr_of(op, "value") else {
        return Err(op_error(ctx, op, "requires attribute 'value'"));
    };
    let result_ty = ctx.value_type(ctx.result(op, 0));
    let same_type = match ctx.attr_kind(value) {
        AttrKind::Dense(d) => d.ty() == result_ty,
        AttrKind::DenseResource { ty, .. } => *ty == result_ty,
        AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => *ty == result_ty,
        // `BoolAttr` is an `i1` integer attribute; `StringAttr` is typed `none`.
        AttrKind::Bool(_) => is_i1(ctx, result_ty),
        AttrKind::String(_) => matches!(ctx.type_kind(result_ty), TypeKind::None),
        _ => {
            return Err(op_error(
                ctx,
                op,
                "attribute 'value' failed to satisfy constraint: TypedAttr instance",
            ))
        }
    };
    if !same_type {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that all of {value, result} have same type",
        ));
    }
    if matches!(ctx.type_kind(result_ty), TypeKind::Integer { signedness, .. } if *signedness != Signedness::Signless)
    {
        return Err(op_error(ctx, op, "integer return type must be signless"));
    }
    if matches!(ctx.attr_kind(value), AttrKind::String(_)) {
        return Err(op_error(
            ctx,
            op,
            "value must be an integer, float, or elements attribute",
        ));
    }
    Ok(())
}

/// Binary and unary elementwise ops: `arith.addi`, `arith.addf`, `arith.negf`, ...
fn verify_elementwise(ctx: &Context, op: OpId) -> DiagResult<()> {
    let name = ctx.name_str(op);
    let (c, flags) = elementwise_spec(name)
        .expect("verify_elementwise is registered on the elementwise ops only");
    let arity = if FLOAT_UNARY.contains(&name) { 1 } else { 2 };
    verify_counts(ctx, op, 1, Arity::Exactly(0), Arity::Exactly(arity))?;
    if let Some(f) = flags {
        f.verify(ctx, op)?;
    }
    check_all_types(ctx, op, c)?;
    verify_same_operands_and_result_type(ctx, op)?;
    crate::util::verify_elementwise_shapes(ctx, op)?;
    verify_result_is_operand_type(ctx, op)
}

/// Whether `result` is `i1` with the shape of `operand` (MLIR `getI1SameShape(operand) == result`).
fn is_i1_same_shape(ctx: &Context, operand: Type, result: Type) -> bool {
    is_i1(ctx, crate::util::element_type(ctx, result)) && same_shape(ctx, operand, result, true)
}

fn verify_cmp(ctx: &Context, op: OpId) -> DiagResult<()> {
    let is_int = ctx.is(op, "arith.cmpi");
    verify_counts(ctx, op, 1, Arity::Exactly(0), Arity::Exactly(2))?;
    let Some(pred) = ctx.attr_of(op, "predicate") else {
        return Err(op_error(ctx, op, "requires attribute 'predicate'"));
    };
    let max = if is_int { 9 } else { 15 };
    let ok = match ctx.attr_kind(pred) {
        AttrKind::Integer { value, ty } => {
            ctx.int_width(*ty) == Some(64)
                && crate::util::is_signless_int(ctx, *ty)
                && (0..=max).contains(value)
        }
        _ => false,
    };
    if !ok {
        let cases: Vec<String> = (0..=max).map(|i| i.to_string()).collect();
        return Err(op_error(
            ctx,
            op,
            format!(
                "attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: {}",
                cases.join(", ")
            ),
        ));
    }
    if !is_int {
        FlagKind::FastMath.verify(ctx, op)?;
    }
    let c = if is_int {
        Constraint::SignlessIntegerLike
    } else {
        Constraint::FloatLike
    };
    let (lhs, rhs) = (
        ctx.value_type(ctx.operand(op, 0)),
        ctx.value_type(ctx.operand(op, 1)),
    );
    check_type(ctx, op, c, "operand", 0, lhs)?;
    check_type(ctx, op, c, "operand", 1, rhs)?;
    let result = ctx.value_type(ctx.result(op, 0));
    check_type(ctx, op, Constraint::BoolLike, "result", 0, result)?;
    if lhs != rhs {
        return Err(op_error(
            ctx,
            op,
            "requires all operands to have the same type",
        ));
    }
    if !is_i1_same_shape(ctx, lhs, result) {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that result type has i1 element type and same shape as operands",
        ));
    }
    Ok(())
}

fn verify_select(ctx: &Context, op: OpId) -> DiagResult<()> {
    verify_counts(ctx, op, 1, Arity::Exactly(0), Arity::Exactly(3))?;
    let cond = ctx.value_type(ctx.operand(op, 0));
    check_type(ctx, op, Constraint::BoolLike, "operand", 0, cond)?;
    let (t, f) = (
        ctx.value_type(ctx.operand(op, 1)),
        ctx.value_type(ctx.operand(op, 2)),
    );
    let result = ctx.value_type(ctx.result(op, 0));
    if t != f || t != result {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that all of {true_value, false_value, result} have same type",
        ));
    }
    if !is_i1(ctx, cond) && !is_i1_same_shape(ctx, result, cond) {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that condition is signless i1 or has matching shape",
        ));
    }
    Ok(())
}

fn verify_cast(ctx: &Context, op: OpId) -> DiagResult<()> {
    let spec = cast_spec(ctx.name_str(op));
    verify_counts(ctx, op, 1, Arity::Exactly(0), Arity::Exactly(1))?;
    if let Some(f) = spec.flags {
        f.verify(ctx, op)?;
    }
    if spec.rounding {
        flags::verify_rounding_mode(ctx, op)?;
    }
    let from = ctx.value_type(ctx.operand(op, 0));
    let to = ctx.value_type(ctx.result(op, 0));
    check_type(ctx, op, spec.input, "operand", 0, from)?;
    check_type(ctx, op, spec.output, "result", 0, to)?;
    if !same_shape(ctx, from, to, false) {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that input and output have the same tensor dimensions",
        ));
    }
    let (a, b) = (
        crate::util::element_type(ctx, from),
        crate::util::element_type(ctx, to),
    );
    let int_w = |t: Type| match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => Some(*width),
        _ => None,
    };
    let float_w = |t: Type| ctx.float_kind(t).map(|k| k.width());
    let compatible = match spec.rule {
        CastRule::WidenInt => matches!((int_w(a), int_w(b)), (Some(x), Some(y)) if y > x),
        CastRule::NarrowInt => matches!((int_w(a), int_w(b)), (Some(x), Some(y)) if y < x),
        CastRule::IntFloat => true,
        CastRule::WidenFloat => matches!((float_w(a), float_w(b)), (Some(x), Some(y)) if y > x),
        CastRule::NarrowFloat => matches!((float_w(a), float_w(b)), (Some(x), Some(y)) if y < x),
        CastRule::Index => {
            let is_index = |t: Type| matches!(ctx.type_kind(t), TypeKind::Index);
            (is_index(a) && crate::util::is_signless_int(ctx, b))
                || (crate::util::is_signless_int(ctx, a) && is_index(b))
        }
        CastRule::SameWidth => {
            let w = |t: Type| int_w(t).or(float_w(t));
            w(a).is_some() && w(a) == w(b)
        }
    };
    if !compatible {
        return Err(op_error(
            ctx,
            op,
            format!(
                "operand type '{}' and result type '{}' are cast incompatible",
                type_to_string(ctx, from),
                type_to_string(ctx, to)
            ),
        ));
    }
    Ok(())
}

// ------------------------------------------------------------------------------ syntax

fn op_name<'p>(p: &'p Parser<'_>, state: &OpState) -> &'p str {
    p.ctx.op_name_str(state.name)
}

/// `arith.constant [{attrs}] <typed attribute>`: the result type is the attribute's type.
fn parse_constant(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    p.parse_optional_attr_dict(state)?;
    let loc = p.loc();
    let value = p.parse_attribute(None)?;
    let Some(ty) = crate::attr_type(p.ctx, value) else {
        return Err(custom_op_error(
            p,
            state,
            loc,
            "invalid kind of attribute specified",
        ));
    };
    state.set_attr(p.ctx.attr_name("value"), value);
    state.result_types.push(ty);
    Ok(())
}

fn print_constant(p: &mut Printer<'_>, op: OpId) {
    p.print_optional_attr_dict(op, &["value"]);
    if let Some(v) = p.ctx.attr_of(op, "value") {
        p.write(" ");
        p.print_attr(v);
    }
}

/// `%lhs, %rhs [overflow<..> | fastmath<..>] [{attrs}] : T`.
fn parse_binary(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let (_, flags) = elementwise_spec(op_name(p, state))
        .expect("parse_binary is registered on the elementwise ops only");
    let lhs = p.parse_operand()?;
    p.expect(Tok::Comma, ",")?;
    let rhs = p.parse_operand()?;
    if let Some(f) = flags {
        f.parse_optional(p, state)?;
    }
    p.parse_optional_attr_dict(state)?;
    let ty = p.parse_colon_type()?;
    state.operands = p.resolve_operands(&[lhs, rhs], &[ty, ty])?;
    state.result_types.push(ty);
    Ok(())
}

fn print_flags_and_attrs(
    p: &mut Printer<'_>,
    op: OpId,
    flags: Option<FlagKind>,
    extra_elided: &[&str],
) {
    let mut elided = extra_elided.to_vec();
    if let Some(f) = flags {
        f.print_optional(p, op);
        elided.push(f.attr_name());
    }
    p.print_optional_attr_dict(op, &elided);
}

fn print_binary(p: &mut Printer<'_>, op: OpId) {
    let (_, flags) = elementwise_spec(p.ctx.name_str(op))
        .expect("print_binary is registered on the elementwise ops only");
    let operands = p.ctx.operands(op).to_vec();
    p.write(" ");
    p.print_operands(&operands);
    print_flags_and_attrs(p, op, flags, &[]);
    print_result_type(p, op);
}

fn print_result_type(p: &mut Printer<'_>, op: OpId) {
    p.write(" : ");
    if let Some(&r) = p.ctx.results(op).first() {
        p.print_type(p.ctx.value_type(r));
    }
}

/// `%x [fastmath<..>] [{attrs}] : T` (also used by the math dialect).
pub(crate) fn parse_unary_with(
    p: &mut Parser<'_>,
    state: &mut OpState,
    flags: Option<FlagKind>,
) -> PResult<()> {
    let x = p.parse_operand()?;
    if let Some(f) = flags {
        f.parse_optional(p, state)?;
    }
    p.parse_optional_attr_dict(state)?;
    let ty = p.parse_colon_type()?;
    state.operands = vec![p.resolve_operand(&x, ty)?];
    state.result_types.push(ty);
    Ok(())
}

pub(crate) fn print_unary_with(p: &mut Printer<'_>, op: OpId, flags: Option<FlagKind>) {
    let operands = p.ctx.operands(op).to_vec();
    p.write(" ");
    p.print_operands(&operands);
    print_flags_and_attrs(p, op, flags, &[]);
    print_result_type(p, op);
}

fn parse_unary(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    parse_unary_with(p, state, Some(FlagKind::FastMath))
}

fn print_unary(p: &mut Printer<'_>, op: OpId) {
    print_unary_with(p, op, Some(FlagKind::FastMath))
}

/// `<pred>, %lhs, %rhs [fastmath<..>] [{attrs}] : T`; the result is `i1` of `T`'s shape.
fn parse_cmp(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let is_int = op_name(p, state) == "arith.cmpi";
    let loc = p.loc();
    let word = match p.peek() {
        Tok::BareId => {
            let w = p.text().to_string();
            p.parse_bare_id("predicate")?;
            Some(w)
        }
        Tok::String => Some(p.parse_string()?),
        _ => None,
    };
    let pred = word.and_then(|w| {
        if is_int {
            CmpIPredicate::from_keyword(&w).map(|c| c.to_i64())
        } else {
            CmpFPredicate::from_keyword(&w).map(|c| c.to_i64())
        }
    });
    let Some(pred) = pred else {
        let names: Vec<&str> = if is_int {
            CmpIPredicate::ALL.iter().map(|c| c.keyword()).collect()
        } else {
            CmpFPredicate::ALL.iter().map(|c| c.keyword()).collect()
        };
        return Err(custom_op_error(
            p,
            state,
            loc,
            format!(
                "expected string or keyword containing one of the following enum values for attribute 'predicate' [{}]",
                names.join(", ")
            ),
        ));
    };
    p.expect(Tok::Comma, ",")?;
    let lhs = p.parse_operand()?;
    p.expect(Tok::Comma, ",")?;
    let rhs = p.parse_operand()?;
    if !is_int {
        FlagKind::FastMath.parse_optional(p, state)?;
    }
    p.parse_optional_attr_dict(state)?;
    let ty = p.parse_colon_type()?;
    let c = if is_int {
        Constraint::SignlessIntegerLike
    } else {
        Constraint::FloatLike
    };
    if !c.holds(p.ctx, ty) {
        let msg = format!(
            "'lhs' must be {}, but got '{}'",
            c.summary(),
            type_to_string(p.ctx, ty)
        );
        return Err(custom_op_error(p, state, state.loc.clone(), msg));
    }
    state.operands = p.resolve_operands(&[lhs, rhs], &[ty, ty])?;
    let i64t = p.ctx.int_type(64);
    let a = p.ctx.int_attr(pred as i128, i64t);
    state.set_attr(p.ctx.attr_name("predicate"), a);
    let i1 = p.ctx.i1();
    state.result_types.push(with_element_type(p.ctx, ty, i1));
    Ok(())
}

fn print_cmp(p: &mut Printer<'_>, op: OpId) {
    let is_int = p.ctx.is(op, "arith.cmpi");
    let value = match p.ctx.attr_of(op, "predicate").map(|a| p.ctx.attr_kind(a)) {
        Some(AttrKind::Integer { value, .. }) => i64::try_from(*value).ok(),
        _ => None,
    };
    let word = value.and_then(|v| {
        if is_int {
            CmpIPredicate::from_i64(v).map(|c| c.keyword())
        } else {
            CmpFPredicate::from_i64(v).map(|c| c.keyword())
        }
    });
    p.write(" ");
    p.write(word.unwrap_or("<<invalid predicate>>"));
    p.write(", ");
    let operands = p.ctx.operands(op).to_vec();
    p.print_operands(&operands);
    let flags = (!is_int).then_some(FlagKind::FastMath);
    print_flags_and_attrs(p, op, flags, &["predicate"]);
    p.write(" : ");
    if let Some(&lhs) = operands.first() {
        p.print_type(p.ctx.value_type(lhs));
    }
}

/// `%cond, %a, %b [{attrs}] : T` or `: CondT, T` for a shaped condition.
fn parse_select(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let loc = p.loc();
    let ops = p.parse_operand_list()?;
    if ops.len() != 3 {
        return Err(custom_op_error(p, state, loc, "expected 3 operands"));
    }
    p.parse_optional_attr_dict(state)?;
    let first = p.parse_colon_type()?;
    let (cond_ty, ty) = if p.consume_if(Tok::Comma) {
        (first, p.parse_type()?)
    } else {
        (p.ctx.i1(), first)
    };
    state.operands = p.resolve_operands(&ops, &[cond_ty, ty, ty])?;
    state.result_types.push(ty);
    Ok(())
}

fn print_select(p: &mut Printer<'_>, op: OpId) {
    let operands = p.ctx.operands(op).to_vec();
    p.write(" ");
    p.print_operands(&operands);
    p.print_optional_attr_dict(op, &[]);
    p.write(" : ");
    if let Some(&c) = operands.first() {
        let ct = p.ctx.value_type(c);
        if is_shaped(p.ctx, ct) {
            p.print_type(ct);
            p.write(", ");
        }
    }
    if let Some(&r) = p.ctx.results(op).first() {
        p.print_type(p.ctx.value_type(r));
    }
}

/// `%x [roundingmode] [overflow<..> | fastmath<..>] [{attrs}] : T to U`.
fn parse_cast(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let spec = cast_spec(op_name(p, state));
    let x = p.parse_operand()?;
    if spec.rounding {
        flags::parse_optional_rounding_mode(p, state)?;
    }
    if let Some(f) = spec.flags {
        f.parse_optional(p, state)?;
    }
    p.parse_optional_attr_dict(state)?;
    let from = p.parse_colon_type()?;
    parse_custom_keyword(p, state, "to")?;
    let to = p.parse_type()?;
    state.operands = vec![p.resolve_operand(&x, from)?];
    state.result_types.push(to);
    Ok(())
}

fn print_cast(p: &mut Printer<'_>, op: OpId) {
    let spec = cast_spec(p.ctx.name_str(op));
    let operands = p.ctx.operands(op).to_vec();
    p.write(" ");
    p.print_operands(&operands);
    let mut elided = Vec::new();
    if spec.rounding {
        if let Some(m) = flags::rounding_mode(p.ctx, op) {
            p.write(" ");
            p.write(flags::ROUNDING_MODES[m]);
        }
        elided.push("roundingmode");
    }
    print_flags_and_attrs(p, op, spec.flags, &elided);
    p.write(" : ");
    if let Some(&x) = operands.first() {
        p.print_type(p.ctx.value_type(x));
    }
    p.write(" to ");
    if let Some(&r) = p.ctx.results(op).first() {
        p.print_type(p.ctx.value_type(r));
    }
}
