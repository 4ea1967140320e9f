//! The host allocator's policy for large blocks, set once by a tool at start-up.
//!
//! glibc's `malloc` serves blocks of at least its mmap threshold (128 KiB) with their own
//! mappings, which `free` and `realloc` return to the system, but it raises that threshold to
//! the size of any such block that is freed (up to 32 MiB). After that, blocks below the new
//! threshold (the IR's entity tables and list pools as they grow, a fork's copy of them) come
//! from the heap, where each doubling copies and leaves the old block resident until reused,
//! and freed memory stays mapped. Fixing the threshold (which turns the raising off, as
//! `MALLOC_MMAP_THRESHOLD_` does) lowered cf-opt's peak RSS by 6-20 % on the benchmark
//! modules (docs/benchmarks.md, "Peak RSS").

/// Keeps glibc's mmap threshold at its default of 128 KiB for the rest of the process (see
/// the module docs); does nothing with another C library. Call it before threads start.
pub fn fix_mmap_threshold() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        /// `M_MMAP_THRESHOLD` of glibc's `<malloc.h>`.
        const M_MMAP_THRESHOLD: std::ffi::c_int = -3;
        /// glibc's default threshold (`DEFAULT_MMAP_THRESHOLD_MIN`).
        const THRESHOLD: std::ffi::c_int = 128 * 1024;
        extern "C" {
            fn mallopt(param: std::ffi::c_int, value: std::ffi::c_int) -> std::ffi::c_int;
        }
        // SAFETY: `mallopt` is glibc's documented, thread-safe setter of malloc parameters;
        // M_MMAP_THRESHOLD with a value within its bounds (0..=32 MiB) only changes which
        // future requests are served by mmap, never a live block. Its result (0 if the value
        // were refused) needs no handling: the allocator then keeps its own policy.
        unsafe {
            mallopt(M_MMAP_THRESHOLD, THRESHOLD);
        }
    }
}
