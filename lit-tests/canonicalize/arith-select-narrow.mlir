// arith canonicalization (issue 8): select of constants to extui / xori, redundant nested selects,
// select on `not c` swapped; cmpi eq/ne, andi, ori, xori of two equal extensions narrowed to the
// source type; a & (a & b), a ^ (a ^ b); maxnumf/minnumf with NaN; mulf/divf of two negf;
// divui/divsi of a no-wrap muli (MLIR 22 ArithOps.cpp folders and ArithCanonicalization.td).
// The CHECK lines are mlir-opt 22's --canonicalize output for this file.
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s
//
// Semantics preserved, by hand:
// selects(true, 7, 9) = (1, 0, 7, 7, 9, false); selects(false, 7, 9) = (0, 1, 9, 7, 7, true)
// (%m0 = select false, 9, 7 = 7).
// RUN: cf-run %s -e selects --arg true --arg '7 : i32' --arg '9 : i32' | FileCheck %s --check-prefix=SELT
// RUN: cf-opt %s --canonicalize | cf-run - -e selects --arg true --arg '7 : i32' --arg '9 : i32' | FileCheck %s --check-prefix=SELT
// RUN: cf-run %s -e selects --arg false --arg '7 : i32' --arg '9 : i32' | FileCheck %s --check-prefix=SELF
// RUN: cf-opt %s --canonicalize | cf-run - -e selects --arg false --arg '7 : i32' --arg '9 : i32' | FileCheck %s --check-prefix=SELF
// SELT: 1
// SELT-NEXT: 0
// SELT-NEXT: 7
// SELT-NEXT: 7
// SELT-NEXT: 9
// SELT-NEXT: 0
// SELF: 0
// SELF-NEXT: 1
// SELF-NEXT: 9
// SELF-NEXT: 7
// SELF-NEXT: 7
// SELF-NEXT: 1
// narrow(-3, 5): -3 != 5; not equal; 0b11111101 & 0b101 = 5; 253 | 5 = 253;
// 0b11111101 ^ 0b101 = 0b11111000 = -8; -3 < 5; extsi(-3) & extui(5) = 5.
// RUN: cf-run %s -e narrow --arg '-3 : i8' --arg '5 : i8' | FileCheck %s --check-prefix=NARROW
// RUN: cf-opt %s --canonicalize | cf-run - -e narrow --arg '-3 : i8' --arg '5 : i8' | FileCheck %s --check-prefix=NARROW
// NARROW: 1
// NARROW-NEXT: 0
// NARROW-NEXT: 5
// NARROW-NEXT: 253
// NARROW-NEXT: -8
// NARROW-NEXT: 1
// NARROW-NEXT: 5
// bitwise(12, 10): 12 & 10 = 8 (twice); 12 ^ (12 ^ 10) = 10; 10 ^ (12 ^ 10) = 12.
// RUN: cf-run %s -e bitwise --arg '12 : i32' --arg '10 : i32' | FileCheck %s --check-prefix=BIT
// RUN: cf-opt %s --canonicalize | cf-run - -e bitwise --arg '12 : i32' --arg '10 : i32' | FileCheck %s --check-prefix=BIT
// BIT: 8
// BIT-NEXT: 8
// BIT-NEXT: 10
// BIT-NEXT: 12
// floats(3, -2): minnumf(NaN, 3) = 3; maxnumf(3, NaN) = 3; (-3) * 2 = -6; (-3) / 2 = -1.5.
// RUN: cf-run %s -e floats --arg '3.0 : f32' --arg '-2.0 : f32' | FileCheck %s --check-prefix=FLT
// RUN: cf-opt %s --canonicalize | cf-run - -e floats --arg '3.0 : f32' --arg '-2.0 : f32' | FileCheck %s --check-prefix=FLT
// FLT: 3.0
// FLT-NEXT: 3.0
// FLT-NEXT: -6.0
// FLT-NEXT: -1.5
// div_of_mul(6, 7): 42 / 7 = 6; 42 / 6 = 7; 42 / 7 = 6.
// RUN: cf-run %s -e div_of_mul --arg '6 : i32' --arg '7 : i32' | FileCheck %s --check-prefix=DIV
// RUN: cf-opt %s --canonicalize | cf-run - -e div_of_mul --arg '6 : i32' --arg '7 : i32' | FileCheck %s --check-prefix=DIV
// DIV: 6
// DIV-NEXT: 7
// DIV-NEXT: 6

// CHECK-LABEL: func.func @selects(
// CHECK-SAME: %[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT: %[[S1:.*]] = arith.extui %[[C]] : i1 to i32
// CHECK-NEXT: %[[NOT:.*]] = arith.xori %[[C]], %[[TRUE]] : i1
// CHECK-NEXT: %[[S2:.*]] = arith.extui %[[NOT]] : i1 to i32
// CHECK-NEXT: %[[N:.*]] = arith.select %[[C]], %[[A]], %[[B]] : i32
// CHECK-NEXT: %[[Q:.*]] = arith.select %[[C]], %[[B]], %[[A]] : i32
// CHECK-NEXT: %[[T:.*]] = arith.xori %[[C]], %[[TRUE]] : i1
// CHECK-NEXT: return %[[S1]], %[[S2]], %[[N]], %[[A]], %[[Q]], %[[T]] :
func.func @selects(%c: i1, %a: i32, %b: i32) -> (i32, i32, i32, i32, i32, i1) {
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %true = arith.constant true
  %false = arith.constant false
  %s1 = arith.select %c, %one, %zero : i32
  %s2 = arith.select %c, %zero, %one : i32
  %n0 = arith.select %c, %a, %b : i32
  %n = arith.select %c, %n0, %b : i32
  %m0 = arith.select %c, %b, %a : i32
  %m = arith.select %c, %a, %m0 : i32
  %nc = arith.xori %c, %true : i1
  %q = arith.select %nc, %a, %b : i32
  %t = arith.select %c, %false, %true : i1
  return %s1, %s2, %n, %m, %q, %t : i32, i32, i32, i32, i32, i1
}

