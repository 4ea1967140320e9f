//! What another code generator shares with this one (the LLVM backend, `crates/llvm`): one
//! ABI, two emitters. The entry convention's slots ([`scalar_to_raw`], [`scalar_from_raw`],
//! [`Trampoline`]), the runtime context and its field offsets ([`RuntimeContext`],
//! [`RT_STATUS`], [`RT_STACK_LIMIT`], [`RT_FUEL`]), the fault table ([`FaultSite`],
//! [`fault_error`]), the thread compiled code runs on ([`on_large_stack`], [`stack_size`]) and
//! the host functions generated code calls ([`host_symbols`] and the helpers' symbol names),
//! and the tensor runtime: how a function with tensors is called ([`EntrySignature`],
//! [`EntryCall`]), the buffer header's field offsets ([`H_RC`], [`H_NUMEL`], [`H_DATA`],
//! [`H_SIZES`]), the runtime's host functions ([`ALLOC`], [`RETAIN`], [`RELEASE`], the fault
//! details, the data-movement and matmul kernels), constant buffers ([`ConstBuffer`]), where
//! references are released and duplicated ([`Ownership`], [`is_tracked`]), the plans of the
//! tensor ops (`crate::plan`: [`tensor_plan`], [`ReshapePlan`], [`MovementCall`], [`GemmPlan`],
//! [`KernelPlan`], worded for a backend by its [`Target`]) and what a fused
//! elementwise kernel reads and writes ([`KernelPlan`]) and how a linalg structured op's loop nest
//! indexes its operands and where its outputs go ([`StructuredPlan`]), so a second backend gives the same
//! results, the same errors and the same memory behaviour as this one.

pub use crate::abi::{
    scalar_from_raw, scalar_to_raw, RuntimeContext, Slot, Trampoline, RT_FUEL, RT_STACK_LIMIT,
    RT_STATE, RT_STATUS,
};
pub use crate::lower::kernel::vector_elements as kernel_vector_elements;
pub use crate::lower::linalg::vector_lanes as structured_vector_lanes;
pub use crate::lower::math::exp_f32;
pub use crate::module::{
    BF16_TO_F32, F16_TO_F32, F32_TO_BF16, F32_TO_F16, F64_TO_BF16, F64_TO_F16, FMOD, FMODF, FPOWI,
    FPOWIF, IPOWI,
};
pub use crate::plan::arith as arith_plan;
pub use crate::plan::cf as cf_plan;
pub use crate::plan::cfg;
pub use crate::plan::checks::Scalars;
pub use crate::plan::func as func_plan;
pub use crate::plan::kernel::{
    different_shapes, group as kernel_group, input_owner, is_tensor_elementwise, not_on_tensors,
    not_static_shape, splat_bits, KernelPlan,
};
pub use crate::plan::linalg::{
    incompatible_shapes, index as linalg_index, OutputBuffer, SizeRead, StructuredPlan,
};
pub use crate::plan::math::{self as math_plan, LIBM_CALLS};
pub use crate::plan::movement::{dropped_dims, shim_failed, GemmPlan, MovementCall};
pub use crate::plan::ownership::Ownership;
pub use crate::plan::reshape::{cannot_reshape, NewSizes, ReshapePlan};
pub use crate::plan::tensor::{
    constant_buffer, dims, elem_width, element_type, is_tensor_constant, is_tracked,
};
pub use crate::plan::{tensor as tensor_plan, tensor_checks::Target};
pub use crate::runtime::buffer::{H_DATA, H_NUMEL, H_RANK, H_RC, H_SIZES, MAX_RANK};
pub use crate::runtime::kernels::{CONCAT, EXTRACT_SLICE, INSERT_SLICE, MATMUL, PAD};
pub use crate::runtime::{
    ConstBuffer, ALLOC, INDEX_DETAIL, RELEASE, RESHAPE_DETAIL, RETAIN, SHAPE_DETAIL, SIZE_DETAIL,
};
use crate::runtime::{PoolStats, RuntimeState};
pub use crate::scalar::low_mask;
pub use crate::FaultSite;
use crate::{JitValue, RuntimeError, RuntimeErrorKind, Scalar};
use weir_ir::{Context, Dim, Location, Type, TypeKind};

/// The message of the stack check at the entry of function `func`.
pub fn stack_overflow_message(func: &str) -> String {
    format!("stack overflow: recursion too deep (in function '{func}')")
}

