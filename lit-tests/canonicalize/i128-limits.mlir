// Literals at the limits of 128-bit integers, which mlir-opt 22 accepts and the parser
// rejected (its literal was an i128, so -2^127 and 2^127 ..= 2^128 - 1 overflowed): -2^127 and
// 0x8000...0 (2^127) are the same bits of an i128 and print as -2^127 (signless constants
// print signed), 2^128 - 1 prints as -1 (by hand; mlir-opt 22 prints the same). A 128-bit
// literal for an i64 stays an error (invalid/wide-integers.mlir).
// RUN: cf-opt %s | FileCheck %s
// RUN: cf-opt %s | cf-opt | FileCheck %s

// CHECK-LABEL: func.func @limits
// CHECK: arith.constant -170141183460469231731687303715884105728 : i128
// CHECK: arith.constant -170141183460469231731687303715884105728 : i128
// CHECK: arith.constant -1 : i128
// CHECK: arith.constant dense<[-170141183460469231731687303715884105728, -1]> : tensor<2xi128>
// CHECK: arith.constant -9223372036854775808 : i64
func.func @limits() -> (i128, i128, i128, tensor<2xi128>, i64) {
  %a = arith.constant -170141183460469231731687303715884105728 : i128
  %b = arith.constant 0x80000000000000000000000000000000 : i128
  %c = arith.constant 340282366920938463463374607431768211455 : i128
  %d = arith.constant dense<[-170141183460469231731687303715884105728, 340282366920938463463374607431768211455]> : tensor<2xi128>
  %e = arith.constant -9223372036854775808 : i64
  return %a, %b, %c, %d, %e : i128, i128, i128, tensor<2xi128>, i64
}

