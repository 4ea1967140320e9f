// Before rewriting an op, --arith-emulate-unsupported-floats folds it, as MLIR's dialect
// conversion does: x * 1.0 is x, 1.0 + 2.0 the constant 3.0 (built where the addf was), and a
// commutative op gets its constant operand last (2.0 + a computes a + 2.0); a - a does not
// fold for floats (NaN, inf). CHECK lines: mlir-opt 22's output on this file.
// RUN: cf-opt %s --arith-emulate-unsupported-floats="source-types=bf16,f16 target-type=f32" | FileCheck %s
// CHECK-LABEL: func.func @f(%arg0: f16) -> (f16, f16, f16, f16) {
// CHECK-NEXT: %0 = arith.extf %arg0 fastmath<contract> : f16 to f32
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f16
// CHECK-NEXT: %cst_0 = arith.constant 2.000000e+00 : f16
// CHECK-NEXT: %1 = arith.extf %cst_0 fastmath<contract> : f16 to f32
// CHECK-NEXT: %cst_1 = arith.constant 3.000000e+00 : f16
// CHECK-NEXT: %2 = arith.addf %0, %1 : f32
// CHECK-NEXT: %3 = arith.truncf %2 fastmath<contract> : f32 to f16
// CHECK-NEXT: %4 = arith.subf %0, %0 : f32
// CHECK-NEXT: %5 = arith.truncf %4 fastmath<contract> : f32 to f16
// CHECK-NEXT: return %arg0, %cst_1, %3, %5 : f16, f16, f16, f16

func.func @f(%a: f16) -> (f16, f16, f16, f16) {
  %one = arith.constant 1.0 : f16
  %two = arith.constant 2.0 : f16
  %0 = arith.mulf %a, %one : f16
  %1 = arith.addf %one, %two : f16
  %2 = arith.addf %two, %a : f16
  %3 = arith.subf %a, %a : f16
  return %0, %1, %2, %3 : f16, f16, f16, f16
}
