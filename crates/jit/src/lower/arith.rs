//! Lowerings of the arith dialect's ops (MLIR `arith`; semantics cited per op).

use super::math::FloatUn;
use super::{FunctionLowering, LowerFn, R};
use crate::abi::{carrier, cl_type};
use crate::diag::op_err;
use crate::module::{
    BF16_TO_F32, F16_TO_F32, F32_TO_BF16, F32_TO_F16, F64_TO_BF16, F64_TO_F16, FMOD, FMODF,
};
use crate::plan::arith::{self as plan, CastKind, ConstantValue};
use crate::scalar::low_mask;
use crate::{RuntimeErrorKind, ScalarType};
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{types, InstBuilder, MemFlagsData, Value};
use weir_dialect_arith::{
    CmpFPredicate, CmpIPredicate, FloatBinaryOp, IntBinaryOp, IntFault, OversizedShift,
};
use weir_ir::OpId;

/// The arith ops' entries of the lowering table: [`ENTRIES`] and one per binary integer and
/// float op, named by [`IntBinaryOp::ALL`] and [`FloatBinaryOp::ALL`].
pub(super) fn entries() -> impl Iterator<Item = (&'static str, LowerFn)> {
    const INT_BIN: LowerFn = |l, op| l.op_int_bin(op);
    const FLOAT_BIN: LowerFn = |l, op| l.op_float_bin(op);
    let int = IntBinaryOp::ALL.iter().map(|k| (k.name(), INT_BIN));
    let float = FloatBinaryOp::ALL.iter().map(|k| (k.name(), FLOAT_BIN));
    ENTRIES.iter().copied().chain(int).chain(float)
}

/// The arith ops' entries of the lowering table but the binary ones (see [`entries`]).
const ENTRIES: &[(&str, LowerFn)] = &[
    ("arith.constant", |l, op| l.op_constant(op)),
    ("arith.addui_extended", |l, op| l.op_addui_extended(op)),
    ("arith.mului_extended", |l, op| l.op_mul_extended(op, false)),
    ("arith.mulsi_extended", |l, op| l.op_mul_extended(op, true)),
    ("arith.negf", |l, op| l.op_float_un(op, FloatUn::Neg)),
    ("arith.cmpi", |l, op| l.op_cmpi(op)),
    ("arith.cmpf", |l, op| l.op_cmpf(op)),
    ("arith.select", |l, op| l.op_select(op)),
    ("arith.index_cast", |l, op| l.op_int_cast(op, true)),
    ("arith.index_castui", |l, op| l.op_int_cast(op, false)),
    ("arith.extsi", |l, op| l.op_int_cast(op, true)),
    ("arith.extui", |l, op| l.op_int_cast(op, false)),
    ("arith.trunci", |l, op| l.op_int_cast(op, false)),
    ("arith.sitofp", |l, op| l.op_int_to_float(op, true)),
    ("arith.uitofp", |l, op| l.op_int_to_float(op, false)),
    ("arith.fptosi", |l, op| l.op_float_to_int(op, true)),
    ("arith.fptoui", |l, op| l.op_float_to_int(op, false)),
    ("arith.extf", |l, op| l.op_float_cast(op, true)),
    ("arith.truncf", |l, op| l.op_float_cast(op, false)),
    ("arith.bitcast", |l, op| l.op_bitcast(op)),
];

/// The Cranelift condition code of an `arith.cmpi` predicate, and whether the operands are
/// read signed.
fn int_cc(p: CmpIPredicate) -> (IntCC, bool) {
    use CmpIPredicate::*;
    match p {
        Eq => (IntCC::Equal, false),
        Ne => (IntCC::NotEqual, false),
        Slt => (IntCC::SignedLessThan, true),
        Sle => (IntCC::SignedLessThanOrEqual, true),
        Sgt => (IntCC::SignedGreaterThan, true),
        Sge => (IntCC::SignedGreaterThanOrEqual, true),
        Ult => (IntCC::UnsignedLessThan, false),
        Ule => (IntCC::UnsignedLessThanOrEqual, false),
        Ugt => (IntCC::UnsignedGreaterThan, false),
        Uge => (IntCC::UnsignedGreaterThanOrEqual, false),
    }
}

