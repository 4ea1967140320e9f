//! Constant folding of the arith ops: MLIR's `fold` methods (`ArithOps.cpp`) with their exact
//! semantics, the constant materializer, and the canonicalization patterns that move constants
//! to the right-hand side (which MLIR does in place inside `fold`).
//!
//! Integers are folded as bit patterns of the type's width (`index` is 64 bits), for widths 1 to
//! 128; wider types are left alone. Floats are folded in the type's own precision for `f32` and
//! `f64`; `f16`/`bf16` arithmetic is computed in `f64` and rounded once more to the format (exact
//! for `+ - * /`: `f64` has more than twice their precision plus two bits, so the second rounding
//! gives the correctly rounded result), and NaN results are not folded. `dense<...>` operands of
//! one shape fold elementwise through the same per-value semantics (`Context::dense_map`: a
//! splat pair once, giving a splat; an element that does not fold leaves the op), for the ops
//! MLIR 22 folds so (every binary op, `cmpi`, `select`, `negf`, the casts; not `cmpf`). A folder never changes
//! the IR and never panics on malformed (unverified) ops: it returns `None` instead.
//!
//! Where Weir folds differently from MLIR 22 (on purpose, each time the value is still exact):
//! - `remsi INT_MIN, -1` is not folded (MLIR folds it to 0; it is undefined in LLVM and a
//!   runtime fault in Weir's JIT), and the signed `x / 1`, `x % 1` identities are not applied to
//!   `i1`, where the constant 1 is -1 (INT_MIN / -1 again);
//! - `ceildivsi` folds every constant case but division by zero and INT_MIN / -1 (MLIR also
//!   gives up when an intermediate negation overflows, e.g. `ceildivsi INT_MIN, 2`);
//! - `truncf` folds inexact values, rounded by the op's rounding mode (MLIR folds only exact
//!   truncations); NaN is not folded;
//! - `cmpf false`/`cmpf true` fold to constants whatever the operands.

use crate::predicates::{to_unsigned, CmpFPredicate, CmpIPredicate};
use crate::semantics::{FloatBinaryOp, IntBinaryOp, IntCastOp};
use crate::util::{element_type, is_i1};
use weir_ir::{
    sign_extend, Attr, AttrKind, Context, DenseValue, FloatKind, FoldResult, InsertPoint, Location,
    OpId, Pattern, RewriteLog, Type, TypeKind, ValueId,
};

type Folded = Option<Vec<FoldResult>>;

fn value(v: ValueId) -> Folded {
    Some(vec![FoldResult::Value(v)])
}

fn constant(a: Attr) -> Folded {
    Some(vec![FoldResult::Constant(a)])
}

// ------------------------------------------------------------------------------ integers

/// The width of a signless integer or `index` type that the folders handle (1 to 128 bits).
fn foldable_width(ctx: &Context, ty: Type) -> Option<u32> {
    if !ctx.is_signless_int_or_index(ty) {
        return None;
    }
    ctx.int_width(ty).filter(|w| (1..=128).contains(w))
}

pub(crate) fn mask(w: u32) -> u128 {
    if w >= 128 {
        u128::MAX
    } else {
        (1u128 << w) - 1
    }
}

/// The bits `b` (of a `w`-bit integer) read as a signed number.
fn sext(b: u128, w: u32) -> i128 {
    sign_extend(b as i128, w)
}

/// The smallest signed `w`-bit number, as bits.
fn smin(w: u32) -> u128 {
    1u128 << (w - 1)
}

/// The largest signed `w`-bit number, as bits.
fn smax(w: u32) -> u128 {
    mask(w) >> 1
}

/// Whether `ty` is the scalar `i0`, whose only value is 0 (MLIR folds every `i0` result to 0).
pub(crate) fn is_i0(ctx: &Context, ty: Type) -> bool {
    ctx.is_signless_int_or_index(ty) && ctx.int_width(ty) == Some(0)
}

/// The width of `ty` if it is a scalar signless integer or `index` of 1 to 128 bits.
pub(crate) fn scalar_int_width(ctx: &Context, ty: Type) -> Option<u32> {
    foldable_width(ctx, ty)
}

/// The bits (masked to `w`) of `v` if it is a scalar integer constant.
pub(crate) fn int_constant_bits(ctx: &Context, v: ValueId, w: u32) -> Option<u128> {
    int_bits(ctx, ctx.constant_of(v), w)
}

/// The bits (masked to `w`) of a scalar integer constant (`Integer` or `Bool` attribute).
fn int_bits(ctx: &Context, a: Option<Attr>, w: u32) -> Option<u128> {
    match ctx.attr_kind(a?) {
        AttrKind::Integer { value, .. } => Some(to_unsigned(*value, w)),
        AttrKind::Bool(b) => Some(*b as u128),
        _ => None,
    }
}

/// Like [`int_bits`], also accepting a splat `dense<...>` (MLIR's `m_Zero`, `m_One` and
/// `m_ConstantInt` match splats), for the identities that return an existing value.
fn splat_bits(ctx: &Context, a: Option<Attr>, w: u32) -> Option<u128> {
    match ctx.attr_kind(a?) {
        AttrKind::Dense(d) => match d.splat_value()? {
            DenseValue::Int(v) => Some(to_unsigned(v, w)),
            DenseValue::Float(_) => None,
        },
        _ => int_bits(ctx, a, w),
    }
}

/// An integer result `bits` of type `ty` (width `w`) as an attribute.
fn int_result(ctx: &mut Context, bits: u128, w: u32, ty: Type) -> Attr {
    ctx.int_attr(sext(bits, w), ty)
}

