// cf canonicalization (issue 3, part 3): cf.cond_br / cf.switch on a constant become cf.br to the
// taken successor and the blocks left unreachable go (loops included); a cond_br with identical
// successors becomes a br (with selects when the operands differ); cf.assert on constant true is
// erased, on false kept; a br to a block with no other predecessor merges the blocks; blocks that
// only branch on are skipped. The CHECK lines are mlir-opt 22's --canonicalize output for this
// file (its constants and block comments aside).
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s
// RUN: cf-opt %s --fold-constant-conditions | FileCheck %s --check-prefix=FOLD
//
// Values by hand: switch_constant(7, 3) takes case 5: 7*3 = 21; switch_i8_negative takes case -1
// (255): returns 2; identical_successors_select(true, 7, 3) = 7, (false, 7, 3) = 3;
// variable_condition(true, 7) = 8, (false, 7) = 6.
// RUN: cf-run %s -e switch_constant --arg '7 : i32' --arg '3 : i32' | FileCheck %s --check-prefix=V21
// RUN: cf-opt %s --canonicalize | cf-run - -e switch_constant --arg '7 : i32' --arg '3 : i32' | FileCheck %s --check-prefix=V21
// RUN: cf-opt %s --canonicalize | cf-run - -e switch_i8_negative | FileCheck %s --check-prefix=V2
// RUN: cf-opt %s --canonicalize | cf-run - -e identical_successors_select --arg 'true' --arg '7 : i32' --arg '3 : i32' | FileCheck %s --check-prefix=V7
// RUN: cf-opt %s --canonicalize | cf-run - -e identical_successors_select --arg 'false' --arg '7 : i32' --arg '3 : i32' | FileCheck %s --check-prefix=V3
// RUN: cf-opt %s --canonicalize | cf-run - -e variable_condition --arg 'true' --arg '7 : i32' | FileCheck %s --check-prefix=V8
// RUN: cf-opt %s --canonicalize | cf-run - -e variable_condition --arg 'false' --arg '7 : i32' | FileCheck %s --check-prefix=V6
// V21: {{^}}21{{$}}
// V2: {{^}}2{{$}}
// V7: {{^}}7{{$}}
// V3: {{^}}3{{$}}
// V8: {{^}}8{{$}}
// V6: {{^}}6{{$}}

// CHECK-LABEL: func.func @cond_br_true(
// CHECK-SAME: %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NEXT: return %[[X]] : i32
// CHECK-NEXT: }
// FOLD-LABEL: func.func @cond_br_true(
// FOLD-NEXT: cf.br ^bb1(%{{.*}} : i32)
// FOLD-NEXT: ^bb1(%{{.*}}: i32):
// FOLD-NOT: arith.addi
// FOLD: return
func.func @cond_br_true(%x: i32, %y: i32) -> i32 {
  %t = arith.constant true
  cf.cond_br %t, ^bb1(%x : i32), ^bb2(%y : i32)
^bb1(%a: i32):
  cf.br ^bb3(%a : i32)
^bb2(%b: i32):
  %z = arith.addi %b, %b : i32
  cf.br ^bb3(%z : i32)
^bb3(%r: i32):
  return %r : i32
}

// CHECK-LABEL: func.func @cond_br_false(
// CHECK-SAME: %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NEXT: %[[Z:.*]] = arith.addi %[[Y]], %[[Y]] : i32
// CHECK-NEXT: return %[[Z]] : i32
func.func @cond_br_false(%x: i32, %y: i32) -> i32 {
  %f = arith.constant false
  cf.cond_br %f, ^bb1(%x : i32), ^bb2(%y : i32)
^bb1(%a: i32):
  cf.br ^bb3(%a : i32)
^bb2(%b: i32):
  %z = arith.addi %b, %b : i32
  cf.br ^bb3(%z : i32)
^bb3(%r: i32):
  return %r : i32
}

// The not-taken successor is a loop: it keeps a predecessor (its back edge) but is unreachable.
// CHECK-LABEL: func.func @unreachable_loop_removed(
// CHECK-SAME: %[[C:.*]]: i1, %[[X:.*]]: i32)
// CHECK-NEXT: return %[[X]] : i32
// CHECK-NEXT: }
// FOLD-LABEL: func.func @unreachable_loop_removed(
// FOLD-NOT: arith.addi
// FOLD: return
func.func @unreachable_loop_removed(%c: i1, %x: i32) -> i32 {
  %f = arith.constant false
  cf.cond_br %f, ^bb1(%x : i32), ^bb2
^bb1(%a: i32):
  %n = arith.addi %a, %a : i32
  cf.cond_br %c, ^bb1(%n : i32), ^bb2
^bb2:
  return %x : i32
}

