// An scf.for whose step becomes a constant that is not positive only by folding (a crash of the
// fuzz target `canonicalize`, docs/fuzzing.md: Weir's verifier used to reject a constant step
// <= 0, so --canonicalize turned this valid input into invalid IR). Like MLIR 22, the verifier
// does not look at the step's value, and the output is valid and parses again.
// Expected values by hand: a zero step never reaches %ub and a negative one steps away from it,
// so those loops have no trip count and stay; no trip runs when lb >= ub, whatever the step;
// in an unsigned i8 loop the step -1 is 255, so 0 to 10 is one trip (iv = 0), and the result is
// the init 5 plus 0. (mlir-opt 22 removes the first two loops too: it treats a step that is not
// positive as undefined behaviour.)
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-opt | FileCheck %s
// RUN: cf-opt %s --fold-constant-conditions="remarks=true" --verify-diagnostics

// CHECK-LABEL: func.func @zero_step
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C10:.*]] = arith.constant 10 : index
// CHECK: scf.for %{{.*}} = %[[C0]] to %[[C10]] step %[[C0]] iter_args
func.func @zero_step() -> i64 {
  %lb = arith.constant 0 : index
  %ub = arith.constant 10 : index
  %one = arith.constant 1 : index
  %step = arith.subi %one, %one : index
  %z = arith.constant 0 : i64
  // expected-remark@+1 {{constant step that is not positive: kept}}
  %r = scf.for %i = %lb to %ub step %step iter_args(%a = %z) -> (i64) {
    %o = arith.constant 1 : i64
    %n = arith.addi %a, %o : i64
    scf.yield %n : i64
  }
  return %r : i64
}

// CHECK-LABEL: func.func @negative_step
// CHECK-DAG: %[[M1:.*]] = arith.constant -1 : i32
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[M1]] iter_args
func.func @negative_step() -> i32 {
  %lb = arith.constant 0 : i32
  %ub = arith.constant 10 : i32
  %one = arith.constant 1 : i32
  %step = arith.subi %lb, %one : i32
  // expected-remark@+1 {{constant step that is not positive: kept}}
  %r = scf.for %i = %lb to %ub step %step iter_args(%a = %lb) -> (i32) : i32 {
    %n = arith.addi %a, %i : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @negative_step_no_trip
// CHECK-NEXT: %[[C7:.*]] = arith.constant 7 : i32
// CHECK-NEXT: return %[[C7]] : i32
func.func @negative_step_no_trip() -> i32 {
  %lb = arith.constant 10 : i32
  %ub = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %init = arith.constant 7 : i32
  %step = arith.subi %ub, %one : i32
  // expected-remark@+1 {{constant trip count 0: loop removed}}
  %r = scf.for %i = %lb to %ub step %step iter_args(%a = %init) -> (i32) : i32 {
    %n = arith.addi %a, %i : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @unsigned_minus_one_step
// CHECK-NEXT: %[[C5:.*]] = arith.constant 5 : i8
// CHECK-NEXT: return %[[C5]] : i8
func.func @unsigned_minus_one_step() -> i8 {
  %lb = arith.constant 0 : i8
  %ub = arith.constant 10 : i8
  %one = arith.constant 1 : i8
  %init = arith.constant 5 : i8
  %step = arith.subi %lb, %one : i8
  // expected-remark@+1 {{constant trip count 1: body inlined}}
  %r = scf.for unsigned %i = %lb to %ub step %step iter_args(%a = %init) -> (i8) : i8 {
    %n = arith.addi %a, %i : i8
    scf.yield %n : i8
  }
  return %r : i8
}
