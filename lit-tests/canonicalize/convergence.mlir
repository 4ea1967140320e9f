// The rewrite driver converges in as many rounds as upstream's: a round that changes something
// is followed by one that changes nothing, because the definitions of values that lost a use
// (operands of erased ops, nested ones included) are revisited in the same round. Each function
// here converges with max-iterations=2 in mlir-opt 22 (`--canonicalize="max-iterations=2
// test-convergence=true"` succeeds; with max-iterations=1 it fails), and the CHECK lines are
// its output. (Before this fix, @index_switch_constant took three rounds and warned here.)
// RUN: cf-opt %s --canonicalize="max-iterations=2" 2>&1 | FileCheck %s
// CHECK-NOT: did not converge

// The selector constant loses its only use when the switch is replaced by its case 1.
// CHECK-LABEL: func.func @index_switch_constant() -> i32 {
// CHECK-NEXT:    %c10_i32 = arith.constant 10 : i32
// CHECK-NEXT:    return %c10_i32 : i32
// CHECK-NEXT:  }
func.func @index_switch_constant() -> i32 {
  %c = arith.constant 1 : index
  %r = scf.index_switch %c -> i32
  case 1 {
    %a = arith.constant 10 : i32
    scf.yield %a : i32
  }
  default {
    %b = arith.constant 20 : i32
    scf.yield %b : i32
  }
  return %r : i32
}

// The dropped else region was the only user of %m: it dies with it.
// CHECK-LABEL: func.func @if_true_drops_user(%arg0: i32) -> i32 {
// CHECK-NEXT:    return %arg0 : i32
// CHECK-NEXT:  }
func.func @if_true_drops_user(%x: i32) -> i32 {
  %true = arith.constant true
  %m = arith.muli %x, %x : i32
  %r = scf.if %true -> i32 {
    scf.yield %x : i32
  } else {
    scf.yield %m : i32
  }
  return %r : i32
}

// Folding `addi %x, 0` leaves the zero unused.
// CHECK-LABEL: func.func @fold_leaves_dead_constant(%arg0: i32) -> i32 {
// CHECK-NEXT:    return %arg0 : i32
// CHECK-NEXT:  }
func.func @fold_leaves_dead_constant(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %y = arith.addi %x, %c0 : i32
  return %y : i32
}
