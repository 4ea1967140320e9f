//! The weir dialect: Weir's own ops.
//!
//! # `weir.loop`
//!
//! A loop with an optional maximum trip count and an optional condition: ONNX `Loop` (opset
//! 13), DL4J SameDiff `loopWithConditions` (SEMANTICS.md section 6). It lives here rather than in
//! `scf` because upstream MLIR after release 22 is adding an `scf.loop` with different semantics.
//!
//! ## Semantics
//! ```text
//! it = 0; cond = init_cond (true if absent); vars = inits
//! while (max absent || it < max) && cond {      // `it < max` is a signed comparison
//!   (cond, vars) = body(it, cond, vars)
//!   it += 1
//! }
//! results = vars
//! ```
//! So `max <= 0`, or an initial condition `false`, runs no trip and the results are the inits.
//! The body sees the iteration number, the incoming condition and the carried values, and
//! yields the new condition and the new carried values.
//!
//! ## Syntax
//! ```mlir
//! %r:2 = weir.loop max(%m : i64) cond(%c) iter_args(%x, %y) -> (f32, tensor<5xf32>) {
//! ^bb0(%it: i64, %cond: i1, %a: f32, %b: tensor<5xf32>):
//!   ...
//!   weir.yield %next, %a2, %b2 : i1, f32, tensor<5xf32>
//! } attributes {tag}
//! ```
//! - `max(%m : T)` and `cond(%c)` are optional, in this order; `cond`'s operand is `i1`.
//! - `iter_args(%x, ...) -> (T, ...)` lists the initial carried values and the result types
//!   (which are the carried types); it is absent when nothing is carried (no results).
//! - The body block's header is always written: it declares the iteration number (type `T`: a
//!   signless integer or `index`, `max`'s type when `max` is present), the incoming condition
//!   (`i1`) and the carried values, in this order. The header is the only place that names
//!   them, so `iter_args` lists just the init operands.
//! - For readability the parser also accepts scf-style entries `iter_args(%a = %x, ...)`: the
//!   `%a` before `=` is only a label and defines nothing (the header declares the argument);
//!   the verifier checks that the header declares one carried value per `iter_args` entry.
//!   The printer always writes the plain form.
//! - `attributes {...}` after the body gives discardable attributes.
//!
//! Generic form (the structure passes are written against; do not change it):
//! ```mlir
//! %r:2 = "weir.loop"(%m, %c, %x, %y) ({
//! ^bb0(%it: i64, %cond: i1, %a: f32, %b: tensor<5xf32>):
//!   "weir.yield"(%next, %a2, %b2) : (i1, f32, tensor<5xf32>) -> ()
//! }) {operandSegmentSizes = array<i32: 1, 1, 2>} : (i64, i1, f32, tensor<5xf32>) -> (f32, tensor<5xf32>)
//! ```
//! operands `[max?, cond?, inits...]` with `operandSegmentSizes = array<i32: a, b, n>`,
//! `a, b` in {0, 1} telling whether `max` / the initial condition are present; one region with
//! one block, arguments `(it: T, cond: i1, carried...)`; terminator `weir.yield %new_cond,
//! %new_vars...` (`i1`, carried types); results = the final carried values (the inits' types).
//!
//! The verifier checks all of the above with `'weir.loop' op ...` messages (the terminator's
//! operands are reported at the `weir.yield`). As MLIR 22 does for `scf.for`, the checks are in
//! two parts: the op itself (region and block count, `operandSegmentSizes`, operand and result
//! types) before the ops nested in the body are verified; the body (its arguments, its
//! `weir.yield` terminator and the yielded values) after them. So an `scf.yield` ending a
//! `weir.loop` body is reported by its own parent check (`'scf.yield' op expects parent op to be
//! one of ...`), and any other error inside the body comes before the loop's body checks.
//!
//! # `weir.yield`
//! `weir.yield %cond, %v... : i1, T...` ends a `weir.loop` body (and nothing else). An attribute
//! dictionary, if any, comes right after the op name, as for `scf.yield`.
//!
//! # Canonicalization
//! `weir.loop` with a constant `max <= 0` or a constant false initial condition folds to its
//! inits; with a constant `max` and a condition that stays true it becomes an `scf.for`;
//! unobservable carried values are removed. See the `canon` module.
//!
//! Traits: `weir.loop` is `SINGLE_BLOCK` (not `PURE`: its body may have side effects; not
//! `RECURSIVELY_PURE` either: it may not terminate);
//! `weir.yield` is `TERMINATOR | RETURN_LIKE | PURE`.
//!
//! Typed views: [`LoopOp`] and [`YieldOp`] (accessors that never fail on a verified op).
//!
//! # Compile-time containers
//! Python lists, tuples and dicts of MindSpore's graph mode (`!weir.list`, `!weir.dict`,
//! `!weir.str`, `weir.list.append`, `weir.dict.update`, ...), resolved away by
//! canonicalization: see the [`containers`] module.
//!
//! Architecture invariant: this crate depends on the IR core, the syntax crate and the dialects
//! it builds on, scf, arith and cf (its canonicalization makes `scf.for`, `scf.index_switch`,
//! `arith.constant` and `cf.assert` ops through their builders and views).

mod canon;
pub mod containers;
mod loop_op;
mod yield_op;

pub use loop_op::{loop_operands, segment_sizes_attr, LoopOp, LoopOperands, OPERAND_SEGMENT_SIZES};
pub use yield_op::YieldOp;

use weir_ir::{Context, OpDef, Traits};
use weir_syntax::{OpSyntax, Syntax};

/// Registers the weir ops and their syntax (`weir.loop`, `weir.yield`, and the containers).
pub fn register(ctx: &mut Context, syntax: &mut Syntax) {
    containers::register(ctx, syntax);
    // Not RECURSIVELY_PURE: a loop may not terminate, so an unused one is not dead code.
    ctx.register(
        OpDef::new("weir.loop", Traits::SINGLE_BLOCK)
            .verifier(loop_op::verify)
            .region_verifier(loop_op::verify_regions)
            .region_branch(loop_op::successors)
            .patterns(canon::PATTERNS),
    );
    syntax.register("weir.loop", OpSyntax::new(loop_op::parse, loop_op::print));
    ctx.register(
        OpDef::new(
            "weir.yield",
            Traits::TERMINATOR | Traits::RETURN_LIKE | Traits::PURE,
        )
        .verifier(yield_op::verify),
    );
    syntax.register(
        "weir.yield",
        OpSyntax::new(yield_op::parse, yield_op::print),
    );
}