/// The Cranelift condition code of an `arith.cmpf` predicate; `Err(b)` for the constant
/// `false` / `true` predicates. Ordered predicates are false on NaN, unordered ones true
/// (IEEE 754 §5.11).
fn float_cc(p: CmpFPredicate) -> Result<FloatCC, bool> {
    use CmpFPredicate::*;
    match p {
        AlwaysFalse => Err(false),
        Oeq => Ok(FloatCC::Equal),
        Ogt => Ok(FloatCC::GreaterThan),
        Oge => Ok(FloatCC::GreaterThanOrEqual),
        Olt => Ok(FloatCC::LessThan),
        Ole => Ok(FloatCC::LessThanOrEqual),
        One => Ok(FloatCC::OrderedNotEqual),
        Ord => Ok(FloatCC::Ordered),
        Ueq => Ok(FloatCC::UnorderedOrEqual),
        Ugt => Ok(FloatCC::UnorderedOrGreaterThan),
        Uge => Ok(FloatCC::UnorderedOrGreaterThanOrEqual),
        Ult => Ok(FloatCC::UnorderedOrLessThan),
        Ule => Ok(FloatCC::UnorderedOrLessThanOrEqual),
        Une => Ok(FloatCC::NotEqual),
        Uno => Ok(FloatCC::Unordered),
        AlwaysTrue => Err(true),
    }
}

impl FunctionLowering<'_, '_> {
    /// `arith.constant` ([`plan::constant`]; an `f16` or `bf16` one as its bits).
    fn op_constant(&mut self, op: OpId) -> R<()> {
        let p = plan::constant(self.ctx, op, &self.scalars())?;
        let v = match p.value {
            ConstantValue::Int(bits) => self.iconst_u(cl_type(p.ty), bits),
            ConstantValue::F32(x) => self.b.ins().f32const(x),
            ConstantValue::F64(x) => self.b.ins().f64const(x),
            ConstantValue::Half(bits) => self.iconst_u(types::I16, bits as u64),
        };
        self.set_result(op, 0, v);
        Ok(())
    }

