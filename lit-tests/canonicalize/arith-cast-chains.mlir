// arith cast chains composed (issue 8): extsi(extui), extui(extui), extsi(extsi), trunci of an
// extension (wider, equal or narrower source), trunci(trunci), index_cast(extsi),
// index_castui(extui), index_cast round trips, truncf(extf). MLIR 22's ArithOps.cpp folders
// and ArithCanonicalization.td. The CHECK lines are mlir-opt 22's --canonicalize output for this
// file, except where a comment says Weir differs.
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s
//
// Semantics preserved, by hand: cast_chains(true, -3, -70000): extui true = 1; extui -3 : i8 =
// 253; extsi -3 = -3; -70000 = 0xFFFEEE90, its low 16 bits 0xEE90 = 61072 = -4464 : i16; -3 : i32;
// extui -70000 : i32 = 4294967296 - 70000 = 4294897296; low 8 bits 0x90 = 144 = -112 : i8;
// index_cast -70000 = -70000; index_castui = 4294897296.
// RUN: cf-run %s -e cast_chains --arg 'true' --arg '-3 : i8' --arg '-70000 : i32' | FileCheck %s --check-prefix=CHAINS
// RUN: cf-opt %s --canonicalize | cf-run - -e cast_chains --arg 'true' --arg '-3 : i8' --arg '-70000 : i32' | FileCheck %s --check-prefix=CHAINS
// CHAINS: 1
// CHAINS-NEXT: 253
// CHAINS-NEXT: -3
// CHAINS-NEXT: -4464
// CHAINS-NEXT: -3
// CHAINS-NEXT: 4294897296
// CHAINS-NEXT: -112
// CHAINS-NEXT: -70000
// CHAINS-NEXT: 4294897296
// trunc_flags(300): 300 = 0x12C, low 8 bits 0x2C = 44 (twice).
// RUN: cf-run %s -e trunc_flags --arg '300 : i64' | FileCheck %s --check-prefix=TRUNC
// RUN: cf-opt %s --canonicalize | cf-run - -e trunc_flags --arg '300 : i64' | FileCheck %s --check-prefix=TRUNC
// TRUNC: 44
// TRUNC-NEXT: 44
// index_round_trips(-70000, 2^32 + 5): -70000; index 4294967301 to i32 is 5, back to index 5
// (mlir-opt 22 folds this round trip to the argument, 4294967301); index_castui -70000 is
// 4294897296, back to i32 -70000, extsi -70000.
// RUN: cf-run %s -e index_round_trips --arg '-70000 : i32' --arg '4294967301 : index' | FileCheck %s --check-prefix=ROUND
// RUN: cf-opt %s --canonicalize | cf-run - -e index_round_trips --arg '-70000 : i32' --arg '4294967301 : index' | FileCheck %s --check-prefix=ROUND
// ROUND: -70000
// ROUND-NEXT: 5
// ROUND-NEXT: -70000
// float_chains(1.5, 0.1): truncf(extf 1.5) = 1.5; the f64 0.1 rounded to f32 is
// 0.100000001490116..., the same as truncf(extf(truncf 0.1)); extf of it prints the same.
// RUN: cf-run %s -e float_chains --arg '1.5 : f32' --arg '0.1 : f64' | FileCheck %s --check-prefix=FLT
// RUN: cf-opt %s --canonicalize | cf-run - -e float_chains --arg '1.5 : f32' --arg '0.1 : f64' | FileCheck %s --check-prefix=FLT
// FLT: 1.5
// FLT-NEXT: 0.10000000149011612

