// scf.while canonicalization (issue 3, part 3): a condition that is false on its first evaluation
// (decided by evaluating the before region on the constant inits) folds the loop: the before
// region runs once, inlined with its side effects, and the results are the values scf.condition
// forwards. Loops whose condition is true on entry, or variable, stay. Unobservable carried values
// are removed (--canonicalize only).
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --fold-constant-conditions | FileCheck %s --check-prefix=FOLD
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s
//
// Values by hand:
// - false_on_entry: x = 7; while x < 0 {x += 1}: no trip -> 7;
// - before_effects: i = 10; before: t = effect(i) (identity), cond t < 3 false; forwards t + 1
//   -> 11, the call runs once;
// - le_minus_one: i = 0; while i <= -1 {i += 1}: no trip -> 0 (fault kind (b), empty case);
// - one_trip: i = 0; while i < 1 {i += 2}: one trip -> 2 (fault kind (b): ceil, not floor);
// - variable(n): while i < n {i += 1} from 0: n = 4 -> 4;
// - dead_carried(n): the returned count is n = 5 -> 5.
// RUN: cf-opt %s --canonicalize | cf-run - -e false_on_entry | FileCheck %s --check-prefix=SEVEN
// RUN: cf-run %s -e false_on_entry | FileCheck %s --check-prefix=SEVEN
// RUN: cf-opt %s --canonicalize | cf-run - -e before_effects | FileCheck %s --check-prefix=ELEVEN
// RUN: cf-run %s -e before_effects | FileCheck %s --check-prefix=ELEVEN
// RUN: cf-opt %s --canonicalize | cf-run - -e le_minus_one | FileCheck %s --check-prefix=ZERO
// RUN: cf-run %s -e le_minus_one | FileCheck %s --check-prefix=ZERO
// RUN: cf-opt %s --canonicalize | cf-run - -e one_trip | FileCheck %s --check-prefix=TWO
// RUN: cf-run %s -e one_trip | FileCheck %s --check-prefix=TWO
// RUN: cf-opt %s --canonicalize | cf-run - -e variable --arg '4 : i32' | FileCheck %s --check-prefix=FOUR
// RUN: cf-opt %s --canonicalize | cf-run - -e dead_carried --arg '5 : i32' | FileCheck %s --check-prefix=FIVE
// RUN: cf-run %s -e dead_carried --arg '5 : i32' | FileCheck %s --check-prefix=FIVE
// SEVEN: {{^}}7{{$}}
// ELEVEN: {{^}}11{{$}}
// ZERO: {{^}}0{{$}}
// TWO: {{^}}2{{$}}
// FOUR: {{^}}4{{$}}
// FIVE: {{^}}5{{$}}

func.func private @effect(%x: i32) -> i32 {
  return %x : i32
}

// CHECK-LABEL: func.func @false_on_entry(
// CHECK-NOT: scf.while
// CHECK: %[[C7:.*]] = arith.constant 7 : i32
// CHECK-NOT: scf.while
// CHECK: return %[[C7]] : i32
// FOLD-LABEL: func.func @false_on_entry(
// FOLD-NOT: scf.while
// FOLD: return
func.func @false_on_entry() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  %r = scf.while (%x = %c7) : (i32) -> i32 {
    %lt = arith.cmpi slt, %x, %c0 : i32
    scf.condition(%lt) %x : i32
  } do {
  ^bb0(%y: i32):
    %n = arith.addi %y, %c1 : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// The before region's call runs once, before the (inlined) forwarded value is computed; the
// condition does not depend on the call.
// CHECK-LABEL: func.func @before_effects(
// CHECK-NOT: scf.while
// CHECK: %[[T:.*]] = call @effect(%{{.*}}) : (i32) -> i32
// CHECK-NOT: call
// CHECK: %[[F:.*]] = arith.addi %[[T]], %{{.*}} : i32
// CHECK: return %[[F]] : i32
// FOLD-LABEL: func.func @before_effects(
// FOLD-NOT: scf.while
// FOLD: call @effect
func.func @before_effects() -> i32 {
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c10 = arith.constant 10 : i32
  %r = scf.while (%i = %c10) : (i32) -> i32 {
    %t = func.call @effect(%i) : (i32) -> i32
    %lt = arith.cmpi slt, %i, %c3 : i32
    %f = arith.addi %t, %c1 : i32
    scf.condition(%lt) %f : i32
  } do {
  ^bb0(%y: i32):
    scf.yield %y : i32
  }
  return %r : i32
}

// i <= -1 from 0: false on entry (MLIR 22's --canonicalize keeps this loop).
// CHECK-LABEL: func.func @le_minus_one(
// CHECK-NOT: scf.while
// CHECK: return
func.func @le_minus_one() -> i32 {
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

// True on entry: kept (its trip count, 1, is reported by the remarks).
// CHECK-LABEL: func.func @one_trip(
// CHECK: scf.while
// FOLD-LABEL: func.func @one_trip(
// FOLD: scf.while
func.func @one_trip() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %lt = arith.cmpi slt, %i, %c1 : i32
    scf.condition(%lt) %i : i32
  } do {
  ^bb0(%j: i32):
    %n = arith.addi %j, %c2 : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// A runtime bound: kept.
// CHECK-LABEL: func.func @variable(
// CHECK: scf.while
func.func @variable(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %lt = arith.cmpi slt, %i, %n : i32
    scf.condition(%lt) %i : i32
  } do {
  ^bb0(%j: i32):
    %k = arith.addi %j, %c1 : i32
    scf.yield %k : i32
  }
  return %r : i32
}

// %acc is never observed (result unused, it only feeds its own next value): --canonicalize
// removes it from the inits, both regions and the results.
// CHECK-LABEL: func.func @dead_carried(
// CHECK-SAME: %[[N:.*]]: i32)
// CHECK: %[[R:.*]] = scf.while (%[[I:.*]] = %{{.*}}) : (i32) -> i32 {
// CHECK-NEXT: %[[LT:.*]] = arith.cmpi slt, %[[I]], %[[N]] : i32
// CHECK-NEXT: scf.condition(%[[LT]]) %[[I]] : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[J:.*]]: i32):
// CHECK-NEXT: %[[K:.*]] = arith.addi %[[J]], %{{.*}} : i32
// CHECK-NEXT: scf.yield %[[K]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : i32
// FOLD-LABEL: func.func @dead_carried(
// FOLD: scf.while ({{.*}}, {{.*}}) : (i32, i32) -> (i32, i32)
func.func @dead_carried(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %r:2 = scf.while (%i = %c0, %acc = %c3) : (i32, i32) -> (i32, i32) {
    %lt = arith.cmpi slt, %i, %n : i32
    scf.condition(%lt) %i, %acc : i32, i32
  } do {
  ^bb0(%j: i32, %a: i32):
    %k = arith.addi %j, %c1 : i32
    %a2 = arith.muli %a, %c3 : i32
    scf.yield %k, %a2 : i32, i32
  }
  return %r#0 : i32
}

// A carried value observed by a call in the body stays.
// CHECK-LABEL: func.func @observed_carried(
// CHECK: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (i32, i32) -> (i32, i32)
// CHECK: call @effect
func.func @observed_carried(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%i = %c0, %v = %c1) : (i32, i32) -> (i32, i32) {
    %lt = arith.cmpi slt, %i, %n : i32
    scf.condition(%lt) %i, %v : i32, i32
  } do {
  ^bb0(%j: i32, %a: i32):
    %e = func.call @effect(%a) : (i32) -> i32
    %k = arith.addi %j, %c1 : i32
    scf.yield %k, %e : i32, i32
  }
  return %r#0 : i32
}
