//! The JIT's calling conventions and value ABI.
//!
//! - **Values.** An MLIR scalar lives in one Cranelift value: `iN` in the smallest Cranelift
//!   integer type holding N bits ([`carrier`]; `i1` in `I8`), kept zero-extended above bit N;
//!   `index` in `I64`; `f32`/`f64` as themselves; `f16`/`bf16` as their 16 bits in an `I16`
//!   (Cranelift's `F16` type has no arithmetic or conversions on every host). A buffer (MLIR `memref`) will be passed as
//!   MLIR's memref descriptor ([`MemRefDescriptor`], laid out by [`MemRefLayout`]): allocated
//!   pointer, aligned pointer, offset, `sizes[rank]`, `strides[rank]`, 64 bits each.
//! - **Internal convention** (compiled function to compiled function, [`internal_signature`],
//!   [`emit_call`]): a hidden first parameter, a pointer to the [`RuntimeContext`]; then, when the
//!   function has two or more results, a pointer to a return area of 8 bytes per result; then its
//!   own arguments. A single result is returned in a register. A fault stores its code in the
//!   context and returns zeroed results; callers check the status after every call.
//! - **Entry convention** (host to compiled code, [`define_trampoline`]): one trampoline per
//!   function, `extern "C" fn(args: *const u64, results: *mut u64, rt: *mut RuntimeContext)`,
//!   arguments and results one 64-bit slot each ([`scalar_to_raw`], [`scalar_from_raw`]:
//!   integers zero-extended, `f32` in the low 32 bits, `f16`/`bf16` in the low 16 bits). A descriptor occupies
//!   [`MemRefLayout::slots`] consecutive slots, its fields in order (MLIR's expanded form).

use crate::diag::host_error;
use crate::runtime::buffer::MAX_RANK;
use crate::runtime::RuntimeState;
use crate::scalar::low_mask;
use crate::{Scalar, ScalarType};
use cranelift_codegen::ir::{
    self, types, AbiParam, FuncRef, InstBuilder, MemFlagsData, Signature, StackSlotData,
    StackSlotKind, Value,
};
use cranelift_codegen::isa::TargetFrontendConfig;
use cranelift_codegen::Context as ClContext;
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_jit::JITModule;
use cranelift_module::{FuncId, Module};
use weir_ir::{Context, Diagnostic, ElementKind, Location, Type, TypeKind};

/// The runtime context every compiled function receives a pointer to (hidden first parameter).
/// The layout is shared with the generated code: offsets [`RT_STATUS`], [`RT_STACK_LIMIT`],
/// [`RT_FUEL`].
#[repr(C)]
#[derive(Debug)]
pub struct RuntimeContext {
    /// 0 while running fine; after a fault, 1 + the index of the fault site in the module's
    /// fault table.
    pub(crate) status: u64,
    /// Functions check on entry that the stack pointer is at or above this address.
    pub(crate) stack_limit: u64,
    /// Decremented on every entry to a loop header; a fault when it is 0.
    pub(crate) fuel: u64,
    /// The run's tensor runtime (buffer pool, fault details), passed to its host functions.
    pub(crate) state: *mut RuntimeState,
}

impl RuntimeContext {
    /// The context of a run of scalar code (no tensor runtime: a null state, which code that
    /// handles no tensors never reads): stack limit and loop budget as the fields say.
    pub fn for_scalars(stack_limit: u64, fuel: u64) -> Self {
        RuntimeContext {
            status: 0,
            stack_limit,
            fuel,
            state: std::ptr::null_mut(),
        }
    }

    /// The status word: 0, or 1 + the index of the fault site that stopped the run.
    pub fn status(&self) -> u64 {
        self.status
    }
}

/// Byte offset of [`RuntimeContext::status`], as the generated code uses it.
pub const RT_STATUS: i32 = 0;
/// Byte offset of [`RuntimeContext::stack_limit`].
pub const RT_STACK_LIMIT: i32 = 8;
/// Byte offset of [`RuntimeContext::fuel`].
pub const RT_FUEL: i32 = 16;
/// Byte offset of [`RuntimeContext::state`].
pub const RT_STATE: i32 = 24;

