// Round trip of the tensor ops (issue 10): the CHECK lines are mlir-opt 22's output for this
// file, in the custom form (result names included) and in the generic form (Weir prints the
// inherent attributes in `{...}`, which mlir-opt accepts; mlir-opt prints properties as
// `<{...}>`, so GEN matches both); the second RUN re-parses Weir's output (a fixpoint).
// RUN: cf-opt %s | FileCheck %s
// RUN: cf-opt %s | cf-opt | FileCheck %s
// RUN: cf-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GEN

// CHECK-LABEL: func.func @ops(
func.func @ops(%t: tensor<4x?xf32>, %u: tensor<*xf32>, %i: index, %f: f32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: %cast = tensor.cast %arg0 : tensor<4x?xf32> to tensor<?x?xf32>
  // GEN: %{{.*}} = "tensor.cast"(%arg0) : (tensor<4x?xf32>) -> tensor<?x?xf32>
  %0 = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  // CHECK: %dim = tensor.dim %cast, %c1 : tensor<?x?xf32>
  // GEN: "tensor.dim"(%{{.*}}, %{{.*}}) : (tensor<?x?xf32>, index) -> index
  %1 = tensor.dim %0, %c1 : tensor<?x?xf32>
  // CHECK: %rank = tensor.rank %arg1 : tensor<*xf32>
  // GEN: "tensor.rank"(%arg1) : (tensor<*xf32>) -> index
  %2 = tensor.rank %u : tensor<*xf32>
  // CHECK: %0 = tensor.empty(%arg2) : tensor<?x3xf32>
  // GEN: "tensor.empty"(%arg2) : (index) -> tensor<?x3xf32>
  %3 = tensor.empty(%i) : tensor<?x3xf32>
  // CHECK: %concat = tensor.concat dim(0) %arg0, %arg0 : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<8x?xf32>
  // GEN: "tensor.concat"(%arg0, %arg0) {{<?}}{dim = 0 : i64}{{>?}} : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<8x?xf32>
  %4 = tensor.concat dim(0) %t, %t : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<8x?xf32>
  // CHECK: %expanded = tensor.expand_shape %0 {{\[\[}}0, 1], [2]] output_shape [%arg2, 1, 3] : tensor<?x3xf32> into tensor<?x1x3xf32>
  // GEN: "tensor.expand_shape"(%{{.*}}, %arg2) {{<?}}{reassociation = {{\[\[}}0, 1], [2]], static_output_shape = array<i64: -9223372036854775808, 1, 3>}{{>?}} : (tensor<?x3xf32>, index) -> tensor<?x1x3xf32>
  %5 = tensor.expand_shape %3 [[0, 1], [2]] output_shape [%i, 1, 3] : tensor<?x3xf32> into tensor<?x1x3xf32>
  // CHECK: %collapsed = tensor.collapse_shape %expanded {{\[\[}}0, 1], [2]] : tensor<?x1x3xf32> into tensor<?x3xf32>
  // GEN: "tensor.collapse_shape"(%{{.*}}) {{<?}}{reassociation = {{\[\[}}0, 1], [2]]}{{>?}} : (tensor<?x1x3xf32>) -> tensor<?x3xf32>
  %6 = tensor.collapse_shape %5 [[0, 1], [2]] : tensor<?x1x3xf32> into tensor<?x3xf32>
  // CHECK: %extracted = tensor.extract %arg0[%c0, %c1] : tensor<4x?xf32>
  // GEN: "tensor.extract"(%arg0, %{{.*}}, %{{.*}}) : (tensor<4x?xf32>, index, index) -> f32
  %7 = tensor.extract %t[%c0, %c1] : tensor<4x?xf32>
  // CHECK: %inserted = tensor.insert %arg3 into %arg0[%c0, %c1] : tensor<4x?xf32>
  // GEN: "tensor.insert"(%arg3, %arg0, %{{.*}}, %{{.*}}) : (f32, tensor<4x?xf32>, index, index) -> tensor<4x?xf32>
  %8 = tensor.insert %f into %t[%c0, %c1] : tensor<4x?xf32>
  // CHECK: %from_elements = tensor.from_elements %arg3, %arg3 : tensor<2xf32>
  // GEN: "tensor.from_elements"(%arg3, %arg3) : (f32, f32) -> tensor<2xf32>
  %9 = tensor.from_elements %f, %f : tensor<2xf32>
  // CHECK: %splat = tensor.splat %arg3 : tensor<2x3xf32>
  // GEN: "tensor.splat"(%arg3) : (f32) -> tensor<2x3xf32>
  %10 = tensor.splat %f : tensor<2x3xf32>
  // CHECK: %splat_0 = tensor.splat %arg3[%arg2] : tensor<?x3xf32>
  // GEN: "tensor.splat"(%arg3, %arg2) : (f32, index) -> tensor<?x3xf32>
  %11 = tensor.splat %f[%i] : tensor<?x3xf32>
  // CHECK: %from_elements_1 = tensor.from_elements %arg3 : tensor<f32>
  %12 = tensor.from_elements %f : tensor<f32>
  // CHECK: %1 = tensor.empty() : tensor<2x3xf32>
  // GEN: "tensor.empty"() : () -> tensor<2x3xf32>
  %13 = tensor.empty() : tensor<2x3xf32>
  // CHECK: %collapsed_2 = tensor.collapse_shape %1 [] : tensor<2x3xf32> into tensor<f32>
  %14 = tensor.collapse_shape %13 [] : tensor<2x3xf32> into tensor<f32>
  // CHECK: %expanded_3 = tensor.expand_shape %from_elements_1 [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
  %15 = tensor.expand_shape %12 [] output_shape [1, 1] : tensor<f32> into tensor<1x1xf32>
  // CHECK: %cast_4 = tensor.cast %arg1 {weir.note = 1 : i64} : tensor<*xf32> to tensor<2x?xf32>
  %16 = tensor.cast %u {weir.note = 1} : tensor<*xf32> to tensor<2x?xf32>
  // CHECK: return %dim : index
  return %1 : index
}
