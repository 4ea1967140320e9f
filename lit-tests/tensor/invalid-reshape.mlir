// Invalid tensor.reshape (issue 10): one case per upstream verifier rule and operand
// constraint, with mlir-opt 22's message (valid for cf-opt and mlir-opt --verify-diagnostics).
// RUN: cf-opt %s --split-input-file --verify-diagnostics

func.func @f(%t: tensor<4x4xf32>, %s: tensor<2xindex>) {
  // expected-error@+1 {{'tensor.reshape' op source and destination tensor should have the same number of elements}}
  %0 = tensor.reshape %t(%s) : (tensor<4x4xf32>, tensor<2xindex>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%t: tensor<4x4xf32>, %s: tensor<2xindex>) {
  // expected-error@+1 {{'tensor.reshape' op element types of source and destination tensor types should be the same}}
  %0 = tensor.reshape %t(%s) : (tensor<4x4xf32>, tensor<2xindex>) -> tensor<2x8xi32>
  return
}

// -----

func.func @f(%t: tensor<4x4xf32>, %s: tensor<?xindex>) {
  // expected-error@+1 {{'tensor.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked tensor type}}
  %0 = tensor.reshape %t(%s) : (tensor<4x4xf32>, tensor<?xindex>) -> tensor<2x8xf32>
  return
}

// -----

func.func @f(%t: tensor<4x4xf32>, %s: tensor<3xindex>) {
  // expected-error@+1 {{'tensor.reshape' op length of shape operand differs from the result's tensor rank}}
  %0 = tensor.reshape %t(%s) : (tensor<4x4xf32>, tensor<3xindex>) -> tensor<2x8xf32>
  return
}

// -----

func.func @f(%t: tensor<4x4xf32>, %s: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.reshape' op operand #1 must be 1D tensor of signless integer or index values, but got 'tensor<2xf32>'}}
  %0 = tensor.reshape %t(%s) : (tensor<4x4xf32>, tensor<2xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @f(%t: tensor<4x4xf32>, %s: tensor<2x1xindex>) {
  // expected-error@+1 {{'tensor.reshape' op operand #1 must be 1D tensor of signless integer or index values, but got 'tensor<2x1xindex>'}}
  %0 = tensor.reshape %t(%s) : (tensor<4x4xf32>, tensor<2x1xindex>) -> tensor<2x8xf32>
  return
}

// -----

func.func @f(%t: f32, %s: tensor<2xindex>) {
  // expected-error@+1 {{'tensor.reshape' op operand #0 must be tensor of any type values, but got 'f32'}}
  %0 = tensor.reshape %t(%s) : (f32, tensor<2xindex>) -> tensor<2x8xf32>
  return
}
