// arith.addui_extended, mului_extended, mulsi_extended (issue 8): custom syntax round trip,
// JIT values, folders (constants, x + 0, x * 0, x * 1) and patterns (unused carry/high result ->
// addi/muli; mulsi_extended x, 1 -> x, extsi(x < 0), not on i1). The CHECK lines are
// mlir-opt 22's --canonicalize output for this file, except that mlir-opt names the results
// (`%sum, %overflow`, `%low, %high`) where Weir prints `%0:2` and `%0#1`.
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s
// RUN: cf-opt %s | FileCheck %s --check-prefix=ROUND
// ROUND: %[[A:.*]]:2 = arith.addui_extended %arg0, %arg1 : i32, i1
// ROUND-NEXT: %[[M:.*]]:2 = arith.mului_extended %arg0, %arg1 : i32
// ROUND-NEXT: %[[S:.*]]:2 = arith.mulsi_extended %arg0, %arg1 : i32
// ROUND-NEXT: return %[[A]]#0, %[[A]]#1, %[[M]]#0, %[[M]]#1, %[[S]]#0, %[[S]]#1 :
//
// Values by hand. extended_values(-7, 2000000000): as unsigned -7 is 4294967289;
// sum 6294967289 - 2^32 = 1999999993, carry 1; 4294967289 * 2e9 = 8589934578000000000
// = 1999999996 * 2^32 + 3179869184, low 3179869184 - 2^32 = -1115098112, high 1999999996;
// signed -7 * 2e9 = -14000000000 = -4 * 2^32 + 3179869184: low -1115098112, high -4.
// extended_constants() folds the same operands, so it prints the same values.
// RUN: cf-run %s -e extended_values --arg '-7 : i32' --arg '2000000000 : i32' | FileCheck %s --check-prefix=V32
// RUN: cf-opt %s --canonicalize | cf-run - -e extended_values --arg '-7 : i32' --arg '2000000000 : i32' | FileCheck %s --check-prefix=V32
// RUN: cf-run %s -e extended_constants | FileCheck %s --check-prefix=V32
// RUN: cf-opt %s --canonicalize | cf-run - -e extended_constants | FileCheck %s --check-prefix=V32
// V32: 1999999993
// V32-NEXT: 1
// V32-NEXT: -1115098112
// V32-NEXT: 1999999996
// V32-NEXT: -1115098112
// V32-NEXT: -4
// extended_i7(-3, 50): -3 is 125 unsigned; 125 + 50 = 175 = 128 + 47: sum 47, carry 1;
// 125 * 50 = 6250 = 48 * 128 + 106: low 106 = -22 as i7, high 48; -3 * 50 = -150 = -2 * 128 + 106:
// low -22, high -2.
// RUN: cf-run %s -e extended_i7 --arg '-3 : i7' --arg '50 : i7' | FileCheck %s --check-prefix=V7
// RUN: cf-opt %s --canonicalize | cf-run - -e extended_i7 --arg '-3 : i7' --arg '50 : i7' | FileCheck %s --check-prefix=V7
// V7: 47
// V7-NEXT: 1
// V7-NEXT: -22
// V7-NEXT: 48
// V7-NEXT: -22
// V7-NEXT: -2
// extended_i64(-1, -1): (2^64 - 1) + (2^64 - 1) = 2^64 + (2^64 - 2): sum -2, carry 1;
// (2^64 - 1)^2 = (2^64 - 2) * 2^64 + 1: low 1, high -2; signed (-1) * (-1) = 1: low 1, high 0.
// RUN: cf-run %s -e extended_i64 --arg '-1 : i64' --arg '-1 : i64' | FileCheck %s --check-prefix=V64
// RUN: cf-opt %s --canonicalize | cf-run - -e extended_i64 --arg '-1 : i64' --arg '-1 : i64' | FileCheck %s --check-prefix=V64
// V64: -2
// V64-NEXT: 1
// V64-NEXT: 1
// V64-NEXT: -2
// V64-NEXT: 1
// V64-NEXT: 0
// extended_identities(-5, 9, true): -5, false; -5, 0; -5, high -1 (all sign bits); 0, 0;
// i1 true * true: signed (-1) * (-1) = 1 = 0b01: low 1, high 0; -5 + 9 = 4.
// RUN: cf-run %s -e extended_identities --arg '-5 : i32' --arg '9 : i32' --arg true | FileCheck %s --check-prefix=ID
// RUN: cf-opt %s --canonicalize | cf-run - -e extended_identities --arg '-5 : i32' --arg '9 : i32' --arg true | FileCheck %s --check-prefix=ID
// ID: -5
// ID-NEXT: 0
// ID-NEXT: -5
// ID-NEXT: 0
// ID-NEXT: -5
// ID-NEXT: -1
// ID-NEXT: 0
// ID-NEXT: 0
// ID-NEXT: 1
// ID-NEXT: 0
// ID-NEXT: 4

