//! Lowering of CFG-level Weir IR (func, arith, math, cf) to Cranelift IR: the per-function
//! driver ([`lower_function`]), the helpers every op's lowering shares, and ONE table from op
//! name to lowering ([`table`]) filled by one module per dialect (`arith`, `math`, `cf`,
//! `func`), each exporting its `ENTRIES`.
//!
//! Adding an op's lowering is one entry `("dialect.op", |l, op| ...)` in its dialect's
//! `ENTRIES` (and the function it calls, next to it); arith's binary ops are entered from
//! `IntBinaryOp::ALL` / `FloatBinaryOp::ALL` (`arith::entries`) and lowered by an exhaustive
//! `match` over the enum. The op-name string literals of the JIT live only in these
//! registrations; the lowerings read ops through their dialects' views. The driver lowers only
//! registered ops (their `OpDef` says which operands go to which successor).
//!
//! Conventions of the generated code are the ABI's ([`crate::abi`]): `iN` kept zero-extended
//! above bit N in its carrier; a fault stores `1 + fault site index` in the context's status
//! word and leaves through the function's exit block (zeroed results).

mod arith;
mod cf;
pub(crate) mod func;
pub(crate) mod kernel;
pub(crate) mod linalg;
pub(crate) mod math;
pub(crate) mod movement;
mod reshape;
pub(crate) mod tensor;

use crate::abi::{
    carrier, cl_type, entry_params, Slot, RT_FUEL, RT_STACK_LIMIT, RT_STATE, RT_STATUS,
};
use crate::diag::{op_err, unsupported_op, unsupported_type};
use crate::module::{FuncDecl, Imports, ModuleEnv};
use crate::plan::checks::Scalars;
use crate::plan::{cfg, ownership};
use crate::runtime::ConstBuffer;
use crate::scalar::low_mask;
use crate::{FaultSite, RuntimeErrorKind, ScalarType};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{self, types, Block, BlockArg, InstBuilder, MemFlagsData, Value};
use cranelift_frontend::{FunctionBuilder, Variable};
use cranelift_jit::JITModule;
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;
use weir_ir::{BlockId, Context, Diagnostic, Location, OpId, Type, ValueId};

/// The lowering of one op: emits its Cranelift code at the current insertion point (setting
/// its results, or ending the block for a terminator), or a located error for a malformed op.
type LowerFn = fn(&mut FunctionLowering<'_, '_>, OpId) -> R<()>;

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
                    reshape::ENTRIES,
                    movement::ENTRIES,
                ]
                .into_iter()
                .flatten()
                .copied(),
            )
            .collect()
    })
}

/// Lowers the body of function `this` (an index into `env.decls`) into the Cranelift function
/// under construction in `b`, whose signature is already set; fault sites are appended to
/// `faults`.
pub(crate) fn lower_function(
    env: &ModuleEnv<'_>,
    jit: &mut JITModule,
    (faults, consts): (&mut Vec<FaultSite>, &mut Vec<ConstBuffer>),
    b: FunctionBuilder<'_>,
    this: usize,
) -> Result<(), Diagnostic> {
    FunctionLowering {
        ctx: env.ctx,
        env,
        jit,
        faults,
        consts,
        b,
        this,
        rt: None,
        ret_area: None,
        values: HashMap::new(),
        blocks: HashMap::new(),
        pending_faults: Vec::new(),
        exit: None,
        imports: Imports::default(),
        terminated: false,
        fuel: None,
        state: None,
        own: None,
        block: None,
        consumed: HashSet::new(),
        kernel: None,
        fused: HashSet::new(),
        loop_ivs: Vec::new(),
        pending_edges: Vec::new(),
    }
    .translate()
}

