// Programs of the tensor evaluator's tests (crates/test-support/tests/tensor_eval.rs); their
// expected values are computed by expected.py (NumPy) into expected.txt.

// E9 (SEMANTICS.md section 4): m = ones(2, 2); 10 trips of m = concat([m, m], axis 0).
func.func @e9() -> tensor<?x2xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i32
  %m = arith.constant dense<1.0> : tensor<2x2xf32>
  %init = tensor.cast %m : tensor<2x2xf32> to tensor<?x2xf32>
  %r:2 = scf.while (%i = %c0, %x = %init) : (i32, tensor<?x2xf32>) -> (i32, tensor<?x2xf32>) {
    %lt = arith.cmpi slt, %i, %c10 : i32
    scf.condition(%lt) %i, %x : i32, tensor<?x2xf32>
  } do {
  ^bb0(%j: i32, %y: tensor<?x2xf32>):
    %z = tensor.concat dim(0) %y, %y : (tensor<?x2xf32>, tensor<?x2xf32>) -> tensor<?x2xf32>
    %j1 = arith.addi %j, %c1 : i32
    scf.yield %j1, %z : i32, tensor<?x2xf32>
  }
  return %r#1 : tensor<?x2xf32>
}

// E12 (section 6): weir.loop carrying ones(5), max 5, body x + 1.0.
func.func @e12() -> tensor<5xf32> {
  %max = arith.constant 5 : i64
  %ones = arith.constant dense<1.0> : tensor<5xf32>
  %r = weir.loop max(%max : i64) iter_args(%ones) -> (tensor<5xf32>) {
  ^bb0(%it: i64, %k: i1, %x: tensor<5xf32>):
    %one = arith.constant dense<1.0> : tensor<5xf32>
    %y = arith.addf %x, %one : tensor<5xf32>
    weir.yield %k, %y : i1, tensor<5xf32>
  }
  return %r : tensor<5xf32>
}

// E11 (section 5): a 3-way switch (x + 10, x * x, -x) on an index clamped into [0, 2].
func.func @e11(%x: i32, %i: index) -> i32 {
  %lo = arith.constant 0 : index
  %hi = arith.constant 2 : index
  %a = arith.maxsi %i, %lo : index
  %k = arith.minsi %a, %hi : index
  %r = scf.index_switch %k -> i32
  case 0 {
    %c10 = arith.constant 10 : i32
    %y = arith.addi %x, %c10 : i32
    scf.yield %y : i32
  }
  case 1 {
    %y = arith.muli %x, %x : i32
    scf.yield %y : i32
  }
  default {
    %c0 = arith.constant 0 : i32
    %y = arith.subi %c0, %x : i32
    scf.yield %y : i32
  }
  return %r : i32
}

// E10 (section 5, torch.switch): branches (x * 2, x + 10, x * x) selected by
// clamp((sum(x) > 0) + (sum(x) > 5), 0, 2).
func.func @e10(%x: tensor<4xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %five = arith.constant 5.0 : f32
  %e = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %sum_t = linalg.reduce { arith.addf } ins(%x : tensor<4xf32>) outs(%acc : tensor<f32>) dimensions = [0]
  %sum = tensor.extract %sum_t[] : tensor<f32>
  %p = arith.cmpf ogt, %sum, %zero : f32
  %q = arith.cmpf ogt, %sum, %five : f32
  %pi = arith.extui %p : i1 to i32
  %qi = arith.extui %q : i1 to i32
  %s = arith.addi %pi, %qi : i32
  %lo = arith.constant 0 : i32
  %hi = arith.constant 2 : i32
  %s1 = arith.maxsi %s, %lo : i32
  %s2 = arith.minsi %s1, %hi : i32
  %k = arith.index_cast %s2 : i32 to index
  %r = scf.index_switch %k -> tensor<4xf32>
  case 0 {
    %two = arith.constant dense<2.0> : tensor<4xf32>
    %y = arith.mulf %x, %two : tensor<4xf32>
    scf.yield %y : tensor<4xf32>
  }
  case 1 {
    %ten = arith.constant dense<10.0> : tensor<4xf32>
    %y = arith.addf %x, %ten : tensor<4xf32>
    scf.yield %y : tensor<4xf32>
  }
  default {
    %y = arith.mulf %x, %x : tensor<4xf32>
    scf.yield %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// An RNN cell stepped 3 times: h = tanh(h W + x U + b), b broadcast over the batch row.
func.func @rnn(%h0: tensor<1x4xf32>, %x: tensor<1x3xf32>) -> tensor<1x4xf32> {
  %w = arith.constant dense<[[0.5, -0.25, 0.125, 0.0], [0.25, 0.5, -0.5, 0.75], [-0.125, 0.25, 0.5, -0.25], [0.0, -0.5, 0.25, 0.5]]> : tensor<4x4xf32>
  %u = arith.constant dense<[[1.0, 0.5, -1.0, 0.25], [-0.5, 0.25, 0.75, 1.0], [0.125, -1.0, 0.5, -0.25]]> : tensor<3x4xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3, 0.0]> : tensor<4xf32>
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%h = %h0) -> (tensor<1x4xf32>) {
    %e = tensor.empty() : tensor<1x4xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4xf32>) -> tensor<1x4xf32>
    %hw = linalg.matmul ins(%h, %w : tensor<1x4xf32>, tensor<4x4xf32>) outs(%z : tensor<1x4xf32>) -> tensor<1x4xf32>
    %xu = linalg.matmul ins(%x, %u : tensor<1x3xf32>, tensor<3x4xf32>) outs(%hw : tensor<1x4xf32>) -> tensor<1x4xf32>
    %bb = linalg.broadcast ins(%b : tensor<4xf32>) outs(%e : tensor<1x4xf32>) dimensions = [0]
    %pre = arith.addf %xu, %bb : tensor<1x4xf32>
    %hn = math.tanh %pre : tensor<1x4xf32>
    scf.yield %hn : tensor<1x4xf32>
  }
  return %r : tensor<1x4xf32>
}