/// How a value of a compiled function's signature (or a block argument) is carried: a scalar in
/// its Cranelift carrier, or a tensor as a pointer to its buffer's header
/// (`crate::runtime::buffer::Header`), with its element kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// A scalar.
    Scalar(ScalarType),
    /// A ranked tensor of these elements (rank at most `runtime::buffer::MAX_RANK`).
    Tensor(ElementKind),
}

impl Slot {
    /// The slot of IR type `ty`, or `None` when the JIT does not support it: scalars as
    /// [`ScalarType::from_type`]; ranked tensors of rank at most 8 whose elements are a
    /// supported scalar type stored in exactly their carrier's bytes (`i1`, `i8`, `i16`, `i32`,
    /// `i64`, `index`, `f16`, `bf16`, `f32`, `f64`).
    pub fn of(ctx: &Context, ty: Type) -> Option<Slot> {
        if let Some(s) = ScalarType::from_type(ctx, ty) {
            return Some(Slot::Scalar(s));
        }
        let TypeKind::Tensor {
            shape: Some(dims),
            element,
            ..
        } = ctx.type_kind(ty)
        else {
            return None;
        };
        let s = ScalarType::from_type(ctx, *element)?;
        let elem = ElementKind::of(ctx, *element)?;
        (dims.len() <= MAX_RANK && cl_type(s).bytes() as usize == elem.byte_width())
            .then_some(Slot::Tensor(elem))
    }

    /// The Cranelift type carrying the value (a tensor: the pointer, 64 bits on the hosts the JIT
    /// supports).
    pub(crate) fn cl_type(self) -> ir::Type {
        match self {
            Slot::Scalar(t) => cl_type(t),
            Slot::Tensor(_) => types::I64,
        }
    }

    /// The scalar type, when this is a scalar slot.
    pub fn scalar(self) -> Option<ScalarType> {
        match self {
            Slot::Scalar(t) => Some(t),
            Slot::Tensor(_) => None,
        }
    }
}

/// The uniform entry point generated for each function (see the module docs): arguments,
/// results (one 64-bit slot each) and the runtime context.
pub type Trampoline = unsafe extern "C" fn(*const u64, *mut u64, *mut RuntimeContext);

/// MLIR's memref descriptor for a buffer of rank `RANK` (`StridedMemRefType<T, RANK>` of MLIR's
/// C runner utils, and the struct of MLIR's LLVM lowering of `memref`): element `(i0, .., iN)`
/// is at `aligned + offset + sum(ik * strides[k])`, counted in elements.
///
/// No op uses buffers yet; this fixes the layout that the tensor and buffer lowerings will
/// pass (by pointer, or as [`MemRefLayout::slots`] trampoline slots).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemRefDescriptor<const RANK: usize> {
    /// The pointer returned by the allocation (what is freed).
    pub allocated: *mut u8,
    /// The pointer the elements are indexed from (`allocated` rounded up to the alignment).
    pub aligned: *mut u8,
    /// Offset of the first element from `aligned`, in elements.
    pub offset: i64,
    /// The extent of each dimension, in elements.
    pub sizes: [i64; RANK],
    /// The distance between neighbours along each dimension, in elements.
    pub strides: [i64; RANK],
}

/// Byte offsets of the fields of a [`MemRefDescriptor`] of a given rank, for generated code
/// (every field is 64 bits wide on the 64-bit hosts the JIT runs on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemRefLayout {
    /// The rank (number of dimensions) of the buffer.
    pub rank: usize,
}

impl MemRefLayout {
    /// Byte offset of the allocated pointer.
    pub const ALLOCATED: usize = 0;
    /// Byte offset of the aligned pointer.
    pub const ALIGNED: usize = 8;
    /// Byte offset of the element offset.
    pub const OFFSET: usize = 16;

    /// Byte offset of `sizes[dim]`; `dim < rank`.
    pub fn size(self, dim: usize) -> usize {
        24 + 8 * dim
    }

    /// Byte offset of `strides[dim]`; `dim < rank`.
    pub fn stride(self, dim: usize) -> usize {
        24 + 8 * (self.rank + dim)
    }

