#!/usr/bin/env python3
"""Independent values for the f16/bf16 tests (lit-tests/run/half-floats.mlir,
crates/test-support/tests/half_floats.rs, crates/jit/tests/half_floats.rs), with the standard library only:
f16 rounding is Python's struct 'e' format (IEEE binary16, round half to even; overflow to inf
by hand, since struct refuses it), bf16 rounding is done here on the f64 value (round half to
even at 8 significand bits, bf16 having f32's exponent range, no bf16 subnormals needed).
Every op is computed exactly in f64 (one + - * / of 16-bit floats is exact or correctly
rounded there) and then rounded once, as arith-emulation's f32 round trip gives.

Run: python3 crates/test-support/tests/half_floats.py
"""
import math
import struct


def f16(x):
    """x rounded to the nearest f16 (ties to even), overflow to +-inf, NaN stays NaN."""
    if math.isnan(x) or math.isinf(x):
        return x
    try:
        return struct.unpack('<e', struct.pack('<e', float(x)))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def bf16(x):
    """x rounded to the nearest bf16 (8 significand bits, ties to even), normal range."""
    if x == 0 or math.isnan(x) or math.isinf(x):
        return x
    m, e = math.frexp(x)  # x = m * 2^e, 0.5 <= |m| < 1
    scaled = m * 2 ** 8   # 8 significand bits above the point
    r = round(scaled)     # Python's round: ties to even
    v = math.ldexp(r, e - 8)
    return v if abs(v) < 2 ** 128 else math.copysign(math.inf, x)


def main():
    print('f16 2048 + 1 =', f16(2048 + 1))
    print('f16 2048 + 3 =', f16(2048 + 3))
    print('f16 65504 * 2 =', f16(65504 * 2))
    print('f16 2^-24 * 0.5 =', f16(2 ** -24 * 0.5))
    print('f16 3 * 2^-24 * 0.5 =', f16(3 * 2 ** -24 * 0.5))
    print('bf16 1 / 3 =', bf16(1 / 3))
    # The tensor<37xf16> chain of half-floats.mlir: (x * 2 + 1) * 0.1, x[i] = f16(7.3 i).
    tenth = f16(0.1)
    xs = [f16(i * 7.3) for i in range(37)]
    print('chain', [f16(f16(f16(x * 2) + 1) * tenth) for x in xs])
    # crates/test-support/tests/half_floats.rs: the bf16 chain (x * x - 0.5) / 3 on x[i] = bf16(0.37 i - 6).
    ys = [bf16(0.37 * i - 6) for i in range(37)]
    print('bf16 chain', [bf16(bf16(bf16(y * y) - 0.5) / 3) for y in ys])


if __name__ == '__main__':
    main()