/// The state of lowering one `func.func` body: the builder, the IR-to-Cranelift maps of values
/// and blocks, and the fault blocks to fill in at the end.
pub(crate) struct FunctionLowering<'a, 'f> {
    ctx: &'a Context,
    env: &'a ModuleEnv<'a>,
    jit: &'a mut JITModule,
    faults: &'a mut Vec<FaultSite>,
    /// The module's constant tensors (immortal buffers whose addresses the code embeds).
    consts: &'a mut Vec<ConstBuffer>,
    b: FunctionBuilder<'f>,
    /// Index of this function in `env.decls`.
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
    /// The functions this one calls.
    imports: Imports,
    /// Whether the current block already has its terminator.
    terminated: bool,
    /// The loop budget while this function runs, when it counts loop trips
    /// ([`ModuleEnv::loop_fuel`] and a loop in the body): a Cranelift variable, so a register in
    /// the loops; [`FunctionLowering::sync_fuel_out`] / [`FunctionLowering::sync_fuel_in`] write
    /// it to and read it from the runtime context around calls and at returns.
    fuel: Option<Variable>,
    /// The run's tensor runtime state pointer (loaded from the context at entry).
    state: Option<Value>,
    /// Where tensor references are released and duplicated ([`ownership`]).
    own: Option<ownership::Ownership>,
    /// The IR block being lowered.
    block: Option<BlockId>,
    /// Tensor operands of the op being lowered whose reference the op took over (reused in
    /// place, passed to a callee, aliased by its result): not released after it.
    consumed: HashSet<ValueId>,
    /// While lowering the body of an elementwise kernel ([`kernel`]): the element values of the
    /// tensor values in the kernel, which `val` and `set_result` read and write instead.
    kernel: Option<HashMap<ValueId, Value>>,
    /// Ops already lowered as part of a fused elementwise kernel.
    fused: HashSet<OpId>,
    /// While lowering a linalg structured op's body: the indices of its loops.
    loop_ivs: Vec<Value>,
    /// Edge blocks of the terminator being lowered: (block, target, arguments, reference
    /// changes), filled after the terminator.
    pending_edges: Vec<(Block, Block, Vec<BlockArg>, Vec<(ValueId, i64)>)>,
}

type R<T> = Result<T, Diagnostic>;

impl FunctionLowering<'_, '_> {
    fn decl(&self) -> &FuncDecl {
        &self.env.decls[self.this]
    }

    fn rt(&self) -> Value {
        self.rt.expect("runtime context parameter set at entry")
    }

