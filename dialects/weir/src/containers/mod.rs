//! Compile-time lists, tuples and dicts (MindSpore graph mode; SEMANTICS.md section 7).
//!
//! In MindSpore's graph mode a Python list, tuple or dict is a structure of the compiler: its
//! length and keys are known while compiling, its elements may be runtime values (tensors,
//! scalars), and its methods run while compiling and leave no runtime op. These ops model that.
//! Every op is functional (SSA values are immutable): a method that mutates in Python
//! (`append`, `setitem`, `update`, ...) returns the new container, and the frontend rebinds the
//! Python name to it (what MindSpore does too: `list.extend` builds a new list with
//! `MakeList` and returns it). A Python tuple is a `!weir.list` (an immutable list is a list
//! whose methods return new values).
//!
//! # Types
//! - `!weir.list<T0, T1, ...>`: a list of known length whose element `k` has type `Tk`
//!   (heterogeneous, like Python's); `!weir.list` is the empty list.
//! - `!weir.dict<"k0", T0, "k1", T1, ...>`: a dict with the string keys `k0, k1, ...` in
//!   insertion order, the value of `kj` of type `Tj`; `!weir.dict` is the empty dict. The keys
//!   are part of the type, so key lookups are checked by the verifier.
//! - `!weir.str`: a compile-time string (keys, `fromkeys`' arguments); the builtin `none` type
//!   is Python's `None`.
//!
//! # Ops
//! Constants and builders (the resolved forms, which every other op folds into):
//! - `%s = weir.str "text"` (`!weir.str`) and `%n = weir.none` (`none`): constants
//!   (`CONSTANT_LIKE`, the value in `value`: a string, `unit`).
//! - `%l = weir.list [%a, %b] : T0, T1` (`!weir.list<T0, T1>`): Python `[a, b]` / `(a, b)`.
//! - `%d = weir.dict ["a" = %x, "b" = %y] : T0, T1` (`!weir.dict<"a", T0, "b", T1>`, keys in the
//!   attribute `keys`, distinct): Python `{"a": x, "b": y}`.
//! - The empty ones are `weir.list []` and `weir.dict []` (no `:`): the brackets end the
//!   operands, so the next line's `%name` or a generic op's leading string is never read as one.
//!
//! The other ops share one form, `weir.OP %c[SUB], %v... attr-dict : TYPES (-> RESULTS)?`: the
//! first operand is the container, `[SUB]` (only for the ops that take one) an `index`
//! operand or a string key, then the other operands; `TYPES` are the types of the operands
//! other than the index; `-> RESULTS` is written only by the ops whose result types are not
//! implied by their operands alone (`getitem`, `setitem`, `insert`, `pop`, `items`,
//! `fromkeys`).
//!
//! | op | Python | result |
//! |---|---|---|
//! | `weir.list.len %l` | `len(l)` | `index` |
//! | `weir.list.getitem %l[%i] -> T` | `l[i]`, `i` in `[-n, n)` | the element |
//! | `weir.list.setitem %l[%i], %v -> L` | `l[i] = v` | the new list |
//! | `weir.list.append %l, %v` | `l.append(v)` | the new list |
//! | `weir.list.extend %l, %m` | `l.extend(m)` (concatenation) | the new list |
//! | `weir.list.insert %l[%i], %v -> L` | `l.insert(i, v)` (`i` clamped as Python does) | the new list |
//! | `weir.list.pop %l[%i] -> L, T` | `l.pop(i)` | the new list and the element |
//! | `weir.list.reverse %l` | `l.reverse()` | the new list |
//! | `weir.list.count %l, %v` | `l.count(v)` | `index` |
//! | `weir.list.index %l, %v` | `l.index(v)` | `index` |
//! | `weir.list.contains %l, %v` | `v in l` | `i1` |
//! | `weir.dict.getitem %d["k"]` | `d["k"]` | the value |
//! | `weir.dict.get %d["k"], %default` | `d.get("k", default)` | the value or `default` |
//! | `weir.dict.contains %d["k"]` | `"k" in d` | `i1` |
//! | `weir.dict.keys %d` / `values` / `items` | `d.keys()`, ... | a list (of `!weir.str`, of the values, of `[key, value]` lists) |
//! | `weir.dict.update %d, %e` | `d.update(e)` | the new dict |
//! | `weir.dict.fromkeys %keys, %v -> D` | `dict.fromkeys(keys, v)` | the new dict |
//!
//! Verifiers: the container operand has the right type, the types after `:` are the
//! operands', inferred results are the ones the operands imply (`InferTypes`), explicit ones
//! are consistent (`getitem`'s result is the type of some element; `setitem`, `insert` and
//! `pop` change the list's types as they can at some index; `fromkeys`' keys are `!weir.str`,
//! else `key #1 should be a string, but got 'i64'` (MindSpore: "The key should be string, but
//! got ..."), and every value of its dict has the value's type); dict keys exist
//! (`key "c" is not in '!weir.dict<...>'`, Python's `KeyError`).
//!
//! # Resolution
//! Every op has a folder and a canonicalization pattern that evaluate it once
//! its container operands are built by `weir.list`/`weir.dict` (directly, or after `scf.if`s
//! with constant conditions are folded and loops are unrolled) and its index is a constant: a
//! `getitem` becomes the element's value, a `len`/`count`/`index`/`in` a constant, an `extend` a
//! new `weir.list` of both lists' elements, and so on (see `eval.rs`). The builders then have
//! no uses and are erased, so after `--canonicalize` nothing of the dialect's containers is
//! left. `len` and `in` fold from the types alone, so `--fold-constant-conditions` classifies
//! `if len(xs) < 10` as a constant condition (its remark: `constant condition: folded (true:
//! then region inlined)`).
//! The builders and the ops are pure (erased when unused) except an op whose evaluation fails
//! whatever is learned later (`eval::Unresolved::Fails`: an index out of range, a value or key
//! that is not there, a declared result type that is not the evaluated one): its memory
//! effects are a write, as `cf.assert`'s, so it is kept and reported even when its result is
//! unused or read only through `len` (Python raises `l.pop(5)` whether or not the result is
//! used); in a region that is never run (an `scf.if` with a constant false condition) it goes
//! with the region.
//! A family op whose container is a loop-carried value of an `scf.for` with a constant trip
//! count (`for i in range(len(xs)): xs[i] *= 2`, up to 2^16 trips) fully unrolls that loop: a
//! container exists only while compiling. (An `scf.for`'s carried types cannot change, so `xs.append(x)` in a
//! loop is not expressible as one; the frontend unrolls it.)
//! Two more patterns of `getitem` with an index that is not a constant (`rewrite.rs`):
//! - an index that is the induction variable of an `scf.for` with a constant trip count (Python
//!   `for x in xs`, the loop running `len(xs)` times, or up to 1024 times past the end when a
//!   condition in the body guards the index) fully unrolls that loop, so each copy
//!   indexes with a constant (MindSpore always expands such loops);
//! - otherwise, on a list whose elements all have the result type (homogeneous) and that type
//!   is a runtime one (scalars, tensors; not strings, `none` or containers, which a switch
//!   could not yield at run time), the `getitem` becomes an `scf.index_switch` over the index
//!   with one case per element (`0..n` and `-n..-1`) and a `default` that fails at run time
//!   with `cf.assert` (`list index should be in range [-n, n)`; the message is fixed when
//!   compiling, so it does not name the index, unlike the compile-time error's `but got i`). MindSpore rejects a runtime
//!   index; Weir goes beyond it. A runtime index into a list of compile-time values stays, and
//!   lowering reports it (`runtime index into a list of compile-time values ('!weir.str')`).
//!
//! What cannot be resolved stays, and lowering it is an error: `--convert-weir-to-scf` and
//! `--convert-scf-to-cf` (so cf-run) first call [`check_resolved`], which reports the first
//! container op, or value or type attribute of a compile-time type ([`is_compile_time`]: a
//! list, a dict, `!weir.str` or `none`, e.g. a function argument), left with the reason,
//! e.g. `'weir.list.getitem' op cannot be resolved at compile time: list index should be in
//! range [-3, 3), but got 5` (MindSpore's wording for the index error).
//!
//! # Equality (`count`, `index`, `in`)
//! Python's `==` at compile time (`equality.rs`): constants compare by value, integers and
//! floats exactly (`1 == 1.0`, `-0.0 == 0.0`, `2**53 + 1 != float(2**53)`; a NaN equals
//! nothing, not even itself), strings by text, `none` to `none`; constant tensors are equal
//! when their shapes are and every element is (MindSpore compares tensors by value); lists
//! element by element (unequal lengths or one unequal pair: unequal, even when other pairs are
//! runtime values), dicts by their keys (in any order) and the values under them; values of
//! different kinds (a list and a number) are unequal. The same SSA value is equal to itself
//! unless it may be a NaN (a float or a float tensor). Anything else with a runtime value
//! cannot be decided. `index` and `in` stop at the first match, as Python's do:
//! `[1, x].index(1)` is 0 and `1 in [x, 1]` is true whatever `x` is; `count`, and `index`
//! before its first match, need every comparison decided, else the op is not resolved (the
//! reason names the element).
//!
//! # Differences
//! From Python: containers are values (no aliasing: `b = a; b.append(x)` does not change `a`);
//! dict keys are strings only; values of different kinds (a string and a number, a tensor and
//! a scalar) are unequal; values have no identity, so `[x].count(x)` with a runtime float `x`
//! is not decided (Python's identity shortcut gives 1 even for a NaN); `insert`/`pop` take an explicit index (`pop()` is `pop(-1)`);
//! `fromkeys`' default value `None` is written as a `weir.none` operand; the keys of
//! `d["k"]`, `get` and `in` are literals (an attribute), not values, and `fromkeys` takes a
//! list of keys (MindSpore also takes a tuple, a dict or a string); containers do not cross
//! function boundaries (there is no inliner yet: a list passed to or returned by `func.call`
//! is reported, located). From MindSpore: a
//! runtime index into a homogeneous list is allowed (an `scf.index_switch`), and a loop over a
//! list is unrolled by canonicalization rather than by the parser.