// Newton's iteration for sqrt(a) on a vector, in f64: y = (y + a / y) / 2 from y = a, while
// max |y * y - a| > 1e-12 and fewer than 50 steps; returns y and the number of steps.
func.func @newton(%a: tensor<4xf64>) -> (tensor<4xf64>, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c50 = arith.constant 50 : i32
  %tol = arith.constant 1.0e-12 : f64
  %zero = arith.constant 0.0 : f64
  %half = arith.constant dense<0.5> : tensor<4xf64>
  %r:2 = scf.while (%y = %a, %n = %c0) : (tensor<4xf64>, i32) -> (tensor<4xf64>, i32) {
    %sq = arith.mulf %y, %y : tensor<4xf64>
    %d = arith.subf %sq, %a : tensor<4xf64>
    %ad = math.absf %d : tensor<4xf64>
    %e = tensor.empty() : tensor<f64>
    %init = linalg.fill ins(%zero : f64) outs(%e : tensor<f64>) -> tensor<f64>
    %m = linalg.reduce ins(%ad : tensor<4xf64>) outs(%init : tensor<f64>) dimensions = [0]
      (%in: f64, %acc: f64) {
        %mx = arith.maximumf %in, %acc : f64
        linalg.yield %mx : f64
      }
    %err = tensor.extract %m[] : tensor<f64>
    %big = arith.cmpf ogt, %err, %tol : f64
    %few = arith.cmpi slt, %n, %c50 : i32
    %go = arith.andi %big, %few : i1
    scf.condition(%go) %y, %n : tensor<4xf64>, i32
  } do {
  ^bb0(%y: tensor<4xf64>, %n: i32):
    %q = arith.divf %a, %y : tensor<4xf64>
    %s = arith.addf %y, %q : tensor<4xf64>
    %y1 = arith.mulf %s, %half : tensor<4xf64>
    %n1 = arith.addi %n, %c1 : i32
    scf.yield %y1, %n1 : tensor<4xf64>, i32
  }
  return %r#0, %r#1 : tensor<4xf64>, i32
}

