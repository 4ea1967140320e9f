//! The cf dialect's terminators as both backends lower them (MLIR `cf.br`, `cf.cond_br`,
//! `cf.switch`, `cf.assert`): which operands go to which successor, the i1 conditions, the
//! switch's cases. The operands each successor gets are the dialect's
//! (`Context::successor_operands`, MLIR `BranchOpInterface`), checked to tile the operands
//! so that a malformed segment attribute is an error, never wrong arguments.

use super::checks::{counts, Scalars};
use super::tensor_checks::Target;
use crate::diag::op_err;
use crate::scalar::low_mask;
use crate::ScalarType;
use std::collections::HashSet;
use std::ops::Range;
use weir_dialect_cf::{AssertOp, BranchOp, CondBranchOp, SwitchOp};
use weir_ir::{BlockId, Context, Diagnostic, OpId, ValueId};

/// One edge of a branch: the successor and the values passed to its block arguments.
#[derive(Clone, Debug)]
pub struct Edge {
    /// The successor block.
    pub succ: BlockId,
    /// The operands passed to its arguments, in order.
    pub operands: Vec<ValueId>,
}

/// MLIR cf.cond_br: branch to `on_true` when `condition` (an `i1`) is 1, else `on_false`.
#[derive(Clone, Debug)]
pub struct CondBranchPlan {
    /// The `i1` condition.
    pub condition: ValueId,
    /// The edge taken when the condition holds.
    pub on_true: Edge,
    /// The edge taken otherwise.
    pub on_false: Edge,
}

/// MLIR cf.switch: compares `flag` (an integer of `width` bits up to 64) with each case
/// value and takes that case's edge, or `default`'s when none matches.
#[derive(Clone, Debug)]
pub struct SwitchPlan {
    /// The integer compared with the case values.
    pub flag: ValueId,
    /// The flag's width in bits.
    pub width: u32,
    /// The edge taken when no case matches.
    pub default: Edge,
    /// The cases in order: the case value's low `width` bits (zero-extended) and its edge.
    /// Of duplicate case values the first wins, so each key appears once.
    pub cases: Vec<(u64, Edge)>,
}

/// MLIR cf.assert: a runtime fault with `message` when `condition` (an `i1`) is 0.
#[derive(Clone, Debug)]
pub struct AssertPlan {
    /// The `i1` condition.
    pub condition: ValueId,
    /// The fault message: `assertion failed: <msg>`.
    pub message: String,
}

/// MLIR cf.br: all operands go to the single successor.
pub fn br(ctx: &Context, op: OpId, target: &Target) -> Result<Edge, Diagnostic> {
    let br = target.view(ctx, op, BranchOp::of(ctx, op))?;
    check_successor_operands(ctx, op, 1, 0)?;
    Ok(Edge {
        succ: br.dest(ctx),
        operands: br.dest_operands(ctx).to_vec(),
    })
}

/// MLIR cf.cond_br: operands (cond, true args, false args), split by
/// `operandSegmentSizes` = [1, nT, nF].
pub fn cond_br(ctx: &Context, op: OpId, target: &Target) -> Result<CondBranchPlan, Diagnostic> {
    let br = target.view(ctx, op, CondBranchOp::of(ctx, op))?;
    check_successor_operands(ctx, op, 2, 1)?;
    let condition = br.condition(ctx);
    check_i1(ctx, op, condition, target)?;
    Ok(CondBranchPlan {
        condition,
        on_true: Edge {
            succ: br.true_dest(ctx),
            operands: br.true_operands(ctx).to_vec(),
        },
        on_false: Edge {
            succ: br.false_dest(ctx),
            operands: br.false_operands(ctx).to_vec(),
        },
    })
}

