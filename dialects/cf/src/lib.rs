//! The cf (control flow) dialect: unstructured branches between blocks and runtime assertions.
//! Semantics, attribute names, syntax and verifier messages are those of the MLIR cf dialect
//! (`mlir/include/mlir/Dialect/ControlFlow/IR/ControlFlowOps.td`), checked against `mlir-opt` 22.
//!
//! | op | custom syntax | semantics |
//! |---|---|---|
//! | `cf.br` | `cf.br ^bb1(%a, %b : i32, f32)` | jump; all operands go to the block arguments of the successor |
//! | `cf.cond_br` | `cf.cond_br %c [weights([60, 40])], ^bb1(%a : i32), ^bb2` | jump to the first successor if the `i1` `%c` is true, else to the second; attrs `operandSegmentSizes = array<i32: 1, nTrue, nFalse>`, optional `branch_weights = array<i32: t, f>` |
//! | `cf.switch` | `cf.switch %flag : i32, [ default: ^bb1(%a : i32), 0: ^bb2, 5: ^bb3(%b : i32) ]` | jump to the successor of the case equal to the integer `%flag`, else to the default |
//! | `cf.assert` | `cf.assert %c, "msg"` | aborts with `msg` if the `i1` `%c` is false; attr `msg` |
//!
//! `cf.br`, `cf.cond_br` and `cf.switch` are `TERMINATOR | PURE` (as in MLIR); `cf.assert` has
//! a write effect on the default resource (MLIR `MemoryEffects<[MemWrite]>`). Successor operands are described by the `successor_operands` hook of each
//! branch's [`OpDef`], so `Context::successor_operands(op, i)` and the structural verifier work.
//!
//! Canonicalization (`patterns.rs`, MLIR `ControlFlowOps.cpp` and region simplification):
//! `cf.cond_br`/`cf.switch` on a constant become `cf.br` and the blocks left unreachable are
//! erased, `cf.assert` on constant true is erased, identical successors, single-predecessor
//! blocks, forwarding blocks and dead block arguments are simplified; see
//! [`erase_unreachable_blocks`] and [`erase_dead_block_arguments`].
//!
//! Typed views: [`BranchOp`], [`CondBranchOp`], [`SwitchOp`], [`AssertOp`]; builders:
//! [`build_br`], [`build_cond_br`], [`build_switch`], [`build_assert`].
//!
//! `cf.switch` stores: operands `[flag, default operands..., case operands...]`, successors
//! `[default, cases...]`, `case_values = dense<[...]> : vector<N x flag-type>` (absent when there
//! is no case), `case_operand_segments = array<i32: ...>` (operands per case) and
//! `operandSegmentSizes = array<i32: 1, nDefault, nCaseTotal>`. The flag is any integer type.
//! Case values print as MLIR 22 prints them, as *unsigned* numbers of the flag width (`-1 : i32`
//! prints as `4294967295`); both signed and unsigned literals parse.
//!
//! Where Weir differs from MLIR 22 (on purpose):
//! - case literals may use the whole flag width, e.g. `18446744073709551615` or
//!   `9223372036854775808` on `i64` (MLIR 22: `integer value too large`); a literal that fits
//!   the width neither as a signed nor as an unsigned number is an error (MLIR 22 silently
//!   truncates it);
//! - duplicate case values are an error (`has duplicate case value: 1`, worded as
//!   `scf.index_switch`'s);
//! - malformed generic input is rejected instead of crashing or being read loosely: the
//!   condition/flag segment of `operandSegmentSizes` must be 1, the number of
//!   `case_operand_segments` must equal the number of case successors, and case successors
//!   need `case_values` (MLIR 22 crashes there).

mod patterns;
mod views;

pub use patterns::{
    erase_dead_block_arguments, erase_unreachable_blocks, ASSERT_CONSTANT_TRUE,
    COND_BR_CONSTANT_CONDITION, ERASE_UNREACHABLE_BLOCKS, SWITCH_CONSTANT_FLAG,
};
use std::ops::Range;
pub use views::{AssertOp, BranchOp, CondBranchOp, SwitchOp};
use weir_dialect_arith::util::{
    check_type, custom_op_error, op_loc, parse_custom_integer, parse_custom_keyword, verify_counts,
    Arity, Constraint,
};
use weir_ir::{
    op_error, Attr, AttrKind, BlockId, Context, DenseValue, DiagResult, Diagnostic, InsertPoint,
    Location, OpDef, OpId, OpState, Traits, Type, TypeKind, ValueId,
};
use weir_syntax::lexer::Tok;
use weir_syntax::{OpSyntax, PResult, Parser, Printer, Syntax};

