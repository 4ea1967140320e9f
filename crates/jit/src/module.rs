//! Module setup: the Cranelift JIT for the host, the declaration of every function, symbol
//! resolution, and the host functions generated code calls (runtime helpers and the C math
//! library) with the one mechanism to call them ([`Imports::call_runtime`]).

use crate::abi::{define_trampoline, internal_signature, Slot, Trampoline};
use crate::diag::{err_at, host_error};
use crate::lower::func::MODULE_OP;
use crate::lower::lower_function;
use crate::{CompiledFunc, JitModule, JitOptions};
use cranelift_codegen::ir::{self, AbiParam, FuncRef, InstBuilder, Value};
use cranelift_codegen::isa::TargetFrontendConfig;
use cranelift_codegen::settings::{self, Configurable};
use cranelift_codegen::Context as ClContext;
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{default_libcall_names, FuncId, Linkage, Module};
use std::collections::HashMap;
use weir_ir::{Context, Diagnostic, Location, OpId, Type};

/// `fmod` for `arith.remf` on f64 (MLIR: "the same sign as the dividend", C `fmod`; Rust's `%`
/// on floats is exactly `fmod`).
extern "C" fn weir_jit_fmod(a: f64, b: f64) -> f64 {
    a % b
}

/// `fmodf` for `arith.remf` on f32.
extern "C" fn weir_jit_fmodf(a: f32, b: f32) -> f32 {
    a % b
}

/// `a^n` by repeated squaring in `T`'s precision, `1 / a^|n|` for `n < 0`: MLIR math.fpowi as
/// its LLVM lowering computes it (`llvm.powi`, compiler-rt's `__powidf2`/`__powisf2`).
fn powi<T>(mut a: T, n: i64) -> T
where
    T: Copy + std::ops::Mul<Output = T> + std::ops::Div<Output = T> + From<f32>,
{
    let mut r = T::from(1.0);
    let mut bits = n.unsigned_abs();
    loop {
        if bits & 1 == 1 {
            r = r * a;
        }
        bits >>= 1;
        if bits == 0 {
            break;
        }
        a = a * a;
    }
    if n < 0 {
        T::from(1.0) / r
    } else {
        r
    }
}

// The 16-bit float conversions of `arith.extf` / `arith.truncf` (the `half` crate: exact
// extensions; truncations rounded to nearest even, subnormals and overflow to infinity
// included, NaN staying NaN; from `f64` through `f32` rounded to odd, so it rounds once:
// `weir_ir::dense::f16_from_f64`). The 16 bits
// travel zero-extended in a `u32`, not a `u16`, so no side of the call relies on the other
// extending a narrow argument or result. Host helpers rather than Cranelift integer sequences:
// one tested implementation for the four conversions, and 16-bit float kernels run element by
// element anyway (a call per element per conversion).

/// `arith.extf` f16 to f32 (exact).
extern "C" fn weir_jit_f16_to_f32(bits: u32) -> f32 {
    half::f16::from_bits(bits as u16).to_f32()
}

/// `arith.extf` bf16 to f32 (exact).
extern "C" fn weir_jit_bf16_to_f32(bits: u32) -> f32 {
    half::bf16::from_bits(bits as u16).to_f32()
}

/// `arith.truncf` f32 to f16 (round to nearest even).
extern "C" fn weir_jit_f32_to_f16(v: f32) -> u32 {
    half::f16::from_f32(v).to_bits() as u32
}

/// `arith.truncf` f64 to f16 (round to nearest even, once).
extern "C" fn weir_jit_f64_to_f16(v: f64) -> u32 {
    weir_ir::dense::f16_from_f64(v).to_bits() as u32
}

/// `arith.truncf` f32 to bf16 (round to nearest even).
extern "C" fn weir_jit_f32_to_bf16(v: f32) -> u32 {
    half::bf16::from_f32(v).to_bits() as u32
}

