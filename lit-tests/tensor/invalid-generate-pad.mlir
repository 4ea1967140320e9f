// Invalid tensor.generate / tensor.pad / tensor.yield (issue 10): one case per upstream
// verifier rule, with mlir-opt 22's message (some of MLIR's rules use `emitError`, without the
// `'tensor.pad' op` prefix). The expectations hold for both cf-opt and
// `mlir-opt --split-input-file --verify-diagnostics` (MLIR 22). Weir's own extra checks, which
// mlir-opt 22 does not make, are in invalid-pad-extra.mlir.
// RUN: cf-opt %s --split-input-file --verify-diagnostics

func.func @f(%n: index) -> tensor<?x3x?xf32> {
  // expected-error@+1 {{'tensor.generate' op incorrect number of dynamic sizes, has 1, expected 2}}
  %0 = tensor.generate %n {
  ^bb0(%i: index, %j: index, %k: index):
    %c = arith.constant 1.0 : f32
    tensor.yield %c : f32
  } : tensor<?x3x?xf32>
  return %0 : tensor<?x3x?xf32>
}

// -----

func.func @f(%n: i32, %c: f32) {
  // expected-error@+1 {{'tensor.generate' op operand #0 must be variadic of index, but got 'i32'}}
  %0 = "tensor.generate"(%n) ({
  ^bb0(%i: index):
    "tensor.yield"(%c) : (f32) -> ()
  }) : (i32) -> tensor<?xf32>
  return
}

// -----

func.func @f(%n: index, %c: f32) {
  // expected-error@+1 {{'tensor.generate' op result #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = "tensor.generate"(%n) ({
  ^bb0(%i: index):
    "tensor.yield"(%c) : (f32) -> ()
  }) : (index) -> tensor<*xf32>
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+5 {{custom op 'tensor.generate' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = tensor.generate %n {
  ^bb0(%i: index):
    %c = arith.constant 1.0 : f32
    tensor.yield %c : f32
  } : tensor<*xf32>
  return
}

// -----

func.func @f(%n: index) {
  // expected-error@+1 {{'tensor.generate' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  %0 = "tensor.generate"(%n) ({
  }) : (index) -> tensor<?xf32>
  return
}

// -----

func.func @f(%n: index, %c: f32) {
  // expected-error@+1 {{'tensor.generate' op expects region #0 to have 0 or 1 blocks}}
  %0 = "tensor.generate"(%n) ({
  ^bb0(%i: index):
    cf.br ^bb1
  ^bb1:
    "tensor.yield"(%c) : (f32) -> ()
  }) : (index) -> tensor<?xf32>
  return
}

// -----

func.func @f(%n: index) -> tensor<?x3xf32> {
  // expected-error@+1 {{all body arguments must be index}}
  %0 = tensor.generate %n {
  ^bb0(%i: index, %j: i32):
    %c = arith.constant 1.0 : f32
    tensor.yield %c : f32
  } : tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

func.func @f(%n: index) -> tensor<?x3xf32> {
  // expected-error@+1 {{must have one body argument per input dimension}}
  %0 = tensor.generate %n {
  ^bb0(%i: index):
    %c = arith.constant 1.0 : f32
    tensor.yield %c : f32
  } : tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

func.func @f(%n: index) -> tensor<?x3xf32> {
  // expected-error@+1 {{'tensor.generate' op body must be terminated with a `yield` operation of the tensor element type}}
  %0 = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %c = arith.constant 1 : i32
    tensor.yield %c : i32
  } : tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// A body without a terminator gets an operand-less tensor.yield (at the op's location).
func.func @f(%n: index) {
  // expected-error@+1 {{'tensor.yield' op requires a single operand}}
  %0 = tensor.generate %n {
  ^bb0(%i: index, %j: index):
  } : tensor<?x3xf32>
  return
}

// -----

func.func @f(%n: index, %c: f32) {
  %0 = "tensor.generate"(%n) ({
  ^bb0(%i: index):
    // expected-error@+1 {{'tensor.yield' op requires a single operand}}
    "tensor.yield"(%c, %c) : (f32, f32) -> ()
  }) : (index) -> tensor<?xf32>
  return
}

// -----

func.func @f(%c: f32) {
  // expected-error@+1 {{'tensor.yield' op expects parent op to be one of 'tensor.generate, tensor.pad'}}
  tensor.yield %c : f32
}

// -----

func.func @f(%t: tensor<5x6xf32>, %c: f32) {
  // expected-error@+1 {{specified type 'tensor<7x?xf32>' does not match the inferred type 'tensor<7x8xf32>'}}
  %0 = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<5x6xf32> to tensor<7x?xf32>
  return
}

// -----

func.func @f(%t: tensor<5x6xf32>, %c: f32) {
  // expected-error@+1 {{specified type 'tensor<7x9xf32>' does not match the inferred type 'tensor<7x8xf32>'}}
  %0 = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<5x6xf32> to tensor<7x9xf32>
  return
}

// -----

func.func @f(%t: tensor<5x6xf32>, %c: f32) {
  // expected-error@+1 {{specified type 'tensor<7xf32>' does not match the inferred type 'tensor<7x8xf32>'}}
  %0 = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index):
    tensor.yield %c : f32
  } : tensor<5x6xf32> to tensor<7xf32>
  return
}

