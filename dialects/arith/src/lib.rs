//! The arith dialect: integer and floating-point arithmetic, comparisons, select and casts.
//! Semantics, attribute names, custom syntax and verifier messages are those of the MLIR arith
//! dialect (`mlir/include/mlir/Dialect/Arith/IR/ArithOps.td`), as checked against `mlir-opt`
//! 22. All ops are `PURE`, and `SPECULATABLE` but the integer divisions and remainders that
//! fault at run time ([`backend_semantics`]).
//!
//! | op | custom syntax | notes |
//! |---|---|---|
//! | `arith.constant` | `%c42_i32 = arith.constant 42 : i32`, `%true = arith.constant true`, `%cst = arith.constant 1.500000e+00 : f32`, `%cst_0 = arith.constant dense<[1, 2]> : tensor<2xi32>` | attr `value`; the result type is the attribute's type; result names as MLIR's (`%c0` for index, `%c-1_i64`, `%true`/`%false`, `%cst`) |
//! | `arith.addi` `subi` `muli` `shli` | `%r = arith.addi %a, %b [overflow<nsw, nuw>] : i32` | attr `overflowFlags = #arith.overflow<...>` (absent = none) |
//! | `arith.divsi` `divui` `remsi` `remui` `andi` `ori` `xori` `shrsi` `shrui` `maxsi` `maxui` `minsi` `minui` `ceildivsi` `ceildivui` `floordivsi` | `%r = arith.divsi %a, %b : i32` | operands and result one signless-integer-like type (`iN`, `index`, or a tensor/vector of them) |
//! | `arith.addf` `subf` `mulf` `divf` `remf` `maximumf` `minimumf` `maxnumf` `minnumf` | `%r = arith.addf %a, %b [fastmath<nnan,ninf>] : f32` | floating-point-like; attr `fastmath = #arith.fastmath<...>` |
//! | `arith.negf` | `%r = arith.negf %a [fastmath<..>] : f32` | |
//! | `arith.cmpi` | `%r = arith.cmpi slt, %a, %b : i32` | attr `predicate : i64` ([`CmpIPredicate`]); result `i1` (or `i1` of the operands' shape) |
//! | `arith.cmpf` | `%r = arith.cmpf olt, %a, %b [fastmath<..>] : f32` | attr `predicate : i64` ([`CmpFPredicate`]) |
//! | `arith.select` | `%r = arith.select %c, %a, %b : i32`, `... : tensor<4xi1>, tensor<4xi32>` | |
//! | `arith.index_cast` `index_castui` | `%r = arith.index_cast %a : index to i32` | one side `index`, the other `iN` |
//! | `arith.extsi` `extui` | `%r = arith.extsi %a : i8 to i32` | result strictly wider |
//! | `arith.trunci` | `%r = arith.trunci %a [overflow<..>] : i32 to i8` | result strictly narrower |
//! | `arith.sitofp` `uitofp` | `%r = arith.sitofp %a : i32 to f32` | |
//! | `arith.fptosi` `fptoui` | `%r = arith.fptosi %a : f32 to i32` | |
//! | `arith.extf` | `%r = arith.extf %a [fastmath<..>] : f32 to f64` | result strictly wider |
//! | `arith.truncf` | `%r = arith.truncf %a [to_nearest_even\|downward\|upward\|toward_zero\|to_nearest_away] [fastmath<..>] : f64 to f32` | attr `roundingmode : i32` |
//! | `arith.bitcast` | `%r = arith.bitcast %a : f32 to i32` | equal bit widths |
//! | `arith.addui_extended` `mului_extended` `mulsi_extended` | `%0:2 = arith.addui_extended %a, %b : i32, i1`, `%1:2 = arith.mului_extended %a, %b : i32` | two results ([`extended`]) |
//!
//! Every op also takes an optional attribute dictionary right before the `:` (for
//! `arith.constant`, before the value: `arith.constant {k = 1 : i64} 3 : i32`). Casts of
//! tensors require equal shapes. The verifier messages are MLIR's, in MLIR's order: structural
//! traits, attributes, operand and result type constraints, then the op's own rules.
//!
//! Folding and canonicalization: `arith.constant` is `CONSTANT_LIKE`, and the dialect registers
//! a constant materializer ([`fold::materialize_constant`]: scalar integer, `index`, bool and
//! float constants, and `dense<...>` constants). Folders fold `dense<...>` operands
//! elementwise where MLIR does (`Context::dense_map`). Every other op has a folder with MLIR's exact semantics ([`fold`]: wrapping
//! integer arithmetic, division and shifts folded only where defined, IEEE float arithmetic in
//! the type's precision, NaN-aware comparisons, casts, the identities that hold for every input).
//! Canonicalization patterns move constants to the right of commutative ops and `cmpi`,
//! reassociate integer constants, simplify selects, `cmpf` of converted integers and `negf`
//! operands (`canonical.rs`), and compose cast chains and narrow ops on two equal extensions
//! (`chains.rs`) (MLIR `ArithCanonicalization.td` and the in-place folds of `ArithOps.cpp`).
//!
//! The crate also hosts [`util`] (constraint and structural-trait checks shared with the math
//! and cf dialects), the flag attributes ([`flags`]), the comparison predicates, the typed op
//! views ([`ConstantOp`], [`CmpIOp`], [`CmpFOp`], [`SelectOp`]) and builders (`build_*`), and
//! [`semantics`], the one description of the integer ops' semantics that the folders and scf's
//! evaluator share.

