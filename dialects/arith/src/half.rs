//! The 16-bit float formats `f16` (IEEE binary16) and `bf16` (bfloat16) for the folders: rounding
//! an `f64` value to them with MLIR's rounding modes, and their bit patterns (for
//! `arith.bitcast`). Weir stores every float constant as an `f64`, which holds each `f16` and
//! `bf16` value exactly (IEEE 754-2019 §3.6 parameters: `f16` p = 11, emin = -14, emax = 15;
//! `bf16` p = 8, emin = -126, emax = 127).

use weir_ir::FloatKind;

/// `(significand bits p, emin, emax)` of a 16-bit format; `None` for `f32`/`f64`.
fn params(k: FloatKind) -> Option<(i32, i32, i32)> {
    match k {
        FloatKind::F16 => Some((11, -14, 15)),
        FloatKind::BF16 => Some((8, -126, 127)),
        FloatKind::F32 | FloatKind::F64 => None,
    }
}

/// 2^e as an `f64` (exact for -1022 <= e <= 1023).
fn pow2(e: i32) -> f64 {
    2f64.powi(e)
}

/// `v` (not NaN) rounded to the 16-bit format `k` with MLIR rounding mode `mode` (0
/// to_nearest_even, 1 downward, 2 upward, 3 toward_zero, 4 to_nearest_away), subnormals and
/// overflow included (overflow gives infinity or the largest finite value, by the mode, as IEEE
/// 754 §7.4). `None` for another format or mode.
pub(crate) fn round(v: f64, k: FloatKind, mode: usize) -> Option<f64> {
    let (p, emin, emax) = params(k)?;
    if mode > 4 {
        return None;
    }
    if v == 0.0 || v.is_infinite() {
        return Some(v);
    }
    // The exponent of |v| (the f64 subnormals are far below emin).
    let e = ((v.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    let q = e.max(emin) - (p - 1);
    let scaled = v / pow2(q);
    let r = match mode {
        0 => scaled.round_ties_even(),
        1 => scaled.floor(),
        2 => scaled.ceil(),
        3 => scaled.trunc(),
        _ => scaled.round(),
    } * pow2(q);
    let max = (2.0 - pow2(1 - p)) * pow2(emax);
    if r.abs() <= max {
        return Some(r);
    }
    let to_inf = match mode {
        0 | 4 => true,
        1 => v < 0.0,
        2 => v > 0.0,
        _ => false,
    };
    Some(if to_inf {
        v.signum() * f64::INFINITY
    } else {
        v.signum() * max
    })
}

/// The value of the 16-bit pattern `bits` in format `k`; `None` for NaN patterns (Weir's `f64`
/// storage does not keep their payload) and other formats.
pub(crate) fn from_bits(bits: u16, k: FloatKind) -> Option<f64> {
    let v = match k {
        FloatKind::BF16 => f32::from_bits((bits as u32) << 16) as f64,
        FloatKind::F16 => {
            let sign = if bits & 0x8000 != 0 { -1.0 } else { 1.0 };
            let exp = ((bits >> 10) & 0x1f) as i32;
            let mant = (bits & 0x3ff) as f64;
            sign * match exp {
                0 => mant * pow2(-24),
                31 if mant == 0.0 => f64::INFINITY,
                31 => f64::NAN,
                _ => (1.0 + mant / 1024.0) * pow2(exp - 15),
            }
        }
        _ => return None,
    };
    (!v.is_nan()).then_some(v)
}

/// The 16-bit pattern of `v` in format `k`, if `v` is a value of that format (not NaN).
pub(crate) fn to_bits(v: f64, k: FloatKind) -> Option<u16> {
    if v.is_nan() || round(v, k, 0)? != v {
        return None;
    }
    match k {
        FloatKind::BF16 => Some(((v as f32).to_bits() >> 16) as u16),
        _ => {
            let sign = if v.is_sign_negative() { 0x8000u16 } else { 0 };
            let a = v.abs();
            let magnitude = if a.is_infinite() {
                0x7c00
            } else if a < pow2(-14) {
                (a / pow2(-24)) as u16
            } else {
                let e = ((a.to_bits() >> 52) & 0x7ff) as i32 - 1023;
                let mant = ((a / pow2(e) - 1.0) * 1024.0) as u16;
                (((e + 15) as u16) << 10) | mant
            };
            Some(sign | magnitude)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use weir_ir::FloatKind::{BF16, F16};

    #[test]
    fn f16_rounding_by_hand() {
        // 1 + 2^-11 is halfway between 1 and 1 + 2^-10.
        let tie = 1.0 + pow2(-11);
        assert_eq!(round(tie, F16, 0), Some(1.0));
        assert_eq!(round(tie, F16, 2), Some(1.0 + pow2(-10)));
        assert_eq!(round(tie, F16, 4), Some(1.0 + pow2(-10)));
        assert_eq!(round(-tie, F16, 1), Some(-1.0 - pow2(-10)));
        assert_eq!(round(-tie, F16, 3), Some(-1.0));
        // Largest f16 65504; 65520 is halfway to 65536 (= 2^16, out of range): infinity.
        assert_eq!(round(65519.0, F16, 0), Some(65504.0));
        assert_eq!(round(65520.0, F16, 0), Some(f64::INFINITY));
        assert_eq!(round(1e6, F16, 1), Some(65504.0));
        assert_eq!(round(-1e6, F16, 1), Some(f64::NEG_INFINITY));
        assert_eq!(round(1e6, F16, 3), Some(65504.0));
        // Smallest subnormal 2^-24; 2^-25 is a tie to 0 (even), 3 * 2^-26 rounds up.
        assert_eq!(round(pow2(-25), F16, 0), Some(0.0));
        assert_eq!(round(3.0 * pow2(-26), F16, 0), Some(pow2(-24)));
        assert_eq!(round(1e-30, F16, 2), Some(pow2(-24)));
        // 0.1 in f16 is 0x2E66: (1 + 614/1024) * 2^-4 = 0.0999755859375.
        assert_eq!(round(0.1, F16, 0), Some(0.0999755859375));
    }

    #[test]
    fn bf16_rounding_by_hand() {
        // bf16 has 8 significand bits: 1 + 2^-8 is a tie between 1 and 1 + 2^-7.
        assert_eq!(round(1.0 + pow2(-8), BF16, 0), Some(1.0));
        assert_eq!(round(1.0 + 3.0 * pow2(-8), BF16, 0), Some(1.0 + pow2(-6)));
        assert_eq!(round(1.0 + pow2(-8), BF16, 1), Some(1.0));
        assert_eq!(round(1.0 + pow2(-8), BF16, 2), Some(1.0 + pow2(-7)));
    }

    #[test]
    fn bit_patterns_by_hand() {
        // f16: 1.0 = 0x3C00, -2.0 = 0xC000, 65504 = 0x7BFF, 2^-24 = 0x0001, inf = 0x7C00.
        for (bits, v) in [
            (0x3c00, 1.0),
            (0xc000, -2.0),
            (0x7bff, 65504.0),
            (0x0001, pow2(-24)),
            (0x7c00, f64::INFINITY),
            (0x8000, -0.0),
        ] {
            assert_eq!(from_bits(bits, F16), Some(v));
            assert_eq!(to_bits(v, F16), Some(bits));
        }
        // bf16: 1.0 = 0x3F80, -0.5 = 0xBF00.
        assert_eq!(from_bits(0x3f80, BF16), Some(1.0));
        assert_eq!(to_bits(-0.5, BF16), Some(0xbf00));
        assert_eq!(from_bits(0x7e00, F16), None);
        assert_eq!(to_bits(0.1, F16), None);
    }
}
