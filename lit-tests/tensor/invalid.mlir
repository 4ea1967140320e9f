// Invalid tensor ops (issue 10): one case per upstream verifier rule or custom-syntax type
// check, with mlir-opt 22's message. The expectations hold for both cf-opt and upstream
// `mlir-opt --split-input-file --verify-diagnostics` (MLIR 22).
// RUN: cf-opt %s --split-input-file --verify-diagnostics

func.func @f(%t: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<2xf32>' and result type 'tensor<3xf32>' are cast incompatible}}
  %0 = tensor.cast %t : tensor<2xf32> to tensor<3xf32>
  return
}

// -----

func.func @f(%t: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<2xf32>' and result type 'tensor<2xi32>' are cast incompatible}}
  %0 = tensor.cast %t : tensor<2xf32> to tensor<2xi32>
  return
}

// -----

func.func @f(%t: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<2xf32>' and result type 'tensor<2x1xf32>' are cast incompatible}}
  %0 = tensor.cast %t : tensor<2xf32> to tensor<2x1xf32>
  return
}

// -----

func.func @f(%t: tensor<f32>, %i: index) {
  // expected-error@+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'tensor<f32>'}}
  %0 = tensor.dim %t, %i : tensor<f32>
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = tensor.empty(%i) : tensor<2x3xf32>
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = tensor.empty() : tensor<?x3xf32>
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>, %i: index) {
  // expected-error@+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %0 = tensor.extract %t[%i] : tensor<2x3xf32>
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>, %i: index) {
  // expected-error@+1 {{'tensor.extract' op failed to verify that result type matches element type of tensor}}
  %0 = "tensor.extract"(%t, %i, %i) : (tensor<2x3xf32>, index, index) -> i32
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{'tensor.insert' op incorrect number of indices}}
  %0 = tensor.insert %f into %t[%i] : tensor<2x3xf32>
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>, %i: index, %f: f32) {
  // expected-error@+1 {{'tensor.insert' op failed to verify that result type matches type of dest}}
  %0 = "tensor.insert"(%f, %t, %i, %i) : (f32, tensor<2x3xf32>, index, index) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>, %i: index, %f: i32) {
  // expected-error@+1 {{'tensor.insert' op failed to verify that scalar type matches element type of dest}}
  %0 = "tensor.insert"(%f, %t, %i, %i) : (i32, tensor<2x3xf32>, index, index) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%f: f32) {
  // expected-error@+1 {{custom op 'tensor.from_elements' number of operands and types do not match: got 1 operands and 2 types}}
  %0 = tensor.from_elements %f : tensor<2xf32>
  return
}

// -----

func.func @f(%f: f32) {
  // expected-error@+1 {{'tensor.from_elements' op failed to verify that operand types match result element type}}
  %0 = "tensor.from_elements"(%f) : (f32) -> tensor<1xi32>
  return
}

// -----

func.func @f(%f: f32) {
  // expected-error@+1 {{custom op 'tensor.from_elements' 'result' must be statically shaped tensor of any type values, but got 'tensor<?xf32>'}}
  %0 = tensor.from_elements %f : tensor<?xf32>
  return
}

// -----

func.func @f(%f: f32, %i: index) {
  // expected-error@+1 {{'tensor.splat' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = tensor.splat %f[%i] : tensor<2xf32>
  return
}

// -----

func.func @f(%f: f32, %i: index) {
  // expected-error@+1 {{'tensor.splat' op failed to verify that operand type matches element type of result}}
  %0 = "tensor.splat"(%f) : (f32) -> tensor<2xi32>
  return
}

// -----

func.func @f(%t: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.rank' op result #0 must be index, but got 'i32'}}
  %0 = "tensor.rank"(%t) : (tensor<2xf32>) -> i32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'tensor.concat' op requires at least one input}}
  %0 = tensor.concat dim(0) : () -> tensor<2xf32>
  return
}

// -----

func.func @f(%t: tensor<2xf32>, %u: tensor<2x2xf32>) {
  // expected-error@+1 {{'tensor.concat' op rank of concatenated inputs must match result rank}}
  %0 = tensor.concat dim(0) %t, %u : (tensor<2xf32>, tensor<2x2xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.concat' op concatenation dim must be less than the tensor rank}}
  %0 = tensor.concat dim(1) %t, %t : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<2xf32>, %u: tensor<2xi32>) {
  // expected-error@+1 {{'tensor.concat' op inputs and result element type must match}}
  %0 = tensor.concat dim(0) %t, %u : (tensor<2xf32>, tensor<2xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>, %u: tensor<2x4xf32>) {
  // expected-error@+1 {{'tensor.concat' op static concatenation size mismatch along non-concatenated dimension 1}}
  %0 = tensor.concat dim(0) %t, %u : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.concat' op result type 'tensor<5x3xf32>'does not match inferred shape 'tensor<4x3xf32>' static sizes}}
  %0 = tensor.concat dim(0) %t, %t : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.concat' op inputs and result element type must match}}
  %0 = tensor.concat dim(0) %t, %t : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xi32>
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.concat' op rank of concatenated inputs must match result rank}}
  %0 = tensor.concat dim(0) %t, %t : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3x1xf32>
  return
}

// -----

func.func @f(%t: tensor<6xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 8}}
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x4xf32>
  return
}

