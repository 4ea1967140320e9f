//! Python's `==` at compile time, for `count`, `index` and `in` (module docs of
//! [`crate::containers`], "Equality").

use super::eval::{built_dict, built_list};
use super::types::{dict_entries, is_str, list_elements};
use weir_ir::{AttrKind, Context, DenseValue, Dim, Type, TypeKind, ValueId};

/// A number for Python's `==`.
#[derive(Clone, Copy)]
enum Num {
    Int(i128),
    Float(f64),
}

/// Python's `==` on numbers: exact, also between an integer and a float (`2**53 + 1 !=
/// float(2**53)`, which a comparison through `f64` would call equal); a NaN equals nothing.
fn num_eq(a: Num, b: Num) -> bool {
    match (a, b) {
        (Num::Int(x), Num::Int(y)) => x == y,
        (Num::Float(x), Num::Float(y)) => x == y,
        (Num::Int(i), Num::Float(f)) | (Num::Float(f), Num::Int(i)) => {
            // The floats in [-2^127, 2^127) with no fraction are exactly i128s.
            const LIMIT: f64 = (1u128 << 127) as f64;
            f.fract() == 0.0 && (-LIMIT..LIMIT).contains(&f) && f as i128 == i
        }
    }
}

fn scalar(kind: &AttrKind) -> Option<Num> {
    match kind {
        AttrKind::Integer { value, .. } => Some(Num::Int(*value)),
        AttrKind::Float { bits, .. } => Some(Num::Float(f64::from_bits(*bits))),
        AttrKind::Bool(b) => Some(Num::Int(*b as i128)),
        _ => None,
    }
}

fn dense_num(v: DenseValue) -> Num {
    match v {
        DenseValue::Int(i) => Num::Int(i),
        DenseValue::Float(bits) => Num::Float(f64::from_bits(bits)),
    }
}

/// What Python's `==` can tell apart by type alone.
#[derive(PartialEq)]
enum Class {
    Str,
    None,
    Number,
    Tensor,
    List,
    Dict,
    Other,
}

fn class(ctx: &Context, t: Type) -> Class {
    match ctx.type_kind(t) {
        TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_) => Class::Number,
        TypeKind::Tensor { .. } => Class::Tensor,
        TypeKind::None => Class::None,
        _ if is_str(ctx, t) => Class::Str,
        _ if list_elements(ctx, t).is_some() => Class::List,
        _ if dict_entries(ctx, t).is_some() => Class::Dict,
        _ => Class::Other,
    }
}

fn shape(ctx: &Context, t: Type) -> Option<&Option<Vec<Dim>>> {
    match ctx.type_kind(t) {
        TypeKind::Tensor { shape, .. } => Some(shape),
        _ => None,
    }
}

/// Whether a value of type `t` may hold a NaN (a float, or a tensor of floats).
fn may_be_nan(ctx: &Context, t: Type) -> bool {
    match ctx.type_kind(t) {
        TypeKind::Float(_) => true,
        TypeKind::Tensor { element, .. } => may_be_nan(ctx, *element),
        _ => false,
    }
}

/// All of several `==`s: false once one is false (whatever the undecided ones are), else
/// undecided once one is, else true. Python's element-by-element comparison of lists stops
/// at the first unequal pair; comparing has no effects, so the answer is the same.
fn all_equal(pairs: impl Iterator<Item = Option<bool>>) -> Option<bool> {
    let mut decided = true;
    for eq in pairs {
        match eq {
            Some(false) => return Some(false),
            Some(true) => {}
            None => decided = false,
        }
    }
    decided.then_some(true)
}

/// Two lists: equal lengths (from the types) and equal elements in order.
fn lists_equal(ctx: &Context, a: ValueId, b: ValueId) -> Option<bool> {
    let len = |v| list_elements(ctx, ctx.value_type(v)).map_or(0, |e| e.len());
    if len(a) != len(b) {
        return Some(false);
    }
    let (x, y) = (built_list(ctx, a)?, built_list(ctx, b)?);
    all_equal(x.into_iter().zip(y).map(|(p, q)| equal(ctx, p, q)))
}

