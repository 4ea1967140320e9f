// Benchmark (b) of issue 11: a chain of four elementwise ops on 10^6 f32, 100 times:
// y = ones(10^6); 100 trips of y = ((y * 0.5 + 1.0) * 0.5) - 0.25 (NumPy: the same
// expression, which makes a temporary array per op; fused, it is one pass over memory).
// y converges to 1/3. Returns y[0] and y[999999] (NumPy's value: bench.py, 0.333333343 in f32).
//
//   cf-run scripts/bench-tensor/chain4.mlir --mlir-timing

func.func @main() -> (f32, f32) {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %last = arith.constant 999999 : index
  %e = tensor.empty() : tensor<1000000xf32>
  %y0 = linalg.fill ins(%one : f32) outs(%e : tensor<1000000xf32>) -> tensor<1000000xf32>
  %half = arith.constant dense<0.5> : tensor<1000000xf32>
  %ones = arith.constant dense<1.0> : tensor<1000000xf32>
  %quarter = arith.constant dense<0.25> : tensor<1000000xf32>
  %r = scf.for %i = %c0 to %c100 step %c1 iter_args(%y = %y0) -> (tensor<1000000xf32>) {
    %p = arith.mulf %y, %half : tensor<1000000xf32>
    %q = arith.addf %p, %ones : tensor<1000000xf32>
    %s = arith.mulf %q, %half : tensor<1000000xf32>
    %y1 = arith.subf %s, %quarter : tensor<1000000xf32>
    scf.yield %y1 : tensor<1000000xf32>
  }
  %first = tensor.extract %r[%c0] : tensor<1000000xf32>
  %end = tensor.extract %r[%last] : tensor<1000000xf32>
  return %first, %end : f32, f32
}
