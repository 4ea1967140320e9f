//! Weir's Cranelift backend: JIT-compiles a `builtin.module` at the CFG level and calls its
//! functions.
//!
//! This is the only crate of the project that links Cranelift (DESIGN.md, "Codegen"). It
//! depends on the dialects it lowers (arith, cf, func) but never on the parser or the pass
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
//!   (`rsqrt` is `1 / sqrt(x)`); `math.exp exp2 expm1 log log2 log1p tanh sin cos tan atan erf
//!   cbrt atan2 powf` as calls into the host C math library (`expf` for `f32`, `exp` for `f64`,
//!   ...); `math.fpowi` (repeated squaring in the base's precision, as compiler-rt's
//!   `__powidf2`), `math.ipowi` (wrapping; 0 to a negative power faults) through host helpers;
//!   `math.absi` (the minimum value wraps to itself);
//! - `cf.br`, `cf.cond_br`, `cf.switch`, `cf.assert`.
//!
//! Types: signless `i1`..`i64`, `index` (64 bits), `f32`, `f64`. Anything else (an `scf` op, a
//! tensor, `f16`, an external function declaration...) is a located [`Diagnostic`] from
//! [`compile`], never a panic.
//!
//! Not supported: function declarations (external functions), `f16`/`bf16`, `siN`/`uiN`,
//! integers wider than 64 bits, vectors, tensors and tuples, nested modules, nested symbol
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
//! - `diag.rs`: the compile errors (`cf-run: ...`, located; types written by the context's
//!   type printer, i.e. in MLIR's syntax).
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
//! an error too.

#![warn(missing_docs)]

mod abi;
mod diag;
mod lower;
mod module;
mod scalar;
mod tensor_value;

#[cfg(test)]
mod tests;

pub use abi::{MemRefDescriptor, MemRefLayout};
pub use scalar::{Scalar, ScalarType};
pub use tensor_value::{JitValue, TensorValue};

use abi::{scalar_from_raw, scalar_to_raw, RuntimeContext, Trampoline};

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

impl RuntimeError {
    fn bad_call(message: String) -> Self {
        RuntimeError {
            message,
            kind: RuntimeErrorKind::BadCall,
            loc: Location::Unknown,
        }
    }
}

impl fmt::Display for RuntimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RuntimeError {}

/// One place in the generated code that can fault.
#[derive(Clone, Debug)]
pub(crate) struct FaultSite {
    pub kind: RuntimeErrorKind,
    pub message: String,
    pub loc: Location,
}

/// A compiled function as [`JitModule::call`] sees it.
struct CompiledFunc {
    params: Vec<ScalarType>,
    results: Vec<ScalarType>,
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

    /// The argument and result types of function `func` as [`ScalarType`]s.
    pub fn scalar_signature(&self, func: &str) -> Option<(Vec<ScalarType>, Vec<ScalarType>)> {
        self.funcs
            .get(func)
            .map(|f| (f.params.clone(), f.results.clone()))
    }

    /// Calls function `func` with `args` and returns its results, with no loop budget.
    ///
    /// Each argument must have exactly the parameter's type (`index` is not `i64`); otherwise
    /// the result is a [`RuntimeErrorKind::BadCall`] error. Runtime faults are errors too.
    pub fn call(&self, func: &str, args: &[Scalar]) -> Result<Vec<Scalar>, RuntimeError> {
        self.call_with_fuel(func, args, None)
    }

    /// Calls function `func` with `args` (scalars and tensors) and returns its results, with
    /// the loop budget `fuel` as in [`JitModule::call_with_fuel`]. A tensor argument must fit
    /// the parameter's type ([`TensorValue::fits`]); tensor results are copied out to the host.
    pub fn call_values(
        &self,
        func: &str,
        args: &[JitValue],
        fuel: Option<u64>,
    ) -> Result<Vec<JitValue>, RuntimeError> {
        let scalars = args
            .iter()
            .map(|a| match a {
                JitValue::Scalar(s) => Ok(s.clone()),
                JitValue::Tensor(_) => Err(RuntimeError::bad_call(
                    "tensor arguments are not supported by the JIT yet".into(),
                )),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(self
            .call_with_fuel(func, &scalars, fuel)?
            .into_iter()
            .map(JitValue::Scalar)
            .collect())
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
        let f = self.funcs.get(func).ok_or_else(|| {
            RuntimeError::bad_call(format!("no function named '{func}' in the module"))
        })?;
        if fuel.is_some() && !self.loop_fuel {
            return Err(RuntimeError::bad_call(
                "a loop budget needs a module compiled with loop counting (JitOptions::loop_fuel)"
                    .into(),
            ));
        }
        if args.len() != f.params.len() {
            return Err(RuntimeError::bad_call(format!(
                "function '{func}' expects {} argument(s), got {}",
                f.params.len(),
                args.len()
            )));
        }
        let mut raw_args = Vec::with_capacity(args.len());
        for (i, (a, &p)) in args.iter().zip(&f.params).enumerate() {
            if a.ty() != p {
                return Err(RuntimeError::bad_call(format!(
                    "argument #{i} of function '{func}' has type {p}, got a value of type {}",
                    a.ty()
                )));
            }
            raw_args.push(scalar_to_raw(a));
        }
        let n_results = f.results.len();
        let entry = f.trampoline;
        let margin = STACK_MARGIN + self.max_frame;
        let stack = MIN_STACK.max(4 * margin);
        let run = move || {
            let mut raw_results = vec![0u64; n_results.max(1)];
            let marker = 0u8;
            // The marker lives near the top of this thread's stack, which is `stack` bytes deep.
            let top = std::ptr::addr_of!(marker) as u64;
            let mut rt = RuntimeContext {
                status: 0,
                stack_limit: top.saturating_sub(stack - margin),
                fuel: fuel.unwrap_or(u64::MAX),
            };
            // SAFETY: `entry` is the trampoline compiled for this function, whose machine code
            // stays mapped while `self` is borrowed (this call joins the thread before
            // returning). It reads exactly `params.len()` u64s from `raw_args` (checked above),
            // writes at most `results.len()` u64s into `raw_results` (allocated with that many),
            // and reads and writes only the three fields of `rt`, which outlives the call.
            unsafe { entry(raw_args.as_ptr(), raw_results.as_mut_ptr(), &mut rt) };
            (rt.status, raw_results)
        };
        let handle = std::thread::Builder::new()
            .name("weir-jit".into())
            .stack_size(stack as usize)
            .spawn(run)
            .map_err(|e| RuntimeError {
                message: format!("cannot start the JIT thread: {e}"),
                kind: RuntimeErrorKind::Internal,
                loc: Location::Unknown,
            })?;
        let (status, raw) = handle.join().map_err(|_| RuntimeError {
            message: "the JIT thread panicked".into(),
            kind: RuntimeErrorKind::Internal,
            loc: Location::Unknown,
        })?;
        if status != 0 {
            let site = self.faults.get(status as usize - 1);
            return Err(match site {
                Some(s) => RuntimeError {
                    message: s.message.clone(),
                    kind: s.kind,
                    loc: s.loc.clone(),
                },
                None => RuntimeError {
                    message: format!("unknown runtime fault {status}"),
                    kind: RuntimeErrorKind::Internal,
                    loc: Location::Unknown,
                },
            });
        }
        Ok(f.results
            .iter()
            .zip(raw)
            .map(|(&ty, bits)| scalar_from_raw(ty, bits))
            .collect())
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