    /// The number of 64-bit slots (and fields) of the descriptor: `3 + 2 * rank`.
    pub fn slots(self) -> usize {
        3 + 2 * self.rank
    }

    /// The size of the descriptor in bytes: `8 * slots()`.
    pub fn bytes(self) -> usize {
        8 * self.slots()
    }
}

/// The Cranelift type carrying an integer of `width` bits.
pub(crate) fn carrier(width: u32) -> ir::Type {
    match width {
        0..=8 => types::I8,
        9..=16 => types::I16,
        17..=32 => types::I32,
        _ => types::I64,
    }
}

/// The Cranelift type of a scalar type.
pub(crate) fn cl_type(t: ScalarType) -> ir::Type {
    match t {
        ScalarType::Int(w) => carrier(w),
        ScalarType::Index => types::I64,
        ScalarType::F16 | ScalarType::BF16 => types::I16,
        ScalarType::F32 => types::F32,
        ScalarType::F64 => types::F64,
    }
}

/// The trampoline slot of an argument (integers zero-extended, `f32` in the low 32 bits,
/// `f16`/`bf16` in the low 16).
pub fn scalar_to_raw(a: &Scalar) -> u64 {
    match *a {
        Scalar::Int { .. } => a.as_u64().unwrap_or(0),
        Scalar::F16(v) => v.to_bits() as u64,
        Scalar::BF16(v) => v.to_bits() as u64,
        Scalar::F32(v) => v.to_bits() as u64,
        Scalar::F64(v) => v.to_bits(),
    }
}

/// Reads a result slot written by a trampoline.
pub fn scalar_from_raw(ty: ScalarType, bits: u64) -> Scalar {
    match ty {
        ScalarType::Int(w) => Scalar::Int {
            bits: bits & low_mask(w),
            width: w,
            is_index: false,
        },
        ScalarType::Index => Scalar::Int {
            bits,
            width: 64,
            is_index: true,
        },
        ScalarType::F16 => Scalar::F16(half::f16::from_bits(bits as u16)),
        ScalarType::BF16 => Scalar::BF16(half::bf16::from_bits(bits as u16)),
        ScalarType::F32 => Scalar::F32(f32::from_bits(bits as u32)),
        ScalarType::F64 => Scalar::F64(f64::from_bits(bits)),
    }
}

/// The internal signature of a compiled function (see the module docs).
pub(crate) fn internal_signature(
    jit: &JITModule,
    ptr: ir::Type,
    params: &[Slot],
    results: &[Slot],
) -> Signature {
    let mut sig = jit.make_signature();
    sig.params.push(AbiParam::new(ptr));
    if results.len() >= 2 {
        sig.params.push(AbiParam::new(ptr));
    }
    sig.params
        .extend(params.iter().map(|&t| AbiParam::new(t.cl_type())));
    if results.len() == 1 {
        sig.returns.push(AbiParam::new(results[0].cl_type()));
    }
    sig
}

/// Splits the parameters of a function's entry block under the internal convention (of a
/// function with `n_results` results): the runtime context, the return area (two or more
/// results), and the function's own arguments.
pub(crate) fn entry_params(params: &[Value], n_results: usize) -> (Value, Option<Value>, &[Value]) {
    match params {
        [rt, area, rest @ ..] if n_results >= 2 => (*rt, Some(*area), rest),
        [rt, rest @ ..] => (*rt, None, rest),
        [] => unreachable!("internal signatures start with the runtime context"),
    }
}

/// Returns `vals` under the internal convention: stored into the return area when the function
/// has one (two or more results), in registers otherwise.
pub(crate) fn emit_return(b: &mut FunctionBuilder, ret_area: Option<Value>, vals: &[Value]) {
    match ret_area {
        Some(area) => {
            for (i, &v) in vals.iter().enumerate() {
                b.ins()
                    .store(MemFlagsData::trusted(), v, area, 8 * i as i32);
            }
            b.ins().return_(&[]);
        }
        None => {
            b.ins().return_(vals);
        }
    }
}