// CHECK-LABEL: func.func @cast_chains(
// CHECK-SAME: %[[X:.*]]: i1, %[[Y:.*]]: i8, %[[Z:.*]]: i32)
// CHECK-NEXT: %[[A:.*]] = arith.extui %[[X]] : i1 to i64
// CHECK-NEXT: %[[B:.*]] = arith.extui %[[Y]] : i8 to i64
// CHECK-NEXT: %[[C:.*]] = arith.extsi %[[Y]] : i8 to i64
// CHECK-NEXT: %[[D:.*]] = arith.trunci %[[Z]] : i32 to i16
// CHECK-NEXT: %[[E:.*]] = arith.extsi %[[Y]] : i8 to i32
// CHECK-NEXT: %[[G:.*]] = arith.extui %[[Z]] : i32 to i64
// CHECK-NEXT: %[[T:.*]] = arith.trunci %[[Z]] : i32 to i8
// CHECK-NEXT: %[[I:.*]] = arith.index_cast %[[Z]] : i32 to index
// CHECK-NEXT: %[[U:.*]] = arith.index_castui %[[Z]] : i32 to index
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]], %[[G]], %[[T]], %[[I]], %[[U]] :
func.func @cast_chains(%x: i1, %y: i8, %z: i32) -> (i64, i64, i64, i16, i32, i64, i8, index, index) {
  %a0 = arith.extui %x : i1 to i8
  %a = arith.extsi %a0 : i8 to i64
  %b0 = arith.extui %y : i8 to i16
  %b = arith.extui %b0 : i16 to i64
  %c0 = arith.extsi %y : i8 to i16
  %c = arith.extsi %c0 : i16 to i64
  %d0 = arith.extui %z : i32 to i64
  %d = arith.trunci %d0 : i64 to i16
  %e0 = arith.extsi %y : i8 to i64
  %e = arith.trunci %e0 : i64 to i32
  %g0 = arith.extsi %z : i32 to i64
  %g1 = arith.trunci %g0 : i64 to i32
  %g = arith.extui %g1 : i32 to i64
  %t0 = arith.trunci %g0 : i64 to i16
  %t = arith.trunci %t0 : i16 to i8
  %i0 = arith.extsi %z : i32 to i64
  %i = arith.index_cast %i0 : i64 to index
  %u0 = arith.extui %z : i32 to i64
  %u = arith.index_castui %u0 : i64 to index
  return %a, %b, %c, %d, %e, %g, %t, %i, %u : i64, i64, i64, i16, i32, i64, i8, index, index
}

// Weir differs: mlir-opt 22 keeps the flags of the outer trunci (`overflow<nsw, nuw>`, then
// `overflow<nsw>`), which claims more than the inner truncation guarantees; Weir keeps the flags
// both carry.
// CHECK-LABEL: func.func @trunc_flags(
// CHECK-SAME: %[[Z:.*]]: i64)
// CHECK-NEXT: %[[A:.*]] = arith.trunci %[[Z]] overflow<nuw> : i64 to i8
// CHECK-NEXT: %[[B:.*]] = arith.trunci %[[Z]] : i64 to i8
// CHECK-NEXT: return %[[A]], %[[B]] :
func.func @trunc_flags(%z: i64) -> (i8, i8) {
  %0 = arith.trunci %z overflow<nuw> : i64 to i16
  %1 = arith.trunci %0 overflow<nsw, nuw> : i16 to i8
  %2 = arith.trunci %z : i64 to i16
  %3 = arith.trunci %2 overflow<nsw> : i16 to i8
  return %1, %3 : i8, i8
}

// Weir differs: mlir-opt 22 also folds index -> i32 -> index to the argument, which changes
// every index outside the i32 range (see the values above); Weir keeps that round trip.
// CHECK-LABEL: func.func @index_round_trips(
// CHECK-SAME: %[[Z:.*]]: i32, %[[I:.*]]: index)
// CHECK-NEXT: %[[N:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK-NEXT: %[[B:.*]] = arith.index_cast %[[N]] : i32 to index
// CHECK-NEXT: %[[E:.*]] = arith.extsi %[[Z]] : i32 to i64
// CHECK-NEXT: return %[[Z]], %[[B]], %[[E]] :
func.func @index_round_trips(%z: i32, %i: index) -> (i32, index, i64) {
  %0 = arith.index_cast %z : i32 to index
  %1 = arith.index_cast %0 : index to i32
  %2 = arith.index_cast %i : index to i32
  %3 = arith.index_cast %2 : i32 to index
  %4 = arith.index_castui %z : i32 to index
  %5 = arith.index_castui %4 : index to i32
  %6 = arith.extsi %5 : i32 to i64
  return %1, %3, %6 : i32, index, i64
}

// truncf(extf a) -> a; truncf(extf(truncf d)) -> truncf d; extf(truncf d) stays (inexact).
// CHECK-LABEL: func.func @float_chains(
// CHECK-SAME: %[[F:.*]]: f32, %[[D:.*]]: f64)
// CHECK-NEXT: %[[T:.*]] = arith.truncf %[[D]] : f64 to f32
// CHECK-NEXT: %[[E:.*]] = arith.extf %[[T]] : f32 to f64
// CHECK-NEXT: return %[[F]], %[[E]] :
func.func @float_chains(%f: f32, %d: f64) -> (f32, f64) {
  %0 = arith.extf %f : f32 to f64
  %1 = arith.truncf %0 : f64 to f32
  %2 = arith.truncf %d : f64 to f32
  %3 = arith.extf %2 : f32 to f64
  %4 = arith.truncf %3 : f64 to f32
  %5 = arith.extf %4 : f32 to f64
  return %1, %5 : f32, f64
}