/// The folder of the binary integer ops.
pub(crate) fn fold_int_binary(
    ctx: &mut Context,
    op: OpId,
    c: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    if c.len() != 2 || ctx.operands(op).len() != 2 || ctx.results(op).len() != 1 {
        return None;
    }
    let kind = IntBinaryOp::of(ctx, op)?;
    let ty = ctx.value_type(ctx.result(op, 0));
    // On i0 every value is 0; divisions are by zero there (undefined) and stay.
    if is_i0(ctx, ty) && !kind.is_division() {
        return constant(ctx.int_attr(0, ty));
    }
    let elem = element_type(ctx, ty);
    let w = foldable_width(ctx, elem)?;
    let scalar = elem == ty;
    if scalar {
        if let (Some(a), Some(b)) = (int_bits(ctx, c[0], w), int_bits(ctx, c[1], w)) {
            let r = kind.eval(a, b, w)?;
            return constant(int_result(ctx, r, w, ty));
        }
    } else if let [Some(a), Some(b)] = *c {
        let folded = ctx.dense_map(&[a, b], ty, |_, v| match *v {
            [DenseValue::Int(a), DenseValue::Int(b)] => kind
                .eval(to_unsigned(a, w), to_unsigned(b, w), w)
                .map(|r| DenseValue::Int(sext(r, w))),
            _ => None,
        });
        if let Some(r) = folded {
            return constant(r);
        }
    }
    int_identity(ctx, op, kind, c, w, ty, scalar)
}

/// The value of `v` if it is result 0 of an op named `name` with two operands.
fn binary_operands(ctx: &Context, v: ValueId, name: &str) -> Option<(ValueId, ValueId)> {
    let d = ctx.defining_op(v)?;
    if !ctx.is(d, name) || ctx.operands(d).len() != 2 {
        return None;
    }
    Some((ctx.operand(d, 0), ctx.operand(d, 1)))
}

/// Whether `v` is `xori u, -1` (or `xori -1, u`) for the given `u` (MLIR's "not u").
fn is_not_of(ctx: &Context, v: ValueId, u: ValueId, w: u32) -> bool {
    let Some((p, q)) = binary_operands(ctx, v, "arith.xori") else {
        return false;
    };
    let all = |x: ValueId| splat_bits(ctx, ctx.constant_of(x), w) == Some(mask(w));
    (p == u && all(q)) || (q == u && all(p))
}

/// The identities of MLIR's integer folders (for either operand order where the op is
/// commutative: MLIR moves constants to the right before folding).
fn int_identity(
    ctx: &mut Context,
    op: OpId,
    kind: IntBinaryOp,
    c: &[Option<Attr>],
    w: u32,
    ty: Type,
    scalar: bool,
) -> Option<Vec<FoldResult>> {
    use IntBinaryOp::*;
    let (x, y) = (ctx.operand(op, 0), ctx.operand(op, 1));
    let (l, r) = (splat_bits(ctx, c[0], w), splat_bits(ctx, c[1], w));
    let all = mask(w);
    let zero = |ctx: &mut Context| {
        if scalar {
            constant(ctx.int_attr(0, ty))
        } else {
            None
        }
    };
    let all_ones = |ctx: &mut Context| {
        if scalar {
            constant(int_result(ctx, all, w, ty))
        } else {
            None
        }
    };
    match kind {
        Add => {
            if r == Some(0) {
                return value(x);
            }
            if l == Some(0) {
                return value(y);
            }
            // (a - b) + b -> a, b + (a - b) -> a
            if let Some((a, b)) = binary_operands(ctx, x, "arith.subi") {
                if b == y {
                    return value(a);
                }
            }
            if let Some((a, b)) = binary_operands(ctx, y, "arith.subi") {
                if b == x {
                    return value(a);
                }
            }
            None
        }
        Sub => {
            if x == y {
                return zero(ctx);
            }
            if r == Some(0) {
                return value(x);
            }
            // (a + b) - b -> a, (a + b) - a -> b
            if let Some((a, b)) = binary_operands(ctx, x, "arith.addi") {
                if b == y {
                    return value(a);
                }
                if a == y {
                    return value(b);
                }
            }
            None
        }
        Mul => {
            if r == Some(0) || l == Some(1) {
                return value(y);
            }
            if l == Some(0) || r == Some(1) {
                return value(x);
            }
            None
        }
        // x / 1 -> x. Signed ops on i1: 1 is -1 (and true / true is INT_MIN / -1).
        DivU | CeilDivU if r == Some(1) => value(x),
        DivS | CeilDivS | FloorDivS if w >= 2 && r == Some(1) => value(x),
        // (a * b) / b -> a and (a * b) / a -> b when the product does not wrap: `nuw` for
        // divui, `nsw` for divsi (MLIR `DivUIOp::fold`, `DivSIOp::fold`, `foldDivMul`).
        DivU => div_of_mul(ctx, x, y, crate::flags::OVERFLOW_NUW),
        DivS => div_of_mul(ctx, x, y, crate::flags::OVERFLOW_NSW),
        CeilDivU | CeilDivS | FloorDivS => None,
        RemU if r == Some(1) => zero(ctx),
        RemS if w >= 2 && r == Some(1) => zero(ctx),
        RemU | RemS => None,
        And => {
            if x == y || r == Some(all) {
                return value(x);
            }
            if l == Some(all) {
                return value(y);
            }
            if r == Some(0) {
                return value(y);
            }
            if l == Some(0) {
                return value(x);
            }
            if is_not_of(ctx, y, x, w) || is_not_of(ctx, x, y, w) {
                return zero(ctx);
            }
            // and(a, and(a, b)) -> and(a, b), in any operand order (MLIR `foldAndIofAndI`).
            for (outer, inner) in [(x, y), (y, x)] {
                if let Some((a, b)) = binary_operands(ctx, inner, "arith.andi") {
                    if a == outer || b == outer {
                        return value(inner);
                    }
                }
            }
            None
        }
        Or => {
            if x == y || r == Some(0) {
                return value(x);
            }
            if l == Some(0) {
                return value(y);
            }
            if r == Some(all) {
                return value(y);
            }
            if l == Some(all) {
                return value(x);
            }
            if is_not_of(ctx, y, x, w) || is_not_of(ctx, x, y, w) {
                return all_ones(ctx);
            }
            None
        }
        Xor => {
            if x == y {
                return zero(ctx);
            }
            if r == Some(0) {
                return value(x);
            }
            if l == Some(0) {
                return value(y);
            }
            // (a ^ b) ^ b -> a, (a ^ b) ^ a -> b, and with the operands swapped: b ^ (a ^ b) -> a,
            // a ^ (a ^ b) -> b (MLIR 22's XOrIOp folder).
            for (inner, other) in [(x, y), (y, x)] {
                if let Some((a, b)) = binary_operands(ctx, inner, "arith.xori") {
                    if b == other {
                        return value(a);
                    }
                    if a == other {
                        return value(b);
                    }
                }
            }
            None
        }
        Shl | ShrS | ShrU => (r == Some(0)).then(|| vec![FoldResult::Value(x)]),
        MaxS | MaxU | MinS | MinU => {
            if x == y {
                return value(x);
            }
            // (absorbing element, neutral element) of the op.
            let (absorbing, neutral) = match kind {
                MaxS => (smax(w), smin(w)),
                MinS => (smin(w), smax(w)),
                MaxU => (all, 0),
                _ => (0, all),
            };
            if r == Some(absorbing) || l == Some(neutral) {
                return value(y);
            }
            if l == Some(absorbing) || r == Some(neutral) {
                return value(x);
            }
            None
        }
    }
}

