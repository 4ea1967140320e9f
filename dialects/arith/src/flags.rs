//! The optional op flags of arith and math: integer overflow flags (`overflow<nsw, nuw>`, attr
//! `overflowFlags = #arith.overflow<nsw, nuw>`), fast-math flags (`fastmath<nnan,ninf>`, attr
//! `fastmath = #arith.fastmath<nnan,ninf>`) and `arith.truncf`'s rounding mode
//! (`to_nearest_even`, attr `roundingmode = 0 : i32`).
//!
//! The flag attributes are kept as opaque dialect attributes whose text is MLIR's printed form,
//! so the generic form round-trips through mlir-opt. An absent attribute means "none", which the
//! custom syntax never stores (MLIR elides `none` too).

use crate::util::custom_op_error;
use weir_ir::{op_error, Attr, AttrKind, Context, DiagResult, OpId, OpState};
use weir_syntax::lexer::Tok;
use weir_syntax::{PResult, Parser, Printer};

/// `nsw`: no signed wrap.
pub const OVERFLOW_NSW: u32 = 1;
/// `nuw`: no unsigned wrap.
pub const OVERFLOW_NUW: u32 = 2;
/// `fast`: all fast-math flags (`reassoc` .. `afn`).
pub const FASTMATH_FAST: u32 = 127;
/// The `reassoc` bit of `fastmath<...>`: floating-point ops may be regrouped.
pub const FASTMATH_REASSOC: u32 = 1;
/// The `contract` bit of `fastmath<...>`.
pub const FASTMATH_CONTRACT: u32 = 1 << 5;

/// A kind of flag set an op may carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagKind {
    /// `overflow<...>` on `addi`, `subi`, `muli`, `shli`, `trunci`.
    Overflow,
    /// `fastmath<...>` on the float ops of arith and math.
    FastMath,
}

