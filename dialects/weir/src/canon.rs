//! Canonicalization of `weir.loop` (SEMANTICS.md section 6).
//!
//! - [`fold_constant_loop`] (`ConstantCondition`): a constant `max <= 0` or a constant false
//!   initial condition runs no trip: the results are the inits. A constant `max > 0` with a
//!   condition that is true initially (absent or a constant `true`) and never changed by the body
//!   (the body yields its incoming condition argument, or a constant `true`) is a counted loop:
//!   it becomes `scf.for %it = 0 to %max step 1` of the iteration number's type (which is `max`'s
//!   type, so no cast is needed) carrying the same values, with the body moved in (the
//!   iteration-number argument becomes the induction variable, the condition argument the
//!   constant `true`, `weir.yield %c, %v...` becomes `scf.yield %v...`). Both compare signed
//!   (`it < max`), so the trip counts agree.
//! - [`forward_invariant_carried_values`] (`General`): a carried value that the body yields
//!   unchanged (its own block argument) or that it replaces by its init holds the init on every
//!   trip and after the loop: its block argument and result are replaced by the init (as
//!   `scf.for`'s iter_args, MLIR 22's `MakeRegionBranchOpSuccessorInputsDead`); the value is then
//!   removed by the next pattern.
//! - the generic `remove_dead_values` (`General`, from the core's `RegionBranch` interface): a
//!   carried value whose result is unused and whose block argument only feeds its own yield
//!   operand (directly or through pure ops of the body), or is unused, is removed (the
//!   `operandSegmentSizes` attribute updated).
//!
//! Ops of the dialects weir builds on (`scf.for`, `scf.yield`, `arith.constant`) are created and
//! recognised through their views and builders; constants through the registry
//! (`CONSTANT_LIKE`) or as an `arith.constant` ([`weir_dialect_arith::ConstantOp`]).

use crate::loop_op::{loop_operands, LoopOperands, OPERAND_SEGMENT_SIZES};
use weir_dialect_scf as scf;
use weir_ir::{
    Attr, AttrKind, BlockId, Context, InsertPoint, Location, OpId, OpState, Pattern, RewriteLog,
    Type, ValueId,
};

impl crate::LoopOp {
    /// The constant-condition pattern among the op's canonicalization patterns (a `weir.loop` whose max or condition is constant: erased, or made an `scf.for`); the
    /// canonicalize crate's `--fold-constant-conditions` runs it (and only it) on this op.
    pub const CONSTANT_CONDITION: Pattern = Pattern {
        name: "weir.loop-constant-max-or-condition",
        apply: fold_constant_loop,
    };

    /// The remark `--fold-constant-conditions="remarks=true"` gives for this op when it stays:
    /// whether its condition is constant or variable, and why it was kept.
    pub fn describe_kept(ctx: &Context, op: OpId) -> String {
        describe_kept(ctx, op)
    }
}

pub(crate) const PATTERNS: &[Pattern] = &[
    crate::LoopOp::CONSTANT_CONDITION,
    Pattern {
        name: "weir.loop-invariant-carried-values",
        apply: forward_invariant_carried_values,
    },
    Pattern {
        name: "weir.loop-unused-carried-values",
        apply: weir_ir::interfaces::region_branch::remove_dead_values,
    },
];

fn constant_attr(ctx: &Context, v: ValueId) -> Option<Attr> {
    if let Some(a) = ctx.constant_of(v) {
        return Some(a);
    }
    weir_dialect_arith::constant_value(ctx, ctx.defining_op(v)?)
}

fn constant_bool(ctx: &Context, v: ValueId) -> Option<bool> {
    match ctx.attr_kind(constant_attr(ctx, v)?) {
        AttrKind::Bool(b) => Some(*b),
        AttrKind::Integer { value, ty } if ctx.int_width(*ty) == Some(1) => Some(value & 1 != 0),
        _ => None,
    }
}

/// An integer constant, read as signed in its type's width (the `it < max` comparison is signed).
fn constant_signed(ctx: &Context, v: ValueId) -> Option<i128> {
    let w = ctx.int_width(ctx.value_type(v))?;
    match ctx.attr_kind(constant_attr(ctx, v)?) {
        AttrKind::Integer { value, .. } => Some(weir_ir::sign_extend(*value, w)),
        AttrKind::Bool(b) => Some(if *b { -1 } else { 0 }),
        _ => None,
    }
}

fn build_constant(
    ctx: &mut Context,
    value: Attr,
    ty: Type,
    loc: &Location,
    at: InsertPoint,
) -> ValueId {
    if let Some(v) = ctx.materialize_constant(value, ty, loc.clone(), at) {
        return v;
    }
    weir_dialect_arith::build_constant(ctx, at, value, loc.clone())
}

/// The parts of a well-formed `weir.loop`: operands, body block and `weir.yield`.
struct LoopParts {
    operands: LoopOperands,
    body: BlockId,
    yield_op: OpId,
}

fn loop_parts(ctx: &Context, op: OpId) -> Option<LoopParts> {
    let operands = loop_operands(ctx, op)?;
    if ctx.regions(op).len() != 1 {
        return None;
    }
    let blocks = ctx.region_blocks(ctx.region(op, 0));
    let [body] = blocks[..] else { return None };
    let yield_op = ctx
        .last_op(body)
        .filter(|&t| crate::YieldOp::of(ctx, t).is_some())?;
    let n = operands.inits.len();
    if ctx.results(op).len() != n
        || ctx.block_args(body).len() != n + 2
        || ctx.operands(yield_op).len() != n + 1
    {
        return None;
    }
    Some(LoopParts {
        operands,
        body,
        yield_op,
    })
}

