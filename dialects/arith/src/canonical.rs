//! The arith canonicalization patterns beyond folding: MLIR's `ArithCanonicalization.td`
//! reassociations of integer constants, which are exact in wrapping arithmetic, and
//! `xori(cmpi P, a, b), true -> cmpi !P, a, b`.
//!
//! | pattern (MLIR name) | rewrite |
//! |---|---|
//! | `AddIAddConstant` | `(x + c0) + c1 -> x + (c0 + c1)` |
//! | `AddISubConstantRHS` | `(x - c0) + c1 -> x + (c1 - c0)` |
//! | `AddISubConstantLHS` | `(c0 - x) + c1 -> (c0 + c1) - x` |
//! | `AddIMulNegativeOneRhs/Lhs` | `x + y * -1 -> x - y`, `x * -1 + y -> y - x` |
//! | `SubIRHSAddConstant` | `(x + c0) - c1 -> x + (c0 - c1)` |
//! | `SubILHSAddConstant` | `c1 - (x + c0) -> (c1 - c0) - x` |
//! | `SubIRHSSubConstantRHS` | `(x - c0) - c1 -> x - (c0 + c1)` |
//! | `SubIRHSSubConstantLHS` | `(c0 - x) - c1 -> (c0 - c1) - x` |
//! | `SubILHSSubConstantRHS` | `c1 - (x - c0) -> (c0 + c1) - x` |
//! | `SubILHSSubConstantLHS` | `c1 - (c0 - x) -> x + (c1 - c0)` |
//! | `SubISubILHSRHSLHS` | `(a - b) - a -> 0 - b` |
//! | `MulIMulIConstant` | `(x * c0) * c1 -> x * (c0 * c1)` |
//! | `XOrINotCmpI` | `xori(cmpi P, a, b), true -> cmpi !P, a, b` |
//! | `SelectToExtUI` | `select c, 1, 0 -> extui c`, `select c, 0, 1 -> extui (xori c, true)` |
//! | `SelectI1ToNot` | `select c, false, true -> xori c, true` (on `i1`) |
//! | `RedundantSelectTrue/False` | `select c, (select c, a, b), d -> select c, a, d`, `select c, a, (select c, b, d) -> select c, a, d` |
//! | `SelectNotCond` | `select (xori c, true), a, b -> select c, b, a` |
//! | `CmpFIntToFPConst` | `cmpf P, (sitofp/uitofp x), C -> cmpi P', x, c` or a constant, when the float type holds every value of `x` exactly (see [`cmpf_of_int`]) |
//! | `MulFOfNegF`, `DivFOfNegF` | `(-x) * (-y) -> x * y`, `(-x) / (-y) -> x / y` (the flags of the `mulf`/`divf` kept) |
//!
//! Unlike MLIR, the combined op carries no overflow flags: MLIR keeps the flags the two ops
//! share, which is wrong when the combined constant wraps (`(x +nsw 100) +nsw 100` on `i8` with
//! `x = -100` has no signed overflow, `x +nsw -56` has). Dropping `nsw`/`nuw` is always sound.

use crate::chains::unary_def;
use crate::fold::{int_constant_bits, scalar_int_width};
use crate::semantics::{CastOp, IntBinaryOp};
use crate::util::is_i1;
use weir_ir::{Context, InsertPoint, OpId, Pattern, RewriteLog, ValueId};

/// Patterns of `arith.addi`.
pub(crate) const ADDI: &[Pattern] = &[
    crate::fold::CONSTANT_TO_RHS,
    Pattern {
        name: "arith-addi-reassociate-constants",
        apply: addi,
    },
];

/// Patterns of `arith.subi`.
pub(crate) const SUBI: &[Pattern] = &[Pattern {
    name: "arith-subi-reassociate-constants",
    apply: subi,
}];

/// Patterns of `arith.muli`.
pub(crate) const MULI: &[Pattern] = &[
    crate::fold::CONSTANT_TO_RHS,
    Pattern {
        name: "arith-muli-reassociate-constants",
        apply: muli,
    },
];