// CHECK-LABEL: func.func @switch_constant(
// CHECK-SAME: %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[X]], %[[Y]] : i32
// CHECK-NEXT: return %[[M]] : i32
// FOLD-LABEL: func.func @switch_constant(
// FOLD-NOT: cf.switch
// FOLD: arith.muli
func.func @switch_constant(%x: i32, %y: i32) -> i32 {
  %c = arith.constant 5 : i32
  cf.switch %c : i32, [
    default: ^bb1(%x : i32),
    5: ^bb2(%x, %y : i32, i32),
    6: ^bb1(%y : i32)
  ]
^bb1(%a: i32):
  return %a : i32
^bb2(%p: i32, %q: i32):
  %z = arith.muli %p, %q : i32
  return %z : i32
}

// CHECK-LABEL: func.func @switch_default(
// CHECK-SAME: %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NEXT: return %[[X]] : i32
func.func @switch_default(%x: i32, %y: i32) -> i32 {
  %c = arith.constant 7 : i32
  cf.switch %c : i32, [
    default: ^bb1(%x : i32),
    5: ^bb2(%x, %y : i32, i32),
    6: ^bb1(%y : i32)
  ]
^bb1(%a: i32):
  return %a : i32
^bb2(%p: i32, %q: i32):
  %z = arith.muli %p, %q : i32
  return %z : i32
}

// The constant -1 : i8 matches the case printed as 255.
// CHECK-LABEL: func.func @switch_i8_negative(
// CHECK-DAG: %[[TWO:.*]] = arith.constant 2 : i32
// CHECK-NOT: cf.switch
// CHECK: return %[[TWO]] : i32
func.func @switch_i8_negative() -> i32 {
  %c = arith.constant -1 : i8
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  cf.switch %c : i8, [
    default: ^bb1(%one : i32),
    127: ^bb1(%one : i32),
    255: ^bb1(%two : i32)
  ]
^bb1(%a: i32):
  return %a : i32
}

// CHECK-LABEL: func.func @identical_successors(
// CHECK-SAME: %[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NEXT: return %[[X]] : i32
func.func @identical_successors(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^bb1(%x : i32), ^bb1(%x : i32)
^bb1(%a: i32):
  return %a : i32
}

// CHECK-LABEL: func.func @identical_successors_select(
// CHECK-SAME: %[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NEXT: %[[S:.*]] = arith.select %[[C]], %[[X]], %[[Y]] : i32
// CHECK-NEXT: return %[[S]] : i32
// FOLD-LABEL: func.func @identical_successors_select(
// FOLD-NEXT: cf.cond_br
func.func @identical_successors_select(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^bb1(%x : i32), ^bb1(%y : i32)
^bb1(%a: i32):
  return %a : i32
}

// ^bb2 has another predecessor: no select, the cond_br stays.
// CHECK-LABEL: func.func @identical_successors_other_predecessor(
// CHECK: cf.cond_br %{{.*}}, ^bb1, ^bb2(%{{.*}} : i32)
// CHECK: cf.cond_br %{{.*}}, ^bb2(%{{.*}} : i32), ^bb2(%{{.*}} : i32)
// CHECK: ^bb2(%{{.*}}: i32):
// CHECK-NEXT: return
func.func @identical_successors_other_predecessor(%c: i1, %d: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %d, ^bb1, ^bb2(%x : i32)
^bb1:
  cf.cond_br %c, ^bb2(%x : i32), ^bb2(%y : i32)
^bb2(%a: i32):
  return %a : i32
}

// CHECK-LABEL: func.func @asserts(
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK-NOT: cf.assert %true
// CHECK: cf.assert %[[C:.*]], "variable"
// CHECK-NEXT: cf.assert %[[FALSE]], "always fails"
// CHECK-NEXT: return
// FOLD-LABEL: func.func @asserts(
// FOLD-NOT: "never fails"
// FOLD: "variable"
// FOLD: "always fails"
func.func @asserts(%c: i1) {
  %t = arith.constant true
  %f = arith.constant false
  cf.assert %t, "never fails"
  cf.assert %c, "variable"
  cf.assert %f, "always fails"
  return
}

// A chain of blocks, each the only predecessor of the next, becomes one block.
// CHECK-LABEL: func.func @merge_chain(
// CHECK-SAME: %[[X:.*]]: i32)
// CHECK-NEXT: %[[A:.*]] = arith.addi %[[X]], %[[X]] : i32
// CHECK-NEXT: %[[B:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT: %[[S:.*]] = arith.subi %[[B]], %[[X]] : i32
// CHECK-NEXT: return %[[S]] : i32
// FOLD-LABEL: func.func @merge_chain(
// FOLD: ^bb3(
func.func @merge_chain(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  cf.br ^bb1(%a : i32)
^bb1(%p: i32):
  %b = arith.muli %p, %p : i32
  cf.br ^bb2
^bb2:
  cf.br ^bb3(%b : i32)
^bb3(%q: i32):
  %s = arith.subi %q, %x : i32
  return %s : i32
}

