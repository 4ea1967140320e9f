//! What another code generator shares with this one (the LLVM backend, `crates/llvm`): one
//! ABI, two emitters. The entry convention's slots ([`scalar_to_raw`], [`scalar_from_raw`],
//! [`Trampoline`]), the runtime context and its field offsets ([`RuntimeContext`],
//! [`RT_STATUS`], [`RT_STACK_LIMIT`], [`RT_FUEL`]), the fault table ([`FaultSite`],
//! [`fault_error`]), the thread compiled code runs on ([`on_large_stack`], [`stack_size`]) and
//! the host functions generated code calls ([`host_symbols`] and the helpers' symbol names), so
//! a second backend gives the same results and the same errors as this one.

pub use crate::abi::{
    scalar_from_raw, scalar_to_raw, RuntimeContext, Trampoline, RT_FUEL, RT_STACK_LIMIT, RT_STATUS,
};
pub use crate::module::{
    BF16_TO_F32, F16_TO_F32, F32_TO_BF16, F32_TO_F16, F64_TO_BF16, F64_TO_F16, FMOD, FMODF, FPOWI,
    FPOWIF, IPOWI,
};
pub use crate::FaultSite;
use crate::{RuntimeError, RuntimeErrorKind};
use weir_ir::Location;

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
/// helpers (`weir_jit_fmod`, `weir_jit_fpowi`, `weir_jit_ipowi`, the f16/bf16 conversions) and
/// the C math library's functions (`expf`, `exp`, ...; not `cbrt`/`cbrtf`, which are looked up
/// in the process by name so that the C library's are found, see `module.rs`).
pub fn host_symbols() -> impl Iterator<Item = (&'static str, *const u8)> {
    crate::module::host_symbols().into_iter()
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

/// An [`RuntimeErrorKind::Internal`] error.
fn internal(message: String) -> RuntimeError {
    RuntimeError {
        message,
        kind: RuntimeErrorKind::Internal,
        loc: Location::Unknown,
    }
}
