// Where canonicalize puts the constants it folds, as mlir-opt 22 does (the CHECK lines are its
// output): a constant folded from an op right after the entry block's hoisted constants stays
// after them, in fold order (@after_prefix); one folded from an op after a non-constant op goes
// to the front of the block (@after_other), so those come out in reverse fold order.
// RUN: cf-opt %s --canonicalize | FileCheck %s
// CHECK-LABEL: func.func @after_prefix() -> (i1, i32, i32, i8) {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c24_i32 = arith.constant 24 : i32
// CHECK-NEXT: %c144_i32 = arith.constant 144 : i32
// CHECK-NEXT: %c6_i8 = arith.constant 6 : i8
// CHECK-NEXT: return %true, %c24_i32, %c144_i32, %c6_i8 : i1, i32, i32, i8
// CHECK-NEXT: }
// CHECK-LABEL: func.func @after_other(%arg0: i32) -> (i32, i32, i32, i32) {
// CHECK-NEXT: %c100_i32 = arith.constant 100 : i32
// CHECK-NEXT: %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: return %0, %c3_i32, %c4_i32, %c100_i32 : i32, i32, i32, i32
func.func @after_prefix() -> (i1, i32, i32, i8) {
  %x = arith.constant 1.0 : f32
  %a = arith.cmpf oeq, %x, %x : f32
  %i = arith.constant 12 : i32
  %e = arith.addi %i, %i : i32
  %g = arith.muli %i, %i : i32
  %z = arith.constant 3 : i8
  %k = arith.addi %z, %z : i8
  return %a, %e, %g, %k : i1, i32, i32, i8
}
func.func @after_other(%a: i32) -> (i32, i32, i32, i32) {
  %0 = arith.addi %a, %a : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %s = arith.addi %c1, %c2 : i32
  %m = arith.muli %c2, %c2 : i32
  %k = arith.constant 10 : i32
  %n = arith.muli %k, %k : i32
  return %0, %s, %m, %n : i32, i32, i32, i32
}