// The linalg ops on one 2x3 matrix: transpose, A A^T (matmul), row sums (generic with a
// reduction loop), column index weights (generic with linalg.index), a batch matmul of
// [A, 2A] with [A^T, A^T], and an elementwise map.
#id = affine_map<(d0, d1) -> (d0, d1)>
#rows = affine_map<(d0, d1) -> (d0)>
func.func @linalg_ops(%a: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<2x2xf32>, tensor<2xf32>, tensor<2x3xf32>, tensor<2x2x2xf32>, tensor<2x3xf32>) {
  %zero = arith.constant 0.0 : f32
  %t0 = tensor.empty() : tensor<3x2xf32>
  %t = linalg.transpose ins(%a : tensor<2x3xf32>) outs(%t0 : tensor<3x2xf32>) permutation = [1, 0]
  %m0 = tensor.empty() : tensor<2x2xf32>
  %mz = linalg.fill ins(%zero : f32) outs(%m0 : tensor<2x2xf32>) -> tensor<2x2xf32>
  %mm = linalg.matmul ins(%a, %t : tensor<2x3xf32>, tensor<3x2xf32>) outs(%mz : tensor<2x2xf32>) -> tensor<2x2xf32>
  %s0 = tensor.empty() : tensor<2xf32>
  %sz = linalg.fill ins(%zero : f32) outs(%s0 : tensor<2xf32>) -> tensor<2xf32>
  %rs = linalg.generic {indexing_maps = [#id, #rows], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<2x3xf32>) outs(%sz : tensor<2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.addf %in, %out : f32
    linalg.yield %r : f32
  } -> tensor<2xf32>
  %w0 = tensor.empty() : tensor<2x3xf32>
  %wi = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<2x3xf32>) outs(%w0 : tensor<2x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %r = arith.mulf %in, %jf : f32
    linalg.yield %r : f32
  } -> tensor<2x3xf32>
  %two = arith.constant dense<2.0> : tensor<2x3xf32>
  %a2 = arith.mulf %a, %two : tensor<2x3xf32>
  %ba = tensor.concat dim(0) %a, %a2 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %bae = tensor.expand_shape %ba [[0, 1], [2]] output_shape [2, 2, 3] : tensor<4x3xf32> into tensor<2x2x3xf32>
  %bt = tensor.concat dim(0) %t, %t : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<6x2xf32>
  %bte = tensor.expand_shape %bt [[0, 1], [2]] output_shape [2, 3, 2] : tensor<6x2xf32> into tensor<2x3x2xf32>
  %b0 = tensor.empty() : tensor<2x2x2xf32>
  %bz = linalg.fill ins(%zero : f32) outs(%b0 : tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  %bm = linalg.batch_matmul ins(%bae, %bte : tensor<2x2x3xf32>, tensor<2x3x2xf32>) outs(%bz : tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  %mp = linalg.map ins(%a, %wi : tensor<2x3xf32>, tensor<2x3xf32>) outs(%w0 : tensor<2x3xf32>)
    (%x: f32, %y: f32, %o: f32) {
      %d = arith.subf %x, %y : f32
      linalg.yield %d : f32
    }
  return %t, %mm, %rs, %wi, %bm, %mp : tensor<3x2xf32>, tensor<2x2xf32>, tensor<2xf32>, tensor<2x3xf32>, tensor<2x2x2xf32>, tensor<2x3xf32>
}

// The tensor ops: from_elements, insert, extract, dim, rank, collapse_shape, splat, and a
// call; the sum of the collapsed matrix's elements with an scf.for over dim(x, 0).
func.func @sum(%v: tensor<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %n = tensor.dim %v, %c0 : tensor<?xi32>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %e = tensor.extract %v[%i] : tensor<?xi32>
    %a = arith.addi %acc, %e : i32
    scf.yield %a : i32
  }
  return %s : i32
}
func.func @tensor_ops(%p: i32, %q: i32) -> (tensor<2x2xi32>, i32, index, tensor<3xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.from_elements %p, %q, %q, %p : tensor<2x2xi32>
  %m2 = tensor.insert %q into %m[%c1, %c1] : tensor<2x2xi32>
  %flat = tensor.collapse_shape %m2 [[0, 1]] : tensor<2x2xi32> into tensor<4xi32>
  %dyn = tensor.cast %flat : tensor<4xi32> to tensor<?xi32>
  %s = func.call @sum(%dyn) : (tensor<?xi32>) -> i32
  %r = tensor.rank %m2 : tensor<2x2xi32>
  %sp = tensor.splat %s : tensor<3xi32>
  return %m2, %s, %r, %sp : tensor<2x2xi32>, i32, index, tensor<3xi32>
}

// Element types: i8 wraps, f16 and bf16 round, unsigned division and shifts, casts.
func.func @elements() -> (tensor<2xi8>, tensor<2xf16>, tensor<2xbf16>, tensor<2xi8>, tensor<2xi32>, tensor<2xf32>) {
  %a = arith.constant dense<[100, -128]> : tensor<2xi8>
  %b = arith.constant dense<[100, -1]> : tensor<2xi8>
  %s = arith.addi %a, %b : tensor<2xi8>
  %f = arith.constant dense<[1.0, 2048.0]> : tensor<2xf16>
  %g = arith.constant dense<[0.0004, 1.0]> : tensor<2xf16>
  %fs = arith.addf %f, %g : tensor<2xf16>
  %h = arith.constant dense<[1.0, 256.0]> : tensor<2xbf16>
  %k = arith.constant dense<[0.001, 1.0]> : tensor<2xbf16>
  %hs = arith.addf %h, %k : tensor<2xbf16>
  %du = arith.divui %b, %a : tensor<2xi8>
  %ext = arith.extsi %b : tensor<2xi8> to tensor<2xi32>
  %fl = arith.sitofp %ext : tensor<2xi32> to tensor<2xf32>
  return %s, %fs, %hs, %du, %ext, %fl : tensor<2xi8>, tensor<2xf16>, tensor<2xbf16>, tensor<2xi8>, tensor<2xi32>, tensor<2xf32>
}

// Sliding-window sums: out[i] = x[i] + x[i + 1] + x[i + 2] (a 3-wide extract_slice at the
// induction variable, in an scf.for carrying the output).
func.func @window(%x: tensor<8xf32>) -> tensor<6xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<6xf32>
  %r = scf.for %i = %c0 to %c6 step %c1 iter_args(%acc = %init) -> (tensor<6xf32>) {
    %w = tensor.extract_slice %x[%i] [3] [1] : tensor<8xf32> to tensor<3xf32>
    %e = tensor.empty() : tensor<f32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
    %s = linalg.reduce { arith.addf } ins(%w : tensor<3xf32>) outs(%z : tensor<f32>) dimensions = [0]
    %v = tensor.extract %s[] : tensor<f32>
    %acc1 = tensor.insert %v into %acc[%i] : tensor<6xf32>
    scf.yield %acc1 : tensor<6xf32>
  }
  return %r : tensor<6xf32>
}

