//! The linalg folders and canonicalization patterns on tensors (MLIR 22 `LinalgOps.cpp`:
//! `TransposeOp::fold`, `FoldTransposeWithTranspose`, `FoldFillWithTranspose`,
//! `EraseIdentityLinalgOp` of `generic` and `broadcast`, `FoldBroadcasts`, `IndexOp::fold`),
//! each checked against `mlir-opt --canonicalize` (`lit-tests/linalg/canonicalize.mlir`).
//! Patterns run on verified IR, so they read the ops through their views; the folders return
//! `None` on an op they cannot read.

use crate::ops::{build_named, index_dim};
use crate::structured::{i64_array, rank, static_loop_size};
use crate::{Kind, StructuredOp, YieldOp, PERMUTATION};
use weir_ir::{
    Attr, Context, FoldResult, InsertPoint, OpId, Pattern, RewriteLog, ValueDef, ValueId,
};

/// The structured op of kind `kind` defining `v`, if any.
fn defined_by(ctx: &Context, v: ValueId, kind: Kind) -> Option<StructuredOp> {
    ctx.defining_op(v)
        .filter(|&d| Kind::of(ctx, d) == Some(kind))
        .and_then(|d| StructuredOp::of_any(ctx, d))
}

/// The view of a structured op a pattern is rooted at (registered for structured ops only).
fn view(ctx: &Context, op: OpId) -> StructuredOp {
    StructuredOp::of_any(ctx, op).expect("the pattern is registered on linalg structured ops only")
}

/// Replaces the one-input, one-init named op `op` by a new `kind` op on `input` and `op`'s
/// init (with `array` as its `permutation`/`dimensions`), built before it.
fn replace_with_named(ctx: &mut Context, op: OpId, kind: Kind, input: ValueId, array: &[i64]) {
    let init = view(ctx, op).outputs(ctx)[0];
    let loc = ctx.loc(op);
    let new = build_named(
        ctx,
        InsertPoint::Before(op),
        kind,
        &[input],
        &[init],
        array,
        loc,
    );
    let results = ctx.results(new).to_vec();
    ctx.replace_op(op, &results);
}

// ------------------------------------------------------------------------------ transpose

/// `linalg.transpose`'s folder (MLIR `TransposeOp::fold`): an identity permutation (the empty
/// one of a rank-0 transpose included) gives the input.
pub(crate) fn fold_transpose(
    ctx: &mut Context,
    op: OpId,
    _constants: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    let perm = i64_array(ctx, op, PERMUTATION)?;
    let (&[input, _], &[result]) = (ctx.operands(op), ctx.results(op)) else {
        return None;
    };
    let identity = perm.iter().enumerate().all(|(i, &p)| p == i as i64);
    (identity && ctx.value_type(input) == ctx.value_type(result))
        .then(|| vec![FoldResult::Value(input)])
}

/// MLIR `FoldTransposeWithTranspose`: `transpose(transpose(x, p), q)` becomes
/// `transpose(x, r)` with `r[i] = p[q[i]]` (into the outer init), which the folder then removes
/// when `r` is the identity.
fn compose_transposes(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    let outer = view(ctx, op);
    let Some(inner) = defined_by(ctx, outer.inputs(ctx)[0], Kind::Transpose) else {
        return false;
    };
    let p = inner.dimensions(ctx);
    let Some(r) = outer
        .dimensions(ctx)
        .iter()
        .map(|&q| usize::try_from(q).ok().and_then(|q| p.get(q).copied()))
        .collect::<Option<Vec<i64>>>()
    else {
        return false;
    };
    let input = inner.inputs(ctx)[0];
    replace_with_named(ctx, op, Kind::Transpose, input, &r);
    true
}

/// MLIR `FoldFillWithTranspose`: a transpose of a `linalg.fill` is that fill of the
/// transpose's init.
fn transpose_of_fill(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    let t = view(ctx, op);
    let Some(fill) = defined_by(ctx, t.inputs(ctx)[0], Kind::Fill) else {
        return false;
    };
    let value = fill.inputs(ctx)[0];
    replace_with_named(ctx, op, Kind::Fill, value, &[]);
    true
}

/// The patterns of `linalg.transpose`, in MLIR's order.
pub(crate) const TRANSPOSE: &[Pattern] = &[
    Pattern {
        name: "linalg.transpose: compose a transpose of a transpose",
        apply: compose_transposes,
    },
    Pattern {
        name: "linalg.transpose: a transpose of a fill is a fill",
        apply: transpose_of_fill,
    },
];

// ------------------------------------------------------------------------------ broadcast

