// Run-time shape faults of linalg structured ops name the two operand dimensions that one loop
// indexes and both operands' shapes (operands counted inputs then outputs). By hand:
// transpose of a (1, 4) input with permutation [1, 0] wants a (4, 1) init; the init here is
// (1, 1), so the input's dimension 1 (4) is checked against the init's dimension 0 (1).
// matmul of (2, 3) by (4, 2): the reduction loop is dimension 1 of operand 0 (3) and dimension 0
// of operand 1 (4) (the GEMM call checks them). With matching shapes both run: the transpose of [[1, 2, 3, 4]] is
// [[1], [2], [3], [4]].
// RUN: not cf-run %s -e transpose --arg 'dense<[[1.0, 2.0, 3.0, 4.0]]> : tensor<1x4xf32>' --arg '1 : index' 2>&1 | FileCheck %s --check-prefix=TR
// RUN: cf-run %s -e transpose --arg 'dense<[[1.0, 2.0, 3.0, 4.0]]> : tensor<1x4xf32>' --arg '4 : index' | FileCheck %s --check-prefix=TR-OK
// RUN: not cf-run %s -e matmul --arg 'dense<1.0> : tensor<2x3xf32>' --arg 'dense<1.0> : tensor<4x2xf32>' 2>&1 | FileCheck %s --check-prefix=MM
// TR: structured-shape-errors.mlir:[[@LINE+8]]:8: error: runtime error: 'linalg.transpose' operands have incompatible shapes (dimension 1 of operand 0 differs from dimension 0 of operand 1): (1, 4) and (1, 1)
// TR-OK: dense<{{\[}}[1.000000e+00], [2.000000e+00], [3.000000e+00], [4.000000e+00]]> : tensor<4x1xf32>
// MM: structured-shape-errors.mlir:[[@LINE+18]]:8: error: runtime error: 'linalg.matmul' failed: dimension 0 of operand #1 is 4, expected 3 (shapes (2, 3) and (4, 2))

func.func @transpose(%a: tensor<?x?xf32>, %n: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %a, %c0 : tensor<?x?xf32>
  %init = tensor.empty(%n, %d0) : tensor<?x?xf32>
  %t = linalg.transpose ins(%a : tensor<?x?xf32>) outs(%init : tensor<?x?xf32>) permutation = [1, 0]
  return %t : tensor<?x?xf32>
}

func.func @matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%init : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
