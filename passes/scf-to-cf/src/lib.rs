//! Lowering of the structured control flow ops `scf.if`, `scf.for`, `scf.while`,
//! `scf.index_switch`, `scf.execute_region` and `scf.parallel` to a CFG of `cf.br` / `cf.cond_br` / `cf.switch`
//! between blocks with arguments (source of semantics: MLIR SCFToControlFlow, i.e.
//! `mlir/lib/Conversion/SCFToControlFlow/SCFToControlFlow.cpp`, as of MLIR 22).
//!
//! The produced CFG shapes, block order and locations are MLIR 22's (see `MLIR-NOTES.md`,
//! section d), with one deliberate difference: `scf.index_switch` switches on an `i64` made by
//! `arith.index_cast`, so case values that do not fit in 32 bits keep their value (MLIR 22 casts
//! to `i32` and truncates them).
//!
//! The pass is a partial dialect conversion (`weir_conversion`). Ops are lowered outer-first, as
//! MLIR's dialect-conversion driver does: lowering an op moves the blocks of its regions into
//! the parent region, so the scf ops nested in them (at any depth) are still there, unchanged,
//! and are lowered afterwards. The ops of one block are lowered from the last to the first, so
//! the block splits of N sequential ops cost O(N) in total, not O(N²) (`scripts/bench-conversion`).
//!
//! The pass runs on verified IR (mlir-opt and `cf-opt` verify after parsing, the pass manager
//! after each pass), so each lowering reads its op through the op's view
//! (`weir_dialect_scf::IfOp`, ...), whose accessors rely on the structure the scf verifier
//! checked, without checking it again; the only error left is a real limit of the lowering
//! (`scf.forall`). It builds `cf` and `arith` ops with their dialects' builders: the crate names
//! no op and no predicate itself.

#![warn(missing_docs)]

use weir_conversion::{apply_partial_conversion, ConversionPatternSet, ConversionTarget};
use weir_dialect_arith::{build_addi, build_cmpi, build_index_cast, CmpIPredicate};
use weir_dialect_cf::{build_br, build_cond_br, build_switch};
use weir_dialect_scf::{
    build_yield, ExecuteRegionOp, ForOp, ForallOp, IfOp, IndexSwitchOp, ParallelOp, WhileOp,
    YieldOp,
};
use weir_ir::{
    AttrKind, BlockId, Context, DiagResult, Diagnostic, InsertPoint, Location, NamedAttr, OpId,
    Traits, Type, ValueId,
};

/// Lowers every `scf.if`, `scf.for`, `scf.while`, `scf.index_switch`, `scf.execute_region` and
/// `scf.parallel` nested (at any depth) in `root` to `cf` branches between blocks (MLIR
/// `--convert-scf-to-cf`): a partial dialect conversion (`weir_conversion`) whose target marks
/// those ops and `scf.forall` illegal, as MLIR's pass does, and leaves every other op as it is.
/// Pass a `builtin.module`, a `func.func` or any op whose regions hold the ops to lower.
///
/// `root` must have passed the verifier (`weir_ir::verify`): the lowerings read the ops through
/// their views without checking their structure again. Fails with a diagnostic located at an op
/// this pass does not lower (`scf.forall`); that op is left as it was (ops lowered before it stay
/// lowered).
pub fn run(ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
    // Compile-time containers have no lowering: one left is the error of its resolution.
    weir_dialect_weir::containers::check_resolved(ctx, root)?;
    let mut target = ConversionTarget::new();
    let mut patterns = ConversionPatternSet::new();
    let mut lowering = Lowerings {
        target: &mut target,
        patterns: &mut patterns,
    };
    lowering.add(IfOp::NAME, IfOp::of, lower_if);
    lowering.add(ForOp::NAME, ForOp::of, lower_for);
    lowering.add(WhileOp::NAME, WhileOp::of, lower_while);
    lowering.add(IndexSwitchOp::NAME, IndexSwitchOp::of, lower_index_switch);
    lowering.add(
        ExecuteRegionOp::NAME,
        ExecuteRegionOp::of,
        lower_execute_region,
    );
    lowering.add(ParallelOp::NAME, ParallelOp::of, lower_parallel);
    lowering.add(ForallOp::NAME, ForallOp::of, reject_forall);
    apply_partial_conversion(ctx, root, &target, &patterns)
}

