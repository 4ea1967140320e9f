//! The func dialect: `func.func`, `func.call`, `func.return` (MLIR `FuncOps.td`).
//!
//! Custom syntax (MLIR's):
//! - `func.func [private] @name(%a: i32, %b: f32) -> (i32, f32) [attributes {...}] { body }`,
//!   or without a body (a declaration): `func.func private @decl(i32) -> i32`;
//! - `%r = func.call @callee(%a, %b) : (i32, f32) -> i32`;
//! - `func.return %a, %b : i32, f32`.
//!
//! Inside a `func.func` body the `func.` prefix may be omitted (`return`, `call`).

use weir_ir::{
    op_error, AttrKind, Context, DiagResult, OpDef, OpId, OpState, RegionId, Traits, Type,
    TypeKind, ValueId,
};
use weir_syntax::lexer::Tok;
use weir_syntax::{type_to_string, Argument, OpSyntax, PResult, Parser, Printer, Syntax};

/// Registers the func ops and their syntax.
pub fn register(ctx: &mut Context, syntax: &mut Syntax) {
    ctx.register(OpDef::new("func.func", Traits::ISOLATED_FROM_ABOVE).verifier(verify_func));
    ctx.register(OpDef::new("func.call", Traits::NONE).verifier(verify_call));
    ctx.register(
        OpDef::new(
            "func.return",
            Traits::TERMINATOR | Traits::RETURN_LIKE | Traits::PURE,
        )
        .verifier(verify_return),
    );
    syntax.register(
        "func.func",
        OpSyntax::new(parse_func, print_func).default_dialect("func"),
    );
    syntax.register("func.call", OpSyntax::new(parse_call, print_call));
    syntax.register("func.return", OpSyntax::new(parse_return, print_return));
}

/// The `(inputs, results)` of a `func.func`'s `function_type` attribute.
pub fn function_signature(ctx: &Context, func: OpId) -> Option<(Vec<Type>, Vec<Type>)> {
    let a = ctx.attr_of(func, "function_type")?;
    let AttrKind::Type(t) = ctx.attr_kind(a) else {
        return None;
    };
    match ctx.type_kind(*t) {
        TypeKind::Function { inputs, results } => Some((inputs.clone(), results.clone())),
        _ => None,
    }
}

/// The `sym_name` of an op, if it has a string one.
pub fn symbol_name(ctx: &Context, op: OpId) -> Option<&str> {
    match ctx.attr_kind(ctx.attr_of(op, "sym_name")?) {
        AttrKind::String(s) => Some(s),
        _ => None,
    }
}

/// The `func.func` named `name` in the nearest symbol table (module) around `from`; O(1)
/// through the context's symbol index (MLIR `SymbolTable::lookupNearestSymbolFrom`).
pub fn lookup_function(ctx: &Context, from: OpId, name: &str) -> Option<OpId> {
    let table = ctx.nearest_symbol_table(from)?;
    ctx.lookup_symbol(table, name)
        .filter(|&f| ctx.is(f, FuncOp::NAME))
}

weir_ir::op_view! {
    /// `func.func` (MLIR `func::FuncOp`): a symbol with a `function_type` and a body region
    /// (empty for a declaration).
    FuncOp = "func.func"
}

impl FuncOp {
    /// The function's name (`sym_name`, without `@`).
    pub fn name(self, ctx: &Context) -> &str {
        symbol_name(ctx, self.0).expect("verified func.func has a sym_name")
    }

    /// The `(inputs, results)` of its `function_type`.
    pub fn signature(self, ctx: &Context) -> (Vec<Type>, Vec<Type>) {
        function_signature(ctx, self.0).expect("verified func.func has a function_type")
    }

    /// The body region (no blocks for a declaration).
    pub fn body(self, ctx: &Context) -> RegionId {
        ctx.region(self.0, 0)
    }

    /// Whether it is a declaration (an empty body).
    pub fn is_declaration(self, ctx: &Context) -> bool {
        ctx.region_is_empty(self.body(ctx))
    }
}

weir_ir::op_view! {
    /// `func.return` (MLIR `func::ReturnOp`): returns its operands from the enclosing
    /// `func.func`.
    ReturnOp = "func.return"
}

impl ReturnOp {
    /// The returned values.
    pub fn values(self, ctx: &Context) -> &[ValueId] {
        ctx.operands(self.0)
    }
}

weir_ir::op_view! {
    /// `func.call @callee(args)` (MLIR `func::CallOp`).
    CallOp = "func.call"
}

impl CallOp {
    /// The callee's name (the flat `callee` symbol reference, without `@`).
    pub fn callee(self, ctx: &Context) -> &str {
        self.try_callee(ctx)
            .expect("verified func.call has a flat symbol reference 'callee'")
    }

