//! What Weir's code generators (the Cranelift JIT, `crates/jit`, and the LLVM backend,
//! `crates/llvm`) do where MLIR's arith dialect leaves a result undefined (poison or
//! undefined behaviour), decided here once so that both backends emit the same behaviour:
//! - integer division and remainder check their divisor, and the signed ones the overflow of
//!   `INT_MIN / -1`, at run time ([`IntBinaryOp::runtime_faults`], [`IntFault`]): a located
//!   runtime error, never a trap or an arbitrary value;
//! - a shift by the width or more gives 0 (`shli`, `shrui`) or fills with the sign bit
//!   (`shrsi`) ([`IntBinaryOp::oversized_shift`]);
//! - `fptosi`/`fptoui` of a value outside the result's range saturate to it, NaN gives 0
//!   (LLVM's `llvm.fptosi.sat`, Cranelift's `fcvt_to_sint_sat` clamped to the width);
//! - `maxnumf`/`minnumf` are `maximumf`/`minimumf` (-0.0 below +0.0) unless one operand is NaN,
//!   which gives the other (and NaN for two NaNs).

use crate::IntBinaryOp;

/// A runtime check made before an integer op whose result MLIR leaves undefined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntFault {
    /// The divisor is zero (`divsi`, `divui`, `remsi`, `remui`, `ceildivsi`, `ceildivui`,
    /// `floordivsi`).
    DivisionByZero,
    /// The signed division of the minimum value by -1, whose quotient does not fit (`divsi`,
    /// `remsi`, `ceildivsi`, `floordivsi`; for `remsi` too, as LLVM's `srem` makes it
    /// undefined).
    SignedOverflow,
}

impl IntFault {
    /// The runtime error's message for op `op_name` on `iN` with N = `width`:
    /// `integer division by zero`, or `integer overflow in signed division ('arith.divsi' of
    /// the minimum i32 by -1)`.
    pub fn message(self, op_name: &str, width: u32) -> String {
        match self {
            IntFault::DivisionByZero => "integer division by zero".to_string(),
            IntFault::SignedOverflow => format!(
                "integer overflow in signed division ('{op_name}' of the minimum i{width} by -1)"
            ),
        }
    }
}

/// What a shift by the operand's width or more gives (MLIR: poison).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OversizedShift {
    /// Zero (`shli`, `shrui`: every bit shifted out).
    Zero,
    /// Every bit a copy of the sign bit (`shrsi`: as a shift by the width minus one).
    SignFill,
}

impl IntBinaryOp {
    /// The runtime checks before the op, in the order they are made (see the module docs).
    pub const fn runtime_faults(self) -> &'static [IntFault] {
        use IntBinaryOp::*;
        match self {
            DivU | RemU | CeilDivU => &[IntFault::DivisionByZero],
            DivS | RemS | CeilDivS | FloorDivS => {
                &[IntFault::DivisionByZero, IntFault::SignedOverflow]
            }
            Add | Sub | Mul | And | Or | Xor | Shl | ShrS | ShrU | MaxS | MaxU | MinS | MinU => &[],
        }
    }

    /// For a shift, what an amount of the width or more (read unsigned) gives; `None` for the
    /// other ops.
    pub const fn oversized_shift(self) -> Option<OversizedShift> {
        match self {
            IntBinaryOp::Shl | IntBinaryOp::ShrU => Some(OversizedShift::Zero),
            IntBinaryOp::ShrS => Some(OversizedShift::SignFill),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The division ops are exactly those with a zero-divisor check, and the signed ones (by
    /// name: `...si`) those with the overflow check too.
    #[test]
    fn faults_follow_the_division_ops() {
        for &k in IntBinaryOp::ALL {
            let f = k.runtime_faults();
            assert_eq!(
                f.contains(&IntFault::DivisionByZero),
                k.is_division(),
                "{k:?}"
            );
            let signed = k.is_division() && k.name().ends_with("si");
            assert_eq!(f.contains(&IntFault::SignedOverflow), signed, "{k:?}");
        }
        assert_eq!(
            IntFault::SignedOverflow.message("arith.divsi", 32),
            "integer overflow in signed division ('arith.divsi' of the minimum i32 by -1)"
        );
    }
}
