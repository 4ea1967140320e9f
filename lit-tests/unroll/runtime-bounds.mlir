// Unroll by 4 with runtime bounds: sum of i over [lb, ub) step 1. By hand:
// (10, 3) -> 0, (3, 3) -> 0, (0, 10) -> 45, (0, 8) -> 28, (5, 6) -> 5; the unrolled loop must
// give the same as the rolled one, and zero-trip loops never run the epilogue.
// RUN: cf-opt %s --scf-unroll="factor=4" | cf-run - --arg '10 : index' --arg '3 : index' | FileCheck %s --check-prefix=ZERO
// RUN: cf-opt %s --scf-unroll="factor=4" | cf-run - --arg '3 : index' --arg '3 : index' | FileCheck %s --check-prefix=ZERO
// RUN: cf-opt %s --scf-unroll="factor=4" | cf-run - --arg '0 : index' --arg '10 : index' | FileCheck %s --check-prefix=S45
// RUN: cf-opt %s --scf-unroll="factor=4" | cf-run - --arg '0 : index' --arg '8 : index' | FileCheck %s --check-prefix=S28
// RUN: cf-opt %s --scf-unroll="factor=4" | cf-run - --arg '5 : index' --arg '6 : index' | FileCheck %s --check-prefix=S5
// RUN: cf-run %s --arg '0 : index' --arg '10 : index' | FileCheck %s --check-prefix=S45
// RUN: cf-opt %s --scf-unroll="factor=4" | FileCheck %s --check-prefix=IR
// ZERO: {{^}}0{{$}}
// S45: {{^}}45{{$}}
// S28: {{^}}28{{$}}
// S5: {{^}}5{{$}}
// IR: scf.for
// IR-COUNT-4: arith.addi %{{.*}}, %{{.*}} : index
// IR: scf.yield
// IR: scf.for
//
// Up to the top of i8 (signed): i = 120, 121, ..., 126 (< 127), sum (120+126)*7/2 = 861 by hand,
// with factors 2, 3 and 4 (epilogues of 1, 1 and 3 iterations).
// RUN: cf-opt %s --scf-unroll="factor=2" | cf-run - -e near_max --arg '127 : i8' | FileCheck %s --check-prefix=S861
// RUN: cf-opt %s --scf-unroll="factor=3" | cf-run - -e near_max --arg '127 : i8' | FileCheck %s --check-prefix=S861
// RUN: cf-opt %s --scf-unroll="factor=4" | cf-run - -e near_max --arg '127 : i8' | FileCheck %s --check-prefix=S861
// RUN: cf-run %s -e near_max --arg '127 : i8' | FileCheck %s --check-prefix=S861
// S861: {{^}}861{{$}}

func.func @main(%lb: index, %ub: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %c0) -> (index) {
    %n = arith.addi %acc, %i : index
    scf.yield %n : index
  }
  return %r : index
}

func.func @near_max(%ub: i8) -> i32 {
  %lb = arith.constant 120 : i8
  %c2 = arith.constant 1 : i8
  %zero = arith.constant 0 : i32
  %r = scf.for %i = %lb to %ub step %c2 iter_args(%acc = %zero) -> (i32) : i8 {
    %w = arith.extsi %i : i8 to i32
    %n = arith.addi %acc, %w : i32
    scf.yield %n : i32
  }
  return %r : i32
}
