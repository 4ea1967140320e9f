//! Translation of CFG-level Weir IR (func, arith, math, cf) to Cranelift IR, and the JIT module.
//!
//! Conventions of the generated code (see the crate docs):
//! - every function takes a hidden first parameter, a pointer to the [`RuntimeContext`]
//!   (`crate::RuntimeContext`), then, when it has two or more results, a pointer to a return
//!   area of 8 bytes per result, then its own arguments; a single result is returned in a
//!   register;
//! - `iN` values are carried in the smallest Cranelift integer type with at least N bits and are
//!   kept zero-extended above bit N;
//! - a fault stores `1 + fault site index` in the context's status word and returns (zeroed
//!   results) through the function's exit block; callers check the status after every call.

use crate::scalar::low_mask;
use crate::{
    CompiledFunc, FaultSite, JitModule, JitOptions, RuntimeErrorKind, ScalarType, Trampoline,
    RT_FUEL, RT_STACK_LIMIT, RT_STATUS,
};
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{
    self, types, AbiParam, Block, BlockArg, FuncRef, InstBuilder, MemFlagsData, Signature,
    StackSlotData, StackSlotKind, Value,
};
use cranelift_codegen::settings::{self, Configurable};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Switch};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{default_libcall_names, FuncId, Linkage, Module};
use std::collections::{HashMap, HashSet};
use weir_ir::{
    AttrKind, BlockId, Context, DenseValue, Diagnostic, Location, OpId, RegionId, Type, TypeKind,
    ValueId,
};

/// The prefix of every compile error, as the `cf-run` tool reports them.
const PREFIX: &str = "cf-run";

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

/// The math ops computed by a C math library call: (op, arity, f32 entry point, f64 entry point).
const LIBM_OPS: [(&str, usize, &str, &str); 15] = [
    ("math.exp", 1, "expf", "exp"),
    ("math.exp2", 1, "exp2f", "exp2"),
    ("math.expm1", 1, "expm1f", "expm1"),
    ("math.log", 1, "logf", "log"),
    ("math.log2", 1, "log2f", "log2"),
    ("math.log1p", 1, "log1pf", "log1p"),
    ("math.tanh", 1, "tanhf", "tanh"),
    ("math.sin", 1, "sinf", "sin"),
    ("math.cos", 1, "cosf", "cos"),
    ("math.tan", 1, "tanf", "tan"),
    ("math.atan", 1, "atanf", "atan"),
    ("math.erf", 1, "erff", "erf"),
    ("math.cbrt", 1, "cbrtf", "cbrt"),
    ("math.atan2", 2, "atan2f", "atan2"),
    ("math.powf", 2, "powf", "pow"),
];

