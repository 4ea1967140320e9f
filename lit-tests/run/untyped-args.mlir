// An --arg without a type takes its parameter's: what cf-run prints for a scalar (`285`) or a
// static tensor can be fed back. A typed --arg must still have the parameter's type, an
// untyped one must fit it (a float literal for an i32, 2^32 for an i32 (signless: up to 2^32 - 1), an untyped
// dense for a tensor of dynamic shape: errors, exit 1). Values by hand.
// RUN: cf-run %s --arg 10 --arg 2.5 --arg true --arg 'dense<[1.5, 2.0]>' --arg 'dense<[1, 2]> : tensor<2xi32>' | FileCheck %s
// RUN: not cf-run %s --arg 4294967296 --arg 2.5 --arg true --arg 'dense<1.0>' --arg 'dense<[1]> : tensor<1xi32>' 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not cf-run %s --arg 1.5 --arg 2.5 --arg true --arg 'dense<1.0>' --arg 'dense<[1]> : tensor<1xi32>' 2>&1 | FileCheck %s --check-prefix=FLOAT
// RUN: not cf-run %s --arg 1 --arg 2.5 --arg true --arg 'dense<1.0>' --arg 'dense<[1]>' 2>&1 | FileCheck %s --check-prefix=DYN
// RUN: not cf-run %s --arg '1 : i64' --arg 2.5 --arg true --arg 'dense<1.0>' --arg 'dense<[1]> : tensor<1xi32>' 2>&1 | FileCheck %s --check-prefix=TYPED
// RUN: cf-run %S/../../examples/sum-of-squares.mlir --arg 10 | FileCheck %s --check-prefix=SOS

// CHECK: 11
// CHECK-NEXT: 3.5
// CHECK-NEXT: 1
// CHECK-NEXT: dense<[2.500000e+00, 3.000000e+00]> : tensor<2xf64>
// CHECK-NEXT: dense<[1, 2]> : tensor<2xi32>
// RANGE: --arg #0:1:1: error: integer constant out of range for attribute
// FLOAT: --arg #0:1:1: error: floating point value not valid for specified type
// DYN: --arg #4:1:{{[0-9]+}}: error: expected ':'
// TYPED: cf-run: --arg #0 '1 : i64' has type 'i64' but the parameter has type 'i32'
// SOS: 285
func.func @main(%a: i32, %b: f32, %c: i1, %t: tensor<2xf64>, %d: tensor<?xi32>) -> (i32, f32, i1, tensor<2xf64>, tensor<?xi32>) {
  %one = arith.constant 1 : i32
  %a1 = arith.addi %a, %one : i32
  %onef = arith.constant 1.0 : f32
  %b1 = arith.addf %b, %onef : f32
  %ones = arith.constant dense<1.0> : tensor<2xf64>
  %t1 = arith.addf %t, %ones : tensor<2xf64>
  return %a1, %b1, %c, %t1, %d : i32, f32, i1, tensor<2xf64>, tensor<?xi32>
}
