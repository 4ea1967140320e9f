//! Affine expressions and maps (MLIR `AffineExpr.h`, `AffineMap.h`), the contents of the
//! builtin `affine_map<...>` attribute and of `memref` layouts.
//!
//! An expression is a small tree owned by the interned [`AttrKind::AffineMap`]
//! attribute that holds it (comparing two maps compares two attribute ids). The constructors
//! (`+`, `-`, `*` and [`AffineExpr::floor_div`], ...) simplify as MLIR's `AffineExpr` operators do
//! (`mlir/lib/IR/AffineExpr.cpp`: constant folding, constants and symbols to the right,
//! `e + 0`, `e * 1`, `(e + 2) + 3`, `c1 * e + c2 * e`, divisions of multiples), so a parsed map
//! is stored, and printed, in the form mlir-opt gives it. Rules of upstream not listed in
//! the constructors' docs are not applied; the map then keeps the form it was written in.
//!
//! [`AttrKind::AffineMap`]: crate::AttrKind::AffineMap

use std::ops::{Add, Mul, Neg, Sub};

/// A binary operator of an affine expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AffineBinOp {
    /// `+` (a subtraction `a - b` is stored as `a + b * -1`, as MLIR does).
    Add,
    /// `*`: one operand must be symbolic or constant.
    Mul,
    /// `floordiv`: rounds toward negative infinity; the right operand is symbolic or constant.
    FloorDiv,
    /// `ceildiv`: rounds toward positive infinity; the right operand is symbolic or constant.
    CeilDiv,
    /// `mod`: the non-negative remainder of `floordiv`.
    Mod,
}

/// An affine expression over dimensions `d0, d1, ...` and symbols `s0, s1, ...`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AffineExpr {
    /// `dN`: the N-th dimension (0-based).
    Dim(u32),
    /// `sN`: the N-th symbol (0-based).
    Symbol(u32),
    /// An integer constant.
    Constant(i64),
    /// `lhs op rhs`.
    Binary {
        /// The operator.
        op: AffineBinOp,
        /// The left operand.
        lhs: Box<AffineExpr>,
        /// The right operand.
        rhs: Box<AffineExpr>,
    },
}

/// `(d0, ...)[s0, ...] -> (results)`: `num_dims` dimensions, `num_symbols` symbols.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AffineMap {
    /// How many dimensions the map takes.
    pub num_dims: u32,
    /// How many symbols the map takes.
    pub num_symbols: u32,
    /// One expression per result.
    pub results: Vec<AffineExpr>,
}

impl AffineMap {
    /// Whether the map is `(d0, ..., dn) -> (d0, ..., dn)` without symbols (MLIR
    /// `AffineMap::isIdentity`; a memref with such a layout has the default layout).
    pub fn is_identity(&self) -> bool {
        self.num_symbols == 0
            && self.results.len() == self.num_dims as usize
            && self
                .results
                .iter()
                .enumerate()
                .all(|(i, e)| *e == AffineExpr::Dim(i as u32))
    }
}

