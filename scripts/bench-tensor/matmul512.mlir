// Benchmark (c) of issue 11: C = A B for 512x512 f32 matrices, REPS = 10 times in one
// process (NumPy: 10 times a @ b with OPENBLAS_NUM_THREADS=1), so both sides are timed warm.
// A and B are arguments (bench.py writes them as .npy); returns C[0, 0] and C[511, 511] of the
// last product (checked against NumPy's by bench.py).
//
//   cf-run scripts/bench-tensor/matmul512.mlir --arg @DIR/a512.npy --arg @DIR/b512.npy --mlir-timing

func.func @main(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> (f32, f32) {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %reps = arith.constant 10 : index
  %c511 = arith.constant 511 : index
  %r:2 = scf.for %i = %c0 to %reps step %c1 iter_args(%f = %zero, %l = %zero) -> (f32, f32) {
    %e = tensor.empty() : tensor<512x512xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
    %c = linalg.matmul ins(%a, %b : tensor<512x512xf32>, tensor<512x512xf32>) outs(%z : tensor<512x512xf32>) -> tensor<512x512xf32>
    %first = tensor.extract %c[%c0, %c0] : tensor<512x512xf32>
    %end = tensor.extract %c[%c511, %c511] : tensor<512x512xf32>
    scf.yield %first, %end : f32, f32
  }
  return %r#0, %r#1 : f32, f32
}
