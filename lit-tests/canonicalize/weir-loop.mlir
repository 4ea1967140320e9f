// weir.loop canonicalization (issue 3, part 3; SEMANTICS.md section 6): a constant max <= 0 or a
// constant false initial condition runs no trip (results = inits); a constant max with a
// condition that stays true becomes scf.for 0 to max step 1 (which may then fold further); other
// loops stay; unobservable carried values are removed (--canonicalize only).
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --fold-constant-conditions | FileCheck %s --check-prefix=FOLD
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s
//
// Values by hand (it = 0; while it < max && cond { (cond, x) = body(it, cond, x); it += 1 }):
// - max_zero(x) = x, max_negative(x) = x, cond_false(x) = x (x = 9 -> 9);
// - counted: x = 0, body x + it for max 5: 0+1+2+3+4 = 10;
// - max_one(x): one trip, x + it + 1 with it = 0: x = 9 -> 10;
// - constant_true_yield: max 4, the body yields a constant true: x += 2 four times from 0 -> 8;
// - cond_used: max 3, the body adds select(cond, 1, 100) = 1 each trip: 3;
// - until3: the body computes the condition: x = 1, 2, 3 -> 3 (kept);
// - pass_through(k = 7): k and 5 are carried unchanged; trip 1 makes x = 0 + 1 + 7 = 8, and
//   8 < 3 is false, so the loop stops: x + k + 5 = 8 + 7 + 5 = 20;
// - dead_carried(m): the returned count is m = 6 -> 6.
// RUN: cf-opt %s --canonicalize | cf-run - -e max_zero --arg '9 : i32' | FileCheck %s --check-prefix=NINE
// RUN: cf-opt %s --canonicalize | cf-run - -e max_negative --arg '9 : i32' | FileCheck %s --check-prefix=NINE
// RUN: cf-opt %s --canonicalize | cf-run - -e cond_false --arg '9 : i32' | FileCheck %s --check-prefix=NINE
// RUN: cf-run %s -e max_negative --arg '9 : i32' | FileCheck %s --check-prefix=NINE
// RUN: cf-run %s -e cond_false --arg '9 : i32' | FileCheck %s --check-prefix=NINE
// RUN: cf-opt %s --canonicalize | cf-run - -e counted | FileCheck %s --check-prefix=TEN
// RUN: cf-run %s -e counted | FileCheck %s --check-prefix=TEN
// RUN: cf-opt %s --canonicalize | cf-run - -e max_one --arg '9 : i64' | FileCheck %s --check-prefix=TEN
// RUN: cf-run %s -e max_one --arg '9 : i64' | FileCheck %s --check-prefix=TEN
// RUN: cf-opt %s --canonicalize | cf-run - -e constant_true_yield | FileCheck %s --check-prefix=EIGHT
// RUN: cf-run %s -e constant_true_yield | FileCheck %s --check-prefix=EIGHT
// RUN: cf-opt %s --canonicalize | cf-run - -e cond_used | FileCheck %s --check-prefix=THREE
// RUN: cf-run %s -e cond_used | FileCheck %s --check-prefix=THREE
// RUN: cf-opt %s --canonicalize | cf-run - -e until3 | FileCheck %s --check-prefix=THREE
// RUN: cf-opt %s --canonicalize | cf-run - -e pass_through --arg '7 : i32' | FileCheck %s --check-prefix=TWENTY
// RUN: cf-run %s -e pass_through --arg '7 : i32' | FileCheck %s --check-prefix=TWENTY
// RUN: cf-opt %s --canonicalize | cf-run - -e dead_carried --arg '6 : index' | FileCheck %s --check-prefix=SIX
// RUN: cf-run %s -e dead_carried --arg '6 : index' | FileCheck %s --check-prefix=SIX
// NINE: {{^}}9{{$}}
// TEN: {{^}}10{{$}}
// TWENTY: {{^}}20{{$}}
// EIGHT: {{^}}8{{$}}
// THREE: {{^}}3{{$}}
// SIX: {{^}}6{{$}}

func.func private @effect(%x: i32) -> i32 {
  return %x : i32
}

