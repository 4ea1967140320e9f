// Invalid linalg ops: one case per upstream rule Weir implements. Each message and line is
// the one mlir-opt 22 gives for the same chunk (`mlir-opt --split-input-file
// --verify-diagnostics` accepts this file too).
// RUN: cf-opt %s --split-input-file --verify-diagnostics

func.func @fill_type(%s: i32, %c: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'linalg.fill' op expected fill value type ('i32') to match output element type ('f32')}}
  %0 = linalg.fill ins(%s : i32) outs(%c : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @fill_res(%s: f32, %c: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error@+1 {{'linalg.fill' op expected type of operand #1 ('tensor<4xf32>') to match type of corresponding result ('tensor<5xf32>')}}
  %0 = linalg.fill ins(%s : f32) outs(%c : tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @fill_two(%s: f32, %c: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.fill ins(%s, %s : f32, f32) outs(%c : tensor<4xf32>) -> tensor<4xf32>
  // expected-error@+1 {{custom op 'linalg.fill' [parseNamedStructuredOpRegion] ods-gen generated region expects 2 args, got 3}}
  return %0 : tensor<4xf32>
}

// -----

func.func @fill_tensor(%s: tensor<f32>, %c: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{expected op with scalar input}}
  %0 = linalg.fill ins(%s : tensor<f32>) outs(%c : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @mm_rank(%a: tensor<4xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  // expected-error@+1 {{'linalg.matmul' op expected operand #0 rank (1) to match the result rank of indexing_map (2)}}
  %1 = linalg.matmul ins(%a, %b : tensor<4xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %1 : tensor<4x16xf32>
}

// -----

func.func @mm_k(%a: tensor<4x7xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  // expected-error@+1 {{'linalg.matmul' op inferred input/output operand #1 has shape's dimension #0 to be 7, but found 8}}
  %1 = linalg.matmul ins(%a, %b : tensor<4x7xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %1 : tensor<4x16xf32>
}

// -----

func.func @mm_m(%a: tensor<5x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  // expected-error@+1 {{'linalg.matmul' op inferred input/output operand #2 has shape's dimension #0 to be 5, but found 4}}
  %1 = linalg.matmul ins(%a, %b : tensor<5x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %1 : tensor<4x16xf32>
}

// -----

func.func @mm_n(%a: tensor<4x8xf32>, %b: tensor<8x15xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  // expected-error@+1 {{'linalg.matmul' op inferred input/output operand #2 has shape's dimension #1 to be 15, but found 16}}
  %1 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x15xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %1 : tensor<4x16xf32>
}

// -----

func.func @mm_one_in(%a: tensor<4x8xf32>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %1 = linalg.matmul ins(%a : tensor<4x8xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  // expected-error@+1 {{custom op 'linalg.matmul' [parseNamedStructuredOpRegion] ods-gen generated region expects 3 args, got 2}}
  return %1 : tensor<4x16xf32>
}

// -----

func.func @mm_res(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) -> tensor<?x16xf32> {
  // expected-error@+1 {{'linalg.matmul' op expected type of operand #2 ('tensor<4x16xf32>') to match type of corresponding result ('tensor<?x16xf32>')}}
  %1 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<?x16xf32>
  return %1 : tensor<?x16xf32>
}

// -----

func.func @bmm_b(%a: tensor<2x4x8xf32>, %b: tensor<3x8x16xf32>, %c: tensor<2x4x16xf32>) -> tensor<2x4x16xf32> {
  // expected-error@+1 {{'linalg.batch_matmul' op inferred input/output operand #1 has shape's dimension #0 to be 2, but found 3}}
  %1 = linalg.batch_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<3x8x16xf32>) outs(%c : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  return %1 : tensor<2x4x16xf32>
}

// -----

func.func @bmm_rank(%a: tensor<4x8xf32>, %b: tensor<2x8x16xf32>, %c: tensor<2x4x16xf32>) -> tensor<2x4x16xf32> {
  // expected-error@+1 {{'linalg.batch_matmul' op expected operand #0 rank (2) to match the result rank of indexing_map (3)}}
  %1 = linalg.batch_matmul ins(%a, %b : tensor<4x8xf32>, tensor<2x8x16xf32>) outs(%c : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  return %1 : tensor<2x4x16xf32>
}

// -----

func.func @bmm_k(%a: tensor<2x4x7xf32>, %b: tensor<2x8x16xf32>, %c: tensor<2x4x16xf32>) -> tensor<2x4x16xf32> {
  // expected-error@+1 {{'linalg.batch_matmul' op inferred input/output operand #1 has shape's dimension #1 to be 7, but found 8}}
  %1 = linalg.batch_matmul ins(%a, %b : tensor<2x4x7xf32>, tensor<2x8x16xf32>) outs(%c : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  return %1 : tensor<2x4x16xf32>
}

// -----

func.func @bmm_bc(%a: tensor<2x4x8xf32>, %b: tensor<2x8x16xf32>, %c: tensor<3x4x16xf32>) -> tensor<3x4x16xf32> {
  // expected-error@+1 {{'linalg.batch_matmul' op inferred input/output operand #2 has shape's dimension #0 to be 2, but found 3}}
  %1 = linalg.batch_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<2x8x16xf32>) outs(%c : tensor<3x4x16xf32>) -> tensor<3x4x16xf32>
  return %1 : tensor<3x4x16xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d0)>
#one = affine_map<(d0) -> (d0)>
func.func @g_nmaps(%a: tensor<4x8xf32>, %v: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'linalg.generic' op expected the number of indexing_map (1) to be equal to the number of input/output operands (2)}}
  %0 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%v : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#one = affine_map<(d0) -> (d0)>
func.func @g_dims(%a: tensor<4x8xf32>, %v: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'linalg.generic' op expected indexing_map #1 to have 2 dim(s) to match the number of loops}}
  %0 = linalg.generic {indexing_maps = [#id, #one], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%v : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @g_rank(%a: tensor<4x8xf32>, %v: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'linalg.generic' op expected operand #1 rank (1) to match the result rank of indexing_map (2)}}
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%v : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d0)>
func.func @g_res(%a: tensor<4x8xf32>, %v: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error@+1 {{'linalg.generic' op expected type of operand #1 ('tensor<4xf32>') to match type of corresponding result ('tensor<5xf32>')}}
  %0 = linalg.generic {indexing_maps = [#id, #r], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%v : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d0)>
func.func @g_nargs(%a: tensor<4x8xf32>, %v: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'linalg.generic' op expected as many non-induction variable region arguments as the number of input/output operands}}
  %0 = linalg.generic {indexing_maps = [#id, #r], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%v : tensor<4xf32>) {
  ^bb0(%in: f32):
    linalg.yield %in : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d0)>
func.func @g_argty(%a: tensor<4x8xf32>, %v: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'linalg.generic' op expected type of bb argument #0 ('i32') to match element or self type of the corresponding operand ('f32')}}
  %0 = linalg.generic {indexing_maps = [#id, #r], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%v : tensor<4xf32>) {
  ^bb0(%in: i32, %out: f32):
    linalg.yield %out : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d0)>
func.func @g_yieldn(%a: tensor<4x8xf32>, %v: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #r], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%v : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    // expected-error@+1 {{'linalg.yield' op expected number of yield values (2) to match the number of inits / outs operands of the enclosing LinalgOp (1)}}
    linalg.yield %in, %in : f32, f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d0)>
func.func @g_yieldty(%a: tensor<4x8xf32>, %v: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #r], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%v : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant 0 : i32
    // expected-error@+1 {{'linalg.yield' op type of yield operand 1 ('i32') doesn't match the element type of the enclosing linalg.generic op ('f32')}}
    linalg.yield %c : i32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d0)>
func.func @g_index(%a: tensor<4x8xf32>, %v: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #r], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%v : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    // expected-error@+1 {{'linalg.index' op expected dim (2) to be lower than the number of loops (2) of the enclosing LinalgOp}}
    %i = linalg.index 2 : index
    linalg.yield %in : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @index_outside() -> index {
  // expected-error@+1 {{'linalg.index' op expected parent op with LinalgOp interface}}
  %i = linalg.index 0 : index
  return %i : index
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d0)>
func.func @g_iter(%a: tensor<4x8xf32>, %v: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{custom op 'linalg.generic' unexpected iterator_type (foo)}}
  %0 = linalg.generic {indexing_maps = [#id, #r], iterator_types = ["parallel", "foo"]} ins(%a : tensor<4x8xf32>) outs(%v : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#r = affine_map<(d0, d1) -> (d0)>
func.func @g_static(%a: tensor<4x8xf32>, %v: tensor<5xf32>) -> tensor<5xf32> {
  // expected-error@+1 {{'linalg.generic' op inferred input/output operand #1 has shape's dimension #0 to be 4, but found 5}}
  %0 = linalg.generic {indexing_maps = [#id, #r], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<4x8xf32>) outs(%v : tensor<5xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @yield_outside(%x: f32) {
  // expected-error@+1 {{'linalg.yield' op expected parent op with LinalgOp interface}}
  linalg.yield %x : f32
}

// -----

func.func @t_perm(%a: tensor<4x8xf32>, %t: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'linalg.transpose' op permutation is not valid}}
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%t : tensor<8x4xf32>) permutation = [1, 1]
  return %0 : tensor<8x4xf32>
}

// -----

func.func @t_permlen(%a: tensor<4x8xf32>, %t: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'linalg.transpose' op size of permutation 3 does not match the argument rank 2}}
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%t : tensor<8x4xf32>) permutation = [1, 0, 2]
  return %0 : tensor<8x4xf32>
}

// -----

func.func @t_rank(%a: tensor<4x8xf32>, %t: tensor<8x4x1xf32>) -> tensor<8x4x1xf32> {
  // expected-error@+1 {{'linalg.transpose' op input rank 2 does not match init rank 3}}
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%t : tensor<8x4x1xf32>) permutation = [1, 0]
  return %0 : tensor<8x4x1xf32>
}

// -----

func.func @t_shape(%a: tensor<4x8xf32>, %t: tensor<8x5xf32>) -> tensor<8x5xf32> {
  // expected-error@+1 {{'linalg.transpose' op dim(result, 1) = 5 doesn't match dim(input, permutation[1]) = 4}}
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%t : tensor<8x5xf32>) permutation = [1, 0]
  return %0 : tensor<8x5xf32>
}

// -----

func.func @t_elem(%a: tensor<4x8xf32>, %t: tensor<8x4xf16>) -> tensor<8x4xf16> {
  // expected-error@+1 {{'linalg.yield' op type of yield operand 1 ('f32') doesn't match the element type of the enclosing linalg.generic op ('f16')}}
  %0 = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%t : tensor<8x4xf16>) permutation = [1, 0]
  return %0 : tensor<8x4xf16>
}

// -----

func.func @b_count(%v: tensor<4xf32>, %a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{'linalg.broadcast' op input rank plus added dimensions does not match init rank. input rank: 1, dimensions size: 2, init rank: 2}}
  %0 = linalg.broadcast ins(%v : tensor<4xf32>) outs(%a : tensor<4x8xf32>) dimensions = [0, 1]
  return %0 : tensor<4x8xf32>
}

// -----

func.func @b_range(%v: tensor<4xf32>, %a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{'linalg.broadcast' op dimension 0 is out of range. expected range: [0, 1], got: 2}}
  %0 = linalg.broadcast ins(%v : tensor<4xf32>) outs(%a : tensor<4x8xf32>) dimensions = [2]
  return %0 : tensor<4x8xf32>
}

// -----

func.func @b_shape(%v: tensor<5xf32>, %a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{'linalg.broadcast' op input dim 0 should match init dim 0. input: 5, init: 4}}
  %0 = linalg.broadcast ins(%v : tensor<5xf32>) outs(%a : tensor<4x8xf32>) dimensions = [1]
  return %0 : tensor<4x8xf32>
}

// -----

func.func @b_elem(%v: tensor<4xf16>, %a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{'linalg.yield' op type of yield operand 1 ('f16') doesn't match the element type of the enclosing linalg.generic op ('f32')}}
  %0 = linalg.broadcast ins(%v : tensor<4xf16>) outs(%a : tensor<4x8xf32>) dimensions = [1]
  return %0 : tensor<4x8xf32>
}

// -----

func.func @r_rank(%a: tensor<4x8xf32>, %v: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{'linalg.reduce' op number of dimensions after reduction 1 doesn't match the init rank 2}}
  %0 = linalg.reduce { arith.addf } ins(%a : tensor<4x8xf32>) outs(%v : tensor<4x8xf32>) dimensions = [1]
  return %0 : tensor<4x8xf32>
}

// -----

func.func @r_range(%a: tensor<4x8xf32>, %v: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'linalg.reduce' op dimensions for reduction should be in the range [0, 1].}}
  %0 = linalg.reduce { arith.addf } ins(%a : tensor<4x8xf32>) outs(%v : tensor<4xf32>) dimensions = [2]
  return %0 : tensor<4xf32>
}

// -----

func.func @r_shape(%a: tensor<4x8xf32>, %v: tensor<5xf32>) -> tensor<5xf32> {
  // expected-error@+1 {{'linalg.reduce' op init dimensions [5] doesn't match input dimensions after reduction [4]}}
  %0 = linalg.reduce { arith.addf } ins(%a : tensor<4x8xf32>) outs(%v : tensor<5xf32>) dimensions = [1]
  return %0 : tensor<5xf32>
}

// -----

func.func @r_args(%a: tensor<4x8xf32>, %v: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'linalg.reduce' op mismatching number of operands and block arguments}}
  %0 = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%v : tensor<4xf32>) dimensions = [1]
    (%in: f32) {
      linalg.yield %in : f32
    }
  return %0 : tensor<4xf32>
}

// -----

func.func @r_argty(%a: tensor<4x8xf32>, %v: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'linalg.reduce' op input element type 'f32' does not match corresponding block argument type 'i32'}}
  %0 = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%v : tensor<4xf32>) dimensions = [1]
    (%in: i32, %init: f32) {
      linalg.yield %init : f32
    }
  return %0 : tensor<4xf32>
}

// -----

func.func @r_initty(%a: tensor<4x8xf32>, %v: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'linalg.reduce' op output element type 'f32' does not match corresponding block argument type 'i32'}}
  %0 = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%v : tensor<4xf32>) dimensions = [1]
    (%in: f32, %init: i32) {
      linalg.yield %in : f32
    }
  return %0 : tensor<4xf32>
}

// -----

func.func @r_yieldty(%a: tensor<4x8xf32>, %v: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%v : tensor<4xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %c = arith.constant 0 : i32
      // expected-error@+1 {{'linalg.yield' op type of yield operand 1 ('i32') doesn't match the element type of the enclosing linalg.generic op ('f32')}}
      linalg.yield %c : i32
    }
  return %0 : tensor<4xf32>
}

// -----

func.func @r_inshape(%a: tensor<4x8xf32>, %b: tensor<4x9xf32>, %v: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'linalg.reduce' op expects all inputs to have the same shapes. Shape at input-index 1 is not equal to the shape at input-index 0.}}
  %0:2 = linalg.reduce ins(%a, %b : tensor<4x8xf32>, tensor<4x9xf32>) outs(%v, %v : tensor<4xf32>, tensor<4xf32>) dimensions = [1]
    (%in: f32, %in2: f32, %init: f32, %i2: f32) {
      linalg.yield %in, %in : f32, f32
    }
  return %0#0 : tensor<4xf32>
}

