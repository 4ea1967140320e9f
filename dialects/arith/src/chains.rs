//! Canonicalization patterns that compose chains of casts and narrow bitwise ops and
//! comparisons of two equal extensions: MLIR 22's `ExtSIOp`/`ExtUIOp`/`TruncIOp`/`TruncFOp`/
//! `IndexCastOp` folders that change their operand in place (`setOperand`), and the
//! `ArithCanonicalization.td` patterns `ExtSIOfExtUI`, `TruncIExtSIToExtSI`,
//! `TruncIExtUIToExtUI`, `IndexCastOfExtSI`, `IndexCastUIOfExtUI`, `AndOfExtUI/SI`,
//! `OrOfExtUI/SI`, `XOrIOfExtUI/SI`, `CmpIExtSI/UI`.
//!
//! | op | rewrite |
//! |---|---|
//! | `extsi` | `extsi(extui a) -> extui a`, `extsi(extsi a) -> extsi a` |
//! | `extui` | `extui(extui a) -> extui a` |
//! | `trunci` | `trunci(ext a) -> trunci a` (a wider than the result), `-> ext a` (a narrower); `trunci(trunci a) -> trunci a` |
//! | `index_cast`, `index_castui` | `index_cast(extsi a) -> index_cast a`, `index_castui(extui a) -> index_castui a` |
//! | `trunci` | `trunci(shrsi x, c) -> trunci(shrui x, c)` with `c` = source width - result width (MLIR `TruncIShrSIToTrunciShrUI`) |
//! | `truncf` | `truncf(extf a) -> truncf a` (a wider than the result); `truncf(sitofp/uitofp a) -> sitofp/uitofp a` when the middle type holds `a` exactly |
//! | `bitcast` | `bitcast(bitcast a) -> bitcast a` |
//! | `andi`, `ori`, `xori` | `op(ext a, ext b) -> ext(op a, b)` (same extension, same source type) |
//! | `cmpi eq/ne` | `cmpi P, (ext a), (ext b) -> cmpi P, a, b` (same extension, same source type) |
//!
//! The folds that return an existing value (`trunci(ext a) -> a`, `index_cast(index_cast a)`,
//! `truncf(extf a) -> a`) are in `fold.rs`. The results are exact: an extension is exact, so
//! truncating or casting its result equals doing so on its source. MLIR 22 also rewrites
//! `truncf(sitofp a : i64 to f64) : f64 to f32`, which rounds twice (e.g. 2^60 + 2^36 + 1 gives
//! 2^60 through f64 and 2^60 + 2^37 directly); Weir does not. Where MLIR keeps the overflow
//! flags of the outer `trunci` of `trunci(trunci a)`, Weir keeps only the flags both carry
//! (dropping a flag is always sound; keeping the outer one alone is not).

use crate::flags::FlagKind;
use crate::fold::int_constant_bits;
use crate::predicates::CmpIPredicate;
use crate::semantics::{CastOp, IntBinaryOp};
use crate::util::element_type;
use weir_ir::{Context, InsertPoint, OpId, Pattern, RewriteLog, Type, ValueId};

/// Patterns of the integer extensions and truncation, `index_cast(ui)` and `truncf`.
pub(crate) const CASTS: &[Pattern] = &[Pattern {
    name: "arith-cast-of-cast",
    apply: cast_of_cast,
}];

/// The pattern of `andi`, `ori` and `xori` on two equal extensions.
pub(crate) const BITWISE_OF_EXT: Pattern = Pattern {
    name: "arith-bitwise-of-extensions",
    apply: bitwise_of_ext,
};

/// The pattern of `cmpi eq/ne` on two equal extensions.
pub(crate) const CMPI_OF_EXT: Pattern = Pattern {
    name: "arith-cmpi-of-extensions",
    apply: cmpi_of_ext,
};

/// `(op, its operand)` if `v` is the result of a one-operand op named `name`.
pub(crate) fn unary_def(ctx: &Context, v: ValueId, name: &str) -> Option<(OpId, ValueId)> {
    let d = ctx.defining_op(v)?;
    (ctx.is(d, name) && ctx.operands(d).len() == 1).then(|| (d, ctx.operand(d, 0)))
}

