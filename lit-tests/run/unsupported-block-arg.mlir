// A value of a type cf-run cannot compile (an unranked tensor) carried by a block argument: the
// error is at the op whose results the argument stands for (scf-to-cf gives the continuation
// block's arguments the scf.if's location, as upstream mlir-opt 22 prints them), not at the
// function.
// RUN: not cf-run %s --arg 'true' --arg 'dense<1.0> : tensor<2xf32>' 2>&1 | FileCheck %s
// RUN: cf-opt %s --convert-scf-to-cf --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC
// CHECK: unsupported-block-arg.mlir:[[@LINE+4]]:8: error: cf-run: unsupported type 'tensor<*xf32>' in the JIT
// CHECK-NEXT: %r = scf.if
// LOC: ^bb{{[0-9]+}}(%{{[0-9]+}}: tensor<*xf32> loc("{{.*}}unsupported-block-arg.mlir":[[@LINE+2]]:8)):
func.func @main(%c: i1, %a: tensor<2xf32>) -> tensor<2xf32> {
  %r = scf.if %c -> tensor<*xf32> {
    %u = tensor.cast %a : tensor<2xf32> to tensor<*xf32>
    scf.yield %u : tensor<*xf32>
  } else {
    %u = tensor.cast %a : tensor<2xf32> to tensor<*xf32>
    scf.yield %u : tensor<*xf32>
  }
  %x = tensor.cast %r : tensor<*xf32> to tensor<2xf32>
  return %x : tensor<2xf32>
}
