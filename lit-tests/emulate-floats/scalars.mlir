// --arith-emulate-unsupported-floats: arith ops on f16/bf16 (scalars and tensors) computed in
// the target type between arith.extf and arith.truncf (both fastmath<contract>); constants,
// select, bitcast and the casts themselves are left alone, as are math ops and everything
// outside arith; each value is extended once, right after its definition. The CHECK lines are
// mlir-opt 22's output on this file with the same options, line for line.
// RUN: cf-opt %s --arith-emulate-unsupported-floats="source-types=bf16,f16 target-type=f32" | FileCheck %s
// RUN: cf-opt %s --pass-pipeline='builtin.module(arith-emulate-unsupported-floats{source-types=bf16,f16 target-type=f32})' | FileCheck %s
// Only f16, computed in f64: bf16 ops stay as they are.
// RUN: cf-opt %s --arith-emulate-unsupported-floats="source-types=f16 target-type=f64" | FileCheck %s --check-prefix=F64
// No source types: nothing changes.
// RUN: cf-opt %s --arith-emulate-unsupported-floats | FileCheck %s --check-prefix=NONE
// NONE: %0 = arith.addf %arg0, %arg1 : f16
// NONE-NOT: arith.extf {{.*}}fastmath<contract>

// CHECK-LABEL: func.func @scalars(%arg0: f16, %arg1: f16, %arg2: i1, %arg3: i16, %arg4: f32) -> (f16, i1, f16, f16, f32, f16, i32, f16, f16, f32) {
// CHECK-NEXT: %0 = arith.extf %arg1 fastmath<contract> : f16 to f32
// CHECK-NEXT: %1 = arith.extf %arg0 fastmath<contract> : f16 to f32
// CHECK-NEXT: %2 = arith.addf %1, %0 : f32
// CHECK-NEXT: %3 = arith.truncf %2 fastmath<contract> : f32 to f16
// CHECK-NEXT: %4 = arith.extf %3 fastmath<contract> : f16 to f32
// CHECK-NEXT: %5 = arith.cmpf olt, %1, %4 : f32
// CHECK-NEXT: %6 = arith.select %arg2, %arg0, %3 : f16
// CHECK-NEXT: %7 = arith.negf %1 : f32
// CHECK-NEXT: %8 = arith.truncf %7 fastmath<contract> : f32 to f16
// CHECK-NEXT: %9 = arith.extf %arg0 : f16 to f32
// CHECK-NEXT: %10 = arith.bitcast %arg3 : i16 to f16
// CHECK-NEXT: %11 = arith.extf %10 fastmath<contract> : f16 to f32
// CHECK-NEXT: %cst = arith.constant 1.500000e+00 : f16
// CHECK-NEXT: %12 = arith.extf %cst fastmath<contract> : f16 to f32
// CHECK-NEXT: %13 = arith.mulf %11, %12 fastmath<fast> : f32
// CHECK-NEXT: %14 = arith.truncf %13 fastmath<contract> : f32 to f16
// CHECK-NEXT: %15 = arith.fptosi %1 : f32 to i32
// CHECK-NEXT: %16 = arith.sitofp %15 : i32 to f32
// CHECK-NEXT: %17 = arith.truncf %16 fastmath<contract> : f32 to f16
// CHECK-NEXT: %18 = math.sqrt %arg0 : f16
// CHECK-NEXT: %19 = arith.addf %arg4, %arg4 : f32
// CHECK-NEXT: %20 = arith.addi %15, %15 : i32
// CHECK-NEXT: %21 = arith.truncf %arg4 : f32 to f16
// CHECK-NEXT: return %3, %5, %6, %8, %9, %14, %20, %17, %18, %19 : f16, i1, f16, f16, f32, f16, i32, f16, f16, f32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @nested(%arg0: bf16, %arg1: i1) -> bf16 {
// CHECK-NEXT: %0 = arith.extf %arg0 fastmath<contract> : bf16 to f32
// CHECK-NEXT: %1 = arith.mulf %0, %0 : f32
// CHECK-NEXT: %2 = arith.truncf %1 fastmath<contract> : f32 to bf16
// CHECK-NEXT: %3 = arith.extf %2 fastmath<contract> : bf16 to f32
// CHECK-NEXT: %4 = scf.if %arg1 -> (bf16) {
// CHECK-NEXT: %8 = arith.divf %3, %0 : f32
// CHECK-NEXT: %9 = arith.truncf %8 fastmath<contract> : f32 to bf16
// CHECK-NEXT: scf.yield %9 : bf16
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg0 : bf16
// CHECK-NEXT: }
// CHECK-NEXT: %5 = arith.extf %4 fastmath<contract> : bf16 to f32
// CHECK-NEXT: %6 = arith.maxnumf %5, %0 : f32
// CHECK-NEXT: %7 = arith.truncf %6 fastmath<contract> : f32 to bf16
// CHECK-NEXT: return %7 : bf16
// CHECK-NEXT: }
// CHECK-LABEL: func.func @tensors(%arg0: tensor<37xf16>, %arg1: tensor<?xbf16>) -> (tensor<37xf16>, tensor<?xi1>, tensor<?xbf16>) {
// CHECK-NEXT: %0 = arith.extf %arg1 fastmath<contract> : tensor<?xbf16> to tensor<?xf32>
// CHECK-NEXT: %1 = arith.extf %arg0 fastmath<contract> : tensor<37xf16> to tensor<37xf32>
// CHECK-NEXT: %cst = arith.constant dense<2.000000e+00> : tensor<37xf16>
// CHECK-NEXT: %2 = arith.extf %cst fastmath<contract> : tensor<37xf16> to tensor<37xf32>
// CHECK-NEXT: %3 = arith.mulf %1, %2 : tensor<37xf32>
// CHECK-NEXT: %4 = arith.truncf %3 fastmath<contract> : tensor<37xf32> to tensor<37xf16>
// CHECK-NEXT: %5 = arith.extf %4 fastmath<contract> : tensor<37xf16> to tensor<37xf32>
// CHECK-NEXT: %6 = arith.addf %5, %1 : tensor<37xf32>
// CHECK-NEXT: %7 = arith.truncf %6 fastmath<contract> : tensor<37xf32> to tensor<37xf16>
// CHECK-NEXT: %8 = arith.cmpf oeq, %0, %0 : tensor<?xf32>
// CHECK-NEXT: %9 = arith.select %8, %arg1, %arg1 : tensor<?xi1>, tensor<?xbf16>
// CHECK-NEXT: %10 = arith.extf %9 fastmath<contract> : tensor<?xbf16> to tensor<?xf32>
// CHECK-NEXT: %11 = arith.subf %10, %0 : tensor<?xf32>
// CHECK-NEXT: %12 = arith.truncf %11 fastmath<contract> : tensor<?xf32> to tensor<?xbf16>
// CHECK-NEXT: return %7, %8, %12 : tensor<37xf16>, tensor<?xi1>, tensor<?xbf16>
// CHECK-NEXT: }

