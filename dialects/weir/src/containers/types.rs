//! The container types: `!weir.list<T...>`, `!weir.dict<"k", T, ...>` and `!weir.str` (see the
//! module docs of [`crate::containers`]). Stored structurally as dialect types
//! (`TypeKind::Dialect`), so two lists of the same element types are one interned type.

use weir_ir::{AttrKind, Context, DialectParam, Type, TypeKind};
use weir_syntax::lexer::Tok;
use weir_syntax::{PResult, Parser};

const DIALECT: &str = "weir";
/// The mnemonic of `!weir.list<...>`.
pub(crate) const LIST: &str = "list";
/// The mnemonic of `!weir.dict<...>`.
pub(crate) const DICT: &str = "dict";
/// The mnemonic of `!weir.str`.
pub(crate) const STR: &str = "str";

fn dialect_params<'c>(ctx: &'c Context, ty: Type, name: &str) -> Option<&'c [DialectParam]> {
    match ctx.type_kind(ty) {
        TypeKind::Dialect {
            dialect,
            mnemonic,
            params,
        } if dialect == DIALECT && mnemonic == name => Some(params),
        _ => None,
    }
}

fn kind(name: &str, params: Vec<DialectParam>) -> TypeKind {
    TypeKind::Dialect {
        dialect: DIALECT.to_string(),
        mnemonic: name.to_string(),
        params,
    }
}

/// The element types of a `!weir.list<T0, T1, ...>` (a Python list or tuple whose length and
/// element types are known at compile time), or `None` if `ty` is not a list type.
pub fn list_elements(ctx: &Context, ty: Type) -> Option<Vec<Type>> {
    dialect_params(ctx, ty, LIST)?
        .iter()
        .map(|p| match p {
            DialectParam::Type(t) => Some(*t),
            _ => None,
        })
        .collect()
}

/// The `TypeKind` of `!weir.list<elements...>` (for `InferTypes` hooks).
pub fn list_kind(elements: &[Type]) -> TypeKind {
    kind(
        LIST,
        elements.iter().map(|&t| DialectParam::Type(t)).collect(),
    )
}

/// The interned `!weir.list<elements...>`.
pub fn list_type(ctx: &mut Context, elements: &[Type]) -> Type {
    ctx.intern_type(list_kind(elements))
}

/// The entries `(key, value type)` of a `!weir.dict<"k0", T0, "k1", T1, ...>` in insertion
/// order, or `None` if `ty` is not a dict type.
pub fn dict_entries(ctx: &Context, ty: Type) -> Option<Vec<(String, Type)>> {
    let params = dialect_params(ctx, ty, DICT)?;
    params
        .chunks(2)
        .map(|pair| match pair {
            [DialectParam::Attr(k), DialectParam::Type(t)] => match ctx.attr_kind(*k) {
                AttrKind::String(s) => Some((s.clone(), *t)),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// The entries of a dict type with their keys as the interned string attributes (for
/// `InferTypes` hooks, which cannot intern).
pub(crate) fn dict_entry_attrs(ctx: &Context, ty: Type) -> Option<Vec<(weir_ir::Attr, Type)>> {
    let params = dialect_params(ctx, ty, DICT)?;
    params
        .chunks(2)
        .map(|pair| match pair {
            [DialectParam::Attr(k), DialectParam::Type(t)] => Some((*k, *t)),
            _ => None,
        })
        .collect()
}

/// The `TypeKind` of a dict type from `(key attribute, value type)` pairs whose key string
/// attributes are already interned.
pub fn dict_kind(entries: &[(weir_ir::Attr, Type)]) -> TypeKind {
    let params = entries
        .iter()
        .flat_map(|&(k, t)| [DialectParam::Attr(k), DialectParam::Type(t)])
        .collect();
    kind(DICT, params)
}

/// The interned `!weir.dict<"k0", T0, ...>` of `entries` (keys in insertion order).
pub fn dict_type(ctx: &mut Context, entries: &[(String, Type)]) -> Type {
    let keyed: Vec<_> = entries.iter().map(|(k, t)| (ctx.str_attr(k), *t)).collect();
    ctx.intern_type(dict_kind(&keyed))
}

/// Whether `ty` is `!weir.str`.
pub fn is_str(ctx: &Context, ty: Type) -> bool {
    dialect_params(ctx, ty, STR).is_some()
}

/// The `TypeKind` of `!weir.str`.
pub fn str_kind() -> TypeKind {
    kind(STR, Vec::new())
}

/// Whether `ty` is one of the container types (a list or a dict).
pub fn is_container(ctx: &Context, ty: Type) -> bool {
    dialect_params(ctx, ty, LIST).is_some() || dialect_params(ctx, ty, DICT).is_some()
}

/// Whether `ty` exists only while compiling: a list, a dict, `!weir.str` or `none` (Python's
/// `None`), which no lowering accepts. Every other type (scalars, tensors) is a runtime type.
pub fn is_compile_time(ctx: &Context, ty: Type) -> bool {
    is_container(ctx, ty) || is_str(ctx, ty) || *ctx.type_kind(ty) == TypeKind::None
}

/// `<T, ...>` or nothing (the empty list).
pub(crate) fn parse_list(p: &mut Parser<'_>) -> PResult<Vec<DialectParam>> {
    let mut params = Vec::new();
    if !p.consume_if(Tok::Less) {
        return Ok(params);
    }
    if p.consume_if(Tok::Greater) {
        return Ok(params);
    }
    loop {
        params.push(DialectParam::Type(p.parse_type()?));
        if !p.consume_if(Tok::Comma) {
            break;
        }
    }
    p.expect(Tok::Greater, ">")?;
    Ok(params)
}

/// `<"k", T, ...>` (keys are distinct strings) or nothing (the empty dict).
pub(crate) fn parse_dict(p: &mut Parser<'_>) -> PResult<Vec<DialectParam>> {
    let mut params = Vec::new();
    let mut keys = std::collections::HashSet::new();
    if !p.consume_if(Tok::Less) {
        return Ok(params);
    }
    if p.consume_if(Tok::Greater) {
        return Ok(params);
    }
    loop {
        if p.peek() != Tok::String {
            return Err(p.error("expected a string key in '!weir.dict'"));
        }
        let loc = p.loc();
        let key = p.parse_string()?;
        if keys.contains(&key) {
            return Err(weir_ir::Diagnostic::error(
                loc,
                format!("duplicate key \"{key}\" in '!weir.dict'"),
            ));
        }
        p.expect(Tok::Comma, ",")?;
        let t = p.parse_type()?;
        params.push(DialectParam::Attr(p.ctx.str_attr(&key)));
        params.push(DialectParam::Type(t));
        keys.insert(key);
        if !p.consume_if(Tok::Comma) {
            break;
        }
    }
    p.expect(Tok::Greater, ">")?;
    Ok(params)
}

/// `!weir.str` has no parameters.
pub(crate) fn parse_str(_p: &mut Parser<'_>) -> PResult<Vec<DialectParam>> {
    Ok(Vec::new())
}
