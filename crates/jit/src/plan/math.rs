//! Backend-neutral decisions of the math ops' lowering: which ops are calls into the host C
//! math library, and with which symbols (MLIR's `convert-math-to-libm`: `expf` for `f32`,
//! `exp` for `f64`), so both backends call the same functions mlir-runner calls.

use weir_ir::{Context, OpId};

/// A math op computed by the C math library: `(op name, operand count, f32 symbol, f64 symbol)`.
pub const LIBM_CALLS: &[(&str, usize, &str, &str)] = &[
    ("math.exp", 1, "expf", "exp"),
    ("math.exp2", 1, "exp2f", "exp2"),
    ("math.expm1", 1, "expm1f", "expm1"),
    ("math.log", 1, "logf", "log"),
    ("math.log2", 1, "log2f", "log2"),
    ("math.log10", 1, "log10f", "log10"),
    ("math.log1p", 1, "log1pf", "log1p"),
    ("math.tanh", 1, "tanhf", "tanh"),
    ("math.sinh", 1, "sinhf", "sinh"),
    ("math.cosh", 1, "coshf", "cosh"),
    ("math.sin", 1, "sinf", "sin"),
    ("math.cos", 1, "cosf", "cos"),
    ("math.tan", 1, "tanf", "tan"),
    ("math.asin", 1, "asinf", "asin"),
    ("math.acos", 1, "acosf", "acos"),
    ("math.atan", 1, "atanf", "atan"),
    ("math.asinh", 1, "asinhf", "asinh"),
    ("math.acosh", 1, "acoshf", "acosh"),
    ("math.atanh", 1, "atanhf", "atanh"),
    ("math.erf", 1, "erff", "erf"),
    ("math.erfc", 1, "erfcf", "erfc"),
    ("math.round", 1, "roundf", "round"),
    ("math.cbrt", 1, "cbrtf", "cbrt"),
    ("math.atan2", 2, "atan2f", "atan2"),
    ("math.powf", 2, "powf", "pow"),
];

/// The call of `op`, one of [`LIBM_CALLS`]' ops: its operand count and its `f32` and `f64`
/// symbols; `None` for another op.
pub fn libm_call(ctx: &Context, op: OpId) -> Option<(usize, &'static str, &'static str)> {
    let name = ctx.name_str(op);
    LIBM_CALLS
        .iter()
        .find(|c| c.0 == name)
        .map(|&(_, n, f32_fn, f64_fn)| (n, f32_fn, f64_fn))
}
