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
//! Architecture invariant: this crate depends on the IR core only. It creates `cf`, `arith`
//! ops by name in MLIR's generic form and never needs their dialect crates.

#![warn(missing_docs)]

use std::collections::HashSet;
use weir_conversion::{apply_partial_conversion, ConversionPatternSet, ConversionTarget};
use weir_ir::{
    Attr, AttrKind, BlockId, Context, DenseValue, DiagResult, Diagnostic, InsertPoint, Location,
    OpId, OpState, RegionId, Type, TypeKind, ValueId,
};

/// `arith.cmpi` predicate number of `slt` (MLIR `arith::CmpIPredicate::slt`).
pub const CMPI_SLT: i128 = 2;
/// `arith.cmpi` predicate number of `ult` (MLIR `arith::CmpIPredicate::ult`).
pub const CMPI_ULT: i128 = 6;

/// Lowers every `scf.if`, `scf.for`, `scf.while`, `scf.index_switch`, `scf.execute_region` and
/// `scf.parallel` nested (at any depth) in `root` to `cf` branches between blocks (MLIR
/// `--convert-scf-to-cf`): a partial dialect conversion (`weir_conversion`) whose target marks
/// those ops and `scf.forall` illegal and leaves every other op as it is. Pass a
/// `builtin.module`, a `func.func` or any op whose regions hold the ops to lower.
///
/// Fails with a diagnostic located at the offending op on IR the lowering cannot handle: an scf
/// op of the wrong structure (e.g. an `scf.if` with results but no else block), or an op this
/// pass does not lower (`scf.forall`). Each op is checked before it is changed,
/// so on error the op named by the diagnostic is left as it was (ops lowered before it stay
/// lowered).
pub fn run(ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
    let mut target = ConversionTarget::new();
    let mut patterns = ConversionPatternSet::new();
    let lowerings: [(&str, fn(&mut Context, OpId) -> DiagResult<()>); 7] = [
        ("scf.if", lower_if),
        ("scf.for", lower_for),
        ("scf.while", lower_while),
        ("scf.index_switch", lower_index_switch),
        ("scf.execute_region", lower_execute_region),
        ("scf.parallel", lower_parallel),
        ("scf.forall", reject_forall),
    ];
    for (name, lower) in lowerings {
        target.add_illegal_op(name);
        patterns.add(name, move |rw, op, _| lower(rw.ctx, op).map(|()| true));
    }
    apply_partial_conversion(ctx, root, &target, &patterns)
}