/// `arith.truncf` f64 to bf16 (round to nearest even, once).
extern "C" fn weir_jit_f64_to_bf16(v: f64) -> u32 {
    weir_ir::dense::bf16_from_f64(v).to_bits() as u32
}

/// `math.fpowi` on f64 (the exponent sign-extended to 64 bits).
extern "C" fn weir_jit_fpowi(a: f64, n: i64) -> f64 {
    powi(a, n)
}

/// `math.fpowi` on f32.
extern "C" fn weir_jit_fpowif(a: f32, n: i64) -> f32 {
    powi(a, n)
}

/// MLIR math.ipowi on sign-extended operands, wrapping (the caller truncates to the width): for
/// `n < 0`, 1 for `a = 1`, -1 or 1 for `a = -1` (odd or even `n`), 0 otherwise; the generated
/// code faults on `a = 0, n < 0` before calling (MLIR's lowering divides by zero there).
extern "C" fn weir_jit_ipowi(a: i64, n: i64) -> i64 {
    if n < 0 {
        return match a {
            1 => 1,
            -1 if n & 1 == 1 => -1,
            -1 => 1,
            _ => 0,
        };
    }
    let (mut r, mut b, mut p) = (1i64, a, n);
    loop {
        if p & 1 == 1 {
            r = r.wrapping_mul(b);
        }
        p >>= 1;
        if p == 0 {
            return r;
        }
        b = b.wrapping_mul(b);
    }
}

// The C math library's functions that the math ops call (glibc's libm on Linux). Only their
// addresses are taken here, for the JIT's symbol table; referencing them also keeps the C math
// library loaded for the symbols the JIT resolves by name at run time: `cbrt` and `cbrtf`, which
// Rust's compiler-builtins defines locally (a port of musl's, 3.0 for `cbrt(27)` where glibc's
// gives 3.0000000000000004), so they are left to the JIT's `dlsym` lookup, which finds the C
// library's, the function mlir-runner calls; also Cranelift's own libcalls (`floor`, ...).
extern "C" {
    fn expf(x: f32) -> f32;
    fn exp(x: f64) -> f64;
    fn exp2f(x: f32) -> f32;
    fn exp2(x: f64) -> f64;
    fn expm1f(x: f32) -> f32;
    fn expm1(x: f64) -> f64;
    fn logf(x: f32) -> f32;
    fn log(x: f64) -> f64;
    fn log2f(x: f32) -> f32;
    fn log2(x: f64) -> f64;
    fn log1pf(x: f32) -> f32;
    fn log1p(x: f64) -> f64;
    fn tanhf(x: f32) -> f32;
    fn tanh(x: f64) -> f64;
    fn sinf(x: f32) -> f32;
    fn sin(x: f64) -> f64;
    fn cosf(x: f32) -> f32;
    fn cos(x: f64) -> f64;
    fn tanf(x: f32) -> f32;
    fn tan(x: f64) -> f64;
    fn atanf(x: f32) -> f32;
    fn atan(x: f64) -> f64;
    fn erff(x: f32) -> f32;
    fn erf(x: f64) -> f64;
    fn atan2f(y: f32, x: f32) -> f32;
    fn atan2(y: f64, x: f64) -> f64;
    fn powf(x: f32, y: f32) -> f32;
    fn pow(x: f64, y: f64) -> f64;
}

