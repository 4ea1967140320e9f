//! `scf.parallel` (MLIR `SCF_ParallelOp`).
//!
//! Syntax (MLIR 22):
//! ```mlir
//! %r:2 = scf.parallel (%i, %j) = (%lb0, %lb1) to (%ub0, %ub1) step (%s0, %s1)
//!     init (%zero, %one) -> (i64, f32) {
//!   ...
//!   scf.reduce(%a, %b : i64, f32) { ... }, { ... }
//! } {attrs}
//! scf.parallel (%i) = (%lb) to (%ub) step (%s) {
//!   scf.reduce
//! }
//! ```
//! The bounds, steps and induction variables are `index`; there are as many lower bounds,
//! upper bounds and steps as induction variables (at least one). `init (...)` (may be left out
//! without results) gives one initial value per result, `-> T` / `-> (T, U)` the result types.
//! The body ends with an `scf.reduce` ([`crate::reduce`]); when it is missing (no reductions)
//! the parser adds an operand-less one, which the printer always writes (as 22 does:
//! `scf.reduce ` with a trailing space). A trailing `{attrs}` dictionary follows the body.
//!
//! Generic structure: operands `(lbs..., ubs..., steps..., inits...)` split by
//! `operandSegmentSizes = array<i32: L, U, S, I>`; one region with one block whose arguments
//! are the induction variables; results have the inits' types.
//!
//! Semantics: the body runs once for every point of the iteration space
//! `{lb_d + k * step_d < ub_d}` (in any order; Weir runs it as a loop nest, the first dimension
//! outermost); result `i` combines init `i` with the `i`-th `scf.reduce` operand of every
//! iteration, through the `i`-th reduction region (`lhs` = the value so far, `rhs` = the
//! iteration's value). No iteration: the results are the inits.
//!
//! Verifier: MLIR 22's checks, wording and order (all before the nested ops are verified, as
//! 22's ODS constraints and `ParallelOp::verify`), plus two checks 22 lacks (it accepts such
//! ops, then prints text it cannot read back): as many upper bounds and steps as lower bounds,
//! and each init of its result's type.
//!
//! Canonicalization (MLIR 22's `ParallelOpSingleOrZeroIterationDimsFolder` and
//! `MergeNestedParallelLoops`): a dimension of 0 trips (constant trip count 0, or the same
//! value as lower and upper bound) replaces the loop by its inits; dimensions of 1 trip are
//! dropped (their induction variable = the lower bound), and when none is left the body is
//! inlined, each result = its reduction region applied to the init and the reduced value; an
//! outer loop without reductions whose body is only an inner one without reductions, whose
//! bounds do not use the outer induction variables, becomes one loop over both spaces. Unlike
//! 22 the rebuilt loop keeps the (outer) loop's attributes.

use crate::canon;
use crate::common::{self, custom_error, ensure_terminator, expect_keyword, ty};
use crate::for_op::{constant_int, trip_count};
use crate::while_op::terminator_named;
use weir_ir::{
    op_error, Attr, AttrKind, Context, DenseValue, DiagResult, InsertPoint, OpId, OpState,
    Signedness, TypeKind, ValueId,
};
use weir_syntax::lexer::Tok;
use weir_syntax::{Argument, PResult, Parser, Printer, UnresolvedOperand};

/// The attribute splitting the operands into lower bounds, upper bounds, steps and inits.
pub const OPERAND_SEGMENT_SIZES: &str = "operandSegmentSizes";

weir_ir::op_view! {
    /// `scf.parallel` (MLIR `scf::ParallelOp`): operands `(lbs..., ubs..., steps..., inits...)`
    /// split by [`OPERAND_SEGMENT_SIZES`]; one body block with the induction variables as
    /// arguments, ending with `scf.reduce`.
    ParallelOp = "scf.parallel"
}

impl ParallelOp {
    fn segment(self, ctx: &Context, i: usize) -> &[ValueId] {
        let s = segments(ctx, self.0).expect("verified scf.parallel has valid segments");
        let start: usize = s[..i].iter().sum();
        &ctx.operands(self.0)[start..start + s[i]]
    }

    /// The lower bounds, one per dimension.
    pub fn lower_bounds(self, ctx: &Context) -> &[ValueId] {
        self.segment(ctx, 0)
    }

    /// The upper bounds (exclusive), one per dimension.
    pub fn upper_bounds(self, ctx: &Context) -> &[ValueId] {
        self.segment(ctx, 1)
    }

    /// The steps, one per dimension.
    pub fn steps(self, ctx: &Context) -> &[ValueId] {
        self.segment(ctx, 2)
    }

