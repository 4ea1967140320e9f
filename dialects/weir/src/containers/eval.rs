//! Compile-time evaluation of the container ops: each op's result from the elements of its
//! container operands (the operands of the `weir.list`/`weir.dict` that built them), or the
//! reason it cannot be evaluated ([`Unresolved`], reported by [`super::check_resolved`] when
//! lowering).

use super::equality::equal;
use super::types::{dict_entries, list_elements};
use super::{DICT, KEY, KEYS, LIST};
use weir_ir::interfaces::memory_effects::{Effect, EffectKind, Resource};
use weir_ir::{Attr, AttrKind, Context, OpId, Type, ValueId};

/// An op's evaluation: one [`Out`] per result, or why it cannot be evaluated.
pub(crate) type EvalFn = fn(&Context, OpId) -> Result<Vec<Out>, Unresolved>;

/// Why an op is not evaluated.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Unresolved {
    /// Something it needs is not known at compile time (yet): an index or a key that is not a
    /// constant, a container not built by `weir.list`/`weir.dict`, a comparison that cannot be
    /// decided. Later rewrites may still resolve it, and Python might succeed.
    Unknown(String),
    /// It fails whatever is learned later: Python raises here (an index out of range, a value
    /// or key that is not there), or the declared result type is not the evaluated one.
    Fails(String),
}

impl Unresolved {
    /// The reason, for the message of [`super::check_resolved`].
    pub(crate) fn reason(&self) -> &str {
        match self {
            Unresolved::Unknown(r) | Unresolved::Fails(r) => r,
        }
    }
}

/// The memory effects of a family op (MLIR `MemoryEffectOpInterface`): none once it evaluates;
/// until then a write of the default resource (as `cf.assert`'s: evaluating may fail, and
/// that error is observable), so that dead-code erasure keeps it, hoisting does not speculate
/// it, and it is resolved or reported even when its result is unused. Python raises
/// `l.pop(5)`, `l[i]` out of range or `l.index(v)` of a missing value whether or not the
/// result is read, so an unused one is rewritten as a used one is: a loop indexing the list is
/// unrolled, a runtime index becomes an `scf.index_switch` whose default fails at run time,
/// and `dict.fromkeys` of keys not known while compiling is reported instead of `in` and
/// `keys()` answering from its declared type. Only `count` and `in` of values that cannot be
/// compared yet have no effect (Python's `==` on numbers and tensors does not raise).
pub(crate) fn effects(ctx: &Context, op: OpId) -> Vec<Effect> {
    let Some(spec) = super::spec(ctx.name_str(op)) else {
        return Vec::new();
    };
    let may_fail = match (spec.eval)(ctx, op) {
        Ok(_) => false,
        Err(Unresolved::Fails(_)) => true,
        Err(Unresolved::Unknown(_)) => {
            !matches!(spec.name, "weir.list.count" | "weir.list.contains")
        }
    };
    if may_fail {
        vec![Effect {
            kind: EffectKind::Write,
            resource: Resource::Default,
        }]
    } else {
        Vec::new()
    }
}

/// An element of a list to build.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Item {
    /// An existing value.
    Value(ValueId),
    /// A new `weir.str` constant.
    Str(String),
    /// A new `[key, value]` list (`dict.items()`).
    Pair(String, ValueId),
}

/// What a result evaluates to.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Out {
    /// An existing value.
    Value(ValueId),
    /// An `index` constant.
    Index(i128),
    /// An `i1` constant.
    Bool(bool),
    /// A new list.
    List(Vec<Item>),
    /// A new dict (keys in insertion order).
    Dict(Vec<(String, ValueId)>),
}

/// Where a value comes from, for messages: `a result of 'scf.if'`, `an argument of 'func.func'`.
pub(crate) fn origin(ctx: &Context, v: ValueId) -> String {
    match ctx.defining_op(v) {
        Some(op) => format!("a result of '{}'", ctx.name_str(op)),
        None => match ctx.value_block(v).and_then(|b| ctx.block_parent_op(b)) {
            Some(p) => format!("an argument of a block of '{}'", ctx.name_str(p)),
            None => "a value without a definition".to_string(),
        },
    }
}

fn not_known(ctx: &Context, op: OpId, k: usize) -> Unresolved {
    let v = ctx.operand(op, k);
    Unresolved::Unknown(format!(
        "operand #{k} is not known at compile time: it is {} (only a 'weir.list' or 'weir.dict' is)",
        origin(ctx, v)
    ))
}

/// The elements of the `weir.list` that built `list`, if one did.
pub(crate) fn built_list(ctx: &Context, list: ValueId) -> Option<Vec<ValueId>> {
    let d = ctx.defining_op(list).filter(|&d| ctx.is(d, LIST))?;
    Some(ctx.operands(d).to_vec())
}

