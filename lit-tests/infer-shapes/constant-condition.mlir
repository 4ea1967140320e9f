// E5 with a constant condition (SEMANTICS.md section 2): --canonicalize first removes the if, so
// no join is needed and strict --infer-shapes reports nothing; the then-branch (0 < 1) is kept.
// RUN: cf-opt %s --canonicalize --infer-shapes | FileCheck %s

// CHECK-LABEL: func.func @e5_constant
// CHECK-NOT: scf.if
// CHECK: %[[C:.*]] = tensor.cast %arg0 : tensor<i32> to tensor<*xi32>
// CHECK: return %[[C]]
func.func @e5_constant(%x: tensor<i32>, %z: tensor<2xi32>) -> tensor<*xi32> {
  %a = arith.constant 0 : i32
  %b = arith.constant 1 : i32
  %c = arith.cmpi slt, %a, %b : i32
  %r = scf.if %c -> (tensor<*xi32>) {
    %u = tensor.cast %x : tensor<i32> to tensor<*xi32>
    scf.yield %u : tensor<*xi32>
  } else {
    %v = tensor.cast %z : tensor<2xi32> to tensor<*xi32>
    scf.yield %v : tensor<*xi32>
  }
  return %r : tensor<*xi32>
}