// CHECK-LABEL: func.func @extended_values(
// CHECK-NEXT: %[[A:.*]]:2 = arith.addui_extended %arg0, %arg1 : i32, i1
// CHECK-NEXT: %[[M:.*]]:2 = arith.mului_extended %arg0, %arg1 : i32
// CHECK-NEXT: %[[S:.*]]:2 = arith.mulsi_extended %arg0, %arg1 : i32
// CHECK-NEXT: return %[[A]]#0, %[[A]]#1, %[[M]]#0, %[[M]]#1, %[[S]]#0, %[[S]]#1 :
func.func @extended_values(%a: i32, %b: i32) -> (i32, i1, i32, i32, i32, i32) {
  %s, %o = arith.addui_extended %a, %b : i32, i1
  %l, %h = arith.mului_extended %a, %b : i32
  %l2, %h2 = arith.mulsi_extended %a, %b : i32
  return %s, %o, %l, %h, %l2, %h2 : i32, i1, i32, i32, i32, i32
}

// CHECK-LABEL: func.func @extended_i7(
func.func @extended_i7(%a: i7, %b: i7) -> (i7, i1, i7, i7, i7, i7) {
  %s, %o = arith.addui_extended %a, %b : i7, i1
  %l, %h = arith.mului_extended %a, %b : i7
  %l2, %h2 = arith.mulsi_extended %a, %b : i7
  return %s, %o, %l, %h, %l2, %h2 : i7, i1, i7, i7, i7, i7
}

// CHECK-LABEL: func.func @extended_i64(
func.func @extended_i64(%a: i64, %b: i64) -> (i64, i1, i64, i64, i64, i64) {
  %s, %o = arith.addui_extended %a, %b : i64, i1
  %l, %h = arith.mului_extended %a, %b : i64
  %l2, %h2 = arith.mulsi_extended %a, %b : i64
  return %s, %o, %l, %h, %l2, %h2 : i64, i1, i64, i64, i64, i64
}

// CHECK-LABEL: func.func @extended_identities(
// CHECK-SAME: %[[A:.*]]: i32, %[[B:.*]]: i32, %[[T:.*]]: i1)
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[A]], %[[ZERO]] : i32
// CHECK-NEXT: %[[HIGH:.*]] = arith.extsi %[[NEG]] : i1 to i32
// CHECK-NEXT: %[[I1:.*]]:2 = arith.mulsi_extended %[[T]], %[[TRUE]] : i1
// CHECK-NEXT: %[[SUM:.*]] = arith.addi %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[A]], %[[FALSE]], %[[A]], %[[ZERO]], %[[A]], %[[HIGH]], %[[ZERO]], %[[ZERO]], %[[I1]]#0, %[[I1]]#1, %[[SUM]] :
func.func @extended_identities(%a: i32, %b: i32, %t: i1) -> (i32, i1, i32, i32, i32, i32, i32, i32, i1, i1, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %true = arith.constant true
  %s, %o = arith.addui_extended %a, %c0 : i32, i1
  %l, %h = arith.mului_extended %c1, %a : i32
  %l2, %h2 = arith.mulsi_extended %a, %c1 : i32
  %l3, %h3 = arith.mulsi_extended %c0, %a : i32
  %l4, %h4 = arith.mulsi_extended %t, %true : i1
  %s5, %o5 = arith.addui_extended %a, %b : i32, i1
  return %s, %o, %l, %h, %l2, %h2, %l3, %h3, %l4, %h4, %s5 : i32, i1, i32, i32, i32, i32, i32, i32, i1, i1, i32
}

// CHECK-LABEL: func.func @extended_constants(
// CHECK-DAG: %[[S:.*]] = arith.constant 1999999993 : i32
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK-DAG: %[[L:.*]] = arith.constant -1115098112 : i32
// CHECK-DAG: %[[H:.*]] = arith.constant 1999999996 : i32
// CHECK-DAG: %[[HS:.*]] = arith.constant -4 : i32
// CHECK: return %[[S]], %[[TRUE]], %[[L]], %[[H]], %[[L]], %[[HS]] :
func.func @extended_constants() -> (i32, i1, i32, i32, i32, i32) {
  %m7 = arith.constant -7 : i32
  %big = arith.constant 2000000000 : i32
  %s, %o = arith.addui_extended %m7, %big : i32, i1
  %l, %h = arith.mului_extended %m7, %big : i32
  %l2, %h2 = arith.mulsi_extended %m7, %big : i32
  return %s, %o, %l, %h, %l2, %h2 : i32, i1, i32, i32, i32, i32
}