/// Patterns of `arith.xori`.
pub(crate) const XORI: &[Pattern] = &[
    crate::fold::CONSTANT_TO_RHS,
    Pattern {
        name: "arith-xori-not-cmpi",
        apply: xori_not_cmpi,
    },
    crate::chains::BITWISE_OF_EXT,
];

/// Patterns of `arith.andi` and `arith.ori`.
pub(crate) const BITWISE: &[Pattern] =
    &[crate::fold::CONSTANT_TO_RHS, crate::chains::BITWISE_OF_EXT];

/// Patterns of `arith.mulf`.
pub(crate) const MULF: &[Pattern] = &[crate::fold::CONSTANT_TO_RHS, NEGF_OPERANDS];

/// Patterns of `arith.divf`.
pub(crate) const DIVF: &[Pattern] = &[NEGF_OPERANDS];

/// Patterns of `arith.cmpf`.
pub(crate) const CMPF: &[Pattern] = &[Pattern {
    name: "arith-cmpf-int-to-fp-constant",
    apply: cmpf_of_int,
}];

/// Patterns of `arith.select`.
pub(crate) const SELECT: &[Pattern] = &[Pattern {
    name: "arith-select-canonicalize",
    apply: select,
}];

/// Patterns of `arith.mulf` and `arith.divf`.
pub(crate) const NEGF_OPERANDS: Pattern = Pattern {
    name: "arith-mulf-divf-of-negf",
    apply: binary_of_negf,
};

/// An operand: a constant (its bits) or a value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Opnd {
    C(u128),
    V(ValueId),
}

/// The two operands of `v`'s defining op if it is named `name` (one result, two operands).
fn def_of(ctx: &Context, v: ValueId, name: &str, w: u32) -> Option<(Opnd, Opnd)> {
    let d = ctx.defining_op(v)?;
    if !ctx.is(d, name) || ctx.operands(d).len() != 2 || ctx.results(d).len() != 1 {
        return None;
    }
    Some((
        opnd(ctx, ctx.operand(d, 0), w),
        opnd(ctx, ctx.operand(d, 1), w),
    ))
}

fn opnd(ctx: &Context, v: ValueId, w: u32) -> Opnd {
    match int_constant_bits(ctx, v, w) {
        Some(c) => Opnd::C(c),
        None => Opnd::V(v),
    }
}

/// Replaces `op` by `kind(a, b)` (constants materialized before `op`).
fn replace(ctx: &mut Context, op: OpId, kind: IntBinaryOp, a: Opnd, b: Opnd) -> bool {
    let ty = ctx.value_type(ctx.result(op, 0));
    let w = match scalar_int_width(ctx, ty) {
        Some(w) => w,
        None => return false,
    };
    let loc = ctx.loc(op);
    let value = |ctx: &mut Context, o: Opnd| match o {
        Opnd::V(v) => v,
        Opnd::C(c) => crate::build_int_constant(
            ctx,
            InsertPoint::Before(op),
            weir_ir::sign_extend(c as i128, w),
            ty,
            loc.clone(),
        ),
    };
    let (a, b) = (value(ctx, a), value(ctx, b));
    let new = crate::build_int_binary(ctx, InsertPoint::Before(op), kind, a, b, ctx.loc(op));
    ctx.replace_op(op, &[new]);
    true
}

/// `(x, w)` for a binary op on a scalar integer type of 1 to 128 bits.
fn binary(ctx: &Context, op: OpId) -> Option<(ValueId, ValueId, u32)> {
    if ctx.operands(op).len() != 2 || ctx.results(op).len() != 1 {
        return None;
    }
    let w = scalar_int_width(ctx, ctx.value_type(ctx.result(op, 0)))?;
    Some((ctx.operand(op, 0), ctx.operand(op, 1), w))
}

