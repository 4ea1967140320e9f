//! Verifiers and `InferTypes` hooks of the container ops. The ops whose results are implied
//! by their operands are verified by their hook ([`by_infer`]): the hook checks the operands
//! (it also runs while parsing, before verification), and the generic verifier then checks
//! the declared results against what it infers.

use super::types::{dict_entry_attrs, is_str, list_elements, list_kind, str_kind};
use super::{KEY, KEYS, VALUE};
use rustc_hash::FxHashMap;
use weir_ir::interfaces::infer_types::InferInput;
use weir_ir::{
    op_error, Attr, AttrKind, Context, DiagResult, Diagnostic, OpId, Signedness, Type, TypeKind,
};

fn fail(i: &InferInput<'_>, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(i.loc.clone(), format!("'{}' op {msg}", i.name))
}

/// A type in quotes, as messages write it.
pub(crate) fn ty(ctx: &Context, t: Type) -> String {
    format!("'{}'", ctx.type_printer()(ctx, t))
}

fn i1() -> TypeKind {
    TypeKind::Integer {
        width: 1,
        signedness: Signedness::Signless,
    }
}

fn operand_count(i: &InferInput<'_>, n: usize) -> DiagResult<()> {
    if i.operands.len() != n {
        return Err(fail(
            i,
            format!("expected {n} operands, but got {}", i.operands.len()),
        ));
    }
    Ok(())
}

fn result_count(i: &InferInput<'_>, n: usize) -> DiagResult<()> {
    if i.results.len() != n {
        return Err(fail(
            i,
            format!("expected {n} results, but got {}", i.results.len()),
        ));
    }
    Ok(())
}

fn operand_ty(ctx: &Context, i: &InferInput<'_>, k: usize) -> Type {
    ctx.value_type(i.operands[k])
}

/// The element types of list operand `k` (the operand count is checked).
fn list_at(ctx: &Context, i: &InferInput<'_>, k: usize) -> DiagResult<Vec<Type>> {
    let t = operand_ty(ctx, i, k);
    list_elements(ctx, t).ok_or_else(|| {
        fail(
            i,
            format!(
                "operand #{k} must be a list ('!weir.list<...>'), but got {}",
                ty(ctx, t)
            ),
        )
    })
}

/// The entries of dict operand `k` (the operand count is checked).
fn dict_at(ctx: &Context, i: &InferInput<'_>, k: usize) -> DiagResult<Vec<(Attr, Type)>> {
    let t = operand_ty(ctx, i, k);
    dict_entry_attrs(ctx, t).ok_or_else(|| {
        fail(
            i,
            format!(
                "operand #{k} must be a dict ('!weir.dict<...>'), but got {}",
                ty(ctx, t)
            ),
        )
    })
}

fn index_at(ctx: &Context, i: &InferInput<'_>, k: usize) -> DiagResult<()> {
    let t = operand_ty(ctx, i, k);
    if *ctx.type_kind(t) != TypeKind::Index {
        return Err(fail(
            i,
            format!(
                "operand #{k} (the index) must be 'index', but got {}",
                ty(ctx, t)
            ),
        ));
    }
    Ok(())
}

/// A dict type's entries: key string attributes and value types.
type Entries = Vec<(Attr, Type)>;

/// The entry of dict operand 0 named by the `key` attribute: its position and value type.
fn keyed_entry(ctx: &Context, i: &InferInput<'_>) -> DiagResult<(Option<usize>, Entries)> {
    let entries = dict_at(ctx, i, 0)?;
    let key = i
        .attr(ctx, KEY)
        .filter(|&k| matches!(ctx.attr_kind(k), AttrKind::String(_)))
        .ok_or_else(|| fail(i, format!("requires string attribute '{KEY}'")))?;
    Ok((entries.iter().position(|&(k, _)| k == key), entries))
}

fn kind(ctx: &Context, t: Type) -> TypeKind {
    ctx.type_kind(t).clone()
}

/// Verifies an op whose results its `InferTypes` hook implies, by running the hook.
pub(crate) fn by_infer(ctx: &Context, op: OpId) -> DiagResult<()> {
    let Some(infer) = ctx.op_def(ctx.name(op)).and_then(|d| d.infer_types) else {
        return Ok(());
    };
    with_input(ctx, op, |i| infer(ctx, i).map(|_| ()))
}

