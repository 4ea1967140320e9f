// Folders of tensor ops on dense constants (MLIR FromElementsOp::fold, SplatOp::fold,
// ExtractOp::fold). Expected: `mlir-opt --canonicalize` (MLIR 22) on this file gives these
// constants (its order of constants differs, hence CHECK-DAG).
// RUN: cf-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @f
// CHECK-DAG: %[[T:.*]] = arith.constant dense<[1, 2]> : tensor<2xi32>
// CHECK-DAG: %[[S:.*]] = arith.constant dense<1.500000e+00> : tensor<3xf32>
// CHECK-DAG: %[[E:.*]] = arith.constant 3.000000e+00 : f32
// CHECK-DAG: %[[E2:.*]] = arith.constant 3 : i32
// CHECK-DAG: %[[F:.*]] = arith.constant 1.500000e+00 : f32
// CHECK-DAG: %[[N:.*]] = arith.constant 4 : index
// CHECK: %[[S2:.*]] = tensor.splat %[[F]][%[[N]]] : tensor<?xf32>
// CHECK: return %[[T]], %[[S]], %[[E]], %[[E2]], %[[S2]], %{{.*}} :
func.func @f() -> (tensor<2xi32>, tensor<3xf32>, f32, i32, tensor<?xf32>, i1) {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %t = tensor.from_elements %a, %b : tensor<2xi32>
  %f = arith.constant 1.5 : f32
  %s = tensor.splat %f : tensor<3xf32>
  %c = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %i = arith.constant 2 : index
  %e = tensor.extract %c[%i] : tensor<3xf32>
  %c2 = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %j = arith.constant 1 : index
  %k = arith.constant 0 : index
  %e2 = tensor.extract %c2[%j, %k] : tensor<2x2xi32>
  %n = arith.constant 4 : index
  %s2 = tensor.splat %f[%n] : tensor<?xf32>
  %bools = arith.constant dense<[true, false]> : tensor<2xi1>
  %b0 = tensor.extract %bools[%k] : tensor<2xi1>
  return %t, %s, %e, %e2, %s2, %b0 : tensor<2xi32>, tensor<3xf32>, f32, i32, tensor<?xf32>, i1
}

// An out-of-range constant index does not fold (MLIR leaves it).
// CHECK-LABEL: func.func @out_of_range
// CHECK: tensor.extract
func.func @out_of_range() -> f32 {
  %c = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %i = arith.constant 3 : index
  %e = tensor.extract %c[%i] : tensor<3xf32>
  return %e : f32
}
