//! `linalg.matmul` and `linalg.batch_matmul`: `dst = c + a · b`, with operands and result of
//! one element type.
//!
//! `f32` and `f64` go through a GEMM: ndarray's `general_mat_mul`, which calls matrixmultiply's
//! `sgemm`/`dgemm` (cache-blocked, SIMD micro-kernels chosen at run time, single-threaded as
//! built here). It was picked over the faster `gemm` crate because both crates' raw entry
//! points are `unsafe fn`s taking pointers, and this crate is safe Rust: ndarray is the
//! well-kept safe wrapper of matrixmultiply. A GEMM sums in its own order and may fuse the
//! multiply-adds, so its results agree with MLIR's sequential loop to rounding, not bit for
//! bit. Every other element type uses a plain `i, k, j` loop nest, which adds each
//! `a[i, k] * b[k, j]` to `c[i, j]` in increasing `k`, exactly as MLIR's loops do (integers
//! wrap; `f16`/`bf16` round after the multiply and after the add).

use crate::elem::{dispatch, Format, Int};
use crate::{mismatch, rank_mismatch, Result, TensorRef};
use weir_ir::ElementKind;

#[cfg(target_endian = "big")]
compile_error!(
    "weir-kernels views little-endian f32/f64 buffers in place: a little-endian host is required"
);

/// MLIR `linalg.matmul ins(a, b) outs(c)`: `a` is `M x K`, `b` `K x N`, `c` `M x N`; returns
/// `c`'s shape.
///
/// Errors: an operand not of rank 2; `b`'s rows (operand #1) differ from `a`'s columns; `c`
/// (operand #2) is not `M x N`.
pub fn matmul_shape(a: &[u64], b: &[u64], c: &[u64]) -> Result<Vec<u64>> {
    for (i, s) in [a, b, c].into_iter().enumerate() {
        if s.len() != 2 {
            return Err(rank_mismatch(i, s, 2));
        }
    }
    same(1, b, 0, a, 1)?;
    same(2, c, 0, a, 0)?;
    same(2, c, 1, b, 1)?;
    Ok(c.to_vec())
}

/// Requires `shape[dim] == other[other_dim]`, the error naming `operand` (of `shape`).
fn same(operand: usize, shape: &[u64], dim: usize, other: &[u64], other_dim: usize) -> Result<()> {
    if shape[dim] != other[other_dim] {
        return Err(mismatch(
            operand,
            dim,
            shape[dim],
            other[other_dim],
            [other, shape],
        ));
    }
    Ok(())
}

/// MLIR `linalg.batch_matmul ins(a, b) outs(c)`: `a` is `B x M x K`, `b` `B x K x N`, `c`
/// `B x M x N`; returns `c`'s shape.
///
/// Errors: an operand not of rank 3; a batch size or inner size that differs from `a`'s;
/// `c` (operand #2) not `B x M x N`.
pub fn batch_matmul_shape(a: &[u64], b: &[u64], c: &[u64]) -> Result<Vec<u64>> {
    for (i, s) in [a, b, c].into_iter().enumerate() {
        if s.len() != 3 {
            return Err(rank_mismatch(i, s, 3));
        }
    }
    same(1, b, 0, a, 0)?;
    same(1, b, 1, a, 2)?;
    same(2, c, 0, a, 0)?;
    same(2, c, 1, a, 1)?;
    same(2, c, 2, b, 2)?;
    Ok(c.to_vec())
}

/// MLIR `linalg.matmul`: writes `c + a · b` into `dst` (shapes accepted by
/// [`matmul_shape`]; all of element kind `elem`). See the module docs for the summation.
pub fn matmul(
    elem: ElementKind,
    a: TensorRef<'_>,
    b: TensorRef<'_>,
    c: TensorRef<'_>,
    dst: &mut [u8],
) {
    let (m, k, n) = (
        a.shape[0] as usize,
        a.shape[1] as usize,
        b.shape[1] as usize,
    );
    dst.copy_from_slice(c.data);
    product(elem, Dims { m, k, n }, a.data, b.data, dst);
}

