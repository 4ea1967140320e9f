// A loop that carries a list in its iter_args (Python's `for i in range(len(xs)): xs[i] *= 2`
// and `for i in range(3): ys[i + 1] = i * 10`) is fully unrolled by --canonicalize, which then
// resolves the list: no loop and no container op is left. A loop running past the list's
// end whose body is guarded by `i < len(xs)` unrolls too, and the guard folds. Expected
// values: expected.py (Python), stored in expected.txt "carried setitem: [2, 4, 6]",
// "carried writes: [7, 0, 10, 20]", "guarded past end: 6".
// RUN: cf-opt %s --canonicalize="remarks=true" 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: cf-opt %s --canonicalize | FileCheck %s --check-prefix=IR
// RUN: cf-opt %s --canonicalize | cf-run - -e setitem --arg '1 : i64' --arg '2 : i64' --arg '3 : i64' | FileCheck %s --check-prefix=SET
// RUN: cf-opt %s --canonicalize | cf-run - -e writes | FileCheck %s --check-prefix=WRITES
// RUN: cf-opt %s --canonicalize | cf-run - -e guarded --arg '1 : i64' --arg '2 : i64' --arg '3 : i64' | FileCheck %s --check-prefix=GUARD

// REMARK: remark: loop carrying a compile-time container: unrolled, 3 copies
// REMARK: remark: loop carrying a compile-time container: unrolled, 3 copies
// REMARK: remark: loop over a compile-time list: unrolled, 5 copies
// IR-NOT: scf.
// IR-NOT: weir.
// SET: 2
// SET-NEXT: 4
// SET-NEXT: 6
// SET-NOT: {{.}}
// WRITES: 4
// WRITES-NEXT: 7
// WRITES-NEXT: 0
// WRITES-NEXT: 10
// WRITES-NEXT: 20
// WRITES-NOT: {{.}}
// GUARD: 6
// GUARD-NOT: {{.}}

func.func @setitem(%a: i64, %b: i64, %c: i64) -> (i64, i64, i64) {
  %l = weir.list [%a, %b, %c] : i64, i64, i64
  %n = weir.list.len %l : !weir.list<i64, i64, i64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %two = arith.constant 2 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %l) -> (!weir.list<i64, i64, i64>) {
    %x = weir.list.getitem %acc[%i] : !weir.list<i64, i64, i64> -> i64
    %y = arith.muli %x, %two : i64
    %m = weir.list.setitem %acc[%i], %y : !weir.list<i64, i64, i64>, i64 -> !weir.list<i64, i64, i64>
    scf.yield %m : !weir.list<i64, i64, i64>
  }
  %r0 = weir.list.getitem %r[%c0] : !weir.list<i64, i64, i64> -> i64
  %r1 = weir.list.getitem %r[%c1] : !weir.list<i64, i64, i64> -> i64
  %r2 = weir.list.getitem %r[%c2] : !weir.list<i64, i64, i64> -> i64
  return %r0, %r1, %r2 : i64, i64, i64
}

// An scf.for's loop-carried type cannot change, so `ys.append(x)` in a loop is not written
// as one (the frontend unrolls such a loop itself); a loop writing into a list of a fixed
// length is: ys = [7, 0, 0, 0]; for i in range(3): ys[i + 1] = i * 10.
func.func @writes() -> (index, i64, i64, i64, i64) {
  %seven = arith.constant 7 : i64
  %ten = arith.constant 10 : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0 : i64
  %l = weir.list [%seven, %zero, %zero, %zero] : i64, i64, i64, i64
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %l) -> (!weir.list<i64, i64, i64, i64>) {
    %ii = arith.index_cast %i : index to i64
    %v = arith.muli %ii, %ten : i64
    %p = arith.addi %i, %c1 : index
    %m = weir.list.setitem %acc[%p], %v : !weir.list<i64, i64, i64, i64>, i64 -> !weir.list<i64, i64, i64, i64>
    scf.yield %m : !weir.list<i64, i64, i64, i64>
  }
  %n = weir.list.len %r : !weir.list<i64, i64, i64, i64>
  %r0 = weir.list.getitem %r[%c0] : !weir.list<i64, i64, i64, i64> -> i64
  %r1 = weir.list.getitem %r[%c1] : !weir.list<i64, i64, i64, i64> -> i64
  %r2 = weir.list.getitem %r[%c2] : !weir.list<i64, i64, i64, i64> -> i64
  %r3 = weir.list.getitem %r[%c3] : !weir.list<i64, i64, i64, i64> -> i64
  return %n, %r0, %r1, %r2, %r3 : index, i64, i64, i64, i64
}

func.func @guarded(%a: i64, %b: i64, %c: i64) -> i64 {
  %l = weir.list [%a, %b, %c] : i64, i64, i64
  %n = weir.list.len %l : !weir.list<i64, i64, i64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %z = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%s = %z) -> (i64) {
    %in = arith.cmpi slt, %i, %n : index
    %v = scf.if %in -> (i64) {
      %x = weir.list.getitem %l[%i] : !weir.list<i64, i64, i64> -> i64
      %t = arith.addi %s, %x : i64
      scf.yield %t : i64
    } else {
      scf.yield %s : i64
    }
    scf.yield %v : i64
  }
  return %r : i64
}
