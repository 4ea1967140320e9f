//! Weir's Cranelift backend: JIT-compiles a `builtin.module` at the CFG level and calls its
//! functions.
//!
//! This is the only crate of the project that links Cranelift (DESIGN.md, "Codegen"). It
//! depends on the dialects it lowers (arith, cf, func, tensor, linalg) but never on the parser or the pass
//! manager: ops are found by name in one lowering table and read through their dialects' views
//! and enums (`arith::CmpIOp`, `arith::IntBinaryOp`, `cf::SwitchOp`, `func::CallOp`, ...), so
//! the ops must be registered in the context (an unregistered op is a compile error). The input
//! need not be verified: a malformed op is a located error, never a panic.
//!
//! # What is compiled
//! A `builtin.module` whose body holds only `func.func` definitions, whose bodies hold only
//! these ops (semantics are MLIR's, cited per op in the source):
//! - `func.return`, `func.call`;
//! - `arith.constant`; integer `arith.addi subi muli divsi divui remsi remui andi ori xori shli
//!   shrsi shrui maxsi maxui minsi minui ceildivsi ceildivui floordivsi cmpi`; float
//!   `arith.addf subf mulf divf remf negf maxnumf minnumf maximumf minimumf cmpf`;
//!   `arith.select`; casts `arith.index_cast index_castui extsi extui trunci sitofp uitofp fptosi
//!   fptoui extf truncf bitcast`;
//! - `math.absf sqrt rsqrt floor ceil trunc roundeven copysign fma` as Cranelift instructions
//!   (`rsqrt` is `1 / sqrt(x)`); `math.exp exp2 expm1 log log2 log10 log1p tanh sinh cosh sin
//!   cos tan asin acos atan asinh acosh atanh erf erfc round cbrt atan2 powf` as calls into the
//!   host C math library (`expf` for `f32`, `exp` for `f64`, ...: `plan::math::LIBM_CALLS`); `math.fpowi` (repeated squaring in the base's precision, as compiler-rt's
//!   `__powidf2`), `math.ipowi` (wrapping; 0 to a negative power faults) through host helpers;
//!   `math.absi` (the minimum value wraps to itself); `math.ctlz cttz ctpop` (0 counts the
//!   width) and `math.isnan isinf isfinite isnormal` (read from the stored bits of any float
//!   format: `plan::math::FloatClassPlan`);
//! - `cf.br`, `cf.cond_br`, `cf.switch`, `cf.assert`;
//! - on ranked tensors (docs/design/tensor-runtime.md): every elementwise op above (MLIR's
//!   `Elementwise` trait) on tensors, fused into one loop per run of consecutive ops
//!   (`lower/kernel.rs`); `arith.constant dense<...>`; `tensor.empty splat from_elements
//!   extract insert dim rank cast generate` (`lower/tensor.rs`), `tensor.reshape expand_shape
//!   collapse_shape` (`lower/reshape.rs`), `tensor.concat extract_slice insert_slice pad`
//!   and the GEMM of `linalg.matmul batch_matmul` (`lower/movement.rs`, host kernels of
//!   `weir-kernels` and the `gemm` crate), and every linalg structured op (`fill`, `transpose`,
//!   `broadcast`, `map`, `reduce`, `generic` with projected-permutation maps, `matmul` with
//!   custom maps; `linalg.index`) as a loop nest (`lower/linalg.rs`).
//!
//! Types: signless `i1`..`i64`, `index` (64 bits), `f32`, `f64`, `f16`/`bf16`, and ranked
//! tensors of those (rank at most 8; integer widths stored in whole bytes: 1, 8, 16, 32, 64).
//! `f16`/`bf16` are carried as their 16 bits: converted (`arith.extf`/`truncf`, through host
//! helpers on the `half` crate, rounding once to nearest even), moved (`arith.select`,
//! `arith.bitcast`, constants, block arguments, calls, loads and stores of 2-byte tensor
//! elements) but not computed with: their arithmetic runs in `f32` after
//! `--arith-emulate-unsupported-floats` (cf-run's pipeline runs it), and an arith or math op on
//! them without it is a located error saying so. Anything else (an `scf` op, an unranked
//! tensor, an external function declaration...) is a located [`Diagnostic`] from [`compile`],
//! never a panic.
//!
//! Not supported: function declarations (external functions), `siN`/`uiN`, integers wider
//! than 64 bits, vectors, unranked tensors, `tensor.pad` with a padding
//! value computed in its region, math ops on `f16`/`bf16` (cf-run's pipeline extends them to
//! `f32` first: `--math-extend-to-supported-types`), tuples, nested modules, nested symbol
//! references. Blocks unreachable from a function's entry are not compiled
//! (they can never run, so their ops are not checked either).
//!
//! # Representation
//! MLIR blocks become Cranelift blocks one to one, block arguments become block parameters.
//! `iN` lives in the smallest Cranelift integer type holding N bits (`i1` in `I8`), always
//! *zero-extended* above bit N (so `i1` is 0 or 1); every op that can carry into the upper bits
//! masks its result, and signed ops sign-extend their operands from bit N-1 first, so arithmetic
//! wraps exactly at the MLIR width (`i2`, `i7` included).
//!
//! # Layering
//! - `abi.rs`: the value ABI and the calling conventions: Cranelift
//!   types of scalars, the internal signature and calls, the uniform trampoline, argument and
//!   result slots, the runtime context's layout, and MLIR's memref descriptor
//!   ([`MemRefDescriptor`], [`MemRefLayout`]) that buffer lowerings will pass.
//! - `module.rs`: module setup (the Cranelift JIT for the host, declaring every function,
//!   defining bodies and trampolines, finalizing), symbol resolution, and the host functions
//!   generated code calls (runtime helpers, the C math library) with one mechanism to call them
//!   (`Imports::call_runtime`).
//! - `lower/`: the per-function driver (blocks in reverse post-order, the stack check, loop
//!   fuel, fault blocks) and ONE lowering table from op name to
//!   `fn(&mut FunctionLowering, OpId) -> Result<(), Diagnostic>`, filled by one module per
//!   dialect: `lower/arith.rs`, `lower/math.rs`, `lower/cf.rs`, `lower/func.rs`, each with its
//!   `ENTRIES` (arith's binary ops are entered from `IntBinaryOp::ALL` and
//!   `FloatBinaryOp::ALL` and lowered by one exhaustive `match` over each enum, so an op added
//!   to those enums does not compile until the JIT lowers it). Adding another op's lowering is
//!   one entry there (plus the function it calls); the op-name literals of the crate live only
//!   in those entries (and `lower/func.rs` names the two container ops, `builtin.module` and
//!   `func.func`, that the module setup walks).
//! - `backend.rs` ([`backend`]): what the second backend (`crates/llvm`) shares with this
//!   one: the entry convention's slots, the runtime context, the fault table, the thread with
//!   a large stack, the host helpers and the runtime fault messages, and for tensors the
//!   whole runtime and every decision: calls with tensors (`EntryCall`), the buffer header,
//!   the runtime's and kernels' host functions, constants, the ownership analysis, and the
//!   plans of fused kernels, structured ops, GEMMs and data-movement calls (which the
//!   lowerings here read too), and where this JIT's vector loops run (`exp` by a shared
//!   polynomial there).
//! - `diag.rs`: the compile errors (`cf-run: ...`, located; types written by the context's
//!   type printer, i.e. in MLIR's syntax).
//!
//! # Tensors at run time
//! A tensor value is a pointer to a buffer (`runtime/buffer.rs`: a header with a reference
//! count, the sizes and the elements in the dense layout, from a size-class pool that keeps
//! the live buffers on a list). Ownership is Perceus-style reference counting decided from
//! CFG liveness at compile time (`plan/ownership.rs`): a value is released at its last use,
//! duplicated when a branch or call needs another reference, and an op whose operand is at its
//! last use with count 1 writes its result into that operand's buffer, so a loop that carries
//! a tensor updates it in place. Every buffer still live when a call ends (after a fault) is
//! freed; [`JitModule::last_pool_stats`] reports what the pool did. Kernels on `f32`, `f64`,
//! `i32`, `i64` run on 128-bit vectors where every op is lane-wise (`math.exp` on `f32` by a
//! polynomial within 2 ulp of the C library); the other transcendentals call the C library per
//! element.
//!
//! # Runtime faults
//! Integer division or remainder by zero (and `math.ipowi` of 0 to a negative power), signed
//! division overflow (`INT_MIN / -1` in `divsi`,
//! `remsi`, `ceildivsi`, `floordivsi`), a failed `cf.assert`, too deep recursion and an exhausted
//! loop budget ([`JitModule::call_with_fuel`]) are reported as a [`RuntimeError`], never a
//! signal. Each compiled function takes a hidden pointer to a runtime context; a fault stores
//! its code there and returns, and every caller checks the code after each call and returns
//! early. Each function also has a trampoline of the uniform signature
//! `extern "C" fn(args: *const u64, results: *mut u64, rt: *mut RuntimeContext)` (arguments and
//! results one 64-bit slot each: integers zero-extended, `f32` in the low 32 bits), so
//! [`JitModule::call`] can call any signature. Calls run on a fresh thread with a large stack
//! (at least 64 MiB); every function checks the stack pointer on entry, so runaway recursion is
//! an error too. Tensor ops check every dynamic precondition (equal shapes of elementwise
//! operands, bounds of indices and slices, element counts of reshapes, static sizes of
//! `tensor.cast`): a [`RuntimeErrorKind::ShapeMismatch`] or [`RuntimeErrorKind::IndexOutOfBounds`]
//! located at the op, whose message names the shapes involved.