/// The message of an exhausted loop budget (at a loop header).
pub const FUEL_MESSAGE: &str = "iteration limit exceeded";

/// The message of a failed `cf.assert` with message `msg`.
pub fn assert_message(msg: &str) -> String {
    format!("assertion failed: {msg}")
}

/// The message of `math.ipowi` (op `op_name`) of 0 to a negative power (MLIR's lowering
/// divides by zero there; a [`RuntimeErrorKind::DivisionByZero`] fault).
pub fn ipowi_zero_message(op_name: &str) -> String {
    format!("integer division by zero ('{op_name}' of 0 to a negative power)")
}

/// The host functions generated code may call, by symbol name and address: the runtime
/// helpers (`weir_jit_fmod`, `weir_jit_fpowi`, `weir_jit_ipowi`, the f16/bf16 conversions),
/// the C math library's functions (`expf`, `exp`, ...; not `cbrt`/`cbrtf`, which are looked up
/// in the process by name so that the C library's are found, see `module.rs`), the tensor
/// runtime's ([`ALLOC`], [`RETAIN`], [`RELEASE`], the fault details [`SHAPE_DETAIL`] ...) and
/// its host kernels ([`CONCAT`], [`EXTRACT_SLICE`], [`INSERT_SLICE`], [`PAD`], [`MATMUL`]).
pub fn host_symbols() -> impl Iterator<Item = (&'static str, *const u8)> {
    crate::module::host_symbols()
        .into_iter()
        .chain(crate::runtime::symbols())
        .chain(crate::runtime::kernels::symbols())
}

/// A compiled function's entry slots ([`Slot`]: a scalar, or a tensor as a pointer to its
/// buffer's header) and the sizes of its tensor parameters' types, which [`EntryCall::call`]
/// checks arguments against.
#[derive(Clone, Debug)]
pub struct EntrySignature {
    /// The slot of each argument.
    pub params: Vec<Slot>,
    /// The slot of each result.
    pub results: Vec<Slot>,
    /// The sizes of each tensor parameter's type (empty for a scalar).
    param_dims: Vec<Vec<Dim>>,
}

impl EntrySignature {
    /// The signature of a function with `params` and `results` slots and parameter types
    /// `param_types` (the same count as `params`).
    pub fn new(
        ctx: &Context,
        params: Vec<Slot>,
        results: Vec<Slot>,
        param_types: &[Type],
    ) -> EntrySignature {
        let param_dims = param_types
            .iter()
            .map(|&t| match ctx.type_kind(t) {
                TypeKind::Tensor { shape: Some(d), .. } => d.clone(),
                _ => Vec::new(),
            })
            .collect();
        EntrySignature {
            params,
            results,
            param_dims,
        }
    }
}

/// Function `func` of a compiled module ready to be called with the loop budget `fuel`:
/// `found` is its signature and trampoline (`None`: no such function), `module` the module's
/// fault table, frame bound and whether it counts loop trips, `fuel_option` the name of the
/// compile option that turns counting on (for the error). A [`RuntimeErrorKind::BadCall`]
/// error for an unknown function or a budget the module cannot count.
pub fn entry_call<'a>(
    func: &'a str,
    found: Option<(&'a EntrySignature, Trampoline)>,
    (faults, max_frame, loop_fuel): (&'a [FaultSite], u64, bool),
    fuel: Option<u64>,
    fuel_option: &str,
) -> Result<EntryCall<'a>, RuntimeError> {
    let (sig, trampoline) =
        found.ok_or_else(|| bad_call(format!("no function named '{func}' in the module")))?;
    if fuel.is_some() && !loop_fuel {
        return Err(bad_call(format!(
            "a loop budget needs a module compiled with loop counting ({fuel_option})"
        )));
    }
    Ok(EntryCall {
        func,
        sig,
        trampoline,
        faults,
        max_frame,
    })
}

/// Keeps the pool statistics `stats` of a call that ran in `last` (the module's
/// `last_pool_stats`).
pub fn record_stats(last: &std::sync::Mutex<PoolStats>, stats: Option<PoolStats>) {
    if let Some(stats) = stats {
        *last.lock().unwrap_or_else(|e| e.into_inner()) = stats;
    }
}