/// Symbol of the runtime helper `fmod` on f64 (`arith.remf`).
pub const FMOD: &str = "weir_jit_fmod";
/// Symbol of the runtime helper `fmod` on f32.
pub const FMODF: &str = "weir_jit_fmodf";
/// Symbol of the runtime helper of `math.fpowi` on f64.
pub const FPOWI: &str = "weir_jit_fpowi";
/// Symbol of the runtime helper of `math.fpowi` on f32.
pub const FPOWIF: &str = "weir_jit_fpowif";
/// Symbol of the runtime helper of `math.ipowi` (on `i64`).
pub const IPOWI: &str = "weir_jit_ipowi";
/// Symbol of the runtime helper of `arith.extf` f16 to f32 (bits in a `u32`).
pub const F16_TO_F32: &str = "weir_jit_f16_to_f32";
/// Symbol of the runtime helper of `arith.extf` bf16 to f32.
pub const BF16_TO_F32: &str = "weir_jit_bf16_to_f32";
/// Symbol of the runtime helper of `arith.truncf` f32 to f16 (bits in a `u32`).
pub const F32_TO_F16: &str = "weir_jit_f32_to_f16";
/// Symbol of the runtime helper of `arith.truncf` f64 to f16.
pub const F64_TO_F16: &str = "weir_jit_f64_to_f16";
/// Symbol of the runtime helper of `arith.truncf` f32 to bf16.
pub const F32_TO_BF16: &str = "weir_jit_f32_to_bf16";
/// Symbol of the runtime helper of `arith.truncf` f64 to bf16.
pub const F64_TO_BF16: &str = "weir_jit_f64_to_bf16";

/// The host functions the generated code calls, by symbol name (all but `cbrt`, `cbrtf` and
/// Cranelift's libcalls, which the JIT finds with `dlsym`). A new runtime helper is an
/// `extern "C" fn` here, a symbol constant and one entry of this table; lowerings call it with
/// [`Imports::call_runtime`].
pub(crate) fn host_symbols() -> [(&'static str, *const u8); 39] {
    [
        (F16_TO_F32, weir_jit_f16_to_f32 as *const u8),
        (BF16_TO_F32, weir_jit_bf16_to_f32 as *const u8),
        (F32_TO_F16, weir_jit_f32_to_f16 as *const u8),
        (F64_TO_F16, weir_jit_f64_to_f16 as *const u8),
        (F32_TO_BF16, weir_jit_f32_to_bf16 as *const u8),
        (F64_TO_BF16, weir_jit_f64_to_bf16 as *const u8),
        (FMOD, weir_jit_fmod as *const u8),
        (FMODF, weir_jit_fmodf as *const u8),
        (FPOWI, weir_jit_fpowi as *const u8),
        (FPOWIF, weir_jit_fpowif as *const u8),
        (IPOWI, weir_jit_ipowi as *const u8),
        ("expf", expf as *const u8),
        ("exp", exp as *const u8),
        ("exp2f", exp2f as *const u8),
        ("exp2", exp2 as *const u8),
        ("expm1f", expm1f as *const u8),
        ("expm1", expm1 as *const u8),
        ("logf", logf as *const u8),
        ("log", log as *const u8),
        ("log2f", log2f as *const u8),
        ("log2", log2 as *const u8),
        ("log1pf", log1pf as *const u8),
        ("log1p", log1p as *const u8),
        ("tanhf", tanhf as *const u8),
        ("tanh", tanh as *const u8),
        ("sinf", sinf as *const u8),
        ("sin", sin as *const u8),
        ("cosf", cosf as *const u8),
        ("cos", cos as *const u8),
        ("tanf", tanf as *const u8),
        ("tan", tan as *const u8),
        ("atanf", atanf as *const u8),
        ("atan", atan as *const u8),
        ("erff", erff as *const u8),
        ("erf", erf as *const u8),
        ("atan2f", atan2f as *const u8),
        ("atan2", atan2 as *const u8),
        ("powf", powf as *const u8),
        ("pow", pow as *const u8),
    ]
}

/// A `func.func` of the module, declared in the JIT module.
pub(crate) struct FuncDecl {
    /// The `func.func` op.
    pub(crate) op: OpId,
    /// Its symbol name.
    pub(crate) name: String,
    /// Its id in the Cranelift module.
    pub(crate) id: FuncId,
    /// How its arguments are carried.
    pub(crate) params: Vec<Slot>,
    /// How its results are carried.
    pub(crate) results: Vec<Slot>,
    /// Its argument types (from `function_type`).
    pub(crate) param_types: Vec<Type>,
    /// Its result types (from `function_type`).
    pub(crate) result_types: Vec<Type>,
}

/// What every function's lowering may read about the module being compiled.
pub(crate) struct ModuleEnv<'a> {
    /// The IR.
    pub(crate) ctx: &'a Context,
    /// Every function of the module, in module order.
    pub(crate) decls: &'a [FuncDecl],
    /// Index into `decls` by symbol name.
    pub(crate) by_name: &'a HashMap<String, usize>,
    /// The host's pointer type.
    pub(crate) ptr: ir::Type,
    /// The host's frontend configuration (for `FunctionBuilder::finalize`).
    pub(crate) fcfg: TargetFrontendConfig,
    /// Whether loop headers cost fuel ([`JitOptions::loop_fuel`]).
    pub(crate) loop_fuel: bool,
    /// Whether the host has fused multiply-add on vectors (Cranelift's `has_fma` on x86-64,
    /// always on aarch64), so `fma` is one instruction rather than a call per lane.
    pub(crate) has_fma: bool,
}

