//! MLIR's mixed static/dynamic index lists (`custom<DynamicIndexList>`): `[0, %a, 2]`, each
//! entry an integer (stored in a static `DenseI64ArrayAttr`) or an `index` value (an operand;
//! its static entry is [`DYNAMIC`]).

use crate::common::DYNAMIC;
use weir_ir::{OpId, ValueId};
use weir_syntax::lexer::Tok;
use weir_syntax::{PResult, Parser, Printer, UnresolvedOperand};

/// Parses `[e, e, ...]` (possibly empty); returns the operands written and the static array
/// ([`DYNAMIC`] where an operand was written).
pub fn parse<'a>(p: &mut Parser<'a>) -> PResult<(Vec<UnresolvedOperand<'a>>, Vec<i64>)> {
    p.expect(Tok::LSquare, "[")?;
    let (mut operands, mut statics) = (Vec::new(), Vec::new());
    if p.consume_if(Tok::RSquare) {
        return Ok((operands, statics));
    }
    loop {
        if p.peek() == Tok::PercentId {
            operands.push(p.parse_operand()?);
            statics.push(DYNAMIC);
        } else {
            let loc = p.loc();
            let v = p.parse_integer()?;
            let v = i64::try_from(v)
                .ok()
                .filter(|&v| v != DYNAMIC)
                .ok_or_else(|| weir_ir::Diagnostic::error(loc, "integer value too large"))?;
            statics.push(v);
        }
        if !p.consume_if(Tok::Comma) {
            break;
        }
    }
    p.expect(Tok::RSquare, "]")?;
    Ok((operands, statics))
}

/// Prints `[e, e, ...]`: the static entries as integers, each [`DYNAMIC`] one as the next of
/// `values`. The caller checked there is one value per [`DYNAMIC`] entry (else the op prints
/// generically).
pub fn print(p: &mut Printer<'_>, statics: &[i64], values: &[ValueId]) {
    p.write("[");
    let mut next = values.iter();
    for (i, &s) in statics.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        match (s, s == DYNAMIC) {
            (_, true) => {
                if let Some(&v) = next.next() {
                    p.print_operand(v);
                }
            }
            (s, false) => p.write(&s.to_string()),
        }
    }
    p.write("]");
}

/// Whether `statics` (an op's static array attribute, if readable) has exactly `n` [`DYNAMIC`]
/// entries: what [`print`] needs.
pub fn printable(statics: Option<&[i64]>, n: usize) -> bool {
    statics.is_some_and(|s| s.iter().filter(|&&v| v == DYNAMIC).count() == n)
}

/// The op's static array attribute `name` (for printing), if it is an `i64` dense array.
pub fn statics(ctx: &weir_ir::Context, op: OpId, name: &str) -> Option<Vec<i64>> {
    crate::common::read_i64_array(ctx, ctx.attr_of(op, name)?)
}

/// The entries of a mixed list: static ones as `Ok(n)`, each [`DYNAMIC`] one as `Err` of the
/// next of `values` (the verifier checked there is one value per [`DYNAMIC`] entry).
pub fn entries(statics: &[i64], values: &[ValueId]) -> Vec<Result<i64, ValueId>> {
    let mut next = values.iter();
    statics
        .iter()
        .map(|&s| {
            if s == DYNAMIC {
                if let Some(&v) = next.next() {
                    return Err(v);
                }
            }
            Ok(s)
        })
        .collect()
}

/// The constant values of a mixed list (MLIR `getConstantIntValue` on each entry): a static
/// entry, or a dynamic one whose operand is a constant (`consts` holds the operands' constant
/// attributes, `first` is the position of the list's first operand); `None` where unknown.
pub fn constants(
    ctx: &weir_ir::Context,
    statics: &[i64],
    consts: &[Option<weir_ir::Attr>],
    first: usize,
) -> Vec<Option<i128>> {
    let mut next = first;
    statics
        .iter()
        .map(|&s| {
            if s != DYNAMIC {
                return Some(s.into());
            }
            let c = consts.get(next).copied().flatten();
            next += 1;
            match ctx.attr_kind(c?) {
                weir_ir::AttrKind::Integer { value, .. } => Some(*value),
                _ => None,
            }
        })
        .collect()
}

/// MLIR `foldDynamicIndexList`: each dynamic entry of `statics` whose operand (the next of
/// `values`) is an `arith.constant` that `accept` takes becomes that static entry. Returns the
/// new static array and the operands left, or `None` when no entry folds.
pub fn fold_constants(
    ctx: &weir_ir::Context,
    statics: &[i64],
    values: &[ValueId],
    accept: impl Fn(i64) -> bool,
) -> Option<(Vec<i64>, Vec<ValueId>)> {
    let (mut new, mut kept, mut changed) = (Vec::with_capacity(statics.len()), Vec::new(), false);
    for entry in entries(statics, values) {
        match entry {
            Ok(s) => new.push(s),
            Err(v) => {
                let c = weir_dialect_arith::constant_int_value(ctx, v)
                    .and_then(|c| i64::try_from(c).ok())
                    .filter(|&c| c != DYNAMIC && accept(c));
                changed |= c.is_some();
                new.push(c.unwrap_or(DYNAMIC));
                if c.is_none() {
                    kept.push(v);
                }
            }
        }
    }
    changed.then_some((new, kept))
}