    fn translate(mut self) -> R<()> {
        let ctx = self.ctx;
        let fop = self.decl().op;
        let floc = ctx.loc(fop);
        let body = cfg::Body::of(ctx, fop, &self.decl().param_types)?;
        let (entry, rpo) = (body.entry, &body.order);
        for &blk in rpo {
            let cb = self.b.create_block();
            for &a in ctx.block_args(blk) {
                let t = self.slot_at(&cfg::Body::arg_loc(ctx, a, &floc), ctx.value_type(a))?;
                self.b.append_block_param(cb, t.cl_type());
            }
            self.blocks.insert(blk, cb);
        }

        // The Cranelift entry block: take the parameters, check the stack, enter the body.
        let start = self.b.create_block();
        self.b.append_block_params_for_function_params(start);
        self.b.switch_to_block(start);
        let params = self.b.block_params(start).to_vec();
        let (rt, ret_area, rest) = entry_params(&params, self.decl().results.len());
        (self.rt, self.ret_area) = (Some(rt), ret_area);
        let args: Vec<BlockArg> = rest.iter().map(|&v| BlockArg::Value(v)).collect();
        let sp = self.b.ins().get_stack_pointer(self.env.ptr);
        let rt = self.rt();
        let limit = self
            .b
            .ins()
            .load(self.env.ptr, MemFlagsData::trusted(), rt, RT_STACK_LIMIT);
        let low = self.b.ins().icmp(IntCC::UnsignedLessThan, sp, limit);
        let name = self.decl().name.clone();
        self.guard(
            low,
            RuntimeErrorKind::StackOverflow,
            crate::backend::stack_overflow_message(&name),
            floc.clone(),
        );
        let state = self
            .b
            .ins()
            .load(self.env.ptr, MemFlagsData::trusted(), rt, RT_STATE);
        self.state = Some(state);
        self.own = Some(ownership::Ownership::analyze(ctx, rpo, &|v| {
            crate::plan::tensor::is_tracked(ctx, v)
        }));
        if self.env.loop_fuel && !body.headers.is_empty() {
            self.fuel = Some(self.b.declare_var(types::I64));
            self.sync_fuel_in();
        }
        let body_entry = self.blocks[&entry];
        self.b.ins().jump(body_entry, &args);

        for &blk in rpo {
            let cb = self.blocks[&blk];
            self.b.switch_to_block(cb);
            self.terminated = false;
            let params = self.b.block_params(cb).to_vec();
            for (&a, p) in ctx.block_args(blk).iter().zip(params) {
                self.values.insert(a, p);
            }
            if let Some(loc) = body.fuel_loc(ctx, blk, &floc) {
                self.fuel_check(&loc);
            }
            self.block = Some(blk);
            for a in ctx.block_args(blk).to_vec() {
                self.release_if_dead(a);
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
                if self.terminated {
                    self.flush_edges();
                } else {
                    self.release_after(op);
                }
            }
            cfg::check_terminated(&floc, self.terminated)?;
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
                let z = match t {
                    Slot::Scalar(t) => self.zero(t),
                    // A null header: the caller sees the fault and never reads it.
                    Slot::Tensor(_) => self.b.ins().iconst(types::I64, 0),
                };
                vals.push(z);
            }
            self.b.ins().return_(&vals);
        }
        self.b.seal_all_blocks();
        self.b.finalize(self.env.fcfg);
        Ok(())
    }

    // -------------------------------------------------------------- helpers

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

    /// The scalar type of `v` (in an elementwise kernel's body, a tensor's element type).
    fn ty(&self, op: OpId, v: ValueId) -> R<ScalarType> {
        self.scalars().ty(self.ctx, op, v)
    }

    /// The Cranelift value of `v` (in an elementwise kernel's body, a tensor's element).
    fn val(&self, op: OpId, v: ValueId) -> R<Value> {
        self.kernel
            .as_ref()
            .and_then(|k| k.get(&v))
            .or_else(|| self.values.get(&v))
            .copied()
            .ok_or_else(|| op_err(self.ctx, op, "uses a value that does not dominate it"))
    }

    fn set_result(&mut self, op: OpId, i: usize, v: Value) {
        let r = self.ctx.result(op, i);
        match &mut self.kernel {
            Some(k) => k.insert(r, v),
            None => self.values.insert(r, v),
        };
    }

    fn own(&self) -> &ownership::Ownership {
        self.own
            .as_ref()
            .expect("the ownership analysis runs before the entry block is lowered")
    }

    fn state(&self) -> Value {
        self.state
            .expect("the runtime state is loaded in the entry block before any op is lowered")
    }

    /// Releases the tensor operands of `op` (just lowered, not a terminator) at their last use
    /// that the op did not take over, the values its regions captured at their last use, and
    /// its tensor results that are never used.
    fn release_after(&mut self, op: OpId) {
        let ctx = self.ctx;
        let mut done = HashSet::new();
        for (j, &v) in ctx.operands(op).iter().enumerate() {
            if self.own().is_last_use(op, j) && !self.consumed.contains(&v) && done.insert(v) {
                let p = self.values[&v];
                self.release(p);
            }
        }
        for v in self.own().captured_last_uses(op).to_vec() {
            let p = self.values[&v];
            self.release(p);
        }
        for &r in ctx.results(op) {
            self.release_if_dead(r);
        }
    }

    /// Releases `v` (a tracked tensor value, just defined) when it is never used.
    fn release_if_dead(&mut self, v: ValueId) {
        if self.own().is_dead(v) {
            if let Some(&p) = self.values.get(&v) {
                self.release(p);
            }
        }
    }

    /// Drops one reference to the buffer `p` (runtime `release`).
    fn release(&mut self, p: Value) {
        let st = self.state();
        self.host_call(crate::runtime::RELEASE, &[st, p], &[]);
    }

    /// Adds one reference to the buffer `p` (runtime `retain`).
    fn retain(&mut self, p: Value) {
        self.host_call(crate::runtime::RETAIN, &[p], &[]);
    }

    /// Applies reference changes from [`ownership::Ownership::edge`] / `at_return`.
    fn adjust_refs(&mut self, changes: &[(ValueId, i64)]) {
        for &(v, n) in changes {
            let p = self.values[&v];
            if n < 0 {
                self.release(p);
            } else {
                for _ in 0..n {
                    self.retain(p);
                }
            }
        }
    }

    /// Calls host function `symbol` with `args` and results of types `rets` (no location: the
    /// runtime's own functions are declared once with fixed signatures).
    fn host_call(&mut self, symbol: &str, args: &[Value], rets: &[ir::Type]) -> Vec<Value> {
        self.imports
            .call_host(self.jit, &mut self.b, symbol, args, rets)
            .expect("the runtime's host functions have one signature each")
    }

    /// The target of the edge from the current block's terminator `op` to `succ` with operands
    /// `vals`: the successor itself with its arguments, or, when the edge must release or
    /// retain tensor references, a new block that does so and jumps on (filled by
    /// [`FunctionLowering::flush_edges`] once the terminator is emitted).
    fn edge(&mut self, op: OpId, succ: BlockId, vals: &[ValueId]) -> R<(Block, Vec<BlockArg>)> {
        let args = self.block_args(op, succ, vals)?;
        let target = self.target(op, succ)?;
        let block = self
            .block
            .expect("ops and terminators are lowered only while a block is being filled");
        let changes = self.own().edge(block, succ, vals);
        if changes.is_empty() {
            return Ok((target, args));
        }
        let e = self.b.create_block();
        self.pending_edges.push((e, target, args, changes));
        Ok((e, Vec::new()))
    }

    /// Fills the edge blocks of [`FunctionLowering::edge`] (after the terminator that
    /// branches to them).
    fn flush_edges(&mut self) {
        for (e, target, args, changes) in std::mem::take(&mut self.pending_edges) {
            self.b.switch_to_block(e);
            self.adjust_refs(&changes);
            self.b.ins().jump(target, &args);
        }
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

    /// Faults at `op` when `bad` (an `i8` 0/1) is set, after calling the runtime function
    /// `detail` with the run's state and the values `args` builds (in the cold block), which
    /// appends the fault's details (shapes, indices) to `message`; continues in a new block
    /// otherwise.
    fn guard_with_detail(
        &mut self,
        bad: Value,
        (kind, message, op): (RuntimeErrorKind, String, OpId),
        detail: &str,
        args: impl FnOnce(&mut Self) -> Vec<Value>,
    ) {
        let fb = self.fault_block(kind, message, self.ctx.loc(op));
        let cold = self.b.create_block();
        let cont = self.b.create_block();
        self.b.set_cold_block(cold);
        self.b.ins().brif(bad, cold, &[], cont, &[]);
        self.b.switch_to_block(cold);
        let mut call = vec![self.state()];
        call.extend(args(self));
        self.host_call(detail, &call, &[]);
        self.b.ins().jump(fb, &[]);
        self.b.switch_to_block(cont);
    }

    /// At a loop header (when counting loop trips): faults when the budget is 0, else takes one
    /// unit. `loc` is the header's.
    fn fuel_check(&mut self, loc: &Location) {
        let Some(var) = self.fuel else { return };
        let fuel = self.b.use_var(var);
        let empty = self.b.ins().icmp_imm_s(IntCC::Equal, fuel, 0);
        self.guard(
            empty,
            RuntimeErrorKind::FuelExhausted,
            crate::backend::FUEL_MESSAGE.into(),
            loc.clone(),
        );
        let left = self.b.ins().iadd_imm_s(fuel, -1);
        self.b.def_var(var, left);
    }

    /// Reads the loop budget from the runtime context into the function's variable (at entry
    /// and after a call, whose loops may have spent some), when the function counts loop trips.
    fn sync_fuel_in(&mut self) {
        let Some(var) = self.fuel else { return };
        let rt = self.rt();
        let fuel = self
            .b
            .ins()
            .load(types::I64, MemFlagsData::trusted(), rt, RT_FUEL);
        self.b.def_var(var, fuel);
    }

    /// Writes the function's loop budget back to the runtime context (before a call and a
    /// return), when the function counts loop trips.
    fn sync_fuel_out(&mut self) {
        let Some(var) = self.fuel else { return };
        let rt = self.rt();
        let fuel = self.b.use_var(var);
        self.b
            .ins()
            .store(MemFlagsData::trusted(), fuel, rt, RT_FUEL);
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
        crate::plan::cf::check_edge(self.ctx, op, succ, vals)?;
        vals.iter()
            .map(|&v| Ok(BlockArg::Value(self.val(op, v)?)))
            .collect()
    }

    fn target(&self, op: OpId, succ: BlockId) -> R<Block> {
        self.blocks
            .get(&succ)
            .copied()
            .ok_or_else(|| op_err(self.ctx, op, "branches to an unknown block"))
    }

    /// Calls the runtime helper or C library function `symbol` (see
    /// [`Imports::call_runtime`]) with `args` and one `ret` result.
    fn call_runtime(&mut self, op: OpId, symbol: &str, args: &[Value], ret: ir::Type) -> R<Value> {
        let loc = self.ctx.loc(op);
        self.imports
            .call_runtime(self.jit, &mut self.b, (symbol, args, ret), &loc)
    }
}

#[cfg(test)]
mod tests {
    use super::{arith, cf, func, linalg, math, movement, reshape, table, tensor};

    /// Every op is registered once: a second entry for a name would silently replace the first.
    #[test]
    fn each_op_has_one_lowering() {
        let counts = [
            arith::entries().count(),
            math::entries().count(),
            cf::ENTRIES.len(),
            func::ENTRIES.len(),
            tensor::ENTRIES.len(),
            linalg::entries().count(),
            reshape::ENTRIES.len(),
            movement::ENTRIES.len(),
        ];
        assert_eq!(table().len(), counts.iter().sum::<usize>());
        // 49 arith + 44 math + 4 cf + 2 func + 9 tensor + 9 linalg + 3 reshape + 4 movement
        // ops, as listed in the crate docs.
        assert_eq!(counts, [49, 44, 4, 2, 9, 9, 3, 4]);
    }
}