/// MLIR `FoldBroadcasts`: `broadcast(broadcast(x, d1), d2)` becomes one broadcast of `x` into
/// the outer init adding `d2` and the outer positions of `d1` (the init dims not in `d2`, in
/// order), sorted.
fn compose_broadcasts(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    let outer = view(ctx, op);
    let Some(inner) = defined_by(ctx, outer.inputs(ctx)[0], Kind::Broadcast) else {
        return false;
    };
    let added = outer.dimensions(ctx);
    let init_rank = rank(ctx, ctx.value_type(outer.outputs(ctx)[0]));
    let mut is_added = vec![false; init_rank];
    for &d in &added {
        if let Some(slot) = usize::try_from(d).ok().and_then(|d| is_added.get_mut(d)) {
            *slot = true;
        }
    }
    // Dim i of the outer input is init dim kept[i].
    let kept: Vec<i64> = (0..init_rank as i64)
        .filter(|&d| !is_added[d as usize])
        .collect();
    let Some(mut dims) = inner
        .dimensions(ctx)
        .iter()
        .map(|&d| usize::try_from(d).ok().and_then(|d| kept.get(d).copied()))
        .collect::<Option<Vec<i64>>>()
    else {
        return false;
    };
    dims.extend(added);
    dims.sort_unstable();
    let input = inner.inputs(ctx)[0];
    replace_with_named(ctx, op, Kind::Broadcast, input, &dims);
    true
}

/// The patterns of `linalg.broadcast`, in MLIR's order.
pub(crate) const BROADCAST: &[Pattern] = &[
    Pattern {
        name: "linalg.broadcast: erase an identity broadcast",
        apply: erase_identity,
    },
    Pattern {
        name: "linalg.broadcast: compose a broadcast of a broadcast",
        apply: compose_broadcasts,
    },
];

// ------------------------------------------------------------------------------ generic

/// MLIR `EraseIdentityLinalgOp` on tensors: an op whose indexing maps are all equal and whose
/// body is only a `linalg.yield` of its own block arguments is replaced by the operands those
/// arguments stand for (whatever the iterator types, as MLIR 22). Where such an operand's type
/// differs from the result's (`tensor<2xf32>` yielded for `tensor<?xf32>`) MLIR inserts a
/// `tensor.cast`, which this crate cannot build (the tensor dialect is not a dependency): the
/// op is then kept.
fn erase_identity(ctx: &mut Context, op: OpId, _log: &mut RewriteLog) -> bool {
    let s = view(ctx, op);
    let maps = s.indexing_maps(ctx);
    if maps.windows(2).any(|w| w[0] != w[1]) {
        return false;
    }
    let body = s.body(ctx);
    let Some(yield_op) = ctx
        .first_op(body)
        .filter(|&y| ctx.last_op(body) == Some(y))
        .and_then(|y| YieldOp::of(ctx, y))
    else {
        return false;
    };
    let (operands, results) = (ctx.operands(op), ctx.results(op));
    if yield_op.values(ctx).len() != results.len() {
        return false;
    }
    let mut replacements = Vec::with_capacity(results.len());
    for (&v, &r) in yield_op.values(ctx).iter().zip(results) {
        let ValueDef::BlockArg { block, index } = ctx.value_def(v) else {
            return false;
        };
        match operands.get(index as usize) {
            Some(&arg) if block == body && ctx.value_type(arg) == ctx.value_type(r) => {
                replacements.push(arg)
            }
            _ => return false,
        }
    }
    ctx.replace_op(op, &replacements);
    true
}

/// The patterns of `linalg.generic`.
pub(crate) const GENERIC: &[Pattern] = &[Pattern {
    name: "linalg.generic: erase an identity generic",
    apply: erase_identity,
}];

// ------------------------------------------------------------------------------ index

/// `linalg.index`'s folder (MLIR `IndexOp::fold`): the index of a loop whose static size is 1
/// (the operands' shapes say so, see `static_loop_size`) is the constant `0 : index`.
pub(crate) fn fold_index(
    ctx: &mut Context,
    op: OpId,
    _constants: &[Option<Attr>],
) -> Option<Vec<FoldResult>> {
    let dim = usize::try_from(index_dim(ctx, op)?).ok()?;
    let parent = ctx.parent_op(op).filter(|&p| Kind::of(ctx, p).is_some())?;
    if static_loop_size(ctx, parent, dim)? != 1 {
        return None;
    }
    let index = ctx.index_type();
    Some(vec![FoldResult::Constant(ctx.int_attr(0, index))])
}
