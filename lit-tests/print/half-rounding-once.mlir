// f16/bf16 literals are rounded once from the decimal value (to nearest even), as mlir-opt 22
// does: 1 + 2^-11 + 1e-14 is just above the halfway point between the f16s 1.0 and 1 + 2^-10,
// so it rounds up (rounding through f32 first would land on the tie and round to 1.0); the
// same for bf16 between 1.0 and 1 + 2^-7. CHECK lines are mlir-opt 22's output.
// RUN: cf-opt %s | FileCheck %s
// CHECK: arith.constant 1.000980e+00 : f16
// CHECK: arith.constant 1.007810e+00 : bf16
// CHECK: arith.constant dense<1.000980e+00> : tensor<2xf16>
func.func @f() -> (f16, bf16, tensor<2xf16>) {
  %a = arith.constant 1.00048828125001 : f16
  %b = arith.constant 1.00390625000001 : bf16
  %c = arith.constant dense<[1.00048828125001, 1.00048828125001]> : tensor<2xf16>
  return %a, %b, %c : f16, bf16, tensor<2xf16>
}
