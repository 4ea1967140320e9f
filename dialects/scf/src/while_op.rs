//! `scf.while` (MLIR `SCF_WhileOp`).
//!
//! Syntax (MLIR 22):
//! ```mlir
//! %r = scf.while (%x = %init) : (i32) -> i32 {
//!   %c = arith.cmpi slt, %x, %n : i32
//!   scf.condition(%c) %x : i32
//! } do {
//! ^bb0(%y: i32):
//!   scf.yield %next : i32
//! } attributes {tag}
//! ```
//! The `(%x = %init)` list (absent when there are no inits) declares the "before" block's
//! arguments; the "after" block declares its own arguments in its header. The `: (inputs) ->
//! results` function type gives the init and result types.
//!
//! Generic structure: operands = inits; regions `[before, after]`, one block each; "before"
//! ends with `scf.condition(%c) %v...`, "after" with `scf.yield %next...`.
//!
//! Semantics: run "before" on the carried values; if `%c` is true, run "after" on `%v...` and
//! loop with what it yields; otherwise the results are `%v...`.
//!
//! Verifier: MLIR 22's checks and wording: one block per region and the terminator kinds (with
//! a `terminator here` note) before the nested ops are verified (`verify`, as 22's ODS checks
//! and `WhileOp::verify`); after them, the generic region-branch edge verifier (from
//! [`successors`]) in 22's order: inits -> before arguments, condition -> results, condition ->
//! after arguments, yield -> before arguments.

use crate::common::{self, types_of};
use crate::for_op::{parse_assignment_list, print_assignment_list};
use crate::{ConditionOp, YieldOp};
use weir_ir::interfaces::region_branch::{BranchPoint, Successor, Target};
use weir_ir::{
    op_error, BlockId, Context, DiagResult, InsertPoint, Location, OpId, OpState, RegionId, Type,
    TypeKind, ValueId,
};
use weir_syntax::lexer::Tok;
use weir_syntax::{Argument, PResult, Parser, Printer};

weir_ir::op_view! {
    /// `scf.while` (MLIR `scf::WhileOp`): operands = inits; regions `[before, after]`, one
    /// block each, ending with `scf.condition` and `scf.yield`.
    WhileOp = "scf.while"
}

impl WhileOp {
    /// The initial values (the before block's arguments on the first evaluation).
    pub fn inits(self, ctx: &Context) -> &[ValueId] {
        ctx.operands(self.0)
    }

    /// The before block (computes the condition).
    pub fn before(self, ctx: &Context) -> BlockId {
        ctx.entry_block(ctx.region(self.0, 0))
            .expect("verified scf.while has a before block")
    }

    /// The after block (the body).
    pub fn after(self, ctx: &Context) -> BlockId {
        ctx.entry_block(ctx.region(self.0, 1))
            .expect("verified scf.while has an after block")
    }

    /// The before block's arguments.
    pub fn before_args(self, ctx: &Context) -> &[ValueId] {
        ctx.block_args(self.before(ctx))
    }

    /// The after block's arguments.
    pub fn after_args(self, ctx: &Context) -> &[ValueId] {
        ctx.block_args(self.after(ctx))
    }

    /// The `scf.condition` ending the before block.
    pub fn condition_op(self, ctx: &Context) -> ConditionOp {
        ConditionOp::of(
            ctx,
            ctx.last_op(self.before(ctx))
                .expect("a verified before block ends with scf.condition"),
        )
        .expect("verified scf.while's before region ends with scf.condition")
    }

    /// The `i1` condition.
    pub fn condition(self, ctx: &Context) -> ValueId {
        self.condition_op(ctx).condition(ctx)
    }

    /// The values `scf.condition` forwards (to the after block, or as the results).
    pub fn forwarded(self, ctx: &Context) -> &[ValueId] {
        self.condition_op(ctx).forwarded(ctx)
    }

    /// The `scf.yield` ending the after block.
    pub fn yield_op(self, ctx: &Context) -> YieldOp {
        YieldOp::ending(ctx, self.after(ctx))
            .expect("verified scf.while's after region ends with scf.yield")
    }

