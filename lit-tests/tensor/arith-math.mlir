// arith and math elementwise ops on tensors (issue 10): the round trip of mlir-opt 22's output
// for @elementwise, and, in invalid-arith.mlir, mlir-opt 22's shape-mismatch messages.
// RUN: cf-opt %s | FileCheck %s
// RUN: cf-opt %s | cf-opt | FileCheck %s

func.func @elementwise(%x: tensor<2x?xf32>, %y: tensor<2x?xf32>, %i: tensor<2x?xi32>, %c: tensor<2x?xi1>) -> tensor<2x?xf64> {
  %0 = arith.addf %x, %y : tensor<2x?xf32>
  %1 = arith.cmpf olt, %0, %y : tensor<2x?xf32>
  %2 = arith.select %c, %0, %y : tensor<2x?xi1>, tensor<2x?xf32>
  %3 = arith.extf %2 : tensor<2x?xf32> to tensor<2x?xf64>
  %4 = arith.sitofp %i : tensor<2x?xi32> to tensor<2x?xf32>
  %5 = math.exp %4 : tensor<2x?xf32>
  %6 = arith.cmpi slt, %i, %i : tensor<2x?xi32>
  return %3 : tensor<2x?xf64>
}

// CHECK-LABEL: func.func @elementwise(%arg0: tensor<2x?xf32>, %arg1: tensor<2x?xf32>, %arg2: tensor<2x?xi32>, %arg3: tensor<2x?xi1>) -> tensor<2x?xf64> {
// CHECK:   %0 = arith.addf %arg0, %arg1 : tensor<2x?xf32>
// CHECK:   %1 = arith.cmpf olt, %0, %arg1 : tensor<2x?xf32>
// CHECK:   %2 = arith.select %arg3, %0, %arg1 : tensor<2x?xi1>, tensor<2x?xf32>
// CHECK:   %3 = arith.extf %2 : tensor<2x?xf32> to tensor<2x?xf64>
// CHECK:   %4 = arith.sitofp %arg2 : tensor<2x?xi32> to tensor<2x?xf32>
// CHECK:   %5 = math.exp %4 : tensor<2x?xf32>
// CHECK:   %6 = arith.cmpi slt, %arg2, %arg2 : tensor<2x?xi32>
// CHECK:   return %3 : tensor<2x?xf64>
// CHECK: }

