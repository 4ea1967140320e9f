// Invalid tensor.extract_slice / tensor.insert_slice (issue 10): one case per upstream
// verifier rule, with mlir-opt 22's message (MLIR reports the slice rules with `emitError`,
// so without the `'tensor.extract_slice' op` prefix). The expectations hold for both cf-opt and
// `mlir-opt --split-input-file --verify-diagnostics` (MLIR 22).
// RUN: cf-opt %s --split-input-file --verify-diagnostics

func.func @f(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %0 = tensor.extract_slice %t[0][4, 4][1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{expected mixed sizes rank to match mixed strides rank (2 vs 1) so the rank of the result type is well-formed.}}
  %0 = tensor.extract_slice %t[0, 0][4, 4][1] : tensor<8x16xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{expected 2 offset values, got 3}}
  %0 = tensor.extract_slice %t[0, 0, 0][4, 4, 4][1, 1, 1] : tensor<8x16xf32> to tensor<4x4x4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{expected type to be 'tensor<4x4xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %t[0, 0][4, 4][1, 1] : tensor<8x16xf32> to tensor<4x5xf32>
  return
}

// -----

func.func @f(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{expected type to be 'tensor<4x4xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %t[0, 0][4, 4][1, 1] : tensor<8x16xf32> to tensor<?x4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{expected type to be 'tensor<4x1xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.extract_slice %t[0, 0][4, 1][1, 1] : tensor<8x16xf32> to tensor<1x4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{expected rank to be smaller or equal to the other rank.}}
  %0 = tensor.extract_slice %t[0, 0][4, 4][1, 1] : tensor<8x16xf32> to tensor<4x4x1xf32>
  return
}

// -----

func.func @f(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{expected element type to be 'f32'}}
  %0 = tensor.extract_slice %t[0, 0][4, 4][1, 1] : tensor<8x16xf32> to tensor<4x4xi32>
  return
}

// -----

func.func @f(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{offset 0 is out-of-bounds: 8 >= 8}}
  %0 = tensor.extract_slice %t[8, 0][1, 4][1, 1] : tensor<8x16xf32> to tensor<1x4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{offset 1 is out-of-bounds: 16 >= 16}}
  %0 = tensor.extract_slice %t[0, 16][4, 0][1, 1] : tensor<8x16xf32> to tensor<4x0xf32>
  return
}

// -----

func.func @f(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{slice along dimension 1 runs out-of-bounds: 16 >= 16}}
  %0 = tensor.extract_slice %t[0, 0][4, 9][1, 2] : tensor<8x16xf32> to tensor<4x9xf32>
  return
}

// -----

func.func @f(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{expected offsets to be non-negative, but got -1}}
  %0 = tensor.extract_slice %t[0, -1][4, 4][1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{expected sizes to be non-negative, but got -2}}
  %0 = tensor.extract_slice %t[0, 0][4, -2][1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @f(%t: tensor<*xf32>) {
  // expected-error@+1 {{custom op 'tensor.extract_slice' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = tensor.extract_slice %t[0, 0][4, 4][1, 1] : tensor<*xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{expected the number of 'offsets' to match the number of dynamic entries in 'static_offsets' (0 vs 1)}}
  %0 = "tensor.extract_slice"(%t) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>} : (tensor<8x16xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{'tensor.extract_slice' op requires attribute 'static_offsets'}}
  %0 = "tensor.extract_slice"(%t) {operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>} : (tensor<8x16xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x16xf32>, %i: i32) {
  // expected-error@+1 {{'tensor.extract_slice' op operand #1 must be variadic of index, but got 'i32'}}
  %0 = "tensor.extract_slice"(%t, %i) {operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>} : (tensor<8x16xf32>, i32) -> tensor<4x4xf32>
  return
}

// -----

func.func @f(%t: tensor<8x16xf32>, %s: tensor<4x4xf32>) {
  // expected-error@+1 {{expected type to be 'tensor<4x5xf32>' or a rank-reduced version. (size mismatch)}}
  %0 = tensor.insert_slice %s into %t[0, 0][4, 5][1, 1] : tensor<4x4xf32> into tensor<8x16xf32>
  return
}

// -----

func.func @f(%t: tensor<8x16xf32>, %s: tensor<4x4xf32>) {
  // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 9 >= 8}}
  %0 = tensor.insert_slice %s into %t[6, 0][4, 4][1, 1] : tensor<4x4xf32> into tensor<8x16xf32>
  return
}

// -----

func.func @f(%t: tensor<8x16xf32>, %s: tensor<4x4xi32>) {
  // expected-error@+1 {{expected element type to be 'f32'}}
  %0 = tensor.insert_slice %s into %t[0, 0][4, 4][1, 1] : tensor<4x4xi32> into tensor<8x16xf32>
  return
}

// -----

func.func @f(%t: tensor<8x16xf32>, %s: tensor<4x4xf32>) {
  // expected-error@+1 {{'tensor.insert_slice' op failed to verify that expected result type to match dest type}}
  %0 = "tensor.insert_slice"(%s, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>} : (tensor<4x4xf32>, tensor<8x16xf32>) -> tensor<8x?xf32>
  return
}

// -----

func.func @f(%t: tensor<8x16xf32>, %s: tensor<4x4xf32>) {
  // expected-error@+1 {{expected 2 offset values, got 3}}
  %0 = tensor.insert_slice %s into %t[0, 0, 0][4, 4, 1][1, 1, 1] : tensor<4x4xf32> into tensor<8x16xf32>
  return
}