    /// The values the after block yields (the next before arguments).
    pub fn yielded(self, ctx: &Context) -> &[ValueId] {
        self.yield_op(ctx).values(ctx)
    }

    /// Builds `scf.while (inits) : (...) -> (result_types)` at `at`: a before block with
    /// arguments of the inits' types and an after block with arguments of `result_types`,
    /// both without terminators (the caller ends them with `scf.condition` and
    /// [`build_yield`](crate::build_yield)).
    pub fn build(
        ctx: &mut Context,
        at: InsertPoint,
        inits: &[ValueId],
        result_types: &[Type],
        loc: Location,
    ) -> WhileOp {
        let before_types = types_of(ctx, inits);
        let mut st = OpState::new(ctx.op_name(Self::NAME), loc);
        for types in [&before_types[..], result_types] {
            let block = ctx.new_block(types);
            let region = ctx.new_region();
            ctx.append_block(region, block);
            st.regions.push(region);
        }
        st.operands = inits.to_vec();
        st.result_types = result_types.to_vec();
        WhileOp(ctx.build_op(st, at))
    }
}

/// MLIR's `verifyAndGetTerminator`: the terminator of `region`'s block if it is a `name` op.
pub(crate) fn terminator_named(
    ctx: &Context,
    op: OpId,
    region: RegionId,
    name: &str,
    msg: &str,
) -> DiagResult<OpId> {
    let last = common::single_block_terminator(ctx, region);
    match last {
        Some(t) if ctx.is(t, name) => Ok(t),
        _ => {
            let mut d = op_error(ctx, op, msg);
            if let Some(t) = last {
                d = d.with_note(ctx.loc(t), "terminator here");
            }
            Err(d)
        }
    }
}

/// The checks MLIR 22 runs before the ops nested in the regions: ODS constraints and
/// `WhileOp::verify` (the terminator kinds).
pub(crate) fn verify(ctx: &Context, op: OpId) -> DiagResult<()> {
    common::expect_regions(ctx, op, 2)?;
    common::expect_one_block(ctx, op, 0, "before")?;
    common::expect_one_block(ctx, op, 1, "after")?;
    terminators(ctx, op).map(|_| ())
}

/// The `scf.condition` and `scf.yield` ending the two regions (MLIR's `WhileOp::verify`).
fn terminators(ctx: &Context, op: OpId) -> DiagResult<(OpId, OpId)> {
    let (before, after) = (ctx.region(op, 0), ctx.region(op, 1));
    let cond = terminator_named(
        ctx,
        op,
        before,
        "scf.condition",
        "expects the 'before' region to terminate with 'scf.condition'",
    )?;
    let yield_op = terminator_named(
        ctx,
        op,
        after,
        "scf.yield",
        "expects the 'after' region to terminate with 'scf.yield'",
    )?;
    Ok((cond, yield_op))
}

/// `RegionBranch` of `scf.while`: the parent enters "before" with the inits; the
/// `scf.condition` forwards its operands after the condition to "after" and to the results; the
/// `scf.yield` goes back to "before".
pub(crate) fn successors(ctx: &Context, op: OpId, point: BranchPoint) -> Vec<Successor> {
    let args = |i: usize| {
        ctx.regions(op)
            .get(i)
            .and_then(|&r| ctx.entry_block(r))
            .map(|b| ctx.block_args(b).to_vec())
            .unwrap_or_default()
    };
    match point {
        BranchPoint::Parent => vec![Successor {
            target: Target::Region(0),
            operands: 0..ctx.operands(op).len(),
            inputs: args(0),
        }],
        BranchPoint::Terminator(t) if ctx.is(t, "scf.condition") => {
            let operands = 1.min(ctx.operands(t).len())..ctx.operands(t).len();
            vec![
                Successor {
                    target: Target::Parent,
                    operands: operands.clone(),
                    inputs: ctx.results(op).to_vec(),
                },
                Successor {
                    target: Target::Region(1),
                    operands,
                    inputs: args(1),
                },
            ]
        }
        BranchPoint::Terminator(t) if ctx.is(t, "scf.yield") => vec![Successor {
            target: Target::Region(0),
            operands: 0..ctx.operands(t).len(),
            inputs: args(0),
        }],
        BranchPoint::Terminator(_) => Vec::new(),
    }
}

pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let assignments = if p.peek() == Tok::LParen {
        parse_assignment_list(p)?
    } else {
        Vec::new()
    };
    let type_loc = p.loc();
    p.expect(Tok::Colon, ":")?;
    let fty = p.parse_type()?;
    let TypeKind::Function { inputs, results } = p.ctx.type_kind(fty).clone() else {
        return Err(common::custom_error(
            p,
            state,
            type_loc,
            "invalid kind of type specified",
        ));
    };
    state.result_types = results;
    if inputs.len() != assignments.len() {
        return Err(common::custom_error(
            p,
            state,
            type_loc,
            format!(
                "expected as many input types as operands (expected {} got {})",
                assignments.len(),
                inputs.len()
            ),
        ));
    }
    let mut args = Vec::new();
    for ((a, v), &t) in assignments.into_iter().zip(&inputs) {
        state.operands.push(p.resolve_operand(&v, t)?);
        args.push(Argument {
            name: a.name,
            ty: t,
            pos: a.pos,
            loc: None,
        });
    }
    let before = p.parse_region(&args)?;
    common::expect_keyword(p, state, "do")?;
    let after = p.parse_region(&[])?;
    state.regions = vec![before, after];
    p.parse_optional_attr_dict_with_keyword(state)
}

pub(crate) fn print(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    let regions = ctx.regions(op).to_vec();
    let before_args = regions
        .first()
        .and_then(|&r| ctx.entry_block(r))
        .map(|b| ctx.block_args(b).to_vec())
        .unwrap_or_default();
    print_assignment_list(p, " ", &before_args, ctx.operands(op));
    p.write(" : (");
    p.print_types(&types_of(ctx, ctx.operands(op)));
    p.write(") -> ");
    p.print_result_types(&common::result_types(ctx, op));
    if let Some(&before) = regions.first() {
        p.write(" ");
        p.print_region(before, false, None);
    }
    if let Some(&after) = regions.get(1) {
        p.write(" do ");
        p.print_region(after, true, None);
    }
    p.print_optional_attr_dict_with_keyword(op, &[]);
}

// ------------------------------------------------------------------------------ canonicalization

impl WhileOp {
    /// The constant-condition pattern among the op's canonicalization patterns (an `scf.while` whose condition is false on entry: replaced by the before region run once); the
    /// canonicalize crate's `--fold-constant-conditions` runs it (and only it) on this op.
    pub const CONSTANT_CONDITION: weir_ir::Pattern = weir_ir::Pattern {
        name: "scf.while-false-on-entry",
        apply: fold_false_on_entry,
    };

    /// The remark `--fold-constant-conditions="remarks=true"` gives for this op when it stays:
    /// whether its condition is constant or variable, and why it was kept.
    pub fn describe_kept(ctx: &Context, op: OpId) -> String {
        describe_kept(ctx, op)
    }
}

pub(crate) const PATTERNS: &[weir_ir::Pattern] = &[
    WhileOp::CONSTANT_CONDITION,
    weir_ir::Pattern {
        name: "scf.while-invariant-carried-values",
        apply: forward_invariant_carried_values,
    },
    weir_ir::Pattern {
        name: "scf.while-unused-carried-values",
        apply: weir_ir::interfaces::region_branch::remove_dead_values,
    },
];

