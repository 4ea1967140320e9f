//! The one description of the integer arith ops' semantics, shared by the folders
//! ([`crate::fold`]), scf's compile-time evaluator of `scf.while` conditions and the tests:
//! [`IntBinaryOp`] (the twenty binary integer ops), [`IntCastOp`] (the integer casts), and
//! [`CmpIPredicate::evaluate`](crate::CmpIPredicate::evaluate) for `arith.cmpi`; and the op
//! enums that name ops for the folders, the builders and the JIT's lowering: [`IntBinaryOp`],
//! [`FloatBinaryOp`] (the nine binary float ops) and [`CastOp`] (the twelve casts).
//!
//! Values are bit patterns of the type's width `w` (1 to 128; `index` is 64 bits) in the low
//! bits of a `u128`. Semantics are MLIR's (`ArithOps.td`, `ArithOps.cpp` folders): wrapping
//! `addi`/`subi`/`muli`, signed and unsigned division and remainder rounding toward zero
//! (`ceildiv*` up, `floordivsi` down), shifts, min/max. Where MLIR leaves the result undefined
//! or poison the evaluation gives `None`: division by zero, signed division (`divsi`, `remsi`,
//! `ceildivsi`, `floordivsi`) of `INT_MIN` by `-1`, shift amounts of `w` or more (read
//! unsigned).

use crate::fold::mask;
use weir_ir::{sign_extend, Context, OpId};

