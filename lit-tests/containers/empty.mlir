// The empty list and dict print as `weir.list []` and `weir.dict []`, which parse back (the
// brackets end the operands: the next line's `%z` or a generic op's leading string is not
// taken as one), and resolve. Expected values: expected.py (Python), stored in expected.txt
// "empty: [0, 0, False, 7, 1]".
// RUN: cf-opt %s | FileCheck %s --check-prefix=PRINT
// RUN: cf-opt %s | cf-opt | FileCheck %s --check-prefix=PRINT
// RUN: cf-opt %s --mlir-print-op-generic | cf-opt | FileCheck %s --check-prefix=PRINT
// RUN: cf-opt %s --canonicalize | cf-run - | FileCheck %s --check-prefix=OUT

// PRINT: %[[L:.*]] = weir.list []
// PRINT-NEXT: %[[D:.*]] = weir.dict []
// PRINT-NEXT: %[[Z:.*]] = arith.constant 7 : i64
// PRINT-NEXT: weir.list.len %[[L]] : !weir.list
// PRINT-NEXT: weir.dict.keys %[[D]] : !weir.dict
// (cf-run prints False as 0.)
// OUT: 0
// OUT-NEXT: 0
// OUT-NEXT: 0
// OUT-NEXT: 7
// OUT-NEXT: 1
// OUT-NOT: {{.}}
func.func @main() -> (index, index, i1, i64, index) {
  %l = weir.list []
  %d = weir.dict []
  %z = "arith.constant"() <{value = 7 : i64}> : () -> i64
  %n = weir.list.len %l : !weir.list
  %ks = weir.dict.keys %d : !weir.dict
  %m = weir.list.len %ks : !weir.list
  %in = weir.list.contains %l, %z : !weir.list, i64
  %g = weir.dict.get %d["a"], %z : !weir.dict, i64
  %one = weir.list [%z] : i64
  %e = weir.list.extend %l, %one : !weir.list, !weir.list<i64>
  %en = weir.list.len %e : !weir.list<i64>
  return %n, %m, %in, %g, %en : index, index, i1, i64, index
}