    /// The initial values of the reductions, one per result.
    pub fn init_vals(self, ctx: &Context) -> &[ValueId] {
        self.segment(ctx, 3)
    }

    /// The body block.
    pub fn body(self, ctx: &Context) -> weir_ir::BlockId {
        ctx.entry_block(ctx.region(self.0, 0))
            .expect("verified scf.parallel has a body block")
    }

    /// The induction variables (the body's arguments), one per dimension.
    pub fn induction_vars(self, ctx: &Context) -> &[ValueId] {
        ctx.block_args(self.body(ctx))
    }

    /// The `scf.reduce` ending the body.
    pub fn reduce_op(self, ctx: &Context) -> crate::ReduceOp {
        let last = ctx
            .last_op(self.body(ctx))
            .expect("a verified scf.parallel body ends with scf.reduce");
        crate::ReduceOp::of(ctx, last).expect("verified scf.parallel ends with scf.reduce")
    }
}

/// The operands of an `scf.parallel`, by group.
struct Parts {
    lbs: Vec<ValueId>,
    ubs: Vec<ValueId>,
    steps: Vec<ValueId>,
    inits: Vec<ValueId>,
}

/// The `operandSegmentSizes` of `op` (all 0 when absent, as in 22), checked against its operand
/// count; `Err` holds the verifier message.
fn segments(ctx: &Context, op: OpId) -> Result<[usize; 4], String> {
    let values: Vec<i128> = match ctx
        .attr_of(op, OPERAND_SEGMENT_SIZES)
        .map(|a| ctx.attr_kind(a))
    {
        None => vec![0; 4],
        Some(AttrKind::DenseArray { element, values })
            if matches!(
                ctx.type_kind(*element),
                TypeKind::Integer {
                    width: 32,
                    signedness: Signedness::Signless
                }
            ) =>
        {
            values
                .iter()
                .map(|d| match d {
                    DenseValue::Int(i) => *i,
                    DenseValue::Float(_) => -1,
                })
                .collect()
        }
        Some(_) => {
            return Err(format!(
                "requires dense i32 array attribute '{OPERAND_SEGMENT_SIZES}'"
            ))
        }
    };
    let [l, u, s, i] = values[..] else {
        return Err(format!(
            "'{OPERAND_SEGMENT_SIZES}' attribute for specifying operand segments must have 4 elements, but got {}",
            values.len()
        ));
    };
    if values.iter().any(|&v| v < 0) {
        return Err(format!(
            "'{OPERAND_SEGMENT_SIZES}' attribute cannot have negative elements"
        ));
    }
    let total: i128 = values.iter().sum();
    let count = ctx.operands(op).len();
    if total != count as i128 {
        return Err(format!(
            "operand count ({count}) does not match with the total size ({total}) specified in attribute '{OPERAND_SEGMENT_SIZES}'"
        ));
    }
    Ok([l as usize, u as usize, s as usize, i as usize])
}

/// The operand groups of `op`, if its `operandSegmentSizes` is valid.
fn parts(ctx: &Context, op: OpId) -> Option<Parts> {
    let [l, u, s, _] = segments(ctx, op).ok()?;
    let operands = ctx.operands(op);
    Some(Parts {
        lbs: operands[..l].to_vec(),
        ubs: operands[l..l + u].to_vec(),
        steps: operands[l + u..l + u + s].to_vec(),
        inits: operands[l + u + s..].to_vec(),
    })
}

/// `array<i32: dims, dims, dims, inits>`, the segments of a loop of `dims` dimensions.
fn segment_sizes_attr(ctx: &mut Context, dims: usize, inits: usize) -> Attr {
    let element = ctx.int_type(32);
    let values = [dims, dims, dims, inits]
        .iter()
        .map(|&v| DenseValue::Int(v as i128))
        .collect();
    ctx.attr(AttrKind::DenseArray { element, values })
}

