//! The custom forms of the container ops (see the module docs of [`crate::containers`]).

use super::{spec, Subscript, KEY, KEYS, VALUE};
use weir_ir::interfaces::infer_types::InferInput;
use weir_ir::{AttrKind, Diagnostic, OpId, OpState, Type};
use weir_syntax::lexer::Tok;
use weir_syntax::{PResult, Parser, Printer};

/// `weir.str "text" attr-dict`.
pub(crate) fn parse_str(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let text = p.parse_string()?;
    let value = p.ctx.str_attr(&text);
    state.set_attr(p.ctx.attr_name(VALUE), value);
    p.parse_optional_attr_dict(state)?;
    state.result_types = vec![p.ctx.intern_type(super::str_kind())];
    Ok(())
}

pub(crate) fn print_str(p: &mut Printer<'_>, op: OpId) {
    if let Some(v) = p.ctx.attr_of(op, VALUE) {
        p.write(" ");
        p.print_attr(v);
    }
    p.print_optional_attr_dict(op, &[VALUE]);
}

/// `weir.none attr-dict`.
pub(crate) fn parse_none(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let unit = p.ctx.unit_attr();
    state.set_attr(p.ctx.attr_name(VALUE), unit);
    p.parse_optional_attr_dict(state)?;
    state.result_types = vec![p.ctx.intern_type(weir_ir::TypeKind::None)];
    Ok(())
}

pub(crate) fn print_none(p: &mut Printer<'_>, op: OpId) {
    p.print_optional_attr_dict(op, &[VALUE]);
}

/// `: T, ...` after operands (nothing when there are none), resolved against `operands`.
fn parse_operand_types<'a>(
    p: &mut Parser<'a>,
    operands: &[weir_syntax::UnresolvedOperand<'a>],
) -> PResult<Vec<weir_ir::ValueId>> {
    if operands.is_empty() {
        return Ok(Vec::new());
    }
    p.expect(Tok::Colon, ":")?;
    let types = p.parse_type_list_no_parens()?;
    p.resolve_operands(operands, &types)
}

fn print_operand_types(p: &mut Printer<'_>, operands: &[weir_ir::ValueId]) {
    if !operands.is_empty() {
        p.write(" : ");
        p.print_value_types(operands);
    }
}

/// `weir.list [%a, %b] attr-dict : T0, T1` (the result type is inferred); the empty list is
/// `weir.list []`. The brackets end the operand list, so an empty list is not mistaken to take
/// the next line's result as its operand (MLIR's optional operand groups, e.g. `gpu.wait`'s
/// `[...]`, are bracketed for the same reason).
pub(crate) fn parse_list(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    p.expect(Tok::LSquare, "[")?;
    let operands = p.parse_optional_operand_list()?;
    p.expect(Tok::RSquare, "]")?;
    p.parse_optional_attr_dict(state)?;
    state.operands = parse_operand_types(p, &operands)?;
    infer_results(p, state)
}

pub(crate) fn print_list(p: &mut Printer<'_>, op: OpId) {
    let operands = p.ctx.operands(op).to_vec();
    p.write(" [");
    p.print_operands(&operands);
    p.write("]");
    p.print_optional_attr_dict(op, &[]);
    print_operand_types(p, &operands);
}

/// `weir.dict ["a" = %x, "b" = %y] attr-dict : T0, T1` (keys into `keys`, the result type
/// inferred); the empty dict is `weir.dict []` (bracketed like `weir.list`: an op in generic
/// form on the next line starts with a string too).
pub(crate) fn parse_dict(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let mut keys = Vec::new();
    let mut operands = Vec::new();
    p.expect(Tok::LSquare, "[")?;
    while p.peek() == Tok::String {
        let key = p.parse_string()?;
        keys.push(p.ctx.str_attr(&key));
        p.expect(Tok::Equal, "=")?;
        operands.push(p.parse_operand()?);
        if !p.consume_if(Tok::Comma) {
            break;
        }
    }
    p.expect(Tok::RSquare, "]")?;
    let keys = p.ctx.attr(AttrKind::Array(keys));
    state.set_attr(p.ctx.attr_name(KEYS), keys);
    p.parse_optional_attr_dict(state)?;
    state.operands = parse_operand_types(p, &operands)?;
    infer_results(p, state)
}

