//! Lowerings of the math dialect's ops (MLIR `math`): Cranelift instructions where one
//! computes the op, calls into the C math library or a runtime helper otherwise.

use super::{FunctionLowering, LowerFn, R};
use crate::abi::{carrier, cl_type};
use crate::module::IPOWI;
use crate::plan::math::{self as plan, LIBM_CALLS};
use crate::{RuntimeErrorKind, ScalarType};
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{types, Endianness, InstBuilder, MemFlagsData, Value};
use weir_dialect_math::semantics::{BitCount, FloatClass};
use weir_ir::OpId;

/// The math ops' entries of the lowering table: [`ENTRIES`], and the calls of the C math
/// library ([`LIBM_CALLS`], one lowering reading its symbols).
pub(super) fn entries() -> impl Iterator<Item = (&'static str, LowerFn)> {
    let libm: LowerFn = |l, op| l.op_libm(op);
    ENTRIES
        .iter()
        .copied()
        .chain(LIBM_CALLS.iter().map(move |c| (c.0, libm)))
}

/// The math ops lowered to instructions or runtime helpers.
const ENTRIES: &[(&str, LowerFn)] = &[
    ("math.absf", |l, op| l.op_float_un(op, FloatUn::Abs)),
    ("math.sqrt", |l, op| l.op_float_un(op, FloatUn::Sqrt)),
    ("math.floor", |l, op| l.op_float_un(op, FloatUn::Floor)),
    ("math.ceil", |l, op| l.op_float_un(op, FloatUn::Ceil)),
    ("math.trunc", |l, op| l.op_float_un(op, FloatUn::Trunc)),
    ("math.roundeven", |l, op| {
        l.op_float_un(op, FloatUn::RoundEven)
    }),
    ("math.rsqrt", |l, op| l.op_float_un(op, FloatUn::Rsqrt)),
    ("math.copysign", |l, op| l.op_copysign(op)),
    ("math.fma", |l, op| l.op_fma(op)),
    ("math.fpowi", |l, op| l.op_fpowi(op)),
    ("math.ipowi", |l, op| l.op_ipowi(op)),
    ("math.absi", |l, op| l.op_absi(op)),
    ("math.ctlz", |l, op| {
        l.op_bit_count(op, BitCount::LeadingZeros)
    }),
    ("math.cttz", |l, op| {
        l.op_bit_count(op, BitCount::TrailingZeros)
    }),
    ("math.ctpop", |l, op| {
        l.op_bit_count(op, BitCount::Population)
    }),
    ("math.isnan", |l, op| l.op_float_class(op)),
    ("math.isinf", |l, op| l.op_float_class(op)),
    ("math.isfinite", |l, op| l.op_float_class(op)),
    ("math.isnormal", |l, op| l.op_float_class(op)),
];

/// The unary float ops lowered by [`FunctionLowering::op_float_un`] to ONE Cranelift
/// instruction that also works lane-wise on vectors (`fabs`, `sqrt`, `fneg`): the fused
/// kernels may run them on `f32x4`/`f64x2`.
const LANE_WISE: &[&str] = &["math.absf", "math.sqrt", "arith.negf"];

/// The constants of the call-free `exp` on `f32` that vector loops use (both backends;
/// [`FunctionLowering::exp_f32x4`] says how they are combined): the clamp `[LO, HI]`,
/// `n = fma(x, LOG2E, MAGIC) - MAGIC` rounded to nearest, `r = fma(n, C2, fma(n, C1, x))`,
/// `y = COEFFS` by Horner in `r` (fused multiply-adds), `y = fma(y, r * r, r) + 1`, times
/// `2^(n >> 1)` and `2^(n - (n >> 1))`.
pub mod exp_f32 {
    /// Lower clamp of `x` (`exp` is 0 below anyway).
    pub const LO: f32 = -104.0;
    /// Upper clamp of `x` (`exp` is +inf above anyway).
    pub const HI: f32 = 88.73;
    /// `log2(e)`.
    pub const LOG2E: f32 = std::f32::consts::LOG2_E;
    /// `1.5 * 2^23`: adding it rounds to an integer kept in the low significand bits.
    pub const MAGIC: f32 = 12_582_912.0;
    /// `-ln 2`, high part (Cody-Waite).
    pub const C1: f32 = -0.693_359_4;
    /// `-ln 2`, low part.
    pub const C2: f32 = 2.121_944_4e-4;
    /// Cephes' polynomial for `(e^r - 1 - r) / r^2`, highest degree first (the digits as
    /// Cephes publishes them; each rounds to the `f32` used).
    #[allow(clippy::excessive_precision)]
    pub const COEFFS: [f32; 6] = [
        1.987_569_1e-4,
        1.398_199_9e-3,
        8.333_452e-3,
        4.166_579_6e-2,
        1.666_666_5e-1,
        5.000_000_1e-1,
    ];
}

