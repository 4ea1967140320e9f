// SEMANTICS.md E3 ("IfInWhile", constant): i = 0; out = x; while i < 3 { if x+i < y {out += x}
// else {out += y}; out += 1; i += 1 } with x = 0, y = 1 -> 5 by hand (as E2). The trip count
// (3) is decidable at compile time, so the while unrolls fully: three copies of the body, the
// three scf.if stay (x, y are runtime values).
// RUN: cf-opt %s --scf-unroll="full=true remarks=true" --verify-diagnostics | FileCheck %s
// RUN: cf-opt %s --scf-unroll="full=true" | cf-run - --arg '0 : i32' --arg '1 : i32' | FileCheck %s --check-prefix=OUT
// RUN: cf-run %s --arg '0 : i32' --arg '1 : i32' | FileCheck %s --check-prefix=OUT
// CHECK-LABEL: func.func @main
// CHECK-NOT: scf.while
// CHECK-COUNT-3: scf.if
// CHECK-NOT: scf.if
// CHECK: return
// OUT: {{^}}5{{$}}

func.func @main(%x: i32, %y: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  // expected-remark@+1 {{unrolled: trip count 3, 3 copies}}
  %r:2 = scf.while (%i = %c0, %out = %x) : (i32, i32) -> (i32, i32) {
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
