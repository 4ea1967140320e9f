//! Memory behaviour of the LLVM backend on tensors, read from the (shared) buffer pool's
//! statistics, as tools/tests/tensor_memory.rs checks the Cranelift JIT's: `x = x + 1.0` on a
//! `tensor<1000xf32>` carried by an `scf.for` allocates nothing per trip (the addition reuses
//! the buffer in place), nothing leaks at exit, and a runtime error after the loop (an index
//! out of bounds) leaves nothing live either. Expected values by hand: 0 + 1.0 `n` times is
//! `n` (exact below 2^24).
#![cfg(feature = "llvm")]

use weir_jit::{JitValue, PoolStats, RuntimeErrorKind, Scalar};
use weir_syntax::{parse_module, ParseOptions};

/// `@main(n, i)`: x = splat 0.0, n times x = x + 1.0, returns x[i].
const LOOP: &str = r#"
func.func @main(%n: index, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant dense<1.0> : tensor<1000xf32>
  %x0 = tensor.splat %zero : tensor<1000xf32>
  %x = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %x0) -> (tensor<1000xf32>) {
    %y = arith.addf %acc, %one : tensor<1000xf32>
    scf.yield %y : tensor<1000xf32>
  }
  %r = tensor.extract %x[%i] : tensor<1000xf32>
  return %r : f32
}
"#;

fn compiled(opt_level: u8) -> weir_llvm::LlvmModule {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let m = parse_module(
        &mut ctx,
        &syntax,
        LOOP,
        "loop.mlir",
        1,
        ParseOptions::default(),
    )
    .unwrap_or_else(|d| panic!("{}: {}", d.loc, d.message));
    weir_ir::verify(&ctx, m).unwrap_or_else(|d| panic!("{}: {}", d.loc, d.message));
    weir_tools::run::lower(&mut ctx, m).unwrap_or_else(|d| panic!("{}: {}", d.loc, d.message));
    let options = weir_llvm::LlvmOptions {
        opt_level,
        loop_fuel: false,
    };
    weir_llvm::compile(&ctx, m, &options).unwrap_or_else(|d| panic!("{}: {}", d.loc, d.message))
}

fn args(n: i64, i: i64) -> [JitValue; 2] {
    [
        JitValue::Scalar(Scalar::index(n)),
        JitValue::Scalar(Scalar::index(i)),
    ]
}

/// Runs `@main(n, 999)`, checks the result is `n` and that nothing leaked.
fn run(m: &weir_llvm::LlvmModule, n: i64) -> PoolStats {
    let out = m
        .call_values("main", &args(n, 999), None)
        .unwrap_or_else(|e| panic!("{}", e.message));
    assert_eq!(out, vec![JitValue::Scalar(Scalar::F32(n as f32))]);
    let st = m.last_pool_stats();
    assert_eq!((st.leaked, st.live), (0, 0), "{st:?}");
    st
}

#[test]
fn add_one_loop_allocates_nothing_per_trip() {
    for level in [0, 3] {
        let m = compiled(level);
        let (few, many) = (run(&m, 10), run(&m, 10_000));
        assert_eq!(
            few.fresh + few.reused,
            many.fresh + many.reused,
            "{few:?} {many:?}"
        );
        assert_eq!(few.peak_bytes, many.peak_bytes, "{few:?} {many:?}");
        // One buffer: the splat, updated in place by every trip.
        assert_eq!(many.fresh + many.reused, 1, "{many:?}");
    }
}

#[test]
fn a_runtime_error_leaves_nothing_live() {
    let m = compiled(2);
    let err = m
        .call_values("main", &args(5, 1000), None)
        .expect_err("index 1000 of a tensor<1000xf32>");
    assert_eq!(err.kind, RuntimeErrorKind::IndexOutOfBounds);
    assert_eq!(
        err.message,
        "'tensor.extract' index out of bounds: index 1000 is out of bounds for dimension 0 of \
         shape (1000)"
    );
    let st = m.last_pool_stats();
    assert_eq!(
        (st.live, st.fresh + st.reused, st.released),
        (0, 1, 1),
        "{st:?}"
    );
}
