// The generic dead-carried-value pattern (weir_ir::interfaces::region_branch::remove_dead_values)
// on scf.for. Expected by hand: a carried value whose result is unused and whose iter_arg only
// feeds, through pure ops of the body, yield operands of carried values that go too, is removed
// with its init, iter_arg, yield operand, result and the ops of the cycle. mlir-opt 22's
// --canonicalize keeps these dead cycles (its RemoveDeadRegionBranchOpSuccessorInputs only drops
// values without any use); Weir removes them (SEMANTICS.md: unobservable iter_args removed).
// RUN: cf-opt %s --canonicalize | FileCheck %s

// %x only feeds its own yield operand through addi: gone; %y is returned: kept.
// CHECK-LABEL: func.func @for_dead_cycle
// CHECK-SAME: (%[[N:.*]]: index, %{{.*}}: i32, %[[B:.*]]: i32)
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[Y:.*]] = %[[B]]) -> (i32) {
// CHECK-NEXT: %[[Y2:.*]] = arith.muli %[[Y]], %[[Y]] : i32
// CHECK-NEXT: scf.yield %[[Y2]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : i32
func.func @for_dead_cycle(%n: index, %a: i32, %b: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (i32, i32) {
    %x2 = arith.addi %x, %x : i32
    %y2 = arith.muli %y, %y : i32
    scf.yield %x2, %y2 : i32, i32
  }
  return %r#1 : i32
}

// %x and %y feed each other's yield operand (a cycle through two carried values), both results
// unused: both go at once; %z is returned.
// CHECK-LABEL: func.func @for_swapped_cycle
// CHECK-SAME: (%{{.*}}: index, %{{.*}}: i32, %{{.*}}: i32, %[[S:.*]]: i32)
// CHECK: %[[R:.*]] = scf.for %{{.*}} iter_args(%[[Z:.*]] = %[[S]]) -> (i32) {
// CHECK-NEXT: %[[Z2:.*]] = arith.addi %[[Z]], %[[Z]] : i32
// CHECK-NEXT: scf.yield %[[Z2]] : i32
// CHECK: return %[[R]] : i32
func.func @for_swapped_cycle(%n: index, %a: i32, %b: i32, %s: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b, %z = %s) -> (i32, i32, i32) {
    %z2 = arith.addi %z, %z : i32
    scf.yield %y, %x, %z2 : i32, i32, i32
  }
  return %r#2 : i32
}

// %x also feeds the kept %z: it stays (and so does %y, which feeds %x).
// CHECK-LABEL: func.func @for_feeds_kept
// CHECK: scf.for %{{.*}} -> (i32, i32, i32) {
func.func @for_feeds_kept(%n: index, %a: i32, %b: i32, %s: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b, %z = %s) -> (i32, i32, i32) {
    %z2 = arith.addi %z, %x : i32
    scf.yield %y, %x, %z2 : i32, i32, i32
  }
  return %r#2 : i32
}
