// Full unrolling reaches a fixpoint (issue 8, fault 2): inner loops whose bounds depend on an
// outer induction variable become constant once the outer loop is unrolled, and are unrolled
// in the next round, inner-first, within the budget.
//
// The nest counts sum over i in {0, 3, 6, 9}, j in 0..i of ceil((j + 1) / 2) (k runs over
// 0..j+1 step 2). By hand: i=0: 0; i=3: 1+1+2 = 4; i=6: 1+1+2+2+3+3 = 12;
// i=9: 1+1+2+2+3+3+4+4+5 = 25; total 41.
// RUN: cf-run %s -e nest | FileCheck %s --check-prefix=VALUE
// RUN: cf-opt %s --scf-unroll=full=true | FileCheck %s --check-prefix=FULL
// RUN: cf-opt %s --scf-unroll=full=true | cf-run - -e nest | FileCheck %s --check-prefix=VALUE
// RUN: cf-opt %s --scf-unroll=full=true --canonicalize | FileCheck %s --check-prefix=CANON
// VALUE: {{^}}41{{$}}
// FULL-LABEL: func.func @nest
// FULL-NOT: scf.for
// FULL: return
// CANON-LABEL: func.func @nest
// CANON-NEXT: %[[C:.*]] = arith.constant 41 : i32
// CANON-NEXT: return %[[C]] : i32
//
// With a budget of 4 ops per unroll, the outer loop (4 trips of a 4-op body: 16 ops) stays a
// loop, so its inner loops are never copied and stay too; the value is unchanged.
// RUN: cf-opt %s --scf-unroll="full=true max-ops=4 remarks=true" --verify-diagnostics -o /dev/null
// RUN: cf-opt %s --scf-unroll="full=true max-ops=4" | cf-run - -e nest | FileCheck %s --check-prefix=VALUE
//
// A factor unroll is not undone by the next round: with max-trip-count=6, the 10-trip loop
// of @by_factor is unrolled by 2 into a 5-trip loop of step 2, which stays a loop although 5
// trips would be within the budget. Sum of 0..9 = 45.
// RUN: cf-opt %s --scf-unroll="full=true factor=2 max-trip-count=6" | FileCheck %s --check-prefix=FACTOR
// RUN: cf-opt %s --scf-unroll="full=true factor=2 max-trip-count=6" | cf-run - -e by_factor | FileCheck %s --check-prefix=SUM
// FACTOR-LABEL: func.func @by_factor
// FACTOR: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C2:.*]] iter_args
// FACTOR-NOT: scf.for
// FACTOR: return
// SUM: {{^}}45{{$}}

func.func @nest() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  // expected-remark@+1 {{not unrolled: 4 copies of 4 ops exceed max-ops=4}}
  %r = scf.for %i = %c0 to %c10 step %c3 iter_args(%a = %z) -> (i32) {
    // expected-remark@+1 {{not unrolled: the trip count is not a compile-time constant}}
    %ra = scf.for %j = %c0 to %i step %c1 iter_args(%b = %a) -> (i32) {
      %ub = arith.addi %j, %c1 : index
      // expected-remark@+1 {{not unrolled: the trip count is not a compile-time constant}}
      %rb = scf.for %k = %c0 to %ub step %c2 iter_args(%c = %b) -> (i32) {
        %n = arith.addi %c, %one : i32
        scf.yield %n : i32
      }
      scf.yield %rb : i32
    }
    scf.yield %ra : i32
  }
  return %r : i32
}

func.func @by_factor() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  // expected-remark@+1 {{not unrolled: 10 copies of 1 ops exceed max-ops=4}}
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %c0) -> (index) {
    %s = arith.addi %acc, %i : index
    scf.yield %s : index
  }
  return %r : index
}