pub mod backend_semantics;
mod canonical;
mod chains;
pub mod extended;
pub mod flags;
pub mod fold;
mod half;
mod ops;
pub mod predicates;
pub mod semantics;
pub mod util;
mod views;

pub use backend_semantics::{IntFault, OversizedShift};
pub use ops::infer_first_operand;
pub use predicates::{CmpFPredicate, CmpIPredicate};
pub use semantics::{CastOp, FloatBinaryOp, IntBinaryOp, IntCastOp};
pub use views::{CmpFOp, CmpIOp, ConstantOp, SelectOp};

use weir_ir::{
    Attr, AttrKind, Context, InsertPoint, Location, OpId, OpState, Type, TypeKind, ValueId,
};
use weir_syntax::{type_to_string, Syntax};

/// Registers the arith ops and their syntax.
pub fn register(ctx: &mut Context, syntax: &mut Syntax) {
    ops::register(ctx, syntax);
    extended::register(ctx, syntax);
}

/// The names of all arith ops.
pub fn op_names() -> Vec<&'static str> {
    let mut v = vec![ConstantOp::NAME];
    v.extend(IntBinaryOp::ALL.iter().map(|k| k.name()));
    v.extend(FloatBinaryOp::ALL.iter().map(|k| k.name()));
    v.extend(["arith.negf", CmpIOp::NAME, CmpFOp::NAME, SelectOp::NAME]);
    v.extend(CastOp::ALL.iter().map(|k| k.name()));
    v.extend(extended::NAMES);
    v
}

/// The `value` attribute of an `arith.constant` op; `None` for any other op (or one without
/// `value`, which the verifier rejects).
pub fn constant_value(ctx: &Context, op: OpId) -> Option<Attr> {
    ConstantOp::of(ctx, op).and_then(|c| ctx.attr_of(c.op(), "value"))
}

/// The integer value of `v` if it is the result of an integer or `i1` `arith.constant`
/// (sign-extended from its width; `true` is 1).
pub fn constant_int_value(ctx: &Context, v: ValueId) -> Option<i128> {
    let a = constant_value(ctx, ctx.defining_op(v)?)?;
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => Some(*value),
        AttrKind::Bool(b) => Some(*b as i128),
        _ => None,
    }
}

/// The float value of `v` if it is the result of a scalar float `arith.constant`.
pub fn constant_float_value(ctx: &Context, v: ValueId) -> Option<f64> {
    let a = constant_value(ctx, ctx.defining_op(v)?)?;
    match ctx.attr_kind(a) {
        AttrKind::Float { bits, .. } => Some(f64::from_bits(*bits)),
        _ => None,
    }
}

/// The type of a typed attribute (MLIR `TypedAttr`): integers, floats, bools (`i1`), dense
/// elements (`dense`, `dense_resource`), and strings (`none`). `None` for the others (arrays, dictionaries, types, ...).
pub fn attr_type(ctx: &mut Context, attr: Attr) -> Option<Type> {
    match ctx.attr_kind(attr) {
        AttrKind::Dense(d) => Some(d.ty()),
        AttrKind::DenseResource { ty, .. } => Some(*ty),
        AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => Some(*ty),
        AttrKind::Bool(_) => Some(ctx.i1()),
        AttrKind::String(_) => Some(ctx.intern_type(TypeKind::None)),
        _ => None,
    }
}

/// The predicate of an `arith.cmpi` op.
pub fn cmpi_predicate(ctx: &Context, op: OpId) -> Option<CmpIPredicate> {
    predicate_value(ctx, op, CmpIOp::NAME).and_then(CmpIPredicate::from_i64)
}

/// The predicate of an `arith.cmpf` op.
pub fn cmpf_predicate(ctx: &Context, op: OpId) -> Option<CmpFPredicate> {
    predicate_value(ctx, op, CmpFOp::NAME).and_then(CmpFPredicate::from_i64)
}