/// The host functions the generated code calls, by symbol name (all but `cbrt`, `cbrtf` and
/// Cranelift's libcalls, which the JIT finds with `dlsym`).
fn host_symbols() -> [(&'static str, *const u8); 33] {
    [
        ("weir_jit_fmod", weir_jit_fmod as *const u8),
        ("weir_jit_fmodf", weir_jit_fmodf as *const u8),
        ("weir_jit_fpowi", weir_jit_fpowi as *const u8),
        ("weir_jit_fpowif", weir_jit_fpowif as *const u8),
        ("weir_jit_ipowi", weir_jit_ipowi as *const u8),
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

// ------------------------------------------------------------------------------------ errors

fn err_at(loc: &Location, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(loc.clone(), format!("{PREFIX}: {msg}"))
}

fn unsupported_op(ctx: &Context, op: OpId) -> Diagnostic {
    err_at(
        ctx.loc(op),
        format!("unsupported operation '{}' in the JIT", ctx.name_str(op)),
    )
}

fn op_err(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    err_at(ctx.loc(op), format!("'{}' {msg}", ctx.name_str(op)))
}

fn unsupported_type(ctx: &Context, loc: &Location, ty: Type) -> Diagnostic {
    err_at(
        loc,
        format!("unsupported type '{}' in the JIT", type_str(ctx, ty)),
    )
}

/// MLIR's spelling of a type, for messages.
pub(crate) fn type_str(ctx: &Context, ty: Type) -> String {
    use weir_ir::{FloatKind, Signedness};
    let list = |ts: &[Type]| {
        ts.iter()
            .map(|&t| type_str(ctx, t))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, signedness } => match signedness {
            Signedness::Signless => format!("i{width}"),
            Signedness::Signed => format!("si{width}"),
            Signedness::Unsigned => format!("ui{width}"),
        },
        TypeKind::Index => "index".into(),
        TypeKind::Float(k) => match k {
            FloatKind::F16 => "f16".into(),
            FloatKind::BF16 => "bf16".into(),
            FloatKind::F32 => "f32".into(),
            FloatKind::F64 => "f64".into(),
        },
        TypeKind::None => "none".into(),
        TypeKind::Function { inputs, results } => {
            if results.len() == 1 && !matches!(ctx.type_kind(results[0]), TypeKind::Function { .. })
            {
                format!("({}) -> {}", list(inputs), list(results))
            } else {
                format!("({}) -> ({})", list(inputs), list(results))
            }
        }
        TypeKind::Tensor { shape, element } => match shape {
            None => format!("tensor<*x{}>", type_str(ctx, *element)),
            Some(dims) => {
                let mut s = String::from("tensor<");
                for d in dims {
                    match d {
                        Some(n) => s.push_str(&n.to_string()),
                        None => s.push('?'),
                    }
                    s.push('x');
                }
                format!("{s}{}>", type_str(ctx, *element))
            }
        },
        TypeKind::Vector { shape, element } => {
            let dims: String = shape.iter().map(|d| format!("{d}x")).collect();
            format!("vector<{dims}{}>", type_str(ctx, *element))
        }
        TypeKind::Tuple(ts) => format!("tuple<{}>", list(ts)),
        TypeKind::Opaque(s) => format!("!{s}"),
    }
}

// ------------------------------------------------------------------------------------ types

/// The Cranelift type carrying an integer of `width` bits.
fn carrier(width: u32) -> ir::Type {
    match width {
        0..=8 => types::I8,
        9..=16 => types::I16,
        17..=32 => types::I32,
        _ => types::I64,
    }
}

/// The Cranelift type of a scalar type.
fn cl_type(t: ScalarType) -> ir::Type {
    match t {
        ScalarType::Int(w) => carrier(w),
        ScalarType::Index => types::I64,
        ScalarType::F32 => types::F32,
        ScalarType::F64 => types::F64,
    }
}

/// The internal signature of a compiled function (see the module docs).
fn internal_signature(
    jit: &JITModule,
    ptr: ir::Type,
    params: &[ScalarType],
    results: &[ScalarType],
) -> Signature {
    let mut sig = jit.make_signature();
    sig.params.push(AbiParam::new(ptr));
    if results.len() >= 2 {
        sig.params.push(AbiParam::new(ptr));
    }
    sig.params
        .extend(params.iter().map(|&t| AbiParam::new(cl_type(t))));
    if results.len() == 1 {
        sig.returns.push(AbiParam::new(cl_type(results[0])));
    }
    sig
}

/// Calls `callee` with the internal convention; returns its results (loaded from a stack
/// return area when there are two or more).
fn emit_call(
    b: &mut FunctionBuilder,
    ptr: ir::Type,
    callee: FuncRef,
    rt: Value,
    args: &[Value],
    results: &[ScalarType],
) -> Vec<Value> {
    let mut call_args = vec![rt];
    let area = if results.len() >= 2 {
        let ss = b.create_sized_stack_slot(StackSlotData::new(
            StackSlotKind::ExplicitSlot,
            8 * results.len() as u32,
            3,
        ));
        let addr = b.ins().stack_addr(ptr, ss, 0);
        call_args.push(addr);
        Some(addr)
    } else {
        None
    };
    call_args.extend_from_slice(args);
    let inst = b.ins().call(callee, &call_args);
    match area {
        None => b.inst_results(inst).to_vec(),
        Some(addr) => results
            .iter()
            .enumerate()
            .map(|(i, &t)| {
                b.ins()
                    .load(cl_type(t), MemFlagsData::trusted(), addr, 8 * i as i32)
            })
            .collect(),
    }
}

// ------------------------------------------------------------------------------------ module

/// A `func.func` of the module, declared in the JIT module.
struct FuncDecl {
    op: OpId,
    name: String,
    id: FuncId,
    params: Vec<ScalarType>,
    results: Vec<ScalarType>,
    param_types: Vec<Type>,
    result_types: Vec<Type>,
}

fn host_error(loc: &Location, what: &str, e: impl std::fmt::Display) -> Diagnostic {
    err_at(loc, format!("internal JIT error ({what}): {e}"))
}

pub(crate) fn compile_module(
    ctx: &Context,
    module: OpId,
    options: &JitOptions,
) -> Result<JitModule, Diagnostic> {
    let mloc = ctx.loc(module).clone();
    if !ctx.is(module, "builtin.module") {
        return Err(err_at(
            &mloc,
            format!(
                "expected a 'builtin.module', got '{}'",
                ctx.name_str(module)
            ),
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
    for (name, ptr) in host_symbols() {
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
    };
    let jit = out.module.as_mut().expect("just created");

    // Declare every function first, so calls may go forward and recurse.
    let mut decls: Vec<FuncDecl> = Vec::new();
    let mut by_name: HashMap<String, usize> = HashMap::new();
    let regions = ctx.regions(module);
    if regions.len() != 1 {
        return Err(err_at(&mloc, "'builtin.module' must have one region"));
    }
    let top_blocks = ctx.region_blocks(regions[0]);
    if top_blocks.len() > 1 {
        return Err(err_at(&mloc, "'builtin.module' must have one block"));
    }
    for op in top_blocks
        .first()
        .map(|&b| ctx.block_ops(b))
        .unwrap_or_default()
    {
        if !ctx.is(op, "func.func") {
            return Err(unsupported_op(ctx, op));
        }
        let loc = ctx.loc(op).clone();
        let name = match ctx.attr_of(op, "sym_name").map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::String(s)) => s.clone(),
            _ => return Err(op_err(ctx, op, "requires a string 'sym_name' attribute")),
        };
        let (inputs, outputs) = match ctx.attr_of(op, "function_type").map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::Type(t)) => match ctx.type_kind(*t) {
                TypeKind::Function { inputs, results } => (inputs.clone(), results.clone()),
                _ => {
                    return Err(op_err(
                        ctx,
                        op,
                        "requires a function type 'function_type' attribute",
                    ))
                }
            },
            _ => {
                return Err(op_err(
                    ctx,
                    op,
                    "requires a function type 'function_type' attribute",
                ))
            }
        };
        if ctx.regions(op).len() != 1 || ctx.region_is_empty(ctx.region(op, 0)) {
            return Err(err_at(
                &loc,
                format!("external functions are not supported by the JIT ('@{name}' is declared without a body)"),
            ));
        }
        let scalars = |ts: &[Type]| -> Result<Vec<ScalarType>, Diagnostic> {
            ts.iter()
                .map(|&t| {
                    ScalarType::from_type(ctx, t).ok_or_else(|| unsupported_type(ctx, &loc, t))
                })
                .collect()
        };
        let params = scalars(&inputs)?;
        let results = scalars(&outputs)?;
        if by_name.contains_key(&name) {
            return Err(err_at(
                &loc,
                format!("redefinition of symbol named '{name}'"),
            ));
        }
        let sig = internal_signature(jit, ptr, &params, &results);
        let id = jit
            .declare_anonymous_function(&sig)
            .map_err(|e| host_error(&loc, "declare", e))?;
        by_name.insert(name.clone(), decls.len());
        decls.push(FuncDecl {
            op,
            name,
            id,
            params,
            results,
            param_types: inputs,
            result_types: outputs,
        });
    }

    let fcfg = jit.isa().frontend_config();
    let mut cl_ctx = jit.make_context();
    let mut fb_ctx = FunctionBuilderContext::new();
    let mut max_frame = 0u64;
    for (i, decl) in decls.iter().enumerate() {
        cl_ctx.func.signature = internal_signature(jit, ptr, &decl.params, &decl.results);
        {
            let b = FunctionBuilder::new(&mut cl_ctx.func, &mut fb_ctx);
            let t = FnTranslator {
                ctx,
                jit: &mut *jit,
                decls: &decls,
                by_name: &by_name,
                faults: &mut out.faults,
                b,
                ptr,
                this: i,
                rt: None,
                ret_area: None,
                values: HashMap::new(),
                blocks: HashMap::new(),
                pending_faults: Vec::new(),
                exit: None,
                func_refs: HashMap::new(),
                terminated: false,
                fcfg,
                loop_fuel: options.loop_fuel,
            };
            t.translate()?;
        }
        max_frame = max_frame.max(frame_bound(&cl_ctx.func));
        if options.keep_clif {
            out.clif.push_str(&format!(
                "; function @{}\n{}\n",
                decl.name,
                cl_ctx.func.display()
            ));
        }
        jit.define_function(decl.id, &mut cl_ctx).map_err(|e| {
            host_error(
                ctx.loc(decl.op),
                &format!("function '@{}'", decl.name),
                format!("{e:?}"),
            )
        })?;
        jit.clear_context(&mut cl_ctx);
    }

    // One trampoline per function: `extern "C" fn(args, results, rt)`.
    let mut tramp_ids = Vec::new();
    for decl in &decls {
        let mut sig = jit.make_signature();
        sig.params
            .extend([AbiParam::new(ptr), AbiParam::new(ptr), AbiParam::new(ptr)]);
        let id = jit
            .declare_anonymous_function(&sig)
            .map_err(|e| host_error(&mloc, "declare", e))?;
        cl_ctx.func.signature = sig;
        {
            let mut b = FunctionBuilder::new(&mut cl_ctx.func, &mut fb_ctx);
            let blk = b.create_block();
            b.append_block_params_for_function_params(blk);
            b.switch_to_block(blk);
            b.seal_block(blk);
            let p = b.block_params(blk).to_vec();
            let (args_p, res_p, rt) = (p[0], p[1], p[2]);
            let mut args = Vec::new();
            for (i, &t) in decl.params.iter().enumerate() {
                let raw = b
                    .ins()
                    .load(types::I64, MemFlagsData::trusted(), args_p, 8 * i as i32);
                args.push(match t {
                    ScalarType::Int(w) if carrier(w) != types::I64 => {
                        b.ins().ireduce(carrier(w), raw)
                    }
                    ScalarType::Int(_) | ScalarType::Index => raw,
                    ScalarType::F32 => {
                        let x = b.ins().ireduce(types::I32, raw);
                        b.ins().bitcast(types::F32, MemFlagsData::new(), x)
                    }
                    ScalarType::F64 => b.ins().bitcast(types::F64, MemFlagsData::new(), raw),
                });
            }
            let callee = jit.declare_func_in_func(decl.id, b.func);
            let vals = emit_call(&mut b, ptr, callee, rt, &args, &decl.results);
            for (i, (&v, &t)) in vals.iter().zip(&decl.results).enumerate() {
                let raw = match t {
                    ScalarType::Int(w) if carrier(w) != types::I64 => {
                        b.ins().uextend(types::I64, v)
                    }
                    ScalarType::Int(_) | ScalarType::Index => v,
                    ScalarType::F32 => {
                        let x = b.ins().bitcast(types::I32, MemFlagsData::new(), v);
                        b.ins().uextend(types::I64, x)
                    }
                    ScalarType::F64 => b.ins().bitcast(types::I64, MemFlagsData::new(), v),
                };
                b.ins()
                    .store(MemFlagsData::trusted(), raw, res_p, 8 * i as i32);
            }
            b.ins().return_(&[]);
            b.finalize(fcfg);
        }
        max_frame = max_frame.max(frame_bound(&cl_ctx.func));
        if options.keep_clif {
            out.clif.push_str(&format!(
                "; trampoline of @{}\n{}\n",
                decl.name,
                cl_ctx.func.display()
            ));
        }
        jit.define_function(id, &mut cl_ctx).map_err(|e| {
            host_error(
                &mloc,
                &format!("trampoline of '@{}'", decl.name),
                format!("{e:?}"),
            )
        })?;
        jit.clear_context(&mut cl_ctx);
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
                params: decl.params.clone(),
                results: decl.results.clone(),
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

// ------------------------------------------------------------------------------------ functions

/// Integer binary ops of the arith dialect.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum IntBin {
    Add,
    Sub,
    Mul,
    DivS,
    DivU,
    RemS,
    RemU,
    And,
    Or,
    Xor,
    Shl,
    ShrS,
    ShrU,
    MaxS,
    MaxU,
    MinS,
    MinU,
    CeilDivS,
    CeilDivU,
    FloorDivS,
}

fn int_bin(name: &str) -> Option<IntBin> {
    use IntBin::*;
    Some(match name {
        "arith.addi" => Add,
        "arith.subi" => Sub,
        "arith.muli" => Mul,
        "arith.divsi" => DivS,
        "arith.divui" => DivU,
        "arith.remsi" => RemS,
        "arith.remui" => RemU,
        "arith.andi" => And,
        "arith.ori" => Or,
        "arith.xori" => Xor,
        "arith.shli" => Shl,
        "arith.shrsi" => ShrS,
        "arith.shrui" => ShrU,
        "arith.maxsi" => MaxS,
        "arith.maxui" => MaxU,
        "arith.minsi" => MinS,
        "arith.minui" => MinU,
        "arith.ceildivsi" => CeilDivS,
        "arith.ceildivui" => CeilDivU,
        "arith.floordivsi" => FloorDivS,
        _ => return None,
    })
}

/// Float binary ops of the arith and math dialects.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum FloatBin {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    MaxNum,
    MinNum,
    Maximum,
    Minimum,
    CopySign,
}

fn float_bin(name: &str) -> Option<FloatBin> {
    use FloatBin::*;
    Some(match name {
        "arith.addf" => Add,
        "arith.subf" => Sub,
        "arith.mulf" => Mul,
        "arith.divf" => Div,
        "arith.remf" => Rem,
        "arith.maxnumf" => MaxNum,
        "arith.minnumf" => MinNum,
        "arith.maximumf" => Maximum,
        "arith.minimumf" => Minimum,
        "math.copysign" => CopySign,
        _ => return None,
    })
}

/// Float unary ops.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum FloatUn {
    Neg,
    Abs,
    Sqrt,
    Floor,
    Ceil,
    Trunc,
    RoundEven,
    Rsqrt,
}

