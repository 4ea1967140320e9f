//! `scf.for` (MLIR `SCF_ForOp`).
//!
//! Syntax (MLIR 22):
//! ```mlir
//! %r = scf.for %iv = %lb to %ub step %s iter_args(%acc = %init) -> (i32) {
//!   scf.yield %next : i32
//! }
//! scf.for unsigned %iv = %lb to %ub step %s  : i64 {
//! }
//! ```
//! `: T` gives the type of the bounds and induction variable when it is not `index` (the
//! printer writes two spaces before the colon, as 22 does); `unsigned` compares with `ult`.
//! Without `iter_args` the body's operand-less `scf.yield` is implicit (added by the parser,
//! left out by the printer). A trailing `{attrs}` dictionary follows the body.
//!
//! Generic structure: operands `(lb, ub, step, inits...)`; one region with one block whose
//! arguments are `(iv, iter_args...)`; results have the inits' types; unit attribute
//! `unsignedCmp`.
//!
//! Semantics: `iv = lb; while iv < ub { iter_args = body(iv, iter_args); iv += step }`, results =
//! the last yielded values (the inits when no trip runs).
//!
//! Verifier: MLIR 22's checks, wording and order: ODS operand constraints and the count of
//! results before the nested ops are verified (`verify`); after them (`verify_regions`), the
//! implicit terminator, `LoopLikeOpInterface`, region-branch edges and the induction variable
//! type.
//!
//! Step: as in MLIR 22, the step must be positive (non-zero for an `unsigned` loop) only when
//! the loop runs: a loop that starts (`lb < ub`) with a step that is not is undefined behaviour.
//! The verifier accepts a constant step `<= 0` (mlir-opt 22 does, and a pass may fold a computed
//! step into one inside a branch that never runs); the patterns keep such a loop unless it runs
//! no trip (`lb >= ub`), and the remark says why ([`non_positive_step`]). `cf-run` checks the
//! step when such a loop is entered and stops with a runtime error instead of looping forever.
//! (22's `--canonicalize` removes such a loop as if it ran no trip, which is allowed for
//! undefined behaviour; Weir keeps it so that the program behaves the same before and after.)
//!
//! Canonicalization: a constant trip count ([`constant_trip_count`]) of 0 replaces the loop by
//! its inits, of 1 by its body; iter_args that cannot be observed are removed.

use crate::common::{self, ensure_terminator, ty};
use crate::YieldOp;
use weir_ir::interfaces::region_branch::{BranchPoint, Successor, Target};
use weir_ir::{
    op_error, AttrKind, BlockId, Context, DiagResult, InsertPoint, Location, OpId, OpState,
    TypeKind, ValueId,
};
use weir_syntax::lexer::Tok;
use weir_syntax::{Argument, PResult, Parser, Printer, UnresolvedOperand};

/// The name of the unit attribute that selects unsigned comparison.
pub const UNSIGNED_CMP: &str = "unsignedCmp";

weir_ir::op_view! {
    /// `scf.for` (MLIR `scf::ForOp`): operands `(lb, ub, step, inits...)`, one body block with
    /// arguments `(iv, iter_args...)` ending with `scf.yield`.
    ForOp = "scf.for"
}

impl ForOp {
    /// The lower bound.
    pub fn lower_bound(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }

    /// The upper bound (exclusive).
    pub fn upper_bound(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 1)
    }

    /// The step.
    pub fn step(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 2)
    }

    /// The initial values of the loop-carried values.
    pub fn init_args(self, ctx: &Context) -> &[ValueId] {
        &ctx.operands(self.0)[3..]
    }

    /// Makes `v` the lower bound (e.g. of an epilogue loop that starts where an unrolled loop
    /// stopped); `v` must have the bounds' type.
    pub fn set_lower_bound(self, ctx: &mut Context, v: ValueId) {
        ctx.set_operand(self.0, 0, v);
    }

    /// Makes `v` the initial value of carried value `i` (panics if `i` is out of range); `v`
    /// must have that carried value's type.
    pub fn set_init_arg(self, ctx: &mut Context, i: usize, v: ValueId) {
        assert!(i < self.init_args(ctx).len(), "scf.for has no init #{i}");
        ctx.set_operand(self.0, 3 + i, v);
    }

    /// Whether the bounds compare unsigned (the `unsignedCmp` attribute, [`UNSIGNED_CMP`]).
    pub fn is_unsigned(self, ctx: &Context) -> bool {
        ctx.attr_of(self.0, UNSIGNED_CMP).is_some()
    }

    /// The body block.
    pub fn body(self, ctx: &Context) -> BlockId {
        ctx.entry_block(ctx.region(self.0, 0))
            .expect("verified scf.for has a body block")
    }

    /// The induction variable (the body's first argument).
    pub fn induction_var(self, ctx: &Context) -> ValueId {
        ctx.block_args(self.body(ctx))[0]
    }

    /// The loop-carried values inside the body (the body's arguments after the induction
    /// variable).
    pub fn region_iter_args(self, ctx: &Context) -> &[ValueId] {
        &ctx.block_args(self.body(ctx))[1..]
    }

    /// The `scf.yield` ending the body.
    pub fn yield_op(self, ctx: &Context) -> YieldOp {
        YieldOp::ending(ctx, self.body(ctx)).expect("verified scf.for ends with scf.yield")
    }

    /// The values the body yields (the next iteration's carried values).
    pub fn yielded(self, ctx: &Context) -> &[ValueId] {
        self.yield_op(ctx).values(ctx)
    }

    /// Builds `scf.for %iv = lb to ub step step iter_args(inits)` at `at`: results of the
    /// inits' types, a body block with arguments `(iv : type of lb, iter_args...)` and no
    /// terminator (the caller fills the body and ends it with [`build_yield`](crate::build_yield)).
    pub fn build(
        ctx: &mut Context,
        at: InsertPoint,
        bounds: [ValueId; 3],
        inits: &[ValueId],
        loc: Location,
    ) -> ForOp {
        let mut arg_types = vec![ctx.value_type(bounds[0])];
        arg_types.extend(common::types_of(ctx, inits));
        let body = ctx.new_block(&arg_types);
        let region = ctx.new_region();
        ctx.append_block(region, body);
        let mut st = OpState::new(ctx.op_name(Self::NAME), loc);
        st.operands = bounds.to_vec();
        st.operands.extend_from_slice(inits);
        st.result_types = arg_types[1..].to_vec();
        st.regions.push(region);
        ForOp(ctx.build_op(st, at))
    }
}

/// The value of `v` if it is defined by an `arith.constant` (or another `CONSTANT_LIKE` op) with
/// an integer (or `i1`) `value`, sign-extended from its type's width (`true` is -1).
pub fn constant_int(ctx: &Context, v: ValueId) -> Option<i128> {
    match ctx.attr_kind(crate::canon::constant_attr(ctx, v)?) {
        AttrKind::Integer { value, .. } => Some(*value),
        AttrKind::Bool(b) => Some(if *b { -1 } else { 0 }),
        _ => None,
    }
}

/// The checks MLIR 22 runs before the ops nested in the body (ODS constraints, `ForOp::verify`).
/// A constant step that is not positive is accepted, as in 22: the step must be positive only
/// when the loop runs ([`non_positive_step`]).
pub(crate) fn verify(ctx: &Context, op: OpId) -> DiagResult<()> {
    common::expect_regions(ctx, op, 1)?;
    let operands = ctx.operands(op);
    if operands.len() < 3 {
        return Err(op_error(
            ctx,
            op,
            format!("expected 3 or more operands, but found {}", operands.len()),
        ));
    }
    let (lb, inits) = (operands[0], &operands[3..]);
    for (i, &v) in operands[..3].iter().enumerate() {
        let t = ctx.value_type(v);
        if !ctx.is_signless_int_or_index(t) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "operand #{i} must be signless integer or index, but got {}",
                    ty(ctx, t)
                ),
            ));
        }
    }
    let bound_ty = ctx.value_type(lb);
    if operands[..3].iter().any(|&v| ctx.value_type(v) != bound_ty) {
        return Err(op_error(
            ctx,
            op,
            "failed to verify that all of {lowerBound, upperBound, step} have same type",
        ));
    }
    common::expect_one_block(ctx, op, 0, "region")?;
    let results = common::result_types(ctx, op);
    if inits.len() != results.len() {
        return Err(op_error(
            ctx,
            op,
            "mismatch in number of loop-carried values and defined values",
        ));
    }
    Ok(())
}