// F64-LABEL: func.func @scalars(%arg0: f16, %arg1: f16, %arg2: i1, %arg3: i16, %arg4: f32) -> (f16, i1, f16, f16, f32, f16, i32, f16, f16, f32) {
// F64-NEXT: %0 = arith.extf %arg1 fastmath<contract> : f16 to f64
// F64-NEXT: %1 = arith.extf %arg0 fastmath<contract> : f16 to f64
// F64-NEXT: %2 = arith.addf %1, %0 : f64
// F64-NEXT: %3 = arith.truncf %2 fastmath<contract> : f64 to f16
// F64-NEXT: %4 = arith.extf %3 fastmath<contract> : f16 to f64
// F64-NEXT: %5 = arith.cmpf olt, %1, %4 : f64
// F64-NEXT: %6 = arith.select %arg2, %arg0, %3 : f16
// F64-NEXT: %7 = arith.negf %1 : f64
// F64-NEXT: %8 = arith.truncf %7 fastmath<contract> : f64 to f16
// F64-NEXT: %9 = arith.extf %arg0 : f16 to f32
// F64-NEXT: %10 = arith.bitcast %arg3 : i16 to f16
// F64-NEXT: %11 = arith.extf %10 fastmath<contract> : f16 to f64
// F64-NEXT: %cst = arith.constant 1.500000e+00 : f16
// F64-NEXT: %12 = arith.extf %cst fastmath<contract> : f16 to f64
// F64-NEXT: %13 = arith.mulf %11, %12 fastmath<fast> : f64
// F64-NEXT: %14 = arith.truncf %13 fastmath<contract> : f64 to f16
// F64-NEXT: %15 = arith.fptosi %1 : f64 to i32
// F64-NEXT: %16 = arith.sitofp %15 : i32 to f64
// F64-NEXT: %17 = arith.truncf %16 fastmath<contract> : f64 to f16
// F64-NEXT: %18 = math.sqrt %arg0 : f16
// F64-NEXT: %19 = arith.addf %arg4, %arg4 : f32
// F64-NEXT: %20 = arith.addi %15, %15 : i32
// F64-NEXT: %21 = arith.truncf %arg4 : f32 to f16
// F64-NEXT: return %3, %5, %6, %8, %9, %14, %20, %17, %18, %19 : f16, i1, f16, f16, f32, f16, i32, f16, f16, f32
// F64-NEXT: }
// F64-LABEL: func.func @nested(%arg0: bf16, %arg1: i1) -> bf16 {
// F64-NEXT: %0 = arith.mulf %arg0, %arg0 : bf16
// F64-NEXT: %1 = scf.if %arg1 -> (bf16) {
// F64-NEXT: %3 = arith.divf %0, %arg0 : bf16
// F64-NEXT: scf.yield %3 : bf16
// F64-NEXT: } else {
// F64-NEXT: scf.yield %arg0 : bf16
// F64-NEXT: }
// F64-NEXT: %2 = arith.maxnumf %1, %arg0 : bf16
// F64-NEXT: return %2 : bf16
// F64-NEXT: }
// F64-LABEL: func.func @tensors(%arg0: tensor<37xf16>, %arg1: tensor<?xbf16>) -> (tensor<37xf16>, tensor<?xi1>, tensor<?xbf16>) {
// F64-NEXT: %0 = arith.extf %arg0 fastmath<contract> : tensor<37xf16> to tensor<37xf64>
// F64-NEXT: %cst = arith.constant dense<2.000000e+00> : tensor<37xf16>
// F64-NEXT: %1 = arith.extf %cst fastmath<contract> : tensor<37xf16> to tensor<37xf64>
// F64-NEXT: %2 = arith.mulf %0, %1 : tensor<37xf64>
// F64-NEXT: %3 = arith.truncf %2 fastmath<contract> : tensor<37xf64> to tensor<37xf16>
// F64-NEXT: %4 = arith.extf %3 fastmath<contract> : tensor<37xf16> to tensor<37xf64>
// F64-NEXT: %5 = arith.addf %4, %0 : tensor<37xf64>
// F64-NEXT: %6 = arith.truncf %5 fastmath<contract> : tensor<37xf64> to tensor<37xf16>
// F64-NEXT: %7 = arith.cmpf oeq, %arg1, %arg1 : tensor<?xbf16>
// F64-NEXT: %8 = arith.select %7, %arg1, %arg1 : tensor<?xi1>, tensor<?xbf16>
// F64-NEXT: %9 = arith.subf %8, %arg1 : tensor<?xbf16>
// F64-NEXT: return %6, %7, %9 : tensor<37xf16>, tensor<?xi1>, tensor<?xbf16>
// F64-NEXT: }

