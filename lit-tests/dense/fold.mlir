// Elementwise folding of arith and math ops on dense<...> constants (MLIR's constFoldBinaryOp,
// constFoldUnaryOp and cast folders): non-splat and splat operands of the same shape fold to a
// dense constant, splat op splat to a splat without expanding it (10^9 elements), an element
// that does not fold (division by zero) leaves the op, and what mlir-opt 22 leaves (cmpf on
// tensors, rsqrt) stays. The CHECK lines are mlir-opt 22's --canonicalize output for this file.
// RUN: cf-opt %s --canonicalize | FileCheck %s
// RUN: cf-opt %s --canonicalize | cf-opt --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @addi()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[6, 8, 10, 5]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @addi() -> tensor<4xi32> {
 %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.addi %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @addi_splat()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[8, 9, 10, 4]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @addi_splat() -> tensor<4xi32> {
 %a = arith.constant dense<3> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.addi %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @subi()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[-4, -4, -4, 3]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @subi() -> tensor<4xi32> {
 %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.subi %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @subi_splat()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[-2, -3, -4, 2]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @subi_splat() -> tensor<4xi32> {
 %a = arith.constant dense<3> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.subi %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @muli()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[5, 12, 21, 4]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @muli() -> tensor<4xi32> {
 %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.muli %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @muli_splat()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[15, 18, 21, 3]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @muli_splat() -> tensor<4xi32> {
 %a = arith.constant dense<3> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.muli %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @divui()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[0, 0, 0, 4]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @divui() -> tensor<4xi32> {
 %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.divui %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @divui_splat()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[0, 0, 0, 3]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @divui_splat() -> tensor<4xi32> {
 %a = arith.constant dense<3> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.divui %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @divsi()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[0, 0, 0, 4]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @divsi() -> tensor<4xi32> {
 %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.divsi %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @divsi_splat()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[0, 0, 0, 3]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @divsi_splat() -> tensor<4xi32> {
 %a = arith.constant dense<3> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.divsi %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @ceildivui()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1, 1, 1, 4]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @ceildivui() -> tensor<4xi32> {
 %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.ceildivui %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @ceildivui_splat()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1, 1, 1, 3]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @ceildivui_splat() -> tensor<4xi32> {
 %a = arith.constant dense<3> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.ceildivui %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @ceildivsi()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1, 1, 1, 4]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @ceildivsi() -> tensor<4xi32> {
 %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.ceildivsi %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @ceildivsi_splat()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1, 1, 1, 3]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @ceildivsi_splat() -> tensor<4xi32> {
 %a = arith.constant dense<3> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.ceildivsi %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @floordivsi()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[0, 0, 0, 4]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @floordivsi() -> tensor<4xi32> {
 %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.floordivsi %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @floordivsi_splat()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[0, 0, 0, 3]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @floordivsi_splat() -> tensor<4xi32> {
 %a = arith.constant dense<3> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.floordivsi %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @remui()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1, 2, 3, 0]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @remui() -> tensor<4xi32> {
 %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.remui %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @remui_splat()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[3, 3, 3, 0]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @remui_splat() -> tensor<4xi32> {
 %a = arith.constant dense<3> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.remui %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @remsi()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1, 2, 3, 0]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @remsi() -> tensor<4xi32> {
 %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.remsi %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @remsi_splat()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[3, 3, 3, 0]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @remsi_splat() -> tensor<4xi32> {
 %a = arith.constant dense<3> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.remsi %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @andi()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1, 2, 3, 0]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @andi() -> tensor<4xi32> {
 %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.andi %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @andi_splat()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1, 2, 3, 1]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @andi_splat() -> tensor<4xi32> {
 %a = arith.constant dense<3> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.andi %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @ori()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[5, 6, 7, 5]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @ori() -> tensor<4xi32> {
 %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.ori %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @ori_splat()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[7, 7, 7, 3]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @ori_splat() -> tensor<4xi32> {
 %a = arith.constant dense<3> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.ori %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @xori()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[4, 4, 4, 5]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @xori() -> tensor<4xi32> {
 %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.xori %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @xori_splat()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[6, 5, 4, 2]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @xori_splat() -> tensor<4xi32> {
 %a = arith.constant dense<3> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.xori %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @shli()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[32, 128, 384, 8]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @shli() -> tensor<4xi32> {
 %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.shli %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @shli_splat()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[96, 192, 384, 6]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @shli_splat() -> tensor<4xi32> {
 %a = arith.constant dense<3> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.shli %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @shrui()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[0, 0, 0, 2]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @shrui() -> tensor<4xi32> {
 %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.shrui %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @shrui_splat()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[0, 0, 0, 1]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @shrui_splat() -> tensor<4xi32> {
 %a = arith.constant dense<3> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.shrui %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @shrsi()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[0, 0, 0, 2]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @shrsi() -> tensor<4xi32> {
 %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.shrsi %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @shrsi_splat()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[0, 0, 0, 1]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @shrsi_splat() -> tensor<4xi32> {
 %a = arith.constant dense<3> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.shrsi %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @maxsi()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[5, 6, 7, 4]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @maxsi() -> tensor<4xi32> {
 %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.maxsi %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @maxsi_splat()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[5, 6, 7, 3]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @maxsi_splat() -> tensor<4xi32> {
 %a = arith.constant dense<3> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.maxsi %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @minsi()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1, 2, 3, 1]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @minsi() -> tensor<4xi32> {
 %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.minsi %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @minsi_splat()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[3, 3, 3, 1]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @minsi_splat() -> tensor<4xi32> {
 %a = arith.constant dense<3> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.minsi %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @maxui()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[5, 6, 7, 4]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @maxui() -> tensor<4xi32> {
 %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.maxui %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @maxui_splat()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[5, 6, 7, 3]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @maxui_splat() -> tensor<4xi32> {
 %a = arith.constant dense<3> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.maxui %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @minui()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1, 2, 3, 1]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @minui() -> tensor<4xi32> {
 %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.minui %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @minui_splat()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[3, 3, 3, 1]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @minui_splat() -> tensor<4xi32> {
 %a = arith.constant dense<3> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 1]> : tensor<4xi32>
 %r = arith.minui %a, %b : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @addf()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[6.000000e+00, 8.000000e+00, 1.000000e+01, 4.500000e+00]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @addf() -> tensor<4xf32> {
 %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %b = arith.constant dense<[5.0, 6.0, 7.0, 0.5]> : tensor<4xf32>
 %r = arith.addf %a, %b : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @subf()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[-4.000000e+00, -4.000000e+00, -4.000000e+00, 3.500000e+00]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @subf() -> tensor<4xf32> {
 %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %b = arith.constant dense<[5.0, 6.0, 7.0, 0.5]> : tensor<4xf32>
 %r = arith.subf %a, %b : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @mulf()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[5.000000e+00, 1.200000e+01, 2.100000e+01, 2.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @mulf() -> tensor<4xf32> {
 %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %b = arith.constant dense<[5.0, 6.0, 7.0, 0.5]> : tensor<4xf32>
 %r = arith.mulf %a, %b : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @divf()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[2.000000e-01, 0.333333343, 0.428571433, 8.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @divf() -> tensor<4xf32> {
 %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %b = arith.constant dense<[5.0, 6.0, 7.0, 0.5]> : tensor<4xf32>
 %r = arith.divf %a, %b : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @remf()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 0.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @remf() -> tensor<4xf32> {
 %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %b = arith.constant dense<[5.0, 6.0, 7.0, 0.5]> : tensor<4xf32>
 %r = arith.remf %a, %b : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @maximumf()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[5.000000e+00, 6.000000e+00, 7.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @maximumf() -> tensor<4xf32> {
 %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %b = arith.constant dense<[5.0, 6.0, 7.0, 0.5]> : tensor<4xf32>
 %r = arith.maximumf %a, %b : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @minimumf()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 5.000000e-01]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @minimumf() -> tensor<4xf32> {
 %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %b = arith.constant dense<[5.0, 6.0, 7.0, 0.5]> : tensor<4xf32>
 %r = arith.minimumf %a, %b : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @maxnumf()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[5.000000e+00, 6.000000e+00, 7.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @maxnumf() -> tensor<4xf32> {
 %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %b = arith.constant dense<[5.0, 6.0, 7.0, 0.5]> : tensor<4xf32>
 %r = arith.maxnumf %a, %b : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @minnumf()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 5.000000e-01]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @minnumf() -> tensor<4xf32> {
 %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %b = arith.constant dense<[5.0, 6.0, 7.0, 0.5]> : tensor<4xf32>
 %r = arith.minnumf %a, %b : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @extsi()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1, -2, 3, 4]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @extsi() -> tensor<4xi32> {
 %a = arith.constant dense<[1, -2, 3, 4]> : tensor<4xi8>
 %r = arith.extsi %a : tensor<4xi8> to tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @extui()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1, 254, 3, 4]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @extui() -> tensor<4xi32> {
 %a = arith.constant dense<[1, -2, 3, 4]> : tensor<4xi8>
 %r = arith.extui %a : tensor<4xi8> to tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @trunci()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1, 44, 3, 4]> : tensor<4xi8>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi8>
func.func @trunci() -> tensor<4xi8> {
 %a = arith.constant dense<[1, 300, 3, 4]> : tensor<4xi32>
 %r = arith.trunci %a : tensor<4xi32> to tensor<4xi8>
 return %r : tensor<4xi8>
}

// CHECK-LABEL: func.func @sitofp()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1.000000e+00, -2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @sitofp() -> tensor<4xf32> {
 %a = arith.constant dense<[1, -2, 3, 4]> : tensor<4xi32>
 %r = arith.sitofp %a : tensor<4xi32> to tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @uitofp()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1.000000e+00, 4.2949673E+9, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @uitofp() -> tensor<4xf32> {
 %a = arith.constant dense<[1, -2, 3, 4]> : tensor<4xi32>
 %r = arith.uitofp %a : tensor<4xi32> to tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @fptosi()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1, -2, 3, 4]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @fptosi() -> tensor<4xi32> {
 %a = arith.constant dense<[1.5, -2.5, 3.0, 4.0]> : tensor<4xf32>
 %r = arith.fptosi %a : tensor<4xf32> to tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @fptoui()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @fptoui() -> tensor<4xi32> {
 %a = arith.constant dense<[1.5, 2.5, 3.0, 4.0]> : tensor<4xf32>
 %r = arith.fptoui %a : tensor<4xf32> to tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @extf()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1.500000e+00, -2.500000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @extf() -> tensor<4xf32> {
 %a = arith.constant dense<[1.5, -2.5, 3.0, 4.0]> : tensor<4xf16>
 %r = arith.extf %a : tensor<4xf16> to tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @truncf()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1.500000e+00, -2.500000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @truncf() -> tensor<4xf32> {
 %a = arith.constant dense<[1.5, -2.5, 3.0, 4.0]> : tensor<4xf64>
 %r = arith.truncf %a : tensor<4xf64> to tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @index_cast()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1, -2, 3, 4]> : tensor<4xindex>
// CHECK-NEXT:    return %[[CST]] : tensor<4xindex>
func.func @index_cast() -> tensor<4xindex> {
 %a = arith.constant dense<[1, -2, 3, 4]> : tensor<4xi32>
 %r = arith.index_cast %a : tensor<4xi32> to tensor<4xindex>
 return %r : tensor<4xindex>
}

// CHECK-LABEL: func.func @bitcast()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1.401300e-45, 0xFFFFFFFE, 4.203900e-45, 5.605190e-45]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @bitcast() -> tensor<4xf32> {
 %a = arith.constant dense<[1, -2, 3, 4]> : tensor<4xi32>
 %r = arith.bitcast %a : tensor<4xi32> to tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @negf()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[-1.500000e+00, 2.500000e+00, -3.000000e+00, -4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @negf() -> tensor<4xf32> {
 %a = arith.constant dense<[1.5, -2.5, 3.0, 4.0]> : tensor<4xf32>
 %r = arith.negf %a : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @cmpi()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[true, false, false, false]> : tensor<4xi1>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi1>
func.func @cmpi() -> tensor<4xi1> {
 %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
 %b = arith.constant dense<[5, 2, 1, 4]> : tensor<4xi32>
 %r = arith.cmpi slt, %a, %b : tensor<4xi32>
 return %r : tensor<4xi1>
}

// CHECK-LABEL: func.func @cmpf()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    %[[CST0:.*]] = arith.constant dense<[5.000000e+00, 2.000000e+00, 1.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    %[[R:.*]] = arith.cmpf olt, %[[CST]], %[[CST0]] : tensor<4xf32>
// CHECK-NEXT:    return %[[R]] : tensor<4xi1>
func.func @cmpf() -> tensor<4xi1> {
 %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %b = arith.constant dense<[5.0, 2.0, 1.0, 4.0]> : tensor<4xf32>
 %r = arith.cmpf olt, %a, %b : tensor<4xf32>
 return %r : tensor<4xi1>
}

// CHECK-LABEL: func.func @select()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1, 6, 3, 8]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @select() -> tensor<4xi32> {
 %c = arith.constant dense<[true, false, true, false]> : tensor<4xi1>
 %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
 %b = arith.constant dense<[5, 6, 7, 8]> : tensor<4xi32>
 %r = arith.select %c, %a, %b : tensor<4xi1>, tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @m_absf()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1.500000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @m_absf() -> tensor<4xf32> {
 %a = arith.constant dense<[1.5, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %r = math.absf %a : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @m_ceil()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[2.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @m_ceil() -> tensor<4xf32> {
 %a = arith.constant dense<[1.5, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %r = math.ceil %a : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @m_floor()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @m_floor() -> tensor<4xf32> {
 %a = arith.constant dense<[1.5, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %r = math.floor %a : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @m_sqrt()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1.22474492, 1.41421354, 1.73205078, 2.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @m_sqrt() -> tensor<4xf32> {
 %a = arith.constant dense<[1.5, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %r = math.sqrt %a : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @m_exp()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[4.48168898, 7.3890562, 20.085537, 54.5981483]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @m_exp() -> tensor<4xf32> {
 %a = arith.constant dense<[1.5, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %r = math.exp %a : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @m_log()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[0.405465096, 0.693147182, 1.09861231, 1.38629436]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @m_log() -> tensor<4xf32> {
 %a = arith.constant dense<[1.5, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %r = math.log %a : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @m_sin()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[0.997494995, 0.909297406, 1.411200e-01, -0.756802499]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @m_sin() -> tensor<4xf32> {
 %a = arith.constant dense<[1.5, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %r = math.sin %a : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @m_cos()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[7.073720e-02, -0.416146845, -0.989992499, -0.653643608]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @m_cos() -> tensor<4xf32> {
 %a = arith.constant dense<[1.5, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %r = math.cos %a : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @m_tanh()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[0.905148268, 0.964027583, 0.995054781, 0.999329328]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @m_tanh() -> tensor<4xf32> {
 %a = arith.constant dense<[1.5, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %r = math.tanh %a : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @m_roundeven()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[2.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @m_roundeven() -> tensor<4xf32> {
 %a = arith.constant dense<[1.5, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %r = math.roundeven %a : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @m_trunc()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @m_trunc() -> tensor<4xf32> {
 %a = arith.constant dense<[1.5, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %r = math.trunc %a : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @m_copysign()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[-1.500000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @m_copysign() -> tensor<4xf32> {
 %a = arith.constant dense<[1.5, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %b = arith.constant dense<[-1.0, 2.0, 0.5, 1.0]> : tensor<4xf32>
 %r = math.copysign %a, %b : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @m_powf()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[0.666666686, 4.000000e+00, 1.73205078, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @m_powf() -> tensor<4xf32> {
 %a = arith.constant dense<[1.5, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %b = arith.constant dense<[-1.0, 2.0, 0.5, 1.0]> : tensor<4xf32>
 %r = math.powf %a, %b : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @m_atan2()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[2.15879893, 0.785398185, 1.40564764, 1.3258177]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @m_atan2() -> tensor<4xf32> {
 %a = arith.constant dense<[1.5, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %b = arith.constant dense<[-1.0, 2.0, 0.5, 1.0]> : tensor<4xf32>
 %r = math.atan2 %a, %b : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @m_absi()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1, 2, 8, 4]> : tensor<4xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi32>
func.func @m_absi() -> tensor<4xi32> {
 %a = arith.constant dense<[1, -2, 8, 4]> : tensor<4xi32>
 %r = math.absi %a : tensor<4xi32>
 return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @m_erf()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[0.966105163, 0.995322287, 0.999977886, 1.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<4xf32>
func.func @m_erf() -> tensor<4xf32> {
 %a = arith.constant dense<[1.5, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %r = math.erf %a : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @m_rsqrt()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1.500000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT:    %[[R:.*]] = math.rsqrt %[[CST]] : tensor<4xf32>
// CHECK-NEXT:    return %[[R]] : tensor<4xf32>
func.func @m_rsqrt() -> tensor<4xf32> {
 %a = arith.constant dense<[1.5, 2.0, 3.0, 4.0]> : tensor<4xf32>
 %r = math.rsqrt %a : tensor<4xf32>
 return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @splat_addf_big()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<3.500000e+00> : tensor<1000000000xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<1000000000xf32>
func.func @splat_addf_big() -> tensor<1000000000xf32> {
 %a = arith.constant dense<1.0> : tensor<1000000000xf32>
 %b = arith.constant dense<2.5> : tensor<1000000000xf32>
 %r = arith.addf %a, %b : tensor<1000000000xf32>
 return %r : tensor<1000000000xf32>
}

// CHECK-LABEL: func.func @splat_cmpi_big()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<true> : tensor<1000000000xi1>
// CHECK-NEXT:    return %[[CST]] : tensor<1000000000xi1>
func.func @splat_cmpi_big() -> tensor<1000000000xi1> {
 %a = arith.constant dense<1> : tensor<1000000000xi64>
 %b = arith.constant dense<2> : tensor<1000000000xi64>
 %r = arith.cmpi slt, %a, %b : tensor<1000000000xi64>
 return %r : tensor<1000000000xi1>
}

// CHECK-LABEL: func.func @divsi_by_zero_element()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
// CHECK-NEXT:    %[[CST0:.*]] = arith.constant dense<[1, 0, 3]> : tensor<3xi32>
// CHECK-NEXT:    %[[R:.*]] = arith.divsi %[[CST]], %[[CST0]] : tensor<3xi32>
// CHECK-NEXT:    return %[[R]] : tensor<3xi32>
func.func @divsi_by_zero_element() -> tensor<3xi32> {
 %a = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
 %b = arith.constant dense<[1, 0, 3]> : tensor<3xi32>
 %r = arith.divsi %a, %b : tensor<3xi32>
 return %r : tensor<3xi32>
}

// CHECK-LABEL: func.func @addi_i8_wraps()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<{{\[\[}}-128, 127], [4, 6]]> : tensor<2x2xi8>
// CHECK-NEXT:    return %[[CST]] : tensor<2x2xi8>
func.func @addi_i8_wraps() -> tensor<2x2xi8> {
 %a = arith.constant dense<[[127, -128], [1, 2]]> : tensor<2x2xi8>
 %b = arith.constant dense<[[1, -1], [3, 4]]> : tensor<2x2xi8>
 %r = arith.addi %a, %b : tensor<2x2xi8>
 return %r : tensor<2x2xi8>
}

// CHECK-LABEL: func.func @mulf_f16()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[2.998050e-01, 1.000000e+00, 0x7C00]> : tensor<3xf16>
// CHECK-NEXT:    return %[[CST]] : tensor<3xf16>
func.func @mulf_f16() -> tensor<3xf16> {
 %a = arith.constant dense<[0.1, 2.0, 65504.0]> : tensor<3xf16>
 %b = arith.constant dense<[3.0, 0.5, 2.0]> : tensor<3xf16>
 %r = arith.mulf %a, %b : tensor<3xf16>
 return %r : tensor<3xf16>
}

// CHECK-LABEL: func.func @xori_i1()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[false, true, true, false]> : tensor<4xi1>
// CHECK-NEXT:    return %[[CST]] : tensor<4xi1>
func.func @xori_i1() -> tensor<4xi1> {
 %a = arith.constant dense<[true, false, true, false]> : tensor<4xi1>
 %b = arith.constant dense<[true, true, false, false]> : tensor<4xi1>
 %r = arith.xori %a, %b : tensor<4xi1>
 return %r : tensor<4xi1>
}

// CHECK-LABEL: func.func @vector_subf()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1.000000e+00, -1.000000e-01]> : vector<2xf64>
// CHECK-NEXT:    return %[[CST]] : vector<2xf64>
func.func @vector_subf() -> vector<2xf64> {
 %a = arith.constant dense<[1.5, 0.1]> : vector<2xf64>
 %b = arith.constant dense<[0.5, 0.2]> : vector<2xf64>
 %r = arith.subf %a, %b : vector<2xf64>
 return %r : vector<2xf64>
}

// CHECK-LABEL: func.func @sitofp_splat()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<-3.000000e+00> : tensor<8xf32>
// CHECK-NEXT:    return %[[CST]] : tensor<8xf32>
func.func @sitofp_splat() -> tensor<8xf32> {
 %a = arith.constant dense<-3> : tensor<8xi32>
 %r = arith.sitofp %a : tensor<8xi32> to tensor<8xf32>
 return %r : tensor<8xf32>
}

// CHECK-LABEL: func.func @select_splat_operands()
// CHECK-NEXT:    %[[CST:.*]] = arith.constant dense<[1, 2, 1]> : tensor<3xi32>
// CHECK-NEXT:    return %[[CST]] : tensor<3xi32>
func.func @select_splat_operands() -> tensor<3xi32> {
 %c = arith.constant dense<[true, false, true]> : tensor<3xi1>
 %a = arith.constant dense<1> : tensor<3xi32>
 %b = arith.constant dense<2> : tensor<3xi32>
 %r = arith.select %c, %a, %b : tensor<3xi1>, tensor<3xi32>
 return %r : tensor<3xi32>
}
