//! The JIT: an LLVM module compiled by MCJIT for the host, its trampolines called with the
//! JIT's entry convention on a thread with a large stack, in the Cranelift JIT's tensor runtime
//! (`weir_jit::backend::EntryCall`).

use crate::codegen::{build, host_machine, opt_level, optimize};
use crate::diag::host_error;
use crate::LlvmOptions;
use inkwell::context::Context as LlContext;
use inkwell::execution_engine::ExecutionEngine;
use std::collections::HashMap;
use std::mem::ManuallyDrop;
use weir_ir::{Context, Diagnostic, Location, OpId, Type};
use weir_jit::backend::{
    entry_call, host_symbols, record_stats, ConstBuffer, EntryCall, EntrySignature, FaultSite,
    Trampoline,
};
use weir_jit::{JitValue, PoolStats, RuntimeError, Scalar};

/// A compiled function as [`LlvmModule::call`] sees it.
struct Entry {
    sig: EntrySignature,
    param_types: Vec<Type>,
    result_types: Vec<Type>,
    trampoline: Trampoline,
}

/// A module compiled by LLVM's JIT: machine code for each function of a `builtin.module`,
/// callable by name with the Cranelift JIT's values and errors.
pub struct LlvmModule {
    /// Owns the machine code; dropped before the context it was made in.
    engine: ManuallyDrop<ExecutionEngine<'static>>,
    /// The LLVM context everything was built in (from `Box::into_raw`), freed on drop.
    context: *mut LlContext,
    funcs: HashMap<String, Entry>,
    order: Vec<String>,
    faults: Vec<FaultSite>,
    /// An upper bound of one compiled frame, in bytes.
    max_frame: u64,
    loop_fuel: bool,
    /// The constant tensors the code embeds the addresses of (immortal buffers).
    _consts: Vec<ConstBuffer>,
    /// The buffer pool's statistics of the last call ([`LlvmModule::last_pool_stats`]).
    last_stats: std::sync::Mutex<PoolStats>,
}

/// Owns a leaked LLVM context until [`LlvmModule`] takes it (so an error frees it).
struct ContextOwner(*mut LlContext);

impl Drop for ContextOwner {
    fn drop(&mut self) {
        if !self.0.is_null() {
            // SAFETY: the pointer came from `Box::into_raw` and nothing built in the context
            // is alive any more (everything made in it was declared after the owner, so it was
            // dropped first).
            drop(unsafe { Box::from_raw(self.0) });
        }
    }
}

impl LlvmModule {
    /// Compiles `module` (see [`crate::compile`]).
    pub(crate) fn compile(
        ctx: &Context,
        module: OpId,
        options: &LlvmOptions,
    ) -> Result<LlvmModule, Diagnostic> {
        let loc = Location::Unknown;
        let mut owner = ContextOwner(Box::into_raw(Box::new(LlContext::create())));
        // SAFETY: the context lives until `owner` (or the `LlvmModule` that takes it) frees
        // it, after everything built in it: the module and the engine below are dropped
        // first (declared later, or dropped explicitly in `LlvmModule::drop`).
        let ll: &'static LlContext = unsafe { &*owner.0 };
        let built = build(ll, ctx, module, options)?;
        let tm = host_machine(options.opt_level)?;
        optimize(&built.module, &tm, options.opt_level)?;
        let engine = built
            .module
            .create_jit_execution_engine(opt_level(options.opt_level))
            .map_err(|e| host_error(&loc, "execution engine", e))?;
        for (name, addr) in host_symbols() {
            if let Some(f) = built.module.get_function(name) {
                engine.add_global_mapping(&f, addr as usize);
            }
        }
        let mut funcs = HashMap::new();
        let mut order = Vec::new();
        for d in &built.decls {
            let addr = engine
                .get_function_address(&d.trampoline)
                .map_err(|e| host_error(&loc, "lookup", e))?;
            // SAFETY: `addr` is the machine code of the trampoline built for `d`, whose LLVM
            // signature (`void (ptr, ptr, ptr)`, the C calling convention) is exactly
            // `Trampoline`'s; it stays mapped while `engine` lives.
            let trampoline = unsafe { std::mem::transmute::<usize, Trampoline>(addr) };
            funcs.insert(
                d.name.clone(),
                Entry {
                    sig: EntrySignature::new(
                        ctx,
                        d.params.clone(),
                        d.results.clone(),
                        &d.param_types,
                    ),
                    param_types: d.param_types.clone(),
                    result_types: d.result_types.clone(),
                    trampoline,
                },
            );
            order.push(d.name.clone());
        }
        let context = std::mem::replace(&mut owner.0, std::ptr::null_mut());
        Ok(LlvmModule {
            engine: ManuallyDrop::new(engine),
            context,
            funcs,
            order,
            faults: built.faults,
            max_frame: built.max_frame,
            loop_fuel: options.loop_fuel,
            _consts: built.consts,
            last_stats: std::sync::Mutex::new(PoolStats::default()),
        })
    }

