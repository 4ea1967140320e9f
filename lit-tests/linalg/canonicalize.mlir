// linalg folders and canonicalization patterns on tensors (MLIR 22 LinalgOps.cpp). Expected
// output: `mlir-opt --canonicalize` (MLIR 22) on this file; canonicalize-mlir.mlir checks that
// Weir's output, reprinted by mlir-opt, is exactly mlir-opt's own. Block arguments and affine
// maps are matched loosely (mlir-opt names them %in/%out and #map, Weir %argN and inline).
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s

// Transposes whose permutations compose to the identity fold to the original input; so does a
// transpose with the identity permutation.
// CHECK-LABEL: func.func @transpose_transpose_identity
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: return %[[A]] : tensor<2x3xf32>
func.func @transpose_transpose_identity(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<3x2xf32>
  %t = linalg.transpose ins(%a : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<2x3xf32>
  %t2 = linalg.transpose ins(%t : tensor<3x2xf32>) outs(%e2 : tensor<2x3xf32>) permutation = [1, 0]
  return %t2 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @transpose_identity
// CHECK-SAME: (%[[A:.*]]: tensor<2x?xf32>, %{{.*}}: tensor<2x?xf32>)
// CHECK-NEXT: return %[[A]] : tensor<2x?xf32>
func.func @transpose_identity(%a: tensor<2x?xf32>, %o: tensor<2x?xf32>) -> tensor<2x?xf32> {
  %t = linalg.transpose ins(%a : tensor<2x?xf32>) outs(%o : tensor<2x?xf32>) permutation = [0, 1]
  return %t : tensor<2x?xf32>
}

// transpose([1, 2, 0]) then transpose([1, 0, 2]) is one transpose by r[i] = p[q[i]]:
// r = [p[1], p[0], p[2]] = [2, 1, 0] (hand-computed), into the outer init.
// CHECK-LABEL: func.func @transpose_transpose
// CHECK-SAME: (%[[A:.*]]: tensor<2x3x4xf32>, %{{.*}}: tensor<3x4x2xf32>, %[[O:.*]]: tensor<4x3x2xf32>)
// CHECK-NEXT: %[[T:.*]] = linalg.transpose ins(%[[A]] : tensor<2x3x4xf32>) outs(%[[O]] : tensor<4x3x2xf32>) permutation = [2, 1, 0]
// CHECK-NEXT: return %[[T]] : tensor<4x3x2xf32>
func.func @transpose_transpose(%a: tensor<2x3x4xf32>, %o1: tensor<3x4x2xf32>, %o2: tensor<4x3x2xf32>) -> tensor<4x3x2xf32> {
  %t = linalg.transpose ins(%a : tensor<2x3x4xf32>) outs(%o1 : tensor<3x4x2xf32>) permutation = [1, 2, 0]
  %t2 = linalg.transpose ins(%t : tensor<3x4x2xf32>) outs(%o2 : tensor<4x3x2xf32>) permutation = [1, 0, 2]
  return %t2 : tensor<4x3x2xf32>
}

// The inner transpose stays while it has another use; dynamic sizes are permuted too.
// CHECK-LABEL: func.func @transpose_transpose_shared
// CHECK-SAME: (%[[A:.*]]: tensor<?x3xf32>, %[[O1:.*]]: tensor<3x?xf32>, %[[O2:.*]]: tensor<?x3xf32>)
// CHECK-NEXT: %[[T:.*]] = linalg.transpose ins(%[[A]] : tensor<?x3xf32>) outs(%[[O1]] : tensor<3x?xf32>) permutation = [1, 0]
// CHECK-NEXT: return %[[A]], %[[T]] : tensor<?x3xf32>, tensor<3x?xf32>
func.func @transpose_transpose_shared(%a: tensor<?x3xf32>, %o1: tensor<3x?xf32>, %o2: tensor<?x3xf32>) -> (tensor<?x3xf32>, tensor<3x?xf32>) {
  %t = linalg.transpose ins(%a : tensor<?x3xf32>) outs(%o1 : tensor<3x?xf32>) permutation = [1, 0]
  %t2 = linalg.transpose ins(%t : tensor<3x?xf32>) outs(%o2 : tensor<?x3xf32>) permutation = [1, 0]
  return %t2, %t : tensor<?x3xf32>, tensor<3x?xf32>
}

// A transpose of a fill is the fill of the transpose's init.
// CHECK-LABEL: func.func @transpose_fill
// CHECK-SAME: (%{{.*}}: tensor<2x3xf32>, %[[O:.*]]: tensor<3x2xf32>, %[[F:.*]]: f32)
// CHECK-NEXT: %[[R:.*]] = linalg.fill ins(%[[F]] : f32) outs(%[[O]] : tensor<3x2xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: return %[[R]] : tensor<3x2xf32>
func.func @transpose_fill(%o: tensor<2x3xf32>, %o2: tensor<3x2xf32>, %f: f32) -> tensor<3x2xf32> {
  %x = linalg.fill ins(%f : f32) outs(%o : tensor<2x3xf32>) -> tensor<2x3xf32>
  %t = linalg.transpose ins(%x : tensor<2x3xf32>) outs(%o2 : tensor<3x2xf32>) permutation = [1, 0]
  return %t : tensor<3x2xf32>
}

// A broadcast adding no dimension folds to its input.
// CHECK-LABEL: func.func @broadcast_identity
// CHECK-SAME: (%[[A:.*]]: tensor<2x?xf32>, %{{.*}}: tensor<2x?xf32>)
// CHECK-NEXT: return %[[A]] : tensor<2x?xf32>
func.func @broadcast_identity(%a: tensor<2x?xf32>, %o: tensor<2x?xf32>) -> tensor<2x?xf32> {
  %b = linalg.broadcast ins(%a : tensor<2x?xf32>) outs(%o : tensor<2x?xf32>) dimensions = []
  return %b : tensor<2x?xf32>
}

// Two broadcasts are one. Hand-computed: the outer one adds [0] to 2x3x4, so its input dims
// 0, 1 are init dims 1, 2; the inner one added its dim 1, i.e. init dim 2: [0, 2]. In the
// second function the outer adds [2] to 3x4x5 (input dims 0, 1 = init dims 0, 1) and the
// inner added 0: [2, 0], sorted [0, 2].
// CHECK-LABEL: func.func @broadcast_broadcast
// CHECK-SAME: (%[[A:.*]]: tensor<3xf32>, %{{.*}}: tensor<3x4xf32>, %[[O:.*]]: tensor<2x3x4xf32>)
// CHECK-NEXT: %[[B:.*]] = linalg.broadcast ins(%[[A]] : tensor<3xf32>) outs(%[[O]] : tensor<2x3x4xf32>) dimensions = [0, 2]
// CHECK-NEXT: return %[[B]] : tensor<2x3x4xf32>
func.func @broadcast_broadcast(%a: tensor<3xf32>, %o1: tensor<3x4xf32>, %o2: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %b = linalg.broadcast ins(%a : tensor<3xf32>) outs(%o1 : tensor<3x4xf32>) dimensions = [1]
  %b2 = linalg.broadcast ins(%b : tensor<3x4xf32>) outs(%o2 : tensor<2x3x4xf32>) dimensions = [0]
  return %b2 : tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @broadcast_broadcast_sorted
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %{{.*}}: tensor<3x4xf32>, %[[O:.*]]: tensor<3x4x5xf32>)
// CHECK-NEXT: %[[B:.*]] = linalg.broadcast ins(%[[A]] : tensor<4xf32>) outs(%[[O]] : tensor<3x4x5xf32>) dimensions = [0, 2]
// CHECK-NEXT: return %[[B]] : tensor<3x4x5xf32>
func.func @broadcast_broadcast_sorted(%a: tensor<4xf32>, %o1: tensor<3x4xf32>, %o2: tensor<3x4x5xf32>) -> tensor<3x4x5xf32> {
  %b = linalg.broadcast ins(%a : tensor<4xf32>) outs(%o1 : tensor<3x4xf32>) dimensions = [0]
  %b2 = linalg.broadcast ins(%b : tensor<3x4xf32>) outs(%o2 : tensor<3x4x5xf32>) dimensions = [2]
  return %b2 : tensor<3x4x5xf32>
}

// A generic whose maps are all equal and whose body only yields block arguments is the
// operands they stand for: an input, an init, several results, a reduction loop too.
// CHECK-LABEL: func.func @generic_identity
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2x3xf32>, %[[O:.*]]: tensor<2x3xf32>, %{{.*}}: tensor<2x3xf32>)
// CHECK-NEXT: return %[[A]], %[[O]], %[[B]], %[[A]], %[[A]] :
func.func @generic_identity(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %o: tensor<2x3xf32>, %p: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<2x3xf32>) outs(%o : tensor<2x3xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<2x3xf32>
  %r2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<2x3xf32>) outs(%o : tensor<2x3xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %y : f32
  } -> tensor<2x3xf32>
  %r3:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%o, %p : tensor<2x3xf32>, tensor<2x3xf32>) {
  ^bb0(%x: f32, %x2: f32, %y: f32, %y2: f32):
    linalg.yield %x2, %x : f32, f32
  } -> (tensor<2x3xf32>, tensor<2x3xf32>)
  %r4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<2x3xf32>) outs(%o : tensor<2x3xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<2x3xf32>
  return %r, %r2, %r3#0, %r3#1, %r4 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// Not identities, kept: maps differ (a transposing generic), the body computes, or yields a
// value from outside. A linalg.map yielding its input is not folded by MLIR 22 either.
// CHECK-LABEL: func.func @not_identity
// CHECK: linalg.generic
// CHECK: linalg.yield %{{.*}} : f32
// CHECK: linalg.generic
// CHECK: arith.negf
// CHECK: linalg.generic
// CHECK: linalg.yield %{{.*}} : f32
// CHECK: linalg.map
// CHECK: linalg.yield %{{.*}} : f32
// CHECK: return
func.func @not_identity(%a: tensor<2x2xf32>, %o: tensor<2x2xf32>, %f: f32) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<2x2xf32>) outs(%o : tensor<2x2xf32>) {
  ^bb0(%x: f32, %y: f32):
    linalg.yield %x : f32
  } -> tensor<2x2xf32>
  %r2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<2x2xf32>) outs(%o : tensor<2x2xf32>) {
  ^bb0(%x: f32, %y: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<2x2xf32>
  %r3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%o : tensor<2x2xf32>) {
  ^bb0(%y: f32):
    linalg.yield %f : f32
  } -> tensor<2x2xf32>
  %r4 = linalg.map ins(%a : tensor<2x2xf32>) outs(%o : tensor<2x2xf32>)
    (%x: f32, %y: f32) {
      linalg.yield %x : f32
    }
  return %r, %r2, %r3, %r4 : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}

