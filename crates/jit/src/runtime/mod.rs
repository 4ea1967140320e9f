//! The tensor runtime that JIT-compiled code calls: buffers with reference counts
//! ([`buffer`]), the per-run state ([`RuntimeState`]), the host functions generated code calls
//! (allocate, retain, release, record a fault's details, the host-side kernels), and the
//! conversions between host tensors ([`crate::TensorValue`]) and buffers.
//!
//! Ownership protocol (Perceus-style reference counting, docs/design/tensor-runtime.md): every
//! SSA tensor value holds one reference to its buffer. The lowering releases a value at its last
//! use, retains it when a branch or call needs one more copy, and an op whose operand is at its
//! last use with count 1 may write its result into that operand's buffer (in place).

pub(crate) mod buffer;
pub(crate) mod kernels;

use crate::TensorValue;
use buffer::{Header, Pool};
use std::fmt::Write;
use weir_ir::ElementKind;

pub use buffer::PoolStats;

/// The state of one run: the buffer pool and the details of a fault (shapes, indices), which
/// the generated code cannot format itself.
pub(crate) struct RuntimeState {
    pub(crate) pool: Pool,
    /// Appended to the fault site's message when the run faults (e.g. `: (3) and (4)`).
    pub(crate) detail: String,
    /// The immortal headers of the tensor arguments imported without a copy ([`Self::import`]).
    arguments: Vec<Box<Header>>,
}

impl RuntimeState {
    pub(crate) fn new() -> RuntimeState {
        RuntimeState {
            pool: Pool::new(),
            detail: String::new(),
            arguments: Vec::new(),
        }
    }

    /// A buffer for argument `t`: when `t`'s elements are 8-byte aligned, an immortal header
    /// over `t`'s own bytes (no copy; generated code never writes an immortal buffer, so an op
    /// that would update it in place copies it first), which `t` must outlive; otherwise a
    /// pooled copy, count 1. `None` when the copy cannot be allocated (or `t` has a rank above
    /// [`buffer::MAX_RANK`]).
    pub(crate) fn import(&mut self, t: &TensorValue) -> Option<*mut Header> {
        let width = t.elem().byte_width() as u32;
        let rank = t.shape().len();
        if rank <= buffer::MAX_RANK && t.data().as_ptr() as usize % 8 == 0 {
            let mut sizes = [0u64; buffer::MAX_RANK];
            sizes[..rank].copy_from_slice(t.shape());
            let data = t.data().as_ptr() as *mut u8;
            let mut header = Box::new(Header::immortal(data, width, rank as u32, sizes));
            let h: *mut Header = &mut *header;
            self.arguments.push(header);
            return Some(h);
        }
        let h = self.pool.alloc(width, t.shape())?;
        // SAFETY: `h` is a fresh buffer with room for exactly `t.data().len()` bytes
        // (numel * width, checked by TensorValue::new and computed the same way by alloc).
        unsafe { std::ptr::copy_nonoverlapping(t.data().as_ptr(), (*h).data, t.data().len()) };
        Some(h)
    }

    /// A host copy of buffer `h` with element kind `elem`, then releases the reference the
    /// caller held.
    ///
    /// # Safety
    /// `h` is a live buffer of this run (or an immortal constant) whose elements are `elem`s.
    pub(crate) unsafe fn export(&mut self, h: *mut Header, elem: ElementKind) -> TensorValue {
        // SAFETY: the caller guarantees `h` is a valid header with `numel * width` initialized
        // bytes at `data`.
        let (shape, bytes) = unsafe {
            let hd = &*h;
            let shape = hd.sizes[..hd.rank as usize].to_vec();
            let n = (hd.numel * hd.width as u64) as usize;
            (shape, std::slice::from_raw_parts(hd.data, n).to_vec())
        };
        // SAFETY: as above; the caller's reference is given up here.
        unsafe { release(self, h) };
        TensorValue::new(elem, shape, bytes).expect("a buffer's bytes match its shape")
    }
}