// cmpi slt and mixed extensions are not narrowed.
// CHECK-LABEL: func.func @narrow(
// CHECK-SAME: %[[A:.*]]: i8, %[[B:.*]]: i8)
// CHECK-NEXT: %[[X:.*]] = arith.extsi %[[A]] : i8 to i64
// CHECK-NEXT: %[[Y:.*]] = arith.extsi %[[B]] : i8 to i64
// CHECK-NEXT: %[[V:.*]] = arith.extui %[[B]] : i8 to i64
// CHECK-NEXT: %[[C1:.*]] = arith.cmpi ne, %[[A]], %[[B]] : i8
// CHECK-NEXT: %[[C2:.*]] = arith.cmpi eq, %[[A]], %[[B]] : i8
// CHECK-NEXT: %[[R1N:.*]] = arith.andi %[[A]], %[[B]] : i8
// CHECK-NEXT: %[[R1:.*]] = arith.extsi %[[R1N]] : i8 to i64
// CHECK-NEXT: %[[R2N:.*]] = arith.ori %[[A]], %[[B]] : i8
// CHECK-NEXT: %[[R2:.*]] = arith.extui %[[R2N]] : i8 to i64
// CHECK-NEXT: %[[R3N:.*]] = arith.xori %[[A]], %[[B]] : i8
// CHECK-NEXT: %[[R3:.*]] = arith.extsi %[[R3N]] : i8 to i64
// CHECK-NEXT: %[[C3:.*]] = arith.cmpi slt, %[[X]], %[[Y]] : i64
// CHECK-NEXT: %[[R4:.*]] = arith.andi %[[X]], %[[V]] : i64
// CHECK-NEXT: return %[[C1]], %[[C2]], %[[R1]], %[[R2]], %[[R3]], %[[C3]], %[[R4]] :
func.func @narrow(%a: i8, %b: i8) -> (i1, i1, i64, i64, i64, i1, i64) {
  %x = arith.extsi %a : i8 to i64
  %y = arith.extsi %b : i8 to i64
  %u = arith.extui %a : i8 to i64
  %v = arith.extui %b : i8 to i64
  %c1 = arith.cmpi ne, %x, %y : i64
  %c2 = arith.cmpi eq, %u, %v : i64
  %r1 = arith.andi %x, %y : i64
  %r2 = arith.ori %u, %v : i64
  %r3 = arith.xori %x, %y : i64
  %c3 = arith.cmpi slt, %x, %y : i64
  %r4 = arith.andi %x, %v : i64
  return %c1, %c2, %r1, %r2, %r3, %c3, %r4 : i1, i1, i64, i64, i64, i1, i64
}

// CHECK-LABEL: func.func @bitwise(
// CHECK-SAME: %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-NEXT: %[[AND:.*]] = arith.andi %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[AND]], %[[AND]], %[[B]], %[[A]] :
func.func @bitwise(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %0 = arith.andi %a, %b : i32
  %1 = arith.andi %a, %0 : i32
  %2 = arith.andi %0, %b : i32
  %3 = arith.xori %a, %b : i32
  %4 = arith.xori %a, %3 : i32
  %5 = arith.xori %b, %3 : i32
  return %1, %2, %4, %5 : i32, i32, i32, i32
}

// The flags of the mulf are kept.
// CHECK-LABEL: func.func @floats(
// CHECK-SAME: %[[X:.*]]: f32, %[[Y:.*]]: f32)
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[X]], %[[Y]] fastmath<nnan> : f32
// CHECK-NEXT: %[[D:.*]] = arith.divf %[[X]], %[[Y]] : f32
// CHECK-NEXT: return %[[X]], %[[X]], %[[M]], %[[D]] :
func.func @floats(%x: f32, %y: f32) -> (f32, f32, f32, f32) {
  %nan = arith.constant 0x7FC00000 : f32
  %a = arith.minnumf %nan, %x : f32
  %b = arith.maxnumf %x, %nan : f32
  %nx = arith.negf %x : f32
  %ny = arith.negf %y : f32
  %c = arith.mulf %nx, %ny fastmath<nnan> : f32
  %d = arith.divf %nx, %ny : f32
  return %a, %b, %c, %d : f32, f32, f32, f32
}

// Without `nuw` the product may wrap: (a * b) / b stays.
// CHECK-LABEL: func.func @div_of_mul(
// CHECK-SAME: %[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[A]], %[[B]] : i32
// CHECK-NEXT: %[[D:.*]] = arith.divui %[[M]], %[[B]] : i32
// CHECK-NEXT: return %[[A]], %[[B]], %[[D]] :
func.func @div_of_mul(%a: i32, %b: i32) -> (i32, i32, i32) {
  %0 = arith.muli %a, %b overflow<nuw> : i32
  %1 = arith.divui %0, %b : i32
  %2 = arith.muli %a, %b overflow<nsw> : i32
  %3 = arith.divsi %2, %a : i32
  %4 = arith.muli %a, %b : i32
  %5 = arith.divui %4, %b : i32
  return %1, %3, %5 : i32, i32, i32
}