/// The functions one Cranelift function refers to (compiled functions of the module and host
/// functions), each imported into it once: the one mechanism for calls out of a lowering.
#[derive(Default)]
pub(crate) struct Imports {
    refs: HashMap<FuncId, FuncRef>,
}

impl Imports {
    /// The reference to module function `id` from `func`, imported on first use.
    pub(crate) fn func_ref(
        &mut self,
        jit: &mut JITModule,
        func: &mut ir::Function,
        id: FuncId,
    ) -> FuncRef {
        *self
            .refs
            .entry(id)
            .or_insert_with(|| jit.declare_func_in_func(id, func))
    }

    /// Calls the host function `symbol` with `args` and results of Cranelift types `rets` (the
    /// C calling convention); errors when `symbol` was declared with another signature.
    pub(crate) fn call_host(
        &mut self,
        jit: &mut JITModule,
        b: &mut FunctionBuilder,
        symbol: &str,
        args: &[Value],
        rets: &[ir::Type],
    ) -> Result<Vec<Value>, cranelift_module::ModuleError> {
        let mut sig = jit.make_signature();
        for &a in args {
            sig.params.push(AbiParam::new(b.func.dfg.value_type(a)));
        }
        sig.returns.extend(rets.iter().map(|&t| AbiParam::new(t)));
        let id = jit.declare_function(symbol, Linkage::Import, &sig)?;
        let f = self.func_ref(jit, b.func, id);
        let call = b.ins().call(f, args);
        Ok(b.inst_results(call).to_vec())
    }

    /// Calls the host function `symbol` (a runtime helper of [`host_symbols`], or a C library
    /// function) with `args`; its signature is the arguments' Cranelift types and one `ret`
    /// result (the C calling convention). Errors (a symbol declared twice with different
    /// signatures) are located at `loc`.
    pub(crate) fn call_runtime(
        &mut self,
        jit: &mut JITModule,
        b: &mut FunctionBuilder,
        (symbol, args, ret): (&str, &[Value], ir::Type),
        loc: &Location,
    ) -> Result<Value, Diagnostic> {
        let r = self
            .call_host(jit, b, symbol, args, &[ret])
            .map_err(|e| host_error(loc, "declare", e))?;
        Ok(r[0])
    }
}

