// Invalid linalg ops that mlir-opt 22 accepts or reports with a garbage value (Weir's extra
// checks, see dialects/linalg/src/lib.rs): broadcast `dimensions` out of order (22 does not
// check it and reads out of range), and a dynamic size written `?` in a message (22 prints
// -9223372036854775808); an unknown `#linalg.type_fn` word, which 22 reports with the same
// message and a second one at the `>` (`failed to parse TypeFnAttr parameter 'value' ...`).
// RUN: cf-opt %s --split-input-file --verify-diagnostics

func.func @unsorted(%v: tensor<4xf32>, %a: tensor<2x4x8xf32>) -> tensor<2x4x8xf32> {
  // expected-error@+1 {{'linalg.broadcast' op attribute 'dimensions' failed to satisfy constraint: i64 dense array attribute should be in increasing order}}
  %0 = linalg.broadcast ins(%v : tensor<4xf32>) outs(%a : tensor<2x4x8xf32>) dimensions = [2, 0]
  return %0 : tensor<2x4x8xf32>
}

// -----

func.func @dynamic(%a: tensor<?x8xf32>, %t: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'linalg.transpose' op dim(result, 1) = 4 doesn't match dim(input, permutation[1]) = ?}}
  %0 = linalg.transpose ins(%a : tensor<?x8xf32>) outs(%t : tensor<8x4xf32>) permutation = [1, 0]
  return %0 : tensor<8x4xf32>
}

// -----

func.func @matmul_cast_word(%a: tensor<2x3xi8>, %b: tensor<3x2xi8>, %c: tensor<2x2xi32>) -> tensor<2x2xi32> {
  // expected-error@+1 {{expected ::mlir::linalg::TypeFn to be one of: cast_signed, cast_unsigned}}
  %r = linalg.matmul {cast = #linalg.type_fn<cast_foo>} ins(%a, %b : tensor<2x3xi8>, tensor<3x2xi8>) outs(%c : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %r : tensor<2x2xi32>
}