fn binary(op: AffineBinOp, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr {
    AffineExpr::Binary {
        op,
        lhs: Box::new(lhs),
        rhs: Box::new(rhs),
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i64::try_from(a).unwrap_or(1)
}

impl AffineExpr {
    /// The constant value, if the expression is a constant.
    pub fn as_constant(&self) -> Option<i64> {
        match self {
            AffineExpr::Constant(c) => Some(*c),
            _ => None,
        }
    }

    /// Whether `self` and `rhs` are two dimensions, or two symbols, with `self` the later one:
    /// MLIR 22 orders the operands of `d1 + d0` and `s1 * s0` by position.
    fn later_leaf_than(&self, rhs: &AffineExpr) -> bool {
        match (self, rhs) {
            (AffineExpr::Dim(a), AffineExpr::Dim(b))
            | (AffineExpr::Symbol(a), AffineExpr::Symbol(b)) => a > b,
            _ => false,
        }
    }

    /// Whether no dimension occurs in the expression (MLIR `isSymbolicOrConstant`).
    pub fn is_symbolic_or_constant(&self) -> bool {
        match self {
            AffineExpr::Dim(_) => false,
            AffineExpr::Symbol(_) | AffineExpr::Constant(_) => true,
            AffineExpr::Binary { lhs, rhs, .. } => {
                lhs.is_symbolic_or_constant() && rhs.is_symbolic_or_constant()
            }
        }
    }

    /// The largest integer known to divide the expression's value (MLIR
    /// `getLargestKnownDivisor`; 1 for divisions and remainders).
    pub fn largest_known_divisor(&self) -> i64 {
        match self {
            AffineExpr::Constant(c) => c.checked_abs().unwrap_or(1),
            AffineExpr::Dim(_) | AffineExpr::Symbol(_) => 1,
            AffineExpr::Binary { op, lhs, rhs } => match op {
                AffineBinOp::Mul => lhs
                    .largest_known_divisor()
                    .checked_mul(rhs.largest_known_divisor())
                    .unwrap_or(1),
                AffineBinOp::Add => gcd(lhs.largest_known_divisor(), rhs.largest_known_divisor()),
                _ => 1,
            },
        }
    }

    /// The operator and operands, if the expression is `op(lhs, rhs)`.
    fn as_binary(&self, want: AffineBinOp) -> Option<(&AffineExpr, &AffineExpr)> {
        match self {
            AffineExpr::Binary { op, lhs, rhs } if *op == want => Some((lhs, rhs)),
            _ => None,
        }
    }

    /// `self floordiv rhs`, simplified as MLIR's `simplifyFloorDiv` for a constant divisor
    /// `c >= 1`: constants fold; `e floordiv 1 = e`; `(e * k) floordiv c = e * (k / c)` when
    /// `c` divides `k`; `(a + b) floordiv c = a floordiv c + b floordiv c` when `c` divides
    /// the known divisor of `a` or `b`.
    pub fn floor_div(self, rhs: AffineExpr) -> AffineExpr {
        match rhs.as_constant() {
            Some(c) if c >= 1 => {
                if let Some(a) = self.as_constant() {
                    return AffineExpr::Constant(a.div_euclid(c));
                }
                if let Some(e) = self.div_of_multiple(c) {
                    return e;
                }
                if let Some((a, b)) = self.as_binary(AffineBinOp::Add) {
                    if a.largest_known_divisor() % c == 0 || b.largest_known_divisor() % c == 0 {
                        return a
                            .clone()
                            .floor_div(rhs.clone())
                            .add(b.clone().floor_div(rhs));
                    }
                }
                binary(AffineBinOp::FloorDiv, self, rhs)
            }
            _ => binary(AffineBinOp::FloorDiv, self, rhs),
        }
    }

    /// `self ceildiv rhs`, simplified as MLIR's `simplifyCeilDiv` for a constant divisor
    /// `c >= 1`: constants fold; `e ceildiv 1 = e`; `(e * k) ceildiv c = e * (k / c)` when `c`
    /// divides `k`.
    pub fn ceil_div(self, rhs: AffineExpr) -> AffineExpr {
        match rhs.as_constant() {
            Some(c) if c >= 1 => {
                if let Some(a) = self.as_constant() {
                    let q = a.div_euclid(c);
                    return AffineExpr::Constant(if a.rem_euclid(c) == 0 { q } else { q + 1 });
                }
                match self.div_of_multiple(c) {
                    Some(e) => e,
                    None => binary(AffineBinOp::CeilDiv, self, rhs),
                }
            }
            _ => binary(AffineBinOp::CeilDiv, self, rhs),
        }
    }

    /// `e` for `c == 1`, `e * (k / c)` for `self = e * k` with `c` dividing `k`.
    fn div_of_multiple(&self, c: i64) -> Option<AffineExpr> {
        if c == 1 {
            return Some(self.clone());
        }
        let (e, k) = self.as_binary(AffineBinOp::Mul)?;
        let k = k.as_constant().filter(|k| k % c == 0)?;
        Some(e.clone().mul(AffineExpr::Constant(k / c)))
    }

    /// `self mod rhs`, simplified as MLIR's `simplifyMod` for a constant modulus `c >= 1`:
    /// constants fold (to the non-negative remainder); `e mod c = 0` when `c` divides the known
    /// divisor of `e`; `(a + b) mod c = b mod c` when `c` divides `a`'s known divisor (and
    /// symmetrically); `(e mod k) mod c = e mod c` when `c` divides `k`.
    pub fn modulo(self, rhs: AffineExpr) -> AffineExpr {
        let Some(c) = rhs.as_constant().filter(|&c| c >= 1) else {
            return binary(AffineBinOp::Mod, self, rhs);
        };
        if let Some(a) = self.as_constant() {
            return AffineExpr::Constant(a.rem_euclid(c));
        }
        if self.largest_known_divisor() % c == 0 {
            return AffineExpr::Constant(0);
        }
        if let Some((a, b)) = self.as_binary(AffineBinOp::Add) {
            if a.largest_known_divisor() % c == 0 {
                return b.clone().modulo(rhs);
            }
            if b.largest_known_divisor() % c == 0 {
                return a.clone().modulo(rhs);
            }
        }
        if let Some((e, k)) = self.as_binary(AffineBinOp::Mod) {
            if k.as_constant().is_some_and(|k| k % c == 0) {
                return e.clone().modulo(rhs);
            }
        }
        binary(AffineBinOp::Mod, self, rhs)
    }
}

impl Add for AffineExpr {
    type Output = AffineExpr;

    /// `self + rhs`, simplified as MLIR's `simplifyAdd`: two constants fold unless the sum
    /// overflows (then the sum stays, as in MLIR); the other constant combinations wrap at 64 bits
    /// (MLIR's unchecked `int64_t` arithmetic); a constant, or a
    /// symbolic term added to a non-symbolic one, goes to the right; `d1 + d0 = d0 + d1`; `e + 0 = e`;
    /// `(e + c1) + c2 = e + (c1 + c2)`; `e * c1 + e * c2 = e * (c1 + c2)` (`c` = 1 when
    /// absent); `(e + c) + f = (e + f) + c`; `e + (e floordiv q) * -q = e mod q`.
    fn add(self, rhs: AffineExpr) -> AffineExpr {
        use AffineExpr::Constant;
        if let (Some(a), Some(b)) = (self.as_constant(), rhs.as_constant()) {
            if let Some(c) = a.checked_add(b) {
                return Constant(c);
            }
        }
        if (self.as_constant().is_some() && rhs.as_constant().is_none())
            || (self.is_symbolic_or_constant() && !rhs.is_symbolic_or_constant())
            || self.later_leaf_than(&rhs)
        {
            return rhs.add(self);
        }
        let rhs_const = rhs.as_constant();
        if rhs_const == Some(0) {
            return self;
        }
        if let (Some((ll, lr)), Some(c2)) = (self.as_binary(AffineBinOp::Add), rhs_const) {
            if let Some(c1) = lr.as_constant() {
                return ll.clone().add(Constant(c1.wrapping_add(c2)));
            }
        }
        let scaled = |e: &AffineExpr| match e.as_binary(AffineBinOp::Mul) {
            Some((f, c)) if c.as_constant().is_some() => (f.clone(), c.as_constant()),
            _ => (e.clone(), Some(1)),
        };
        let ((first, c1), (second, c2)) = (scaled(&self), scaled(&rhs));
        if first == second {
            if let Some((a, b)) = c1.zip(c2) {
                return first.mul(Constant(a.wrapping_add(b)));
            }
        }
        if let Some((ll, lr)) = self.as_binary(AffineBinOp::Add) {
            if lr.as_constant().is_some() {
                return ll.clone().add(rhs).add(lr.clone());
            }
        }
        // `e + (e floordiv q) * -q` (q constant) or `e + ((e floordiv q) * q) * -1`.
        if let Some((rl, rr)) = rhs.as_binary(AffineBinOp::Mul) {
            if rr.as_constant() == Some(-1) {
                if let Some((inner, q)) = rl.as_binary(AffineBinOp::Mul) {
                    if let Some((e, q2)) = inner.as_binary(AffineBinOp::FloorDiv) {
                        if q2 == q && *e == self {
                            return self.modulo(q.clone());
                        }
                    }
                }
            }
            if let Some((e, q)) = rl.as_binary(AffineBinOp::FloorDiv) {
                let neg_q = q.as_constant().and_then(i64::checked_neg);
                if *e == self && neg_q.is_some() && neg_q == rr.as_constant() {
                    return self.modulo(q.clone());
                }
            }
        }
        binary(AffineBinOp::Add, self, rhs)
    }
}

impl Mul for AffineExpr {
    type Output = AffineExpr;

    /// `self * rhs`, simplified as MLIR's `simplifyMul`: two constants fold unless the product
    /// overflows; `(e * c1) * c2` wraps at 64 bits (as MLIR); the symbolic or
    /// constant operand goes to the right (a constant always); `s1 * s0 = s0 * s1`; `e * 1 = e`, `e * 0 = 0`;
    /// `(e * c1) * c2 = e * (c1 * c2)`; `(e * c) * f = (e * f) * c`. One operand must be
    /// symbolic or constant (the parser checks it).
    fn mul(self, rhs: AffineExpr) -> AffineExpr {
        use AffineExpr::Constant;
        if let (Some(a), Some(b)) = (self.as_constant(), rhs.as_constant()) {
            if let Some(c) = a.checked_mul(b) {
                return Constant(c);
            }
        }
        if (!rhs.is_symbolic_or_constant() && self.is_symbolic_or_constant())
            || (self.as_constant().is_some() && rhs.as_constant().is_none())
            || self.later_leaf_than(&rhs)
        {
            return rhs.mul(self);
        }
        match rhs.as_constant() {
            Some(1) => return self,
            Some(0) => return rhs,
            _ => {}
        }
        if let Some((ll, lr)) = self.as_binary(AffineBinOp::Mul) {
            if let Some(c1) = lr.as_constant() {
                if let Some(c2) = rhs.as_constant() {
                    return ll.clone().mul(Constant(c1.wrapping_mul(c2)));
                }
                return ll.clone().mul(rhs).mul(lr.clone());
            }
        }
        binary(AffineBinOp::Mul, self, rhs)
    }
}

impl Neg for AffineExpr {
    type Output = AffineExpr;

    /// `-self`, i.e. `self * -1` (MLIR `operator-`).
    fn neg(self) -> AffineExpr {
        self.mul(AffineExpr::Constant(-1))
    }
}

impl Sub for AffineExpr {
    type Output = AffineExpr;

    /// `self - rhs`, i.e. `self + rhs * -1` (MLIR `operator-`).
    fn sub(self, rhs: AffineExpr) -> AffineExpr {
        self.add(rhs.neg())
    }
}

#[cfg(test)]
mod tests {
    use super::AffineExpr::{Constant as C, Dim as D, Symbol as S};
    use super::*;

    // Expected forms: mlir-opt 22's printing of the same expressions (see
    // lit-tests/builtin/affine-map.mlir), written here as trees.
    #[test]
    fn simplifies_as_mlir() {
        // 3 + d0 -> d0 + 3
        assert_eq!(C(3).add(D(0)), binary(AffineBinOp::Add, D(0), C(3)));
        // 2 * d0 * 3 -> d0 * 6
        assert_eq!(
            C(2).mul(D(0)).mul(C(3)),
            binary(AffineBinOp::Mul, D(0), C(6))
        );
        // d0 + d0 -> d0 * 2
        assert_eq!(D(0).add(D(0)), binary(AffineBinOp::Mul, D(0), C(2)));
        // (d0 + 2) + d1 -> (d0 + d1) + 2
        assert_eq!(
            D(0).add(C(2)).add(D(1)),
            binary(AffineBinOp::Add, binary(AffineBinOp::Add, D(0), D(1)), C(2))
        );
        // d0 * 0 -> 0; d0 floordiv 1 -> d0; 7 floordiv 2 = 3; -7 mod 3 = 2; 7 ceildiv 2 = 4
        assert_eq!(D(0).mul(C(0)), C(0));
        assert_eq!(D(0).floor_div(C(1)), D(0));
        assert_eq!(C(7).floor_div(C(2)), C(3));
        assert_eq!(C(-7).modulo(C(3)), C(2));
        assert_eq!(C(7).ceil_div(C(2)), C(4));
        // d1 + d0 -> d0 + d1; s1 * s0 -> s0 * s1
        assert_eq!(D(1).add(D(0)), binary(AffineBinOp::Add, D(0), D(1)));
        assert_eq!(S(1).mul(S(0)), binary(AffineBinOp::Mul, S(0), S(1)));
        // s0 + d0 -> d0 + s0; d0 * s0 stays with the symbol on the right
        assert_eq!(S(0).add(D(0)), binary(AffineBinOp::Add, D(0), S(0)));
        assert_eq!(S(0).mul(D(0)), binary(AffineBinOp::Mul, D(0), S(0)));
        // (d0 * 4) mod 2 = 0; d0 - (d0 floordiv 4) * 4 = d0 mod 4
        assert_eq!(D(0).mul(C(4)).modulo(C(2)), C(0));
        assert_eq!(
            D(0).sub(D(0).floor_div(C(4)).mul(C(4))),
            binary(AffineBinOp::Mod, D(0), C(4))
        );
    }

    #[test]
    fn identity() {
        let id = AffineMap {
            num_dims: 2,
            num_symbols: 0,
            results: vec![D(0), D(1)],
        };
        assert!(id.is_identity());
        let swap = AffineMap {
            results: vec![D(1), D(0)],
            ..id
        };
        assert!(!swap.is_identity());
    }
}