/// The checks MLIR 22 runs before the ops nested in the body (ODS constraints, then
/// `ParallelOp::verify`), with Weir's two extra checks in between.
pub(crate) fn verify(ctx: &Context, op: OpId) -> DiagResult<()> {
    let [l, u, s, n_inits] = segments(ctx, op).map_err(|m| op_error(ctx, op, m))?;
    let operands = ctx.operands(op);
    for (k, &v) in operands[..l + u + s].iter().enumerate() {
        let t = ctx.value_type(v);
        if !matches!(ctx.type_kind(t), TypeKind::Index) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "operand #{k} must be variadic of index, but got {}",
                    ty(ctx, t)
                ),
            ));
        }
    }
    common::expect_regions(ctx, op, 1)?;
    common::expect_one_block(ctx, op, 0, "region")?;
    if l != u || u != s {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects as many lower bounds, upper bounds and steps, but got {l}, {u} and {s}"
            ),
        ));
    }
    if s == 0 {
        return Err(op_error(
            ctx,
            op,
            "needs at least one tuple element for lowerBound, upperBound and step",
        ));
    }
    let p = parts(ctx, op).expect("segments checked just above");
    if p.steps
        .iter()
        .any(|&v| constant_int(ctx, v).is_some_and(|c| c <= 0))
    {
        return Err(op_error(ctx, op, "constant step operand must be positive"));
    }
    let region = ctx.region(op, 0);
    let body = ctx
        .entry_block(region)
        .expect("checked above: the region has one block");
    let ivs = ctx.block_args(body);
    if ivs.len() != s {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects the same number of induction variables: {} as bound and step values: {s}",
                ivs.len()
            ),
        ));
    }
    if ivs
        .iter()
        .any(|&a| !matches!(ctx.type_kind(ctx.value_type(a)), TypeKind::Index))
    {
        return Err(op_error(
            ctx,
            op,
            "expects arguments for the induction variable to be of index type",
        ));
    }
    let reduce = terminator_named(
        ctx,
        op,
        region,
        "scf.reduce",
        "expects body to terminate with 'scf.reduce'",
    )?;
    let results = common::result_types(ctx, op);
    let reductions = ctx.regions(reduce).len();
    if results.len() != reductions {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects number of results: {} to be the same as number of reductions: {reductions}",
                results.len()
            ),
        ));
    }
    if results.len() != n_inits {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects number of results: {} to be the same as number of initial values: {n_inits}",
                results.len()
            ),
        ));
    }
    for (i, (&init, &res)) in p.inits.iter().zip(&results).enumerate() {
        let t = ctx.value_type(init);
        if t != res {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expects type of {i}-th initial value: {} to be the same as the {i}-th result type: {}",
                    ty(ctx, t),
                    ty(ctx, res)
                ),
            ));
        }
    }
    for (i, (&v, &res)) in ctx.operands(reduce).iter().zip(&results).enumerate() {
        let t = ctx.value_type(v);
        if t != res {
            return Err(op_error(
                ctx,
                reduce,
                format!(
                    "expects type of {i}-th reduction operand: {} to be the same as the {i}-th result type: {}",
                    ty(ctx, t),
                    ty(ctx, res)
                ),
            ));
        }
    }
    Ok(())
}

/// Parses `(%a, %b)`, which may be empty.
fn parse_paren_operands<'a>(p: &mut Parser<'a>) -> PResult<Vec<UnresolvedOperand<'a>>> {
    p.expect(Tok::LParen, "(")?;
    let list = p.parse_optional_operand_list()?;
    p.expect(Tok::RParen, ")")?;
    Ok(list)
}

/// Parses a parenthesized list of `n` bounds or steps (MLIR `parseOperandList` with a required
/// count: `expected N operands` at the `(`).
fn parse_bounds<'a>(
    p: &mut Parser<'a>,
    state: &OpState,
    n: usize,
) -> PResult<Vec<UnresolvedOperand<'a>>> {
    let loc = p.loc();
    let list = parse_paren_operands(p)?;
    if list.len() != n {
        return Err(custom_error(
            p,
            state,
            loc,
            format!("expected {n} operands"),
        ));
    }
    Ok(list)
}

pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ivs = parse_paren_operands(p)?;
    p.expect(Tok::Equal, "=")?;
    let lbs = parse_bounds(p, state, ivs.len())?;
    expect_keyword(p, state, "to")?;
    let ubs = parse_bounds(p, state, ivs.len())?;
    expect_keyword(p, state, "step")?;
    let steps = parse_bounds(p, state, ivs.len())?;
    let inits = if p.parse_optional_keyword("init") {
        parse_paren_operands(p)?
    } else {
        Vec::new()
    };
    state.result_types = p.parse_optional_arrow_type_list()?;
    let index = p.ctx.index_type();
    let args: Vec<Argument> = ivs
        .into_iter()
        .map(|o| Argument {
            name: o.name,
            ty: index,
            pos: o.pos,
            loc: None,
        })
        .collect();
    let body = p.parse_region(&args)?;
    p.parse_optional_attr_dict(state)?;
    if inits.len() != state.result_types.len() {
        return Err(custom_error(
            p,
            state,
            state.loc.clone(),
            format!(
                "number of operands and types do not match: got {} operands and {} types",
                inits.len(),
                state.result_types.len()
            ),
        ));
    }
    ensure_terminator(p.ctx, body, "scf.reduce", &state.loc);
    // Operands are resolved after the body, so that a value defined inside it is not found.
    for o in lbs.iter().chain(&ubs).chain(&steps) {
        let v = p.resolve_operand(o, index)?;
        state.operands.push(v);
    }
    let result_types = state.result_types.clone();
    let inits = p.resolve_operands(&inits, &result_types)?;
    state.operands.extend(inits);
    state.regions.push(body);
    let segments = segment_sizes_attr(p.ctx, steps.len(), result_types.len());
    state.set_attr(p.ctx.attr_name(OPERAND_SEGMENT_SIZES), segments);
    Ok(())
}