/// Runs `f` on the op's parts, after the check every container op shares (MLIR's
/// `ZeroRegions` trait, with its message): a region is an error, not dropped by the printer.
fn with_input(
    ctx: &Context,
    op: OpId,
    f: impl FnOnce(&InferInput<'_>) -> DiagResult<()>,
) -> DiagResult<()> {
    zero_regions(ctx, op)?;
    let loc = ctx.loc(op);
    f(&InferInput {
        name: ctx.name_str(op),
        operands: ctx.operands(op),
        attrs: ctx.attrs(op),
        regions: ctx.regions(op),
        results: ctx.results(op),
        loc: &loc,
    })
}

fn zero_regions(ctx: &Context, op: OpId) -> DiagResult<()> {
    if ctx.regions(op).is_empty() {
        Ok(())
    } else {
        Err(op_error(ctx, op, "requires zero regions"))
    }
}

/// `weir.str`: no operands, a string `value`, one `!weir.str` result.
pub(crate) fn str_constant(ctx: &Context, op: OpId) -> DiagResult<()> {
    constant(
        ctx,
        op,
        |a| matches!(a, AttrKind::String(_)),
        "a string",
        |t| is_str(ctx, t),
        "'!weir.str'",
    )
}

/// `weir.none`: no operands, `value = unit`, one `none` result.
pub(crate) fn none_constant(ctx: &Context, op: OpId) -> DiagResult<()> {
    constant(
        ctx,
        op,
        |a| *a == AttrKind::Unit,
        "unit",
        |t| *ctx.type_kind(t) == TypeKind::None,
        "'none'",
    )
}

fn constant(
    ctx: &Context,
    op: OpId,
    value_ok: impl Fn(&AttrKind) -> bool,
    value_what: &str,
    type_ok: impl Fn(Type) -> bool,
    type_what: &str,
) -> DiagResult<()> {
    zero_regions(ctx, op)?;
    if !ctx.operands(op).is_empty() {
        return Err(op_error(ctx, op, "expected no operands"));
    }
    if !ctx
        .attr_of(op, VALUE)
        .is_some_and(|a| value_ok(ctx.attr_kind(a)))
    {
        return Err(op_error(
            ctx,
            op,
            format!("requires attribute '{VALUE}' to be {value_what}"),
        ));
    }
    match ctx.results(op) {
        [r] if type_ok(ctx.value_type(*r)) => Ok(()),
        _ => Err(op_error(
            ctx,
            op,
            format!("expected one result of type {type_what}"),
        )),
    }
}

/// `weir.list`: the list of its operands' types.
pub(crate) fn infer_list(ctx: &Context, i: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    let types: Vec<Type> = i.operands.iter().map(|&v| ctx.value_type(v)).collect();
    Ok(vec![list_kind(&types)])
}

/// `weir.dict`: distinct string `keys`, one per operand; the dict of the keys and the
/// operands' types.
pub(crate) fn infer_dict(ctx: &Context, i: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    let keys = match i.attr(ctx, KEYS).map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Array(keys))
            if keys
                .iter()
                .all(|&k| matches!(ctx.attr_kind(k), AttrKind::String(_))) =>
        {
            keys
        }
        _ => {
            return Err(fail(
                i,
                format!("requires attribute '{KEYS}' to be an array of strings"),
            ))
        }
    };
    if keys.len() != i.operands.len() {
        return Err(fail(
            i,
            format!("has {} keys but {} values", keys.len(), i.operands.len()),
        ));
    }
    let mut seen = rustc_hash::FxHashSet::default();
    for &k in keys {
        if !seen.insert(k) {
            return Err(fail(i, format!("has the key {} twice", attr_text(ctx, k))));
        }
    }
    let entries: Vec<(Attr, Type)> = keys
        .iter()
        .zip(i.operands)
        .map(|(&k, &v)| (k, ctx.value_type(v)))
        .collect();
    Ok(vec![super::dict_kind(&entries)])
}

/// A string attribute as Python writes the key: `"a"`.
pub(crate) fn attr_text(ctx: &Context, k: Attr) -> String {
    match ctx.attr_kind(k) {
        AttrKind::String(s) => format!("\"{s}\""),
        other => format!("{other:?}"),
    }
}