mod check;
mod equality;
mod eval;
mod rewrite;
mod syntax;
mod types;
mod verify;

pub use check::check_resolved;
pub use types::{
    dict_entries, dict_kind, dict_type, is_compile_time, is_container, is_str, list_elements,
    list_kind, list_type, str_kind,
};

use weir_ir::interfaces::infer_types::InferTypesFn;
use weir_ir::{Context, OpDef, OpId, Pattern, Traits, VerifyFn};
use weir_syntax::{ItemSyntax, OpSyntax, Syntax};

/// The name of the attribute holding a string constant (`weir.str`) or `unit` (`weir.none`).
pub const VALUE: &str = "value";
/// The attribute of `weir.dict`: its keys, an array of strings.
pub const KEYS: &str = "keys";
/// The attribute of the `weir.dict.*` ops that look up a key: the key string.
pub const KEY: &str = "key";

/// What comes in brackets after a container op's first operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Subscript {
    /// Nothing.
    None,
    /// An `index` operand (operand #1).
    Index,
    /// A string key (the attribute [`KEY`]).
    Key,
}

/// One container op of the family form (see the module docs).
pub(crate) struct Spec {
    pub name: &'static str,
    pub subscript: Subscript,
    /// Result types are written after `->` (not inferred).
    pub explicit_results: bool,
    pub verify: VerifyFn,
    pub infer: Option<InferTypesFn>,
    /// The op's compile-time evaluation (see `eval.rs`).
    pub eval: eval::EvalFn,
    pub patterns: &'static [Pattern],
}

