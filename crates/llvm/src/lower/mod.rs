//! Lowering of CFG-level Weir IR (func, arith, math, cf) to LLVM IR: the per-function driver
//! ([`lower_function`]), the helpers every op's lowering shares, and ONE table from op name to
//! lowering ([`table`]) filled by one module per dialect (`arith`, `math`, `cf`, `func`), each
//! exporting its `ENTRIES`: the structure of the Cranelift JIT's `lower/`.
//!
//! A fault stores `1 + fault site index` in the runtime context's status word and leaves
//! through the function's exit block (zeroed results); callers check the status after every
//! call.

mod arith;
mod cf;
mod func;
mod kernel;
mod linalg;
mod math;
mod movement;
mod reshape;
pub(crate) mod tensor;

use crate::codegen::{
    int_type, slot_type, Codegen, Ll, FUEL_FIELD, STACK_LIMIT_FIELD, STATE_FIELD, STATUS_FIELD,
};
use crate::diag::{host_error, op_err, unsupported_op, unsupported_type};
use inkwell::basic_block::BasicBlock;
use inkwell::intrinsics::Intrinsic;
use inkwell::types::BasicTypeEnum;
use inkwell::values::{
    BasicMetadataValueEnum, BasicValue, BasicValueEnum, FloatValue, FunctionValue, IntValue,
    PhiValue, PointerValue,
};
use inkwell::IntPredicate;
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;
use weir_ir::{BlockId, Context, Diagnostic, Location, OpId, Type, ValueId};
use weir_jit::backend::{cfg, FaultSite, Ownership, Scalars, Slot, FUEL_MESSAGE};
use weir_jit::{RuntimeErrorKind, ScalarType};

type R<T> = Result<T, Diagnostic>;

/// The lowering of one op: emits its LLVM code at the builder's position (setting its results,
/// or ending the block for a terminator), or a located error for a malformed op.
type LowerFn = for<'a, 'll> fn(&mut FunctionLowering<'a, 'll>, OpId) -> R<()>;

/// The lowering table: op name to lowering, built once from every dialect's `ENTRIES`.
fn table() -> &'static HashMap<&'static str, LowerFn> {
    static TABLE: OnceLock<HashMap<&'static str, LowerFn>> = OnceLock::new();
    TABLE.get_or_init(|| {
        arith::entries()
            .chain(linalg::entries())
            .chain(math::entries())
            .chain(
                [
                    cf::ENTRIES,
                    func::ENTRIES,
                    tensor::ENTRIES,
                    movement::ENTRIES,
                    reshape::ENTRIES,
                ]
                .into_iter()
                .flatten()
                .copied(),
            )
            .collect()
    })
}

/// Lowers the body of function `this` (an index into `cg.decls`) into its declared LLVM
/// function.
pub(crate) fn lower_function(cg: &mut Codegen<'_>, ctx: &Context, this: usize) -> R<()> {
    let func = cg.decls[this].value;
    let rt = func
        .get_nth_param(0)
        .ok_or_else(|| host_error(&Location::Unknown, "function", "no runtime context"))?
        .into_pointer_value();
    FunctionLowering {
        ctx,
        cg,
        this,
        func,
        rt,
        values: HashMap::new(),
        blocks: HashMap::new(),
        phis: HashMap::new(),
        pending_faults: Vec::new(),
        exit: None,
        terminated: false,
        fuel: None,
        state: None,
        own: None,
        block: None,
        consumed: HashSet::new(),
        kernel: None,
        fused: HashSet::new(),
        loop_ivs: Vec::new(),
        vector_part: false,
    }
    .translate()
}

