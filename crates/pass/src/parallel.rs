//! Running a group of function-level passes on each function of a module, on one thread or
//! several, with the same result (see [`crate::run_pipeline`]).
//!
//! The IR is one arena (`weir_ir::Context`) mutated through `&mut`, so threads cannot share it.
//! A module whose largest function holds more than half of its ops runs on one thread.
//! The functions are split into contiguous pieces of similar op count, [`PIECES_PER_THREAD`]
//! per thread, taken in rounds of one piece per thread. In a round, the main thread forks each
//! piece but the first ([`Context::fork`], before anything changes the parent): a child
//! context with a copy of the interning tables, a copy of the piece's functions, and bodiless
//! stubs of the module's other ops (so a `func.call`'s verifier still finds its callee's
//! signature); it runs the first piece in place while a worker thread runs each fork. Every
//! thread runs the group on its functions one after the other, exactly as the sequential
//! schedule does (each pass, then the verifier on that function), collecting each function's
//! diagnostics apart, and stops at its first failing function. The main thread then emits the
//! diagnostics in module order and merges the forks' new bodies back ([`Context::merge`]: what
//! a child interned after the fork is interned in the parent; a new body takes the slots of
//! the old one), and stops after the first function that failed, as the sequential schedule
//! does (the functions after it keep their old bodies, since the sequential run never reached
//! them). The copies keep the order of use and predecessor lists, which passes follow, so a
//! pass does on a copy what it does in place. Rounds, not one fork per thread for the whole
//! run: the parent and a fork hold two copies of the forked functions until the merge, so
//! small rounds bound that to a fraction of the module (for 2·10^5 ops, 17 MB less peak RSS
//! than a fork of half the module; docs/benchmarks.md, "Peak RSS"), at the cost of copying
//! the interning tables once per fork.
//!
//! Why not share the arena: mutating one context from several threads would need locks or
//! interior mutability in the IR core, which the core rules out, and would make ids depend on
//! thread timing. Why contiguous pieces of similar op counts in a fixed schedule, not work
//! stealing: a child's content then depends only on the thread count, so runs are repeatable.

use crate::{Instrumentation, Pass, RunReport};
use std::ops::Range;
use std::time::{Duration, Instant};
use weir_ir::{Context, Diagnostic, Fork, OpId, Severity, Traits};

/// Stack size of the pass threads: the tools' walker stack (8 MiB, `weir_tools::WALKER_STACK`),
/// on which passes run on the main thread.
const PASS_THREAD_STACK: usize = 8 << 20;

/// The ops of `op`'s blocks when there is at least one and every one can be scheduled as a
/// function ([`all_schedulable`]); `None` otherwise (the group then runs on `op` itself).
pub(crate) fn isolated_children(ctx: &Context, op: OpId) -> Option<Vec<OpId>> {
    let children: Vec<OpId> = ctx
        .regions(op)
        .iter()
        .flat_map(|&r| ctx.blocks(r))
        .flat_map(|b| ctx.ops(b))
        .collect();
    (!children.is_empty() && all_schedulable(ctx, &children)).then_some(children)
}

/// Whether each of `ops` is registered as isolated from above and has no operands and no
/// successors, so that a pass on it touches nothing outside it and it can be forked.
pub(crate) fn all_schedulable(ctx: &Context, ops: &[OpId]) -> bool {
    ops.iter().all(|&o| {
        ctx.has_traits(o, Traits::ISOLATED_FROM_ABOVE)
            && ctx.operands(o).is_empty()
            && ctx.successors(o).is_empty()
    })
}

/// What running the group on one function gave.
struct Outcome {
    diagnostics: Vec<Diagnostic>,
    failed: bool,
}

