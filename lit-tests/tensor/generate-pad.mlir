// Round trip of tensor.generate, tensor.pad and tensor.yield (issue 10): the CHECK lines are
// mlir-opt 22's output for this file (dynamic extents, a rank-0 generate whose body has no
// block header and whose custom form has two spaces before the body, static and dynamic
// paddings, `nofold`, negative padding, an attribute after the body); GEN is the generic
// form (Weir prints the inherent attributes in `{...}`, mlir-opt as properties `<{...}>`).
// RUN: cf-opt %s | FileCheck %s
// RUN: cf-opt %s | cf-opt | FileCheck %s
// RUN: cf-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GEN
// RUN: cf-opt %s --mlir-print-op-generic | cf-opt | FileCheck %s

// CHECK-LABEL: func.func @generate(
func.func @generate(%n: index, %m: index, %x: f32) -> (tensor<?x3x?xf32>, tensor<f32>, tensor<4xindex>) {
  // CHECK-NEXT: %generated = tensor.generate %arg0, %arg1 {
  // CHECK-NEXT: ^bb0(%arg3: index, %arg4: index, %arg5: index):
  // CHECK-NEXT:   %0 = arith.addi %arg3, %arg5 : index
  // CHECK-NEXT:   %1 = arith.index_cast %0 : index to i32
  // CHECK-NEXT:   %2 = arith.sitofp %1 : i32 to f32
  // CHECK-NEXT:   tensor.yield %2 : f32
  // CHECK-NEXT: } : tensor<?x3x?xf32>
  // GEN: %{{[a-z0-9]+}} = "tensor.generate"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) ({
  // GEN-NEXT: ^bb0(%{{[a-z0-9]+}}: index, %{{[a-z0-9]+}}: index, %{{[a-z0-9]+}}: index):
  // GEN: "tensor.yield"(%{{.*}}) : (f32) -> ()
  // GEN-NEXT: }) : (index, index) -> tensor<?x3x?xf32>
  %0 = tensor.generate %n, %m {
  ^bb0(%i: index, %j: index, %k: index):
    %s = arith.addi %i, %k : index
    %si = arith.index_cast %s : index to i32
    %v = arith.sitofp %si : i32 to f32
    tensor.yield %v : f32
  } : tensor<?x3x?xf32>
  // CHECK-NEXT: %generated_0 = tensor.generate  {
  // CHECK-NEXT:   tensor.yield %arg2 : f32
  // CHECK-NEXT: } {foo} : tensor<f32>
  // GEN: "tensor.generate"() ({
  // GEN-NEXT: "tensor.yield"(%{{[a-z0-9]+}}) : (f32) -> ()
  // GEN-NEXT: }) {foo} : () -> tensor<f32>
  %1 = tensor.generate {
    tensor.yield %x : f32
  } {foo} : tensor<f32>
  // CHECK-NEXT: %generated_1 = tensor.generate  {
  // CHECK-NEXT: ^bb0(%arg3: index):
  // CHECK-NEXT:   tensor.yield %arg3 : index
  // CHECK-NEXT: } : tensor<4xindex>
  %2 = tensor.generate {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<4xindex>
  return %0, %1, %2 : tensor<?x3x?xf32>, tensor<f32>, tensor<4xindex>
}

// CHECK-LABEL: func.func @pad(
func.func @pad(%t: tensor<?x4xf32>, %a: index, %b: index, %s: tensor<5x6xi32>, %cst: f32) -> (tensor<?x9xf32>, tensor<?x4xf32>, tensor<5x5xi32>, tensor<?x?xf32>) {
  // CHECK-NEXT: %padded = tensor.pad %arg0 low[1, %arg1] high[2, 0] {
  // CHECK-NEXT: ^bb0(%arg5: index, %arg6: index):
  // CHECK-NEXT:   tensor.yield %arg4 : f32
  // CHECK-NEXT: } : tensor<?x4xf32> to tensor<?x9xf32>
  // GEN: "tensor.pad"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}){{.*}} ({
  // GEN-NEXT: ^bb0(%{{[a-z0-9]+}}: index, %{{[a-z0-9]+}}: index):
  // GEN-NEXT: "tensor.yield"(%{{[a-z0-9]+}}) : (f32) -> ()
  // GEN-NEXT: }) {{<?}}{operandSegmentSizes = array<i32: 1, 1, 0>, static_high = array<i64: 2, 0>, static_low = array<i64: 1, -9223372036854775808>}{{>?}} : (tensor<?x4xf32>, index) -> tensor<?x9xf32>
  %0 = tensor.pad %t low[1, %a] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x4xf32> to tensor<?x9xf32>
  // CHECK-NEXT: %padded_0 = tensor.pad %arg0 nofold low[0, 0] high[0, 0] {
  // CHECK-NEXT: ^bb0(%arg5: index, %arg6: index):
  // CHECK-NEXT:   tensor.yield %arg4 : f32
  // CHECK-NEXT: } : tensor<?x4xf32> to tensor<?x4xf32>
  // GEN: "tensor.pad"(%{{[a-z0-9]+}}){{.*}} ({
  // GEN: {{<?}}{nofold, operandSegmentSizes = array<i32: 1, 0, 0>, static_high = array<i64: 0, 0>, static_low = array<i64: 0, 0>}{{>?}}
  %1 = tensor.pad %t nofold low[0, 0] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x4xf32> to tensor<?x4xf32>
  // Negative padding cuts: 5 - 1 + 1 = 5, 6 + 1 - 2 = 5.
  // CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
  // CHECK-NEXT: %padded_1 = tensor.pad %arg3 low[-1, 1] high[1, -2] {
  // CHECK-NEXT: ^bb0(%arg5: index, %arg6: index):
  // CHECK-NEXT:   tensor.yield %c0_i32 : i32
  // CHECK-NEXT: } {foo = 1 : i64} : tensor<5x6xi32> to tensor<5x5xi32>
  %z = arith.constant 0 : i32
  %2 = tensor.pad %s low[-1, 1] high[1, -2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : i32
  } {foo = 1} : tensor<5x6xi32> to tensor<5x5xi32>
  // The padding value computed from the index; dynamic low and high.
  // CHECK-NEXT: %padded_2 = tensor.pad %arg0 low[%arg1, %arg2] high[%arg2, %arg1] {
  // CHECK-NEXT: ^bb0(%arg5: index, %arg6: index):
  // CHECK-NEXT:   %0 = arith.index_cast %arg5 : index to i32
  // CHECK-NEXT:   %1 = arith.sitofp %0 : i32 to f32
  // CHECK-NEXT:   tensor.yield %1 : f32
  // CHECK-NEXT: } : tensor<?x4xf32> to tensor<?x?xf32>
  // GEN: "tensor.pad"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}){{.*}} ({
  // GEN: {{<?}}{operandSegmentSizes = array<i32: 1, 2, 2>, static_high = array<i64: -9223372036854775808, -9223372036854775808>, static_low = array<i64: -9223372036854775808, -9223372036854775808>}{{>?}}
  %3 = tensor.pad %t low[%a, %b] high[%b, %a] {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i32
    %v = arith.sitofp %ii : i32 to f32
    tensor.yield %v : f32
  } : tensor<?x4xf32> to tensor<?x?xf32>
  return %0, %1, %2, %3 : tensor<?x9xf32>, tensor<?x4xf32>, tensor<5x5xi32>, tensor<?x?xf32>
}