/// Calls `callee` with the internal convention; returns its results (loaded from a stack
/// return area when there are two or more).
pub(crate) fn emit_call(
    b: &mut FunctionBuilder,
    ptr: ir::Type,
    callee: FuncRef,
    rt: Value,
    args: &[Value],
    results: &[Slot],
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
                    .load(t.cl_type(), MemFlagsData::trusted(), addr, 8 * i as i32)
            })
            .collect(),
    }
}

/// Declares the trampoline of function `callee` (of scalar `params` and `results`) and builds
/// its body in `cl_ctx` (left for the caller to define): load each argument slot, call with
/// the internal convention, store each result slot.
pub(crate) fn define_trampoline(
    jit: &mut JITModule,
    cl_ctx: &mut ClContext,
    fb_ctx: &mut FunctionBuilderContext,
    fcfg: TargetFrontendConfig,
    (callee, params, results): (FuncId, &[Slot], &[Slot]),
    loc: &Location,
) -> Result<FuncId, Diagnostic> {
    let ptr = fcfg.pointer_type();
    let mut sig = jit.make_signature();
    sig.params
        .extend([AbiParam::new(ptr), AbiParam::new(ptr), AbiParam::new(ptr)]);
    let id = jit
        .declare_anonymous_function(&sig)
        .map_err(|e| host_error(loc, "declare", e))?;
    cl_ctx.func.signature = sig;
    let mut b = FunctionBuilder::new(&mut cl_ctx.func, fb_ctx);
    let blk = b.create_block();
    b.append_block_params_for_function_params(blk);
    b.switch_to_block(blk);
    b.seal_block(blk);
    let p = b.block_params(blk).to_vec();
    let (args_p, res_p, rt) = (p[0], p[1], p[2]);
    let mut args = Vec::new();
    for (i, &t) in params.iter().enumerate() {
        let raw = b
            .ins()
            .load(types::I64, MemFlagsData::trusted(), args_p, 8 * i as i32);
        let Slot::Scalar(t) = t else {
            args.push(raw);
            continue;
        };
        args.push(match t {
            ScalarType::Int(w) if carrier(w) != types::I64 => b.ins().ireduce(carrier(w), raw),
            ScalarType::F16 | ScalarType::BF16 => b.ins().ireduce(types::I16, raw),
            ScalarType::Int(_) | ScalarType::Index => raw,
            ScalarType::F32 => {
                let x = b.ins().ireduce(types::I32, raw);
                b.ins().bitcast(types::F32, MemFlagsData::new(), x)
            }
            ScalarType::F64 => b.ins().bitcast(types::F64, MemFlagsData::new(), raw),
        });
    }
    let callee = jit.declare_func_in_func(callee, b.func);
    let vals = emit_call(&mut b, ptr, callee, rt, &args, results);
    for (i, (&v, &t)) in vals.iter().zip(results).enumerate() {
        let Slot::Scalar(t) = t else {
            b.ins()
                .store(MemFlagsData::trusted(), v, res_p, 8 * i as i32);
            continue;
        };
        let raw = match t {
            ScalarType::Int(w) if carrier(w) != types::I64 => b.ins().uextend(types::I64, v),
            ScalarType::F16 | ScalarType::BF16 => b.ins().uextend(types::I64, v),
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
    Ok(id)
}

#[cfg(test)]
mod tests {
    use super::{MemRefDescriptor, MemRefLayout};
    use cranelift_codegen::ir::{types, AbiParam, InstBuilder, MemFlagsData};
    use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
    use cranelift_jit::{JITBuilder, JITModule};
    use cranelift_module::{default_libcall_names, Module};
    use std::mem::{offset_of, size_of};

    /// MLIR's `StridedMemRefType<T, 2>`: two pointers, the offset, 2 sizes, 2 strides, 8 bytes
    /// each = 56 bytes; sizes from byte 24, strides from byte 40 (hand-computed).
    #[test]
    fn descriptor_layout_is_mlirs() {
        let l = MemRefLayout { rank: 2 };
        assert_eq!(size_of::<MemRefDescriptor<2>>(), 56);
        assert_eq!(l.bytes(), 56);
        assert_eq!(l.slots(), 7);
        type D = MemRefDescriptor<2>;
        assert_eq!(offset_of!(D, allocated), MemRefLayout::ALLOCATED);
        assert_eq!(offset_of!(D, aligned), MemRefLayout::ALIGNED);
        assert_eq!(offset_of!(D, offset), MemRefLayout::OFFSET);
        assert_eq!((l.size(0), l.size(1)), (24, 32));
        assert_eq!((l.stride(0), l.stride(1)), (40, 48));
        assert_eq!(offset_of!(D, sizes), l.size(0));
        assert_eq!(offset_of!(D, strides), l.stride(0));
        // Rank 0 (a scalar buffer): the two pointers and the offset only.
        assert_eq!(
            size_of::<MemRefDescriptor<0>>(),
            MemRefLayout { rank: 0 }.bytes()
        );
    }

    /// Compiled code reads a descriptor built on the host through [`MemRefLayout`]: the element
    /// index of `[1][2]` of a 3x4 row-major view at offset 5 is 5 + 1*4 + 2*1 = 11, and the
    /// last size is 4.
    #[test]
    fn compiled_code_reads_a_descriptor() {
        let isa = cranelift_native::builder()
            .unwrap()
            .finish(cranelift_codegen::settings::Flags::new(
                cranelift_codegen::settings::builder(),
            ))
            .unwrap();
        let ptr = isa.pointer_type();
        let mut jit = JITModule::new(JITBuilder::with_isa(isa, default_libcall_names()));
        let mut sig = jit.make_signature();
        sig.params.push(AbiParam::new(ptr));
        sig.returns.push(AbiParam::new(types::I64));
        sig.returns.push(AbiParam::new(types::I64));
        let id = jit.declare_anonymous_function(&sig).unwrap();
        let mut cl_ctx = jit.make_context();
        cl_ctx.func.signature = sig;
        let mut fb_ctx = FunctionBuilderContext::new();
        let l = MemRefLayout { rank: 2 };
        {
            let mut b = FunctionBuilder::new(&mut cl_ctx.func, &mut fb_ctx);
            let blk = b.create_block();
            b.append_block_params_for_function_params(blk);
            b.switch_to_block(blk);
            b.seal_block(blk);
            let d = b.block_params(blk)[0];
            let load = |b: &mut FunctionBuilder, at: usize| {
                b.ins()
                    .load(types::I64, MemFlagsData::trusted(), d, at as i32)
            };
            let off = load(&mut b, MemRefLayout::OFFSET);
            let s0 = load(&mut b, l.stride(0));
            let s1 = load(&mut b, l.stride(1));
            let last = load(&mut b, l.size(1));
            let i0 = b.ins().imul_imm_s(s0, 1);
            let i1 = b.ins().imul_imm_s(s1, 2);
            let x = b.ins().iadd(off, i0);
            let x = b.ins().iadd(x, i1);
            b.ins().return_(&[x, last]);
            b.finalize(jit.isa().frontend_config());
        }
        jit.define_function(id, &mut cl_ctx).unwrap();
        jit.finalize_definitions().unwrap();
        let mut data = [0f32; 17];
        let desc = MemRefDescriptor::<2> {
            allocated: data.as_mut_ptr().cast(),
            aligned: data.as_mut_ptr().cast(),
            offset: 5,
            sizes: [3, 4],
            strides: [4, 1],
        };
        let code = jit.get_finalized_function(id);
        // SAFETY: `code` is the function defined above, of signature `fn(ptr) -> (i64, i64)` in
        // the platform's C convention (two integer results in two registers, as a Rust
        // `extern "C"` function returning a two-field `repr(C)` struct of i64s on x86-64 and
        // aarch64); it reads only the 56 bytes of `desc`, which outlives the call.
        let (index, last) = unsafe {
            #[repr(C)]
            struct Pair(i64, i64);
            let f = std::mem::transmute::<
                *const u8,
                extern "C" fn(*const MemRefDescriptor<2>) -> Pair,
            >(code);
            let Pair(a, b) = f(&desc);
            (a, b)
        };
        // SAFETY: no call into the module runs any more.
        unsafe { jit.free_memory() };
        assert_eq!((index, last), (11, 4));
    }
}