func.func @scalars(%a: f16, %b: f16, %c: i1, %i: i16, %x: f32) -> (f16, i1, f16, f16, f32, f16, i32, f16, f16, f32) {
  %0 = arith.addf %a, %b : f16
  %1 = arith.cmpf olt, %a, %0 : f16
  %2 = arith.select %c, %a, %0 : f16
  %3 = arith.negf %a : f16
  %4 = arith.extf %a : f16 to f32
  %5 = arith.bitcast %i : i16 to f16
  %cst = arith.constant 1.5 : f16
  %6 = arith.mulf %cst, %5 fastmath<fast> : f16
  %7 = arith.fptosi %a : f16 to i32
  %8 = arith.sitofp %7 : i32 to f16
  %9 = math.sqrt %a : f16
  %10 = arith.addf %x, %x : f32
  %11 = arith.addi %7, %7 : i32
  %12 = arith.truncf %x : f32 to f16
  return %0, %1, %2, %3, %4, %6, %11, %8, %9, %10 : f16, i1, f16, f16, f32, f16, i32, f16, f16, f32
}

func.func @nested(%a: bf16, %c: i1) -> bf16 {
  %0 = arith.mulf %a, %a : bf16
  %1 = scf.if %c -> (bf16) {
    %2 = arith.divf %0, %a : bf16
    scf.yield %2 : bf16
  } else {
    scf.yield %a : bf16
  }
  %3 = arith.maxnumf %1, %a : bf16
  return %3 : bf16
}

func.func @tensors(%t: tensor<37xf16>, %u: tensor<?xbf16>) -> (tensor<37xf16>, tensor<?xi1>, tensor<?xbf16>) {
  %two = arith.constant dense<2.0> : tensor<37xf16>
  %0 = arith.mulf %t, %two : tensor<37xf16>
  %1 = arith.addf %0, %t : tensor<37xf16>
  %2 = arith.cmpf oeq, %u, %u : tensor<?xbf16>
  %3 = arith.select %2, %u, %u : tensor<?xi1>, tensor<?xbf16>
  %4 = arith.subf %3, %u : tensor<?xbf16>
  return %1, %2, %4 : tensor<37xf16>, tensor<?xi1>, tensor<?xbf16>
}
