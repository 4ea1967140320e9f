//! Module setup: the declaration of every function (internal code and its entry trampoline),
//! the host functions the code calls, the fault table, and LLVM's optimization for the host.

use crate::diag::{err_at, host_error};
use crate::lower::lower_function;
use crate::LlvmOptions;
use inkwell::attributes::AttributeLoc;
use inkwell::builder::{Builder, BuilderError};
use inkwell::context::Context as LlContext;
use inkwell::module::{Linkage, Module};
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{CodeModel, InitializationConfig, RelocMode, Target, TargetMachine};
use inkwell::types::{
    BasicMetadataTypeEnum, BasicType, BasicTypeEnum, FunctionType, IntType, StructType,
};
use inkwell::values::{BasicValueEnum, FunctionValue};
use inkwell::{AddressSpace, OptimizationLevel};
use std::collections::HashMap;
use weir_ir::{Context, Diagnostic, Location, OpId, Type};
use weir_jit::backend::{
    ConstBuffer, FaultSite, Slot, RT_FUEL, RT_STACK_LIMIT, RT_STATE, RT_STATUS,
};
use weir_jit::ScalarType;

/// The result of an LLVM builder call, as a diagnostic (the builder fails only when misused).
pub(crate) trait Ll<T> {
    /// The value, or an internal error.
    fn ll(self) -> Result<T, Diagnostic>;
}

impl<T> Ll<T> for Result<T, BuilderError> {
    fn ll(self) -> Result<T, Diagnostic> {
        self.map_err(|e| host_error(&Location::Unknown, "builder", e))
    }
}

/// A `func.func` of the module, declared in the LLVM module.
pub(crate) struct FuncDecl<'ll> {
    /// The `func.func` op.
    pub(crate) op: OpId,
    /// Its symbol name.
    pub(crate) name: String,
    /// Its internal LLVM function.
    pub(crate) value: FunctionValue<'ll>,
    /// Its arguments' slots (scalars, or tensors as buffer header pointers).
    pub(crate) params: Vec<Slot>,
    /// Its results' slots.
    pub(crate) results: Vec<Slot>,
    /// Its argument types (from `function_type`).
    pub(crate) param_types: Vec<Type>,
    /// Its result types (from `function_type`).
    pub(crate) result_types: Vec<Type>,
    /// The symbol of its entry trampoline (`weir_<name>`).
    pub(crate) trampoline: String,
}

/// What every function's lowering shares: the LLVM module being built and its builder, the
/// declared functions, the fault table.
pub(crate) struct Codegen<'ll> {
    /// The LLVM context.
    pub(crate) ll: &'ll LlContext,
    /// The module being built.
    pub(crate) module: Module<'ll>,
    /// The one instruction builder.
    pub(crate) b: Builder<'ll>,
    /// Every function of the module, in module order.
    pub(crate) decls: Vec<FuncDecl<'ll>>,
    /// Index into `decls` by symbol name.
    pub(crate) by_name: HashMap<String, usize>,
    /// The fault sites; a fault stores 1 + its index in the status word.
    pub(crate) faults: Vec<FaultSite>,
    /// Whether loop headers cost fuel ([`LlvmOptions::loop_fuel`]).
    pub(crate) loop_fuel: bool,
    /// The module's constant tensors (immortal buffers whose addresses the code embeds).
    pub(crate) consts: Vec<ConstBuffer>,
    /// Whether the host has fused multiply-add (x86-64's `fma` feature, or AArch64), as the
    /// Cranelift JIT decides for its vector code.
    pub(crate) has_fma: bool,
}

/// A compiled module before it runs: the LLVM module, its functions, fault table and an upper
/// bound of one frame.
pub(crate) struct Built<'ll> {
    /// The LLVM module (every function defined, plus the fault table).
    pub(crate) module: Module<'ll>,
    /// The functions, in module order.
    pub(crate) decls: Vec<FuncDecl<'ll>>,
    /// The fault table.
    pub(crate) faults: Vec<FaultSite>,
    /// The constant tensors the code points to (they must outlive it).
    pub(crate) consts: Vec<ConstBuffer>,
    /// An upper bound of the stack one compiled frame uses, in bytes.
    pub(crate) max_frame: u64,
}

