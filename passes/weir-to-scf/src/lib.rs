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
//! The pass is a partial dialect conversion (`weir_conversion`) with `weir.loop` illegal. It
//! reads the loop through `weir_dialect_weir::LoopOp` once it has checked the structure the
//! view's accessors rely on (so unverified IR gets a located error, not a panic), and builds
//! with the scf and arith builders: it names no op and no predicate itself.

#![warn(missing_docs)]

use weir_conversion::{apply_partial_conversion, ConversionPatternSet, ConversionTarget};
use weir_dialect_arith::{build_addi, build_andi, build_cmpi, build_int_constant, CmpIPredicate};
use weir_dialect_scf::{build_condition, build_yield, WhileOp};
use weir_dialect_weir::{loop_operands, LoopOp, YieldOp, OPERAND_SEGMENT_SIZES};
use weir_ir::{
    AttrKind, Context, DenseValue, DiagResult, Diagnostic, InsertPoint, OpId, OpState, Signedness,
    Type, TypeKind, ValueId,
};

/// Lowers every `weir.loop` nested (at any depth) in `root` to `scf.while` (see the crate docs
/// for the exact form): a partial dialect conversion (`weir_conversion`) whose target marks
/// `weir.loop` illegal and leaves every other op as it is.
///
/// Fails with a diagnostic located at the offending op when a `weir.loop` does not have the
/// structure described in the crate docs (missing or inconsistent `operandSegmentSizes`, wrong
/// block arguments, a terminator other than `weir.yield`, mismatched types). Each loop is checked
/// before it is changed, so on error the loop named by the diagnostic is left as it was.
pub fn run(ctx: &mut Context, root: OpId) -> Result<(), Diagnostic> {
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
struct LoopParts {
    max: Option<ValueId>,
    cond: Option<ValueId>,
    inits: Vec<ValueId>,
    iter_ty: Type,
    yield_op: YieldOp,
}

fn op_error(ctx: &Context, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(
        ctx.loc(op).clone(),
        format!("'{}' op {msg}", ctx.name_str(op)),
    )
}

fn type_str(ctx: &Context, ty: Type) -> String {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } => format!("i{width}"),
        TypeKind::Index => "index".into(),
        k => format!("{k:?}"),
    }
}

/// Checks the structure of a `weir.loop` (see the crate docs) without changing anything.
fn check_loop(ctx: &Context, lp: LoopOp) -> DiagResult<LoopParts> {
    let op = lp.op();
    let operands = ctx.operands(op);
    let seg: Vec<i128> = match ctx
        .attr_of(op, OPERAND_SEGMENT_SIZES)
        .map(|a| ctx.attr_kind(a))
    {
        Some(AttrKind::DenseArray { values, .. }) => values
            .iter()
            .map(|v| match *v {
                DenseValue::Int(i) => i,
                DenseValue::Float(_) => -1,
            })
            .collect(),
        _ => {
            return Err(op_error(
                ctx,
                op,
                "requires attribute 'operandSegmentSizes' = array<i32: max?, cond?, inits>",
            ))
        }
    };
    // `loop_operands` (the view's split) also wants an `i32` element type.
    let n = match seg[..] {
        [a @ 0..=1, b @ 0..=1, n]
            if n >= 0
                && (a + b + n) as usize == operands.len()
                && loop_operands(ctx, op).is_some() =>
        {
            n as usize
        }
        _ => {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "'operandSegmentSizes' must be [0|1, 0|1, n] adding up to the {} operands",
                    operands.len()
                ),
            ))
        }
    };
    let (max, cond) = (lp.max_trip_count(ctx), lp.initial_condition(ctx));
    let inits = lp.inits(ctx).to_vec();
    if ctx.results(op).len() != n {
        return Err(op_error(
            ctx,
            op,
            format!("expects {n} results, one per carried value"),
        ));
    }
    for (i, (&r, &v)) in ctx.results(op).iter().zip(&inits).enumerate() {
        if ctx.value_type(r) != ctx.value_type(v) {
            return Err(op_error(
                ctx,
                op,
                format!("result #{i} and init #{i} have different types"),
            ));
        }
    }
    if ctx.regions(op).len() != 1 {
        return Err(op_error(ctx, op, "expects one region"));
    }
    let region = ctx.region(op, 0);
    let blocks = ctx.region_blocks(region);
    if blocks.len() != 1 {
        return Err(op_error(
            ctx,
            op,
            format!("expects its region to have 1 block, found {}", blocks.len()),
        ));
    }
    let body = blocks[0];
    let args = ctx.block_args(body);
    if args.len() != n + 2 {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects {} body arguments (iteration number, condition, {n} carried values), found {}",
                n + 2,
                args.len()
            ),
        ));
    }
    let iter_ty = ctx.value_type(args[0]);
    if !ctx.is_signless_int_or_index(iter_ty) {
        return Err(op_error(
            ctx,
            op,
            "expects the iteration number to be a signless integer or index",
        ));
    }
    if !is_i1(ctx, ctx.value_type(args[1])) {
        return Err(op_error(
            ctx,
            op,
            "expects the body's second argument (the condition) to be i1",
        ));
    }
    if let Some(m) = max {
        if ctx.value_type(m) != iter_ty {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expects the maximum trip count to have the iteration number's type '{}', found '{}'",
                    type_str(ctx, iter_ty),
                    type_str(ctx, ctx.value_type(m))
                ),
            ));
        }
    }
    if let Some(c) = cond {
        if !is_i1(ctx, ctx.value_type(c)) {
            return Err(op_error(ctx, op, "expects the initial condition to be i1"));
        }
    }
    for (i, (&arg, &v)) in args[2..].iter().zip(&inits).enumerate() {
        if ctx.value_type(arg) != ctx.value_type(v) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "body argument #{} and init #{i} have different types",
                    i + 2
                ),
            ));
        }
    }
    let message = format!("expects the body to terminate with '{}'", YieldOp::NAME);
    let yield_op = match ctx.last_op(body) {
        Some(t) => YieldOp::of(ctx, t).ok_or_else(|| {
            op_error(ctx, op, &message).with_note(ctx.loc(t).clone(), "terminator here")
        })?,
        None => return Err(op_error(ctx, op, &message)),
    };
    let yielded = ctx.operands(yield_op.op());
    if yielded.len() != n + 1 {
        return Err(op_error(
            ctx,
            yield_op.op(),
            format!(
                "expects {} operands (condition, {n} carried values), found {}",
                n + 1,
                yielded.len()
            ),
        ));
    }
    if !is_i1(ctx, ctx.value_type(yielded[0])) {
        return Err(op_error(
            ctx,
            yield_op.op(),
            "expects the yielded condition to be i1",
        ));
    }
    for (i, (&y, &v)) in yielded[1..].iter().zip(&inits).enumerate() {
        if ctx.value_type(y) != ctx.value_type(v) {
            return Err(op_error(
                ctx,
                yield_op.op(),
                format!("operand #{} and init #{i} have different types", i + 1),
            ));
        }
    }
    Ok(LoopParts {
        max,
        cond,
        inits,
        iter_ty,
        yield_op,
    })
}

