//! Verifier and parser helpers shared by the arith, math and cf dialects: MLIR's ODS type
//! constraints with their exact wording, the structural op traits (`ZeroRegions`, `OneResult`,
//! `NOperands<N>`, ...) and the `custom op '...'` error prefix of MLIR's custom-op parser.

use weir_ir::{
    op_error, Context, DiagResult, Diagnostic, InsertPoint, Location, OpId, OpState, RegionId,
    Signedness, Traits, Type, TypeKind, ValueId,
};
use weir_syntax::{type_to_string, Parser};

/// How many of something an op requires (operands or successors).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    /// Exactly this many.
    Exactly(usize),
    /// At least this many.
    AtLeast(usize),
    /// Any number.
    Any,
}

/// The structural traits, checked in MLIR's order (`ZeroRegions`, `ZeroResults`/`OneResult`,
/// `NSuccessors`, `NOperands`/`AtLeastNOperands`), with MLIR's messages.
pub fn verify_counts(
    ctx: &Context,
    op: OpId,
    results: usize,
    successors: Arity,
    operands: Arity,
) -> DiagResult<()> {
    if !ctx.regions(op).is_empty() {
        return Err(op_error(ctx, op, "requires zero regions"));
    }
    let nres = ctx.results(op).len();
    if nres != results {
        return Err(op_error(
            ctx,
            op,
            if results == 0 {
                "requires zero results"
            } else {
                "requires one result"
            },
        ));
    }
    let nsucc = ctx.successors(op).len();
    match successors {
        Arity::Exactly(n) if nsucc != n => {
            let s = if n == 1 { "" } else { "s" };
            return Err(op_error(
                ctx,
                op,
                format!("requires {n} successor{s} but found {nsucc}"),
            ));
        }
        Arity::AtLeast(n) if nsucc < n => {
            let s = if n == 1 { "" } else { "s" };
            return Err(op_error(
                ctx,
                op,
                format!("requires at least {n} successor{s} but found {nsucc}"),
            ));
        }
        _ => {}
    }
    let nops = ctx.operands(op).len();
    match operands {
        Arity::Exactly(0) if nops != 0 => Err(op_error(ctx, op, "requires zero operands")),
        Arity::Exactly(1) if nops != 1 => Err(op_error(ctx, op, "requires a single operand")),
        Arity::Exactly(n) if nops != n => Err(op_error(
            ctx,
            op,
            format!("expected {n} operands, but found {nops}"),
        )),
        Arity::AtLeast(n) if nops < n => Err(op_error(
            ctx,
            op,
            format!("expected {n} or more operands, but found {nops}"),
        )),
        _ => Ok(()),
    }
}

/// An ODS type constraint; [`Constraint::summary`] is MLIR's description of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Constraint {
    /// `SignlessIntegerOrIndexLike`: `iN` or `index`, or a tensor/vector of them.
    SignlessIntegerLike,
    /// `SignlessFixedWidthIntegerLike`: `iN` (not `index`), or a tensor/vector of them.
    SignlessFixedWidthIntegerLike,
    /// `FloatLike`: a float, or a tensor/vector of floats.
    FloatLike,
    /// `BoolLike`: `i1`, or a tensor/vector of `i1`.
    BoolLike,
    /// The operand/result constraint of `arith.index_cast(ui)`.
    IndexCastLike,
    /// The operand/result constraint of `arith.bitcast`.
    BitcastLike,
    /// `AnyInteger`: `iN`, `siN` or `uiN`.
    AnyInteger,
    /// `I1`: exactly `i1`.
    I1,
}

