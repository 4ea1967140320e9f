// The generic dead-carried-value pattern on weir.loop (Weir's own op; expected by hand): the f32
// carried value only feeds its own yield operand through addf and its result is unused, so it
// goes (init, body argument, yield operand, result, addf) and operandSegmentSizes becomes
// [1, 0, 1] (max, no cond, one init).
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --canonicalize --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @loop_dead
// CHECK-SAME: (%[[M:.*]]: index, %[[A:.*]]: i32, %{{.*}}: f32)
// CHECK: %[[R:.*]] = weir.loop max(%[[M]] : index) iter_args(%[[A]]) -> (i32) {
// CHECK-NEXT: ^bb0(%{{.*}}: index, %[[C:.*]]: i1, %[[X:.*]]: i32):
// CHECK-NEXT: %[[X2:.*]] = arith.addi %[[X]], %{{.*}} : i32
// CHECK-NEXT: weir.yield %[[C]], %[[X2]] : i1, i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : i32
// GENERIC: operandSegmentSizes = array<i32: 1, 0, 1>
func.func @loop_dead(%m: index, %a: i32, %b: f32) -> i32 {
  %r:2 = weir.loop max(%m : index) iter_args(%a, %b) -> (i32, f32) {
  ^bb0(%it: index, %c: i1, %x: i32, %y: f32):
    %y2 = arith.addf %y, %y : f32
    %one = arith.constant 1 : i32
    %x2 = arith.addi %x, %one : i32
    weir.yield %c, %x2, %y2 : i1, i32, f32
  }
  return %r#0 : i32
}
