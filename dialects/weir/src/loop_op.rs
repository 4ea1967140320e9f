//! `weir.loop`: syntax, verifier and accessors (see the crate docs for the op's definition).

use weir_ir::interfaces::region_branch::{BranchPoint, Successor, Target};
use weir_ir::{
    op_error, Attr, AttrKind, BlockId, Context, DenseValue, DiagResult, Location, OpId, OpState,
    Signedness, Type, TypeKind, ValueId,
};
use weir_syntax::lexer::Tok;
use weir_syntax::{type_to_string, PResult, Parser, Printer};

/// The attribute telling which optional operands are present: `array<i32: a, b, n>`.
pub const OPERAND_SEGMENT_SIZES: &str = "operandSegmentSizes";

/// The operands of a `weir.loop`, split by `operandSegmentSizes`.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopOperands {
    /// The maximum trip count, if given.
    pub max: Option<ValueId>,
    /// The initial condition, if given (absent = `true`).
    pub cond: Option<ValueId>,
    /// The initial carried values.
    pub inits: Vec<ValueId>,
}

/// `array<i32: a, b, n>` for a loop with/without `max` and `cond` and `n_inits` carried values.
pub fn segment_sizes_attr(
    ctx: &mut Context,
    has_max: bool,
    has_cond: bool,
    n_inits: usize,
) -> Attr {
    let element = ctx.int_type(32);
    let values = [has_max as usize, has_cond as usize, n_inits]
        .iter()
        .map(|&v| DenseValue::Int(v as i128))
        .collect();
    ctx.attr(AttrKind::DenseArray { element, values })
}

/// The `operandSegmentSizes` values `[a, b, n]`, or the reason they are unusable (a verifier
/// message).
fn segments(ctx: &Context, op: OpId) -> Result<[usize; 3], String> {
    let missing = || format!("requires dense i32 array attribute '{OPERAND_SEGMENT_SIZES}'");
    let attr = ctx.attr_of(op, OPERAND_SEGMENT_SIZES).ok_or_else(missing)?;
    let AttrKind::DenseArray { element, values } = ctx.attr_kind(attr) else {
        return Err(missing());
    };
    if !matches!(
        ctx.type_kind(*element),
        TypeKind::Integer {
            width: 32,
            signedness: Signedness::Signless
        }
    ) {
        return Err(missing());
    }
    if values.len() != 3 {
        return Err(format!(
            "'{OPERAND_SEGMENT_SIZES}' attribute for specifying operand segments must have 3 elements, but got {}",
            values.len()
        ));
    }
    let v: Vec<i128> = values
        .iter()
        .map(|d| if let DenseValue::Int(i) = d { *i } else { -1 })
        .collect();
    if v.iter().any(|&x| x < 0) {
        return Err(format!(
            "'{OPERAND_SEGMENT_SIZES}' attribute cannot have negative elements"
        ));
    }
    let total: i128 = v.iter().sum();
    let count = ctx.operands(op).len();
    if total != count as i128 {
        return Err(format!(
            "operand count ({count}) does not match with the total size ({total}) specified in attribute '{OPERAND_SEGMENT_SIZES}'"
        ));
    }
    if v[0] > 1 || v[1] > 1 {
        return Err(format!(
            "'{OPERAND_SEGMENT_SIZES}' must be [0 or 1, 0 or 1, n] (max, cond, inits), but is [{}, {}, {}]",
            v[0], v[1], v[2]
        ));
    }
    Ok([v[0] as usize, v[1] as usize, v[2] as usize])
}

/// The operands of `op` (a `weir.loop`) split into max, condition and inits; `None` if its
/// `operandSegmentSizes` is missing or inconsistent (the verifier reports why).
pub fn loop_operands(ctx: &Context, op: OpId) -> Option<LoopOperands> {
    let [a, b, _] = segments(ctx, op).ok()?;
    let operands = ctx.operands(op);
    Some(LoopOperands {
        max: (a == 1).then(|| operands[0]),
        cond: (b == 1).then(|| operands[a]),
        inits: operands[a + b..].to_vec(),
    })
}