/// Whether `op` is `math.exp` (which the kernels run on `f32x4` by a polynomial,
/// [`FunctionLowering::exp_f32x4`]).
pub(super) fn is_exp(ctx: &weir_ir::Context, op: OpId) -> bool {
    ctx.name_str(op) == "math.exp"
}

/// Whether `op` is one of [`LANE_WISE`].
pub(super) fn is_lane_wise(ctx: &weir_ir::Context, op: OpId) -> bool {
    LANE_WISE.contains(&ctx.name_str(op))
}

/// Float unary ops.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum FloatUn {
    Neg,
    Abs,
    Sqrt,
    Floor,
    Ceil,
    Trunc,
    RoundEven,
    Rsqrt,
}

impl FunctionLowering<'_, '_> {
    /// MLIR math.copysign: the magnitude of the first operand with the sign of the second.
    fn op_copysign(&mut self, op: OpId) -> R<()> {
        let p = crate::plan::arith::float_pair(self.ctx, op, &self.scalars(), ())?;
        let (a, b) = (self.val(op, p.lhs)?, self.val(op, p.rhs)?);
        let r = self.b.ins().fcopysign(a, b);
        self.set_result(op, 0, r);
        Ok(())
    }

    /// Float unary ops: MLIR arith.negf, math.absf, sqrt (correctly rounded), floor, ceil,
    /// trunc, roundeven (ties to even), rsqrt.
    pub(super) fn op_float_un(&mut self, op: OpId, k: FloatUn) -> R<()> {
        let p = plan::float_op(self.ctx, op, &self.scalars(), 1)?;
        let t = p.ty;
        let a = self.val(op, p.operands[0])?;
        use FloatUn::*;
        let r = match k {
            Neg => self.b.ins().fneg(a),
            Abs => self.b.ins().fabs(a),
            Sqrt => self.b.ins().sqrt(a),
            Floor => self.b.ins().floor(a),
            Ceil => self.b.ins().ceil(a),
            Trunc => self.b.ins().trunc(a),
            RoundEven => self.b.ins().nearest(a),
            // MLIR's lowering of math.rsqrt: 1 / sqrt(x), two roundings.
            Rsqrt => {
                let s = self.b.ins().sqrt(a);
                let one = match t {
                    ScalarType::F32 => self.b.ins().f32const(1.0),
                    _ => self.b.ins().f64const(1.0),
                };
                self.b.ins().fdiv(one, s)
            }
        };
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR math.fma: `a * b + c` with a single rounding.
    fn op_fma(&mut self, op: OpId) -> R<()> {
        let p = plan::float_op(self.ctx, op, &self.scalars(), 3)?;
        let a = self.val(op, p.operands[0])?;
        let b = self.val(op, p.operands[1])?;
        let c = self.val(op, p.operands[2])?;
        let r = self.b.ins().fma(a, b, c);
        self.set_result(op, 0, r);
        Ok(())
    }

    /// The math ops computed by the C math library (exp, log1p, atan2, pow, ...; see `ENTRIES`):
    /// `n` float operands and a result of one type; the `f32` or `f64` entry point by type.
    fn op_libm(&mut self, op: OpId) -> R<()> {
        let p = plan::libm(self.ctx, op, &self.scalars())?;
        let args =
            p.op.operands
                .iter()
                .map(|&v| self.val(op, v))
                .collect::<R<Vec<_>>>()?;
        if self.b.func.dfg.value_type(args[0]) == types::F32X4 && p.symbol == "expf" {
            let r = self.exp_f32x4(args[0]);
            self.set_result(op, 0, r);
            return Ok(());
        }
        let r = self.call_runtime(op, p.symbol, &args, cl_type(p.op.ty))?;
        self.set_result(op, 0, r);
        Ok(())
    }

    /// `exp` of four `f32` lanes (a fused kernel's vector loop), without calls: Cody-Waite
    /// range reduction `x = n ln 2 + r` (`n` rounded to nearest, `|r| <= ln 2 / 2`, `ln 2` split in two so `r` is
    /// exact), Cephes' degree-7 polynomial for `e^r`, and the scaling by `2^n` done as two
    /// multiplications by normal powers of two, so results that are subnormal are rounded
    /// once, correctly. `x` is clamped to [-104, 88.73] first (beyond, the result is 0 or
    /// +inf anyway); NaN stays NaN. Accuracy: within 2 ulp of a correctly rounded `exp` over
    /// the normal range (checked against the C library in the tests).
    fn exp_f32x4(&mut self, x: Value) -> Value {
        let v = types::F32X4;
        let k = |this: &mut Self, c: f32| {
            let s = this.b.ins().f32const(c);
            this.b.ins().splat(v, s)
        };
        // The clamp as compare-and-select (a NaN fails both compares and stays NaN), cheaper
        // than fmin/fmax, whose IEEE rules for signed zeros cost several instructions each.
        let (lo, hi) = (k(self, exp_f32::LO), k(self, exp_f32::HI));
        let below = self.b.ins().fcmp(FloatCC::LessThan, x, lo);
        let x = self.select_lanes(below, lo, x);
        let above = self.b.ins().fcmp(FloatCC::GreaterThan, x, hi);
        let x = self.select_lanes(above, hi, x);
        // n = x log2(e) rounded to nearest: adding 1.5 * 2^23 leaves n in the low bits of
        // the significand (|x log2 e| < 2^22), read as an integer by subtracting the bits of
        // the constant, so neither a floor nor a saturating conversion is needed.
        let (log2e, magic) = (k(self, exp_f32::LOG2E), k(self, exp_f32::MAGIC));
        let t = self.mul_add(x, log2e, magic);
        let n = self.b.ins().fsub(t, magic);
        let le = MemFlagsData::new().with_endianness(Endianness::Little);
        let tb = self.b.ins().bitcast(types::I32X4, le, t);
        let mb = self.b.ins().bitcast(types::I32X4, le, magic);
        let ni = self.b.ins().isub(tb, mb);
        // r = x - n c1 - n c2, with -c1, -c2 the two parts of -ln 2.
        let (c1, c2) = (k(self, exp_f32::C1), k(self, exp_f32::C2));
        let r = self.mul_add(n, c1, x);
        let r = self.mul_add(n, c2, r);
        let coeffs = exp_f32::COEFFS;
        let mut y = k(self, coeffs[0]);
        for &c in &coeffs[1..] {
            let cc = k(self, c);
            y = self.mul_add(y, r, cc);
        }
        let r2 = self.b.ins().fmul(r, r);
        let y = self.mul_add(y, r2, r);
        let one = k(self, 1.0);
        let y = self.b.ins().fadd(y, one);
        // 2^n as 2^n1 * 2^n2 with n1 = n >> 1, n2 = n - n1, both normal for n in [-150, 128].
        let n1 = self.b.ins().sshr_imm_u(ni, 1);
        let n2 = self.b.ins().isub(ni, n1);
        let pow2 = |this: &mut Self, e: Value| {
            let bias = this.b.ins().iconst(types::I32, 127);
            let bias = this.b.ins().splat(types::I32X4, bias);
            let b = this.b.ins().iadd(e, bias);
            let b = this.b.ins().ishl_imm_u(b, 23);
            this.b.ins().bitcast(
                v,
                MemFlagsData::new().with_endianness(Endianness::Little),
                b,
            )
        };
        let (p1, p2) = (pow2(self, n1), pow2(self, n2));
        let y = self.b.ins().fmul(y, p1);
        self.b.ins().fmul(y, p2)
    }

    /// `a * b + c` on `f32x4`s: one fused multiply-add where the host has it (rounded once,
    /// so at least as accurate), else a multiplication and an addition.
    fn mul_add(&mut self, a: Value, b: Value, c: Value) -> Value {
        if self.env.has_fma {
            self.b.ins().fma(a, b, c)
        } else {
            let m = self.b.ins().fmul(a, b);
            self.b.ins().fadd(m, c)
        }
    }

    /// Per lane, `a` where `mask` (an `fcmp` of `f32x4`s) is set, else `b`.
    fn select_lanes(&mut self, mask: Value, a: Value, b: Value) -> Value {
        let le = MemFlagsData::new().with_endianness(Endianness::Little);
        let mask = self.b.ins().bitcast(types::F32X4, le, mask);
        self.b.ins().bitselect(mask, a, b)
    }

    /// MLIR math.fpowi: a float to an integer power (`weir_jit_fpowi[f]`, the exponent read as
    /// signed).
    fn op_fpowi(&mut self, op: OpId) -> R<()> {
        let p = plan::fpowi(self.ctx, op, &self.scalars())?;
        let a = self.val(op, p.base)?;
        let n = self.val(op, p.exponent)?;
        let n = self.sext_to_i64(n, p.exponent_width);
        let r = self.call_runtime(op, p.symbol, &[a, n], cl_type(p.ty))?;
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR math.ipowi: an integer power, wrapping at the width (`weir_jit_ipowi`); 0 to a
    /// negative power is a division-by-zero fault (MLIR's lowering divides 1 by 0 there).
    fn op_ipowi(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let p = plan::ipowi(ctx, op, &self.scalars())?;
        let w = p.width;
        let a = self.val(op, p.lhs)?;
        let n = self.val(op, p.rhs)?;
        let a = self.sext_to_i64(a, w);
        let n = self.sext_to_i64(n, w);
        let zero = self.b.ins().icmp_imm_s(IntCC::Equal, a, 0);
        let negative = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, n, 0);
        let bad = self.b.ins().band(zero, negative);
        self.guard(
            bad,
            RuntimeErrorKind::DivisionByZero,
            crate::backend::ipowi_zero_message(ctx.name_str(op)),
            ctx.loc(op),
        );
        let r = self.call_runtime(op, IPOWI, &[a, n], types::I64)?;
        let c = carrier(w);
        let r = if c == types::I64 {
            r
        } else {
            self.b.ins().ireduce(c, r)
        };
        let r = self.mask(r, w);
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR math.absi: |a| read as signed; the minimum value wraps to itself.
    fn op_absi(&mut self, op: OpId) -> R<()> {
        let (a, w) = plan::int_unary(self.ctx, op, &self.scalars())?;
        let a = self.val(op, a)?;
        let sa = self.sext(a, w);
        let neg = self.b.ins().ineg(sa);
        let is_neg = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, sa, 0);
        let r = self.b.ins().select(is_neg, neg, sa);
        let r = self.mask(r, w);
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR math.ctlz, cttz, ctpop on a `w`-bit integer held zero-extended in its carrier:
    /// the carrier's count, less the carrier's extra high bits for `ctlz`, with bit `w` set
    /// first for `cttz` (so 0 counts `w`).
    fn op_bit_count(&mut self, op: OpId, count: BitCount) -> R<()> {
        let (a, w) = plan::int_unary(self.ctx, op, &self.scalars())?;
        let a = self.val(op, a)?;
        let c = carrier(w);
        let extra = i64::from(c.bits() - w);
        let r = match count {
            BitCount::LeadingZeros => {
                let n = self.b.ins().clz(a);
                self.b.ins().iadd_imm_s(n, -extra)
            }
            BitCount::TrailingZeros if extra > 0 => {
                let stop = self.iconst_u(c, 1u64 << w);
                let x = self.b.ins().bor(a, stop);
                self.b.ins().ctz(x)
            }
            BitCount::TrailingZeros => self.b.ins().ctz(a),
            BitCount::Population => self.b.ins().popcnt(a),
        };
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR math.isnan, isinf, isfinite, isnormal: unsigned compares of the operand's bits
    /// without the sign against those of +inf and of the smallest normal value
    /// ([`plan::FloatClassPlan`]).
    fn op_float_class(&mut self, op: OpId) -> R<()> {
        let p = plan::float_class(self.ctx, op, &self.scalars())?;
        let v = self.val(op, p.operand)?;
        let int = types::Type::int(p.bits as u16).expect("16, 32 or 64 bits: the plan's widths");
        let bits = if cl_type(p.ty) == int {
            v
        } else {
            self.b.ins().bitcast(int, MemFlagsData::new(), v)
        };
        let mask = self.iconst_u(int, p.abs_mask);
        let abs = self.b.ins().band(bits, mask);
        let inf = self.iconst_u(int, p.inf);
        let r = match p.class {
            FloatClass::Nan => self.b.ins().icmp(IntCC::UnsignedGreaterThan, abs, inf),
            FloatClass::Inf => self.b.ins().icmp(IntCC::Equal, abs, inf),
            FloatClass::Finite => self.b.ins().icmp(IntCC::UnsignedLessThan, abs, inf),
            FloatClass::Normal => {
                let finite = self.b.ins().icmp(IntCC::UnsignedLessThan, abs, inf);
                let min = self.iconst_u(int, p.min_normal);
                let big = self
                    .b
                    .ins()
                    .icmp(IntCC::UnsignedGreaterThanOrEqual, abs, min);
                self.b.ins().band(finite, big)
            }
        };
        self.set_result(op, 0, r);
        Ok(())
    }
}