/// Registers the cf ops and their syntax.
pub fn register(ctx: &mut Context, syntax: &mut Syntax) {
    let term = Traits::TERMINATOR | Traits::PURE;
    ctx.register(
        OpDef::new("cf.br", term)
            .verifier(verify_br)
            .successor_operands(br_successor_operands)
            .patterns(patterns::BR_PATTERNS),
    );
    ctx.register(
        OpDef::new("cf.cond_br", term)
            .verifier(verify_cond_br)
            .successor_operands(cond_br_successor_operands)
            .patterns(patterns::COND_BR_PATTERNS),
    );
    ctx.register(
        OpDef::new("cf.switch", term)
            .verifier(verify_switch)
            .successor_operands(switch_successor_operands)
            .successor_operand_ranges(switch_successor_operand_ranges)
            .patterns(patterns::SWITCH_PATTERNS),
    );
    ctx.register(
        OpDef::new("cf.assert", Traits::NONE)
            .verifier(verify_assert)
            .memory_effects(assert_effects)
            .patterns(patterns::ASSERT_PATTERNS),
    );
    syntax.register("cf.br", OpSyntax::new(parse_br, print_br));
    syntax.register("cf.cond_br", OpSyntax::new(parse_cond_br, print_cond_br));
    syntax.register(
        "cf.switch",
        OpSyntax::new(parse_switch, print_switch).generic_when(default_operand_has_result_number),
    );
    syntax.register("cf.assert", OpSyntax::new(parse_assert, print_assert));
}

// ------------------------------------------------------------------------------ attributes

/// `array<i32: ...>`.
fn i32_array(ctx: &mut Context, values: &[i64]) -> Attr {
    let element = ctx.int_type(32);
    ctx.attr(AttrKind::DenseArray {
        element,
        values: values.iter().map(|&v| DenseValue::Int(v as i128)).collect(),
    })
}

/// The values of an `array<i32: ...>` attribute named `name`, if present and well-formed.
fn i32_array_of(ctx: &Context, op: OpId, name: &str) -> Option<Vec<i64>> {
    match ctx.attr_kind(ctx.attr_of(op, name)?) {
        AttrKind::DenseArray { element, values } if is_i32(ctx, *element) => {
            values.iter().map(dense_i64).collect()
        }
        _ => None,
    }
}

/// Whether `ty` is an integer type (of any width and signedness).
fn is_integer(ctx: &Context, ty: Type) -> bool {
    matches!(ctx.type_kind(ty), TypeKind::Integer { .. })
}

fn is_i32(ctx: &Context, ty: Type) -> bool {
    weir_dialect_arith::util::is_signless_int(ctx, ty) && ctx.int_width(ty) == Some(32)
}

/// `operandSegmentSizes` as MLIR reads it: all zeros when absent or malformed.
fn operand_segments(ctx: &Context, op: OpId) -> [i64; 3] {
    match i32_array_of(ctx, op, "operandSegmentSizes").as_deref() {
        Some(&[a, b, c]) => [a, b, c],
        _ => [0; 3],
    }
}

/// `start..start+len` clamped to `0..n` (negative sizes count as 0), so that malformed segment
/// attributes never make `Context::successor_operands` index out of bounds.
fn clamped(n: usize, start: i64, len: i64) -> Range<usize> {
    let a = (start.max(0) as u64).min(n as u64) as usize;
    let b = (start.max(0) as u64)
        .saturating_add(len.max(0) as u64)
        .min(n as u64) as usize;
    a..b.max(a)
}

fn br_successor_operands(ctx: &Context, op: OpId, i: usize) -> Range<usize> {
    let n = ctx.operands(op).len();
    if i == 0 {
        0..n
    } else {
        n..n
    }
}

fn cond_br_successor_operands(ctx: &Context, op: OpId, i: usize) -> Range<usize> {
    let n = ctx.operands(op).len();
    let [c, t, f] = operand_segments(ctx, op).map(|s| s.max(0));
    match i {
        0 => clamped(n, c, t),
        1 => clamped(n, c.saturating_add(t), f),
        _ => n..n,
    }
}

