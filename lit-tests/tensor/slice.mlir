// Round trip of tensor.extract_slice and tensor.insert_slice (issue 10): the CHECK lines are
// mlir-opt 22's output for this file (static and dynamic offsets, sizes and strides, a
// rank-reducing slice, an attribute); GEN is the generic form with the static arrays and
// `operandSegmentSizes` (mlir-opt prints them as properties `<{...}>`, Weir as `{...}`).
// RUN: cf-opt %s | FileCheck %s
// RUN: cf-opt %s | cf-opt | FileCheck %s
// RUN: cf-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GEN

// CHECK-LABEL: func.func @slices(
func.func @slices(%t: tensor<8x16x4xf32>, %u: tensor<?x?xf32>, %a: index, %b: index, %s: tensor<4x4xf32>) {
  // CHECK: %extracted_slice = tensor.extract_slice %arg0[0, 2, 0] [4, 4, 4] [1, 1, 1] : tensor<8x16x4xf32> to tensor<4x4x4xf32>
  // GEN: "tensor.extract_slice"(%arg0) {{<?}}{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 2, 0>, static_sizes = array<i64: 4, 4, 4>, static_strides = array<i64: 1, 1, 1>}{{>?}} : (tensor<8x16x4xf32>) -> tensor<4x4x4xf32>
  %0 = tensor.extract_slice %t[0, 2, 0][4, 4, 4][1, 1, 1] : tensor<8x16x4xf32> to tensor<4x4x4xf32>
  // CHECK: %extracted_slice_0 = tensor.extract_slice %arg1[%arg2, 0] [4, %arg3] [1, 2] : tensor<?x?xf32> to tensor<4x?xf32>
  // GEN: "tensor.extract_slice"(%arg1, %arg2, %arg3) {{<?}}{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 4, -9223372036854775808>, static_strides = array<i64: 1, 2>}{{>?}} : (tensor<?x?xf32>, index, index) -> tensor<4x?xf32>
  %1 = tensor.extract_slice %u[%a, 0][4, %b][1, 2] : tensor<?x?xf32> to tensor<4x?xf32>
  // CHECK: %extracted_slice_1 = tensor.extract_slice %arg0[0, 2, 0] [4, 1, 4] [1, 1, 1] {foo} : tensor<8x16x4xf32> to tensor<4x4xf32>
  %2 = tensor.extract_slice %t[0, 2, 0][4, 1, 4][1, 1, 1] {foo} : tensor<8x16x4xf32> to tensor<4x4xf32>
  // CHECK: %inserted_slice = tensor.insert_slice %arg4 into %arg0[0, 0, 0] [4, 1, 4] [1, 1, 1] : tensor<4x4xf32> into tensor<8x16x4xf32>
  // GEN: "tensor.insert_slice"(%arg4, %arg0) {{<?}}{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0, 0>, static_sizes = array<i64: 4, 1, 4>, static_strides = array<i64: 1, 1, 1>}{{>?}} : (tensor<4x4xf32>, tensor<8x16x4xf32>) -> tensor<8x16x4xf32>
  %3 = tensor.insert_slice %s into %t[0, 0, 0][4, 1, 4][1, 1, 1] : tensor<4x4xf32> into tensor<8x16x4xf32>
  // CHECK: %inserted_slice_2 = tensor.insert_slice %arg4 into %arg1[%arg2, %arg3] [4, 4] [%arg2, 1] : tensor<4x4xf32> into tensor<?x?xf32>
  // GEN: "tensor.insert_slice"(%arg4, %arg1, %arg2, %arg3, %arg2) {{<?}}{operandSegmentSizes = array<i32: 1, 1, 2, 0, 1>, static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: -9223372036854775808, 1>}{{>?}} : (tensor<4x4xf32>, tensor<?x?xf32>, index, index, index) -> tensor<?x?xf32>
  %4 = tensor.insert_slice %s into %u[%a, %b][4, 4][%a, 1] : tensor<4x4xf32> into tensor<?x?xf32>
  // Sizes 0, negative strides: allowed by MLIR 22's verifier.
  // CHECK: %extracted_slice_3 = tensor.extract_slice %arg0[7, 0, 0] [0, 4, 2] [1, 1, -1] : tensor<8x16x4xf32> to tensor<0x4x2xf32>
  %5 = tensor.extract_slice %t[7, 0, 0][0, 4, 2][1, 1, -1] : tensor<8x16x4xf32> to tensor<0x4x2xf32>
  return
}
