// Runtime shape errors of tensor programs (issue 11): a located error naming the op and both
// shapes, exit status 1, never memory corruption. By hand: (3) + (4) elementwise; 6 elements
// into (4, 2); index 5 of a (5) tensor; a cast of a (3) tensor to tensor<4xf32>.
// RUN: not cf-run %s -e add --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' --arg 'dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>' 2>&1 | FileCheck %s --check-prefix=ADD
// RUN: not cf-run %s -e reshape --arg 'dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>' 2>&1 | FileCheck %s --check-prefix=RESHAPE
// RUN: not cf-run %s -e extract --arg 'dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>' --arg '5 : index' 2>&1 | FileCheck %s --check-prefix=EXTRACT
// RUN: cf-run %s -e extract --arg 'dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>' --arg '4 : index' | FileCheck %s --check-prefix=IN
// RUN: not cf-run %s -e cast --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' 2>&1 | FileCheck %s --check-prefix=CAST
// ADD: tensor-runtime-errors.mlir:[[@LINE+9]]:8: error: runtime error: 'arith.addf' operands have different shapes: (3) and (4)
// RESHAPE: tensor-runtime-errors.mlir:[[@LINE+15]]:8: error: runtime error: 'tensor.reshape' cannot reshape: shape (6) into (4, 2)
// EXTRACT: tensor-runtime-errors.mlir:[[@LINE+19]]:8: error: runtime error: 'tensor.extract' index out of bounds: index 5 is out of bounds for dimension 0 of shape (5)
// IN: {{^}}5.0{{$}}
// CAST: tensor-runtime-errors.mlir:[[@LINE+23]]:8: error: runtime error: 'tensor.cast' to a static shape that does not match: dimension 0 is 3, expected 4 (shape (3))

func.func @add(%a: tensor<3xf32>, %b: tensor<4xf32>) -> tensor<?xf32> {
  %x = tensor.cast %a : tensor<3xf32> to tensor<?xf32>
  %y = tensor.cast %b : tensor<4xf32> to tensor<?xf32>
  %s = arith.addf %x, %y : tensor<?xf32>
  return %s : tensor<?xf32>
}

func.func @reshape(%a: tensor<6xf32>) -> tensor<?x?xf32> {
  %shape = arith.constant dense<[4, 2]> : tensor<2xindex>
  %x = tensor.cast %a : tensor<6xf32> to tensor<?xf32>
  %r = tensor.reshape %x(%shape) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @extract(%a: tensor<5xf32>, %i: index) -> f32 {
  %x = tensor.extract %a[%i] : tensor<5xf32>
  return %x : f32
}

func.func @cast(%a: tensor<3xf32>) -> tensor<4xf32> {
  %x = tensor.cast %a : tensor<3xf32> to tensor<?xf32>
  %y = tensor.cast %x : tensor<?xf32> to tensor<4xf32>
  return %y : tensor<4xf32>
}
