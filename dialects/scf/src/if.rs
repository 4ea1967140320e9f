//! `scf.if` (MLIR `SCF_IfOp`).
//!
//! Syntax (MLIR 22):
//! ```mlir
//! %r = scf.if %cond -> (i32) {
//!   scf.yield %a : i32
//! } else {
//!   scf.yield %b : i32
//! } {attrs}
//! scf.if %cond {
//!   "test.op"() : () -> ()
//! }
//! ```
//! Generic structure: operand `cond : i1`; always two regions `[then, else]`, the else region
//! empty (no block) when absent; each region has at most one block, without arguments, ending
//! with `scf.yield`. The parser adds the implicit operand-less `scf.yield` to a region that
//! does not end with a terminator (MLIR `ensureTerminator`); the printer of a result-less
//! `scf.if` leaves it out again, and omits an absent else. Results are printed `-> (T, ...)`
//! and their yields always shown.
//!
//! Verifier (in MLIR 22's order and wording): one `i1` operand, two regions, a one-block then
//! region, no region arguments, an else region when defining values (`verify`, run before the
//! nested ops, as MLIR's ODS checks, traits and `IfOp::verify`); then, after the nested ops
//! (`verify_regions`, as MLIR's region traits), `scf.yield` terminators and each `scf.yield`
//! matching the result types exactly (region-branch edge messages).

use crate::common::{self, ensure_terminator, expect_no_region_args, expect_one_block};
use crate::YieldOp;
use weir_dialect_arith as arith;
use weir_ir::{
    op_error, BlockId, Context, DiagResult, InsertPoint, OpId, OpState, RegionId, Signedness,
    TypeKind, ValueId,
};
use weir_syntax::{PResult, Parser, Printer};

weir_ir::op_view! {
    /// `scf.if` (MLIR `scf::IfOp`): regions `[then, else]`, the else region empty when absent.
    IfOp = "scf.if"
}

impl IfOp {
    /// The `i1` condition.
    pub fn condition(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }

    /// The then region (one block).
    pub fn then_region(self, ctx: &Context) -> RegionId {
        ctx.region(self.0, 0)
    }

    /// The else region (no block when absent).
    pub fn else_region(self, ctx: &Context) -> RegionId {
        ctx.region(self.0, 1)
    }

    /// The block of the then region.
    pub fn then_block(self, ctx: &Context) -> BlockId {
        ctx.entry_block(self.then_region(ctx))
            .expect("verified scf.if has a then block")
    }

    /// The block of the else region; `None` when there is no else.
    pub fn else_block(self, ctx: &Context) -> Option<BlockId> {
        ctx.entry_block(self.else_region(ctx))
    }

    /// The `scf.yield` ending the then block.
    pub fn then_yield(self, ctx: &Context) -> YieldOp {
        YieldOp::ending(ctx, self.then_block(ctx)).expect("verified scf.if ends with scf.yield")
    }

    /// The `scf.yield` ending the else block; `None` when there is no else.
    pub fn else_yield(self, ctx: &Context) -> Option<YieldOp> {
        let block = self.else_block(ctx)?;
        Some(YieldOp::ending(ctx, block).expect("verified scf.if ends with scf.yield"))
    }
}

/// The checks MLIR 22 runs before the ops nested in the regions (ODS constraints,
/// `NoRegionArguments`, `IfOp::verify`).
pub(crate) fn verify(ctx: &Context, op: OpId) -> DiagResult<()> {
    common::expect_regions(ctx, op, 2)?;
    let operands = ctx.operands(op);
    if operands.len() != 1 {
        return Err(op_error(ctx, op, "requires a single operand"));
    }
    let ct = ctx.value_type(operands[0]);
    if !matches!(
        ctx.type_kind(ct),
        TypeKind::Integer {
            width: 1,
            signedness: Signedness::Signless
        }
    ) {
        return Err(op_error(
            ctx,
            op,
            format!(
                "operand #0 must be 1-bit signless integer, but got {}",
                common::ty(ctx, ct)
            ),
        ));
    }
    expect_one_block(ctx, op, 0, "thenRegion")?;
    expect_no_region_args(ctx, op, 0)?;
    expect_no_region_args(ctx, op, 1)?;
    if !ctx.results(op).is_empty() && ctx.region_is_empty(ctx.region(op, 1)) {
        return Err(op_error(
            ctx,
            op,
            "must have an else block if defining values",
        ));
    }
    Ok(())
}

