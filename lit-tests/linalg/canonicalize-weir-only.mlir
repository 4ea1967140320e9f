// linalg canonicalizations where Weir cannot compare with mlir-opt 22 or differs from it on
// purpose (see the crate docs). Expected values by hand:
// - an identity generic whose yielded operand's type differs from its result's stays: MLIR
//   replaces it by a tensor.cast, which the linalg crate cannot build;
// - a transpose of a broadcast stays: MLIR swaps them, building tensor.empty.
// RUN: cf-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @identity_needs_cast
// CHECK-NEXT: %[[R:.*]] = linalg.generic
// CHECK: return %[[R]] : tensor<?x3xf32>
func.func @identity_needs_cast(%a: tensor<2x3xf32>, %o: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<2x3xf32>) outs(%o : tensor<?x3xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// CHECK-LABEL: func.func @transpose_of_broadcast
// CHECK-NEXT: %[[B:.*]] = linalg.broadcast
// CHECK-NEXT: %[[T:.*]] = linalg.transpose ins(%[[B]] : tensor<2x3xf32>)
// CHECK-NEXT: return %[[T]] : tensor<3x2xf32>
func.func @transpose_of_broadcast(%a: tensor<3xf32>, %o1: tensor<2x3xf32>, %o2: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %b = linalg.broadcast ins(%a : tensor<3xf32>) outs(%o1 : tensor<2x3xf32>) dimensions = [0]
  %t = linalg.transpose ins(%b : tensor<2x3xf32>) outs(%o2 : tensor<3x2xf32>) permutation = [1, 0]
  return %t : tensor<3x2xf32>
}
