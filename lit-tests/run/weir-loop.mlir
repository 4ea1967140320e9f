// weir.loop (SEMANTICS.md section 6, ONNX Loop-13): it = 0; cond = init (true if absent);
// while (no max || it < max) && cond { (cond, vars) = body(it, cond, vars); it += 1 }.
// Right answers by hand:
// - @count: x = 0, body x + 1, max m, condition always true -> m trips: m = 5 -> 5, m = 0 -> 0, m = -3 -> 0.
// - @until3: body x + 1 with new condition x + 1 < 3, max 10: trips 1 (x=1, go), 2 (x=2, go),
//   3 (x=3, stop) -> 3.
// - @no_max: no max; initial condition from the argument; the body stops when x + 1 == 7 -> 7;
//   initial condition false -> 0 trips -> 0.
// - @iter_sum: sum of the iteration numbers 0 + 1 + ... + (m-1) with no carried condition change:
//   m = 5 -> 10.
// RUN: cf-run %s -e count --arg '5 : i64' | FileCheck %s --check-prefix=FIVE
// RUN: cf-opt %s --canonicalize | cf-run - -e count --arg '5 : i64' | FileCheck %s --check-prefix=FIVE
// RUN: cf-run %s -e count --arg '0 : i64' | FileCheck %s --check-prefix=ZERO
// RUN: cf-opt %s --canonicalize | cf-run - -e count --arg '0 : i64' | FileCheck %s --check-prefix=ZERO
// RUN: cf-run %s -e count --arg '-3 : i64' | FileCheck %s --check-prefix=ZERO
// RUN: cf-opt %s --canonicalize | cf-run - -e count --arg '-3 : i64' | FileCheck %s --check-prefix=ZERO
// RUN: cf-run %s -e until3 | FileCheck %s --check-prefix=THREE
// RUN: cf-opt %s --canonicalize | cf-run - -e until3 | FileCheck %s --check-prefix=THREE
// RUN: cf-run %s -e no_max --arg 'true' | FileCheck %s --check-prefix=SEVEN
// RUN: cf-opt %s --canonicalize | cf-run - -e no_max --arg 'true' | FileCheck %s --check-prefix=SEVEN
// RUN: cf-run %s -e no_max --arg 'false' | FileCheck %s --check-prefix=ZERO
// RUN: cf-opt %s --canonicalize | cf-run - -e no_max --arg 'false' | FileCheck %s --check-prefix=ZERO
// RUN: cf-run %s -e iter_sum --arg '5 : index' | FileCheck %s --check-prefix=TEN
// RUN: cf-opt %s --canonicalize | cf-run - -e iter_sum --arg '5 : index' | FileCheck %s --check-prefix=TEN
// RUN: cf-opt %s --convert-weir-to-scf | cf-run - -e count --arg '5 : i64' | FileCheck %s --check-prefix=FIVE
// RUN: cf-opt %s --convert-weir-to-scf --convert-scf-to-cf | cf-run - -e until3 | FileCheck %s --check-prefix=THREE
// RUN: cf-opt %s --convert-weir-to-scf | FileCheck %s --check-prefix=SCF
// FIVE: {{^}}5{{$}}
// ZERO: {{^}}0{{$}}
// THREE: {{^}}3{{$}}
// SEVEN: {{^}}7{{$}}
// TEN: {{^}}10{{$}}
// SCF-LABEL: func.func @count
// SCF-NOT: weir.loop
// SCF: scf.while
// SCF: arith.cmpi slt
// SCF: scf.condition

func.func @count(%m: i64) -> i64 {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %true = arith.constant true
  %r = weir.loop max(%m : i64) cond(%true) iter_args(%zero) -> (i64) {
  ^bb0(%it: i64, %c: i1, %x: i64):
    %x1 = arith.addi %x, %one : i64
    weir.yield %c, %x1 : i1, i64
  }
  return %r : i64
}

func.func @until3() -> i32 {
  %m = arith.constant 10 : i64
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %three = arith.constant 3 : i32
  %r = weir.loop max(%m : i64) iter_args(%zero) -> (i32) {
  ^bb0(%it: i64, %c: i1, %x: i32):
    %x1 = arith.addi %x, %one : i32
    %go = arith.cmpi slt, %x1, %three : i32
    weir.yield %go, %x1 : i1, i32
  }
  return %r : i32
}

func.func @no_max(%start: i1) -> i32 {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %seven = arith.constant 7 : i32
  %r = weir.loop cond(%start) iter_args(%zero) -> (i32) {
  ^bb0(%it: index, %c: i1, %x: i32):
    %x1 = arith.addi %x, %one : i32
    %go = arith.cmpi ne, %x1, %seven : i32
    weir.yield %go, %x1 : i1, i32
  }
  return %r : i32
}

func.func @iter_sum(%m: index) -> index {
  %zero = arith.constant 0 : index
  %r = weir.loop max(%m : index) iter_args(%zero) -> (index) {
  ^bb0(%it: index, %c: i1, %acc: index):
    %acc1 = arith.addi %acc, %it : index
    weir.yield %c, %acc1 : i1, index
  }
  return %r : index
}