/// MLIR `linalg.batch_matmul`: writes `c[i] + a[i] · b[i]` for every batch index `i` into
/// `dst` (shapes accepted by [`batch_matmul_shape`]).
pub fn batch_matmul(
    elem: ElementKind,
    a: TensorRef<'_>,
    b: TensorRef<'_>,
    c: TensorRef<'_>,
    dst: &mut [u8],
) {
    let batch = a.shape[0] as usize;
    let (m, k, n) = (
        a.shape[1] as usize,
        a.shape[2] as usize,
        b.shape[2] as usize,
    );
    dst.copy_from_slice(c.data);
    if batch == 0 {
        return;
    }
    let (sa, sb, sc) = (
        a.data.len() / batch,
        b.data.len() / batch,
        dst.len() / batch,
    );
    for i in 0..batch {
        let d = &mut dst[i * sc..(i + 1) * sc];
        product(
            elem,
            Dims { m, k, n },
            &a.data[i * sa..(i + 1) * sa],
            &b.data[i * sb..(i + 1) * sb],
            d,
        );
    }
}

/// The sizes of one product: `a` is `m x k`, `b` `k x n`, the accumulator `m x n`.
#[derive(Clone, Copy)]
struct Dims {
    m: usize,
    k: usize,
    n: usize,
}

/// `acc += a · b` on elements of kind `elem`.
fn product(elem: ElementKind, d: Dims, a: &[u8], b: &[u8], acc: &mut [u8]) {
    match elem {
        ElementKind::Float(weir_ir::FloatKind::F32) => gemm(1.0f32, d, a, b, acc),
        ElementKind::Float(weir_ir::FloatKind::F64) => gemm(1.0f64, d, a, b, acc),
        _ => dispatch!(elem,
            |f| int: loops(f, d, a, b, acc, |c, x, y| Int::add(c, Int::mul(x, y))),
            float: loops(f, d, a, b, acc, |c, x, y| f.round(c + f.round(x * y)))),
    }
}

/// `acc += a · b` by the `i, k, j` loop nest, `mul_add(c, x, y)` being `c + x * y` in the
/// format `f`.
fn loops<F: Format>(
    f: F,
    d: Dims,
    a: &[u8],
    b: &[u8],
    acc: &mut [u8],
    mul_add: impl Fn(F::V, F::V, F::V) -> F::V,
) {
    let w = f.size();
    let row = d.n * w;
    if row == 0 {
        return;
    }
    for (i, c_row) in acc.chunks_exact_mut(row).enumerate().take(d.m) {
        for p in 0..d.k {
            let x = f.load(&a[(i * d.k + p) * w..]);
            let b_row = &b[p * row..(p + 1) * row];
            for (c, y) in c_row.chunks_exact_mut(w).zip(b_row.chunks_exact(w)) {
                let v = mul_add(f.load(c), x, f.load(y));
                f.store(v, c);
            }
        }
    }
}

/// `acc += a · b` through ndarray/matrixmultiply on `T` (`f32` or `f64`; `one` is 1): the byte
/// buffers are viewed in place when aligned for `T`, copied otherwise.
fn gemm<T>(one: T, d: Dims, a: &[u8], b: &[u8], acc: &mut [u8])
where
    T: bytemuck::Pod + ndarray::LinalgScalar,
{
    let a = floats::<T>(a);
    let b = floats::<T>(b);
    let run = |c: &mut [T]| {
        let (Ok(a), Ok(b), Ok(mut c)) = (
            ndarray::ArrayView2::from_shape((d.m, d.k), &a[..]),
            ndarray::ArrayView2::from_shape((d.k, d.n), &b[..]),
            ndarray::ArrayViewMut2::from_shape((d.m, d.n), c),
        ) else {
            return; // lengths differ from the shapes: not a product the shape function accepted
        };
        ndarray::linalg::general_mat_mul(one, &a, &b, one, &mut c);
    };
    match bytemuck::try_cast_slice_mut::<u8, T>(acc) {
        Ok(c) => run(c),
        Err(_) => {
            let mut c: Vec<T> = bytemuck::pod_collect_to_vec(acc);
            run(&mut c);
            acc.copy_from_slice(bytemuck::cast_slice(&c));
        }
    }
}

/// `bytes` as `T`s: a view when aligned, else a copy.
fn floats<T: bytemuck::Pod>(bytes: &[u8]) -> std::borrow::Cow<'_, [T]> {
    match bytemuck::try_cast_slice(bytes) {
        Ok(v) => std::borrow::Cow::Borrowed(v),
        Err(_) => std::borrow::Cow::Owned(bytemuck::pod_collect_to_vec(bytes)),
    }
}