/// `weir.list.len %l`: `index`.
pub(crate) fn infer_len(ctx: &Context, i: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    operand_count(i, 1)?;
    list_at(ctx, i, 0)?;
    Ok(vec![TypeKind::Index])
}

/// `weir.list.count`/`index %l, %v`: `index`.
pub(crate) fn infer_search_index(ctx: &Context, i: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    operand_count(i, 2)?;
    list_at(ctx, i, 0)?;
    Ok(vec![TypeKind::Index])
}

/// `weir.list.contains %l, %v`: `i1`.
pub(crate) fn infer_search_bool(ctx: &Context, i: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    operand_count(i, 2)?;
    list_at(ctx, i, 0)?;
    Ok(vec![i1()])
}

/// `weir.list.append %l, %v`: the list with `v`'s type appended.
pub(crate) fn infer_append(ctx: &Context, i: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    operand_count(i, 2)?;
    let mut elements = list_at(ctx, i, 0)?;
    elements.push(operand_ty(ctx, i, 1));
    Ok(vec![list_kind(&elements)])
}

/// `weir.list.extend %l, %m`: the concatenation.
pub(crate) fn infer_extend(ctx: &Context, i: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    operand_count(i, 2)?;
    let mut elements = list_at(ctx, i, 0)?;
    elements.extend(list_at(ctx, i, 1)?);
    Ok(vec![list_kind(&elements)])
}

/// `weir.list.reverse %l`: the element types reversed.
pub(crate) fn infer_reverse(ctx: &Context, i: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    operand_count(i, 1)?;
    let mut elements = list_at(ctx, i, 0)?;
    elements.reverse();
    Ok(vec![list_kind(&elements)])
}

/// `weir.list.getitem %l[%i] -> T`: `T` is the type of some element.
pub(crate) fn list_getitem(ctx: &Context, op: OpId) -> DiagResult<()> {
    with_input(ctx, op, |i| {
        operand_count(i, 2)?;
        let elements = list_at(ctx, i, 0)?;
        index_at(ctx, i, 1)?;
        result_count(i, 1)?;
        let r = ctx.value_type(i.results[0]);
        if !elements.contains(&r) {
            return Err(fail(
                i,
                format!(
                    "result type {} is not the type of an element of {}",
                    ty(ctx, r),
                    ty(ctx, operand_ty(ctx, i, 0))
                ),
            ));
        }
        Ok(())
    })
}

/// The result list of `setitem`/`insert`/`pop` (result #0), or an error.
fn result_list(ctx: &Context, i: &InferInput<'_>) -> DiagResult<Vec<Type>> {
    let r = ctx.value_type(i.results[0]);
    list_elements(ctx, r).ok_or_else(|| {
        fail(
            i,
            format!(
                "result #0 must be a list ('!weir.list<...>'), but got {}",
                ty(ctx, r)
            ),
        )
    })
}

