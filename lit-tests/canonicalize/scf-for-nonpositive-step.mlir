// Issue 8, fault 1: a constant step that is not positive is valid IR (as in mlir-opt 22, which
// accepts every function here); running such a loop (lb < ub) is undefined behaviour. Passes that
// fold a computed step into such a constant must leave valid IR, the patterns keep a loop that
// may run (with a remark), and cf-run stops with a runtime error when one is entered.
//
// @main: the loop is only in the then-branch. flag = false returns %z = 5 (hand computation),
// before and after --canonicalize / --fold-constant-conditions; flag = true enters the loop with
// step 1 - 1 = 0: a located runtime error, not a hang. (mlir-opt 22's --canonicalize removes the
// loop as if it ran no trip and returns 5 for both flags, which undefined behaviour allows; Weir
// keeps the program's behaviour.)
// RUN: cf-run %s --arg false | FileCheck %s --check-prefix=FIVE
// RUN: cf-opt %s --canonicalize | cf-run - --arg false | FileCheck %s --check-prefix=FIVE
// RUN: cf-opt %s --fold-constant-conditions | cf-run - --arg false | FileCheck %s --check-prefix=FIVE
// RUN: not cf-run %s --arg true 2>&1 | FileCheck %s --check-prefix=UB
// RUN: cf-opt %s --canonicalize | not cf-run - --arg true 2>&1 | FileCheck %s --check-prefix=UB
// FIVE: {{^}}5{{$}}
// UB: error: runtime error: assertion failed: scf.for entered with a step that is not positive (undefined behaviour)
//
// The folded IR verifies and keeps the loop, with step %c0:
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s
// CHECK-LABEL: func.func @main(
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: scf.if
// CHECK: scf.for %{{.*}} = %[[C0]] to %{{.*}} step %[[C0]] iter_args
//
// Remarks (expected-remark below): why each loop is kept, or how it was folded.
// RUN: cf-opt %s --fold-constant-conditions="remarks=true" --verify-diagnostics
//
// @no_trip: lb = 8 >= ub = 0, so the loop runs no trip whatever its step and is removed: 7.
// @unsigned_negative: an unsigned step of -1 is 2^64 - 1 > 0: one trip (0 <u 3, then 0 + (2^64-1)
// wraps to 2^64 - 1, not <u 3), so the result is 7 + 1 = 8 and no check fails.
// RUN: cf-run %s -e no_trip | FileCheck %s --check-prefix=SEVEN
// RUN: cf-opt %s --canonicalize | cf-run - -e no_trip | FileCheck %s --check-prefix=SEVEN
// RUN: cf-run %s -e unsigned_negative | FileCheck %s --check-prefix=EIGHT
// RUN: cf-opt %s --canonicalize | cf-run - -e unsigned_negative | FileCheck %s --check-prefix=EIGHT
// SEVEN: {{^}}7{{$}}
// EIGHT: {{^}}8{{$}}
//
// @negative: i32 from 0 to %n step -2 with %n = 0 passed in runs no trip (0 >= 0) and gives the
// init 7; with %n = 4 it enters with a negative step: the runtime error.
// RUN: cf-run %s -e negative --arg '0 : i32' | FileCheck %s --check-prefix=SEVEN
// RUN: cf-opt %s --canonicalize | cf-run - -e negative --arg '0 : i32' | FileCheck %s --check-prefix=SEVEN
// RUN: cf-opt %s --canonicalize | not cf-run - -e negative --arg '4 : i32' 2>&1 | FileCheck %s --check-prefix=UB
// CHECK-LABEL: func.func @negative(
// CHECK: scf.for
// CHECK-LABEL: func.func @zero_step_variable_bounds(
// CHECK: scf.for
// RUN: cf-run %s -e zero_step_variable_bounds --arg '3 : index' --arg '3 : index' | FileCheck %s --check-prefix=THREE
// RUN: not cf-run %s -e zero_step_variable_bounds --arg '2 : index' --arg '3 : index' 2>&1 | FileCheck %s --check-prefix=UB
// THREE: {{^}}3{{$}}
// CHECK-LABEL: func.func @no_trip(
// CHECK-NOT: scf.for
// CHECK: return

func.func @main(%flag: i1) -> i32 {
  %c8 = arith.constant 8 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %st = arith.subi %c1, %c1 : index
  %z = arith.constant 5 : i32
  %one = arith.constant 1 : i32
  // expected-remark@+1 {{variable condition: kept}}
  %t = scf.if %flag -> (i32) {
    // expected-remark@+1 {{constant step 0 is not positive: kept (undefined behaviour if the loop runs)}}
    %u = scf.for %i = %c0 to %c8 step %st iter_args(%b = %z) -> (i32) {
      %n = arith.addi %b, %one : i32
      scf.yield %n : i32
    }
    scf.yield %u : i32
  } else {
    scf.yield %z : i32
  }
  return %t : i32
}

func.func @negative(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %m2 = arith.constant -2 : i32
  %init = arith.constant 7 : i32
  %one = arith.constant 1 : i32
  // expected-remark@+1 {{constant step -2 is not positive: kept (undefined behaviour if the loop runs)}}
  %r = scf.for %i = %c0 to %n step %m2 iter_args(%b = %init) -> (i32) : i32 {
    %s = arith.addi %b, %one : i32
    scf.yield %s : i32
  }
  return %r : i32
}

func.func @zero_step_variable_bounds(%lb: index, %ub: index) -> index {
  %c0 = arith.constant 0 : index
  // expected-remark@+1 {{constant step 0 is not positive: kept (undefined behaviour if the loop runs)}}
  %r = scf.for %i = %lb to %ub step %c0 iter_args(%b = %lb) -> (index) {
    %s = arith.addi %b, %i : index
    scf.yield %s : index
  }
  return %r : index
}

func.func @no_trip() -> i32 {
  %c8 = arith.constant 8 : index
  %c0 = arith.constant 0 : index
  %init = arith.constant 7 : i32
  %one = arith.constant 1 : i32
  // expected-remark@+1 {{constant trip count 0: loop removed}}
  %r = scf.for %i = %c8 to %c0 step %c0 iter_args(%b = %init) -> (i32) {
    %s = arith.addi %b, %one : i32
    scf.yield %s : i32
  }
  return %r : i32
}

func.func @unsigned_negative() -> i32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %m1 = arith.constant -1 : index
  %init = arith.constant 7 : i32
  %one = arith.constant 1 : i32
  // expected-remark@+1 {{constant trip count 1: body inlined}}
  %r = scf.for unsigned %i = %c0 to %c3 step %m1 iter_args(%b = %init) -> (i32) {
    %s = arith.addi %b, %one : i32
    scf.yield %s : i32
  }
  return %r : i32
}