// -----

func.func @m_shape(%a: tensor<4x8xf32>, %b: tensor<4x9xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{'linalg.map' op expected shape of input (4, 9) to match shape of output (4, 8)}}
  %0 = linalg.map { arith.addf } ins(%a, %b : tensor<4x8xf32>, tensor<4x9xf32>) outs(%a : tensor<4x8xf32>)
  return %0 : tensor<4x8xf32>
}

// -----

func.func @m_argty(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{'linalg.map' op expected element type of input 'f32' to match bbArg type 'i32'}}
  %0 = linalg.map ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>)
    (%x: i32, %o: f32) {
      linalg.yield %o : f32
    }
  return %0 : tensor<4x8xf32>
}

// -----

func.func @m_outshape(%a: tensor<4x8xf32>, %o: tensor<4x9xf32>) -> tensor<4x9xf32> {
  // expected-error@+1 {{'linalg.map' op expected shape of input (4, 8) to match shape of output (4, 9)}}
  %0 = linalg.map { math.absf } ins(%a : tensor<4x8xf32>) outs(%o : tensor<4x9xf32>)
  return %0 : tensor<4x9xf32>
}

// -----

func.func @m_yieldty(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = linalg.map ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>)
    (%x: f32, %o: f32) {
      %c = arith.constant 0 : i32
      // expected-error@+1 {{'linalg.yield' op type of yield operand 1 ('i32') doesn't match the element type of the enclosing linalg.generic op ('f32')}}
      linalg.yield %c : i32
    }
  return %0 : tensor<4x8xf32>
}

