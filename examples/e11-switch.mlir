// E11 (SEMANTICS.md section 5; torch.switch and jax.lax.switch clamp the index, seed
// document "Control Flow - Switch"): a 3-way scf.index_switch with branches x + 10, x * x
// and -x on a 0-d tensor x, its i64 index clamped into [0, 2] before the switch.
// With x = 3: index 0 -> 13, 1 -> 9, 2 -> -3, -1 (clamped to 0) -> 13, 7 (clamped to 2) -> -3.
//
//   cf-run examples/e11-switch.mlir --arg 'dense<3.0> : tensor<f32>' --arg '0 : i64'
//   -> dense<1.300000e+01> : tensor<f32>
//   (--arg '1 : i64' -> dense<9.000000e+00>, '2 : i64' -> dense<-3.000000e+00>,
//    '-1 : i64' -> dense<1.300000e+01>, '7 : i64' -> dense<-3.000000e+00>, each : tensor<f32>)
//
// Expected values: examples/expected.py (NumPy), keys `e11 I`.

func.func @main(%x: tensor<f32>, %i: i64) -> tensor<f32> {
  %lo = arith.constant 0 : i64
  %hi = arith.constant 2 : i64
  %a = arith.maxsi %i, %lo : i64
  %b = arith.minsi %a, %hi : i64
  %k = arith.index_cast %b : i64 to index
  %r = scf.index_switch %k -> tensor<f32>
  case 0 {
    %ten = arith.constant dense<10.0> : tensor<f32>
    %y = arith.addf %x, %ten : tensor<f32>
    scf.yield %y : tensor<f32>
  }
  case 1 {
    %y = arith.mulf %x, %x : tensor<f32>
    scf.yield %y : tensor<f32>
  }
  default {
    %y = arith.negf %x : tensor<f32>
    scf.yield %y : tensor<f32>
  }
  return %r : tensor<f32>
}