/// Declares an enum of arith ops, one variant per op with its op name, and derives from that
/// one list `ALL` (every variant, in declaration order), `name`, `from_name` and `of`: adding
/// an op is one line here, and every exhaustive `match` over the enum (semantics, the JIT's
/// lowering) then fails to compile until it handles the new variant.
macro_rules! op_kinds {
    ($(#[$meta:meta])* $vis:vis enum $enum:ident {
        $($(#[$vmeta:meta])* $variant:ident = $name:literal,)*
    }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $enum {
            $($(#[$vmeta])* $variant,)*
        }

        impl $enum {
            /// Every variant, in declaration order.
            pub const ALL: &'static [$enum] = &[$($enum::$variant),*];

            /// The op's name, e.g. `arith.addi`.
            pub const fn name(self) -> &'static str {
                match self {
                    $($enum::$variant => $name,)*
                }
            }

            /// The variant of the op named `name` (the full name, `arith.` included), if any.
            pub fn from_name(name: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|k| k.name() == name)
            }

            /// Which variant `op` is, if any (by name; whether verified or not).
            pub fn of(ctx: &Context, op: OpId) -> Option<Self> {
                Self::from_name(ctx.name_str(op))
            }
        }
    };
}

op_kinds! {
    /// The binary integer ops of arith (MLIR `arith.addi` ... `arith.floordivsi`).
    pub enum IntBinaryOp {
        /// `arith.addi`: wrapping `a + b`.
        Add = "arith.addi",
        /// `arith.subi`: wrapping `a - b`.
        Sub = "arith.subi",
        /// `arith.muli`: wrapping `a * b`.
        Mul = "arith.muli",
        /// `arith.divsi`: signed quotient, rounded toward zero.
        DivS = "arith.divsi",
        /// `arith.divui`: unsigned quotient.
        DivU = "arith.divui",
        /// `arith.remsi`: signed remainder (sign of `a`).
        RemS = "arith.remsi",
        /// `arith.remui`: unsigned remainder.
        RemU = "arith.remui",
        /// `arith.andi`.
        And = "arith.andi",
        /// `arith.ori`.
        Or = "arith.ori",
        /// `arith.xori`.
        Xor = "arith.xori",
        /// `arith.shli`: `a << b`.
        Shl = "arith.shli",
        /// `arith.shrsi`: arithmetic `a >> b`.
        ShrS = "arith.shrsi",
        /// `arith.shrui`: logical `a >> b`.
        ShrU = "arith.shrui",
        /// `arith.maxsi`.
        MaxS = "arith.maxsi",
        /// `arith.maxui`.
        MaxU = "arith.maxui",
        /// `arith.minsi`.
        MinS = "arith.minsi",
        /// `arith.minui`.
        MinU = "arith.minui",
        /// `arith.ceildivsi`: signed quotient rounded up.
        CeilDivS = "arith.ceildivsi",
        /// `arith.ceildivui`: unsigned quotient rounded up.
        CeilDivU = "arith.ceildivui",
        /// `arith.floordivsi`: signed quotient rounded down.
        FloorDivS = "arith.floordivsi",
    }
}

impl IntBinaryOp {
    /// Whether the op has MLIR's `Commutative` trait ([`weir_ir::Traits::COMMUTATIVE`]).
    pub const fn is_commutative(self) -> bool {
        use IntBinaryOp::*;
        match self {
            Add | Mul | And | Or | Xor | MaxS | MaxU | MinS | MinU => true,
            Sub | DivS | DivU | RemS | RemU | Shl | ShrS | ShrU | CeilDivS | CeilDivU
            | FloorDivS => false,
        }
    }

    /// The identity element `e` (`e op x == x` for every `x`) of the ops that are
    /// associative and commutative on two's-complement integers, so a reduction may combine
    /// partial results in any order (MLIR `arith::getIdentityValueAttr`): `addi`, `ori`,
    /// `xori` 0, `muli` 1, `andi` all ones (-1); `None` for the other ops.
    pub const fn reduction_identity(self) -> Option<i128> {
        match self {
            Self::Add | Self::Or | Self::Xor => Some(0),
            Self::Mul => Some(1),
            Self::And => Some(-1),
            _ => None,
        }
    }

    /// Whether the op takes `overflowFlags` (`#arith.overflow<nsw, nuw>`): `addi`, `subi`,
    /// `muli`, `shli` (MLIR `ArithIntegerOverflowFlagsInterface`).
    pub const fn has_overflow_flags(self) -> bool {
        matches!(self, Self::Add | Self::Sub | Self::Mul | Self::Shl)
    }

    /// Whether the op divides (its second operand may not be zero).
    pub fn is_division(self) -> bool {
        use IntBinaryOp::*;
        matches!(
            self,
            DivS | DivU | RemS | RemU | CeilDivS | CeilDivU | FloorDivS
        )
    }

    /// `a op b` on `w`-bit integers (`1 <= w <= 128`) given as bits (only the low `w` bits
    /// are read); the result's bits, or `None` where MLIR's result is undefined or poison (see
    /// the module docs).
    pub fn eval(self, a: u128, b: u128, w: u32) -> Option<u128> {
        use IntBinaryOp::*;
        let m = mask(w);
        let (a, b) = (a & m, b & m);
        let (sa, sb) = (sign_extend(a as i128, w), sign_extend(b as i128, w));
        let smin = 1u128 << (w - 1);
        let signed_div_ok = b != 0 && !(a == smin && b == m);
        let r = match self {
            Add => a.wrapping_add(b),
            Sub => a.wrapping_sub(b),
            Mul => a.wrapping_mul(b),
            And => a & b,
            Or => a | b,
            Xor => a ^ b,
            Shl | ShrU | ShrS if b >= w as u128 => return None,
            Shl => a << b,
            ShrU => a >> b,
            ShrS => (sa >> b) as u128,
            MaxS => {
                if sa >= sb {
                    a
                } else {
                    b
                }
            }
            MinS => {
                if sa <= sb {
                    a
                } else {
                    b
                }
            }
            MaxU => a.max(b),
            MinU => a.min(b),
            DivU => a.checked_div(b)?,
            RemU => a.checked_rem(b)?,
            CeilDivU => {
                let q = a.checked_div(b)?;
                if !a.is_multiple_of(b) {
                    q + 1
                } else {
                    q
                }
            }
            DivS | RemS | CeilDivS | FloorDivS => {
                if !signed_div_ok {
                    return None;
                }
                // In i128 the w-bit quotient cannot overflow once INT_MIN / -1 is excluded (for
                // w = 128 the checked operations see exactly that case).
                let q = sa.checked_div(sb)?;
                let r = sa.checked_rem(sb)?;
                let exact_sign_positive = (sa < 0) == (sb < 0);
                let v = match self {
                    DivS => q,
                    RemS => r,
                    CeilDivS if r != 0 && exact_sign_positive => q + 1,
                    FloorDivS if r != 0 && !exact_sign_positive => q - 1,
                    _ => q,
                };
                v as u128
            }
        };
        Some(r & m)
    }
}

op_kinds! {
    /// The cast ops of arith (MLIR `arith.index_cast` ... `arith.bitcast`), for the builder
    /// [`crate::build_cast`] and the op table; [`IntCastOp`] has the integer casts' semantics.
    pub enum CastOp {
        /// `arith.index_cast`: `index` to or from `iN`, sign-extending or truncating.
        IndexCast = "arith.index_cast",
        /// `arith.index_castui`: `index` to or from `iN`, zero-extending or truncating.
        IndexCastUI = "arith.index_castui",
        /// `arith.extsi`: sign extension.
        ExtSI = "arith.extsi",
        /// `arith.extui`: zero extension.
        ExtUI = "arith.extui",
        /// `arith.trunci`: integer truncation.
        TruncI = "arith.trunci",
        /// `arith.sitofp`: signed integer to float.
        SIToFP = "arith.sitofp",
        /// `arith.uitofp`: unsigned integer to float.
        UIToFP = "arith.uitofp",
        /// `arith.fptosi`: float to signed integer.
        FPToSI = "arith.fptosi",
        /// `arith.fptoui`: float to unsigned integer.
        FPToUI = "arith.fptoui",
        /// `arith.extf`: float extension.
        ExtF = "arith.extf",
        /// `arith.truncf`: float truncation.
        TruncF = "arith.truncf",
        /// `arith.bitcast`: the same bits in a type of the same width.
        Bitcast = "arith.bitcast",
    }
}

impl CastOp {
    /// The integer cast this is, if it is one ([`IntCastOp`]; `arith.bitcast` counts, the
    /// caller checks that both types are integers).
    pub const fn int_cast(self) -> Option<IntCastOp> {
        use CastOp::*;
        match self {
            ExtSI => Some(IntCastOp::ExtSI),
            ExtUI => Some(IntCastOp::ExtUI),
            TruncI => Some(IntCastOp::TruncI),
            IndexCast => Some(IntCastOp::IndexCast),
            IndexCastUI => Some(IntCastOp::IndexCastUI),
            Bitcast => Some(IntCastOp::Bitcast),
            SIToFP | UIToFP | FPToSI | FPToUI | ExtF | TruncF => None,
        }
    }
}

/// The integer-to-integer casts of arith (MLIR `arith.extsi`, `extui`, `trunci`, `index_cast`,
/// `index_castui`, and `bitcast` between integers of one width).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntCastOp {
    /// `arith.extsi`: sign extension to a strictly wider type.
    ExtSI,
    /// `arith.extui`: zero extension to a strictly wider type.
    ExtUI,
    /// `arith.trunci`: keeps the low bits, to a strictly narrower type.
    TruncI,
    /// `arith.index_cast`: to or from `index`, sign-extending or truncating.
    IndexCast,
    /// `arith.index_castui`: to or from `index`, zero-extending or truncating.
    IndexCastUI,
    /// `arith.bitcast` (between integers): the same bits.
    Bitcast,
}

impl IntCastOp {
    /// The cast op this is.
    pub const fn cast(self) -> CastOp {
        use IntCastOp::*;
        match self {
            ExtSI => CastOp::ExtSI,
            ExtUI => CastOp::ExtUI,
            TruncI => CastOp::TruncI,
            IndexCast => CastOp::IndexCast,
            IndexCastUI => CastOp::IndexCastUI,
            Bitcast => CastOp::Bitcast,
        }
    }

    /// The op's name, e.g. `arith.extsi`.
    pub const fn name(self) -> &'static str {
        self.cast().name()
    }

    /// The cast named `name`, if it is one of these.
    pub fn from_name(name: &str) -> Option<Self> {
        CastOp::from_name(name)?.int_cast()
    }

    /// Which integer cast `op` is, if any (by name). `arith.bitcast` is one only when both its
    /// types are integers; the caller checks the types.
    pub fn of(ctx: &Context, op: OpId) -> Option<Self> {
        Self::from_name(ctx.name_str(op))
    }

    /// Whether the cast reads its operand as signed (sign-extends when widening).
    pub fn is_signed(self) -> bool {
        matches!(self, Self::ExtSI | Self::IndexCast)
    }

    /// The cast of the `from`-bit value `a` (bits; only the low `from` bits are read) to `to`
    /// bits (both 1 to 128): the result's bits, or `None` when the widths do not fit the op
    /// (an extension that does not widen, a truncation that does not narrow, a bitcast that
    /// changes the width: the verifier rejects those).
    pub fn eval(self, a: u128, from: u32, to: u32) -> Option<u128> {
        use IntCastOp::*;
        let fits = match self {
            ExtSI | ExtUI => to > from,
            TruncI => to < from,
            IndexCast | IndexCastUI => true,
            Bitcast => to == from,
        };
        if !fits {
            return None;
        }
        let a = a & mask(from);
        let v = if self.is_signed() {
            sign_extend(a as i128, from) as u128
        } else {
            a
        };
        Some(v & mask(to))
    }
}

