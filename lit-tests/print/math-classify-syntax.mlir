// The custom syntax of the classification ops and the bit counts, printed as mlir-opt 22 prints
// it (the CHECK lines are its output): fastmath in the attribute dictionary, elided when none.
// RUN: cf-opt %s | FileCheck %s
// RUN: cf-opt %s | cf-opt | FileCheck %s
// CHECK: %0 = math.isnan %{{.*}} : f32
// CHECK-NEXT: %1 = math.isinf %{{.*}} {fastmath = #arith.fastmath<nnan,ninf>} : f32
// CHECK-NEXT: %2 = math.isnormal %{{.*}} {foo = 1 : i32} : f32
// CHECK-NEXT: %3 = math.isfinite %{{.*}} : tensor<2x?xf64>
// CHECK-NEXT: %4 = math.cttz %{{.*}} : vector<4xi8>
// CHECK-NEXT: return %0, %1, %2, %3, %4 : i1, i1, i1, tensor<2x?xi1>, vector<4xi8>
func.func @f(%x: f32, %t: tensor<2x?xf64>, %i: vector<4xi8>) -> (i1, i1, i1, tensor<2x?xi1>, vector<4xi8>) {
  %0 = math.isnan %x {fastmath = #arith.fastmath<none>} : f32
  %1 = math.isinf %x {fastmath = #arith.fastmath<nnan,ninf>} : f32
  %2 = math.isnormal %x {foo = 1 : i32} : f32
  %3 = math.isfinite %t : tensor<2x?xf64>
  %4 = math.cttz %i : vector<4xi8>
  return %0, %1, %2, %3, %4 : i1, i1, i1, tensor<2x?xi1>, vector<4xi8>
}
