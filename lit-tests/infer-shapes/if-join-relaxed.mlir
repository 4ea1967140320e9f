// --infer-shapes="join=relaxed" where strict mode fails (SEMANTICS.md section 2): different
// sizes become `?`, different ranks unranked. Expected types by hand from the relaxed rule.
// RUN: cf-opt %s --infer-shapes="join=relaxed" | FileCheck %s

// E5: () and (2) with a variable condition: ranks 0 and 1 differ -> tensor<*xi32>.
// CHECK-LABEL: func.func @e5
// CHECK: scf.if %{{.*}} -> (tensor<*xi32>)
func.func @e5(%x: tensor<i32>, %z: tensor<2xi32>, %a: i32, %b: i32) -> tensor<*xi32> {
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

// Branches (2, 3) and (2, 5) -> (2, ?).
// CHECK-LABEL: func.func @sizes
// CHECK: scf.if %{{.*}} -> (tensor<2x?xf32>)
// CHECK: tensor.cast %{{.*}} : tensor<2x3xf32> to tensor<2x?xf32>
// CHECK: tensor.cast %{{.*}} : tensor<2x5xf32> to tensor<2x?xf32>
func.func @sizes(%c: i1, %a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<*xf32> {
  %r = scf.if %c -> (tensor<*xf32>) {
    %u = tensor.cast %a : tensor<2x3xf32> to tensor<*xf32>
    scf.yield %u : tensor<*xf32>
  } else {
    %v = tensor.cast %b : tensor<2x5xf32> to tensor<*xf32>
    scf.yield %v : tensor<*xf32>
  }
  return %r : tensor<*xf32>
}

// Branches of ranks 2 and 3 (not a crash): unranked.
// CHECK-LABEL: func.func @ranks
// CHECK: scf.if %{{.*}} -> (tensor<*xf32>)
func.func @ranks(%c: i1, %a: tensor<2x3xf32>, %b: tensor<2x3x1xf32>) -> tensor<*xf32> {
  %r = scf.if %c -> (tensor<*xf32>) {
    %u = tensor.cast %a : tensor<2x3xf32> to tensor<*xf32>
    scf.yield %u : tensor<*xf32>
  } else {
    %v = tensor.cast %b : tensor<2x3x1xf32> to tensor<*xf32>
    scf.yield %v : tensor<*xf32>
  }
  return %r : tensor<*xf32>
}

// Three cases yielding (2, 3), (2, 3) and (5, 3): the join takes all three. Strict fails
// (join-errors.mlir); here the first two cases agree and the default differs, so the
// relaxed result is (?, 3), not the first two's (2, 3).
// CHECK-LABEL: func.func @switch_three
// CHECK: scf.index_switch %{{.*}} -> tensor<?x3xf32>
func.func @switch_three(%i: index, %a: tensor<2x3xf32>, %b: tensor<5x3xf32>) -> tensor<*xf32> {
  %r = scf.index_switch %i -> tensor<*xf32>
  case 0 {
    %x = tensor.cast %a : tensor<2x3xf32> to tensor<*xf32>
    scf.yield %x : tensor<*xf32>
  }
  case 1 {
    %x = tensor.cast %a : tensor<2x3xf32> to tensor<*xf32>
    scf.yield %x : tensor<*xf32>
  }
  default {
    %x = tensor.cast %b : tensor<5x3xf32> to tensor<*xf32>
    scf.yield %x : tensor<*xf32>
  }
  return %r : tensor<*xf32>
}
