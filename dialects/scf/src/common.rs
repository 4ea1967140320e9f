//! Helpers shared by the scf ops: the `RegionBranch` edges of the ops that yield their results,
//! and small syntax utilities (MLIR's `ensureTerminator` is `weir_dialect_arith::util::
//! ensure_terminator`, shared with the tensor dialect).

pub(crate) use weir_dialect_arith::util::ensure_terminator;
use weir_ir::interfaces::region_branch::{BranchPoint, Successor, Target};
use weir_ir::{
    op_error, Context, DiagResult, Diagnostic, Location, OpId, OpState, RegionId, Type, ValueId,
};
use weir_syntax::{type_to_string, Parser};

/// `'T'` as MLIR quotes a type in a diagnostic.
pub(crate) fn ty(ctx: &Context, t: Type) -> String {
    format!("'{}'", type_to_string(ctx, t))
}

/// A custom-syntax error worded as MLIR's `OpAsmParser::emitError`: `custom op 'NAME' MSG`.
pub(crate) fn custom_error(
    p: &Parser<'_>,
    state: &OpState,
    loc: Location,
    msg: impl std::fmt::Display,
) -> Diagnostic {
    Diagnostic::error(
        loc,
        format!("custom op '{}' {msg}", p.ctx.op_name_str(state.name)),
    )
}

/// Consumes keyword `kw` or fails with MLIR's `custom op 'NAME' expected 'KW'`.
pub(crate) fn expect_keyword(
    p: &mut Parser<'_>,
    state: &OpState,
    kw: &str,
) -> weir_syntax::PResult<()> {
    if p.parse_optional_keyword(kw) {
        Ok(())
    } else {
        Err(custom_error(p, state, p.loc(), format!("expected '{kw}'")))
    }
}

/// The terminator of the only block of `region`, if the region has a block with ops.
pub(crate) fn single_block_terminator(ctx: &Context, region: RegionId) -> Option<OpId> {
    ctx.entry_block(region).and_then(|b| ctx.last_op(b))
}

/// `RegionBranch` of the ops whose regions take no arguments and yield the op's results
/// (`scf.if`, `scf.index_switch`, `scf.execute_region`): the parent enters any region, passing
/// nothing; each `scf.yield` returns its operands as the results.
pub(crate) fn yield_to_parent(ctx: &Context, op: OpId, point: BranchPoint) -> Vec<Successor> {
    match point {
        BranchPoint::Parent => (0..ctx.regions(op).len())
            .map(|i| Successor {
                target: Target::Region(i),
                operands: 0..0,
                inputs: Vec::new(),
            })
            .collect(),
        BranchPoint::Terminator(t) if ctx.is(t, "scf.yield") => vec![Successor {
            target: Target::Parent,
            operands: 0..ctx.operands(t).len(),
            inputs: ctx.results(op).to_vec(),
        }],
        BranchPoint::Terminator(_) => Vec::new(),
    }
}

/// The types of some values.
pub(crate) fn types_of(ctx: &Context, vs: &[ValueId]) -> Vec<Type> {
    vs.iter().map(|&v| ctx.value_type(v)).collect()
}

/// The types of an op's results.
pub(crate) fn result_types(ctx: &Context, op: OpId) -> Vec<Type> {
    types_of(ctx, ctx.results(op))
}

/// ODS's region-count messages: `expected N regions` (MLIR `NRegions`).
pub(crate) fn expect_regions(ctx: &Context, op: OpId, n: usize) -> DiagResult<()> {
    if ctx.regions(op).len() != n {
        let msg = if n == 1 {
            "requires one region".to_string()
        } else {
            format!("expected {n} regions")
        };
        return Err(op_error(ctx, op, msg));
    }
    Ok(())
}

/// ODS's `SizedRegion<1>` check: `region #I ('NAME') failed to verify constraint: region with 1 blocks`.
pub(crate) fn expect_one_block(
    ctx: &Context,
    op: OpId,
    index: usize,
    name: &str,
) -> DiagResult<()> {
    if ctx.region_blocks(ctx.region(op, index)).len() != 1 {
        return Err(op_error(
            ctx,
            op,
            format!("region #{index} ('{name}') failed to verify constraint: region with 1 blocks"),
        ));
    }
    Ok(())
}

/// MLIR's `NoRegionArguments` check for region `index`.
pub(crate) fn expect_no_region_args(ctx: &Context, op: OpId, index: usize) -> DiagResult<()> {
    if let Some(b) = ctx.entry_block(ctx.region(op, index)) {
        if !ctx.block_args(b).is_empty() {
            return Err(op_error(
                ctx,
                op,
                format!("region #{index} should have no arguments"),
            ));
        }
    }
    Ok(())
}

/// MLIR's `SingleBlockImplicitTerminator<"scf::YieldOp">` check (run after the nested ops):
/// each non-empty region's block ends with `scf.yield`.
pub(crate) fn expect_yield_terminators(ctx: &Context, op: OpId) -> DiagResult<()> {
    for &r in ctx.regions(op) {
        let Some(b) = ctx.entry_block(r) else {
            continue;
        };
        match ctx.last_op(b) {
            Some(t) if ctx.is(t, "scf.yield") => {}
            last => {
                let found = last
                    .map(|t| ctx.name_str(t).to_string())
                    .unwrap_or_default();
                return Err(op_error(
                    ctx,
                    op,
                    format!("expects regions to end with 'scf.yield', found '{found}'"),
                )
                .with_note(
                    ctx.loc(op),
                    "in custom textual format, the absence of terminator implies 'scf.yield'",
                ));
            }
        }
    }
    Ok(())
}
