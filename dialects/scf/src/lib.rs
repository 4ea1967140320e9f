//! The scf dialect: structured control flow (MLIR `SCFOps.td`, release 22).
//!
//! One module per op, each holding the op's syntax (parse/print), its verifier and its docs:
//!
//! | op | module | regions |
//! |---|---|---|
//! | `scf.if` | `if_op` (file `if.rs`) | then, else (empty when absent) |
//! | `scf.for` | `for_op` | body `(iv, iter_args...)` |
//! | `scf.while` | `while_op` | before `(args...)`, after `(args...)` |
//! | `scf.index_switch` | `index_switch` | default, case0, case1, ... |
//! | `scf.execute_region` | `execute_region` | one CFG region, no arguments |
//! | `scf.parallel` | `parallel` | body `(ivs...)`, ends with `scf.reduce` |
//! | `scf.yield` | `yield_op` | terminator of all of the above but `scf.parallel` |
//! | `scf.condition` | `condition` | terminator of `scf.while`'s before region |
//! | `scf.reduce` | `reduce` | terminator of `scf.parallel`; one reduction region `(lhs, rhs)` per operand |
//! | `scf.reduce.return` | `reduce` | terminator of a reduction region |
//!
//! Syntax, printed forms and verifier messages are those of upstream `mlir-opt` 22, so what
//! Weir prints parses there and the reverse. `cargo test -p weir-dialect-scf --features
//! mlir-oracle` re-checks this against mlir-opt itself (every test input's printed form, generic
//! form and first diagnostic). Deliberate differences:
//! - `scf.for` with a constant step `<= 0` (`== 0` for `unsigned`) is accepted, as in 22, but
//!   `--canonicalize` keeps it when it may run (22 removes it as if it ran no trip; running it is
//!   undefined behaviour): see `for_op`;
//! - stricter: `scf.index_switch` regions may not have arguments (22 accepts and ignores them);
//! - `scf.index_switch` accepts the case values `INT64_MAX` and `INT64_MIN` anywhere (22 may
//!   report `has duplicate case value: 9223372036854775807`, e.g. for `case 1` then `case
//!   INT64_MAX`: its check uses a `DenseSet<int64_t>`, whose reserved keys these are);
//! - an implicit terminator is left out when printing only if it has no operands and no
//!   attributes (22 also drops a `scf.yield {attr}`, losing the attribute);
//! - `N-th region iter_arg and N-th loop result have different type` gives the real index (22
//!   always says `0-th`), and an `scf.for` body without arguments gets its own message (22 prints
//!   an underflowed count).
//!
//! Each op's checks are split as MLIR 22 splits them, so that with several errors in one input
//! the first one reported is 22's: the op's verifier (`OpDef::verifier`) holds what 22 checks
//! before the ops nested in the regions (ODS operand, result, attribute and region constraints,
//! traits such as `NoRegionArguments` and `HasParent`, the op's C++ `verify()`: e.g.
//! `scf.while`'s and `scf.index_switch`'s terminator checks); the region verifier
//! (`OpDef::region_verifier`) holds what 22 checks after them (`SingleBlockImplicitTerminator`,
//! `LoopLikeOpInterface`, the `RegionBranchOpInterface` edges, `verifyRegions()`: e.g.
//! `scf.for`'s induction variable type). So a `scf.condition` in an `scf.for` body is reported
//! as `'scf.condition' op expects parent op 'scf.while'`, before the for's terminator check.
//!
//! Traits: `scf.if`, `scf.for`, `scf.while` and `scf.index_switch` are `SINGLE_BLOCK` (as in
//! MLIR); `scf.execute_region` is not. None of the region ops is `PURE` (their regions may have
//! side effects). `scf.if`, `scf.index_switch`, `scf.for` and `scf.while` are
//! `RECURSIVELY_PURE` (MLIR `RecursiveMemoryEffects`: pure when everything inside is, so an
//! unused one is dead code). For `scf.while` this means, as in MLIR 22, that an unused loop
//! without side effects is erased even if it would not terminate (a loop that only computes
//! values nobody reads is not observable; issue 8 made Weir follow 22 here, it used to keep
//! them). `scf.parallel` is `SINGLE_BLOCK | RECURSIVELY_PURE` too, `scf.reduce` is
//! `TERMINATOR | RECURSIVELY_PURE` (MLIR `RecursiveMemoryEffects`), `scf.reduce.return` is
//! `TERMINATOR | PURE`. `scf.execute_region` is not `RECURSIVELY_PURE` (its CFG region may
//! hold a multi-block cycle). `scf.yield` is
//! `TERMINATOR | RETURN_LIKE | PURE`, `scf.condition` is `TERMINATOR | PURE` (in MLIR it is a
//! region-branch terminator, not return-like).
//!
//! # Canonicalization (`--canonicalize`, `--fold-constant-conditions`)
//! Patterns registered with each op (the constant-condition one, `X::CONSTANT_CONDITION` on
//! the op's view, runs in both passes; the others only in `--canonicalize`), and the
//! `X::describe_kept` remarks for ops that stay (the canonicalize crate attaches both to the op
//! as its `ConstantConditionFolding` interface):
//!
//! | op | constant condition | other patterns | remark when kept |
//! |---|---|---|---|
//! | `scf.if` | constant condition: taken region inlined (false without else: erased) | unused results dropped; results yielding values defined outside become that value, the condition, its negation or `arith.select`; empty else removed | `variable condition: kept` |
//! | `scf.index_switch` | constant index: matching case (or default) inlined | unused results dropped | `variable index: kept` |
//! | `scf.for` | trip count 0: results = inits; 1: body inlined with iv = lb ([`constant_trip_count`]) | iter_args passed through or yielding their init = the init; results of a loop of >= 1 trip yielding a value defined outside = that value; unobservable iter_args removed | `constant trip count N: kept as a loop` / `constant step N is not positive: kept (...)` / `variable trip count: kept` |
//! | `scf.while` | condition false on entry: before region inlined once, results = forwarded values | before arguments passed through = the init; values forwarded from outside = that value; unobservable carried values removed | `constant trip count N: kept as a loop` ([`while_trip_count`]) / `variable condition: kept` |
//! | `scf.execute_region` | | single block (without `no_inline`): inlined | |
//! | `scf.parallel` | | a dimension of 0 trips: results = inits; dimensions of 1 trip removed (none left: body and reductions inlined); nested loops without reductions merged | |
//!
//! Inlining moves a region's ops in front of the op, in order, so side effects (calls,
//! `cf.assert`, unregistered ops) are never dropped. Conditions of `scf.while` are decided by a
//! small evaluator of integer arith ops (module `eval`), not by cloning IR. Carried values are
//! always matched by position: no pattern merges or moves values that a condition forwards
//! twice (the miscompile of MLIR 22's `--canonicalize` on such loops, fault kind (a) of issue 3).
//!
//! Typed views: each op module exports its op's view ([`ForOp`], [`WhileOp`], [`IfOp`], ...;
//! `X::of(ctx, op)`, accessors that never fail on a verified op) and builders ([`ForOp::build`],
//! [`WhileOp::build`], [`build_yield`], [`build_condition`]); other crates use them instead of
//! op names.
//!
//! Architecture invariant: this crate depends on the IR core, the syntax crate and the arith
//! dialect it builds on (as MLIR's scf does): constants, the integer semantics of the
//! evaluator, and the arith ops its patterns create are arith's views, builders and
//! `semantics`.

