//! The scalar semantics of the math ops, shared by the folders ([`crate::fold`]) and the tests.
//!
//! Floats: each function is computed in the precision of its type, as MLIR's folders compute
//! them (`mlir/lib/Dialect/Math/IR/MathOps.cpp`): `f32` with the C library's `f32` entry point
//! (`expf`, `atan2f`, ...), `f64` with the `f64` one (`exp`, `atan2`, ...), through Rust's `std`,
//! which calls the host C math library. `erf`/`erff`, which `std` does not offer, come from the
//! `libm` crate (a port of the same Sun fdlibm code as glibc's). Rounding to an integer
//! (`floor`, `ceil`, `trunc`, `roundeven`), `absf` and `copysign` are exact in any format.
//!
//! Integers: `ipowi`, `absi` and the bit counts (`ctlz`, `cttz`, `ctpop`) on the bits of a
//! `width`-bit signless integer (1 to 128 bits), wrapping like MLIR's `APInt` arithmetic.
//!
//! Classification (`isnan`, `isinf`, `isfinite`, `isnormal`): IEEE 754 §5.7.2 classes of a
//! value of a float format, exact in any format ([`FloatClass`]).

use weir_ir::FloatKind;

/// The float functions of the math ops that MLIR constant-folds (one per op, named as the op;
/// `math.rsqrt`, `math.cbrt`, `math.fma` and `math.fpowi` have no folder upstream).
/// `math.asinh`, `acosh`, `atanh` and `erfc` fold upstream with the host C library, which this
/// crate cannot call: `std` computes the first three with its own formulas and the `libm`
/// crate's are an ulp off glibc's on some inputs (and give NaNs of the other sign), so Weir leaves
/// them to run time, where the JIT calls the C library as mlir-runner does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatFn {
    /// `math.absf`: |x|.
    AbsF,
    /// `math.floor`: rounds towards -inf.
    Floor,
    /// `math.ceil`: rounds towards +inf.
    Ceil,
    /// `math.trunc`: rounds towards zero.
    Trunc,
    /// `math.roundeven`: rounds to the nearest integer, ties to even.
    RoundEven,
    /// `math.sqrt`: square root (correctly rounded; NaN below zero).
    Sqrt,
    /// `math.exp`: e^x.
    Exp,
    /// `math.exp2`: 2^x.
    Exp2,
    /// `math.expm1`: e^x - 1.
    ExpM1,
    /// `math.log`: natural logarithm.
    Log,
    /// `math.log2`: base-2 logarithm.
    Log2,
    /// `math.log1p`: ln(1 + x).
    Log1p,
    /// `math.tanh`: hyperbolic tangent.
    Tanh,
    /// `math.sin`: sine (radians).
    Sin,
    /// `math.cos`: cosine (radians).
    Cos,
    /// `math.tan`: tangent (radians).
    Tan,
    /// `math.atan`: arc tangent, in [-pi/2, pi/2].
    Atan,
    /// `math.erf`: the error function.
    Erf,
    /// `math.round`: rounds to the nearest integer, ties away from zero (C `round`).
    Round,
    /// `math.log10`: base-10 logarithm.
    Log10,
    /// `math.sinh`: hyperbolic sine.
    Sinh,
    /// `math.cosh`: hyperbolic cosine.
    Cosh,
    /// `math.asin`: arc sine, in [-pi/2, pi/2] (NaN outside [-1, 1]).
    Asin,
    /// `math.acos`: arc cosine, in [0, pi] (NaN outside [-1, 1]).
    Acos,
    /// `math.copysign %a, %b`: |a| with the sign of b.
    CopySign,
    /// `math.atan2 %y, %x`: the angle of (x, y), in [-pi, pi].
    Atan2,
    /// `math.powf %a, %b`: a^b (C `pow`).
    PowF,
}

