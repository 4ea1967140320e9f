// A tensor used only inside the body of an op that the backends lower with it (a
// tensor.extract in a tensor.generate or linalg.generic body) is used by that op: it lives
// until the op is done and is not updated in place before (found by a review: the liveness saw
// only direct operands, so `%a + %a` overwrote %a in place before the body read it, a tensor
// used only in a body was freed and its buffer reused, and an elementwise result used only in
// a body was never computed). Values by hand; both backends run it
// (tools/tests/llvm_tensor_diff.rs).
// RUN: cf-run %s -e after_in_place --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' | FileCheck %s --check-prefix=INPLACE
// INPLACE: dense<[2.000000e+00, 4.000000e+00, 6.000000e+00]> : tensor<3xf32>
// INPLACE-NEXT: dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>
// INPLACE-NEXT: dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>
// RUN: cf-run %s -e only_in_body --arg 'dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>' | FileCheck %s --check-prefix=BODY
// BODY: dense<7.000000e+00> : tensor<4xf32>
// BODY-NEXT: dense<[3.000000e+00, 6.000000e+00, 9.000000e+00, 1.200000e+01]> : tensor<4xf32>
// RUN: cf-run %s -e reshaped --arg 'dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>' | FileCheck %s --check-prefix=RESHAPED
// RESHAPED: dense<{{\[}}[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>
// RESHAPED-NEXT: dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]> : tensor<6xf32>

#id = affine_map<(d0) -> (d0)>

// %a + %a may reuse %a's buffer only after both bodies read %a.
func.func @after_in_place(%a: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %e = arith.addf %a, %a : tensor<3xf32>
  %g = tensor.generate {
  ^bb0(%i: index):
    %x = tensor.extract %a[%i] : tensor<3xf32>
    tensor.yield %x : f32
  } : tensor<3xf32>
  %o = tensor.empty() : tensor<3xf32>
  %l = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%o : tensor<3xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %x = tensor.extract %a[%i] : tensor<3xf32>
    linalg.yield %x : f32
  } -> tensor<3xf32>
  return %e, %g, %l : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// %t (3 %a) is used only in the body: it is computed, kept while the fill runs, then released.
func.func @only_in_body(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %three = arith.constant dense<3.0> : tensor<4xf32>
  %t = arith.mulf %a, %three : tensor<4xf32>
  %seven = arith.constant 7.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%seven : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %g = tensor.generate {
  ^bb0(%i: index):
    %x = tensor.extract %t[%i] : tensor<4xf32>
    tensor.yield %x : f32
  } : tensor<4xf32>
  return %f, %g : tensor<4xf32>, tensor<4xf32>
}

// The reshape may take %a's buffer only if nothing reads %a afterwards: the body does.
func.func @reshaped(%a: tensor<6xf32>) -> (tensor<2x3xf32>, tensor<6xf32>) {
  %e = tensor.expand_shape %a [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  %g = tensor.generate {
  ^bb0(%i: index):
    %x = tensor.extract %a[%i] : tensor<6xf32>
    tensor.yield %x : f32
  } : tensor<6xf32>
  return %e, %g : tensor<2x3xf32>, tensor<6xf32>
}
