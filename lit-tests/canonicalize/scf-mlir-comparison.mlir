// What upstream mlir-opt 22's --canonicalize does on fault kinds (a) and (b) of issue 3, next to
// Weir's cf-opt (faults.mlir checks Weir alone, without mlir-opt).
// REQUIRES: mlir-opt
//
// (a) @fault_a: the right answer is 3 (see faults.mlir). MLIR 22 returns 50: its WhileMoveIfDown
// pattern moves the scf.if into the "after" region and rewires only the first of the two
// "after" arguments that receive the if's result, so the body reads the else value 50 that the
// condition now forwards. Weir keeps the if where it is and matches forwarded values by position.
// RUN: %mlir_opt %s --canonicalize | cf-run - -e fault_a | FileCheck %s --check-prefix=MLIR-A
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(canonicalize{enable-patterns="(anonymous namespace)::WhileMoveIfDown"}))' | cf-run - -e fault_a | FileCheck %s --check-prefix=MLIR-A
// RUN: cf-opt %s --canonicalize | cf-run - -e fault_a | FileCheck %s --check-prefix=WEIR-A
// MLIR-A: {{^}}50{{$}}
// WEIR-A: {{^}}3{{$}}
//
// (b) @fault_b_empty (`while i <= -1` from 0, no trip): MLIR 22 keeps the loop; Weir folds it.
// RUN: %mlir_opt %s --canonicalize | FileCheck %s --check-prefix=MLIR-B
// RUN: cf-opt %s --canonicalize | FileCheck %s --check-prefix=WEIR-B
// RUN: cf-opt %s --canonicalize | %mlir_opt | cf-run - -e fault_b_empty | FileCheck %s --check-prefix=ZERO
// MLIR-B-LABEL: func.func @fault_b_empty(
// MLIR-B: scf.while
// WEIR-B-LABEL: func.func @fault_b_empty(
// WEIR-B-NOT: scf.while
// WEIR-B: return
// ZERO: {{^}}0{{$}}

func.func @fault_a() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c50 = arith.constant 50 : i32
  %r:4 = scf.while (%i = %c0, %acc = %c0) : (i32, i32) -> (i32, i32, i32, i32) {
    %cond = arith.cmpi slt, %i, %c1 : i32
    %v = scf.if %cond -> (i32) {
      scf.yield %c3 : i32
    } else {
      scf.yield %c50 : i32
    }
    scf.condition(%cond) %v, %v, %i, %acc : i32, i32, i32, i32
  } do {
  ^bb0(%a: i32, %b: i32, %j: i32, %x: i32):
    %j1 = arith.addi %j, %c1 : i32
    scf.yield %j1, %b : i32, i32
  }
  return %r#3 : i32
}

func.func @fault_b_empty() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cm1 = arith.constant -1 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %le = arith.cmpi sle, %i, %cm1 : i32
    scf.condition(%le) %i : i32
  } do {
  ^bb0(%j: i32):
    %n = arith.addi %j, %c1 : i32
    scf.yield %n : i32
  }
  return %r : i32
}