/// LLVM's `iN`, N = `w` (1 to 128: the widths of `ScalarType` and their doubles).
pub(crate) fn int_type(ll: &LlContext, w: u32) -> IntType<'_> {
    match w {
        1 => ll.bool_type(),
        8 => ll.i8_type(),
        16 => ll.i16_type(),
        32 => ll.i32_type(),
        64 => ll.i64_type(),
        _ => std::num::NonZeroU32::new(w)
            .and_then(|n| ll.custom_width_int_type(n).ok())
            .unwrap_or_else(|| ll.i128_type()),
    }
}

/// The LLVM type carrying a slot: a scalar as [`llvm_type`], a tensor as a pointer to its
/// buffer's header.
pub(crate) fn slot_type(ll: &LlContext, s: Slot) -> BasicTypeEnum<'_> {
    match s {
        Slot::Scalar(t) => llvm_type(ll, t),
        Slot::Tensor(_) => ll.ptr_type(AddressSpace::default()).into(),
    }
}

/// The LLVM type carrying a scalar (see the crate docs).
pub(crate) fn llvm_type(ll: &LlContext, t: ScalarType) -> BasicTypeEnum<'_> {
    match t {
        ScalarType::Int(w) => int_type(ll, w).into(),
        ScalarType::Index => ll.i64_type().into(),
        ScalarType::F16 | ScalarType::BF16 => ll.i16_type().into(),
        ScalarType::F32 => ll.f32_type().into(),
        ScalarType::F64 => ll.f64_type().into(),
    }
}

impl<'ll> Codegen<'ll> {
    /// The runtime context's type (`weir_jit::backend::RuntimeContext`: status, stack limit,
    /// fuel, 64 bits each, then the tensor state pointer).
    pub(crate) fn rt_type(&self) -> StructType<'ll> {
        let i64t = self.ll.i64_type().into();
        let ptr = self.ll.ptr_type(AddressSpace::default()).into();
        self.ll.struct_type(&[i64t, i64t, i64t, ptr], false)
    }

    /// The return type of a function with `results`: void (`None`), the value, or a struct.
    pub(crate) fn return_type(&self, results: &[Slot]) -> Option<BasicTypeEnum<'ll>> {
        match results {
            [] => None,
            [t] => Some(slot_type(self.ll, *t)),
            ts => {
                let fields: Vec<BasicTypeEnum> =
                    ts.iter().map(|&t| slot_type(self.ll, t)).collect();
                Some(self.ll.struct_type(&fields, false).into())
            }
        }
    }

    /// The internal signature: the runtime context pointer, then the arguments.
    fn internal_type(&self, params: &[Slot], results: &[Slot]) -> FunctionType<'ll> {
        let mut ps: Vec<BasicMetadataTypeEnum> =
            vec![self.ll.ptr_type(AddressSpace::default()).into()];
        ps.extend(
            params
                .iter()
                .map(|&t| BasicMetadataTypeEnum::from(slot_type(self.ll, t))),
        );
        match self.return_type(results) {
            None => self.ll.void_type().fn_type(&ps, false),
            Some(r) => r.fn_type(&ps, false),
        }
    }

    /// The host function `symbol` (a runtime helper of `weir_jit::backend`, or a C library
    /// function), declared on first use with `params` and `ret` (the C convention).
    pub(crate) fn host_fn(
        &self,
        symbol: &str,
        params: &[BasicTypeEnum<'ll>],
        ret: BasicTypeEnum<'ll>,
    ) -> FunctionValue<'ll> {
        self.runtime_fn(symbol, params, Some(ret))
    }

    /// The host function `symbol` returning `ret` (`None`: nothing), declared on first use.
    pub(crate) fn runtime_fn(
        &self,
        symbol: &str,
        params: &[BasicTypeEnum<'ll>],
        ret: Option<BasicTypeEnum<'ll>>,
    ) -> FunctionValue<'ll> {
        if let Some(f) = self.module.get_function(symbol) {
            return f;
        }
        let ps: Vec<BasicMetadataTypeEnum> = params.iter().map(|&t| t.into()).collect();
        let ty = match ret {
            Some(r) => r.fn_type(&ps, false),
            None => self.ll.void_type().fn_type(&ps, false),
        };
        self.module
            .add_function(symbol, ty, Some(Linkage::External))
    }
}