// -----

func.func @r_unsorted(%a: tensor<4x8x2xf32>, %v: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{'linalg.reduce' op attribute 'dimensions' failed to satisfy constraint: i64 dense array attribute should be in increasing order}}
  %0 = linalg.reduce { arith.addf } ins(%a : tensor<4x8x2xf32>) outs(%v : tensor<8xf32>) dimensions = [2, 0]
  return %0 : tensor<8xf32>
}

// -----

func.func @r_dup(%a: tensor<4x8x2xf32>, %v: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{'linalg.reduce' op attribute 'dimensions' failed to satisfy constraint: i64 dense array attribute should be in increasing order}}
  %0 = linalg.reduce { arith.addf } ins(%a : tensor<4x8x2xf32>) outs(%v : tensor<8xf32>) dimensions = [0, 0]
  return %0 : tensor<8xf32>
}

// -----

func.func @r_yieldn(%a: tensor<4x8xf32>, %v: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.reduce ins(%a : tensor<4x8xf32>) outs(%v : tensor<4xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      // expected-error@+1 {{'linalg.yield' op expected number of yield values (2) to match the number of inits / outs operands of the enclosing LinalgOp (1)}}
      linalg.yield %in, %in : f32, f32
    }
  return %0 : tensor<4xf32>
}