fn switch_successor_operands(ctx: &Context, op: OpId, i: usize) -> Range<usize> {
    let n = ctx.operands(op).len();
    let [f, d, _] = operand_segments(ctx, op).map(|s| s.max(0));
    if i == 0 {
        return clamped(n, f, d);
    }
    // Read in place (no copy of the N sizes per lookup); a malformed array counts as empty,
    // as in `switch_successor_operand_ranges`.
    let cases = case_segments(ctx, op);
    let mut before = 0i64;
    let mut len = 0;
    for (k, v) in cases.iter().enumerate() {
        let Some(size) = dense_i64(v) else {
            return clamped(n, f.saturating_add(d), 0);
        };
        if k + 1 < i {
            before = before.saturating_add(size.max(0));
        } else if k + 1 == i {
            len = size;
        }
    }
    clamped(n, f.saturating_add(d).saturating_add(before), len)
}

/// Every successor's operand range of a `cf.switch` (the default's, then the cases' in order)
/// in one pass over `case_operand_segments`: the same ranges as `switch_successor_operands`,
/// in time linear in the number of cases.
fn switch_successor_operand_ranges(ctx: &Context, op: OpId) -> Vec<Range<usize>> {
    let n = ctx.operands(op).len();
    let [f, d, _] = operand_segments(ctx, op).map(|s| s.max(0));
    let nsucc = ctx.successors(op).len();
    let mut ranges = Vec::with_capacity(nsucc);
    if nsucc == 0 {
        return ranges;
    }
    ranges.push(clamped(n, f, d));
    let cases = i32_array_of(ctx, op, "case_operand_segments").unwrap_or_default();
    let mut start = f.saturating_add(d);
    for i in 1..nsucc {
        let len = cases.get(i - 1).copied().unwrap_or(0);
        ranges.push(clamped(n, start, len));
        start = start.saturating_add(len.max(0));
    }
    ranges
}

/// The elements of `case_operand_segments` when it is an `array<i32: ...>`, else none.
fn case_segments(ctx: &Context, op: OpId) -> &[DenseValue] {
    match ctx
        .attr_of(op, "case_operand_segments")
        .map(|a| ctx.attr_kind(a))
    {
        Some(AttrKind::DenseArray { element, values }) if is_i32(ctx, *element) => values,
        _ => &[],
    }
}

/// An integer element of a dense array as `i64` (`None` for floats and out-of-range values).
fn dense_i64(v: &DenseValue) -> Option<i64> {
    match v {
        DenseValue::Int(i) => i64::try_from(*i).ok(),
        DenseValue::Float(_) => None,
    }
}

/// The case values of a `cf.switch` (`case_values`), sign-extended from the flag width (`i1`:
/// 0 or 1; `uiN`: zero-extended). Empty when the attribute is absent; `None` when it is
/// malformed.
pub fn switch_case_values(ctx: &Context, op: OpId) -> Option<Vec<i128>> {
    match ctx.attr_of(op, "case_values") {
        None => Some(Vec::new()),
        Some(a) => dense_int_elements(ctx, a),
    }
}

/// The (splat-expanded, normalized) values of an integer `dense<...>`.
fn dense_int_elements(ctx: &Context, attr: Attr) -> Option<Vec<i128>> {
    let d = ctx.dense_elements(attr)?;
    if !is_integer(ctx, d.element_type()) {
        return None;
    }
    (0..d.len()).map(|i| d.int(i)).collect()
}

/// The `branch_weights` of a `cf.cond_br`, if present and well-formed.
pub fn branch_weights(ctx: &Context, op: OpId) -> Option<Vec<i64>> {
    i32_array_of(ctx, op, "branch_weights")
}

// ------------------------------------------------------------------------------ verifiers

fn verify_br(ctx: &Context, op: OpId) -> DiagResult<()> {
    verify_counts(ctx, op, 0, Arity::Exactly(1), Arity::Any)
}

/// MLIR's `AttrSizedOperandSegments` checks on the `operandSegmentSizes` attribute.
fn verify_operand_segments(ctx: &Context, op: OpId, first: &str) -> DiagResult<[i64; 3]> {
    let segs = operand_segments(ctx, op);
    if segs.iter().any(|&s| s < 0) {
        return Err(op_error(
            ctx,
            op,
            "'operandSegmentSizes' attribute cannot have negative elements",
        ));
    }
    let total: i64 = segs.iter().sum();
    let n = ctx.operands(op).len();
    if total != n as i64 {
        return Err(op_error(
            ctx,
            op,
            format!("operand count ({n}) does not match with the total size ({total}) specified in attribute 'operandSegmentSizes'"),
        ));
    }
    if segs[0] != 1 {
        return Err(op_error(
            ctx,
            op,
            format!(
                "'operandSegmentSizes' must give '{first}' exactly 1 operand, but gives {}",
                segs[0]
            ),
        ));
    }
    Ok(segs)
}