/// Field indices of the runtime context struct (its byte offsets / 8).
pub(crate) const STATUS_FIELD: u32 = RT_STATUS as u32 / 8;
/// See [`STATUS_FIELD`].
pub(crate) const STACK_LIMIT_FIELD: u32 = RT_STACK_LIMIT as u32 / 8;
/// See [`STATUS_FIELD`].
pub(crate) const FUEL_FIELD: u32 = RT_FUEL as u32 / 8;
/// See [`STATUS_FIELD`] (the tensor runtime's state pointer).
pub(crate) const STATE_FIELD: u32 = RT_STATE as u32 / 8;

/// Builds the LLVM module of `module` (a `builtin.module` of `func.func`s): declares every
/// function (so calls may go forward and recurse), lowers each body, builds each trampoline
/// and the fault table.
pub(crate) fn build<'ll>(
    ll: &'ll LlContext,
    ctx: &Context,
    module: OpId,
    options: &LlvmOptions,
) -> Result<Built<'ll>, Diagnostic> {
    let mloc = ctx.loc(module);
    if weir_dialect_builtin::ModuleOp::of(ctx, module).is_none() {
        return Err(err_at(
            &mloc,
            format!(
                "expected a 'builtin.module', got '{}'",
                ctx.name_str(module)
            ),
        ));
    }
    let mut cg = Codegen {
        ll,
        module: ll.create_module("weir"),
        b: ll.create_builder(),
        decls: Vec::new(),
        by_name: HashMap::new(),
        faults: Vec::new(),
        loop_fuel: options.loop_fuel,
        consts: Vec::new(),
        has_fma: cfg!(target_arch = "aarch64")
            || TargetMachine::get_host_cpu_features()
                .to_string()
                .split(',')
                .any(|f| f == "+fma"),
    };
    let regions = ctx.regions(module);
    if regions.len() != 1 || ctx.region_blocks(regions[0]).len() > 1 {
        return Err(err_at(
            &mloc,
            "'builtin.module' must have one region with one block",
        ));
    }
    let ops = ctx
        .region_blocks(regions[0])
        .first()
        .map(|&b| ctx.block_ops(b))
        .unwrap_or_default();
    let mut max_frame = 0u64;
    for &op in &ops {
        declare(&mut cg, ctx, op)?;
        // At -O0 every value may live in its own stack slot.
        max_frame = max_frame.max(16 * ctx.nested_ops(op).len() as u64 + 4096);
    }
    for i in 0..cg.decls.len() {
        lower_function(&mut cg, ctx, i)?;
        define_trampoline(&mut cg, i)?;
    }
    fault_table(&cg);
    for_host(&cg);
    if let Err(e) = cg.module.verify() {
        return Err(host_error(&mloc, "verifier", e.to_string()));
    }
    Ok(Built {
        module: cg.module,
        decls: cg.decls,
        faults: cg.faults,
        consts: cg.consts,
        max_frame,
    })
}

/// Declares the function `op` (a `func.func` with a body of scalar signature) and its
/// trampoline's name.
fn declare(cg: &mut Codegen<'_>, ctx: &Context, op: OpId) -> Result<(), Diagnostic> {
    let loc = ctx.loc(op);
    let d = weir_jit::backend::func_plan::declaration(
        ctx,
        op,
        &crate::lower::tensor::TARGET,
        &cg.by_name,
    )?;
    let name = d.name;
    let trampoline = format!("weir_{name}");
    if cg.by_name.contains_key(&trampoline) || cg.decls.iter().any(|d| d.trampoline == name) {
        return Err(err_at(
            &loc,
            format!("'@{name}' clashes with the entry symbol of another function"),
        ));
    }
    let ty = cg.internal_type(&d.params, &d.results);
    let value = cg.module.add_function(&name, ty, Some(Linkage::Internal));
    cg.by_name.insert(name.clone(), cg.decls.len());
    cg.decls.push(FuncDecl {
        op,
        name,
        value,
        params: d.params,
        results: d.results,
        param_types: d.param_types,
        result_types: d.result_types,
        trampoline,
    });
    Ok(())
}