/// `x / y` where `x = muli a, b` carries overflow flag `flag`: `a` if `y` is `b`, `b` if `y`
/// is `a`. (`(a * b) / b = a` exactly when `a * b` is the exact product; division by a zero
/// `b` is undefined behaviour in MLIR, so the fold holds there too.)
fn div_of_mul(ctx: &Context, x: ValueId, y: ValueId, flag: u32) -> Folded {
    let (a, b) = binary_operands(ctx, x, "arith.muli")?;
    let mul = ctx.defining_op(x)?;
    if crate::flags::FlagKind::Overflow.of(ctx, mul) & flag == 0 {
        return None;
    }
    if b == y {
        value(a)
    } else if a == y {
        value(b)
    } else {
        None
    }
}

/// `arith.cmpi`.
pub(crate) fn fold_cmpi(
    ctx: &mut Context,
    op: OpId,
    c: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    if c.len() != 2 || ctx.operands(op).len() != 2 || ctx.results(op).len() != 1 {
        return None;
    }
    let pred = crate::cmpi_predicate(ctx, op)?;
    let (x, y) = (ctx.operand(op, 0), ctx.operand(op, 1));
    let operand_ty = ctx.value_type(x);
    let result_ty = ctx.value_type(ctx.result(op, 0));
    let elem = element_type(ctx, operand_ty);
    let w = foldable_width(ctx, elem)?;
    let scalar = elem == operand_ty && is_i1(ctx, result_ty);
    if x == y {
        if !scalar {
            return None;
        }
        let v = pred.evaluate(0, 0, w);
        return constant(ctx.int_attr(v as i128, result_ty));
    }
    let r = splat_bits(ctx, c[1], w);
    let i1_operands = elem_is_i1(ctx, elem);
    if r == Some(0) && pred == CmpIPredicate::Ne {
        // extsi/extui(%b : i1) != 0 -> %b
        if let Some(d) = ctx.defining_op(x) {
            if (ctx.is(d, "arith.extsi") || ctx.is(d, "arith.extui")) && ctx.operands(d).len() == 1
            {
                let src = ctx.operand(d, 0);
                if ctx.value_type(src) == result_ty {
                    return value(src);
                }
            }
        }
        // %b != false -> %b (i1)
        if i1_operands && operand_ty == result_ty {
            return value(x);
        }
    }
    // %b == true -> %b (i1)
    if r == Some(1) && pred == CmpIPredicate::Eq && i1_operands && operand_ty == result_ty {
        return value(x);
    }
    if scalar {
        if let (Some(a), Some(b)) = (int_bits(ctx, c[0], w), int_bits(ctx, c[1], w)) {
            let v = pred.evaluate(a as i128, b as i128, w);
            return constant(ctx.int_attr(v as i128, result_ty));
        }
    } else if let [Some(a), Some(b)] = *c {
        let folded = ctx.dense_map(&[a, b], result_ty, |_, v| match *v {
            [DenseValue::Int(a), DenseValue::Int(b)] => {
                let (a, b) = (to_unsigned(a, w) as i128, to_unsigned(b, w) as i128);
                Some(DenseValue::Int(pred.evaluate(a, b, w) as i128))
            }
            _ => None,
        });
        return folded.and_then(constant);
    }
    None
}

fn elem_is_i1(ctx: &Context, elem: Type) -> bool {
    is_i1(ctx, elem)
}