// Strided and rank-reducing slices of m (3x8): row %r, every other column from 0 (a
// tensor<4xf32>); that row doubled written back at row %r, columns 1, 3, 5, 7; and the 2x3
// box at (1, %c) with strides (1, 2) read out with dynamic sizes.
func.func @slices(%m: tensor<3x8xf32>, %r: index, %c: index) -> (tensor<4xf32>, tensor<3x8xf32>, tensor<?x?xf32>) {
  %row = tensor.extract_slice %m[%r, 0] [1, 4] [1, 2] : tensor<3x8xf32> to tensor<4xf32>
  %two = arith.addf %row, %row : tensor<4xf32>
  %w = tensor.insert_slice %two into %m[%r, 1] [1, 4] [1, 2] : tensor<4xf32> into tensor<3x8xf32>
  %n2 = arith.constant 2 : index
  %n3 = arith.constant 3 : index
  %s2 = arith.constant 2 : index
  %box = tensor.extract_slice %w[1, %c] [%n2, %n3] [1, %s2] : tensor<3x8xf32> to tensor<?x?xf32>
  return %row, %w, %box : tensor<4xf32>, tensor<3x8xf32>, tensor<?x?xf32>
}

// Pad + slice: x (2x3) padded low (1, 2), high (0, %h) with 10 * i + j at result index
// (i, j); the source read back from the padded tensor; and a constant -1 pad of x low (0, 1)
// high (1, 0).
func.func @pad(%x: tensor<2x3xf32>, %h: index) -> (tensor<3x?xf32>, tensor<2x3xf32>, tensor<3x4xf32>) {
  %p = tensor.pad %x low[1, 2] high[0, %h] {
  ^bb0(%i: index, %j: index):
    %ten = arith.constant 10 : index
    %a = arith.muli %i, %ten : index
    %b = arith.addi %a, %j : index
    %bi = arith.index_cast %b : index to i32
    %bf = arith.sitofp %bi : i32 to f32
    tensor.yield %bf : f32
  } : tensor<2x3xf32> to tensor<3x?xf32>
  %back = tensor.extract_slice %p[1, 2] [2, 3] [1, 1] : tensor<3x?xf32> to tensor<2x3xf32>
  %m1 = arith.constant -1.0 : f32
  %q = tensor.pad %x low[0, 1] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %m1 : f32
  } : tensor<2x3xf32> to tensor<3x4xf32>
  return %p, %back, %q : tensor<3x?xf32>, tensor<2x3xf32>, tensor<3x4xf32>
}

// An index-dependent tensor: g[i, j] = 3 * i - j for i < %n, j < 3.
func.func @generate(%n: index) -> tensor<?x3xi32> {
  %g = tensor.generate %n {
  ^bb0(%i: index, %j: index):
    %c3 = arith.constant 3 : index
    %a = arith.muli %i, %c3 : index
    %b = arith.subi %a, %j : index
    %v = arith.index_cast %b : index to i32
    tensor.yield %v : i32
  } : tensor<?x3xi32>
  return %g : tensor<?x3xi32>
}

// A reshape round trip: x (2x3x4) to (6, 4) with a constant shape, to (%a, %b) with a shape
// from from_elements, and back to (2, 3, 4).
func.func @reshape(%x: tensor<2x3x4xf32>, %a: index, %b: index) -> (tensor<6x4xf32>, tensor<?x?xf32>, tensor<2x3x4xf32>) {
  %s1 = arith.constant dense<[6, 4]> : tensor<2xi64>
  %r1 = tensor.reshape %x(%s1) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<6x4xf32>
  %s2 = tensor.from_elements %a, %b : tensor<2xindex>
  %r2 = tensor.reshape %r1(%s2) : (tensor<6x4xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %s3 = arith.constant dense<[2, 3, 4]> : tensor<3xi32>
  %r3 = tensor.reshape %r2(%s3) : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<2x3x4xf32>
  return %r1, %r2, %r3 : tensor<6x4xf32>, tensor<?x?xf32>, tensor<2x3x4xf32>
}