/// MLIR cf.switch: operands (flag, default args, case args...), successors (default,
/// case 0, ...), `case_values` compared with the whole flag (of any width up to 64 bits).
pub fn switch(ctx: &Context, op: OpId, target: &Target) -> Result<SwitchPlan, Diagnostic> {
    let sw = target.view(ctx, op, SwitchOp::of(ctx, op))?;
    if ctx.successors(op).is_empty() {
        return Err(op_err(ctx, op, "requires a default successor"));
    }
    let n = sw.num_cases(ctx);
    let ranges = check_successor_operands(ctx, op, n + 1, 1)?;
    let scalars = Scalars {
        target,
        elements: false,
    };
    let flag = sw.flag(ctx);
    let t = scalars.ty(ctx, op, flag)?;
    let width = scalars.int_width(ctx, op, t)?;
    let values = sw
        .try_case_values(ctx)
        .ok_or_else(|| op_err(ctx, op, "has a malformed 'case_values' attribute"))?;
    if values.len() != n {
        return Err(op_err(
            ctx,
            op,
            "requires as many case values as case successors",
        ));
    }
    // Successor 0 is the default, successor i + 1 case i.
    let edge = |succ: BlockId, i: usize| Edge {
        succ,
        operands: ctx.operands(op)[ranges[i].clone()].to_vec(),
    };
    let mut seen = HashSet::new();
    let cases = values
        .iter()
        .enumerate()
        .filter_map(|(i, &value)| {
            let key = value as u64 & low_mask(width);
            seen.insert(key)
                .then(|| (key, edge(sw.case_dest(ctx, i), i + 1)))
        })
        .collect();
    Ok(SwitchPlan {
        flag,
        width,
        default: edge(sw.default_dest(ctx), 0),
        cases,
    })
}

/// MLIR cf.assert `%cond, "msg"`: a runtime error `assertion failed: msg` when false.
pub fn assert(ctx: &Context, op: OpId, target: &Target) -> Result<AssertPlan, Diagnostic> {
    let assert = target.view(ctx, op, AssertOp::of(ctx, op))?;
    counts(ctx, op, 1, 0)?;
    let condition = assert.condition(ctx);
    check_i1(ctx, op, condition, target)?;
    Ok(AssertPlan {
        condition,
        message: crate::backend::assert_message(assert.msg(ctx)),
    })
}

/// Checks that `cond`, the condition of `op`, is an `i1`.
fn check_i1(ctx: &Context, op: OpId, cond: ValueId, target: &Target) -> Result<(), Diagnostic> {
    let scalars = Scalars {
        target,
        elements: false,
    };
    if scalars.ty(ctx, op, cond)? != ScalarType::Int(1) {
        return Err(op_err(ctx, op, "requires an i1 condition"));
    }
    Ok(())
}

/// Checks that `op` has `n` successors and that the successors' operands are the op's
/// operands after the first `leading` ones, successor after successor without gaps (the
/// layout of `operandSegmentSizes` / `case_operand_segments`, which the verifier checks).
/// Returns the successors' operand ranges (all at once: linear in the op's size).
fn check_successor_operands(
    ctx: &Context,
    op: OpId,
    n: usize,
    leading: usize,
) -> Result<Vec<Range<usize>>, Diagnostic> {
    if ctx.successors(op).len() != n {
        return Err(op_err(
            ctx,
            op,
            format!(
                "requires {n} successor(s), got {}",
                ctx.successors(op).len()
            ),
        ));
    }
    let ranges = ctx.successor_operand_ranges(op);
    let mut next = leading;
    for r in &ranges {
        if r.start != next {
            next = usize::MAX;
            break;
        }
        next = r.end;
    }
    if next != ctx.operands(op).len() {
        return Err(op_err(
            ctx,
            op,
            "has operand segments that do not add up to its operands",
        ));
    }
    Ok(ranges)
}

/// Checks that `vals`, the operands `op` passes to successor `succ`, fit its block arguments:
/// as many, each of the argument's type (MLIR `BranchOpInterface` verification); else an
/// error at the op.
pub fn check_edge(
    ctx: &Context,
    op: OpId,
    succ: BlockId,
    vals: &[ValueId],
) -> Result<(), Diagnostic> {
    let params = ctx.block_args(succ);
    if params.len() != vals.len() {
        return Err(op_err(
            ctx,
            op,
            format!(
                "passes {} operand(s) to a block with {} argument(s)",
                vals.len(),
                params.len()
            ),
        ));
    }
    for (i, (&v, &p)) in vals.iter().zip(params).enumerate() {
        if ctx.value_type(v) != ctx.value_type(p) {
            return Err(op_err(
                ctx,
                op,
                format!("passes a value of the wrong type to block argument #{i}"),
            ));
        }
    }
    Ok(())
}