fn verify_cond_br(ctx: &Context, op: OpId) -> DiagResult<()> {
    verify_counts(ctx, op, 0, Arity::Exactly(2), Arity::AtLeast(1))?;
    verify_operand_segments(ctx, op, "condition")?;
    if ctx.attr_of(op, "branch_weights").is_some() && branch_weights(ctx, op).is_none() {
        return Err(op_error(
            ctx,
            op,
            "attribute 'branch_weights' failed to satisfy constraint: i32 dense array attribute",
        ));
    }
    check_type(
        ctx,
        op,
        Constraint::I1,
        "operand",
        0,
        ctx.value_type(ctx.operand(op, 0)),
    )?;
    if let Some(w) = branch_weights(ctx, op).filter(|w| !w.is_empty()) {
        let n = ctx.successors(op).len();
        if w.len() != n {
            return Err(Diagnostic::error(
                op_loc(ctx, op),
                format!(
                    "expects number of branch weights to match number of successors: {} vs {n}",
                    w.len()
                ),
            ));
        }
        if w.iter().all(|&x| x == 0) {
            return Err(Diagnostic::error(
                op_loc(ctx, op),
                "branch weights cannot all be zero",
            ));
        }
    }
    Ok(())
}

fn verify_switch(ctx: &Context, op: OpId) -> DiagResult<()> {
    verify_counts(ctx, op, 0, Arity::AtLeast(1), Arity::AtLeast(1))?;
    let segs = verify_operand_segments(ctx, op, "flag")?;
    if ctx.attr_of(op, "case_operand_segments").is_none() {
        return Err(op_error(
            ctx,
            op,
            "requires attribute 'case_operand_segments'",
        ));
    }
    let Some(cases) = i32_array_of(ctx, op, "case_operand_segments") else {
        return Err(op_error(
            ctx,
            op,
            "attribute 'case_operand_segments' failed to satisfy constraint: i32 dense array attribute",
        ));
    };
    if cases.iter().any(|&s| s < 0) {
        return Err(op_error(
            ctx,
            op,
            "'case_operand_segments' attribute cannot have negative elements",
        ));
    }
    let total: i64 = cases.iter().sum();
    if total != segs[2] {
        return Err(op_error(
            ctx,
            op,
            format!(
                "caseOperands count ({}) does not match with the total size ({total}) specified in attribute 'case_operand_segments'",
                segs[2]
            ),
        ));
    }
    // The element type and count first: a splat stores one element however many it stands
    // for (`dense<0> : vector<4294967296xi32>`), so the values are read only once their
    // count is known to match the successors.
    let case_values = match ctx.attr_of(op, "case_values") {
        None => None,
        Some(a) => match ctx
            .dense_elements(a)
            .filter(|d| is_integer(ctx, d.element_type()))
        {
            Some(d) => Some((d.element_type(), d.len())),
            None => return Err(op_error(
                ctx,
                op,
                "attribute 'case_values' failed to satisfy constraint: integer elements attribute",
            )),
        },
    };
    let flag_ty = ctx.value_type(ctx.operand(op, 0));
    check_type(ctx, op, Constraint::AnyInteger, "operand", 0, flag_ty)?;
    let ndest = ctx.successors(op).len() - 1;
    let count = match case_values {
        Some((elem, count)) => {
            if elem != flag_ty {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "'flag' type ('{}') should match case value type ('{}')",
                        weir_syntax::type_to_string(ctx, flag_ty),
                        weir_syntax::type_to_string(ctx, elem)
                    ),
                ));
            }
            count
        }
        None => 0,
    };
    if count != ndest as u64 {
        return Err(op_error(
            ctx,
            op,
            format!(
                "number of case values ({count}) should match number of case destinations ({ndest})"
            ),
        ));
    }
    if cases.len() != ndest {
        return Err(op_error(
            ctx,
            op,
            format!("number of case operand segments ({}) should match number of case destinations ({ndest})", cases.len()),
        ));
    }
    let values = switch_case_values(ctx, op)
        .expect("case_values is absent or integer elements (checked above)");
    let width = ctx.int_width(flag_ty).unwrap_or(64);
    let mut seen = std::collections::HashSet::new();
    for &v in &values {
        if !seen.insert(v) {
            return Err(op_error(
                ctx,
                op,
                format!("has duplicate case value: {}", case_text(v, width)),
            ));
        }
    }
    Ok(())
}

