// E9 (SEMANTICS.md section 4; TensorFlow's `tf.while_loop` with `shape_invariants`, seed
// document "tf.while_loop"): m = ones(2, 2); i = 0; while i < 10 { m = concat([m, m], axis 0);
// i += 1 }. The carried tensor has the invariant shape (?, 2) (`tensor<?x2xf32>`): its first
// size doubles on every trip, 2 * 2^10 = 2048.
//
//   cf-run examples/e9-concat-loop.mlir --print-limit 4
//   -> a tensor<2048x2xf32> whose 4096 elements are all 1.0
//      (the full result: dense<1.000000e+00> : tensor<2048x2xf32>)
//
// Expected value: examples/expected.py (NumPy), key `e9`.

func.func @main() -> tensor<?x2xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i32
  %ones = arith.constant dense<1.0> : tensor<2x2xf32>
  %m0 = tensor.cast %ones : tensor<2x2xf32> to tensor<?x2xf32>
  %r:2 = scf.while (%i = %c0, %m = %m0) : (i32, tensor<?x2xf32>) -> (i32, tensor<?x2xf32>) {
    %lt = arith.cmpi slt, %i, %c10 : i32
    scf.condition(%lt) %i, %m : i32, tensor<?x2xf32>
  } do {
  ^bb0(%i: i32, %m: tensor<?x2xf32>):
    %mm = tensor.concat dim(0) %m, %m : (tensor<?x2xf32>, tensor<?x2xf32>) -> tensor<?x2xf32>
    %i1 = arith.addi %i, %c1 : i32
    scf.yield %i1, %mm : i32, tensor<?x2xf32>
  }
  return %r#1 : tensor<?x2xf32>
}
