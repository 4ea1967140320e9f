// scf.parallel under --scf-unroll and --fold-constant-conditions: the loop itself is left as it
// is (neither pass handles it), the scf.for inside its body is unrolled / classified as usual,
// and the result stays valid and computes the same. By hand: for every i in 0..n the body
// yields 0 + 1 + 2 = 3, summed over i: n = 4 -> 12, n = 0 -> 0.
// RUN: cf-opt %s --scf-unroll="full=true" | FileCheck %s --check-prefix=UNROLL
// RUN: cf-opt %s --scf-unroll="full=true" | cf-run - --arg '4 : index' | FileCheck %s --check-prefix=TWELVE
// RUN: cf-opt %s --scf-unroll="factor=2" | cf-run - --arg '4 : index' | FileCheck %s --check-prefix=TWELVE
// RUN: cf-opt %s --scf-unroll="full=true" | cf-run - --arg '0 : index' | FileCheck %s --check-prefix=ZERO
// RUN: cf-run %s --arg '4 : index' | FileCheck %s --check-prefix=TWELVE
// RUN: cf-opt %s --fold-constant-conditions="remarks=true" --verify-diagnostics
// RUN: cf-opt %s --fold-constant-conditions | FileCheck %s --check-prefix=FOLD
// RUN: cf-opt %s --fold-constant-conditions | cf-run - --arg '4 : index' | FileCheck %s --check-prefix=TWELVE
// UNROLL:      scf.parallel
// UNROLL-NOT:  scf.for
// UNROLL:      scf.reduce(
// FOLD: scf.parallel
// FOLD: scf.for
// TWELVE: {{^}}12{{$}}
// ZERO: {{^}}0{{$}}

func.func @main(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0 : i64
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%z) -> i64 {
    // expected-remark@+1 {{constant trip count 3: kept as a loop}}
    %s = scf.for %k = %c0 to %c3 step %c1 iter_args(%a = %z) -> (i64) {
      %v = arith.index_cast %k : index to i64
      %w = arith.addi %a, %v : i64
      scf.yield %w : i64
    }
    scf.reduce(%s : i64) {
    ^bb0(%l: i64, %m: i64):
      %t = arith.addi %l, %m : i64
      scf.reduce.return %t : i64
    }
  }
  return %r : i64
}