op_kinds! {
    /// The binary float ops of arith (MLIR `arith.addf` ... `arith.minnumf`): IEEE 754
    /// arithmetic in the type's precision, rounded to nearest even. The folder's evaluation is
    /// [`crate::fold`]'s `eval_float`.
    pub enum FloatBinaryOp {
        /// `arith.addf`.
        Add = "arith.addf",
        /// `arith.subf`.
        Sub = "arith.subf",
        /// `arith.mulf`.
        Mul = "arith.mulf",
        /// `arith.divf`.
        Div = "arith.divf",
        /// `arith.remf`: C's `fmod` (LLVM `frem`), the sign of `a`.
        Rem = "arith.remf",
        /// `arith.maximumf`: IEEE 754-2019 `maximum` (NaN if either is NaN, `-0 < +0`).
        Maximum = "arith.maximumf",
        /// `arith.minimumf`: IEEE 754-2019 `minimum`.
        Minimum = "arith.minimumf",
        /// `arith.maxnumf`: IEEE 754-2008 `maxNum` (the other operand if one is NaN).
        MaxNum = "arith.maxnumf",
        /// `arith.minnumf`: IEEE 754-2008 `minNum`.
        MinNum = "arith.minnumf",
    }
}

impl FloatBinaryOp {
    /// Whether the op has MLIR's `Commutative` trait ([`weir_ir::Traits::COMMUTATIVE`]).
    pub const fn is_commutative(self) -> bool {
        use FloatBinaryOp::*;
        match self {
            Add | Mul | Maximum | Minimum | MaxNum | MinNum => true,
            Sub | Div | Rem => false,
        }
    }

