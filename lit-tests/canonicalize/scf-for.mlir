// scf.for canonicalization (issue 3, part 3): a constant trip count of 0 replaces the loop by its
// inits, of 1 by its body (induction variable = lower bound, iter_args = inits, results = the
// yields); other loops stay; unobservable iter_args are removed (--canonicalize only). Trip counts
// are ceil((ub - lb) / step) in the induction variable's type, signed or `unsigned`.
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --fold-constant-conditions | FileCheck %s --check-prefix=FOLD
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s
//
// Values by hand:
// - zero_trips(x) = x (the init); one_trip(x) = x + 5*10 = x + 50 (iv = 5, one trip), x = 1 -> 51;
// - one_trip_yields_args(x): the body yields its own arguments (iv = 5, acc = x): x + 5, x = 1 -> 6;
// - step_rounds_up: 0..1 step 2 is one trip (ceil(1/2) = 1): 7 + 0 = 7;
// - same_bounds(n, x) = x whatever n;
// - three_trips: 0 + 1 + 2 = 3;
// - unsigned_i8: 200 .. 10 unsigned is empty: 9; signed it would run 66 trips;
// - i8_wraps: i8 0 .. 127 step 100 runs 0, 100, then 200 wraps to -56 < 127 and keeps going: not a
//   constant trip count, kept (not run here);
// - dead_iter_arg(n): the result that is returned counts trips: n = 4 -> 4.
// RUN: cf-opt %s --canonicalize | cf-run - -e zero_trips --arg '9 : i32' | FileCheck %s --check-prefix=NINE
// RUN: cf-run %s -e zero_trips --arg '9 : i32' | FileCheck %s --check-prefix=NINE
// RUN: cf-opt %s --canonicalize | cf-run - -e one_trip --arg '1 : index' | FileCheck %s --check-prefix=FIFTYONE
// RUN: cf-run %s -e one_trip --arg '1 : index' | FileCheck %s --check-prefix=FIFTYONE
// RUN: cf-opt %s --canonicalize | cf-run - -e one_trip_yields_args --arg '1 : index' | FileCheck %s --check-prefix=SIX
// RUN: cf-run %s -e one_trip_yields_args --arg '1 : index' | FileCheck %s --check-prefix=SIX
// RUN: cf-opt %s --canonicalize | cf-run - -e step_rounds_up | FileCheck %s --check-prefix=SEVEN
// RUN: cf-run %s -e step_rounds_up | FileCheck %s --check-prefix=SEVEN
// RUN: cf-opt %s --canonicalize | cf-run - -e same_bounds --arg '3 : index' --arg '9 : i32' | FileCheck %s --check-prefix=NINE
// RUN: cf-opt %s --canonicalize | cf-run - -e three_trips | FileCheck %s --check-prefix=THREE
// RUN: cf-run %s -e three_trips | FileCheck %s --check-prefix=THREE
// RUN: cf-opt %s --canonicalize | cf-run - -e unsigned_i8 | FileCheck %s --check-prefix=NINE
// RUN: cf-run %s -e unsigned_i8 | FileCheck %s --check-prefix=NINE
// RUN: cf-opt %s --canonicalize | cf-run - -e dead_iter_arg --arg '4 : index' | FileCheck %s --check-prefix=FOUR
// RUN: cf-run %s -e dead_iter_arg --arg '4 : index' | FileCheck %s --check-prefix=FOUR
// NINE: {{^}}9{{$}}
// FIFTYONE: {{^}}51{{$}}
// SIX: {{^}}6{{$}}
// SEVEN: {{^}}7{{$}}
// THREE: {{^}}3{{$}}
// FOUR: {{^}}4{{$}}

func.func private @effect(%x: index) -> index {
  return %x : index
}