// -----

// 5 - 4 - 4 = -3: MLIR prints the negative inferred size.
func.func @f(%t: tensor<5x6xf32>, %c: f32) {
  // expected-error@+1 {{specified type 'tensor<?x6xf32>' does not match the inferred type 'tensor<-3x6xf32>'}}
  %0 = tensor.pad %t low[-4, 0] high[-4, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<5x6xf32> to tensor<?x6xf32>
  return
}

// -----

func.func @f(%t: tensor<5x6xf32>, %c: f32) {
  // expected-error@+1 {{failed to infer expectedType from sourceType 'tensor<5x6xf32>', specified resultType is 'tensor<7x8xf32>'}}
  %0 = tensor.pad %t low[1] high[1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<5x6xf32> to tensor<7x8xf32>
  return
}

// -----

func.func @f(%t: tensor<5x6xf32>, %c: f32) {
  // expected-error@+1 {{'tensor.pad' op requires attribute 'static_low'}}
  %0 = "tensor.pad"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_high = array<i64: 1, 1>}> ({
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  }) : (tensor<5x6xf32>) -> tensor<7x8xf32>
  return
}

// -----

func.func @f(%t: tensor<5x6xf32>, %c: f32, %a: f32) {
  // expected-error@+1 {{'tensor.pad' op operand #1 must be variadic of index, but got 'f32'}}
  %0 = "tensor.pad"(%t, %a) <{operandSegmentSizes = array<i32: 1, 1, 0>, static_high = array<i64: 1, 1>, static_low = array<i64: 1, -9223372036854775808>}> ({
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  }) : (tensor<5x6xf32>, f32) -> tensor<7x?xf32>
  return
}

// -----

func.func @f(%t: tensor<5x6xf32>, %c: f32) {
  // expected-error@+1 {{'tensor.pad' op result #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = "tensor.pad"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_high = array<i64: 1, 1>, static_low = array<i64: 1, 1>}> ({
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  }) : (tensor<5x6xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%t: tensor<*xf32>, %c: f32) {
  // expected-error@+4 {{custom op 'tensor.pad' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<*xf32> to tensor<7x8xf32>
  return
}

// -----

func.func @f(%t: tensor<5x6xf32>, %c: f32) {
  // expected-error@+1 {{expected the block to have 2 arguments}}
  %0 = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index):
    tensor.yield %c : f32
  } : tensor<5x6xf32> to tensor<7x8xf32>
  return
}

// -----

func.func @f(%t: tensor<5x6xf32>, %c: f32) {
  // expected-error@+1 {{'tensor.pad' op expected block argument 2 to be an index}}
  %0 = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: i32):
    tensor.yield %c : f32
  } : tensor<5x6xf32> to tensor<7x8xf32>
  return
}

// -----

func.func @f(%t: tensor<5x6xf32>, %c: f16) {
  // expected-error@+1 {{'tensor.pad' op expected yield type to match shape element type}}
  %0 = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f16
  } : tensor<5x6xf32> to tensor<7x8xf32>
  return
}
