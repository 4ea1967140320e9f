//! Weir's second backend: LLVM code generation (through inkwell) for the CFG-level IR that the
//! Cranelift JIT (`weir-jit`) compiles: `func`, `arith`, `math` and `cf` after
//! `--convert-scf-to-cf`, and ranked tensors with the `tensor` and `linalg` ops (see "Tensors"
//! below). It JIT-compiles a module and calls its functions
//! ([`compile`], [`LlvmModule`]), prints its LLVM IR ([`emit_llvm_ir`]) and writes an object
//! file callable from C ([`emit_object`]; the ABI is `docs/llvm-backend.md`'s).
//!
//! Everything is behind the crate's `llvm` feature (`weir-tools`' feature `llvm` turns it on):
//! without it the crate is empty and the build needs no LLVM installed.
//!
//! # One place decides semantics, two places emit code
//! The lowering has the JIT's structure: a per-function driver (`lower/mod.rs`: blocks in
//! reverse post-order, the stack check, loop fuel, fault blocks) and ONE table from op name to
//! lowering, filled by one module per dialect (`lower/arith.rs`, `math.rs`, `cf.rs`,
//! `func.rs`; arith's binary ops entered from `IntBinaryOp::ALL`/`FloatBinaryOp::ALL` and
//! lowered by exhaustive `match`es). What MLIR leaves undefined is decided in
//! `weir_dialect_arith::backend_semantics` (which divisions fault and with which message, what
//! oversized shifts give, how float-to-int conversions saturate, the NaN rule of
//! `maxnumf`/`minnumf`), which both backends read. The value ABI is the JIT's
//! (`weir_jit::backend`): the uniform entry trampoline `void f(const uint64_t *args,
//! uint64_t *results, RuntimeContext *rt)` with one 64-bit slot per value (integers
//! zero-extended, `f32` in the low 32 bits, `f16`/`bf16` as their bits), the runtime context
//! (status word, stack limit, loop budget) and its fault table, and the same host functions:
//! `math.fpowi`, `math.ipowi` and the f16/bf16 conversions call the JIT's runtime helpers, the
//! transcendental `math` ops the C math library (called `nobuiltin`, so LLVM does not rewrite
//! them); `arith.remf` is LLVM's `frem`, which is C's `fmod` as in the JIT. Runtime faults
//! (division by zero, signed division overflow, a failed `cf.assert`, too deep recursion, an
//! exhausted loop budget) are the same [`RuntimeError`]s with the same messages and locations.
//!
//! # Tensors
//! A tensor value is the JIT's: a pointer to a buffer header of the JIT's tensor runtime
//! (reference count, sizes, elements in the dense layout, from the run's pool), and every
//! decision is the JIT's, read from `weir_jit::backend`: where references are released and
//! duplicated (`Ownership`, Perceus-style, with in-place reuse at count 1), the runs of
//! elementwise ops fused into one loop and the buffers they read and write (`KernelPlan`), the
//! loops and output buffers of a linalg structured op (`StructuredPlan`), when a matmul is the
//! host GEMM (`GemmPlan`); allocation, retain/release, the fault details (shapes, indices) and
//! the data-movement and matmul kernels are the runtime's host functions; calls with tensors
//! go through the JIT's `EntryCall` (argument checks, import/export, pool statistics, freeing
//! everything after a fault). This crate emits the code: elementwise kernels (`lower/kernel.rs`)
//! and structured ops (`lower/linalg.rs`) as plain scalar loops over the contiguous elements
//! that LLVM's vectorizer turns into SIMD for the host CPU (a loop whose output may reuse an
//! input's buffer is emitted twice, in place and separate, so both vectorize); float ops get
//! LLVM fast-math flags only from their `fastmath<...>` attribute; `tensor.*` element, shape
//! and reshape ops inline (`lower/tensor.rs`, `lower/reshape.rs`); `tensor.concat`,
//! `extract_slice`, `insert_slice`, `pad` and the GEMM call the host kernels
//! (`lower/movement.rs`). Runtime errors are the JIT's, with the same messages and locations.
//! Not yet: tensor constants in object files ([`emit_object`] refuses them: their buffers live
//! in the compiling process).
//!
//! # Representation
//! `iN` is LLVM's `iN` (wrapping arithmetic is LLVM's own, no masking), `index` is `i64`,
//! `f32`/`f64` are `float`/`double`, `f16`/`bf16` are carried as `i16` bits (computed with only
//! after `--arith-emulate-unsupported-floats`, as in the JIT). Block arguments are `phi`s; an
//! edge that passes arguments from a multi-way branch goes through its own block. Each
//! function is `internal` with its MLIR name and takes the runtime context first; two or more
//! results are returned as a struct. Each function `@f` also gets the external trampoline
//! `weir_f` (the entry convention above), which [`LlvmModule::call`] and C callers use.
//!
//! Not supported (a located error, never a panic): what the JIT does not support either
//! (unranked tensors, maps that are not projected permutations, ...), external function
//! declarations, `siN`/`uiN`, integers wider than 64 bits, vectors,
//! math ops on `f16`/`bf16`. Blocks unreachable from a function's entry are not compiled.
#![cfg(feature = "llvm")]
#![warn(missing_docs)]