#![warn(missing_docs)]

mod abi;
pub mod backend;
mod diag;
pub mod host_alloc;
pub(crate) mod lower;
mod module;
pub(crate) mod plan;
mod runtime;
mod scalar;
mod tensor_value;

#[cfg(test)]
mod tests;

pub use abi::{MemRefDescriptor, MemRefLayout};
pub use runtime::PoolStats;
pub use scalar::{Scalar, ScalarType};
pub use tensor_value::{JitValue, TensorValue};

use abi::{Slot, Trampoline};
use runtime::ConstBuffer;

use std::collections::HashMap;
use std::fmt;
use weir_ir::{Context, Diagnostic, Location, OpId, Type};

/// How compilation is configured.
#[derive(Clone, Debug)]
pub struct JitOptions {
    /// Cranelift's optimisation level: `false` is `none`, `true` (the default) is `speed`.
    pub optimize: bool,
    /// Run Cranelift's IR verifier on every function (default `true`): a malformed input then
    /// becomes a diagnostic instead of wrong code.
    pub verify: bool,
    /// Keep the Cranelift IR of every function (before Cranelift's own optimisation) for
    /// [`JitModule::clif`] (default `false`): for debugging the translation.
    pub keep_clif: bool,
    /// Keep the disassembly of every function's machine code (Cranelift's final instructions,
    /// after register allocation, one listing per function and trampoline) for
    /// [`JitModule::disasm`] (default `false`): for reading the code the JIT emits.
    pub keep_disasm: bool,
    /// Count loop-header entries against the budget of [`JitModule::call_with_fuel`] (default
    /// `false`: no code for it at all). When `true`, each function with a loop keeps the budget
    /// in a Cranelift variable (a register in the loop: a compare, a branch and a decrement per
    /// header entry), writing it back to the runtime context only around calls and at returns.
    /// A module compiled without it rejects a budget ([`RuntimeErrorKind::BadCall`]).
    pub loop_fuel: bool,
}

