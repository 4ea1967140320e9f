// A broadcast into an init of dynamic size, read by an addition of another shape: unfused,
// the addition faults ((4, 3) vs (3, 3)); fused, the broadcast's init stays an input of the
// fused op (not read by its body), so the fused op still faults, naming both shapes. With
// matching shapes both give a + broadcast(v): row i of a plus v.
// RUN: not cf-run %s --arg 'dense<1.0> : tensor<4x3xf32>' --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' --arg 'dense<0.0> : tensor<3x3xf32>' 2>&1 | FileCheck %s --check-prefix=FAULT
// RUN: cf-opt %s --convert-elementwise-to-linalg --linalg-fuse-elementwise-ops | FileCheck %s --check-prefix=FUSED
// RUN: cf-opt %s --convert-elementwise-to-linalg --linalg-fuse-elementwise-ops | not cf-run - --arg 'dense<1.0> : tensor<4x3xf32>' --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' --arg 'dense<0.0> : tensor<3x3xf32>' 2>&1 | FileCheck %s --check-prefix=FAULT
// RUN: cf-opt %s --convert-elementwise-to-linalg --linalg-fuse-elementwise-ops | cf-run - --arg 'dense<1.0> : tensor<2x3xf32>' --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' --arg 'dense<0.0> : tensor<2x3xf32>' | FileCheck %s
// FAULT: runtime error: '{{arith.addf' operands have different shapes|linalg.generic' operands have incompatible shapes \(dimension 0 of operand 0 differs from dimension 0 of operand 2\)}}: (4, 3) and (3, 3)
// FUSED: linalg.generic
// FUSED-NOT: linalg.broadcast
// FUSED-NOT: arith.addf {{.*}} : tensor
// CHECK: dense<{{\[}}[2.000000e+00, 3.000000e+00, 4.000000e+00], [2.000000e+00, 3.000000e+00, 4.000000e+00]]> : tensor<2x3xf32>
func.func @main(%a: tensor<?x?xf32>, %v: tensor<3xf32>, %s: tensor<?x?xf32>) -> tensor<?x3xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %s, %c0 : tensor<?x?xf32>
  %e = tensor.empty(%d0) : tensor<?x3xf32>
  %b = linalg.broadcast ins(%v : tensor<3xf32>) outs(%e : tensor<?x3xf32>) dimensions = [0]
  %ac = tensor.cast %a : tensor<?x?xf32> to tensor<?x3xf32>
  %r = arith.addf %ac, %b : tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// A producer with a static init and a dynamic input: unfused, the generic checks the input
// (5 elements) against its init (4) at run time; fused, the init stays an input of the fused
// op for its size, so the mismatch is still a runtime error.
// RUN: cf-opt %s --convert-elementwise-to-linalg --linalg-fuse-elementwise-ops | not cf-run - -e static_init --arg 'dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>' 2>&1 | FileCheck %s --check-prefix=STATIC
// STATIC: runtime error: 'linalg.generic' operands have incompatible shapes (dimension 0 of operand 0 differs from dimension 0 of operand 1): (5) and (4)
func.func @static_init(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty() : tensor<4xf32>
  %n = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<?xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.negf %x : f32
    linalg.yield %y : f32
  } -> tensor<4xf32>
  %e2 = tensor.empty(%d) : tensor<?xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%n : tensor<4xf32>) outs(%e2 : tensor<?xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = math.exp %x : f32
    linalg.yield %y : f32
  } -> tensor<?xf32>
  return %m : tensor<?xf32>
}