weir_ir::op_view! {
    /// `weir.loop` (an ONNX `Loop`): optional max trip count and initial condition, carried
    /// values; one body block with arguments `(it, cond, carried...)` ending with `weir.yield`.
    LoopOp = "weir.loop"
}

impl LoopOp {
    fn split(self, ctx: &Context) -> [usize; 3] {
        segments(ctx, self.0).expect("verified weir.loop has valid operand segments")
    }

    /// The maximum trip count, if given.
    pub fn max_trip_count(self, ctx: &Context) -> Option<ValueId> {
        let [a, _, _] = self.split(ctx);
        (a == 1).then(|| ctx.operand(self.0, 0))
    }

    /// The initial condition, if given (absent = `true`).
    pub fn initial_condition(self, ctx: &Context) -> Option<ValueId> {
        let [a, b, _] = self.split(ctx);
        (b == 1).then(|| ctx.operand(self.0, a))
    }

    /// The initial carried values.
    pub fn inits(self, ctx: &Context) -> &[ValueId] {
        let [a, b, _] = self.split(ctx);
        &ctx.operands(self.0)[a + b..]
    }

    /// The body block.
    pub fn body(self, ctx: &Context) -> BlockId {
        ctx.entry_block(ctx.region(self.0, 0))
            .expect("verified weir.loop has a body block")
    }

    /// The iteration number (the body's first argument, counting from 0).
    pub fn iteration_number(self, ctx: &Context) -> ValueId {
        ctx.block_args(self.body(ctx))[0]
    }

    /// The incoming condition (the body's second argument).
    pub fn condition_arg(self, ctx: &Context) -> ValueId {
        ctx.block_args(self.body(ctx))[1]
    }

    /// The carried values inside the body (the body's arguments after the condition).
    pub fn carried_args(self, ctx: &Context) -> &[ValueId] {
        &ctx.block_args(self.body(ctx))[2..]
    }

    /// The `weir.yield` ending the body.
    pub fn yield_op(self, ctx: &Context) -> crate::YieldOp {
        let last = ctx
            .last_op(self.body(ctx))
            .expect("a verified weir.loop body ends with weir.yield");
        crate::YieldOp::of(ctx, last).expect("verified weir.loop ends with weir.yield")
    }
}

fn ty(ctx: &Context, t: Type) -> String {
    format!("'{}'", type_to_string(ctx, t))
}

fn is_i1(ctx: &Context, t: Type) -> bool {
    matches!(
        ctx.type_kind(t),
        TypeKind::Integer {
            width: 1,
            signedness: Signedness::Signless
        }
    )
}

/// The checks of the op itself, run before the ops nested in its body are verified (as MLIR's
/// ODS constraints): one region with one block, `operandSegmentSizes`, the operand types, one
/// result per init with the init's type.
pub(crate) fn verify(ctx: &Context, op: OpId) -> DiagResult<()> {
    if ctx.regions(op).len() != 1 {
        return Err(op_error(ctx, op, "requires one region"));
    }
    let parts = match segments(ctx, op) {
        Ok(_) => loop_operands(ctx, op).expect("segments checked just above"),
        Err(msg) => return Err(op_error(ctx, op, msg)),
    };
    if let Some(m) = parts.max {
        let t = ctx.value_type(m);
        if !ctx.is_signless_int_or_index(t) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "operand 'max' must be signless integer or index, but got {}",
                    ty(ctx, t)
                ),
            ));
        }
    }
    if let Some(c) = parts.cond {
        let t = ctx.value_type(c);
        if !is_i1(ctx, t) {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "operand 'cond' must be 1-bit signless integer, but got {}",
                    ty(ctx, t)
                ),
            ));
        }
    }
    let n = parts.inits.len();
    let results = ctx.results(op);
    if results.len() != n {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects one result per carried value: {n} inits but {} results",
                results.len()
            ),
        ));
    }
    for (i, (&r, &v)) in results.iter().zip(&parts.inits).enumerate() {
        let (rt, vt) = (ctx.value_type(r), ctx.value_type(v));
        if rt != vt {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "result #{i} type {} must match init #{i} type {}",
                    ty(ctx, rt),
                    ty(ctx, vt)
                ),
            ));
        }
    }
    let body = ctx.region(op, 0);
    let blocks = ctx.region_blocks(body);
    if blocks.len() != 1 {
        return Err(op_error(
            ctx,
            op,
            "region #0 ('body') failed to verify constraint: region with 1 blocks",
        ));
    }
    Ok(())
}