/// Compiles a `builtin.module` of `func.func`s: sets up the Cranelift JIT for the host, declares
/// every function (so calls may go forward and recurse), lowers each body
/// ([`crate::lower::lower_function`]), builds one trampoline per function, and finalizes.
pub(crate) fn compile_module(
    ctx: &Context,
    module: OpId,
    options: &JitOptions,
) -> Result<JitModule, Diagnostic> {
    let mloc = ctx.loc(module);
    if !ctx.is(module, MODULE_OP) {
        return Err(err_at(
            &mloc,
            format!("expected a '{MODULE_OP}', got '{}'", ctx.name_str(module)),
        ));
    }
    let mut flags = settings::builder();
    let set = |flags: &mut settings::Builder, k: &str, v: &str| {
        flags
            .set(k, v)
            .map_err(|e| host_error(&mloc, "settings", e))
    };
    set(
        &mut flags,
        "opt_level",
        if options.optimize { "speed" } else { "none" },
    )?;
    set(
        &mut flags,
        "enable_verifier",
        if options.verify { "true" } else { "false" },
    )?;
    set(&mut flags, "use_colocated_libcalls", "false")?;
    set(&mut flags, "is_pic", "false")?;
    let isa = cranelift_native::builder()
        .map_err(|e| host_error(&mloc, "host", e))?
        .finish(settings::Flags::new(flags))
        .map_err(|e| host_error(&mloc, "host", e))?;
    let ptr = isa.pointer_type();
    let mut jb = JITBuilder::with_isa(isa, default_libcall_names());
    for (name, ptr) in host_symbols()
        .into_iter()
        .chain(crate::runtime::symbols())
        .chain(crate::runtime::kernels::symbols())
    {
        jb.symbol(name, ptr);
    }

    // The result owns the JIT memory from here on, so an early error frees it.
    let mut out = JitModule {
        module: Some(JITModule::new(jb)),
        funcs: HashMap::new(),
        order: Vec::new(),
        faults: Vec::new(),
        max_frame: 0,
        clif: String::new(),
        disasm: String::new(),
        loop_fuel: options.loop_fuel,
        consts: Vec::new(),
        last_stats: Default::default(),
    };
    let jit = out.module.as_mut().expect("just created");

    // Declare every function first, so calls may go forward and recurse.
    let mut decls: Vec<FuncDecl> = Vec::new();
    let mut by_name: HashMap<String, usize> = HashMap::new();
    let regions = ctx.regions(module);
    if regions.len() != 1 {
        return Err(err_at(&mloc, format!("'{MODULE_OP}' must have one region")));
    }
    let top_blocks = ctx.region_blocks(regions[0]);
    if top_blocks.len() > 1 {
        return Err(err_at(&mloc, format!("'{MODULE_OP}' must have one block")));
    }
    for op in top_blocks
        .first()
        .map(|&b| ctx.block_ops(b))
        .unwrap_or_default()
    {
        let loc = ctx.loc(op);
        let d = crate::plan::func::declaration(ctx, op, &crate::lower::tensor::TARGET, &by_name)?;
        let sig = internal_signature(jit, ptr, &d.params, &d.results);
        let id = jit
            .declare_anonymous_function(&sig)
            .map_err(|e| host_error(&loc, "declare", e))?;
        by_name.insert(d.name.clone(), decls.len());
        decls.push(FuncDecl {
            op,
            name: d.name,
            id,
            params: d.params,
            results: d.results,
            param_types: d.param_types,
            result_types: d.result_types,
        });
    }

    let fcfg = jit.isa().frontend_config();
    let has_fma = jit.isa().triple().architecture.to_string() == "aarch64"
        || jit
            .isa()
            .isa_flags()
            .iter()
            .any(|f| f.name == "has_fma" && f.as_bool() == Some(true));
    let env = ModuleEnv {
        ctx,
        decls: &decls,
        by_name: &by_name,
        ptr,
        fcfg,
        loop_fuel: options.loop_fuel,
        has_fma,
    };
    let mut cl_ctx = jit.make_context();
    let mut fb_ctx = FunctionBuilderContext::new();
    let mut max_frame = 0u64;
    for (i, decl) in decls.iter().enumerate() {
        cl_ctx.func.signature = internal_signature(jit, ptr, &decl.params, &decl.results);
        let b = FunctionBuilder::new(&mut cl_ctx.func, &mut fb_ctx);
        lower_function(&env, &mut *jit, (&mut out.faults, &mut out.consts), b, i)?;
        let loc = ctx.loc(decl.op);
        let what = (decl.id, "function", &decl.name[..], &loc);
        define(
            jit,
            &mut cl_ctx,
            options,
            (&mut out.clif, &mut out.disasm),
            &mut max_frame,
            what,
        )?;
    }

    let mut tramp_ids = Vec::new();
    for decl in &decls {
        let sig = (decl.id, &decl.params[..], &decl.results[..]);
        let id = define_trampoline(jit, &mut cl_ctx, &mut fb_ctx, fcfg, sig, &mloc)?;
        let what = (id, "trampoline of", &decl.name[..], &mloc);
        define(
            jit,
            &mut cl_ctx,
            options,
            (&mut out.clif, &mut out.disasm),
            &mut max_frame,
            what,
        )?;
        tramp_ids.push(id);
    }
    jit.finalize_definitions()
        .map_err(|e| host_error(&mloc, "finalize", e))?;

    for (decl, id) in decls.iter().zip(tramp_ids) {
        let code = jit.get_finalized_function(id);
        // SAFETY: `code` is the finalized machine code of the trampoline built above, whose
        // Cranelift signature (three pointer parameters, no result, the ISA's default calling
        // convention, which is the platform's C convention) is exactly `Trampoline`'s.
        let trampoline = unsafe { std::mem::transmute::<*const u8, Trampoline>(code) };
        out.funcs.insert(
            decl.name.clone(),
            CompiledFunc {
                sig: crate::backend::EntrySignature::new(
                    ctx,
                    decl.params.clone(),
                    decl.results.clone(),
                    &decl.param_types,
                ),
                param_types: decl.param_types.clone(),
                result_types: decl.result_types.clone(),
                trampoline,
            },
        );
        out.order.push(decl.name.clone());
    }
    out.max_frame = max_frame;
    Ok(out)
}