/// Runs `passes` (function-level) on each of `functions` (ops of `root`'s blocks, in order):
/// on a function, each pass then the verifier; stops after the first function that fails.
pub(crate) fn run_on_each(
    ctx: &mut Context,
    root: OpId,
    functions: &[OpId],
    passes: &[&dyn Pass],
    inst: &Instrumentation<'_>,
    report: &mut RunReport,
) {
    let threads = ctx.threads().min(functions.len());
    let large = inst
        .parallel_min_ops
        .is_some_and(|min| ctx.op_capacity() >= min);
    let mut times = vec![Duration::ZERO; passes.len()];
    let sizes: Vec<usize> = if threads > 1 && large {
        functions
            .iter()
            .map(|&f| 1 + ctx.nested_ops(f).len())
            .collect()
    } else {
        Vec::new()
    };
    // One function holding most of the module (the kit's if_L, one long function) leaves the
    // other threads little to do, and forking it would copy it twice: one thread then.
    let balanced = sizes
        .iter()
        .max()
        .is_some_and(|&m| 2 * m <= sizes.iter().sum());
    if balanced {
        run_on_threads(
            ctx, root, functions, &sizes, passes, threads, &mut times, report,
        );
    } else {
        let outcomes = run_chunk(ctx, functions, passes, &mut times);
        emit(outcomes, report);
    }
    if inst.timing {
        for (p, t) in passes.iter().zip(times) {
            report.timings.push((p.name().to_string(), t));
        }
    }
}

/// How many pieces per thread [`run_on_threads`] splits the functions into: the parent holds a
/// second copy of the pieces in flight only, and each fork copies the interning tables once
/// more.
const PIECES_PER_THREAD: usize = 4;