fn verify_assert(ctx: &Context, op: OpId) -> DiagResult<()> {
    verify_counts(ctx, op, 0, Arity::Exactly(0), Arity::Exactly(1))?;
    match ctx.attr_of(op, "msg").map(|a| ctx.attr_kind(a)) {
        None => return Err(op_error(ctx, op, "requires attribute 'msg'")),
        Some(AttrKind::String(_)) => {}
        Some(_) => {
            return Err(op_error(
                ctx,
                op,
                "attribute 'msg' failed to satisfy constraint: string attribute",
            ))
        }
    }
    check_type(
        ctx,
        op,
        Constraint::I1,
        "operand",
        0,
        ctx.value_type(ctx.operand(op, 0)),
    )
}

// ------------------------------------------------------------------------------ syntax

/// `^dest[(%a, ... : T, ...)] [{attrs}]`.
fn parse_br(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let (dest, args) = p.parse_successor_and_use_list()?;
    p.parse_optional_attr_dict(state)?;
    state.successors.push(dest);
    state.operands = args;
    Ok(())
}

fn print_br(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    if let Some(&dest) = ctx.successors(op).first() {
        p.print_successor_and_use_list(dest, ctx.successor_operands(op, 0));
    }
    p.print_optional_attr_dict(op, &[]);
}

/// `%cond [weights([t, f])], ^t[(...)], ^f[(...)] [{attrs}]`.
fn parse_cond_br(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let cond = p.parse_operand()?;
    if p.parse_optional_keyword("weights") {
        p.expect(Tok::LParen, "(")?;
        p.expect(Tok::LSquare, "[")?;
        let mut weights = Vec::new();
        if p.peek() != Tok::RSquare {
            loop {
                let loc = p.loc();
                let w = parse_custom_integer(p, state)?;
                let w = i32::try_from(w)
                    .map_err(|_| custom_op_error(p, state, loc, "integer value too large"))?;
                weights.push(w as i64);
                if !p.consume_if(Tok::Comma) {
                    break;
                }
            }
        }
        p.expect(Tok::RSquare, "]")?;
        p.expect(Tok::RParen, ")")?;
        let a = i32_array(p.ctx, &weights);
        state.set_attr(p.ctx.attr_name("branch_weights"), a);
    }
    p.expect(Tok::Comma, ",")?;
    let (t, targs) = p.parse_successor_and_use_list()?;
    p.expect(Tok::Comma, ",")?;
    let (f, fargs) = p.parse_successor_and_use_list()?;
    p.parse_optional_attr_dict(state)?;
    let i1 = p.ctx.i1();
    let c = p.resolve_operand(&cond, i1)?;
    let seg = i32_array(p.ctx, &[1, targs.len() as i64, fargs.len() as i64]);
    state.set_attr(p.ctx.attr_name("operandSegmentSizes"), seg);
    state.operands = std::iter::once(c).chain(targs).chain(fargs).collect();
    state.successors = vec![t, f];
    Ok(())
}

fn print_cond_br(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    if let Some(&c) = ctx.operands(op).first() {
        p.print_operand(c);
    }
    if let Some(w) = branch_weights(ctx, op) {
        let text: Vec<String> = w.iter().map(|x| x.to_string()).collect();
        p.write(&format!(" weights([{}])", text.join(", ")));
    }
    for (i, &s) in ctx.successors(op).iter().enumerate() {
        p.write(", ");
        p.print_successor_and_use_list(s, ctx.successor_operands(op, i));
    }
    p.print_optional_attr_dict(op, &["operandSegmentSizes", "branch_weights"]);
}