/// `arith.select`.
pub(crate) fn fold_select(
    ctx: &mut Context,
    op: OpId,
    c: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    if c.len() != 3 || ctx.operands(op).len() != 3 || ctx.results(op).len() != 1 {
        return None;
    }
    let (cond, t, f) = (ctx.operand(op, 0), ctx.operand(op, 1), ctx.operand(op, 2));
    if t == f {
        return value(t);
    }
    match splat_bits(ctx, c[0], 1) {
        Some(1) => return value(t),
        Some(_) => return value(f),
        None => {}
    }
    let result_ty = ctx.value_type(ctx.result(op, 0));
    // A non-splat constant condition picks elementwise between constant operands.
    if let [Some(cv), Some(a), Some(b)] = *c {
        let picked = ctx.dense_map(&[cv, a, b], result_ty, |_, v| match v[0] {
            DenseValue::Int(cv) => Some(if cv != 0 { v[1] } else { v[2] }),
            DenseValue::Float(_) => None,
        });
        if let Some(r) = picked {
            return constant(r);
        }
    }
    // select %c, true, false -> %c
    if is_i1(ctx, result_ty)
        && ctx.value_type(cond) == result_ty
        && int_bits(ctx, c[1], 1) == Some(1)
        && int_bits(ctx, c[2], 1) == Some(0)
    {
        return value(cond);
    }
    // select (cmpi eq a, b), a, b -> b; select (cmpi ne a, b), a, b -> a (either order)
    if let Some(d) = ctx.defining_op(cond) {
        if ctx.is(d, "arith.cmpi") && ctx.operands(d).len() == 2 {
            let pred = crate::cmpi_predicate(ctx, d);
            let (a, b) = (ctx.operand(d, 0), ctx.operand(d, 1));
            if (a == t && b == f) || (a == f && b == t) {
                match pred {
                    Some(CmpIPredicate::Eq) => return value(f),
                    Some(CmpIPredicate::Ne) => return value(t),
                    _ => {}
                }
            }
        }
    }
    None
}

// ------------------------------------------------------------------------------ floats

/// The value of a scalar float constant.
fn float_val(ctx: &Context, a: Option<Attr>) -> Option<f64> {
    match ctx.attr_kind(a?) {
        AttrKind::Float { bits, .. } => Some(f64::from_bits(*bits)),
        _ => None,
    }
}

/// Like [`float_val`], also accepting a splat `dense<...>` (for identities).
fn splat_float(ctx: &Context, a: Option<Attr>) -> Option<f64> {
    match ctx.attr_kind(a?) {
        AttrKind::Dense(d) => match d.splat_value()? {
            DenseValue::Float(b) => Some(f64::from_bits(b)),
            DenseValue::Int(_) => None,
        },
        _ => float_val(ctx, a),
    }
}

/// The quiet form of NaN `v` in format `k` (sets the quiet bit, keeps sign and payload).
fn quiet(v: f64, k: FloatKind) -> f64 {
    match k {
        FloatKind::F32 => f32::from_bits((v as f32).to_bits() | 0x0040_0000) as f64,
        _ => f64::from_bits(v.to_bits() | 0x0008_0000_0000_0000),
    }
}

/// APFloat's default NaN: positive, quiet, no payload.
fn default_nan(k: FloatKind) -> f64 {
    match k {
        FloatKind::F32 => f32::from_bits(0x7FC0_0000) as f64,
        _ => f64::from_bits(0x7FF8_0000_0000_0000),
    }
}

/// `a op b` in format `k` (`f32` or `f64`), rounded to nearest even, with APFloat's NaN results:
/// a NaN operand is propagated (the first one, quieted); an invalid operation gives the default
/// NaN.
fn eval_float(op: FloatBinaryOp, a: f64, b: f64, k: FloatKind) -> f64 {
    use FloatBinaryOp::*;
    let arith = |f32op: fn(f32, f32) -> f32, f64op: fn(f64, f64) -> f64| -> f64 {
        match k {
            FloatKind::F32 => f32op(a as f32, b as f32) as f64,
            _ => f64op(a, b),
        }
    };
    let first_nan = || {
        if a.is_nan() {
            Some(quiet(a, k))
        } else if b.is_nan() {
            Some(quiet(b, k))
        } else {
            None
        }
    };
    let r = match op {
        Add => arith(|x, y| x + y, |x, y| x + y),
        Sub => arith(|x, y| x - y, |x, y| x - y),
        Mul => arith(|x, y| x * y, |x, y| x * y),
        Div => arith(|x, y| x / y, |x, y| x / y),
        Rem => arith(|x, y| x % y, |x, y| x % y),
        Maximum | Minimum => {
            if let Some(n) = first_nan() {
                return n;
            }
            if a == 0.0 && b == 0.0 && a.is_sign_negative() != b.is_sign_negative() {
                // maximum(-0, +0) = +0, minimum(-0, +0) = -0
                return if (op == Maximum) == a.is_sign_negative() {
                    b
                } else {
                    a
                };
            }
            if op == Maximum {
                if a < b {
                    b
                } else {
                    a
                }
            } else if b < a {
                b
            } else {
                a
            }
        }
        MaxNum | MinNum => {
            if a.is_nan() {
                return b;
            }
            if b.is_nan() {
                return a;
            }
            if a == 0.0 && b == 0.0 && a.is_sign_negative() != b.is_sign_negative() {
                return if (op == MaxNum) == a.is_sign_negative() {
                    b
                } else {
                    a
                };
            }
            if op == MaxNum {
                if a < b {
                    b
                } else {
                    a
                }
            } else if b < a {
                b
            } else {
                a
            }
        }
    };
    if r.is_nan() {
        return first_nan().unwrap_or_else(|| default_nan(k));
    }
    r
}