/// One compiled function ready to be called with the entry convention, by either backend.
pub struct EntryCall<'a> {
    /// Its name (for errors).
    pub func: &'a str,
    /// Its slots.
    pub sig: &'a EntrySignature,
    /// Its entry trampoline.
    pub trampoline: Trampoline,
    /// The module's fault table.
    pub faults: &'a [FaultSite],
    /// An upper bound of one compiled frame, in bytes ([`stack_size`]).
    pub max_frame: u64,
}

impl EntryCall<'_> {
    /// [`EntryCall::call`] with scalars only: an argument of another type than its parameter,
    /// or a tensor result, is a [`RuntimeErrorKind::BadCall`] error.
    pub fn call_scalars(
        &self,
        args: &[Scalar],
        fuel: Option<u64>,
    ) -> (Result<Vec<Scalar>, RuntimeError>, Option<PoolStats>) {
        let func = self.func;
        for (i, (a, p)) in args.iter().zip(&self.sig.params).enumerate() {
            if let Slot::Scalar(p) = p {
                if a.ty() != *p {
                    let msg = format!(
                        "argument #{i} of function '{func}' has type {p}, got a value of type {}",
                        a.ty()
                    );
                    return (Err(bad_call(msg)), None);
                }
            }
        }
        let values: Vec<JitValue> = args.iter().cloned().map(JitValue::Scalar).collect();
        let (out, stats) = self.call(&values, fuel);
        let out = out.and_then(|vs| {
            vs.into_iter()
                .map(|v| match v {
                    JitValue::Scalar(s) => Ok(s),
                    JitValue::Tensor(_) => Err(bad_call(format!(
                        "function '{func}' returns a tensor: use call_values"
                    ))),
                })
                .collect()
        });
        (out, stats)
    }

    /// Calls the function with `args` (scalars and tensors) and the loop budget `fuel` (`None`:
    /// unlimited) on a thread with a large stack, in a fresh tensor runtime: a scalar argument
    /// must have exactly the parameter's type, a tensor argument must fit it (a
    /// [`RuntimeErrorKind::BadCall`] error otherwise); tensors are copied into buffers and
    /// the tensor results copied out. Every buffer the run allocated is freed when it returns,
    /// also after a fault. Returns the results or the run's error, and the buffer pool's
    /// statistics when the code ran (`leaked` counts the buffers left live by a run that ended
    /// without a fault).
    ///
    /// The caller guarantees that `trampoline` is compiled code of the entry convention for a
    /// function of signature `sig` whose faults index `faults`, and that it stays mapped during
    /// the call.
    pub fn call(
        &self,
        args: &[JitValue],
        fuel: Option<u64>,
    ) -> (Result<Vec<JitValue>, RuntimeError>, Option<PoolStats>) {
        let (func, f) = (self.func, self.sig);
        if args.len() != f.params.len() {
            let msg = format!(
                "function '{func}' expects {} argument(s), got {}",
                f.params.len(),
                args.len()
            );
            return (Err(bad_call(msg)), None);
        }
        for (i, (a, &p)) in args.iter().zip(&f.params).enumerate() {
            let ok = match (a, p) {
                (JitValue::Scalar(s), Slot::Scalar(t)) => s.ty() == t,
                (JitValue::Tensor(t), Slot::Tensor(e)) => {
                    let dims = &f.param_dims[i];
                    t.elem() == e
                        && dims.len() == t.shape().len()
                        && dims
                            .iter()
                            .zip(t.shape())
                            .all(|(d, &n)| d.is_none_or(|d| d == n))
                }
                _ => false,
            };
            if !ok {
                let msg = format!(
                    "argument #{i} of function '{func}' does not match the parameter's type"
                );
                return (Err(bad_call(msg)), None);
            }
        }
        let (entry, results) = (self.trampoline, &f.results);
        let (stack, margin) = stack_size(self.max_frame);
        let run = move || {
            let mut state = RuntimeState::new();
            let mut raw_args = Vec::with_capacity(args.len());
            for a in args {
                raw_args.push(match a {
                    JitValue::Scalar(s) => scalar_to_raw(s),
                    JitValue::Tensor(t) => match state.import(t) {
                        Some(h) => h as u64,
                        None => return Err(format!("cannot allocate the {t} of an argument")),
                    },
                });
            }
            let mut raw_results = vec![0u64; results.len().max(1)];
            let marker = 0u8;
            // The marker lives near the top of this thread's stack, which is `stack` bytes deep.
            let top = std::ptr::addr_of!(marker) as u64;
            let mut rt = RuntimeContext {
                status: 0,
                stack_limit: top.saturating_sub(stack - margin),
                fuel: fuel.unwrap_or(u64::MAX),
                state: &mut state,
            };
            // SAFETY: `entry` is the trampoline compiled for this function (the caller's
            // guarantee), whose machine code stays mapped during this call (the scoped thread
            // is joined before it returns). It reads exactly `params.len()` u64s from
            // `raw_args` (checked above; tensors as headers of `state`'s pool, or immortal headers
            // over the bytes of `args`, which outlive this call), writes at most
            // `results.len()` u64s into `raw_results` (allocated with that many), and reads and
            // writes only the fields of `rt`, which outlives the call, and the buffers of
            // `state`.
            unsafe { entry(raw_args.as_ptr(), raw_results.as_mut_ptr(), &mut rt) };
            let status = rt.status;
            let mut out = Vec::new();
            if status == 0 {
                for (&slot, bits) in results.iter().zip(raw_results) {
                    out.push(match slot {
                        Slot::Scalar(t) => JitValue::Scalar(scalar_from_raw(t, bits)),
                        // SAFETY: a tensor result slot holds a live buffer (or constant) of
                        // this run whose elements are `e`s, given to the caller.
                        Slot::Tensor(e) => {
                            JitValue::Tensor(unsafe { state.export(bits as *mut _, e) })
                        }
                    });
                }
            }
            let leaked = state.pool.free_live();
            let mut stats = state.pool.stats;
            if status == 0 {
                stats.leaked = leaked;
            }
            Ok((status, out, std::mem::take(&mut state.detail), stats))
        };
        let (status, values, detail, stats) = match on_large_stack(stack, run) {
            Ok(Ok(r)) => r,
            Ok(Err(message)) => return (Err(internal(message)), None),
            Err(e) => return (Err(e), None),
        };
        if status != 0 {
            return (Err(fault_error(self.faults, status, &detail)), Some(stats));
        }
        (Ok(values), Some(stats))
    }
}

