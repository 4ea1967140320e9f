// scf.execute_region canonicalization (--canonicalize only): a single block without no_inline is
// inlined, its yield giving the results; multi-block regions and no_inline ones stay.
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --fold-constant-conditions | FileCheck %s --check-prefix=FOLD
// By hand: single(4) = 4*4 + 1 = 17; multi(true) = 1, multi(false) = 2.
// RUN: cf-opt %s --canonicalize | cf-run - -e single --arg '4 : i32' | FileCheck %s --check-prefix=SEVENTEEN
// RUN: cf-run %s -e single --arg '4 : i32' | FileCheck %s --check-prefix=SEVENTEEN
// RUN: cf-opt %s --canonicalize | cf-run - -e multi --arg 'false' | FileCheck %s --check-prefix=TWO
// SEVENTEEN: {{^}}17{{$}}
// TWO: {{^}}2{{$}}

func.func private @effect(%x: i32) -> i32 {
  return %x : i32
}

// CHECK-LABEL: func.func @single(
// CHECK-SAME: %[[X:.*]]: i32)
// CHECK-NOT: scf.execute_region
// CHECK: call @effect(%[[X]])
// CHECK: %[[M:.*]] = arith.muli %[[X]], %[[X]] : i32
// CHECK: %[[A:.*]] = arith.addi %[[M]], %{{.*}} : i32
// CHECK: return %[[A]] : i32
// FOLD-LABEL: func.func @single(
// FOLD: scf.execute_region
func.func @single(%x: i32) -> i32 {
  %r = scf.execute_region -> i32 {
    %e = func.call @effect(%x) : (i32) -> i32
    %m = arith.muli %x, %x : i32
    %c1 = arith.constant 1 : i32
    %a = arith.addi %m, %c1 : i32
    scf.yield %a : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @kept(
// CHECK: scf.execute_region -> i32 no_inline {
func.func @kept(%x: i32) -> i32 {
  %r = scf.execute_region -> i32 no_inline {
    scf.yield %x : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @multi(
// CHECK: scf.execute_region -> i32 {
// CHECK: cf.cond_br
func.func @multi(%c: i1) -> i32 {
  %r = scf.execute_region -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %a = arith.constant 1 : i32
    scf.yield %a : i32
  ^bb2:
    %b = arith.constant 2 : i32
    scf.yield %b : i32
  }
  return %r : i32
}