fn predicate_value(ctx: &Context, op: OpId, name: &str) -> Option<i64> {
    if !ctx.is(op, name) {
        return None;
    }
    match ctx.attr_kind(ctx.attr_of(op, "predicate")?) {
        AttrKind::Integer { value, .. } => i64::try_from(*value).ok(),
        _ => None,
    }
}

/// MLIR's result name for an `arith.constant`: `c42_i32`, `c0` (index), `true`/`false`, `cst`.
pub(crate) fn constant_name_hint(ctx: &Context, op: OpId) -> Option<String> {
    let value = ctx.attr_of(op, "value")?;
    let ty = ctx.value_type(*ctx.results(op).first()?);
    Some(match ctx.attr_kind(value) {
        AttrKind::Bool(b) => b.to_string(),
        AttrKind::Integer { value, .. } => match ctx.type_kind(ty) {
            TypeKind::Integer { width: 1, .. } => {
                (if *value != 0 { "true" } else { "false" }).to_string()
            }
            TypeKind::Integer { .. } => format!("c{value}_{}", type_to_string(ctx, ty)),
            _ => format!("c{value}"),
        },
        _ => "cst".to_string(),
    })
}

// ------------------------------------------------------------------------------ builders

fn build(
    ctx: &mut Context,
    at: InsertPoint,
    name: &str,
    operands: Vec<ValueId>,
    result: Type,
    attrs: Vec<(&str, Attr)>,
    loc: Location,
) -> ValueId {
    let mut st = OpState::new(ctx.op_name(name), loc);
    st.operands = operands;
    st.result_types.push(result);
    for (k, v) in attrs {
        st.set_attr(ctx.attr_name(k), v);
    }
    let op = ctx.build_op(st, at);
    ctx.result(op, 0)
}

/// Builds the registered arith op `name` with its `InferTypes` result type
/// (`Context::build_inferred`) and returns its result.
///
/// Panics if `name` is not an arith op with the hook (a caller's bug: every builder here names
/// one, with the operands the hook reads).
fn build_infer(
    ctx: &mut Context,
    at: InsertPoint,
    name: &str,
    operands: Vec<ValueId>,
    attrs: Vec<(&str, Attr)>,
    loc: Location,
) -> ValueId {
    let mut st = OpState::new(ctx.op_name(name), loc);
    st.operands = operands;
    for (k, v) in attrs {
        st.set_attr(ctx.attr_name(k), v);
    }
    match ctx.build_inferred(st, at) {
        Ok(op) => ctx.result(op, 0),
        Err(d) => panic!("build_infer: every builder names an arith op with InferTypes and operands it accepts: {}", d.message),
    }
}

/// Builds `arith.constant` with `attr` (a typed attribute: its type is the result type) at `at`.
///
/// Panics if `attr` has no type (see [`attr_type`]).
pub fn build_constant(ctx: &mut Context, at: InsertPoint, attr: Attr, loc: Location) -> ValueId {
    let ty = attr_type(ctx, attr)
        .expect("build_constant: callers pass a typed attribute (the documented precondition)");
    build(
        ctx,
        at,
        ConstantOp::NAME,
        vec![],
        ty,
        vec![("value", attr)],
        loc,
    )
}

/// Builds `arith.constant value : ty` for an integer or `index` type `ty` (`i1` gives `true`
/// or `false`).
pub fn build_int_constant(
    ctx: &mut Context,
    at: InsertPoint,
    value: i128,
    ty: Type,
    loc: Location,
) -> ValueId {
    let attr = ctx.int_attr(value, ty);
    build_constant(ctx, at, attr, loc)
}

/// Builds the binary integer op `kind` (`arith.addi`, `arith.andi`, ...) of `lhs` and `rhs`
/// (no overflow flags); the result has the operands' type.
pub fn build_int_binary(
    ctx: &mut Context,
    at: InsertPoint,
    kind: IntBinaryOp,
    lhs: ValueId,
    rhs: ValueId,
    loc: Location,
) -> ValueId {
    build_infer(ctx, at, kind.name(), vec![lhs, rhs], vec![], loc)
}

/// Builds the binary float op `kind` (`arith.addf`, `arith.mulf`, ...) of `lhs` and `rhs` (no
/// fast-math flags); the result has the operands' type.
pub fn build_float_binary(
    ctx: &mut Context,
    at: InsertPoint,
    kind: FloatBinaryOp,
    lhs: ValueId,
    rhs: ValueId,
    loc: Location,
) -> ValueId {
    build_infer(ctx, at, kind.name(), vec![lhs, rhs], vec![], loc)
}

