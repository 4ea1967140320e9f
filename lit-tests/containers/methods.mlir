// The list and dict methods of the seed document (MindSpore graph mode), resolved by
// --canonicalize and run by cf-run. Expected values: expected.py (Python itself), stored in
// expected.txt; each CHECK line says which of its lines it holds.
// RUN: cf-opt %s --canonicalize | FileCheck %s --check-prefix=IR
// RUN: cf-opt %s --canonicalize | cf-run - -e extend | FileCheck %s --check-prefix=EXTEND
// RUN: cf-opt %s --canonicalize | cf-run - -e count_tensor | FileCheck %s --check-prefix=COUNT
// RUN: cf-opt %s --canonicalize | cf-run - -e count_scalar | FileCheck %s --check-prefix=COUNTS
// RUN: cf-opt %s --canonicalize | cf-run - -e fromkeys | FileCheck %s --check-prefix=FROMKEYS
// RUN: cf-opt %s --canonicalize | cf-run - -e update | FileCheck %s --check-prefix=UPDATE
// RUN: cf-opt %s --canonicalize | cf-run - -e getitem | FileCheck %s --check-prefix=GETITEM
// RUN: cf-opt %s --canonicalize | cf-run - -e others | FileCheck %s --check-prefix=OTHERS

// Nothing of the containers is left.
// IR-NOT: weir.
// IR-NOT: !weir

// expected.txt "extend: [1, 2, 3, 4]", "len(extend): 4".
// EXTEND: 1
// EXTEND-NEXT: 2
// EXTEND-NEXT: 3
// EXTEND-NEXT: 4
// EXTEND-NEXT: 4
func.func @extend() -> (i64, i64, i64, i64, index) {
  %a = arith.constant 1 : i64
  %b = arith.constant 2 : i64
  %c = arith.constant 3 : i64
  %d = arith.constant 4 : i64
  %xs = weir.list [%a, %b] : i64, i64
  %ys = weir.list [%c, %d] : i64, i64
  %zs = weir.list.extend %xs, %ys : !weir.list<i64, i64>, !weir.list<i64, i64>
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %e0 = weir.list.getitem %zs[%i0] : !weir.list<i64, i64, i64, i64> -> i64
  %e1 = weir.list.getitem %zs[%i1] : !weir.list<i64, i64, i64, i64> -> i64
  %e2 = weir.list.getitem %zs[%i2] : !weir.list<i64, i64, i64, i64> -> i64
  %e3 = weir.list.getitem %zs[%i3] : !weir.list<i64, i64, i64, i64> -> i64
  %n = weir.list.len %zs : !weir.list<i64, i64, i64, i64>
  return %e0, %e1, %e2, %e3, %n : i64, i64, i64, i64, index
}

// expected.txt "count tensor: 2": [1, 2] is in the list twice, compared by value.
// COUNT: 2
func.func @count_tensor() -> index {
  %t = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %u = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %v = arith.constant dense<[3.0, 4.0]> : tensor<2xf32>
  %w = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %ts = weir.list [%u, %v, %w] : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
  %n = weir.list.count %ts, %t : !weir.list<tensor<2xf32>, tensor<2xf32>, tensor<2xf32>>, tensor<2xf32>
  return %n : index
}

// expected.txt "count scalar: 3": [1, 1.0, 2, True].count(1), a heterogeneous list.
// COUNTS: 3
func.func @count_scalar() -> index {
  %one = arith.constant 1 : i64
  %onef = arith.constant 1.0 : f32
  %two = arith.constant 2 : i64
  %true = arith.constant true
  %l = weir.list [%one, %onef, %two, %true] : i64, f32, i64, i1
  %n = weir.list.count %l, %one : !weir.list<i64, f32, i64, i1>, i64
  return %n : index
}

// (cf-run prints an i1 as 1 or 0.) expected.txt "fromkeys: {'a': None, 'b': None}", "fromkeys 7: {'x': 7, 'y': 7}": the
// duplicate key merges; "b" and "a" are keys, "c" is not; "y" maps to 7.
// FROMKEYS: 2
// FROMKEYS-NEXT: 1
// FROMKEYS-NEXT: 1
// FROMKEYS-NEXT: 0
// FROMKEYS-NEXT: 7
func.func @fromkeys() -> (index, i1, i1, i1, i64) {
  %a = weir.str "a"
  %b = weir.str "b"
  %none = weir.none
  %keys = weir.list [%a, %b, %a] : !weir.str, !weir.str, !weir.str
  %d = weir.dict.fromkeys %keys, %none : !weir.list<!weir.str, !weir.str, !weir.str>, none -> !weir.dict<"a", none, "b", none>
  %ks = weir.dict.keys %d : !weir.dict<"a", none, "b", none>
  %n = weir.list.len %ks : !weir.list<!weir.str, !weir.str>
  %hb = weir.dict.contains %d["b"] : !weir.dict<"a", none, "b", none>
  %first = arith.constant 0 : index
  %k0 = weir.list.getitem %ks[%first] : !weir.list<!weir.str, !weir.str> -> !weir.str
  %ia = weir.list.contains %keys, %k0 : !weir.list<!weir.str, !weir.str, !weir.str>, !weir.str
  %hc = weir.dict.contains %d["c"] : !weir.dict<"a", none, "b", none>
  %x = weir.str "x"
  %y = weir.str "y"
  %seven = arith.constant 7 : i64
  %keys2 = weir.list [%x, %y] : !weir.str, !weir.str
  %d2 = weir.dict.fromkeys %keys2, %seven : !weir.list<!weir.str, !weir.str>, i64 -> !weir.dict<"x", i64, "y", i64>
  %vy = weir.dict.getitem %d2["y"] : !weir.dict<"x", i64, "y", i64>
  return %n, %hb, %ia, %hc, %vy : index, i1, i1, i1, i64
}

