//! Lowering of `weir.loop` (Weir's loop with an optional maximum trip count and an optional
//! condition, the semantics of ONNX `Loop`-13; SEMANTICS.md section 6) to `scf.while`.
//!
//! `weir.loop`'s generic structure:
//! * operands `[max?, cond?, inits...]`, with `operandSegmentSizes = array<i32: a, b, n>` where
//!   `a`, `b` ∈ {0, 1} say whether `max` and the initial `cond` are present;
//! * one region with one block whose arguments are (iteration number of type `T`, incoming
//!   condition `i1`, carried values...); `T` is a signless integer or `index`, and is `max`'s
//!   type when `max` is present;
//! * terminator `weir.yield %new_cond, %new_vars...`;
//! * results: the final carried values (types of the inits).
//!
//! Semantics: `it = 0; cond = init_cond (true if absent);
//! while (max absent || it < max (signed)) && cond { (cond, vars) = body(it, cond, vars); it += 1 }`;
//! the results are `vars` (so `max <= 0`, or an initial `cond` false, runs no trip and yields the
//! inits).
//!
//! The lowering:
//! ```mlir
//! %c0 = arith.constant 0 : T
//! %c1 = arith.constant 1 : T
//! %true = arith.constant true              // only when the initial cond is absent
//! %w:(2+n) = scf.while (%it = %c0, %c = %cond, %v = %inits...) : (T, i1, ...) -> (T, i1, ...) {
//!   %lt = arith.cmpi slt, %it, %max : T    // only when max is present,
//!   %go = arith.andi %lt, %c : i1          // else %go is %c
//!   scf.condition(%go) %it, %c, %v...
//! } do {
//! ^bb0(%it, %c, %v...):                    // the weir.loop body block, moved
//!   ...
//!   %it1 = arith.addi %it, %c1 : T         // replaces weir.yield %nc, %nv...
//!   scf.yield %it1, %nc, %nv...
//! }
//! // uses of weir.loop's results -> %w#2 ...
//! ```
//! All new ops take the location of the `weir.loop`, except the `arith.addi` and `scf.yield`,
//! which take the location of the `weir.yield` they replace.
//!
//! The pass is a partial dialect conversion (`weir_conversion`) with `weir.loop` illegal. It runs
//! on verified IR (the tools verify after parsing, the pass manager after each pass), so it
//! reads the loop through `weir_dialect_weir::LoopOp`, whose accessors rely on the structure the
//! weir verifier checked, without checking it again, and builds with the scf and arith builders:
//! it names no op and no predicate itself.

#![warn(missing_docs)]

use weir_conversion::{apply_partial_conversion, ConversionPatternSet, ConversionTarget};
use weir_dialect_arith::{build_addi, build_andi, build_cmpi, build_int_constant, CmpIPredicate};
use weir_dialect_scf::{build_condition, build_yield, WhileOp};
use weir_dialect_weir::LoopOp;
use weir_ir::{Context, DiagResult, Diagnostic, InsertPoint, OpId, OpState};

/// Lowers every `weir.loop` nested (at any depth) in `root` to `scf.while` (see the crate docs
/// for the exact form): a partial dialect conversion (`weir_conversion`) whose target marks
/// `weir.loop` illegal and leaves every other op as it is.
///
/// `root` must have passed the verifier (`weir_ir::verify`): the lowering reads each loop
/// through its view without checking its structure again. The error is the conversion driver's
/// (a `weir.loop` left illegal), which verified IR does not produce.
pub fn run(ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
    // Compile-time containers have no lowering: one left is the error of its resolution.
    weir_dialect_weir::containers::check_resolved(ctx, root)?;
    let mut target = ConversionTarget::new();
    target.add_illegal_op(LoopOp::NAME);
    let mut patterns = ConversionPatternSet::new();
    patterns.add(LoopOp::NAME, |rw, op, _| match LoopOp::of(rw.ctx, op) {
        Some(lp) => lower_loop(rw.ctx, lp).map(|()| true),
        None => Ok(false),
    });
    apply_partial_conversion(ctx, root, &target, &patterns)
}