/// The checks MLIR 22 runs after the ops nested in the body, in its order (checked with
/// mlir-opt 22 on inputs with two of these errors): `SingleBlockImplicitTerminator<
/// "scf::YieldOp">` and `LoopLikeOpInterface` here; then the generic `RegionBranch` edges
/// (from [`successors`]) and `ForOp::verifyRegions` ([`verify_induction_var`]); `verify` has
/// passed.
pub(crate) fn verify_regions(ctx: &Context, op: OpId) -> DiagResult<()> {
    common::expect_yield_terminators(ctx, op)?;
    let inits = &ctx.operands(op)[3..];
    let results = common::result_types(ctx, op);
    // LoopLikeOpInterface (22 wording).
    let body = ctx
        .entry_block(ctx.region(op, 0))
        .expect("verify checked the body has one block (it runs before verify_regions)");
    let args = ctx.block_args(body);
    let Some((_, iter_args)) = args.split_first() else {
        // 22 reports `different number of inits and region iter_args: N != 18446744073709551615`
        // here (an unsigned underflow); say what is wrong instead.
        return Err(op_error(
            ctx,
            op,
            "expected the body block to have the induction variable as its first argument",
        ));
    };
    let iter_tys = common::types_of(ctx, iter_args);
    let terminator = ctx.last_op(body).filter(|&t| ctx.is(t, "scf.yield"));
    let yielded = terminator.map(|t| ctx.operands(t)).unwrap_or(&[]);
    if inits.len() != iter_args.len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "different number of inits and region iter_args: {} != {}",
                inits.len(),
                iter_args.len()
            ),
        ));
    }
    if !yielded.is_empty() && iter_args.len() != yielded.len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "different number of region iter_args and yielded values: {} != {}",
                iter_args.len(),
                yielded.len()
            ),
        ));
    }
    for (i, (&init, &arg_ty)) in inits.iter().zip(&iter_tys).enumerate() {
        let init_ty = ctx.value_type(init);
        if init_ty != arg_ty {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "{i}-th init and {i}-th region iter_arg have different type: {} != {}",
                    ty(ctx, init_ty),
                    ty(ctx, arg_ty)
                ),
            ));
        }
        if let Some(&y) = yielded.get(i) {
            let yt = ctx.value_type(y);
            if arg_ty != yt {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "{i}-th region iter_arg and {i}-th yielded value have different type: {} != {}",
                        ty(ctx, arg_ty),
                        ty(ctx, yt)
                    ),
                ));
            }
        }
    }
    // (22 always says "0-th" in this message, a counting slip; Weir gives the real index.)
    for (i, (&arg_ty, &res_ty)) in iter_tys.iter().zip(&results).enumerate() {
        if arg_ty != res_ty {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "{i}-th region iter_arg and {i}-th loop result have different type: {} != {}",
                    ty(ctx, arg_ty),
                    ty(ctx, res_ty)
                ),
            ));
        }
    }
    Ok(())
}

/// MLIR 22's `ForOp::verifyRegions`, run after the region-branch edges: the induction variable
/// has the bounds' type; `verify` has passed.
pub(crate) fn verify_induction_var(ctx: &Context, op: OpId) -> DiagResult<()> {
    let bound_ty = ctx.value_type(ctx.operand(op, 0));
    let body = ctx.entry_block(ctx.region(op, 0));
    let Some(&iv) = body.and_then(|b| ctx.block_args(b).first()) else {
        return Ok(());
    };
    if ctx.value_type(iv) != bound_ty {
        return Err(op_error(
            ctx,
            op,
            "expected induction variable to be same type as bounds and step",
        ));
    }
    Ok(())
}

/// `RegionBranch` of `scf.for`: the parent enters the body with the inits (operands `3..`) as
/// the iter_args (the body arguments after the induction variable); the `scf.yield` goes back
/// to the body and out to the results with all its operands.
pub(crate) fn successors(ctx: &Context, op: OpId, point: BranchPoint) -> Vec<Successor> {
    let Some(body) = ctx.regions(op).first().and_then(|&r| ctx.entry_block(r)) else {
        return Vec::new();
    };
    let iter_args = ctx.block_args(body).get(1..).unwrap_or(&[]).to_vec();
    match point {
        BranchPoint::Parent => vec![Successor {
            target: Target::Region(0),
            operands: 3.min(ctx.operands(op).len())..ctx.operands(op).len(),
            inputs: iter_args,
        }],
        BranchPoint::Terminator(t) if ctx.is(t, "scf.yield") => {
            let operands = 0..ctx.operands(t).len();
            vec![
                Successor {
                    target: Target::Region(0),
                    operands: operands.clone(),
                    inputs: iter_args,
                },
                Successor {
                    target: Target::Parent,
                    operands,
                    inputs: ctx.results(op).to_vec(),
                },
            ]
        }
        BranchPoint::Terminator(_) => Vec::new(),
    }
}

