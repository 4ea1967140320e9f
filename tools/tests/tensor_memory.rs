//! Memory acceptance of issue 11 on examples/add-one-loop.mlir (`x = x + 1.0` on a
//! `tensor<1000xf32>` in an `scf.for` of `n` trips, lowered by cf-run's pipeline and run by
//! the JIT), read from the buffer pool's statistics:
//! - the loop allocates nothing per trip: `fresh + reused` is the same for 10 and 10^4 trips;
//! - 10^6 trips (about a second in a debug build) keep `peak_bytes` at one buffer, as 10 trips
//!   do; nothing leaks.
//!
//! - fused (`--convert-elementwise-to-linalg --linalg-fuse-elementwise-ops`: the addition
//!   becomes a `linalg.generic` into a `tensor.empty`), the loop takes its buffers from the
//!   pool: no new allocation per trip, the same peak for 10 and 10^4 trips.
//!
//! The peak RSS of the same 10^6-trip run under cf-run is checked by `scripts/check-rss`.

use weir_jit::{JitModule, JitValue, PoolStats, Scalar};
use weir_syntax::{parse_module, ParseOptions};

const ADD_ONE_LOOP: &str = include_str!("../../examples/add-one-loop.mlir");

fn compiled() -> JitModule {
    compiled_with(false)
}

/// The example compiled, after the fusion passes when `fused`.
fn compiled_with(fused: bool) -> JitModule {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let m = parse_module(
        &mut ctx,
        &syntax,
        ADD_ONE_LOOP,
        "add-one-loop.mlir",
        1,
        ParseOptions::default(),
    )
    .unwrap_or_else(|d| panic!("{}: {}", d.loc, d.message));
    weir_ir::verify(&ctx, m).unwrap_or_else(|d| panic!("{}: {}", d.loc, d.message));
    if fused {
        weir_linalg_fusion::elementwise::run(&mut ctx, m);
        weir_linalg_fusion::fuse::run(&mut ctx, m);
    }
    weir_tools::run::lower(&mut ctx, m).unwrap_or_else(|d| panic!("{}: {}", d.loc, d.message));
    weir_jit::compile(&ctx, m).unwrap_or_else(|d| panic!("{}: {}", d.loc, d.message))
}

/// Runs `@main(n)`; checks the result is `n` (0 + 1.0, n times: exact below 2^24) and that
/// nothing leaked; returns the pool's statistics.
fn run(jit: &JitModule, n: i64) -> PoolStats {
    let out = jit
        .call_values("main", &[JitValue::Scalar(Scalar::index(n))], None)
        .unwrap_or_else(|e| panic!("{}", e.message));
    assert_eq!(out, vec![JitValue::Scalar(Scalar::F32(n as f32))]);
    let st = jit.last_pool_stats();
    assert_eq!((st.leaked, st.live), (0, 0), "{st:?}");
    st
}

#[test]
fn add_one_loop_allocates_nothing_per_trip() {
    let jit = compiled();
    let (few, many) = (run(&jit, 10), run(&jit, 10_000));
    assert_eq!(
        few.fresh + few.reused,
        many.fresh + many.reused,
        "{few:?} {many:?}"
    );
    // The filled tensor is the only buffer: the loop adds into it in place.
    assert_eq!(many.fresh + many.reused, 1, "{many:?}");
}

#[test]
fn a_million_trips_keep_one_buffer() {
    let jit = compiled();
    let (few, million) = (run(&jit, 10), run(&jit, 1_000_000));
    assert_eq!(few.peak_bytes, million.peak_bytes, "{few:?} {million:?}");
    // One buffer of 1000 f32 (4000 bytes) after its 128-byte header: size class 8192 bytes.
    assert_eq!(million.peak_bytes, 8192, "{million:?}");
}

#[test]
fn the_fused_loop_reuses_pool_buffers() {
    let jit = compiled_with(true);
    let (few, many) = (run(&jit, 10), run(&jit, 10_000));
    assert_eq!(few.fresh, many.fresh, "{few:?} {many:?}");
    assert_eq!(few.peak_bytes, many.peak_bytes, "{few:?} {many:?}");
    // The carried tensor and the tensor.empty of each trip: two buffers of size class 8192.
    assert_eq!(many.peak_bytes, 2 * 8192, "{many:?}");
}