/// Every container op of the family form.
pub(crate) const SPECS: &[Spec] = &[
    inferred(
        "weir.list.len",
        Subscript::None,
        verify::infer_len,
        eval::len,
    ),
    Spec {
        patterns: rewrite::GETITEM_PATTERNS,
        ..explicit(
            "weir.list.getitem",
            Subscript::Index,
            verify::list_getitem,
            eval::getitem,
        )
    },
    Spec {
        patterns: rewrite::INDEXED_PATTERNS,
        ..explicit(
            "weir.list.setitem",
            Subscript::Index,
            verify::list_setitem,
            eval::setitem,
        )
    },
    inferred(
        "weir.list.append",
        Subscript::None,
        verify::infer_append,
        eval::append,
    ),
    inferred(
        "weir.list.extend",
        Subscript::None,
        verify::infer_extend,
        eval::extend,
    ),
    Spec {
        patterns: rewrite::INDEXED_PATTERNS,
        ..explicit(
            "weir.list.insert",
            Subscript::Index,
            verify::list_insert,
            eval::insert,
        )
    },
    Spec {
        patterns: rewrite::INDEXED_PATTERNS,
        ..explicit(
            "weir.list.pop",
            Subscript::Index,
            verify::list_pop,
            eval::pop,
        )
    },
    inferred(
        "weir.list.reverse",
        Subscript::None,
        verify::infer_reverse,
        eval::reverse,
    ),
    inferred(
        "weir.list.count",
        Subscript::None,
        verify::infer_search_index,
        eval::count,
    ),
    inferred(
        "weir.list.index",
        Subscript::None,
        verify::infer_search_index,
        eval::index,
    ),
    inferred(
        "weir.list.contains",
        Subscript::None,
        verify::infer_search_bool,
        eval::contains,
    ),
    inferred(
        "weir.dict.getitem",
        Subscript::Key,
        verify::infer_dict_getitem,
        eval::dict_getitem,
    ),
    inferred(
        "weir.dict.get",
        Subscript::Key,
        verify::infer_dict_get,
        eval::dict_get,
    ),
    inferred(
        "weir.dict.contains",
        Subscript::Key,
        verify::infer_dict_contains,
        eval::dict_contains,
    ),
    inferred(
        "weir.dict.keys",
        Subscript::None,
        verify::infer_keys,
        eval::keys,
    ),
    inferred(
        "weir.dict.values",
        Subscript::None,
        verify::infer_values,
        eval::values_of,
    ),
    explicit(
        "weir.dict.items",
        Subscript::None,
        verify::dict_items,
        eval::items,
    ),
    inferred(
        "weir.dict.update",
        Subscript::None,
        verify::infer_update,
        eval::update,
    ),
    explicit(
        "weir.dict.fromkeys",
        Subscript::None,
        verify::dict_fromkeys,
        eval::fromkeys,
    ),
];

