// --infer-shapes on loop-carried values (SEMANTICS.md section 4): a value declared unranked is
// the fixpoint of joining its entry type with what the body yields; a value declared ranked
// keeps its declaration as its shape invariant (TensorFlow shape_invariants). Expected types
// are computed by hand from the join rules.
// RUN: cf-opt %s --infer-shapes | FileCheck %s
// RUN: cf-opt %s --infer-shapes="join=relaxed" | FileCheck %s
// RUN: cf-opt %s --infer-shapes | cf-opt --infer-shapes | FileCheck %s
// RUN: cf-opt %s --infer-shapes --canonicalize | FileCheck %s --check-prefix=CANON

// E9 with the invariant (?, 2): entry (2, 2), the body doubles the rows; the carried type
// stays tensor<?x2xf32> in both modes, no error.
// CHECK-LABEL: func.func @e9_invariant
// CHECK: scf.while ({{.*}}) : (i32, tensor<?x2xf32>) -> (i32, tensor<?x2xf32>)
func.func @e9_invariant(%m: tensor<2x2xf32>) -> tensor<?x2xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i32
  %init = tensor.cast %m : tensor<2x2xf32> to tensor<?x2xf32>
  %r:2 = scf.while (%i = %c0, %x = %init) : (i32, tensor<?x2xf32>) -> (i32, tensor<?x2xf32>) {
    %lt = arith.cmpi slt, %i, %c10 : i32
    scf.condition(%lt) %i, %x : i32, tensor<?x2xf32>
  } do {
  ^bb0(%j: i32, %y: tensor<?x2xf32>):
    %z = tensor.concat dim(0) %y, %y : (tensor<?x2xf32>, tensor<?x2xf32>) -> tensor<?x2xf32>
    %j1 = arith.addi %j, %c1 : i32
    scf.yield %j1, %z : i32, tensor<?x2xf32>
  }
  return %r#1 : tensor<?x2xf32>
}

// A carried shape that changes once and then stays: entry (2, 2), the body yields a fresh
// (?, 2) (J2 joins them to (?, 2) even strictly); the second round changes nothing.
// CHECK-LABEL: func.func @changes_once
// CHECK: scf.for {{.*}} -> (tensor<?x2xf32>)
func.func @changes_once(%m: tensor<2x2xf32>, %n: index) -> tensor<*xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tensor.cast %m : tensor<2x2xf32> to tensor<*xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init) -> (tensor<*xf32>) {
    %e = tensor.empty(%i) : tensor<?x2xf32>
    %eu = tensor.cast %e : tensor<?x2xf32> to tensor<*xf32>
    scf.yield %eu : tensor<*xf32>
  }
  return %r : tensor<*xf32>
}

// A while loop whose carried value is declared (?) and enters as (1): the body appends an
// element while the size is below 5. The carried type stays tensor<?xi32> (not the first
// iteration's (1)), so the size test is not folded to a constant.
// CHECK-LABEL: func.func @size_test
// CHECK: scf.while {{.*}} : (tensor<?xi32>) -> tensor<?xi32>
// CANON-LABEL: func.func @size_test
// CANON: scf.while
// CANON: tensor.dim %{{.*}}, %{{.*}} : tensor<?xi32>
// CANON: arith.cmpi
func.func @size_test(%a: tensor<1xi32>) -> tensor<?xi32> {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %init = tensor.cast %a : tensor<1xi32> to tensor<?xi32>
  %r = scf.while (%x = %init) : (tensor<?xi32>) -> tensor<?xi32> {
    %d = tensor.dim %x, %c0 : tensor<?xi32>
    %lt = arith.cmpi ult, %d, %c5 : index
    scf.condition(%lt) %x : tensor<?xi32>
  } do {
  ^bb0(%y: tensor<?xi32>):
    %z = tensor.concat dim(0) %y, %a : (tensor<?xi32>, tensor<1xi32>) -> tensor<?xi32>
    scf.yield %z : tensor<?xi32>
  }
  return %r : tensor<?xi32>
}

// E12's shape: weir.loop carrying ones(5) declared unranked; the body adds a splat 1.0 (cast to
// unranked) elementwise: the carried type is the entry's (5), a fixpoint in one round.
// CHECK-LABEL: func.func @e12
// CHECK: weir.loop max(%{{.*}} : i64) iter_args(%{{.*}}) -> (tensor<5xf32>)
// CHECK: ^bb0(%{{.*}}: i64, %{{.*}}: i1, %{{.*}}: tensor<5xf32>):
// CHECK: arith.addf %{{.*}}, %{{.*}} : tensor<5xf32>
func.func @e12(%ones: tensor<5xf32>) -> tensor<*xf32> {
  %max = arith.constant 5 : i64
  %init = tensor.cast %ones : tensor<5xf32> to tensor<*xf32>
  %r = weir.loop max(%max : i64) iter_args(%init) -> (tensor<*xf32>) {
  ^bb0(%it: i64, %k: i1, %x: tensor<*xf32>):
    %one = arith.constant dense<1.0> : tensor<5xf32>
    %oneu = tensor.cast %one : tensor<5xf32> to tensor<*xf32>
    %y = arith.addf %x, %oneu : tensor<*xf32>
    weir.yield %k, %y : i1, tensor<*xf32>
  }
  return %r : tensor<*xf32>
}
