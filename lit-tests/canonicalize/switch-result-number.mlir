// Folding `addi %x, 0` to `%x` puts results of a multi-result op (`%0#0`) into a cf.switch's
// default operands. mlir-opt 22 refuses `default: ^bb1(%0#0 : i32)` ("result number not allowed
// in argument list"; its own --canonicalize prints exactly that), so such a switch is printed in
// the generic form. Case operands, and cf.br / cf.cond_br operands, accept `%0#1` in mlir-opt
// and keep the custom form. scripts/check-mlir-compat parses the outputs with mlir-opt.
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-opt | FileCheck %s
// RUN: cf-opt %s | FileCheck %s --check-prefix=PRINT
// RUN: cf-opt %s --canonicalize | cf-run - -e main | FileCheck %s --check-prefix=EXEC

// CHECK-LABEL: func.func @switch_default(
// CHECK:         %[[P:.*]]:2 = call @pair()
// CHECK-NEXT:    "cf.switch"(%arg0, %[[P]]#0, %[[P]]#1)[^bb1, ^bb1] {{{.*}}case_values = dense<3> : vector<1xi32>{{.*}}} : (i32, i32, i32) -> ()
// CHECK-NEXT:  ^bb1(%[[Y:.*]]: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:    return %[[Y]] : i32
func.func @switch_default(%i: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0:2 = func.call @pair() : () -> (i32, i32)
  %d = arith.addi %0#0, %c0 : i32
  %e = arith.addi %0#1, %c0 : i32
  cf.switch %i : i32, [
    default: ^bb1(%d : i32),
    3: ^bb1(%e : i32)
  ]
^bb1(%y: i32):
  return %y : i32
}

// Case operands keep the custom form after canonicalization, and so do `%0#0` operands of
// cf.cond_br and cf.br (written so in the input, which mlir-opt accepts) when printed.
// CHECK-LABEL: func.func @switch_case(
// CHECK:         cf.switch %arg0 : i32, [
// CHECK-NEXT:      default: ^bb1(%arg0 : i32),
// CHECK-NEXT:      3: ^bb1(%{{.*}}#1 : i32)
// PRINT-LABEL: func.func @switch_case(
// PRINT:         cf.cond_br %arg1, ^bb2(%0#0 : i32), ^bb2(%0#1 : i32)
// PRINT:         cf.br ^bb3(%0#0 : i32)
func.func @switch_case(%i: i32, %b: i1) -> i32 {
  %c0 = arith.constant 0 : i32
  %0:2 = func.call @pair() : () -> (i32, i32)
  %e = arith.addi %0#1, %c0 : i32
  cf.switch %i : i32, [
    default: ^bb1(%i : i32),
    3: ^bb1(%e : i32)
  ]
^bb1(%y: i32):
  cf.cond_br %b, ^bb2(%0#0 : i32), ^bb2(%0#1 : i32)
^bb2(%z: i32):
  %s = arith.addi %y, %z : i32
  cf.br ^bb3(%0#0 : i32)
^bb3(%w: i32):
  %r = arith.addi %s, %w : i32
  return %r : i32
}

func.func @pair() -> (i32, i32) {
  %a = arith.constant 10 : i32
  %b = arith.constant 20 : i32
  return %a, %b : i32, i32
}

// @switch_default(3) takes case 3 with %0#1 = 20; @switch_case(3, true): y = 20 (case 3),
// z = 10 (%0#0), w = 10: 20 + 10 + 10 = 40. Sum: 60.
// EXEC: {{^}}60{{$}}
func.func @main() -> i32 {
  %c3 = arith.constant 3 : i32
  %t = arith.constant true
  %a = func.call @switch_default(%c3) : (i32) -> i32
  %b = func.call @switch_case(%c3, %t) : (i32, i1) -> i32
  %r = arith.addi %a, %b : i32
  return %r : i32
}
