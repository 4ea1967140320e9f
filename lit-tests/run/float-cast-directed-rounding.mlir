// arith.truncf with a directed rounding mode: cf-run rounds to nearest even only, so it
// rejects the op (at its location, exit 1) rather than round wrongly (see
// float-cast-rounding.mlir).
// RUN: not cf-run %s --arg '0.1 : f64' 2>&1 | FileCheck %s
// CHECK: float-cast-directed-rounding.mlir:[[@LINE+3]]:8: error: cf-run: 'arith.truncf' rounding modes other than to_nearest_even are not supported by {{the JIT|the llvm backend}}
// CHECK-NOT: error
func.func @main(%x: f64) -> f32 {
  %a = arith.truncf %x upward : f64 to f32
  return %a : f32
}
