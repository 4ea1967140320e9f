// --arith-emulate-unsupported-floats with options it cannot use: mlir-opt 22's messages (at an
// unknown location, which Weir prints without one), exit status 1.
// RUN: not cf-opt %s --arith-emulate-unsupported-floats="source-types=bf16,f16 target-type=f17" 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: error: could not map target type 'f17' to a known floating-point type
// RUN: not cf-opt %s --arith-emulate-unsupported-floats="source-types=bf16,foo" 2>&1 | FileCheck %s --check-prefix=SOURCE
// SOURCE: error: could not map source type 'foo' to a known floating-point type
// RUN: not cf-opt %s --arith-emulate-unsupported-floats="source-types=bf16,f32 target-type=f32" 2>&1 | FileCheck %s --check-prefix=SAME
// SAME: error: target type cannot be an unsupported source type

func.func @f(%a: f16) -> f16 {
  %0 = arith.addf %a, %a : f16
  return %0 : f16
}
