// Without --canonicalize, an index that only --canonicalize makes constant (an scf.if with a
// constant condition) is reported with that reason, not as a list whose types differ (they do
// not). With --canonicalize it resolves: expected.txt "index through if: 2" (Python's
// [1, 2][1 if True else 0], the arguments 1 and 2).
// RUN: cf-opt %s --convert-scf-to-cf --verify-diagnostics
// RUN: cf-opt %s --canonicalize --convert-scf-to-cf | cf-run - --arg '1 : i64' --arg '2 : i64' | FileCheck %s

// CHECK: 2
func.func @main(%a: i64, %b: i64) -> i64 {
  %l = weir.list [%a, %b] : i64, i64
  %t = arith.constant true
  %i = scf.if %t -> index {
    %c1 = arith.constant 1 : index
    scf.yield %c1 : index
  } else {
    %c0 = arith.constant 0 : index
    scf.yield %c0 : index
  }
  // expected-error@+1 {{'weir.list.getitem' op cannot be resolved at compile time: the index is not a compile-time constant (it is a result of 'scf.if') and --canonicalize was not run (it folds such an index or makes the getitem an 'scf.index_switch')}}
  %x = weir.list.getitem %l[%i] : !weir.list<i64, i64> -> i64
  return %x : i64
}