    /// The binary integer ops ([`IntBinaryOp`]); semantics per MLIR's arith dialect
    /// (wrap-around at the type's width), as [`IntBinaryOp::eval`] computes them but with
    /// faults where that gives `None` for a division and results for out-of-range shifts.
    fn op_int_bin(&mut self, op: OpId) -> R<()> {
        let p = plan::int_binary(self.ctx, op, &self.scalars())?;
        let (k, w) = (p.kind, p.width);
        let c = carrier(w);
        let a = self.val(op, p.lhs)?;
        let b = self.val(op, p.rhs)?;
        use IntBinaryOp::*;
        let r = match k {
            // MLIR arith.addi / subi / muli: two's complement, wrapping.
            Add => {
                let x = self.b.ins().iadd(a, b);
                self.mask(x, w)
            }
            Sub => {
                let x = self.b.ins().isub(a, b);
                self.mask(x, w)
            }
            Mul => {
                let x = self.b.ins().imul(a, b);
                self.mask(x, w)
            }
            And => self.b.ins().band(a, b),
            Or => self.b.ins().bor(a, b),
            Xor => self.b.ins().bxor(a, b),
            // MLIR arith.shli / shrui / shrsi: a shift amount >= the width is poison; here
            // what `IntBinaryOp::oversized_shift` says (0, or the sign bit everywhere).
            Shl | ShrU | ShrS => {
                let wc = self.iconst_u(c, w as u64);
                let in_range = self.b.ins().icmp(IntCC::UnsignedLessThan, b, wc);
                match (k, k.oversized_shift()) {
                    (_, Some(OversizedShift::SignFill)) => {
                        let last = self.iconst_u(c, w as u64 - 1);
                        let amt = self.b.ins().select(in_range, b, last);
                        let sa = self.sext(a, w);
                        let x = self.b.ins().sshr(sa, amt);
                        self.mask(x, w)
                    }
                    _ => {
                        let x = if k == Shl {
                            let x = self.b.ins().ishl(a, b);
                            self.mask(x, w)
                        } else {
                            self.b.ins().ushr(a, b)
                        };
                        let zero = self.b.ins().iconst(c, 0);
                        self.b.ins().select(in_range, x, zero)
                    }
                }
            }
            // MLIR arith.maxsi / maxui / minsi / minui.
            MaxS | MinS => {
                let sa = self.sext(a, w);
                let sb = self.sext(b, w);
                let cc = if k == MaxS {
                    IntCC::SignedGreaterThan
                } else {
                    IntCC::SignedLessThan
                };
                let pick_a = self.b.ins().icmp(cc, sa, sb);
                self.b.ins().select(pick_a, a, b)
            }
            MaxU | MinU => {
                let cc = if k == MaxU {
                    IntCC::UnsignedGreaterThan
                } else {
                    IntCC::UnsignedLessThan
                };
                let pick_a = self.b.ins().icmp(cc, a, b);
                self.b.ins().select(pick_a, a, b)
            }
            // MLIR arith.divui / remui / ceildivui: unsigned; the checks of
            // `IntBinaryOp::runtime_faults` first (a zero divisor).
            DivU | RemU | CeilDivU => {
                self.int_fault_checks(op, k, a, b, w);
                match k {
                    DivU => self.b.ins().udiv(a, b),
                    RemU => self.b.ins().urem(a, b),
                    _ => {
                        // MLIR arith.ceildivui: rounds towards positive infinity.
                        let q = self.b.ins().udiv(a, b);
                        let r = self.b.ins().urem(a, b);
                        let inexact = self.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0);
                        let one = self.b.ins().iconst(c, 1);
                        let q1 = self.b.ins().iadd(q, one);
                        let x = self.b.ins().select(inexact, q1, q);
                        self.mask(x, w)
                    }
                }
            }
            // MLIR arith.divsi / remsi / ceildivsi / floordivsi: signed, truncating (divsi,
            // remsi: the remainder has the sign of the dividend), rounding up (ceildivsi: 7 / -2
            // = -3) or down (floordivsi: 5 / -2 = -3). The checks of
            // `IntBinaryOp::runtime_faults` first (a zero divisor, INT_MIN / -1).
            DivS | RemS | CeilDivS | FloorDivS => {
                self.int_fault_checks(op, k, a, b, w);
                let sa = self.sext(a, w);
                let sb = self.sext(b, w);
                let x = match k {
                    DivS => self.b.ins().sdiv(sa, sb),
                    RemS => self.b.ins().srem(sa, sb),
                    _ => {
                        let q = self.b.ins().sdiv(sa, sb);
                        let r = self.b.ins().srem(sa, sb);
                        let inexact = self.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0);
                        let signs = self.b.ins().bxor(sa, sb);
                        let (cc, delta) = if k == CeilDivS {
                            (IntCC::SignedGreaterThanOrEqual, 1)
                        } else {
                            (IntCC::SignedLessThan, low_mask(c.bits()))
                        };
                        // Same signs: the exact quotient is positive and truncation went down
                        // (ceil adds 1); different signs: it went up (floor subtracts 1).
                        let side = self.b.ins().icmp_imm_s(cc, signs, 0);
                        let adjust = self.b.ins().band(inexact, side);
                        let d = self.iconst_u(c, delta);
                        let q1 = self.b.ins().iadd(q, d);
                        self.b.ins().select(adjust, q1, q)
                    }
                };
                self.mask(x, w)
            }
        };
        self.set_result(op, 0, r);
        Ok(())
    }

    /// Faults at `op` (`a k b` on `iN`, N = `w`) as [`IntBinaryOp::runtime_faults`] says:
    /// a zero divisor, the minimum value divided by -1.
    fn int_fault_checks(&mut self, op: OpId, k: IntBinaryOp, a: Value, b: Value, w: u32) {
        let c = carrier(w);
        for &f in k.runtime_faults() {
            let bad = match f {
                IntFault::DivisionByZero => self.b.ins().icmp_imm_s(IntCC::Equal, b, 0),
                IntFault::SignedOverflow => {
                    let min = self.iconst_u(c, 1u64 << (w - 1));
                    let minus_one = self.iconst_u(c, low_mask(w));
                    let is_min = self.b.ins().icmp(IntCC::Equal, a, min);
                    let is_m1 = self.b.ins().icmp(IntCC::Equal, b, minus_one);
                    self.b.ins().band(is_min, is_m1)
                }
            };
            let kind = match f {
                IntFault::DivisionByZero => RuntimeErrorKind::DivisionByZero,
                IntFault::SignedOverflow => RuntimeErrorKind::DivisionOverflow,
            };
            let message = f.message(k.name(), w);
            self.guard(bad, kind, message, self.ctx.loc(op));
        }
    }

    /// The binary float ops ([`FloatBinaryOp`]; MLIR arith, IEEE 754 arithmetic, round to
    /// nearest even).
    fn op_float_bin(&mut self, op: OpId) -> R<()> {
        let p = plan::float_binary(self.ctx, op, &self.scalars())?;
        let (k, t) = (p.kind, p.ty);
        let a = self.val(op, p.lhs)?;
        let b = self.val(op, p.rhs)?;
        use FloatBinaryOp::*;
        let r = match k {
            Add => self.b.ins().fadd(a, b),
            Sub => self.b.ins().fsub(a, b),
            Mul => self.b.ins().fmul(a, b),
            Div => self.b.ins().fdiv(a, b),
            // MLIR arith.remf: C's fmod (LLVM frem), via a host helper.
            Rem => {
                let name = if t == ScalarType::F64 { FMOD } else { FMODF };
                self.call_runtime(op, name, &[a, b], cl_type(t))?
            }
            // MLIR arith.maximumf / minimumf (IEEE 754-2019 maximum/minimum): NaN if either
            // operand is NaN, -0.0 < +0.0; exactly Cranelift's fmax / fmin.
            Maximum => self.b.ins().fmax(a, b),
            Minimum => self.b.ins().fmin(a, b),
            // MLIR arith.maxnumf / minnumf (IEEE 754-2008 maxNum/minNum, LLVM maxnum): if one
            // operand is NaN, the result is the other one.
            MaxNum | MinNum => {
                let m = if k == MaxNum {
                    self.b.ins().fmax(a, b)
                } else {
                    self.b.ins().fmin(a, b)
                };
                let a_nan = self.b.ins().fcmp(FloatCC::Unordered, a, a);
                let b_nan = self.b.ins().fcmp(FloatCC::Unordered, b, b);
                let x = self.b.ins().select(a_nan, b, m);
                self.b.ins().select(b_nan, a, x)
            }
        };
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.cmpi: `predicate` is an [`CmpIPredicate`]; the result is an `i1`.
    fn op_cmpi(&mut self, op: OpId) -> R<()> {
        let p = plan::cmpi(self.ctx, op, &self.scalars())?;
        let w = self.scalars().int_width(self.ctx, op, p.ty)?;
        let (cc, signed) = int_cc(p.predicate);
        let mut a = self.val(op, p.lhs)?;
        let mut b = self.val(op, p.rhs)?;
        if signed {
            a = self.sext(a, w);
            b = self.sext(b, w);
        }
        let r = self.b.ins().icmp(cc, a, b);
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.cmpf (see [`float_cc`]); the result is an `i1`.
    fn op_cmpf(&mut self, op: OpId) -> R<()> {
        let p = plan::cmpf(self.ctx, op, &self.scalars())?;
        let cc = float_cc(p.predicate);
        let a = self.val(op, p.lhs)?;
        let b = self.val(op, p.rhs)?;
        let r = match cc {
            Ok(cc) => self.b.ins().fcmp(cc, a, b),
            Err(k) => self.b.ins().iconst(types::I8, k as i64),
        };
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.select `%c, %a, %b` with a scalar `i1` condition.
    fn op_select(&mut self, op: OpId) -> R<()> {
        let p = plan::select(self.ctx, op, &self.scalars())?;
        let c = self.val(op, p.condition)?;
        let a = self.val(op, p.true_value)?;
        let b = self.val(op, p.false_value)?;
        let r = self.b.ins().select(c, a, b);
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.index_cast (sign-extends or truncates), index_castui (zero-extends or
    /// truncates), extsi, extui, trunci; `signed` for index_cast and extsi.
    fn op_int_cast(&mut self, op: OpId, signed: bool) -> R<()> {
        let p = plan::cast(self.ctx, op, &self.scalars(), CastKind::IntToInt)?;
        let v = self.val(op, p.input)?;
        let r = self.convert_int(v, p.from_bits, p.to_bits, signed);
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.sitofp / uitofp: the integer read signed / unsigned, rounded to nearest even.
    fn op_int_to_float(&mut self, op: OpId, signed: bool) -> R<()> {
        let p = plan::cast(self.ctx, op, &self.scalars(), CastKind::IntToFloat)?;
        let to = p.to;
        let v = self.val(op, p.input)?;
        let x = self.convert_int(v, p.from_bits, 64, signed);
        let r = if signed {
            self.b.ins().fcvt_from_sint(cl_type(to), x)
        } else {
            self.b.ins().fcvt_from_uint(cl_type(to), x)
        };
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.fptosi / fptoui: truncation towards zero. Out-of-range values are poison in
    /// MLIR; here they saturate to the type's range, and NaN gives 0.
    fn op_float_to_int(&mut self, op: OpId, signed: bool) -> R<()> {
        let p = plan::cast(self.ctx, op, &self.scalars(), CastKind::FloatToInt)?;
        let tw = p.to_bits;
        let v = self.val(op, p.input)?;
        let mut x;
        if signed {
            x = self.b.ins().fcvt_to_sint_sat(types::I64, v);
            if tw < 64 {
                let lo = self.b.ins().iconst(types::I64, -(1i64 << (tw - 1)));
                let hi = self.b.ins().iconst(types::I64, (1i64 << (tw - 1)) - 1);
                let below = self.b.ins().icmp(IntCC::SignedLessThan, x, lo);
                x = self.b.ins().select(below, lo, x);
                let above = self.b.ins().icmp(IntCC::SignedGreaterThan, x, hi);
                x = self.b.ins().select(above, hi, x);
            }
        } else {
            x = self.b.ins().fcvt_to_uint_sat(types::I64, v);
            if tw < 64 {
                let hi = self.b.ins().iconst(types::I64, low_mask(tw) as i64);
                let above = self.b.ins().icmp(IntCC::UnsignedGreaterThan, x, hi);
                x = self.b.ins().select(above, hi, x);
            }
        }
        let r = self.convert_int(x, 64, tw, false);
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.addui_extended: the wrapping sum and its unsigned carry (an `i1`: the sum is
    /// below an operand exactly when the addition wrapped).
    fn op_addui_extended(&mut self, op: OpId) -> R<()> {
        let p = plan::addui_extended(self.ctx, op, &self.scalars())?;
        let w = p.width;
        let a = self.val(op, p.lhs)?;
        let b = self.val(op, p.rhs)?;
        let sum = self.b.ins().iadd(a, b);
        let sum = self.mask(sum, w);
        let carry = self.b.ins().icmp(IntCC::UnsignedLessThan, sum, a);
        self.set_result(op, 0, sum);
        self.set_result(op, 1, carry);
        Ok(())
    }

    /// MLIR arith.mului_extended / mulsi_extended: the low and high halves of the exact
    /// `2N`-bit product, computed in 128 bits (operands zero- or sign-extended).
    fn op_mul_extended(&mut self, op: OpId, signed: bool) -> R<()> {
        let p = plan::mul_extended(self.ctx, op, &self.scalars())?;
        let w = p.width;
        let wide = |this: &mut Self, v: weir_ir::ValueId| -> R<cranelift_codegen::ir::Value> {
            let x = this.val(op, v)?;
            Ok(if signed {
                let x = this.sext_to_i64(x, w);
                this.b.ins().sextend(types::I128, x)
            } else {
                this.b.ins().uextend(types::I128, x)
            })
        };
        let a = wide(self, p.lhs)?;
        let b = wide(self, p.rhs)?;
        let p = self.b.ins().imul(a, b);
        let c = carrier(w);
        let low = self.b.ins().ireduce(c, p);
        let low = self.mask(low, w);
        let shifted = if signed {
            self.b.ins().sshr_imm_u(p, w as i64)
        } else {
            self.b.ins().ushr_imm_u(p, w as i64)
        };
        let high = self.b.ins().ireduce(c, shifted);
        let high = self.mask(high, w);
        self.set_result(op, 0, low);
        self.set_result(op, 1, high);
        Ok(())
    }

    /// MLIR arith.extf (`extend`; exact) / truncf (round to nearest even, NaN staying NaN,
    /// overflow giving infinity). `f32` and `f64` convert with Cranelift's `fpromote` /
    /// `fdemote`; `f16` and `bf16` (carried as bits) through the runtime helpers of
    /// `crate::module` (the `half` crate), an extension to `f64` through `f32` (exact twice).
    fn op_float_cast(&mut self, op: OpId, extend: bool) -> R<()> {
        use ScalarType::{BF16, F16, F32, F64};
        let p = plan::cast(self.ctx, op, &self.scalars(), CastKind::float(extend))?;
        let (from, to) = (p.from, p.to);
        let v = self.val(op, p.input)?;
        let r = match (from, to, extend) {
            (F32, F64, true) => self.b.ins().fpromote(types::F64, v),
            (F64, F32, false) => self.b.ins().fdemote(types::F32, v),
            (F16 | BF16, F32 | F64, true) => {
                let name = if from == F16 { F16_TO_F32 } else { BF16_TO_F32 };
                let bits = self.b.ins().uextend(types::I32, v);
                let x = self.call_runtime(op, name, &[bits], types::F32)?;
                if to == F64 {
                    self.b.ins().fpromote(types::F64, x)
                } else {
                    x
                }
            }
            (F32 | F64, F16 | BF16, false) => {
                let name = match (from, to) {
                    (F32, F16) => F32_TO_F16,
                    (F64, F16) => F64_TO_F16,
                    (F32, _) => F32_TO_BF16,
                    _ => F64_TO_BF16,
                };
                let bits = self.call_runtime(op, name, &[v], types::I32)?;
                self.b.ins().ireduce(types::I16, bits)
            }
            _ => {
                return Err(op_err(
                    self.ctx,
                    op,
                    format!("cannot convert {from} to {to}"),
                ))
            }
        };
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.bitcast between types of one bit width.
    fn op_bitcast(&mut self, op: OpId) -> R<()> {
        let p = plan::cast(self.ctx, op, &self.scalars(), CastKind::Bitcast)?;
        let (from, to) = (p.from, p.to);
        let v = self.val(op, p.input)?;
        let r = if cl_type(from) == cl_type(to) {
            v
        } else {
            self.b.ins().bitcast(cl_type(to), MemFlagsData::new(), v)
        };
        self.set_result(op, 0, r);
        Ok(())
    }
}
