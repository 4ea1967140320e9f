// An i8 loop whose induction variable steps past 127 wraps around and runs on (MLIR scf.for
// semantics: iterate while iv < ub, iv += step with wrapping): 120, 123, 126, -127, ... until
// iv = 120 + 3k = 127 (mod 256), k = 173 trips; the i8 sum is 114 (upstream mlir-runner gives
// 114 and 173). The trip count is not ceil((127-120)/3) = 3, so unrolling by a factor must not
// assume it: the loop then runs unchanged in the epilogue.
// RUN: cf-run %s | FileCheck %s
// RUN: cf-opt %s --scf-unroll="factor=2" | cf-run - | FileCheck %s
// RUN: cf-opt %s --scf-unroll="factor=3" | cf-run - | FileCheck %s
// RUN: cf-opt %s --scf-unroll="full=true" | cf-run - | FileCheck %s
// RUN: cf-opt %s --scf-unroll="full=true remarks=true" --verify-diagnostics > /dev/null
// CHECK: {{^}}114{{$}}
// CHECK-NEXT: {{^}}173{{$}}

func.func @main() -> (i8, i32) {
  %lb = arith.constant 120 : i8
  %ub = arith.constant 127 : i8
  %st = arith.constant 3 : i8
  %c0 = arith.constant 0 : i8
  %z = arith.constant 0 : i32
  // expected-remark@+1 {{not unrolled: the bounds are constants, but the induction variable wraps around past its type's maximum}}
  %r:2 = scf.for %i = %lb to %ub step %st iter_args(%a = %c0, %n = %z) -> (i8, i32) : i8 {
    %a1 = arith.addi %a, %i : i8
    %c1 = arith.constant 1 : i32
    %n1 = arith.addi %n, %c1 : i32
    scf.yield %a1, %n1 : i8, i32
  }
  return %r#0, %r#1 : i8, i32
}
