// SEMANTICS.md E4 ("IfInWhile", variable condition): i is a runtime input (0), out starts at x;
// while i < 3 { if x+i < y {out += x} else {out += y}; out += 1; i += 1 } with x = 0, y = 1.
// Same arithmetic as E2 by hand: 5. The while stays a loop (i is not known at compile time).
// RUN: cf-run %s --arg '0 : i32' --arg '1 : i32' --arg '0 : i32' | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-run - --arg '0 : i32' --arg '1 : i32' --arg '0 : i32' | FileCheck %s
// RUN: cf-opt %s --convert-scf-to-cf | cf-run - --arg '0 : i32' --arg '1 : i32' --arg '0 : i32' | FileCheck %s
// RUN: cf-opt %s --convert-scf-to-cf | FileCheck %s --check-prefix=CFG
// CHECK: {{^}}5{{$}}
// CFG-NOT: scf.
// CFG: cf.cond_br

func.func @main(%x: i32, %y: i32, %i0: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %r:2 = scf.while (%i = %i0, %out = %x) : (i32, i32) -> (i32, i32) {
    %lt = arith.cmpi slt, %i, %c3 : i32
    scf.condition(%lt) %i, %out : i32, i32
  } do {
  ^bb0(%i: i32, %out: i32):
    %s = arith.addi %x, %i : i32
    %c = arith.cmpi slt, %s, %y : i32
    %a = scf.if %c -> (i32) {
      %t = arith.addi %out, %x : i32
      scf.yield %t : i32
    } else {
      %e = arith.addi %out, %y : i32
      scf.yield %e : i32
    }
    %b = arith.addi %a, %c1 : i32
    %i2 = arith.addi %i, %c1 : i32
    scf.yield %i2, %b : i32, i32
  }
  return %r#1 : i32
}
