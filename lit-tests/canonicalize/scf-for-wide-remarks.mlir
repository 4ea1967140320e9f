// Loops whose induction variable is wider than 64 bits: constant-condition folding keeps them
// (trip counts are computed for at most 64 bits) and its remark says why. @four runs 0 to 4
// step 1 (4 trips by hand, no wrap-around: the remark used to say it wraps around); @zero_step
// has step 0 in i65, which the remark names as for i64 (it used to say "wraps around" too).
// The unroller words the same reasons (unroll/wide.mlir).
// RUN: cf-opt %s --fold-constant-conditions="remarks=true" --verify-diagnostics | FileCheck %s
// CHECK-LABEL: func.func @four
// CHECK: scf.for %{{.*}} : i128
// CHECK-LABEL: func.func @zero_step
// CHECK: scf.for %{{.*}} : i65
func.func @four() -> i128 {
  %lb = arith.constant 0 : i128
  %ub = arith.constant 4 : i128
  %st = arith.constant 1 : i128
  %c0 = arith.constant 0 : i128
  // expected-remark@+1 {{constant bounds, but the induction variable is wider than 64 bits (trip counts are computed for at most 64): kept}}
  %r = scf.for %i = %lb to %ub step %st iter_args(%a = %c0) -> (i128) : i128 {
    %a1 = arith.addi %a, %i : i128
    scf.yield %a1 : i128
  }
  return %r : i128
}

func.func @zero_step() -> i65 {
  %lb = arith.constant 0 : i65
  %ub = arith.constant 4 : i65
  %st = arith.constant 0 : i65
  %c0 = arith.constant 0 : i65
  // expected-remark@+1 {{constant step 0 is not positive: kept (undefined behaviour if the loop runs)}}
  %r = scf.for %i = %lb to %ub step %st iter_args(%a = %c0) -> (i65) : i65 {
    %a1 = arith.addi %a, %i : i65
    scf.yield %a1 : i65
  }
  return %r : i65
}
