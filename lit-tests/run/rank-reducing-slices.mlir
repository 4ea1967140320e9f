// A rank-reducing tensor.extract_slice drops the unit sizes that MLIR's
// ExtractSliceOp::getDroppedDims drops: a static 1 is kept when the result dimension it would
// match is a static 1 (a fresh review found the JIT dropping from the left, which gave
// tensor<2x1xf32> for the first case below: right elements, wrong shape). Expected values by
// hand: %a is [[[[1]], [[2]]], [[[3]], [[4]]], [[[5]], [[6]]]], its row 1 is [3, 4]; %b holds
// 0..15 in a 2x2x2x2 row-major box, and (1, j, 1, l) is 8 + 4j + 2 + l.
// RUN: cf-run %s -e keep_leading --arg 'dense<[[[[1.0]],[[2.0]]],[[[3.0]],[[4.0]]],[[[5.0]],[[6.0]]]]> : tensor<3x2x1x1xf32>' | FileCheck %s --check-prefix=LEAD
// RUN: cf-run %s -e inner | FileCheck %s --check-prefix=INNER
// RUN: cf-run %s -e empty | FileCheck %s --check-prefix=EMPTY
// LEAD: dense<{{\[\[}}3.000000e+00, 4.000000e+00]]> : tensor<1x2xf32>
// LEAD-NEXT: {{^}}2{{$}}
// INNER: dense<{{\[\[\[}}1.000000e+01, 1.100000e+01], [1.400000e+01, 1.500000e+01]]]> : tensor<1x2x2xf32>
// EMPTY: tensor<1x0xf32>

func.func @keep_leading(%a: tensor<3x2x1x1xf32>) -> (tensor<1x2xf32>, index) {
  %r = tensor.extract_slice %a[1, 0, 0, 0] [1, 2, 1, 1] [1, 1, 1, 1] : tensor<3x2x1x1xf32> to tensor<1x2xf32>
  %c1 = arith.constant 1 : index
  %d = tensor.dim %r, %c1 : tensor<1x2xf32>
  return %r, %d : tensor<1x2xf32>, index
}

func.func @iota() -> tensor<2x2x2x2xf32> {
  %b = arith.constant dense<[[[[0.0, 1.0], [2.0, 3.0]], [[4.0, 5.0], [6.0, 7.0]]], [[[8.0, 9.0], [10.0, 11.0]], [[12.0, 13.0], [14.0, 15.0]]]]> : tensor<2x2x2x2xf32>
  return %b : tensor<2x2x2x2xf32>
}

func.func @inner() -> tensor<1x2x2xf32> {
  %b = func.call @iota() : () -> tensor<2x2x2x2xf32>
  %r = tensor.extract_slice %b[1, 0, 1, 0] [1, 2, 1, 2] [1, 1, 1, 1] : tensor<2x2x2x2xf32> to tensor<1x2x2xf32>
  return %r : tensor<1x2x2xf32>
}

func.func @empty() -> tensor<1x0xf32> {
  %b = func.call @iota() : () -> tensor<2x2x2x2xf32>
  %r = tensor.extract_slice %b[0, 0, 0, 0] [1, 1, 0, 1] [1, 1, 1, 1] : tensor<2x2x2x2xf32> to tensor<1x0xf32>
  return %r : tensor<1x0xf32>
}