fn addi(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    use Opnd::*;
    let Some((l, r, w)) = binary(ctx, op) else {
        return false;
    };
    // x + y * -1 -> x - y; x * -1 + y -> y - x
    let minus_one = crate::fold::mask(w);
    if let Some((V(y), C(m))) = def_of(ctx, r, "arith.muli", w) {
        if m == minus_one {
            return replace(ctx, op, IntBinaryOp::Sub, V(l), V(y));
        }
    }
    if let Some((V(x), C(m))) = def_of(ctx, l, "arith.muli", w) {
        if m == minus_one {
            return replace(ctx, op, IntBinaryOp::Sub, V(r), V(x));
        }
    }
    let C(c1) = opnd(ctx, r, w) else { return false };
    if let Some((V(x), C(c0))) = def_of(ctx, l, "arith.addi", w) {
        return replace(ctx, op, IntBinaryOp::Add, V(x), C(c0.wrapping_add(c1)));
    }
    match def_of(ctx, l, "arith.subi", w) {
        Some((V(x), C(c0))) => replace(ctx, op, IntBinaryOp::Add, V(x), C(c1.wrapping_sub(c0))),
        Some((C(c0), V(x))) => replace(ctx, op, IntBinaryOp::Sub, C(c0.wrapping_add(c1)), V(x)),
        _ => false,
    }
}

fn subi(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    use Opnd::*;
    let Some((l, r, w)) = binary(ctx, op) else {
        return false;
    };
    match (opnd(ctx, l, w), opnd(ctx, r, w)) {
        (V(a), C(c1)) => {
            if let Some((V(x), C(c0))) = def_of(ctx, a, "arith.addi", w) {
                return replace(ctx, op, IntBinaryOp::Add, V(x), C(c0.wrapping_sub(c1)));
            }
            match def_of(ctx, a, "arith.subi", w) {
                Some((V(x), C(c0))) => {
                    replace(ctx, op, IntBinaryOp::Sub, V(x), C(c0.wrapping_add(c1)))
                }
                Some((C(c0), V(x))) => {
                    replace(ctx, op, IntBinaryOp::Sub, C(c0.wrapping_sub(c1)), V(x))
                }
                _ => false,
            }
        }
        (C(c1), V(b)) => {
            if let Some((V(x), C(c0))) = def_of(ctx, b, "arith.addi", w) {
                return replace(ctx, op, IntBinaryOp::Sub, C(c1.wrapping_sub(c0)), V(x));
            }
            match def_of(ctx, b, "arith.subi", w) {
                Some((V(x), C(c0))) => {
                    replace(ctx, op, IntBinaryOp::Sub, C(c0.wrapping_add(c1)), V(x))
                }
                Some((C(c0), V(x))) => {
                    replace(ctx, op, IntBinaryOp::Add, V(x), C(c1.wrapping_sub(c0)))
                }
                _ => false,
            }
        }
        (V(a), V(_)) => {
            // (a - b) - a -> 0 - b
            match def_of(ctx, a, "arith.subi", w) {
                Some((V(p), b)) if p == r => replace(ctx, op, IntBinaryOp::Sub, C(0), b),
                _ => false,
            }
        }
        _ => false,
    }
}

fn muli(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    use Opnd::*;
    let Some((l, r, w)) = binary(ctx, op) else {
        return false;
    };
    let C(c1) = opnd(ctx, r, w) else { return false };
    match def_of(ctx, l, "arith.muli", w) {
        Some((V(x), C(c0))) => replace(ctx, op, IntBinaryOp::Mul, V(x), C(c0.wrapping_mul(c1))),
        _ => false,
    }
}

fn xori_not_cmpi(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    let Some((l, r, 1)) = binary(ctx, op) else {
        return false;
    };
    if int_constant_bits(ctx, r, 1) != Some(1) {
        return false;
    }
    let Some(d) = ctx.defining_op(l) else {
        return false;
    };
    if !ctx.is(d, "arith.cmpi")
        || ctx.operands(d).len() != 2
        || ctx.value_type(l) != ctx.value_type(ctx.result(op, 0))
    {
        return false;
    }
    let Some(pred) = crate::cmpi_predicate(ctx, d) else {
        return false;
    };
    let (a, b) = (ctx.operand(d, 0), ctx.operand(d, 1));
    let loc = ctx.loc(op);
    let new = crate::build_cmpi(ctx, InsertPoint::Before(op), pred.invert(), a, b, loc);
    ctx.replace_op(op, &[new]);
    true
}