/// An op whose result types its operands imply (verified by its `InferTypes` hook).
const fn inferred(
    name: &'static str,
    subscript: Subscript,
    infer: InferTypesFn,
    eval: eval::EvalFn,
) -> Spec {
    Spec {
        name,
        subscript,
        explicit_results: false,
        verify: verify::by_infer,
        infer: Some(infer),
        eval,
        patterns: rewrite::PATTERNS,
    }
}

/// An op whose result types are written after `->`.
const fn explicit(
    name: &'static str,
    subscript: Subscript,
    verify: VerifyFn,
    eval: eval::EvalFn,
) -> Spec {
    Spec {
        name,
        subscript,
        explicit_results: true,
        verify,
        infer: None,
        eval,
        patterns: rewrite::PATTERNS,
    }
}

/// The spec of `name`, if it is a family-form container op.
pub(crate) fn spec(name: &str) -> Option<&'static Spec> {
    if !name.starts_with("weir.") {
        return None;
    }
    SPECS.iter().find(|s| s.name == name)
}

/// The names of the builders and constants.
pub(crate) const LIST: &str = "weir.list";
pub(crate) const DICT: &str = "weir.dict";
pub(crate) const STR: &str = "weir.str";
pub(crate) const NONE: &str = "weir.none";

/// Whether `op` is one of the container ops (builders, constants and the family ops).
pub fn is_container_op(ctx: &Context, op: OpId) -> bool {
    let name = ctx.name_str(op);
    [LIST, DICT, STR, NONE].contains(&name) || spec(name).is_some()
}

/// Registers the container types, ops and their syntax.
pub(crate) fn register(ctx: &mut Context, syntax: &mut Syntax) {
    syntax.register_type("weir", types::LIST, ItemSyntax::new(types::parse_list));
    syntax.register_type("weir", types::DICT, ItemSyntax::new(types::parse_dict));
    syntax.register_type("weir", types::STR, ItemSyntax::new(types::parse_str));
    // Interned once, so that `InferTypes` hooks (which cannot intern) can name it.
    ctx.intern_type(types::str_kind());
    let constant = Traits::PURE | Traits::CONSTANT_LIKE;
    ctx.register(OpDef::new(STR, constant).verifier(verify::str_constant));
    syntax.register(STR, OpSyntax::new(syntax::parse_str, syntax::print_str));
    ctx.register(OpDef::new(NONE, constant).verifier(verify::none_constant));
    syntax.register(NONE, OpSyntax::new(syntax::parse_none, syntax::print_none));
    ctx.register(
        OpDef::new(LIST, Traits::PURE)
            .verifier(verify::by_infer)
            .infer_types(verify::infer_list),
    );
    syntax.register(LIST, OpSyntax::new(syntax::parse_list, syntax::print_list));
    ctx.register(
        OpDef::new(DICT, Traits::PURE)
            .verifier(verify::by_infer)
            .infer_types(verify::infer_dict),
    );
    syntax.register(DICT, OpSyntax::new(syntax::parse_dict, syntax::print_dict));
    for s in SPECS {
        let mut def = OpDef::new(s.name, Traits::NONE)
            .memory_effects(eval::effects)
            .verifier(s.verify)
            .folder(rewrite::fold)
            .patterns(s.patterns);
        if let Some(infer) = s.infer {
            def = def.infer_types(infer);
        }
        ctx.register(def);
        syntax.register(
            s.name,
            OpSyntax::new(syntax::parse_family, syntax::print_family),
        );
    }
}
