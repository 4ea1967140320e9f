// Constants and switch cases of 127-bit integer types. The fuzz target `canonicalize`
// (docs/fuzzing.md) found that the parser's range check computed 2^127 - 1 in i128 and
// overflowed (a panic with overflow checks); the same fault was in Context::normalize_int
// (unsigned truncation), and cf.switch's case check compared with 1 << 127 = i128::MIN, which
// rejected every case of an i127 flag.
// Expected values by hand, the same as mlir-opt 22 --canonicalize prints: 2^127 - 1 : i127 is
// -1 (signless constants print signed); (2^126 - 1) + 1 wraps to -2^126; ui127 keeps
// 2^127 - 1; the switch on the constant 5 goes to the block that returns 1.
// RUN: cf-opt %s --allow-unregistered-dialect --canonicalize | FileCheck %s
// RUN: cf-opt %s --allow-unregistered-dialect --canonicalize | cf-opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @limits
// CHECK-DAG: %[[M1:.*]] = arith.constant -1 : i127
// CHECK-DAG: %[[MIN:.*]] = arith.constant -85070591730234615865843651857942052864 : i127
// CHECK: return %[[M1]], %[[MIN]], %[[MIN]] : i127, i127, i127
func.func @limits() -> (i127, i127, i127) {
  %0 = arith.constant 170141183460469231731687303715884105727 : i127
  %1 = arith.constant -85070591730234615865843651857942052864 : i127
  %2 = arith.constant 85070591730234615865843651857942052863 : i127
  %one = arith.constant 1 : i127
  %3 = arith.addi %2, %one : i127
  return %0, %1, %3 : i127, i127, i127
}

// CHECK-LABEL: func.func @unsigned_max
// CHECK: {v = 170141183460469231731687303715884105727 : ui127}
func.func @unsigned_max() -> ui127 {
  %0 = "test.c"() {v = 170141183460469231731687303715884105727 : ui127} : () -> ui127
  return %0 : ui127
}

// CHECK-LABEL: func.func @switch
// CHECK: cf.switch %{{.*}} : i127, [
// CHECK-NEXT: default: ^bb1,
// CHECK-NEXT: 5: ^bb2,
// CHECK-NEXT: 7: ^bb3
func.func @switch(%x: i127) -> i32 {
  cf.switch %x : i127, [
    default: ^d,
    5: ^a,
    7: ^b
  ]
^d:
  %c0 = arith.constant 0 : i32
  return %c0 : i32
^a:
  %c1 = arith.constant 1 : i32
  return %c1 : i32
^b:
  %c2 = arith.constant 2 : i32
  return %c2 : i32
}

// CHECK-LABEL: func.func @switch_on_constant
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: return %[[C1]] : i32
func.func @switch_on_constant() -> i32 {
  %x = arith.constant 5 : i127
  cf.switch %x : i127, [
    default: ^d,
    5: ^a,
    7: ^b
  ]
^d:
  %c0 = arith.constant 0 : i32
  return %c0 : i32
^a:
  %c1 = arith.constant 1 : i32
  return %c1 : i32
^b:
  %c2 = arith.constant 2 : i32
  return %c2 : i32
}
