// A shape-dependent condition (SEMANTICS.md section 1): `if dim(x, 0) > 2` is constant when
// dimension 0 of x is known. With x of type tensor<4x?xf32>, or joined to it by
// --infer-shapes, --canonicalize leaves no scf.if; with tensor<?x?xf32> the if stays.
// Expected by hand: 4 > 2 selects the then-branch (p + p).
// RUN: cf-opt %s --infer-shapes --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @static_dim
// CHECK-SAME: (%{{.*}}: tensor<4x?xf32>, %[[P:.*]]: f32)
// CHECK-NOT: scf.if
// CHECK: %[[S:.*]] = arith.addf %[[P]], %[[P]] : f32
// CHECK-NEXT: return %[[S]] : f32
func.func @static_dim(%x: tensor<4x?xf32>, %p: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %d = tensor.dim %x, %c0 : tensor<4x?xf32>
  %gt = arith.cmpi sgt, %d, %c2 : index
  %r = scf.if %gt -> (f32) {
    %s = arith.addf %p, %p : f32
    scf.yield %s : f32
  } else {
    %m = arith.mulf %p, %p : f32
    scf.yield %m : f32
  }
  return %r : f32
}

// x is the join of two branches yielding (4, 3) and (4, 5) into a declared tensor<?x?xf32>:
// --infer-shapes gives tensor<4x?xf32>, so the condition on dim 0 folds (and the first if,
// whose result only fed the dim, is dead).
// CHECK-LABEL: func.func @joined_dim
// CHECK-SAME: (%{{.*}}: i1, %{{.*}}: tensor<4x3xf32>, %{{.*}}: tensor<4x5xf32>, %[[P:.*]]: f32)
// CHECK-NOT: scf.if
// CHECK: %[[S:.*]] = arith.addf %[[P]], %[[P]] : f32
// CHECK-NEXT: return %[[S]] : f32
func.func @joined_dim(%c: i1, %a: tensor<4x3xf32>, %b: tensor<4x5xf32>, %p: f32) -> f32 {
  %x = scf.if %c -> (tensor<?x?xf32>) {
    %u = tensor.cast %a : tensor<4x3xf32> to tensor<?x?xf32>
    scf.yield %u : tensor<?x?xf32>
  } else {
    %v = tensor.cast %b : tensor<4x5xf32> to tensor<?x?xf32>
    scf.yield %v : tensor<?x?xf32>
  }
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %d = tensor.dim %x, %c0 : tensor<?x?xf32>
  %gt = arith.cmpi sgt, %d, %c2 : index
  %r = scf.if %gt -> (f32) {
    %s = arith.addf %p, %p : f32
    scf.yield %s : f32
  } else {
    %m = arith.mulf %p, %p : f32
    scf.yield %m : f32
  }
  return %r : f32
}

// Dimension 0 unknown: the if stays.
// CHECK-LABEL: func.func @dynamic_dim
// CHECK: tensor.dim %{{.*}}, %{{.*}} : tensor<?x?xf32>
// CHECK: scf.if
func.func @dynamic_dim(%x: tensor<?x?xf32>, %p: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %d = tensor.dim %x, %c0 : tensor<?x?xf32>
  %gt = arith.cmpi sgt, %d, %c2 : index
  %r = scf.if %gt -> (f32) {
    %s = arith.addf %p, %p : f32
    scf.yield %s : f32
  } else {
    %m = arith.mulf %p, %p : f32
    scf.yield %m : f32
  }
  return %r : f32
}
