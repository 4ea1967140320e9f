//! The folder and canonicalization patterns that resolve the container ops (module docs of
//! [`crate::containers`], "Resolution"), and the builders of the resolved forms.

use super::eval::{built_list, Item, Out};
use super::{spec, types, DICT, KEYS, LIST, STR, VALUE};
use weir_dialect_scf::{self as scf, ForOp, IndexSwitchOp};
use weir_ir::{
    Attr, AttrKind, Context, DenseValue, FoldResult, InsertPoint, Location, OpId, OpState, Pattern,
    RewriteLog, ValueId,
};

/// The patterns of every family op: [`RESOLVE`], else unroll the loop carrying its container.
pub(crate) const PATTERNS: &[Pattern] = &[RESOLVE, UNROLL_CARRYING_LOOP];

/// The patterns of `setitem`, `insert` and `pop`: resolve, else unroll the loop carrying the
/// list or whose induction variable is the index.
pub(crate) const INDEXED_PATTERNS: &[Pattern] =
    &[RESOLVE, UNROLL_CARRYING_LOOP, UNROLL_LOOP_OVER_LIST];

/// `weir.list.getitem`'s: those of [`INDEXED_PATTERNS`], else switch.
pub(crate) const GETITEM_PATTERNS: &[Pattern] = &[
    RESOLVE,
    UNROLL_CARRYING_LOOP,
    UNROLL_LOOP_OVER_LIST,
    Pattern {
        name: "weir.list.getitem-runtime-index-switch",
        apply: runtime_index_switch,
    },
];

/// A family op whose container operand #0 is a loop-carried value of an `scf.for` with a
/// constant trip count (`for i in range(len(xs)): xs[i] *= 2`, `for x in ys: xs.append(x)`):
/// a container exists only while compiling, so the loop is fully unrolled, and in its copies
/// the container is the `weir.list`/`weir.dict` built before, which resolves.
const UNROLL_CARRYING_LOOP: Pattern = Pattern {
    name: "weir.container-unroll-carrying-loop",
    apply: unroll_carrying_loop,
};

/// An op indexed by the induction variable of an `scf.for` over a compile-time list: see
/// [`unroll_loop_over_list`].
const UNROLL_LOOP_OVER_LIST: Pattern = Pattern {
    name: "weir.list-unroll-loop-over-list",
    apply: unroll_loop_over_list,
};

/// Evaluates the op and replaces it by new `weir.list`/`weir.dict` ops (the results the
/// folder cannot give, since a folder creates no ops).
const RESOLVE: Pattern = Pattern {
    name: "weir.container-resolve",
    apply: resolve,
};

/// The folder of every family op: the results that are existing values or constants.
pub(crate) fn fold(ctx: &mut Context, op: OpId, _: &[Option<Attr>]) -> Option<Vec<FoldResult>> {
    let outs = (spec(ctx.name_str(op))?.eval)(ctx, op).ok()?;
    let mut results = Vec::with_capacity(outs.len());
    for out in outs {
        results.push(match out {
            Out::Value(v) => FoldResult::Value(v),
            Out::Index(i) => {
                let index = ctx.index_type();
                FoldResult::Constant(ctx.int_attr(i, index))
            }
            Out::Bool(b) => FoldResult::Constant(ctx.attr(AttrKind::Bool(b))),
            Out::List(_) | Out::Dict(_) => return None,
        });
    }
    Some(results)
}

fn resolve(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    let Some(spec) = spec(ctx.name_str(op)) else {
        return false;
    };
    let Ok(outs) = (spec.eval)(ctx, op) else {
        return false;
    };
    let at = InsertPoint::Before(op);
    let loc = ctx.loc(op);
    let values: Vec<ValueId> = outs
        .into_iter()
        .map(|out| materialize(ctx, at, out, &loc))
        .collect();
    ctx.replace_op(op, &values);
    true
}

fn materialize(ctx: &mut Context, at: InsertPoint, out: Out, loc: &Location) -> ValueId {
    match out {
        Out::Value(v) => v,
        Out::Index(i) => {
            let index = ctx.index_type();
            weir_dialect_arith::build_int_constant(ctx, at, i, index, loc.clone())
        }
        Out::Bool(b) => {
            let a = ctx.attr(AttrKind::Bool(b));
            weir_dialect_arith::build_constant(ctx, at, a, loc.clone())
        }
        Out::List(items) => {
            let elements: Vec<ValueId> = items
                .into_iter()
                .map(|item| match item {
                    Item::Value(v) => v,
                    Item::Str(s) => build_str(ctx, at, &s, loc.clone()),
                    Item::Pair(k, v) => {
                        let k = build_str(ctx, at, &k, loc.clone());
                        build_list(ctx, at, &[k, v], loc.clone())
                    }
                })
                .collect();
            build_list(ctx, at, &elements, loc.clone())
        }
        Out::Dict(entries) => build_dict(ctx, at, &entries, loc.clone()),
    }
}