/// The target and patterns being set up by [`run`].
struct Lowerings<'a> {
    target: &'a mut ConversionTarget,
    patterns: &'a mut ConversionPatternSet,
}

impl Lowerings<'_> {
    /// Marks the ops named `name` illegal where a CFG can replace them ([`in_cfg_region`])
    /// and lowers each with `lower`, given its view.
    fn add<V: 'static>(
        &mut self,
        name: &str,
        of: fn(&Context, OpId) -> Option<V>,
        lower: fn(&mut Context, V) -> DiagResult<()>,
    ) {
        self.target
            .add_dynamically_legal_op(name, |ctx, op| !in_cfg_region(ctx, op));
        self.patterns
            .add(name, move |rw, op, _| match of(rw.ctx, op) {
                Some(view) => lower(rw.ctx, view).map(|()| true),
                None => Ok(false),
            });
    }
}

/// The ops this pass lowers: their regions' blocks end up in the enclosing CFG.
const LOWERED: &[&str] = &[
    IfOp::NAME,
    ForOp::NAME,
    WhileOp::NAME,
    IndexSwitchOp::NAME,
    ExecuteRegionOp::NAME,
    ParallelOp::NAME,
];

/// Whether lowering `op` to blocks and branches gives valid IR: every op between it and the
/// nearest op isolated from above (a `func.func`, whose body is a CFG) or unregistered (whose
/// regions may hold any blocks, as for MLIR) is one this pass lowers. Inside any other op's
/// region (the one-block bodies of `linalg.generic`, `tensor.generate`, `weir.loop`) the blocks
/// would break that op (MLIR 22's pass lowers there and produces IR its verifier rejects), so
/// the scf op is left as it is. Ops are lowered outer first, so the walk usually stops at the
/// first parent.
fn in_cfg_region(ctx: &Context, op: OpId) -> bool {
    let mut parent = ctx.parent_op(op);
    while let Some(p) = parent {
        if ctx.has_traits(p, Traits::ISOLATED_FROM_ABOVE) || ctx.op_def(ctx.name(p)).is_none() {
            return true;
        }
        if !LOWERED.iter().any(|&n| ctx.is(p, n)) {
            return false;
        }
        parent = ctx.parent_op(p);
    }
    true
}

/// `scf.forall` is illegal but not lowered (MLIR lowers it through `scf.parallel`; Weir does not
/// register it): its pattern fails with this pass's message, which a test pins, rather than
/// leaving the driver's "failed to legalize operation 'scf.forall' that was explicitly marked
/// illegal".
fn reject_forall(ctx: &mut Context, op: ForallOp) -> DiagResult<()> {
    Err(op_error(
        ctx,
        op.op(),
        "is not supported by the scf-to-cf lowering",
    ))
}

// ------------------------------------------------------------------------------------------------
// scf.if