impl Default for JitOptions {
    fn default() -> Self {
        JitOptions {
            optimize: true,
            verify: true,
            keep_clif: false,
            keep_disasm: false,
            loop_fuel: false,
        }
    }
}

/// What went wrong at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuntimeErrorKind {
    /// `arith.divsi/divui/remsi/remui/ceildivsi/ceildivui/floordivsi` with a zero divisor, and
    /// `math.ipowi` of 0 to a negative power (undefined behaviour in MLIR; a clean error here).
    DivisionByZero,
    /// Signed division of the most negative value by -1 (undefined behaviour in MLIR).
    DivisionOverflow,
    /// A `cf.assert` whose condition was false.
    AssertionFailed,
    /// The recursion depth exceeded the JIT's stack budget.
    StackOverflow,
    /// The loop budget given to [`JitModule::call_with_fuel`] ran out.
    FuelExhausted,
    /// No function of that name, wrong number or types of arguments.
    BadCall,
    /// The JIT could not run the code (e.g. no thread could be started).
    Internal,
    /// Tensor shapes that an op requires to agree do not (elementwise operands, a
    /// `tensor.cast` to a static shape, ...); the message names both shapes.
    ShapeMismatch,
    /// An index outside a tensor's bounds (`tensor.extract`/`insert`, slices, `tensor.dim`).
    IndexOutOfBounds,
    /// A tensor could not be allocated (its size overflows, or memory ran out).
    OutOfMemory,
}