/// Builds `weir.str "text"` at `at`; returns its `!weir.str` result.
pub fn build_str(ctx: &mut Context, at: InsertPoint, text: &str, loc: Location) -> ValueId {
    let mut st = OpState::new(ctx.op_name(STR), loc);
    let value = ctx.str_attr(text);
    st.set_attr(ctx.attr_name(VALUE), value);
    st.result_types = vec![ctx.intern_type(types::str_kind())];
    let op = ctx.build_op(st, at);
    ctx.result(op, 0)
}

/// Builds `weir.list [%elements...]` at `at`; returns its `!weir.list<...>` result.
pub fn build_list(
    ctx: &mut Context,
    at: InsertPoint,
    elements: &[ValueId],
    loc: Location,
) -> ValueId {
    let mut st = OpState::new(ctx.op_name(LIST), loc);
    let element_types: Vec<_> = elements.iter().map(|&v| ctx.value_type(v)).collect();
    st.operands = elements.to_vec();
    st.result_types = vec![types::list_type(ctx, &element_types)];
    let op = ctx.build_op(st, at);
    ctx.result(op, 0)
}

/// Builds `weir.dict ["k" = %v, ...]` at `at` (keys distinct, in insertion order); returns its
/// `!weir.dict<...>` result.
pub fn build_dict(
    ctx: &mut Context,
    at: InsertPoint,
    entries: &[(String, ValueId)],
    loc: Location,
) -> ValueId {
    let mut st = OpState::new(ctx.op_name(DICT), loc);
    let typed: Vec<(String, weir_ir::Type)> = entries
        .iter()
        .map(|(k, v)| (k.clone(), ctx.value_type(*v)))
        .collect();
    let keys: Vec<Attr> = entries.iter().map(|(k, _)| ctx.str_attr(k)).collect();
    let keys = ctx.attr(AttrKind::Array(keys));
    st.set_attr(ctx.attr_name(KEYS), keys);
    st.operands = entries.iter().map(|&(_, v)| v).collect();
    st.result_types = vec![types::dict_type(ctx, &typed)];
    let op = ctx.build_op(st, at);
    ctx.result(op, 0)
}

/// The `scf.for` whose induction variable `v` is.
fn loop_of_induction_var(ctx: &Context, v: ValueId) -> Option<ForOp> {
    if ctx.defining_op(v).is_some() {
        return None;
    }
    let parent = ctx.block_parent_op(ctx.value_block(v)?)?;
    let f = ForOp::of(ctx, parent)?;
    (f.induction_var(ctx) == v).then_some(f)
}

/// How many copies a loop whose induction variable indexes a compile-time list may be unrolled
/// to beyond the list's length (`for i in range(5): if i < len(xs): ... xs[i]`); the copies
/// past the end index out of range, which is an error unless a condition skips them.
const MAX_TRIPS_PAST_LIST: u128 = 1024;

/// The constant trip count of the loop whose induction variable indexes the list, when it is
/// at most the list's length (Python's `for x in xs` / `for i in range(len(xs))`) or at most
/// [`MAX_TRIPS_PAST_LIST`].
fn loop_over_list(ctx: &Context, op: OpId) -> Option<(ForOp, u64)> {
    let f = loop_of_induction_var(ctx, ctx.operand(op, 1))?;
    let n = built_list(ctx, ctx.operand(op, 0))?.len();
    let trips = scf::constant_trip_count(ctx, f.op())?;
    (trips <= (n as u128).max(MAX_TRIPS_PAST_LIST)).then_some((f, trips as u64))
}

/// A `getitem`, `setitem`, `insert` or `pop` indexed by the induction variable of an `scf.for`
/// over a compile-time list: the loop is fully unrolled (its copies index with constants,
/// which resolve).
fn unroll_loop_over_list(ctx: &mut Context, op: OpId, log: &mut RewriteLog) -> bool {
    match loop_over_list(ctx, op) {
        Some((f, n)) => unroll(ctx, f, n, "loop over a compile-time list", log),
        None => false,
    }
}

