// A loop over the budget stays a loop, and a remark names the budget that stopped it.
// RUN: cf-opt %s --scf-unroll="full=true max-ops=100 remarks=true" --verify-diagnostics | FileCheck %s
// CHECK-LABEL: func.func @big
// CHECK: scf.for
// CHECK-LABEL: func.func @wide
// CHECK: scf.for
// CHECK-LABEL: func.func @small
// CHECK-NOT: scf.for
// CHECK: return

func.func @big() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 100000 : index
  // expected-remark@+1 {{not unrolled: trip count 100000 exceeds max-trip-count=4096}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %s = arith.addi %acc, %i : index
    scf.yield %s : index
  }
  return %r : index
}

func.func @wide() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 60 : index
  // expected-remark@+1 {{not unrolled: 60 copies of 2 ops exceed max-ops=100}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %s = arith.addi %acc, %i : index
    %t = arith.muli %s, %c1 : index
    scf.yield %t : index
  }
  return %r : index
}

func.func @small() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 50 : index
  // expected-remark@+1 {{unrolled: trip count 50, 50 copies}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %s = arith.addi %acc, %i : index
    %t = arith.muli %s, %c1 : index
    scf.yield %t : index
  }
  return %r : index
}
