// The generic dead-carried-value pattern on scf.while. @while_unused_result's CHECK lines are
// mlir-opt 22's --canonicalize output (a forwarded value whose result and "after" argument are
// unused). @while_dead_cycle is by hand: mlir-opt 22 keeps this dead cycle (%y -> %v -> %v2 ->
// %y, result unused); Weir removes the whole carried value (init, both block arguments, the
// condition and yield operands, the result and the muli).
// RUN: cf-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @while_dead_cycle
// CHECK-SAME: (%[[A:.*]]: i32, %{{.*}}: i32, %[[N:.*]]: i32)
// CHECK: %[[R:.*]] = scf.while (%[[X:.*]] = %[[A]]) : (i32) -> i32 {
// CHECK-NEXT: %[[C:.*]] = arith.cmpi slt, %[[X]], %[[N]] : i32
// CHECK-NEXT: scf.condition(%[[C]]) %[[X]] : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[U:.*]]: i32):
// CHECK-NEXT: %[[U2:.*]] = arith.addi %[[U]], %{{.*}} : i32
// CHECK-NEXT: scf.yield %[[U2]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : i32
func.func @while_dead_cycle(%a: i32, %b: i32, %n: i32) -> i32 {
  %r:2 = scf.while (%x = %a, %y = %b) : (i32, i32) -> (i32, i32) {
    %c = arith.cmpi slt, %x, %n : i32
    scf.condition(%c) %x, %y : i32, i32
  } do {
  ^bb0(%u: i32, %v: i32):
    %one = arith.constant 1 : i32
    %u2 = arith.addi %u, %one : i32
    %v2 = arith.muli %v, %v : i32
    scf.yield %u2, %v2 : i32, i32
  }
  return %r#0 : i32
}

// CHECK-LABEL: func.func @while_unused_result
// CHECK-SAME: (%[[A:.*]]: i32, %[[N:.*]]: i32)
// CHECK: %[[R:.*]] = scf.while (%[[X:.*]] = %[[A]]) : (i32) -> i32 {
// CHECK-NEXT: %[[C:.*]] = arith.cmpi slt, %[[X]], %[[N]] : i32
// CHECK-NEXT: scf.condition(%[[C]]) %[[X]] : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[U:.*]]: i32):
// CHECK-NEXT: %[[U2:.*]] = arith.addi %[[U]], %{{.*}} : i32
// CHECK-NEXT: scf.yield %[[U2]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : i32
func.func @while_unused_result(%a: i32, %n: i32) -> i32 {
  %r:2 = scf.while (%x = %a) : (i32) -> (i32, i32) {
    %c = arith.cmpi slt, %x, %n : i32
    %d = arith.addi %x, %x : i32
    scf.condition(%c) %x, %d : i32, i32
  } do {
  ^bb0(%u: i32, %v: i32):
    %one = arith.constant 1 : i32
    %u2 = arith.addi %u, %one : i32
    scf.yield %u2 : i32
  }
  return %r#0 : i32
}