/// The checks that look into the body, run after the ops nested in it are verified (as MLIR 22
/// runs `scf.for`'s implicit-terminator and `LoopLikeOpInterface` checks): the body block's
/// arguments, its `weir.yield` terminator and the yielded condition; `verify` has passed. The
/// carried values' types along the edges (inits and yielded values against the body arguments
/// and results) are then checked by the generic region-branch verifier, from [`successors`].
pub(crate) fn verify_regions(ctx: &Context, op: OpId) -> DiagResult<()> {
    let parts = loop_operands(ctx, op).expect("verify checked the segments before the nested ops");
    let n = parts.inits.len();
    let block = ctx.region_blocks(ctx.region(op, 0))[0];
    let args = ctx.block_arg_types(block);
    if args.len() != n + 2 {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expects the body block to have {} arguments (iteration number, condition, {n} carried values), but it has {}",
                n + 2,
                args.len()
            ),
        ));
    }
    let it = args[0];
    if !ctx.is_signless_int_or_index(it) {
        return Err(op_error(
            ctx,
            op,
            format!("body argument #0 (the iteration number) must be a signless integer or index, but got {}", ty(ctx, it)),
        ));
    }
    if let Some(m) = parts.max {
        let mt = ctx.value_type(m);
        if mt != it {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "operand 'max' type {} must match the iteration number type {}",
                    ty(ctx, mt),
                    ty(ctx, it)
                ),
            ));
        }
    }
    if !is_i1(ctx, args[1]) {
        return Err(op_error(
            ctx,
            op,
            format!(
                "body argument #1 (the condition) must be i1, but got {}",
                ty(ctx, args[1])
            ),
        ));
    }
    let terminator = ctx.last_op(block);
    let yield_op = match terminator {
        Some(t) if ctx.is(t, "weir.yield") => t,
        _ => {
            let mut d = op_error(ctx, op, "expects the body to terminate with 'weir.yield'");
            if let Some(t) = terminator {
                d = d.with_note(ctx.loc(t), "terminator here");
            }
            return Err(d);
        }
    };
    let yielded = ctx.operands(yield_op);
    if yielded.len() != n + 1 {
        return Err(op_error(
            ctx,
            yield_op,
            format!(
                "expects {} operands (the new condition and {n} carried values), but has {}",
                n + 1,
                yielded.len()
            ),
        ));
    }
    let ct = ctx.value_type(yielded[0]);
    if !is_i1(ctx, ct) {
        return Err(op_error(
            ctx,
            yield_op,
            format!(
                "operand #0 (the new condition) must be i1, but got {}",
                ty(ctx, ct)
            ),
        ));
    }
    Ok(())
}

