//! Lowerings of the math dialect's ops (MLIR `math`): LLVM intrinsics where one computes the
//! op exactly as the Cranelift JIT's instruction does, calls into the C math library (marked
//! `nobuiltin`, so LLVM does not replace them) or the JIT's runtime helpers otherwise.

use super::{FunctionLowering, LowerFn, R};
use crate::codegen::{llvm_type, Ll};
use crate::diag::op_err;
use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::values::{BasicMetadataValueEnum, FloatValue};
use inkwell::IntPredicate;
use weir_dialect_math::semantics::FloatClass;
use weir_ir::OpId;
use weir_jit::backend::math_plan as plan;
use weir_jit::backend::{ipowi_zero_message, IPOWI, LIBM_CALLS};
use weir_jit::{RuntimeErrorKind, ScalarType};

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
    ("math.absf", |l, op| l.op_float_intrinsic(op, "llvm.fabs")),
    ("math.sqrt", |l, op| l.op_float_intrinsic(op, "llvm.sqrt")),
    ("math.floor", |l, op| l.op_float_intrinsic(op, "llvm.floor")),
    ("math.ceil", |l, op| l.op_float_intrinsic(op, "llvm.ceil")),
    ("math.trunc", |l, op| l.op_float_intrinsic(op, "llvm.trunc")),
    ("math.roundeven", |l, op| {
        l.op_float_intrinsic(op, "llvm.roundeven")
    }),
    ("math.rsqrt", |l, op| l.op_rsqrt(op)),
    ("math.copysign", |l, op| l.op_copysign(op)),
    ("math.fma", |l, op| l.op_fma(op)),
    ("math.fpowi", |l, op| l.op_fpowi(op)),
    ("math.ipowi", |l, op| l.op_ipowi(op)),
    ("math.absi", |l, op| l.op_absi(op)),
    ("math.ctlz", |l, op| l.op_bit_count(op, "llvm.ctlz")),
    ("math.cttz", |l, op| l.op_bit_count(op, "llvm.cttz")),
    ("math.ctpop", |l, op| l.op_bit_count(op, "llvm.ctpop")),
    ("math.isnan", |l, op| l.op_float_class(op)),
    ("math.isinf", |l, op| l.op_float_class(op)),
    ("math.isfinite", |l, op| l.op_float_class(op)),
    ("math.isnormal", |l, op| l.op_float_class(op)),
];

