// Zero-trip loops return their inits (MLIR scf.for: no iteration when lb >= ub; scf.while:
// results are the values forwarded by scf.condition when it is false on entry).
// @for_sum sums i over [lb, ub) starting from 42: by hand (5, 3) -> 42, (3, 3) -> 42, (3, 5) -> 42+3+4 = 49.
// @while_down: x = init; while x < 0 { x += 1 } with init 7 -> 7.
// RUN: cf-run %s -e for_sum --arg '5 : index' --arg '3 : index' | FileCheck %s --check-prefix=EMPTY
// RUN: cf-opt %s --canonicalize | cf-run - -e for_sum --arg '5 : index' --arg '3 : index' | FileCheck %s --check-prefix=EMPTY
// RUN: cf-run %s -e for_sum --arg '3 : index' --arg '3 : index' | FileCheck %s --check-prefix=EMPTY
// RUN: cf-opt %s --canonicalize | cf-run - -e for_sum --arg '3 : index' --arg '3 : index' | FileCheck %s --check-prefix=EMPTY
// RUN: cf-run %s -e for_sum --arg '3 : index' --arg '5 : index' | FileCheck %s --check-prefix=TWO
// RUN: cf-opt %s --canonicalize | cf-run - -e for_sum --arg '3 : index' --arg '5 : index' | FileCheck %s --check-prefix=TWO
// RUN: cf-opt %s --convert-scf-to-cf | cf-run - -e for_sum --arg '5 : index' --arg '3 : index' | FileCheck %s --check-prefix=EMPTY
// RUN: cf-run %s -e while_down --arg '7 : i32' | FileCheck %s --check-prefix=WHILE
// RUN: cf-opt %s --canonicalize | cf-run - -e while_down --arg '7 : i32' | FileCheck %s --check-prefix=WHILE
// RUN: cf-opt %s --convert-scf-to-cf | cf-run - -e while_down --arg '7 : i32' | FileCheck %s --check-prefix=WHILE
// EMPTY: {{^}}42{{$}}
// TWO: {{^}}49{{$}}
// WHILE: {{^}}7{{$}}

func.func @for_sum(%lb: index, %ub: index) -> index {
  %c1 = arith.constant 1 : index
  %c42 = arith.constant 42 : index
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %c42) -> (index) {
    %n = arith.addi %acc, %i : index
    scf.yield %n : index
  }
  return %r : index
}

func.func @while_down(%init: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%x = %init) : (i32) -> i32 {
    %lt = arith.cmpi slt, %x, %c0 : i32
    scf.condition(%lt) %x : i32
  } do {
  ^bb0(%x: i32):
    %n = arith.addi %x, %c1 : i32
    scf.yield %n : i32
  }
  return %r : i32
}
