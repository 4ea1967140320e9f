// The selective scan of a Mamba layer (issue 11, "Per-trip overhead"; the loop that ONNX
// Runtime runs as an ONNX `Loop`): the state h (256, 16) f32 is carried by an scf.for over
// the T time steps,
//   h <- exp(delta_t[:, None] * A) * h + (delta_t * x_t)[:, None] * B_t[None, :]
//   Y[t] = h C_t
// with delta, x of shape (T, 256), B, C of shape (T, 16), A of shape (256, 16), h_0 = 0;
// returns Y (T, 256). Row t of each input is a rank-reducing tensor.extract_slice, the outer
// products are linalg.broadcast + arith.mulf, h C_t is a linalg.reduce over the state
// dimension, and Y[t] is written with tensor.insert_slice.
//
//   python3 examples/expected.py --npy-dir /tmp/mamba      # writes the T = 6 inputs (.npy)
//   cf-run examples/mamba-scan.mlir --arg @/tmp/mamba/delta.npy --arg @/tmp/mamba/x.npy \
//     --arg @/tmp/mamba/a.npy --arg @/tmp/mamba/b.npy --arg @/tmp/mamba/c.npy \
//     --output-dir /tmp/mamba/out
//   -> Y, a tensor<6x256xf32> (written to /tmp/mamba/out as .npy), equal within 1e-4 to
//      NumPy's (examples/expected.txt, key `mamba y`; the inputs are defined in
//      examples/expected.py). scripts/bench-tensor runs it at T = 10^4.

func.func @main(%delta: tensor<?x256xf32>, %x: tensor<?x256xf32>, %a: tensor<256x16xf32>, %b: tensor<?x16xf32>, %c: tensor<?x16xf32>) -> tensor<?x256xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %steps = tensor.dim %delta, %c0 : tensor<?x256xf32>
  %he = tensor.empty() : tensor<256x16xf32>
  %h0 = linalg.fill ins(%zero : f32) outs(%he : tensor<256x16xf32>) -> tensor<256x16xf32>
  %ye = tensor.empty(%steps) : tensor<?x256xf32>
  %y0 = linalg.fill ins(%zero : f32) outs(%ye : tensor<?x256xf32>) -> tensor<?x256xf32>
  %r:2 = scf.for %t = %c0 to %steps step %c1 iter_args(%h = %h0, %y = %y0) -> (tensor<256x16xf32>, tensor<?x256xf32>) {
    %dt = tensor.extract_slice %delta[%t, 0] [1, 256] [1, 1] : tensor<?x256xf32> to tensor<256xf32>
    %xt = tensor.extract_slice %x[%t, 0] [1, 256] [1, 1] : tensor<?x256xf32> to tensor<256xf32>
    %bt = tensor.extract_slice %b[%t, 0] [1, 16] [1, 1] : tensor<?x16xf32> to tensor<16xf32>
    %ct = tensor.extract_slice %c[%t, 0] [1, 16] [1, 1] : tensor<?x16xf32> to tensor<16xf32>
    %e = tensor.empty() : tensor<256x16xf32>
    // exp(delta_t[:, None] * A)
    %db = linalg.broadcast ins(%dt : tensor<256xf32>) outs(%e : tensor<256x16xf32>) dimensions = [1]
    %da = arith.mulf %db, %a : tensor<256x16xf32>
    %decay = math.exp %da : tensor<256x16xf32>
    // (delta_t * x_t)[:, None] * B_t[None, :]
    %dx = arith.mulf %dt, %xt : tensor<256xf32>
    %dxb = linalg.broadcast ins(%dx : tensor<256xf32>) outs(%e : tensor<256x16xf32>) dimensions = [1]
    %bb = linalg.broadcast ins(%bt : tensor<16xf32>) outs(%e : tensor<256x16xf32>) dimensions = [0]
    %input = arith.mulf %dxb, %bb : tensor<256x16xf32>
    %kept = arith.mulf %decay, %h : tensor<256x16xf32>
    %h1 = arith.addf %kept, %input : tensor<256x16xf32>
    // Y[t] = h C_t
    %cb = linalg.broadcast ins(%ct : tensor<16xf32>) outs(%e : tensor<256x16xf32>) dimensions = [0]
    %hc = arith.mulf %h1, %cb : tensor<256x16xf32>
    %ze = tensor.empty() : tensor<256xf32>
    %z = linalg.fill ins(%zero : f32) outs(%ze : tensor<256xf32>) -> tensor<256xf32>
    %yt = linalg.reduce { arith.addf {fastmath = #arith.fastmath<reassoc>} } ins(%hc : tensor<256x16xf32>) outs(%z : tensor<256xf32>) dimensions = [1]
    %y1 = tensor.insert_slice %yt into %y[%t, 0] [1, 256] [1, 1] : tensor<256xf32> into tensor<?x256xf32>
    scf.yield %h1, %y1 : tensor<256x16xf32>, tensor<?x256xf32>
  }
  return %r#1 : tensor<?x256xf32>
}
