//! Runtime values exchanged with JIT-compiled functions: [`Scalar`] and its type [`ScalarType`].
//!
//! Integers are MLIR's signless integers: a bit pattern of `width` bits that each op reads as
//! signed or unsigned (MLIR "Builtin types: IntegerType", signless semantics). `index` is a
//! 64-bit integer in Weir (DESIGN.md: "`index` is the pointer type").
//!
//! `f16` (IEEE binary16) and `bf16` (bfloat16) are carried as their 16 bits; the JIT converts
//! them (`arith.extf`, `arith.truncf`), moves and stores them, and computes with them after
//! `--arith-emulate-unsupported-floats` has rewritten their arithmetic into `f32` (MLIR's way
//! for targets without 16-bit float arithmetic). Their values are the `half` crate's types.

use half::{bf16, f16};
use std::fmt;
use weir_ir::{Context, FloatKind, Signedness, Type, TypeKind};

/// The scalar types the JIT can pass, return and compute with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScalarType {
    /// A signless integer `iN`, `1 <= N <= 64`.
    Int(u32),
    /// `index`: a 64-bit signless integer.
    Index,
    /// IEEE-754 binary16, `f16`: stored, converted and moved, not computed with (see the
    /// module docs).
    F16,
    /// bfloat16, `bf16` (8 significand bits, `f32`'s exponent range): as `f16`.
    BF16,
    /// IEEE-754 binary32, `f32`.
    F32,
    /// IEEE-754 binary64, `f64`.
    F64,
}

impl ScalarType {
    /// The scalar type of an IR type, or `None` when the JIT does not support it (signed or
    /// unsigned integers `siN`/`uiN`, integers wider than 64 bits, shaped and other types).
    pub fn from_type(ctx: &Context, ty: Type) -> Option<ScalarType> {
        match ctx.type_kind(ty) {
            TypeKind::Integer {
                width,
                signedness: Signedness::Signless,
            } if (1..=64).contains(width) => Some(ScalarType::Int(*width)),
            TypeKind::Index => Some(ScalarType::Index),
            TypeKind::Float(FloatKind::F16) => Some(ScalarType::F16),
            TypeKind::Float(FloatKind::BF16) => Some(ScalarType::BF16),
            TypeKind::Float(FloatKind::F32) => Some(ScalarType::F32),
            TypeKind::Float(FloatKind::F64) => Some(ScalarType::F64),
            _ => None,
        }
    }

    /// Interns the IR type for this scalar type.
    pub fn to_type(self, ctx: &mut Context) -> Type {
        match self {
            ScalarType::Int(w) => ctx.int_type(w),
            ScalarType::Index => ctx.index_type(),
            ScalarType::F16 => ctx.float_type(FloatKind::F16),
            ScalarType::BF16 => ctx.float_type(FloatKind::BF16),
            ScalarType::F32 => ctx.float_type(FloatKind::F32),
            ScalarType::F64 => ctx.float_type(FloatKind::F64),
        }
    }

    /// The bit width of an integer type (64 for `index`), `None` for floats.
    pub fn int_width(self) -> Option<u32> {
        match self {
            ScalarType::Int(w) => Some(w),
            ScalarType::Index => Some(64),
            _ => None,
        }
    }

    /// Whether this is a float type (`f16`, `bf16`, `f32`, `f64`).
    pub fn is_float(self) -> bool {
        self.is_half() || matches!(self, ScalarType::F32 | ScalarType::F64)
    }

    /// Whether this is `f16` or `bf16`, the floats the JIT stores and converts but computes
    /// with only through `f32` (see the module docs).
    pub fn is_half(self) -> bool {
        matches!(self, ScalarType::F16 | ScalarType::BF16)
    }
}

/// MLIR's spelling: `i32`, `index`, `f16`, `bf16`, `f32`, `f64`.
impl fmt::Display for ScalarType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScalarType::Int(w) => write!(f, "i{w}"),
            ScalarType::Index => f.write_str("index"),
            ScalarType::F16 => f.write_str("f16"),
            ScalarType::BF16 => f.write_str("bf16"),
            ScalarType::F32 => f.write_str("f32"),
            ScalarType::F64 => f.write_str("f64"),
        }
    }
}

/// A scalar argument or result of a JIT-compiled function.
///
/// An integer is a bit pattern: `bits` holds it in its low `width` bits (higher bits are ignored
/// on input and zero on output), and the value has no sign of its own, as MLIR's signless
/// integers. [`Scalar::as_i64`] and [`Scalar::as_u64`] read it either way.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    /// An `iN` (`width` = N, `is_index` = false) or an `index` (`width` = 64, `is_index` = true).
    Int {
        /// The bit pattern, in the low `width` bits.
        bits: u64,
        /// 1..=64 (64 for `index`).
        width: u32,
        /// Whether the type is `index` rather than `iN`.
        is_index: bool,
    },
    /// An `f16` value.
    F16(f16),
    /// A `bf16` value.
    BF16(bf16),
    /// An `f32` value.
    F32(f32),
    /// An `f64` value.
    F64(f64),
}

/// The mask of the low `width` bits (`width` in 1..=64).
pub fn low_mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

impl Scalar {
    /// An `iN` holding `value` truncated to `width` bits (two's complement, so `-1` is all ones).
    pub fn int(value: i128, width: u32) -> Scalar {
        Scalar::Int {
            bits: value as u64 & low_mask(width),
            width,
            is_index: false,
        }
    }