/// An `scf.while` whose condition is false on its first evaluation runs its before region once
/// and no trip: the before block is inlined before the loop (arguments = the inits, so its side
/// effects stay, in order) and the results become the values `scf.condition` forwards. Whether
/// the condition is false on entry is decided by evaluating it with the inits substituted
/// (`eval::first_condition`; see the `eval` module for why this design).
///
/// MLIR 22 leaves such loops alone (its `--canonicalize` and `--sccp` do not fold them).
fn fold_false_on_entry(ctx: &mut Context, op: OpId, log: &mut weir_ir::RewriteLog) -> bool {
    let Some(p) = crate::eval::while_parts(ctx, op) else {
        return false;
    };
    if crate::eval::first_condition(ctx, op) != Some(false) {
        return false;
    }
    let loc = ctx.loc(op);
    let inits = ctx.operands(op).to_vec();
    let terminator_operands = crate::canon::inline_before(ctx, p.before, op, &inits);
    ctx.replace_op(op, &terminator_operands[1..]);
    log.remark(&loc, || {
        "constant condition: folded (false on entry: before region inlined once, loop removed)"
            .to_string()
    });
    true
}

/// Uses of carried values that hold a known value are redirected to it (MLIR 22's
/// `MakeRegionBranchOpSuccessorInputsDead`; older MLIR's `RemoveLoopInvariantArgsFromBeforeBlock`
/// and `RemoveLoopInvariantValueYielded`):
/// - before argument `k` whose yield operand is its init, or the after argument `j` that
///   `scf.condition` fills with before argument `k` itself (passed through unchanged): it is the
///   init on every evaluation of the condition;
/// - after argument `j` and result `j` when `scf.condition` forwards at `j` a value defined
///   outside the loop: they are that value.
///
/// Positions are followed one by one (a value forwarded twice is two positions), so this holds
/// for any loop. What is left unused goes with `scf.while-unused-carried-values`.
fn forward_invariant_carried_values(
    ctx: &mut Context,
    op: OpId,
    _log: &mut weir_ir::RewriteLog,
) -> bool {
    let Some(p) = crate::eval::while_parts(ctx, op) else {
        return false;
    };
    let mut changed = false;
    let before_args = ctx.block_args(p.before).to_vec();
    for (k, &b) in before_args.iter().enumerate() {
        let (init, y) = (ctx.operand(op, k), ctx.operand(p.yield_op, k));
        let passed_through = match ctx.value_def(y) {
            weir_ir::ValueDef::BlockArg { block, index } if block == p.after => {
                ctx.operand(p.condition, index as usize + 1) == b
            }
            _ => false,
        };
        if !ctx.is_unused(b) && (y == init || passed_through) {
            ctx.replace_all_uses(b, init);
            changed = true;
        }
    }
    let after_args = ctx.block_args(p.after).to_vec();
    for (j, &a) in after_args.iter().enumerate() {
        let (v, r) = (ctx.operand(p.condition, j + 1), ctx.result(op, j));
        if (!ctx.is_unused(a) || !ctx.is_unused(r)) && crate::canon::defined_outside(ctx, v, op) {
            ctx.replace_all_uses(a, v);
            ctx.replace_all_uses(r, v);
            changed = true;
        }
    }
    changed
}

/// The remark for an `scf.while` that constant-condition folding kept.
fn describe_kept(ctx: &Context, op: OpId) -> String {
    match crate::eval::while_trip_count(ctx, op) {
        Some(n) => format!("constant trip count {n}: kept as a loop"),
        None => "variable condition: kept".to_string(),
    }
}

/// `LoopLike` of `scf.while`: no induction variable or bounds; inits = the operands, iter_args
/// = the "before" arguments, yielded = the `scf.yield` operands, regions = before, after; trip
/// count = [`crate::while_trip_count`] (the number of times "after" runs).
pub(crate) const LOOP_LIKE: weir_ir::interfaces::loop_like::LoopLike =
    weir_ir::interfaces::loop_like::LoopLike {
        induction_var: |_, _| None,
        bounds: |_, _| None,
        inits: |ctx, op| ctx.operands(op).to_vec(),
        region_iter_args: |ctx, op| {
            ctx.regions(op)
                .first()
                .and_then(|&r| ctx.entry_block(r))
                .map(|b| ctx.block_args(b).to_vec())
                .unwrap_or_default()
        },
        yielded: |ctx, op| crate::for_op::body_yielded(ctx, op, 1),
        body: |ctx, op| ctx.regions(op).to_vec(),
        trip_count: |ctx, op| crate::while_trip_count(ctx, op).map(u128::from),
    };