/// The folder of the binary float ops.
pub(crate) fn fold_float_binary(
    ctx: &mut Context,
    op: OpId,
    c: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    if c.len() != 2 || ctx.operands(op).len() != 2 || ctx.results(op).len() != 1 {
        return None;
    }
    let kind = FloatBinaryOp::of(ctx, op)?;
    let ty = ctx.value_type(ctx.result(op, 0));
    let fk = ctx.float_kind(element_type(ctx, ty))?;
    if ctx.float_kind(ty).is_some() {
        if let (Some(a), Some(b)) = (float_val(ctx, c[0]), float_val(ctx, c[1])) {
            if let Some(r) = float_binary_value(kind, a, b, fk) {
                return constant(ctx.float_attr(r, ty));
            }
        }
    } else if let [Some(a), Some(b)] = *c {
        let folded = ctx.dense_map(&[a, b], ty, |_, v| match *v {
            [DenseValue::Float(a), DenseValue::Float(b)] => {
                float_binary_value(kind, f64::from_bits(a), f64::from_bits(b), fk)
                    .map(|r| DenseValue::Float(r.to_bits()))
            }
            _ => None,
        });
        if let Some(r) = folded {
            return constant(r);
        }
    }
    float_identity(ctx, op, kind, c)
}

/// `a op b` in format `fk`: `f32`/`f64` in their own precision; `f16`/`bf16` computed in `f64`
/// and rounded to the format, a NaN result not folded (`None`).
fn float_binary_value(kind: FloatBinaryOp, a: f64, b: f64, fk: FloatKind) -> Option<f64> {
    match fk {
        FloatKind::F32 | FloatKind::F64 => Some(eval_float(kind, a, b, fk)),
        _ => {
            let r = eval_float(kind, a, b, FloatKind::F64);
            (!r.is_nan())
                .then(|| crate::half::round(r, fk, 0))
                .flatten()
        }
    }
}

/// MLIR's float identities, which hold for every input including NaN and signed zeros:
/// `x + -0.0`, `x - +0.0`, `x * 1.0`, `x / 1.0`, `max/min(x, x)`, `maximumf(x, -inf)`,
/// `minimumf(x, +inf)`, `maxnumf/minnumf(x, NaN)`. (`x + 0.0` is not `x` for `x = -0.0`, `x * 0.0` is not 0 for NaN, inf
/// and negative `x`; `maxnumf(x, -inf)` is not `x` for NaN.)
fn float_identity(
    ctx: &Context,
    op: OpId,
    kind: FloatBinaryOp,
    c: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    use FloatBinaryOp::*;
    let (x, y) = (ctx.operand(op, 0), ctx.operand(op, 1));
    let bits = |a: Option<Attr>| splat_float(ctx, a).map(f64::to_bits);
    let (l, r) = (bits(c[0]), bits(c[1]));
    let neg_zero = Some((-0.0f64).to_bits());
    let pos_zero = Some(0.0f64.to_bits());
    let one = Some(1.0f64.to_bits());
    let neg_inf = Some(f64::NEG_INFINITY.to_bits());
    let pos_inf = Some(f64::INFINITY.to_bits());
    match kind {
        Add if r == neg_zero => value(x),
        Add if l == neg_zero => value(y),
        Sub if r == pos_zero => value(x),
        Mul if r == one => value(x),
        Mul if l == one => value(y),
        Div if r == one => value(x),
        Maximum | Minimum | MaxNum | MinNum if x == y => value(x),
        // maxnumf/minnumf return the other operand when one is NaN (IEEE maxNum/minNum).
        MaxNum | MinNum if splat_float(ctx, c[1]).is_some_and(f64::is_nan) => value(x),
        MaxNum | MinNum if splat_float(ctx, c[0]).is_some_and(f64::is_nan) => value(y),
        Maximum if r == neg_inf => value(x),
        Maximum if l == neg_inf => value(y),
        Minimum if r == pos_inf => value(x),
        Minimum if l == pos_inf => value(y),
        _ => None,
    }
}

/// `arith.negf`: `-c`, and `negf(negf(x)) -> x`.
pub(crate) fn fold_negf(
    ctx: &mut Context,
    op: OpId,
    c: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    if c.len() != 1 || ctx.operands(op).len() != 1 || ctx.results(op).len() != 1 {
        return None;
    }
    let x = ctx.operand(op, 0);
    if let Some(d) = ctx.defining_op(x) {
        if ctx.is(d, "arith.negf") && ctx.operands(d).len() == 1 {
            return value(ctx.operand(d, 0));
        }
    }
    let ty = ctx.value_type(ctx.result(op, 0));
    if ctx.float_kind(ty).is_none() {
        let negated = ctx.dense_map(&[c[0]?], ty, |_, v| match v[0] {
            DenseValue::Float(b) => Some(DenseValue::Float((-f64::from_bits(b)).to_bits())),
            DenseValue::Int(_) => None,
        });
        return negated.and_then(constant);
    }
    let v = float_val(ctx, c[0])?;
    constant(ctx.float_attr(-v, ty))
}

/// `arith.cmpf`: both operands constant, or one a NaN constant (then the result does not depend
/// on the other); `false`/`true` always.
pub(crate) fn fold_cmpf(
    ctx: &mut Context,
    op: OpId,
    c: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    if c.len() != 2 || ctx.operands(op).len() != 2 || ctx.results(op).len() != 1 {
        return None;
    }
    let pred = crate::cmpf_predicate(ctx, op)?;
    let result_ty = ctx.value_type(ctx.result(op, 0));
    if !is_i1(ctx, result_ty) || ctx.float_kind(ctx.value_type(ctx.operand(op, 0))).is_none() {
        return None;
    }
    let fixed = match pred {
        CmpFPredicate::AlwaysFalse => Some(false),
        CmpFPredicate::AlwaysTrue => Some(true),
        _ => None,
    };
    let v = match fixed {
        Some(v) => v,
        None => {
            let (mut a, mut b) = (float_val(ctx, c[0]), float_val(ctx, c[1]));
            if a.is_some_and(f64::is_nan) {
                b = a;
            }
            if b.is_some_and(f64::is_nan) {
                a = b;
            }
            pred.evaluate(a?, b?)
        }
    };
    constant(ctx.int_attr(v as i128, result_ty))
}

// ------------------------------------------------------------------------------ casts