impl<'ll> FunctionLowering<'_, 'll> {
    /// The operand of a unary float op with a result of its type (`f32` or `f64`).
    pub(super) fn float_unary(&self, op: OpId) -> R<FloatValue<'ll>> {
        let p = plan::float_op(self.ctx, op, &self.scalars(), 1)?;
        self.float(op, p.operands[0])
    }

    /// MLIR math.absf, sqrt (correctly rounded), floor, ceil, trunc, roundeven (ties to even):
    /// LLVM's intrinsic `name` of the same semantics.
    fn op_float_intrinsic(&mut self, op: OpId, name: &str) -> R<()> {
        let a = self.float_unary(op)?;
        let r = self.call_intrinsic(name, &[a.into()])?;
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR math.rsqrt as MLIR lowers it: `1 / sqrt(x)`, two roundings.
    fn op_rsqrt(&mut self, op: OpId) -> R<()> {
        let a = self.float_unary(op)?;
        let s = self
            .call_intrinsic("llvm.sqrt", &[a.into()])?
            .into_float_value();
        let one = a.get_type().const_float(1.0);
        let r = self.cg.b.build_float_div(one, s, "").ll()?;
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR math.copysign: the magnitude of the first operand with the sign of the second.
    fn op_copysign(&mut self, op: OpId) -> R<()> {
        let p = weir_jit::backend::arith_plan::float_pair(self.ctx, op, &self.scalars(), ())?;
        let (a, b) = (self.float(op, p.lhs)?, self.float(op, p.rhs)?);
        let r = self.call_intrinsic("llvm.copysign", &[a.into(), b.into()])?;
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR math.fma: `a * b + c` with a single rounding.
    fn op_fma(&mut self, op: OpId) -> R<()> {
        let p = plan::float_op(self.ctx, op, &self.scalars(), 3)?;
        let args = [
            self.float(op, p.operands[0])?.into(),
            self.float(op, p.operands[1])?.into(),
            self.float(op, p.operands[2])?.into(),
        ];
        let r = self.call_intrinsic("llvm.fma", &args)?;
        self.set_result(op, 0, r);
        Ok(())
    }

    /// `exp` of an `f32` without calls, in the part of a loop the Cranelift JIT runs on vectors
    /// ([`FunctionLowering::vector_part`]): the JIT's polynomial (`weir_jit::backend::exp_f32`,
    /// the same operations in the same order, fused multiply-adds where the host has them), so
    /// the results are the JIT's bit for bit, and LLVM vectorizes it.
    fn exp_f32(&self, x: FloatValue<'ll>) -> R<FloatValue<'ll>> {
        use inkwell::FloatPredicate;
        use weir_jit::backend::exp_f32 as e;
        let (f32t, i32t) = (self.cg.ll.f32_type(), self.cg.ll.i32_type());
        let k = |c: f32| f32t.const_float(c as f64);
        let b = &self.cg.b;
        let below = b
            .build_float_compare(FloatPredicate::OLT, x, k(e::LO), "")
            .ll()?;
        let x = b
            .build_select(below, k(e::LO), x, "")
            .ll()?
            .into_float_value();
        let above = b
            .build_float_compare(FloatPredicate::OGT, x, k(e::HI), "")
            .ll()?;
        let x = b
            .build_select(above, k(e::HI), x, "")
            .ll()?
            .into_float_value();
        let t = self.mul_add(x, k(e::LOG2E), k(e::MAGIC))?;
        let b = &self.cg.b;
        let n = b.build_float_sub(t, k(e::MAGIC), "").ll()?;
        let tb = b.build_bit_cast(t, i32t, "").ll()?.into_int_value();
        let mb = i32t.const_int(e::MAGIC.to_bits() as u64, false);
        let ni = b.build_int_sub(tb, mb, "").ll()?;
        let r = self.mul_add(n, k(e::C1), x)?;
        let r = self.mul_add(n, k(e::C2), r)?;
        let mut y = k(e::COEFFS[0]);
        for &c in &e::COEFFS[1..] {
            y = self.mul_add(y, r, k(c))?;
        }
        let r2 = self.cg.b.build_float_mul(r, r, "").ll()?;
        let y = self.mul_add(y, r2, r)?;
        let b = &self.cg.b;
        let y = b.build_float_add(y, k(1.0), "").ll()?;
        let n1 = b
            .build_right_shift(ni, i32t.const_int(1, false), true, "")
            .ll()?;
        let n2 = b.build_int_sub(ni, n1, "").ll()?;
        let pow2 = |m: inkwell::values::IntValue<'ll>| -> R<FloatValue<'ll>> {
            let b = &self.cg.b;
            let x = b.build_int_add(m, i32t.const_int(127, false), "").ll()?;
            let x = b.build_left_shift(x, i32t.const_int(23, false), "").ll()?;
            Ok(b.build_bit_cast(x, f32t, "").ll()?.into_float_value())
        };
        let (p1, p2) = (pow2(n1)?, pow2(n2)?);
        let b = &self.cg.b;
        let y = b.build_float_mul(y, p1, "").ll()?;
        b.build_float_mul(y, p2, "").ll()
    }

    /// `a * b + c`: one fused multiply-add where the host has it (as the JIT's vector code),
    /// else a multiplication and an addition.
    fn mul_add(
        &self,
        a: FloatValue<'ll>,
        b: FloatValue<'ll>,
        c: FloatValue<'ll>,
    ) -> R<FloatValue<'ll>> {
        if self.cg.has_fma {
            Ok(self
                .call_intrinsic("llvm.fma", &[a.into(), b.into(), c.into()])?
                .into_float_value())
        } else {
            let m = self.cg.b.build_float_mul(a, b, "").ll()?;
            self.cg.b.build_float_add(m, c, "").ll()
        }
    }

    /// The math ops computed by the C math library: `n` float operands and a result of one
    /// type; the `f32` or `f64` entry point by type, called `nobuiltin`.
    fn op_libm(&mut self, op: OpId) -> R<()> {
        let p = plan::libm(self.ctx, op, &self.scalars())?;
        let (t, n) = (p.op.ty, p.op.operands.len());
        let args =
            p.op.operands
                .iter()
                .map(|&v| self.float(op, v))
                .collect::<R<Vec<_>>>()?;
        if self.vector_part && p.symbol == "expf" {
            let r = self.exp_f32(args[0])?;
            self.set_result(op, 0, r);
            return Ok(());
        }
        let ft = llvm_type(self.cg.ll, t);
        let f = self.cg.host_fn(p.symbol, &vec![ft; n], ft);
        let margs: Vec<BasicMetadataValueEnum> = args.iter().map(|&a| a.into()).collect();
        let call = self.cg.b.build_call(f, &margs, "").ll()?;
        let nobuiltin = Attribute::get_named_enum_kind_id("nobuiltin");
        call.add_attribute(
            AttributeLoc::Function,
            self.cg.ll.create_enum_attribute(nobuiltin, 0),
        );
        let r = call
            .try_as_basic_value()
            .basic()
            .ok_or_else(|| op_err(self.ctx, op, "has no result"))?;
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR math.fpowi: a float to an integer power (the JIT's helper `weir_jit_fpowi[f]`,
    /// the exponent read as signed).
    fn op_fpowi(&mut self, op: OpId) -> R<()> {
        let p = plan::fpowi(self.ctx, op, &self.scalars())?;
        let a = self.float(op, p.base)?;
        let n = self.int(op, p.exponent)?;
        let n = self.convert_int(n, 64, true)?;
        let ft = llvm_type(self.cg.ll, p.ty);
        let f = self
            .cg
            .host_fn(p.symbol, &[ft, self.cg.ll.i64_type().into()], ft);
        let r = self.call(f, &[a.into(), n.into()])?;
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR math.ipowi: an integer power, wrapping at the width (the JIT's helper
    /// `weir_jit_ipowi`); 0 to a negative power is a division-by-zero fault.
    fn op_ipowi(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let p = plan::ipowi(ctx, op, &self.scalars())?;
        let w = p.width;
        let a = self.int(op, p.lhs)?;
        let n = self.int(op, p.rhs)?;
        let a = self.convert_int(a, 64, true)?;
        let n = self.convert_int(n, 64, true)?;
        let i64t = self.cg.ll.i64_type();
        let b = &self.cg.b;
        let zero = b
            .build_int_compare(IntPredicate::EQ, a, i64t.const_zero(), "")
            .ll()?;
        let negative = b
            .build_int_compare(IntPredicate::SLT, n, i64t.const_zero(), "")
            .ll()?;
        let bad = b.build_and(zero, negative, "").ll()?;
        self.guard(
            bad,
            RuntimeErrorKind::DivisionByZero,
            ipowi_zero_message(ctx.name_str(op)),
            ctx.loc(op),
        )?;
        let f = self
            .cg
            .host_fn(IPOWI, &[i64t.into(), i64t.into()], i64t.into());
        let r = self.call(f, &[a.into(), n.into()])?.into_int_value();
        let r = self.convert_int(r, w, false)?;
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR math.absi: |a| read as signed; the minimum value wraps to itself.
    fn op_absi(&mut self, op: OpId) -> R<()> {
        let (a, _) = plan::int_unary(self.ctx, op, &self.scalars())?;
        let a = self.int(op, a)?;
        let b = &self.cg.b;
        let zero = a.get_type().const_zero();
        let neg = b.build_int_sub(zero, a, "").ll()?;
        let is_neg = b.build_int_compare(IntPredicate::SLT, a, zero, "").ll()?;
        let r = b.build_select(is_neg, neg, a, "").ll()?;
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR math.ctlz, cttz, ctpop: LLVM's intrinsic `name` on the `iN` value (0 counts N:
    /// `ctlz`/`cttz` are called with `is_zero_poison` false).
    fn op_bit_count(&mut self, op: OpId, name: &str) -> R<()> {
        let (a, _) = plan::int_unary(self.ctx, op, &self.scalars())?;
        let a = self.int(op, a)?;
        let r = if name == "llvm.ctpop" {
            self.call_intrinsic(name, &[a.into()])?
        } else {
            let poison = self.cg.ll.bool_type().const_zero();
            self.call_intrinsic(name, &[a.into(), poison.into()])?
        };
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR math.isnan, isinf, isfinite, isnormal: unsigned compares of the operand's bits
    /// without the sign against those of +inf and of the smallest normal value
    /// (`weir_jit::backend::math_plan::FloatClassPlan`).
    fn op_float_class(&mut self, op: OpId) -> R<()> {
        let p = plan::float_class(self.ctx, op, &self.scalars())?;
        let v = self.val(op, p.operand)?;
        let int = llvm_type(self.cg.ll, ScalarType::Int(p.bits)).into_int_type();
        let b = &self.cg.b;
        let bits = if v.get_type() == int.into() {
            v.into_int_value()
        } else {
            b.build_bit_cast(v, int, "").ll()?.into_int_value()
        };
        let abs = b
            .build_and(bits, int.const_int(p.abs_mask, false), "")
            .ll()?;
        let inf = int.const_int(p.inf, false);
        let cmp = |pred, rhs| b.build_int_compare(pred, abs, rhs, "").ll();
        let r = match p.class {
            FloatClass::Nan => cmp(IntPredicate::UGT, inf)?,
            FloatClass::Inf => cmp(IntPredicate::EQ, inf)?,
            FloatClass::Finite => cmp(IntPredicate::ULT, inf)?,
            FloatClass::Normal => {
                let finite = cmp(IntPredicate::ULT, inf)?;
                let big = cmp(IntPredicate::UGE, int.const_int(p.min_normal, false))?;
                b.build_and(finite, big, "").ll()?
            }
        };
        self.set_result(op, 0, r);
        Ok(())
    }
}
