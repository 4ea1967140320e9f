//! Shared code of the `cf-opt` (pass driver) and `cf-run` (JIT runner) tools.
//!
//! - [`opt`]: cf-opt's driver: split input, parse, verify, run the pass pipeline, print.
//! - [`run`]: cf-run's driver: parse, lower, JIT-compile, call, print results.
//! - [`llvm`]: the LLVM backend's use by both tools (`--backend=llvm`, `--emit`; feature `llvm`).
//! - [`mlir`]: upstream MLIR pass pipelines in cf-opt (`--mlir-pass-pipeline`; feature `mlir`).
//! - [`tensor_io`]: cf-run's tensor arguments and results (`dense<...>`, `.npy` files).
//! - [`passes`]: the registry of every pass the tools know.
//! - [`verify_diagnostics`]: mlir-opt's `--verify-diagnostics` checker.

/// `eprint!` that ignores a failure to write: a closed or full standard error must not abort a
/// tool (its results still go to standard output, its exit status stays what it was).
macro_rules! report {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr(), $($arg)*);
    }};
}

/// `eprintln!` that ignores a failure to write (see `report!`).
macro_rules! reportln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

pub mod generate;
pub mod llvm;
pub mod mlir;
pub mod opt;
pub mod passes;
pub mod run;
pub mod split;
pub mod tensor_io;
pub mod verify_diagnostics;

use weir_ir::{Diagnostic, Location};

/// Stack size (bytes) of the thread the tools run on: 8 MiB, Linux's default main-thread
/// stack. Every walk over the IR except the parser (verifier, passes, printer, JIT) is
/// iterative, so input nested as deep as the parser accepts needs no more
/// (`tests/deep_nesting.rs` holds this).
pub const WALKER_STACK: usize = 8 << 20;

/// Stack size (bytes) of the parser's threads: 1 GiB (reserved, not committed), enough for the
/// recursive-descent parser at `weir_syntax::parser::MAX_NESTING` levels of nesting.
pub const PARSER_STACK: usize = 1 << 30;

/// Runs a tool's `main` on a thread with a [`WALKER_STACK`] stack and returns its exit status;
/// 1 if the thread cannot be started or panics.
pub fn run_main(f: impl FnOnce() -> i32 + Send + 'static) -> i32 {
    let spawned = std::thread::Builder::new()
        .stack_size(WALKER_STACK)
        .spawn(f);
    match spawned.map(|t| t.join()) {
        Ok(Ok(code)) => code,
        Ok(Err(_)) => 1,
        Err(e) => {
            reportln!("could not start the main thread: {e}");
            1
        }
    }
}

/// Runs `parse` (a call of the parser) on a thread with a [`PARSER_STACK`] stack and returns
/// its result; a thread that cannot be started or panics is an error diagnostic.
pub fn on_parser_stack<T: Send>(
    parse: impl FnOnce() -> Result<T, Diagnostic> + Send,
) -> Result<T, Diagnostic> {
    let failed = |what: String| Err(Diagnostic::error(Location::Unknown, what));
    std::thread::scope(|s| {
        match std::thread::Builder::new()
            .name("weir-parser".into())
            .stack_size(PARSER_STACK)
            .spawn_scoped(s, parse)
            .map(|t| t.join())
        {
            Ok(Ok(r)) => r,
            Ok(Err(_)) => failed("the parser thread panicked".into()),
            Err(e) => failed(format!("could not start the parser thread: {e}")),
        }
    })
}
