// linalg ops on tensors round-trip (issue 10). Expected text: mlir-opt 22's output for this
// file, with block-argument names (22 names them %in/%init, Weir %argN) and the #map aliases
// (Weir writes affine maps inline) matched loosely. The named ops' implicit bodies and the
// map/reduce short forms round-trip; the generic form (second RUN) parses in Weir again.
// RUN: cf-opt %s | FileCheck %s
// RUN: cf-opt %s | cf-opt | FileCheck %s
// RUN: cf-opt %s --mlir-print-op-generic | cf-opt | FileCheck %s

// CHECK: module {
// CHECK-NEXT: func.func @f(%{{[a-z0-9_]+}}: tensor<4x8xf32>, %{{[a-z0-9_]+}}: tensor<8x16xf32>, %{{[a-z0-9_]+}}: tensor<4x16xf32>, %{{[a-z0-9_]+}}: f32, %{{[a-z0-9_]+}}: tensor<4xf32>, %{{[a-z0-9_]+}}: tensor<8x4xf32>, %{{[a-z0-9_]+}}: tensor<2x4x8xf32>, %{{[a-z0-9_]+}}: tensor<2x8x16xf32>, %{{[a-z0-9_]+}}: tensor<2x4x16xf32>, %{{[a-z0-9_]+}}: tensor<?x8xf32>) -> tensor<4x16xf32> {
// CHECK-NEXT: %0 = linalg.fill ins(%{{[a-z0-9_]+}} : f32) outs(%{{[a-z0-9_]+}} : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: %1 = linalg.matmul ins(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : tensor<4x8xf32>, tensor<8x16xf32>) outs(%0 : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: %2 = linalg.batch_matmul ins(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : tensor<2x4x8xf32>, tensor<2x8x16xf32>) outs(%{{[a-z0-9_]+}} : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
// CHECK-NEXT: %transposed = linalg.transpose ins(%{{[a-z0-9_]+}} : tensor<4x8xf32>) outs(%{{[a-z0-9_]+}} : tensor<8x4xf32>) permutation = [1, 0]
// CHECK-NEXT: %broadcasted = linalg.broadcast ins(%{{[a-z0-9_]+}} : tensor<4xf32>) outs(%{{[a-z0-9_]+}} : tensor<4x8xf32>) dimensions = [1]
// CHECK-NEXT: %reduced = linalg.reduce ins(%{{[a-z0-9_]+}} : tensor<4x8xf32>) outs(%{{[a-z0-9_]+}} : tensor<4xf32>) dimensions = [1]
// CHECK-NEXT: (%{{[a-z0-9_]+}}: f32, %{{[a-z0-9_]+}}: f32) {
// CHECK-NEXT: %4 = arith.addf %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : f32
// CHECK-NEXT: linalg.yield %4 : f32
// CHECK-NEXT: }
// CHECK-NEXT: %mapped = linalg.map { arith.mulf } ins(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : tensor<4x8xf32>, tensor<4x8xf32>) outs(%{{[a-z0-9_]+}} : tensor<4x8xf32>)
// CHECK-NEXT: %3 = linalg.generic {indexing_maps = [{{.*}}], iterator_types = ["parallel", "reduction"]} ins(%{{[a-z0-9_]+}} : tensor<4x8xf32>) outs(%{{[a-z0-9_]+}} : tensor<4xf32>) {
// CHECK-NEXT: ^bb0(%{{[a-z0-9_]+}}: f32, %{{[a-z0-9_]+}}: f32):
// CHECK-NEXT: %4 = linalg.index 1 : index
// CHECK-NEXT: %5 = arith.addf %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : f32
// CHECK-NEXT: linalg.yield %5 : f32
// CHECK-NEXT: } -> tensor<4xf32>
// CHECK-NEXT: %mapped_0 = linalg.map { math.absf } ins(%{{[a-z0-9_]+}} : tensor<4x8xf32>) outs(%{{[a-z0-9_]+}} : tensor<4x8xf32>)
// CHECK-NEXT: %reduced_1 = linalg.reduce { arith.addf } ins(%{{[a-z0-9_]+}} : tensor<4x8xf32>) outs(%{{[a-z0-9_]+}} : tensor<4xf32>) dimensions = [1]
// CHECK-NEXT: return %1 : tensor<4x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @mixed(%{{[a-z0-9_]+}}: tensor<4x8xi8>, %{{[a-z0-9_]+}}: tensor<8x16xi8>, %{{[a-z0-9_]+}}: tensor<4x16xi32>, %{{[a-z0-9_]+}}: tensor<4x8xf16>, %{{[a-z0-9_]+}}: tensor<4x16xf32>, %{{[a-z0-9_]+}}: tensor<8x16xf32>, %{{[a-z0-9_]+}}: tensor<?x8xi1>, %{{[a-z0-9_]+}}: tensor<8x?xi1>, %{{[a-z0-9_]+}}: tensor<?x?xi1>, %{{[a-z0-9_]+}}: tensor<?x8xf32>, %{{[a-z0-9_]+}}: tensor<8x?xf32>) -> tensor<4x16xi32> {
// CHECK-NEXT: %0 = linalg.matmul ins(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : tensor<4x8xi8>, tensor<8x16xi8>) outs(%{{[a-z0-9_]+}} : tensor<4x16xi32>) -> tensor<4x16xi32>
// CHECK-NEXT: %1 = linalg.matmul ins(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : tensor<4x8xf16>, tensor<8x16xf32>) outs(%{{[a-z0-9_]+}} : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: %2 = linalg.matmul ins(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : tensor<?x8xi1>, tensor<8x?xi1>) outs(%{{[a-z0-9_]+}} : tensor<?x?xi1>) -> tensor<?x?xi1>
// CHECK-NEXT: %transposed = linalg.transpose ins(%{{[a-z0-9_]+}} : tensor<?x8xf32>) outs(%{{[a-z0-9_]+}} : tensor<8x?xf32>) permutation = [1, 0]  {tag}
// CHECK-NEXT: %mapped = linalg.map { arith.addf {fastmath = #arith.fastmath<fast>} } ins(%{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} : tensor<?x8xf32>, tensor<?x8xf32>) outs(%{{[a-z0-9_]+}} : tensor<?x8xf32>) {tag}
// CHECK-NEXT: return %0 : tensor<4x16xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %s: f32, %v: tensor<4xf32>, %t: tensor<8x4xf32>, %ba: tensor<2x4x8xf32>, %bb: tensor<2x8x16xf32>, %bc: tensor<2x4x16xf32>, %d: tensor<?x8xf32>) -> tensor<4x16xf32> {
  %0 = linalg.fill ins(%s : f32) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %1 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%0 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %2 = linalg.batch_matmul ins(%ba, %bb : tensor<2x4x8xf32>, tensor<2x8x16xf32>) outs(%bc : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  %3 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%t : tensor<8x4xf32>) permutation = [1, 0]
  %4 = linalg.broadcast ins(%v : tensor<4xf32>) outs(%a : tensor<4x8xf32>) dimensions = [1]
  %5 = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%v : tensor<4xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %r = arith.addf %in, %init : f32
      linalg.yield %r : f32
    }
  %6 = linalg.map ins(%a, %a : tensor<4x8xf32>, tensor<4x8xf32>) outs(%a : tensor<4x8xf32>)
    (%x: f32, %y: f32, %o: f32) {
      %r = arith.mulf %x, %y : f32
      linalg.yield %r : f32
    }
  %7 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%v : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %i = linalg.index 1 : index
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %8 = linalg.map { math.absf } ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>)
  %9 = linalg.reduce { arith.addf } ins(%a : tensor<4x8xf32>) outs(%v : tensor<4xf32>) dimensions = [1]
  return %1 : tensor<4x16xf32>
}
func.func @mixed(%a: tensor<4x8xi8>, %b: tensor<8x16xi8>, %c: tensor<4x16xi32>, %p: tensor<4x8xf16>, %q: tensor<4x16xf32>, %r: tensor<8x16xf32>, %u: tensor<?x8xi1>, %w: tensor<8x?xi1>, %x: tensor<?x?xi1>, %m: tensor<?x8xf32>, %n: tensor<8x?xf32>) -> tensor<4x16xi32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xi8>, tensor<8x16xi8>) outs(%c : tensor<4x16xi32>) -> tensor<4x16xi32>
  %1 = linalg.matmul ins(%p, %r : tensor<4x8xf16>, tensor<8x16xf32>) outs(%q : tensor<4x16xf32>) -> tensor<4x16xf32>
  %2 = linalg.matmul ins(%u, %w : tensor<?x8xi1>, tensor<8x?xi1>) outs(%x : tensor<?x?xi1>) -> tensor<?x?xi1>
  %3 = linalg.transpose ins(%m : tensor<?x8xf32>) outs(%n : tensor<8x?xf32>) permutation = [1, 0] {tag}
  %4 = linalg.map { arith.addf {fastmath = #arith.fastmath<fast>} } ins(%m, %m : tensor<?x8xf32>, tensor<?x8xf32>) outs(%m : tensor<?x8xf32>) {tag}
  return %0 : tensor<4x16xi32>
}
