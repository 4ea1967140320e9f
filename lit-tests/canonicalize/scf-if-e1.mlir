// SEMANTICS.md E1: x = 0, y = 1 constants; `if x < y + 1 {out = x} else {out = z}; out + 1` folds
// to the constant 1 (0 < 2 is true, out = 0, 0 + 1 = 1); no scf.if remains. z is a runtime input.
// This needs the arith folders (addi, cmpi) as well as the scf.if pattern.
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --fold-constant-conditions | FileCheck %s
// RUN: cf-run %s --arg '42 : i32' | FileCheck %s --check-prefix=ONE
// RUN: cf-opt %s --canonicalize | cf-run - --arg '42 : i32' | FileCheck %s --check-prefix=ONE
// ONE: {{^}}1{{$}}

// CHECK-LABEL: func.func @main(
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: return %[[C1]] : i32
// CHECK-NEXT: }
// CHECK-NOT: scf.if
func.func @main(%z: i32) -> i32 {
  %x = arith.constant 0 : i32
  %y = arith.constant 1 : i32
  %one = arith.constant 1 : i32
  %y1 = arith.addi %y, %one : i32
  %c = arith.cmpi slt, %x, %y1 : i32
  %out = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %z : i32
  }
  %r = arith.addi %out, %one : i32
  return %r : i32
}
