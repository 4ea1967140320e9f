// builtin.unrealized_conversion_cast round-trips in MLIR's pretty form (inputs, their types,
// `to`, the result types, then the attribute dictionary); its generic form parses too.
// Expected text: mlir-opt 22's output for this file.
// RUN: cf-opt %s | FileCheck %s
// RUN: cf-opt %s | cf-opt | FileCheck %s
// RUN: cf-opt %s --mlir-print-op-generic | cf-opt | FileCheck %s

// CHECK-LABEL: func.func @casts(%arg0: i64, %arg1: i32) -> index {
// CHECK-NEXT:    %0 = builtin.unrealized_conversion_cast %arg0 : i64 to index
// CHECK-NEXT:    %1:2 = builtin.unrealized_conversion_cast %arg0, %arg1 : i64, i32 to i8, i16 {x = 1 : i32}
// CHECK-NEXT:    %2 = builtin.unrealized_conversion_cast to i64
// CHECK-NEXT:    return %0 : index
func.func @casts(%a: i64, %b: i32) -> index {
  %0 = builtin.unrealized_conversion_cast %a : i64 to index
  %1:2 = builtin.unrealized_conversion_cast %a, %b : i64, i32 to i8, i16 {x = 1 : i32}
  %2 = builtin.unrealized_conversion_cast to i64
  return %0 : index
}
