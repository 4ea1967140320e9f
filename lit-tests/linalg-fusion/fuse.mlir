// --linalg-fuse-elementwise-ops after --convert-elementwise-to-linalg: each consumer absorbs
// the all-parallel structured ops whose results it reads (the expected ops worked out by hand
// from the pass's rules; the output parses in mlir-opt 22, which checks the composed maps).
// RUN: cf-opt %s --convert-elementwise-to-linalg --linalg-fuse-elementwise-ops | FileCheck %s

// broadcast -> mulf -> exp -> reduce: one generic over the reduce's loops (d1 reduced); the
// broadcast input is read through (d0, d1) -> (d0); the body is the ops in program order.
// CHECK-LABEL: func.func @chain(
// CHECK: %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg1, %arg0 : tensor<4x8xf32>, tensor<4xf32>) outs(%arg2 : tensor<4xf32>) {
// CHECK-NEXT: ^bb0(%arg3: f32, %arg4: f32, %arg5: f32):
// CHECK-NEXT: %4 = arith.mulf %arg4, %arg3 : f32
// CHECK-NEXT: %5 = math.exp %4 : f32
// CHECK-NEXT: %6 = arith.addf %arg5, %5 : f32
// CHECK-NEXT: linalg.yield %6 : f32
// CHECK-NEXT: } -> tensor<4xf32>
// CHECK-NEXT: return %3 : tensor<4xf32>
func.func @chain(%v: tensor<4xf32>, %m: tensor<4x8xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %b = linalg.broadcast ins(%v : tensor<4xf32>) outs(%e : tensor<4x8xf32>) dimensions = [1]
  %p = arith.mulf %b, %m : tensor<4x8xf32>
  %x = math.exp %p : tensor<4x8xf32>
  %r = linalg.reduce { arith.addf } ins(%x : tensor<4x8xf32>) outs(%init : tensor<4xf32>) dimensions = [1]
  return %r : tensor<4xf32>
}

// A producer also used after its consumer is kept as a second result (with its init); a value
// read twice by the consumer is computed once.
// CHECK-LABEL: func.func @preserved(
// CHECK: %2:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg0, %arg1 : tensor<8xf32>, tensor<8xf32>) outs(%1, %0 : tensor<8xf32>, tensor<8xf32>) {
// CHECK-NEXT: ^bb0(%arg2: f32, %arg3: f32, %arg4: f32, %arg5: f32):
// CHECK-NEXT: %3 = arith.addf %arg2, %arg3 : f32
// CHECK-NEXT: %4 = arith.mulf %3, %3 : f32
// CHECK-NEXT: linalg.yield %4, %3 : f32, f32
// CHECK-NEXT: } -> (tensor<8xf32>, tensor<8xf32>)
// CHECK-NEXT: return %2#0, %2#1 : tensor<8xf32>, tensor<8xf32>
func.func @preserved(%a: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %s = arith.addf %a, %b : tensor<8xf32>
  %t = arith.mulf %s, %s : tensor<8xf32>
  return %t, %s : tensor<8xf32>, tensor<8xf32>
}

// %s is also read by the negf before the mulf: it cannot move into the mulf (the fused op
// would come after a use of its result), so it goes into the negf, kept as its second result,
// which the mulf then reads.
// CHECK-LABEL: func.func @used_before(
// CHECK: %2:2 = linalg.generic
// CHECK-NEXT: ^bb0(%arg2: f32, %arg3: f32, %arg4: f32, %arg5: f32):
// CHECK-NEXT: %5 = arith.addf %arg2, %arg3 : f32
// CHECK-NEXT: %6 = arith.negf %5 : f32
// CHECK-NEXT: linalg.yield %6, %5 : f32, f32
// CHECK: %4 = linalg.generic {{.*}} ins(%2#1, %arg1 : tensor<8xf32>, tensor<8xf32>)
// CHECK-NEXT: ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
// CHECK-NEXT: %5 = arith.mulf %arg2, %arg3 : f32
// CHECK: return %4, %2#0 : tensor<8xf32>, tensor<8xf32>
func.func @used_before(%a: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %s = arith.addf %a, %b : tensor<8xf32>
  %u = arith.negf %s : tensor<8xf32>
  %t = arith.mulf %s, %b : tensor<8xf32>
  return %t, %u : tensor<8xf32>, tensor<8xf32>
}