/// `c` if `v` is `xori c, true` on `i1` (MLIR's `not c` after constants moved to the right).
fn not_of(ctx: &Context, v: ValueId) -> Option<ValueId> {
    let d = ctx.defining_op(v)?;
    let (c, t, 1) = binary(ctx, d)? else {
        return None;
    };
    (ctx.is(d, "arith.xori") && int_constant_bits(ctx, t, 1) == Some(1)).then_some(c)
}

fn select(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    if ctx.operands(op).len() != 3 || ctx.results(op).len() != 1 {
        return false;
    }
    let (c, t, f) = (ctx.operand(op, 0), ctx.operand(op, 1), ctx.operand(op, 2));
    if !is_i1(ctx, ctx.value_type(c)) {
        return false;
    }
    // select (not c), a, b -> select c, b, a
    if let Some(c) = not_of(ctx, c) {
        ctx.set_operand(op, 0, c);
        ctx.set_operand(op, 1, f);
        ctx.set_operand(op, 2, t);
        return true;
    }
    // select c, (select c, a, b), d -> select c, a, d; select c, a, (select c, b, d) -> ...
    for (i, v) in [(1, t), (2, f)] {
        if let Some(d) = ctx.defining_op(v) {
            if ctx.is(d, "arith.select") && ctx.operands(d).len() == 3 && ctx.operand(d, 0) == c {
                let inner = ctx.operand(d, i);
                ctx.set_operand(op, i, inner);
                return true;
            }
        }
    }
    // select c, 1, 0 -> extui c; select c, 0, 1 -> extui (not c) (scalar integers of 2 bits or
    // more; i1 is `c` itself, or `not c`).
    let ty = ctx.value_type(ctx.result(op, 0));
    let Some(w) = scalar_int_width(ctx, ty) else {
        return false;
    };
    if matches!(ctx.type_kind(ty), weir_ir::TypeKind::Index) {
        return false;
    }
    let (tb, fb) = (int_constant_bits(ctx, t, w), int_constant_bits(ctx, f, w));
    let negate = match (tb, fb) {
        (Some(1), Some(0)) if w > 1 => false,
        (Some(0), Some(1)) => true,
        _ => return false,
    };
    let loc = ctx.loc(op);
    let mut cond = c;
    if negate {
        let i1 = ctx.i1();
        let t = crate::build_int_constant(ctx, InsertPoint::Before(op), 1, i1, loc.clone());
        cond = crate::build_xori(ctx, InsertPoint::Before(op), c, t, loc.clone());
    }
    let new = if w == 1 {
        cond
    } else {
        crate::build_cast(ctx, InsertPoint::Before(op), CastOp::ExtUI, cond, ty, loc)
    };
    ctx.replace_op(op, &[new]);
    true
}

fn binary_of_negf(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    if ctx.operands(op).len() != 2 {
        return false;
    }
    let (Some((_, x)), Some((_, y))) = (
        unary_def(ctx, ctx.operand(op, 0), "arith.negf"),
        unary_def(ctx, ctx.operand(op, 1), "arith.negf"),
    ) else {
        return false;
    };
    ctx.set_operand(op, 0, x);
    ctx.set_operand(op, 1, y);
    true
}

