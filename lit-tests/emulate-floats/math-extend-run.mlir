// cf-run runs math ops on f16/bf16 through --math-extend-to-supported-types (first in its
// pipeline): the op in f32, rounded back once. Expected values: math-extend.py (NumPy's float16
// math, bfloat16 by rounding float32; tensors printed by mlir-opt 22), output stored in
// math-extend.txt.
// RUN: cf-run %s --arg '1.5 : f16' --arg 'dense<[0.5, -1.25, 2.0, 3.5]> : tensor<4xf16>' --arg 'dense<[0.75, 2.5, 10.0, 100.0]> : tensor<4xbf16>' | FileCheck %s
// CHECK: {{^}}4.4804688{{$}}
// CHECK-NEXT: {{^}}1.2246094{{$}}
// CHECK-NEXT: {{^}}dense<{{\[}}1.648440e+00, 2.866210e-01, 7.390630e+00, 3.312500e+01]> : tensor<4xf16>{{$}}
// CHECK-NEXT: {{^}}dense<{{\[}}4.621580e-01, -8.481440e-01, 9.638670e-01, 9.980460e-01]> : tensor<4xf16>{{$}}
// CHECK-NEXT: {{^}}dense<{{\[}}-2.871090e-01, 9.179680e-01, 2.296880e+00, 4.593750e+00]> : tensor<4xbf16>{{$}}
// CHECK-NEXT: {{^}}dense<{{\[}}6.796880e-01, 5.976560e-01, -5.429690e-01, -5.078130e-01]> : tensor<4xbf16>{{$}}
func.func @main(%x: f16, %t: tensor<4xf16>, %b: tensor<4xbf16>) -> (f16, f16, tensor<4xf16>, tensor<4xf16>, tensor<4xbf16>, tensor<4xbf16>) {
  %e = math.exp %x : f16
  %s = math.sqrt %x : f16
  %te = math.exp %t : tensor<4xf16>
  %tt = math.tanh %t : tensor<4xf16>
  %bl = math.log %b : tensor<4xbf16>
  %bs = math.sin %b : tensor<4xbf16>
  return %e, %s, %te, %tt, %bl, %bs : f16, f16, tensor<4xf16>, tensor<4xf16>, tensor<4xbf16>, tensor<4xbf16>
}