/// The bit width of the element type of `ty` (integers, `index` = 64, floats).
fn elem_width(ctx: &Context, ty: Type) -> Option<u32> {
    let e = element_type(ctx, ty);
    if let Some(w) = ctx.int_width(e) {
        return Some(w);
    }
    Some(match ctx.float_kind(e)? {
        weir_ir::FloatKind::F16 | weir_ir::FloatKind::BF16 => 16,
        weir_ir::FloatKind::F32 => 32,
        weir_ir::FloatKind::F64 => 64,
    })
}

fn cast_of_cast(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    if ctx.operands(op).len() != 1 || ctx.results(op).len() != 1 {
        return false;
    }
    let x = ctx.operand(op, 0);
    let to = ctx.value_type(ctx.result(op, 0));
    let name = ctx.name_str(op).to_string();
    let inner_names: &[&str] = match name.as_str() {
        "arith.extsi" => &["arith.extui", "arith.extsi"],
        "arith.extui" => &["arith.extui"],
        "arith.trunci" => &["arith.extui", "arith.extsi", "arith.trunci", "arith.shrsi"],
        "arith.index_cast" => &["arith.extsi"],
        "arith.index_castui" => &["arith.extui"],
        "arith.truncf" => &["arith.extf", "arith.sitofp", "arith.uitofp"],
        "arith.bitcast" => &["arith.bitcast"],
        _ => return false,
    };
    if name == "arith.trunci" {
        if let Some(done) = trunci_of_shrsi(ctx, op, x, to) {
            return done;
        }
    }
    let Some((inner, inner_name, a)) = inner_names
        .iter()
        .find_map(|n| unary_def(ctx, x, n).map(|(d, a)| (d, *n, a)))
    else {
        return false;
    };
    let (Some(wa), Some(wt), Some(inner_kind)) = (
        elem_width(ctx, ctx.value_type(a)),
        elem_width(ctx, to),
        CastOp::from_name(inner_name),
    ) else {
        return false;
    };
    match (name.as_str(), inner_name) {
        // truncf(itofp a) -> itofp a when the middle type holds every value of `a` exactly (so
        // there is one rounding either way) and the truncf has no rounding mode (MLIR leaves a
        // truncf with an explicit mode alone, even `to_nearest_even`).
        ("arith.truncf", "arith.sitofp" | "arith.uitofp") => {
            let exact = ctx
                .float_kind(element_type(ctx, ctx.value_type(x)))
                .is_some_and(|k| wa <= significand_bits(k));
            if !exact || ctx.attr_of(op, "roundingmode").is_some() {
                return false;
            }
            let loc = ctx.loc(op);
            let new = crate::build_cast(ctx, InsertPoint::Before(op), inner_kind, a, to, loc);
            ctx.replace_op(op, &[new]);
        }
        // extsi(extui a): the sign bit of `extui a` is 0, so `extui a` to the wider type.
        ("arith.extsi", "arith.extui") => {
            let loc = ctx.loc(op);
            let new = crate::build_cast(ctx, InsertPoint::Before(op), inner_kind, a, to, loc);
            ctx.replace_op(op, &[new]);
        }
        ("arith.trunci", "arith.trunci") => {
            let common = FlagKind::Overflow.of(ctx, op) & FlagKind::Overflow.of(ctx, inner);
            if common == 0 {
                ctx.remove_attr(op, FlagKind::Overflow.attr_name());
            } else {
                let f = FlagKind::Overflow.attr(ctx, common);
                ctx.set_attr(op, FlagKind::Overflow.attr_name(), f);
            }
            ctx.set_operand(op, 0, a);
        }
        // trunci(ext a) with `a` narrower than the result: the same extension of `a`.
        ("arith.trunci", _) if wa < wt => {
            let loc = ctx.loc(op);
            let new = crate::build_cast(ctx, InsertPoint::Before(op), inner_kind, a, to, loc);
            ctx.replace_op(op, &[new]);
        }
        // Equal types are the folder's (`trunci(ext a) -> a`, `truncf(extf a) -> a`); MLIR
        // leaves `truncf(extf a)` with `a` narrower than the result alone.
        ("arith.trunci", _) if wa == wt => return false,
        ("arith.truncf", _) if wa <= wt => return false,
        _ => ctx.set_operand(op, 0, a),
    }
    true
}