/// `%flag : T, [ default: ^d[(...)], v: ^b[(...)], ... ] [{attrs}]`.
fn parse_switch(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let flag = p.parse_operand()?;
    p.expect(Tok::Colon, ":")?;
    let ty_loc = p.loc();
    let flag_ty = p.parse_type()?;
    let Some(width) = p
        .ctx
        .int_width(flag_ty)
        .filter(|_| matches!(p.ctx.type_kind(flag_ty), TypeKind::Integer { .. }))
    else {
        let found = weir_syntax::type_to_string(p.ctx, flag_ty);
        return Err(custom_op_error(
            p,
            state,
            ty_loc,
            format!(
                "invalid kind of type specified: expected builtin.integer, but found '{found}'"
            ),
        ));
    };
    p.expect(Tok::Comma, ",")?;
    p.expect(Tok::LSquare, "[")?;
    parse_custom_keyword(p, state, "default")?;
    p.expect(Tok::Colon, ":")?;
    let (default, default_args) = p.parse_successor_and_use_list()?;
    let mut cases: Vec<(i128, BlockId, Vec<ValueId>)> = Vec::new();
    while p.consume_if(Tok::Comma) {
        let loc = p.loc();
        let v = parse_custom_integer(p, state)?;
        if !fits_width(v, width) {
            return Err(custom_op_error(p, state, loc, "integer value too large"));
        }
        p.expect(Tok::Colon, ":")?;
        let (b, args) = p.parse_successor_and_use_list()?;
        cases.push((v, b, args));
    }
    p.expect(Tok::RSquare, "]")?;
    p.parse_optional_attr_dict(state)?;
    let flag = p.resolve_operand(&flag, flag_ty)?;
    let (operands, successors, attrs) = switch_parts(p.ctx, flag, default, default_args, cases)
        .map_err(|m| custom_op_error(p, state, ty_loc, m))?;
    state.operands = operands;
    state.successors = successors;
    for (k, v) in attrs {
        state.set_attr(p.ctx.attr_name(k), v);
    }
    Ok(())
}

/// Whether `v` is a `width`-bit integer read as signed or as unsigned.
fn fits_width(v: i128, width: u32) -> bool {
    match width {
        0 => v == 0,
        w if w >= 128 => true,
        w => v >= -(1i128 << (w - 1)) && v <= i128::MAX >> (127 - w), // up to 2^w - 1
    }
}

/// A case value as MLIR 22 prints it: the unsigned number of the flag width.
fn case_text(v: i128, width: u32) -> String {
    // MLIR 22 prints case values as unsigned numbers of the flag's width, but rejects literals
    // beyond the signed 64-bit range on input; from 64 bits on, print them signed so that the
    // output parses in mlir-opt (e.g. `-1` for an i64 flag, not 18446744073709551615).
    if width >= 64 {
        v.to_string()
    } else if width < 128 {
        ((v as u128) & ((1u128 << width) - 1)).to_string()
    } else if width == 128 {
        (v as u128).to_string()
    } else {
        v.to_string()
    }
}