fn float_un(name: &str) -> Option<FloatUn> {
    use FloatUn::*;
    Some(match name {
        "arith.negf" => Neg,
        "math.absf" => Abs,
        "math.sqrt" => Sqrt,
        "math.floor" => Floor,
        "math.ceil" => Ceil,
        "math.trunc" => Trunc,
        "math.roundeven" => RoundEven,
        "math.rsqrt" => Rsqrt,
        _ => return None,
    })
}

/// `arith.cmpi` predicates in MLIR's numbering (`arith::CmpIPredicate`).
fn int_cc(p: i128) -> Option<(IntCC, bool)> {
    // (condition code, whether the operands are read signed)
    Some(match p {
        0 => (IntCC::Equal, false),
        1 => (IntCC::NotEqual, false),
        2 => (IntCC::SignedLessThan, true),
        3 => (IntCC::SignedLessThanOrEqual, true),
        4 => (IntCC::SignedGreaterThan, true),
        5 => (IntCC::SignedGreaterThanOrEqual, true),
        6 => (IntCC::UnsignedLessThan, false),
        7 => (IntCC::UnsignedLessThanOrEqual, false),
        8 => (IntCC::UnsignedGreaterThan, false),
        9 => (IntCC::UnsignedGreaterThanOrEqual, false),
        _ => return None,
    })
}

/// `arith.cmpf` predicates in MLIR's numbering (`arith::CmpFPredicate`); `Err(b)` is the
/// constant `false` / `true` predicates. Ordered predicates are false on NaN, unordered ones
/// true (IEEE 754 §5.11).
fn float_cc(p: i128) -> Option<Result<FloatCC, bool>> {
    Some(match p {
        0 => Err(false),
        1 => Ok(FloatCC::Equal),
        2 => Ok(FloatCC::GreaterThan),
        3 => Ok(FloatCC::GreaterThanOrEqual),
        4 => Ok(FloatCC::LessThan),
        5 => Ok(FloatCC::LessThanOrEqual),
        6 => Ok(FloatCC::OrderedNotEqual),
        7 => Ok(FloatCC::Ordered),
        8 => Ok(FloatCC::UnorderedOrEqual),
        9 => Ok(FloatCC::UnorderedOrGreaterThan),
        10 => Ok(FloatCC::UnorderedOrGreaterThanOrEqual),
        11 => Ok(FloatCC::UnorderedOrLessThan),
        12 => Ok(FloatCC::UnorderedOrLessThanOrEqual),
        13 => Ok(FloatCC::NotEqual),
        14 => Ok(FloatCC::Unordered),
        15 => Err(true),
        _ => return None,
    })
}

/// Reads an integer-array attribute (`array<i32: ...>` or `dense<...>`).
fn int_array(ctx: &Context, op: OpId, name: &str) -> Option<Vec<i128>> {
    let a = ctx.attr_of(op, name)?;
    let values = match ctx.attr_kind(a) {
        AttrKind::DenseArray { values, .. } | AttrKind::Dense { values, .. } => values,
        _ => return None,
    };
    values
        .iter()
        .map(|v| match v {
            DenseValue::Int(i) => Some(*i),
            DenseValue::Float(_) => None,
        })
        .collect()
}

/// Reverse post-order of the blocks reachable from `entry`, and the targets of DFS back edges
/// (every CFG cycle contains one: the loop headers that cost fuel).
fn cfg_order(
    ctx: &Context,
    region: RegionId,
    entry: BlockId,
) -> Result<(Vec<BlockId>, HashSet<BlockId>), Diagnostic> {
    let succs = |b: BlockId| -> Result<Vec<BlockId>, Diagnostic> {
        let mut out = Vec::new();
        for op in ctx.block_ops(b) {
            for &s in ctx.successors(op) {
                if ctx.block_region(s) != Some(region) {
                    return Err(op_err(ctx, op, "has a successor in another region"));
                }
                out.push(s);
            }
        }
        Ok(out)
    };
    // 1 = on the DFS stack, 2 = done.
    let mut state: HashMap<BlockId, u8> = HashMap::new();
    let mut headers = HashSet::new();
    let mut post = Vec::new();
    let mut stack = vec![(entry, succs(entry)?, 0usize)];
    state.insert(entry, 1);
    while let Some((b, ss, i)) = stack.last_mut() {
        if *i < ss.len() {
            let s = ss[*i];
            *i += 1;
            match state.get(&s) {
                None => {
                    state.insert(s, 1);
                    let next = succs(s)?;
                    stack.push((s, next, 0));
                }
                Some(1) => {
                    headers.insert(s);
                }
                _ => {}
            }
        } else {
            let b = *b;
            state.insert(b, 2);
            post.push(b);
            stack.pop();
        }
    }
    post.reverse();
    Ok((post, headers))
}

/// Translates one `func.func` body into the Cranelift function under construction.
struct FnTranslator<'a, 'f> {
    ctx: &'a Context,
    jit: &'a mut JITModule,
    decls: &'a [FuncDecl],
    by_name: &'a HashMap<String, usize>,
    faults: &'a mut Vec<FaultSite>,
    b: FunctionBuilder<'f>,
    ptr: ir::Type,
    /// Index of this function in `decls`.
    this: usize,
    /// The runtime context pointer (entry block parameter 0).
    rt: Option<Value>,
    /// The return area pointer, for functions with two or more results.
    ret_area: Option<Value>,
    values: HashMap<ValueId, Value>,
    blocks: HashMap<BlockId, Block>,
    /// Fault blocks to fill at the end: (block, status word to store).
    pending_faults: Vec<(Block, u64)>,
    /// The block returning zeroed results after a fault (created on first use).
    exit: Option<Block>,
    func_refs: HashMap<FuncId, FuncRef>,
    /// Whether the current block already has its terminator.
    terminated: bool,
    fcfg: cranelift_codegen::isa::TargetFrontendConfig,
    /// Whether loop headers cost fuel ([`JitOptions::loop_fuel`]).
    loop_fuel: bool,
}

type R<T> = Result<T, Diagnostic>;

impl FnTranslator<'_, '_> {
    fn decl(&self) -> &FuncDecl {
        &self.decls[self.this]
    }

    fn rt(&self) -> Value {
        self.rt.expect("runtime context parameter set at entry")
    }

    fn translate(mut self) -> R<()> {
        let ctx = self.ctx;
        let fop = self.decl().op;
        let floc = ctx.loc(fop).clone();
        let region = ctx.region(fop, 0);
        let entry = ctx.entry_block(region).expect("checked non-empty");
        let (rpo, headers) = cfg_order(ctx, region, entry)?;

        let entry_types = ctx.block_arg_types(entry);
        if entry_types != self.decl().param_types {
            return Err(err_at(
                &floc,
                "entry block arguments do not match the function type",
            ));
        }
        for &blk in &rpo {
            let cb = self.b.create_block();
            for &a in ctx.block_args(blk) {
                let t = self.scalar_at(&floc, ctx.value_type(a))?;
                self.b.append_block_param(cb, cl_type(t));
            }
            self.blocks.insert(blk, cb);
        }

        // The Cranelift entry block: take the parameters, check the stack, enter the body.
        let start = self.b.create_block();
        self.b.append_block_params_for_function_params(start);
        self.b.switch_to_block(start);
        let params = self.b.block_params(start).to_vec();
        self.rt = Some(params[0]);
        let mut rest = &params[1..];
        if self.decl().results.len() >= 2 {
            self.ret_area = Some(params[1]);
            rest = &params[2..];
        }
        let args: Vec<BlockArg> = rest.iter().map(|&v| BlockArg::Value(v)).collect();
        let sp = self.b.ins().get_stack_pointer(self.ptr);
        let rt = self.rt();
        let limit = self
            .b
            .ins()
            .load(self.ptr, MemFlagsData::trusted(), rt, RT_STACK_LIMIT);
        let low = self.b.ins().icmp(IntCC::UnsignedLessThan, sp, limit);
        let name = self.decl().name.clone();
        self.guard(
            low,
            RuntimeErrorKind::StackOverflow,
            format!("stack overflow: recursion too deep (in function '{name}')"),
            floc.clone(),
        );
        let body_entry = self.blocks[&entry];
        self.b.ins().jump(body_entry, &args);

        for &blk in &rpo {
            let cb = self.blocks[&blk];
            self.b.switch_to_block(cb);
            self.terminated = false;
            let params = self.b.block_params(cb).to_vec();
            for (&a, p) in ctx.block_args(blk).iter().zip(params) {
                self.values.insert(a, p);
            }
            if self.loop_fuel && headers.contains(&blk) {
                self.fuel_check(&floc);
            }
            for op in ctx.block_ops(blk) {
                if self.terminated {
                    return Err(op_err(ctx, op, "follows the block's terminator"));
                }
                self.translate_op(op)?;
            }
            if !self.terminated {
                return Err(err_at(
                    &floc,
                    "a block of the function does not end with a terminator",
                ));
            }
        }

        for (blk, status) in std::mem::take(&mut self.pending_faults) {
            self.b.switch_to_block(blk);
            let s = self.b.ins().iconst(types::I64, status as i64);
            let rt = self.rt();
            self.b
                .ins()
                .store(MemFlagsData::trusted(), s, rt, RT_STATUS);
            let exit = self.exit_block();
            self.b.ins().jump(exit, &[]);
        }
        if let Some(exit) = self.exit {
            self.b.switch_to_block(exit);
            let mut vals = Vec::new();
            if let [t] = self.decl().results[..] {
                vals.push(self.zero(t));
            }
            self.b.ins().return_(&vals);
        }
        self.b.seal_all_blocks();
        self.b.finalize(self.fcfg);
        Ok(())
    }

