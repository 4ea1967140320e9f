// Reductions along the innermost loop run on vectors of 4 lanes (8 elements) with a scalar
// tail (the other 2): integer ones (addi, muli, andi, ori, xori) always, float ones (addf,
// mulf, maximumf, minimumf) only with `fastmath<reassoc>` (MLIR: regrouping float additions
// needs the flag). Values by hand, rows of 10, init added first:
//   row 0: 100 + (1 + ... + 10) = 155; row 1: 0 + 26.75 = 26.75 (both exact in any order);
//   row 2 (f32, spacing 8 at 1e8): in order, -3 + 1e8 = 1e8, + 1 = 1e8, - 1e8 = 0, then
//     + 1 + 2 + ... + 7 = 28. Regrouped: lanes [1e8 + 2, 1 + 3, -1e8 + 4, 1 + 5] =
//     [1e8, 4, -1e8, 6], combined with the init lane after lane: -3 + 1e8 = 1e8, + 4 = 1e8,
//     - 1e8 = 0, + 6 = 6, then the tail 6 + 7: 19.
//   i32: 1 + 55 = 56; 2 + 139 = 141; 3 + 9 * 7 + 2147483647 wraps to -2147483583.
//   maximumf with reassoc: 100, 8, 1e8.
// RUN: cf-run %s | FileCheck %s
// CHECK: dense<[1.550000e+02, 2.675000e+01, 2.800000e+01]> : tensor<3xf32>
// CHECK-NEXT: dense<[1.550000e+02, 2.675000e+01, 1.900000e+01]> : tensor<3xf32>
// CHECK-NEXT: dense<[56, 141, -2147483583]> : tensor<3xi32>
// CHECK-NEXT: dense<[1.000000e+02, 8.000000e+00, 1.000000e+08]> : tensor<3xf32>
func.func @main() -> (tensor<3xf32>, tensor<3xf32>, tensor<3xi32>, tensor<3xf32>) {
  %x = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0], [0.5, -1.0, 2.5, 3.0, -4.0, 5.0, 6.0, 7.0, 8.0, -0.25], [1.0e8, 1.0, -1.0e8, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]]> : tensor<3x10xf32>
  %i = arith.constant dense<[[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [-1, -2, 3, 4, 5, 6, 7, 8, 9, 100], [7, 7, 7, 7, 7, 7, 7, 7, 7, 2147483647]]> : tensor<3x10xi32>
  %o = arith.constant dense<[100.0, 0.0, -3.0]> : tensor<3xf32>
  %oi = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %s = linalg.reduce { arith.addf } ins(%x : tensor<3x10xf32>) outs(%o : tensor<3xf32>) dimensions = [1]
  %r = linalg.reduce { arith.addf {fastmath = #arith.fastmath<reassoc>} } ins(%x : tensor<3x10xf32>) outs(%o : tensor<3xf32>) dimensions = [1]
  %ri = linalg.reduce { arith.addi } ins(%i : tensor<3x10xi32>) outs(%oi : tensor<3xi32>) dimensions = [1]
  %m = linalg.reduce { arith.maximumf {fastmath = #arith.fastmath<reassoc>} } ins(%x : tensor<3x10xf32>) outs(%o : tensor<3xf32>) dimensions = [1]
  return %s, %r, %ri, %m : tensor<3xf32>, tensor<3xf32>, tensor<3xi32>, tensor<3xf32>
}

// A static innermost size of 16 (4 vectors) runs unrolled, the reduction included:
// sum over j of (i + 1) * (j + 1) for j < 16 is (i + 1) * 136: 136, 272.
// RUN: cf-run %s -e unrolled | FileCheck %s --check-prefix=UNROLLED
// UNROLLED: dense<[136, 272]> : tensor<2xi32>
func.func @unrolled() -> tensor<2xi32> {
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<2x16xi32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<2x16xi32>) {
  ^bb0(%out: i32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %i1 = arith.addi %i, %c1 : index
    %j1 = arith.addi %j, %c1 : index
    %p = arith.muli %i1, %j1 : index
    %v = arith.index_cast %p : index to i32
    linalg.yield %v : i32
  } -> tensor<2x16xi32>
  %z = arith.constant dense<0> : tensor<2xi32>
  %r = linalg.reduce { arith.addi } ins(%g : tensor<2x16xi32>) outs(%z : tensor<2xi32>) dimensions = [1]
  return %r : tensor<2xi32>
}