/// `RegionBranch` of `weir.loop`: the parent enters the body with the inits as the carried
/// body arguments (after the iteration number and the condition, which the loop sets itself);
/// the `weir.yield` passes its operands after the new condition back to the body and out to
/// the results.
pub(crate) fn successors(ctx: &Context, op: OpId, point: BranchPoint) -> Vec<Successor> {
    let Some([a, b, _]) = segments(ctx, op).ok() else {
        return Vec::new();
    };
    let Some(body) = ctx.regions(op).first().and_then(|&r| ctx.entry_block(r)) else {
        return Vec::new();
    };
    let carried = ctx.block_args(body).get(2..).unwrap_or(&[]).to_vec();
    match point {
        BranchPoint::Parent => vec![Successor {
            target: Target::Region(0),
            operands: a + b..ctx.operands(op).len(),
            inputs: carried,
        }],
        BranchPoint::Terminator(t) if ctx.is(t, "weir.yield") => {
            let operands = 1.min(ctx.operands(t).len())..ctx.operands(t).len();
            vec![
                Successor {
                    target: Target::Region(0),
                    operands: operands.clone(),
                    inputs: carried,
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

/// A custom-syntax error worded as MLIR's: `custom op 'weir.loop' MSG`.
fn custom_error(loc: Location, msg: impl std::fmt::Display) -> weir_ir::Diagnostic {
    weir_ir::Diagnostic::error(loc, format!("custom op 'weir.loop' {msg}"))
}

pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let mut max = None;
    if p.parse_optional_keyword("max") {
        p.expect(Tok::LParen, "(")?;
        let m = p.parse_operand()?;
        p.expect(Tok::Colon, ":")?;
        let t = p.parse_type()?;
        p.expect(Tok::RParen, ")")?;
        max = Some((m, t));
    }
    let mut cond = None;
    if p.parse_optional_keyword("cond") {
        p.expect(Tok::LParen, "(")?;
        cond = Some(p.parse_operand()?);
        p.expect(Tok::RParen, ")")?;
    }
    let mut inits = Vec::new();
    if p.parse_optional_keyword("iter_args") {
        let list_loc = p.loc();
        p.expect(Tok::LParen, "(")?;
        if !p.consume_if(Tok::RParen) {
            loop {
                let first = p.parse_operand()?;
                // `%label = %init`: the label only documents the block argument.
                let init = if p.consume_if(Tok::Equal) {
                    p.parse_operand()?
                } else {
                    first
                };
                inits.push(init);
                if !p.consume_if(Tok::Comma) {
                    break;
                }
            }
            p.expect(Tok::RParen, ")")?;
        }
        p.expect(Tok::Arrow, "->")?;
        state.result_types = p.parse_function_result_types()?;
        if state.result_types.len() != inits.len() {
            return Err(custom_error(
                list_loc,
                format!(
                    "has {} iter_args but {} result types",
                    inits.len(),
                    state.result_types.len()
                ),
            ));
        }
    }
    let body = p.parse_region(&[])?;
    p.parse_optional_attr_dict_with_keyword(state)?;
    // Operands are resolved after the body, so that a value defined inside it is not found.
    if let Some((m, t)) = &max {
        let v = p.resolve_operand(m, *t)?;
        state.operands.push(v);
    }
    if let Some(c) = &cond {
        let i1 = p.ctx.i1();
        let v = p.resolve_operand(c, i1)?;
        state.operands.push(v);
    }
    let types = state.result_types.clone();
    let inits = p.resolve_operands(&inits, &types)?;
    state.operands.extend(inits);
    let seg = segment_sizes_attr(p.ctx, max.is_some(), cond.is_some(), types.len());
    state.set_attr(p.ctx.attr_name(OPERAND_SEGMENT_SIZES), seg);
    state.regions.push(body);
    Ok(())
}

pub(crate) fn print(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    let parts = loop_operands(ctx, op).unwrap_or(LoopOperands {
        max: None,
        cond: None,
        inits: ctx.operands(op).to_vec(),
    });
    if let Some(m) = parts.max {
        p.write(" max(");
        p.print_operand(m);
        p.write(" : ");
        p.print_type(ctx.value_type(m));
        p.write(")");
    }
    if let Some(c) = parts.cond {
        p.write(" cond(");
        p.print_operand(c);
        p.write(")");
    }
    if !parts.inits.is_empty() || !ctx.results(op).is_empty() {
        p.write(" iter_args(");
        p.print_operands(&parts.inits);
        p.write(") -> (");
        let rt: Vec<Type> = ctx.results(op).iter().map(|&r| ctx.value_type(r)).collect();
        p.print_types(&rt);
        p.write(")");
    }
    if let Some(&body) = ctx.regions(op).first() {
        p.write(" ");
        p.print_region(body, true, None);
    }
    p.print_optional_attr_dict_with_keyword(op, &[OPERAND_SEGMENT_SIZES]);
}
