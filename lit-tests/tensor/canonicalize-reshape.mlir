// Folders of tensor.reshape (issue 10). The CHECK lines are mlir-opt 22's `--canonicalize`
// output for this file: a 1-D reshape to its own type is the source; a reshape of a reshape
// reshapes the first one's source; a reshape to another type stays.
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s

func.func @reshapes(%t: tensor<6xf32>, %s: tensor<1xindex>, %s2: tensor<2xi32>) -> (tensor<6xf32>, tensor<?x?xf32>, tensor<2x3xf32>) {
  %0 = tensor.reshape %t(%s) : (tensor<6xf32>, tensor<1xindex>) -> tensor<6xf32>
  %1 = tensor.reshape %t(%s2) : (tensor<6xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %2 = tensor.reshape %1(%s2) : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<6xf32>, tensor<?x?xf32>, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @reshapes(
// CHECK-NEXT: %reshape = tensor.reshape %arg0(%arg2) : (tensor<6xf32>, tensor<2xi32>) -> tensor<?x?xf32>
// CHECK-NEXT: %reshape_0 = tensor.reshape %arg0(%arg2) : (tensor<6xf32>, tensor<2xi32>) -> tensor<2x3xf32>
// CHECK-NEXT: return %arg0, %reshape, %reshape_0 : tensor<6xf32>, tensor<?x?xf32>, tensor<2x3xf32>