/// The cast ops: scalar constants, and `dense<...>` constants elementwise (MLIR folds both).
pub(crate) fn fold_cast(
    ctx: &mut Context,
    op: OpId,
    c: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    if c.len() != 1 || ctx.operands(op).len() != 1 || ctx.results(op).len() != 1 {
        return None;
    }
    let x = ctx.operand(op, 0);
    let from = ctx.value_type(x);
    let to = ctx.value_type(ctx.result(op, 0));
    let name = ctx.name_str(op).to_string();
    if let Some(r) = cast_of_cast(ctx, op, &name, x, to) {
        return value(r);
    }
    let int_cast = matches!(
        name.as_str(),
        "arith.index_cast" | "arith.index_castui" | "arith.extsi" | "arith.extui" | "arith.trunci"
    );
    // An integer cast to or from `i0` gives 0.
    if int_cast && (is_i0(ctx, to) || is_i0(ctx, from)) && ctx.is_signless_int_or_index(to) {
        return constant(ctx.int_attr(0, to));
    }
    let a = c[0]?;
    let (ef, et) = (element_type(ctx, from), element_type(ctx, to));
    if ef == from {
        let v = ctx.scalar_dense_value(a)?;
        let r = cast_element(ctx, op, &name, from, to, v)?;
        return constant(ctx.scalar_attr(r, to));
    }
    let folded = ctx.dense_map(&[a], to, |ctx, v| {
        cast_element(ctx, op, &name, ef, et, v[0])
    });
    folded.and_then(constant)
}

/// The cast op `op` (named `name`) of one value `v` from element type `from` to `to`: the
/// scalar semantics, shared by the scalar and the elementwise `dense<...>` folds; `None` where
/// MLIR does not fold.
fn cast_element(
    ctx: &Context,
    op: OpId,
    name: &str,
    from: Type,
    to: Type,
    v: DenseValue,
) -> Option<DenseValue> {
    let int = |w: u32| match v {
        DenseValue::Int(i) => Some(to_unsigned(i, w)),
        DenseValue::Float(_) => None,
    };
    let float = || match v {
        DenseValue::Float(b) => Some(f64::from_bits(b)),
        DenseValue::Int(_) => None,
    };
    let int_out = |bits: u128, w: u32| DenseValue::Int(sext(bits, w));
    let float_out = |x: f64| DenseValue::Float(x.to_bits());
    Some(match name {
        "arith.index_cast" | "arith.index_castui" | "arith.extsi" | "arith.extui"
        | "arith.trunci" => {
            let (wf, wt) = (foldable_width(ctx, from)?, foldable_width(ctx, to)?);
            let r = IntCastOp::from_name(name)?.eval(int(wf)?, wf, wt)?;
            int_out(r, wt)
        }
        "arith.sitofp" | "arith.uitofp" => {
            let wf = foldable_width(ctx, from)?;
            let bits = int(wf)?;
            let fk = ctx.float_kind(to)?;
            float_out(match (name, fk) {
                ("arith.sitofp", FloatKind::F32) => sext(bits, wf) as f32 as f64,
                ("arith.sitofp", FloatKind::F64) => sext(bits, wf) as f64,
                (_, FloatKind::F32) => bits as f32 as f64,
                (_, FloatKind::F64) => bits as f64,
                _ => return None,
            })
        }
        "arith.fptosi" | "arith.fptoui" => {
            ctx.float_kind(from)?;
            let wt = foldable_width(ctx, to)?;
            int_out(float_to_int(float()?, wt, name == "arith.fptosi")?, wt)
        }
        "arith.extf" => {
            let (kf, kt) = (ctx.float_kind(from)?, ctx.float_kind(to)?);
            let v = float()?;
            // Exact widening; NaN payloads are not tracked through f64 storage.
            let ok = match kt {
                FloatKind::F64 => kf != FloatKind::F64,
                FloatKind::F32 => matches!(kf, FloatKind::F16 | FloatKind::BF16),
                _ => false,
            };
            if !ok || v.is_nan() {
                return None;
            }
            float_out(v)
        }
        "arith.truncf" => {
            ctx.float_kind(from)?;
            let kt = ctx.float_kind(to)?;
            let v = float()?;
            if v.is_nan() {
                return None;
            }
            let mode = match ctx.attr_of(op, "roundingmode") {
                None => 0,
                Some(_) => crate::flags::rounding_mode(ctx, op)?,
            };
            float_out(match kt {
                FloatKind::F32 => f64_to_f32(v, mode)? as f64,
                FloatKind::F64 => return None,
                _ => crate::half::round(v, kt, mode)?,
            })
        }
        "arith.bitcast" => bitcast(ctx, v, from, to)?,
        _ => return None,
    })
}

/// `trunci(extsi/extui(a))` with `a` of the result type -> `a`; `bitcast(bitcast(a))` with `a`
/// of the result type -> `a`; `bitcast` to the same type -> its operand; `truncf(extf(a))` with
/// `a` of the result type -> `a`; `index_cast(index_cast(a))` (and `index_castui`) with `a` of
/// the result type -> `a` when the middle type is at least as wide as `a`'s; `extf(truncf(a))`
/// with `a` of the result type -> `a` when both carry `fastmath<contract>` (MLIR `ExtFOp::fold`).
///
/// MLIR 22 also folds the round trip through a narrower type (`index -> i32 -> index`), which
/// changes the value of any index that does not fit in `i32`; Weir does not.
fn cast_of_cast(ctx: &Context, op: OpId, name: &str, x: ValueId, to: Type) -> Option<ValueId> {
    if name == "arith.bitcast" && ctx.value_type(x) == to {
        return Some(x);
    }
    let d = ctx.defining_op(x)?;
    if ctx.operands(d).len() != 1 {
        return None;
    }
    let src = ctx.operand(d, 0);
    let inner_ok = match name {
        "arith.trunci" => ctx.is(d, "arith.extsi") || ctx.is(d, "arith.extui"),
        "arith.bitcast" | "arith.index_cast" | "arith.index_castui" if !ctx.is(d, name) => false,
        "arith.bitcast" => true,
        "arith.index_cast" | "arith.index_castui" => {
            let width = |t: Type| ctx.int_width(element_type(ctx, t));
            width(ctx.value_type(x)) >= width(ctx.value_type(src))
        }
        "arith.truncf" => ctx.is(d, "arith.extf"),
        "arith.extf" => {
            let contract = |o: OpId| {
                crate::flags::FlagKind::FastMath.of(ctx, o) & crate::flags::FASTMATH_CONTRACT != 0
            };
            ctx.is(d, "arith.truncf") && contract(op) && contract(d)
        }
        _ => false,
    };
    (inner_ok && ctx.value_type(src) == to).then_some(src)
}

