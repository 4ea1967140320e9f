// SEMANTICS.md E7: i = 0; while i < 10 { i += 1 } -> 10 (by hand).
// RUN: cf-run %s | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-run - | FileCheck %s
// RUN: cf-opt %s --convert-scf-to-cf | cf-run - | FileCheck %s
// CHECK: {{^}}10{{$}}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %lt = arith.cmpi slt, %i, %c10 : i32
    scf.condition(%lt) %i : i32
  } do {
  ^bb0(%i: i32):
    %n = arith.addi %i, %c1 : i32
    scf.yield %n : i32
  }
  return %r : i32
}
