// tensor.generate run by cf-run: element (i, j) of a (n, 3) index tensor is 10 * i + j (by
// hand: n = 2 gives [[0, 1, 2], [10, 11, 12]]); a negative extent is a located runtime error.
// Both backends run it (tools/tests/llvm_tensor_diff.rs compares them).
// RUN: cf-run %s --arg '2 : index' | FileCheck %s
// CHECK: dense<{{\[}}[0, 1, 2], [10, 11, 12]]> : tensor<2x3xindex>
// RUN: not cf-run %s --arg '-1 : index' 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: tensor-generate.mlir:9:8: error: runtime error: 'tensor.generate' has a negative size
func.func @main(%n: index) -> tensor<?x3xindex> {
  %t = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c10 : index
    %b = arith.addi %a, %j : index
    tensor.yield %b : index
  } : tensor<?x3xindex>
  return %t : tensor<?x3xindex>
}
