// Integer literals at the limits of 127-bit types (found by the fuzz target `canonicalize`,
// docs/fuzzing.md: the range check computed 2^127 - 1 in i128 and overflowed, a panic with
// overflow checks). Out-of-range literals are an error, with mlir-opt 22's wording (checked
// with mlir-opt 22 --verify-diagnostics); the limits themselves are in
// lit-tests/canonicalize/wide-integers.mlir. Limits by hand: i127 holds -2^126 ..= 2^127 - 1
// (signless: signed or unsigned), si127 -2^126 ..= 2^126 - 1, ui127 0 ..= 2^127 - 1; here
// -2^126 - 1, 2^127 and 2^126.
// RUN: cf-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

func.func @below_signed_min() -> i127 {
  // expected-error@+1 {{integer constant out of range for attribute}}
  %0 = arith.constant -85070591730234615865843651857942052865 : i127
  return %0 : i127
}

// -----

func.func @above_unsigned_max() {
  // expected-error@+1 {{integer constant out of range for attribute}}
  "test.c"() {v = 170141183460469231731687303715884105728 : ui127} : () -> ()
  return
}

// -----

func.func @above_signed_max() {
  // expected-error@+1 {{integer constant out of range for attribute}}
  "test.c"() {v = 85070591730234615865843651857942052864 : si127} : () -> ()
  return
}

// -----

// A 128-bit literal (2^128 - 1, which an i128 holds) for an i64.
func.func @i128_literal_for_i64() -> i64 {
  // expected-error@+1 {{integer constant out of range for attribute}}
  %c = arith.constant 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF : i64
  return %c : i64
}