/// Two dicts: the same keys (from the types; order does not matter, as in Python) and equal
/// values under each key.
fn dicts_equal(ctx: &Context, a: ValueId, b: ValueId) -> Option<bool> {
    let keys = |v| {
        let mut k: Vec<String> = dict_entries(ctx, ctx.value_type(v))
            .unwrap_or_default()
            .into_iter()
            .map(|(k, _)| k)
            .collect();
        k.sort_unstable();
        k
    };
    if keys(a) != keys(b) {
        return Some(false);
    }
    let x = built_dict(ctx, a)?;
    let y: rustc_hash::FxHashMap<String, ValueId> = built_dict(ctx, b)?.into_iter().collect();
    all_equal(
        x.into_iter()
            .map(|(k, p)| y.get(&k).and_then(|&q| equal(ctx, p, q))),
    )
}

/// Python's `==` on two values at compile time (see the module docs of
/// [`crate::containers`]), `None` when it cannot be decided. Values of different kinds are
/// unequal; lists and dicts compare element by element; the same SSA value is equal to itself
/// unless it may be a NaN (a float is then equal only as a constant that is not a NaN).
pub(crate) fn equal(ctx: &Context, a: ValueId, b: ValueId) -> Option<bool> {
    let (ta, tb) = (ctx.value_type(a), ctx.value_type(b));
    let (ca, cb) = (class(ctx, ta), class(ctx, tb));
    if ca != cb && ca != Class::Other && cb != Class::Other {
        return Some(false);
    }
    match ca {
        Class::List => return lists_equal(ctx, a, b),
        Class::Dict => return dicts_equal(ctx, a, b),
        _ => {}
    }
    if a == b && !may_be_nan(ctx, ta) {
        return Some(true);
    }
    let (x, y) = (ctx.constant_of(a)?, ctx.constant_of(b)?);
    let (kx, ky) = (ctx.attr_kind(x), ctx.attr_kind(y));
    if let (Some(p), Some(q)) = (scalar(kx), scalar(ky)) {
        return Some(num_eq(p, q));
    }
    match (kx, ky) {
        (AttrKind::String(s), AttrKind::String(t)) => Some(s == t),
        (AttrKind::Unit, AttrKind::Unit) => Some(true),
        (AttrKind::Dense(d), AttrKind::Dense(e)) => {
            let same_shape =
                shape(ctx, d.ty()).is_some() && shape(ctx, d.ty()) == shape(ctx, e.ty());
            // Two splats compare once (a splat stores one element, whatever the size).
            let n = if d.is_splat() && e.is_splat() {
                d.len().min(1)
            } else {
                d.len()
            };
            Some(
                same_shape
                    && d.len() == e.len()
                    && (0..n).all(|i| num_eq(dense_num(d.get(i)), dense_num(e.get(i)))),
            )
        }
        _ => (x == y && !may_be_nan(ctx, ta)).then_some(true),
    }
}

#[cfg(test)]
mod tests {
    use super::{num_eq, Num};

    /// The integer/float edges of Python's `==`; each expected value is Python's (the
    /// expression in the comment).
    #[test]
    fn integers_and_floats_compare_exactly() {
        let two_127 = (1u128 << 127) as f64;
        let cases = [
            // 2**53 + 1 == float(2**53) -> False; 2**53 == float(2**53) -> True
            (
                Num::Int((1 << 53) + 1),
                Num::Float((1u64 << 53) as f64),
                false,
            ),
            (Num::Int(1 << 53), Num::Float((1u64 << 53) as f64), true),
            // 2**127 - 1 == float(2**127) -> False; -(2**127) == float(-(2**127)) -> True
            (Num::Int(i128::MAX), Num::Float(two_127), false),
            (Num::Int(i128::MIN), Num::Float(-two_127), true),
            // 0 == -0.0 -> True; 3 == 3.5 -> False; 0 == float('nan') -> False
            (Num::Int(0), Num::Float(-0.0), true),
            (Num::Int(3), Num::Float(3.5), false),
            (Num::Int(0), Num::Float(f64::NAN), false),
            // float('nan') == float('nan') -> False; 2**127 - 1 == float('inf') -> False
            (Num::Float(f64::NAN), Num::Float(f64::NAN), false),
            (Num::Int(i128::MAX), Num::Float(f64::INFINITY), false),
        ];
        for (a, b, want) in cases {
            assert_eq!(num_eq(a, b), want);
            assert_eq!(num_eq(b, a), want);
        }
    }
}
