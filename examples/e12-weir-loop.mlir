// E12 (SEMANTICS.md section 6; DL4J's `loopWithConditions` / ONNX `Loop`, seed document
// "deeplearning4j Control flow"): a weir.loop carries x = ones(5) with a maximum trip count
// of 5 and a condition that stays true; each trip adds 1.0, so x = 1 + 5 = 6 everywhere.
//
//   cf-run examples/e12-weir-loop.mlir
//   -> dense<6.000000e+00> : tensor<5xf32>
//
// Expected value: examples/expected.py (NumPy), key `e12`.

func.func @main() -> tensor<5xf32> {
  %max = arith.constant 5 : i64
  %ones = arith.constant dense<1.0> : tensor<5xf32>
  %r = weir.loop max(%max : i64) iter_args(%ones) -> (tensor<5xf32>) {
  ^bb0(%it: i64, %cond: i1, %x: tensor<5xf32>):
    %one = arith.constant dense<1.0> : tensor<5xf32>
    %y = arith.addf %x, %one : tensor<5xf32>
    weir.yield %cond, %y : i1, tensor<5xf32>
  }
  return %r : tensor<5xf32>
}