/// The most trips a loop carrying a container is unrolled to: beyond it the loop stays, and
/// lowering reports its compile-time carried value (a loop of 10^9 trips must not become 10^9
/// copies while compiling).
const MAX_CARRYING_TRIPS: u128 = 1 << 16;

fn unroll_carrying_loop(ctx: &mut Context, op: OpId, log: &mut RewriteLog) -> bool {
    let carried = ctx.operand(op, 0);
    let Some(f) = ctx
        .value_block(carried)
        .filter(|_| ctx.defining_op(carried).is_none())
        .and_then(|b| ctx.block_parent_op(b))
        .and_then(|p| ForOp::of(ctx, p))
        .filter(|f| f.region_iter_args(ctx).contains(&carried))
    else {
        return false;
    };
    match scf::constant_trip_count(ctx, f.op()).filter(|&n| n <= MAX_CARRYING_TRIPS) {
        Some(n) => unroll(
            ctx,
            f,
            n as u64,
            "loop carrying a compile-time container",
            log,
        ),
        None => false,
    }
}

/// Fully unrolls `f` (`n` trips) with the remark `{what}: unrolled, {n} copies`.
fn unroll(ctx: &mut Context, f: ForOp, n: u64, what: &str, log: &mut RewriteLog) -> bool {
    let loc = ctx.loc(f.op());
    if !scf::unroll_for(ctx, f, n) {
        return false;
    }
    log.remark(&loc, || format!("{what}: unrolled, {n} copies"));
    true
}

/// A `getitem` of a homogeneous compile-time list with a runtime index: an `scf.index_switch`
/// with a case per element (`0..n` and `-n..-1`) and a `default` that fails at run time. Only
/// for elements of a runtime type: a switch yielding strings, `none` or containers could
/// never be lowered, so such a `getitem` stays and `check_resolved` reports it.
fn runtime_index_switch(ctx: &mut Context, op: OpId, log: &mut RewriteLog) -> bool {
    let index = ctx.operand(op, 1);
    if scf::constant_int(ctx, index).is_some() || loop_over_list(ctx, op).is_some() {
        return false;
    }
    let Some(elements) = built_list(ctx, ctx.operand(op, 0)) else {
        return false;
    };
    let t = ctx.value_type(ctx.result(op, 0));
    if types::is_compile_time(ctx, t)
        || elements.is_empty()
        || elements.iter().any(|&e| ctx.value_type(e) != t)
    {
        return false;
    }
    let loc = ctx.loc(op);
    let n = elements.len() as i64;
    let mut regions = vec![ctx.new_region()];
    let default = ctx.new_block(&[]);
    ctx.append_block(regions[0], default);
    let i1 = ctx.i1();
    let f = ctx.int_attr(0, i1);
    let never = weir_dialect_arith::build_constant(ctx, InsertPoint::End(default), f, loc.clone());
    let message = format!("list index should be in range [-{n}, {n})");
    weir_dialect_cf::build_assert(ctx, InsertPoint::End(default), never, &message, loc.clone());
    scf::build_yield(ctx, InsertPoint::End(default), &[elements[0]], loc.clone());
    let cases: Vec<i64> = (0..n).chain(-n..0).collect();
    for &c in &cases {
        let region = ctx.new_region();
        let block = ctx.new_block(&[]);
        ctx.append_block(region, block);
        let e = elements[c.rem_euclid(n) as usize];
        scf::build_yield(ctx, InsertPoint::End(block), &[e], loc.clone());
        regions.push(region);
    }
    let mut st = OpState::new(ctx.op_name(IndexSwitchOp::NAME), loc.clone());
    st.operands = vec![index];
    st.result_types = vec![t];
    let i64_ty = ctx.int_type(64);
    let cases = ctx.attr(AttrKind::DenseArray {
        element: i64_ty,
        values: cases.iter().map(|&c| DenseValue::Int(c as i128)).collect(),
    });
    st.set_attr(ctx.attr_name(scf::CASES), cases);
    st.regions = regions;
    let switch = ctx.build_op(st, InsertPoint::Before(op));
    let r = ctx.result(switch, 0);
    ctx.replace_op(op, &[r]);
    log.remark(&loc, || {
        format!("runtime index into a list of {n} elements: scf.index_switch")
    });
    true
}
