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
