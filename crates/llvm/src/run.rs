//! The JIT: an LLVM module compiled by MCJIT for the host, its trampolines called with the
//! JIT's entry convention on a thread with a large stack (`weir_jit::backend`).

use crate::codegen::{build, host_machine, opt_level, optimize};
use crate::diag::host_error;
use crate::LlvmOptions;
use inkwell::context::Context as LlContext;
use inkwell::execution_engine::ExecutionEngine;
use std::collections::HashMap;
use std::mem::ManuallyDrop;
use weir_ir::{Context, Diagnostic, Location, OpId, Type};
use weir_jit::backend::{
    fault_error, host_symbols, on_large_stack, scalar_from_raw, scalar_to_raw, stack_size,
    FaultSite, RuntimeContext, Trampoline,
};
use weir_jit::{JitValue, RuntimeError, RuntimeErrorKind, Scalar, ScalarType};

/// A compiled function as [`LlvmModule::call`] sees it.
struct Entry {
    params: Vec<ScalarType>,
    results: Vec<ScalarType>,
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
                    params: d.params.clone(),
                    results: d.results.clone(),
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
        let bad_call = |message: String| RuntimeError {
            message,
            kind: RuntimeErrorKind::BadCall,
            loc: Location::Unknown,
        };
        let f = self
            .funcs
            .get(func)
            .ok_or_else(|| bad_call(format!("no function named '{func}' in the module")))?;
        if fuel.is_some() && !self.loop_fuel {
            return Err(bad_call(
                "a loop budget needs a module compiled with loop counting (LlvmOptions::loop_fuel)"
                    .into(),
            ));
        }
        if args.len() != f.params.len() {
            return Err(bad_call(format!(
                "function '{func}' expects {} argument(s), got {}",
                f.params.len(),
                args.len()
            )));
        }
        for (i, (a, &p)) in args.iter().zip(&f.params).enumerate() {
            if a.ty() != p {
                return Err(bad_call(format!(
                    "argument #{i} of function '{func}' has type {p}, got a value of type {}",
                    a.ty()
                )));
            }
        }
        let raw_args: Vec<u64> = args.iter().map(scalar_to_raw).collect();
        let (entry, n) = (f.trampoline, f.results.len());
        let (stack, margin) = stack_size(self.max_frame);
        let (status, raw) = on_large_stack(stack, move || {
            let mut raw_results = vec![0u64; n.max(1)];
            let marker = 0u8;
            // The marker lives near the top of this thread's stack, which is `stack` bytes deep.
            let top = std::ptr::addr_of!(marker) as u64;
            let mut rt = RuntimeContext::for_scalars(
                top.saturating_sub(stack - margin),
                fuel.unwrap_or(u64::MAX),
            );
            // SAFETY: `entry` is the trampoline compiled for this function, whose machine code
            // stays mapped while `self` is borrowed (the thread is joined before this call
            // returns). It reads exactly `params.len()` u64s from `raw_args` (checked above),
            // writes at most `n` u64s into `raw_results` (allocated with that many), and reads
            // and writes only the scalar fields of `rt`, which outlives the call.
            unsafe { entry(raw_args.as_ptr(), raw_results.as_mut_ptr(), &mut rt) };
            (rt.status(), raw_results)
        })?;
        if status != 0 {
            return Err(fault_error(&self.faults, status, ""));
        }
        Ok(f.results
            .iter()
            .zip(raw)
            .map(|(&t, bits)| scalar_from_raw(t, bits))
            .collect())
    }

    /// [`LlvmModule::call_with_fuel`] with [`JitValue`]s (the Cranelift JIT's
    /// `call_values`): a tensor argument is a [`RuntimeErrorKind::BadCall`] error (the llvm
    /// backend compiles no tensor code yet).
    pub fn call_values(
        &self,
        func: &str,
        args: &[JitValue],
        fuel: Option<u64>,
    ) -> Result<Vec<JitValue>, RuntimeError> {
        let scalars = args
            .iter()
            .map(|a| match a {
                JitValue::Scalar(s) => Ok(*s),
                JitValue::Tensor(_) => Err(RuntimeError {
                    message: "tensors are not supported by the llvm backend yet".into(),
                    kind: RuntimeErrorKind::BadCall,
                    loc: Location::Unknown,
                }),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(self
            .call_with_fuel(func, &scalars, fuel)?
            .into_iter()
            .map(JitValue::Scalar)
            .collect())
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
