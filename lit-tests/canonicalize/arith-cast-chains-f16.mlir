// arith float cast chains through f16 and constant folding on f16/bf16 (issue 8; Weir's JIT has
// no f16/bf16, so the values are by hand): truncf(extf a) -> a when `a` has the result type,
// -> truncf a when `a` is wider than the result; left alone when `a` is narrower. The CHECK lines
// are mlir-opt 22's --canonicalize output, except in @half_constants (see there).
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @float_chains_f16(
// CHECK-SAME: %[[H:.*]]: f16, %[[F:.*]]: f32)
// CHECK-NEXT: %[[A:.*]] = arith.extf %[[H]] : f16 to f32
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[H]] : f16 to f64
// CHECK-NEXT: %[[N:.*]] = arith.truncf %[[W]] : f64 to f32
// CHECK-NEXT: %[[T:.*]] = arith.truncf %[[F]] : f32 to f16
// CHECK-NEXT: return %[[H]], %[[A]], %[[N]], %[[T]] :
func.func @float_chains_f16(%h: f16, %f: f32) -> (f16, f32, f32, f16) {
  %0 = arith.extf %h : f16 to f32
  %1 = arith.extf %0 : f32 to f64
  %2 = arith.truncf %1 : f64 to f16
  %3 = arith.truncf %1 : f64 to f32
  %4 = arith.extf %h : f16 to f64
  %5 = arith.truncf %4 : f64 to f32
  %6 = arith.extf %f : f32 to f64
  %7 = arith.truncf %6 : f64 to f16
  return %2, %3, %5, %7 : f16, f32, f32, f16
}

// Constants: truncf 1.0 to bf16 = 1.0; 1 + 2^-8 upward to bf16 (8 significand bits, ulp 2^-7)
// = 1.0078125; 0.1 to f16 = 0x2E66 = (1 + 614/1024) * 2^-4 = 0.0999755859375; 70000 to f16
// (largest finite 65504) = inf, toward_zero 65504; bitcast -2.0 : f16 (0xC000) = -16384 : i16,
// and as bf16 0xC000 = -2.0; bitcast 15360 = 0x3C00 = 1.0 : f16; 0 - 1 = -1 in f16; 256 + 1 in bf16
// is halfway between 256 and 258: to even, 256. The values are spelled as mlir-opt 22 prints
// them (APFloat's digits: 0x2E66 : f16 as 9.997550e-02, 0x3F81 : bf16 as 1.007810e+00).
// Weir differs: mlir-opt 22 folds truncf only when it is exact (here 1.0 to bf16), Weir rounds
// with the op's rounding mode, as it does for f64 -> f32.
// CHECK-LABEL: func.func @half_constants(
// CHECK-DAG: %[[A:.*]] = arith.constant 1.000000e+00 : bf16
// CHECK-DAG: %[[B:.*]] = arith.constant 1.007810e+00 : bf16
// CHECK-DAG: %[[C:.*]] = arith.constant 9.997550e-02 : f16
// CHECK-DAG: %[[D:.*]] = arith.constant 0x7C00 : f16
// CHECK-DAG: %[[E:.*]] = arith.constant 6.550400e+04 : f16
// CHECK-DAG: %[[F:.*]] = arith.constant -16384 : i16
// CHECK-DAG: %[[G:.*]] = arith.constant 1.000000e+00 : f16
// CHECK-DAG: %[[K:.*]] = arith.constant -2.000000e+00 : bf16
// CHECK-DAG: %[[S:.*]] = arith.constant -1.000000e+00 : f16
// CHECK-DAG: %[[T:.*]] = arith.constant 2.560000e+02 : bf16
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]], %[[F]], %[[G]], %[[K]], %[[S]], %[[T]] :
func.func @half_constants() -> (bf16, bf16, f16, f16, f16, i16, f16, bf16, f16, bf16) {
  %one = arith.constant 1.0 : f32
  %a = arith.truncf %one : f32 to bf16
  %x = arith.constant 1.00390625 : f32
  %b = arith.truncf %x upward : f32 to bf16
  %tenth = arith.constant 0.1 : f64
  %c = arith.truncf %tenth : f64 to f16
  %big = arith.constant 70000.0 : f32
  %d = arith.truncf %big : f32 to f16
  %e = arith.truncf %big toward_zero : f32 to f16
  %h = arith.constant -2.0 : f16
  %f = arith.bitcast %h : f16 to i16
  %bits = arith.constant 15360 : i16
  %g = arith.bitcast %bits : i16 to f16
  %k = arith.bitcast %h : f16 to bf16
  %z = arith.constant 0.0 : f16
  %o = arith.constant 1.0 : f16
  %s = arith.subf %z, %o : f16
  %bb = arith.constant 256.0 : bf16
  %bo = arith.constant 1.0 : bf16
  %t = arith.addf %bb, %bo : bf16
  return %a, %b, %c, %d, %e, %f, %g, %k, %s, %t : bf16, bf16, f16, f16, f16, i16, f16, bf16, f16, bf16
}
