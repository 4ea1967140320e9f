// weir.loop with a constant max (4) and a condition that stays true unrolls like an scf.for:
// x = 1; four trips of x = x * 2 + it (it = 0, 1, 2, 3): 2, 5, 12, 27 by hand.
// RUN: cf-opt %s --scf-unroll="full=true" | FileCheck %s
// RUN: cf-opt %s --scf-unroll="full=true" | cf-run - | FileCheck %s --check-prefix=OUT
// RUN: cf-run %s | FileCheck %s --check-prefix=OUT
// CHECK-NOT: weir.loop
// CHECK-NOT: scf.for
// CHECK: return
// OUT: {{^}}27{{$}}

func.func @main() -> i64 {
  %max = arith.constant 4 : i64
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %true = arith.constant true
  %r = weir.loop max(%max : i64) cond(%true) iter_args(%one) -> (i64) {
  ^bb0(%it: i64, %c: i1, %x: i64):
    %d = arith.muli %x, %two : i64
    %n = arith.addi %d, %it : i64
    weir.yield %c, %n : i1, i64
  }
  return %r : i64
}
