// A shape-dependent condition (SEMANTICS.md section 1): `if dim(x, 0) > 2` is constant when
// dimension 0 of x is known. With x of type tensor<4x?xf32>, or joined to it by
// --infer-shapes, --canonicalize leaves no scf.if; with tensor<?x?xf32> the if stays.
// Expected by hand: 4 > 2 selects the then-branch (the constant 1.0).
// RUN: cf-opt %s --infer-shapes --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @static_dim
// CHECK-NOT: scf.if
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: return %[[ONE]] : f32
func.func @static_dim(%x: tensor<4x?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %d = tensor.dim %x, %c0 : tensor<4x?xf32>
  %gt = arith.cmpi sgt, %d, %c2 : index
  %r = scf.if %gt -> (f32) {
    %one = arith.constant 1.0 : f32
    scf.yield %one : f32
  } else {
    %zero = arith.constant 0.0 : f32
    scf.yield %zero : f32
  }
  return %r : f32
}

// x is the join of two branches yielding (4, 3) and (4, 5) into a declared tensor<?x?xf32>:
// --infer-shapes gives tensor<4x?xf32>, so the condition on dim 0 folds.
// CHECK-LABEL: func.func @joined_dim
// CHECK: scf.if %{{.*}} -> (tensor<4x?xf32>)
// CHECK-NOT: scf.if
// CHECK: return %{{.*}} : f32
func.func @joined_dim(%c: i1, %a: tensor<4x3xf32>, %b: tensor<4x5xf32>) -> f32 {
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
    %one = arith.constant 1.0 : f32
    scf.yield %one : f32
  } else {
    %zero = arith.constant 0.0 : f32
    scf.yield %zero : f32
  }
  return %r : f32
}

// Dimension 0 unknown: the if stays.
// CHECK-LABEL: func.func @dynamic_dim
// CHECK: tensor.dim
// CHECK: scf.if
func.func @dynamic_dim(%x: tensor<?x?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %d = tensor.dim %x, %c0 : tensor<?x?xf32>
  %gt = arith.cmpi sgt, %d, %c2 : index
  %r = scf.if %gt -> (f32) {
    %one = arith.constant 1.0 : f32
    scf.yield %one : f32
  } else {
    %zero = arith.constant 0.0 : f32
    scf.yield %zero : f32
  }
  return %r : f32
}

// E5 with a constant condition: --canonicalize first removes the if, so no join is needed and
// strict mode reports nothing.
// RUN: cf-opt %s --canonicalize --infer-shapes | FileCheck %s --check-prefix=E5
// E5-LABEL: func.func @e5_constant
// E5-NOT: scf.if
// E5: return
func.func @e5_constant(%x: tensor<i32>, %z: tensor<2xi32>) -> tensor<*xi32> {
  %a = arith.constant 0 : i32
  %b = arith.constant 1 : i32
  %c = arith.cmpi slt, %a, %b : i32
  %r = scf.if %c -> (tensor<*xi32>) {
    %u = tensor.cast %x : tensor<i32> to tensor<*xi32>
    scf.yield %u : tensor<*xi32>
  } else {
    %v = tensor.cast %z : tensor<2xi32> to tensor<*xi32>
    scf.yield %v : tensor<*xi32>
  }
  return %r : tensor<*xi32>
}