mod codegen;
mod diag;
mod lower;
mod run;

pub use run::LlvmModule;

use weir_ir::{Context, Diagnostic, OpId};

pub use weir_jit::{JitValue, RuntimeError, RuntimeErrorKind, Scalar, ScalarType};

/// How the LLVM backend compiles.
#[derive(Clone, Debug)]
pub struct LlvmOptions {
    /// LLVM's optimization level, 0 to 3 (`-O0` .. `-O3`): the `default<ON>` pass pipeline and
    /// the code generator's level (default 2).
    pub opt_level: u8,
    /// Count loop-header entries against a budget (see `weir_jit::JitOptions::loop_fuel`;
    /// default `false`: no code for it).
    pub loop_fuel: bool,
}

impl Default for LlvmOptions {
    fn default() -> Self {
        LlvmOptions {
            opt_level: 2,
            loop_fuel: false,
        }
    }
}

/// JIT-compiles every function of `module` (a `builtin.module` at the CFG level) with LLVM.
///
/// Errors are located diagnostics with the JIT's wording (`cf-run: unsupported operation
/// 'scf.if' in the llvm backend`, `cf-run: unsupported type 'tensor<*xf32>' in the llvm
/// backend`, malformed ops).
pub fn compile(
    ctx: &Context,
    module: OpId,
    options: &LlvmOptions,
) -> Result<LlvmModule, Diagnostic> {
    run::LlvmModule::compile(ctx, module, options)
}

/// The textual LLVM IR of `module`, after LLVM's optimization at `options.opt_level`.
pub fn emit_llvm_ir(
    ctx: &Context,
    module: OpId,
    options: &LlvmOptions,
) -> Result<String, Diagnostic> {
    codegen::with_optimized(ctx, module, options, |m, _, _| {
        Ok(m.print_to_string().to_string())
    })
}

/// An object file (ELF on Linux) of `module` for the host, optimized at `options.opt_level`
/// (a module with tensor constants is an error: their buffers live in this process):
/// every function's internal code and its external trampoline `weir_<name>` (the entry
/// convention; see the crate docs and `docs/llvm-backend.md`), and the fault table
/// `weir_fault_messages`, an array of C strings indexed by status word - 1.
pub fn emit_object(
    ctx: &Context,
    module: OpId,
    options: &LlvmOptions,
) -> Result<Vec<u8>, Diagnostic> {
    codegen::with_optimized(ctx, module, options, |m, tm, consts| {
        if consts {
            return Err(diag::err_at(
                &ctx.loc(module),
                "tensor constants are not supported in object files by the llvm backend yet",
            ));
        }
        tm.write_to_memory_buffer(m, inkwell::targets::FileType::Object)
            .map(|b| b.as_slice().to_vec())
            .map_err(|e| diag::host_error(&weir_ir::Location::Unknown, "object file", e))
    })
}
