//! The `extern "C"` shims through which generated code calls the host-side kernels of
//! `weir-kernels` (concat, slices, pad, matrix products): each reads its operands' headers,
//! runs the kernel's shape function (a failure becomes the run's fault detail and a null
//! result, which the generated code turns into a located runtime error), allocates the result
//! from the run's pool and runs the kernel.
//!
//! Parameters that vary in length (offsets, sizes, strides, pad amounts) come as one array of
//! `i64` in a stack slot of the caller; element kinds as [`encode_elem`] codes.

use super::buffer::{Header, MAX_RANK};
use super::{release, RuntimeState};
use std::fmt::Write;
use weir_ir::{ElementKind, FloatKind};
use weir_kernels::{ShapeError, TensorRef};

/// The element kind as one `u64` for a shim's parameter: integers `width | unsigned << 8`,
/// `index` `1 << 16`, floats `2 << 16 | kind` (F16 0, BF16 1, F32 2, F64 3).
pub(crate) fn encode_elem(e: ElementKind) -> u64 {
    match e {
        ElementKind::Int { width, unsigned } => width as u64 | (unsigned as u64) << 8,
        ElementKind::Index => 1 << 16,
        ElementKind::Float(k) => {
            2 << 16
                | match k {
                    FloatKind::F16 => 0,
                    FloatKind::BF16 => 1,
                    FloatKind::F32 => 2,
                    FloatKind::F64 => 3,
                }
        }
    }
}

fn decode_elem(code: u64) -> ElementKind {
    match code >> 16 {
        0 => ElementKind::Int {
            width: (code & 0xff) as u32,
            unsigned: code & 0x100 != 0,
        },
        1 => ElementKind::Index,
        _ => ElementKind::Float(match code & 3 {
            0 => FloatKind::F16,
            1 => FloatKind::BF16,
            2 => FloatKind::F32,
            _ => FloatKind::F64,
        }),
    }
}

/// The shape and elements of buffer `h`.
///
/// # Safety
/// `h` is a live buffer or immortal constant; the borrow ends before it is released.
unsafe fn view<'a>(h: *const Header) -> TensorRef<'a> {
    // SAFETY: the caller guarantees `h` is valid with numel * width initialized bytes.
    unsafe {
        let hd = &*h;
        TensorRef {
            shape: &hd.sizes[..hd.rank as usize],
            data: std::slice::from_raw_parts(hd.data, (hd.numel * hd.width as u64) as usize),
        }
    }
}

/// The elements of buffer `h`, writable.
///
/// # Safety
/// `h` is a live buffer of the run that nothing else reads or writes during the borrow.
unsafe fn data_mut<'a>(h: *mut Header) -> &'a mut [u8] {
    // SAFETY: as the caller guarantees.
    unsafe { std::slice::from_raw_parts_mut((*h).data, ((*h).numel * (*h).width as u64) as usize) }
}

/// Records `e` as the fault detail and returns null.
fn fail(state: &mut RuntimeState, e: impl std::fmt::Display) -> *mut Header {
    state.detail.clear();
    let _ = write!(state.detail, ": {e}");
    std::ptr::null_mut()
}

/// A new buffer of `shape` with `width`-byte elements, or a recorded fault.
fn alloc(state: &mut RuntimeState, width: u32, shape: &[u64]) -> Result<*mut Header, ShapeError> {
    state.pool.alloc(width, shape).ok_or_else(|| {
        ShapeError(format!(
            "cannot allocate a result of shape {shape:?} (out of memory or too large)"
        ))
    })
}

/// MLIR tensor.concat of the `n` buffers at `inputs` along `dim`.
extern "C" fn weir_rt_concat(
    state: *mut RuntimeState,
    inputs: *const *const Header,
    n: u64,
    dim: u64,
) -> *mut Header {
    // SAFETY: generated code passes its run's state and `n` valid headers in a stack slot.
    let (state, inputs) = unsafe { (&mut *state, std::slice::from_raw_parts(inputs, n as usize)) };
    // SAFETY: each input is valid for the duration of the call.
    let refs: Vec<TensorRef> = inputs.iter().map(|&h| unsafe { view(h) }).collect();
    let shapes: Vec<&[u64]> = refs.iter().map(|r| r.shape).collect();
    let width = inputs.first().map_or(1, |&h| unsafe { (*h).width });
    match weir_kernels::concat_shape(&shapes, dim as usize).and_then(|s| alloc(state, width, &s)) {
        Ok(out) => {
            // SAFETY: `out` is fresh and distinct from the inputs.
            weir_kernels::concat(width as usize, &refs, dim as usize, unsafe {
                data_mut(out)
            });
            out
        }
        Err(e) => fail(state, e),
    }
}

