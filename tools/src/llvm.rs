//! The tools' use of the LLVM backend (`weir-llvm`, cargo feature `llvm`): cf-run's
//! `--backend=llvm` and cf-opt's `--emit=llvm-ir|object`. Built without the feature, each
//! entry point is the error "the llvm backend is not built in".

use std::time::Duration;
#[cfg(feature = "llvm")]
use std::time::Instant;
#[cfg(not(feature = "llvm"))]
use weir_ir::Location;
use weir_ir::{Context, Diagnostic, OpId};
use weir_jit::{JitValue, RuntimeError};

/// Which code generator cf-run uses (`--backend`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Backend {
    /// The Cranelift JIT (`weir-jit`), the default.
    #[default]
    Cranelift,
    /// LLVM (`weir-llvm`), scalar and tensor programs; needs the `llvm` feature.
    Llvm,
}

/// What cf-opt writes (`--emit`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Emit {
    /// The module as MLIR text (the default).
    #[default]
    Mlir,
    /// Textual LLVM IR of the module lowered as cf-run lowers it.
    LlvmIr,
    /// An object file of it for the host (`docs/llvm-backend.md`'s C ABI).
    Object,
}

/// The error of a tool built without the `llvm` feature.
#[cfg(not(feature = "llvm"))]
fn not_built() -> Diagnostic {
    Diagnostic::error(
        Location::Unknown,
        "the llvm backend is not built in (build weir-tools with `--features llvm`)",
    )
}

/// Compiles the CFG-level `module` with LLVM at `-O<opt_level>` (counting loop trips when
/// `fuel` is given) and calls `entry` with `args`; the compile and run times are appended to
/// `timings` (`JIT compile`, `Run`), the optimized LLVM IR printed to stderr when `dump`.
#[cfg(feature = "llvm")]
pub fn call(
    ctx: &Context,
    module: OpId,
    (entry, args): (&str, &[JitValue]),
    opt_level: u8,
    fuel: Option<u64>,
    dump: bool,
    timings: &mut Vec<(String, Duration)>,
) -> Result<Result<Vec<JitValue>, RuntimeError>, Diagnostic> {
    let options = weir_llvm::LlvmOptions {
        opt_level,
        loop_fuel: fuel.is_some(),
    };
    let t = Instant::now();
    let compiled = weir_llvm::compile(ctx, module, &options);
    timings.push(("JIT compile".to_string(), t.elapsed()));
    let m = compiled?;
    if dump {
        report!("{}", weir_llvm::emit_llvm_ir(ctx, module, &options)?);
    }
    let t = Instant::now();
    let called = m.call_values(entry, args, fuel);
    timings.push(("Run".to_string(), t.elapsed()));
    Ok(called)
}

/// Without the `llvm` feature: the error that the backend is not built in.
#[cfg(not(feature = "llvm"))]
pub fn call(
    _ctx: &Context,
    _module: OpId,
    _call: (&str, &[JitValue]),
    _opt_level: u8,
    _fuel: Option<u64>,
    _dump: bool,
    _timings: &mut Vec<(String, Duration)>,
) -> Result<Result<Vec<JitValue>, RuntimeError>, Diagnostic> {
    Err(not_built())
}

/// The bytes cf-opt writes for `emit` (not [`Emit::Mlir`]) of the CFG-level `module`: LLVM IR
/// text or an object file, optimized at `-O<opt_level>`.
#[cfg(feature = "llvm")]
pub fn emit(ctx: &Context, module: OpId, emit: Emit, opt_level: u8) -> Result<Vec<u8>, Diagnostic> {
    let options = weir_llvm::LlvmOptions {
        opt_level,
        loop_fuel: false,
    };
    match emit {
        Emit::Object => weir_llvm::emit_object(ctx, module, &options),
        Emit::LlvmIr | Emit::Mlir => {
            weir_llvm::emit_llvm_ir(ctx, module, &options).map(String::into_bytes)
        }
    }
}

/// Without the `llvm` feature: the error that the backend is not built in.
#[cfg(not(feature = "llvm"))]
pub fn emit(
    _ctx: &Context,
    _module: OpId,
    _emit: Emit,
    _opt_level: u8,
) -> Result<Vec<u8>, Diagnostic> {
    Err(not_built())
}