/// `v` truncated toward zero as a `w`-bit integer's bits, if it is in range (signed or unsigned):
/// APFloat `convertToInteger` without `opInvalidOp`. NaN and infinities are out of range.
fn float_to_int(v: f64, w: u32, signed: bool) -> Option<u128> {
    if !v.is_finite() {
        return None;
    }
    let t = v.trunc();
    if t == 0.0 {
        return Some(0);
    }
    // 2^k as f64 (exact for k <= 128).
    let pow2 = |k: u32| 2f64.powi(k as i32);
    if signed {
        if t < -pow2(w - 1) || t >= pow2(w - 1) {
            return None;
        }
        Some((t as i128 as u128) & mask(w))
    } else {
        if t < 0.0 || t >= pow2(w) {
            return None;
        }
        Some(t as u128)
    }
}

/// `v` rounded to `f32` with MLIR rounding mode `mode` (0 to_nearest_even, 1 downward, 2 upward,
/// 3 toward_zero, 4 to_nearest_away).
fn f64_to_f32(v: f64, mode: usize) -> Option<f32> {
    let near = v as f32; // round to nearest, ties to even
    if near as f64 == v {
        return Some(near);
    }
    let (lo, hi) = if (near as f64) < v {
        (near, near.next_up())
    } else {
        (near.next_down(), near)
    };
    Some(match mode {
        0 => near,
        1 => lo,
        2 => hi,
        3 => {
            if v > 0.0 {
                lo
            } else {
                hi
            }
        }
        4 => {
            // A tie is exactly between lo and hi (both finite here unless v overflows).
            let (dl, dh) = (v - lo as f64, hi as f64 - v);
            if lo.is_finite() && hi.is_finite() && dl == dh {
                if v > 0.0 {
                    hi
                } else {
                    lo
                }
            } else {
                near
            }
        }
        _ => return None,
    })
}

/// `arith.bitcast` of one value between a signless integer and a float of the same width, or
/// between `f16` and `bf16`.
fn bitcast(ctx: &Context, v: DenseValue, from: Type, to: Type) -> Option<DenseValue> {
    let int = |w: u32| match v {
        DenseValue::Int(i) => Some(to_unsigned(i, w)),
        DenseValue::Float(_) => None,
    };
    let float = || match v {
        DenseValue::Float(b) => Some(f64::from_bits(b)),
        DenseValue::Int(_) => None,
    };
    let float_out = |x: f64| Some(DenseValue::Float(x.to_bits()));
    match (ctx.type_kind(from), ctx.type_kind(to)) {
        (
            TypeKind::Integer { width: 16, .. },
            &TypeKind::Float(k @ (FloatKind::F16 | FloatKind::BF16)),
        ) => float_out(crate::half::from_bits(int(16)? as u16, k)?),
        (
            &TypeKind::Float(k @ (FloatKind::F16 | FloatKind::BF16)),
            TypeKind::Integer { width: 16, .. },
        ) => Some(DenseValue::Int(sext(
            crate::half::to_bits(float()?, k)? as u128,
            16,
        ))),
        (&TypeKind::Float(kf @ (FloatKind::F16 | FloatKind::BF16)), &TypeKind::Float(kt)) => {
            let bits = crate::half::to_bits(float()?, kf)?;
            float_out(crate::half::from_bits(bits, kt)?)
        }
        (TypeKind::Integer { .. }, &TypeKind::Float(k)) => {
            let w = foldable_width(ctx, from)?;
            let bits = int(w)?;
            float_out(match (k, w) {
                (FloatKind::F32, 32) => {
                    let f = f32::from_bits(bits as u32);
                    // A signaling NaN would be quieted by the f64 storage.
                    if f.is_nan() && bits & 0x0040_0000 == 0 {
                        return None;
                    }
                    f as f64
                }
                (FloatKind::F64, 64) => f64::from_bits(bits as u64),
                _ => return None,
            })
        }
        (&TypeKind::Float(k), TypeKind::Integer { .. }) => {
            let w = foldable_width(ctx, to)?;
            let v = float()?;
            let bits = match (k, w) {
                (FloatKind::F32, 32) => (v as f32).to_bits() as u128,
                (FloatKind::F64, 64) => v.to_bits() as u128,
                _ => return None,
            };
            Some(DenseValue::Int(sext(bits, w)))
        }
        _ => None,
    }
}

// ------------------------------------------------------------------------------ materializer

