// SEMANTICS.md E8: (i, (j, k)) = (0, (1, 2)); while i < 10 { (i, (j, k)) = (i+1, (j+k, j-k)) }.
// The nested tuple is flattened into three carried values. By hand the (j, k) sequence is
// (3,-1) (2,4) (6,-2) (4,8) (12,-4) (8,16) (24,-8) (16,32) (48,-16) (32,64): the answer is (32, 64).
// RUN: cf-run %s | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-run - | FileCheck %s
// RUN: cf-opt %s --convert-scf-to-cf | cf-run - | FileCheck %s
// CHECK: {{^}}32{{$}}
// CHECK-NEXT: {{^}}64{{$}}

func.func @main() -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c10 = arith.constant 10 : i32
  %r:3 = scf.while (%i = %c0, %j = %c1, %k = %c2) : (i32, i32, i32) -> (i32, i32, i32) {
    %lt = arith.cmpi slt, %i, %c10 : i32
    scf.condition(%lt) %i, %j, %k : i32, i32, i32
  } do {
  ^bb0(%i: i32, %j: i32, %k: i32):
    %i2 = arith.addi %i, %c1 : i32
    %j2 = arith.addi %j, %k : i32
    %k2 = arith.subi %j, %k : i32
    scf.yield %i2, %j2, %k2 : i32, i32, i32
  }
  return %r#1, %r#2 : i32, i32
}