    /// The names of the compiled functions, in module order.
    pub fn functions(&self) -> impl Iterator<Item = &str> {
        self.order.iter().map(|s| s.as_str())
    }

    /// The argument and result types of function `func`, or `None` if there is no such
    /// function.
    pub fn signature(&self, func: &str) -> Option<(Vec<Type>, Vec<Type>)> {
        self.funcs
            .get(func)
            .map(|f| (f.param_types.clone(), f.result_types.clone()))
    }

    /// What the buffer pool did during the last call that ran (`weir_jit::JitModule::
    /// last_pool_stats`): allocations, reuses, peak bytes, buffers left live.
    pub fn last_pool_stats(&self) -> PoolStats {
        *self.last_stats.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Calls function `func` with `args`, no loop budget (see [`LlvmModule::call_with_fuel`]).
    pub fn call(&self, func: &str, args: &[Scalar]) -> Result<Vec<Scalar>, RuntimeError> {
        self.call_with_fuel(func, args, None)
    }

    /// Calls function `func` with `args` and the loop budget `fuel` (`weir_jit::JitModule::
    /// call_with_fuel`'s contract: each argument of exactly the parameter's type, a budget only
    /// for a module compiled with [`LlvmOptions::loop_fuel`], faults as [`RuntimeError`]s).
    pub fn call_with_fuel(
        &self,
        func: &str,
        args: &[Scalar],
        fuel: Option<u64>,
    ) -> Result<Vec<Scalar>, RuntimeError> {
        let (out, stats) = self.entry(func, fuel)?.call_scalars(args, fuel);
        record_stats(&self.last_stats, stats);
        out
    }

    /// Calls function `func` with `args` (scalars and tensors) and the loop budget `fuel`, as
    /// the Cranelift JIT's `call_values` does (the same argument checks, tensor runtime and
    /// errors: `weir_jit::backend::EntryCall`).
    pub fn call_values(
        &self,
        func: &str,
        args: &[JitValue],
        fuel: Option<u64>,
    ) -> Result<Vec<JitValue>, RuntimeError> {
        let (out, stats) = self.entry(func, fuel)?.call(args, fuel);
        record_stats(&self.last_stats, stats);
        out
    }

    /// Function `func` ready to be called with a loop budget `fuel` (a budget needs
    /// [`LlvmOptions::loop_fuel`]).
    fn entry<'a>(
        &'a self,
        func: &'a str,
        fuel: Option<u64>,
    ) -> Result<EntryCall<'a>, RuntimeError> {
        let found = self.funcs.get(func).map(|f| (&f.sig, f.trampoline));
        let module = (&self.faults[..], self.max_frame, self.loop_fuel);
        entry_call(func, found, module, fuel, "LlvmOptions::loop_fuel")
    }
}

impl Drop for LlvmModule {
    fn drop(&mut self) {
        // SAFETY: the engine is dropped exactly once, here, before the context it was built
        // in; no call is running (calls borrow `self` and join their thread).
        unsafe { ManuallyDrop::drop(&mut self.engine) };
        // SAFETY: the pointer came from `Box::into_raw` in `compile`, and nothing built in the
        // context is alive any more.
        drop(unsafe { Box::from_raw(self.context) });
    }
}

impl std::fmt::Debug for LlvmModule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LlvmModule")
            .field("functions", &self.order)
            .finish()
    }
}