/// Builds `arith.addi lhs, rhs` (wrapping addition).
pub fn build_addi(
    ctx: &mut Context,
    at: InsertPoint,
    lhs: ValueId,
    rhs: ValueId,
    loc: Location,
) -> ValueId {
    build_int_binary(ctx, at, IntBinaryOp::Add, lhs, rhs, loc)
}

/// Builds `arith.andi lhs, rhs`.
pub fn build_andi(
    ctx: &mut Context,
    at: InsertPoint,
    lhs: ValueId,
    rhs: ValueId,
    loc: Location,
) -> ValueId {
    build_int_binary(ctx, at, IntBinaryOp::And, lhs, rhs, loc)
}

/// Builds `arith.xori lhs, rhs` (with an all-ones `rhs`: bitwise not).
pub fn build_xori(
    ctx: &mut Context,
    at: InsertPoint,
    lhs: ValueId,
    rhs: ValueId,
    loc: Location,
) -> ValueId {
    build_int_binary(ctx, at, IntBinaryOp::Xor, lhs, rhs, loc)
}

/// Builds `arith.cmpi pred, lhs, rhs` (result `i1`, or `i1` of the operands' shape).
pub fn build_cmpi(
    ctx: &mut Context,
    at: InsertPoint,
    pred: CmpIPredicate,
    lhs: ValueId,
    rhs: ValueId,
    loc: Location,
) -> ValueId {
    build_cmp(ctx, at, CmpIOp::NAME, pred.to_i64(), lhs, rhs, loc)
}

/// Builds `arith.cmpf pred, lhs, rhs`.
pub fn build_cmpf(
    ctx: &mut Context,
    at: InsertPoint,
    pred: CmpFPredicate,
    lhs: ValueId,
    rhs: ValueId,
    loc: Location,
) -> ValueId {
    build_cmp(ctx, at, CmpFOp::NAME, pred.to_i64(), lhs, rhs, loc)
}

fn build_cmp(
    ctx: &mut Context,
    at: InsertPoint,
    name: &str,
    pred: i64,
    lhs: ValueId,
    rhs: ValueId,
    loc: Location,
) -> ValueId {
    let i64t = ctx.int_type(64);
    let p = ctx.int_attr(pred as i128, i64t);
    build_infer(ctx, at, name, vec![lhs, rhs], vec![("predicate", p)], loc)
}

/// Builds `arith.select cond, a, b`.
pub fn build_select(
    ctx: &mut Context,
    at: InsertPoint,
    cond: ValueId,
    a: ValueId,
    b: ValueId,
    loc: Location,
) -> ValueId {
    build_infer(ctx, at, SelectOp::NAME, vec![cond, a, b], vec![], loc)
}

/// Builds the cast `kind` (`arith.index_cast`, `arith.extsi`, ...) of `value` to type `to`
/// (no flags or rounding mode).
pub fn build_cast(
    ctx: &mut Context,
    at: InsertPoint,
    kind: CastOp,
    value: ValueId,
    to: Type,
    loc: Location,
) -> ValueId {
    build(ctx, at, kind.name(), vec![value], to, vec![], loc)
}

/// Builds `arith.index_cast value` to `to` (`index` to `iN` or back; sign-extends).
pub fn build_index_cast(
    ctx: &mut Context,
    at: InsertPoint,
    value: ValueId,
    to: Type,
    loc: Location,
) -> ValueId {
    build_cast(ctx, at, CastOp::IndexCast, value, to, loc)
}

/// Builds `arith.negf value`.
pub fn build_negf(ctx: &mut Context, at: InsertPoint, value: ValueId, loc: Location) -> ValueId {
    let ty = ctx.value_type(value);
    build(ctx, at, "arith.negf", vec![value], ty, vec![], loc)
}

/// The unary elementwise syntax `%x [fastmath<..>] [{attrs}] : T`, shared with the math dialect.
pub mod unary_syntax {
    use crate::flags::FlagKind;
    use weir_ir::{OpId, OpState};
    use weir_syntax::{PResult, Parser, Printer};

    /// Parses `%x [fastmath<..>] [{attrs}] : T` (result type `T`).
    pub fn parse(p: &mut Parser<'_>, state: &mut OpState, flags: Option<FlagKind>) -> PResult<()> {
        crate::ops::parse_unary_with(p, state, flags)
    }

    /// Prints ` %x [fastmath<..>] [{attrs}] : T`.
    pub fn print(p: &mut Printer<'_>, op: OpId, flags: Option<FlagKind>) {
        crate::ops::print_unary_with(p, op, flags)
    }
}
