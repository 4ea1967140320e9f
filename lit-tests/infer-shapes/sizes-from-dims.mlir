// Sizes that are operands (tensor.empty(%n), tensor.splat %v[%n]) refine their results when
// the operand is known: a constant, or tensor.dim of a dimension that inference made static.
// An RNN step carrying its hidden state declared unranked from a (1, 4) entry: the body builds
// its accumulator with tensor.empty(dim(h, 0)), so the carried type is (1, 4) (a fixpoint in
// one round), not (?, 4); --canonicalize then makes every type static. Expected by hand.
// RUN: cf-opt %s --infer-shapes | FileCheck %s
// RUN: cf-opt %s --infer-shapes | cf-opt --infer-shapes | FileCheck %s
// RUN: cf-opt %s --infer-shapes --canonicalize | FileCheck %s --check-prefix=CANON

// CHECK-LABEL: func.func @rnn
// CHECK: scf.for {{.*}} -> (tensor<1x4xf32>)
// CHECK: %[[E:.*]] = tensor.empty(%{{.*}}) : tensor<?x4xf32>
// CHECK: %[[S:.*]] = tensor.cast %[[E]] : tensor<?x4xf32> to tensor<1x4xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[S]] : tensor<1x4xf32>) -> tensor<1x4xf32>
// CHECK: linalg.matmul {{.*}} -> tensor<1x4xf32>
// CHECK: math.tanh %{{.*}} : tensor<1x4xf32>
// CANON-LABEL: func.func @rnn
// CANON: scf.for {{.*}} -> (tensor<1x4xf32>)
// CANON-NEXT: tensor.empty() : tensor<1x4xf32>
// CANON-NOT: tensor<?x4xf32>
// CANON: return
func.func @rnn(%h0: tensor<1x4xf32>, %w: tensor<4x4xf32>, %n: index) -> tensor<*xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tensor.cast %h0 : tensor<1x4xf32> to tensor<*xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%h = %init) -> (tensor<*xf32>) {
    %hr = tensor.cast %h : tensor<*xf32> to tensor<?x4xf32>
    %rows = tensor.dim %hr, %c0 : tensor<?x4xf32>
    %e = tensor.empty(%rows) : tensor<?x4xf32>
    %zero = arith.constant 0.0 : f32
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
    %m = linalg.matmul ins(%hr, %w : tensor<?x4xf32>, tensor<4x4xf32>) outs(%z : tensor<?x4xf32>) -> tensor<?x4xf32>
    %t = math.tanh %m : tensor<?x4xf32>
    %tu = tensor.cast %t : tensor<?x4xf32> to tensor<*xf32>
    scf.yield %tu : tensor<*xf32>
  }
  return %r : tensor<*xf32>
}

// A splat to a size given by a constant; its use by func.return is cast back to the declared
// type.
// CHECK-LABEL: func.func @splat_constant_size
// CHECK: %[[S:.*]] = tensor.splat %{{.*}}[%{{.*}}] : tensor<?xf32>
// CHECK: %[[R:.*]] = tensor.cast %[[S]] : tensor<?xf32> to tensor<3xf32>
// CHECK: arith.addf %[[R]], %[[R]] : tensor<3xf32>
func.func @splat_constant_size(%v: f32) -> tensor<?xf32> {
  %c3 = arith.constant 3 : index
  %s = tensor.splat %v[%c3] : tensor<?xf32>
  %d = arith.addf %s, %s : tensor<?xf32>
  return %d : tensor<?xf32>
}
