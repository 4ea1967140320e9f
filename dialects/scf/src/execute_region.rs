//! `scf.execute_region` (MLIR `SCF_ExecuteRegionOp`).
//!
//! Syntax (MLIR 22):
//! ```mlir
//! %r = scf.execute_region -> i32 no_inline {
//!   cf.cond_br %c, ^bb1, ^bb2
//! ^bb1:
//!   scf.yield %a : i32
//! ^bb2:
//!   scf.yield %b : i32
//! } {attrs}
//! ```
//! Results as `-> T` / `-> (T, U)` (none: nothing); `no_inline` (unit attribute `no_inline`)
//! keeps canonicalization from inlining the region. No terminator is implicit.
//!
//! Generic structure: no operands; one region with any number of blocks (a CFG), the entry
//! block without arguments; each `scf.yield` in it returns the results.
//!
//! Verifier: MLIR 22's (`region needs to have at least one block`, `region cannot have any
//! arguments` before the nested ops are verified; the region-branch edge messages for every
//! `scf.yield` after them).

use crate::common;
use weir_ir::{op_error, Context, DiagResult, OpId, OpState, RegionId};
use weir_syntax::{PResult, Parser, Printer};

weir_ir::op_view! {
    /// `scf.execute_region` (MLIR `scf::ExecuteRegionOp`): one CFG region whose `scf.yield`s
    /// return the results.
    ExecuteRegionOp = "scf.execute_region"
}

impl ExecuteRegionOp {
    /// The region (at least one block; the entry block has no arguments).
    pub fn region(self, ctx: &Context) -> RegionId {
        ctx.region(self.0, 0)
    }

    /// Whether canonicalization may not inline it ([`NO_INLINE`]).
    pub fn is_no_inline(self, ctx: &Context) -> bool {
        ctx.attr_of(self.0, NO_INLINE).is_some()
    }
}

/// The name of the unit attribute that forbids inlining.
pub const NO_INLINE: &str = "no_inline";

/// The checks MLIR 22 runs before the ops nested in the region: ODS constraints and
/// `ExecuteRegionOp::verify`.
pub(crate) fn verify(ctx: &Context, op: OpId) -> DiagResult<()> {
    common::expect_regions(ctx, op, 1)?;
    if !ctx.operands(op).is_empty() {
        return Err(op_error(ctx, op, "requires zero operands"));
    }
    let region = ctx.region(op, 0);
    let Some(entry) = ctx.entry_block(region) else {
        return Err(op_error(ctx, op, "region needs to have at least one block"));
    };
    if !ctx.block_args(entry).is_empty() {
        return Err(op_error(ctx, op, "region cannot have any arguments"));
    }
    Ok(())
}

pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    state.result_types = p.parse_optional_arrow_type_list()?;
    if p.parse_optional_keyword("no_inline") {
        let u = p.ctx.unit_attr();
        state.set_attr(p.ctx.attr_name(NO_INLINE), u);
    }
    state.regions.push(p.parse_region(&[])?);
    p.parse_optional_attr_dict(state)
}

pub(crate) fn print(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    let results = common::result_types(ctx, op);
    if !results.is_empty() {
        p.write(" -> ");
        p.print_result_types(&results);
    }
    if ctx.attr_of(op, NO_INLINE).is_some() {
        p.write(" no_inline");
    }
    if let Some(&r) = ctx.regions(op).first() {
        p.write(" ");
        p.print_region(r, false, None);
    }
    p.print_optional_attr_dict(op, &[NO_INLINE]);
}

// ------------------------------------------------------------------------------ canonicalization

pub(crate) const PATTERNS: &[weir_ir::Pattern] = &[weir_ir::Pattern {
    name: "scf.execute_region-single-block",
    apply: inline_single_block,
}];

/// A single-block `scf.execute_region` without `no_inline` is replaced by its block's ops, its
/// results by the operands of the block's `scf.yield`. MLIR `SingleBlockExecuteInliner`.
fn inline_single_block(ctx: &mut Context, op: OpId, _log: &mut weir_ir::RewriteLog) -> bool {
    if ctx.attr_of(op, NO_INLINE).is_some() || ctx.regions(op).len() != 1 {
        return false;
    }
    let blocks = ctx.region_blocks(ctx.region(op, 0));
    let [block] = blocks[..] else {
        return false;
    };
    match ctx.last_op(block) {
        Some(t) if ctx.is(t, "scf.yield") && ctx.operands(t).len() == ctx.results(op).len() => {}
        _ => return false,
    }
    if !ctx.block_args(block).is_empty() {
        return false;
    }
    let yielded = crate::canon::inline_before(ctx, block, op, &[]);
    ctx.replace_op(op, &yielded);
    true
}
