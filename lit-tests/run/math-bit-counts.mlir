// math.ctlz, math.cttz and math.ctpop in cf-run (both backends run this file), on every
// integer width cf-run supports, with the counts of 0 (the width, MLIR's APInt semantics).
// Expected values by hand: 12 = 0b1100 (i32: 28 leading zeros, 2 trailing, 2 set bits);
// -128 : i8 = 0b10000000; -1 : i64 has 64 set bits; a tensor elementwise (NumPy agrees:
// 16 - int(v).bit_length() and bin(v).count('1') of the uint16 views of [0, 1, -1, 256]).
// The canonicalized run checks that the folders agree with the JIT.
// RUN: cf-run %s -e bits --arg '12 : i32' --arg '0 : i8' --arg 'true' --arg '-1 : i64' --arg '1 : index' | FileCheck %s --check-prefix=A
// RUN: cf-run %s -e bits --arg '0 : i32' --arg '-128 : i8' --arg 'false' --arg '0 : i64' --arg '0 : index' | FileCheck %s --check-prefix=B
// RUN: cf-run %s -e tensor --arg 'dense<[0, 1, -1, 256]> : tensor<4xi16>' | FileCheck %s --check-prefix=T
// RUN: cf-opt %s --canonicalize | cf-run - -e consts | FileCheck %s --check-prefix=A
// RUN: cf-opt %s --canonicalize | FileCheck %s --check-prefix=FOLDED
// FOLDED-LABEL: func.func @consts
// FOLDED-NOT: math.
// FOLDED: return
// RUN: cf-run %s -e consts | FileCheck %s --check-prefix=A
// A: {{^}}28{{$}}
// A-NEXT: {{^}}2{{$}}
// A-NEXT: {{^}}2{{$}}
// A-NEXT: {{^}}8{{$}}
// A-NEXT: {{^}}8{{$}}
// A-NEXT: {{^}}0{{$}}
// A-NEXT: {{^}}0{{$}}
// A-NEXT: {{^}}0{{$}}
// A-NEXT: {{^}}1{{$}}
// A-NEXT: {{^}}0{{$}}
// A-NEXT: {{^}}0{{$}}
// A-NEXT: {{^}}64{{$}}
// A-NEXT: {{^}}63{{$}}
// B: {{^}}32{{$}}
// B-NEXT: {{^}}32{{$}}
// B-NEXT: {{^}}0{{$}}
// B-NEXT: {{^}}0{{$}}
// B-NEXT: {{^}}7{{$}}
// B-NEXT: {{^}}1{{$}}
// B-NEXT: {{^}}1{{$}}
// B-NEXT: {{^}}1{{$}}
// B-NEXT: {{^}}0{{$}}
// B-NEXT: {{^}}64{{$}}
// B-NEXT: {{^}}64{{$}}
// B-NEXT: {{^}}0{{$}}
// B-NEXT: {{^}}64{{$}}
// T: dense<[16, 15, 0, 7]> : tensor<4xi16>
// T-NEXT: dense<[16, 0, 0, 8]> : tensor<4xi16>
// T-NEXT: dense<[0, 1, 16, 1]> : tensor<4xi16>
func.func @bits(%a: i32, %b: i8, %c: i1, %d: i64, %e: index) -> (i32, i32, i32, i8, i8, i8, i1, i1, i1, i64, i64, i64, index) {
  %0 = math.ctlz %a : i32
  %1 = math.cttz %a : i32
  %2 = math.ctpop %a : i32
  %3 = math.ctlz %b : i8
  %4 = math.cttz %b : i8
  %5 = math.ctpop %b : i8
  %6 = math.ctlz %c : i1
  %7 = math.cttz %c : i1
  %8 = math.ctpop %c : i1
  %9 = math.ctlz %d : i64
  %10 = math.cttz %d : i64
  %11 = math.ctpop %d : i64
  %12 = math.ctlz %e : index
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : i32, i32, i32, i8, i8, i8, i1, i1, i1, i64, i64, i64, index
}

// @bits on the arguments of the first RUN line, as constants (so --canonicalize folds them).
func.func @consts() -> (i32, i32, i32, i8, i8, i8, i1, i1, i1, i64, i64, i64, index) {
  %a = arith.constant 12 : i32
  %b = arith.constant 0 : i8
  %c = arith.constant true
  %d = arith.constant -1 : i64
  %e = arith.constant 1 : index
  %0 = math.ctlz %a : i32
  %1 = math.cttz %a : i32
  %2 = math.ctpop %a : i32
  %3 = math.ctlz %b : i8
  %4 = math.cttz %b : i8
  %5 = math.ctpop %b : i8
  %6 = math.ctlz %c : i1
  %7 = math.cttz %c : i1
  %8 = math.ctpop %c : i1
  %9 = math.ctlz %d : i64
  %10 = math.cttz %d : i64
  %11 = math.ctpop %d : i64
  %12 = math.ctlz %e : index
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : i32, i32, i32, i8, i8, i8, i1, i1, i1, i64, i64, i64, index
}

func.func @tensor(%t: tensor<4xi16>) -> (tensor<4xi16>, tensor<4xi16>, tensor<4xi16>) {
  %0 = math.ctlz %t : tensor<4xi16>
  %1 = math.cttz %t : tensor<4xi16>
  %2 = math.ctpop %t : tensor<4xi16>
  return %0, %1, %2 : tensor<4xi16>, tensor<4xi16>, tensor<4xi16>
}
