// x = x + 1.0 on a tensor<1000xf32> of zeros, n times in an scf.for; returns x[999] (= n).
// The loop updates x in place: one buffer however large n is (tools/tests/tensor_memory.rs,
// scripts/check-rss).
// cf-run examples/add-one-loop.mlir --arg '1000000 : index'  ->  1000000.0

func.func @main(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant dense<1.0> : tensor<1000xf32>
  %e = tensor.empty() : tensor<1000xf32>
  %x0 = linalg.fill ins(%zero : f32) outs(%e : tensor<1000xf32>) -> tensor<1000xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %x0) -> (tensor<1000xf32>) {
    %y = arith.addf %x, %one : tensor<1000xf32>
    scf.yield %y : tensor<1000xf32>
  }
  %c999 = arith.constant 999 : index
  %v = tensor.extract %r[%c999] : tensor<1000xf32>
  return %v : f32
}