/// The entries of the `weir.dict` that built `dict`, if one did.
pub(crate) fn built_dict(ctx: &Context, dict: ValueId) -> Option<Vec<(String, ValueId)>> {
    let d = ctx.defining_op(dict).filter(|&d| ctx.is(d, DICT))?;
    let Some(AttrKind::Array(keys)) = ctx.attr_of(d, KEYS).map(|a| ctx.attr_kind(a)) else {
        return None;
    };
    Some(
        keys.iter()
            .zip(ctx.operands(d))
            .map(|(&k, &v)| (string(ctx, k).unwrap_or_default(), v))
            .collect(),
    )
}

/// The elements of list operand `k`.
fn list(ctx: &Context, op: OpId, k: usize) -> Result<Vec<ValueId>, Unresolved> {
    built_list(ctx, ctx.operand(op, k)).ok_or_else(|| not_known(ctx, op, k))
}

/// The entries of dict operand `k`.
fn dict(ctx: &Context, op: OpId, k: usize) -> Result<Vec<(String, ValueId)>, Unresolved> {
    built_dict(ctx, ctx.operand(op, k)).ok_or_else(|| not_known(ctx, op, k))
}

fn string(ctx: &Context, a: Attr) -> Option<String> {
    match ctx.attr_kind(a) {
        AttrKind::String(s) => Some(s.clone()),
        _ => None,
    }
}

fn key(ctx: &Context, op: OpId) -> String {
    ctx.attr_of(op, KEY)
        .and_then(|a| string(ctx, a))
        .unwrap_or_default()
}

/// The constant index operand #1.
fn index_operand(ctx: &Context, op: OpId) -> Result<i128, Unresolved> {
    weir_dialect_scf::constant_int(ctx, ctx.operand(op, 1))
        .ok_or_else(|| Unresolved::Unknown("the index is not a compile-time constant".to_string()))
}

/// Python's index `i` into a sequence of `n`: `[-n, n)`, negative from the end (MindSpore's
/// message otherwise).
pub(crate) fn normalize(i: i128, n: usize) -> Result<usize, Unresolved> {
    let len = n as i128;
    if (-len..len).contains(&i) {
        Ok(if i < 0 { i + len } else { i } as usize)
    } else {
        Err(Unresolved::Fails(format!(
            "list index should be in range [-{n}, {n}), but got {i}"
        )))
    }
}

fn values(v: Vec<ValueId>) -> Out {
    Out::List(v.into_iter().map(Item::Value).collect())
}

/// Checks that the built list's element types are the declared result #`r`'s (the ops whose
/// result types are written, not inferred).
fn check_result(ctx: &Context, op: OpId, r: usize, elements: &[ValueId]) -> Result<(), Unresolved> {
    let declared = ctx.value_type(ctx.result(op, r));
    let built: Vec<Type> = elements.iter().map(|&v| ctx.value_type(v)).collect();
    if list_elements(ctx, declared).as_deref() == Some(&built[..]) {
        return Ok(());
    }
    Err(Unresolved::Fails(format!(
        "the result type {} is not the resolved list's, '!weir.list<{}>'",
        super::verify::ty(ctx, declared),
        built
            .iter()
            .map(|&t| ctx.type_printer()(ctx, t))
            .collect::<Vec<_>>()
            .join(", ")
    )))
}

/// `len(l)`, from the type.
pub(crate) fn len(ctx: &Context, op: OpId) -> Result<Vec<Out>, Unresolved> {
    let n = list_elements(ctx, ctx.value_type(ctx.operand(op, 0))).map_or(0, |e| e.len());
    Ok(vec![Out::Index(n as i128)])
}

/// `l[i]`.
pub(crate) fn getitem(ctx: &Context, op: OpId) -> Result<Vec<Out>, Unresolved> {
    let l = list(ctx, op, 0)?;
    let i = index_operand(ctx, op).map_err(|_| runtime_index(ctx, op, &l))?;
    let v = l[normalize(i, l.len())?];
    if ctx.value_type(v) != ctx.value_type(ctx.result(op, 0)) {
        return Err(Unresolved::Fails(format!(
            "element {i} has type {}, not the result's",
            super::verify::ty(ctx, ctx.value_type(v))
        )));
    }
    Ok(vec![Out::Value(v)])
}

