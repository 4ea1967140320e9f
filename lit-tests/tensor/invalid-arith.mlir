// arith ops on tensors whose shapes do not match (issue 10), with mlir-opt 22's messages; the
// expectations hold for both cf-opt and `mlir-opt --split-input-file --verify-diagnostics`.
// RUN: cf-opt %s --split-input-file --verify-diagnostics

func.func @select(%x: tensor<2xf32>, %c: tensor<3xi1>) {
  // expected-error@+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = arith.select %c, %x, %x : tensor<3xi1>, tensor<2xf32>
  return
}

// -----

func.func @extf(%x: tensor<2xf32>) {
  // expected-error@+1 {{'arith.extf' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extf %x : tensor<2xf32> to tensor<3xf64>
  return
}

// -----

func.func @cmpf(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error@+1 {{'arith.cmpf' op requires all operands to have the same type}}
  %0 = "arith.cmpf"(%x, %y) <{predicate = 4 : i64}> : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xi1>
  return
}

// -----

// MLIR's Elementwise trait: a ranked and an unranked tensor are different base types, even
// though their shapes are compatible (mlir-opt 22's message).
func.func @ranked_and_unranked(%a: tensor<5xf32>, %b: tensor<*xf32>) -> tensor<5xf32> {
  // expected-error@+1 {{'arith.addf' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "arith.addf"(%a, %b) : (tensor<5xf32>, tensor<*xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @math_ranked_and_unranked(%a: tensor<*xf32>) -> tensor<5xf32> {
  // expected-error@+1 {{'math.exp' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "math.exp"(%a) : (tensor<*xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
