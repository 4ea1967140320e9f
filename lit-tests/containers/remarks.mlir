// `if len(xs) < 10` is a constant condition: len folds from the list's type, so
// --fold-constant-conditions classifies it (MindSpore's example) and keeps the then branch.
// Expected: expected.txt "len(xs) < 10: True" (len 3).
// RUN: cf-opt %s --fold-constant-conditions="remarks=true" --verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @main
// CHECK-NOT: scf.if
// CHECK: return %arg0 : tensor<2xf32>
func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>, %c: tensor<2xf32>) -> tensor<2xf32> {
  %xs = weir.list [%a, %b, %c] : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
  %n = weir.list.len %xs : !weir.list<tensor<2xf32>, tensor<2xf32>, tensor<2xf32>>
  %ten = arith.constant 10 : index
  %small = arith.cmpi slt, %n, %ten : index
  // expected-remark@+1 {{constant condition: folded (true: then region inlined)}}
  %r = scf.if %small -> (tensor<2xf32>) {
    scf.yield %a : tensor<2xf32>
  } else {
    scf.yield %b : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}
