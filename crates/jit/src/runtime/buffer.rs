//! Tensor buffers at run time: the [`Header`] every tensor value points to, and the
//! [`Pool`] that allocates them, recycles them by size class, keeps the live ones on a list (so
//! a run that stops with a fault frees them all) and counts what it does ([`PoolStats`]).
//!
//! One allocation holds the header and, from byte [`DATA_OFFSET`], the elements (row-major,
//! the dense layout of `crate::TensorValue`). The allocation's size is a power of two of at
//! least [`MIN_CLASS`] bytes; a freed buffer goes to its class's free list and is handed out
//! again for any tensor that fits its class, so the temporaries of a loop's trip `k` are the
//! buffers of trip `k - 1` (design: docs/design/tensor-runtime.md, "Choice").

use std::alloc::{self, Layout};
use std::ptr;

/// The highest rank a tensor may have at run time (sizes are stored inline in the header).
pub const MAX_RANK: usize = 8;

/// The header of a tensor buffer. Generated code reads the fields at the `H_*` offsets.
///
/// `rc` is the reference count: the number of SSA values (and host handles) holding the
/// buffer. A negative count marks an immortal buffer (a constant of the compiled module, or a
/// tensor argument borrowed from the caller): never freed, never written.
#[repr(C)]
pub(crate) struct Header {
    pub(crate) rc: i64,
    /// The number of elements (the product of `sizes[..rank]`).
    pub(crate) numel: u64,
    /// The first element.
    pub(crate) data: *mut u8,
    pub(crate) rank: u32,
    /// Bytes per element.
    pub(crate) width: u32,
    /// The allocation's size class (`log2` of its bytes); 0 for an immortal buffer.
    pub(crate) class: u64,
    prev: *mut Header,
    next: *mut Header,
    pub(crate) sizes: [u64; MAX_RANK],
}

impl Header {
    /// The header of an immortal buffer (count -1, on no list) of `rank` sizes `sizes` and
    /// `width`-byte elements at `data`.
    pub(crate) fn immortal(data: *mut u8, width: u32, rank: u32, sizes: [u64; MAX_RANK]) -> Header {
        Header {
            rc: -1,
            numel: sizes[..rank as usize].iter().product(),
            data,
            rank,
            width,
            class: 0,
            prev: ptr::null_mut(),
            next: ptr::null_mut(),
            sizes,
        }
    }
}

/// Byte offset of [`Header::rc`].
pub const H_RC: i32 = 0;
/// Byte offset of [`Header::numel`].
pub const H_NUMEL: i32 = 8;
/// Byte offset of [`Header::data`].
pub const H_DATA: i32 = 16;
/// Byte offset of [`Header::rank`] (32 bits).
pub const H_RANK: i32 = 24;
/// Byte offset of `sizes[0]`; `sizes[d]` is at `H_SIZES + 8 * d`.
pub const H_SIZES: i32 = 56;
/// Where the elements start in a pooled allocation (64-byte aligned).
pub(crate) const DATA_OFFSET: usize = 128;
/// The smallest size class, in bytes.
pub(crate) const MIN_CLASS: u32 = 8;
/// The alignment of every allocation (and so of every pooled tensor's data).
const ALIGN: usize = 64;

const _: () = assert!(std::mem::size_of::<Header>() <= DATA_OFFSET);
const _: () = assert!(std::mem::offset_of!(Header, sizes) == H_SIZES as usize);
const _: () = assert!(std::mem::offset_of!(Header, data) == H_DATA as usize);
const _: () = assert!(std::mem::offset_of!(Header, numel) == H_NUMEL as usize);
const _: () = assert!(std::mem::offset_of!(Header, rank) == H_RANK as usize);
const _: () = assert!(std::mem::offset_of!(Header, rc) == H_RC as usize);

/// What a [`Pool`] did, for tests and `--mlir-timing`-style reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PoolStats {
    /// Buffers taken from the system allocator.
    pub fresh: u64,
    /// Buffers handed out again from a free list.
    pub reused: u64,
    /// Buffers given back (count reached 0).
    pub released: u64,
    /// Buffers live now.
    pub live: u64,
    /// Bytes of the live buffers (their size classes).
    pub live_bytes: u64,
    /// The largest `live_bytes` seen.
    pub peak_bytes: u64,
    /// Buffers still live when the run ended without a fault (each one a leak of the
    /// generated code's reference counting); they are freed.
    pub leaked: u64,
}

/// The buffers of one run: free lists by size class, the list of live buffers, statistics.
pub(crate) struct Pool {
    free: Vec<Vec<*mut Header>>,
    /// The live buffers, linked through `prev`/`next` (a sentinel-free list; null ends it).
    head: *mut Header,
    pub(crate) stats: PoolStats,
}

impl Pool {
    pub(crate) fn new() -> Pool {
        Pool {
            free: Vec::new(),
            head: ptr::null_mut(),
            stats: PoolStats::default(),
        }
    }