/// Builds `weir_<name>(const u64 *args, u64 *results, RuntimeContext *rt)` for function `i`:
/// load each argument slot, call with the internal convention, store each result slot
/// (integers zero-extended, `f32` in the low 32 bits, `f16`/`bf16` bits in the low 16).
fn define_trampoline(cg: &mut Codegen<'_>, i: usize) -> Result<(), Diagnostic> {
    let ll = cg.ll;
    let ptr = ll.ptr_type(AddressSpace::default());
    let i64t = ll.i64_type();
    let ty = ll
        .void_type()
        .fn_type(&[ptr.into(), ptr.into(), ptr.into()], false);
    let d = &cg.decls[i];
    let f = cg
        .module
        .add_function(&d.trampoline, ty, Some(Linkage::External));
    let b = &cg.b;
    b.position_at_end(ll.append_basic_block(f, "entry"));
    let (args_p, res_p, rt) = match (f.get_nth_param(0), f.get_nth_param(1), f.get_nth_param(2)) {
        (Some(a), Some(r), Some(c)) => (a.into_pointer_value(), r.into_pointer_value(), c),
        _ => {
            return Err(host_error(
                &Location::Unknown,
                "trampoline",
                "missing parameters",
            ))
        }
    };
    let mut args = vec![rt.into()];
    for (k, &s) in d.params.iter().enumerate() {
        let at = slot(cg, args_p, k)?;
        let raw = b.build_load(i64t, at, "").ll()?.into_int_value();
        let t = match s {
            Slot::Scalar(t) => t,
            Slot::Tensor(_) => {
                args.push(b.build_int_to_ptr(raw, ptr, "").ll()?.into());
                continue;
            }
        };
        let v: BasicValueEnum = match t {
            ScalarType::Int(w) if w < 64 => {
                b.build_int_truncate(raw, int_type(ll, w), "").ll()?.into()
            }
            ScalarType::Int(_) | ScalarType::Index => raw.into(),
            ScalarType::F16 | ScalarType::BF16 => {
                b.build_int_truncate(raw, ll.i16_type(), "").ll()?.into()
            }
            ScalarType::F32 => {
                let x = b.build_int_truncate(raw, ll.i32_type(), "").ll()?;
                b.build_bit_cast(x, ll.f32_type(), "").ll()?
            }
            ScalarType::F64 => b.build_bit_cast(raw, ll.f64_type(), "").ll()?,
        };
        args.push(v.into());
    }
    let call = b.build_call(d.value, &args, "").ll()?;
    let vals: Vec<BasicValueEnum> = match (d.results.len(), call.try_as_basic_value().basic()) {
        (0, _) => Vec::new(),
        (1, Some(v)) => vec![v],
        (n, Some(BasicValueEnum::StructValue(s))) => (0..n as u32)
            .map(|k| b.build_extract_value(s, k, "").ll())
            .collect::<Result<_, _>>()?,
        _ => {
            return Err(host_error(
                &Location::Unknown,
                "trampoline",
                "bad call result",
            ))
        }
    };
    for (k, (v, &s)) in vals.into_iter().zip(&d.results).enumerate() {
        let raw = match s {
            Slot::Tensor(_) => b.build_ptr_to_int(v.into_pointer_value(), i64t, "").ll()?,
            Slot::Scalar(ScalarType::F32) => {
                let x = b
                    .build_bit_cast(v, ll.i32_type(), "")
                    .ll()?
                    .into_int_value();
                b.build_int_z_extend(x, i64t, "").ll()?
            }
            Slot::Scalar(ScalarType::F64) => b.build_bit_cast(v, i64t, "").ll()?.into_int_value(),
            Slot::Scalar(ScalarType::Int(64) | ScalarType::Index) => v.into_int_value(),
            _ => b.build_int_z_extend(v.into_int_value(), i64t, "").ll()?,
        };
        let at = slot(cg, res_p, k)?;
        b.build_store(at, raw).ll()?;
    }
    b.build_return(None).ll()?;
    Ok(())
}

/// The address of 64-bit slot `k` of the array at `base`.
fn slot<'ll>(
    cg: &Codegen<'ll>,
    base: inkwell::values::PointerValue<'ll>,
    k: usize,
) -> Result<inkwell::values::PointerValue<'ll>, Diagnostic> {
    let i64t = cg.ll.i64_type();
    let index = i64t.const_int(k as u64, false);
    // SAFETY: building a `getelementptr inbounds i64, ptr %base, i64 k` instruction only emits
    // IR (inkwell marks GEPs unsafe because a wrong one may crash LLVM): one index into an
    // array of `i64`s, which the entry convention's slot arrays are; it reads no memory here.
    unsafe { cg.b.build_in_bounds_gep(i64t, base, &[index], "") }.ll()
}

