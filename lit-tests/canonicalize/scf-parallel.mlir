// scf.parallel canonicalization, as MLIR 22 (`ParallelOpSingleOrZeroIterationDimsFolder`,
// `MergeNestedParallelLoops`): a dimension of 0 trips replaces the loop by its inits (also with
// the same value as lower and upper bound); dimensions of 1 trip are dropped (induction
// variable = lower bound); with none left the body and the reduction regions are inlined
// (result = reduction(init, value)); nested loops without reductions are merged; an unused
// loop whose body has no side effects is dead. The CHECK lines are mlir-opt 22's
// `--canonicalize` output on this file (SSA names aside), except that Weir keeps the
// attributes of a rebuilt loop (`{tag = "kept"}`, which 22 drops); the loops stay otherwise.
// --fold-constant-conditions leaves scf.parallel alone.
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s
// RUN: cf-opt %s --fold-constant-conditions | FileCheck %s --check-prefix=FOLD
// Values by hand: all_single(3.0) = 3.0 * use1(0, 5) where use1 is f(i, j) = i + j as f32:
// 3.0 * 5.0 = 15.0 (run below, directly and canonicalized).
// RUN: cf-run %s -e all_single --arg '3.0 : f32' | FileCheck %s --check-prefix=FIFTEEN
// RUN: cf-opt %s --canonicalize | cf-run - -e all_single --arg '3.0 : f32' | FileCheck %s --check-prefix=FIFTEEN
// FIFTEEN: {{^}}15.0{{$}}

func.func @use(%i: index, %j: index) -> f32 {
  %f = arith.constant 1.0 : f32
  return %f : f32
}

func.func @effect(%i: index, %j: index, %k: index) {
  return
}

func.func @add_ij(%i: index, %j: index) -> f32 {
  %s = arith.addi %i, %j : index
  %t = arith.index_cast %s : index to i64
  %f = arith.sitofp %t : i64 to f32
  return %f : f32
}

// CHECK-LABEL: func.func @single_dim(
// CHECK-SAME:      %[[A:.*]]: index, %[[B:.*]]: index, %[[X:.*]]: f32)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK:         %[[R:.*]] = scf.parallel (%[[J:.*]]) = (%[[A]]) to (%[[B]]) step (%[[C3]]) init (%[[X]]) -> f32 {
// CHECK-NEXT:      %[[S:.*]] = func.call @use(%[[C0]], %[[J]]) : (index, index) -> f32
// CHECK-NEXT:      scf.reduce(%[[S]] : f32) {
// CHECK-NEXT:      ^bb0(%[[L:.*]]: f32, %[[RR:.*]]: f32):
// CHECK-NEXT:        %[[T:.*]] = arith.addf %[[L]], %[[RR]] : f32
// CHECK-NEXT:        scf.reduce.return %[[T]] : f32
// CHECK-NEXT:      }
// CHECK-NEXT:    } {tag = "kept"}
// CHECK-NEXT:    return %[[R]] : f32
// FOLD-LABEL: func.func @single_dim(
// FOLD:         scf.parallel (%{{.*}}, %{{.*}}) = (%{{.*}}, %{{.*}}) to (%{{.*}}, %{{.*}}) step (%{{.*}}, %{{.*}}) init (%{{.*}}) -> f32 {
func.func @single_dim(%a: index, %b: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.parallel (%i, %j) = (%c0, %a) to (%c1, %b) step (%c1, %c3) init (%x) -> f32 {
    %s = func.call @use(%i, %j) : (index, index) -> f32
    scf.reduce(%s : f32) {
    ^bb0(%l: f32, %r: f32):
      %t = arith.addf %l, %r : f32
      scf.reduce.return %t : f32
    }
  } {tag = "kept"}
  return %r : f32
}

// CHECK-LABEL: func.func @all_single(
// CHECK-SAME:      %[[X:.*]]: f32)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C5:.*]] = arith.constant 5 : index
// CHECK:         %[[S:.*]] = call @add_ij(%[[C0]], %[[C5]]) : (index, index) -> f32
// CHECK-NEXT:    %[[P:.*]] = arith.mulf %[[X]], %[[S]] : f32
// CHECK-NEXT:    return %[[P]] : f32
func.func @all_single(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %r = scf.parallel (%i, %j) = (%c0, %c5) to (%c1, %c7) step (%c1, %c5) init (%x) -> f32 {
    %s = func.call @add_ij(%i, %j) : (index, index) -> f32
    scf.reduce(%s : f32) {
    ^bb0(%l: f32, %r: f32):
      %t = arith.mulf %l, %r : f32
      scf.reduce.return %t : f32
    }
  }
  return %r : f32
}