/// The stack of the thread that runs compiled code whose frames are at most `max_frame` bytes:
/// at least 64 MiB, and four times the margin the stack check keeps free. Returns the stack
/// size and the margin (`stack_limit` = top of the stack - (size - margin)).
pub fn stack_size(max_frame: u64) -> (u64, u64) {
    let margin = crate::STACK_MARGIN + max_frame;
    (crate::MIN_STACK.max(4 * margin), margin)
}

/// Runs `f` on a fresh thread with a stack of `stack` bytes and waits for it; an error
/// ([`RuntimeErrorKind::Internal`]) if no thread could be started or it panicked.
pub fn on_large_stack<T: Send>(
    stack: u64,
    f: impl FnOnce() -> T + Send,
) -> Result<T, RuntimeError> {
    std::thread::scope(|scope| {
        let handle = std::thread::Builder::new()
            .name("weir-jit".into())
            .stack_size(stack as usize)
            .spawn_scoped(scope, f)
            .map_err(|e| format!("cannot start the JIT thread: {e}"))?;
        handle
            .join()
            .map_err(|_| "the JIT thread panicked".to_string())
    })
    .map_err(internal)
}

/// The error of a run that stopped with status word `status` (non-zero) at a site of `faults`,
/// its message followed by `detail` (what a runtime helper added).
pub fn fault_error(faults: &[FaultSite], status: u64, detail: &str) -> RuntimeError {
    match status.checked_sub(1).and_then(|i| faults.get(i as usize)) {
        Some(s) => RuntimeError {
            message: format!("{}{detail}", s.message),
            kind: s.kind,
            loc: s.loc.clone(),
        },
        None => internal(format!("unknown runtime fault {status}")),
    }
}

/// A [`RuntimeErrorKind::BadCall`] error.
fn bad_call(message: String) -> RuntimeError {
    RuntimeError {
        message,
        kind: RuntimeErrorKind::BadCall,
        loc: Location::Unknown,
    }
}

/// An [`RuntimeErrorKind::Internal`] error.
fn internal(message: String) -> RuntimeError {
    RuntimeError {
        message,
        kind: RuntimeErrorKind::Internal,
        loc: Location::Unknown,
    }
}
