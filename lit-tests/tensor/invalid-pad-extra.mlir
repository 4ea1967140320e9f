// tensor.pad checks that are Weir's own (issue 10): mlir-opt 22 accepts these generic forms
// and silently drops the operands its static lists or segments do not account for (a list
// with MORE dynamic entries than operands crashes it, so none is here). Weir rejects them,
// with the message of the slice ops' dynamic lists.
// RUN: cf-opt %s --split-input-file --verify-diagnostics

func.func @f(%t: tensor<5x6xf32>, %c: f32, %a: index) {
  // expected-error@+1 {{expected the number of 'low' to match the number of dynamic entries in 'static_low' (1 vs 0)}}
  %0 = "tensor.pad"(%t, %a) <{operandSegmentSizes = array<i32: 1, 1, 0>, static_high = array<i64: 1, 1>, static_low = array<i64: 1, 1>}> ({
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  }) : (tensor<5x6xf32>, index) -> tensor<7x8xf32>
  return
}

// -----

func.func @f(%t: tensor<5x6xf32>, %c: f32, %a: index) {
  // expected-error@+1 {{expected the number of 'high' to match the number of dynamic entries in 'static_high' (1 vs 0)}}
  %0 = "tensor.pad"(%t, %a) <{operandSegmentSizes = array<i32: 1, 0, 1>, static_high = array<i64: 1, 1>, static_low = array<i64: 1, 1>}> ({
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  }) : (tensor<5x6xf32>, index) -> tensor<7x8xf32>
  return
}

// -----

func.func @f(%t: tensor<5x6xf32>, %c: f32) {
  // expected-error@+1 {{'tensor.pad' op requires exactly one 'source' operand}}
  %0 = "tensor.pad"(%t, %t) <{operandSegmentSizes = array<i32: 2, 0, 0>, static_high = array<i64: 1, 1>, static_low = array<i64: 1, 1>}> ({
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  }) : (tensor<5x6xf32>, tensor<5x6xf32>) -> tensor<7x8xf32>
  return
}