/// The operands, successors and attributes of a `cf.switch`.
fn switch_parts(
    ctx: &mut Context,
    flag: ValueId,
    default: BlockId,
    default_args: Vec<ValueId>,
    cases: Vec<(i128, BlockId, Vec<ValueId>)>,
) -> Result<(Vec<ValueId>, Vec<BlockId>, Vec<(&'static str, Attr)>), String> {
    let flag_ty = ctx.value_type(flag);
    let ndefault = default_args.len() as i64;
    let mut operands = vec![flag];
    operands.extend(default_args);
    let mut successors = vec![default];
    let mut segments = Vec::new();
    let mut values = Vec::new();
    for (v, b, args) in cases {
        values.push(DenseValue::Int(v));
        successors.push(b);
        segments.push(args.len() as i64);
        operands.extend(args);
    }
    let mut attrs = Vec::new();
    if !values.is_empty() {
        let ty = ctx.intern_type(TypeKind::Vector {
            shape: vec![values.len() as u64],
            element: flag_ty,
        });
        attrs.push(("case_values", ctx.dense_from_values(ty, &values)?));
    }
    attrs.push(("case_operand_segments", i32_array(ctx, &segments)));
    let total: i64 = segments.iter().sum();
    attrs.push(("operandSegmentSizes", i32_array(ctx, &[1, ndefault, total])));
    Ok((operands, successors, attrs))
}

/// Whether a default-destination operand of a `cf.switch` prints as `%2#0`: mlir-opt 22's
/// custom parser refuses those ("result number not allowed in argument list"; case operands
/// and `cf.br`/`cf.cond_br` operands accept them), so such a switch prints in generic form.
fn default_operand_has_result_number(p: &Printer<'_>, op: OpId) -> bool {
    !p.ctx.successors(op).is_empty()
        && p.ctx
            .successor_operands(op, 0)
            .iter()
            .any(|&v| p.has_result_number(v))
}

fn print_switch(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    let Some(&flag) = ctx.operands(op).first() else {
        return;
    };
    let flag_ty = ctx.value_type(flag);
    let width = ctx.int_width(flag_ty).unwrap_or(64);
    p.write(" ");
    p.print_operand(flag);
    p.write(" : ");
    p.print_type(flag_ty);
    p.write(", [");
    p.increase_indent();
    p.newline();
    p.write("default: ");
    let succs = ctx.successors(op);
    let ranges = ctx.successor_operand_ranges(op);
    if let Some(&d) = succs.first() {
        p.print_successor_and_use_list(d, &ctx.operands(op)[ranges[0].clone()]);
    }
    let values = switch_case_values(ctx, op).unwrap_or_default();
    for (i, &b) in succs.iter().enumerate().skip(1) {
        p.write(",");
        p.newline();
        match values.get(i - 1) {
            Some(&v) => p.write(&case_text(v, width)),
            None => p.write("<<missing case value>>"),
        }
        p.write(": ");
        p.print_successor_and_use_list(b, &ctx.operands(op)[ranges[i].clone()]);
    }
    p.decrease_indent();
    if ctx.attr_of(op, "case_values").is_some() {
        p.newline();
    }
    p.write("]");
    p.print_optional_attr_dict(
        op,
        &[
            "case_values",
            "case_operand_segments",
            "operandSegmentSizes",
        ],
    );
}

/// `%cond, "msg" [{attrs}]`.
fn parse_assert(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let cond = p.parse_operand()?;
    p.expect(Tok::Comma, ",")?;
    let loc = p.loc();
    let msg = match p.peek() {
        Tok::String => p.parse_string()?,
        // MLIR parses the attribute with the string type expected and reports literals so.
        Tok::Integer | Tok::Minus => {
            return Err(Diagnostic::error(
                loc,
                "integer literal not valid for specified type",
            ))
        }
        Tok::Float => {
            return Err(Diagnostic::error(
                loc,
                "floating point value not valid for specified type",
            ))
        }
        _ => {
            p.parse_attribute(None)?;
            return Err(custom_op_error(
                p,
                state,
                loc,
                "invalid kind of attribute specified",
            ));
        }
    };
    p.parse_optional_attr_dict(state)?;
    let i1 = p.ctx.i1();
    state.operands = vec![p.resolve_operand(&cond, i1)?];
    let m = p.ctx.str_attr(&msg);
    state.set_attr(p.ctx.attr_name("msg"), m);
    Ok(())
}

fn print_assert(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    p.print_operands(ctx.operands(op));
    if let Some(m) = ctx.attr_of(op, "msg") {
        p.write(", ");
        p.print_attr(m);
    }
    p.print_optional_attr_dict(op, &["msg"]);
}

// ------------------------------------------------------------------------------ builders

fn build(
    ctx: &mut Context,
    at: InsertPoint,
    name: &str,
    operands: Vec<ValueId>,
    successors: Vec<BlockId>,
    attrs: Vec<(&str, Attr)>,
    loc: Location,
) -> OpId {
    let mut st = OpState::new(ctx.op_name(name), loc);
    st.operands = operands;
    st.successors = successors;
    for (k, v) in attrs {
        st.set_attr(ctx.attr_name(k), v);
    }
    ctx.build_op(st, at)
}

/// Builds `cf.br ^dest(args)`.
pub fn build_br(
    ctx: &mut Context,
    at: InsertPoint,
    dest: BlockId,
    args: &[ValueId],
    loc: Location,
) -> OpId {
    build(
        ctx,
        at,
        BranchOp::NAME,
        args.to_vec(),
        vec![dest],
        vec![],
        loc,
    )
}

/// Builds `cf.cond_br cond, ^t(t_args), ^f(f_args)` with its `operandSegmentSizes`.
#[allow(clippy::too_many_arguments)]
pub fn build_cond_br(
    ctx: &mut Context,
    at: InsertPoint,
    cond: ValueId,
    t: BlockId,
    t_args: &[ValueId],
    f: BlockId,
    f_args: &[ValueId],
    loc: Location,
) -> OpId {
    let seg = i32_array(ctx, &[1, t_args.len() as i64, f_args.len() as i64]);
    let operands = std::iter::once(cond)
        .chain(t_args.iter().copied())
        .chain(f_args.iter().copied())
        .collect();
    build(
        ctx,
        at,
        CondBranchOp::NAME,
        operands,
        vec![t, f],
        vec![("operandSegmentSizes", seg)],
        loc,
    )
}

/// One case of a `cf.switch`: the value (any representation of the flag width's bits), the
/// destination and its operands.
pub type SwitchCase = (i128, BlockId, Vec<ValueId>);

/// Builds `cf.switch flag : T, [default: ^default(default_args), v: ^b(args), ...]` with its
/// `case_values` (absent when there is no case), `case_operand_segments` and
/// `operandSegmentSizes`. Panics if `flag` is not an integer of at most 128 bits (the widths
/// `dense<...>` case values hold).
pub fn build_switch(
    ctx: &mut Context,
    at: InsertPoint,
    flag: ValueId,
    default: BlockId,
    default_args: &[ValueId],
    cases: Vec<SwitchCase>,
    loc: Location,
) -> OpId {
    let (operands, successors, attrs) =
        switch_parts(ctx, flag, default, default_args.to_vec(), cases)
            .expect("build_switch: the flag is an integer of at most 128 bits");
    build(ctx, at, SwitchOp::NAME, operands, successors, attrs, loc)
}

/// Builds `cf.assert cond, "msg"`.
pub fn build_assert(
    ctx: &mut Context,
    at: InsertPoint,
    cond: ValueId,
    msg: &str,
    loc: Location,
) -> OpId {
    let m = ctx.str_attr(msg);
    build(
        ctx,
        at,
        AssertOp::NAME,
        vec![cond],
        vec![],
        vec![("msg", m)],
        loc,
    )
}

/// Replaces the operands `op` (a `cf.br`, `cf.cond_br` or `cf.switch`) passes to successor
/// `succ` by `values`, updating `operandSegmentSizes` / `case_operand_segments` (e.g. after
/// erasing block arguments of the successor). O(operands + successors): to change several
/// successors of one op, use [`set_all_successor_operands`] once.
pub fn set_successor_operands(ctx: &mut Context, op: OpId, succ: usize, values: Vec<ValueId>) {
    let mut groups = successor_operand_groups(ctx, op);
    groups[succ] = values;
    set_all_successor_operands(ctx, op, groups);
}

/// The operands `op` passes to each of its successors, in successor order.
pub fn successor_operand_groups(ctx: &Context, op: OpId) -> Vec<Vec<ValueId>> {
    ctx.successor_operand_ranges(op)
        .into_iter()
        .map(|r| ctx.operands(op)[r].to_vec())
        .collect()
}

/// Replaces the operands `op` (a `cf.br`, `cf.cond_br` or `cf.switch`) passes to its
/// successors by `groups` (one list per successor, in order), keeping its leading operand (the
/// condition or flag) and updating `operandSegmentSizes` / `case_operand_segments`.
pub fn set_all_successor_operands(ctx: &mut Context, op: OpId, groups: Vec<Vec<ValueId>>) {
    let lead: Vec<ValueId> = match ctx.name_str(op) {
        "cf.br" => Vec::new(),
        _ => ctx.operands(op).first().copied().into_iter().collect(),
    };
    let mut operands = lead.clone();
    for g in &groups {
        operands.extend(g);
    }
    ctx.set_operands(op, operands);
    let sizes: Vec<i64> = groups.iter().map(|g| g.len() as i64).collect();
    match ctx.name_str(op) {
        "cf.cond_br" => {
            let seg = i32_array(ctx, &[lead.len() as i64, sizes[0], sizes[1]]);
            ctx.set_attr(op, "operandSegmentSizes", seg);
        }
        "cf.switch" => {
            let cases = i32_array(ctx, &sizes[1..]);
            ctx.set_attr(op, "case_operand_segments", cases);
            let total: i64 = sizes[1..].iter().sum();
            let seg = i32_array(ctx, &[lead.len() as i64, sizes[0], total]);
            ctx.set_attr(op, "operandSegmentSizes", seg);
        }
        _ => {}
    }
}

/// `cf.assert`'s memory effects (MLIR `MemoryEffects<[MemWrite]>`): a write on the default
/// resource, so it is never erased, moved or merged.
fn assert_effects(_: &Context, _: OpId) -> Vec<weir_ir::interfaces::memory_effects::Effect> {
    use weir_ir::interfaces::memory_effects::{Effect, EffectKind, Resource};
    vec![Effect {
        kind: EffectKind::Write,
        resource: Resource::Default,
    }]
}