// CHECK-LABEL: func.func @zero_dim(
// CHECK-SAME:      %{{.*}}: index, %{{.*}}: index, %[[X:.*]]: f32)
// CHECK-NEXT:    return %[[X]] : f32
func.func @zero_dim(%a: index, %b: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i, %j) = (%a, %c1) to (%b, %c0) step (%c1, %c1) init (%x) -> f32 {
    %s = func.call @use(%i, %j) : (index, index) -> f32
    scf.reduce(%s : f32) {
    ^bb0(%l: f32, %r: f32):
      %t = arith.addf %l, %r : f32
      scf.reduce.return %t : f32
    }
  }
  return %r : f32
}

// CHECK-LABEL: func.func @same_bounds(
// CHECK-SAME:      %{{.*}}: index, %{{.*}}: index, %[[X:.*]]: f32)
// CHECK-NEXT:    return %[[X]] : f32
func.func @same_bounds(%a: index, %b: index, %x: f32) -> f32 {
  %r = scf.parallel (%i) = (%a) to (%a) step (%b) init (%x) -> f32 {
    %s = func.call @use(%i, %i) : (index, index) -> f32
    scf.reduce(%s : f32) {
    ^bb0(%l: f32, %r: f32):
      %t = arith.addf %l, %r : f32
      scf.reduce.return %t : f32
    }
  }
  return %r : f32
}

// CHECK-LABEL: func.func @nested(
// CHECK-SAME:      %[[A:.*]]: index, %[[B:.*]]: index)
// CHECK:         scf.parallel (%[[I:.*]], %[[J:.*]], %[[K:.*]]) = (%[[C0:.*]], %[[C0]], %[[C0]]) to (%[[A]], %[[B]], %[[A]]) step (%[[C1:.*]], %[[C1]], %[[C1]]) {
// CHECK-NEXT:      func.call @effect(%[[I]], %[[J]], %[[K]]) : (index, index, index) -> ()
// CHECK-NEXT:      scf.reduce
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @nested(%a: index, %b: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%a) step (%c1) {
    scf.parallel (%j, %k) = (%c0, %c0) to (%b, %a) step (%c1, %c1) {
      func.call @effect(%i, %j, %k) : (index, index, index) -> ()
    }
  }
  return
}

// CHECK-LABEL: func.func @nested_bound_uses_outer_iv(
// CHECK:         scf.parallel (%[[I:.*]]) =
// CHECK-NEXT:      scf.parallel (%[[J:.*]]) = (%{{.*}}) to (%[[I]]) step
// CHECK-NEXT:        func.call @effect(%[[I]], %[[J]], %[[J]])
// CHECK-NEXT:        scf.reduce
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.reduce
// CHECK-NEXT:    }
func.func @nested_bound_uses_outer_iv(%a: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%a) step (%c1) {
    scf.parallel (%j) = (%c0) to (%i) step (%c1) {
      func.call @effect(%i, %j, %j) : (index, index, index) -> ()
    }
  }
  return
}

// CHECK-LABEL: func.func @unused(
// CHECK-NEXT:    return
func.func @unused(%a: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.parallel (%i) = (%c0) to (%a) step (%c1) init (%x) -> f32 {
    %s = arith.addf %x, %x : f32
    scf.reduce(%s : f32) {
    ^bb0(%l: f32, %r: f32):
      %t = arith.addf %l, %r : f32
      scf.reduce.return %t : f32
    }
  }
  scf.parallel (%i) = (%c0) to (%a) step (%c1) {
  }
  return
}

// CHECK-LABEL: func.func @two_trips(
// CHECK:         scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) init (%{{.*}}) -> f32 {
func.func @two_trips(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.parallel (%i) = (%c0) to (%c2) step (%c1) init (%x) -> f32 {
    %s = func.call @use(%i, %i) : (index, index) -> f32
    scf.reduce(%s : f32) {
    ^bb0(%l: f32, %r: f32):
      %t = arith.addf %l, %r : f32
      scf.reduce.return %t : f32
    }
  }
  return %r : f32
}