    // -------------------------------------------------------------- helpers

    fn scalar_at(&self, loc: &Location, ty: Type) -> R<ScalarType> {
        ScalarType::from_type(self.ctx, ty).ok_or_else(|| unsupported_type(self.ctx, loc, ty))
    }

    fn ty(&self, op: OpId, v: ValueId) -> R<ScalarType> {
        self.scalar_at(self.ctx.loc(op), self.ctx.value_type(v))
    }

    fn val(&self, op: OpId, v: ValueId) -> R<Value> {
        self.values
            .get(&v)
            .copied()
            .ok_or_else(|| op_err(self.ctx, op, "uses a value that does not dominate it"))
    }

    fn counts(&self, op: OpId, operands: usize, results: usize) -> R<()> {
        let (o, r) = (self.ctx.operands(op).len(), self.ctx.results(op).len());
        if o != operands || r != results {
            return Err(op_err(
                self.ctx,
                op,
                format!("expects {operands} operand(s) and {results} result(s), got {o} and {r}"),
            ));
        }
        Ok(())
    }

    fn set_result(&mut self, op: OpId, i: usize, v: Value) {
        self.values.insert(self.ctx.result(op, i), v);
    }

    fn exit_block(&mut self) -> Block {
        if let Some(e) = self.exit {
            return e;
        }
        let e = self.b.create_block();
        self.b.set_cold_block(e);
        self.exit = Some(e);
        e
    }

    /// A new cold block that records the fault and leaves the function.
    fn fault_block(&mut self, kind: RuntimeErrorKind, message: String, loc: Location) -> Block {
        self.faults.push(FaultSite { kind, message, loc });
        let status = self.faults.len() as u64;
        let blk = self.b.create_block();
        self.b.set_cold_block(blk);
        self.pending_faults.push((blk, status));
        blk
    }

    /// Faults when `bad` (an `i8` 0/1) is set; continues in a new block otherwise.
    fn guard(&mut self, bad: Value, kind: RuntimeErrorKind, message: String, loc: Location) {
        let fb = self.fault_block(kind, message, loc);
        let cont = self.b.create_block();
        self.b.ins().brif(bad, fb, &[], cont, &[]);
        self.b.switch_to_block(cont);
    }

    fn fuel_check(&mut self, loc: &Location) {
        let rt = self.rt();
        let fuel = self
            .b
            .ins()
            .load(types::I64, MemFlagsData::trusted(), rt, RT_FUEL);
        let empty = self.b.ins().icmp_imm_s(IntCC::Equal, fuel, 0);
        self.guard(
            empty,
            RuntimeErrorKind::FuelExhausted,
            "iteration limit exceeded".into(),
            loc.clone(),
        );
        let left = self.b.ins().iadd_imm_s(fuel, -1);
        self.b
            .ins()
            .store(MemFlagsData::trusted(), left, rt, RT_FUEL);
    }

    fn zero(&mut self, t: ScalarType) -> Value {
        match t {
            ScalarType::F32 => self.b.ins().f32const(0.0),
            ScalarType::F64 => self.b.ins().f64const(0.0),
            _ => self.b.ins().iconst(cl_type(t), 0),
        }
    }

    /// An integer constant of Cranelift type `c` from its low bits.
    fn iconst_u(&mut self, c: ir::Type, bits: u64) -> Value {
        self.b.ins().iconst(c, (bits & low_mask(c.bits())) as i64)
    }

    /// Clears the bits above `w` (restores the zero-extended form after wrapping arithmetic).
    fn mask(&mut self, v: Value, w: u32) -> Value {
        let c = carrier(w);
        if w == c.bits() {
            return v;
        }
        let m = self.iconst_u(c, low_mask(w));
        self.b.ins().band(v, m)
    }

    /// Sign-extends from bit `w - 1` into the whole carrier.
    fn sext(&mut self, v: Value, w: u32) -> Value {
        let s = (carrier(w).bits() - w) as i64;
        if s == 0 {
            return v;
        }
        let t = self.b.ins().ishl_imm_u(v, s);
        self.b.ins().sshr_imm_u(t, s)
    }

    /// A `w`-bit integer sign-extended to an `I64`.
    fn sext_to_i64(&mut self, v: Value, w: u32) -> Value {
        let x = self.sext(v, w);
        if carrier(w) == types::I64 {
            x
        } else {
            self.b.ins().sextend(types::I64, x)
        }
    }

    /// Converts a `from`-bit integer into a `to`-bit one: sign- or zero-extension when widening,
    /// truncation when narrowing (MLIR `arith.extsi` / `extui` / `trunci` / `index_cast`).
    fn convert_int(&mut self, v: Value, from: u32, to: u32, signed: bool) -> Value {
        let (fc, tc) = (carrier(from), carrier(to));
        let widen_signed = signed && to > from;
        let mut x = if widen_signed { self.sext(v, from) } else { v };
        if tc.bits() > fc.bits() {
            x = if widen_signed {
                self.b.ins().sextend(tc, x)
            } else {
                self.b.ins().uextend(tc, x)
            };
        } else if tc.bits() < fc.bits() {
            x = self.b.ins().ireduce(tc, x);
        }
        self.mask(x, to)
    }

    fn block_args(&self, op: OpId, succ: BlockId, vals: &[ValueId]) -> R<Vec<BlockArg>> {
        let ctx = self.ctx;
        let params = ctx.block_args(succ);
        if params.len() != vals.len() {
            return Err(op_err(
                ctx,
                op,
                format!(
                    "passes {} operand(s) to a block with {} argument(s)",
                    vals.len(),
                    params.len()
                ),
            ));
        }
        let mut out = Vec::new();
        for (i, (&v, &p)) in vals.iter().zip(params).enumerate() {
            if ctx.value_type(v) != ctx.value_type(p) {
                return Err(op_err(
                    ctx,
                    op,
                    format!("passes a value of the wrong type to block argument #{i}"),
                ));
            }
            out.push(BlockArg::Value(self.val(op, v)?));
        }
        Ok(out)
    }

    fn target(&self, op: OpId, succ: BlockId) -> R<Block> {
        self.blocks
            .get(&succ)
            .copied()
            .ok_or_else(|| op_err(self.ctx, op, "branches to an unknown block"))
    }

    fn int_attr(&self, op: OpId, name: &str) -> R<i128> {
        match self.ctx.attr_of(op, name).map(|a| self.ctx.attr_kind(a)) {
            Some(AttrKind::Integer { value, .. }) => Ok(*value),
            _ => Err(op_err(
                self.ctx,
                op,
                format!("requires an integer '{name}' attribute"),
            )),
        }
    }

    /// Calls the host function `name` (a symbol of [`host_symbols`], or of the C library) with
    /// `args`; its signature
    /// is the arguments' types and one `ret` result.
    fn call_host(&mut self, op: OpId, name: &str, args: &[Value], ret: ir::Type) -> R<Value> {
        let mut sig = self.jit.make_signature();
        for &a in args {
            sig.params
                .push(AbiParam::new(self.b.func.dfg.value_type(a)));
        }
        sig.returns.push(AbiParam::new(ret));
        let id = self
            .jit
            .declare_function(name, Linkage::Import, &sig)
            .map_err(|e| host_error(self.ctx.loc(op), "declare", e))?;
        let f = match self.func_refs.get(&id) {
            Some(&f) => f,
            None => {
                let f = self.jit.declare_func_in_func(id, self.b.func);
                self.func_refs.insert(id, f);
                f
            }
        };
        let call = self.b.ins().call(f, args);
        Ok(self.b.inst_results(call)[0])
    }

    // -------------------------------------------------------------- ops