/// `scf.forall` is illegal but not lowered (MLIR lowers it through `scf.parallel`): its pattern
/// reports that, in the words the tests pin, rather than the driver's generic "failed to
/// legalize operation 'scf.forall' that was explicitly marked illegal".
fn reject_forall(ctx: &mut Context, op: OpId) -> DiagResult<()> {
    Err(op_error(
        ctx,
        op,
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
fn lower_if(ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
    if ctx.operands(op).len() != 1 {
        return Err(op_error(
            ctx,
            op,
            "expects exactly one operand (the condition)",
        ));
    }
    if ctx.regions(op).len() != 2 {
        return Err(op_error(ctx, op, "expects 2 regions (then, else)"));
    }
    let nres = ctx.results(op).len();
    let then_region = ctx.region(op, 0);
    let else_region = ctx.region(op, 1);
    if ctx.region_is_empty(then_region) {
        return Err(op_error(ctx, op, "expects a non-empty 'then' region"));
    }
    if has_entry_args(ctx, then_region) || has_entry_args(ctx, else_region) {
        return Err(op_error(ctx, op, "expects regions without arguments"));
    }
    let then_yield = region_yield(ctx, op, then_region, "then", nres)?;
    let else_yield = if ctx.region_is_empty(else_region) {
        if nres > 0 {
            return Err(op_error(
                ctx,
                op,
                "must have an else block if defining values",
            ));
        }
        None
    } else {
        Some(region_yield(ctx, op, else_region, "else", nres)?)
    };

    let loc = ctx.loc(op).clone();
    let cond = ctx.operand(op, 0);
    let cond_block = block_of(ctx, op)?;
    let remaining = ctx.split_block(op);
    let cont = if nres == 0 {
        remaining
    } else {
        let types: Vec<Type> = ctx.results(op).iter().map(|&v| ctx.value_type(v)).collect();
        let cont = ctx.new_block(&types);
        ctx.insert_block_before(remaining, cont);
        br(ctx, remaining, &[], &loc, InsertPoint::End(cont));
        cont
    };

    let then_entry = ctx.entry_block(then_region).expect("checked non-empty");
    yield_to_br(ctx, then_yield, cont, &loc);
    ctx.inline_region_before(then_region, cont);

    let else_dest = match else_yield {
        Some(y) => {
            let entry = ctx.entry_block(else_region).expect("checked non-empty");
            yield_to_br(ctx, y, cont, &loc);
            ctx.inline_region_before(else_region, cont);
            entry
        }
        None => cont,
    };

    cond_br(
        ctx,
        cond,
        then_entry,
        &[],
        else_dest,
        &[],
        &loc,
        InsertPoint::End(cond_block),
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
fn lower_for(ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
    let operands = ctx.operands(op).to_vec();
    if operands.len() < 3 {
        return Err(op_error(
            ctx,
            op,
            "expects operands (lowerBound, upperBound, step, initArgs...)",
        ));
    }
    let n = operands.len() - 3;
    if ctx.results(op).len() != n {
        return Err(op_error(
            ctx,
            op,
            "mismatch in number of loop-carried values and defined values",
        ));
    }
    if ctx.regions(op).len() != 1 || ctx.region_is_empty(ctx.region(op, 0)) {
        return Err(op_error(ctx, op, "expects one non-empty region"));
    }
    let region = ctx.region(op, 0);
    let header = ctx.entry_block(region).expect("checked non-empty");
    if ctx.block_args(header).len() != n + 1 {
        return Err(op_error(
            ctx,
            op,
            "expects the body block to have the induction variable and one argument per init value",
        ));
    }
    let Some(first) = ctx.first_op(header) else {
        return Err(op_error(ctx, op, "expects a terminated body block"));
    };
    let term = region_yield(ctx, op, region, "body", n)?;
    // A unit attribute: its presence means unsigned (MLIR `ForOp::getUnsignedCmp`).
    let unsigned = ctx.attr_of(op, "unsignedCmp").is_some();
    let llvm_attrs: Vec<(String, Attr)> = ctx
        .attrs(op)
        .iter()
        .filter(|a| matches!(ctx.attr_kind(a.value), AttrKind::Opaque(s) if s.starts_with("llvm.")))
        .map(|a| (a.name.clone(), a.value))
        .collect();

    let loc = ctx.loc(op).clone();
    let (lb, ub, step) = (operands[0], operands[1], operands[2]);
    let init_block = block_of(ctx, op)?;
    let end_block = ctx.split_block(op);
    let first_body = ctx.split_block(first);
    let iv = ctx.block_args(header)[0];

    // Latch: step the induction variable and branch back with the yielded values.
    let iv_ty = ctx.value_type(iv);
    let stepped = build(
        ctx,
        "arith.addi",
        &[iv, step],
        &[iv_ty],
        vec![],
        &[],
        &loc,
        InsertPoint::Before(term),
    );
    let stepped = ctx.result(stepped, 0);
    let mut carried = vec![stepped];
    carried.extend_from_slice(ctx.operands(term));
    let latch = br(ctx, header, &carried, &loc, InsertPoint::Before(term));
    for (name, value) in llvm_attrs {
        ctx.set_attr(latch, &name, value);
    }
    ctx.erase_op(term);
    ctx.inline_region_before(region, end_block);

    // Entry edge: lower bound and initial values.
    let mut init = vec![lb];
    init.extend_from_slice(&operands[3..]);
    br(ctx, header, &init, &loc, InsertPoint::End(init_block));

    // Header: compare and branch to the body or out of the loop.
    let i1 = ctx.i1();
    let pred = ctx.int_type(64);
    let pred = ctx.int_attr(if unsigned { CMPI_ULT } else { CMPI_SLT }, pred);
    let cmp = build(
        ctx,
        "arith.cmpi",
        &[iv, ub],
        &[i1],
        vec![("predicate", pred)],
        &[],
        &loc,
        InsertPoint::End(header),
    );
    let cmp = ctx.result(cmp, 0);
    cond_br(
        ctx,
        cmp,
        first_body,
        &[],
        end_block,
        &[],
        &loc,
        InsertPoint::End(header),
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
fn lower_parallel(ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
    let operands = ctx.operands(op).to_vec();
    let segments = i32_array_values(ctx, op, "operandSegmentSizes");
    let Some(&[l, u, s, ni]) = segments.as_deref() else {
        return Err(op_error(
            ctx,
            op,
            "expects 'operandSegmentSizes' = array<i32: dims, dims, dims, inits>",
        ));
    };
    if s == 0 || l != u || u != s || l + u + s + ni != operands.len() || ni != ctx.results(op).len()
    {
        return Err(op_error(
            ctx,
            op,
            "expects as many lower bounds, upper bounds and steps (at least one), and one init per result",
        ));
    }
    let (dims, inits) = (s, operands[3 * s..].to_vec());
    if ctx.regions(op).len() != 1 || ctx.region_is_empty(ctx.region(op, 0)) {
        return Err(op_error(ctx, op, "expects one non-empty region"));
    }
    let region = ctx.region(op, 0);
    let body = ctx.entry_block(region).expect("checked non-empty");
    if ctx.block_args(body).len() != dims {
        return Err(op_error(
            ctx,
            op,
            "expects the body block to have one induction variable per dimension",
        ));
    }
    let reduce = region_terminator(ctx, op, region, "scf.reduce", "body")?;
    let reductions = ctx.regions(reduce).to_vec();
    if ctx.operands(reduce).len() != ni || reductions.len() != ni {
        return Err(op_error(
            ctx,
            reduce,
            format!("expects one operand and one reduction region per result of the parent 'scf.parallel' ({ni})"),
        ));
    }
    for &r in &reductions {
        let blocks = ctx.region_blocks(r);
        if blocks.len() != 1 || ctx.block_args(blocks[0]).len() != 2 {
            return Err(op_error(
                ctx,
                reduce,
                "expects each reduction region to be one block with two arguments",
            ));
        }
        let ret = region_terminator(ctx, reduce, r, "scf.reduce.return", "reduction")?;
        if ctx.operands(ret).len() != 1 {
            return Err(op_error(ctx, ret, "requires a single operand"));
        }
    }

    let loc = ctx.loc(op).clone();
    let index = ctx.index_type();
    let types: Vec<Type> = inits.iter().map(|&v| ctx.value_type(v)).collect();
    let mut block_types = vec![index];
    block_types.extend_from_slice(&types);
    let (mut carried, mut at, mut outer_body) = (inits, InsertPoint::Before(op), None);
    let mut loops = Vec::with_capacity(dims);
    for d in 0..dims {
        let block = ctx.new_block(&block_types);
        let for_region = ctx.new_region();
        ctx.append_block(for_region, block);
        let mut st = OpState::new(ctx.op_name("scf.for"), loc.clone());
        st.operands = vec![operands[d], operands[dims + d], operands[2 * dims + d]];
        st.operands.extend_from_slice(&carried);
        st.result_types = types.clone();
        st.regions.push(for_region);
        let for_op = ctx.build_op(st, at);
        if let Some(outer) = outer_body {
            let results = ctx.results(for_op).to_vec();
            build(
                ctx,
                "scf.yield",
                &results,
                &[],
                vec![],
                &[],
                &loc,
                InsertPoint::End(outer),
            );
        }
        let iv = ctx.block_args(block)[0];
        let parallel_iv = ctx.block_args(body)[d];
        ctx.replace_all_uses(parallel_iv, iv);
        carried = ctx.block_args(block)[1..].to_vec();
        at = InsertPoint::End(block);
        outer_body = Some(block);
        loops.push(for_op);
    }
    let inner = outer_body.expect("at least one dimension");
    for o in ctx.block_ops(body) {
        if o != reduce {
            ctx.move_op(o, InsertPoint::End(inner));
        }
    }
    let yield_op = build(
        ctx,
        "scf.yield",
        &[],
        &[],
        vec![],
        &[],
        &loc,
        InsertPoint::End(inner),
    );
    let values = ctx.operands(reduce).to_vec();
    let mut combined = Vec::with_capacity(ni);
    for (i, &r) in reductions.iter().enumerate() {
        let block = ctx.entry_block(r).expect("checked one block");
        let ret = ctx.last_op(block).expect("checked terminator");
        ctx.inline_block(
            block,
            InsertPoint::Before(yield_op),
            &[carried[i], values[i]],
        );
        combined.push(ctx.operand(ret, 0));
        ctx.erase_op(ret);
    }
    ctx.set_operands(yield_op, combined);
    let results = ctx.results(loops[0]).to_vec();
    replace_and_erase(ctx, op, &results);
    Ok(())
}

/// The values of an `array<i32: ...>` attribute `name` of `op`, if it is one.
fn i32_array_values(ctx: &Context, op: OpId, name: &str) -> Option<Vec<usize>> {
    let attr = ctx.attr_of(op, name)?;
    let AttrKind::DenseArray { element, values } = ctx.attr_kind(attr) else {
        return None;
    };
    if ctx.int_width(*element) != Some(32) {
        return None;
    }
    values
        .iter()
        .map(|v| match *v {
            DenseValue::Int(i) => usize::try_from(i).ok(),
            DenseValue::Float(_) => None,
        })
        .collect()
}

// ------------------------------------------------------------------------------------------------
// scf.while

/// MLIR `WhileLowering` and `DoWhileLowering`: `cf.br ^before(%inits)`; the `scf.condition`
/// becomes `cf.cond_br %c, ^after(%args), ^continuation` and the after region's `scf.yield`
/// becomes `cf.br ^before(%yielded)`; the results are the `scf.condition` arguments. When the
/// after region only forwards its arguments to `scf.yield` (a do-while), it is dropped and the
/// true edge goes straight back to the before block. The entry branch takes the `scf.while`'s
/// location, the other branches that of the terminator they replace.
fn lower_while(ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
    if ctx.regions(op).len() != 2 {
        return Err(op_error(ctx, op, "expects 2 regions (before, after)"));
    }
    let (before_r, after_r) = (ctx.region(op, 0), ctx.region(op, 1));
    if ctx.region_is_empty(before_r) || ctx.region_is_empty(after_r) {
        return Err(op_error(
            ctx,
            op,
            "expects non-empty 'before' and 'after' regions",
        ));
    }
    let inits = ctx.operands(op).to_vec();
    let before = ctx.entry_block(before_r).expect("checked non-empty");
    let after = ctx.entry_block(after_r).expect("checked non-empty");
    if ctx.block_args(before).len() != inits.len() {
        return Err(op_error(
            ctx,
            op,
            "expects as many 'before' block arguments as operands",
        ));
    }
    let nres = ctx.results(op).len();
    let cond_op = region_terminator(ctx, op, before_r, "scf.condition", "before")?;
    if ctx.operands(cond_op).len() != nres + 1 {
        return Err(op_error(
            ctx,
            cond_op,
            "expects a condition and one value per result of the parent 'scf.while'",
        ));
    }
    if ctx.block_args(after).len() != nres {
        return Err(op_error(
            ctx,
            op,
            "expects as many 'after' block arguments as results",
        ));
    }
    let yield_op = region_terminator(ctx, op, after_r, "scf.yield", "after")?;
    if ctx.operands(yield_op).len() != inits.len() {
        return Err(op_error(
            ctx,
            yield_op,
            "expects one value per operand of the parent 'scf.while'",
        ));
    }
    let do_while = ctx.block_ops(after).len() == 1
        && ctx.region_blocks(after_r).len() == 1
        && ctx.operands(yield_op) == ctx.block_args(after);

    let loc = ctx.loc(op).clone();
    let current = block_of(ctx, op)?;
    let continuation = ctx.split_block(op);
    let cond = ctx.operand(cond_op, 0);
    let args = ctx.operands(cond_op)[1..].to_vec();
    let cond_loc = ctx.loc(cond_op).clone();
    if do_while {
        ctx.inline_region_before(before_r, continuation);
        br(ctx, before, &inits, &loc, InsertPoint::End(current));
        cond_br(
            ctx,
            cond,
            before,
            &args,
            continuation,
            &[],
            &cond_loc,
            InsertPoint::Before(cond_op),
        );
        ctx.erase_op(cond_op);
    } else {
        ctx.inline_region_before(after_r, continuation);
        ctx.inline_region_before(before_r, after);
        br(ctx, before, &inits, &loc, InsertPoint::End(current));
        cond_br(
            ctx,
            cond,
            after,
            &args,
            continuation,
            &[],
            &cond_loc,
            InsertPoint::Before(cond_op),
        );
        ctx.erase_op(cond_op);
        let yield_loc = ctx.loc(yield_op).clone();
        let yielded = ctx.operands(yield_op).to_vec();
        br(
            ctx,
            before,
            &yielded,
            &yield_loc,
            InsertPoint::Before(yield_op),
        );
        ctx.erase_op(yield_op);
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
fn lower_index_switch(ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
    if ctx.operands(op).len() != 1 {
        return Err(op_error(ctx, op, "expects exactly one operand (the index)"));
    }
    let idx = ctx.operand(op, 0);
    if !matches!(ctx.type_kind(ctx.value_type(idx)), TypeKind::Index) {
        return Err(op_error(ctx, op, "expects an operand of type 'index'"));
    }
    let cases = case_values(ctx, op)?;
    let regions = ctx.regions(op).to_vec();
    if regions.len() != cases.len() + 1 {
        return Err(op_error(
            ctx,
            op,
            format!(
                "has {} case regions but {} case values",
                regions.len().saturating_sub(1),
                cases.len()
            ),
        ));
    }
    let mut seen = HashSet::new();
    for &c in &cases {
        if !seen.insert(c) {
            return Err(op_error(ctx, op, format!("has duplicate case value: {c}")));
        }
    }
    let nres = ctx.results(op).len();
    let mut yields = Vec::with_capacity(regions.len());
    for &r in &regions {
        if ctx.region_is_empty(r) {
            return Err(op_error(ctx, op, "expects every region to have a block"));
        }
        if has_entry_args(ctx, r) {
            return Err(op_error(ctx, op, "expects regions without arguments"));
        }
        yields.push(region_yield(ctx, op, r, "case", nres)?);
    }

    let loc = ctx.loc(op).clone();
    let cond_block = block_of(ctx, op)?;
    let cont = ctx.split_block(op);
    let types: Vec<Type> = ctx.results(op).iter().map(|&v| ctx.value_type(v)).collect();
    let results: Vec<ValueId> = types.iter().map(|&t| ctx.add_block_arg(cont, t)).collect();

    // Case regions first, then the default region (regions[0]), as MLIR does.
    let order: Vec<usize> = (1..regions.len()).chain(std::iter::once(0)).collect();
    let mut entries = vec![cont; regions.len()];
    for i in order {
        let r = regions[i];
        entries[i] = ctx.entry_block(r).expect("checked non-empty");
        let y = yields[i];
        let yloc = ctx.loc(y).clone();
        yield_to_br(ctx, y, cont, &yloc);
        ctx.inline_region_before(r, cont);
    }

    let i64t = ctx.int_type(64);
    let cast = build(
        ctx,
        "arith.index_cast",
        &[idx],
        &[i64t],
        vec![],
        &[],
        &loc,
        InsertPoint::End(cond_block),
    );
    let flag = ctx.result(cast, 0);
    switch(
        ctx,
        flag,
        entries[0],
        &cases,
        &entries[1..],
        &loc,
        InsertPoint::End(cond_block),
    );
    replace_and_erase(ctx, op, &results);
    Ok(())
}

/// The `cases` attribute of an `scf.index_switch` (an `array<i64: ...>`); absent means no case.
fn case_values(ctx: &Context, op: OpId) -> Result<Vec<i64>, Diagnostic> {
    let Some(a) = ctx.attr_of(op, "cases") else {
        return Ok(Vec::new());
    };
    let bad = || {
        op_error(
            ctx,
            op,
            "expects attribute 'cases' to be an array<i64: ...>",
        )
    };
    match ctx.attr_kind(a) {
        AttrKind::DenseArray { values, .. } => values
            .iter()
            .map(|v| match *v {
                DenseValue::Int(i) => i64::try_from(i).map_err(|_| bad()),
                DenseValue::Float(_) => Err(bad()),
            })
            .collect(),
        _ => Err(bad()),
    }
}

// ------------------------------------------------------------------------------------------------
// scf.execute_region

/// MLIR `ExecuteRegionLowering`: `cf.br` into the region's entry block, the region's blocks moved
/// in place, each `scf.yield` replaced by a `cf.br` to the rest of the original block, which
/// receives the results as block arguments. New ops take the op's location.
fn lower_execute_region(ctx: &mut Context, op: OpId) -> Result<(), Diagnostic> {
    if ctx.regions(op).len() != 1 || ctx.region_is_empty(ctx.region(op, 0)) {
        return Err(op_error(ctx, op, "expects one non-empty region"));
    }
    let region = ctx.region(op, 0);
    let entry = ctx.entry_block(region).expect("checked non-empty");
    if !ctx.block_args(entry).is_empty() {
        return Err(op_error(ctx, op, "region cannot have any arguments"));
    }
    let nres = ctx.results(op).len();
    let mut yields = Vec::new();
    for b in ctx.region_blocks(region) {
        match ctx.last_op(b) {
            Some(t) if ctx.is(t, "scf.yield") => {
                if ctx.operands(t).len() != nres {
                    return Err(yield_count_error(ctx, op, t, nres));
                }
                yields.push(t);
            }
            Some(_) => {}
            None => {
                return Err(op_error(
                    ctx,
                    op,
                    "empty block: expect at least a terminator",
                ))
            }
        }
    }

    let loc = ctx.loc(op).clone();
    let cond_block = block_of(ctx, op)?;
    let remaining = ctx.split_block(op);
    br(ctx, entry, &[], &loc, InsertPoint::End(cond_block));
    for y in yields {
        yield_to_br(ctx, y, remaining, &loc);
    }
    ctx.inline_region_before(region, remaining);
    let types: Vec<Type> = ctx.results(op).iter().map(|&v| ctx.value_type(v)).collect();
    let results: Vec<ValueId> = types
        .iter()
        .map(|&t| ctx.add_block_arg(remaining, t))
        .collect();
    replace_and_erase(ctx, op, &results);
    Ok(())
}

// ------------------------------------------------------------------------------------------------
// helpers

/// `'name' op msg` at the op's location, mlir-opt's wording for op errors.
fn op_error(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(
        ctx.loc(op).clone(),
        format!("'{}' op {msg}", ctx.name_str(op)),
    )
}

fn yield_count_error(ctx: &Context, parent: OpId, y: OpId, expected: usize) -> Diagnostic {
    op_error(
        ctx,
        parent,
        format!(
            "expects each region to yield {expected} values, but a '{}' yields {}",
            ctx.name_str(y),
            ctx.operands(y).len()
        ),
    )
    .with_note(ctx.loc(y).clone(), "see yield operation here")
}

/// Whether the region's entry block (if any) has arguments.
fn has_entry_args(ctx: &Context, region: RegionId) -> bool {
    ctx.entry_block(region)
        .is_some_and(|b| !ctx.block_args(b).is_empty())
}

fn block_of(ctx: &Context, op: OpId) -> Result<BlockId, Diagnostic> {
    ctx.op_block(op)
        .ok_or_else(|| op_error(ctx, op, "is not in a block"))
}

/// The terminator of the last block of a non-empty `region` of `parent`, which must be named
/// `name` (`what` names the region in the error).
fn region_terminator(
    ctx: &Context,
    parent: OpId,
    region: RegionId,
    name: &str,
    what: &str,
) -> Result<OpId, Diagnostic> {
    let last = ctx.region_blocks(region).pop();
    match last.and_then(|b| ctx.last_op(b)) {
        Some(t) if ctx.is(t, name) => Ok(t),
        Some(t) => Err(op_error(
            ctx,
            parent,
            format!("expects the '{what}' region to terminate with '{name}'"),
        )
        .with_note(ctx.loc(t).clone(), "terminator here")),
        None => Err(op_error(
            ctx,
            parent,
            format!("expects the '{what}' region to terminate with '{name}'"),
        )),
    }
}

/// The `scf.yield` ending the last block of `region` (named `what` in errors), checked to yield
/// `nres` values.
fn region_yield(
    ctx: &Context,
    parent: OpId,
    region: RegionId,
    what: &str,
    nres: usize,
) -> Result<OpId, Diagnostic> {
    let t = region_terminator(ctx, parent, region, "scf.yield", what)?;
    if ctx.operands(t).len() != nres {
        return Err(yield_count_error(ctx, parent, t, nres));
    }
    Ok(t)
}

/// Replaces the terminator `y` with `cf.br dest(y's operands)` at `loc`.
fn yield_to_br(ctx: &mut Context, y: OpId, dest: BlockId, loc: &Location) {
    let vals = ctx.operands(y).to_vec();
    br(ctx, dest, &vals, loc, InsertPoint::Before(y));
    ctx.erase_op(y);
}

fn replace_and_erase(ctx: &mut Context, op: OpId, with: &[ValueId]) {
    let results = ctx.results(op).to_vec();
    for (r, &v) in results.into_iter().zip(with) {
        ctx.replace_all_uses(r, v);
    }
    ctx.erase_op(op);
}

/// Creates op `name` at `at`.
#[allow(clippy::too_many_arguments)]
fn build(
    ctx: &mut Context,
    name: &str,
    operands: &[ValueId],
    result_types: &[Type],
    attrs: Vec<(&str, Attr)>,
    successors: &[BlockId],
    loc: &Location,
    at: InsertPoint,
) -> OpId {
    let mut st = OpState::new(ctx.op_name(name), loc.clone());
    st.operands = operands.to_vec();
    st.result_types = result_types.to_vec();
    for (k, v) in attrs {
        st.set_attr(k, v);
    }
    st.successors = successors.to_vec();
    ctx.build_op(st, at)
}

/// `array<i32: ...>`, the form of MLIR's `operandSegmentSizes`.
fn i32_array(ctx: &mut Context, values: &[usize]) -> Attr {
    let element = ctx.int_type(32);
    ctx.attr(AttrKind::DenseArray {
        element,
        values: values.iter().map(|&v| DenseValue::Int(v as i128)).collect(),
    })
}

/// `cf.br ^dest(args)`.
fn br(ctx: &mut Context, dest: BlockId, args: &[ValueId], loc: &Location, at: InsertPoint) -> OpId {
    build(ctx, "cf.br", args, &[], vec![], &[dest], loc, at)
}

/// `cf.cond_br %cond, ^t(targs), ^f(fargs)` with its `operandSegmentSizes`.
#[allow(clippy::too_many_arguments)]
fn cond_br(
    ctx: &mut Context,
    cond: ValueId,
    t: BlockId,
    targs: &[ValueId],
    f: BlockId,
    fargs: &[ValueId],
    loc: &Location,
    at: InsertPoint,
) -> OpId {
    let mut operands = vec![cond];
    operands.extend_from_slice(targs);
    operands.extend_from_slice(fargs);
    let seg = i32_array(ctx, &[1, targs.len(), fargs.len()]);
    build(
        ctx,
        "cf.cond_br",
        &operands,
        &[],
        vec![("operandSegmentSizes", seg)],
        &[t, f],
        loc,
        at,
    )
}

/// `cf.switch %flag : i64, [default: ^default, v: ^case...]` without successor operands
/// (`case_values` is omitted when there is no case, as MLIR's builder does).
fn switch(
    ctx: &mut Context,
    flag: ValueId,
    default: BlockId,
    values: &[i64],
    cases: &[BlockId],
    loc: &Location,
    at: InsertPoint,
) -> OpId {
    let mut attrs = Vec::new();
    let segments = i32_array(ctx, &vec![0; cases.len()]);
    attrs.push(("case_operand_segments", segments));
    if !values.is_empty() {
        let i64t = ctx.int_type(64);
        let ty = ctx.intern_type(TypeKind::Vector {
            shape: vec![values.len() as u64],
            element: i64t,
        });
        let dense = ctx.attr(AttrKind::Dense {
            ty,
            values: values.iter().map(|&v| DenseValue::Int(v as i128)).collect(),
        });
        attrs.push(("case_values", dense));
    }
    let seg = i32_array(ctx, &[1, 0, 0]);
    attrs.push(("operandSegmentSizes", seg));
    let mut successors = vec![default];
    successors.extend_from_slice(cases);
    build(ctx, "cf.switch", &[flag], &[], attrs, &successors, loc, at)
}

/// The `--convert-scf-to-cf` pass (no options).
pub const PASS: weir_pass::PassInfo = weir_pass::PassInfo {
    name: "convert-scf-to-cf",
    summary: "Lower scf control flow (if, for, while, index_switch, execute_region, parallel) to cf branches",
    options: &[],
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