/// The checks MLIR 22 runs after the ops nested in the regions, in its order:
/// `SingleBlockImplicitTerminator<"scf::YieldOp">`, then the `RegionBranchOpInterface` edges;
/// `verify` has passed.
pub(crate) fn verify_regions(ctx: &Context, op: OpId) -> DiagResult<()> {
    common::expect_yield_terminators(ctx, op)
}

pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let cond = p.parse_operand()?;
    let i1 = p.ctx.i1();
    state.operands.push(p.resolve_operand(&cond, i1)?);
    state.result_types = p.parse_optional_arrow_type_list()?;
    let then_region = p.parse_region(&[])?;
    ensure_terminator(p.ctx, then_region, "scf.yield", &state.loc);
    let else_region = if p.parse_optional_keyword("else") {
        let r = p.parse_region(&[])?;
        ensure_terminator(p.ctx, r, "scf.yield", &state.loc);
        r
    } else {
        p.ctx.new_region()
    };
    state.regions = vec![then_region, else_region];
    p.parse_optional_attr_dict(state)
}

pub(crate) fn print(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    if let Some(&c) = ctx.operands(op).first() {
        p.print_operand(c);
    }
    let results = common::result_types(ctx, op);
    // A result-less `scf.if` leaves its (operand-less) yields implicit.
    let elide = if results.is_empty() {
        Some("scf.yield")
    } else {
        p.write(" -> (");
        p.print_types(&results);
        p.write(")");
        None
    };
    let regions = ctx.regions(op).to_vec();
    if let Some(&then_region) = regions.first() {
        p.write(" ");
        p.print_region(then_region, false, elide);
    }
    if let Some(&else_region) = regions.get(1).filter(|&&r| !ctx.region_is_empty(r)) {
        p.write(" else ");
        p.print_region(else_region, false, elide);
    }
    p.print_optional_attr_dict(op, &[]);
}

// ------------------------------------------------------------------------------ canonicalization

impl IfOp {
    /// The constant-condition pattern among the op's canonicalization patterns (an `scf.if` whose condition is a constant: the taken region is inlined); the
    /// canonicalize crate's `--fold-constant-conditions` runs it (and only it) on this op.
    pub const CONSTANT_CONDITION: weir_ir::Pattern = weir_ir::Pattern {
        name: "scf.if-constant-condition",
        apply: fold_constant_condition,
    };

    /// The remark `--fold-constant-conditions="remarks=true"` gives for this op when it stays:
    /// whether its condition is constant or variable, and why it was kept.
    pub fn describe_kept(ctx: &Context, op: OpId) -> String {
        describe_kept(ctx, op)
    }
}

pub(crate) const PATTERNS: &[weir_ir::Pattern] = &[
    IfOp::CONSTANT_CONDITION,
    weir_ir::Pattern {
        name: "scf.if-unused-results",
        apply: weir_ir::interfaces::region_branch::remove_dead_values,
    },
    weir_ir::Pattern {
        name: "scf.if-yields-to-select",
        apply: yields_to_select,
    },
    weir_ir::Pattern {
        name: "scf.if-empty-else",
        apply: remove_empty_else,
    },
];

