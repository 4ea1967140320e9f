//! Shared code of the `cf-opt` (pass driver) and `cf-run` (JIT runner) tools.
//!
//! - [`opt`]: cf-opt's driver: split input, parse, verify, run the pass pipeline, print.
//! - [`run`]: cf-run's driver: parse, lower, JIT-compile, call, print results.
//! - [`passes`]: the registry of every pass the tools know.
//! - [`verify_diagnostics`]: mlir-opt's `--verify-diagnostics` checker.

pub mod opt;
pub mod generate;
pub mod passes;
pub mod run;
pub mod split;
pub mod verify_diagnostics;