    /// A new buffer with count 1 for `rank` sizes `sizes` of `width`-byte elements, its elements
    /// uninitialized; `None` when the size overflows or the system is out of memory.
    pub(crate) fn alloc(&mut self, width: u32, sizes: &[u64]) -> Option<*mut Header> {
        if sizes.len() > MAX_RANK {
            return None;
        }
        let numel = sizes.iter().try_fold(1u64, |n, &d| n.checked_mul(d))?;
        let bytes = numel
            .checked_mul(width as u64)?
            .checked_add(DATA_OFFSET as u64)?;
        if bytes > isize::MAX as u64 / 2 {
            return None;
        }
        let class = (64 - (bytes - 1).leading_zeros()).max(MIN_CLASS);
        let h = match self.free.get_mut(class as usize).and_then(Vec::pop) {
            Some(h) => {
                self.stats.reused += 1;
                h
            }
            None => {
                let layout = Layout::from_size_align(1usize << class, ALIGN).ok()?;
                // SAFETY: the layout has a non-zero size (at least 2^MIN_CLASS bytes).
                let p = unsafe { alloc::alloc(layout) } as *mut Header;
                if p.is_null() {
                    return None;
                }
                advise_huge_pages(p as *mut u8, 1usize << class);
                self.stats.fresh += 1;
                p
            }
        };
        let mut sz = [0u64; MAX_RANK];
        sz[..sizes.len()].copy_from_slice(sizes);
        // SAFETY: `h` points to an allocation of at least DATA_OFFSET + numel * width bytes,
        // aligned to 64, that no one else uses (fresh, or taken off a free list).
        unsafe {
            h.write(Header {
                rc: 1,
                numel,
                data: (h as *mut u8).add(DATA_OFFSET),
                rank: sizes.len() as u32,
                width,
                class: class as u64,
                prev: ptr::null_mut(),
                next: self.head,
                sizes: sz,
            });
            if !self.head.is_null() {
                (*self.head).prev = h;
            }
        }
        self.head = h;
        let b = 1u64 << class;
        self.stats.live += 1;
        self.stats.live_bytes += b;
        self.stats.peak_bytes = self.stats.peak_bytes.max(self.stats.live_bytes);
        Some(h)
    }

    /// Gives buffer `h` (live, from this pool) back: off the live list, onto its free list.
    ///
    /// # Safety
    /// `h` was returned by [`Pool::alloc`] of this pool and not freed since.
    pub(crate) unsafe fn free(&mut self, h: *mut Header) {
        // SAFETY: the caller guarantees `h` is a live buffer of this pool, so it and its list
        // neighbours are valid headers.
        unsafe {
            let (prev, next) = ((*h).prev, (*h).next);
            if prev.is_null() {
                self.head = next;
            } else {
                (*prev).next = next;
            }
            if !next.is_null() {
                (*next).prev = prev;
            }
            let class = (*h).class as usize;
            if self.free.len() <= class {
                self.free.resize_with(class + 1, Vec::new);
            }
            self.free[class].push(h);
            self.stats.live -= 1;
            self.stats.live_bytes -= 1u64 << class;
        }
        self.stats.released += 1;
    }

    /// Frees every buffer still live (after a fault, or leaked); returns how many there were.
    pub(crate) fn free_live(&mut self) -> u64 {
        let mut n = 0;
        while !self.head.is_null() {
            // SAFETY: `head` is a live buffer of this pool.
            unsafe { self.free(self.head) };
            n += 1;
        }
        n
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.free_live();
        for (class, list) in self.free.iter().enumerate() {
            for &h in list {
                // SAFETY: every buffer on a free list was allocated by `alloc` with exactly
                // this layout (size 2^class, ALIGN), and is on no other list.
                unsafe {
                    alloc::dealloc(
                        h as *mut u8,
                        Layout::from_size_align_unchecked(1usize << class, ALIGN),
                    )
                };
            }
        }
    }
}

/// Asks Linux to back an allocation of `len` bytes at `p`, when it is 4 MiB or more, with
/// transparent huge pages (`madvise(MADV_HUGEPAGE)`, which hosts in THP's `madvise` mode need): a large
/// tensor then takes one page fault per 2 MiB instead of one per 4 KiB when first written. A
/// hint: its failure changes nothing.
fn advise_huge_pages(p: *mut u8, len: usize) {
    const HUGE: usize = 2 << 20;
    #[cfg(target_os = "linux")]
    if len >= 2 * HUGE {
        // The whole huge pages inside the allocation.
        let start = (p as usize).next_multiple_of(HUGE);
        let end = (p as usize + len) / HUGE * HUGE;
        if end > start {
            // SAFETY: [start, end) lies inside the allocation just made, which this pool owns;
            // madvise with MADV_HUGEPAGE changes no contents and no mapping permissions.
            unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (p, len, HUGE);
}