// -----

func.func @m_n(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error@+1 {{'linalg.map' op expects number of operands to match the arity of mapper, but got: 2 and 1}}
  %0 = linalg.map ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>)
    (%x: f32) {
      linalg.yield %x : f32
    }
  return %0 : tensor<4x8xf32>
}

// -----

func.func @unranked(%a: tensor<*xf32>, %t: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error@+1 {{'linalg.transpose' op operand #0 must be memref of any type values or ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %0 = linalg.transpose ins(%a : tensor<*xf32>) outs(%t : tensor<8x4xf32>) permutation = [1, 0]
  return %0 : tensor<8x4xf32>
}

// -----

func.func @matmul_cast_kind(%a: tensor<2x3xi8>, %b: tensor<3x2xi8>, %c: tensor<2x2xi32>) -> tensor<2x2xi32> {
  // expected-error@+1 {{'linalg.matmul' op attribute 'cast' failed to satisfy constraint: allowed 32-bit signless integer cases: 0, 1}}
  %r = linalg.matmul {cast = 1 : i32} ins(%a, %b : tensor<2x3xi8>, tensor<3x2xi8>) outs(%c : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %r : tensor<2x2xi32>
}

// -----

func.func @matmul_index(%a: tensor<2x3xindex>, %b: tensor<3x2xindex>, %c: tensor<2x2xindex>) -> tensor<2x2xindex> {
  // expected-error@+1 {{custom op 'linalg.matmul' Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or allInteger, got 'index' and 'index'}}
  %r = linalg.matmul ins(%a, %b : tensor<2x3xindex>, tensor<3x2xindex>) outs(%c : tensor<2x2xindex>) -> tensor<2x2xindex>
  return %r : tensor<2x2xindex>
}