/// `scf.if` on a constant: the taken region is inlined before the op (its ops keep their order,
/// side effects included) and the results become its yields; `false` without an else region
/// erases the op. MLIR `RemoveStaticCondition`.
fn fold_constant_condition(ctx: &mut Context, op: OpId, log: &mut weir_ir::RewriteLog) -> bool {
    let Some(&c) = ctx.operands(op).first() else {
        return false;
    };
    let Some(taken) = crate::canon::constant_bool(ctx, c) else {
        return false;
    };
    if ctx.regions(op).len() != 2 {
        return false;
    }
    let loc = ctx.loc(op);
    let region = ctx.region(op, if taken { 0 } else { 1 });
    let Some(block) = ctx.entry_block(region) else {
        if !ctx.results(op).is_empty() {
            return false;
        }
        ctx.erase_op(op);
        log.remark(&loc, || {
            "constant condition: folded (false, no else region: removed)".to_string()
        });
        return true;
    };
    let Some(y) = crate::canon::terminator(ctx, op, if taken { 0 } else { 1 }, "scf.yield") else {
        return false;
    };
    if ctx.operands(y).len() != ctx.results(op).len() || !ctx.block_args(block).is_empty() {
        return false;
    }
    let yielded = crate::canon::inline_before(ctx, block, op, &[]);
    ctx.replace_op(op, &yielded);
    let which = if taken { "true: then" } else { "false: else" };
    log.remark(&loc, || {
        format!("constant condition: folded ({which} region inlined)")
    });
    true
}

/// A used result whose yields in both regions are values defined outside the op is computed
/// without the op: the value itself when both yield the same one, the condition when they yield
/// the `i1` constants `true` / `false`, `arith.xori %cond, true` for `false` / `true`, else
/// `arith.select %cond, %then, %else`, built before the op. The result is then unused (and
/// dropped by `scf.if-unused-results`; an op left without results and effects is dead code).
/// MLIR `ConvertTrivialIfToSelect` and `ReplaceIfYieldWithConditionOrValue` (checked with
/// mlir-opt 22: both apply result by result, whatever else the regions hold).
fn yields_to_select(ctx: &mut Context, op: OpId, _log: &mut weir_ir::RewriteLog) -> bool {
    let n = ctx.results(op).len();
    let (Some(then_y), Some(else_y)) = (
        crate::canon::terminator(ctx, op, 0, "scf.yield"),
        crate::canon::terminator(ctx, op, 1, "scf.yield"),
    ) else {
        return false;
    };
    if n == 0 || ctx.operands(then_y).len() != n || ctx.operands(else_y).len() != n {
        return false;
    }
    let (cond, loc) = (ctx.operand(op, 0), ctx.loc(op));
    let mut changed = false;
    for i in 0..n {
        let (r, t, e) = (
            ctx.result(op, i),
            ctx.operand(then_y, i),
            ctx.operand(else_y, i),
        );
        if ctx.is_unused(r)
            || !crate::canon::defined_outside(ctx, t, op)
            || !crate::canon::defined_outside(ctx, e, op)
        {
            continue;
        }
        let at = InsertPoint::Before(op);
        let value = match (
            crate::canon::constant_bool(ctx, t),
            crate::canon::constant_bool(ctx, e),
        ) {
            _ if t == e => t,
            (Some(true), Some(false)) => cond,
            (Some(false), Some(true)) => {
                let i1 = ctx.value_type(cond);
                let tru = arith::build_int_constant(ctx, at, 1, i1, loc.clone());
                arith::build_xori(ctx, at, cond, tru, loc.clone())
            }
            _ => arith::build_select(ctx, at, cond, t, e, loc.clone()),
        };
        ctx.replace_all_uses(r, value);
        changed = true;
    }
    changed
}

/// A result-less `scf.if` whose else region holds only an operand-less `scf.yield` loses the
/// else region. MLIR `RemoveEmptyElseBranch`.
fn remove_empty_else(ctx: &mut Context, op: OpId, _log: &mut weir_ir::RewriteLog) -> bool {
    if !ctx.results(op).is_empty() || ctx.regions(op).len() != 2 {
        return false;
    }
    let Some(block) = ctx.entry_block(ctx.region(op, 1)) else {
        return false;
    };
    match ctx.first_op(block) {
        Some(t)
            if ctx.last_op(block) == Some(t)
                && ctx.is(t, "scf.yield")
                && ctx.operands(t).is_empty() =>
        {
            ctx.erase_block(block);
            true
        }
        _ => false,
    }
}

/// The remark for an `scf.if` that constant-condition folding kept.
fn describe_kept(ctx: &Context, op: OpId) -> String {
    match ctx
        .operands(op)
        .first()
        .and_then(|&c| crate::canon::constant_bool(ctx, c))
    {
        Some(b) => format!("constant condition ({b}): kept"),
        None => "variable condition: kept".to_string(),
    }
}