    /// The callee's name as [`CallOp::callee`], or `None` when `callee` is not a flat symbol
    /// reference (which the verifier rejects): for consumers of unverified IR, such as the JIT.
    pub fn try_callee(self, ctx: &Context) -> Option<&str> {
        match ctx.attr_of(self.0, "callee").map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::SymbolRef(path)) if path.len() == 1 => Some(&path[0]),
            _ => None,
        }
    }

    /// The arguments.
    pub fn args(self, ctx: &Context) -> &[ValueId] {
        ctx.operands(self.0)
    }
}

fn verify_func(ctx: &Context, op: OpId) -> DiagResult<()> {
    let Some((inputs, _)) = function_signature(ctx, op) else {
        return Err(op_error(
            ctx,
            op,
            "requires attribute 'function_type' of a function type",
        ));
    };
    if symbol_name(ctx, op).is_none() {
        return Err(op_error(ctx, op, "requires string attribute 'sym_name'"));
    }
    let body = ctx.region(op, 0);
    let Some(entry) = ctx.entry_block(body) else {
        return match ctx.attr_of(op, "sym_visibility") {
            Some(_) => Ok(()),
            None => Err(op_error(
                ctx,
                op,
                "symbol declaration cannot have public visibility",
            )),
        };
    };
    let args = ctx.block_arg_types(entry);
    if args.len() != inputs.len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "entry block must have {} arguments to match function signature",
                inputs.len()
            ),
        ));
    }
    for (i, (&a, &t)) in args.iter().zip(&inputs).enumerate() {
        if a != t {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "type of entry block argument #{i}('{}') must match the type of the corresponding argument in function signature('{}')",
                    type_to_string(ctx, a),
                    type_to_string(ctx, t)
                ),
            ));
        }
    }
    Ok(())
}

fn verify_return(ctx: &Context, op: OpId) -> DiagResult<()> {
    let Some(func) = ctx.parent_op(op).filter(|&p| ctx.is(p, "func.func")) else {
        return Err(op_error(ctx, op, "expects parent op 'func.func'"));
    };
    let (_, results) = function_signature(ctx, func).unwrap_or_default();
    let name = symbol_name(ctx, func).unwrap_or("");
    let operands = ctx.operands(op);
    if operands.len() != results.len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "has {} operands, but enclosing function (@{name}) returns {}",
                operands.len(),
                results.len()
            ),
        ));
    }
    for (i, (&v, &t)) in operands.iter().zip(&results).enumerate() {
        let vt = ctx.value_type(v);
        if vt != t {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "type of return operand {i} ('{}') doesn't match function result type ('{}') in function @{name}",
                    type_to_string(ctx, vt),
                    type_to_string(ctx, t)
                ),
            ));
        }
    }
    Ok(())
}

fn verify_call(ctx: &Context, op: OpId) -> DiagResult<()> {
    let callee = match ctx.attr_of(op, "callee").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::SymbolRef(path)) if path.len() == 1 => path[0].clone(),
        _ => {
            return Err(op_error(
                ctx,
                op,
                "requires a flat symbol reference attribute 'callee'",
            ))
        }
    };
    let Some(func) = lookup_function(ctx, op, &callee) else {
        return Err(op_error(
            ctx,
            op,
            format!("'{callee}' does not reference a valid function"),
        ));
    };
    let (inputs, results) = function_signature(ctx, func).unwrap_or_default();
    let operands = ctx.operands(op);
    if operands.len() != inputs.len() {
        return Err(op_error(ctx, op, "incorrect number of operands for callee"));
    }
    for (i, (&v, &t)) in operands.iter().zip(&inputs).enumerate() {
        if ctx.value_type(v) != t {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "operand type mismatch: expected operand type '{}', but provided '{}' for operand number {i}",
                    type_to_string(ctx, t),
                    type_to_string(ctx, ctx.value_type(v))
                ),
            ));
        }
    }
    let res = ctx.results(op);
    if res.len() != results.len() {
        return Err(op_error(ctx, op, "incorrect number of results for callee"));
    }
    for (i, (&v, &t)) in res.iter().zip(&results).enumerate() {
        if ctx.value_type(v) != t {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "result type mismatch at index {i}: expected '{}' but got '{}'",
                    type_to_string(ctx, t),
                    type_to_string(ctx, ctx.value_type(v))
                ),
            ));
        }
    }
    Ok(())
}