// CHECK-LABEL: func.func @max_zero(
// CHECK-SAME: %[[X:.*]]: i32)
// CHECK-NOT: weir.loop
// CHECK-NOT: call
// CHECK: return %[[X]] : i32
// FOLD-LABEL: func.func @max_zero(
// FOLD-NOT: weir.loop
func.func @max_zero(%x: i32) -> i32 {
  %m = arith.constant 0 : i64
  %r = weir.loop max(%m : i64) iter_args(%x) -> (i32) {
  ^bb0(%it: i64, %c: i1, %v: i32):
    %e = func.call @effect(%v) : (i32) -> i32
    weir.yield %c, %e : i1, i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @max_negative(
// CHECK-SAME: %[[X:.*]]: i32)
// CHECK-NOT: weir.loop
// CHECK: return %[[X]] : i32
func.func @max_negative(%x: i32) -> i32 {
  %m = arith.constant -3 : i64
  %r = weir.loop max(%m : i64) iter_args(%x) -> (i32) {
  ^bb0(%it: i64, %c: i1, %v: i32):
    %e = func.call @effect(%v) : (i32) -> i32
    weir.yield %c, %e : i1, i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @cond_false(
// CHECK-SAME: %[[X:.*]]: i32)
// CHECK-NOT: weir.loop
// CHECK: return %[[X]] : i32
// FOLD-LABEL: func.func @cond_false(
// FOLD-NOT: weir.loop
func.func @cond_false(%x: i32) -> i32 {
  %false = arith.constant false
  %r = weir.loop cond(%false) iter_args(%x) -> (i32) {
  ^bb0(%it: index, %c: i1, %v: i32):
    %e = func.call @effect(%v) : (i32) -> i32
    weir.yield %c, %e : i1, i32
  }
  return %r : i32
}

// Constant max 5, condition absent and yielded unchanged: scf.for over the iteration number.
// CHECK-LABEL: func.func @counted(
// CHECK-NOT: weir.loop
// CHECK: %[[R:.*]] = scf.for %[[IT:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (i64)  : i64 {
// CHECK-NEXT: %[[N:.*]] = arith.addi %[[ACC]], %[[IT]] : i64
// CHECK-NEXT: scf.yield %[[N]] : i64
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : i64
// FOLD-LABEL: func.func @counted(
// FOLD-NOT: weir.loop
// FOLD: scf.for
func.func @counted() -> i64 {
  %m = arith.constant 5 : i64
  %zero = arith.constant 0 : i64
  %r = weir.loop max(%m : i64) iter_args(%zero) -> (i64) {
  ^bb0(%it: i64, %c: i1, %acc: i64):
    %n = arith.addi %acc, %it : i64
    weir.yield %c, %n : i1, i64
  }
  return %r : i64
}

// Constant max 1: scf.for of one trip, then inlined with it = 0.
// CHECK-LABEL: func.func @max_one(
// CHECK-NOT: weir.loop
// CHECK-NOT: scf.for
// CHECK: return
func.func @max_one(%x: i64) -> i64 {
  %m = arith.constant 1 : i64
  %true = arith.constant true
  %one = arith.constant 1 : i64
  %r = weir.loop max(%m : i64) cond(%true) iter_args(%x) -> (i64) {
  ^bb0(%it: i64, %c: i1, %acc: i64):
    %n = arith.addi %acc, %it : i64
    %n1 = arith.addi %n, %one : i64
    weir.yield %c, %n1 : i1, i64
  }
  return %r : i64
}

// The body yields a constant true instead of its incoming condition: still counted.
// CHECK-LABEL: func.func @constant_true_yield(
// CHECK-NOT: weir.loop
// CHECK: scf.for
func.func @constant_true_yield() -> i32 {
  %m = arith.constant 4 : index
  %zero = arith.constant 0 : i32
  %two = arith.constant 2 : i32
  %true = arith.constant true
  %r = weir.loop max(%m : index) iter_args(%zero) -> (i32) {
  ^bb0(%it: index, %c: i1, %x: i32):
    %n = arith.addi %x, %two : i32
    weir.yield %true, %n : i1, i32
  }
  return %r : i32
}

// The body reads its condition argument: it becomes the constant true.
// CHECK-LABEL: func.func @cond_used(
// CHECK-NOT: weir.loop
// CHECK: scf.for
func.func @cond_used() -> i32 {
  %m = arith.constant 3 : i8
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %hundred = arith.constant 100 : i32
  %r = weir.loop max(%m : i8) iter_args(%zero) -> (i32) {
  ^bb0(%it: i8, %c: i1, %x: i32):
    %d = arith.select %c, %one, %hundred : i32
    %n = arith.addi %x, %d : i32
    weir.yield %c, %n : i1, i32
  }
  return %r : i32
}

// The body computes the condition: kept.
// CHECK-LABEL: func.func @until3(
// CHECK: weir.loop
// FOLD-LABEL: func.func @until3(
// FOLD: weir.loop
func.func @until3() -> i32 {
  %m = arith.constant 10 : i64
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %three = arith.constant 3 : i32
  %r = weir.loop max(%m : i64) iter_args(%zero) -> (i32) {
  ^bb0(%it: i64, %c: i1, %x: i32):
    %x1 = arith.addi %x, %one : i32
    %go = arith.cmpi slt, %x1, %three : i32
    weir.yield %go, %x1 : i1, i32
  }
  return %r : i32
}

// %k is yielded unchanged and %f is replaced by its init each trip: both are their inits inside
// the body and after the loop, and the loop only carries %x.
// CHECK-LABEL: func.func @pass_through(
// CHECK-SAME: %[[K:.*]]: i32)
// CHECK-DAG: %[[FIVE:.*]] = arith.constant 5 : i32
// CHECK: %[[R:.*]] = weir.loop max(%{{.*}} : i64) iter_args(%{{.*}}) -> (i32) {
// CHECK-NEXT: ^bb0(%{{.*}}: i64, %{{.*}}: i1, %[[X:.*]]: i32):
// CHECK: arith.addi %[[X]], %{{.*}} : i32
// CHECK: arith.addi %{{.*}}, %[[K]] : i32
// CHECK: }
// CHECK: %[[S:.*]] = arith.addi %[[R]], %[[K]] : i32
// CHECK: arith.addi %[[S]], %[[FIVE]] : i32
func.func @pass_through(%k0: i32) -> i32 {
  %m = arith.constant 10 : i64
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %three = arith.constant 3 : i32
  %five = arith.constant 5 : i32
  %r:3 = weir.loop max(%m : i64) iter_args(%zero, %k0, %five) -> (i32, i32, i32) {
  ^bb0(%it: i64, %c: i1, %x: i32, %k: i32, %f: i32):
    %x1 = arith.addi %x, %one : i32
    %x2 = arith.addi %x1, %k : i32
    %go = arith.cmpi slt, %x2, %three : i32
    weir.yield %go, %x2, %k, %five : i1, i32, i32, i32
  }
  %s = arith.addi %r#0, %r#1 : i32
  %t = arith.addi %s, %r#2 : i32
  return %t : i32
}

// %junk is never observed: removed (with the op computing it); %count stays. A runtime max keeps
// the loop.
// CHECK-LABEL: func.func @dead_carried(
// CHECK-SAME: %[[M:.*]]: index)
// CHECK: %[[R:.*]] = weir.loop max(%[[M]] : index) iter_args(%{{.*}}) -> (index) {
// CHECK-NEXT: ^bb0(%{{.*}}: index, %[[C:.*]]: i1, %[[COUNT:.*]]: index):
// CHECK-NEXT: %[[N:.*]] = arith.addi %[[COUNT]], %{{.*}} : index
// CHECK-NEXT: weir.yield %[[C]], %[[N]] : i1, index
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : index
// FOLD-LABEL: func.func @dead_carried(
// FOLD: iter_args(%{{.*}}, %{{.*}}) -> (index, index)
func.func @dead_carried(%m: index) -> index {
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  %r:2 = weir.loop max(%m : index) iter_args(%zero, %one) -> (index, index) {
  ^bb0(%it: index, %c: i1, %count: index, %junk: index):
    %n = arith.addi %count, %one : index
    %j = arith.muli %junk, %it : index
    weir.yield %c, %n, %j : i1, index, index
  }
  return %r#0 : index
}