// -----

func.func @f(%t: tensor<6xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected number of static shape dims to be equal to the output rank (1) but found 2 inputs instead}}
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<6xf32>
  return
}

// -----

func.func @f(%t: tensor<6x2xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected collapsed rank (2) to equal the number of reassociation maps (1).}}
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [2, 3] : tensor<6x2xf32> into tensor<2x3xf32>
  return
}

// -----

func.func @f(%t: tensor<6xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected reassociation map #0 to have size equal to the expanded rank (2), but it is  3.}}
  %0 = tensor.expand_shape %t [[0, 2]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  return
}

// -----

func.func @f(%t: tensor<6xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected collapsed type to be 'tensor<6xi32>', but got 'tensor<6xf32>'}}
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xi32>
  return
}

// -----

func.func @f(%t: tensor<?xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 6}}
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [3, 2] : tensor<?xf32> into tensor<3x2xf32>
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 6}}
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<5xf32>
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected collapsed rank (1) to equal the number of reassociation maps (2).}}
  %0 = tensor.collapse_shape %t [[0], [1]] : tensor<2x3xf32> into tensor<6xf32>
  return
}

// -----

func.func @f(%t: tensor<2x?xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<2x?xf32> into tensor<6xf32>
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #0 to be valid and contiguous.}}
  %0 = tensor.collapse_shape %t [[1, 0]] : tensor<2x3xf32> into tensor<6xf32>
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 6}}
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<?xf32>
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #0 to have size equal to the expanded rank (2), but it is  1.}}
  %0 = tensor.collapse_shape %t [[0]] : tensor<2x3xf32> into tensor<2xf32>
  return
}

// -----

func.func @f(%t: tensor<6xf32>, %i: index) {
  // expected-error@+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [%i, 3] : tensor<6xf32> into tensor<?x3xf32>
  return
}

// -----

func.func @f(%t: tensor<?x3xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<?x3xf32> into tensor<6xf32>
  return
}

// -----

func.func @f(%f: f32) {
  // expected-error@+1 {{'tensor.from_elements' op failed to verify that operand types match result element type}}
  %0 = "tensor.from_elements"(%f) : (f32) -> tensor<2xf32>
  return
}

// -----

func.func @f(%t: tensor<6xf32>, %i: index) {
  // expected-error@+1 {{'tensor.expand_shape' op mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has 0 dynamic dims while output_shape has 1 values}}
  %0 = "tensor.expand_shape"(%t, %i) <{reassociation = [[0, 1]], static_output_shape = array<i64: 2, 3>}> : (tensor<6xf32>, index) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected the expanded type, 'tensor<6xf32>' to have a higher (or same) rank than the collapsed type, 'tensor<2x3xf32>'.}}
  %0 = tensor.expand_shape %t [[0, 1]] output_shape [6] : tensor<2x3xf32> into tensor<6xf32>
  return
}

// -----

func.func @f(%t: f32) {
  // expected-error@+1 {{'tensor.cast' op operand #0 must be tensor of any type values, but got 'f32'}}
  %0 = "tensor.cast"(%t) : (f32) -> tensor<2xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{custom op 'tensor.empty' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = tensor.empty() : tensor<*xf32>
  return
}

// -----

func.func @f(%t: tensor<*xf32>, %i: index) {
  // expected-error@+1 {{'tensor.extract' op operand #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = "tensor.extract"(%t, %i) : (tensor<*xf32>, index) -> f32
  return
}

// -----

func.func @f(%t: tensor<2xf32>, %i: i32) {
  // expected-error@+1 {{'tensor.dim' op operand #1 must be index, but got 'i32'}}
  %0 = "tensor.dim"(%t, %i) : (tensor<2xf32>, i32) -> index
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op attribute 'reassociation' failed to satisfy constraint: Array of 64-bit integer array attributes}}
  %0 = "tensor.collapse_shape"(%t) <{reassociation = [0, 1]}> : (tensor<2x3xf32>) -> tensor<6xf32>
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>, %i: index) {
  %0 = "tensor.extract"(%t, %i, %i) : (tensor<2x3xf32>, index, index) -> f32
  // expected-error@+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %1 = "tensor.extract"(%t, %i, %i, %i) : (tensor<2x3xf32>, index, index, index) -> f32
  return
}

// -----

func.func @f(%t: tensor<2xf32>, %i: index) {
  // expected-error@+1 {{'tensor.dim' op result #0 must be index, but got 'i32'}}
  %0 = "tensor.dim"(%t, %i) : (tensor<2xf32>, index) -> i32
  return
}

// -----

func.func @f(%t: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected collapsed type to be 'tensor<6xf32>', but got 'tensor<6xi32>'}}
  %0 = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<6xi32>
  return
}