/// `cmpf P, (sitofp/uitofp x), C` with `x : iN` and a float type whose significand holds N bits
/// (so the conversion is exact and never NaN) and a constant `C` that is not NaN: the comparison
/// of the integer `x` with the real `C`. Ordered and unordered predicates agree (no NaN);
/// `ord`/`uno` are true/false. With `[lo, hi]` the range of `x`: `C` above `hi` or below `lo`
/// decides every predicate; otherwise, with `F = floor(C)`, an integral `C` compares with `F`
/// under the same predicate (signed for sitofp, unsigned for uitofp), and a fractional `C` gives
/// `x < C <=> x <= F`, `x > C <=> x > F`, `==` false and `!=` true. (MLIR `CmpFIntToFPConst`,
/// after LLVM's `foldFCmpIntToFPConst`.)
fn cmpf_of_int(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    use crate::predicates::CmpFPredicate as F;
    use crate::predicates::CmpIPredicate as I;
    if ctx.operands(op).len() != 2 || ctx.results(op).len() != 1 {
        return false;
    }
    let Some(pred) = crate::cmpf_predicate(ctx, op) else {
        return false;
    };
    let (l, r) = (ctx.operand(op, 0), ctx.operand(op, 1));
    let Some(c) = crate::constant_float_value(ctx, r).filter(|c| !c.is_nan()) else {
        return false;
    };
    let (signed, x) = match (
        unary_def(ctx, l, "arith.sitofp"),
        unary_def(ctx, l, "arith.uitofp"),
    ) {
        (Some((_, x)), _) => (true, x),
        (_, Some((_, x))) => (false, x),
        _ => return false,
    };
    let (Some(w), Some(k)) = (
        scalar_int_width(ctx, ctx.value_type(x)),
        ctx.float_kind(ctx.value_type(l)),
    ) else {
        return false;
    };
    if matches!(ctx.type_kind(ctx.value_type(x)), weir_ir::TypeKind::Index)
        || w > crate::chains::significand_bits(k)
    {
        return false;
    }
    // The relation tested between the integer x and the real C.
    #[derive(Clone, Copy, PartialEq)]
    enum Rel {
        Eq,
        Ne,
        Lt,
        Le,
        Gt,
        Ge,
    }
    let rel = match pred {
        F::AlwaysFalse | F::AlwaysTrue => return false,
        F::Ord => return replace_by_bool(ctx, op, true),
        F::Uno => return replace_by_bool(ctx, op, false),
        F::Oeq | F::Ueq => Rel::Eq,
        F::One | F::Une => Rel::Ne,
        F::Olt | F::Ult => Rel::Lt,
        F::Ole | F::Ule => Rel::Le,
        F::Ogt | F::Ugt => Rel::Gt,
        F::Oge | F::Uge => Rel::Ge,
    };
    // The range of x as reals (exact in f64 for w <= 53).
    let (lo, hi) = if signed {
        (-(2f64.powi(w as i32 - 1)), 2f64.powi(w as i32 - 1) - 1.0)
    } else {
        (0.0, 2f64.powi(w as i32) - 1.0)
    };
    if c > hi {
        return replace_by_bool(ctx, op, matches!(rel, Rel::Ne | Rel::Lt | Rel::Le));
    }
    if c < lo {
        return replace_by_bool(ctx, op, matches!(rel, Rel::Ne | Rel::Gt | Rel::Ge));
    }
    let f = c.floor();
    let rel = match (rel, f == c) {
        (Rel::Eq, false) => return replace_by_bool(ctx, op, false),
        (Rel::Ne, false) => return replace_by_bool(ctx, op, true),
        (Rel::Lt, false) => Rel::Le,
        (Rel::Ge, false) => Rel::Gt,
        (rel, _) => rel,
    };
    let ipred = match (rel, signed) {
        (Rel::Eq, _) => I::Eq,
        (Rel::Ne, _) => I::Ne,
        (Rel::Lt, true) => I::Slt,
        (Rel::Le, true) => I::Sle,
        (Rel::Gt, true) => I::Sgt,
        (Rel::Ge, true) => I::Sge,
        (Rel::Lt, false) => I::Ult,
        (Rel::Le, false) => I::Ule,
        (Rel::Gt, false) => I::Ugt,
        (Rel::Ge, false) => I::Uge,
    };
    let ty = ctx.value_type(x);
    let loc = ctx.loc(op);
    let at = InsertPoint::Before(op);
    let bound = crate::build_int_constant(ctx, at, f as i128, ty, loc.clone());
    let new = crate::build_cmpi(ctx, at, ipred, x, bound, loc);
    ctx.replace_op(op, &[new]);
    true
}

/// Replaces the `i1` result of `op` by the constant `b`.
fn replace_by_bool(ctx: &mut Context, op: OpId, b: bool) -> bool {
    let ty = ctx.value_type(ctx.result(op, 0));
    if !is_i1(ctx, ty) {
        return false;
    }
    let loc = ctx.loc(op);
    let v = crate::build_int_constant(ctx, InsertPoint::Before(op), b as i128, ty, loc);
    ctx.replace_op(op, &[v]);
    true
}
