// The builtin memref type (shapes, strided and affine_map layouts, memory spaces) and
// affine_map/strided attributes round-trip. Expected text: mlir-opt 22's output for this file
// with its `#mapN` aliases written inline (mlir-opt simplifies affine expressions while parsing:
// `3 + d0` is `d0 + 3`, `2 * d0 * 3` is `d0 * 6`, `d0 - (d0 floordiv 4) * 4` is `d0 mod 4`;
// it drops identity layouts, zero offsets and memory space 0).
// RUN: cf-opt %s | FileCheck %s
// RUN: cf-opt %s | cf-opt | FileCheck %s

func.func private @memrefs(memref<4x?xf32>, memref<*xf32>, memref<f32>, memref<0x?xindex>, memref<2xvector<4xi8>>, memref<3xmemref<2xf32>>)
func.func private @layouts(memref<4x4xf32, strided<[4, 1], offset: ?>>, memref<4x4xf32, strided<[4, 1]>>, memref<2xi32, strided<[?], offset: 5>>, memref<4xf32, strided<[1], offset: 0>>, memref<4xf32, affine_map<(d0) -> (d0 + 1)>>, memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<4xf32, affine_map<(d0) -> (d0)>>)
func.func private @spaces(memref<4xf32, 1>, memref<*xf32, 3>, memref<4xf32, 1 : i32>, memref<4xf32, 0>, memref<2xi32, strided<[?], offset: 5>, 2>, memref<4xf32, "global">, memref<4xf32, affine_map<(d0) -> (d0 * 2)>, 7>)
func.func private @maps() attributes {a = affine_map<(d0, d1)[s0] -> (d0 * 2 + 1, d0 floordiv 2, -d0, d0 - d1, 3 + d0, d0 * 3 - d1 * 2, s0 * d0, d0 mod 4, d0 ceildiv s0, (d0 + d1) * 2, d0 - 3)>, b = affine_map<(d0, d1)[s0, s1] -> (2 * d0 * 3, d0 + d0, (d0 + 2) + d1, d0 * 0, d0 floordiv 1, 7 floordiv 2, -7 mod 3, d1 + d0, s1 * s0, 5, d1 - (d0 + 1))>, c = affine_map<() -> ()>, d = affine_map<(i, j) -> (j, i)>, e = affine_map<(d0) -> (d0 ceildiv 2 * 3, -(d0 + 1), d0 * -2 + 3 * (d0 mod 2), d0 floordiv 0, d0 floordiv -2, (d0 * 4) floordiv 2, (d0 * 6) mod 3, d0 - (d0 floordiv 4) * 4, - - d0)>, f = affine_map<()[s0, s1] -> (s0 * s1, s1 floordiv s0, 2 * s0 + 1)>, s = strided<[]>, t = strided<[1, ?], offset: 0>, u = [affine_map<(d0) -> (d0)>]}

// CHECK-LABEL: func.func private @memrefs(memref<4x?xf32>, memref<*xf32>, memref<f32>, memref<0x?xindex>, memref<2xvector<4xi8>>, memref<3xmemref<2xf32>>)
// CHECK-NEXT: func.func private @layouts(memref<4x4xf32, strided<[4, 1], offset: ?>>, memref<4x4xf32, strided<[4, 1]>>, memref<2xi32, strided<[?], offset: 5>>, memref<4xf32, strided<[1]>>, memref<4xf32, affine_map<(d0) -> (d0 + 1)>>, memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<4xf32>)
// CHECK-NEXT: func.func private @spaces(memref<4xf32, 1>, memref<*xf32, 3>, memref<4xf32, 1 : i32>, memref<4xf32>, memref<2xi32, strided<[?], offset: 5>, 2>, memref<4xf32, "global">, memref<4xf32, affine_map<(d0) -> (d0 * 2)>, 7>)
// CHECK-NEXT: func.func private @maps() attributes {a = affine_map<(d0, d1)[s0] -> (d0 * 2 + 1, d0 floordiv 2, -d0, d0 - d1, d0 + 3, d0 * 3 - d1 * 2, d0 * s0, d0 mod 4, d0 ceildiv s0, (d0 + d1) * 2, d0 - 3)>, b = affine_map<(d0, d1)[s0, s1] -> (d0 * 6, d0 * 2, d0 + d1 + 2, 0, d0, 3, 2, d0 + d1, s0 * s1, 5, d1 - (d0 + 1))>, c = affine_map<() -> ()>, d = affine_map<(d0, d1) -> (d1, d0)>, e = affine_map<(d0) -> ((d0 ceildiv 2) * 3, -(d0 + 1), d0 * -2 + (d0 mod 2) * 3, d0 floordiv 0, d0 floordiv -2, d0 * 2, 0, d0 mod 4, d0)>, f = affine_map<()[s0, s1] -> (s0 * s1, s1 floordiv s0, s0 * 2 + 1)>, s = strided<[]>, t = strided<[1, ?]>, u = [affine_map<(d0) -> (d0)>]}
