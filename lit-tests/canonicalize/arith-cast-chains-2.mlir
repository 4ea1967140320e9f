// arith cast chains, part 2 (issue 8): truncf(sitofp/uitofp a) -> sitofp/uitofp a when the middle
// float type holds every value of `a`; trunci(shrsi x, c) -> trunci(shrui x, c) with c = source
// width - result width; bitcast(bitcast a) -> bitcast a (or `a`); extf(truncf a) -> a when both
// carry fastmath<contract>. The CHECK lines are mlir-opt 22's --canonicalize output for this file,
// except in @int_to_float (see there).
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s
//
// Values by hand. int_to_float(-16777217, 2^60 + 2^36 + 1, -1 : i16): -(2^24 + 1) is exact in
// f64 and halfway between two f32 values: to even, -16777216. 2^60 + 2^36 + 1 to f64 (ulp 2^8)
// is 2^60 + 2^36, then to f32 (ulp 2^37) a tie, to even: 2^60 = 1152921504606846976, printed
// 1152921500000000000.0 (a direct sitofp to f32 gives 2^60 + 2^37, which is what mlir-opt 22's
// rewrite of this i64 chain computes; Weir keeps the chain). -1 : i16 unsigned is 65535.
// RUN: cf-run %s -e int_to_float --arg '-16777217 : i32' --arg '1152921573326323713 : i64' --arg '-1 : i16' | FileCheck %s --check-prefix=ITOF
// RUN: cf-opt %s --canonicalize | cf-run - -e int_to_float --arg '-16777217 : i32' --arg '1152921573326323713 : i64' --arg '-1 : i16' | FileCheck %s --check-prefix=ITOF
// ITOF: -16777216.0
// ITOF-NEXT: 1152921500000000000.0
// ITOF-NEXT: 65535.0
// trunc_of_shift(-2^32 = 0xFFFFFFFF00000000): shifted right by 32 (either shift) the low 32 bits
// are all ones: -1; shrsi by 31: -2.
// RUN: cf-run %s -e trunc_of_shift --arg '-4294967296 : i64' | FileCheck %s --check-prefix=SHIFT
// RUN: cf-opt %s --canonicalize | cf-run - -e trunc_of_shift --arg '-4294967296 : i64' | FileCheck %s --check-prefix=SHIFT
// SHIFT: -1
// SHIFT-NEXT: -2
// bitcasts(0x4000000000000000 = 4611686018427387904) = (2.0, bits of 4.0 = 0x4010000000000000
// = 4616189618054758400).
// RUN: cf-run %s -e bitcasts --arg '4611686018427387904 : i64' | FileCheck %s --check-prefix=BITS
// RUN: cf-opt %s --canonicalize | cf-run - -e bitcasts --arg '4611686018427387904 : i64' | FileCheck %s --check-prefix=BITS
// BITS: 2.0
// BITS-NEXT: 4616189618054758400
// ext_of_trunc(0.5, 0.1): 0.5 is exact in f32 (with `contract` the round trip may be skipped, which
// changes inexact values, as MLIR allows); 0.1 through f32 is 0.10000000149011612.
// RUN: cf-run %s -e ext_of_trunc --arg '0.5 : f64' --arg '0.1 : f64' | FileCheck %s --check-prefix=EXT
// RUN: cf-opt %s --canonicalize | cf-run - -e ext_of_trunc --arg '0.5 : f64' --arg '0.1 : f64' | FileCheck %s --check-prefix=EXT
// EXT: 0.5
// EXT-NEXT: 0.10000000149011612

// Weir differs: mlir-opt 22 also turns the i64 chain into `sitofp : i64 to f32` (two roundings
// become one, which changes values, see above).
// CHECK-LABEL: func.func @int_to_float(
// CHECK-SAME: %[[A:.*]]: i32, %[[B:.*]]: i64, %[[C:.*]]: i16)
// CHECK-NEXT: %[[R1:.*]] = arith.sitofp %[[A]] : i32 to f32
// CHECK-NEXT: %[[W:.*]] = arith.sitofp %[[B]] : i64 to f64
// CHECK-NEXT: %[[R2:.*]] = arith.truncf %[[W]] : f64 to f32
// CHECK-NEXT: %[[R3:.*]] = arith.uitofp %[[C]] : i16 to f32
// CHECK-NEXT: return %[[R1]], %[[R2]], %[[R3]] :
func.func @int_to_float(%a: i32, %b: i64, %c: i16) -> (f32, f32, f32) {
  %0 = arith.sitofp %a : i32 to f64
  %1 = arith.truncf %0 : f64 to f32
  %2 = arith.sitofp %b : i64 to f64
  %3 = arith.truncf %2 : f64 to f32
  %4 = arith.uitofp %c : i16 to f32
  %5 = arith.extf %4 : f32 to f64
  %6 = arith.truncf %5 : f64 to f32
  return %1, %3, %6 : f32, f32, f32
}

