// Folders of tensor.extract_slice and tensor.insert_slice (issue 10). The CHECK lines are
// mlir-opt 22's `--canonicalize` output for this file: a slice of the whole tensor (zero
// offsets, also a constant operand 0; unit strides; the static sizes) is the source, and so is
// inserting a full-size static source; a partial slice, a dynamic size and a dynamic dest stay.
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s

func.func @slices(%t: tensor<8x16xf32>, %u: tensor<?x16xf32>, %s: tensor<8x16xf32>, %a: index) -> (tensor<8x16xf32>, tensor<?x16xf32>, tensor<8x16xf32>, tensor<4x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<?x16xf32>, tensor<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %0 = tensor.extract_slice %t[0, 0][8, 16][1, 1] : tensor<8x16xf32> to tensor<8x16xf32>
  %1 = tensor.extract_slice %u[0, 0][%a, 16][1, 1] : tensor<?x16xf32> to tensor<?x16xf32>
  %2 = tensor.extract_slice %t[%c0, 0][8, 16][1, 1] : tensor<8x16xf32> to tensor<8x16xf32>
  %3 = tensor.extract_slice %t[0, 0][4, 16][1, 1] : tensor<8x16xf32> to tensor<4x16xf32>
  %4 = tensor.insert_slice %s into %t[0, 0][8, 16][1, 1] : tensor<8x16xf32> into tensor<8x16xf32>
  %5 = tensor.insert_slice %s into %t[%c0, 0][8, 16][1, 1] : tensor<8x16xf32> into tensor<8x16xf32>
  %6 = tensor.insert_slice %u into %u[0, 0][%a, 16][1, 1] : tensor<?x16xf32> into tensor<?x16xf32>
  %7 = tensor.insert_slice %3 into %t[2, 0][4, 16][1, 1] : tensor<4x16xf32> into tensor<8x16xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<8x16xf32>, tensor<?x16xf32>, tensor<8x16xf32>, tensor<4x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<?x16xf32>, tensor<8x16xf32>
}

// CHECK-LABEL: func.func @slices(
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg1[0, 0] [%arg3, 16] [1, 1] : tensor<?x16xf32> to tensor<?x16xf32>
// CHECK-NEXT: %extracted_slice_0 = tensor.extract_slice %arg0[0, 0] [4, 16] [1, 1] : tensor<8x16xf32> to tensor<4x16xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %arg1 into %arg1[0, 0] [%arg3, 16] [1, 1] : tensor<?x16xf32> into tensor<?x16xf32>
// CHECK-NEXT: %inserted_slice_1 = tensor.insert_slice %extracted_slice_0 into %arg0[2, 0] [4, 16] [1, 1] : tensor<4x16xf32> into tensor<8x16xf32>
// CHECK-NEXT: return %arg0, %extracted_slice, %arg0, %extracted_slice_0, %arg2, %arg2, %inserted_slice, %inserted_slice_1 : tensor<8x16xf32>, tensor<?x16xf32>, tensor<8x16xf32>, tensor<4x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<?x16xf32>, tensor<8x16xf32>
