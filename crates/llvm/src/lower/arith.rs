//! Lowerings of the arith dialect's ops (MLIR `arith`; what MLIR leaves undefined as
//! `weir_dialect_arith::backend_semantics` decides, as in the Cranelift JIT).

use super::{FunctionLowering, LowerFn, R};
use crate::codegen::{int_type, llvm_type, Ll};
use crate::diag::op_err;
use inkwell::values::{BasicValueEnum, IntValue};
use inkwell::{FloatPredicate, IntPredicate};
use weir_dialect_arith::{
    CmpFPredicate, CmpIPredicate, FloatBinaryOp, IntBinaryOp, IntFault, OversizedShift,
};
use weir_ir::OpId;
use weir_jit::backend::arith_plan::{self as plan, CastKind, ConstantValue};
use weir_jit::backend::low_mask;
use weir_jit::backend::{
    BF16_TO_F32, F16_TO_F32, F32_TO_BF16, F32_TO_F16, F64_TO_BF16, F64_TO_F16,
};
use weir_jit::{RuntimeErrorKind, ScalarType};

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
    ("arith.negf", |l, op| l.op_negf(op)),
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

/// LLVM's predicate of an `arith.cmpi` predicate (the same ten).
fn int_predicate(p: CmpIPredicate) -> IntPredicate {
    use CmpIPredicate::*;
    match p {
        Eq => IntPredicate::EQ,
        Ne => IntPredicate::NE,
        Slt => IntPredicate::SLT,
        Sle => IntPredicate::SLE,
        Sgt => IntPredicate::SGT,
        Sge => IntPredicate::SGE,
        Ult => IntPredicate::ULT,
        Ule => IntPredicate::ULE,
        Ugt => IntPredicate::UGT,
        Uge => IntPredicate::UGE,
    }
}

/// LLVM's predicate of an `arith.cmpf` predicate (the same sixteen, IEEE 754 §5.11).
fn float_predicate(p: CmpFPredicate) -> FloatPredicate {
    use CmpFPredicate::*;
    match p {
        AlwaysFalse => FloatPredicate::PredicateFalse,
        Oeq => FloatPredicate::OEQ,
        Ogt => FloatPredicate::OGT,
        Oge => FloatPredicate::OGE,
        Olt => FloatPredicate::OLT,
        Ole => FloatPredicate::OLE,
        One => FloatPredicate::ONE,
        Ord => FloatPredicate::ORD,
        Ueq => FloatPredicate::UEQ,
        Ugt => FloatPredicate::UGT,
        Uge => FloatPredicate::UGE,
        Ult => FloatPredicate::ULT,
        Ule => FloatPredicate::ULE,
        Une => FloatPredicate::UNE,
        Uno => FloatPredicate::UNO,
        AlwaysTrue => FloatPredicate::PredicateTrue,
    }
}