// The then-block only branches on: the cond_br targets the join block directly.
// CHECK-LABEL: func.func @pass_through(
// CHECK-SAME: %[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NEXT: %[[S:.*]] = arith.select %[[C]], %[[X]], %[[Y]] : i32
// CHECK-NEXT: return %[[S]] : i32
func.func @pass_through(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^bb1(%x : i32), ^bb2(%y : i32)
^bb1(%a: i32):
  cf.br ^bb2(%a : i32)
^bb2(%r: i32):
  return %r : i32
}

// A variable condition and a real loop stay.
// CHECK-LABEL: func.func @variable_condition(
// CHECK: cf.cond_br %{{.*}}, ^bb1, ^bb2
// CHECK: ^bb1:
// CHECK: arith.addi
// CHECK: ^bb2:
// CHECK: arith.subi
// CHECK: ^bb3(%{{.*}}: i32):
// CHECK-NEXT: return
func.func @variable_condition(%c: i1, %x: i32) -> i32 {
  %one = arith.constant 1 : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = arith.addi %x, %one : i32
  cf.br ^bb3(%a : i32)
^bb2:
  %b = arith.subi %x, %one : i32
  cf.br ^bb3(%b : i32)
^bb3(%r: i32):
  return %r : i32
}

// A constant condition that decides a loop exit: the loop body becomes straight-line code.
// CHECK-LABEL: func.func @loop_exit_constant(
// CHECK-SAME: %[[X:.*]]: i32)
// CHECK-NEXT: %[[N:.*]] = arith.addi %[[X]], %[[X]] : i32
// CHECK-NEXT: return %[[N]] : i32
func.func @loop_exit_constant(%x: i32) -> i32 {
  %f = arith.constant false
  cf.br ^bb1(%x : i32)
^bb1(%i: i32):
  %n = arith.addi %i, %i : i32
  cf.cond_br %f, ^bb1(%n : i32), ^bb2
^bb2:
  return %n : i32
}

// Unreachable blocks after a return, one using the other's value, in a cycle: both go together.
// CHECK-LABEL: func.func @unreachable_blocks_using_each_other(
// CHECK-SAME: %[[X:.*]]: i32)
// CHECK-NEXT: return %[[X]] : i32
// CHECK-NEXT: }
func.func @unreachable_blocks_using_each_other(%x: i32) -> i32 {
  return %x : i32
^bb1:
  %a = arith.addi %x, %x : i32
  cf.br ^bb2
^bb2:
  %b = arith.muli %a, %a : i32
  cf.br ^bb1
}

// An empty infinite loop reached through blocks that only branch on: the rewriting converges (the
// loop is kept: it never terminates, which is the program's behaviour).
// CHECK-LABEL: func.func @forwarding_cycle(
// CHECK-NEXT: cf.cond_br %{{.*}}, ^[[LOOP:bb[0-9]+]], ^[[EXIT:bb[0-9]+]]
// CHECK-NEXT: ^[[LOOP]]:
// CHECK-NEXT: cf.br ^[[LOOP]]
// CHECK-NEXT: ^[[EXIT]]:
// CHECK-NEXT: return
func.func @forwarding_cycle(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb3
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb1
^bb3:
  return %x : i32
}

// A loop-carried value that only feeds itself is dead: its block argument, the operands passed to
// it and the op computing it go (MLIR's region DCE); the live one stays.
// CHECK-LABEL: func.func @dead_loop_carried_value(
// CHECK-SAME: %[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NEXT: cf.br ^bb1(%[[X]] : i32)
// CHECK-NEXT: ^bb1(%[[P:.*]]: i32):
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[P]], %[[P]] : i32
// CHECK-NEXT: cf.cond_br %[[C]], ^bb1(%[[M]] : i32), ^bb2
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: return %[[P]] : i32
// FOLD-LABEL: func.func @dead_loop_carried_value(
// FOLD: arith.addi
func.func @dead_loop_carried_value(%c: i1, %x: i32, %y: i32) -> i32 {
  %one = arith.constant 1 : i32
  cf.br ^bb1(%x, %y : i32, i32)
^bb1(%p: i32, %q: i32):
  %n = arith.addi %q, %one : i32
  %m = arith.muli %p, %p : i32
  cf.cond_br %c, ^bb1(%m, %n : i32, i32), ^bb2
^bb2:
  return %p : i32
}

// The constant condition cuts the only way into a loop whose blocks use each other's values;
// the loop is erased (merging its blocks first would put a use before its definition).
// CHECK-LABEL: func.func @loop_cut_off(
// CHECK-SAME: %[[X:.*]]: i32)
// CHECK-NEXT: return %[[X]] : i32
// CHECK-NEXT: }
// FOLD-LABEL: func.func @loop_cut_off(
// FOLD-NOT: arith.muli
// FOLD: return
func.func @loop_cut_off(%x: i32) -> i32 {
  %f = arith.constant false
  cf.cond_br %f, ^bb2(%x : i32), ^bb3
^bb1:
  %w = arith.muli %v, %v : i32
  cf.br ^bb2(%w : i32)
^bb2(%a: i32):
  %v = arith.addi %a, %a : i32
  cf.br ^bb1
^bb3:
  return %x : i32
}