/// Parses `(%a = %x, %b = %y)` (MLIR `parseAssignmentList`).
pub(crate) fn parse_assignment_list<'a>(
    p: &mut Parser<'a>,
) -> PResult<Vec<(UnresolvedOperand<'a>, UnresolvedOperand<'a>)>> {
    p.expect(Tok::LParen, "(")?;
    let mut out = Vec::new();
    if p.consume_if(Tok::RParen) {
        return Ok(out);
    }
    loop {
        let arg = p.parse_operand()?;
        p.expect(Tok::Equal, "=")?;
        let value = p.parse_operand()?;
        out.push((arg, value));
        if !p.consume_if(Tok::Comma) {
            break;
        }
    }
    p.expect(Tok::RParen, ")")?;
    Ok(out)
}

/// Writes ` (%a = %x, ...)` after `prefix` (MLIR `printInitializationList`); nothing if empty.
pub(crate) fn print_assignment_list(
    p: &mut Printer<'_>,
    prefix: &str,
    args: &[ValueId],
    values: &[ValueId],
) {
    if values.is_empty() {
        return;
    }
    p.write(prefix);
    p.write("(");
    for (i, (&a, &v)) in args.iter().zip(values).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_operand(a);
        p.write(" = ");
        p.print_operand(v);
    }
    p.write(")");
}

fn argument(o: UnresolvedOperand<'_>, ty: weir_ir::Type) -> Argument<'_> {
    Argument {
        name: o.name,
        ty,
        pos: o.pos,
        loc: None,
    }
}

pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    if p.parse_optional_keyword("unsigned") {
        let u = p.ctx.unit_attr();
        state.set_attr(p.ctx.attr_name(UNSIGNED_CMP), u);
    }
    let iv = p.parse_operand()?;
    p.expect(Tok::Equal, "=")?;
    let lb = p.parse_operand()?;
    common::expect_keyword(p, state, "to")?;
    let ub = p.parse_operand()?;
    common::expect_keyword(p, state, "step")?;
    let step = p.parse_operand()?;
    let mut iter_args = Vec::new();
    if p.parse_optional_keyword("iter_args") {
        iter_args = parse_assignment_list(p)?;
        p.expect(Tok::Arrow, "->")?;
        state.result_types = p.parse_function_result_types()?;
    }
    if iter_args.len() != state.result_types.len() {
        return Err(common::custom_error(
            p,
            state,
            state.loc.clone(),
            "mismatch in number of loop-carried values and defined values",
        ));
    }
    let bound_ty = if p.consume_if(Tok::Colon) {
        p.parse_type()?
    } else {
        p.ctx.index_type()
    };
    let mut args = vec![argument(iv, bound_ty)];
    let mut inits = Vec::new();
    for ((a, v), &t) in iter_args.into_iter().zip(&state.result_types) {
        args.push(argument(a, t));
        inits.push(v);
    }
    let body = p.parse_region(&args)?;
    ensure_terminator(p.ctx, body, "scf.yield", &state.loc);
    // Operands are resolved after the body, so that a value defined inside it is not found.
    for o in [&lb, &ub, &step] {
        let v = p.resolve_operand(o, bound_ty)?;
        state.operands.push(v);
    }
    let result_types = state.result_types.clone();
    let inits = p.resolve_operands(&inits, &result_types)?;
    state.operands.extend(inits);
    state.regions.push(body);
    p.parse_optional_attr_dict(state)
}