// expected.txt "update values: [1, 20, 30]" (keys ['a', 'b', 'c']: "b" kept its place, its
// value replaced). The values are read in key order through values() and the keys'
// positions through items().
// UPDATE: 1
// UPDATE-NEXT: 20
// UPDATE-NEXT: 30
// UPDATE-NEXT: 3
// UPDATE-NEXT: 20
func.func @update() -> (i64, i64, i64, index, i64) {
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c20 = arith.constant 20 : i64
  %c30 = arith.constant 30 : i64
  %d = weir.dict ["a" = %c1, "b" = %c2] : i64, i64
  %e = weir.dict ["b" = %c20, "c" = %c30] : i64, i64
  %u = weir.dict.update %d, %e : !weir.dict<"a", i64, "b", i64>, !weir.dict<"b", i64, "c", i64>
  %vs = weir.dict.values %u : !weir.dict<"a", i64, "b", i64, "c", i64>
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %v0 = weir.list.getitem %vs[%i0] : !weir.list<i64, i64, i64> -> i64
  %v1 = weir.list.getitem %vs[%i1] : !weir.list<i64, i64, i64> -> i64
  %v2 = weir.list.getitem %vs[%i2] : !weir.list<i64, i64, i64> -> i64
  %n = weir.list.len %vs : !weir.list<i64, i64, i64>
  %its = weir.dict.items %u : !weir.dict<"a", i64, "b", i64, "c", i64> -> !weir.list<!weir.list<!weir.str, i64>, !weir.list<!weir.str, i64>, !weir.list<!weir.str, i64>>
  %pair = weir.list.getitem %its[%i1] : !weir.list<!weir.list<!weir.str, i64>, !weir.list<!weir.str, i64>, !weir.list<!weir.str, i64>> -> !weir.list<!weir.str, i64>
  %pv = weir.list.getitem %pair[%i1] : !weir.list<!weir.str, i64> -> i64
  return %v0, %v1, %v2, %n, %pv : i64, i64, i64, index, i64
}

// expected.txt "getitem -3: 10", "getitem 2: 30" (-n and n-1 of [10, 20, 30]).
// GETITEM: 10
// GETITEM-NEXT: 30
func.func @getitem() -> (i64, i64) {
  %c10 = arith.constant 10 : i64
  %c20 = arith.constant 20 : i64
  %c30 = arith.constant 30 : i64
  %l = weir.list [%c10, %c20, %c30] : i64, i64, i64
  %m3 = arith.constant -3 : index
  %p2 = arith.constant 2 : index
  %a = weir.list.getitem %l[%m3] : !weir.list<i64, i64, i64> -> i64
  %b = weir.list.getitem %l[%p2] : !weir.list<i64, i64, i64> -> i64
  return %a, %b : i64, i64
}

// expected.txt "insert: [10, 15, 20, 30]" (element 1), "pop: ([10, 20], 30)" (the popped
// value and the new length), "reverse: [30, 20, 10]" (element 0), "setitem: [10, 25, 30]"
// (element 1), "index: 1", "in: True", "dict get: 5" (the default).
// OTHERS: 15
// OTHERS-NEXT: 30
// OTHERS-NEXT: 2
// OTHERS-NEXT: 30
// OTHERS-NEXT: 25
// OTHERS-NEXT: 1
// OTHERS-NEXT: 1
// OTHERS-NEXT: 5
func.func @others() -> (i64, i64, index, i64, i64, index, i1, i64) {
  %c10 = arith.constant 10 : i64
  %c15 = arith.constant 15 : i64
  %c20 = arith.constant 20 : i64
  %c25 = arith.constant 25 : i64
  %c30 = arith.constant 30 : i64
  %c5 = arith.constant 5 : i64
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %m1 = arith.constant -1 : index
  %l = weir.list [%c10, %c20, %c30] : i64, i64, i64
  %ins = weir.list.insert %l[%i1], %c15 : !weir.list<i64, i64, i64>, i64 -> !weir.list<i64, i64, i64, i64>
  %a = weir.list.getitem %ins[%i1] : !weir.list<i64, i64, i64, i64> -> i64
  %rest, %p = weir.list.pop %l[%m1] : !weir.list<i64, i64, i64> -> !weir.list<i64, i64>, i64
  %rn = weir.list.len %rest : !weir.list<i64, i64>
  %rev = weir.list.reverse %l : !weir.list<i64, i64, i64>
  %r0 = weir.list.getitem %rev[%i0] : !weir.list<i64, i64, i64> -> i64
  %set = weir.list.setitem %l[%i1], %c25 : !weir.list<i64, i64, i64>, i64 -> !weir.list<i64, i64, i64>
  %s1 = weir.list.getitem %set[%i1] : !weir.list<i64, i64, i64> -> i64
  %ix = weir.list.index %l, %c20 : !weir.list<i64, i64, i64>, i64
  %in = weir.list.contains %l, %c30 : !weir.list<i64, i64, i64>, i64
  %d = weir.dict ["a" = %c10] : i64
  %g = weir.dict.get %d["z"], %c5 : !weir.dict<"a", i64>, i64
  return %a, %p, %rn, %r0, %s1, %ix, %in, %g : i64, i64, index, i64, i64, index, i1, i64
}
