// math.atan2 of two signed zeros. C11 F.10.1.4 (and IEEE 754 §9.2.1, NumPy, glibc):
// atan2(+0, +0) = +0, atan2(-0, +0) = -0, atan2(+0, -0) = +pi, atan2(-0, -0) = -pi (values by
// hand; pi rounded to f32 is 3.14159274, to f64 3.1415926535897931).
// Upstream MLIR 22's folder gives NaN for all four, in any format, so canonicalization changes
// the program's value there (docs/mlir-bridge.md, "Known divergences"); Weir folds f32/f64 to
// C's value, leaves f16 to run time, and the JIT computes the same (the second and third RUN
// lines: the folded and the unfolded program print the same values).
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-run %s -e zeros_f32 | FileCheck %s --check-prefix=F32
// RUN: cf-opt %s --canonicalize | cf-run - -e zeros_f32 | FileCheck %s --check-prefix=F32
// RUN: cf-run %s -e zeros_f64 | FileCheck %s --check-prefix=F64
// RUN: cf-opt %s --canonicalize | cf-run - -e zeros_f64 | FileCheck %s --check-prefix=F64
// RUN: cf-run %s -e zeros_f16 | FileCheck %s --check-prefix=F16
// RUN: cf-run %s -e dynamic --arg '-0.0 : f64' --arg '-0.0 : f64' | FileCheck %s --check-prefix=DYN

// CHECK-LABEL: func.func @zeros_f32()
// CHECK-DAG: arith.constant 0.000000e+00 : f32
// CHECK-DAG: arith.constant -0.000000e+00 : f32
// CHECK-DAG: arith.constant 3.14159274 : f32
// CHECK-DAG: arith.constant -3.14159274 : f32
// CHECK-NOT: math.atan2
// CHECK: return
// F32: {{^}}0.0{{$}}
// F32-NEXT: {{^}}-0.0{{$}}
// F32-NEXT: {{^}}3.1415927{{$}}
// F32-NEXT: {{^}}-3.1415927{{$}}
func.func @zeros_f32() -> (f32, f32, f32, f32) {
  %p = arith.constant 0.0 : f32
  %n = arith.constant -0.0 : f32
  %a = math.atan2 %p, %p : f32
  %b = math.atan2 %n, %p : f32
  %c = math.atan2 %p, %n : f32
  %d = math.atan2 %n, %n : f32
  return %a, %b, %c, %d : f32, f32, f32, f32
}

// CHECK-LABEL: func.func @zeros_f64()
// CHECK-DAG: arith.constant 0.000000e+00 : f64
// CHECK-DAG: arith.constant -0.000000e+00 : f64
// CHECK-DAG: arith.constant 3.1415926535897931 : f64
// CHECK-DAG: arith.constant -3.1415926535897931 : f64
// CHECK-NOT: math.atan2
// CHECK: return
// F64: {{^}}0.0{{$}}
// F64-NEXT: {{^}}-0.0{{$}}
// F64-NEXT: {{^}}3.141592653589793{{$}}
// F64-NEXT: {{^}}-3.141592653589793{{$}}
func.func @zeros_f64() -> (f64, f64, f64, f64) {
  %p = arith.constant 0.0 : f64
  %n = arith.constant -0.0 : f64
  %a = math.atan2 %p, %p : f64
  %b = math.atan2 %n, %p : f64
  %c = math.atan2 %p, %n : f64
  %d = math.atan2 %n, %n : f64
  return %a, %b, %c, %d : f64, f64, f64, f64
}

// f16: not folded (the libm functions fold in f32/f64 only); run time computes in f32 and
// rounds: pi in f16 is 3.140625.
// CHECK-LABEL: func.func @zeros_f16()
// CHECK: math.atan2
// F16: {{^}}0.0{{$}}
// F16-NEXT: {{^}}3.140625{{$}}
func.func @zeros_f16() -> (f16, f16) {
  %p = arith.constant 0.0 : f16
  %n = arith.constant -0.0 : f16
  %a = math.atan2 %p, %p : f16
  %c = math.atan2 %p, %n : f16
  return %a, %c : f16, f16
}

// DYN: {{^}}-3.141592653589793{{$}}
func.func @dynamic(%y: f64, %x: f64) -> f64 {
  %r = math.atan2 %y, %x : f64
  return %r : f64
}