/// The state of lowering one `func.func` body.
pub(crate) struct FunctionLowering<'a, 'll> {
    ctx: &'a Context,
    cg: &'a mut Codegen<'ll>,
    /// Index of this function in `cg.decls`.
    this: usize,
    func: FunctionValue<'ll>,
    /// The runtime context pointer (parameter 0).
    rt: PointerValue<'ll>,
    values: HashMap<ValueId, BasicValueEnum<'ll>>,
    blocks: HashMap<BlockId, BasicBlock<'ll>>,
    /// The phis of each block's arguments.
    phis: HashMap<BlockId, Vec<PhiValue<'ll>>>,
    /// Fault blocks to fill at the end: (block, status word to store).
    pending_faults: Vec<(BasicBlock<'ll>, u64)>,
    /// The block returning zeroed results after a fault (created on first use).
    exit: Option<BasicBlock<'ll>>,
    /// Whether the current block already has its terminator.
    terminated: bool,
    /// The loop budget of this function while it runs, when it counts loop trips: a stack
    /// slot (a register after `mem2reg`), written back to the runtime context around calls
    /// and at returns.
    fuel: Option<PointerValue<'ll>>,
    /// The run's tensor runtime state pointer (loaded from the context at entry).
    state: Option<PointerValue<'ll>>,
    /// Where tensor references are released and duplicated (the JIT's analysis,
    /// `weir_jit::backend::Ownership`).
    own: Option<Ownership>,
    /// The IR block being lowered.
    block: Option<BlockId>,
    /// Tensor operands of the op being lowered whose reference the op took over (reused in
    /// place, passed to a callee, aliased by its result): not released after it.
    consumed: HashSet<ValueId>,
    /// While lowering the body of an elementwise kernel: the element values of the tensor
    /// values in the kernel, which `val`, `ty` and `set_result` read and write instead.
    kernel: Option<HashMap<ValueId, BasicValueEnum<'ll>>>,
    /// Ops already lowered as part of a fused elementwise kernel.
    fused: HashSet<OpId>,
    /// While lowering a linalg structured op's body: the indices of its loops.
    loop_ivs: Vec<IntValue<'ll>>,
    /// Whether the loop body being lowered is in the part of its loop that the Cranelift JIT
    /// runs on vectors (`weir_jit::backend::kernel_vector_elements`,
    /// `structured_vector_lanes`), where `math.exp` on `f32` is its polynomial.
    vector_part: bool,
}

/// An edge block of a multi-way branch: it adjusts reference counts and passes the
/// successor's arguments.
struct Edge<'ll> {
    block: BasicBlock<'ll>,
    succ: BlockId,
    args: Vec<BasicValueEnum<'ll>>,
    changes: Vec<(ValueId, i64)>,
}

