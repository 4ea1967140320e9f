// Python's == in count, index and in, run after --canonicalize (which merges the two equal
// NaN constants into one value: still unequal). Expected values: expected.py (Python, with
// the runtime arguments x = 5, y = 6), stored in expected.txt; each CHECK line says which.
// RUN: cf-opt %s --canonicalize | FileCheck %s --check-prefix=IR
// RUN: cf-opt %s --canonicalize | cf-run - --arg '5 : i64' --arg '6 : i64' | FileCheck %s

// IR-NOT: weir

// "count nan: 0"
// CHECK: 0
// "nan in: False"
// CHECK-NEXT: 0
// "index first match: 0"
// CHECK-NEXT: 0
// "in first match: True"
// CHECK-NEXT: 1
// "count nested: 1"
// CHECK-NEXT: 1
// "count list and int: 1"
// CHECK-NEXT: 1
// "count nested runtime: 0"
// CHECK-NEXT: 0
// "count 2**53+1: 0"
// CHECK-NEXT: 0
// "count 2**53: 1"
// CHECK-NEXT: 1
// "count dict: 1"
// CHECK-NEXT: 1
// CHECK-NOT: {{.}}
func.func @main(%x: i64, %y: i64) -> (index, i1, index, i1, index, index, index, index, index, index) {
  %nan1 = arith.constant 0x7FC00000 : f32
  %nan2 = arith.constant 0x7FC00000 : f32
  %nans = weir.list [%nan1] : f32
  %cnan = weir.list.count %nans, %nan2 : !weir.list<f32>, f32
  %innan = weir.list.contains %nans, %nan2 : !weir.list<f32>, f32

  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %first = weir.list [%c1, %x] : i64, i64
  %ix = weir.list.index %first, %c1 : !weir.list<i64, i64>, i64
  %last = weir.list [%x, %c1] : i64, i64
  %in = weir.list.contains %last, %c1 : !weir.list<i64, i64>, i64

  %p12 = weir.list [%c1, %c2] : i64, i64
  %p3 = weir.list [%c3] : i64
  %q12 = weir.list [%c1, %c2] : i64, i64
  %nested = weir.list [%p12, %p3] : !weir.list<i64, i64>, !weir.list<i64>
  %cnested = weir.list.count %nested, %q12 : !weir.list<!weir.list<i64, i64>, !weir.list<i64>>, !weir.list<i64, i64>

  %p1 = weir.list [%c1] : i64
  %mixed = weir.list [%p1, %c1] : !weir.list<i64>, i64
  %cmixed = weir.list.count %mixed, %c1 : !weir.list<!weir.list<i64>, i64>, i64

  %p1x = weir.list [%c1, %x] : i64, i64
  %p2y = weir.list [%c2, %y] : i64, i64
  %outer = weir.list [%p1x] : !weir.list<i64, i64>
  %cruntime = weir.list.count %outer, %p2y : !weir.list<!weir.list<i64, i64>>, !weir.list<i64, i64>

  %big = arith.constant 9007199254740992.0 : f64
  %bigs = weir.list [%big] : f64
  %i53p1 = arith.constant 9007199254740993 : i64
  %i53 = arith.constant 9007199254740992 : i64
  %c53p1 = weir.list.count %bigs, %i53p1 : !weir.list<f64>, i64
  %c53 = weir.list.count %bigs, %i53 : !weir.list<f64>, i64

  %dab = weir.dict ["a" = %c1, "b" = %c2] : i64, i64
  %da = weir.dict ["a" = %c1] : i64
  %dba = weir.dict ["b" = %c2, "a" = %c1] : i64, i64
  %dicts = weir.list [%dab, %da] : !weir.dict<"a", i64, "b", i64>, !weir.dict<"a", i64>
  %cdict = weir.list.count %dicts, %dba : !weir.list<!weir.dict<"a", i64, "b", i64>, !weir.dict<"a", i64>>, !weir.dict<"b", i64, "a", i64>

  return %cnan, %innan, %ix, %in, %cnested, %cmixed, %cruntime, %c53p1, %c53, %cdict : index, i1, index, i1, index, index, index, index, index, index
}