impl FlagKind {
    /// The attribute name: `overflowFlags` or `fastmath`.
    pub fn attr_name(self) -> &'static str {
        match self {
            FlagKind::Overflow => "overflowFlags",
            FlagKind::FastMath => "fastmath",
        }
    }

    /// The keyword of the custom syntax: `overflow` or `fastmath`.
    pub fn keyword(self) -> &'static str {
        match self {
            FlagKind::Overflow => "overflow",
            FlagKind::FastMath => "fastmath",
        }
    }

    /// The flag names, bit `i` being `names()[i]`.
    pub fn names(self) -> &'static [&'static str] {
        match self {
            FlagKind::Overflow => &["nsw", "nuw"],
            FlagKind::FastMath => &["reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"],
        }
    }

    fn attr_prefix(self) -> &'static str {
        match self {
            FlagKind::Overflow => "arith.overflow<",
            FlagKind::FastMath => "arith.fastmath<",
        }
    }

    fn separator(self) -> &'static str {
        match self {
            FlagKind::Overflow => ", ",
            FlagKind::FastMath => ",",
        }
    }

    fn all(self) -> u32 {
        (1 << self.names().len()) - 1
    }

    fn bit(self, word: &str) -> Option<u32> {
        match word {
            "none" => Some(0),
            "fast" if self == FlagKind::FastMath => Some(FASTMATH_FAST),
            _ => self.names().iter().position(|n| *n == word).map(|i| 1 << i),
        }
    }

    /// The flags as MLIR prints them inside `<...>`: `none`, `nsw, nuw`, `fast`, `nnan,ninf`.
    pub fn text(self, bits: u32) -> String {
        if bits == 0 {
            return "none".into();
        }
        if self == FlagKind::FastMath && bits & self.all() == self.all() {
            return "fast".into();
        }
        let names: Vec<&str> = self
            .names()
            .iter()
            .enumerate()
            .filter(|(i, _)| bits & (1 << i) != 0)
            .map(|(_, n)| *n)
            .collect();
        names.join(self.separator())
    }

    /// The attribute `#arith.overflow<...>` / `#arith.fastmath<...>` for `bits`.
    pub fn attr(self, ctx: &mut Context, bits: u32) -> Attr {
        ctx.attr(AttrKind::Opaque(format!(
            "{}{}>",
            self.attr_prefix(),
            self.text(bits)
        )))
    }

    /// The flag bits of an attribute, if it is a well-formed attribute of this kind.
    pub fn decode(self, ctx: &Context, attr: Attr) -> Option<u32> {
        let AttrKind::Opaque(text) = ctx.attr_kind(attr) else {
            return None;
        };
        let body = text.strip_prefix(self.attr_prefix())?.strip_suffix('>')?;
        body.split(',')
            .try_fold(0, |acc, w| Some(acc | self.bit(w.trim())?))
    }

    /// The flags of `op` (0 when the attribute is absent or malformed).
    pub fn of(self, ctx: &Context, op: OpId) -> u32 {
        ctx.attr_of(op, self.attr_name())
            .and_then(|a| self.decode(ctx, a))
            .unwrap_or(0)
    }

    fn cpp_enum(self) -> &'static str {
        match self {
            FlagKind::Overflow => "::mlir::arith::IntegerOverflowFlags",
            FlagKind::FastMath => "::mlir::arith::FastMathFlags",
        }
    }

    fn constraint(self) -> &'static str {
        match self {
            FlagKind::Overflow => "Integer overflow arith flags",
            FlagKind::FastMath => "Floating point fast math flags",
        }
    }

    /// Parses an optional `overflow<...>` / `fastmath<...>` into `state` (nothing is stored for
    /// `none`).
    pub fn parse_optional(self, p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
        if !p.parse_optional_keyword(self.keyword()) {
            return Ok(());
        }
        p.expect(Tok::Less, "<")?;
        let mut bits = 0;
        loop {
            let loc = p.loc();
            let bit = if p.peek() == Tok::BareId {
                self.bit(p.text())
            } else {
                None
            };
            let Some(bit) = bit else {
                let mut all = vec!["none"];
                all.extend_from_slice(self.names());
                if self == FlagKind::FastMath {
                    all.push("fast");
                }
                return Err(custom_op_error(
                    p,
                    state,
                    loc,
                    format!(
                        "expected {} to be one of: {}",
                        self.cpp_enum(),
                        all.join(", ")
                    ),
                ));
            };
            p.parse_bare_id("flag")?;
            bits |= bit;
            if !p.consume_if(Tok::Comma) {
                break;
            }
        }
        p.expect(Tok::Greater, ">")?;
        if bits != 0 {
            let a = self.attr(p.ctx, bits);
            state.set_attr(p.ctx.attr_name(self.attr_name()), a);
        }
        Ok(())
    }

    /// Prints ` overflow<...>` / ` fastmath<...>` when `op` has flags other than none.
    pub fn print_optional(self, p: &mut Printer<'_>, op: OpId) {
        let bits = self.of(p.ctx, op);
        if bits != 0 {
            let text = format!(" {}<{}>", self.keyword(), self.text(bits));
            p.write(&text);
        }
    }

    /// Verifies the attribute, if present:
    /// `attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags`.
    pub fn verify(self, ctx: &Context, op: OpId) -> DiagResult<()> {
        match ctx.attr_of(op, self.attr_name()) {
            Some(a) if self.decode(ctx, a).is_none() => Err(op_error(
                ctx,
                op,
                format!(
                    "attribute '{}' failed to satisfy constraint: {}",
                    self.attr_name(),
                    self.constraint()
                ),
            )),
            _ => Ok(()),
        }
    }
}

/// `arith.truncf`'s rounding modes, in MLIR's enum order (`roundingmode = <index> : i32`).
pub const ROUNDING_MODES: [&str; 5] = [
    "to_nearest_even",
    "downward",
    "upward",
    "toward_zero",
    "to_nearest_away",
];

/// The rounding mode number of `op`'s `roundingmode` attribute, if it is a valid one.
pub fn rounding_mode(ctx: &Context, op: OpId) -> Option<usize> {
    let a = ctx.attr_of(op, "roundingmode")?;
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, ty }
            if ctx.int_width(*ty) == Some(32) && crate::util::is_signless_int(ctx, *ty) =>
        {
            usize::try_from(*value)
                .ok()
                .filter(|&v| v < ROUNDING_MODES.len())
        }
        _ => None,
    }
}

pub(crate) fn parse_optional_rounding_mode(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    if p.peek() != Tok::BareId {
        return Ok(());
    }
    if let Some(i) = ROUNDING_MODES.iter().position(|m| *m == p.text()) {
        p.parse_bare_id("rounding mode")?;
        let i32t = p.ctx.int_type(32);
        let a = p.ctx.int_attr(i as i128, i32t);
        state.set_attr(p.ctx.attr_name("roundingmode"), a);
    }
    Ok(())
}

pub(crate) fn verify_rounding_mode(ctx: &Context, op: OpId) -> DiagResult<()> {
    if ctx.attr_of(op, "roundingmode").is_some() && rounding_mode(ctx, op).is_none() {
        return Err(op_error(
            ctx,
            op,
            "attribute 'roundingmode' failed to satisfy constraint: Floating point rounding mode",
        ));
    }
    Ok(())
}
