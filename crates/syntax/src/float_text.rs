//! Decimal text of float values as LLVM's `APFloat::toString` writes it, which is what MLIR's
//! printer uses (`printFloatValue`): the exact decimal expansion of the value, first cut to the
//! digits the requested precision needs (a truncation), then rounded half up to that many
//! digits. Reproducing it digit for digit is what makes `f16`/`bf16` values such as
//! `9.997550e-02` (f16 `0.1`) and the fallback form `9.9999999999999995E-8` print as in
//! mlir-opt.

use weir_ir::FloatKind;

/// A finite value's sign, integer significand and binary exponent: value = `sig * 2^exp`,
/// with the format's precision in bits.
struct Decomposed {
    negative: bool,
    sig: u64,
    exp: i32,
    precision: u32,
}

fn decompose(raw: u64, k: FloatKind) -> Decomposed {
    let (mant_bits, exp_bits) = match k {
        FloatKind::F16 => (10, 5),
        FloatKind::BF16 => (7, 8),
        FloatKind::F32 => (23, 8),
        FloatKind::F64 => (52, 11),
    };
    let bias = (1i32 << (exp_bits - 1)) - 1;
    let mant = raw & ((1u64 << mant_bits) - 1);
    let biased = ((raw >> mant_bits) & ((1u64 << exp_bits) - 1)) as i32;
    let (sig, e) = if biased == 0 {
        (mant, 1 - bias)
    } else {
        (mant | (1u64 << mant_bits), biased - bias)
    };
    Decomposed {
        negative: (raw >> (mant_bits + exp_bits)) & 1 == 1,
        sig,
        exp: e - mant_bits as i32,
        precision: mant_bits + 1,
    }
}

/// A little-endian big unsigned integer, for the exact decimal expansion.
struct Big(Vec<u32>);

