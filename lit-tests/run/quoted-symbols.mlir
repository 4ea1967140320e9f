// Quoted symbol names (`@"name with spaces"`) parse, print quoted, and calls resolve them.
// RUN: cf-opt %s | FileCheck %s
// RUN: cf-run %s | FileCheck %s --check-prefix=OUT
// CHECK: func.func @"add one"(
// CHECK: call @"add one"(
// OUT: {{^}}42{{$}}

func.func @"add one"(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r = arith.addi %x, %c1 : i32
  return %r : i32
}

func.func @main() -> i32 {
  %c41 = arith.constant 41 : i32
  %r = call @"add one"(%c41) : (i32) -> i32
  return %r : i32
}
