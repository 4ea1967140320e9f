// Invalid linalg ops that mlir-opt 22 accepts or reports with a garbage value (Weir's extra
// checks, see dialects/linalg/src/lib.rs): broadcast `dimensions` out of order (22 does not
// check it and reads out of range), and a dynamic size written `?` in a message (22 prints
// -9223372036854775808); an unknown `#linalg.type_fn` word, which 22 reports with the same
// message and a second one at the `>` (`failed to parse TypeFnAttr parameter 'value' ...`); a
// matmul whose operands cannot be cast to the output's element type (`index` from a float or to
// one), which 22 reports with the same error after two warnings at an unknown location (`could
// not cast operand of type 'f32' to 'index'`), and on the batch_matmul case crashes (a
// segmentation fault after the warnings).
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

// -----

func.func @matmul_index_to_float(%a: tensor<2x3xindex>, %b: tensor<3x2xindex>, %c: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{custom op 'linalg.matmul' Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or allInteger, got 'index' and 'index'}}
  %r = linalg.matmul ins(%a, %b : tensor<2x3xindex>, tensor<3x2xindex>) outs(%c : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

func.func @batch_matmul_float_to_index(%a: tensor<1x2x3xf32>, %b: tensor<1x3x2xf32>, %c: tensor<1x2x2xindex>) -> tensor<1x2x2xindex> {
  // expected-error@+1 {{custom op 'linalg.batch_matmul' Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or allInteger, got 'index' and 'f32'}}
  %r = linalg.batch_matmul ins(%a, %b : tensor<1x2x3xf32>, tensor<1x3x2xf32>) outs(%c : tensor<1x2x2xindex>) -> tensor<1x2x2xindex>
  return %r : tensor<1x2x2xindex>
}
