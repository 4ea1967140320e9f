// Slice pairs (MLIR's tensor.extract_slice / insert_slice folders and pattern): an
// extract_slice of an insert_slice at the same offsets, sizes and strides is the inserted
// source; inserting what an extract_slice of the dest read, at the same place, is the dest; an
// insert_slice over an insert_slice at the same place inserts into the first one's dest.
// Different offsets stay. Expected: `mlir-opt --canonicalize` (MLIR 22) on this file.
// RUN: cf-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @extract_after_insert
// CHECK-SAME: (%{{.*}}: tensor<8x8xf32>, %[[S:.*]]: tensor<2x3xf32>, %{{.*}}: index)
// CHECK-NEXT: return %[[S]] : tensor<2x3xf32>
// CHECK-LABEL: func.func @insert_after_extract
// CHECK-SAME: (%[[T:.*]]: tensor<8x8xf32>, %{{.*}}: index)
// CHECK-NEXT: return %[[T]] : tensor<8x8xf32>
// CHECK-LABEL: func.func @insert_after_insert
// CHECK-SAME: (%[[T:.*]]: tensor<8x8xf32>, %{{.*}}: tensor<2x3xf32>, %[[U:.*]]: tensor<2x3xf32>, %[[I:.*]]: index)
// CHECK-NEXT: %[[R:.*]] = tensor.insert_slice %[[U]] into %[[T]][%[[I]], 1] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
// CHECK-NEXT: return %[[R]] : tensor<8x8xf32>
// CHECK-LABEL: func.func @other_offsets
// CHECK: tensor.insert_slice
// CHECK: tensor.extract_slice
func.func @extract_after_insert(%t: tensor<8x8xf32>, %s: tensor<2x3xf32>, %i: index) -> tensor<2x3xf32> {
  %0 = tensor.insert_slice %s into %t[%i, 1] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
  %1 = tensor.extract_slice %0[%i, 1] [2, 3] [1, 1] : tensor<8x8xf32> to tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
func.func @insert_after_extract(%t: tensor<8x8xf32>, %i: index) -> tensor<8x8xf32> {
  %0 = tensor.extract_slice %t[%i, 1] [2, 3] [1, 1] : tensor<8x8xf32> to tensor<2x3xf32>
  %1 = tensor.insert_slice %0 into %t[%i, 1] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
func.func @insert_after_insert(%t: tensor<8x8xf32>, %s: tensor<2x3xf32>, %u: tensor<2x3xf32>, %i: index) -> tensor<8x8xf32> {
  %0 = tensor.insert_slice %s into %t[%i, 1] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
  %1 = tensor.insert_slice %u into %0[%i, 1] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
func.func @other_offsets(%t: tensor<8x8xf32>, %s: tensor<2x3xf32>, %i: index) -> tensor<2x3xf32> {
  %0 = tensor.insert_slice %s into %t[%i, 1] [2, 3] [1, 1] : tensor<2x3xf32> into tensor<8x8xf32>
  %1 = tensor.extract_slice %0[%i, 2] [2, 3] [1, 1] : tensor<8x8xf32> to tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}
