// --convert-elementwise-to-linalg: an elementwise op on ranked tensors becomes a linalg.generic
// with identity maps and parallel loops over the op on the elements (attributes kept), writing
// into a tensor.empty of the result's shape whose `?` sizes are tensor.dims of the first
// operand. mlir-opt 22 gives the same ops except that it writes the addf into its operand
// %arg0 (an operand of the result's type), where Weir writes into a tensor.empty (see the
// pass's docs). Scalars, unranked tensors and vectors are left alone.
// RUN: cf-opt %s --convert-elementwise-to-linalg | FileCheck %s
// CHECK-LABEL: func.func @f(%arg0: tensor<?x4xf32>, %arg1: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<?x4xi1>) {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = tensor.dim %arg0, %c0 : tensor<?x4xf32>
// CHECK-NEXT: %0 = tensor.empty(%dim) : tensor<?x4xf32>
// CHECK-NEXT: %1 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<?x4xf32>, tensor<?x4xf32>) outs(%0 : tensor<?x4xf32>) {
// CHECK-NEXT: ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
// CHECK-NEXT: %4 = arith.addf %arg2, %arg3 fastmath<fast> : f32
// CHECK-NEXT: linalg.yield %4 : f32
// CHECK-NEXT: } -> tensor<?x4xf32>
// CHECK-NEXT: %c0_0 = arith.constant 0 : index
// CHECK-NEXT: %dim_1 = tensor.dim %1, %c0_0 : tensor<?x4xf32>
// CHECK-NEXT: %2 = tensor.empty(%dim_1) : tensor<?x4xi1>
// CHECK-NEXT: %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%1, %arg1 : tensor<?x4xf32>, tensor<?x4xf32>) outs(%2 : tensor<?x4xi1>) {
// CHECK-NEXT: ^bb0(%arg2: f32, %arg3: f32, %arg4: i1):
// CHECK-NEXT: %4 = arith.cmpf olt, %arg2, %arg3 : f32
// CHECK-NEXT: linalg.yield %4 : i1
// CHECK-NEXT: } -> tensor<?x4xi1>
// CHECK-NEXT: return %1, %3 : tensor<?x4xf32>, tensor<?x4xi1>
func.func @f(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<?x4xi1>) {
  %s = arith.addf %a, %b fastmath<fast> : tensor<?x4xf32>
  %c = arith.cmpf olt, %s, %b : tensor<?x4xf32>
  return %s, %c : tensor<?x4xf32>, tensor<?x4xi1>
}

// Nested in a loop, on a rank-0 tensor and with a unary math op: converted; a scalar op and an
// op on unranked tensors are not.
// CHECK-LABEL: func.func @g(
// CHECK: scf.for
// CHECK: tensor.empty() : tensor<f32>
// CHECK-NEXT: linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%{{.*}} : tensor<f32>) outs(%{{.*}} : tensor<f32>) {
// CHECK: math.exp %{{.*}} : f32
// CHECK: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: arith.negf %{{.*}} : tensor<*xf32>
func.func @g(%x: tensor<f32>, %u: tensor<*xf32>, %n: index, %s: f32) -> (tensor<f32>, tensor<*xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> tensor<f32> {
    %e = math.exp %acc : tensor<f32>
    scf.yield %e : tensor<f32>
  }
  %t = arith.addf %s, %s : f32
  %v = arith.negf %u : tensor<*xf32>
  return %r, %v, %t : tensor<f32>, tensor<*xf32>, f32
}
