//! Host-side tensor kernels the JIT calls: the data-movement and contraction ops of the
//! tensor and linalg dialects, on row-major byte buffers.
//!
//! # Layout
//! A tensor is a shape (`&[u64]`, outermost first, empty for a 0-d tensor) and its elements'
//! bytes in row-major order, in the layout of `dense<...>` attributes ([`weir_ir::dense`]):
//! little-endian, `i1` one byte (0 or 1), `iN` `ceil(N / 8)` bytes, `index` 8, `f16`/`bf16` 2,
//! `f32` 4, `f64` 8. The data-movement kernels only move bytes and take the element's byte
//! `width`; the reductions and matrix products compute and take an [`ElementKind`].
//!
//! # Contract
//! Every op has a *shape function* and a *kernel*:
//! - the shape function checks every precondition MLIR's verifier cannot check statically
//!   (and the reference evaluator, `weir_test_support::tensor_eval`, checks at run time):
//!   ranks, sizes that must agree, slice bounds, element counts. It returns the result's shape,
//!   or a [`ShapeError`] whose message names the shapes involved (the JIT prefixes the op's
//!   location);
//! - the kernel writes the result into `dst`, a caller-allocated buffer of exactly the
//!   result's byte size ([`byte_len`]). It may assume its shape function accepted the same
//!   shapes and that every buffer holds `product(shape) * width` bytes; under that contract it
//!   never panics. It allocates nothing per element, and costs time linear in the bytes it
//!   reads and writes (the matrix products: in the multiply-adds).
//!
//! # Numbers
//! Integers wrap at their width; `f16`/`bf16` are computed in `f32` and rounded back (round to
//! nearest even) after every operation, `f32` in `f32`, `f64` in `f64`, as the reference
//! evaluator does. The one exception: `f32`/`f64` matrix products go through a GEMM
//! ([`matmul`]), which sums in its own order (and may fuse multiply-adds), so they agree with a
//! sequential loop to rounding only. The GEMM is matrixmultiply's, through ndarray's safe
//! `general_mat_mul` (single-threaded: no threading feature), rather than the `gemm` crate:
//! both crates' own entry points are `unsafe fn`s on raw pointers, and this crate has no
//! `unsafe` (see the `matmul` docs).
//!
//! The crate is safe Rust; the JIT calls it through its own `extern "C"` shims.

mod elem;
mod matmul;
mod movement;
mod reduce;
mod reshape;
mod slice;

pub use matmul::{batch_matmul, batch_matmul_shape, matmul, matmul_shape};
pub use movement::{broadcast, broadcast_shape, concat, concat_shape, transpose, transpose_shape};
pub use reduce::{reduce, reduce_shape, Combiner};
pub use reshape::{collapse_shape, expand_check, reshape_check};
pub use slice::{extract_slice, insert_slice, insert_slice_check, pad, pad_shape, slice_check};
pub use weir_ir::ElementKind;

use std::fmt;

/// A tensor operand: its shape and its elements' bytes (row-major, the layout of the crate
/// docs). `data` holds `product(shape) * width` bytes, as every kernel assumes.
#[derive(Clone, Copy, Debug)]
pub struct TensorRef<'a> {
    /// The sizes, outermost first.
    pub shape: &'a [u64],
    /// The elements' bytes.
    pub data: &'a [u8],
}

/// A dynamic precondition that does not hold: the message names the shapes involved, e.g.
/// `dimension 1 of operand #1 is 3, expected 4 (shapes (2, 4) and (2, 3))`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeError(pub String);

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ShapeError {}

/// The result of a shape function.
pub type Result<T> = std::result::Result<T, ShapeError>;

/// The number of elements of `shape` (the product of its sizes); an error when it does not
/// fit in 64 bits.
pub fn num_elements(shape: &[u64]) -> Result<u64> {
    shape
        .iter()
        .try_fold(1u64, |n, &d| n.checked_mul(d))
        .ok_or_else(|| {
            ShapeError(format!(
                "a tensor of shape {} has more elements than fit in 64 bits",
                text(shape)
            ))
        })
}

/// The byte size of a tensor of `shape` with elements of `width` bytes: the size of the `dst`
/// buffer a kernel writes. An error when it does not fit in `usize`.
pub fn byte_len(shape: &[u64], width: usize) -> Result<usize> {
    usize::try_from(num_elements(shape)?)
        .ok()
        .and_then(|n| n.checked_mul(width))
        .ok_or_else(|| {
            ShapeError(format!(
                "a tensor of shape {} has more bytes than fit in memory",
                text(shape)
            ))
        })
}

/// A shape as the diagnostics write it: `(2, 3)`, `()` for rank 0 ([`weir_ir::shape::display`]).
fn text(shape: &[u64]) -> String {
    let dims: Vec<weir_ir::Dim> = shape.iter().map(|&n| Some(n)).collect();
    weir_ir::shape::display(Some(&dims))
}

/// The error for size `actual` of dimension `dim` of operand `#operand` where `expected` was
/// required, naming the two shapes compared.
fn mismatch(
    operand: usize,
    dim: usize,
    actual: u64,
    expected: u64,
    shapes: [&[u64]; 2],
) -> ShapeError {
    ShapeError(format!(
        "dimension {dim} of operand #{operand} is {actual}, expected {expected} (shapes {} and {})",
        text(shapes[0]),
        text(shapes[1])
    ))
}

/// The error for operand `#operand` of shape `shape` whose rank is not `expected`.
fn rank_mismatch(operand: usize, shape: &[u64], expected: usize) -> ShapeError {
    ShapeError(format!(
        "operand #{operand} of shape {} has rank {}, expected {expected}",
        text(shape),
        shape.len()
    ))
}

/// Checks that the init (operand #1) of a linalg op has the shape `expected`, which the
/// op's input of shape `input` implies.
pub(crate) fn check_init(expected: &[u64], init: &[u64], input: &[u64]) -> Result<()> {
    if init.len() != expected.len() {
        return Err(rank_mismatch(1, init, expected.len()));
    }
    match (0..init.len()).find(|&i| init[i] != expected[i]) {
        Some(i) => Err(mismatch(1, i, init[i], expected[i], [input, init])),
        None => Ok(()),
    }
}

/// The row-major strides (in elements) of `shape`: the last dimension's is 1.
fn strides(shape: &[u64]) -> Vec<usize> {
    let mut s = vec![1usize; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * shape[i + 1] as usize;
    }
    s
}

/// Advances `index` to the next row-major index of `shape` (the last dimension fastest);
/// returns `false` after the last one (with `index` back at zeros).
fn next_index(index: &mut [u64], shape: &[u64]) -> bool {
    for d in (0..index.len()).rev() {
        index[d] += 1;
        if index[d] < shape[d] {
            return true;
        }
        index[d] = 0;
    }
    false
}

/// Calls `f` with every row-major index of `shape` in order (once with `[]` for rank 0,
/// never when a size is 0). The index is reused: no allocation per call.
fn for_each_index(shape: &[u64], mut f: impl FnMut(&[u64])) {
    if shape.contains(&0) {
        return;
    }
    let mut index = vec![0u64; shape.len()];
    loop {
        f(&index);
        if !next_index(&mut index, shape) {
            return;
        }
    }
}

/// The row-major offset (in elements) of `index` with `strides`.
fn offset(index: &[u64], strides: &[usize]) -> usize {
    index
        .iter()
        .zip(strides)
        .map(|(&i, &s)| i as usize * s)
        .sum()
}
