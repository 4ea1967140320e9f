//! The conversion drivers (MLIR `applyPartialConversion`, `applyFullConversion`).

use crate::pattern::{ConversionRewriter, Materializations, OpAdaptor};
use crate::{ConversionPatternSet, ConversionTarget, Legality};
use weir_ir::{Context, DiagResult, Diagnostic, OpId};

/// Which ops must be legal at the end.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Only ops the target marks illegal must be converted.
    Partial,
    /// Every op must be legal.
    Full,
}

/// Converts `root` and the ops nested in it (at any depth) until no op the target marks
/// illegal is left (MLIR `applyPartialConversion`); ops the target does not name stay as they
/// are unless a pattern converts them. Fails at the first op that stays illegal, with MLIR's
/// `failed to legalize operation 'NAME' that was explicitly marked illegal` located at it, or
/// with the error of a pattern. Ops converted before the failure stay converted (there is no
/// rollback); the op named by the error is unchanged.
///
/// Order and cost: see the crate docs. Unused materializations are erased at the end; live
/// ones (`builtin.unrealized_conversion_cast` by default) stay, as in MLIR.
pub fn apply_partial_conversion(
    ctx: &mut Context,
    root: OpId,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
) -> DiagResult<()> {
    convert(ctx, root, target, patterns, Mode::Partial)
}

/// Converts `root` and the ops nested in it until every op is legal (MLIR
/// `applyFullConversion`): an op the target marks illegal or does not name must be converted
/// by a pattern. Fails at the first op that stays not legal, with MLIR's `failed to legalize
/// operation 'NAME'` located at it, or with the error of a pattern; a materialization left
/// with users is such an op unless the target makes it legal.
pub fn apply_full_conversion(
    ctx: &mut Context,
    root: OpId,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
) -> DiagResult<()> {
    convert(ctx, root, target, patterns, Mode::Full)
}

fn convert(
    ctx: &mut Context,
    root: OpId,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
    mode: Mode,
) -> DiagResult<()> {
    let mut casts = Materializations::default();
    let mut created = Vec::new();
    for op in conversion_order(ctx, root) {
        legalize(ctx, op, 0, target, patterns, mode, &mut casts, &mut created)?;
        // Ops built by the patterns are legalized next, in creation order.
        while let Some((op, depth)) = created.pop() {
            legalize(
                ctx,
                op,
                depth,
                target,
                patterns,
                mode,
                &mut casts,
                &mut created,
            )?;
        }
    }
    erase_unused_materializations(ctx, &casts);
    if mode == Mode::Full {
        for &op in &casts.order {
            if !ctx.is_erased(op) && target.legality(ctx, op) != Legality::Legal {
                return Err(failure(ctx, op, mode));
            }
        }
    }
    Ok(())
}

/// Erases the materializations whose results have no use, then those that only they used.
fn erase_unused_materializations(ctx: &mut Context, casts: &Materializations) {
    let mut work: Vec<OpId> = casts.order.clone();
    while let Some(op) = work.pop() {
        if ctx.is_erased(op) || !ctx.results(op).iter().all(|&r| ctx.is_unused(r)) {
            continue;
        }
        let inputs: Vec<OpId> = ctx
            .operands(op)
            .iter()
            .filter_map(|&v| ctx.defining_op(v))
            .filter(|d| casts.ops.contains(d))
            .collect();
        ctx.erase_op(op);
        work.extend(inputs);
    }
}

/// `root`, then the ops nested in it, each op before the ops of its regions but the ops of a
/// block from the last to the first. Lowering an op that splits its block moves the ops after
/// it; in this order those are ops already converted, which no later split moves again, so
/// the total work of the splits is linear in the size of the IR.
fn conversion_order(ctx: &Context, root: OpId) -> Vec<OpId> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(op) = stack.pop() {
        out.push(op);
        for &r in ctx.regions(op) {
            for b in ctx.region_blocks(r) {
                stack.extend(ctx.block_ops(b));
            }
        }
    }
    out
}