mod canon;
mod common;
mod condition;
mod eval;
mod execute_region;
mod for_op;
#[path = "if.rs"]
mod if_op;
mod index_switch;
mod parallel;
mod reduce;
mod unroll;
mod while_op;
mod yield_op;

pub use condition::{build_condition, ConditionOp};
pub use eval::{while_trip_count, WHILE_SIMULATION_LIMIT};
pub use execute_region::{ExecuteRegionOp, NO_INLINE};
pub use for_op::{constant_int, constant_trip_count, no_trip_count_reason, ForOp, UNSIGNED_CMP};
pub use if_op::IfOp;
pub use index_switch::{case_values, IndexSwitchOp, CASES};
pub use parallel::{ParallelOp, OPERAND_SEGMENT_SIZES};
pub use reduce::{ReduceOp, ReduceReturnOp};
pub use unroll::{copy_block, unroll_for, unroll_iterations};
pub use while_op::WhileOp;
pub use yield_op::{build_yield, YieldOp};

use weir_ir::{Context, OpDef, Pattern, Traits};
use weir_syntax::{OpSyntax, Syntax};

/// Registers the scf ops and their syntax.
pub fn register(ctx: &mut Context, syntax: &mut Syntax) {
    let region_op = Traits::SINGLE_BLOCK | Traits::RECURSIVELY_PURE;
    #[allow(clippy::type_complexity)]
    let ops: [(
        &'static str,
        Traits,
        weir_ir::VerifyFn,
        Option<weir_ir::VerifyFn>,
        OpSyntax,
        &'static [Pattern],
        fn(OpDef) -> OpDef,
    ); 10] = [
        (
            "scf.if",
            region_op,
            if_op::verify,
            Some(if_op::verify_regions),
            OpSyntax::new(if_op::parse, if_op::print),
            if_op::PATTERNS,
            |d| d.region_branch(common::yield_to_parent),
        ),
        (
            "scf.for",
            region_op,
            for_op::verify,
            Some(for_op::verify_regions),
            OpSyntax::new(for_op::parse, for_op::print),
            for_op::PATTERNS,
            |d| {
                d.region_branch(for_op::successors)
                    .region_verifier_last(for_op::verify_induction_var)
                    .loop_like(for_op::LOOP_LIKE)
            },
        ),
        (
            "scf.while",
            region_op,
            while_op::verify,
            None,
            OpSyntax::new(while_op::parse, while_op::print),
            while_op::PATTERNS,
            |d| {
                d.region_branch(while_op::successors)
                    .loop_like(while_op::LOOP_LIKE)
            },
        ),
        (
            "scf.index_switch",
            region_op,
            index_switch::verify,
            None,
            OpSyntax::new(index_switch::parse, index_switch::print),
            index_switch::PATTERNS,
            |d| d.region_branch(common::yield_to_parent),
        ),
        (
            "scf.execute_region",
            Traits::NONE,
            execute_region::verify,
            None,
            OpSyntax::new(execute_region::parse, execute_region::print),
            execute_region::PATTERNS,
            |d| d.region_branch(common::yield_to_parent),
        ),
        (
            "scf.parallel",
            region_op,
            parallel::verify,
            None,
            OpSyntax::new(parallel::parse, parallel::print),
            parallel::PATTERNS,
            |d| d,
        ),
        (
            "scf.reduce",
            Traits::TERMINATOR | Traits::RECURSIVELY_PURE,
            reduce::verify,
            Some(reduce::verify_regions),
            OpSyntax::new(reduce::parse, reduce::print),
            &[],
            |d| d,
        ),
        (
            "scf.reduce.return",
            Traits::TERMINATOR | Traits::PURE,
            reduce::verify_return,
            None,
            OpSyntax::new(reduce::parse_return, reduce::print_return),
            &[],
            |d| d,
        ),
        (
            "scf.yield",
            Traits::TERMINATOR | Traits::RETURN_LIKE | Traits::PURE,
            yield_op::verify,
            None,
            OpSyntax::new(yield_op::parse, yield_op::print),
            &[],
            |d| d,
        ),
        (
            "scf.condition",
            Traits::TERMINATOR | Traits::PURE,
            condition::verify,
            None,
            OpSyntax::new(condition::parse, condition::print),
            &[],
            |d| d,
        ),
    ];
    for (name, traits, verify, verify_regions, op_syntax, patterns, extra) in ops {
        let mut def = OpDef::new(name, traits).verifier(verify).patterns(patterns);
        if let Some(f) = verify_regions {
            def = def.region_verifier(f);
        }
        ctx.register(extra(def));
        syntax.register(name, op_syntax);
    }
}

weir_ir::op_view! {
    /// `scf.forall` (MLIR `scf::ForallOp`). Weir does not register it (it parses only as an
    /// unregistered op); the view names it for lowerings that reject it.
    ForallOp = "scf.forall"
}