// linalg.index of a loop of static size 1 is 0 (then addi 0, j folds to j); of a loop of
// size 3 or ? it stays.
// CHECK-LABEL: func.func @index_unit_loop
// CHECK-NOT: arith.constant
// CHECK: linalg.generic
// CHECK-NEXT: ^bb0(%{{.*}}: index):
// CHECK-NEXT: %[[J:.*]] = linalg.index 1 : index
// CHECK-NEXT: linalg.yield %[[J]] : index
// CHECK: linalg.map outs(%{{.*}} : tensor<1x?xindex>)
// CHECK-NEXT: (%{{.*}}: index) {
// CHECK-NEXT: %[[K:.*]] = linalg.index 1 : index
// CHECK-NEXT: linalg.yield %[[K]] : index
func.func @index_unit_loop(%o: tensor<1x3xindex>, %p: tensor<1x?xindex>) -> (tensor<1x3xindex>, tensor<1x?xindex>) {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%o : tensor<1x3xindex>) {
  ^bb0(%y: index):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %s = arith.addi %i, %j : index
    linalg.yield %s : index
  } -> tensor<1x3xindex>
  %m = linalg.map outs(%p : tensor<1x?xindex>)
    (%y: index) {
      %i = linalg.index 0 : index
      %k = linalg.index 1 : index
      %s = arith.addi %i, %k : index
      linalg.yield %s : index
    }
  return %r, %m : tensor<1x3xindex>, tensor<1x?xindex>
}