/// The significand bits (with the implicit one) of a float format: the widest integers it
/// holds exactly.
pub(crate) fn significand_bits(k: weir_ir::FloatKind) -> u32 {
    match k {
        weir_ir::FloatKind::BF16 => 8,
        weir_ir::FloatKind::F16 => 11,
        weir_ir::FloatKind::F32 => 24,
        weir_ir::FloatKind::F64 => 53,
    }
}

/// `trunci(shrsi x, c)` with `c` = source width - result width -> `trunci(shrui x, c)`
/// (MLIR `TruncIShrSIToTrunciShrUI`): the bits kept are below the ones the shifts fill in.
/// `None` if `x` is not such a `shrsi`.
fn trunci_of_shrsi(ctx: &mut Context, op: OpId, x: ValueId, to: Type) -> Option<bool> {
    let d = ctx.defining_op(x)?;
    if !ctx.is(d, "arith.shrsi") || ctx.operands(d).len() != 2 {
        return None;
    }
    let (ws, wt) = (
        crate::fold::scalar_int_width(ctx, ctx.value_type(x))?,
        crate::fold::scalar_int_width(ctx, to)?,
    );
    let (v, c) = (ctx.operand(d, 0), ctx.operand(d, 1));
    if int_constant_bits(ctx, c, ws) != Some((ws - wt) as u128) {
        return Some(false);
    }
    let loc = ctx.loc(d);
    let shr = crate::build_int_binary(ctx, InsertPoint::Before(op), IntBinaryOp::ShrU, v, c, loc);
    ctx.set_operand(op, 0, shr);
    Some(true)
}

/// `(extension, source)` if `v` is `extsi a` or `extui a`.
fn ext_of(ctx: &Context, v: ValueId) -> Option<(CastOp, ValueId)> {
    [CastOp::ExtSI, CastOp::ExtUI]
        .into_iter()
        .find_map(|k| unary_def(ctx, v, k.name()).map(|(_, a)| (k, a)))
}

/// The sources `(extension, a, b)` if both operands of `op` are the same extension of values
/// of one type.
fn both_ext(ctx: &Context, op: OpId) -> Option<(CastOp, ValueId, ValueId)> {
    if ctx.operands(op).len() != 2 || ctx.results(op).len() != 1 {
        return None;
    }
    let (n1, a) = ext_of(ctx, ctx.operand(op, 0))?;
    let (n2, b) = ext_of(ctx, ctx.operand(op, 1))?;
    (n1 == n2 && ctx.value_type(a) == ctx.value_type(b)).then_some((n1, a, b))
}

fn bitwise_of_ext(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    let (Some((ext, a, b)), Some(kind)) = (both_ext(ctx, op), IntBinaryOp::of(ctx, op)) else {
        return false;
    };
    let to = ctx.value_type(ctx.result(op, 0));
    let loc = ctx.loc(op);
    let narrow = crate::build_int_binary(ctx, InsertPoint::Before(op), kind, a, b, loc.clone());
    let new = crate::build_cast(ctx, InsertPoint::Before(op), ext, narrow, to, loc);
    ctx.replace_op(op, &[new]);
    true
}

fn cmpi_of_ext(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    let Some(pred @ (CmpIPredicate::Eq | CmpIPredicate::Ne)) = crate::cmpi_predicate(ctx, op)
    else {
        return false;
    };
    let Some((_, a, b)) = both_ext(ctx, op) else {
        return false;
    };
    let loc = ctx.loc(op);
    let new = crate::build_cmpi(ctx, InsertPoint::Before(op), pred, a, b, loc);
    ctx.replace_op(op, &[new]);
    true
}
