// Loops whose constant step is not positive are valid (MLIR 22 accepts them; Weir's verifier no
// longer rejects them, see lit-tests/canonicalize/scf-for-nonpositive-step.mlir) and are never
// unrolled: they have no trip count (a zero step never reaches the upper bound, a negative one
// steps away from it), and a by-factor unroll needs a positive step.
// RUN: cf-opt %s --scf-unroll="factor=2 remarks=true" --verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @zero_step
// CHECK: scf.for
// CHECK-LABEL: func.func @negative_step
// CHECK: scf.for
func.func @zero_step(%n: index) -> index {
  %c0 = arith.constant 0 : index
  // expected-remark@+1 {{not unrolled by 2: the step 0 is not positive}}
  %r = scf.for %i = %c0 to %n step %c0 iter_args(%acc = %c0) -> (index) {
    %s = arith.addi %acc, %i : index
    scf.yield %s : index
  }
  return %r : index
}

func.func @negative_step(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %m2 = arith.constant -2 : i32
  // expected-remark@+1 {{not unrolled by 2: the step -2 is not positive}}
  %r = scf.for %i = %c0 to %n step %m2 iter_args(%acc = %c0) -> (i32) : i32 {
    %s = arith.addi %acc, %i : i32
    scf.yield %s : i32
  }
  return %r : i32
}