pub(crate) fn print(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    if ctx.attr_of(op, UNSIGNED_CMP).is_some() {
        p.write(" unsigned");
    }
    let operands = ctx.operands(op).to_vec();
    let body = ctx.regions(op).first().copied();
    let args = body
        .and_then(|r| ctx.entry_block(r))
        .map(|b| ctx.block_args(b).to_vec())
        .unwrap_or_default();
    p.write(" ");
    if let Some(&iv) = args.first() {
        p.print_operand(iv);
    }
    p.write(" = ");
    let names = [" to ", " step "];
    for (i, &v) in operands.iter().take(3).enumerate() {
        if i > 0 {
            p.write(names[i - 1]);
        }
        p.print_operand(v);
    }
    let inits = operands.get(3..).unwrap_or(&[]);
    print_assignment_list(p, " iter_args", args.get(1..).unwrap_or(&[]), inits);
    if !inits.is_empty() {
        p.write(" -> (");
        p.print_value_types(inits);
        p.write(")");
    }
    p.write(" ");
    if let Some(&iv) = args.first() {
        let t = ctx.value_type(iv);
        if !matches!(ctx.type_kind(t), TypeKind::Index) {
            p.write(" : ");
            p.print_type(t);
            p.write(" ");
        }
    }
    if let Some(r) = body {
        p.print_region(r, false, inits.is_empty().then_some("scf.yield"));
    }
    p.print_optional_attr_dict(op, &[UNSIGNED_CMP]);
}

// ------------------------------------------------------------------------------ canonicalization

/// The exact number of trips of `op`, an `scf.for`, when it is known at compile time: lower
/// bound, upper bound and step are constants (SEMANTICS.md section 3). `Some` implies that all
/// three are constants ([`constant_int`] gives them), which the unroller relies on.
///
/// The count is `ceil((ub - lb) / step)` when `lb < ub` and 0 otherwise, computed in `i128` from
/// the bounds read in the induction variable's type (signed, or unsigned with `unsignedCmp`), so
/// nothing overflows. The loop steps its induction variable with a wrapping addition in that
/// type (MLIR's lowering, and Weir's: `arith.addi`), so when the value after the last trip,
/// `lb + count * step`, does not fit the type the variable wraps around below `ub` and the loop
/// goes on: the trip count is then not `ceil(...)` and this returns `None` (e.g. `i8` from 120 to
/// 127 step 3). `None` too for a non-positive step, widths above 64 bits, or variable bounds.
pub fn constant_trip_count(ctx: &Context, op: OpId) -> Option<u128> {
    if !ctx.is(op, "scf.for") || ctx.operands(op).len() < 3 {
        return None;
    }
    let operands = ctx.operands(op);
    let unsigned = ctx.attr_of(op, UNSIGNED_CMP).is_some();
    trip_count(ctx, operands[0], operands[1], operands[2], unsigned)
}

/// [`constant_trip_count`] of a loop from `lb` to `ub` by `step` (one `scf.for`, or one dimension
/// of an `scf.parallel`), compared unsigned if `unsigned`.
pub(crate) fn trip_count(
    ctx: &Context,
    lb: ValueId,
    ub: ValueId,
    step: ValueId,
    unsigned: bool,
) -> Option<u128> {
    let w = ctx
        .int_width(ctx.value_type(lb))
        .filter(|&w| (1..=64).contains(&w))?;
    let read = |v: ValueId| -> Option<i128> {
        let c = constant_int(ctx, v)?;
        Some(if unsigned {
            c & ((1i128 << w) - 1)
        } else {
            weir_ir::sign_extend(c, w)
        })
    };
    let (l, u, s) = (read(lb)?, read(ub)?, read(step)?);
    if l >= u {
        return Some(0);
    }
    if s <= 0 {
        return None;
    }
    let n = (u - l + s - 1) / s;
    let max = if unsigned {
        (1i128 << w) - 1
    } else {
        (1i128 << (w - 1)) - 1
    };
    if l + n * s > max {
        return None;
    }
    Some(n as u128)
}

/// The step of `op`, an `scf.for`, if it is a constant that is not positive (read in the
/// induction variable's type: `<= 0` signed, `== 0` with `unsignedCmp`). Running such a loop
/// (`lb < ub`) is undefined behaviour (MLIR: the step must be positive at run time), so the
/// patterns keep it, and only a loop that runs no trip may still be removed.
pub(crate) fn non_positive_step(ctx: &Context, op: OpId) -> Option<i128> {
    let step = *ctx.operands(op).get(2)?;
    let w = ctx
        .int_width(ctx.value_type(step))
        .filter(|&w| (1..=128).contains(&w))?;
    let c = weir_ir::sign_extend(constant_int(ctx, step)?, w);
    let unsigned = ctx.attr_of(op, UNSIGNED_CMP).is_some();
    (c == 0 || (c < 0 && !unsigned)).then_some(c)
}

