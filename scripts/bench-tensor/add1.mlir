// Benchmark (a) of issue 11: a = zeros(10^6) f32; 100 trips of a = a + 1.0 in an scf.for
// (NumPy: np.add(a, 1, out=a) 100 times). The carried tensor is held by nothing else, so
// the runtime may update it in place. Returns a[0] and a[999999], both 100.0.
//
//   cf-run scripts/bench-tensor/add1.mlir --mlir-timing   ->  1.000000e+02 (twice)

func.func @main() -> (f32, f32) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %last = arith.constant 999999 : index
  %e = tensor.empty() : tensor<1000000xf32>
  %a0 = linalg.fill ins(%zero : f32) outs(%e : tensor<1000000xf32>) -> tensor<1000000xf32>
  %one = arith.constant dense<1.0> : tensor<1000000xf32>
  %r = scf.for %i = %c0 to %c100 step %c1 iter_args(%a = %a0) -> (tensor<1000000xf32>) {
    %a1 = arith.addf %a, %one : tensor<1000000xf32>
    scf.yield %a1 : tensor<1000000xf32>
  }
  %first = tensor.extract %r[%c0] : tensor<1000000xf32>
  %end = tensor.extract %r[%last] : tensor<1000000xf32>
  return %first, %end : f32, f32
}
