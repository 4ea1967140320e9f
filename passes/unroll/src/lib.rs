//! `--scf-unroll`: loop unrolling within a budget (SEMANTICS.md section 3).
//!
//! - `full=true`: every `scf.for` whose trip count is a compile-time constant, and every
//!   `scf.while` whose trip count is decidable (`weir_dialect_scf::while_trip_count`), is
//!   replaced by one copy of its body per iteration, the induction variable a constant in each
//!   copy and the loop-carried values threaded from copy to copy.
//! - `factor=N`: `scf.for` loops become a main loop of `floor(n/N)` iterations of N copies
//!   (step `step*N`) plus an epilogue for the `n mod N` remaining iterations: inlined copies when
//!   `n` is a constant (none when N divides n), an epilogue loop when the bounds are runtime
//!   values (the trip count is then computed at run time, zero when `ub <= lb`).
//! - The budget: a loop is unrolled only if its trip count is at most `max-trip-count` and the
//!   copies hold at most `max-ops` ops; `remarks=true` says for every loop what was done, or why
//!   not.
//!
//! Loops are processed inner-first, in rounds: loops copied by an unroll whose bounds became
//! constant (an inner loop bounded by the outer induction variable) are fully unrolled in the
//! next round, until nothing changes (see [`run`]). After unrolling, constant conditions inside the copies are
//! folded (the `fold-constant-conditions` patterns), so e.g. an `scf.if` on the induction
//! variable disappears. A `weir.loop` with a constant max and a condition that stays true is
//! first turned into an `scf.for` by the same patterns, and then unrolls like one.
//!
//! Differences from MLIR 22 (`-test-loop-unrolling`): trip counts are exact for narrow and
//! unsigned induction variables and never overflow (computed in 128-bit arithmetic); runtime
//! trip counts are zero when `ub <= lb` (MLIR's `divui(ub - lb + step - 1, step)` is not);
//! a factor whose `step * factor` overflows the induction variable's type is refused.

mod factor;
mod full;

use std::collections::HashSet;
use weir_dialect_scf::{ForOp, WhileOp};
use weir_dialect_weir::LoopOp;
use weir_ir::interfaces::loop_like::loop_like;
use weir_ir::{Context, Diagnostic, OpId};
use weir_pass::{Pass, PassInfo, PassOption};
use weir_rewrite::constant_condition::{constant_condition_patterns, ConstantConditionFolding};

/// Default `max-trip-count`: loops with more iterations stay loops.
pub const DEFAULT_MAX_TRIP_COUNT: u64 = 4096;
/// Default `max-ops`: a full unroll may create at most this many ops.
pub const DEFAULT_MAX_OPS: u64 = 65536;

/// The options of `--scf-unroll`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnrollOptions {
    /// Fully unroll loops with a constant trip count (within the budget).
    pub full: bool,
    /// Unroll `scf.for` loops by this factor (1 = off); used where a full unroll does not apply.
    pub factor: u64,
    /// The largest trip count that is unrolled.
    pub max_trip_count: u64,
    /// The largest number of ops the copies of one loop may hold.
    pub max_ops: u64,
    /// Emit a remark per loop.
    pub remarks: bool,
}

impl Default for UnrollOptions {
    fn default() -> Self {
        UnrollOptions {
            full: false,
            factor: 1,
            max_trip_count: DEFAULT_MAX_TRIP_COUNT,
            max_ops: DEFAULT_MAX_OPS,
            remarks: false,
        }
    }
}

const OPTIONS: &[PassOption] = &[
    PassOption {
        name: "full",
        help: "fully unroll loops whose trip count is a compile-time constant (default false)",
    },
    PassOption {
        name: "factor",
        help: "unroll scf.for loops by this factor, with an epilogue (default 1: off)",
    },
    PassOption {
        name: "max-trip-count",
        help: "loops with more iterations are not unrolled (default 4096)",
    },
    PassOption {
        name: "max-ops",
        help: "an unroll may create at most this many ops (default 65536)",
    },
    PassOption {
        name: "remarks",
        help: "emit a remark per loop: unrolled, or not and why (default false)",
    },
];

