//! Element formats of the computing kernels: how an element of an [`ElementKind`] is loaded
//! from its bytes, computed with and stored back.
//!
//! - `iN` is computed in the smallest native integer of its byte size (`i8` for `i1`..`i8`,
//!   `i16`, `i32` for `i17`..`i32`, `i64`, `i128`), loaded sign-extended from bit `N - 1` (so
//!   signed comparisons are right, and unsigned ones too: sign extension keeps the unsigned
//!   order of `N`-bit values); native wrapping arithmetic is right modulo `2^N`, and the store
//!   writes the low `N` bits sign-extended (zero-extended for `i1`, which is stored as 0/1,
//!   and for `uiN`), as `dense<...>` attributes store them;
//! - `f32` and `f64` are computed in themselves; `f16` and `bf16` in `f32`, rounded back to
//!   nearest even after every operation ([`Format::round`]).

use weir_ir::{ElementKind, FloatKind};

/// A numeric element format (module docs).
pub(crate) trait Format: Copy {
    /// The value an element is computed as.
    type V: Copy;
    /// The element's byte size.
    fn size(&self) -> usize;
    /// The element in `b` (its first [`Format::size`] bytes).
    fn load(&self, b: &[u8]) -> Self::V;
    /// Writes `v` into `out` (its first [`Format::size`] bytes).
    fn store(&self, v: Self::V, out: &mut [u8]);
    /// `v`, the result of one operation, as a value of the format (rounded for `f16`/`bf16`;
    /// integers are wrapped by their store).
    fn round(&self, v: Self::V) -> Self::V;
}

/// The integer operations of the reduction combiners and matrix products.
pub(crate) trait Int: Copy + Ord {
    /// `a + b`, wrapping.
    fn add(a: Self, b: Self) -> Self;
    /// `a * b`, wrapping.
    fn mul(a: Self, b: Self) -> Self;
    /// `a & b`.
    fn and(a: Self, b: Self) -> Self;
    /// `a | b`.
    fn or(a: Self, b: Self) -> Self;
    /// `a ^ b`.
    fn xor(a: Self, b: Self) -> Self;
    /// Whether `a < b` read as unsigned numbers.
    fn ult(a: Self, b: Self) -> bool;
}

/// An `iN`/`index` format computed in the native integer `T` (module docs).
#[derive(Clone, Copy)]
pub(crate) struct IntFmt<T> {
    /// Bytes per element (`ceil(N / 8)`).
    bytes: usize,
    /// `T`'s bits above bit `N - 1`.
    shift: u32,
    /// Whether the store zero-extends (`i1`, `uiN`).
    zero_ext: bool,
    /// Whether `T` is exactly the element (`N` = `T`'s width): loads and stores are plain.
    full: bool,
    _t: std::marker::PhantomData<T>,
}

macro_rules! int_format {
    ($($t:ty => $u:ty),*) => {$(
        impl IntFmt<$t> {
            /// The format of `width`-bit elements (`unsigned`: `uiN`) in `$t` (the width is
            /// capped at `$t`'s).
            pub(crate) fn of(width: u32, unsigned: bool) -> Self {
                let width = width.clamp(1, <$t>::BITS);
                IntFmt {
                    bytes: width.div_ceil(8) as usize,
                    shift: <$t>::BITS - width,
                    zero_ext: unsigned || width == 1,
                    full: width == <$t>::BITS,
                    _t: std::marker::PhantomData,
                }
            }
        }

        impl Format for IntFmt<$t> {
            type V = $t;
            fn size(&self) -> usize {
                self.bytes
            }
            #[inline(always)]
            fn load(&self, b: &[u8]) -> $t {
                const N: usize = std::mem::size_of::<$t>();
                let mut buf = [0u8; N];
                if self.full {
                    buf.copy_from_slice(&b[..N]);
                    return <$t>::from_le_bytes(buf);
                }
                buf[..self.bytes].copy_from_slice(&b[..self.bytes]);
                (<$t>::from_le_bytes(buf) << self.shift) >> self.shift
            }
            #[inline(always)]
            fn store(&self, v: $t, out: &mut [u8]) {
                if self.full {
                    out[..std::mem::size_of::<$t>()].copy_from_slice(&v.to_le_bytes());
                    return;
                }
                let v = if self.zero_ext {
                    ((v as $u) << self.shift >> self.shift) as $t
                } else {
                    (v << self.shift) >> self.shift
                };
                out[..self.bytes].copy_from_slice(&v.to_le_bytes()[..self.bytes]);
            }
            fn round(&self, v: $t) -> $t {
                v
            }
        }

        impl Int for $t {
            fn add(a: $t, b: $t) -> $t {
                a.wrapping_add(b)
            }
            fn mul(a: $t, b: $t) -> $t {
                a.wrapping_mul(b)
            }
            fn and(a: $t, b: $t) -> $t {
                a & b
            }
            fn or(a: $t, b: $t) -> $t {
                a | b
            }
            fn xor(a: $t, b: $t) -> $t {
                a ^ b
            }
            fn ult(a: $t, b: $t) -> bool {
                (a as $u) < (b as $u)
            }
        }
    )*};
}

int_format!(i8 => u8, i16 => u16, i32 => u32, i64 => u64, i128 => u128);