/// What [`check_loop`] found out about a `weir.loop`.
/// Lowers one `weir.loop` (see the crate docs).
fn lower_loop(ctx: &mut Context, lp: LoopOp) -> DiagResult<()> {
    let op = lp.op();
    let (max, cond) = (lp.max_trip_count(ctx), lp.initial_condition(ctx));
    let inits = lp.inits(ctx).to_vec();
    let it = lp.iteration_number(ctx);
    let yield_op = lp.yield_op(ctx).op();
    let loc = ctx.loc(op);
    let at = InsertPoint::Before(op);
    let t = ctx.value_type(it);
    let i1 = ctx.i1();

    let c0 = build_int_constant(ctx, at, 0, t, loc.clone());
    let c1 = build_int_constant(ctx, at, 1, t, loc.clone());
    let cond0 = match cond {
        Some(c) => c,
        None => build_int_constant(ctx, at, 1, i1, loc.clone()),
    };

    // Carried: (it, cond, vars...).
    let mut carried_tys = vec![t, i1];
    carried_tys.extend(inits.iter().map(|&v| ctx.value_type(v)));
    let mut while_operands = vec![c0, cond0];
    while_operands.extend_from_slice(&inits);

    // Before region: %go = (it < max) && cond; scf.condition(%go) it, cond, vars...
    let before_r = ctx.new_region();
    let before = ctx.new_block(&carried_tys);
    ctx.append_block(before_r, before);
    let end = InsertPoint::End(before);
    let bargs = ctx.block_args(before).to_vec();
    let go = match max {
        Some(max) => {
            let lt = build_cmpi(ctx, end, CmpIPredicate::Slt, bargs[0], max, loc.clone());
            build_andi(ctx, end, lt, bargs[1], loc.clone())
        }
        None => bargs[1],
    };
    build_condition(ctx, end, go, &bargs, loc.clone());

    // After region: the loop body block itself, whose arguments are already (it, cond, vars...).
    // (`WhileOp::build` would make a fresh after block; the body block is moved instead.)
    let after_r = ctx.new_region();
    ctx.move_region_blocks(ctx.region(op, 0), after_r);
    let yloc = ctx.loc(yield_op);
    let before_yield = InsertPoint::Before(yield_op);
    let it1 = build_addi(ctx, before_yield, it, c1, yloc.clone());
    let mut next = vec![it1];
    next.extend_from_slice(ctx.operands(yield_op));
    build_yield(ctx, before_yield, &next, yloc);
    ctx.erase_op(yield_op);

    let mut st = OpState::new(ctx.op_name(WhileOp::NAME), loc);
    st.operands = while_operands;
    st.result_types = carried_tys;
    st.regions = vec![before_r, after_r];
    let w = ctx.build_op(st, at);

    let results = ctx.results(op).to_vec();
    for (i, r) in results.into_iter().enumerate() {
        let nr = ctx.result(w, i + 2);
        ctx.replace_all_uses(r, nr);
    }
    ctx.erase_op(op);
    Ok(())
}

/// The `--convert-weir-to-scf` pass (no options).
pub const PASS: weir_pass::PassInfo = weir_pass::PassInfo {
    name: "convert-weir-to-scf",
    summary: "Lower weir.loop (ONNX Loop semantics) to scf.while",
    options: &[],
    function_level: true,
    create: |_| Ok(Box::new(ConvertWeirToScf)),
};

struct ConvertWeirToScf;

impl weir_pass::Pass for ConvertWeirToScf {
    fn name(&self) -> &'static str {
        PASS.name
    }

    fn run(&self, ctx: &mut Context, op: OpId, diags: &mut Vec<Diagnostic>) {
        if let Err(d) = run(ctx, op) {
            diags.push(d);
        }
    }
}