/// `--scf-unroll="full=true factor=N max-trip-count=N max-ops=N remarks=true"`.
pub const PASS: PassInfo = PassInfo {
    name: "scf-unroll",
    summary: "Unroll scf.for / scf.while loops fully or by a factor, within a budget",
    options: OPTIONS,
    function_level: true,
    create: |o| {
        let options = UnrollOptions {
            full: o.get_bool("full", false)?,
            factor: o.get_u64("factor", 1)?,
            max_trip_count: o.get_u64("max-trip-count", DEFAULT_MAX_TRIP_COUNT)?,
            max_ops: o.get_u64("max-ops", DEFAULT_MAX_OPS)?,
            remarks: o.get_bool("remarks", false)?,
        };
        if options.factor == 0 {
            return Err("scf-unroll: factor must be at least 1".to_string());
        }
        Ok(Box::new(Unroll(options)))
    },
};

struct Unroll(UnrollOptions);

impl Pass for Unroll {
    fn name(&self) -> &'static str {
        PASS.name
    }

    fn run(&self, ctx: &mut Context, op: OpId, diags: &mut Vec<Diagnostic>) {
        run(ctx, op, &self.0, diags);
    }
}

/// Unrolls the loops nested in `root` per `options`; remarks go to `diags`.
///
/// Rounds: the first visits every loop, inner loops first. Unrolling a loop copies the loops
/// nested in it, and folding the copies may make their bounds constant (an inner loop bounded
/// by the outer induction variable); with `full=true` each further round fully unrolls those
/// newly constant copies (within the budget), until a round changes nothing. Every round
/// removes a level of nesting from the loops it unrolls, so the rounds are at most the nesting
/// depth. Remarks are kept for the loops that were unrolled and those that remain; a loop that
/// disappeared because its parent was unrolled is reported through its copies.
pub fn run(ctx: &mut Context, root: OpId, options: &UnrollOptions, diags: &mut Vec<Diagnostic>) {
    // The clean-up after unrolling: the folders and the constant-condition patterns (what
    // `--fold-constant-conditions` runs).
    if !ctx.has_interface_models::<ConstantConditionFolding>() {
        diags.push(Diagnostic::error(
            ctx.loc(root),
            format!("{}: the ConstantConditionFolding interface is not registered (register the dialects with weir_dialects::register_all)", PASS.name),
        ));
        return;
    }
    let fold = weir_rewrite::GreedyConfig {
        pattern_filter: Some(constant_condition_patterns),
        ..Default::default()
    };
    // `weir.loop`s with a constant max and a condition that stays true become `scf.for` loops
    // (a constant-condition pattern), which then unroll like any other.
    if ctx
        .nested_ops(root)
        .iter()
        .any(|&o| LoopOp::of(ctx, o).is_some())
    {
        diags.extend(weir_rewrite::apply_patterns_greedily(ctx, root, &fold).diagnostics);
    }
    let mut remarks: Vec<(OpId, Outcome)> = Vec::new();
    let mut seen: HashSet<OpId> = HashSet::new();
    let mut first_round = true;
    let mut factor_made: Vec<std::ops::Range<usize>> = Vec::new();
    loop {
        let mut loops = ctx.nested_ops(root);
        loops.reverse(); // inner loops before the loops around them
        let mut changed = false;
        for op in loops {
            if ctx.is_erased(op) || loop_like(ctx, op).is_none() || !seen.insert(op) {
                continue;
            }
            let outcome = if first_round {
                let created_from = ctx.op_capacity();
                let outcome = unroll_loop(ctx, op, options);
                if outcome.changed && !outcome.full {
                    // Loops made by a factor unroll are done with: no further round unrolls
                    // them fully past the budget their original was refused for.
                    factor_made.push(created_from..ctx.op_capacity());
                }
                outcome
            } else if factor_made.iter().any(|r| r.contains(&op.index())) {
                continue;
            } else {
                // A copy made by an earlier round: only a full unroll is new for it (a factor
                // unroll already happened to the loop it was copied from).
                match try_full_unroll(ctx, op, options) {
                    Ok(outcome) => outcome,
                    Err(why) => Outcome {
                        changed: false,
                        full: false,
                        loc: ctx.loc(op),
                        message: format!("not unrolled: {why}"),
                    },
                }
            };
            changed |= outcome.changed;
            remarks.push((op, outcome));
        }
        if !changed {
            break;
        }
        diags.extend(weir_rewrite::apply_patterns_greedily(ctx, root, &fold).diagnostics);
        first_round = false;
        if !options.full {
            break;
        }
    }
    if options.remarks {
        for (op, outcome) in remarks {
            // A loop that is gone without having been unrolled was copied with its parent.
            if outcome.changed || !ctx.is_erased(op) {
                diags.push(Diagnostic::remark(outcome.loc, outcome.message));
            }
        }
    }
    diags.sort_by_key(|d| d.loc.file_line_col().map(|(_, l, c)| (l, c)));
}

