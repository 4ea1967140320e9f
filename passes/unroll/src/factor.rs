//! Unrolling by a factor: a main loop of k copies per iteration plus an epilogue.

use crate::full::constant;
use weir_dialect_arith::{build_cmpi, build_int_binary, build_select, CmpIPredicate, IntBinaryOp};
use weir_dialect_scf::{build_yield, ForOp};
use weir_dialect_scf::{copy_block, unroll_iterations};
use weir_ir::{Context, InsertPoint, ValueId};

/// Unrolls the `scf.for` `op` by `k`. `trip_count` is its constant trip count, if known.
/// Returns the remark text, or why the loop was left alone.
pub(crate) fn unroll_by_factor(
    ctx: &mut Context,
    op: ForOp,
    k: u64,
    trip_count: Option<u128>,
    body_ops: u64,
    max_ops: u64,
) -> Result<String, String> {
    let Some(step) = weir_dialect_scf::constant_int(ctx, op.step(ctx)) else {
        return Err("the step is not a compile-time constant".to_string());
    };
    let iv_ty = ctx.value_type(op.lower_bound(ctx));
    let width = ctx
        .int_width(iv_ty)
        .ok_or("the induction variable is not an integer")?;
    let unsigned = op.is_unsigned(ctx);
    let step = if unsigned { step & mask(width) } else { step };
    if step <= 0 {
        return Err(format!("the step {step} is not positive"));
    }
    let max = if unsigned {
        mask(width)
    } else {
        mask(width - 1)
    };
    let big_step = step.checked_mul(k as i128).filter(|&s| s <= max);
    let Some(big_step) = big_step else {
        return Err(format!(
            "step * factor = {step} * {k} overflows the induction variable's type"
        ));
    };
    if k.saturating_mul(body_ops) > max_ops {
        return Err(format!(
            "{k} copies of {body_ops} ops exceed max-ops={max_ops}"
        ));
    }
    match trip_count {
        Some(n) => {
            let Some(lb) = weir_dialect_scf::constant_int(ctx, op.lower_bound(ctx)) else {
                return Err("the lower bound is not a compile-time constant".to_string());
            };
            let lb = if unsigned { lb & mask(width) } else { lb };
            let n = n as i128;
            if n < k as i128 {
                return Err(format!("trip count {n} is smaller than the factor"));
            }
            let (main, rest) = (n - n % k as i128, n % k as i128);
            // The main loop's bound is one past its last induction value, not `lb + main*step`,
            // which may not be representable near the type's maximum (e.g. i8 up to 127).
            let last = lb + (main - k as i128) * step;
            let main_ub = constant(ctx, op.op(), ctx.normalize_int(last + 1, iv_ty), iv_ty);
            let lb_v = op.lower_bound(ctx);
            let results = build_main_loop(ctx, op, lb_v, main_ub, big_step, step, k);
            let results = unroll_iterations(
                ctx,
                op,
                op.op(),
                lb + main * step,
                step,
                rest as u64,
                results,
            );
            ctx.replace_op(op.op(), &results);
            Ok(match rest {
                0 => format!(
                    "unrolled by {k}: {} iterations of {k} copies, no epilogue",
                    main / k as i128
                ),
                r => format!(
                    "unrolled by {k}: {} iterations of {k} copies and an epilogue of {r}",
                    main / k as i128
                ),
            })
        }
        None => {
            let (main_ub, epilogue_lb) = runtime_bounds(ctx, op, step, k, unsigned);
            let lb_v = op.lower_bound(ctx);
            let results = build_main_loop(ctx, op, lb_v, main_ub, big_step, step, k);
            // The original loop becomes the epilogue: from the first uncovered iteration to `ub`.
            op.set_lower_bound(ctx, epilogue_lb);
            for (i, v) in results.into_iter().enumerate() {
                op.set_init_arg(ctx, i, v);
            }
            Ok(format!(
                "unrolled by {k} with a runtime trip count; the epilogue is a loop"
            ))
        }
    }
}

/// The all-ones mask of `bits` bits.
fn mask(bits: u32) -> i128 {
    if bits >= 127 {
        i128::MAX
    } else {
        (1i128 << bits) - 1
    }
}

