// SEMANTICS.md E2 ("IfInFor"): out = 0; for i in 0..3 { if x+i < y {out += x} else {out += y}; out += 1 }
// with x = 0, y = 1. By hand: i=0: 0<1, out = 0+0+1 = 1; i=1: 1<1 no, out = 1+1+1 = 3;
// i=2: no, out = 3+1+1 = 5. Answer 5.
// RUN: cf-run %s --arg '0 : i32' --arg '1 : i32' | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-run - --arg '0 : i32' --arg '1 : i32' | FileCheck %s
// RUN: cf-opt %s --convert-scf-to-cf | cf-run - --arg '0 : i32' --arg '1 : i32' | FileCheck %s
// CHECK: {{^}}5{{$}}

func.func @main(%x: i32, %y: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %out = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (i32) {
    %ii = arith.index_cast %i : index to i32
    %s = arith.addi %x, %ii : i32
    %lt = arith.cmpi slt, %s, %y : i32
    %a = scf.if %lt -> (i32) {
      %t = arith.addi %acc, %x : i32
      scf.yield %t : i32
    } else {
      %e = arith.addi %acc, %y : i32
      scf.yield %e : i32
    }
    %b = arith.addi %a, %one : i32
    scf.yield %b : i32
  }
  return %out : i32
}