/// How many generations of ops created by patterns for ops created by patterns the driver
/// follows: a pattern set that keeps rebuilding the op it converts fails (with the usual
/// "failed to legalize" message) instead of running forever. Real lowerings need a few
/// (`scf.parallel` -> `scf.for` -> `cf`: 2).
pub const MAX_PATTERN_DEPTH: usize = 64;

/// Makes `op` legal if it has to be, pushing the ops its pattern created onto `created` (in
/// reverse creation order, so they pop in creation order) with the generation `depth + 1`.
#[allow(clippy::too_many_arguments)]
fn legalize(
    ctx: &mut Context,
    op: OpId,
    depth: usize,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
    mode: Mode,
    casts: &mut Materializations,
    created: &mut Vec<(OpId, usize)>,
) -> DiagResult<()> {
    if ctx.is_erased(op) || casts.ops.contains(&op) {
        return Ok(());
    }
    let legality = target.legality(ctx, op);
    if legality == Legality::Legal {
        return Ok(());
    }
    let first_new = ctx.op_capacity();
    let mut applied = false;
    let candidates = if depth > MAX_PATTERN_DEPTH {
        &[]
    } else {
        patterns.patterns_for(ctx.name_str(op))
    };
    let adaptor = if candidates.is_empty() {
        OpAdaptor::default()
    } else {
        adaptor(ctx, op, patterns, casts)
    };
    for pattern in candidates {
        let mut rewriter = ConversionRewriter::new(ctx, patterns.type_converter(), casts);
        if pattern(&mut rewriter, op, &adaptor)? {
            applied = true;
            break;
        }
    }
    let still = !ctx.is_erased(op) && (!applied || target.legality(ctx, op) != Legality::Legal);
    let must = legality == Legality::Illegal || mode == Mode::Full;
    if still && must {
        return Err(failure(ctx, op, mode));
    }
    let new = (first_new..ctx.op_capacity()).map(OpId::from_index);
    created.extend(
        new.rev()
            .filter(|&o| !ctx.is_erased(o) && !casts.ops.contains(&o))
            .map(|o| (o, depth + 1)),
    );
    Ok(())
}

/// The operands of `op` as its pattern sees them: a source-materialized value is replaced by
/// the converted values it stands for; with a type converter, a value whose type converts to
/// other types gets a target materialization before `op`; anything else is passed unchanged
/// (a type no rule converts too, for the pattern to judge).
fn adaptor(
    ctx: &mut Context,
    op: OpId,
    patterns: &ConversionPatternSet,
    casts: &mut Materializations,
) -> OpAdaptor {
    let converter = patterns.type_converter();
    let mut values = Vec::with_capacity(ctx.operands(op).len());
    for v in ctx.operands(op).to_vec() {
        if let Some(mapped) = casts.replaced.get(&v) {
            values.push(mapped.clone());
            continue;
        }
        let ty = ctx.value_type(v);
        let converted = converter.and_then(|c| c.convert_type(ctx, ty).map(|t| (c, t)));
        match converted {
            Some((c, types)) if types != [ty] => {
                let mut rewriter = ConversionRewriter::new(ctx, converter, casts);
                values.push(rewriter.materialize_target(c, v, &types, op));
            }
            _ => values.push(vec![v]),
        }
    }
    OpAdaptor::from_values(values)
}

/// MLIR's wording for an op that stayed illegal, located at it.
fn failure(ctx: &Context, op: OpId, mode: Mode) -> Diagnostic {
    let name = ctx.name_str(op);
    let message = match mode {
        Mode::Partial => {
            format!("failed to legalize operation '{name}' that was explicitly marked illegal")
        }
        Mode::Full => format!("failed to legalize operation '{name}'"),
    };
    Diagnostic::error(ctx.loc(op), message)
}
