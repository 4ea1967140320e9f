//! The comparison predicates of `arith.cmpi` and `arith.cmpf`, with MLIR's enum values (the
//! `predicate` attribute is an `i64` integer attribute holding them) and keywords.

/// `arith.cmpi` predicates (MLIR `arith::CmpIPredicate`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpIPredicate {
    /// `eq` = 0.
    Eq,
    /// `ne` = 1.
    Ne,
    /// `slt` = 2.
    Slt,
    /// `sle` = 3.
    Sle,
    /// `sgt` = 4.
    Sgt,
    /// `sge` = 5.
    Sge,
    /// `ult` = 6.
    Ult,
    /// `ule` = 7.
    Ule,
    /// `ugt` = 8.
    Ugt,
    /// `uge` = 9.
    Uge,
}

impl CmpIPredicate {
    /// Every predicate, in enum-value order.
    pub const ALL: [CmpIPredicate; 10] = [
        Self::Eq,
        Self::Ne,
        Self::Slt,
        Self::Sle,
        Self::Sgt,
        Self::Sge,
        Self::Ult,
        Self::Ule,
        Self::Ugt,
        Self::Uge,
    ];
    const NAMES: [&'static str; 10] = [
        "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
    ];

    /// The predicate with MLIR enum value `v`.
    pub fn from_i64(v: i64) -> Option<Self> {
        usize::try_from(v)
            .ok()
            .and_then(|i| Self::ALL.get(i).copied())
    }

    /// MLIR's enum value.
    pub fn to_i64(self) -> i64 {
        self as i64
    }

    /// The keyword, e.g. `slt`.
    pub fn keyword(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// The predicate named `kw`.
    pub fn from_keyword(kw: &str) -> Option<Self> {
        Self::NAMES
            .iter()
            .position(|n| *n == kw)
            .map(|i| Self::ALL[i])
    }

    /// The negation: `!(a P b) == (a P.invert() b)` (MLIR `invertPredicate`).
    pub fn invert(self) -> Self {
        use CmpIPredicate::*;
        match self {
            Eq => Ne,
            Ne => Eq,
            Slt => Sge,
            Sle => Sgt,
            Sgt => Sle,
            Sge => Slt,
            Ult => Uge,
            Ule => Ugt,
            Ugt => Ule,
            Uge => Ult,
        }
    }

    /// The predicate with operands swapped: `(a P b) == (b P.swap() a)`.
    pub fn swap(self) -> Self {
        use CmpIPredicate::*;
        match self {
            Eq => Eq,
            Ne => Ne,
            Slt => Sgt,
            Sle => Sge,
            Sgt => Slt,
            Sge => Sle,
            Ult => Ugt,
            Ule => Uge,
            Ugt => Ult,
            Uge => Ule,
        }
    }

    /// Evaluates `lhs P rhs` on `width`-bit integers given by their bits (any representation:
    /// only the low `width` bits are read; `index` is 64 bits).
    pub fn evaluate(self, lhs: i128, rhs: i128, width: u32) -> bool {
        use CmpIPredicate::*;
        let (sl, sr) = (
            crate::util::normalize_signed(lhs, width),
            crate::util::normalize_signed(rhs, width),
        );
        let (ul, ur) = (to_unsigned(lhs, width), to_unsigned(rhs, width));
        match self {
            Eq => ul == ur,
            Ne => ul != ur,
            Slt => sl < sr,
            Sle => sl <= sr,
            Sgt => sl > sr,
            Sge => sl >= sr,
            Ult => ul < ur,
            Ule => ul <= ur,
            Ugt => ul > ur,
            Uge => ul >= ur,
        }
    }
}

/// The low `width` bits of `v` as an unsigned number.
pub(crate) fn to_unsigned(v: i128, width: u32) -> u128 {
    if width >= 128 {
        v as u128
    } else {
        (v as u128) & ((1u128 << width) - 1)
    }
}

/// `arith.cmpf` predicates (MLIR `arith::CmpFPredicate`): `o*` are ordered (false if either
/// operand is NaN), `u*` unordered (true if either is NaN).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpFPredicate {
    /// `false` = 0: always false.
    AlwaysFalse,
    /// `oeq` = 1.
    Oeq,
    /// `ogt` = 2.
    Ogt,
    /// `oge` = 3.
    Oge,
    /// `olt` = 4.
    Olt,
    /// `ole` = 5.
    Ole,
    /// `one` = 6.
    One,
    /// `ord` = 7: neither operand is NaN.
    Ord,
    /// `ueq` = 8.
    Ueq,
    /// `ugt` = 9.
    Ugt,
    /// `uge` = 10.
    Uge,
    /// `ult` = 11.
    Ult,
    /// `ule` = 12.
    Ule,
    /// `une` = 13.
    Une,
    /// `uno` = 14: either operand is NaN.
    Uno,
    /// `true` = 15: always true.
    AlwaysTrue,
}

impl CmpFPredicate {
    /// Every predicate, in enum-value order.
    pub const ALL: [CmpFPredicate; 16] = [
        Self::AlwaysFalse,
        Self::Oeq,
        Self::Ogt,
        Self::Oge,
        Self::Olt,
        Self::Ole,
        Self::One,
        Self::Ord,
        Self::Ueq,
        Self::Ugt,
        Self::Uge,
        Self::Ult,
        Self::Ule,
        Self::Une,
        Self::Uno,
        Self::AlwaysTrue,
    ];
    const NAMES: [&'static str; 16] = [
        "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult",
        "ule", "une", "uno", "true",
    ];

    /// The predicate with MLIR enum value `v`.
    pub fn from_i64(v: i64) -> Option<Self> {
        usize::try_from(v)
            .ok()
            .and_then(|i| Self::ALL.get(i).copied())
    }

    /// MLIR's enum value.
    pub fn to_i64(self) -> i64 {
        self as i64
    }

    /// The keyword, e.g. `olt`.
    pub fn keyword(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// The predicate named `kw`.
    pub fn from_keyword(kw: &str) -> Option<Self> {
        Self::NAMES
            .iter()
            .position(|n| *n == kw)
            .map(|i| Self::ALL[i])
    }

    /// Evaluates `lhs P rhs` with IEEE-754 semantics.
    pub fn evaluate(self, lhs: f64, rhs: f64) -> bool {
        use CmpFPredicate::*;
        let unordered = lhs.is_nan() || rhs.is_nan();
        match self {
            AlwaysFalse => false,
            Oeq => !unordered && lhs == rhs,
            Ogt => !unordered && lhs > rhs,
            Oge => !unordered && lhs >= rhs,
            Olt => !unordered && lhs < rhs,
            Ole => !unordered && lhs <= rhs,
            One => !unordered && lhs != rhs,
            Ord => !unordered,
            Ueq => unordered || lhs == rhs,
            Ugt => unordered || lhs > rhs,
            Uge => unordered || lhs >= rhs,
            Ult => unordered || lhs < rhs,
            Ule => unordered || lhs <= rhs,
            Une => unordered || lhs != rhs,
            Uno => unordered,
            AlwaysTrue => true,
        }
    }
}
