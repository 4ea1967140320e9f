// --math-extend-to-supported-types: math ops on f16/bf16 (scalars and tensors) computed in the
// target type between arith.extf and arith.truncf (fastmath<contract>), each value extended
// once; f32 ops and integer operands (fpowi's exponent) are left alone. CHECK lines: mlir-opt
// 22's output on this file (default options, then target-type=f64 extra-types=bf16).
// RUN: cf-opt %s --math-extend-to-supported-types | FileCheck %s
// RUN: cf-opt %s --math-extend-to-supported-types="target-type=f64 extra-types=bf16" | FileCheck %s --check-prefix=F64
// RUN: not cf-opt %s --math-extend-to-supported-types="target-type=f17" 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: could not map target type 'f17' to a known floating-point type
// RUN: not cf-opt %s --math-extend-to-supported-types="extra-types=foo" 2>&1 | FileCheck %s --check-prefix=EXTRA
// EXTRA: error: could not map source type 'foo' to a known floating-point type
// CHECK-LABEL: func.func @f(%arg0: f16, %arg1: tensor<4xbf16>, %arg2: f32) -> (f16, tensor<4xbf16>, f32, f16) {
// CHECK-NEXT: %0 = arith.extf %arg1 fastmath<contract> : tensor<4xbf16> to tensor<4xf32>
// CHECK-NEXT: %1 = arith.extf %arg0 fastmath<contract> : f16 to f32
// CHECK-NEXT: %2 = math.exp %1 : f32
// CHECK-NEXT: %3 = arith.truncf %2 fastmath<contract> : f32 to f16
// CHECK-NEXT: %4 = arith.extf %3 fastmath<contract> : f16 to f32
// CHECK-NEXT: %5 = math.tanh %0 fastmath<fast> : tensor<4xf32>
// CHECK-NEXT: %6 = arith.truncf %5 fastmath<contract> : tensor<4xf32> to tensor<4xbf16>
// CHECK-NEXT: %7 = math.sqrt %arg2 : f32
// CHECK-NEXT: %8 = math.powf %1, %4 : f32
// CHECK-NEXT: %9 = arith.truncf %8 fastmath<contract> : f32 to f16
// CHECK-NEXT: return %3, %6, %7, %9 : f16, tensor<4xbf16>, f32, f16
// F64-LABEL: func.func @f(%arg0: f16, %arg1: tensor<4xbf16>, %arg2: f32) -> (f16, tensor<4xbf16>, f32, f16) {
// F64-NEXT: %0 = arith.extf %arg0 fastmath<contract> : f16 to f64
// F64-NEXT: %1 = math.exp %0 : f64
// F64-NEXT: %2 = arith.truncf %1 fastmath<contract> : f64 to f16
// F64-NEXT: %3 = arith.extf %2 fastmath<contract> : f16 to f64
// F64-NEXT: %4 = math.tanh %arg1 fastmath<fast> : tensor<4xbf16>
// F64-NEXT: %5 = math.sqrt %arg2 : f32
// F64-NEXT: %6 = math.powf %0, %3 : f64
// F64-NEXT: %7 = arith.truncf %6 fastmath<contract> : f64 to f16
// F64-NEXT: return %2, %4, %5, %7 : f16, tensor<4xbf16>, f32, f16

func.func @f(%a: f16, %t: tensor<4xbf16>, %b: f32) -> (f16, tensor<4xbf16>, f32, f16) {
  %0 = math.exp %a : f16
  %1 = math.tanh %t fastmath<fast> : tensor<4xbf16>
  %2 = math.sqrt %b : f32
  %3 = math.powf %a, %0 : f16
  return %0, %1, %2, %3 : f16, tensor<4xbf16>, f32, f16
}

// fpowi: the f16 base is extended, the integer exponent is not.
// CHECK-LABEL: func.func @g(%arg0: f16, %arg1: i32) -> f16 {
// CHECK-NEXT: %0 = arith.extf %arg0 fastmath<contract> : f16 to f32
// CHECK-NEXT: %1 = math.fpowi %0, %arg1 : f32, i32
// CHECK-NEXT: %2 = arith.truncf %1 fastmath<contract> : f32 to f16
// CHECK-NEXT: return %2 : f16
func.func @g(%a: f16, %n: i32) -> f16 {
  %0 = math.fpowi %a, %n : f16, i32
  return %0 : f16
}