/// MLIR `IfLowering`: `cf.cond_br %cond, ^then, ^else`; each region's `scf.yield` becomes a
/// `cf.br` to a continuation block whose arguments carry the results and which branches to the
/// rest of the original block (without results, the rest of the block is the continuation, and
/// without an else region the false edge goes straight to it). New ops take the `scf.if`'s
/// location.
fn lower_if(ctx: &mut Context, if_op: IfOp) -> DiagResult<()> {
    let op = if_op.op();
    let nres = ctx.results(op).len();
    let then_region = if_op.then_region(ctx);
    let else_region = if_op.else_region(ctx);
    let then_yield = if_op.then_yield(ctx);
    let else_yield = if_op.else_block(ctx).zip(if_op.else_yield(ctx));
    let loc = ctx.loc(op);
    let cond = if_op.condition(ctx);
    let cond_block = block_of(ctx, op)?;
    let then_entry = if_op.then_block(ctx);
    let remaining = ctx.split_block(op);
    let cont = if nres == 0 {
        remaining
    } else {
        let types = result_types(ctx, op);
        let cont = ctx.new_block(&types);
        set_arg_locs(ctx, cont, &loc);
        ctx.insert_block_before(remaining, cont);
        build_br(ctx, InsertPoint::End(cont), remaining, &[], loc.clone());
        cont
    };

    yield_to_br(ctx, then_yield, cont, &loc);
    ctx.inline_region_before(then_region, cont);

    let else_dest = match else_yield {
        Some((entry, y)) => {
            yield_to_br(ctx, y, cont, &loc);
            ctx.inline_region_before(else_region, cont);
            entry
        }
        None => cont,
    };

    build_cond_br(
        ctx,
        InsertPoint::End(cond_block),
        cond,
        then_entry,
        &[],
        else_dest,
        &[],
        loc,
    );
    let results = ctx.block_args(cont).to_vec();
    replace_and_erase(ctx, op, &results);
    Ok(())
}

// ------------------------------------------------------------------------------------------------
// scf.for

/// MLIR `ForLowering`: the body's entry block becomes the loop header (arguments: induction
/// variable and iter_args) holding `arith.cmpi slt|ult %iv, %ub` and `cf.cond_br` to the body or
/// to the rest of the original block; the body's `scf.yield` becomes the latch
/// `%next = arith.addi %iv, %step; cf.br ^header(%next, %yielded...)`. The results are the
/// header's iter_args. New ops take the `scf.for`'s location; LLVM-dialect attributes of the loop
/// (e.g. `llvm.loop_annotation`) move to the latch branch.
fn lower_for(ctx: &mut Context, for_op: ForOp) -> DiagResult<()> {
    let op = for_op.op();
    let region = ctx.region(op, 0);
    let header = for_op.body(ctx);
    let term = for_op.yield_op(ctx);
    let first = ctx
        .first_op(header)
        .expect("verified scf.for body ends with scf.yield");
    let pred = if for_op.is_unsigned(ctx) {
        CmpIPredicate::Ult
    } else {
        CmpIPredicate::Slt
    };
    let llvm_attrs: Vec<NamedAttr> = ctx
        .attrs(op)
        .iter()
        .filter(|a| matches!(ctx.attr_kind(a.value), AttrKind::Opaque(s) if s.starts_with("llvm.")))
        .copied()
        .collect();

    let loc = ctx.loc(op);
    let (lb, ub, step) = (
        for_op.lower_bound(ctx),
        for_op.upper_bound(ctx),
        for_op.step(ctx),
    );
    let iv = for_op.induction_var(ctx);
    let mut init = vec![lb];
    init.extend_from_slice(for_op.init_args(ctx));
    let init_block = block_of(ctx, op)?;
    let end_block = ctx.split_block(op);
    let first_body = ctx.split_block(first);

    // Latch: step the induction variable and branch back with the yielded values.
    let stepped = build_addi(ctx, InsertPoint::Before(term.op()), iv, step, loc.clone());
    let mut carried = vec![stepped];
    carried.extend_from_slice(term.values(ctx));
    let latch = build_br(
        ctx,
        InsertPoint::Before(term.op()),
        header,
        &carried,
        loc.clone(),
    );
    for a in llvm_attrs {
        ctx.set_named_attr(latch, a);
    }
    ctx.erase_op(term.op());
    ctx.inline_region_before(region, end_block);

    // Entry edge: lower bound and initial values.
    build_br(
        ctx,
        InsertPoint::End(init_block),
        header,
        &init,
        loc.clone(),
    );

    // Header: compare and branch to the body or out of the loop.
    let cmp = build_cmpi(ctx, InsertPoint::End(header), pred, iv, ub, loc.clone());
    build_cond_br(
        ctx,
        InsertPoint::End(header),
        cmp,
        first_body,
        &[],
        end_block,
        &[],
        loc,
    );

    let results = ctx.block_args(header)[1..].to_vec();
    replace_and_erase(ctx, op, &results);
    Ok(())
}