impl Constraint {
    /// MLIR's summary of the constraint, as it appears in `must be <summary>, but got 'T'`.
    pub fn summary(self) -> &'static str {
        match self {
            Constraint::SignlessIntegerLike => "signless-integer-like",
            Constraint::SignlessFixedWidthIntegerLike => "signless-fixed-width-integer-like",
            Constraint::FloatLike => "floating-point-like",
            Constraint::BoolLike => "bool-like",
            Constraint::IndexCastLike => "signless-integer-like or memref of signless-integer",
            Constraint::BitcastLike => {
                "signless-integer-or-float-like or memref of signless-integer or float"
            }
            Constraint::AnyInteger => "integer",
            Constraint::I1 => "1-bit signless integer",
        }
    }

    /// Whether `ty` satisfies the constraint.
    pub fn holds(self, ctx: &Context, ty: Type) -> bool {
        let scalar = |t: Type| -> bool {
            match self {
                Constraint::SignlessIntegerLike | Constraint::IndexCastLike => {
                    ctx.is_signless_int_or_index(t)
                }
                Constraint::SignlessFixedWidthIntegerLike => is_signless_int(ctx, t),
                Constraint::FloatLike => ctx.float_kind(t).is_some(),
                Constraint::BoolLike => is_i1(ctx, t),
                Constraint::BitcastLike => is_signless_int(ctx, t) || ctx.float_kind(t).is_some(),
                Constraint::AnyInteger | Constraint::I1 => unreachable!(
                    "AnyInteger and I1 are scalar-only: the match above returned for them"
                ),
            }
        };
        match self {
            Constraint::AnyInteger => matches!(ctx.type_kind(ty), TypeKind::Integer { .. }),
            Constraint::I1 => is_i1(ctx, ty),
            _ => match ctx.type_kind(ty) {
                TypeKind::Tensor { element, .. } | TypeKind::Vector { element, .. } => {
                    scalar(*element)
                }
                _ => scalar(ty),
            },
        }
    }
}

/// Checks operand `index` (`what` = `"operand"`) or result `index` (`what` = `"result"`) of
/// type `ty` against `c`: `'op' op operand #0 must be <summary>, but got 'T'`.
pub fn check_type(
    ctx: &Context,
    op: OpId,
    c: Constraint,
    what: &str,
    index: usize,
    ty: Type,
) -> DiagResult<()> {
    if c.holds(ctx, ty) {
        Ok(())
    } else {
        Err(op_error(
            ctx,
            op,
            format!(
                "{what} #{index} must be {}, but got '{}'",
                c.summary(),
                type_to_string(ctx, ty)
            ),
        ))
    }
}

/// Checks every operand against `c`, then every result against `c` (ODS order).
pub fn check_all_types(ctx: &Context, op: OpId, c: Constraint) -> DiagResult<()> {
    for (i, &v) in ctx.operands(op).iter().enumerate() {
        check_type(ctx, op, c, "operand", i, ctx.value_type(v))?;
    }
    for (i, &v) in ctx.results(op).iter().enumerate() {
        check_type(ctx, op, c, "result", i, ctx.value_type(v))?;
    }
    Ok(())
}

/// `iN` (signless, any width).
pub fn is_signless_int(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_kind(ty),
        TypeKind::Integer {
            signedness: Signedness::Signless,
            ..
        }
    )
}

/// `i1` (signless).
pub fn is_i1(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_kind(ty),
        TypeKind::Integer {
            width: 1,
            signedness: Signedness::Signless
        }
    )
}

/// Whether `ty` is a tensor (ranked or not) or a vector: MLIR's `ShapedType`.
pub fn is_shaped(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_kind(ty),
        TypeKind::Tensor { .. } | TypeKind::Vector { .. }
    )
}

/// The element type of a tensor or vector, else the type itself (MLIR `getElementTypeOrSelf`).
pub fn element_type(ctx: &Context, ty: Type) -> Type {
    match ctx.type_kind(ty) {
        TypeKind::Tensor { element, .. } | TypeKind::Vector { element, .. } => *element,
        _ => ty,
    }
}

/// `ty` with its element type replaced by `element` (the type itself when it is not shaped);
/// e.g. MLIR's `getI1SameShape` is `with_element_type(ctx, ty, i1)`.
pub fn with_element_type(ctx: &mut Context, ty: Type, element: Type) -> Type {
    match ctx.type_kind(ty).clone() {
        TypeKind::Tensor { shape, .. } => ctx.intern_type(TypeKind::Tensor { shape, element }),
        TypeKind::Vector { shape, .. } => ctx.intern_type(TypeKind::Vector { shape, element }),
        _ => element,
    }
}