    /// An `index` value.
    pub fn index(value: i64) -> Scalar {
        Scalar::Int {
            bits: value as u64,
            width: 64,
            is_index: true,
        }
    }

    /// An `i1`: `true` is 1, `false` is 0.
    pub fn bool(value: bool) -> Scalar {
        Scalar::int(value as i128, 1)
    }

    /// An `i32`.
    pub fn i32(value: i32) -> Scalar {
        Scalar::int(value as i128, 32)
    }

    /// An `i64`.
    pub fn i64(value: i64) -> Scalar {
        Scalar::int(value as i128, 64)
    }

    /// A value of type `ty` from an integer (truncated to the width, two's complement) or, for
    /// float types, converted to the nearest float (`f16`/`bf16` through `f64`, so exactly
    /// rounded for integers of magnitude below 2^53).
    pub fn from_i128(ty: ScalarType, value: i128) -> Scalar {
        match ty {
            ScalarType::Int(w) => Scalar::int(value, w),
            ScalarType::Index => Scalar::index(value as i64),
            ScalarType::F16 => Scalar::F16(weir_ir::dense::f16_from_f64(value as f64)),
            ScalarType::BF16 => Scalar::BF16(weir_ir::dense::bf16_from_f64(value as f64)),
            ScalarType::F32 => Scalar::F32(value as f32),
            ScalarType::F64 => Scalar::F64(value as f64),
        }
    }

    /// A value of type `ty` from a float (rounded to nearest even to `f32`, `f16` or `bf16` if
    /// needed, overflowing to infinity, NaN staying NaN); `None` for integer types.
    pub fn from_f64(ty: ScalarType, value: f64) -> Option<Scalar> {
        match ty {
            ScalarType::F16 => Some(Scalar::F16(weir_ir::dense::f16_from_f64(value))),
            ScalarType::BF16 => Some(Scalar::BF16(weir_ir::dense::bf16_from_f64(value))),
            ScalarType::F32 => Some(Scalar::F32(value as f32)),
            ScalarType::F64 => Some(Scalar::F64(value)),
            _ => None,
        }
    }

    /// The value's type.
    pub fn ty(&self) -> ScalarType {
        match *self {
            Scalar::Int { is_index: true, .. } => ScalarType::Index,
            Scalar::Int { width, .. } => ScalarType::Int(width),
            Scalar::F16(_) => ScalarType::F16,
            Scalar::BF16(_) => ScalarType::BF16,
            Scalar::F32(_) => ScalarType::F32,
            Scalar::F64(_) => ScalarType::F64,
        }
    }

    /// An integer read as signed (two's complement of its width); `None` for floats.
    pub fn as_i64(&self) -> Option<i64> {
        match *self {
            Scalar::Int { bits, width, .. } => {
                let w = width.clamp(1, 64);
                let shift = 64 - w;
                Some(((bits << shift) as i64) >> shift)
            }
            _ => None,
        }
    }

    /// An integer read as unsigned; `None` for floats.
    pub fn as_u64(&self) -> Option<u64> {
        match *self {
            Scalar::Int { bits, width, .. } => Some(bits & low_mask(width.clamp(1, 64))),
            _ => None,
        }
    }

    /// A float widened to `f64` (exactly); `None` for integers.
    pub fn as_f64(&self) -> Option<f64> {
        match *self {
            Scalar::F16(v) => Some(v.to_f64()),
            Scalar::BF16(v) => Some(v.to_f64()),
            Scalar::F32(v) => Some(v as f64),
            Scalar::F64(v) => Some(v),
            Scalar::Int { .. } => None,
        }
    }
}

/// Prints the value as `cf-run` does (DESIGN.md "Tool contracts"):
/// - integers in decimal, read as signed (`-1 : i8` prints `-1`), except `i1`, which prints `1`
///   or `0` (read unsigned: mlir-runner also prints `i1` results as 0/1);
/// - floats as Rust's `{}` (the shortest text that reads back to the same value), with `.0`
///   appended when that text has neither a decimal point nor an exponent (`1.0`, `2.5`,
///   `1.4142135623730951`), and `inf`, `-inf`, `nan` for the special values; `f16` and `bf16`
///   as the `f32` of the same value (exact), so `0.1 : f16`, whose value is
///   0.0999755859375, prints `0.099975586`, which reads back to the same `f16`.
impl fmt::Display for Scalar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Scalar::Int { width: 1, .. } => write!(f, "{}", self.as_u64().unwrap_or(0)),
            Scalar::Int { .. } => write!(f, "{}", self.as_i64().unwrap_or(0)),
            Scalar::F16(v) => Scalar::F32(v.to_f32()).fmt(f),
            Scalar::BF16(v) => Scalar::F32(v.to_f32()).fmt(f),
            Scalar::F32(v) => write_float(
                f,
                v.is_nan(),
                v.is_infinite(),
                v.is_sign_negative(),
                &v.to_string(),
            ),
            Scalar::F64(v) => write_float(
                f,
                v.is_nan(),
                v.is_infinite(),
                v.is_sign_negative(),
                &v.to_string(),
            ),
        }
    }
}

fn write_float(
    f: &mut fmt::Formatter<'_>,
    nan: bool,
    inf: bool,
    neg: bool,
    text: &str,
) -> fmt::Result {
    if nan {
        f.write_str("nan")
    } else if inf {
        f.write_str(if neg { "-inf" } else { "inf" })
    } else if text.contains(['.', 'e', 'E']) {
        f.write_str(text)
    } else {
        write!(f, "{text}.0")
    }
}