/// The float operations of the reduction combiners and matrix products.
pub(crate) trait Float:
    Copy + PartialOrd + std::ops::Add<Output = Self> + std::ops::Mul<Output = Self>
{
    /// IEEE 754-2008 maxNum (`arith.maxnumf`): a NaN operand gives the other one.
    fn max_num(a: Self, b: Self) -> Self;
    /// IEEE 754-2008 minNum (`arith.minnumf`).
    fn min_num(a: Self, b: Self) -> Self;
    /// IEEE 754-2019 maximum (`arith.maximumf`): NaN wins, `-0 < +0`.
    fn maximum(a: Self, b: Self) -> Self;
    /// IEEE 754-2019 minimum (`arith.minimumf`).
    fn minimum(a: Self, b: Self) -> Self;
}

macro_rules! float_ops {
    ($($t:ty),*) => {$(
        impl Float for $t {
            fn max_num(a: $t, b: $t) -> $t {
                a.max(b)
            }
            fn min_num(a: $t, b: $t) -> $t {
                a.min(b)
            }
            fn maximum(a: $t, b: $t) -> $t {
                if a.is_nan() || b.is_nan() {
                    <$t>::NAN
                } else if a == b {
                    if a.is_sign_negative() { b } else { a }
                } else {
                    a.max(b)
                }
            }
            fn minimum(a: $t, b: $t) -> $t {
                if a.is_nan() || b.is_nan() {
                    <$t>::NAN
                } else if a == b {
                    if a.is_sign_negative() { a } else { b }
                } else {
                    a.min(b)
                }
            }
        }
    )*};
}

float_ops!(f32, f64);

/// `f32` elements.
#[derive(Clone, Copy)]
pub(crate) struct F32;

/// `f64` elements.
#[derive(Clone, Copy)]
pub(crate) struct F64;

macro_rules! native_float {
    ($($f:ident => $t:ty),*) => {$(
        impl Format for $f {
            type V = $t;
            fn size(&self) -> usize {
                std::mem::size_of::<$t>()
            }
            #[inline(always)]
            fn load(&self, b: &[u8]) -> $t {
                let mut buf = [0u8; std::mem::size_of::<$t>()];
                buf.copy_from_slice(&b[..std::mem::size_of::<$t>()]);
                <$t>::from_le_bytes(buf)
            }
            #[inline(always)]
            fn store(&self, v: $t, out: &mut [u8]) {
                out[..std::mem::size_of::<$t>()].copy_from_slice(&v.to_le_bytes());
            }
            fn round(&self, v: $t) -> $t {
                v
            }
        }
    )*};
}

native_float!(F32 => f32, F64 => f64);

/// `f16` (`bf16: false`) or `bf16` elements, computed in `f32`.
#[derive(Clone, Copy)]
pub(crate) struct Half {
    bf16: bool,
}

impl Format for Half {
    type V = f32;
    fn size(&self) -> usize {
        2
    }
    #[inline(always)]
    fn load(&self, b: &[u8]) -> f32 {
        let bits = u16::from_le_bytes([b[0], b[1]]);
        if self.bf16 {
            half::bf16::from_bits(bits).to_f32()
        } else {
            half::f16::from_bits(bits).to_f32()
        }
    }
    #[inline(always)]
    fn store(&self, v: f32, out: &mut [u8]) {
        let bits = if self.bf16 {
            half::bf16::from_f32(v).to_bits()
        } else {
            half::f16::from_f32(v).to_bits()
        };
        out[..2].copy_from_slice(&bits.to_le_bytes());
    }
    #[inline(always)]
    fn round(&self, v: f32) -> f32 {
        if self.bf16 {
            half::bf16::from_f32(v).to_f32()
        } else {
            half::f16::from_f32(v).to_f32()
        }
    }
}

/// Runs `$int` with `$f` bound to the integer format of `$elem`, or `$float` with `$f` bound to
/// its float format (each arm is compiled for its format's type).
macro_rules! dispatch {
    ($elem:expr, |$f:ident| int: $int:expr, float: $float:expr) => {
        match $elem {
            weir_ir::ElementKind::Float(weir_ir::FloatKind::F32) => {
                let $f = $crate::elem::F32;
                $float
            }
            weir_ir::ElementKind::Float(weir_ir::FloatKind::F64) => {
                let $f = $crate::elem::F64;
                $float
            }
            weir_ir::ElementKind::Float(k) => {
                let $f = $crate::elem::Half::of(k);
                $float
            }
            weir_ir::ElementKind::Index => {
                let $f = $crate::elem::IntFmt::<i64>::index();
                $int
            }
            weir_ir::ElementKind::Int { width, unsigned } => match width.div_ceil(8) {
                1 => {
                    let $f = $crate::elem::IntFmt::<i8>::of(width, unsigned);
                    $int
                }
                2 => {
                    let $f = $crate::elem::IntFmt::<i16>::of(width, unsigned);
                    $int
                }
                3 | 4 => {
                    let $f = $crate::elem::IntFmt::<i32>::of(width, unsigned);
                    $int
                }
                5..=8 => {
                    let $f = $crate::elem::IntFmt::<i64>::of(width, unsigned);
                    $int
                }
                _ => {
                    let $f = $crate::elem::IntFmt::<i128>::of(width, unsigned);
                    $int
                }
            },
        }
    };
}
pub(crate) use dispatch;

impl Half {
    /// The format of `f16` or `bf16` (`k` one of them).
    pub(crate) fn of(k: FloatKind) -> Half {
        Half {
            bf16: k == FloatKind::BF16,
        }
    }
}

impl IntFmt<i64> {
    /// The format of `index` elements.
    pub(crate) fn index() -> Self {
        IntFmt::<i64>::of(64, false)
    }
}

/// Whether `elem` is a float kind.
pub(crate) fn is_float(elem: ElementKind) -> bool {
    matches!(elem, ElementKind::Float(_))
}