impl FloatFn {
    /// The function of op `name` (`math.exp` -> [`FloatFn::Exp`]); `None` for the integer ops,
    /// the ops without a folder and other names.
    pub fn from_op_name(name: &str) -> Option<FloatFn> {
        use FloatFn::*;
        Some(match name {
            "math.absf" => AbsF,
            "math.floor" => Floor,
            "math.ceil" => Ceil,
            "math.trunc" => Trunc,
            "math.roundeven" => RoundEven,
            "math.sqrt" => Sqrt,
            "math.exp" => Exp,
            "math.exp2" => Exp2,
            "math.expm1" => ExpM1,
            "math.log" => Log,
            "math.log2" => Log2,
            "math.log1p" => Log1p,
            "math.tanh" => Tanh,
            "math.sin" => Sin,
            "math.cos" => Cos,
            "math.tan" => Tan,
            "math.atan" => Atan,
            "math.erf" => Erf,
            "math.round" => Round,
            "math.log10" => Log10,
            "math.sinh" => Sinh,
            "math.cosh" => Cosh,
            "math.asin" => Asin,
            "math.acos" => Acos,
            "math.copysign" => CopySign,
            "math.atan2" => Atan2,
            "math.powf" => PowF,
            _ => return None,
        })
    }

    /// The number of operands: 1, or 2 (`copysign`, `atan2`, `powf`).
    pub fn arity(self) -> usize {
        use FloatFn::*;
        match self {
            CopySign | Atan2 | PowF => 2,
            _ => 1,
        }
    }

    /// Whether the result is exact in every float format (so `f16` and `bf16` values, held in
    /// an `f64`, can be computed in `f64`): `absf`, `floor`, `ceil`, `trunc`, `roundeven`,
    /// `copysign`.
    pub fn is_exact(self) -> bool {
        use FloatFn::*;
        matches!(self, AbsF | Floor | Ceil | Trunc | RoundEven | CopySign)
    }
}

/// `f` applied to `args` (`f.arity()` values of format `kind`, widened to `f64`), computed in
/// the precision of `kind` and widened back. `None` when `args` has the wrong length, or for
/// `f16`/`bf16` unless `f` is exact ([`FloatFn::is_exact`]).
pub fn eval_float(f: FloatFn, kind: FloatKind, args: &[f64]) -> Option<f64> {
    if args.len() != f.arity() {
        return None;
    }
    match kind {
        FloatKind::F64 => Some(eval_f64(f, args)),
        FloatKind::F32 => {
            let a: Vec<f32> = args.iter().map(|&v| v as f32).collect();
            Some(eval_f32(f, &a) as f64)
        }
        FloatKind::F16 | FloatKind::BF16 => f.is_exact().then(|| eval_f64(f, args)),
    }
}

/// `eval_f64` and `eval_f32`: the host's function of the float width, as MLIR's folders call
/// the C library's `exp`/`expf` etc. (one body for both widths).
macro_rules! eval_float {
    ($name:ident, $t:ty, $erf:path) => {
        fn $name(f: FloatFn, a: &[$t]) -> $t {
            use FloatFn::*;
            let x = a[0];
            match f {
                AbsF => x.abs(),
                Floor => x.floor(),
                Ceil => x.ceil(),
                Trunc => x.trunc(),
                RoundEven => x.round_ties_even(),
                Sqrt => x.sqrt(),
                Exp => x.exp(),
                Exp2 => x.exp2(),
                ExpM1 => x.exp_m1(),
                Log => x.ln(),
                Log2 => x.log2(),
                Log1p => x.ln_1p(),
                Tanh => x.tanh(),
                Sin => x.sin(),
                Cos => x.cos(),
                Tan => x.tan(),
                Atan => x.atan(),
                Erf => $erf(x),
                Round => x.round(),
                Log10 => x.log10(),
                Sinh => x.sinh(),
                Cosh => x.cosh(),
                Asin => x.asin(),
                Acos => x.acos(),
                CopySign => x.copysign(a[1]),
                Atan2 => x.atan2(a[1]),
                PowF => x.powf(a[1]),
            }
        }
    };
}

eval_float!(eval_f64, f64, libm::erf);
eval_float!(eval_f32, f32, libm::erff);

/// The mask of the low `width` bits (`width` in 1..=128).
fn mask(width: u32) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

/// `math.ipowi`: `base` raised to `power`, both the bits of `width`-bit signless integers read
/// as signed (1 <= `width` <= 128); the result's bits. Repeated squaring, wrapping at the width.
/// A negative power gives 1 for base 1, -1 or 1 for base -1 (odd or even power), 0 for any
/// other base except 0, for which it is `None` (MLIR leaves `0 ^ negative` unfolded; its
/// lowering divides by zero). MLIR `IPowIOp::fold`.
pub fn ipowi(base: u128, power: u128, width: u32) -> Option<u128> {
    if !(1..=128).contains(&width) {
        return None;
    }
    let m = mask(width);
    let (base, power) = (base & m, power & m);
    let (one, minus_one) = (1 & m, m);
    if power == 0 {
        return Some(one);
    }
    if (power >> (width - 1)) & 1 == 1 {
        return if base == 0 {
            None
        } else if base == one {
            Some(one)
        } else if base != minus_one {
            Some(0)
        } else if power & 1 == 1 {
            Some(minus_one)
        } else {
            Some(one)
        };
    }
    let (mut result, mut b, mut p) = (one, base, power);
    loop {
        if p & 1 == 1 {
            result = result.wrapping_mul(b) & m;
        }
        p >>= 1;
        if p == 0 {
            return Some(result);
        }
        b = b.wrapping_mul(b) & m;
    }
}