/// Writes `(%a, %b)`.
fn print_paren_operands(p: &mut Printer<'_>, vs: &[ValueId]) {
    p.write("(");
    p.print_operands(vs);
    p.write(")");
}

pub(crate) fn print(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    // Verified IR has valid segments; anything else prints as if it had no operands.
    let parts = parts(ctx, op).unwrap_or(Parts {
        lbs: Vec::new(),
        ubs: Vec::new(),
        steps: Vec::new(),
        inits: Vec::new(),
    });
    let body = ctx.regions(op).first().copied();
    let ivs = body
        .and_then(|r| ctx.entry_block(r))
        .map(|b| ctx.block_args(b).to_vec())
        .unwrap_or_default();
    p.write(" ");
    print_paren_operands(p, &ivs);
    p.write(" = ");
    print_paren_operands(p, &parts.lbs);
    p.write(" to ");
    print_paren_operands(p, &parts.ubs);
    p.write(" step ");
    print_paren_operands(p, &parts.steps);
    if !parts.inits.is_empty() {
        p.write(" init ");
        print_paren_operands(p, &parts.inits);
    }
    let results = common::result_types(ctx, op);
    if !results.is_empty() {
        p.write(" -> ");
        p.print_result_types(&results);
    }
    if let Some(r) = body {
        p.write(" ");
        p.print_region(r, false, None);
    }
    p.print_optional_attr_dict(op, &[OPERAND_SEGMENT_SIZES]);
}

// ------------------------------------------------------------------------------ canonicalization

pub(crate) const PATTERNS: &[weir_ir::Pattern] = &[
    weir_ir::Pattern {
        name: "scf.parallel-single-or-zero-iteration-dims",
        apply: fold_trip_counts,
    },
    weir_ir::Pattern {
        name: "scf.parallel-merge-nested",
        apply: merge_nested,
    },
];

/// The `scf.reduce` ending the body of `op` and the body block, when the loop is well formed:
/// one induction variable per dimension, and one reduction per init, each a one-block region
/// with two arguments ending with an `scf.reduce.return` of one value.
fn well_formed(ctx: &Context, op: OpId, parts: &Parts) -> Option<(OpId, weir_ir::BlockId)> {
    let reduce = canon::terminator(ctx, op, 0, "scf.reduce")?;
    let body = ctx.op_block(reduce)?;
    let n = parts.inits.len();
    let reductions_ok = ctx.regions(reduce).iter().all(|&r| {
        let blocks = ctx.region_blocks(r);
        blocks.len() == 1
            && ctx.block_args(blocks[0]).len() == 2
            && ctx
                .last_op(blocks[0])
                .is_some_and(|t| ctx.is(t, "scf.reduce.return") && ctx.operands(t).len() == 1)
    });
    (ctx.block_args(body).len() == parts.steps.len()
        && ctx.results(op).len() == n
        && ctx.operands(reduce).len() == n
        && ctx.regions(reduce).len() == n
        && reductions_ok)
        .then_some((reduce, body))
}