    fn translate_op(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let name = ctx.name_str(op);
        match name {
            "func.return" => self.op_return(op),
            "func.call" => self.op_call(op),
            "arith.constant" => self.op_constant(op),
            "arith.cmpi" => self.op_cmpi(op),
            "arith.cmpf" => self.op_cmpf(op),
            "arith.select" => self.op_select(op),
            "cf.br" => self.op_br(op),
            "cf.cond_br" => self.op_cond_br(op),
            "cf.switch" => self.op_switch(op),
            "cf.assert" => self.op_assert(op),
            "math.fma" => self.op_fma(op),
            "math.fpowi" => self.op_fpowi(op),
            "math.ipowi" => self.op_ipowi(op),
            "math.absi" => self.op_absi(op),
            "arith.index_cast" | "arith.index_castui" | "arith.extsi" | "arith.extui"
            | "arith.trunci" => self.op_int_cast(op),
            "arith.sitofp" | "arith.uitofp" => self.op_int_to_float(op),
            "arith.fptosi" | "arith.fptoui" => self.op_float_to_int(op),
            "arith.extf" | "arith.truncf" => self.op_float_cast(op),
            "arith.bitcast" => self.op_bitcast(op),
            "arith.addui_extended" => self.op_addui_extended(op),
            "arith.mului_extended" => self.op_mul_extended(op, false),
            "arith.mulsi_extended" => self.op_mul_extended(op, true),
            _ => {
                if let Some(k) = int_bin(name) {
                    self.op_int_bin(op, k)
                } else if let Some(k) = float_bin(name) {
                    self.op_float_bin(op, k)
                } else if let Some(k) = float_un(name) {
                    self.op_float_un(op, k)
                } else if let Some(&(_, n, f32_fn, f64_fn)) =
                    LIBM_OPS.iter().find(|(o, ..)| *o == name)
                {
                    self.op_libm(op, n, f32_fn, f64_fn)
                } else {
                    Err(unsupported_op(ctx, op))
                }
            }
        }
    }

    /// Checks that every operand and result of `op` has one scalar type, and returns it.
    fn same_type(&self, op: OpId) -> R<ScalarType> {
        let ctx = self.ctx;
        let all: Vec<ValueId> = ctx
            .operands(op)
            .iter()
            .chain(ctx.results(op))
            .copied()
            .collect();
        let t = self.ty(op, all[0])?;
        for &v in &all[1..] {
            if self.ty(op, v)? != t {
                return Err(op_err(
                    ctx,
                    op,
                    "requires all operands and results to have the same type",
                ));
            }
        }
        Ok(t)
    }

    fn int_type_of(&self, op: OpId, t: ScalarType) -> R<u32> {
        t.int_width()
            .ok_or_else(|| op_err(self.ctx, op, format!("requires integer operands, got {t}")))
    }

    fn float_type_of(&self, op: OpId, t: ScalarType) -> R<()> {
        if t.is_float() {
            Ok(())
        } else {
            Err(op_err(
                self.ctx,
                op,
                format!("requires float operands, got {t}"),
            ))
        }
    }

    /// `func.return` (MLIR func dialect): the operands are the function's results.
    fn op_return(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let want = self.decl().result_types.clone();
        let got: Vec<Type> = ctx
            .operands(op)
            .iter()
            .map(|&v| ctx.value_type(v))
            .collect();
        if got != want {
            return Err(op_err(
                ctx,
                op,
                "operands do not match the function's result types",
            ));
        }
        let vals = ctx
            .operands(op)
            .iter()
            .map(|&v| self.val(op, v))
            .collect::<R<Vec<_>>>()?;
        match self.ret_area {
            Some(area) => {
                for (i, &v) in vals.iter().enumerate() {
                    self.b
                        .ins()
                        .store(MemFlagsData::trusted(), v, area, 8 * i as i32);
                }
                self.b.ins().return_(&[]);
            }
            None => {
                self.b.ins().return_(&vals);
            }
        }
        self.terminated = true;
        Ok(())
    }