pub(crate) fn print_dict(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    let operands = ctx.operands(op).to_vec();
    let keys = match ctx.attr_of(op, KEYS).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(keys)) => keys.clone(),
        _ => Vec::new(),
    };
    p.write(" [");
    for (i, (&k, &v)) in keys.iter().zip(&operands).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_attr(k);
        p.write(" = ");
        p.print_operand(v);
    }
    p.write("]");
    p.print_optional_attr_dict(op, &[KEYS]);
    print_operand_types(p, &operands);
}

/// The family form `weir.OP %c[SUB], %v... attr-dict : TYPES (-> RESULTS)?` (module docs).
pub(crate) fn parse_family(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let name = p.ctx.op_name_str(state.name).to_string();
    let Some(spec) = spec(&name) else {
        return Err(p.error(format!("'{name}' is not a container op")));
    };
    let mut operands = vec![p.parse_operand()?];
    let mut index = None;
    if spec.subscript != Subscript::None {
        p.expect(Tok::LSquare, "[")?;
        if spec.subscript == Subscript::Index {
            index = Some(p.parse_operand()?);
        } else {
            let key = p.parse_string()?;
            let key = p.ctx.str_attr(&key);
            state.set_attr(p.ctx.attr_name(KEY), key);
        }
        p.expect(Tok::RSquare, "]")?;
    }
    while p.consume_if(Tok::Comma) {
        operands.push(p.parse_operand()?);
    }
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, ":")?;
    let types_loc = p.loc();
    let types = p.parse_type_list_no_parens()?;
    if types.len() != operands.len() {
        return Err(Diagnostic::error(
            types_loc,
            format!(
                "custom op '{name}' expected {} types, one per operand (the index excepted), but got {}",
                operands.len(),
                types.len()
            ),
        ));
    }
    let mut resolved = p.resolve_operands(&operands, &types)?;
    if let Some(i) = &index {
        let index_ty = p.ctx.index_type();
        let i = p.resolve_operand(i, index_ty)?;
        resolved.insert(1, i);
    }
    state.operands = resolved;
    if spec.explicit_results {
        p.expect(Tok::Arrow, "->")?;
        state.result_types = p.parse_type_list_no_parens()?;
        Ok(())
    } else {
        infer_results(p, state)
    }
}

pub(crate) fn print_family(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    let Some(spec) = spec(ctx.name_str(op)) else {
        return;
    };
    let operands = ctx.operands(op).to_vec();
    let Some((&first, rest)) = operands.split_first() else {
        return;
    };
    p.write(" ");
    p.print_operand(first);
    let rest = match spec.subscript {
        Subscript::Index if !rest.is_empty() => {
            p.write("[");
            p.print_operand(rest[0]);
            p.write("]");
            &rest[1..]
        }
        Subscript::Key => {
            p.write("[");
            if let Some(k) = ctx.attr_of(op, KEY) {
                p.print_attr(k);
            }
            p.write("]");
            rest
        }
        _ => rest,
    };
    for &v in rest {
        p.write(", ");
        p.print_operand(v);
    }
    p.print_optional_attr_dict(op, &[KEY]);
    p.write(" : ");
    let mut typed = vec![first];
    typed.extend_from_slice(rest);
    p.print_value_types(&typed);
    if spec.explicit_results {
        p.write(" -> ");
        let rt: Vec<Type> = ctx.results(op).iter().map(|&r| ctx.value_type(r)).collect();
        p.print_types(&rt);
    }
}

/// Sets `state`'s result types from the op's `InferTypes` hook.
fn infer_results(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let name = p.ctx.op_name_str(state.name).to_string();
    let Some(infer) = p.ctx.op_def(state.name).and_then(|d| d.infer_types) else {
        return Err(p.error(format!("'{name}' does not infer its result types")));
    };
    let loc = state.loc.clone();
    let kinds = infer(
        p.ctx,
        &InferInput {
            name: &name,
            operands: &state.operands,
            attrs: &state.attrs,
            regions: &[],
            results: &[],
            loc: &loc,
        },
    )?;
    state.result_types = kinds.into_iter().map(|k| p.ctx.intern_type(k)).collect();
    Ok(())
}
