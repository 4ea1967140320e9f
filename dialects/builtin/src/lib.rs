//! The builtin dialect (MLIR `BuiltinOps.td`): `builtin.module`, the top-level container, and
//! `builtin.unrealized_conversion_cast`, the cast the dialect-conversion framework inserts
//! between values of a type and its converted type.
//!
//! Custom syntax: `module [@name] [attributes {...}] { ops }`;
//! `builtin.unrealized_conversion_cast [%a, ... : t, ...] to t', ... [attr-dict]` (MLIR's
//! assembly format ``($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict``).

use weir_ir::{AttrKind, BlockId, Context, DiagResult, Diagnostic, OpDef, OpId, OpState, Traits};
use weir_syntax::{lexer::Tok, OpSyntax, PResult, Parser, Printer, Syntax};

/// `builtin.unrealized_conversion_cast` (MLIR `UnrealizedConversionCastOp`): a cast from its
/// operands' types to its results' types with no semantics of its own, left by a partial
/// dialect conversion where a converted value still has users of the original type (the
/// conversion framework, `weir-conversion`, builds it as its default materialization).
pub const UNREALIZED_CONVERSION_CAST: &str = "builtin.unrealized_conversion_cast";

/// Registers `builtin.module` and `builtin.unrealized_conversion_cast`.
pub fn register(ctx: &mut Context, syntax: &mut Syntax) {
    // Core diagnostics (e.g. region-branch edge types) write types as MLIR text.
    ctx.set_type_printer(weir_syntax::type_to_string);
    ctx.register(
        OpDef::new(
            "builtin.module",
            Traits::ISOLATED_FROM_ABOVE
                | Traits::NO_TERMINATOR
                | Traits::SINGLE_BLOCK
                | Traits::SYMBOL_TABLE,
        )
        .verifier(verify_module),
    );
    syntax.register(
        "builtin.module",
        OpSyntax::new(parse_module, print_module).default_dialect("builtin"),
    );
    ctx.register(OpDef::new(UNREALIZED_CONVERSION_CAST, Traits::PURE));
    syntax.register(
        UNREALIZED_CONVERSION_CAST,
        OpSyntax::new(parse_unrealized_cast, print_unrealized_cast),
    );
}

fn parse_unrealized_cast(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let inputs = p.parse_optional_operand_list()?;
    if !inputs.is_empty() {
        p.expect(Tok::Colon, ":")?;
        let types = p.parse_type_list_no_parens()?;
        state.operands = p.resolve_operands(&inputs, &types)?;
    }
    p.parse_keyword("to")?;
    state.result_types = p.parse_type_list_no_parens()?;
    p.parse_optional_attr_dict(state)
}

fn print_unrealized_cast(p: &mut Printer<'_>, op: OpId) {
    let inputs = p.ctx.operands(op).to_vec();
    if !inputs.is_empty() {
        p.write(" ");
        p.print_operands(&inputs);
        p.write(" : ");
        p.print_value_types(&inputs);
    }
    p.write(" to ");
    let outputs: Vec<_> = p
        .ctx
        .results(op)
        .iter()
        .map(|&r| p.ctx.value_type(r))
        .collect();
    p.print_types(&outputs);
    p.print_optional_attr_dict(op, &[]);
}

weir_ir::op_view! {
    /// `builtin.module` (MLIR `ModuleOp`): a symbol table with one block of ops and no
    /// terminator.
    ModuleOp = "builtin.module"
}

impl ModuleOp {
    /// The block holding the module's ops; `None` when its region has no block (the verifier
    /// allows that).
    pub fn body(self, ctx: &Context) -> Option<BlockId> {
        ctx.entry_block(ctx.region(self.0, 0))
    }
}

fn verify_module(ctx: &Context, op: OpId) -> DiagResult<()> {
    if ctx.regions(op).len() != 1 || !ctx.results(op).is_empty() || !ctx.operands(op).is_empty() {
        return Err(Diagnostic::error(
            ctx.loc(op),
            "'builtin.module' op requires one region, no operands and no results",
        ));
    }
    let region = ctx.region(op, 0);
    let Some(b) = ctx.entry_block(region) else {
        return Ok(());
    };
    if !ctx.block_args(b).is_empty() {
        return Err(Diagnostic::error(
            ctx.loc(op),
            "'builtin.module' op expects region to have no arguments",
        ));
    }
    // The module is a symbol table: symbol names are unique (MLIR `SymbolTable::verify`).
    let mut seen: std::collections::HashMap<&str, OpId> = std::collections::HashMap::new();
    for inner in ctx.block_ops(b) {
        let Some(AttrKind::String(name)) = ctx.attr_of(inner, "sym_name").map(|a| ctx.attr_kind(a))
        else {
            continue;
        };
        if let Some(&first) = seen.get(name.as_str()) {
            return Err(Diagnostic::error(
                ctx.loc(inner),
                format!("redefinition of symbol named '{name}'"),
            )
            .with_note(ctx.loc(first), "see existing symbol definition here"));
        }
        seen.insert(name, inner);
    }
    Ok(())
}

fn parse_module(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    if p.peek() == weir_syntax::lexer::Tok::AtId {
        let name = p.parse_symbol_name()?;
        let a = p.ctx.str_attr(&name);
        state.set_attr(p.ctx.attr_name("sym_name"), a);
    }
    p.parse_optional_attr_dict_with_keyword(state)?;
    let region = p.parse_region(&[])?;
    if p.ctx.region_is_empty(region) {
        let b = p.ctx.new_block(&[]);
        p.ctx.append_block(region, b);
    }
    state.regions.push(region);
    Ok(())
}

fn print_module(p: &mut Printer<'_>, op: OpId) {
    if let Some(AttrKind::String(name)) = p.ctx.attr_of(op, "sym_name").map(|a| p.ctx.attr_kind(a))
    {
        let name = weir_syntax::symbol_text(name);
        p.write(" ");
        p.write(&name);
    }
    p.print_optional_attr_dict_with_keyword(op, &["sym_name"]);
    p.write(" ");
    p.print_region(p.ctx.region(op, 0), false, None);
}