// ------------------------------------------------------------------------------------------------
// scf.parallel

/// MLIR `ParallelLowering`, then `ForLowering`: the loop becomes a nest of `scf.for`s, one per
/// dimension (the first outermost), carrying the reduced values as iter_args; the body moves
/// into the innermost loop, followed by each reduction region inlined with `lhs` = the carried
/// value and `rhs` = the iteration's value, and a `scf.yield` of the combined values; each outer
/// loop yields the results of the loop it holds. The results are those of the outermost loop.
/// The new loops and yields take the `scf.parallel`'s location; the conversion driver lowers the
/// new loops next, outer-first (in creation order).
fn lower_parallel(ctx: &mut Context, par: ParallelOp) -> DiagResult<()> {
    let op = par.op();
    let dims = par.steps(ctx).len();
    let ni = par.init_vals(ctx).len();
    let body = par.body(ctx);
    let reduce = par.reduce_op(ctx);
    let loc = ctx.loc(op);
    let (lbs, ubs, steps) = (
        par.lower_bounds(ctx).to_vec(),
        par.upper_bounds(ctx).to_vec(),
        par.steps(ctx).to_vec(),
    );
    let ivs = par.induction_vars(ctx).to_vec();
    let (mut carried, mut at) = (par.init_vals(ctx).to_vec(), InsertPoint::Before(op));
    let mut outer: Option<ForOp> = None;
    let mut outermost = None;
    for d in 0..dims {
        let for_op = ForOp::build(ctx, at, [lbs[d], ubs[d], steps[d]], &carried, loc.clone());
        if let Some(o) = outer {
            let results = ctx.results(for_op.op()).to_vec();
            build_yield(ctx, InsertPoint::End(o.body(ctx)), &results, loc.clone());
        }
        ctx.replace_all_uses(ivs[d], for_op.induction_var(ctx));
        carried = for_op.region_iter_args(ctx).to_vec();
        at = InsertPoint::End(for_op.body(ctx));
        outer = Some(for_op);
        outermost = outermost.or(Some(for_op));
    }
    let (Some(inner), Some(outermost)) = (outer, outermost) else {
        unreachable!("a verified scf.parallel has at least one dimension");
    };
    let inner_body = inner.body(ctx);
    for o in ctx.block_ops(body) {
        if o != reduce.op() {
            ctx.move_op(o, InsertPoint::End(inner_body));
        }
    }
    let yield_op = build_yield(ctx, InsertPoint::End(inner_body), &[], loc);
    let values = reduce.operands(ctx).to_vec();
    let mut combined = Vec::with_capacity(ni);
    for (i, &value) in values.iter().enumerate() {
        let block = reduce.reduction_block(ctx, i);
        let ret = reduce.reduction_return(ctx, i);
        ctx.inline_block(
            block,
            InsertPoint::Before(yield_op.op()),
            &[carried[i], value],
        );
        combined.push(ret.value(ctx));
        ctx.erase_op(ret.op());
    }
    ctx.set_operands(yield_op.op(), combined);
    let results = ctx.results(outermost.op()).to_vec();
    replace_and_erase(ctx, op, &results);
    Ok(())
}

// ------------------------------------------------------------------------------------------------
// scf.while

