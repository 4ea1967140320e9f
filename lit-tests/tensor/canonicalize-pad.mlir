// Folder and pattern of tensor.pad (issue 10). The CHECK lines are mlir-opt 22's
// `--canonicalize` output for this file: a zero pad of a static type onto itself is the source
// (the folder); zero paddings (static, or constant operands) of a dynamic type are the source,
// cast to the result type where it differs (FoldStaticZeroPadding); `nofold`, a real padding
// and a dynamic padding stay.
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s

func.func @pads(%t: tensor<5x6xf32>, %u: tensor<?x6xf32>, %c: f32, %a: index) -> (tensor<5x6xf32>, tensor<5x6xf32>, tensor<?x6xf32>, tensor<?x?xf32>, tensor<7x8xf32>, tensor<?x6xf32>, tensor<?x6xf32>) {
  %c0 = arith.constant 0 : index
  %0 = tensor.pad %t low[0, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<5x6xf32> to tensor<5x6xf32>
  %1 = tensor.pad %t nofold low[0, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<5x6xf32> to tensor<5x6xf32>
  %2 = tensor.pad %u low[0, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<?x6xf32> to tensor<?x6xf32>
  %3 = tensor.pad %u low[%c0, 0] high[0, %c0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<?x6xf32> to tensor<?x?xf32>
  %4 = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<5x6xf32> to tensor<7x8xf32>
  %5 = tensor.pad %u nofold low[0, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<?x6xf32> to tensor<?x6xf32>
  %6 = tensor.pad %u low[%a, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<?x6xf32> to tensor<?x6xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<5x6xf32>, tensor<5x6xf32>, tensor<?x6xf32>, tensor<?x?xf32>, tensor<7x8xf32>, tensor<?x6xf32>, tensor<?x6xf32>
}

// CHECK-LABEL: func.func @pads(
// CHECK-NEXT: %padded = tensor.pad %arg0 nofold low[0, 0] high[0, 0] {
// CHECK-NEXT: ^bb0(%arg4: index, %arg5: index):
// CHECK-NEXT:   tensor.yield %arg2 : f32
// CHECK-NEXT: } : tensor<5x6xf32> to tensor<5x6xf32>
// CHECK-NEXT: %cast = tensor.cast %arg1 : tensor<?x6xf32> to tensor<?x?xf32>
// CHECK-NEXT: %padded_0 = tensor.pad %arg0 low[1, 1] high[1, 1] {
// CHECK-NEXT: ^bb0(%arg4: index, %arg5: index):
// CHECK-NEXT:   tensor.yield %arg2 : f32
// CHECK-NEXT: } : tensor<5x6xf32> to tensor<7x8xf32>
// CHECK-NEXT: %padded_1 = tensor.pad %arg1 nofold low[0, 0] high[0, 0] {
// CHECK-NEXT: ^bb0(%arg4: index, %arg5: index):
// CHECK-NEXT:   tensor.yield %arg2 : f32
// CHECK-NEXT: } : tensor<?x6xf32> to tensor<?x6xf32>
// CHECK-NEXT: %padded_2 = tensor.pad %arg1 low[%arg3, 0] high[0, 0] {
// CHECK-NEXT: ^bb0(%arg4: index, %arg5: index):
// CHECK-NEXT:   tensor.yield %arg2 : f32
// CHECK-NEXT: } : tensor<?x6xf32> to tensor<?x6xf32>
// CHECK-NEXT: return %arg0, %padded, %arg1, %cast, %padded_0, %padded_1, %padded_2 : tensor<5x6xf32>, tensor<5x6xf32>, tensor<?x6xf32>, tensor<?x?xf32>, tensor<7x8xf32>, tensor<?x6xf32>, tensor<?x6xf32>
