// scf.parallel with scalar reductions (MLIR 22 semantics: result i = init i combined, through
// reduction region i, with the i-th scf.reduce operand of every iteration; no iteration: the
// inits), run directly (cf-run lowers through --convert-scf-to-cf: a nest of scf.for) and after
// --canonicalize. Values by hand, and the same from mlir-runner 22 (see below):
// - sum_ij(4, 5) = sum over i in 0..4, j in 0..5 of i*j = (0+1+2+3) * (0+1+2+3+4) = 6 * 10 = 60;
// - factorial(6) = product over i in 1..6 of i, as f64: 1*1*2*3*4*5 = 120 (init 1.0);
// - sum_and_max(7): i in 0..7 step 2 = 0, 2, 4, 6: sum 12, max 6 (init 0, and -100 for max);
//   returned as sum * 100 + max = 1206;
// - zero_trip(3, 3): lb = ub, no iteration: the init 42; zero_trip(5, 3): also 42;
// - three_dims(3): i, j, k over 0..3, 0..2, 0..1 (k has one trip, removed by --canonicalize),
//   sum of i + j + k = 2*(0+1+2) + 3*(0+1) = 6 + 3 = 9.
// mlir-runner 22 on the same functions called with these arguments (`mlir-opt
// --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts | mlir-runner`, printing
// with printI64/printF64) prints 60, 120, 1206, 42, 42, 9.
// RUN: cf-run %s -e sum_ij --arg '4 : index' --arg '5 : index' | FileCheck %s --check-prefix=SUM
// RUN: cf-opt %s --canonicalize | cf-run - -e sum_ij --arg '4 : index' --arg '5 : index' | FileCheck %s --check-prefix=SUM
// RUN: cf-opt %s --convert-scf-to-cf | cf-run - -e sum_ij --arg '4 : index' --arg '5 : index' | FileCheck %s --check-prefix=SUM
// RUN: cf-run %s -e factorial --arg '6 : index' | FileCheck %s --check-prefix=FACT
// RUN: cf-opt %s --canonicalize | cf-run - -e factorial --arg '6 : index' | FileCheck %s --check-prefix=FACT
// RUN: cf-run %s -e sum_and_max --arg '7 : index' | FileCheck %s --check-prefix=TWO
// RUN: cf-opt %s --canonicalize | cf-run - -e sum_and_max --arg '7 : index' | FileCheck %s --check-prefix=TWO
// RUN: cf-run %s -e zero_trip --arg '3 : index' --arg '3 : index' | FileCheck %s --check-prefix=ZERO
// RUN: cf-opt %s --canonicalize | cf-run - -e zero_trip --arg '3 : index' --arg '3 : index' | FileCheck %s --check-prefix=ZERO
// RUN: cf-run %s -e zero_trip --arg '5 : index' --arg '3 : index' | FileCheck %s --check-prefix=ZERO
// RUN: cf-opt %s --canonicalize | cf-run - -e zero_trip --arg '5 : index' --arg '3 : index' | FileCheck %s --check-prefix=ZERO
// RUN: cf-run %s -e three_dims --arg '3 : index' | FileCheck %s --check-prefix=NINE
// RUN: cf-opt %s --canonicalize | cf-run - -e three_dims --arg '3 : index' | FileCheck %s --check-prefix=NINE
// SUM: {{^}}60{{$}}
// FACT: {{^}}120.0{{$}}
// TWO: {{^}}1206{{$}}
// ZERO: {{^}}42{{$}}
// NINE: {{^}}9{{$}}

func.func @sum_ij(%n: index, %m: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %r = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) init (%zero) -> i64 {
    %p = arith.muli %i, %j : index
    %v = arith.index_cast %p : index to i64
    scf.reduce(%v : i64) {
    ^bb0(%lhs: i64, %rhs: i64):
      %s = arith.addi %lhs, %rhs : i64
      scf.reduce.return %s : i64
    }
  }
  return %r : i64
}

func.func @factorial(%n: index) -> f64 {
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f64
  %r = scf.parallel (%i) = (%c1) to (%n) step (%c1) init (%one) -> f64 {
    %k = arith.index_cast %i : index to i64
    %f = arith.sitofp %k : i64 to f64
    scf.reduce(%f : f64) {
    ^bb0(%lhs: f64, %rhs: f64):
      %p = arith.mulf %lhs, %rhs : f64
      scf.reduce.return %p : f64
    }
  }
  return %r : f64
}

func.func @sum_and_max(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0 : i64
  %low = arith.constant -100 : i64
  %hundred = arith.constant 100 : i64
  %r:2 = scf.parallel (%i) = (%c0) to (%n) step (%c2) init (%zero, %low) -> (i64, i64) {
    %v = arith.index_cast %i : index to i64
    scf.reduce(%v, %v : i64, i64) {
    ^bb0(%lhs: i64, %rhs: i64):
      %s = arith.addi %lhs, %rhs : i64
      scf.reduce.return %s : i64
    }, {
    ^bb0(%lhs: i64, %rhs: i64):
      %m = arith.maxsi %lhs, %rhs : i64
      scf.reduce.return %m : i64
    }
  }
  %t = arith.muli %r#0, %hundred : i64
  %u = arith.addi %t, %r#1 : i64
  return %u : i64
}

func.func @zero_trip(%lb: index, %ub: index) -> i64 {
  %c1 = arith.constant 1 : index
  %init = arith.constant 42 : i64
  %r = scf.parallel (%i) = (%lb) to (%ub) step (%c1) init (%init) -> i64 {
    %v = arith.index_cast %i : index to i64
    scf.reduce(%v : i64) {
    ^bb0(%lhs: i64, %rhs: i64):
      %s = arith.addi %lhs, %rhs : i64
      scf.reduce.return %s : i64
    }
  }
  return %r : i64
}

func.func @three_dims(%n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0 : i64
  %r = scf.parallel (%i, %j, %k) = (%c0, %c0, %c0) to (%n, %c2, %c1) step (%c1, %c1, %c1) init (%zero) -> i64 {
    %s = arith.addi %i, %j : index
    %t = arith.addi %s, %k : index
    %v = arith.index_cast %t : index to i64
    scf.reduce(%v : i64) {
    ^bb0(%lhs: i64, %rhs: i64):
      %a = arith.addi %lhs, %rhs : i64
      scf.reduce.return %a : i64
    }
  }
  return %r : i64
}