impl Big {
    fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for limb in &mut self.0 {
            let v = *limb as u64 * m as u64 + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn bits(&self) -> u32 {
        match self.0.iter().rposition(|&l| l != 0) {
            Some(i) => i as u32 * 32 + (32 - self.0[i].leading_zeros()),
            None => 0,
        }
    }

    /// Divides by 10 in place and returns the remainder.
    fn div10(&mut self) -> u32 {
        let mut rem = 0u64;
        for limb in self.0.iter_mut().rev() {
            let cur = (rem << 32) | *limb as u64;
            *limb = (cur / 10) as u32;
            rem = cur % 10;
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        rem as u32
    }
}

/// `APFloat::toString(str, precision, max_padding, truncate_zero)` of the finite value with
/// bits `raw` in format `k`.
pub(crate) fn to_string(
    raw: u64,
    k: FloatKind,
    precision: u32,
    max_padding: u32,
    truncate_zero: bool,
) -> String {
    let d = decompose(raw, k);
    let mut out = String::new();
    if d.negative {
        out.push('-');
    }
    let precision = if precision == 0 {
        2 + d.precision * 59 / 196
    } else {
        precision
    };
    if d.sig == 0 {
        if max_padding != 0 {
            out.push('0');
        } else if truncate_zero {
            out.push_str("0.0E+0");
        } else {
            out.push_str("0.0");
            out.push_str(&"0".repeat(precision.saturating_sub(1) as usize));
            out.push_str("e+00");
        }
        return out;
    }
    // value = sig * 2^exp = big * 10^exp10
    let tz = d.sig.trailing_zeros();
    let (sig, mut exp2) = (d.sig >> tz, d.exp + tz as i32);
    let mut big = Big(vec![sig as u32, (sig >> 32) as u32]);
    let mut exp10 = 0i32;
    if exp2 > 0 {
        while exp2 > 0 {
            let s = exp2.min(31);
            big.mul_small(1 << s);
            exp2 -= s;
        }
    } else if exp2 < 0 {
        // N * 2^-e == N * 5^e * 10^-e
        for _ in 0..-exp2 {
            big.mul_small(5);
        }
        exp10 = exp2;
    }
    // AdjustToPrecision on the significand: drop (truncate) digits beyond what is needed.
    let bits = big.bits();
    let required = (precision * 196 + 58) / 59;
    let mut removable = if bits > required {
        (bits - required) * 59 / 196
    } else {
        0
    };
    exp10 += removable as i32;
    // Digits, least significant first, trailing zeros dropped.
    let mut digits: Vec<u8> = Vec::new();
    let mut in_trail = true;
    while !big.0.is_empty() {
        let dgt = big.div10() as u8;
        if removable > 0 {
            removable -= 1;
            continue;
        }
        if in_trail && dgt == 0 {
            exp10 += 1;
        } else {
            digits.push(b'0' + dgt);
            in_trail = false;
        }
    }
    // AdjustToPrecision on the digits: round half up to `precision` digits.
    let n = digits.len();
    if n > precision as usize {
        let mut first = n - precision as usize;
        if digits[first - 1] < b'5' {
            while first < n && digits[first] == b'0' {
                first += 1;
            }
            exp10 += first as i32;
            digits.drain(..first);
        } else {
            for i in first..n {
                if digits[i] == b'9' {
                    first += 1;
                } else {
                    digits[i] += 1;
                    break;
                }
            }
            exp10 += first as i32;
            if first == n {
                digits = vec![b'1'];
            } else {
                digits.drain(..first);
            }
        }
    }
    let n = digits.len();
    let scientific = if max_padding == 0 {
        true
    } else if exp10 >= 0 {
        exp10 as u32 > max_padding || n as u32 + exp10 as u32 > precision
    } else {
        let msd = exp10 + n as i32 - 1;
        msd < 0 && (-msd) as u32 > max_padding
    };
    let digit = |i: usize| digits[n - 1 - i] as char;
    if scientific {
        let e = exp10 + n as i32 - 1;
        out.push(digit(0));
        out.push('.');
        if n == 1 && truncate_zero {
            out.push('0');
        } else {
            (1..n).for_each(|i| out.push(digit(i)));
        }
        if !truncate_zero && precision as usize > n - 1 {
            out.push_str(&"0".repeat(precision as usize - n + 1));
        }
        out.push(if truncate_zero { 'E' } else { 'e' });
        out.push(if e >= 0 { '+' } else { '-' });
        let mag = e.unsigned_abs().to_string();
        if !truncate_zero && mag.len() < 2 {
            out.push('0');
        }
        out.push_str(&mag);
        return out;
    }
    if exp10 >= 0 {
        (0..n).for_each(|i| out.push(digit(i)));
        out.push_str(&"0".repeat(exp10 as usize));
        return out;
    }
    let whole = exp10 + n as i32;
    let mut i = 0;
    if whole > 0 {
        while i < whole as usize {
            out.push(digit(i));
            i += 1;
        }
        out.push('.');
    } else {
        out.push_str("0.");
        out.push_str(&"0".repeat((-whole) as usize));
    }
    (i..n).for_each(|i| out.push(digit(i)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use weir_ir::dense::float_to_raw;

    /// Expected texts: mlir-opt 22's output for these constants (`APFloat::toString(s, 6, 0,
    /// false)` and the default `toString(s)`).
    #[test]
    fn matches_apfloat() {
        let f = |v: f64, k| to_string(float_to_raw(k, v), k, 6, 0, false);
        assert_eq!(f(0.1, FloatKind::F16), "9.997550e-02");
        assert_eq!(f(0.1, FloatKind::BF16), "1.000980e-01");
        assert_eq!(f(3.0e38, FloatKind::BF16), "3.004060e+38");
        assert_eq!(f(65504.0, FloatKind::F16), "6.550400e+04");
        assert_eq!(f(1.0, FloatKind::F32), "1.000000e+00");
        assert_eq!(f(-0.0, FloatKind::F32), "-0.000000e+00");
        assert_eq!(f(1.5e10, FloatKind::F32), "1.500000e+10");
        assert_eq!(f(1.0e100, FloatKind::F64), "1.000000e+100");
        let g = |v: f64| to_string(v.to_bits(), FloatKind::F64, 0, 3, true);
        assert_eq!(g(1.0e-7), "9.9999999999999995E-8");
    }
}