struct Outcome {
    changed: bool,
    /// The loop was fully unrolled (not by a factor).
    full: bool,
    loc: weir_ir::Location,
    message: String,
}

fn unroll_loop(ctx: &mut Context, op: OpId, o: &UnrollOptions) -> Outcome {
    let loc = ctx.loc(op);
    let done = |changed, message: String| Outcome {
        changed,
        full: false,
        loc: loc.clone(),
        message,
    };
    let why_not_full = if o.full {
        match try_full_unroll(ctx, op, o) {
            Ok(outcome) => return outcome,
            Err(why) => Some(why),
        }
    } else {
        None
    };
    let Some(l) = loop_like(ctx, op) else {
        return done(false, "not unrolled: not a loop".to_string());
    };
    let is_for = (l.induction_var)(ctx, op).is_some();
    let body_ops = full::body_op_count(ctx, op);
    if o.factor > 1 {
        if !is_for {
            return done(
                false,
                "not unrolled: scf.while is only unrolled fully".to_string(),
            );
        }
        let Some(for_op) = ForOp::of(ctx, op) else {
            return done(
                false,
                "not unrolled: only scf.for is unrolled by a factor".to_string(),
            );
        };
        let trip_count = (l.trip_count)(ctx, op);
        return match factor::unroll_by_factor(
            ctx, for_op, o.factor, trip_count, body_ops, o.max_ops,
        ) {
            Ok(message) => done(true, message),
            Err(why) => done(false, format!("not unrolled by {}: {why}", o.factor)),
        };
    }
    match why_not_full {
        Some(why) => done(false, format!("not unrolled: {why}")),
        None => done(
            false,
            "not unrolled: neither full=true nor factor>1 was requested".to_string(),
        ),
    }
}

/// Fully unrolls `op` (an `scf.for` or `scf.while`) if its trip count is a compile-time constant
/// within the budget; otherwise says why not.
fn try_full_unroll(ctx: &mut Context, op: OpId, o: &UnrollOptions) -> Result<Outcome, String> {
    let Some(l) = loop_like(ctx, op) else {
        return Err("not a loop".to_string());
    };
    // A loop with an induction variable is counted (`scf.for`-like), one without runs its
    // regions in turn while a condition holds (`scf.while`-like).
    let is_for = (l.induction_var)(ctx, op).is_some();
    let trip_count = (l.trip_count)(ctx, op);
    let body_ops = full::body_op_count(ctx, op);
    match trip_count {
        None if ForOp::of(ctx, op).is_some() => {
            Err(weir_dialect_scf::no_trip_count_reason(ctx, op).to_string())
        }
        None => Err("the trip count is not a compile-time constant".to_string()),
        Some(n) if n > o.max_trip_count as u128 => Err(format!(
            "trip count {n} exceeds max-trip-count={}",
            o.max_trip_count
        )),
        Some(n) if n.saturating_mul(body_ops as u128) > o.max_ops as u128 => Err(format!(
            "{n} copies of {body_ops} ops exceed max-ops={}",
            o.max_ops
        )),
        Some(n) => {
            let n = n as u64;
            let loc = ctx.loc(op);
            match (ForOp::of(ctx, op), WhileOp::of(ctx, op)) {
                (Some(f), _) if is_for => {
                    if !weir_dialect_scf::unroll_for(ctx, f, n) {
                        return Err("the lower bound or the step is not a constant".to_string());
                    }
                }
                (_, Some(w)) if !is_for => full::unroll_while(ctx, w, n),
                _ => return Err("only scf.for and scf.while are unrolled".to_string()),
            }
            Ok(Outcome {
                changed: true,
                full: true,
                loc,
                message: format!("unrolled: trip count {n}, {n} copies"),
            })
        }
    }
}
