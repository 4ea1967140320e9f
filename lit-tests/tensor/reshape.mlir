// Round trip of tensor.reshape (issue 10): the CHECK lines are mlir-opt 22's output for this
// file; the second RUN re-parses Weir's output.
// RUN: cf-opt %s | FileCheck %s
// RUN: cf-opt %s | cf-opt | FileCheck %s
// RUN: cf-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GEN

// CHECK-LABEL: func.func @r(
func.func @r(%v: tensor<?xf32>, %sh: tensor<2xindex>, %s: tensor<4x4xf32>, %sh2: tensor<?xi32>) {
  // CHECK: %reshape = tensor.reshape %arg0(%arg1) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // GEN: "tensor.reshape"(%arg0, %arg1) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %0 = tensor.reshape %v(%sh) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // CHECK: %reshape_0 = tensor.reshape %arg2(%arg3) {foo} : (tensor<4x4xf32>, tensor<?xi32>) -> tensor<*xf32>
  %1 = tensor.reshape %s(%sh2) {foo} : (tensor<4x4xf32>, tensor<?xi32>) -> tensor<*xf32>
  return
}
