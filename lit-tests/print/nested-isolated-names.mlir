// Value names inside an isolated op nested in a function continue the function's numbering
// (mlir-opt 22 prints exactly this): mlir-opt's parser rejects a name defined again where the
// outer one is still visible ("redefinition of SSA value"), so `%0`, `%arg0` and `%c1_i32`
// must not restart inside the nested function. Functions of a module still restart at %0.
// Expected lines: mlir-opt 22's output for this file.
// RUN: cf-opt %s | FileCheck %s
// RUN: cf-opt %s | cf-opt | FileCheck %s

// CHECK-LABEL: func.func @outer(%arg0: i32) -> i32 {
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    %0 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT:    builtin.module {
// CHECK-NEXT:      func.func @inner(%arg1: i32) -> i32 {
// CHECK-NEXT:        %c1_i32_0 = arith.constant 1 : i32
// CHECK-NEXT:        %1 = arith.addi %arg1, %c1_i32_0 : i32
// CHECK-NEXT:        return %1 : i32
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return %0 : i32
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @sibling(%arg0: i32) -> i32 {
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    %0 = arith.addi %arg0, %c1_i32 : i32
func.func @outer(%a: i32) -> i32 {
  %one = arith.constant 1 : i32
  %x = arith.addi %a, %one : i32
  builtin.module {
    func.func @inner(%b: i32) -> i32 {
      %one_inner = arith.constant 1 : i32
      %y = arith.addi %b, %one_inner : i32
      return %y : i32
    }
  }
  return %x : i32
}

func.func @sibling(%a: i32) -> i32 {
  %one = arith.constant 1 : i32
  %x = arith.addi %a, %one : i32
  return %x : i32
}