/// Lowers one `weir.loop` (see the crate docs).
fn lower_loop(ctx: &mut Context, lp: LoopOp) -> DiagResult<()> {
    let p = check_loop(ctx, lp)?;
    let op = lp.op();
    let loc = ctx.loc(op).clone();
    let at = InsertPoint::Before(op);
    let t = p.iter_ty;
    let i1 = ctx.i1();

    let c0 = build_int_constant(ctx, at, 0, t, loc.clone());
    let c1 = build_int_constant(ctx, at, 1, t, loc.clone());
    let cond0 = match p.cond {
        Some(c) => c,
        None => build_int_constant(ctx, at, 1, i1, loc.clone()),
    };

    // Carried: (it, cond, vars...).
    let mut carried_tys = vec![t, i1];
    carried_tys.extend(p.inits.iter().map(|&v| ctx.value_type(v)));
    let mut while_operands = vec![c0, cond0];
    while_operands.extend_from_slice(&p.inits);

    // Before region: %go = (it < max) && cond; scf.condition(%go) it, cond, vars...
    let before_r = ctx.new_region();
    let before = ctx.new_block(&carried_tys);
    ctx.append_block(before_r, before);
    let end = InsertPoint::End(before);
    let bargs = ctx.block_args(before).to_vec();
    let go = match p.max {
        Some(max) => {
            let lt = build_cmpi(ctx, end, CmpIPredicate::Slt, bargs[0], max, loc.clone());
            build_andi(ctx, end, lt, bargs[1], loc.clone())
        }
        None => bargs[1],
    };
    build_condition(ctx, end, go, &bargs, loc.clone());

    // After region: the loop body block itself, whose arguments are already (it, cond, vars...).
    // (`WhileOp::build` would make a fresh after block; the body block is moved instead.)
    let it = lp.iteration_number(ctx);
    let after_r = ctx.new_region();
    ctx.move_region_blocks(ctx.region(op, 0), after_r);
    let yield_op = p.yield_op.op();
    let yloc = ctx.loc(yield_op).clone();
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

/// Whether `ty` is `i1`.
fn is_i1(ctx: &Context, ty: Type) -> bool {
    matches!(
        ctx.type_kind(ty),
        TypeKind::Integer {
            width: 1,
            signedness: Signedness::Signless
        }
    )
}

/// The `--convert-weir-to-scf` pass (no options).
pub const PASS: weir_pass::PassInfo = weir_pass::PassInfo {
    name: "convert-weir-to-scf",
    summary: "Lower weir.loop (ONNX Loop semantics) to scf.while",
    options: &[],
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