// The body never runs: its call goes with the loop.
// CHECK-LABEL: func.func @zero_trips(
// CHECK-SAME: %[[X:.*]]: i32)
// CHECK-NOT: scf.for
// CHECK-NOT: call
// CHECK: return %[[X]] : i32
// FOLD-LABEL: func.func @zero_trips(
// FOLD-NOT: scf.for
func.func @zero_trips(%x: i32) -> i32 {
  %c5 = arith.constant 5 : index
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c5 to %c3 step %c1 iter_args(%acc = %x) -> (i32) {
    %e = func.call @effect(%i) : (index) -> index
    %n = arith.addi %acc, %acc : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// One trip: the body inlined with %i = 5 (the lower bound constant) and %acc = %x; its call kept.
// CHECK-LABEL: func.func @one_trip(
// CHECK-SAME: %[[X:.*]]: index)
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK-NOT: scf.for
// CHECK: call @effect(%[[C5]])
// CHECK: %[[A:.*]] = arith.addi %[[X]], %{{.*}} : index
// CHECK: return %[[A]] : index
// FOLD-LABEL: func.func @one_trip(
// FOLD-NOT: scf.for
// FOLD: call @effect
func.func @one_trip(%x: index) -> index {
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %r = scf.for %i = %c5 to %c6 step %c1 iter_args(%acc = %x) -> (index) {
    %e = func.call @effect(%i) : (index) -> index
    %m = arith.muli %i, %c10 : index
    %n = arith.addi %acc, %m : index
    scf.yield %n : index
  }
  return %r : index
}

// The yields are the body's own arguments: they become the lower bound and the init.
// CHECK-LABEL: func.func @one_trip_yields_args(
// CHECK-SAME: %[[X:.*]]: index)
// CHECK-NOT: scf.for
// CHECK: %[[S:.*]] = arith.addi %[[X]], %{{.*}} : index
// CHECK-NEXT: return %[[S]] : index
func.func @one_trip_yields_args(%x: index) -> index {
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c5 to %c6 step %c1 iter_args(%acc = %x, %last = %c1) -> (index, index) {
    scf.yield %acc, %i : index, index
  }
  %s = arith.addi %r#0, %r#1 : index
  return %s : index
}

// 0 to 1 step 2: ceil(1/2) = 1 trip (fault kind (b) of issue 3 as a for loop), not 0.
// CHECK-LABEL: func.func @step_rounds_up(
// CHECK-NOT: scf.for
// CHECK: return
func.func @step_rounds_up() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c7 = arith.constant 7 : i32
  %r = scf.for %i = %c0 to %c1 step %c2 iter_args(%acc = %c7) -> (i32) : i32 {
    %n = arith.addi %acc, %i : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// The same (runtime) value as both bounds: no trip.
// CHECK-LABEL: func.func @same_bounds(
// CHECK-SAME: %{{.*}}: index, %[[X:.*]]: i32)
// CHECK-NOT: scf.for
// CHECK: return %[[X]] : i32
func.func @same_bounds(%n: index, %x: i32) -> i32 {
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %n to %n step %c1 iter_args(%acc = %x) -> (i32) {
    %d = arith.addi %acc, %acc : i32
    scf.yield %d : i32
  }
  return %r : i32
}

// Three trips: kept as a loop (unrolling is a separate pass).
// CHECK-LABEL: func.func @three_trips(
// CHECK: scf.for
// FOLD-LABEL: func.func @three_trips(
// FOLD: scf.for
func.func @three_trips() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %c0) -> (index) {
    %n = arith.addi %acc, %i : index
    scf.yield %n : index
  }
  return %r : index
}

// 200 (-56 : i8) to 10, unsigned: empty.
// CHECK-LABEL: func.func @unsigned_i8(
// CHECK-NOT: scf.for
// CHECK: return
func.func @unsigned_i8() -> i8 {
  %lb = arith.constant -56 : i8
  %ub = arith.constant 10 : i8
  %c1 = arith.constant 1 : i8
  %c9 = arith.constant 9 : i8
  %r = scf.for unsigned %i = %lb to %ub step %c1 iter_args(%acc = %c9) -> (i8) : i8 {
    %n = arith.addi %acc, %c1 : i8
    scf.yield %n : i8
  }
  return %r : i8
}

// The induction variable wraps around: ceil(127/100) = 2 would be wrong; kept.
// CHECK-LABEL: func.func @i8_wraps(
// CHECK: scf.for
func.func @i8_wraps() -> i8 {
  %c0 = arith.constant 0 : i8
  %c127 = arith.constant 127 : i8
  %c100 = arith.constant 100 : i8
  %c1 = arith.constant 1 : i8
  %r = scf.for %i = %c0 to %c127 step %c100 iter_args(%acc = %c0) -> (i8) : i8 {
    %n = arith.addi %acc, %c1 : i8
    scf.yield %n : i8
  }
  return %r : i8
}

// %junk is unobservable (its result is unused and it only feeds itself): removed with the ops
// computing it; %count stays. --fold-constant-conditions keeps both.
// CHECK-LABEL: func.func @dead_iter_arg(
// CHECK-SAME: %[[N:.*]]: index)
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[COUNT:.*]] = %{{.*}}) -> (index) {
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[COUNT]], %{{.*}} : index
// CHECK-NEXT: scf.yield %[[NEXT]] : index
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : index
// FOLD-LABEL: func.func @dead_iter_arg(
// FOLD: iter_args({{.*}}, {{.*}}) -> (index, index)
func.func @dead_iter_arg(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%count = %c0, %junk = %c3) -> (index, index) {
    %j1 = arith.muli %junk, %c3 : index
    %j2 = arith.addi %j1, %i : index
    %next = arith.addi %count, %c1 : index
    scf.yield %next, %j2 : index, index
  }
  return %r#0 : index
}

// An iter_arg whose result is unused but that feeds a call is kept (the call observes it).
// CHECK-LABEL: func.func @observed_iter_arg(
// CHECK: iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (index, index)
// CHECK: call @effect
func.func @observed_iter_arg(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%count = %c0, %v = %c1) -> (index, index) {
    %e = func.call @effect(%v) : (index) -> index
    %next = arith.addi %count, %c1 : index
    scf.yield %next, %e : index, index
  }
  return %r#0 : index
}
