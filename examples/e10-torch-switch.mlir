// E10 (SEMANTICS.md section 5; the data-dependent torch.switch of the seed document
// "Control Flow - Switch"): x of shape (4, 3); s = sum(x) (a linalg.reduce over both
// dimensions into a 0-d tensor, read with tensor.extract); index = clamp((s > 0) + (s > 5),
// 0, 2); the branches are x * 2 (s <= 0), x + 10 (0 < s <= 5) and x * x (s > 5).
//
//   cf-run examples/e10-torch-switch.mlir \
//     --arg 'dense<[[1.0, -2.0, 0.5], [-1.0, 0.25, -3.0], [2.0, -0.5, 1.0], [0.0, -1.5, 0.75]]> : tensor<4x3xf32>'
//   (s = -2.5, branch x * 2)
//   -> dense<[[2.000000e+00, -4.000000e+00, 1.000000e+00], [-2.000000e+00, 5.000000e-01, -6.000000e+00], [4.000000e+00, -1.000000e+00, 2.000000e+00], [0.000000e+00, -3.000000e+00, 1.500000e+00]]> : tensor<4x3xf32>
//   The other inputs of the test (s = 2.5: x + 10; s = 12: x * x; s = 0: x * 2) and their
//   results are in examples/expected.py / expected.txt, keys `e10 NAME`.

func.func @main(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %zero = arith.constant 0.0 : f32
  %five = arith.constant 5.0 : f32
  %e = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %sum_t = linalg.reduce { arith.addf } ins(%x : tensor<4x3xf32>) outs(%acc : tensor<f32>) dimensions = [0, 1]
  %s = tensor.extract %sum_t[] : tensor<f32>
  %pos = arith.cmpf ogt, %s, %zero : f32
  %big = arith.cmpf ogt, %s, %five : f32
  %p = arith.extui %pos : i1 to i64
  %q = arith.extui %big : i1 to i64
  %n = arith.addi %p, %q : i64
  %lo = arith.constant 0 : i64
  %hi = arith.constant 2 : i64
  %n1 = arith.maxsi %n, %lo : i64
  %n2 = arith.minsi %n1, %hi : i64
  %k = arith.index_cast %n2 : i64 to index
  %r = scf.index_switch %k -> tensor<4x3xf32>
  case 0 {
    %two = arith.constant dense<2.0> : tensor<4x3xf32>
    %y = arith.mulf %x, %two : tensor<4x3xf32>
    scf.yield %y : tensor<4x3xf32>
  }
  case 1 {
    %ten = arith.constant dense<10.0> : tensor<4x3xf32>
    %y = arith.addf %x, %ten : tensor<4x3xf32>
    scf.yield %y : tensor<4x3xf32>
  }
  default {
    %y = arith.mulf %x, %x : tensor<4x3xf32>
    scf.yield %y : tensor<4x3xf32>
  }
  return %r : tensor<4x3xf32>
}