/// A runtime fault of JIT-compiled code, or a bad call.
#[derive(Clone, Debug, PartialEq)]
pub struct RuntimeError {
    /// The message, e.g. `integer division by zero` or `assertion failed: <msg>`.
    pub message: String,
    /// What kind of fault it is.
    pub kind: RuntimeErrorKind,
    /// The location of the op that faulted (`Location::Unknown` for a bad call).
    pub loc: Location,
}

impl fmt::Display for RuntimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RuntimeError {}

/// One place in the generated code that can fault: what [`RuntimeError`] a run that stops
/// there reports.
#[derive(Clone, Debug)]
pub struct FaultSite {
    /// The kind of fault.
    pub kind: RuntimeErrorKind,
    /// The message (a runtime helper may append details at run time).
    pub message: String,
    /// The op's location.
    pub loc: Location,
}

/// A compiled function as [`JitModule::call`] sees it.
struct CompiledFunc {
    /// Its entry slots and parameter shapes.
    sig: backend::EntrySignature,
    param_types: Vec<Type>,
    result_types: Vec<Type>,
    trampoline: Trampoline,
}

/// A compiled module: machine code for each function of a `builtin.module`, callable by name.
pub struct JitModule {
    /// Owns the executable memory; freed on drop.
    module: Option<cranelift_jit::JITModule>,
    funcs: HashMap<String, CompiledFunc>,
    order: Vec<String>,
    faults: Vec<FaultSite>,
    /// An upper bound of the stack one compiled frame may use, in bytes.
    max_frame: u64,
    /// The Cranelift IR text, when [`JitOptions::keep_clif`] was set.
    clif: String,
    /// The disassembly, when [`JitOptions::keep_disasm`] was set.
    disasm: String,
    /// Whether loop headers count against a budget ([`JitOptions::loop_fuel`]).
    loop_fuel: bool,
    /// The constant tensors the code embeds the addresses of (immortal buffers).
    consts: Vec<ConstBuffer>,
    /// The buffer pool's statistics of the last call ([`JitModule::last_pool_stats`]).
    last_stats: std::sync::Mutex<PoolStats>,
}

/// Compiles every function of `module` (a `builtin.module`) with the default [`JitOptions`].
///
/// Errors are located diagnostics: `cf-run: unsupported operation 'scf.if' in the JIT`,
/// `cf-run: unsupported type 'tensor<2xf32>' in the JIT`, `cf-run: external functions are not
/// supported by the JIT ...`, malformed ops (wrong operand counts or types).
pub fn compile(ctx: &Context, module: OpId) -> Result<JitModule, Diagnostic> {
    compile_with(ctx, module, &JitOptions::default())
}

/// Compiles every function of `module` (a `builtin.module`) with `options`; see [`compile`].
pub fn compile_with(
    ctx: &Context,
    module: OpId,
    options: &JitOptions,
) -> Result<JitModule, Diagnostic> {
    module::compile_module(ctx, module, options)
}

/// Extra stack kept free below the limit, beyond the largest frame: room for the host helpers
/// (`fmod`, `fpowi`, `ipowi`), the C math library's functions and the trampoline.
const STACK_MARGIN: u64 = 256 * 1024;
/// The default stack of the thread that runs compiled code.
const MIN_STACK: u64 = 64 * 1024 * 1024;

impl JitModule {
    /// The names of the compiled functions, in module order.
    pub fn functions(&self) -> impl Iterator<Item = &str> {
        self.order.iter().map(|s| s.as_str())
    }

    /// The Cranelift IR of every function and trampoline as generated (empty unless
    /// [`JitOptions::keep_clif`] was set).
    pub fn clif(&self) -> &str {
        &self.clif
    }

    /// The disassembly of every function's and trampoline's machine code (empty unless
    /// [`JitOptions::keep_disasm`] was set), each introduced by a `; disassembly of function @name` line.
    pub fn disasm(&self) -> &str {
        &self.disasm
    }