    /// The identity element `e` (`e op x == x` for every `x`, signed zeros and NaNs
    /// included) of the commutative ops a reduction may regroup when the op carries the
    /// `reassoc` fast-math flag (MLIR `arith::getIdentityValueAttr`; IEEE 754 arithmetic is not
    /// associative, so regrouping is allowed by that flag only): `addf` -0.0, `mulf` 1.0,
    /// `maximumf` -inf, `minimumf` +inf; `None` for the other ops.
    pub const fn reduction_identity(self) -> Option<f64> {
        match self {
            Self::Add => Some(-0.0),
            Self::Mul => Some(1.0),
            Self::Maximum => Some(f64::NEG_INFINITY),
            Self::Minimum => Some(f64::INFINITY),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for &k in IntBinaryOp::ALL {
            assert_eq!(IntBinaryOp::from_name(k.name()), Some(k));
        }
        for &k in FloatBinaryOp::ALL {
            assert_eq!(FloatBinaryOp::from_name(k.name()), Some(k));
        }
        for &k in CastOp::ALL {
            assert_eq!(CastOp::from_name(k.name()), Some(k));
            if let Some(i) = k.int_cast() {
                assert_eq!(i.cast(), k);
                assert_eq!(IntCastOp::from_name(k.name()), Some(i));
            }
        }
        // MLIR 22's ArithOps.td: 20 integer and 9 float binary ops, 12 casts (6 integer ones).
        assert_eq!(IntBinaryOp::ALL.len(), 20);
        assert_eq!(FloatBinaryOp::ALL.len(), 9);
        assert_eq!(CastOp::ALL.len(), 12);
        assert_eq!(
            CastOp::ALL
                .iter()
                .filter(|k| k.int_cast().is_some())
                .count(),
            6
        );
        assert_eq!(IntCastOp::from_name("arith.sitofp"), None);
    }

    #[test]
    fn binary_values() {
        use IntBinaryOp::*;
        // i8: 0x80 is -128, 0xFF is -1 (hand computation).
        assert_eq!(Add.eval(0x7F, 1, 8), Some(0x80)); // 127 + 1 wraps to -128
        assert_eq!(DivS.eval(0x80, 0xFF, 8), None); // INT_MIN / -1
        assert_eq!(RemS.eval(0xF9, 2, 8), Some(0xFF)); // -7 % 2 = -1
        assert_eq!(CeilDivS.eval(7, 2, 8), Some(4)); // ceil(3.5)
        assert_eq!(FloorDivS.eval(0xF9, 2, 8), Some(0xFC)); // floor(-3.5) = -4
        assert_eq!(CeilDivU.eval(7, 2, 8), Some(4));
        assert_eq!(DivU.eval(7, 0, 8), None);
        assert_eq!(Shl.eval(1, 8, 8), None); // shift by the width
        assert_eq!(ShrS.eval(0x80, 7, 8), Some(0xFF)); // -128 >> 7 = -1
        assert_eq!(MaxS.eval(0xFF, 1, 8), Some(1)); // max(-1, 1)
        assert_eq!(MaxU.eval(0xFF, 1, 8), Some(0xFF)); // max(255, 1)
                                                       // i1: true is -1 signed, so true / true is INT_MIN / -1.
        assert_eq!(DivS.eval(1, 1, 1), None);
    }

    #[test]
    fn cast_values() {
        use IntCastOp::*;
        assert_eq!(ExtSI.eval(0x80, 8, 16), Some(0xFF80)); // -128 as i16
        assert_eq!(ExtUI.eval(0x80, 8, 16), Some(0x80));
        assert_eq!(TruncI.eval(0x1234, 16, 8), Some(0x34));
        assert_eq!(IndexCast.eval(0xFF, 8, 64), Some(u64::MAX as u128)); // -1 as index
        assert_eq!(IndexCastUI.eval(0xFF, 8, 64), Some(0xFF));
        assert_eq!(ExtSI.eval(1, 8, 8), None);
        assert_eq!(Bitcast.eval(5, 8, 8), Some(5));
    }
}
