// Newton's iteration for the square roots of a vector, in an scf.while whose condition is
// computed from the data (the loop MindSpore's graph mode forbids: its body mixes scalar and
// tensor arithmetic, seed document "Process Control Statements"; SEMANTICS.md section 4).
// x_0 = a; x_k+1 = (x_k + a / x_k) * 0.5 while d_k = max |x_k+1 - x_k| >= 1e-6 and k < 50;
// the body computes the tensor step, the scalar d_k (linalg.reduce + tensor.extract) and the
// scalar counter k. Returns x and the number of steps.
//
//   cf-run examples/newton-sqrt.mlir --arg 'dense<[2.0, 9.0, 0.25, 100.0]> : tensor<4xf32>'
//   -> dense<[1.41421354, 3.000000e+00, 5.000000e-01, 1.000000e+01]> : tensor<4xf32>
//      8
//   (sqrt(a) rounded to f32, reached in 8 steps; mlir-opt's float format: NumPy's values
//   are in examples/expected.txt, keys `newton x`, `newton steps`)

func.func @main(%a: tensor<4xf32>) -> (tensor<4xf32>, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c50 = arith.constant 50 : i32
  %tol = arith.constant 1.0e-6 : f32
  %huge = arith.constant 1.0e30 : f32
  %zero = arith.constant 0.0 : f32
  %half = arith.constant dense<0.5> : tensor<4xf32>
  %r:3 = scf.while (%x = %a, %d = %huge, %k = %c0) : (tensor<4xf32>, f32, i32) -> (tensor<4xf32>, f32, i32) {
    %far = arith.cmpf oge, %d, %tol : f32
    %few = arith.cmpi slt, %k, %c50 : i32
    %go = arith.andi %far, %few : i1
    scf.condition(%go) %x, %d, %k : tensor<4xf32>, f32, i32
  } do {
  ^bb0(%x: tensor<4xf32>, %d: f32, %k: i32):
    %q = arith.divf %a, %x : tensor<4xf32>
    %s = arith.addf %x, %q : tensor<4xf32>
    %x1 = arith.mulf %s, %half : tensor<4xf32>
    %diff = arith.subf %x1, %x : tensor<4xf32>
    %ad = math.absf %diff : tensor<4xf32>
    %e = tensor.empty() : tensor<f32>
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
    %m = linalg.reduce ins(%ad : tensor<4xf32>) outs(%init : tensor<f32>) dimensions = [0]
      (%in: f32, %acc: f32) {
        %mx = arith.maximumf %in, %acc : f32
        linalg.yield %mx : f32
      }
    %d1 = tensor.extract %m[] : tensor<f32>
    %k1 = arith.addi %k, %c1 : i32
    scf.yield %x1, %d1, %k1 : tensor<4xf32>, f32, i32
  }
  return %r#0, %r#2 : tensor<4xf32>, i32
}
