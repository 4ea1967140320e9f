// --math-extend-to-supported-types on the classification ops: isnan, isinf and isfinite of an
// f16 are computed on its f32 extension, as mlir-opt 22 rewrites them (the extension is exact,
// so the class is kept), but math.isnormal stays on f16: upstream widens it too, and an f16
// subnormal (below 2^-14) is a normal f32, so its rewrite turns false into true (cf-run
// classifies every float format from its stored bits: run/math-classify.mlir). A documented
// divergence (docs/mlir-bridge.md, "Known divergences").
// RUN: cf-opt %s --math-extend-to-supported-types | FileCheck %s
// RUN: cf-run %s --arg '1.0e-5 : f16' | FileCheck %s --check-prefix=VALUES
// CHECK: %0 = arith.extf %arg0 fastmath<contract> : f16 to f32
// CHECK-NEXT: %1 = math.isnan %0 : f32
// CHECK-NEXT: %2 = math.isnormal %arg0 : f16
// CHECK-NEXT: return %1, %2 : i1, i1
// VALUES: {{^}}0{{$}}
// VALUES-NEXT: {{^}}0{{$}}
func.func @main(%h: f16) -> (i1, i1) {
  %0 = math.isnan %h : f16
  %1 = math.isnormal %h : f16
  return %0, %1 : i1, i1
}
