// scf.if canonicalization (issue 3, part 3): a constant condition inlines the taken region (no
// else: the op goes), side-effecting ops inside are kept in order; a variable condition keeps the
// op; unused results are dropped (--canonicalize only); an unused if with only pure ops inside is
// dead code (scf.if is RECURSIVELY_PURE), one with a call is not.
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --fold-constant-conditions | FileCheck %s --check-prefix=FOLD
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s
//
// Values by hand (a = 7, b = 3): if_true a+b = 10, if_false a-b = 4, if_false_no_else a = 7,
// if_true_effects_in_order a = 7, if_variable(true) 10 / (false) 3, if_unused_result_with_call
// returns its second result: a = 7 (true) / b = 3 (false).
// RUN: cf-run %s -e if_true --arg '7 : i32' --arg '3 : i32' | FileCheck %s --check-prefix=TEN
// RUN: cf-opt %s --canonicalize | cf-run - -e if_true --arg '7 : i32' --arg '3 : i32' | FileCheck %s --check-prefix=TEN
// RUN: cf-run %s -e if_false --arg '7 : i32' --arg '3 : i32' | FileCheck %s --check-prefix=FOUR
// RUN: cf-opt %s --canonicalize | cf-run - -e if_false --arg '7 : i32' --arg '3 : i32' | FileCheck %s --check-prefix=FOUR
// RUN: cf-opt %s --canonicalize | cf-run - -e if_false_no_else --arg '7 : i32' | FileCheck %s --check-prefix=SEVEN
// RUN: cf-opt %s --canonicalize | cf-run - -e if_true_effects_in_order --arg '7 : i32' | FileCheck %s --check-prefix=SEVEN
// RUN: cf-opt %s --canonicalize | cf-run - -e if_variable --arg 'true' --arg '7 : i32' --arg '3 : i32' | FileCheck %s --check-prefix=TEN
// RUN: cf-opt %s --canonicalize | cf-run - -e if_variable --arg 'false' --arg '7 : i32' --arg '3 : i32' | FileCheck %s --check-prefix=THREE
// RUN: cf-run %s -e if_unused_result_with_call --arg 'true' --arg '7 : i32' --arg '3 : i32' | FileCheck %s --check-prefix=SEVEN
// RUN: cf-opt %s --canonicalize | cf-run - -e if_unused_result_with_call --arg 'true' --arg '7 : i32' --arg '3 : i32' | FileCheck %s --check-prefix=SEVEN
// RUN: cf-opt %s --canonicalize | cf-run - -e if_unused_result_with_call --arg 'false' --arg '7 : i32' --arg '3 : i32' | FileCheck %s --check-prefix=THREE
// TEN: {{^}}10{{$}}
// FOUR: {{^}}4{{$}}
// SEVEN: {{^}}7{{$}}
// THREE: {{^}}3{{$}}

func.func private @effect(%x: i32) -> i32 {
  %c100 = arith.constant 100 : i32
  %r = arith.addi %x, %c100 : i32
  return %r : i32
}

// CHECK-LABEL: func.func @if_true(
// CHECK-SAME: %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-NOT: scf.if
// CHECK: %[[S:.*]] = arith.addi %[[A]], %[[B]] : i32
// CHECK-NOT: arith.subi
// CHECK: return %[[S]] : i32
// FOLD-LABEL: func.func @if_true(
// FOLD-NOT: scf.if
// FOLD: arith.addi
// FOLD-NOT: arith.subi
// FOLD: return
func.func @if_true(%a: i32, %b: i32) -> i32 {
  %true = arith.constant true
  %r = scf.if %true -> (i32) {
    %s = arith.addi %a, %b : i32
    scf.yield %s : i32
  } else {
    %d = arith.subi %a, %b : i32
    scf.yield %d : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @if_false(
// CHECK-SAME: %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-NOT: scf.if
// CHECK-NOT: arith.addi
// CHECK: %[[D:.*]] = arith.subi %[[A]], %[[B]] : i32
// CHECK: return %[[D]] : i32
func.func @if_false(%a: i32, %b: i32) -> i32 {
  %false = arith.constant false
  %r = scf.if %false -> (i32) {
    %s = arith.addi %a, %b : i32
    scf.yield %s : i32
  } else {
    %d = arith.subi %a, %b : i32
    scf.yield %d : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @if_false_no_else(
// CHECK-SAME: %[[A:.*]]: i32)
// CHECK-NEXT: return %[[A]] : i32
func.func @if_false_no_else(%a: i32) -> i32 {
  %false = arith.constant false
  scf.if %false {
    %e = func.call @effect(%a) : (i32) -> i32
  }
  return %a : i32
}

// The calls are kept, once each, in order.
// CHECK-LABEL: func.func @if_true_effects_in_order(
// CHECK-SAME: %[[A:.*]]: i32)
// CHECK-NEXT: %[[E1:.*]] = call @effect(%[[A]])
// CHECK-NEXT: call @effect(%[[E1]])
// CHECK-NEXT: return %[[A]] : i32
// FOLD-LABEL: func.func @if_true_effects_in_order(
// FOLD-NOT: scf.if
// FOLD: call @effect
// FOLD: call @effect
func.func @if_true_effects_in_order(%a: i32) -> i32 {
  %true = arith.constant true
  %r = scf.if %true -> (i32) {
    %e1 = func.call @effect(%a) : (i32) -> i32
    %e2 = func.call @effect(%e1) : (i32) -> i32
    scf.yield %a : i32
  } else {
    scf.yield %a : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @if_variable(
// CHECK: scf.if %{{.*}} -> (i32) {
// CHECK: arith.addi
// CHECK: } else {
// FOLD-LABEL: func.func @if_variable(
// FOLD: scf.if
func.func @if_variable(%c: i1, %a: i32, %b: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    %s = arith.addi %a, %b : i32
    scf.yield %s : i32
  } else {
    scf.yield %b : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @if_unused_pure(
// CHECK-SAME: %{{.*}}: i1, %[[A:.*]]: i32, %{{.*}}: i32)
// CHECK-NEXT: return %[[A]] : i32
// FOLD-LABEL: func.func @if_unused_pure(
// FOLD-NEXT: return
func.func @if_unused_pure(%c: i1, %a: i32, %b: i32) -> i32 {
  %r = scf.if %c -> (i32) {
    %s = arith.addi %a, %b : i32
    scf.yield %s : i32
  } else {
    scf.yield %b : i32
  }
  return %a : i32
}

// The first result is unused: --canonicalize drops it (its yields too) but keeps the call; the
// second yields values defined outside, so it becomes an arith.select and the if loses its
// results and its (then empty) else region (mlir-opt 22 gives the same).
// CHECK-LABEL: func.func @if_unused_result_with_call(
// CHECK-SAME: %[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK: %[[R:.*]] = arith.select %[[C]], %[[A]], %[[B]] : i32
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT: func.call @effect(%[[A]])
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : i32
// FOLD-LABEL: func.func @if_unused_result_with_call(
// FOLD: scf.if %{{.*}} -> (i32, i32) {
func.func @if_unused_result_with_call(%c: i1, %a: i32, %b: i32) -> i32 {
  %r:2 = scf.if %c -> (i32, i32) {
    %e = func.call @effect(%a) : (i32) -> i32
    scf.yield %e, %a : i32, i32
  } else {
    scf.yield %b, %b : i32, i32
  }
  return %r#1 : i32
}