/// The positions `p` where `longer` is `shorter` with one element inserted at `p`: from
/// `n - suffix` to `prefix`, where `prefix`/`suffix` are the lengths of the common prefix and
/// suffix (linear). `longer.len() == shorter.len() + 1`.
fn insertion_points(shorter: &[Type], longer: &[Type]) -> std::ops::RangeInclusive<usize> {
    let n = shorter.len();
    let prefix = shorter
        .iter()
        .zip(longer)
        .take_while(|(a, b)| a == b)
        .count();
    let suffix = shorter
        .iter()
        .rev()
        .zip(longer.iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    n.saturating_sub(suffix)..=prefix
}

/// `weir.list.setitem %l[%i], %v -> L`: `L` is the list with at most one element's type
/// replaced by `v`'s.
pub(crate) fn list_setitem(ctx: &Context, op: OpId) -> DiagResult<()> {
    with_input(ctx, op, |i| {
        operand_count(i, 3)?;
        let elements = list_at(ctx, i, 0)?;
        index_at(ctx, i, 1)?;
        result_count(i, 1)?;
        let r = result_list(ctx, i)?;
        let v = operand_ty(ctx, i, 2);
        let changed: Vec<usize> = (0..r.len().min(elements.len()))
            .filter(|&k| r[k] != elements[k])
            .collect();
        let ok = r.len() == elements.len()
            && !elements.is_empty()
            && changed.len() <= 1
            && changed.iter().all(|&k| r[k] == v);
        if !ok {
            return Err(fail(
                i,
                format!(
                    "result type {} is not {} with one element's type set to {}",
                    ty(ctx, ctx.value_type(i.results[0])),
                    ty(ctx, operand_ty(ctx, i, 0)),
                    ty(ctx, v)
                ),
            ));
        }
        Ok(())
    })
}

/// `weir.list.insert %l[%i], %v -> L`: `L` is the list with `v`'s type inserted somewhere.
pub(crate) fn list_insert(ctx: &Context, op: OpId) -> DiagResult<()> {
    with_input(ctx, op, |i| {
        operand_count(i, 3)?;
        let elements = list_at(ctx, i, 0)?;
        index_at(ctx, i, 1)?;
        result_count(i, 1)?;
        let r = result_list(ctx, i)?;
        let v = operand_ty(ctx, i, 2);
        let ok =
            r.len() == elements.len() + 1 && insertion_points(&elements, &r).any(|p| r[p] == v);
        if !ok {
            return Err(fail(
                i,
                format!(
                    "result type {} is not {} with an element of type {} inserted",
                    ty(ctx, ctx.value_type(i.results[0])),
                    ty(ctx, operand_ty(ctx, i, 0)),
                    ty(ctx, v)
                ),
            ));
        }
        Ok(())
    })
}

/// `weir.list.pop %l[%i] -> L, T`: `L` is the list without one element, of type `T`.
pub(crate) fn list_pop(ctx: &Context, op: OpId) -> DiagResult<()> {
    with_input(ctx, op, |i| {
        operand_count(i, 2)?;
        let elements = list_at(ctx, i, 0)?;
        index_at(ctx, i, 1)?;
        result_count(i, 2)?;
        if elements.is_empty() {
            return Err(fail(i, "pops from an empty list"));
        }
        let r = result_list(ctx, i)?;
        let t = ctx.value_type(i.results[1]);
        let ok = r.len() + 1 == elements.len()
            && insertion_points(&r, &elements).any(|p| elements[p] == t);
        if !ok {
            return Err(fail(
                i,
                format!(
                    "result types {}, {} are not {} without an element and that element",
                    ty(ctx, ctx.value_type(i.results[0])),
                    ty(ctx, t),
                    ty(ctx, operand_ty(ctx, i, 0))
                ),
            ));
        }
        Ok(())
    })
}

/// `weir.dict.getitem %d["k"]`: the value type of `k`, which must be a key (Python's
/// `KeyError`).
pub(crate) fn infer_dict_getitem(ctx: &Context, i: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    operand_count(i, 1)?;
    let (at, entries) = keyed_entry(ctx, i)?;
    match at {
        Some(p) => Ok(vec![kind(ctx, entries[p].1)]),
        None => Err(fail(
            i,
            format!(
                "key {} is not in {}",
                attr_text(ctx, i.attr(ctx, KEY).unwrap_or_default()),
                ty(ctx, operand_ty(ctx, i, 0))
            ),
        )),
    }
}

/// `weir.dict.get %d["k"], %default`: the value type of `k`, or the default's type when `k`
/// is not a key.
pub(crate) fn infer_dict_get(ctx: &Context, i: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    operand_count(i, 2)?;
    let (at, entries) = keyed_entry(ctx, i)?;
    let t = at.map_or_else(|| operand_ty(ctx, i, 1), |p| entries[p].1);
    Ok(vec![kind(ctx, t)])
}

/// `weir.dict.contains %d["k"]`: `i1`.
pub(crate) fn infer_dict_contains(ctx: &Context, i: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    operand_count(i, 1)?;
    keyed_entry(ctx, i)?;
    Ok(vec![i1()])
}

/// The interned `!weir.str` (interned at registration).
fn str_type(ctx: &Context, i: &InferInput<'_>) -> DiagResult<Type> {
    ctx.lookup_type(&str_kind()).ok_or_else(|| {
        fail(
            i,
            "needs the weir dialect registered ('!weir.str' is unknown)",
        )
    })
}

/// `weir.dict.keys %d`: a list of one `!weir.str` per key.
pub(crate) fn infer_keys(ctx: &Context, i: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    operand_count(i, 1)?;
    let entries = dict_at(ctx, i, 0)?;
    let s = str_type(ctx, i)?;
    Ok(vec![list_kind(&vec![s; entries.len()])])
}

/// `weir.dict.values %d`: the list of the value types.
pub(crate) fn infer_values(ctx: &Context, i: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    operand_count(i, 1)?;
    let entries = dict_at(ctx, i, 0)?;
    let values: Vec<Type> = entries.iter().map(|&(_, t)| t).collect();
    Ok(vec![list_kind(&values)])
}

/// `weir.dict.items %d -> L`: `L` is a list of one `!weir.list<!weir.str, T>` per entry.
pub(crate) fn dict_items(ctx: &Context, op: OpId) -> DiagResult<()> {
    with_input(ctx, op, |i| {
        operand_count(i, 1)?;
        let entries = dict_at(ctx, i, 0)?;
        result_count(i, 1)?;
        let s = str_type(ctx, i)?;
        let r = result_list(ctx, i)?;
        let ok = r.len() == entries.len()
            && r.iter()
                .zip(&entries)
                .all(|(&e, &(_, t))| list_elements(ctx, e) == Some(vec![s, t]));
        if !ok {
            return Err(fail(
                i,
                format!(
                    "result type {} is not a list of one '!weir.list<!weir.str, T>' per entry of {}",
                    ty(ctx, ctx.value_type(i.results[0])),
                    ty(ctx, operand_ty(ctx, i, 0))
                ),
            ));
        }
        Ok(())
    })
}

/// `weir.dict.update %d, %e`: `d`'s keys in order, then `e`'s new keys; a key of both has
/// `e`'s value type.
pub(crate) fn infer_update(ctx: &Context, i: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    operand_count(i, 2)?;
    let mut entries = dict_at(ctx, i, 0)?;
    let mut position: FxHashMap<Attr, usize> = entries
        .iter()
        .enumerate()
        .map(|(p, &(k, _))| (k, p))
        .collect();
    for (k, t) in dict_at(ctx, i, 1)? {
        match position.get(&k) {
            Some(&p) => entries[p].1 = t,
            None => {
                position.insert(k, entries.len());
                entries.push((k, t));
            }
        }
    }
    Ok(vec![super::dict_kind(&entries)])
}

/// `weir.dict.fromkeys %keys, %v -> D`: every key is a `!weir.str` (MindSpore: "The key should
/// be string"), `D` has at most one entry per key (duplicates merge), at least one if there
/// are keys, and every value of `D` has `v`'s type.
pub(crate) fn dict_fromkeys(ctx: &Context, op: OpId) -> DiagResult<()> {
    with_input(ctx, op, |i| {
        operand_count(i, 2)?;
        let keys = list_at(ctx, i, 0)?;
        if let Some((k, &t)) = keys.iter().enumerate().find(|&(_, &t)| !is_str(ctx, t)) {
            return Err(fail(
                i,
                format!(
                    "key #{k} should be a string ('!weir.str'), but got {}",
                    ty(ctx, t)
                ),
            ));
        }
        result_count(i, 1)?;
        let r = ctx.value_type(i.results[0]);
        let Some(entries) = dict_entry_attrs(ctx, r) else {
            return Err(fail(
                i,
                format!(
                    "result must be a dict ('!weir.dict<...>'), but got {}",
                    ty(ctx, r)
                ),
            ));
        };
        let v = operand_ty(ctx, i, 1);
        if let Some(&(k, t)) = entries.iter().find(|&&(_, t)| t != v) {
            return Err(fail(
                i,
                format!(
                    "the value of key {} has type {}, but the value operand has type {}",
                    attr_text(ctx, k),
                    ty(ctx, t),
                    ty(ctx, v)
                ),
            ));
        }
        if entries.len() > keys.len() || (entries.is_empty() && !keys.is_empty()) {
            return Err(fail(
                i,
                format!(
                    "result has {} keys but there are {} keys",
                    entries.len(),
                    keys.len()
                ),
            ));
        }
        Ok(())
    })
}