/// Emits, before `op`, the bounds of a by-`k` unroll with a runtime trip count `tc`
/// (`ub > lb ? ceil((ub - lb) / step) : 0`, the difference taken as unsigned since it is
/// positive when used) and `main = tc - tc mod k`:
/// - the main loop's upper bound: one past its last induction value,
///   `main == 0 ? lb : lb + (main - k) * step + 1`;
/// - the epilogue's lower bound: `main == tc ? ub : lb + main * step`.
///
/// Neither overflows the induction variable's type, unlike `lb + main * step` near its maximum.
/// A loop whose induction variable would wrap past the type's maximum (it then runs on, as
/// scf.for does) gets `main = 0`: it runs unchanged in the epilogue.
fn runtime_bounds(
    ctx: &mut Context,
    op: ForOp,
    step: i128,
    k: u64,
    unsigned: bool,
) -> (ValueId, ValueId) {
    let (lb, ub) = (op.lower_bound(ctx), op.upper_bound(ctx));
    let ty = ctx.value_type(lb);
    let loc = ctx.loc(op.op());
    let at = InsertPoint::Before(op.op());
    let bin = |ctx: &mut Context, kind: IntBinaryOp, a, b| {
        build_int_binary(ctx, at, kind, a, b, loc.clone())
    };
    let gt = if unsigned {
        CmpIPredicate::Ugt
    } else {
        CmpIPredicate::Sgt
    };
    let nonempty = build_cmpi(ctx, at, gt, ub, lb, loc.clone());
    let diff = bin(ctx, IntBinaryOp::Sub, ub, lb);
    let step_v = constant(ctx, op.op(), step, ty);
    let quotient = bin(ctx, IntBinaryOp::DivU, diff, step_v);
    let remainder = bin(ctx, IntBinaryOp::RemU, diff, step_v);
    let zero = constant(ctx, op.op(), 0, ty);
    let one = constant(ctx, op.op(), 1, ty);
    let partial = build_cmpi(ctx, at, CmpIPredicate::Ne, remainder, zero, loc.clone());
    let extra = build_select(ctx, at, partial, one, zero, loc.clone());
    let count = bin(ctx, IntBinaryOp::Add, quotient, extra);
    let tc = build_select(ctx, at, nonempty, count, zero, loc.clone());
    // A loop whose induction variable would step past the type's maximum wraps around and runs
    // on (MLIR's scf.for semantics); `tc` does not count those iterations, so such a loop runs
    // entirely in the epilogue (the original loop): main = 0.
    let last_index = bin(ctx, IntBinaryOp::Sub, tc, one);
    let last_offset = bin(ctx, IntBinaryOp::Mul, last_index, step_v);
    let last = bin(ctx, IntBinaryOp::Add, lb, last_offset);
    let width = ctx.int_width(ty).unwrap_or(64);
    let max = if unsigned {
        mask(width)
    } else {
        mask(width - 1)
    };
    let limit = constant(ctx, op.op(), ctx.normalize_int(max - step, ty), ty);
    let le = if unsigned {
        CmpIPredicate::Ule
    } else {
        CmpIPredicate::Sle
    };
    let no_wrap = build_cmpi(ctx, at, le, last, limit, loc.clone());
    let k_v = constant(ctx, op.op(), k as i128, ty);
    let leftover = bin(ctx, IntBinaryOp::RemU, tc, k_v);
    let main_if_safe = bin(ctx, IntBinaryOp::Sub, tc, leftover);
    let main = build_select(ctx, at, no_wrap, main_if_safe, zero, loc.clone());
    let main_minus_k = bin(ctx, IntBinaryOp::Sub, main, k_v);
    let last_span = bin(ctx, IntBinaryOp::Mul, main_minus_k, step_v);
    let last = bin(ctx, IntBinaryOp::Add, lb, last_span);
    let past_last = bin(ctx, IntBinaryOp::Add, last, one);
    let no_main = build_cmpi(ctx, at, CmpIPredicate::Eq, main, zero, loc.clone());
    let main_ub = build_select(ctx, at, no_main, lb, past_last, loc.clone());
    let span = bin(ctx, IntBinaryOp::Mul, main, step_v);
    let next = bin(ctx, IntBinaryOp::Add, lb, span);
    let all_main = build_cmpi(ctx, at, CmpIPredicate::Eq, main, tc, loc.clone());
    let epilogue_lb = build_select(ctx, at, all_main, ub, next, loc);
    (main_ub, epilogue_lb)
}

/// Builds, before `op`, an `scf.for` from `lb` to `ub` with step `big_step` whose body is `k`
/// copies of `op`'s body (copy j sees `iv + j*step`); returns its results.
fn build_main_loop(
    ctx: &mut Context,
    op: ForOp,
    lb: ValueId,
    ub: ValueId,
    big_step: i128,
    step: i128,
    k: u64,
) -> Vec<ValueId> {
    let iv_ty = ctx.value_type(lb);
    let loc = ctx.loc(op.op());
    let step_v = constant(ctx, op.op(), big_step, iv_ty);
    let inits = op.init_args(ctx).to_vec();
    let new = ForOp::build(
        ctx,
        InsertPoint::Before(op.op()),
        [lb, ub, step_v],
        &inits,
        loc.clone(),
    );
    for a in ctx.attrs(op.op()).to_vec() {
        ctx.set_named_attr(new.op(), a);
    }
    let body = new.body(ctx);
    let terminator = build_yield(ctx, InsertPoint::End(body), &[], loc.clone()).op();
    let old_body = op.body(ctx);
    let iv = ctx.block_args(body)[0];
    let mut carried = ctx.block_args(body)[1..].to_vec();
    for j in 0..k as i128 {
        let iv_j = if j == 0 {
            iv
        } else {
            let offset = constant(ctx, terminator, ctx.normalize_int(j * step, iv_ty), iv_ty);
            build_int_binary(
                ctx,
                InsertPoint::Before(terminator),
                IntBinaryOp::Add,
                iv,
                offset,
                loc.clone(),
            )
        };
        let mut args = vec![iv_j];
        args.extend(&carried);
        carried = copy_block(ctx, old_body, terminator, &args);
    }
    ctx.set_operands(terminator, carried);
    ctx.results(new.op()).to_vec()
}
