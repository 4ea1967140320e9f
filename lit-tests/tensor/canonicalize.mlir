// Folders and canonicalization patterns of the tensor ops (issue 10). The CHECK lines are
// mlir-opt 22's `--canonicalize` output for this file (constants matched in any order: the order in
// which the folders create them differs). What mlir-opt 22 leaves is checked too: `tensor.dim`
// at a constant out-of-range index (5, -1), of a `tensor.splat`'s `?` size, `tensor.rank` of an
// unranked tensor, `tensor.extract` of a `tensor.splat` op and of `from_elements` at an index
// out of range or not constant.
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s

func.func @dims(%t: tensor<4x?xf32>, %i: index, %j: index, %f: f32, %g: f32) -> (index, index, index, index, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %d0 = tensor.dim %t, %c0 : tensor<4x?xf32>
  %e = tensor.empty(%i) : tensor<?x3xf32>
  %d1 = tensor.dim %e, %c0 : tensor<?x3xf32>
  %s = tensor.splat %f[%j] : tensor<?x3xf32>
  %d2 = tensor.dim %s, %c0 : tensor<?x3xf32>
  %cst = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %d3 = tensor.dim %cst, %c1 : tensor<?x?xf32>
  %d4 = tensor.dim %t, %c5 : tensor<4x?xf32>
  %r = tensor.rank %t : tensor<4x?xf32>
  %u = tensor.cast %t : tensor<4x?xf32> to tensor<*xf32>
  %r2 = tensor.rank %u : tensor<*xf32>
  return %d0, %d1, %d2, %d3, %d4, %r, %r2 : index, index, index, index, index, index, index
}
func.func @casts(%t: tensor<4x?xf32>, %f: f32, %g: f32, %i: index) -> (tensor<?x?xf32>, tensor<4x?xf32>, tensor<*xf32>, f32, f32, f32, tensor<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tensor.cast %t : tensor<4x?xf32> to tensor<4x?xf32>
  %b = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %b2 = tensor.cast %b : tensor<?x?xf32> to tensor<4x?xf32>
  %b3 = tensor.cast %b : tensor<?x?xf32> to tensor<*xf32>
  %fe = tensor.from_elements %f, %g, %f, %g : tensor<2x2xf32>
  %x = tensor.extract %fe[%c1, %c0] : tensor<2x2xf32>
  %y = tensor.extract %fe[%c1, %i] : tensor<2x2xf32>
  %sp = tensor.splat %g : tensor<3xf32>
  %z = tensor.extract %sp[%i] : tensor<3xf32>
  %cc = tensor.concat dim(0) %t : (tensor<4x?xf32>) -> tensor<4x?xf32>
  %cc2 = tensor.concat dim(0) %fe : (tensor<2x2xf32>) -> tensor<?x2xf32>
  %fe2 = tensor.from_elements %f, %g : tensor<2xf32>
  return %b, %b2, %b3, %x, %y, %z, %fe2 : tensor<?x?xf32>, tensor<4x?xf32>, tensor<*xf32>, f32, f32, f32, tensor<2xf32>
}
func.func @more(%t: tensor<4x?xf32>, %f: f32, %g: f32, %i: index) -> (f32, tensor<4x?xf32>, tensor<?x?xf32>, index, f32, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %sp = tensor.splat %g : tensor<3xf32>
  %z = tensor.extract %sp[%c1] : tensor<3xf32>
  %cc = tensor.concat dim(0) %t : (tensor<4x?xf32>) -> tensor<4x?xf32>
  %cc2 = tensor.concat dim(0) %t : (tensor<4x?xf32>) -> tensor<?x?xf32>
  %d = tensor.dim %cc2, %c0 : tensor<?x?xf32>
  %fe = tensor.from_elements %f, %g : tensor<2xf32>
  %w = tensor.extract %fe[%c3] : tensor<2xf32>
  %e = tensor.empty(%i) : tensor<?x3xf32>
  %ce = tensor.cast %e : tensor<?x3xf32> to tensor<?x?xf32>
  %d2 = tensor.dim %ce, %c0 : tensor<?x?xf32>
  %m1 = arith.constant -1 : index
  %d3 = tensor.dim %t, %m1 : tensor<4x?xf32>
  return %z, %cc, %cc2, %d, %w, %d2, %d3 : f32, tensor<4x?xf32>, tensor<?x?xf32>, index, f32, index, index
}
func.func @reshape(%t: tensor<2x3xf32>, %u: tensor<6xf32>) -> (tensor<2x3xf32>, tensor<6xf32>, tensor<2x3xf32>, tensor<6xf32>) {
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %e = tensor.expand_shape %c [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  %e2 = tensor.expand_shape %u [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  %c2 = tensor.collapse_shape %e2 [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %x = tensor.expand_shape %u [[0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
  %y = tensor.collapse_shape %x [[0, 1]] : tensor<3x2xf32> into tensor<6xf32>
  %z = tensor.collapse_shape %t [[0], [1]] : tensor<2x3xf32> into tensor<2x3xf32>
  return %e, %c2, %z, %y : tensor<2x3xf32>, tensor<6xf32>, tensor<2x3xf32>, tensor<6xf32>
}
func.func @concat_rank(%t: tensor<2x?xf32>, %u: tensor<3x?xf32>) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %r = tensor.concat dim(0) %t, %u : (tensor<2x?xf32>, tensor<3x?xf32>) -> tensor<5x?xf32>
  %d = tensor.dim %r, %c0 : tensor<5x?xf32>
  %k = tensor.rank %r : tensor<5x?xf32>
  %ex = tensor.expand_shape %t [[0, 1], [2]] output_shape [1, 2, %d] : tensor<2x?xf32> into tensor<1x2x?xf32>
  %k2 = tensor.rank %ex : tensor<1x2x?xf32>
  return %d, %k, %k2 : index, index, index
}

// The expected output (mlir-opt 22 --canonicalize).
// CHECK-LABEL: func.func @dims(
// CHECK-DAG: %c2 = arith.constant 2 : index
// CHECK-DAG: %c0 = arith.constant 0 : index
// CHECK-DAG: %c1 = arith.constant 1 : index
// CHECK-DAG: %c5 = arith.constant 5 : index
// CHECK-DAG: %c4 = arith.constant 4 : index
// CHECK: %splat = tensor.splat %arg3[%arg2] : tensor<?x3xf32>
// CHECK: %dim = tensor.dim %splat, %c0 : tensor<?x3xf32>
// CHECK: %dim_0 = tensor.dim %arg0, %c1 : tensor<4x?xf32>
// CHECK: %dim_1 = tensor.dim %arg0, %c5 : tensor<4x?xf32>
// CHECK: %cast = tensor.cast %arg0 : tensor<4x?xf32> to tensor<*xf32>
// CHECK: %rank = tensor.rank %cast : tensor<*xf32>
// CHECK: return %c4, %arg1, %dim, %dim_0, %dim_1, %c2, %rank : index, index, index, index, index, index, index
// CHECK-LABEL: func.func @casts(
// CHECK-DAG: %c1 = arith.constant 1 : index
// CHECK: %cast = tensor.cast %arg0 : tensor<4x?xf32> to tensor<?x?xf32>
// CHECK: %cast_0 = tensor.cast %arg0 : tensor<4x?xf32> to tensor<*xf32>
// CHECK: %from_elements = tensor.from_elements %arg1, %arg2, %arg1, %arg2 : tensor<2x2xf32>
// CHECK: %extracted = tensor.extract %from_elements[%c1, %arg3] : tensor<2x2xf32>
// CHECK: %splat = tensor.splat %arg2 : tensor<3xf32>
// CHECK: %extracted_1 = tensor.extract %splat[%arg3] : tensor<3xf32>
// CHECK: %from_elements_2 = tensor.from_elements %arg1, %arg2 : tensor<2xf32>
// CHECK: return %cast, %arg0, %cast_0, %arg1, %extracted, %extracted_1, %from_elements_2 : tensor<?x?xf32>, tensor<4x?xf32>, tensor<*xf32>, f32, f32, f32, tensor<2xf32>
// CHECK-LABEL: func.func @more(
// CHECK-DAG: %c4 = arith.constant 4 : index
// CHECK-DAG: %c-1 = arith.constant -1 : index
// CHECK-DAG: %c1 = arith.constant 1 : index
// CHECK-DAG: %c3 = arith.constant 3 : index
// CHECK: %splat = tensor.splat %arg2 : tensor<3xf32>
// CHECK: %extracted = tensor.extract %splat[%c1] : tensor<3xf32>
// CHECK: %cast = tensor.cast %arg0 : tensor<4x?xf32> to tensor<?x?xf32>
// CHECK: %from_elements = tensor.from_elements %arg1, %arg2 : tensor<2xf32>
// CHECK: %extracted_0 = tensor.extract %from_elements[%c3] : tensor<2xf32>
// CHECK: %dim = tensor.dim %arg0, %c-1 : tensor<4x?xf32>
// CHECK: return %extracted, %arg0, %cast, %c4, %extracted_0, %arg3, %dim : f32, tensor<4x?xf32>, tensor<?x?xf32>, index, f32, index, index
// CHECK-LABEL: func.func @reshape(
// CHECK: return %arg0, %arg1, %arg0, %arg1 : tensor<2x3xf32>, tensor<6xf32>, tensor<2x3xf32>, tensor<6xf32>
// CHECK-LABEL: func.func @concat_rank(
// CHECK-DAG: %c5 = arith.constant 5 : index
// CHECK-DAG: %c2 = arith.constant 2 : index
// CHECK-DAG: %c3 = arith.constant 3 : index
// CHECK: return %c5, %c2, %c3 : index, index, index
