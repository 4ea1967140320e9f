// An i128 loop with constant bounds (0 to 4, step 1: 4 trips by hand, no wrap-around): trip
// counts are computed for induction variables of at most 64 bits, so the loop is kept, and
// the remark says why (it said the induction variable wraps around, which it does not).
// @zero_step: step 0 in i65 is named as in i64 (undefined behaviour if the loop runs).
// RUN: cf-opt %s --scf-unroll="full=true remarks=true" --verify-diagnostics | FileCheck %s
// CHECK: scf.for %{{.*}} : i128
func.func @wide() -> i128 {
  %lb = arith.constant 0 : i128
  %ub = arith.constant 4 : i128
  %st = arith.constant 1 : i128
  %c0 = arith.constant 0 : i128
  // expected-remark@+1 {{not unrolled: the induction variable is wider than 64 bits (trip counts are computed for at most 64)}}
  %r = scf.for %i = %lb to %ub step %st iter_args(%a = %c0) -> (i128) : i128 {
    %a1 = arith.addi %a, %i : i128
    scf.yield %a1 : i128
  }
  return %r : i128
}

// CHECK-LABEL: func.func @zero_step
// CHECK: scf.for %{{.*}} : i65
func.func @zero_step() -> i65 {
  %lb = arith.constant 0 : i65
  %ub = arith.constant 4 : i65
  %st = arith.constant 0 : i65
  %c0 = arith.constant 0 : i65
  // expected-remark@+1 {{not unrolled: the constant step is not positive}}
  %r = scf.for %i = %lb to %ub step %st iter_args(%a = %c0) -> (i65) : i65 {
    %a1 = arith.addi %a, %i : i65
    scf.yield %a1 : i65
  }
  return %r : i65
}