/// MLIR `ParallelOpSingleOrZeroIterationDimsFolder`: a dimension of 0 trips replaces the loop
/// by its inits; dimensions of 1 trip are removed, their induction variable replaced by the
/// lower bound; without dimensions left, the body is inlined and each result is its reduction
/// region inlined with `lhs` = the init and `rhs` = the reduced value.
fn fold_trip_counts(ctx: &mut Context, op: OpId, _log: &mut weir_ir::RewriteLog) -> bool {
    let Some(parts) = parts(ctx, op) else {
        return false;
    };
    let Some((reduce, body)) = well_formed(ctx, op, &parts) else {
        return false;
    };
    let mut single = Vec::new();
    for (d, ((&lb, &ub), &step)) in parts
        .lbs
        .iter()
        .zip(&parts.ubs)
        .zip(&parts.steps)
        .enumerate()
    {
        let trips = if lb == ub {
            Some(0)
        } else {
            trip_count(ctx, lb, ub, step, false)
        };
        match trips {
            Some(0) => {
                ctx.replace_op(op, &parts.inits);
                return true;
            }
            Some(1) => single.push(d),
            _ => {}
        }
    }
    if single.is_empty() {
        return false;
    }
    let ivs = ctx.block_args(body).to_vec();
    for &d in &single {
        ctx.replace_all_uses(ivs[d], parts.lbs[d]);
    }
    if single.len() < ivs.len() {
        for &d in single.iter().rev() {
            ctx.erase_block_arg(body, d);
        }
        let mut dropped = vec![false; ivs.len()];
        for &d in &single {
            dropped[d] = true;
        }
        let keep = |vs: &[ValueId]| -> Vec<ValueId> {
            vs.iter()
                .zip(&dropped)
                .filter(|(_, &x)| !x)
                .map(|(&v, _)| v)
                .collect()
        };
        let mut operands = keep(&parts.lbs);
        operands.extend(keep(&parts.ubs));
        operands.extend(keep(&parts.steps));
        operands.extend(&parts.inits);
        let dims = ivs.len() - single.len();
        let keep_results = vec![true; parts.inits.len()];
        let new = canon::rebuild_op(ctx, op, operands, &keep_results);
        let segments = segment_sizes_attr(ctx, dims, parts.inits.len());
        ctx.set_attr(new, OPERAND_SEGMENT_SIZES, segments);
        return true;
    }
    for o in ctx.block_ops(body) {
        if o != reduce {
            ctx.move_op(o, InsertPoint::Before(op));
        }
    }
    let values = ctx.operands(reduce).to_vec();
    let mut results = Vec::with_capacity(values.len());
    for (i, r) in ctx.regions(reduce).to_vec().into_iter().enumerate() {
        let block = ctx
            .entry_block(r)
            .expect("a verified scf.reduce has one block per region");
        let combined = canon::inline_before(ctx, block, op, &[parts.inits[i], values[i]]);
        results.push(combined[0]);
    }
    ctx.replace_op(op, &results);
    true
}

/// MLIR `MergeNestedParallelLoops`: an `scf.parallel` without reductions whose body is only
/// another one without reductions (whose bounds and steps do not use the outer induction
/// variables) becomes one loop: the outer dimensions first, then the inner ones.
fn merge_nested(ctx: &mut Context, op: OpId, _log: &mut weir_ir::RewriteLog) -> bool {
    let Some(outer) = parts(ctx, op) else {
        return false;
    };
    let Some((_, outer_body)) = well_formed(ctx, op, &outer) else {
        return false;
    };
    let ops = ctx.block_ops(outer_body);
    let [inner, _] = ops[..] else {
        return false;
    };
    if !ctx.is(inner, "scf.parallel") || !outer.inits.is_empty() {
        return false;
    }
    let Some(inner_parts) = parts(ctx, inner) else {
        return false;
    };
    let Some((_, inner_body)) = well_formed(ctx, inner, &inner_parts) else {
        return false;
    };
    let outer_ivs = ctx.block_args(outer_body).to_vec();
    let uses_outer_iv = inner_parts
        .lbs
        .iter()
        .chain(&inner_parts.ubs)
        .chain(&inner_parts.steps)
        .any(|v| outer_ivs.contains(v));
    if !inner_parts.inits.is_empty() || uses_outer_iv {
        return false;
    }
    let (n_outer, n_inner) = (outer.steps.len(), inner_parts.steps.len());
    let index = ctx.index_type();
    let block = ctx.new_block(&vec![index; n_outer + n_inner]);
    let ivs = ctx.block_args(block).to_vec();
    for (&old, &new) in outer_ivs.iter().zip(&ivs) {
        ctx.replace_all_uses(old, new);
    }
    // The inner body, with its `scf.reduce`, becomes the merged loop's body.
    ctx.inline_block(inner_body, InsertPoint::End(block), &ivs[n_outer..]);
    let region = ctx.new_region();
    ctx.append_block(region, block);
    let mut st = OpState::new(ctx.name(op), ctx.loc(op));
    for group in [
        (&outer.lbs, &inner_parts.lbs),
        (&outer.ubs, &inner_parts.ubs),
        (&outer.steps, &inner_parts.steps),
    ] {
        st.operands.extend(group.0.iter().chain(group.1));
    }
    st.attrs = ctx.attrs(op).to_vec();
    let segments = segment_sizes_attr(ctx, n_outer + n_inner, 0);
    st.set_attr(ctx.attr_name(OPERAND_SEGMENT_SIZES), segments);
    st.regions.push(region);
    ctx.build_op(st, InsertPoint::Before(op));
    ctx.erase_op(op);
    true
}