    /// The argument and result types of function `func` (from its `function_type`), or `None`
    /// if the module has no such function.
    pub fn signature(&self, func: &str) -> Option<(Vec<Type>, Vec<Type>)> {
        self.funcs
            .get(func)
            .map(|f| (f.param_types.clone(), f.result_types.clone()))
    }

    /// The argument and result types of function `func` as [`ScalarType`]s; `None` if there is
    /// no such function or it takes or returns a tensor (see [`JitModule::signature`]).
    pub fn scalar_signature(&self, func: &str) -> Option<(Vec<ScalarType>, Vec<ScalarType>)> {
        let f = self.funcs.get(func)?;
        let scalars = |s: &[Slot]| s.iter().map(|t| t.scalar()).collect::<Option<Vec<_>>>();
        Some((scalars(&f.sig.params)?, scalars(&f.sig.results)?))
    }

    /// What the buffer pool did during the last call that ran (allocations, reuses, peak bytes,
    /// buffers left live): for tests of memory use.
    pub fn last_pool_stats(&self) -> PoolStats {
        *self.last_stats.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Calls function `func` with `args` and returns its results, with no loop budget.
    ///
    /// Each argument must have exactly the parameter's type (`index` is not `i64`); otherwise
    /// the result is a [`RuntimeErrorKind::BadCall`] error. Runtime faults are errors too.
    pub fn call(&self, func: &str, args: &[Scalar]) -> Result<Vec<Scalar>, RuntimeError> {
        self.call_with_fuel(func, args, None)
    }

    /// Calls function `func` with `args` (scalars and tensors) and returns its results, with
    /// the loop budget `fuel` as in [`JitModule::call_with_fuel`]. A scalar argument must have
    /// exactly the parameter's type, a tensor argument must fit it ([`TensorValue::fits`]);
    /// tensor results are copied out to the host. Every buffer the run allocated is freed when
    /// it returns, also after a fault.
    pub fn call_values(
        &self,
        func: &str,
        args: &[JitValue],
        fuel: Option<u64>,
    ) -> Result<Vec<JitValue>, RuntimeError> {
        let (out, stats) = self.entry(func, fuel)?.call(args, fuel);
        backend::record_stats(&self.last_stats, stats);
        out
    }

    /// Function `func` ready to be called with a loop budget `fuel` (a budget needs
    /// [`JitOptions::loop_fuel`]).
    fn entry<'a>(
        &'a self,
        func: &'a str,
        fuel: Option<u64>,
    ) -> Result<backend::EntryCall<'a>, RuntimeError> {
        let found = self.funcs.get(func).map(|f| (&f.sig, f.trampoline));
        let module = (&self.faults[..], self.max_frame, self.loop_fuel);
        backend::entry_call(func, found, module, fuel, "JitOptions::loop_fuel")
    }

    /// Like [`JitModule::call`], with a loop budget: each entry to a loop header (the target of
    /// a CFG back edge) costs one unit, and the entry that finds the budget at 0 faults with
    /// [`RuntimeErrorKind::FuelExhausted`] (`iteration limit exceeded`, located at the header's
    /// first op). `None` is unlimited. A budget needs a module compiled with
    /// [`JitOptions::loop_fuel`]; otherwise it is a [`RuntimeErrorKind::BadCall`] error (the
    /// loops could not stop).
    ///
    /// The code runs on a fresh thread whose stack is large enough for deep recursion; too deep
    /// recursion is a [`RuntimeErrorKind::StackOverflow`] error, not a crash.
    pub fn call_with_fuel(
        &self,
        func: &str,
        args: &[Scalar],
        fuel: Option<u64>,
    ) -> Result<Vec<Scalar>, RuntimeError> {
        let (out, stats) = self.entry(func, fuel)?.call_scalars(args, fuel);
        backend::record_stats(&self.last_stats, stats);
        out
    }
}

impl Drop for JitModule {
    fn drop(&mut self) {
        if let Some(m) = self.module.take() {
            // SAFETY: the trampolines and function pointers into this memory are only reachable
            // through `self.funcs`, which is being dropped; no call is running, since calls
            // borrow `self` and join their thread before returning.
            unsafe { m.free_memory() };
        }
    }
}

impl fmt::Debug for JitModule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("JitModule")
            .field("functions", &self.order)
            .finish()
    }
}