/// Creates `arith.constant` for a scalar integer, `index`, bool or float attribute of type `ty`,
/// or a `dense<...>` of type `ty` (MLIR `ArithDialect::materializeConstant`); `None` for
/// anything else (a type mismatch, signed/unsigned integer types).
pub fn materialize_constant(
    ctx: &mut Context,
    value: Attr,
    ty: Type,
    loc: Location,
    at: InsertPoint,
) -> Option<ValueId> {
    let ok = match ctx.attr_kind(value) {
        AttrKind::Integer { ty: t, .. } => {
            *t == ty && ctx.is_signless_int_or_index(ty) && ctx.int_width(ty) != Some(1)
        }
        AttrKind::Bool(_) => is_i1(ctx, ty),
        AttrKind::Float { ty: t, .. } => *t == ty && ctx.float_kind(ty).is_some(),
        AttrKind::Dense(d) => d.ty() == ty,
        _ => false,
    };
    ok.then(|| crate::build_constant(ctx, at, value, loc))
}

// ------------------------------------------------------------------------------ patterns

/// MLIR's commutative ops fold by moving constant operands to the right (`foldCommutative`);
/// here it is a canonicalization pattern, since folders do not change the IR.
pub(crate) const COMMUTATIVE_PATTERNS: &[Pattern] = &[CONSTANT_TO_RHS];

/// `op c, x` -> `op x, c` for a commutative op.
pub(crate) const CONSTANT_TO_RHS: Pattern = Pattern {
    name: "arith-commutative-constant-to-rhs",
    apply: constant_to_rhs,
};

/// `cmpi P, c, x` -> `cmpi swap(P), x, c` (MLIR `CmpIOp::fold` does it in place).
pub(crate) const CMPI_PATTERNS: &[Pattern] = &[
    Pattern {
        name: "arith-cmpi-constant-to-rhs",
        apply: cmpi_constant_to_rhs,
    },
    crate::chains::CMPI_OF_EXT,
];

fn lhs_only_constant(ctx: &Context, op: OpId) -> bool {
    ctx.operands(op).len() == 2
        && ctx.constant_of(ctx.operand(op, 0)).is_some()
        && ctx.constant_of(ctx.operand(op, 1)).is_none()
}

fn swap_operands(ctx: &mut Context, op: OpId) {
    let (x, y) = (ctx.operand(op, 0), ctx.operand(op, 1));
    ctx.set_operand(op, 0, y);
    ctx.set_operand(op, 1, x);
}

fn constant_to_rhs(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    if !lhs_only_constant(ctx, op) {
        return false;
    }
    swap_operands(ctx, op);
    true
}

fn cmpi_constant_to_rhs(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    if !lhs_only_constant(ctx, op) {
        return false;
    }
    let Some(pred) = crate::cmpi_predicate(ctx, op) else {
        return false;
    };
    let i64t = ctx.int_type(64);
    let p = ctx.int_attr(pred.swap().to_i64() as i128, i64t);
    ctx.set_attr(op, "predicate", p);
    swap_operands(ctx, op);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_to_int_ranges() {
        assert_eq!(float_to_int(-1.0, 1, true), Some(1));
        assert_eq!(float_to_int(-2.0, 1, true), None);
        assert_eq!(float_to_int(-0.5, 8, false), Some(0));
        assert_eq!(float_to_int(-1.0, 8, false), None);
        assert_eq!(float_to_int(255.9, 8, false), Some(255));
        assert_eq!(float_to_int(256.0, 8, false), None);
        assert_eq!(float_to_int(127.9, 8, true), Some(127));
        assert_eq!(float_to_int(-128.9, 8, true), Some(0x80));
        assert_eq!(float_to_int(-129.0, 8, true), None);
        assert_eq!(float_to_int(f64::NAN, 32, true), None);
        assert_eq!(float_to_int(f64::INFINITY, 32, false), None);
        assert_eq!(float_to_int(3.4e38, 128, false), Some(3.4e38f64 as u128));
        assert_eq!(
            float_to_int(-1.7e38, 128, true),
            Some((-1.7e38f64) as i128 as u128)
        );
        assert_eq!(float_to_int(1.8e38, 128, true), None);
        assert_eq!(float_to_int(1.7e38, 128, true), Some(1.7e38f64 as u128));
    }

    #[test]
    fn f32_rounding_modes() {
        // 1 + 2^-24 is exactly halfway between 1 and 1 + 2^-23.
        let tie = 1.0 + 2f64.powi(-24);
        let up = 1.0f32.next_up();
        assert_eq!(f64_to_f32(tie, 0), Some(1.0));
        assert_eq!(f64_to_f32(tie, 1), Some(1.0));
        assert_eq!(f64_to_f32(tie, 2), Some(up));
        assert_eq!(f64_to_f32(tie, 3), Some(1.0));
        assert_eq!(f64_to_f32(tie, 4), Some(up));
        assert_eq!(f64_to_f32(-tie, 1), Some(-up));
        assert_eq!(f64_to_f32(-tie, 2), Some(-1.0));
        assert_eq!(f64_to_f32(-tie, 3), Some(-1.0));
        assert_eq!(f64_to_f32(-tie, 4), Some(-up));
        let third = 1.0 / 3.0;
        assert_eq!(f64_to_f32(third, 0), Some(third as f32));
        assert!((f64_to_f32(third, 1).unwrap() as f64) < third);
        assert!((f64_to_f32(third, 2).unwrap() as f64) > third);
        assert_eq!(f64_to_f32(1e300, 0), Some(f32::INFINITY));
        assert_eq!(f64_to_f32(1e300, 1), Some(f32::MAX));
        assert_eq!(f64_to_f32(1e300, 3), Some(f32::MAX));
        assert_eq!(f64_to_f32(-1e300, 2), Some(f32::MIN));
        assert_eq!(f64_to_f32(1e-50, 2), Some(f32::from_bits(1)));
        assert_eq!(f64_to_f32(1e-50, 0), Some(0.0));
        assert_eq!(f64_to_f32(0.5, 7), Some(0.5));
        assert_eq!(f64_to_f32(third, 7), None);
    }
}
