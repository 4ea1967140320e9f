//! `scf.index_switch` (MLIR `SCF_IndexSwitchOp`).
//!
//! Syntax (MLIR 22; the printer ends the first line with a space, as 22 does):
//! ```mlir
//! %r = scf.index_switch %idx -> i32
//! case 0 {
//!   scf.yield %a : i32
//! }
//! case -7 {
//!   scf.yield %b : i32
//! }
//! default {
//!   scf.yield %c : i32
//! }
//! ```
//! An attribute dictionary goes right after the operand (`scf.index_switch %i {tag} -> i32`).
//! Case values are any `i64` (negative included). The `default` region is mandatory; an
//! operand-less `scf.yield` in it is implicit (added by the parser, left out by the printer),
//! while case regions are printed and parsed as written.
//!
//! Generic structure: operand `index`; attribute `cases = array<i64: ...>`; regions
//! `[default, case0, case1, ...]` (the printer writes the cases first, like 22); each region one
//! block without arguments ending with `scf.yield` of the result types.
//!
//! Semantics: run the case region whose value equals the operand, else `default`.
//!
//! Verifier: MLIR 22's checks and wording (`has duplicate case value: 1`, `has 0 case regions
//! but 1 case values`, `expected result #0 of each region to be 'i32'` with a note on the yield,
//! ...). All of them run before the nested ops are verified, as in 22, where they are ODS
//! constraints and `IndexSwitchOp::verify` (so `expected region to end with scf.yield, but got
//! func.return` comes before the nested `func.return`'s own error); there is no region
//! verifier, since the yields are already checked. Stricter than 22: region arguments are
//! rejected (`region #1 should have no arguments`), since nothing could pass them values.

use crate::common::{self, ensure_terminator, ty};
use weir_ir::{
    op_error, AttrKind, Context, DenseValue, DiagResult, OpId, OpState, RegionId, TypeKind, ValueId,
};
use weir_syntax::lexer::Tok;
use weir_syntax::{PResult, Parser, Printer};

weir_ir::op_view! {
    /// `scf.index_switch` (MLIR `scf::IndexSwitchOp`): regions `[default, case0, case1, ...]`,
    /// one block each, ending with `scf.yield`.
    IndexSwitchOp = "scf.index_switch"
}

impl IndexSwitchOp {
    /// The `index` operand switched on.
    pub fn arg(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }

    /// The case values, in case order ([`CASES`]).
    pub fn cases(self, ctx: &Context) -> Vec<i64> {
        case_values(ctx, self.0).expect("verified scf.index_switch has valid cases")
    }

    /// The number of cases (besides the default).
    pub fn num_cases(self, ctx: &Context) -> usize {
        ctx.regions(self.0).len() - 1
    }

    /// The default region.
    pub fn default_region(self, ctx: &Context) -> RegionId {
        ctx.region(self.0, 0)
    }

    /// The region of case `i`.
    pub fn case_region(self, ctx: &Context, i: usize) -> RegionId {
        ctx.region(self.0, i + 1)
    }
}

/// The name of the case-values attribute.
pub const CASES: &str = "cases";

/// The case values of an `scf.index_switch` (its `cases` attribute), if well-formed.
pub fn case_values(ctx: &Context, op: OpId) -> Option<Vec<i64>> {
    match ctx.attr_kind(ctx.attr_of(op, CASES)?) {
        AttrKind::DenseArray { element, values } if ctx.int_width(*element) == Some(64) => values
            .iter()
            .map(|v| match v {
                DenseValue::Int(i) => i64::try_from(*i).ok(),
                DenseValue::Float(_) => None,
            })
            .collect(),
        _ => None,
    }
}

pub(crate) fn verify(ctx: &Context, op: OpId) -> DiagResult<()> {
    let regions = ctx.regions(op);
    if regions.is_empty() {
        return Err(op_error(ctx, op, "expected 1 or more regions"));
    }
    let operands = ctx.operands(op);
    if operands.len() != 1 {
        return Err(op_error(ctx, op, "requires a single operand"));
    }
    if ctx.attr_of(op, CASES).is_none() {
        return Err(op_error(ctx, op, "requires attribute 'cases'"));
    }
    let Some(cases) = case_values(ctx, op) else {
        return Err(op_error(
            ctx,
            op,
            "attribute 'cases' failed to satisfy constraint: i64 dense array attribute",
        ));
    };
    let it = ctx.value_type(operands[0]);
    if !matches!(ctx.type_kind(it), TypeKind::Index) {
        return Err(op_error(
            ctx,
            op,
            format!("operand #0 must be index, but got {}", ty(ctx, it)),
        ));
    }
    common::expect_one_block(ctx, op, 0, "defaultRegion")?;
    for i in 1..regions.len() {
        common::expect_one_block(ctx, op, i, "caseRegions")?;
    }
    for i in 0..regions.len() {
        common::expect_no_region_args(ctx, op, i)?;
    }
    let n_cases = regions.len() - 1;
    if cases.len() != n_cases {
        return Err(op_error(
            ctx,
            op,
            format!("has {n_cases} case regions but {} case values", cases.len()),
        ));
    }
    let mut seen = std::collections::HashSet::new();
    for &c in &cases {
        if !seen.insert(c) {
            return Err(op_error(ctx, op, format!("has duplicate case value: {c}")));
        }
    }
    let results = common::result_types(ctx, op);
    for (i, &r) in regions.iter().enumerate() {
        let name = if i == 0 {
            "default region".to_string()
        } else {
            format!("case region #{}", i - 1)
        };
        let Some(t) = common::single_block_terminator(ctx, r) else {
            continue;
        };
        if !ctx.is(t, "scf.yield") {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expected region to end with scf.yield, but got {}",
                    ctx.name_str(t)
                ),
            ));
        }
        let yielded = ctx.operands(t);
        if yielded.len() != results.len() {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expected each region to return {} values, but {name} returns {}",
                    results.len(),
                    yielded.len()
                ),
            )
            .with_note(ctx.loc(t), "see yield operation here"));
        }
        for (j, (&v, &rt)) in yielded.iter().zip(&results).enumerate() {
            let vt = ctx.value_type(v);
            if vt != rt {
                return Err(op_error(
                    ctx,
                    op,
                    format!("expected result #{j} of each region to be {}", ty(ctx, rt)),
                )
                .with_note(ctx.loc(t), format!("{name} returns {} here", ty(ctx, vt))));
            }
        }
    }
    Ok(())
}