// A transpose read by an elementwise op: out[i, j] = a[j, i] - b[i, j].
// CHECK-LABEL: func.func @transposed(
// CHECK: %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg1, %arg0 : tensor<3x2xf32>, tensor<2x3xf32>) outs(%1 : tensor<3x2xf32>) {
// CHECK-NEXT: ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
// CHECK-NEXT: %3 = arith.subf %arg3, %arg2 : f32
func.func @transposed(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %e = tensor.empty() : tensor<3x2xf32>
  %t = linalg.transpose ins(%a : tensor<2x3xf32>) outs(%e : tensor<3x2xf32>) permutation = [1, 0]
  %s = arith.subf %t, %b : tensor<3x2xf32>
  return %s : tensor<3x2xf32>
}

// Not fused: a reduction as a producer, a matmul as a consumer or a producer.
// CHECK-LABEL: func.func @kept(
// CHECK: %reduced = linalg.reduce
// CHECK: linalg.generic {{.*}} ins(%reduced : tensor<4xf32>)
// CHECK: %3 = linalg.generic {{.*}} ins(%arg0 : tensor<4x4xf32>)
// CHECK: %4 = linalg.matmul ins(%3, %arg0 : tensor<4x4xf32>, tensor<4x4xf32>)
// CHECK: linalg.generic {{.*}} ins(%4 : tensor<4x4xf32>)
func.func @kept(%a: tensor<4x4xf32>, %i: tensor<4xf32>, %z: tensor<4x4xf32>) -> (tensor<4xf32>, tensor<4x4xf32>) {
  %r = linalg.reduce { arith.addf } ins(%a : tensor<4x4xf32>) outs(%i : tensor<4xf32>) dimensions = [1]
  %n = arith.negf %r : tensor<4xf32>
  %x = arith.negf %a : tensor<4x4xf32>
  %m = linalg.matmul ins(%x, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%z : tensor<4x4xf32>) -> tensor<4x4xf32>
  %y = arith.negf %m : tensor<4x4xf32>
  return %n, %y : tensor<4xf32>, tensor<4x4xf32>
}

// A broadcast along d0 into a reduction over d0 stays: the fused op would have no operand
// that gives the size of d0 (the broadcast's init does).
// CHECK-LABEL: func.func @size_kept(
// CHECK: %broadcasted = linalg.broadcast
// CHECK: %reduced = linalg.reduce
func.func @size_kept(%v: tensor<3xf32>, %i: tensor<3xf32>) -> tensor<3xf32> {
  %e = tensor.empty() : tensor<5x3xf32>
  %b = linalg.broadcast ins(%v : tensor<3xf32>) outs(%e : tensor<5x3xf32>) dimensions = [0]
  %r = linalg.reduce { arith.addf } ins(%b : tensor<5x3xf32>) outs(%i : tensor<3xf32>) dimensions = [0]
  return %r : tensor<3xf32>
}

// A chain on dynamic shapes fuses whole: the tensor.dims that size each step's tensor.empty
// read the previous step's init instead of its result; %b, read by every step through the
// same map, is one input.
// CHECK-LABEL: func.func @dynamic_chain(
// CHECK: linalg.generic {{.*}} ins(%arg1, %arg0 : tensor<?xf32>, tensor<?xf32>)
// CHECK-NEXT: ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
// CHECK-NEXT: arith.addf %arg3, %arg2 : f32
// CHECK-NEXT: arith.mulf %{{.*}}, %arg2 : f32
// CHECK-NEXT: arith.subf %{{.*}}, %arg2 : f32
// CHECK-NEXT: linalg.yield
// CHECK-NOT: linalg.generic
func.func @dynamic_chain(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = arith.addf %a, %b : tensor<?xf32>
  %1 = arith.mulf %0, %b : tensor<?xf32>
  %2 = arith.subf %1, %b : tensor<?xf32>
  return %2 : tensor<?xf32>
}
