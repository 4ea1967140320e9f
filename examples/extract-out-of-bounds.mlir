// tensor.extract at a runtime index of a tensor<5xf32> [1, 2, 3, 4, 5]: index 4 gives 5.0,
// index 5 is out of bounds, a located runtime error (exit status 1) that frees every buffer.
// cf-run examples/extract-out-of-bounds.mlir --arg '4 : index'  ->  5.0
// cf-run examples/extract-out-of-bounds.mlir --arg '5 : index'  ->  runtime error (exit status 1)

func.func @main(%i: index) -> f32 {
  %t = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>
  %two = arith.constant dense<2.0> : tensor<5xf32>
  %d = arith.mulf %t, %two : tensor<5xf32>
  %h = arith.divf %d, %two : tensor<5xf32>
  %x = tensor.extract %h[%i] : tensor<5xf32>
  return %x : f32
}