/// Drops one reference to `h`: frees it (to the pool) when it was the last, nothing for an
/// immortal buffer.
///
/// # Safety
/// `h` is a live buffer of `state`'s pool or an immortal constant.
pub(crate) unsafe fn release(state: &mut RuntimeState, h: *mut Header) {
    // SAFETY: the caller guarantees `h` is a valid header.
    unsafe {
        match (*h).rc {
            1 => state.pool.free(h),
            n if n > 1 => (*h).rc = n - 1,
            _ => {}
        }
    }
}

/// The sizes of buffer `h` as text, `(3, 4)`.
///
/// # Safety
/// `h` is a valid header.
unsafe fn shape_text(h: *const Header) -> String {
    // SAFETY: the caller guarantees `h` is valid.
    let hd = unsafe { &*h };
    let dims: Vec<String> = hd.sizes[..hd.rank as usize]
        .iter()
        .map(u64::to_string)
        .collect();
    format!("({})", dims.join(", "))
}

// ---------------------------------------------------------------------- host functions
// Called from generated code with the C convention. `state` is the run's RuntimeState (from
// the runtime context); header pointers are buffers of that run or immortal constants.

/// A new buffer of `rank` sizes read from `sizes`, `width`-byte elements, count 1, elements
/// uninitialized; null when the size overflows or memory runs out (the caller faults).
extern "C" fn weir_rt_alloc(
    state: *mut RuntimeState,
    width: u64,
    rank: u64,
    sizes: *const u64,
) -> *mut Header {
    // SAFETY: generated code passes its run's state and a pointer to `rank` sizes (a stack slot
    // or another header's sizes), rank <= MAX_RANK (checked at compile time).
    let (state, sizes) = unsafe {
        (
            &mut *state,
            std::slice::from_raw_parts(sizes, rank as usize),
        )
    };
    state
        .pool
        .alloc(width as u32, sizes)
        .unwrap_or(std::ptr::null_mut())
}

/// Adds one reference to `h` (nothing for an immortal buffer).
extern "C" fn weir_rt_retain(h: *mut Header) {
    // SAFETY: generated code passes a live buffer or an immortal constant.
    unsafe {
        if (*h).rc > 0 {
            (*h).rc += 1;
        }
    }
}

/// Drops one reference to `h` ([`release`]).
extern "C" fn weir_rt_release(state: *mut RuntimeState, h: *mut Header) {
    // SAFETY: generated code passes its run's state and a live buffer or immortal constant.
    unsafe { release(&mut *state, h) }
}

/// Records the details of a shape mismatch between `a` and `b` before the generated code
/// faults: `: (3) and (4)`.
extern "C" fn weir_rt_shape_detail(state: *mut RuntimeState, a: *const Header, b: *const Header) {
    // SAFETY: generated code passes its run's state and two valid headers.
    unsafe {
        let (sa, sb) = (shape_text(a), shape_text(b));
        let s = &mut *state;
        s.detail.clear();
        let _ = write!(s.detail, ": {sa} and {sb}");
    }
}

/// Records the details of an index out of bounds: `: index 5 is out of bounds for dimension 0
/// of shape (5)`.
extern "C" fn weir_rt_index_detail(
    state: *mut RuntimeState,
    h: *const Header,
    dim: u64,
    index: i64,
) {
    // SAFETY: generated code passes its run's state and a valid header.
    unsafe {
        let sh = shape_text(h);
        let s = &mut *state;
        s.detail.clear();
        let _ = write!(
            s.detail,
            ": index {index} is out of bounds for dimension {dim} of shape {sh}"
        );
    }
}

/// Records the details of a size mismatch against a static type: `: dimension 1 is 3, the type
/// says 4 (shape (2, 3))`.
extern "C" fn weir_rt_size_detail(state: *mut RuntimeState, h: *const Header, dim: u64, want: u64) {
    // SAFETY: generated code passes its run's state and a valid header.
    unsafe {
        let sh = shape_text(h);
        let got = (*h).sizes[dim as usize];
        let s = &mut *state;
        s.detail.clear();
        let _ = write!(
            s.detail,
            ": dimension {dim} is {got}, expected {want} (shape {sh})"
        );
    }
}