/// The offsets, sizes and strides (3 · `rank` values at `params`).
///
/// # Safety
/// `params` points to 3 · `rank` `i64`s.
unsafe fn slice_params<'a>(params: *const i64, rank: u64) -> (&'a [i64], &'a [i64], &'a [i64]) {
    let r = rank as usize;
    // SAFETY: as the caller guarantees.
    let all = unsafe { std::slice::from_raw_parts(params, 3 * r) };
    (&all[..r], &all[r..2 * r], &all[2 * r..])
}

/// MLIR tensor.extract_slice of `src`; the result drops the dimensions whose bit is set in
/// `dropped` (a rank-reducing slice: the same bytes).
extern "C" fn weir_rt_extract_slice(
    state: *mut RuntimeState,
    src: *const Header,
    params: *const i64,
    rank: u64,
    dropped: u64,
) -> *mut Header {
    // SAFETY: generated code passes its run's state, a valid header and 3 · rank parameters.
    let (state, s, (off, size, stride)) =
        unsafe { (&mut *state, view(src), slice_params(params, rank)) };
    let width = unsafe { (*src).width };
    let shape = weir_kernels::slice_check(s.shape, off, size, stride).map(|full| {
        // The kept sizes, in a fixed array: no allocation per call (the rank is at most
        // MAX_RANK, as `s`'s).
        let mut kept = [0u64; MAX_RANK];
        let mut n = 0;
        for (i, &d) in full.iter().enumerate() {
            if dropped >> i & 1 == 0 {
                kept[n] = d;
                n += 1;
            }
        }
        (kept, n)
    });
    match shape.and_then(|(sh, n)| alloc(state, width, &sh[..n])) {
        Ok(out) => {
            // SAFETY: `out` is fresh and distinct from `src`.
            weir_kernels::extract_slice(width as usize, s, off, size, stride, unsafe {
                data_mut(out)
            });
            out
        }
        Err(e) => fail(state, e),
    }
}

/// MLIR tensor.insert_slice of `src` into `dest`. With `owned` set the caller gives up its
/// reference to `dest`: the insert writes in place when the count is 1, else into a copy
/// (releasing the caller's reference); without, always into a copy.
extern "C" fn weir_rt_insert_slice(
    state: *mut RuntimeState,
    src: *const Header,
    dest: *mut Header,
    params: *const i64,
    rank: u64,
    owned: u64,
) -> *mut Header {
    // SAFETY: generated code passes its run's state, two valid headers, 3 · rank parameters.
    let (state, s, d, (off, size, stride)) = unsafe {
        (
            &mut *state,
            view(src),
            view(dest),
            slice_params(params, rank),
        )
    };
    let width = unsafe { (*dest).width };
    if let Err(e) = weir_kernels::insert_slice_check(s.shape, d.shape, off, size, stride) {
        return fail(state, e);
    }
    // SAFETY: `dest` is valid; a count of 1 with `owned` means no one else holds it.
    let in_place = owned != 0 && unsafe { (*dest).rc } == 1 && !std::ptr::eq(src, dest);
    let out = if in_place {
        dest
    } else {
        let shape = d.shape.to_vec();
        let out = match alloc(state, width, &shape) {
            Ok(o) => o,
            Err(e) => return fail(state, e),
        };
        // SAFETY: `out` is fresh and distinct from `dest`.
        unsafe { data_mut(out) }.copy_from_slice(d.data);
        out
    };
    let shape = d.shape.to_vec();
    // SAFETY: `out` is either `dest` (count 1, owned, and not `src`) or fresh, so no other
    // borrow reads it while it is written; `src` stays valid (it is released, if ever, below).
    weir_kernels::insert_slice(
        width as usize,
        s.data,
        unsafe { data_mut(out) },
        &shape,
        off,
        size,
        stride,
    );
    if owned != 0 && !in_place {
        // SAFETY: the caller gave up its reference to `dest`, which is no longer read.
        unsafe { release(state, dest) };
    }
    out
}

/// MLIR tensor.pad of `src` with `low` and `high` amounts (2 · `rank` values at `params`)
/// and the element at `value` as the padding.
extern "C" fn weir_rt_pad(
    state: *mut RuntimeState,
    src: *const Header,
    params: *const i64,
    rank: u64,
    value: *const u8,
) -> *mut Header {
    // SAFETY: generated code passes its run's state, a valid header, 2 · rank amounts and
    // one element of `width` bytes at `value`.
    let (state, s) = unsafe { (&mut *state, view(src)) };
    let width = unsafe { (*src).width };
    let amounts = unsafe { std::slice::from_raw_parts(params, 2 * rank as usize) };
    let pad_value = unsafe { std::slice::from_raw_parts(value, width as usize) };
    let (low, high) = amounts.split_at(rank as usize);
    match weir_kernels::pad_shape(s.shape, low, high).and_then(|sh| alloc(state, width, &sh)) {
        Ok(out) => {
            // SAFETY: `out` is fresh and distinct from `src`.
            weir_kernels::pad(width as usize, s, low, high, pad_value, unsafe {
                data_mut(out)
            });
            out
        }
        Err(e) => fail(state, e),
    }
}