/// Emits `weir_fault_messages`, the fault sites' messages as C strings in status order (a
/// status word `s` > 0 is message `s - 1`), and `weir_fault_count`, for C callers of an object
/// file.
fn fault_table(cg: &Codegen<'_>) {
    let ll = cg.ll;
    let ptr = ll.ptr_type(AddressSpace::default());
    let strings: Vec<_> = cg
        .faults
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let text = ll.const_string(f.message.as_bytes(), true);
            let g = cg
                .module
                .add_global(text.get_type(), None, &format!("weir_fault_{i}"));
            g.set_initializer(&text);
            g.set_constant(true);
            g.set_linkage(Linkage::Private);
            g.as_pointer_value()
        })
        .collect();
    let table = ptr.const_array(&strings);
    let g = cg
        .module
        .add_global(table.get_type(), None, "weir_fault_messages");
    g.set_initializer(&table);
    g.set_constant(true);
    let count = ll.i64_type().const_int(strings.len() as u64, false);
    let c = cg
        .module
        .add_global(ll.i64_type(), None, "weir_fault_count");
    c.set_initializer(&count);
    c.set_constant(true);
}

/// Marks every function defined in the module with the host's CPU and features, so that the
/// code generator (also MCJIT's, which otherwise targets a generic CPU) uses them.
fn for_host(cg: &Codegen<'_>) {
    let cpu = TargetMachine::get_host_cpu_name().to_string();
    let features = TargetMachine::get_host_cpu_features().to_string();
    for f in cg
        .module
        .get_functions()
        .filter(|f| f.count_basic_blocks() > 0)
    {
        let attr = |k: &str, v: &str| cg.ll.create_string_attribute(k, v);
        f.add_attribute(AttributeLoc::Function, attr("target-cpu", &cpu));
        f.add_attribute(AttributeLoc::Function, attr("target-features", &features));
        if features.contains("+avx512f") {
            // LLVM's x86 cost model otherwise vectorizes at 256 bits on AVX-512 hosts.
            f.add_attribute(AttributeLoc::Function, attr("prefer-vector-width", "512"));
        }
    }
}

/// LLVM's optimization level of `-O<n>`.
pub(crate) fn opt_level(n: u8) -> OptimizationLevel {
    match n {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    }
}

/// A target machine for the host (its CPU and features; position-independent code, so object
/// files link into PIE executables).
pub(crate) fn host_machine(n: u8) -> Result<TargetMachine, Diagnostic> {
    let loc = Location::Unknown;
    Target::initialize_native(&InitializationConfig::default())
        .map_err(|e| host_error(&loc, "target", e))?;
    let triple = TargetMachine::get_default_triple();
    let target = Target::from_triple(&triple).map_err(|e| host_error(&loc, "target", e))?;
    target
        .create_target_machine(
            &triple,
            &TargetMachine::get_host_cpu_name().to_string(),
            &TargetMachine::get_host_cpu_features().to_string(),
            opt_level(n),
            RelocMode::PIC,
            CodeModel::Default,
        )
        .ok_or_else(|| host_error(&loc, "target", "no target machine for the host"))
}

/// Runs LLVM's `default<O<n>>` pipeline on `module` for `tm`'s target.
pub(crate) fn optimize(module: &Module<'_>, tm: &TargetMachine, n: u8) -> Result<(), Diagnostic> {
    module.set_triple(&tm.get_triple());
    module.set_data_layout(&tm.get_target_data().get_data_layout());
    module
        .run_passes(
            &format!("default<O{}>", n.min(3)),
            tm,
            PassBuilderOptions::create(),
        )
        .map_err(|e| host_error(&Location::Unknown, "passes", e))
}

/// Builds and optimizes `module` in a fresh LLVM context for the host and gives it, the
/// target machine and whether the code embeds the addresses of constant tensors (which live
/// only while the module is built) to `f`.
pub(crate) fn with_optimized<T>(
    ctx: &Context,
    module: OpId,
    options: &LlvmOptions,
    f: impl FnOnce(&Module<'_>, &TargetMachine, bool) -> Result<T, Diagnostic>,
) -> Result<T, Diagnostic> {
    let ll = LlContext::create();
    let built = build(&ll, ctx, module, options)?;
    let tm = host_machine(options.opt_level)?;
    optimize(&built.module, &tm, options.opt_level)?;
    f(&built.module, &tm, !built.consts.is_empty())
}