/// Records the details of a reshape whose sizes do not fit the source: `: (6) into (4, 2)`.
extern "C" fn weir_rt_reshape_detail(
    state: *mut RuntimeState,
    h: *const Header,
    sizes: *const i64,
    rank: u64,
) {
    // SAFETY: generated code passes its run's state, a valid header and `rank` sizes.
    unsafe {
        let sh = shape_text(h);
        let want: Vec<String> = std::slice::from_raw_parts(sizes, rank as usize)
            .iter()
            .map(i64::to_string)
            .collect();
        let s = &mut *state;
        s.detail.clear();
        let _ = write!(s.detail, ": shape {sh} into ({})", want.join(", "));
    }
}

/// Symbol of [`weir_rt_alloc`].
pub const ALLOC: &str = "weir_rt_alloc";
/// Symbol of [`weir_rt_retain`].
pub const RETAIN: &str = "weir_rt_retain";
/// Symbol of [`weir_rt_release`].
pub const RELEASE: &str = "weir_rt_release";
/// Symbol of [`weir_rt_shape_detail`].
pub const SHAPE_DETAIL: &str = "weir_rt_shape_detail";
/// Symbol of [`weir_rt_index_detail`].
pub const INDEX_DETAIL: &str = "weir_rt_index_detail";
/// Symbol of [`weir_rt_size_detail`].
pub const SIZE_DETAIL: &str = "weir_rt_size_detail";

/// Symbol of [`weir_rt_reshape_detail`].
pub const RESHAPE_DETAIL: &str = "weir_rt_reshape_detail";

/// The runtime's host functions, for the JIT's symbol table.
pub(crate) fn symbols() -> [(&'static str, *const u8); 7] {
    [
        (ALLOC, weir_rt_alloc as *const u8),
        (RETAIN, weir_rt_retain as *const u8),
        (RELEASE, weir_rt_release as *const u8),
        (SHAPE_DETAIL, weir_rt_shape_detail as *const u8),
        (INDEX_DETAIL, weir_rt_index_detail as *const u8),
        (SIZE_DETAIL, weir_rt_size_detail as *const u8),
        (RESHAPE_DETAIL, weir_rt_reshape_detail as *const u8),
    ]
}

/// An immortal buffer holding a constant of the compiled module (a `dense<...>` attribute):
/// its header (count -1) and elements, owned by the [`crate::JitModule`].
pub struct ConstBuffer {
    header: Box<Header>,
    /// The elements, in `u64` words so that they are 8-byte aligned.
    _data: Vec<u64>,
}

impl ConstBuffer {
    /// A constant of `shape` and `width`-byte elements from `bytes` (`numel * width` bytes).
    pub fn new(width: u32, shape: &[u64], bytes: &[u8]) -> ConstBuffer {
        let mut data = vec![0u64; bytes.len().div_ceil(8)];
        // SAFETY: `data` has at least `bytes.len()` bytes; u64 words have no invalid bit patterns.
        unsafe {
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), data.as_mut_ptr() as *mut u8, bytes.len())
        };
        let mut sizes = [0u64; buffer::MAX_RANK];
        sizes[..shape.len()].copy_from_slice(shape);
        let header = Box::new(Header::immortal(
            data.as_mut_ptr() as *mut u8,
            width,
            shape.len() as u32,
            sizes,
        ));
        ConstBuffer {
            header,
            _data: data,
        }
    }

    /// The address of the header, as the generated code embeds it.
    pub fn address(&self) -> u64 {
        &*self.header as *const Header as u64
    }
}

// SAFETY: a constant buffer is never written after `new` (its count is negative, so no
// retain, release or in-place reuse touches it), so sharing or moving it between threads is
// sound; its pointers point into its own heap allocations.
unsafe impl Send for ConstBuffer {}
// SAFETY: as for Send: immutable after construction.
unsafe impl Sync for ConstBuffer {}
