// Folds on i0 (issue 8): i0 has one value, 0, so every integer op with an i0 result folds to 0, an
// extension of an i0 is 0, and the extended ops on i0 give 0 without carry. (Weir's JIT has no
// i0, so no values are run.) mlir-opt 22 folds these only when the i0 operands are constants
// (@i0_constants gives mlir-opt 22's output); Weir also folds @i0_arguments, whose i0 arguments
// can only be 0.
// RUN: cf-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @i0_constants(
// CHECK-DAG: %[[Z0:.*]] = arith.constant 0 : i0
// CHECK-DAG: %[[Z16:.*]] = arith.constant 0 : i16
// CHECK: return %[[Z16]], %[[Z0]], %[[Z0]], %[[Z0]], %[[Z0]] :
func.func @i0_constants() -> (i16, i0, i0, i0, i0) {
  %z = arith.constant 0 : i0
  %m1 = arith.constant -1 : i8
  %0 = arith.extsi %z : i0 to i16
  %1 = arith.trunci %m1 : i8 to i0
  %2 = arith.shli %z, %z : i0
  %3:2 = arith.mulsi_extended %z, %z : i0
  return %0, %1, %2, %3#0, %3#1 : i16, i0, i0, i0, i0
}

// CHECK-LABEL: func.func @i0_arguments(
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK-DAG: %[[Z0:.*]] = arith.constant 0 : i0
// CHECK-DAG: %[[Z16:.*]] = arith.constant 0 : i16
// CHECK: return %[[Z16]], %[[Z0]], %[[Z0]], %[[Z0]], %[[FALSE]] :
func.func @i0_arguments(%x: i0, %y: i8) -> (i16, i0, i0, i0, i1) {
  %0 = arith.extui %x : i0 to i16
  %1 = arith.trunci %y : i8 to i0
  %2 = arith.addi %x, %x : i0
  %3:2 = arith.addui_extended %x, %x : i0, i1
  return %0, %1, %2, %3#0, %3#1 : i16, i0, i0, i0, i1
}