impl<'ll> FunctionLowering<'_, 'll> {
    fn decl(&self) -> &crate::codegen::FuncDecl<'ll> {
        &self.cg.decls[self.this]
    }

    fn translate(mut self) -> R<()> {
        let ctx = self.ctx;
        let fop = self.decl().op;
        let floc = ctx.loc(fop);
        let body = cfg::Body::of(ctx, fop, &self.decl().param_types)?;
        let (entry, rpo) = (body.entry, &body.order);
        let start = self.cg.ll.append_basic_block(self.func, "start");
        for &blk in rpo {
            let bb = self.cg.ll.append_basic_block(self.func, "");
            self.cg.b.position_at_end(bb);
            let mut phis = Vec::new();
            for &a in ctx.block_args(blk) {
                let t = self.slot_at(&cfg::Body::arg_loc(ctx, a, &floc), ctx.value_type(a))?;
                let phi = self.cg.b.build_phi(slot_type(self.cg.ll, t), "").ll()?;
                self.values.insert(a, phi.as_basic_value());
                phis.push(phi);
            }
            self.blocks.insert(blk, bb);
            self.phis.insert(blk, phis);
        }

        // The entry: check the stack, load the loop budget, enter the body.
        self.cg.b.position_at_end(start);
        let ptr = self.cg.ll.ptr_type(inkwell::AddressSpace::default());
        let frame = self.intrinsic("llvm.frameaddress", &[ptr.into()])?;
        let zero = self.cg.ll.i32_type().const_zero();
        let fp = self.call(frame, &[zero.into()])?.into_pointer_value();
        let i64t = self.cg.ll.i64_type();
        let sp = self.cg.b.build_ptr_to_int(fp, i64t, "").ll()?;
        let limit = self.load_rt(STACK_LIMIT_FIELD)?;
        let low = self
            .cg
            .b
            .build_int_compare(IntPredicate::ULT, sp, limit, "")
            .ll()?;
        let name = self.decl().name.clone();
        self.guard(
            low,
            RuntimeErrorKind::StackOverflow,
            weir_jit::backend::stack_overflow_message(&name),
            floc.clone(),
        )?;
        let state = self.load_rt_ptr(STATE_FIELD)?;
        self.state = Some(state);
        self.own = Some(Ownership::analyze(ctx, rpo, &|v| {
            weir_jit::backend::is_tracked(ctx, v)
        }));
        if self.cg.loop_fuel && !body.headers.is_empty() {
            let slot = self.cg.b.build_alloca(i64t, "fuel").ll()?;
            self.fuel = Some(slot);
            self.sync_fuel_in()?;
        }
        let args: Vec<BasicValueEnum> = self.func.get_param_iter().skip(1).collect();
        let here = self.current()?;
        for (phi, v) in self.phis[&entry].iter().zip(&args) {
            phi.add_incoming(&[(v as &dyn BasicValue, here)]);
        }
        self.cg
            .b
            .build_unconditional_branch(self.blocks[&entry])
            .ll()?;

        for &blk in rpo {
            self.cg.b.position_at_end(self.blocks[&blk]);
            self.terminated = false;
            if let Some(loc) = body.fuel_loc(ctx, blk, &floc) {
                self.fuel_check(&loc)?;
            }
            self.block = Some(blk);
            for a in ctx.block_args(blk).to_vec() {
                self.release_if_dead(a)?;
            }
            let ops = ctx.block_ops(blk);
            for (i, &op) in ops.iter().enumerate() {
                if self.fused.contains(&op) {
                    continue;
                }
                let lower = match cfg::lowering(ctx, op, self.terminated, &tensor::TARGET)? {
                    cfg::Lowering::Kernel => {
                        self.lower_kernel(&ops[i..])?;
                        continue;
                    }
                    cfg::Lowering::TensorConstant => tensor::lower_constant,
                    cfg::Lowering::ByName => *table()
                        .get(ctx.name_str(op))
                        .ok_or_else(|| unsupported_op(ctx, op))?,
                };
                self.consumed.clear();
                lower(&mut self, op)?;
                if !self.terminated {
                    self.release_after(op)?;
                }
            }
            cfg::check_terminated(&floc, self.terminated)?;
        }

        for (blk, status) in std::mem::take(&mut self.pending_faults) {
            self.cg.b.position_at_end(blk);
            let s = i64t.const_int(status, false);
            let at = self.rt_field(STATUS_FIELD)?;
            self.cg.b.build_store(at, s).ll()?;
            let exit = self.exit_block();
            self.cg.b.build_unconditional_branch(exit).ll()?;
        }
        if let Some(exit) = self.exit {
            self.cg.b.position_at_end(exit);
            match self.cg.return_type(&self.decl().results) {
                None => self.cg.b.build_return(None).ll()?,
                Some(t) => self.cg.b.build_return(Some(&t.const_zero())).ll()?,
            };
        }
        Ok(())
    }

    // -------------------------------------------------------------- helpers

    /// The LLVM block the builder is in.
    fn current(&self) -> R<BasicBlock<'ll>> {
        self.cg
            .b
            .get_insert_block()
            .ok_or_else(|| host_error(&Location::Unknown, "builder", "no insertion block"))
    }

    /// The address of field `field` of the runtime context.
    fn rt_field(&self, field: u32) -> R<PointerValue<'ll>> {
        let t = self.cg.rt_type();
        self.cg.b.build_struct_gep(t, self.rt, field, "").ll()
    }

    /// Loads pointer field `field` of the runtime context.
    fn load_rt_ptr(&self, field: u32) -> R<PointerValue<'ll>> {
        let at = self.rt_field(field)?;
        Ok(self
            .cg
            .b
            .build_load(
                self.cg.ll.ptr_type(inkwell::AddressSpace::default()),
                at,
                "",
            )
            .ll()?
            .into_pointer_value())
    }

    /// Loads 64-bit field `field` of the runtime context.
    fn load_rt(&self, field: u32) -> R<IntValue<'ll>> {
        let at = self.rt_field(field)?;
        Ok(self
            .cg
            .b
            .build_load(self.cg.ll.i64_type(), at, "")
            .ll()?
            .into_int_value())
    }

    fn scalar_at(&self, loc: &Location, ty: Type) -> R<ScalarType> {
        ScalarType::from_type(self.ctx, ty).ok_or_else(|| unsupported_type(self.ctx, loc, ty))
    }

    fn slot_at(&self, loc: &Location, ty: Type) -> R<Slot> {
        Slot::of(self.ctx, ty).ok_or_else(|| unsupported_type(self.ctx, loc, ty))
    }

    /// How the plans read the scalar types of the op being lowered (in an elementwise
    /// kernel's body, tensors as their elements).
    fn scalars(&self) -> Scalars<'static> {
        Scalars {
            target: &tensor::TARGET,
            elements: self.kernel.is_some(),
        }
    }

    /// The LLVM value of `v` (in an elementwise kernel's body, a tensor's element).
    fn val(&self, op: OpId, v: ValueId) -> R<BasicValueEnum<'ll>> {
        self.kernel
            .as_ref()
            .and_then(|k| k.get(&v))
            .or_else(|| self.values.get(&v))
            .copied()
            .ok_or_else(|| op_err(self.ctx, op, "uses a value that does not dominate it"))
    }

    /// The LLVM value of `v`, a pointer (a tensor's buffer header).
    fn ptr(&self, op: OpId, v: ValueId) -> R<PointerValue<'ll>> {
        match self.val(op, v)? {
            BasicValueEnum::PointerValue(p) => Ok(p),
            _ => Err(op_err(self.ctx, op, "expects a tensor operand")),
        }
    }

    fn own(&self) -> &Ownership {
        self.own
            .as_ref()
            .expect("the ownership analysis runs before the entry block is lowered")
    }

    fn state(&self) -> PointerValue<'ll> {
        self.state
            .expect("the runtime state is loaded in the entry block before any op is lowered")
    }

    /// Releases the tensor operands of `op` (just lowered, not a terminator) at their last use
    /// that the op did not take over, the values its regions captured at their last use, and
    /// its tensor results that are never used.
    fn release_after(&mut self, op: OpId) -> R<()> {
        let ctx = self.ctx;
        let mut done = HashSet::new();
        for (j, &v) in ctx.operands(op).iter().enumerate() {
            if self.own().is_last_use(op, j) && !self.consumed.contains(&v) && done.insert(v) {
                let p = self.ptr(op, v)?;
                self.release(p)?;
            }
        }
        for v in self.own().captured_last_uses(op).to_vec() {
            let p = self.ptr(op, v)?;
            self.release(p)?;
        }
        for &r in ctx.results(op) {
            self.release_if_dead(r)?;
        }
        Ok(())
    }

    /// Releases `v` (a tracked tensor value, just defined) when it is never used.
    fn release_if_dead(&mut self, v: ValueId) -> R<()> {
        if self.own().is_dead(v) {
            if let Some(&BasicValueEnum::PointerValue(p)) = self.values.get(&v) {
                self.release(p)?;
            }
        }
        Ok(())
    }

    /// Calls the tensor runtime's host function `symbol` (no result) with `args`.
    fn runtime_call(&self, symbol: &str, args: &[BasicValueEnum<'ll>]) -> R<()> {
        let types: Vec<BasicTypeEnum> = args.iter().map(|a| a.get_type()).collect();
        let f = self.cg.runtime_fn(symbol, &types, None);
        let args: Vec<BasicMetadataValueEnum> = args.iter().map(|&a| a.into()).collect();
        self.cg.b.build_call(f, &args, "").ll()?;
        Ok(())
    }

    /// Drops one reference to the buffer `p` (runtime `release`).
    fn release(&mut self, p: PointerValue<'ll>) -> R<()> {
        let st = self.state();
        self.runtime_call(weir_jit::backend::RELEASE, &[st.into(), p.into()])
    }

    /// Adds one reference to the buffer `p` (runtime `retain`).
    fn retain(&mut self, p: PointerValue<'ll>) -> R<()> {
        self.runtime_call(weir_jit::backend::RETAIN, &[p.into()])
    }

    /// Applies reference changes from [`Ownership::edge`] / [`Ownership::at_return`].
    fn adjust_refs(&mut self, op: OpId, changes: &[(ValueId, i64)]) -> R<()> {
        for &(v, n) in changes {
            let p = self.ptr(op, v)?;
            if n < 0 {
                self.release(p)?;
            } else {
                for _ in 0..n {
                    self.retain(p)?;
                }
            }
        }
        Ok(())
    }

    /// The LLVM value of `v`, an integer (or `f16`/`bf16` bits).
    fn int(&self, op: OpId, v: ValueId) -> R<IntValue<'ll>> {
        match self.val(op, v)? {
            BasicValueEnum::IntValue(i) => Ok(i),
            _ => Err(op_err(self.ctx, op, "expects an integer operand")),
        }
    }

    /// The LLVM value of `v`, a float.
    fn float(&self, op: OpId, v: ValueId) -> R<FloatValue<'ll>> {
        match self.val(op, v)? {
            BasicValueEnum::FloatValue(f) => Ok(f),
            _ => Err(op_err(self.ctx, op, "expects a float operand")),
        }
    }

    fn set_result(&mut self, op: OpId, i: usize, v: impl BasicValue<'ll>) {
        let r = self.ctx.result(op, i);
        let v = v.as_basic_value_enum();
        match &mut self.kernel {
            Some(k) => k.insert(r, v),
            None => self.values.insert(r, v),
        };
    }

    /// The declaration of LLVM intrinsic `name` overloaded on `types`.
    fn intrinsic(&self, name: &str, types: &[BasicTypeEnum<'ll>]) -> R<FunctionValue<'ll>> {
        Intrinsic::find(name)
            .and_then(|i| i.get_declaration(&self.cg.module, types))
            .ok_or_else(|| host_error(&Location::Unknown, "intrinsic", name))
    }

    /// Calls `f` (an intrinsic, a host function or a compiled function) with `args`; its one
    /// result.
    fn call(
        &self,
        f: FunctionValue<'ll>,
        args: &[BasicMetadataValueEnum<'ll>],
    ) -> R<BasicValueEnum<'ll>> {
        self.cg
            .b
            .build_call(f, args, "")
            .ll()?
            .try_as_basic_value()
            .basic()
            .ok_or_else(|| host_error(&Location::Unknown, "call", "no result"))
    }

    /// Calls intrinsic `name` overloaded on the type of the first argument.
    fn call_intrinsic(&self, name: &str, args: &[BasicValueEnum<'ll>]) -> R<BasicValueEnum<'ll>> {
        let f = self.intrinsic(name, &[args[0].get_type()])?;
        let args: Vec<BasicMetadataValueEnum> = args.iter().map(|&a| a.into()).collect();
        self.call(f, &args)
    }

    fn exit_block(&mut self) -> BasicBlock<'ll> {
        if let Some(e) = self.exit {
            return e;
        }
        let e = self.cg.ll.append_basic_block(self.func, "exit");
        self.exit = Some(e);
        e
    }

    /// A new block that records the fault and leaves the function.
    fn fault_block(
        &mut self,
        kind: RuntimeErrorKind,
        message: String,
        loc: Location,
    ) -> BasicBlock<'ll> {
        self.cg.faults.push(FaultSite { kind, message, loc });
        let status = self.cg.faults.len() as u64;
        let blk = self.cg.ll.append_basic_block(self.func, "fault");
        self.pending_faults.push((blk, status));
        blk
    }

    /// Faults when `bad` (an `i1`) is set; continues in a new block otherwise.
    fn guard(
        &mut self,
        bad: IntValue<'ll>,
        kind: RuntimeErrorKind,
        message: String,
        loc: Location,
    ) -> R<()> {
        let fb = self.fault_block(kind, message, loc);
        let cont = self.cg.ll.append_basic_block(self.func, "");
        self.cg.b.build_conditional_branch(bad, fb, cont).ll()?;
        self.cg.b.position_at_end(cont);
        Ok(())
    }

    /// At a loop header (when counting loop trips): faults when the budget is 0, else takes one
    /// unit. `loc` is the header's.
    fn fuel_check(&mut self, loc: &Location) -> R<()> {
        let Some(slot) = self.fuel else { return Ok(()) };
        let i64t = self.cg.ll.i64_type();
        let fuel = self.cg.b.build_load(i64t, slot, "").ll()?.into_int_value();
        let empty = self
            .cg
            .b
            .build_int_compare(IntPredicate::EQ, fuel, i64t.const_zero(), "")
            .ll()?;
        self.guard(
            empty,
            RuntimeErrorKind::FuelExhausted,
            FUEL_MESSAGE.into(),
            loc.clone(),
        )?;
        let left = self
            .cg
            .b
            .build_int_sub(fuel, i64t.const_int(1, false), "")
            .ll()?;
        self.cg.b.build_store(slot, left).ll()?;
        Ok(())
    }

    /// Reads the loop budget from the runtime context (at entry and after a call).
    fn sync_fuel_in(&mut self) -> R<()> {
        let Some(slot) = self.fuel else { return Ok(()) };
        let fuel = self.load_rt(FUEL_FIELD)?;
        self.cg.b.build_store(slot, fuel).ll()?;
        Ok(())
    }

    /// Writes the loop budget back to the runtime context (before a call and a return).
    fn sync_fuel_out(&mut self) -> R<()> {
        let Some(slot) = self.fuel else { return Ok(()) };
        let fuel = self.cg.b.build_load(self.cg.ll.i64_type(), slot, "").ll()?;
        let at = self.rt_field(FUEL_FIELD)?;
        self.cg.b.build_store(at, fuel).ll()?;
        Ok(())
    }

    /// Checks that `vals` fit the arguments of `succ` (count and types) and returns their LLVM
    /// values and the successor's LLVM block.
    fn edge_args(
        &self,
        op: OpId,
        succ: BlockId,
        vals: &[ValueId],
    ) -> R<(BasicBlock<'ll>, Vec<BasicValueEnum<'ll>>)> {
        weir_jit::backend::cf_plan::check_edge(self.ctx, op, succ, vals)?;
        let out = vals
            .iter()
            .map(|&v| self.val(op, v))
            .collect::<R<Vec<_>>>()?;
        let target = self
            .blocks
            .get(&succ)
            .copied()
            .ok_or_else(|| op_err(self.ctx, op, "branches to an unknown block"))?;
        Ok((target, out))
    }

    /// Adds `args` as the incoming values from `from` of the phis of `succ`.
    fn add_incoming(&self, succ: BlockId, args: &[BasicValueEnum<'ll>], from: BasicBlock<'ll>) {
        for (phi, v) in self.phis[&succ].iter().zip(args) {
            phi.add_incoming(&[(v as &dyn BasicValue, from)]);
        }
    }

    /// The reference changes on the edge from the current block's terminator to `succ`
    /// passing `vals` ([`Ownership::edge`]).
    fn ref_changes(&self, succ: BlockId, vals: &[ValueId]) -> Vec<(ValueId, i64)> {
        let block = self
            .block
            .expect("ops and terminators are lowered only while a block is being filled");
        self.own().edge(block, succ, vals)
    }

    /// The block a multi-way branch `op` jumps to for the edge to `succ` with `vals`: the
    /// successor itself when it takes no arguments and changes no reference count, else a
    /// new block that does both (filled by [`FunctionLowering::fill_edges`]), so each phi sees
    /// one value per predecessor.
    fn edge(
        &self,
        op: OpId,
        succ: BlockId,
        vals: &[ValueId],
        edges: &mut Vec<Edge<'ll>>,
    ) -> R<BasicBlock<'ll>> {
        let (target, args) = self.edge_args(op, succ, vals)?;
        let changes = self.ref_changes(succ, vals);
        if args.is_empty() && changes.is_empty() {
            return Ok(target);
        }
        let e = self.cg.ll.append_basic_block(self.func, "edge");
        edges.push(Edge {
            block: e,
            succ,
            args,
            changes,
        });
        Ok(e)
    }

    /// Fills the edge blocks of [`FunctionLowering::edge`] (after `op`, the branch to them).
    fn fill_edges(&mut self, op: OpId, edges: Vec<Edge<'ll>>) -> R<()> {
        for Edge {
            block: e,
            succ,
            args,
            changes,
        } in edges
        {
            self.cg.b.position_at_end(e);
            self.adjust_refs(op, &changes)?;
            self.add_incoming(succ, &args, e);
            self.cg
                .b
                .build_unconditional_branch(self.blocks[&succ])
                .ll()?;
        }
        self.terminated = true;
        Ok(())
    }

    /// Sign-extends (`signed`) or zero-extends `v` to `to`, or truncates it: MLIR
    /// `arith.extsi` / `extui` / `trunci` / `index_cast`.
    fn convert_int(&self, v: IntValue<'ll>, to: u32, signed: bool) -> R<IntValue<'ll>> {
        let from = v.get_type().get_bit_width();
        let t = int_type(self.cg.ll, to);
        let b = &self.cg.b;
        if to > from {
            if signed {
                b.build_int_s_extend(v, t, "").ll()
            } else {
                b.build_int_z_extend(v, t, "").ll()
            }
        } else if to < from {
            b.build_int_truncate(v, t, "").ll()
        } else {
            Ok(v)
        }
    }
}
