//! Shared code of the `cf-opt` (pass driver) and `cf-run` (JIT runner) tools.
//!
//! - [`opt`]: cf-opt's driver: split input, parse, verify, run the pass pipeline, print.
//! - [`run`]: cf-run's driver: parse, lower, JIT-compile, call, print results.
//! - [`passes`]: the registry of every pass the tools know.
//! - [`verify_diagnostics`]: mlir-opt's `--verify-diagnostics` checker.

pub mod generate;
pub mod opt;
pub mod passes;
pub mod run;
pub mod split;
pub mod verify_diagnostics;

/// Runs `f` on a thread with a 1 GiB stack (reserved, not committed) and returns its result:
/// the parser, verifier, printer and passes recurse once per nesting level, and the parser
/// accepts up to `weir_syntax::parser::MAX_NESTING` levels. Exits with status 1 if the thread
/// cannot be started or panics.
pub fn with_big_stack(f: impl FnOnce() -> i32 + Send + 'static) -> i32 {
    let spawned = std::thread::Builder::new().stack_size(1 << 30).spawn(f);
    match spawned.map(|t| t.join()) {
        Ok(Ok(code)) => code,
        Ok(Err(_)) => 1,
        Err(e) => {
            eprintln!("could not start the main thread: {e}");
            1
        }
    }
}
