// arith canonicalization patterns (issue 3): constants move to the right of commutative ops and
// of cmpi (predicate swapped); integer constants are reassociated (MLIR ArithCanonicalization.td);
// xori(cmpi, true) inverts the predicate. The CHECK lines are mlir-opt 22's --canonicalize output
// for this file, except @no_overflow_flags_kept (see there).
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s
//
// Semantics preserved, by hand: reassociate(10) = (13+4, 7+4, -7+4, 13-4, 7-4, -7-4, 4-13, 4-7,
// 4+7, 30*4) = 17, 11, -3, 9, 3, -11, -9, -3, 11, 120; their sum is 145.
// no_overflow_flags_kept(-100) = (-100 + 100) + 100 = 100.
// RUN: cf-run %s -e sum --arg '10 : i32' | FileCheck %s --check-prefix=SUM
// RUN: cf-opt %s --canonicalize | cf-run - -e sum --arg '10 : i32' | FileCheck %s --check-prefix=SUM
// RUN: cf-opt %s --canonicalize | cf-run - -e no_overflow_flags_kept --arg '-100 : i8' | FileCheck %s --check-prefix=HUNDRED
// SUM: {{^}}145{{$}}
// HUNDRED: {{^}}100{{$}}

// CHECK-LABEL: func.func @reassociate(
// CHECK-SAME: %[[X:.*]]: i32)
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : i32
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[CM1:.*]] = arith.constant -1 : i32
// CHECK-DAG: %[[C12:.*]] = arith.constant 12 : i32
// CHECK: %[[R1:.*]] = arith.addi %[[X]], %[[C7]] : i32
// CHECK: %[[R2:.*]] = arith.addi %[[X]], %[[C1]] : i32
// CHECK: %[[R3:.*]] = arith.subi %[[C7]], %[[X]] : i32
// CHECK: %[[R4:.*]] = arith.addi %[[X]], %[[CM1]] : i32
// CHECK: %[[R5:.*]] = arith.subi %[[X]], %[[C7]] : i32
// CHECK: %[[R6:.*]] = arith.subi %[[CM1]], %[[X]] : i32
// CHECK: %[[R7:.*]] = arith.subi %[[C1]], %[[X]] : i32
// CHECK: %[[R8:.*]] = arith.subi %[[C7]], %[[X]] : i32
// CHECK: %[[R9:.*]] = arith.addi %[[X]], %[[C1]] : i32
// CHECK: %[[R10:.*]] = arith.muli %[[X]], %[[C12]] : i32
// CHECK: return %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]], %[[R6]], %[[R7]], %[[R8]], %[[R9]], %[[R10]] :
func.func @reassociate(%x: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %i1 = arith.addi %x, %c3 : i32
  %i2 = arith.subi %x, %c3 : i32
  %i3 = arith.subi %c3, %x : i32
  %i4 = arith.muli %c3, %x : i32
  %r1 = arith.addi %c4, %i1 : i32
  %r2 = arith.addi %i2, %c4 : i32
  %r3 = arith.addi %i3, %c4 : i32
  %r4 = arith.subi %i1, %c4 : i32
  %r5 = arith.subi %i2, %c4 : i32
  %r6 = arith.subi %i3, %c4 : i32
  %r7 = arith.subi %c4, %i1 : i32
  %r8 = arith.subi %c4, %i2 : i32
  %r9 = arith.subi %c4, %i3 : i32
  %r10 = arith.muli %i4, %c4 : i32
  return %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}

func.func @sum(%x: i32) -> i32 {
  %r:10 = call @reassociate(%x) : (i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)
  %s1 = arith.addi %r#0, %r#1 : i32
  %s2 = arith.addi %s1, %r#2 : i32
  %s3 = arith.addi %s2, %r#3 : i32
  %s4 = arith.addi %s3, %r#4 : i32
  %s5 = arith.addi %s4, %r#5 : i32
  %s6 = arith.addi %s5, %r#6 : i32
  %s7 = arith.addi %s6, %r#7 : i32
  %s8 = arith.addi %s7, %r#8 : i32
  %s9 = arith.addi %s8, %r#9 : i32
  return %s9 : i32
}

// CHECK-LABEL: func.func @negation_and_predicates(
// CHECK-SAME: %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : i32
// CHECK: %[[A:.*]] = arith.subi %[[X]], %[[Y]] : i32
// CHECK: %[[B:.*]] = arith.subi %[[Y]], %[[X]] : i32
// CHECK: %[[C:.*]] = arith.subi %[[C0]], %[[Y]] : i32
// CHECK: %[[D:.*]] = arith.cmpi sge, %[[X]], %[[Y]] : i32
// CHECK: %[[E:.*]] = arith.cmpi sgt, %[[X]], %[[C5]] : i32
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]] :
func.func @negation_and_predicates(%x: i32, %y: i32) -> (i32, i32, i32, i1, i1) {
  %m = arith.constant -1 : i32
  %t = arith.constant true
  %c5 = arith.constant 5 : i32
  %n = arith.muli %y, %m : i32
  %a = arith.addi %x, %n : i32
  %n2 = arith.muli %x, %m : i32
  %b = arith.addi %n2, %y : i32
  %s = arith.subi %x, %y : i32
  %c = arith.subi %s, %x : i32
  %lt = arith.cmpi slt, %x, %y : i32
  %d = arith.xori %lt, %t : i1
  %e = arith.cmpi slt, %c5, %x : i32
  return %a, %b, %c, %d, %e : i32, i32, i32, i1, i1
}

// MLIR 22 keeps the shared nsw flag on the combined add, x +nsw -56, which overflows for
// x = -100 where the original (x + 100) + 100 = 100 does not: poison. Weir drops the flags.
// CHECK-LABEL: func.func @no_overflow_flags_kept(
// CHECK-SAME: %[[X:.*]]: i8)
// CHECK: %[[R:.*]] = arith.addi %[[X]], %{{.*}} : i8
// CHECK-NOT: overflow
// CHECK: return %[[R]] : i8
func.func @no_overflow_flags_kept(%x: i8) -> i8 {
  %c = arith.constant 100 : i8
  %a = arith.addi %x, %c overflow<nsw> : i8
  %b = arith.addi %a, %c overflow<nsw> : i8
  return %b : i8
}