/// Why `op`, an `scf.for` for which [`constant_trip_count`] is `None`, has no compile-time trip
/// count (the words of a remark: the unroller's "not unrolled: ..."): a step that is not positive,
/// an induction variable wider than the 64 bits trip counts are computed in, constant bounds
/// whose induction variable wraps around past its type's maximum (the loop then runs on, as
/// MLIR's lowering does), or bounds or a step that are not constants.
pub fn no_trip_count_reason(ctx: &Context, op: OpId) -> &'static str {
    if non_positive_step(ctx, op).is_some() {
        "the constant step is not positive"
    } else if wide(ctx, op) && constant_bounds(ctx, op) {
        WIDE
    } else if constant_bounds(ctx, op) {
        "the bounds are constants, but the induction variable wraps around past its type's maximum"
    } else {
        "the trip count is not a compile-time constant"
    }
}

/// Why a loop with constant bounds and an induction variable wider than 64 bits has no trip
/// count.
const WIDE: &str =
    "the induction variable is wider than 64 bits (trip counts are computed for at most 64)";

/// Whether the induction variable of `op` is wider than the 64 bits trip counts are computed in.
fn wide(ctx: &Context, op: OpId) -> bool {
    ctx.operands(op)
        .first()
        .and_then(|&lb| ctx.int_width(ctx.value_type(lb)))
        .is_some_and(|w| w > 64)
}

/// Whether the bounds and step of `op` are all constants (to word the remark of a loop whose
/// induction variable wraps around).
fn constant_bounds(ctx: &Context, op: OpId) -> bool {
    ctx.operands(op)
        .iter()
        .take(3)
        .all(|&v| constant_int(ctx, v).is_some())
}

impl ForOp {
    /// The constant-condition pattern among the op's canonicalization patterns (an `scf.for` with a constant trip count of 0 or 1: erased or inlined); the
    /// canonicalize crate's `--fold-constant-conditions` runs it (and only it) on this op.
    pub const CONSTANT_CONDITION: weir_ir::Pattern = weir_ir::Pattern {
        name: "scf.for-constant-trip-count",
        apply: fold_trip_count,
    };

    /// The remark `--fold-constant-conditions="remarks=true"` gives for this op when it stays:
    /// whether its condition is constant or variable, and why it was kept.
    pub fn describe_kept(ctx: &Context, op: OpId) -> String {
        describe_kept(ctx, op)
    }
}

pub(crate) const PATTERNS: &[weir_ir::Pattern] = &[
    ForOp::CONSTANT_CONDITION,
    weir_ir::Pattern {
        name: "scf.for-invariant-iter-args",
        apply: forward_invariant_iter_args,
    },
    weir_ir::Pattern {
        name: "scf.for-unused-iter-args",
        apply: weir_ir::interfaces::region_branch::remove_dead_values,
    },
];

/// A loop of 0 trips is replaced by its inits; a loop of 1 trip by its body, inlined with the
/// induction variable = the lower bound and the iter_args = the inits (its yields give the
/// results). MLIR `SimplifyTrivialLoops`.
///
/// A loop whose lower and upper bounds are the same value runs no trip even when that value is
/// not a constant.
fn fold_trip_count(ctx: &mut Context, op: OpId, log: &mut weir_ir::RewriteLog) -> bool {
    let same_bounds = ctx.operands(op).len() >= 3 && ctx.operand(op, 0) == ctx.operand(op, 1);
    let Some(n) = constant_trip_count(ctx, op).or(same_bounds.then_some(0)) else {
        return false;
    };
    let loc = ctx.loc(op);
    let inits = ctx.operands(op)[3..].to_vec();
    if inits.len() != ctx.results(op).len() {
        return false;
    }
    match n {
        0 => {
            ctx.replace_op(op, &inits);
            log.remark(&loc, || "constant trip count 0: loop removed".to_string());
            true
        }
        1 => {
            let Some(y) = crate::canon::terminator(ctx, op, 0, "scf.yield") else {
                return false;
            };
            let body = ctx
                .op_block(y)
                .expect("a terminator found in a region is in a block");
            if ctx.operands(y).len() != inits.len() || ctx.block_args(body).len() != inits.len() + 1
            {
                return false;
            }
            let mut args = vec![ctx.operand(op, 0)];
            args.extend(inits);
            let yielded = crate::canon::inline_before(ctx, body, op, &args);
            ctx.replace_op(op, &yielded);
            log.remark(&loc, || "constant trip count 1: body inlined".to_string());
            true
        }
        _ => false,
    }
}