/// MLIR `WhileLowering` and `DoWhileLowering`: `cf.br ^before(%inits)`; the `scf.condition`
/// becomes `cf.cond_br %c, ^after(%args), ^continuation` and the after region's `scf.yield`
/// becomes `cf.br ^before(%yielded)`; the results are the `scf.condition` arguments. When the
/// after region only forwards its arguments to `scf.yield` (a do-while), it is dropped and the
/// true edge goes straight back to the before block. The entry branch takes the `scf.while`'s
/// location, the other branches that of the terminator they replace.
fn lower_while(ctx: &mut Context, while_op: WhileOp) -> DiagResult<()> {
    let op = while_op.op();
    let (before_r, after_r) = (ctx.region(op, 0), ctx.region(op, 1));
    let inits = while_op.inits(ctx).to_vec();
    let (before, after) = (while_op.before(ctx), while_op.after(ctx));
    let cond_op = while_op.condition_op(ctx);
    let yield_op = while_op.yield_op(ctx);
    let do_while = ctx.block_ops(after).len() == 1
        && ctx.region_blocks(after_r).len() == 1
        && yield_op.values(ctx) == ctx.block_args(after);

    let loc = ctx.loc(op);
    let current = block_of(ctx, op)?;
    let continuation = ctx.split_block(op);
    let cond = cond_op.condition(ctx);
    let args = cond_op.forwarded(ctx).to_vec();
    let cond_loc = ctx.loc(cond_op.op());
    // The true edge: back to the before block (do-while) or into the after block.
    let body = if do_while {
        ctx.inline_region_before(before_r, continuation);
        before
    } else {
        ctx.inline_region_before(after_r, continuation);
        ctx.inline_region_before(before_r, after);
        after
    };
    build_br(ctx, InsertPoint::End(current), before, &inits, loc);
    build_cond_br(
        ctx,
        InsertPoint::Before(cond_op.op()),
        cond,
        body,
        &args,
        continuation,
        &[],
        cond_loc,
    );
    ctx.erase_op(cond_op.op());
    if !do_while {
        let yield_loc = ctx.loc(yield_op.op());
        yield_to_br(ctx, yield_op, before, &yield_loc);
    }
    replace_and_erase(ctx, op, &args);
    Ok(())
}

// ------------------------------------------------------------------------------------------------
// scf.index_switch

/// MLIR `IndexSwitchLowering`, switching on 64 bits: `%v = arith.index_cast %idx : index to i64`
/// and `cf.switch %v : i64, [default: ^default, c0: ^case0, ...]`; each region's `scf.yield`
/// becomes a `cf.br` to the rest of the original block, which receives the results as block
/// arguments. Blocks are laid out as the case regions in order, then the default region. The
/// cast and the switch take the op's location, each branch that of the `scf.yield` it replaces.
fn lower_index_switch(ctx: &mut Context, switch_op: IndexSwitchOp) -> DiagResult<()> {
    let op = switch_op.op();
    let idx = switch_op.arg(ctx);
    let cases = switch_op.cases(ctx);
    let regions = ctx.regions(op).to_vec();
    let arms: Vec<(BlockId, YieldOp)> = regions
        .iter()
        .map(|&r| {
            let entry = ctx
                .entry_block(r)
                .expect("verified scf.index_switch regions have one block");
            let y = YieldOp::ending(ctx, entry)
                .expect("verified scf.index_switch regions end with scf.yield");
            (entry, y)
        })
        .collect();

    let loc = ctx.loc(op);
    let cond_block = block_of(ctx, op)?;
    let cont = ctx.split_block(op);
    let results: Vec<ValueId> = result_types(ctx, op)
        .into_iter()
        .map(|t| ctx.add_block_arg(cont, t))
        .collect();
    set_arg_locs(ctx, cont, &loc);

    // Case regions first, then the default region (regions[0]), as MLIR does.
    let order = (1..regions.len()).chain(std::iter::once(0));
    for i in order {
        let y = arms[i].1;
        let yloc = ctx.loc(y.op());
        yield_to_br(ctx, y, cont, &yloc);
        ctx.inline_region_before(regions[i], cont);
    }

    let i64t = ctx.int_type(64);
    let flag = build_index_cast(ctx, InsertPoint::End(cond_block), idx, i64t, loc.clone());
    let case_arms = cases
        .iter()
        .zip(&arms[1..])
        .map(|(&c, &(entry, _))| (i128::from(c), entry, Vec::new()))
        .collect();
    build_switch(
        ctx,
        InsertPoint::End(cond_block),
        flag,
        arms[0].0,
        &[],
        case_arms,
        loc,
    );
    replace_and_erase(ctx, op, &results);
    Ok(())
}

