// cf.switch in a block entered only through one edge of a cf.switch on the same flag (MLIR 22's
// SimplifySwitchFromSwitchOnSameCondition and SimplifySwitchFromDefaultSwitchOnSameCondition;
// the CHECK lines are mlir-opt 22's --canonicalize output, up to SSA names).
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s
//
// Values by hand, a = 7: @case_edge f = 1 -> the second switch on 1 -> 30; f = 2 -> 10;
// f = 5 -> a = 7. @default_edge f = 1 -> 7; f = 2 -> 10; f = 3 -> the second switch's case 3 -> 40;
// f = 5 -> 20. Before and after --canonicalize:
// RUN: cf-run %s -e case_edge --arg '1 : i32' --arg '7 : i32' | FileCheck %s --check-prefix=V30
// RUN: cf-opt %s --canonicalize | cf-run - -e case_edge --arg '1 : i32' --arg '7 : i32' | FileCheck %s --check-prefix=V30
// RUN: cf-opt %s --canonicalize | cf-run - -e case_edge --arg '2 : i32' --arg '7 : i32' | FileCheck %s --check-prefix=V10
// RUN: cf-opt %s --canonicalize | cf-run - -e case_edge --arg '5 : i32' --arg '7 : i32' | FileCheck %s --check-prefix=V7
// RUN: cf-run %s -e default_edge --arg '3 : i32' --arg '7 : i32' | FileCheck %s --check-prefix=V40
// RUN: cf-opt %s --canonicalize | cf-run - -e default_edge --arg '1 : i32' --arg '7 : i32' | FileCheck %s --check-prefix=V7
// RUN: cf-opt %s --canonicalize | cf-run - -e default_edge --arg '2 : i32' --arg '7 : i32' | FileCheck %s --check-prefix=V10
// RUN: cf-opt %s --canonicalize | cf-run - -e default_edge --arg '3 : i32' --arg '7 : i32' | FileCheck %s --check-prefix=V40
// RUN: cf-opt %s --canonicalize | cf-run - -e default_edge --arg '5 : i32' --arg '7 : i32' | FileCheck %s --check-prefix=V20
// RUN: cf-opt %s --canonicalize | cf-run - -e two_edges --arg '2 : i32' | FileCheck %s --check-prefix=V20
// V30: {{^}}30{{$}}
// V10: {{^}}10{{$}}
// V7: {{^}}7{{$}}
// V40: {{^}}40{{$}}
// V20: {{^}}20{{$}}

// Through case 1 the flag is 1: the second switch becomes a branch (and, merged, the first
// switch's case 1 passes 30).
// CHECK-LABEL: func.func @case_edge(
// CHECK-SAME: %[[F:.*]]: i32, %[[A:.*]]: i32)
// CHECK-DAG: %[[C10:.*]] = arith.constant 10 : i32
// CHECK-DAG: %[[C30:.*]] = arith.constant 30 : i32
// CHECK: cf.switch %[[F]] : i32, [
// CHECK-NEXT: default: ^[[EXIT:.*]](%[[A]] : i32),
// CHECK-NEXT: 1: ^[[EXIT]](%[[C30]] : i32),
// CHECK-NEXT: 2: ^[[EXIT]](%[[C10]] : i32)
// CHECK-NEXT: ]
// CHECK-NOT: cf.switch
// CHECK: return
func.func @case_edge(%f: i32, %a: i32) -> i32 {
  %c10 = arith.constant 10 : i32
  %c20 = arith.constant 20 : i32
  %c30 = arith.constant 30 : i32
  cf.switch %f : i32, [
    default: ^exit(%a : i32),
    1: ^second,
    2: ^exit(%c10 : i32)
  ]
^second:
  cf.switch %f : i32, [
    default: ^exit(%c20 : i32),
    1: ^exit(%c30 : i32)
  ]
^exit(%r: i32):
  return %r : i32
}

// Through the default the flag is neither 1 nor 2: the second switch loses its case 1.
// CHECK-LABEL: func.func @default_edge(
// CHECK-SAME: %[[F:.*]]: i32, %[[A:.*]]: i32)
// CHECK: cf.switch %[[F]] : i32, [
// CHECK-NEXT: default: ^[[SECOND:.*]],
// CHECK-NEXT: 1: ^[[EXIT:[^(]*]](%[[A]] : i32),
// CHECK-NEXT: 2: ^[[EXIT]](%{{.*}} : i32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^[[SECOND]]:
// CHECK-NEXT: cf.switch %[[F]] : i32, [
// CHECK-NEXT: default: ^[[EXIT]](%{{.*}} : i32),
// CHECK-NEXT: 3: ^[[EXIT]](%{{.*}} : i32)
// CHECK-NEXT: ]

func.func @default_edge(%f: i32, %a: i32) -> i32 {
  %c10 = arith.constant 10 : i32
  %c20 = arith.constant 20 : i32
  %c30 = arith.constant 30 : i32
  %c40 = arith.constant 40 : i32
  cf.switch %f : i32, [
    default: ^second,
    1: ^exit(%a : i32),
    2: ^exit(%c10 : i32)
  ]
^second:
  cf.switch %f : i32, [
    default: ^exit(%c20 : i32),
    1: ^exit(%c30 : i32),
    3: ^exit(%c40 : i32)
  ]
^exit(%r: i32):
  return %r : i32
}

// Two edges (cases 1 and 2) enter ^second: the flag is not known there, the switch stays (as in
// mlir-opt 22). f = 2 -> the second switch's default -> 20.
// CHECK-LABEL: func.func @two_edges(
// CHECK: cf.switch
// CHECK: cf.switch
func.func @two_edges(%f: i32) -> i32 {
  %c10 = arith.constant 10 : i32
  %c20 = arith.constant 20 : i32
  %c30 = arith.constant 30 : i32
  cf.switch %f : i32, [
    default: ^exit(%c10 : i32),
    1: ^second,
    2: ^second
  ]
^second:
  cf.switch %f : i32, [
    default: ^exit(%c20 : i32),
    1: ^exit(%c30 : i32)
  ]
^exit(%r: i32):
  return %r : i32
}