pub(crate) fn parse(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let arg = p.parse_operand()?;
    let index = p.ctx.index_type();
    state.operands.push(p.resolve_operand(&arg, index)?);
    p.parse_optional_attr_dict(state)?;
    if p.consume_if(Tok::Arrow) {
        state.result_types = p.parse_type_list_no_parens()?;
    }
    let mut values = Vec::new();
    let mut case_regions = Vec::new();
    while p.parse_optional_keyword("case") {
        let loc = p.loc();
        let v = p.parse_integer()?;
        if i64::try_from(v).is_err() {
            return Err(common::custom_error(
                p,
                state,
                loc,
                "integer value too large",
            ));
        }
        values.push(DenseValue::Int(v));
        case_regions.push(p.parse_region(&[])?);
    }
    common::expect_keyword(p, state, "default")?;
    let default = p.parse_region(&[])?;
    ensure_terminator(p.ctx, default, "scf.yield", &state.loc);
    let element = p.ctx.int_type(64);
    let cases = p.ctx.attr(AttrKind::DenseArray { element, values });
    state.set_attr(p.ctx.attr_name(CASES), cases);
    state.regions.push(default);
    state.regions.extend(case_regions);
    Ok(())
}

pub(crate) fn print(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    if let Some(&arg) = ctx.operands(op).first() {
        p.print_operand(arg);
    }
    p.print_optional_attr_dict(op, &[CASES]);
    let results = common::result_types(ctx, op);
    if !results.is_empty() {
        p.write(" -> ");
        p.print_types(&results);
    }
    p.write(" ");
    let regions = ctx.regions(op).to_vec();
    let cases = case_values(ctx, op).unwrap_or_default();
    for (value, &r) in cases.iter().zip(regions.iter().skip(1)) {
        p.newline();
        p.write(&format!("case {value} "));
        p.print_region(r, false, None);
    }
    if let Some(&default) = regions.first() {
        p.newline();
        p.write("default ");
        p.print_region(default, false, Some("scf.yield"));
    }
}

// ------------------------------------------------------------------------------ canonicalization

impl IndexSwitchOp {
    /// The constant-condition pattern among the op's canonicalization patterns (an `scf.index_switch` on a constant index: the matching case is inlined); the
    /// canonicalize crate's `--fold-constant-conditions` runs it (and only it) on this op.
    pub const CONSTANT_CONDITION: weir_ir::Pattern = weir_ir::Pattern {
        name: "scf.index_switch-constant-index",
        apply: fold_constant_index,
    };

    /// The remark `--fold-constant-conditions="remarks=true"` gives for this op when it stays:
    /// whether its condition is constant or variable, and why it was kept.
    pub fn describe_kept(ctx: &Context, op: OpId) -> String {
        describe_kept(ctx, op)
    }
}

pub(crate) const PATTERNS: &[weir_ir::Pattern] = &[
    IndexSwitchOp::CONSTANT_CONDITION,
    weir_ir::Pattern {
        name: "scf.index_switch-unused-results",
        apply: weir_ir::interfaces::region_branch::remove_dead_values,
    },
];

/// `scf.index_switch` on a constant: the case with that value (or `default`) is inlined before
/// the op and the results become its yields; result-less switches too. MLIR `FoldConstantCase`.
fn fold_constant_index(ctx: &mut Context, op: OpId, log: &mut weir_ir::RewriteLog) -> bool {
    let Some(&idx) = ctx.operands(op).first() else {
        return false;
    };
    let Some(value) = crate::canon::constant_int(ctx, idx) else {
        return false;
    };
    let Some(cases) = case_values(ctx, op) else {
        return false;
    };
    if cases.len() + 1 != ctx.regions(op).len() {
        return false;
    }
    let case = cases.iter().position(|&c| c as i128 == value);
    let region_index = case.map_or(0, |i| i + 1);
    let Some(y) = crate::canon::terminator(ctx, op, region_index, "scf.yield") else {
        return false;
    };
    let block = ctx
        .op_block(y)
        .expect("a terminator found in a region is in a block");
    if ctx.operands(y).len() != ctx.results(op).len() || !ctx.block_args(block).is_empty() {
        return false;
    }
    let loc = ctx.loc(op);
    let yielded = crate::canon::inline_before(ctx, block, op, &[]);
    ctx.replace_op(op, &yielded);
    log.remark(&loc, || match case {
        Some(_) => format!("constant index {value}: case {value} inlined"),
        None => format!("constant index {value}: no such case, default region inlined"),
    });
    true
}

/// The remark for an `scf.index_switch` that constant-condition folding kept.
fn describe_kept(ctx: &Context, op: OpId) -> String {
    match ctx
        .operands(op)
        .first()
        .and_then(|&c| crate::canon::constant_int(ctx, c))
    {
        Some(v) => format!("constant index {v}: kept"),
        None => "variable index: kept".to_string(),
    }
}
