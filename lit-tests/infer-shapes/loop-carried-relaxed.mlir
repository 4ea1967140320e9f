// --infer-shapes="join=relaxed" on loop-carried values whose shape changes (SEMANTICS.md
// section 4): the fixpoint widens sizes to `?` and ranks to unranked instead of failing (strict
// mode reports these loops: join-errors.mlir). Expected types by hand from the relaxed join.
// RUN: cf-opt %s --infer-shapes="join=relaxed" | FileCheck %s
// RUN: cf-opt %s --infer-shapes="join=relaxed" | cf-opt --infer-shapes="join=relaxed" | FileCheck %s

// E9 declared unranked (no invariant) in relaxed mode: (2, 2) joined with (4, 2) -> (?, 2),
// a fixpoint in the second round. (Strict mode: the error of join-errors.mlir.)
// CHECK-LABEL: func.func @e9_inferred
// CHECK: scf.for {{.*}} iter_args(%[[X:.*]] = %{{.*}}) -> (tensor<?x2xf32>)
// CHECK: tensor.concat dim(0) {{.*}} : (tensor<?x2xf32>, tensor<?x2xf32>) -> tensor<?x2xf32>
// CHECK: scf.yield %{{.*}} : tensor<?x2xf32>
func.func @e9_inferred(%m: tensor<2x2xf32>, %n: index) -> tensor<*xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tensor.cast %m : tensor<2x2xf32> to tensor<*xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init) -> (tensor<*xf32>) {
    %xs = tensor.cast %x : tensor<*xf32> to tensor<?x2xf32>
    %y = tensor.concat dim(0) %xs, %xs : (tensor<?x2xf32>, tensor<?x2xf32>) -> tensor<?x2xf32>
    %yu = tensor.cast %y : tensor<?x2xf32> to tensor<*xf32>
    scf.yield %yu : tensor<*xf32>
  }
  return %r : tensor<*xf32>
}

// A body that adds a dimension each trip, relaxed: (1) then (1, 1) -> unranked.
// CHECK-LABEL: func.func @grows_rank
// CHECK: scf.for {{.*}} -> (tensor<*xf32>)
func.func @grows_rank(%m: tensor<1xf32>, %n: index) -> tensor<*xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tensor.cast %m : tensor<1xf32> to tensor<*xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init) -> (tensor<*xf32>) {
    %x1 = tensor.cast %x : tensor<*xf32> to tensor<1xf32>
    %e = tensor.expand_shape %x1 [[0, 1]] output_shape [1, 1] : tensor<1xf32> into tensor<1x1xf32>
    %eu = tensor.cast %e : tensor<1x1xf32> to tensor<*xf32>
    scf.yield %eu : tensor<*xf32>
  }
  return %r : tensor<*xf32>
}


// Nested loops: the inner loop starts from the outer's carried value and doubles it; both
// fixpoints are (?, 2) (the inner loop is walked again in the outer's second round).
// CHECK-LABEL: func.func @nested
// CHECK: scf.for {{.*}} -> (tensor<?x2xf32>)
// CHECK: scf.for {{.*}} -> (tensor<?x2xf32>)
func.func @nested(%m: tensor<2x2xf32>, %n: index) -> tensor<*xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tensor.cast %m : tensor<2x2xf32> to tensor<*xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init) -> (tensor<*xf32>) {
    %s = scf.for %j = %c0 to %n step %c1 iter_args(%y = %x) -> (tensor<*xf32>) {
      %ys = tensor.cast %y : tensor<*xf32> to tensor<?x2xf32>
      %z = tensor.concat dim(0) %ys, %ys : (tensor<?x2xf32>, tensor<?x2xf32>) -> tensor<?x2xf32>
      %zu = tensor.cast %z : tensor<?x2xf32> to tensor<*xf32>
      scf.yield %zu : tensor<*xf32>
    }
    scf.yield %s : tensor<*xf32>
  }
  return %r : tensor<*xf32>
}
