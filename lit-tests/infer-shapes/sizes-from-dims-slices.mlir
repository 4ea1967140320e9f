// Known sizes given as operands also refine tensor.extract_slice (its dynamic sizes) and
// tensor.pad (its dynamic low/high amounts). A loop body that pads its (2, 3) carried value by
// one row and one column (amounts from a constant operand; 22's pad accepts the more specific
// result type itself) and slices the original size back out with sizes
// from tensor.dim keeps the carried type (2, 3). Expected by hand: pad (2, 3) by low 0/1 high
// 1/0 -> (3, 4); the slice [0, 0] [dim 0, dim 1] -> (2, 3).
// RUN: cf-opt %s --infer-shapes | FileCheck %s
// RUN: cf-opt %s --infer-shapes | cf-opt --infer-shapes | FileCheck %s

// CHECK-LABEL: func.func @pad_and_slice
// CHECK: scf.for {{.*}} -> (tensor<2x3xf32>)
// CHECK: %[[P:.*]] = tensor.pad
// CHECK: } : tensor<2x3xf32> to tensor<3x4xf32>
// CHECK: %[[S:.*]] = tensor.extract_slice %[[P]]{{.*}} : tensor<3x4xf32> to tensor<?x?xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[S]] : tensor<?x?xf32> to tensor<2x3xf32>
// CHECK: scf.yield %[[C]] : tensor<2x3xf32>
func.func @pad_and_slice(%x0: tensor<2x3xf32>, %n: index, %v: f32) -> tensor<*xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tensor.cast %x0 : tensor<2x3xf32> to tensor<*xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init) -> (tensor<*xf32>) {
    %xr = tensor.cast %x : tensor<*xf32> to tensor<?x?xf32>
    %d0 = tensor.dim %xr, %c0 : tensor<?x?xf32>
    %d1 = tensor.dim %xr, %c1 : tensor<?x?xf32>
    %p = tensor.pad %xr low[0, %c1] high[%c1, 0] {
    ^bb0(%a: index, %b: index):
      tensor.yield %v : f32
    } : tensor<?x?xf32> to tensor<?x?xf32>
    %s = tensor.extract_slice %p[0, 0] [%d0, %d1] [1, 1] : tensor<?x?xf32> to tensor<?x?xf32>
    %su = tensor.cast %s : tensor<?x?xf32> to tensor<*xf32>
    scf.yield %su : tensor<*xf32>
  }
  return %r : tensor<*xf32>
}