/// MLIR linalg.matmul (`batched == 0`) or batch_matmul: `c + a · b` of `elem` elements into
/// a new buffer; with `owned` set the caller gives up its reference to `c`.
extern "C" fn weir_rt_matmul(
    state: *mut RuntimeState,
    a: *const Header,
    b: *const Header,
    c: *mut Header,
    owned: u64,
    elem: u64,
    batched: u64,
) -> *mut Header {
    // SAFETY: generated code passes its run's state and three valid headers.
    let (state, av, bv, cv) = unsafe { (&mut *state, view(a), view(b), view(c)) };
    let shape = if batched != 0 {
        weir_kernels::batch_matmul_shape(av.shape, bv.shape, cv.shape)
    } else {
        weir_kernels::matmul_shape(av.shape, bv.shape, cv.shape)
    };
    let width = unsafe { (*c).width };
    let shape = match shape {
        Ok(s) => s,
        Err(e) => return fail(state, e),
    };
    let out = match alloc(state, width, &shape) {
        Ok(o) => o,
        Err(e) => return fail(state, e),
    };
    let elem = decode_elem(elem);
    // SAFETY: `out` is fresh and distinct from the operands.
    let dst = unsafe { data_mut(out) };
    match elem {
        ElementKind::Float(FloatKind::F32) => gemm_into::<f32>(&av, &bv, &cv, dst, batched != 0),
        ElementKind::Float(FloatKind::F64) => gemm_into::<f64>(&av, &bv, &cv, dst, batched != 0),
        _ if batched != 0 => weir_kernels::batch_matmul(elem, av, bv, cv, dst),
        _ => weir_kernels::matmul(elem, av, bv, cv, dst),
    }
    if owned != 0 {
        // SAFETY: the caller gave up its reference to `c`.
        unsafe { release(state, c) };
    }
    out
}

/// `dst = c + a · b` for row-major `f32`/`f64` matrices (or batches of them, the batch
/// outermost) through the `gemm` crate, single-threaded; shapes checked by the caller.
fn gemm_into<T: Copy + 'static + From<u8>>(
    a: &TensorRef,
    b: &TensorRef,
    c: &TensorRef,
    dst: &mut [u8],
    batched: bool,
) {
    dst.copy_from_slice(c.data);
    let d = batched as usize;
    let (batch, m, k, n) = (
        if batched { a.shape[0] as usize } else { 1 },
        a.shape[d] as usize,
        a.shape[d + 1] as usize,
        b.shape[d + 1] as usize,
    );
    let size = std::mem::size_of::<T>();
    for i in 0..batch {
        // SAFETY: the shapes were checked (a: m x k, b: k x n, dst: m x n per batch entry), so
        // every address gemm forms lies in the buffers; `dst` is a distinct fresh buffer;
        // the buffers are 64-byte aligned (pool allocations) or 8-byte aligned (constants),
        // enough for `T`. Row-major: column stride 1, row stride the row length.
        unsafe {
            gemm::gemm(
                m,
                n,
                k,
                dst.as_mut_ptr().add(i * m * n * size) as *mut T,
                1,
                n as isize,
                true,
                a.data.as_ptr().add(i * m * k * size) as *const T,
                1,
                k as isize,
                b.data.as_ptr().add(i * k * n * size) as *const T,
                1,
                n as isize,
                T::from(1),
                T::from(1),
                false,
                false,
                false,
                gemm::Parallelism::None,
            )
        };
    }
}

/// Symbol of [`weir_rt_concat`].
pub const CONCAT: &str = "weir_rt_concat";
/// Symbol of [`weir_rt_extract_slice`].
pub const EXTRACT_SLICE: &str = "weir_rt_extract_slice";
/// Symbol of [`weir_rt_insert_slice`].
pub const INSERT_SLICE: &str = "weir_rt_insert_slice";
/// Symbol of [`weir_rt_pad`].
pub const PAD: &str = "weir_rt_pad";
/// Symbol of [`weir_rt_matmul`].
pub const MATMUL: &str = "weir_rt_matmul";

/// The shims, for the JIT's symbol table.
pub(crate) fn symbols() -> [(&'static str, *const u8); 5] {
    [
        (CONCAT, weir_rt_concat as *const u8),
        (EXTRACT_SLICE, weir_rt_extract_slice as *const u8),
        (INSERT_SLICE, weir_rt_insert_slice as *const u8),
        (PAD, weir_rt_pad as *const u8),
        (MATMUL, weir_rt_matmul as *const u8),
    ]
}