/// Whether the condition stays true for every trip: true initially (absent or a constant
/// `true`) and yielded unchanged (the incoming condition argument, or a constant `true`).
fn condition_always_true(ctx: &Context, p: &LoopParts) -> bool {
    let initially = p
        .operands
        .cond
        .is_none_or(|c| constant_bool(ctx, c) == Some(true));
    let next = ctx.operand(p.yield_op, 0);
    initially && (next == ctx.block_args(p.body)[1] || constant_bool(ctx, next) == Some(true))
}

/// See the module docs.
fn fold_constant_loop(ctx: &mut Context, op: OpId, log: &mut RewriteLog) -> bool {
    let Some(p) = loop_parts(ctx, op) else {
        return false;
    };
    let loc = ctx.loc(op);
    let max = p.operands.max.and_then(|m| constant_signed(ctx, m));
    if let Some(m) = max.filter(|&m| m <= 0) {
        let inits = p.operands.inits.clone();
        ctx.replace_op(op, &inits);
        log.remark(&loc, || format!("constant max {m}: loop removed"));
        return true;
    }
    if p.operands
        .cond
        .is_some_and(|c| constant_bool(ctx, c) == Some(false))
    {
        let inits = p.operands.inits.clone();
        ctx.replace_op(op, &inits);
        log.remark(&loc, || {
            "constant condition: folded (false: loop removed)".to_string()
        });
        return true;
    }
    let (Some(m), Some(max_value)) = (p.operands.max, max) else {
        return false;
    };
    if !condition_always_true(ctx, &p) {
        return false;
    }
    to_scf_for(ctx, op, p, m);
    log.remark(&loc, || {
        format!("constant max {max_value} and a condition that stays true: converted to scf.for")
    });
    true
}

/// Rewrites `op` (a counted `weir.loop`, see the module docs) into `scf.for 0 to max step 1`.
fn to_scf_for(ctx: &mut Context, op: OpId, p: LoopParts, max: ValueId) {
    let loc = ctx.loc(op);
    let ty = ctx.value_type(max);
    let before = InsertPoint::Before(op);
    let zero = ctx.int_attr(0, ty);
    let one = ctx.int_attr(1, ty);
    let lb = build_constant(ctx, zero, ty, &loc, before);
    let step = build_constant(ctx, one, ty, &loc, before);
    let cond_arg = ctx.block_args(p.body)[1];
    if !ctx.is_unused(cond_arg) {
        let i1 = ctx.i1();
        let t = ctx.attr(AttrKind::Bool(true));
        let true_value = build_constant(ctx, t, i1, &loc, before);
        ctx.replace_all_uses(cond_arg, true_value);
    }
    ctx.erase_block_arg(p.body, 1);
    let yielded = ctx.operands(p.yield_op)[1..].to_vec();
    let yield_loc = ctx.loc(p.yield_op);
    scf::build_yield(ctx, InsertPoint::Before(p.yield_op), &yielded, yield_loc);
    ctx.erase_op(p.yield_op);
    let region = ctx.new_region();
    ctx.move_region_blocks(ctx.region(op, 0), region);
    let mut st = OpState::new(ctx.op_name(scf::ForOp::NAME), loc);
    st.operands = vec![lb, max, step];
    st.operands.extend(p.operands.inits.iter().copied());
    st.result_types = ctx.results(op).iter().map(|&r| ctx.value_type(r)).collect();
    st.regions.push(region);
    // Discardable attributes go along; the operand segments do not apply to scf.for.
    let segments = ctx.lookup_attr_name(OPERAND_SEGMENT_SIZES);
    st.attrs = ctx
        .attrs(op)
        .iter()
        .filter(|a| Some(a.name) != segments)
        .copied()
        .collect();
    let new = ctx.build_op(st, before);
    let results = ctx.results(new).to_vec();
    ctx.replace_op(op, &results);
}

/// See the module docs.
fn forward_invariant_carried_values(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    let Some(p) = loop_parts(ctx, op) else {
        return false;
    };
    let mut changed = false;
    for (i, &init) in p.operands.inits.iter().enumerate() {
        let (arg, r) = (ctx.block_args(p.body)[i + 2], ctx.result(op, i));
        let yielded = ctx.operand(p.yield_op, i + 1);
        if (yielded == arg || yielded == init) && (!ctx.is_unused(arg) || !ctx.is_unused(r)) {
            ctx.replace_all_uses(arg, init);
            ctx.replace_all_uses(r, init);
            changed = true;
        }
    }
    changed
}

/// The remark for a `weir.loop` that constant-condition folding kept.
fn describe_kept(ctx: &Context, op: OpId) -> String {
    let Some(p) = loop_parts(ctx, op) else {
        return "kept".to_string();
    };
    let mut parts = Vec::new();
    match p.operands.max {
        None => parts.push("no max".to_string()),
        Some(m) => match constant_signed(ctx, m) {
            Some(v) => parts.push(format!("constant max {v}")),
            None => parts.push("variable max".to_string()),
        },
    }
    if let Some(c) = p.operands.cond {
        match constant_bool(ctx, c) {
            Some(b) => parts.push(format!("constant initial condition ({b})")),
            None => parts.push("variable initial condition".to_string()),
        }
    }
    let next = ctx.operand(p.yield_op, 0);
    if next != ctx.block_args(p.body)[1] && constant_bool(ctx, next) != Some(true) {
        parts.push("condition computed by the body".to_string());
    }
    format!("{}: kept", parts.join(", "))
}
