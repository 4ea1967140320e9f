// scf.index_switch canonicalization (issue 3, part 3): a constant index inlines the matching case
// (or default), result-less switches too, side effects kept; a variable index keeps the op;
// unused results are dropped (--canonicalize only).
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --fold-constant-conditions | FileCheck %s --check-prefix=FOLD
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s
//
// SEMANTICS.md E11 with x = 3: branches (x+10, x*x, -x): index 0 -> 13, 1 -> 9, 2 -> -3, an
// unmatched index (7) takes default -> -3 here. @select(i) switches on a runtime index.
// RUN: cf-opt %s --canonicalize | cf-run - -e case1 --arg '3 : i32' | FileCheck %s --check-prefix=NINE
// RUN: cf-run %s -e case1 --arg '3 : i32' | FileCheck %s --check-prefix=NINE
// RUN: cf-opt %s --canonicalize | cf-run - -e unmatched --arg '3 : i32' | FileCheck %s --check-prefix=MINUS3
// RUN: cf-run %s -e unmatched --arg '3 : i32' | FileCheck %s --check-prefix=MINUS3
// RUN: cf-opt %s --canonicalize | cf-run - -e select --arg '0 : index' --arg '3 : i32' | FileCheck %s --check-prefix=THIRTEEN
// RUN: cf-opt %s --canonicalize | cf-run - -e select --arg '2 : index' --arg '3 : i32' | FileCheck %s --check-prefix=MINUS3
// RUN: cf-opt %s --canonicalize | cf-run - -e no_results --arg '5 : i32' | FileCheck %s --check-prefix=FIVE
// NINE: {{^}}9{{$}}
// MINUS3: {{^}}-3{{$}}
// THIRTEEN: {{^}}13{{$}}
// FIVE: {{^}}5{{$}}

func.func private @effect(%x: i32) -> i32 {
  return %x : i32
}

// CHECK-LABEL: func.func @case1(
// CHECK-SAME: %[[X:.*]]: i32)
// CHECK-NOT: scf.index_switch
// CHECK: %[[M:.*]] = arith.muli %[[X]], %[[X]] : i32
// CHECK-NEXT: return %[[M]] : i32
// FOLD-LABEL: func.func @case1(
// FOLD-NOT: scf.index_switch
// FOLD: arith.muli
func.func @case1(%x: i32) -> i32 {
  %idx = arith.constant 1 : index
  %r = scf.index_switch %idx -> i32
  case 0 {
    %c10 = arith.constant 10 : i32
    %a = arith.addi %x, %c10 : i32
    scf.yield %a : i32
  }
  case 1 {
    %m = arith.muli %x, %x : i32
    scf.yield %m : i32
  }
  default {
    %c0 = arith.constant 0 : i32
    %n = arith.subi %c0, %x : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// An index no case matches takes default.
// CHECK-LABEL: func.func @unmatched(
// CHECK-SAME: %[[X:.*]]: i32)
// CHECK-NOT: scf.index_switch
// CHECK-NOT: arith.muli
// CHECK: %[[N:.*]] = arith.subi %{{.*}}, %[[X]] : i32
// CHECK-NEXT: return %[[N]] : i32
func.func @unmatched(%x: i32) -> i32 {
  %idx = arith.constant 7 : index
  %r = scf.index_switch %idx -> i32
  case 0 {
    %c10 = arith.constant 10 : i32
    %a = arith.addi %x, %c10 : i32
    scf.yield %a : i32
  }
  case 1 {
    %m = arith.muli %x, %x : i32
    scf.yield %m : i32
  }
  default {
    %c0 = arith.constant 0 : i32
    %n = arith.subi %c0, %x : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// Negative case values match negative indices.
// CHECK-LABEL: func.func @negative_case(
// CHECK-NOT: scf.index_switch
// CHECK: %[[C:.*]] = arith.constant 42 : i32
// CHECK: return %[[C]] : i32
func.func @negative_case() -> i32 {
  %idx = arith.constant -7 : index
  %r = scf.index_switch %idx -> i32
  case -7 {
    %a = arith.constant 42 : i32
    scf.yield %a : i32
  }
  default {
    %b = arith.constant 0 : i32
    scf.yield %b : i32
  }
  return %r : i32
}

// A runtime index keeps the switch.
// CHECK-LABEL: func.func @select(
// CHECK: scf.index_switch
// FOLD-LABEL: func.func @select(
// FOLD: scf.index_switch
func.func @select(%idx: index, %x: i32) -> i32 {
  %r = scf.index_switch %idx -> i32
  case 0 {
    %c10 = arith.constant 10 : i32
    %a = arith.addi %x, %c10 : i32
    scf.yield %a : i32
  }
  case 1 {
    %m = arith.muli %x, %x : i32
    scf.yield %m : i32
  }
  default {
    %c0 = arith.constant 0 : i32
    %n = arith.subi %c0, %x : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// A result-less switch on a constant (fault kind (c) of issue 3 is in faults.mlir): the selected
// case's call stays, the others go.
// CHECK-LABEL: func.func @no_results(
// CHECK-SAME: %[[X:.*]]: i32)
// CHECK-NOT: scf.index_switch
// CHECK: call @effect(%[[X]])
// CHECK-NOT: call
// CHECK: return %[[X]] : i32
func.func @no_results(%x: i32) -> i32 {
  %idx = arith.constant 2 : index
  scf.index_switch %idx
  case 1 {
    %c1 = arith.constant 1 : i32
    %e1 = func.call @effect(%c1) : (i32) -> i32
    scf.yield
  }
  case 2 {
    %e2 = func.call @effect(%x) : (i32) -> i32
    scf.yield
  }
  default {
    %c0 = arith.constant 0 : i32
    %e0 = func.call @effect(%c0) : (i32) -> i32
  }
  return %x : i32
}

// Unused results of a kept switch are dropped with their yields (--canonicalize only).
// CHECK-LABEL: func.func @unused_result(
// CHECK-SAME: %[[I:.*]]: index, %[[X:.*]]: i32)
// CHECK: %[[R:.*]] = scf.index_switch %[[I]] -> i32
// CHECK: scf.yield %{{.*}} : i32
// CHECK: return %[[R]] : i32
// FOLD-LABEL: func.func @unused_result(
// FOLD: scf.index_switch %{{.*}} -> i32, i32
func.func @unused_result(%idx: index, %x: i32) -> i32 {
  %r:2 = scf.index_switch %idx -> i32, i32
  case 0 {
    %e = func.call @effect(%x) : (i32) -> i32
    scf.yield %e, %x : i32, i32
  }
  default {
    scf.yield %x, %x : i32, i32
  }
  return %r#1 : i32
}
