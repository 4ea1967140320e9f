// SEMANTICS.md E2 fully unrolled: the scf.for (constant trip count 3) becomes three copies of
// its body; the three scf.if stay (their condition x+i < y depends on the runtime x, y).
// Right answer by hand (x = 0, y = 1): 5 (see lit-tests/run/if-in-for.mlir).
// RUN: cf-opt %s --scf-unroll="full=true" | FileCheck %s
// RUN: cf-opt %s --scf-unroll="full=true" | cf-run - --arg '0 : i32' --arg '1 : i32' | FileCheck %s --check-prefix=OUT
// RUN: cf-opt %s --scf-unroll="full=true remarks=true" --verify-diagnostics > /dev/null
// CHECK-LABEL: func.func @main
// CHECK-NOT: scf.for
// CHECK-COUNT-3: scf.if
// CHECK-NOT: scf.if
// CHECK: return
// OUT: {{^}}5{{$}}

func.func @main(%x: i32, %y: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  // expected-remark@+1 {{unrolled: trip count 3, 3 copies}}
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
