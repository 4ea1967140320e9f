// A small recurrent network (an Elman RNN cell, as torch.nn.RNNCell with tanh) stepped by an
// scf.for over the T rows of its input: h_t = tanh(W x_t + U h_t-1 + b), hidden size 4,
// input size 3; the weights are constants, the inputs xs (T, 3) and h_0 (4) are arguments.
// The mat-vecs are linalg.generic ops with a reduction loop; x_t is a rank-reducing
// tensor.extract_slice. A real model with control flow (issue 11, item 6).
//
//   cf-run examples/rnn-cell.mlir \
//     --arg 'dense<[[1.0, 2.0, -1.0], [0.5, -0.5, 0.25], [-1.0, 0.0, 2.0]]> : tensor<3x3xf32>' \
//     --arg 'dense<[0.5, -0.5, 0.25, 1.0]> : tensor<4xf32>'
//   -> dense<[0.290909052, -0.977477967, 0.955675423, 0.570145428]> : tensor<4xf32>
//   (the final hidden state h_3 as cf-run prints it, within 1e-5 relative of NumPy's, which
//   differs in the last bits through tanh: examples/expected.txt,
//   key `rnn`; mlir-opt's float format)

#mat = affine_map<(i, j) -> (i, j)>
#vec = affine_map<(i, j) -> (j)>
#out = affine_map<(i, j) -> (i)>
func.func @main(%xs: tensor<?x3xf32>, %h0: tensor<4xf32>) -> tensor<4xf32> {
  %w = arith.constant dense<[[0.5, -0.25, 0.125], [0.25, 0.5, -0.5], [-0.125, 0.25, 0.5], [0.0, -0.5, 0.25]]> : tensor<4x3xf32>
  %u = arith.constant dense<[[1.0, 0.5, -1.0, 0.25], [-0.5, 0.25, 0.75, 1.0], [0.125, -1.0, 0.5, -0.25], [0.25, 0.0, -0.5, 0.5]]> : tensor<4x4xf32>
  %b = arith.constant dense<[0.1, -0.2, 0.3, 0.0]> : tensor<4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %steps = tensor.dim %xs, %c0 : tensor<?x3xf32>
  %r = scf.for %t = %c0 to %steps step %c1 iter_args(%h = %h0) -> (tensor<4xf32>) {
    %x = tensor.extract_slice %xs[%t, 0] [1, 3] [1, 1] : tensor<?x3xf32> to tensor<3xf32>
    // W x_t + b: the bias is the accumulator the reduction starts from.
    %wx = linalg.generic {indexing_maps = [#mat, #vec, #out], iterator_types = ["parallel", "reduction"]} ins(%w, %x : tensor<4x3xf32>, tensor<3xf32>) outs(%b : tensor<4xf32>) {
    ^bb0(%wij: f32, %xj: f32, %acc: f32):
      %p = arith.mulf %wij, %xj : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    // + U h_t-1, accumulated onto W x_t + b.
    %pre = linalg.generic {indexing_maps = [#mat, #vec, #out], iterator_types = ["parallel", "reduction"]} ins(%u, %h : tensor<4x4xf32>, tensor<4xf32>) outs(%wx : tensor<4xf32>) {
    ^bb0(%uij: f32, %hj: f32, %acc: f32):
      %p = arith.mulf %uij, %hj : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    %hn = math.tanh %pre : tensor<4xf32>
    scf.yield %hn : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