/// `math.absi`: the absolute value of the bits `a` of a `width`-bit signless integer read as
/// signed; the minimum value wraps to itself (MLIR `APInt::abs`). `None` for widths outside
/// 1..=128.
pub fn absi(a: u128, width: u32) -> Option<u128> {
    if !(1..=128).contains(&width) {
        return None;
    }
    let m = mask(width);
    let a = a & m;
    Some(if (a >> (width - 1)) & 1 == 1 {
        (!a).wrapping_add(1) & m
    } else {
        a
    })
}

/// A bit count of the math dialect (MLIR `CountLeadingZerosOp`, `CountTrailingZerosOp`,
/// `CtPopOp`): `math.ctlz`, `math.cttz`, `math.ctpop`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BitCount {
    /// `math.ctlz`: zeros above the highest set bit (`width` for 0).
    LeadingZeros,
    /// `math.cttz`: zeros below the lowest set bit (`width` for 0).
    TrailingZeros,
    /// `math.ctpop`: set bits.
    Population,
}

impl BitCount {
    /// The count of op `name` (`math.ctlz`, ...), if it is one.
    pub fn from_op_name(name: &str) -> Option<BitCount> {
        Some(match name {
            "math.ctlz" => BitCount::LeadingZeros,
            "math.cttz" => BitCount::TrailingZeros,
            "math.ctpop" => BitCount::Population,
            _ => return None,
        })
    }

    /// The count of the bits `a` of a `width`-bit integer (`APInt::countl_zero`, ...); `None`
    /// for widths outside 1..=128.
    pub fn eval(self, a: u128, width: u32) -> Option<u128> {
        if !(1..=128).contains(&width) {
            return None;
        }
        let a = a & mask(width);
        Some(u128::from(match self {
            BitCount::LeadingZeros => a.leading_zeros() - (128 - width),
            BitCount::TrailingZeros => a.trailing_zeros().min(width),
            BitCount::Population => a.count_ones(),
        }))
    }
}

/// A classification op of the math dialect (MLIR `Math_FloatClassificationOp`): `math.isnan`,
/// `math.isinf`, `math.isfinite`, `math.isnormal`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatClass {
    /// `math.isnan`: a NaN (quiet or signaling).
    Nan,
    /// `math.isinf`: +inf or -inf.
    Inf,
    /// `math.isfinite`: neither infinite nor NaN.
    Finite,
    /// `math.isnormal`: finite, not zero and not subnormal in its format.
    Normal,
}

impl FloatClass {
    /// The classification of op `name` (`math.isnan`, ...), if it is one.
    pub fn from_op_name(name: &str) -> Option<FloatClass> {
        Some(match name {
            "math.isnan" => FloatClass::Nan,
            "math.isinf" => FloatClass::Inf,
            "math.isfinite" => FloatClass::Finite,
            "math.isnormal" => FloatClass::Normal,
            _ => return None,
        })
    }

    /// Whether `x`, a value of format `kind` (held exactly in an `f64`), is in the class.
    pub fn holds(self, x: f64, kind: FloatKind) -> bool {
        match self {
            FloatClass::Nan => x.is_nan(),
            FloatClass::Inf => x.is_infinite(),
            FloatClass::Finite => x.is_finite(),
            FloatClass::Normal => x.is_finite() && x.abs() >= min_normal(kind),
        }
    }
}

/// The smallest positive normal value of format `kind`: 2^-14 (`f16`), 2^-126 (`bf16`,
/// `f32`), 2^-1022 (`f64`).
pub fn min_normal(kind: FloatKind) -> f64 {
    match kind {
        FloatKind::F16 => f64::powi(2.0, -14),
        FloatKind::BF16 | FloatKind::F32 => f64::from(f32::MIN_POSITIVE),
        FloatKind::F64 => f64::MIN_POSITIVE,
    }
}