/// Whether `b` has the same container (scalar, ranked/unranked tensor, vector) and shape as `a`,
/// ignoring element types. `unranked_ok`: whether two unranked tensors count as the same
/// (MLIR's `getI1SameShape` comparisons: yes; arith's "same tensor dimensions": no).
pub fn same_shape(ctx: &Context, a: Type, b: Type, unranked_ok: bool) -> bool {
    match (ctx.type_kind(a), ctx.type_kind(b)) {
        (TypeKind::Tensor { shape: Some(x), .. }, TypeKind::Tensor { shape: Some(y), .. }) => {
            x == y
        }
        (TypeKind::Tensor { shape: None, .. }, TypeKind::Tensor { shape: None, .. }) => unranked_ok,
        (TypeKind::Vector { shape: x, .. }, TypeKind::Vector { shape: y, .. }) => x == y,
        (TypeKind::Tensor { .. } | TypeKind::Vector { .. }, _)
        | (_, TypeKind::Tensor { .. } | TypeKind::Vector { .. }) => false,
        _ => true,
    }
}

/// MLIR `verifyCompatibleShape(Type, Type)`: both unshaped, or both shaped with an unranked
/// side or equal ranks whose dimensions are equal or dynamic.
pub fn compatible_shapes(ctx: &Context, a: Type, b: Type) -> bool {
    /// A shaped type's dimensions (`None` for `?`), or `Unranked`, or `Scalar`.
    enum Dims<'a> {
        Scalar,
        Unranked,
        Tensor(&'a [Option<u64>]),
        Vector(&'a [u64]),
    }
    let dims = |t: Type| match ctx.type_kind(t) {
        TypeKind::Tensor { shape: None, .. } => Dims::Unranked,
        TypeKind::Tensor { shape: Some(s), .. } => Dims::Tensor(s),
        TypeKind::Vector { shape, .. } => Dims::Vector(shape),
        _ => Dims::Scalar,
    };
    let dim = |d: &Dims<'_>, i: usize| match d {
        Dims::Tensor(s) => s[i],
        Dims::Vector(s) => Some(s[i]),
        Dims::Scalar | Dims::Unranked => None,
    };
    let rank = |d: &Dims<'_>| match d {
        Dims::Tensor(s) => s.len(),
        Dims::Vector(s) => s.len(),
        Dims::Scalar | Dims::Unranked => 0,
    };
    match (dims(a), dims(b)) {
        (Dims::Scalar, Dims::Scalar) => true,
        (Dims::Scalar, _) | (_, Dims::Scalar) => false,
        (Dims::Unranked, _) | (_, Dims::Unranked) => true,
        (x, y) => {
            rank(&x) == rank(&y)
                && (0..rank(&x)).all(|i| match (dim(&x, i), dim(&y, i)) {
                    (Some(p), Some(q)) => p == q,
                    _ => true,
                })
        }
    }
}

/// MLIR's `Elementwise` trait (`verifyElementwise`): non-scalar operands imply non-scalar
/// results and the reverse, and all non-scalar operands and results are of one kind (ranked
/// tensor, unranked tensor or vector: MLIR compares their type ids) with compatible shapes.
pub fn verify_elementwise_shapes(ctx: &Context, op: OpId) -> DiagResult<()> {
    let shaped = |vs: &[ValueId]| -> Vec<Type> {
        vs.iter()
            .map(|&v| ctx.value_type(v))
            .filter(|&t| is_shaped(ctx, t))
            .collect()
    };
    let (ops, res) = (shaped(ctx.operands(op)), shaped(ctx.results(op)));
    if ops.is_empty() && !res.is_empty() {
        return Err(op_error(
            ctx,
            op,
            "if a result is non-scalar, then at least one operand must be non-scalar",
        ));
    }
    if !ops.is_empty() && res.len() != ctx.results(op).len() {
        return Err(op_error(
            ctx,
            op,
            "if an operand is non-scalar, then all results must be non-scalar",
        ));
    }
    let kind = |t: Type| match ctx.type_kind(t) {
        TypeKind::Tensor { shape: Some(_), .. } => 0,
        TypeKind::Tensor { shape: None, .. } => 1,
        _ => 2,
    };
    let all: Vec<Type> = ops.iter().chain(&res).copied().collect();
    let same_kind = all.iter().all(|&t| kind(t) == kind(all[0]));
    if !same_kind || all.iter().any(|&t| !compatible_shapes(ctx, all[0], t)) {
        return Err(op_error(
            ctx,
            op,
            "all non-scalar operands/results must have the same shape and base type",
        ));
    }
    Ok(())
}