/// [`run_on_each`] on `threads` threads: the functions in pieces of similar op count, taken in
/// rounds of `threads` pieces: the first piece of a round runs in place on the calling thread,
/// each other one in a fork of its own on a worker thread, forked when its round starts and
/// merged back in order when the round's in-place piece is done. The parent thus changes in
/// the same order on every run and holds a second copy of one round's forked pieces at most
/// (a merged body takes the slots of the one it replaces). `sizes`: each function's op count.
#[allow(clippy::too_many_arguments)]
fn run_on_threads(
    ctx: &mut Context,
    root: OpId,
    functions: &[OpId],
    sizes: &[usize],
    passes: &[&dyn Pass],
    threads: usize,
    times: &mut [Duration],
    report: &mut RunReport,
) {
    let pieces: Vec<&[OpId]> = chunks(sizes, threads * PIECES_PER_THREAD)
        .into_iter()
        .map(|r| &functions[r])
        .collect();
    let run_fork = |mut fork: Fork| {
        let mut times = vec![Duration::ZERO; passes.len()];
        let outcomes = run_chunk(&mut fork.ctx, &fork.ops, passes, &mut times);
        (fork, outcomes, times)
    };
    for round in pieces.chunks(threads) {
        let parent: &Context = ctx;
        // A fork stays in its slot when its thread cannot be started; it then runs here.
        let mut slots: Vec<Option<Fork>> = round[1..]
            .iter()
            .map(|piece| Some(parent.fork(root, piece)))
            .collect();
        let done = std::thread::scope(|s| {
            let run_fork = &run_fork;
            let spawned: Vec<_> = slots
                .iter_mut()
                .map(|slot| {
                    std::thread::Builder::new()
                        .stack_size(PASS_THREAD_STACK)
                        .spawn_scoped(s, move || slot.take().map(run_fork))
                })
                .collect();
            let own = run_chunk(ctx, round[0], passes, times);
            let ok = emit(own, report);
            let others: Vec<_> = spawned
                .into_iter()
                .map(|h| {
                    h.ok()
                        .and_then(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                })
                .collect();
            (ok, others)
        });
        let (ok, mut others) = done;
        if !ok {
            return;
        }
        for (slot, result) in slots.iter_mut().zip(&mut others) {
            if result.is_none() {
                *result = slot.take().map(&run_fork);
            }
        }
        for (fork, outcomes, piece_times) in others.into_iter().flatten() {
            for (t, c) in times.iter_mut().zip(piece_times) {
                *t += c;
            }
            let count = outcomes.len();
            let ok = emit(outcomes, report);
            ctx.merge(&fork, count);
            if !ok {
                return;
            }
        }
    }
}

/// Runs the group on each of `functions` of `ctx` in order, stopping after the first that
/// fails (the outcomes end there). With several functions the verifier stays on this thread:
/// starting threads to verify each small function costs far more than it saves.
fn run_chunk(
    ctx: &mut Context,
    functions: &[OpId],
    passes: &[&dyn Pass],
    times: &mut [Duration],
) -> Vec<Outcome> {
    let threads = ctx.threads();
    if functions.len() > 1 {
        ctx.set_threads(1);
    }
    let mut outcomes = Vec::with_capacity(functions.len());
    for &f in functions {
        let outcome = run_group(ctx, f, passes, times);
        let failed = outcome.failed;
        outcomes.push(outcome);
        if failed {
            break;
        }
    }
    ctx.set_threads(threads);
    outcomes
}

/// Adds the diagnostics of `outcomes` to `report`; returns false (and marks the report
/// failed) if the last one failed.
fn emit(outcomes: Vec<Outcome>, report: &mut RunReport) -> bool {
    let failed = outcomes.last().is_some_and(|o| o.failed);
    for outcome in outcomes {
        report.diagnostics.extend(outcome.diagnostics);
    }
    report.failed |= failed;
    !failed
}

/// Runs `passes` on function `f` of `ctx`, each followed by the verifier on `f`, until one
/// fails; adds each pass's wall time to `times`.
fn run_group(ctx: &mut Context, f: OpId, passes: &[&dyn Pass], times: &mut [Duration]) -> Outcome {
    let mut diagnostics = Vec::new();
    for (pass, time) in passes.iter().zip(times.iter_mut()) {
        let start = Instant::now();
        let before = diagnostics.len();
        pass.run(ctx, f, &mut diagnostics);
        *time += start.elapsed();
        let failed = diagnostics[before..]
            .iter()
            .any(|d| d.severity == Severity::Error);
        if failed {
            return Outcome {
                diagnostics,
                failed,
            };
        }
        if let Err(d) = weir_ir::verify(ctx, f) {
            diagnostics.push(d);
            return Outcome {
                diagnostics,
                failed: true,
            };
        }
    }
    Outcome {
        diagnostics,
        failed: false,
    }
}

/// `0..sizes.len()` split into at most `n` contiguous, non-empty ranges of similar total
/// size (`sizes` non-empty, `n >= 1`).
fn chunks(sizes: &[usize], n: usize) -> Vec<Range<usize>> {
    let total: usize = sizes.iter().sum();
    let n = n.min(sizes.len());
    let mut out = Vec::with_capacity(n);
    let (mut start, mut acc) = (0, 0);
    for (i, size) in sizes.iter().enumerate() {
        acc += size;
        // Close range k once the ranges so far hold their share (k + 1) * total / n, or when
        // only one item is left for each range still to come.
        let k = out.len();
        let (left, to_come) = (sizes.len() - (i + 1), n - (k + 1));
        if k + 1 < n && (left == to_come || (acc * n >= (k + 1) * total && left > to_come)) {
            out.push(start..i + 1);
            start = i + 1;
        }
    }
    out.push(start..sizes.len());
    out
}

#[cfg(test)]
mod tests {
    use super::chunks;

    /// Ranges cover the items in order, none is empty, and sizes are balanced.
    #[test]
    fn chunks_are_contiguous_non_empty_and_balanced() {
        assert_eq!(chunks(&[1, 1, 1, 1], 2), [0..2, 2..4]);
        assert_eq!(chunks(&[5, 1, 1, 1, 1, 1], 2), [0..1, 1..6]);
        assert_eq!(chunks(&[1, 1, 8], 2), [0..2, 2..3]);
        // A heavy last item still leaves one item per range.
        assert_eq!(chunks(&[1, 1, 100], 3), [0..1, 1..2, 2..3]);
        assert_eq!(chunks(&[3, 3], 5), [0..1, 1..2]);
        assert_eq!(chunks(&[7], 1), vec![0..1]);
        assert_eq!(chunks(&[0, 0, 0], 2), [0..1, 1..3]);
    }
}