// The folded index, used: its constant goes to the function's entry (as MLIR's folder puts it).
// CHECK-LABEL: func.func @index_yielded
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[R:.*]] = linalg.map outs(%{{.*}} : tensor<1xindex>)
// CHECK-NEXT: (%{{.*}}: index) {
// CHECK-NEXT: linalg.yield %[[C0]] : index
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : tensor<1xindex>
func.func @index_yielded(%o: tensor<1xindex>) -> tensor<1xindex> {
  %m = linalg.map outs(%o : tensor<1xindex>)
    (%y: index) {
      %i = linalg.index 0 : index
      linalg.yield %i : index
    }
  return %m : tensor<1xindex>
}

// Unused linalg ops are erased (they have no side effects on tensors), unless their body has
// one (a call), as in MLIR.
// CHECK-LABEL: func.func @dead
// CHECK-SAME: (%[[A:.*]]: tensor<2x3xf32>,
// CHECK-NEXT: linalg.generic
// CHECK: func.call @side
// CHECK: return %[[A]] : tensor<2x3xf32>
func.func private @side(f32) -> f32
func.func @dead(%a: tensor<2x3xf32>, %o: tensor<3x2xf32>, %f: f32, %b: tensor<3x4xf32>, %c: tensor<2x4xf32>, %v: tensor<3xf32>) -> tensor<2x3xf32> {
  %t = linalg.transpose ins(%a : tensor<2x3xf32>) outs(%o : tensor<3x2xf32>) permutation = [1, 0]
  %x = linalg.fill ins(%f : f32) outs(%a : tensor<2x3xf32>) -> tensor<2x3xf32>
  %m = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x4xf32>) outs(%c : tensor<2x4xf32>) -> tensor<2x4xf32>
  %r = linalg.reduce { arith.addf } ins(%a : tensor<2x3xf32>) outs(%v : tensor<3xf32>) dimensions = [0]
  %b2 = linalg.broadcast ins(%v : tensor<3xf32>) outs(%a : tensor<2x3xf32>) dimensions = [0]
  %g = linalg.map { arith.negf } ins(%a : tensor<2x3xf32>) outs(%a : tensor<2x3xf32>)
  %k = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<2x3xf32>) outs(%a : tensor<2x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s = func.call @side(%in) : (f32) -> f32
    linalg.yield %s : f32
  } -> tensor<2x3xf32>
  return %a : tensor<2x3xf32>
}
