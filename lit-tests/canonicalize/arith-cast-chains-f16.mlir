// arith float cast chains through f16 (issue 8; Weir's JIT has no f16, so no values are run):
// truncf(extf a) -> a when `a` has the result type, -> truncf a when `a` is wider than the
// result; left alone when `a` is narrower. The CHECK lines are mlir-opt 22's --canonicalize output.
// RUN: cf-opt %s --canonicalize | FileCheck %s

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
