// `acc = zeros(3); for x in xs: acc = acc + x` over a list of three tensors: --canonicalize
// unrolls the loop (its trip count is len(xs)) and resolves every getitem, so nothing of the
// containers is left; cf-run runs the result. Expected value: expected.txt "tensor loop sum:
// [0.5, 6.25, 13.125]" (NumPy, expected.py).
// RUN: cf-opt %s --canonicalize | FileCheck %s --check-prefix=IR
// RUN: cf-opt %s --canonicalize | cf-run - --arg 'dense<[1.0, 2.0, 3.0]> : tensor<3xf32>' \
// RUN:   --arg 'dense<[0.5, 0.25, 0.125]> : tensor<3xf32>' --arg 'dense<[-1.0, 4.0, 10.0]> : tensor<3xf32>' \
// RUN:   | FileCheck %s --check-prefix=OUT
// RUN: cf-opt %s --canonicalize="remarks=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// Without --canonicalize the loop is a located error when lowered or run.
// RUN: not cf-run %s --arg 'dense<1.0> : tensor<3xf32>' --arg 'dense<1.0> : tensor<3xf32>' \
// RUN:   --arg 'dense<1.0> : tensor<3xf32>' 2>&1 | FileCheck %s --check-prefix=ERR

// IR-LABEL: func.func @main
// IR-NOT: weir.
// IR-NOT: scf.for
// IR: arith.addf
// IR: arith.addf
// IR: arith.addf
// IR-NOT: weir.
// OUT: dense<[5.000000e-01, 6.250000e+00, 1.312500e+01]> : tensor<3xf32>
// REMARK: tensor-loop.mlir:[[@LINE+8]]:{{[0-9]+}}: remark: loop over a compile-time list: unrolled, 3 copies
// ERR: tensor-loop.mlir:[[@LINE+3]]:{{[0-9]+}}: error: 'weir.list.len' op cannot be resolved at compile time: it can be evaluated, but --canonicalize was not run
func.func @main(%a: tensor<3xf32>, %b: tensor<3xf32>, %c: tensor<3xf32>) -> tensor<3xf32> {
  %xs = weir.list [%a, %b, %c] : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
  %n = weir.list.len %xs : !weir.list<tensor<3xf32>, tensor<3xf32>, tensor<3xf32>>
  %zero = arith.constant dense<0.0> : tensor<3xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<3xf32>) {
    %x = weir.list.getitem %xs[%i] : !weir.list<tensor<3xf32>, tensor<3xf32>, tensor<3xf32>> -> tensor<3xf32>
    %next = arith.addf %acc, %x : tensor<3xf32>
    scf.yield %next : tensor<3xf32>
  }
  return %sum : tensor<3xf32>
}
