// --convert-scf-to-cf of scf.parallel: a nest of scf.for (first dimension outermost) carrying
// the reduced values, the body in the innermost loop followed by the reduction regions inlined
// (lhs = carried value, rhs = the iteration's value), then the usual scf.for lowering. The
// CHECK lines are mlir-opt 22's `--convert-scf-to-cf` output on this file (SSA names aside).
// RUN: cf-opt %s --convert-scf-to-cf | FileCheck %s
// mlir-opt's --mlir-disable-threading is accepted and gives the same output.
// RUN: cf-opt %s --mlir-disable-threading --convert-scf-to-cf | FileCheck %s
// Values by hand: if_inside(4, true) = 0 + 1 + 2 + 3 = 6; if_inside(4, false) = 0 (every value
// is 0 and the reduction keeps lhs).
// RUN: cf-run %s -e if_inside --arg '4 : index' --arg 'true' | FileCheck %s --check-prefix=SIX
// RUN: cf-run %s -e if_inside --arg '4 : index' --arg 'false' | FileCheck %s --check-prefix=ZERO
// SIX: {{^}}6{{$}}
// ZERO: {{^}}0{{$}}

// CHECK-LABEL: func.func @two_dims_two_reductions(
// CHECK-SAME:      %[[N:.*]]: index, %[[M:.*]]: index) -> (i64, f32) {
// CHECK:         cf.br ^bb1(%[[C0:.*]], %[[Z:.*]], %[[ONE:.*]] : index, i64, f32)
// CHECK-NEXT:  ^bb1(%[[I:.*]]: index, %[[A0:.*]]: i64, %[[B0:.*]]: f32):
// CHECK-NEXT:    %[[CI:.*]] = arith.cmpi slt, %[[I]], %[[N]] : index
// CHECK-NEXT:    cf.cond_br %[[CI]], ^bb2, ^bb6
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    cf.br ^bb3(%[[C0]], %[[A0]], %[[B0]] : index, i64, f32)
// CHECK-NEXT:  ^bb3(%[[J:.*]]: index, %[[A1:.*]]: i64, %[[B1:.*]]: f32):
// CHECK-NEXT:    %[[CJ:.*]] = arith.cmpi slt, %[[J]], %[[M]] : index
// CHECK-NEXT:    cf.cond_br %[[CJ]], ^bb4, ^bb5
// CHECK-NEXT:  ^bb4:
// CHECK-NEXT:    %[[P:.*]] = arith.muli %[[I]], %[[J]] : index
// CHECK-NEXT:    %[[Q:.*]] = arith.index_cast %[[P]] : index to i64
// CHECK-NEXT:    %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[A1]], %[[Q]] : i64
// CHECK-NEXT:    %[[T:.*]] = arith.mulf %[[B1]], %[[TWO]] : f32
// CHECK-NEXT:    %[[J2:.*]] = arith.addi %[[J]], %[[C1:.*]] : index
// CHECK-NEXT:    cf.br ^bb3(%[[J2]], %[[S]], %[[T]] : index, i64, f32)
// CHECK-NEXT:  ^bb5:
// CHECK-NEXT:    %[[I2:.*]] = arith.addi %[[I]], %[[C1]] : index
// CHECK-NEXT:    cf.br ^bb1(%[[I2]], %[[A1]], %[[B1]] : index, i64, f32)
// CHECK-NEXT:  ^bb6:
// CHECK-NEXT:    cf.br ^bb7(%[[C0]] : index)
// CHECK-NEXT:  ^bb7(%[[K:.*]]: index):
// CHECK-NEXT:    %[[CK:.*]] = arith.cmpi slt, %[[K]], %[[N]] : index
// CHECK-NEXT:    cf.cond_br %[[CK]], ^bb8, ^bb9
// CHECK-NEXT:  ^bb8:
// CHECK-NEXT:    %[[K2:.*]] = arith.addi %[[K]], %[[C1]] : index
// CHECK-NEXT:    cf.br ^bb7(%[[K2]] : index)
// CHECK-NEXT:  ^bb9:
// CHECK-NEXT:    return %[[A0]], %[[B0]] : i64, f32
func.func @two_dims_two_reductions(%n: index, %m: index) -> (i64, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1.0 : f32
  %r:2 = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) init (%z, %one) -> (i64, f32) {
    %p = arith.muli %i, %j : index
    %q = arith.index_cast %p : index to i64
    %f = arith.constant 2.0 : f32
    scf.reduce(%q, %f : i64, f32) {
    ^bb0(%a: i64, %b: i64):
      %s = arith.addi %a, %b : i64
      scf.reduce.return %s : i64
    }, {
    ^bb0(%a: f32, %b: f32):
      %s = arith.mulf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  scf.parallel (%k) = (%c0) to (%n) step (%c1) {
  }
  return %r#0, %r#1 : i64, f32
}

// An scf.if inside the body and in a reduction region is lowered too.
// CHECK-LABEL: func.func @if_inside(
// CHECK-NOT:     scf.
// CHECK:         return
func.func @if_inside(%n: index, %c: i1) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %r = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%z) -> i64 {
    %v = scf.if %c -> (i64) {
      %w = arith.index_cast %i : index to i64
      scf.yield %w : i64
    } else {
      scf.yield %z : i64
    }
    scf.reduce(%v : i64) {
    ^bb0(%a: i64, %b: i64):
      %m = scf.if %c -> (i64) {
        %s = arith.addi %a, %b : i64
        scf.yield %s : i64
      } else {
        scf.yield %a : i64
      }
      scf.reduce.return %m : i64
    }
  }
  return %r : i64
}
