// --infer-shapes on scf.if and scf.index_switch results (SEMANTICS.md section 2): the result
// type is the join of what the branches yield (through their tensor.casts to the declared
// type), met with the declaration. Expected types are computed by hand from rules J1-J4.
// RUN: cf-opt %s --infer-shapes | FileCheck %s
// RUN: cf-opt %s --infer-shapes="join=relaxed" | FileCheck %s
// RUN: cf-opt %s --infer-shapes | cf-opt --infer-shapes | FileCheck %s

// (4, 3) and (4, ?) into a declared tensor<?x?xf32>: the declaration accepts any size at its
// `?`s, so both modes refine it to (4, ?). The function's result type does not change: a cast
// back to the declared type feeds the return.
// CHECK-LABEL: func.func @declared
// CHECK-SAME: -> tensor<?x?xf32>
// CHECK: %[[R:.*]] = scf.if %{{.*}} -> (tensor<4x?xf32>) {
// CHECK:   %[[C:.*]] = tensor.cast %{{.*}} : tensor<4x3xf32> to tensor<4x?xf32>
// CHECK:   scf.yield %[[C]] : tensor<4x?xf32>
// CHECK: } else {
// CHECK:   scf.yield %{{.*}} : tensor<4x?xf32>
// CHECK: }
// CHECK: %[[B:.*]] = tensor.cast %[[R]] : tensor<4x?xf32> to tensor<?x?xf32>
// CHECK: return %[[B]] : tensor<?x?xf32>
func.func @declared(%c: i1, %a: tensor<4x3xf32>, %b: tensor<4x?xf32>) -> tensor<?x?xf32> {
  %r = scf.if %c -> (tensor<?x?xf32>) {
    %x = tensor.cast %a : tensor<4x3xf32> to tensor<?x?xf32>
    scf.yield %x : tensor<?x?xf32>
  } else {
    %y = tensor.cast %b : tensor<4x?xf32> to tensor<?x?xf32>
    scf.yield %y : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

// Equal shapes (J1) into an unranked declaration: (3, 4) in both modes; the consumer
// (tensor.dim) accepts the refined operand.
// CHECK-LABEL: func.func @equal
// CHECK: scf.if %{{.*}} -> (tensor<3x4xf32>)
// CHECK: tensor.dim %{{.*}}, %{{.*}} : tensor<3x4xf32>
func.func @equal(%c: i1, %a: tensor<3x4xf32>, %b: tensor<3x4xf32>) -> index {
  %r = scf.if %c -> (tensor<*xf32>) {
    %x = tensor.cast %a : tensor<3x4xf32> to tensor<*xf32>
    scf.yield %x : tensor<*xf32>
  } else {
    %y = tensor.cast %b : tensor<3x4xf32> to tensor<*xf32>
    scf.yield %y : tensor<*xf32>
  }
  %c0 = arith.constant 0 : index
  %d = tensor.dim %r, %c0 : tensor<*xf32>
  return %d : index
}

// (3, ?) and (3, 4) (J2): (3, ?) in both modes.
// CHECK-LABEL: func.func @unknown_against_known
// CHECK: scf.if %{{.*}} -> (tensor<3x?xf32>)
func.func @unknown_against_known(%c: i1, %a: tensor<3x?xf32>, %b: tensor<3x4xf32>) -> tensor<*xf32> {
  %r = scf.if %c -> (tensor<*xf32>) {
    %x = tensor.cast %a : tensor<3x?xf32> to tensor<*xf32>
    scf.yield %x : tensor<*xf32>
  } else {
    %y = tensor.cast %b : tensor<3x4xf32> to tensor<*xf32>
    scf.yield %y : tensor<*xf32>
  }
  return %r : tensor<*xf32>
}

// (3, ?) and (3, ?, ?) (J4): unranked in both modes.
// CHECK-LABEL: func.func @rank_tail_unknown
// CHECK: scf.if %{{.*}} -> (tensor<*xf32>)
func.func @rank_tail_unknown(%c: i1, %a: tensor<3x?xf32>, %b: tensor<3x?x?xf32>) -> tensor<*xf32> {
  %r = scf.if %c -> (tensor<*xf32>) {
    %x = tensor.cast %a : tensor<3x?xf32> to tensor<*xf32>
    scf.yield %x : tensor<*xf32>
  } else {
    %y = tensor.cast %b : tensor<3x?x?xf32> to tensor<*xf32>
    scf.yield %y : tensor<*xf32>
  }
  return %r : tensor<*xf32>
}

// A branch-local shape fact does not leak: the then-branch casts the argument to (4), but the
// argument keeps tensor<?xf32>, and so does its use after the if.
// CHECK-LABEL: func.func @branch_local
// CHECK-SAME: (%{{.*}}: i1, %[[X:.*]]: tensor<?xf32>)
// CHECK: scf.if %{{.*}} -> (tensor<?xf32>)
// CHECK: tensor.dim %[[X]], %{{.*}} : tensor<?xf32>
func.func @branch_local(%c: i1, %x: tensor<?xf32>) -> (tensor<*xf32>, index) {
  %r = scf.if %c -> (tensor<*xf32>) {
    %s = tensor.cast %x : tensor<?xf32> to tensor<4xf32>
    %u = tensor.cast %s : tensor<4xf32> to tensor<*xf32>
    scf.yield %u : tensor<*xf32>
  } else {
    %v = tensor.cast %x : tensor<?xf32> to tensor<*xf32>
    scf.yield %v : tensor<*xf32>
  }
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  return %r, %d : tensor<*xf32>, index
}