// CHECK-LABEL: func.func @trunc_of_shift(
// CHECK-SAME: %[[X:.*]]: i64)
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : i64
// CHECK-DAG: %[[C31:.*]] = arith.constant 31 : i64
// CHECK: %[[U:.*]] = arith.shrui %[[X]], %[[C32]] : i64
// CHECK-NEXT: %[[T1:.*]] = arith.trunci %[[U]] : i64 to i32
// CHECK-NEXT: %[[S:.*]] = arith.shrsi %[[X]], %[[C31]] : i64
// CHECK-NEXT: %[[T2:.*]] = arith.trunci %[[S]] : i64 to i32
// CHECK-NEXT: return %[[T1]], %[[T2]] :
func.func @trunc_of_shift(%x: i64) -> (i32, i32) {
  %c32 = arith.constant 32 : i64
  %c31 = arith.constant 31 : i64
  %0 = arith.shrsi %x, %c32 : i64
  %1 = arith.trunci %0 : i64 to i32
  %2 = arith.shrsi %x, %c31 : i64
  %3 = arith.trunci %2 : i64 to i32
  return %1, %3 : i32, i32
}

// CHECK-LABEL: func.func @bitcasts(
// CHECK-SAME: %[[X:.*]]: i64)
// CHECK-NEXT: %[[F:.*]] = arith.bitcast %[[X]] : i64 to f64
// CHECK-NEXT: %[[D:.*]] = arith.addf %[[F]], %[[F]] : f64
// CHECK-NEXT: %[[B:.*]] = arith.bitcast %[[D]] : f64 to i64
// CHECK-NEXT: return %[[F]], %[[B]] :
func.func @bitcasts(%x: i64) -> (f64, i64) {
  %0 = arith.bitcast %x : i64 to f64
  %1 = arith.bitcast %0 : f64 to i64
  %2 = arith.bitcast %1 : i64 to f64
  %3 = arith.addf %2, %2 : f64
  %4 = arith.bitcast %3 : f64 to i64
  return %2, %4 : f64, i64
}

// Without `contract` on the truncf the pair stays.
// CHECK-LABEL: func.func @ext_of_trunc(
// CHECK-SAME: %[[X:.*]]: f64, %[[Y:.*]]: f64)
// CHECK-NEXT: %[[T:.*]] = arith.truncf %[[Y]] : f64 to f32
// CHECK-NEXT: %[[E:.*]] = arith.extf %[[T]] fastmath<contract> : f32 to f64
// CHECK-NEXT: return %[[X]], %[[E]] :
func.func @ext_of_trunc(%x: f64, %y: f64) -> (f64, f64) {
  %0 = arith.truncf %x fastmath<contract> : f64 to f32
  %1 = arith.extf %0 fastmath<contract> : f32 to f64
  %2 = arith.truncf %y : f64 to f32
  %3 = arith.extf %2 fastmath<contract> : f32 to f64
  return %1, %3 : f64, f64
}

// A truncf with an explicit rounding mode stays, even to_nearest_even (as mlir-opt 22).
// CHECK-LABEL: func.func @int_to_float_with_mode(
// CHECK-SAME: %[[A:.*]]: i32)
// CHECK-NEXT: %[[W:.*]] = arith.sitofp %[[A]] : i32 to f64
// CHECK-NEXT: %[[T:.*]] = arith.truncf %[[W]] to_nearest_even : f64 to f32
// CHECK-NEXT: return %[[T]] :
func.func @int_to_float_with_mode(%a: i32) -> f32 {
  %0 = arith.sitofp %a : i32 to f64
  %1 = arith.truncf %0 to_nearest_even : f64 to f32
  return %1 : f32
}
