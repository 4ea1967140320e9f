// Unsigned i2 loop from 0 to 3 (3 is -1 as a signed i2): iterations 0, 1, 2, sum 3 by hand.
// Factor 2: a main loop of one iteration of two copies plus an epilogue of one. Factor 4:
// step * 4 = 4 does not fit i2, so the loop is left alone (and a remark says why).
// RUN: cf-opt %s --scf-unroll="factor=2" | cf-run - | FileCheck %s
// RUN: cf-opt %s --scf-unroll="factor=4" | cf-run - | FileCheck %s
// RUN: cf-opt %s --scf-unroll="full=true" | cf-run - | FileCheck %s
// RUN: cf-run %s | FileCheck %s
// RUN: cf-opt %s --scf-unroll="factor=4 remarks=true" --verify-diagnostics -o /dev/null
// CHECK: {{^}}3{{$}}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : i2
  %c1 = arith.constant 1 : i2
  %c3 = arith.constant 3 : i2
  %zero = arith.constant 0 : i32
  // expected-remark@+1 {{not unrolled by 4: step * factor = 1 * 4 overflows the induction variable's type}}
  %r = scf.for unsigned %i = %c0 to %c3 step %c1 iter_args(%acc = %zero) -> (i32) : i2 {
    %w = arith.extui %i : i2 to i32
    %n = arith.addi %acc, %w : i32
    scf.yield %n : i32
  }
  return %r : i32
}