/// MLIR's `SameOperandsAndResultType` trait: every operand and result has the element type of
/// result #0 and a shape compatible with it.
pub fn verify_same_operands_and_result_type(ctx: &Context, op: OpId) -> DiagResult<()> {
    let Some(&r0) = ctx.results(op).first() else {
        return Ok(());
    };
    let ty = ctx.value_type(r0);
    let elem = element_type(ctx, ty);
    let all = ctx.results(op).iter().skip(1).chain(ctx.operands(op));
    for &v in all {
        let t = ctx.value_type(v);
        if element_type(ctx, t) != elem || !compatible_shapes(ctx, t, ty) {
            return Err(op_error(
                ctx,
                op,
                "requires the same type for all operands and results",
            ));
        }
    }
    Ok(())
}

/// MLIR's `InferTypeOpInterface` check for ops whose result type is inferred as the type of
/// operand #0: `inferred type(s) 'A' are incompatible with return type(s) of operation 'B'`.
pub fn verify_result_is_operand_type(ctx: &Context, op: OpId) -> DiagResult<()> {
    let (Some(&a), Some(&r)) = (ctx.operands(op).first(), ctx.results(op).first()) else {
        return Ok(());
    };
    let (at, rt) = (ctx.value_type(a), ctx.value_type(r));
    if at == rt {
        return Ok(());
    }
    Err(op_error(
        ctx,
        op,
        format!(
            "inferred type(s) '{}' are incompatible with return type(s) of operation '{}'",
            type_to_string(ctx, at),
            type_to_string(ctx, rt)
        ),
    ))
}

/// An error of a custom-syntax parser, prefixed as MLIR's custom-op parser does:
/// `custom op 'arith.extsi' expected 'to'`.
pub fn custom_op_error(
    p: &Parser<'_>,
    state: &OpState,
    loc: Location,
    msg: impl std::fmt::Display,
) -> Diagnostic {
    Diagnostic::error(
        loc,
        format!("custom op '{}' {msg}", p.ctx.op_name_str(state.name)),
    )
}

/// Consumes keyword `kw` or fails with MLIR's `custom op '<name>' expected '<kw>'`.
pub fn parse_custom_keyword(
    p: &mut Parser<'_>,
    state: &OpState,
    kw: &str,
) -> weir_syntax::PResult<()> {
    if p.parse_optional_keyword(kw) {
        Ok(())
    } else {
        Err(custom_op_error(
            p,
            state,
            p.loc(),
            format!("expected '{kw}'"),
        ))
    }
}

/// Parses an integer literal (optionally negative) with MLIR's prefixed errors
/// (`custom op '<name>' expected integer value`).
pub fn parse_custom_integer(p: &mut Parser<'_>, state: &OpState) -> weir_syntax::PResult<i128> {
    p.parse_integer()
        .map_err(|d| custom_op_error(p, state, d.loc, d.message))
}

/// The value of a signless integer of `width` bits whose bits are `v`, sign-extended (the
/// canonical form of `AttrKind::Integer` and `DenseValue::Int`); `i1` values are 0 or 1.
pub fn normalize_int(v: i128, width: u32) -> i128 {
    match width {
        0 => 0,
        1 => v & 1,
        w if w < 128 => weir_ir::sign_extend(v, w),
        _ => v,
    }
}

/// `v` read as a signed `width`-bit integer (its low `width` bits sign-extended; `i1` true is
/// -1, as MLIR's signed `i1` arithmetic reads it).
pub fn normalize_signed(v: i128, width: u32) -> i128 {
    if width == 0 {
        0
    } else if width < 128 {
        weir_ir::sign_extend(v, width)
    } else {
        v
    }
}

/// The location of op `op` (for diagnostics that MLIR emits without the `'name' op` prefix).
pub fn op_loc(ctx: &Context, op: OpId) -> Location {
    ctx.loc(op)
}

/// MLIR's `SingleBlockImplicitTerminator::ensureTerminator`: gives an empty region one block,
/// and appends an operand-less `terminator` (at `loc`) to the last block unless it already
/// ends with a registered terminator.
pub fn ensure_terminator(ctx: &mut Context, region: RegionId, terminator: &str, loc: &Location) {
    let block = match ctx.region_blocks(region).last() {
        Some(&b) => b,
        None => {
            let b = ctx.new_block(&[]);
            ctx.append_block(region, b);
            b
        }
    };
    if ctx
        .last_op(block)
        .is_some_and(|o| ctx.has_traits(o, Traits::TERMINATOR))
    {
        return;
    }
    let name = ctx.op_name(terminator);
    ctx.build_op(OpState::new(name, loc.clone()), InsertPoint::End(block));
}