/// Uses of loop-carried values that hold a known value are redirected to it:
/// - iter_arg `i` whose yield operand is the iter_arg itself or its init: the iter_arg and
///   result `i` are the init on every trip (MLIR 22's `MakeRegionBranchOpSuccessorInputsDead`:
///   every value flowing into them is the init);
/// - result `i` of a loop that runs at least one trip ([`constant_trip_count`] `>= 1`) whose yield
///   operand is defined outside the loop: the result is that value (MLIR `SimplifyTrivialLoops`
///   does this when the body is only the yield; the value is the same with any body).
///
/// The iter_args and results left unused are removed by `scf.for-unused-iter-args`.
fn forward_invariant_iter_args(
    ctx: &mut Context,
    op: OpId,
    _log: &mut weir_ir::RewriteLog,
) -> bool {
    let Some(y) = crate::canon::terminator(ctx, op, 0, "scf.yield") else {
        return false;
    };
    let body = ctx
        .op_block(y)
        .expect("a terminator found in a region is in a block");
    let n = ctx.results(op).len();
    if n == 0
        || ctx.operands(op).len() != n + 3
        || ctx.block_args(body).len() != n + 1
        || ctx.operands(y).len() != n
    {
        return false;
    }
    let runs = constant_trip_count(ctx, op).is_some_and(|c| c >= 1);
    let mut changed = false;
    for i in 0..n {
        let (init, arg, r) = (
            ctx.operand(op, 3 + i),
            ctx.block_args(body)[i + 1],
            ctx.result(op, i),
        );
        let yielded = ctx.operand(y, i);
        if yielded == arg || yielded == init {
            if !ctx.is_unused(arg) || !ctx.is_unused(r) {
                ctx.replace_all_uses(arg, init);
                ctx.replace_all_uses(r, init);
                changed = true;
            }
        } else if runs && !ctx.is_unused(r) && crate::canon::defined_outside(ctx, yielded, op) {
            ctx.replace_all_uses(r, yielded);
            changed = true;
        }
    }
    changed
}

/// The remark for an `scf.for` that constant-condition folding kept.
fn describe_kept(ctx: &Context, op: OpId) -> String {
    if let Some(n) = constant_trip_count(ctx, op) {
        return format!("constant trip count {n}: kept as a loop");
    }
    if let Some(s) = non_positive_step(ctx, op) {
        return format!(
            "constant step {s} is not positive: kept (undefined behaviour if the loop runs)"
        );
    }
    if constant_bounds(ctx, op) && wide(ctx, op) {
        format!("constant bounds, but {WIDE}: kept")
    } else if constant_bounds(ctx, op) {
        "constant bounds, but the induction variable wraps around: kept".to_string()
    } else {
        "variable trip count: kept".to_string()
    }
}

/// The single block of region 0 of `op`, if it has one.
fn body_block(ctx: &Context, op: OpId) -> Option<weir_ir::BlockId> {
    ctx.regions(op).first().and_then(|&r| ctx.entry_block(r))
}

/// The operands of the terminator of `op`'s body if it is an `scf.yield`.
pub(crate) fn body_yielded(ctx: &Context, op: OpId, region: usize) -> Vec<ValueId> {
    crate::canon::terminator(ctx, op, region, "scf.yield")
        .map(|t| ctx.operands(t).to_vec())
        .unwrap_or_default()
}

/// `LoopLike` of `scf.for`: induction variable = the body's first argument, bounds = operands
/// `0..3`, inits = operands `3..`, iter_args = the other body arguments, trip count =
/// [`constant_trip_count`].
pub(crate) const LOOP_LIKE: weir_ir::interfaces::loop_like::LoopLike =
    weir_ir::interfaces::loop_like::LoopLike {
        induction_var: |ctx, op| {
            body_block(ctx, op).and_then(|b| ctx.block_args(b).first().copied())
        },
        bounds: |ctx, op| match ctx.operands(op) {
            [lb, ub, step, ..] => Some([*lb, *ub, *step]),
            _ => None,
        },
        inits: |ctx, op| ctx.operands(op).get(3..).unwrap_or(&[]).to_vec(),
        region_iter_args: |ctx, op| {
            body_block(ctx, op)
                .and_then(|b| ctx.block_args(b).get(1..))
                .unwrap_or(&[])
                .to_vec()
        },
        yielded: |ctx, op| body_yielded(ctx, op, 0),
        body: |ctx, op| ctx.regions(op).to_vec(),
        trip_count: constant_trip_count,
    };