fn parse_func(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    if p.is_keyword("private") || p.is_keyword("public") || p.is_keyword("nested") {
        let vis = p.parse_bare_id("visibility")?.to_string();
        let a = p.ctx.str_attr(&vis);
        state.set_attr(p.ctx.attr_name("sym_visibility"), a);
    }
    let name = p.parse_symbol_name()?;
    // Arguments: `(%a: T, ...)` for a definition, `(T, ...)` for a declaration.
    p.expect(Tok::LParen, "(")?;
    let mut args: Vec<Argument> = Vec::new();
    let mut inputs = Vec::new();
    if !p.consume_if(Tok::RParen) {
        loop {
            if p.peek() == Tok::PercentId {
                let a = p.parse_argument()?;
                skip_optional_dict(p)?;
                inputs.push(a.ty);
                args.push(a);
            } else {
                inputs.push(p.parse_type()?);
                skip_optional_dict(p)?;
            }
            if !p.consume_if(Tok::Comma) {
                break;
            }
        }
        p.expect(Tok::RParen, ")")?;
    }
    if !args.is_empty() && args.len() != inputs.len() {
        return Err(p.error("expected SSA identifier"));
    }
    let results = p.parse_optional_arrow_type_list()?;
    let fty = p.ctx.function_type(inputs, results);
    let (n, t) = (p.ctx.str_attr(&name), p.ctx.type_attr(fty));
    state.set_attr(p.ctx.attr_name("sym_name"), n);
    state.set_attr(p.ctx.attr_name("function_type"), t);
    p.parse_optional_attr_dict_with_keyword(state)?;
    let region = if p.peek() == Tok::LBrace {
        let r = p.parse_region(&args)?;
        if p.ctx.region_is_empty(r) {
            return Err(p.error("expected non-empty function body"));
        }
        r
    } else {
        if !args.is_empty() {
            return Err(p.error("expected '{' to begin a function body"));
        }
        p.ctx.new_region()
    };
    state.regions.push(region);
    Ok(())
}

/// Skips an argument/result attribute dictionary `{...}` (not kept).
fn skip_optional_dict(p: &mut Parser<'_>) -> PResult<()> {
    if p.peek() == Tok::LBrace {
        let mut scratch = OpState::new(p.ctx.op_name("func.func"), p.loc());
        p.parse_optional_attr_dict(&mut scratch)?;
    }
    Ok(())
}

fn print_func(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    if let Some(AttrKind::String(v)) = ctx.attr_of(op, "sym_visibility").map(|a| ctx.attr_kind(a)) {
        p.write(" ");
        p.write(v);
    }
    p.write(" ");
    p.write(&weir_syntax::symbol_text(
        symbol_name(ctx, op).unwrap_or(""),
    ));
    p.write("(");
    let (inputs, results) = function_signature(ctx, op).unwrap_or_default();
    let body = ctx.region(op, 0);
    match ctx.entry_block(body) {
        Some(entry) => {
            for (i, &a) in ctx.block_args(entry).iter().enumerate() {
                if i > 0 {
                    p.write(", ");
                }
                p.print_arg_decl(a);
            }
        }
        None => p.print_types(&inputs),
    }
    p.write(")");
    if !results.is_empty() {
        p.write(" -> ");
        p.print_result_types(&results);
    }
    p.print_optional_attr_dict_with_keyword(op, &["sym_name", "function_type", "sym_visibility"]);
    if ctx.entry_block(body).is_some() {
        p.write(" ");
        p.print_region(body, false, None);
    }
}

fn parse_call(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let callee = p.parse_symbol_name()?;
    p.expect(Tok::LParen, "(")?;
    let operands = p.parse_optional_operand_list()?;
    p.expect(Tok::RParen, ")")?;
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, ":")?;
    let loc = p.loc();
    let fty = p.parse_function_type()?;
    let TypeKind::Function { inputs, results } = p.ctx.type_kind(fty).clone() else {
        return Err(weir_ir::Diagnostic::error(loc, "expected function type"));
    };
    state.operands = p.resolve_operands(&operands, &inputs)?;
    state.result_types = results;
    let c = p.ctx.attr(AttrKind::SymbolRef(vec![callee]));
    state.set_attr(p.ctx.attr_name("callee"), c);
    Ok(())
}

fn print_call(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" ");
    if let Some(a) = ctx.attr_of(op, "callee") {
        p.print_attr(a);
    }
    p.write("(");
    p.print_operands(ctx.operands(op));
    p.write(")");
    p.print_optional_attr_dict(op, &["callee"]);
    p.write(" : (");
    p.print_value_types(ctx.operands(op));
    p.write(") -> ");
    let rt: Vec<Type> = ctx.results(op).iter().map(|&v| ctx.value_type(v)).collect();
    p.print_result_types(&rt);
}

fn parse_return(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let operands = p.parse_optional_operand_list()?;
    p.parse_optional_attr_dict(state)?;
    if !operands.is_empty() {
        p.expect(Tok::Colon, ":")?;
        let tys = p.parse_type_list_no_parens()?;
        state.operands = p.resolve_operands(&operands, &tys)?;
    }
    Ok(())
}

fn print_return(p: &mut Printer<'_>, op: OpId) {
    let operands = p.ctx.operands(op).to_vec();
    if !operands.is_empty() {
        p.write(" ");
        p.print_operands(&operands);
        p.write(" : ");
        p.print_value_types(&operands);
    }
    p.print_optional_attr_dict(op, &[]);
}