// ------------------------------------------------------------------------------------------------
// scf.execute_region

/// MLIR `ExecuteRegionLowering`: `cf.br` into the region's entry block, the region's blocks moved
/// in place, each `scf.yield` replaced by a `cf.br` to the rest of the original block, which
/// receives the results as block arguments. New ops take the op's location.
fn lower_execute_region(ctx: &mut Context, exec: ExecuteRegionOp) -> DiagResult<()> {
    let op = exec.op();
    let region = exec.region(ctx);
    let entry = ctx
        .entry_block(region)
        .expect("verified scf.execute_region has a block");
    let yields: Vec<YieldOp> = ctx
        .region_blocks(region)
        .into_iter()
        .filter_map(|b| YieldOp::ending(ctx, b))
        .collect();

    let loc = ctx.loc(op);
    let cond_block = block_of(ctx, op)?;
    let remaining = ctx.split_block(op);
    build_br(ctx, InsertPoint::End(cond_block), entry, &[], loc.clone());
    for y in yields {
        yield_to_br(ctx, y, remaining, &loc);
    }
    ctx.inline_region_before(region, remaining);
    let results: Vec<ValueId> = result_types(ctx, op)
        .into_iter()
        .map(|t| ctx.add_block_arg(remaining, t))
        .collect();
    set_arg_locs(ctx, remaining, &loc);
    replace_and_erase(ctx, op, &results);
    Ok(())
}

// ------------------------------------------------------------------------------------------------
// helpers

/// `'name' op msg` at the op's location, mlir-opt's wording for op errors.
fn op_error(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(ctx.loc(op), format!("'{}' op {msg}", ctx.name_str(op)))
}

/// The block holding `op` (every op the conversion driver visits is in one).
fn block_of(ctx: &Context, op: OpId) -> Result<BlockId, Diagnostic> {
    ctx.op_block(op)
        .ok_or_else(|| op_error(ctx, op, "is not in a block"))
}

/// Replaces the terminator `y` with `cf.br dest(y's operands)` at `loc`.
fn yield_to_br(ctx: &mut Context, y: YieldOp, dest: BlockId, loc: &Location) {
    let vals = y.values(ctx).to_vec();
    build_br(ctx, InsertPoint::Before(y.op()), dest, &vals, loc.clone());
    ctx.erase_op(y.op());
}

/// Gives every argument of `block` (a continuation block standing for an op's results) the
/// op's location `loc`, as MLIR's lowerings create such blocks.
fn set_arg_locs(ctx: &mut Context, block: BlockId, loc: &Location) {
    for a in ctx.block_args(block).to_vec() {
        ctx.set_arg_loc(a, loc.clone());
    }
}

/// The result types of `op`.
fn result_types(ctx: &Context, op: OpId) -> Vec<Type> {
    ctx.results(op).iter().map(|&v| ctx.value_type(v)).collect()
}

fn replace_and_erase(ctx: &mut Context, op: OpId, with: &[ValueId]) {
    let results = ctx.results(op).to_vec();
    for (r, &v) in results.into_iter().zip(with) {
        ctx.replace_all_uses(r, v);
    }
    ctx.erase_op(op);
}

/// The `--convert-scf-to-cf` pass (no options).
pub const PASS: weir_pass::PassInfo = weir_pass::PassInfo {
    name: "convert-scf-to-cf",
    summary: "Lower scf control flow (if, for, while, index_switch, execute_region, parallel) to cf branches",
    options: &[],
    function_level: true,
    create: |_| Ok(Box::new(ConvertScfToCf)),
};

struct ConvertScfToCf;

impl weir_pass::Pass for ConvertScfToCf {
    fn name(&self) -> &'static str {
        PASS.name
    }

    fn run(&self, ctx: &mut Context, op: OpId, diags: &mut Vec<Diagnostic>) {
        if let Err(d) = run(ctx, op) {
            diags.push(d);
        }
    }
}
