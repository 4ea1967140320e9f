// scf.index_switch with a data-dependent index inside scf.for, default case included:
// for i in 0..n: acc += (i == 0 ? 1 : i == 1 ? 10 : i == 2 ? 100 : 1000).
// By hand: n = 4 -> 1 + 10 + 100 + 1000 = 1111; n = 6 -> 1111 + 2*1000 = 3111; n = 0 -> 0.
// RUN: cf-run %s -e sum --arg '4 : index' | FileCheck %s --check-prefix=N4
// RUN: cf-opt %s --canonicalize | cf-run - -e sum --arg '4 : index' | FileCheck %s --check-prefix=N4
// RUN: cf-run %s -e sum --arg '6 : index' | FileCheck %s --check-prefix=N6
// RUN: cf-opt %s --canonicalize | cf-run - -e sum --arg '6 : index' | FileCheck %s --check-prefix=N6
// RUN: cf-run %s -e sum --arg '0 : index' | FileCheck %s --check-prefix=N0
// RUN: cf-opt %s --canonicalize | cf-run - -e sum --arg '0 : index' | FileCheck %s --check-prefix=N0
// RUN: cf-opt %s --convert-scf-to-cf | cf-run - -e sum --arg '6 : index' | FileCheck %s --check-prefix=N6
// N4: {{^}}1111{{$}}
// N6: {{^}}3111{{$}}
// N0: {{^}}0{{$}}
//
// A case value of 2^32 + 1 = 4294967297 must not be taken for index 1 (MLIR 22's lowering
// truncates the index to i32 and takes it; Weir switches on the full 64-bit value).
// RUN: cf-run %s -e wide --arg '1 : index' | FileCheck %s --check-prefix=WIDE1
// RUN: cf-opt %s --canonicalize | cf-run - -e wide --arg '1 : index' | FileCheck %s --check-prefix=WIDE1
// RUN: cf-run %s -e wide --arg '4294967297 : index' | FileCheck %s --check-prefix=WIDEBIG
// RUN: cf-opt %s --canonicalize | cf-run - -e wide --arg '4294967297 : index' | FileCheck %s --check-prefix=WIDEBIG
// RUN: cf-opt %s --convert-scf-to-cf | cf-run - -e wide --arg '1 : index' | FileCheck %s --check-prefix=WIDE1
// RUN: cf-opt %s --convert-scf-to-cf | FileCheck %s --check-prefix=CFG
// WIDE1: {{^}}9{{$}}
// WIDEBIG: {{^}}7{{$}}
// CFG-LABEL: func.func @wide
// CFG: cf.switch {{.*}} : i64
// CFG: 4294967297: ^bb

func.func @sum(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %v = scf.index_switch %i -> i64
    case 0 {
      %a = arith.constant 1 : i64
      scf.yield %a : i64
    }
    case 1 {
      %b = arith.constant 10 : i64
      scf.yield %b : i64
    }
    case 2 {
      %c = arith.constant 100 : i64
      scf.yield %c : i64
    }
    default {
      %d = arith.constant 1000 : i64
      scf.yield %d : i64
    }
    %next = arith.addi %acc, %v : i64
    scf.yield %next : i64
  }
  return %r : i64
}

func.func @wide(%idx: index) -> i32 {
  %r = scf.index_switch %idx -> i32
  case 4294967297 {
    %a = arith.constant 7 : i32
    scf.yield %a : i32
  }
  default {
    %b = arith.constant 9 : i32
    scf.yield %b : i32
  }
  return %r : i32
}