/// Defines the function built in `cl_ctx` as `id` (the body of function `name`, or its
/// trampoline, as `what` says: `function` or `trampoline of`; errors at `loc`), appending its
/// Cranelift IR to `clif` ([`JitOptions::keep_clif`]) and its machine code's disassembly to
/// `disasm` ([`JitOptions::keep_disasm`]) and raising `max_frame` to its frame bound; clears
/// `cl_ctx` for the next function.
fn define(
    jit: &mut JITModule,
    cl_ctx: &mut ClContext,
    options: &JitOptions,
    (clif, disasm): (&mut String, &mut String),
    max_frame: &mut u64,
    (id, what, name, loc): (FuncId, &str, &str, &Location),
) -> Result<(), Diagnostic> {
    *max_frame = (*max_frame).max(frame_bound(&cl_ctx.func));
    if options.keep_clif {
        clif.push_str(&format!("; {what} @{name}\n{}\n", cl_ctx.func.display()));
    }
    cl_ctx.set_disasm(options.keep_disasm);
    jit.define_function(id, cl_ctx)
        .map_err(|e| host_error(loc, &format!("{what} '@{name}'"), format!("{e:?}")))?;
    if let Some(code) = cl_ctx.compiled_code().and_then(|c| c.vcode.as_ref()) {
        disasm.push_str(&format!("; disassembly of {what} @{name}\n{code}\n"));
    }
    jit.clear_context(cl_ctx);
    Ok(())
}

/// An upper bound of one frame of `func`: every value spilled (16 bytes each), its stack slots,
/// and room for saved registers.
fn frame_bound(func: &ir::Function) -> u64 {
    let slots: u64 = func
        .sized_stack_slots
        .values()
        .map(|s| s.size as u64 + 16)
        .sum();
    16 * func.dfg.num_values() as u64 + slots + 4096
}