impl<'ll> FunctionLowering<'_, 'll> {
    /// An `iN` constant of `bits` (low `w` bits).
    fn iconst(&self, w: u32, bits: u64) -> IntValue<'ll> {
        int_type(self.cg.ll, w).const_int(bits & low_mask(w), false)
    }

    /// `arith.constant` ([`plan::constant`]; an `f16` or `bf16` one as its bits).
    fn op_constant(&mut self, op: OpId) -> R<()> {
        let p = plan::constant(self.ctx, op, &self.scalars())?;
        let ll = self.cg.ll;
        let v: BasicValueEnum = match p.value {
            ConstantValue::Int(bits) => self.iconst(p.ty.int_width().unwrap_or(64), bits).into(),
            ConstantValue::F32(x) => ll.f32_type().const_float(x as f64).into(),
            ConstantValue::F64(x) => ll.f64_type().const_float(x).into(),
            ConstantValue::Half(bits) => self.iconst(16, bits as u64).into(),
        };
        self.set_result(op, 0, v);
        Ok(())
    }

    /// Faults at `op` (`a k b` on `iN`, N = `w`) as [`IntBinaryOp::runtime_faults`] says.
    fn int_fault_checks(
        &mut self,
        op: OpId,
        k: IntBinaryOp,
        a: IntValue<'ll>,
        b: IntValue<'ll>,
        w: u32,
    ) -> R<()> {
        for &f in k.runtime_faults() {
            let bld = &self.cg.b;
            let (bad, kind) = match f {
                IntFault::DivisionByZero => (
                    bld.build_int_compare(IntPredicate::EQ, b, self.iconst(w, 0), "")
                        .ll()?,
                    RuntimeErrorKind::DivisionByZero,
                ),
                IntFault::SignedOverflow => {
                    let is_min = bld
                        .build_int_compare(IntPredicate::EQ, a, self.iconst(w, 1 << (w - 1)), "")
                        .ll()?;
                    let is_m1 = bld
                        .build_int_compare(IntPredicate::EQ, b, self.iconst(w, u64::MAX), "")
                        .ll()?;
                    (
                        bld.build_and(is_min, is_m1, "").ll()?,
                        RuntimeErrorKind::DivisionOverflow,
                    )
                }
            };
            let message = f.message(k.name(), w);
            self.guard(bad, kind, message, self.ctx.loc(op))?;
        }
        Ok(())
    }

    /// The binary integer ops ([`IntBinaryOp`]): MLIR's arith semantics, wrapping at the
    /// width; the faults and oversized shifts of `backend_semantics`.
    fn op_int_bin(&mut self, op: OpId) -> R<()> {
        let p = plan::int_binary(self.ctx, op, &self.scalars())?;
        let (k, w) = (p.kind, p.width);
        let a = self.int(op, p.lhs)?;
        let b = self.int(op, p.rhs)?;
        self.int_fault_checks(op, k, a, b, w)?;
        let one = self.iconst(w, 1);
        let zero = self.iconst(w, 0);
        let bld = &self.cg.b;
        use IntBinaryOp::*;
        let r: IntValue = match k {
            Add => bld.build_int_add(a, b, "").ll()?,
            Sub => bld.build_int_sub(a, b, "").ll()?,
            Mul => bld.build_int_mul(a, b, "").ll()?,
            And => bld.build_and(a, b, "").ll()?,
            Or => bld.build_or(a, b, "").ll()?,
            Xor => bld.build_xor(a, b, "").ll()?,
            Shl | ShrU | ShrS => {
                let in_range = bld
                    .build_int_compare(IntPredicate::ULT, b, self.iconst(w, w as u64), "")
                    .ll()?;
                match k.oversized_shift() {
                    Some(OversizedShift::SignFill) => {
                        let last = self.iconst(w, w as u64 - 1);
                        let amt = bld
                            .build_select(in_range, b, last, "")
                            .ll()?
                            .into_int_value();
                        bld.build_right_shift(a, amt, true, "").ll()?
                    }
                    _ => {
                        let x = if k == Shl {
                            bld.build_left_shift(a, b, "").ll()?
                        } else {
                            bld.build_right_shift(a, b, false, "").ll()?
                        };
                        bld.build_select(in_range, x, zero, "")
                            .ll()?
                            .into_int_value()
                    }
                }
            }
            MaxS | MinS | MaxU | MinU => {
                let p = match k {
                    MaxS => IntPredicate::SGT,
                    MinS => IntPredicate::SLT,
                    MaxU => IntPredicate::UGT,
                    _ => IntPredicate::ULT,
                };
                let pick_a = bld.build_int_compare(p, a, b, "").ll()?;
                bld.build_select(pick_a, a, b, "").ll()?.into_int_value()
            }
            DivU => bld.build_int_unsigned_div(a, b, "").ll()?,
            RemU => bld.build_int_unsigned_rem(a, b, "").ll()?,
            // MLIR arith.ceildivui: rounds towards positive infinity.
            CeilDivU => {
                let q = bld.build_int_unsigned_div(a, b, "").ll()?;
                let r = bld.build_int_unsigned_rem(a, b, "").ll()?;
                let inexact = bld.build_int_compare(IntPredicate::NE, r, zero, "").ll()?;
                let q1 = bld.build_int_add(q, one, "").ll()?;
                bld.build_select(inexact, q1, q, "").ll()?.into_int_value()
            }
            DivS => bld.build_int_signed_div(a, b, "").ll()?,
            RemS => bld.build_int_signed_rem(a, b, "").ll()?,
            // Rounded up (ceildivsi: 7 / -2 = -3) or down (floordivsi: 5 / -2 = -3): same signs
            // mean a positive exact quotient, which truncation rounded down (ceil adds 1),
            // different signs a negative one, rounded up (floor subtracts 1).
            CeilDivS | FloorDivS => {
                let q = bld.build_int_signed_div(a, b, "").ll()?;
                let r = bld.build_int_signed_rem(a, b, "").ll()?;
                let inexact = bld.build_int_compare(IntPredicate::NE, r, zero, "").ll()?;
                let signs = bld.build_xor(a, b, "").ll()?;
                let (p, delta) = if k == CeilDivS {
                    (IntPredicate::SGE, one)
                } else {
                    (IntPredicate::SLT, self.iconst(w, u64::MAX))
                };
                let side = bld.build_int_compare(p, signs, zero, "").ll()?;
                let adjust = bld.build_and(inexact, side, "").ll()?;
                let q1 = bld.build_int_add(q, delta, "").ll()?;
                bld.build_select(adjust, q1, q, "").ll()?.into_int_value()
            }
        };
        self.set_result(op, 0, r);
        Ok(())
    }

    /// The binary float ops ([`FloatBinaryOp`]; IEEE 754 arithmetic, round to nearest even).
    fn op_float_bin(&mut self, op: OpId) -> R<()> {
        let p = plan::float_binary(self.ctx, op, &self.scalars())?;
        let k = p.kind;
        let (a, b) = (self.float(op, p.lhs)?, self.float(op, p.rhs)?);
        let bld = &self.cg.b;
        use FloatBinaryOp::*;
        let r: BasicValueEnum = match k {
            Add => bld.build_float_add(a, b, "").ll()?.into(),
            Sub => bld.build_float_sub(a, b, "").ll()?.into(),
            Mul => bld.build_float_mul(a, b, "").ll()?.into(),
            Div => bld.build_float_div(a, b, "").ll()?.into(),
            // MLIR arith.remf: LLVM's frem, C's fmod (the sign of the dividend).
            Rem => bld.build_float_rem(a, b, "").ll()?.into(),
            // MLIR arith.maximumf / minimumf (IEEE 754-2019): LLVM's maximum / minimum.
            Maximum => self.call_intrinsic("llvm.maximum", &[a.into(), b.into()])?,
            Minimum => self.call_intrinsic("llvm.minimum", &[a.into(), b.into()])?,
            // MLIR arith.maxnumf / minnumf: as backend_semantics says, maximum / minimum unless
            // an operand is NaN, which gives the other.
            MaxNum | MinNum => {
                let name = if k == MaxNum {
                    "llvm.maximum"
                } else {
                    "llvm.minimum"
                };
                let m = self.call_intrinsic(name, &[a.into(), b.into()])?;
                let bld = &self.cg.b;
                let a_nan = bld
                    .build_float_compare(FloatPredicate::UNO, a, a, "")
                    .ll()?;
                let b_nan = bld
                    .build_float_compare(FloatPredicate::UNO, b, b, "")
                    .ll()?;
                let x = bld.build_select(a_nan, b.into(), m, "").ll()?;
                bld.build_select(b_nan, a.into(), x, "").ll()?
            }
        };
        self.fast_math(op, r);
        self.set_result(op, 0, r);
        Ok(())
    }

    /// Gives the instruction of `r` (a float op's result) the LLVM fast-math flags of `op`'s
    /// `fastmath<...>` attribute (MLIR's bits `reassoc, nnan, ninf, nsz, arcp, contract, afn`
    /// are LLVM's in the same order), so LLVM regroups or contracts only where the IR allows it
    /// (e.g. vectorizes a float reduction whose `arith.addf` carries `reassoc`).
    fn fast_math(&self, op: OpId, r: BasicValueEnum<'_>) {
        use inkwell::values::BasicValue;
        use weir_dialect_arith::flags::{FlagKind, FASTMATH_FAST};
        let bits = FlagKind::FastMath.of(self.ctx, op) & FASTMATH_FAST;
        if bits == 0 {
            return;
        }
        if let Some(i) = r.as_instruction_value() {
            if i.can_use_fast_math_flags() {
                let _ =
                    i.set_fast_math_flags(inkwell::values::FastMathFlags::from_bits_retain(bits));
            }
        }
    }

    /// MLIR arith.negf.
    fn op_negf(&mut self, op: OpId) -> R<()> {
        let a = self.float_unary(op)?;
        let r = self.cg.b.build_float_neg(a, "").ll()?;
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.cmpi.
    fn op_cmpi(&mut self, op: OpId) -> R<()> {
        let p = plan::cmpi(self.ctx, op, &self.scalars())?;
        let (a, b) = (self.int(op, p.lhs)?, self.int(op, p.rhs)?);
        let r = self
            .cg
            .b
            .build_int_compare(int_predicate(p.predicate), a, b, "")
            .ll()?;
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.cmpf.
    fn op_cmpf(&mut self, op: OpId) -> R<()> {
        let p = plan::cmpf(self.ctx, op, &self.scalars())?;
        let (a, b) = (self.float(op, p.lhs)?, self.float(op, p.rhs)?);
        let r = self
            .cg
            .b
            .build_float_compare(float_predicate(p.predicate), a, b, "")
            .ll()?;
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.select with a scalar `i1` condition.
    fn op_select(&mut self, op: OpId) -> R<()> {
        let p = plan::select(self.ctx, op, &self.scalars())?;
        let c = self.int(op, p.condition)?;
        let (a, b) = (self.val(op, p.true_value)?, self.val(op, p.false_value)?);
        let r = self.cg.b.build_select(c, a, b, "").ll()?;
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.index_cast, index_castui, extsi, extui, trunci; `signed` for index_cast and
    /// extsi.
    fn op_int_cast(&mut self, op: OpId, signed: bool) -> R<()> {
        let p = plan::cast(self.ctx, op, &self.scalars(), CastKind::IntToInt)?;
        let v = self.int(op, p.input)?;
        let r = self.convert_int(v, p.to_bits, signed)?;
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.sitofp / uitofp: the integer read signed / unsigned, rounded to nearest even.
    fn op_int_to_float(&mut self, op: OpId, signed: bool) -> R<()> {
        let p = plan::cast(self.ctx, op, &self.scalars(), CastKind::IntToFloat)?;
        let v = self.int(op, p.input)?;
        let ft = llvm_type(self.cg.ll, p.to).into_float_type();
        let r = if signed {
            self.cg.b.build_signed_int_to_float(v, ft, "").ll()?
        } else {
            self.cg.b.build_unsigned_int_to_float(v, ft, "").ll()?
        };
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.fptosi / fptoui: truncation towards zero, saturating and NaN to 0 as
    /// `backend_semantics` says (LLVM's `llvm.fpto[su]i.sat`).
    fn op_float_to_int(&mut self, op: OpId, signed: bool) -> R<()> {
        let p = plan::cast(self.ctx, op, &self.scalars(), CastKind::FloatToInt)?;
        let to = p.to;
        let v = self.float(op, p.input)?;
        let name = if signed {
            "llvm.fptosi.sat"
        } else {
            "llvm.fptoui.sat"
        };
        let f = self.intrinsic(name, &[llvm_type(self.cg.ll, to), v.get_type().into()])?;
        let r = self.call(f, &[v.into()])?;
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.addui_extended: the wrapping sum and its unsigned carry.
    fn op_addui_extended(&mut self, op: OpId) -> R<()> {
        let p = plan::addui_extended(self.ctx, op, &self.scalars())?;
        let a = self.int(op, p.lhs)?;
        let b = self.int(op, p.rhs)?;
        let sum = self.cg.b.build_int_add(a, b, "").ll()?;
        let carry = self
            .cg
            .b
            .build_int_compare(IntPredicate::ULT, sum, a, "")
            .ll()?;
        self.set_result(op, 0, sum);
        self.set_result(op, 1, carry);
        Ok(())
    }

    /// MLIR arith.mului_extended / mulsi_extended: the low and high halves of the exact
    /// `2N`-bit product.
    fn op_mul_extended(&mut self, op: OpId, signed: bool) -> R<()> {
        let p = plan::mul_extended(self.ctx, op, &self.scalars())?;
        let w = p.width;
        let a = self.int(op, p.lhs)?;
        let b = self.int(op, p.rhs)?;
        let a2 = self.convert_int(a, 2 * w, signed)?;
        let b2 = self.convert_int(b, 2 * w, signed)?;
        let p = self.cg.b.build_int_mul(a2, b2, "").ll()?;
        let low = self.convert_int(p, w, false)?;
        let shift = int_type(self.cg.ll, 2 * w).const_int(w as u64, false);
        let hi = self.cg.b.build_right_shift(p, shift, signed, "").ll()?;
        let high = self.convert_int(hi, w, false)?;
        self.set_result(op, 0, low);
        self.set_result(op, 1, high);
        Ok(())
    }

    /// MLIR arith.extf (exact) / truncf (round to nearest even); `f16`/`bf16` through the
    /// JIT's runtime helpers (`weir_jit::backend`), bits in a `u32`.
    fn op_float_cast(&mut self, op: OpId, extend: bool) -> R<()> {
        use ScalarType::{BF16, F16, F32, F64};
        let ctx = self.ctx;
        let p = plan::cast(ctx, op, &self.scalars(), CastKind::float(extend))?;
        let (from, to) = (p.from, p.to);
        let ll = self.cg.ll;
        let (f32t, f64t, i32t) = (ll.f32_type(), ll.f64_type(), ll.i32_type());
        let v = self.val(op, p.input)?;
        let r: BasicValueEnum = match (from, to, extend) {
            (F32, F64, true) => self
                .cg
                .b
                .build_float_ext(v.into_float_value(), f64t, "")
                .ll()?
                .into(),
            (F64, F32, false) => self
                .cg
                .b
                .build_float_trunc(v.into_float_value(), f32t, "")
                .ll()?
                .into(),
            (F16 | BF16, F32 | F64, true) => {
                let name = if from == F16 { F16_TO_F32 } else { BF16_TO_F32 };
                let bits = self
                    .cg
                    .b
                    .build_int_z_extend(v.into_int_value(), i32t, "")
                    .ll()?;
                let f = self.cg.host_fn(name, &[i32t.into()], f32t.into());
                let x = self.call(f, &[bits.into()])?.into_float_value();
                if to == F64 {
                    self.cg.b.build_float_ext(x, f64t, "").ll()?.into()
                } else {
                    x.into()
                }
            }
            (F32 | F64, F16 | BF16, false) => {
                let name = match (from, to) {
                    (F32, F16) => F32_TO_F16,
                    (F64, F16) => F64_TO_F16,
                    (F32, _) => F32_TO_BF16,
                    _ => F64_TO_BF16,
                };
                let f = self.cg.host_fn(name, &[v.get_type()], i32t.into());
                let bits = self.call(f, &[v.into()])?.into_int_value();
                self.cg
                    .b
                    .build_int_truncate(bits, ll.i16_type(), "")
                    .ll()?
                    .into()
            }
            _ => return Err(op_err(ctx, op, format!("cannot convert {from} to {to}"))),
        };
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.bitcast between types of one bit width.
    fn op_bitcast(&mut self, op: OpId) -> R<()> {
        let p = plan::cast(self.ctx, op, &self.scalars(), CastKind::Bitcast)?;
        let v = self.val(op, p.input)?;
        let target = llvm_type(self.cg.ll, p.to);
        let r = if v.get_type() == target {
            v
        } else {
            self.cg.b.build_bit_cast(v, target, "").ll()?
        };
        self.set_result(op, 0, r);
        Ok(())
    }
}