/// Why `l[i]` with an index that is not a constant is left: `--canonicalize` makes it an
/// `scf.index_switch` only when every element has the result type and that type is a
/// runtime one (`rewrite.rs`), and it folds an index that is constant after all.
fn runtime_index(ctx: &Context, op: OpId, elements: &[ValueId]) -> Unresolved {
    let t = ctx.value_type(ctx.result(op, 0));
    let index = format!(
        "the index is not a compile-time constant (it is {})",
        origin(ctx, ctx.operand(op, 1))
    );
    Unresolved::Unknown(if elements.iter().any(|&e| ctx.value_type(e) != t) {
        format!("{index} and the elements' types differ, so it cannot become an 'scf.index_switch'")
    } else if super::is_compile_time(ctx, t) {
        format!(
            "runtime index into a list of compile-time values ({}): {index}",
            super::verify::ty(ctx, t)
        )
    } else {
        format!(
            "{index} and --canonicalize was not run (it folds such an index or makes the getitem an 'scf.index_switch')"
        )
    })
}

/// `l[i] = v`.
pub(crate) fn setitem(ctx: &Context, op: OpId) -> Result<Vec<Out>, Unresolved> {
    let mut l = list(ctx, op, 0)?;
    let p = normalize(index_operand(ctx, op)?, l.len())?;
    l[p] = ctx.operand(op, 2);
    check_result(ctx, op, 0, &l)?;
    Ok(vec![values(l)])
}

/// `l.append(v)`.
pub(crate) fn append(ctx: &Context, op: OpId) -> Result<Vec<Out>, Unresolved> {
    let mut l = list(ctx, op, 0)?;
    l.push(ctx.operand(op, 1));
    Ok(vec![values(l)])
}

/// `l.extend(m)`.
pub(crate) fn extend(ctx: &Context, op: OpId) -> Result<Vec<Out>, Unresolved> {
    let mut l = list(ctx, op, 0)?;
    l.extend(list(ctx, op, 1)?);
    Ok(vec![values(l)])
}

/// `l.insert(i, v)`: Python clamps `i` (negative from the end) into `[0, n]`.
pub(crate) fn insert(ctx: &Context, op: OpId) -> Result<Vec<Out>, Unresolved> {
    let mut l = list(ctx, op, 0)?;
    let n = l.len() as i128;
    let i = index_operand(ctx, op)?;
    let p = if i < 0 { (i + n).max(0) } else { i.min(n) };
    l.insert(p as usize, ctx.operand(op, 2));
    check_result(ctx, op, 0, &l)?;
    Ok(vec![values(l)])
}

/// `l.pop(i)`: the list without element `i`, and that element.
pub(crate) fn pop(ctx: &Context, op: OpId) -> Result<Vec<Out>, Unresolved> {
    let mut l = list(ctx, op, 0)?;
    let p = normalize(index_operand(ctx, op)?, l.len())?;
    let v = l.remove(p);
    check_result(ctx, op, 0, &l)?;
    if ctx.value_type(v) != ctx.value_type(ctx.result(op, 1)) {
        return Err(Unresolved::Fails(
            "the popped element's type is not the result's".to_string(),
        ));
    }
    Ok(vec![values(l), Out::Value(v)])
}

/// `l.reverse()`.
pub(crate) fn reverse(ctx: &Context, op: OpId) -> Result<Vec<Out>, Unresolved> {
    let mut l = list(ctx, op, 0)?;
    l.reverse();
    Ok(vec![values(l)])
}

/// Python's `==` between each element of list operand 0 and operand 1, in order (`None`:
/// not decidable at compile time, see [`equal`]).
fn comparisons(ctx: &Context, op: OpId) -> Result<Vec<Option<bool>>, Unresolved> {
    let v = ctx.operand(op, 1);
    Ok(list(ctx, op, 0)?
        .into_iter()
        .map(|e| equal(ctx, e, v))
        .collect())
}

fn undecided(k: usize) -> Unresolved {
    Unresolved::Unknown(format!(
        "element #{k} and the value cannot be compared at compile time (one is not a constant)"
    ))
}

/// `l.count(v)`: every element must be decided.
pub(crate) fn count(ctx: &Context, op: OpId) -> Result<Vec<Out>, Unresolved> {
    let mut n = 0;
    for (k, m) in comparisons(ctx, op)?.into_iter().enumerate() {
        n += usize::from(m.ok_or_else(|| undecided(k))?);
    }
    Ok(vec![Out::Index(n as i128)])
}

/// `l.index(v)`: the first equal element's position (Python's `ValueError` otherwise); the
/// elements after it are not compared, the ones before must be decided unequal.
pub(crate) fn index(ctx: &Context, op: OpId) -> Result<Vec<Out>, Unresolved> {
    for (k, m) in comparisons(ctx, op)?.into_iter().enumerate() {
        match m {
            Some(true) => return Ok(vec![Out::Index(k as i128)]),
            Some(false) => {}
            None => return Err(undecided(k)),
        }
    }
    Err(Unresolved::Fails(
        "the value is not in the list (Python's ValueError)".to_string(),
    ))
}