    /// `func.call @callee(args)`: a direct call; a fault in the callee propagates.
    fn op_call(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let callee = match ctx.attr_of(op, "callee").map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::SymbolRef(path)) if path.len() == 1 => path[0].clone(),
            Some(AttrKind::SymbolRef(_)) => {
                return Err(op_err(
                    ctx,
                    op,
                    "nested symbol references are not supported",
                ))
            }
            _ => {
                return Err(op_err(
                    ctx,
                    op,
                    "requires a symbol reference 'callee' attribute",
                ))
            }
        };
        let idx = *self
            .by_name
            .get(&callee)
            .ok_or_else(|| op_err(ctx, op, format!("calls unknown function '@{callee}'")))?;
        let d = &self.decls[idx];
        let arg_types: Vec<Type> = ctx
            .operands(op)
            .iter()
            .map(|&v| ctx.value_type(v))
            .collect();
        let res_types: Vec<Type> = ctx.results(op).iter().map(|&v| ctx.value_type(v)).collect();
        if arg_types != d.param_types || res_types != d.result_types {
            return Err(op_err(
                ctx,
                op,
                format!("does not match the type of '@{callee}'"),
            ));
        }
        let (id, results) = (d.id, d.results.clone());
        let fref = match self.func_refs.get(&id) {
            Some(&f) => f,
            None => {
                let f = self.jit.declare_func_in_func(id, self.b.func);
                self.func_refs.insert(id, f);
                f
            }
        };
        let args = ctx
            .operands(op)
            .iter()
            .map(|&v| self.val(op, v))
            .collect::<R<Vec<_>>>()?;
        let rt = self.rt();
        let vals = emit_call(&mut self.b, self.ptr, fref, rt, &args, &results);
        let status = self
            .b
            .ins()
            .load(types::I64, MemFlagsData::trusted(), rt, RT_STATUS);
        let exit = self.exit_block();
        let cont = self.b.create_block();
        self.b.ins().brif(status, exit, &[], cont, &[]);
        self.b.switch_to_block(cont);
        for (i, v) in vals.into_iter().enumerate() {
            self.set_result(op, i, v);
        }
        Ok(())
    }

    /// `arith.constant`: an integer, float or boolean attribute of a scalar type.
    fn op_constant(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        self.counts(op, 0, 1)?;
        let t = self.ty(op, ctx.result(op, 0))?;
        let attr = ctx.attr_of(op, "value").map(|a| ctx.attr_kind(a));
        let v = match (attr, t) {
            (Some(AttrKind::Integer { value, .. }), ScalarType::Int(_) | ScalarType::Index) => self
                .iconst_u(
                    cl_type(t),
                    *value as u64 & low_mask(t.int_width().unwrap_or(64)),
                ),
            (Some(AttrKind::Bool(b)), ScalarType::Int(1)) => {
                self.b.ins().iconst(types::I8, *b as i64)
            }
            (Some(AttrKind::Float { bits, .. }), ScalarType::F64) => {
                self.b.ins().f64const(f64::from_bits(*bits))
            }
            (Some(AttrKind::Float { bits, .. }), ScalarType::F32) => {
                self.b.ins().f32const(f64::from_bits(*bits) as f32)
            }
            _ => {
                return Err(op_err(
                    ctx,
                    op,
                    format!("requires a scalar 'value' attribute of type {t}"),
                ))
            }
        };
        self.set_result(op, 0, v);
        Ok(())
    }

    /// Integer binary ops; semantics per MLIR's arith dialect (wrap-around at the type's width).
    fn op_int_bin(&mut self, op: OpId, k: IntBin) -> R<()> {
        let ctx = self.ctx;
        self.counts(op, 2, 1)?;
        let t = self.same_type(op)?;
        let w = self.int_type_of(op, t)?;
        let c = carrier(w);
        let a = self.val(op, ctx.operand(op, 0))?;
        let b = self.val(op, ctx.operand(op, 1))?;
        let loc = ctx.loc(op).clone();
        use IntBin::*;
        let r = match k {
            // MLIR arith.addi / subi / muli: two's complement, wrapping.
            Add => {
                let x = self.b.ins().iadd(a, b);
                self.mask(x, w)
            }
            Sub => {
                let x = self.b.ins().isub(a, b);
                self.mask(x, w)
            }
            Mul => {
                let x = self.b.ins().imul(a, b);
                self.mask(x, w)
            }
            And => self.b.ins().band(a, b),
            Or => self.b.ins().bor(a, b),
            Xor => self.b.ins().bxor(a, b),
            // MLIR arith.shli / shrui / shrsi: a shift amount >= the width is poison; here
            // shli and shrui give 0 and shrsi fills with the sign bit.
            Shl | ShrU | ShrS => {
                let wc = self.iconst_u(c, w as u64);
                let in_range = self.b.ins().icmp(IntCC::UnsignedLessThan, b, wc);
                match k {
                    Shl => {
                        let x = self.b.ins().ishl(a, b);
                        let x = self.mask(x, w);
                        let zero = self.b.ins().iconst(c, 0);
                        self.b.ins().select(in_range, x, zero)
                    }
                    ShrU => {
                        let x = self.b.ins().ushr(a, b);
                        let zero = self.b.ins().iconst(c, 0);
                        self.b.ins().select(in_range, x, zero)
                    }
                    _ => {
                        let last = self.iconst_u(c, w as u64 - 1);
                        let amt = self.b.ins().select(in_range, b, last);
                        let sa = self.sext(a, w);
                        let x = self.b.ins().sshr(sa, amt);
                        self.mask(x, w)
                    }
                }
            }
            // MLIR arith.maxsi / maxui / minsi / minui.
            MaxS | MinS => {
                let sa = self.sext(a, w);
                let sb = self.sext(b, w);
                let cc = if k == MaxS {
                    IntCC::SignedGreaterThan
                } else {
                    IntCC::SignedLessThan
                };
                let pick_a = self.b.ins().icmp(cc, sa, sb);
                self.b.ins().select(pick_a, a, b)
            }
            MaxU | MinU => {
                let cc = if k == MaxU {
                    IntCC::UnsignedGreaterThan
                } else {
                    IntCC::UnsignedLessThan
                };
                let pick_a = self.b.ins().icmp(cc, a, b);
                self.b.ins().select(pick_a, a, b)
            }
            // MLIR arith.divui / remui / ceildivui: unsigned; a zero divisor is a fault.
            DivU | RemU | CeilDivU => {
                let zero = self.b.ins().icmp_imm_s(IntCC::Equal, b, 0);
                self.guard(
                    zero,
                    RuntimeErrorKind::DivisionByZero,
                    "integer division by zero".into(),
                    loc,
                );
                match k {
                    DivU => self.b.ins().udiv(a, b),
                    RemU => self.b.ins().urem(a, b),
                    _ => {
                        // MLIR arith.ceildivui: rounds towards positive infinity.
                        let q = self.b.ins().udiv(a, b);
                        let r = self.b.ins().urem(a, b);
                        let inexact = self.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0);
                        let one = self.b.ins().iconst(c, 1);
                        let q1 = self.b.ins().iadd(q, one);
                        let x = self.b.ins().select(inexact, q1, q);
                        self.mask(x, w)
                    }
                }
            }
            // MLIR arith.divsi / remsi / ceildivsi / floordivsi: signed, truncating (divsi,
            // remsi: the remainder has the sign of the dividend), rounding up (ceildivsi: 7 / -2
            // = -3) or down (floordivsi: 5 / -2 = -3). A zero divisor and INT_MIN / -1 fault.
            DivS | RemS | CeilDivS | FloorDivS => {
                let zero = self.b.ins().icmp_imm_s(IntCC::Equal, b, 0);
                self.guard(
                    zero,
                    RuntimeErrorKind::DivisionByZero,
                    "integer division by zero".into(),
                    loc.clone(),
                );
                let min = self.iconst_u(c, 1u64 << (w - 1));
                let minus_one = self.iconst_u(c, low_mask(w));
                let is_min = self.b.ins().icmp(IntCC::Equal, a, min);
                let is_m1 = self.b.ins().icmp(IntCC::Equal, b, minus_one);
                let overflow = self.b.ins().band(is_min, is_m1);
                self.guard(
                    overflow,
                    RuntimeErrorKind::DivisionOverflow,
                    format!(
                        "integer overflow in signed division ('{}' of the minimum i{w} by -1)",
                        ctx.name_str(op)
                    ),
                    loc,
                );
                let sa = self.sext(a, w);
                let sb = self.sext(b, w);
                let x = match k {
                    DivS => self.b.ins().sdiv(sa, sb),
                    RemS => self.b.ins().srem(sa, sb),
                    _ => {
                        let q = self.b.ins().sdiv(sa, sb);
                        let r = self.b.ins().srem(sa, sb);
                        let inexact = self.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0);
                        let signs = self.b.ins().bxor(sa, sb);
                        let (cc, delta) = if k == CeilDivS {
                            (IntCC::SignedGreaterThanOrEqual, 1)
                        } else {
                            (IntCC::SignedLessThan, low_mask(c.bits()))
                        };
                        // Same signs: the exact quotient is positive and truncation went down
                        // (ceil adds 1); different signs: it went up (floor subtracts 1).
                        let side = self.b.ins().icmp_imm_s(cc, signs, 0);
                        let adjust = self.b.ins().band(inexact, side);
                        let d = self.iconst_u(c, delta);
                        let q1 = self.b.ins().iadd(q, d);
                        self.b.ins().select(adjust, q1, q)
                    }
                };
                self.mask(x, w)
            }
        };
        self.set_result(op, 0, r);
        Ok(())
    }

    /// Float binary ops (MLIR arith/math; IEEE 754 arithmetic, round to nearest even).
    fn op_float_bin(&mut self, op: OpId, k: FloatBin) -> R<()> {
        let ctx = self.ctx;
        self.counts(op, 2, 1)?;
        let t = self.same_type(op)?;
        self.float_type_of(op, t)?;
        let a = self.val(op, ctx.operand(op, 0))?;
        let b = self.val(op, ctx.operand(op, 1))?;
        use FloatBin::*;
        let r = match k {
            Add => self.b.ins().fadd(a, b),
            Sub => self.b.ins().fsub(a, b),
            Mul => self.b.ins().fmul(a, b),
            Div => self.b.ins().fdiv(a, b),
            // MLIR arith.remf: C's fmod (LLVM frem), via a host helper.
            Rem => {
                let name = if t == ScalarType::F64 {
                    "weir_jit_fmod"
                } else {
                    "weir_jit_fmodf"
                };
                self.call_host(op, name, &[a, b], cl_type(t))?
            }
            // MLIR arith.maximumf / minimumf (IEEE 754-2019 maximum/minimum): NaN if either
            // operand is NaN, -0.0 < +0.0; exactly Cranelift's fmax / fmin.
            Maximum => self.b.ins().fmax(a, b),
            Minimum => self.b.ins().fmin(a, b),
            // MLIR arith.maxnumf / minnumf (IEEE 754-2008 maxNum/minNum, LLVM maxnum): if one
            // operand is NaN, the result is the other one.
            MaxNum | MinNum => {
                let m = if k == MaxNum {
                    self.b.ins().fmax(a, b)
                } else {
                    self.b.ins().fmin(a, b)
                };
                let a_nan = self.b.ins().fcmp(FloatCC::Unordered, a, a);
                let b_nan = self.b.ins().fcmp(FloatCC::Unordered, b, b);
                let x = self.b.ins().select(a_nan, b, m);
                self.b.ins().select(b_nan, a, x)
            }
            // MLIR math.copysign.
            CopySign => self.b.ins().fcopysign(a, b),
        };
        self.set_result(op, 0, r);
        Ok(())
    }

    /// Float unary ops: MLIR arith.negf, math.absf, sqrt (correctly rounded), floor, ceil,
    /// trunc, roundeven (ties to even), rsqrt.
    fn op_float_un(&mut self, op: OpId, k: FloatUn) -> R<()> {
        self.counts(op, 1, 1)?;
        let t = self.same_type(op)?;
        self.float_type_of(op, t)?;
        let a = self.val(op, self.ctx.operand(op, 0))?;
        use FloatUn::*;
        let r = match k {
            Neg => self.b.ins().fneg(a),
            Abs => self.b.ins().fabs(a),
            Sqrt => self.b.ins().sqrt(a),
            Floor => self.b.ins().floor(a),
            Ceil => self.b.ins().ceil(a),
            Trunc => self.b.ins().trunc(a),
            RoundEven => self.b.ins().nearest(a),
            // MLIR's lowering of math.rsqrt: 1 / sqrt(x), two roundings.
            Rsqrt => {
                let s = self.b.ins().sqrt(a);
                let one = match t {
                    ScalarType::F32 => self.b.ins().f32const(1.0),
                    _ => self.b.ins().f64const(1.0),
                };
                self.b.ins().fdiv(one, s)
            }
        };
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR math.fma: `a * b + c` with a single rounding.
    fn op_fma(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        self.counts(op, 3, 1)?;
        let t = self.same_type(op)?;
        self.float_type_of(op, t)?;
        let a = self.val(op, ctx.operand(op, 0))?;
        let b = self.val(op, ctx.operand(op, 1))?;
        let c = self.val(op, ctx.operand(op, 2))?;
        let r = self.b.ins().fma(a, b, c);
        self.set_result(op, 0, r);
        Ok(())
    }

    /// The math ops computed by the C math library (`LIBM_OPS`: exp, log1p, atan2, pow, ...):
    /// `n` float operands and a result of one type; the `f32` or `f64` entry point by type.
    fn op_libm(&mut self, op: OpId, n: usize, f32_fn: &str, f64_fn: &str) -> R<()> {
        self.counts(op, n, 1)?;
        let t = self.same_type(op)?;
        self.float_type_of(op, t)?;
        let args = (0..n)
            .map(|i| self.val(op, self.ctx.operand(op, i)))
            .collect::<R<Vec<_>>>()?;
        let name = if t == ScalarType::F32 { f32_fn } else { f64_fn };
        let r = self.call_host(op, name, &args, cl_type(t))?;
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR math.fpowi: a float to an integer power (`weir_jit_fpowi[f]`, the exponent read as
    /// signed).
    fn op_fpowi(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        self.counts(op, 2, 1)?;
        let t = self.ty(op, ctx.operand(op, 0))?;
        self.float_type_of(op, t)?;
        if self.ty(op, ctx.result(op, 0))? != t {
            return Err(op_err(
                ctx,
                op,
                "requires the base and the result to have the same type",
            ));
        }
        let nt = self.ty(op, ctx.operand(op, 1))?;
        let w = self.int_type_of(op, nt)?;
        let a = self.val(op, ctx.operand(op, 0))?;
        let n = self.val(op, ctx.operand(op, 1))?;
        let n = self.sext_to_i64(n, w);
        let name = if t == ScalarType::F32 {
            "weir_jit_fpowif"
        } else {
            "weir_jit_fpowi"
        };
        let r = self.call_host(op, name, &[a, n], cl_type(t))?;
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR math.ipowi: an integer power, wrapping at the width (`weir_jit_ipowi`); 0 to a
    /// negative power is a division-by-zero fault (MLIR's lowering divides 1 by 0 there).
    fn op_ipowi(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        self.counts(op, 2, 1)?;
        let t = self.same_type(op)?;
        let w = self.int_type_of(op, t)?;
        let a = self.val(op, ctx.operand(op, 0))?;
        let n = self.val(op, ctx.operand(op, 1))?;
        let a = self.sext_to_i64(a, w);
        let n = self.sext_to_i64(n, w);
        let zero = self.b.ins().icmp_imm_s(IntCC::Equal, a, 0);
        let negative = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, n, 0);
        let bad = self.b.ins().band(zero, negative);
        self.guard(
            bad,
            RuntimeErrorKind::DivisionByZero,
            "integer division by zero ('math.ipowi' of 0 to a negative power)".into(),
            ctx.loc(op).clone(),
        );
        let r = self.call_host(op, "weir_jit_ipowi", &[a, n], types::I64)?;
        let c = carrier(w);
        let r = if c == types::I64 {
            r
        } else {
            self.b.ins().ireduce(c, r)
        };
        let r = self.mask(r, w);
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR math.absi: |a| read as signed; the minimum value wraps to itself.
    fn op_absi(&mut self, op: OpId) -> R<()> {
        self.counts(op, 1, 1)?;
        let t = self.same_type(op)?;
        let w = self.int_type_of(op, t)?;
        let a = self.val(op, self.ctx.operand(op, 0))?;
        let sa = self.sext(a, w);
        let neg = self.b.ins().ineg(sa);
        let is_neg = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, sa, 0);
        let r = self.b.ins().select(is_neg, neg, sa);
        let r = self.mask(r, w);
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.cmpi: `predicate` 0 eq, 1 ne, 2 slt, 3 sle, 4 sgt, 5 sge, 6 ult, 7 ule,
    /// 8 ugt, 9 uge; the result is an `i1`.
    fn op_cmpi(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        self.counts(op, 2, 1)?;
        let t = self.ty(op, ctx.operand(op, 0))?;
        if self.ty(op, ctx.operand(op, 1))? != t
            || self.ty(op, ctx.result(op, 0))? != ScalarType::Int(1)
        {
            return Err(op_err(
                ctx,
                op,
                "requires two operands of one integer type and an i1 result",
            ));
        }
        let w = self.int_type_of(op, t)?;
        let p = self.int_attr(op, "predicate")?;
        let (cc, signed) =
            int_cc(p).ok_or_else(|| op_err(ctx, op, format!("has an unknown predicate {p}")))?;
        let mut a = self.val(op, ctx.operand(op, 0))?;
        let mut b = self.val(op, ctx.operand(op, 1))?;
        if signed {
            a = self.sext(a, w);
            b = self.sext(b, w);
        }
        let r = self.b.ins().icmp(cc, a, b);
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.addui_extended: the wrapping sum and its unsigned carry (an `i1`: the sum is
    /// below an operand exactly when the addition wrapped).
    fn op_addui_extended(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        self.counts(op, 2, 2)?;
        let t = self.ty(op, ctx.operand(op, 0))?;
        if self.ty(op, ctx.operand(op, 1))? != t
            || self.ty(op, ctx.result(op, 0))? != t
            || self.ty(op, ctx.result(op, 1))? != ScalarType::Int(1)
        {
            return Err(op_err(
                ctx,
                op,
                "requires operands and sum of one integer type and an i1 carry",
            ));
        }
        let w = self.int_type_of(op, t)?;
        let a = self.val(op, ctx.operand(op, 0))?;
        let b = self.val(op, ctx.operand(op, 1))?;
        let sum = self.b.ins().iadd(a, b);
        let sum = self.mask(sum, w);
        let carry = self.b.ins().icmp(IntCC::UnsignedLessThan, sum, a);
        self.set_result(op, 0, sum);
        self.set_result(op, 1, carry);
        Ok(())
    }

    /// MLIR arith.mului_extended / mulsi_extended: the low and high halves of the exact
    /// `2N`-bit product, computed in 128 bits (operands zero- or sign-extended).
    fn op_mul_extended(&mut self, op: OpId, signed: bool) -> R<()> {
        let ctx = self.ctx;
        self.counts(op, 2, 2)?;
        let t = self.same_type(op)?;
        let w = self.int_type_of(op, t)?;
        let wide = |this: &mut Self, v: ValueId| -> R<Value> {
            let x = this.val(op, v)?;
            Ok(if signed {
                let x = this.sext_to_i64(x, w);
                this.b.ins().sextend(types::I128, x)
            } else {
                this.b.ins().uextend(types::I128, x)
            })
        };
        let a = wide(self, ctx.operand(op, 0))?;
        let b = wide(self, ctx.operand(op, 1))?;
        let p = self.b.ins().imul(a, b);
        let c = carrier(w);
        let low = self.b.ins().ireduce(c, p);
        let low = self.mask(low, w);
        let shifted = if signed {
            self.b.ins().sshr_imm_u(p, w as i64)
        } else {
            self.b.ins().ushr_imm_u(p, w as i64)
        };
        let high = self.b.ins().ireduce(c, shifted);
        let high = self.mask(high, w);
        self.set_result(op, 0, low);
        self.set_result(op, 1, high);
        Ok(())
    }

    /// MLIR arith.cmpf (see [`float_cc`]); the result is an `i1`.
    fn op_cmpf(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        self.counts(op, 2, 1)?;
        let t = self.ty(op, ctx.operand(op, 0))?;
        if self.ty(op, ctx.operand(op, 1))? != t
            || self.ty(op, ctx.result(op, 0))? != ScalarType::Int(1)
        {
            return Err(op_err(
                ctx,
                op,
                "requires two operands of one float type and an i1 result",
            ));
        }
        self.float_type_of(op, t)?;
        let p = self.int_attr(op, "predicate")?;
        let cc =
            float_cc(p).ok_or_else(|| op_err(ctx, op, format!("has an unknown predicate {p}")))?;
        let a = self.val(op, ctx.operand(op, 0))?;
        let b = self.val(op, ctx.operand(op, 1))?;
        let r = match cc {
            Ok(cc) => self.b.ins().fcmp(cc, a, b),
            Err(k) => self.b.ins().iconst(types::I8, k as i64),
        };
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.select `%c, %a, %b` with a scalar `i1` condition.
    fn op_select(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        self.counts(op, 3, 1)?;
        if self.ty(op, ctx.operand(op, 0))? != ScalarType::Int(1) {
            return Err(op_err(ctx, op, "requires an i1 condition"));
        }
        let t = self.ty(op, ctx.operand(op, 1))?;
        if self.ty(op, ctx.operand(op, 2))? != t || self.ty(op, ctx.result(op, 0))? != t {
            return Err(op_err(
                ctx,
                op,
                "requires both choices and the result to have one type",
            ));
        }
        let c = self.val(op, ctx.operand(op, 0))?;
        let a = self.val(op, ctx.operand(op, 1))?;
        let b = self.val(op, ctx.operand(op, 2))?;
        let r = self.b.ins().select(c, a, b);
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.index_cast (sign-extends or truncates), index_castui (zero-extends or
    /// truncates), extsi, extui, trunci.
    fn op_int_cast(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        self.counts(op, 1, 1)?;
        let from = self.ty(op, ctx.operand(op, 0))?;
        let to = self.ty(op, ctx.result(op, 0))?;
        let fw = self.int_type_of(op, from)?;
        let tw = self.int_type_of(op, to)?;
        let signed = matches!(ctx.name_str(op), "arith.index_cast" | "arith.extsi");
        let v = self.val(op, ctx.operand(op, 0))?;
        let r = self.convert_int(v, fw, tw, signed);
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.sitofp / uitofp: the integer read signed / unsigned, rounded to nearest even.
    fn op_int_to_float(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        self.counts(op, 1, 1)?;
        let from = self.ty(op, ctx.operand(op, 0))?;
        let to = self.ty(op, ctx.result(op, 0))?;
        let fw = self.int_type_of(op, from)?;
        self.float_type_of(op, to)?;
        let signed = ctx.is(op, "arith.sitofp");
        let v = self.val(op, ctx.operand(op, 0))?;
        let x = self.convert_int(v, fw, 64, signed);
        let r = if signed {
            self.b.ins().fcvt_from_sint(cl_type(to), x)
        } else {
            self.b.ins().fcvt_from_uint(cl_type(to), x)
        };
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.fptosi / fptoui: truncation towards zero. Out-of-range values are poison in
    /// MLIR; here they saturate to the type's range, and NaN gives 0.
    fn op_float_to_int(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        self.counts(op, 1, 1)?;
        let from = self.ty(op, ctx.operand(op, 0))?;
        let to = self.ty(op, ctx.result(op, 0))?;
        self.float_type_of(op, from)?;
        let tw = self.int_type_of(op, to)?;
        let v = self.val(op, ctx.operand(op, 0))?;
        let mut x;
        if ctx.is(op, "arith.fptosi") {
            x = self.b.ins().fcvt_to_sint_sat(types::I64, v);
            if tw < 64 {
                let lo = self.b.ins().iconst(types::I64, -(1i64 << (tw - 1)));
                let hi = self.b.ins().iconst(types::I64, (1i64 << (tw - 1)) - 1);
                let below = self.b.ins().icmp(IntCC::SignedLessThan, x, lo);
                x = self.b.ins().select(below, lo, x);
                let above = self.b.ins().icmp(IntCC::SignedGreaterThan, x, hi);
                x = self.b.ins().select(above, hi, x);
            }
        } else {
            x = self.b.ins().fcvt_to_uint_sat(types::I64, v);
            if tw < 64 {
                let hi = self.b.ins().iconst(types::I64, low_mask(tw) as i64);
                let above = self.b.ins().icmp(IntCC::UnsignedGreaterThan, x, hi);
                x = self.b.ins().select(above, hi, x);
            }
        }
        let r = self.convert_int(x, 64, tw, false);
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.extf (exact) / truncf (round to nearest even).
    fn op_float_cast(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        self.counts(op, 1, 1)?;
        let from = self.ty(op, ctx.operand(op, 0))?;
        let to = self.ty(op, ctx.result(op, 0))?;
        self.float_type_of(op, from)?;
        self.float_type_of(op, to)?;
        let v = self.val(op, ctx.operand(op, 0))?;
        let r = match (from, to) {
            (ScalarType::F32, ScalarType::F64) if ctx.is(op, "arith.extf") => {
                self.b.ins().fpromote(types::F64, v)
            }
            (ScalarType::F64, ScalarType::F32) if ctx.is(op, "arith.truncf") => {
                // Cranelift's fdemote rounds to nearest even: MLIR's `roundingmode` 0 (the
                // default). The directed modes are rejected rather than rounded wrongly.
                if ctx.attr_of(op, "roundingmode").is_some()
                    && self.int_attr(op, "roundingmode")? != 0
                {
                    return Err(op_err(
                        ctx,
                        op,
                        "rounding modes other than to_nearest_even are not supported by the JIT",
                    ));
                }
                self.b.ins().fdemote(types::F32, v)
            }
            _ => return Err(op_err(ctx, op, format!("cannot convert {from} to {to}"))),
        };
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR arith.bitcast between types of one bit width.
    fn op_bitcast(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        self.counts(op, 1, 1)?;
        let from = self.ty(op, ctx.operand(op, 0))?;
        let to = self.ty(op, ctx.result(op, 0))?;
        let bits = |t: ScalarType| match t {
            ScalarType::F32 => 32,
            ScalarType::F64 => 64,
            _ => t.int_width().unwrap_or(0),
        };
        if bits(from) != bits(to) {
            return Err(op_err(
                ctx,
                op,
                format!("cannot bitcast {from} to {to}: the widths differ"),
            ));
        }
        let v = self.val(op, ctx.operand(op, 0))?;
        let r = if cl_type(from) == cl_type(to) {
            v
        } else {
            self.b.ins().bitcast(cl_type(to), MemFlagsData::new(), v)
        };
        self.set_result(op, 0, r);
        Ok(())
    }

    /// MLIR cf.br: all operands go to the single successor.
    fn op_br(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let [succ] = ctx.successors(op)[..] else {
            return Err(op_err(ctx, op, "requires exactly one successor"));
        };
        let args = self.block_args(op, succ, ctx.operands(op))?;
        let target = self.target(op, succ)?;
        self.b.ins().jump(target, &args);
        self.terminated = true;
        Ok(())
    }

    /// MLIR cf.cond_br: operands (cond, true args, false args), split by
    /// `operandSegmentSizes` = [1, nT, nF] (or by the successors' argument counts).
    fn op_cond_br(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let [t, f] = ctx.successors(op)[..] else {
            return Err(op_err(ctx, op, "requires exactly two successors"));
        };
        let ops = ctx.operands(op);
        let (nt, nf) = match int_array(ctx, op, "operandSegmentSizes").as_deref() {
            Some(&[1, nt, nf]) => (nt as usize, nf as usize),
            Some(_) => {
                return Err(op_err(
                    ctx,
                    op,
                    "has a malformed 'operandSegmentSizes' attribute",
                ))
            }
            None => (ctx.block_args(t).len(), ctx.block_args(f).len()),
        };
        if ops.is_empty() || 1 + nt + nf != ops.len() {
            return Err(op_err(
                ctx,
                op,
                "has operand segments that do not add up to its operands",
            ));
        }
        if self.ty(op, ops[0])? != ScalarType::Int(1) {
            return Err(op_err(ctx, op, "requires an i1 condition"));
        }
        let cond = self.val(op, ops[0])?;
        let targs = self.block_args(op, t, &ops[1..1 + nt])?;
        let fargs = self.block_args(op, f, &ops[1 + nt..])?;
        let (tb, fb) = (self.target(op, t)?, self.target(op, f)?);
        self.b.ins().brif(cond, tb, &targs, fb, &fargs);
        self.terminated = true;
        Ok(())
    }

    /// MLIR cf.switch: operands (flag, default args, case args...), successors (default,
    /// case 0, ...), `case_values` (compared with the whole flag, of any width up to 64 bits),
    /// `case_operand_segments` (one count per case). The first of duplicate case values wins.
    /// Dense cases become a jump table (cranelift_frontend's `Switch`).
    fn op_switch(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let succs = ctx.successors(op).to_vec();
        let ops = ctx.operands(op).to_vec();
        let Some((&default, cases)) = succs.split_first() else {
            return Err(op_err(ctx, op, "requires a default successor"));
        };
        if ops.is_empty() {
            return Err(op_err(ctx, op, "requires a flag operand"));
        }
        let w = {
            let t = self.ty(op, ops[0])?;
            self.int_type_of(op, t)?
        };
        let mut values = match ctx.attr_of(op, "case_values").map(|a| ctx.attr_kind(a)) {
            None => Vec::new(),
            Some(AttrKind::Dense { values, .. } | AttrKind::DenseArray { values, .. }) => values
                .iter()
                .map(|v| match v {
                    DenseValue::Int(i) => Ok(*i),
                    DenseValue::Float(_) => Err(op_err(ctx, op, "has non-integer 'case_values'")),
                })
                .collect::<R<Vec<_>>>()?,
            Some(_) => return Err(op_err(ctx, op, "has a malformed 'case_values' attribute")),
        };
        if values.len() == 1 && cases.len() > 1 {
            values = vec![values[0]; cases.len()]; // a splat
        }
        if values.len() != cases.len() {
            return Err(op_err(
                ctx,
                op,
                "requires as many case values as case successors",
            ));
        }
        let n_default = match int_array(ctx, op, "operandSegmentSizes").as_deref() {
            Some(&[1, nd, _]) => nd as usize,
            Some(_) => {
                return Err(op_err(
                    ctx,
                    op,
                    "has a malformed 'operandSegmentSizes' attribute",
                ))
            }
            None => ctx.block_args(default).len(),
        };
        let case_counts: Vec<usize> = match int_array(ctx, op, "case_operand_segments") {
            Some(v) => v.iter().map(|&n| n as usize).collect(),
            None => cases.iter().map(|&c| ctx.block_args(c).len()).collect(),
        };
        if case_counts.len() != cases.len()
            || 1 + n_default + case_counts.iter().sum::<usize>() != ops.len()
        {
            return Err(op_err(
                ctx,
                op,
                "has operand segments that do not add up to its operands",
            ));
        }
        let flag = self.val(op, ops[0])?;
        // Each edge that passes arguments goes through its own block (Switch targets take none).
        let mut edges: Vec<(Block, Block, Vec<BlockArg>)> = Vec::new();
        let mut edge = |me: &mut Self, succ: BlockId, vals: &[ValueId]| -> R<Block> {
            let args = me.block_args(op, succ, vals)?;
            let target = me.target(op, succ)?;
            if args.is_empty() {
                return Ok(target);
            }
            let e = me.b.create_block();
            edges.push((e, target, args));
            Ok(e)
        };
        let default_block = edge(self, default, &ops[1..1 + n_default])?;
        let mut sw = Switch::new();
        let mut seen = HashSet::new();
        let mut start = 1 + n_default;
        for ((&succ, &value), &n) in cases.iter().zip(&values).zip(&case_counts) {
            let key = value as u64 & low_mask(w);
            let range = start..start + n;
            start += n;
            if !seen.insert(key) {
                continue;
            }
            let blk = edge(self, succ, &ops[range])?;
            sw.set_entry(key as u128, blk);
        }
        sw.emit(&mut self.b, flag, default_block);
        for (e, target, args) in edges {
            self.b.switch_to_block(e);
            self.b.ins().jump(target, &args);
        }
        self.terminated = true;
        Ok(())
    }

    /// MLIR cf.assert `%cond, "msg"`: a runtime error `assertion failed: msg` when false.
    fn op_assert(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        self.counts(op, 1, 0)?;
        if self.ty(op, ctx.operand(op, 0))? != ScalarType::Int(1) {
            return Err(op_err(ctx, op, "requires an i1 condition"));
        }
        let msg = match ctx.attr_of(op, "msg").map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::String(s)) => s.clone(),
            _ => String::new(),
        };
        let cond = self.val(op, ctx.operand(op, 0))?;
        let fb = self.fault_block(
            RuntimeErrorKind::AssertionFailed,
            format!("assertion failed: {msg}"),
            ctx.loc(op).clone(),
        );
        let cont = self.b.create_block();
        self.b.ins().brif(cond, cont, &[], fb, &[]);
        self.b.switch_to_block(cont);
        Ok(())
    }
}
