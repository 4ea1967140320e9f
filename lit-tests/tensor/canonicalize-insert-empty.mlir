// tensor.extract of a tensor.insert at the same constant indices folds to the inserted element;
// other indices, or non-constant ones, stay (MLIR's extract-after-insert fold). A constant size
// of tensor.empty becomes static, with a tensor.cast back to the old type (MLIR
// ReplaceEmptyTensorStaticShapeDims). Expected: `mlir-opt --canonicalize` (MLIR 22) on this file.
// RUN: cf-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @extract_of_insert
// CHECK-SAME: (%[[T:.*]]: tensor<4x4xf32>, %[[S:.*]]: f32, %[[I:.*]]: index)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[A:.*]] = tensor.insert %[[S]] into %[[T]][%[[C0]], %[[C1]]] : tensor<4x4xf32>
// CHECK: %[[B:.*]] = tensor.insert %[[S]] into %[[T]][%[[I]], %[[C1]]] : tensor<4x4xf32>
// CHECK: %[[E2:.*]] = tensor.extract %[[B]][%[[I]], %[[C1]]] : tensor<4x4xf32>
// CHECK: %[[E3:.*]] = tensor.extract %[[A]][%[[C1]], %[[C1]]] : tensor<4x4xf32>
// CHECK: return %[[S]], %[[E2]], %[[E3]] : f32, f32, f32
func.func @extract_of_insert(%t: tensor<4x4xf32>, %s: f32, %i: index) -> (f32, f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ins = tensor.insert %s into %t[%c0, %c1] : tensor<4x4xf32>
  %e = tensor.extract %ins[%c0, %c1] : tensor<4x4xf32>
  %ins2 = tensor.insert %s into %t[%i, %c1] : tensor<4x4xf32>
  %e2 = tensor.extract %ins2[%i, %c1] : tensor<4x4xf32>
  %e3 = tensor.extract %ins[%c1, %c1] : tensor<4x4xf32>
  return %e, %e2, %e3 : f32, f32, f32
}

// CHECK-LABEL: func.func @empty_constant_size
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<4x2x?xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[E]] : tensor<4x2x?xf32> to tensor<4x?x?xf32>
// CHECK: return %[[C]] : tensor<4x?x?xf32>
func.func @empty_constant_size(%n: index) -> tensor<4x?x?xf32> {
  %c2 = arith.constant 2 : index
  %e = tensor.empty(%c2, %n) : tensor<4x?x?xf32>
  return %e : tensor<4x?x?xf32>
}