/// `v in l`: true once some element is equal, whatever the others are (comparing has no
/// effects, so Python's stop at the first match gives the same answer); false only when
/// every element is decided unequal.
pub(crate) fn contains(ctx: &Context, op: OpId) -> Result<Vec<Out>, Unresolved> {
    let ms = comparisons(ctx, op)?;
    if ms.contains(&Some(true)) {
        return Ok(vec![Out::Bool(true)]);
    }
    match ms.iter().position(Option::is_none) {
        Some(k) => Err(undecided(k)),
        None => Ok(vec![Out::Bool(false)]),
    }
}

/// `d["k"]` (the verifier checked that `k` is a key).
pub(crate) fn dict_getitem(ctx: &Context, op: OpId) -> Result<Vec<Out>, Unresolved> {
    let k = key(ctx, op);
    dict(ctx, op, 0)?
        .into_iter()
        .find(|(key, _)| *key == k)
        .map(|(_, v)| vec![Out::Value(v)])
        .ok_or_else(|| Unresolved::Fails(format!("key \"{k}\" is not in the dict")))
}

/// `d.get("k", default)`.
pub(crate) fn dict_get(ctx: &Context, op: OpId) -> Result<Vec<Out>, Unresolved> {
    let k = key(ctx, op);
    let found = dict(ctx, op, 0)?.into_iter().find(|(key, _)| *key == k);
    Ok(vec![Out::Value(
        found.map_or(ctx.operand(op, 1), |(_, v)| v),
    )])
}

/// The keys of dict operand 0's type.
fn type_keys(ctx: &Context, op: OpId) -> Vec<String> {
    dict_entries(ctx, ctx.value_type(ctx.operand(op, 0)))
        .unwrap_or_default()
        .into_iter()
        .map(|(k, _)| k)
        .collect()
}

/// `"k" in d`, from the type.
pub(crate) fn dict_contains(ctx: &Context, op: OpId) -> Result<Vec<Out>, Unresolved> {
    let k = key(ctx, op);
    Ok(vec![Out::Bool(type_keys(ctx, op).contains(&k))])
}

/// `d.keys()`, from the type.
pub(crate) fn keys(ctx: &Context, op: OpId) -> Result<Vec<Out>, Unresolved> {
    Ok(vec![Out::List(
        type_keys(ctx, op).into_iter().map(Item::Str).collect(),
    )])
}

/// `d.values()`.
pub(crate) fn values_of(ctx: &Context, op: OpId) -> Result<Vec<Out>, Unresolved> {
    let d = dict(ctx, op, 0)?;
    Ok(vec![values(d.into_iter().map(|(_, v)| v).collect())])
}

/// `d.items()`: `[key, value]` lists.
pub(crate) fn items(ctx: &Context, op: OpId) -> Result<Vec<Out>, Unresolved> {
    let d = dict(ctx, op, 0)?;
    Ok(vec![Out::List(
        d.into_iter().map(|(k, v)| Item::Pair(k, v)).collect(),
    )])
}

/// `d.update(e)`: `d`'s keys in order, then `e`'s new ones; `e`'s values win.
pub(crate) fn update(ctx: &Context, op: OpId) -> Result<Vec<Out>, Unresolved> {
    let mut d = dict(ctx, op, 0)?;
    let mut position: rustc_hash::FxHashMap<String, usize> = d
        .iter()
        .enumerate()
        .map(|(p, (k, _))| (k.clone(), p))
        .collect();
    for (k, v) in dict(ctx, op, 1)? {
        match position.get(&k) {
            Some(&p) => d[p].1 = v,
            None => {
                position.insert(k.clone(), d.len());
                d.push((k, v));
            }
        }
    }
    Ok(vec![Out::Dict(d)])
}

/// `dict.fromkeys(keys, v)`: one entry per distinct key, in first-occurrence order.
pub(crate) fn fromkeys(ctx: &Context, op: OpId) -> Result<Vec<Out>, Unresolved> {
    let v = ctx.operand(op, 1);
    let mut seen = rustc_hash::FxHashSet::default();
    let mut entries = Vec::new();
    for (k, e) in list(ctx, op, 0)?.into_iter().enumerate() {
        let s = ctx
            .constant_of(e)
            .and_then(|a| string(ctx, a))
            .ok_or_else(|| Unresolved::Unknown(format!("key #{k} is not a compile-time string")))?;
        if seen.insert(s.clone()) {
            entries.push((s, v));
        }
    }
    let declared = dict_entries(ctx, ctx.value_type(ctx.result(op, 0))).unwrap_or_default();
    let declared_keys: Vec<&String> = declared.iter().map(|(k, _)| k).collect();
    let keys: Vec<&String> = entries.iter().map(|(k, _)| k).collect();
    if declared_keys != keys {
        return Err(Unresolved::Fails(format!(
            "the keys are {keys:?}, but the result type's are {declared_keys:?}"
        )));
    }
    Ok(vec![Out::Dict(entries)])
}
