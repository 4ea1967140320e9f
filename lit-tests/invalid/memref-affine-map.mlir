// Malformed memref types and affine maps: mlir-opt 22's messages, each checked with
// `mlir-opt --split-input-file --verify-diagnostics` on this file (same locations).
// RUN: cf-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error@+1 {{memref layout mismatch between rank and affine map: 1 != 2}}
func.func private @f0(memref<4xf32, affine_map<(d0, d1) -> (d0)>>)

// -----

// expected-error@+1 {{expected the number of strides to match the rank}}
func.func private @f1(memref<4xf32, strided<[1, 1]>>)

// -----

// expected-error@+1 {{cannot have affine map for unranked memref type}}
func.func private @f2(memref<*xf32, affine_map<(d0) -> (d0)>>)

// -----

// expected-error@+1 {{expected memory space to be last in memref type}}
func.func private @f3(memref<4xf32, 1, affine_map<(d0) -> (d0)>>)

// -----

// expected-error@+1 {{multiple memory spaces specified in memref type}}
func.func private @f4(memref<4xf32, 1, 2>)

// -----

// expected-error@+1 {{invalid memref element type}}
func.func private @f5(memref<4xtensor<2xf32>>)

// -----

// expected-error@+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
func.func private @f6(memref<4xf32, affine_map<(d0) -> (d0 * d0)>>)

// -----

// expected-error@+1 {{non-affine expression: right operand of floordiv has to be either a constant or symbolic}}
func.func private @f7(memref<4xf32, affine_map<(d0, d1) -> (d0 floordiv d1)>>)

// -----

// expected-error@+1 {{non-affine expression: right operand of mod has to be either a constant or symbolic}}
func.func private @f8(memref<4xf32, affine_map<(d0, d1) -> (d0 mod (d1 + 1))>>)

// -----

// expected-error@+1 {{use of undeclared identifier}}
func.func private @f9(memref<4xf32, affine_map<(d0) -> (d1)>>)

// -----

// expected-error@+1 {{redefinition of identifier 'd0'}}
func.func private @f10(memref<4xf32, affine_map<(d0, d0) -> (d0)>>)

// -----

// expected-error@+1 {{unsupported memory space Attribute}}
func.func private @f11(memref<4xf32, #foo.space<1>>)
