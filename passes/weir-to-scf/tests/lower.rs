//! Tests of the weir.loop -> scf.while lowering on IR built with the `Context` API: the shape of
//! the produced `scf.while`, and execution (after the scf-to-cf lowering, by the reference
//! interpreter shared with the scf-to-cf tests) against hand-computed values.

use weir_test_support::lowering as support;

use support::*;
use weir_ir::verifier::verify;
use weir_ir::*;

fn segs(ctx: &mut Context, a: usize, b: usize, n: usize) -> Attr {
    let element = ctx.int_type(32);
    ctx.attr(AttrKind::DenseArray {
        element,
        values: [a, b, n]
            .iter()
            .map(|&v| DenseValue::Int(v as i128))
            .collect(),
    })
}

/// Appends `weir.loop` to `block`; `body(ctx, body_block, [it, cond, vars...])` returns the
/// yielded (cond, vars).
#[allow(clippy::too_many_arguments)]
fn weir_loop(
    ctx: &mut Context,
    block: BlockId,
    max: Option<ValueId>,
    cond: Option<ValueId>,
    inits: &[ValueId],
    iter_ty: Type,
    l: Location,
    body: impl FnOnce(&mut Context, BlockId, &[ValueId]) -> (ValueId, Vec<ValueId>),
) -> OpId {
    let i1 = ctx.i1();
    let tys: Vec<Type> = inits.iter().map(|&v| ctx.value_type(v)).collect();
    let mut arg_tys = vec![iter_ty, i1];
    arg_tys.extend(&tys);
    let (r, b) = region_block(ctx, &arg_tys);
    let args = ctx.block_args(b).to_vec();
    let (nc, nv) = body(ctx, b, &args);
    let mut y = vec![nc];
    y.extend(nv);
    op_at(ctx, b, "weir.yield", &y, &[], vec![], vec![], loc(101));
    let mut operands: Vec<ValueId> = max.into_iter().chain(cond).collect();
    operands.extend_from_slice(inits);
    let seg = segs(
        ctx,
        max.is_some() as usize,
        cond.is_some() as usize,
        inits.len(),
    );
    op_at(
        ctx,
        block,
        "weir.loop",
        &operands,
        &tys,
        vec![("operandSegmentSizes", seg)],
        vec![r],
        l,
    )
}

/// weir-to-scf, verify, check the scf.while is there and no weir op is left, then scf-to-cf and
/// verify again.
fn lower_all(ctx: &mut Context, module: OpId) {
    weir_weir_to_scf::run(ctx, module).expect("weir-to-scf failed");
    verify(ctx, module).expect("scf IR does not verify");
    let names: Vec<String> = ctx
        .nested_ops(module)
        .iter()
        .map(|&o| ctx.name_str(o).to_string())
        .collect();
    assert!(names.iter().all(|n| !n.starts_with("weir.")), "{names:?}");
    assert!(names.iter().any(|n| n == "scf.while"));
    weir_scf_to_cf::run(ctx, module).expect("scf-to-cf failed");
    verify(ctx, module).expect("cf IR does not verify");
}

fn names(ctx: &Context, b: BlockId) -> Vec<&str> {
    ctx.block_ops(b)
        .into_iter()
        .map(|o| ctx.name_str(o))
        .collect()
}

/// `x = x0; weir.loop max(%max) { x + 1 }` (cond absent), returning x.
fn increment_loop(
    ctx: &mut Context,
    with_max: bool,
    cond_init: Option<i128>,
) -> (OpId, OpId, OpId) {
    let i64t = ctx.int_type(64);
    let i1 = ctx.i1();
    let (m, f, e) = func(ctx, &[i64t, i64t]);
    let [max, x0] = ctx.block_args(e).to_vec()[..] else {
        unreachable!()
    };
    let cond = cond_init.map(|c| cst(ctx, e, c, i1));
    let one = cst(ctx, e, 1, i64t);
    let lp = weir_loop(
        ctx,
        e,
        with_max.then_some(max),
        cond,
        &[x0],
        i64t,
        loc(100),
        |ctx, b, a| {
            let x = bin(ctx, b, "arith.addi", a[2], one);
            (a[1], vec![x])
        },
    );
    let r = ctx.result(lp, 0);
    ret(ctx, e, &[r]);
    (m, f, lp)
}

#[test]
fn shape_with_max_and_cond() {
    let mut ctx = new_ctx();
    let (m, f, lp) = increment_loop(&mut ctx, true, Some(1));
    let e = ctx.entry_block(ctx.region(f, 0)).unwrap();
    let [max, x0] = ctx.block_args(e).to_vec()[..] else {
        unreachable!()
    };
    let cond0 = ctx.operand(lp, 1);
    let body = ctx.entry_block(ctx.region(lp, 0)).unwrap();
    weir_weir_to_scf::run(&mut ctx, m).unwrap();
    verify(&ctx, m).unwrap();
    assert_eq!(
        names(&ctx, e),
        [
            "arith.constant",
            "arith.constant",
            "arith.constant",
            "arith.constant",
            "scf.while",
            "func.return"
        ]
    );
    let ops = ctx.block_ops(e);
    let w = ops[4];
    let i64t = ctx.int_type(64);
    let i1 = ctx.i1();
    let zero = ctx.int_attr(0, i64t);
    let one = ctx.int_attr(1, i64t);
    assert_eq!(ctx.attr_of(ops[2], "value"), Some(zero));
    assert_eq!(ctx.attr_of(ops[3], "value"), Some(one));
    // Carried: (it = 0, cond, x0); results (i64, i1, i64); the loop result is #2.
    assert_eq!(ctx.operands(w), &[ctx.result(ops[2], 0), cond0, x0]);
    let rtys: Vec<Type> = ctx.results(w).iter().map(|&v| ctx.value_type(v)).collect();
    assert_eq!(rtys, [i64t, i1, i64t]);
    assert_eq!(ctx.operands(ops[5]), &[ctx.result(w, 2)]);
    // Before: cmpi slt %it, %max; andi; scf.condition(%go) %it, %c, %x.
    let before = ctx.entry_block(ctx.region(w, 0)).unwrap();
    assert_eq!(
        names(&ctx, before),
        ["arith.cmpi", "arith.andi", "scf.condition"]
    );
    let b = ctx.block_ops(before);
    let bargs = ctx.block_args(before).to_vec();
    assert_eq!(ctx.operands(b[0]), &[bargs[0], max]);
    let slt = ctx.int_attr(2, i64t);
    assert_eq!(ctx.attr_of(b[0], "predicate"), Some(slt));
    assert_eq!(ctx.operands(b[1]), &[ctx.result(b[0], 0), bargs[1]]);
    let mut cond_ops = vec![ctx.result(b[1], 0)];
    cond_ops.extend(&bargs);
    assert_eq!(ctx.operands(b[2]), &cond_ops[..]);
    // After: the body block itself, weir.yield replaced by addi + scf.yield.
    let after = ctx.entry_block(ctx.region(w, 1)).unwrap();
    assert_eq!(after, body);
    assert_eq!(
        names(&ctx, after),
        ["arith.addi", "arith.addi", "scf.yield"]
    );
    let a = ctx.block_ops(after);
    let aargs = ctx.block_args(after).to_vec();
    assert_eq!(ctx.operands(a[1]), &[aargs[0], ctx.result(ops[3], 0)]);
    assert_eq!(
        ctx.operands(a[2]),
        &[ctx.result(a[1], 0), aargs[1], ctx.result(a[0], 0)]
    );
    // Locations: the loop's, and the weir.yield's for what replaces it.
    for o in [ops[2], ops[3], w, b[0], b[1], b[2]] {
        assert_eq!(ctx.loc(o), loc(100));
    }
    assert_eq!(ctx.loc(a[1]), loc(101));
    assert_eq!(ctx.loc(a[2]), loc(101));
    assert!(ctx.is_erased(lp));
}

#[test]
fn shape_without_max_or_cond() {
    let mut ctx = new_ctx();
    let (m, f, _) = increment_loop(&mut ctx, false, None);
    weir_weir_to_scf::run(&mut ctx, m).unwrap();
    let e = ctx.entry_block(ctx.region(f, 0)).unwrap();
    let ops = ctx.block_ops(e);
    // 0 and 1 of the iteration type, then `true` for the absent condition.
    let w = ops.into_iter().find(|&o| ctx.is(o, "scf.while")).unwrap();
    let cond0 = ctx.defining_op(ctx.operand(w, 1)).unwrap();
    assert!(ctx.is(cond0, "arith.constant"));
    assert_eq!(
        ctx.attr_kind(ctx.attr_of(cond0, "value").unwrap()),
        &AttrKind::Bool(true)
    );
    let before = ctx.entry_block(ctx.region(w, 0)).unwrap();
    assert_eq!(names(&ctx, before), ["scf.condition"]);
    let c = ctx.first_op(before).unwrap();
    let bargs = ctx.block_args(before).to_vec();
    assert_eq!(
        ctx.operand(c, 0),
        bargs[1],
        "without max the condition is the carried cond"
    );
}

#[test]
fn max_trip_count() {
    // max 5, increment from 0 -> 5; max 0 -> 0; negative max -> the init.
    let mut ctx = new_ctx();
    let (m, f, _) = increment_loop(&mut ctx, true, None);
    lower_all(&mut ctx, m);
    assert_eq!(run(&ctx, f, &[5, 0]), [5]);
    assert_eq!(run(&ctx, f, &[0, 0]), [0]);
    assert_eq!(run(&ctx, f, &[-3, 7]), [7]);
    assert_eq!(run(&ctx, f, &[1, 7]), [8]);
}

#[test]
fn initial_condition_false_runs_no_trip() {
    let mut ctx = new_ctx();
    let (m, f, _) = increment_loop(&mut ctx, true, Some(0));
    lower_all(&mut ctx, m);
    assert_eq!(run(&ctx, f, &[5, 0]), [0]);
    let mut ctx = new_ctx();
    let (m, f, _) = increment_loop(&mut ctx, true, Some(1));
    lower_all(&mut ctx, m);
    assert_eq!(run(&ctx, f, &[5, 0]), [5]);
}

/// `x = 0; weir.loop [max] cond(true) { x' = x + 1; cond' = x' < 3 }`, returning x.
fn until_three(ctx: &mut Context, with_max: bool) -> (OpId, OpId) {
    let i64t = ctx.int_type(64);
    let i1 = ctx.i1();
    let (m, f, e) = func(ctx, &[i64t]);
    let max = ctx.block_args(e)[0];
    let t = cst(ctx, e, 1, i1);
    let z = cst(ctx, e, 0, i64t);
    let lp = weir_loop(
        ctx,
        e,
        with_max.then_some(max),
        Some(t),
        &[z],
        i64t,
        loc(100),
        |ctx, b, a| {
            let one = cst(ctx, b, 1, i64t);
            let three = cst(ctx, b, 3, i64t);
            let x = bin(ctx, b, "arith.addi", a[2], one);
            let c = cmpi(ctx, b, 2, x, three);
            (c, vec![x])
        },
    );
    let r = ctx.result(lp, 0);
    ret(ctx, e, &[r]);
    (m, f)
}

#[test]
fn condition_turning_false_after_three_trips() {
    let mut ctx = new_ctx();
    let (m, f) = until_three(&mut ctx, false);
    lower_all(&mut ctx, m);
    assert_eq!(run(&ctx, f, &[0]), [3]);

    let mut ctx = new_ctx();
    let (m, f) = until_three(&mut ctx, true);
    lower_all(&mut ctx, m);
    assert_eq!(run(&ctx, f, &[10]), [3], "the condition stops it first");
    assert_eq!(run(&ctx, f, &[2]), [2], "max stops it first");
    assert_eq!(run(&ctx, f, &[0]), [0]);
}

#[test]
fn sum_of_squares_of_the_iteration_number_with_index_type() {
    // acc = 0; for it < n: acc += it * it  -> 285 for n = 10; the last `it` seen is n - 1.
    let mut ctx = new_ctx();
    let idx = ctx.index_type();
    let i64t = ctx.int_type(64);
    let (m, f, e) = func(&mut ctx, &[idx]);
    let n = ctx.block_args(e)[0];
    let z = cst(&mut ctx, e, 0, i64t);
    let lp = weir_loop(
        &mut ctx,
        e,
        Some(n),
        None,
        &[z, z],
        idx,
        loc(100),
        |ctx, b, a| {
            let i = index_cast(ctx, b, a[0], i64t);
            let sq = bin(ctx, b, "arith.muli", i, i);
            let s = bin(ctx, b, "arith.addi", a[2], sq);
            (a[1], vec![s, i])
        },
    );
    let r = ctx.results(lp).to_vec();
    ret(&mut ctx, e, &r);
    lower_all(&mut ctx, m);
    assert_eq!(run(&ctx, f, &[10]), [285, 9]);
    assert_eq!(run(&ctx, f, &[1000]), [332833500, 999]);
    assert_eq!(run(&ctx, f, &[0]), [0, 0]);
}

#[test]
fn i32_iteration_number() {
    let mut ctx = new_ctx();
    let i32t = ctx.int_type(32);
    let (m, f, e) = func(&mut ctx, &[i32t]);
    let n = ctx.block_args(e)[0];
    let z = cst(&mut ctx, e, 0, i32t);
    let two = cst(&mut ctx, e, 2, i32t);
    let lp = weir_loop(
        &mut ctx,
        e,
        Some(n),
        None,
        &[z],
        i32t,
        loc(100),
        |ctx, b, a| {
            let x = bin(ctx, b, "arith.addi", a[2], two);
            (a[1], vec![x])
        },
    );
    let r = ctx.result(lp, 0);
    ret(&mut ctx, e, &[r]);
    lower_all(&mut ctx, m);
    assert_eq!(run(&ctx, f, &[7]), [14]);
    assert_eq!(run(&ctx, f, &[-1]), [0]);
}

#[test]
fn nested_loops() {
    // count = 0; loop max 3 { loop max 4 { count += 1 } } -> 12
    let mut ctx = new_ctx();
    let i64t = ctx.int_type(64);
    let (m, f, e) = func(&mut ctx, &[i64t, i64t]);
    let [mo, mi] = ctx.block_args(e).to_vec()[..] else {
        unreachable!()
    };
    let z = cst(&mut ctx, e, 0, i64t);
    let one = cst(&mut ctx, e, 1, i64t);
    let lp = weir_loop(
        &mut ctx,
        e,
        Some(mo),
        None,
        &[z],
        i64t,
        loc(100),
        |ctx, b, a| {
            let inner = weir_loop(
                ctx,
                b,
                Some(mi),
                None,
                &[a[2]],
                i64t,
                loc(102),
                |ctx, b2, a2| {
                    let x = bin(ctx, b2, "arith.addi", a2[2], one);
                    (a2[1], vec![x])
                },
            );
            (a[1], vec![ctx.result(inner, 0)])
        },
    );
    let r = ctx.result(lp, 0);
    ret(&mut ctx, e, &[r]);
    lower_all(&mut ctx, m);
    assert_eq!(run(&ctx, f, &[3, 4]), [12]);
    assert_eq!(run(&ctx, f, &[3, 0]), [0]);
    assert_eq!(run(&ctx, f, &[0, 4]), [0]);
}

#[test]
fn loop_without_carried_values() {
    let mut ctx = new_ctx();
    let i64t = ctx.int_type(64);
    let (m, f, e) = func(&mut ctx, &[i64t]);
    let n = ctx.block_args(e)[0];
    weir_loop(
        &mut ctx,
        e,
        Some(n),
        None,
        &[],
        i64t,
        loc(100),
        |_, _, a| (a[1], vec![]),
    );
    ret(&mut ctx, e, &[]);
    lower_all(&mut ctx, m);
    assert_eq!(run(&ctx, f, &[4]), Vec::<i128>::new());
}

// ---------------------------------------------------------------------------------------- errors
//
// The pass runs on verified IR: a malformed `weir.loop` is the verifier's to reject, before the
// pass runs.

#[test]
fn missing_segment_sizes_is_rejected_by_the_verifier() {
    let mut ctx = new_ctx();
    let (m, _, lp) = increment_loop(&mut ctx, true, None);
    ctx.remove_attr(lp, "operandSegmentSizes");
    let err = verify(&ctx, m).unwrap_err();
    assert_eq!(err.loc, loc(100));
    assert_eq!(
        err.message,
        "'weir.loop' op requires dense i32 array attribute 'operandSegmentSizes'"
    );
}

#[test]
fn inconsistent_segment_sizes_is_rejected_by_the_verifier() {
    let mut ctx = new_ctx();
    let (m, _, lp) = increment_loop(&mut ctx, true, None);
    let bad = segs(&mut ctx, 1, 1, 1);
    ctx.set_attr(lp, "operandSegmentSizes", bad);
    let err = verify(&ctx, m).unwrap_err();
    assert_eq!(err.loc, loc(100));
    assert_eq!(
        err.message,
        "'weir.loop' op operand count (2) does not match with the total size (3) specified in \
         attribute 'operandSegmentSizes'"
    );
}

#[test]
fn max_of_another_type_is_rejected_by_the_verifier() {
    let mut ctx = new_ctx();
    let i64t = ctx.int_type(64);
    let i32t = ctx.int_type(32);
    let (m, _, e) = func(&mut ctx, &[i32t]);
    let n = ctx.block_args(e)[0];
    weir_loop(
        &mut ctx,
        e,
        Some(n),
        None,
        &[],
        i64t,
        loc(100),
        |_, _, a| (a[1], vec![]),
    );
    ret(&mut ctx, e, &[]);
    let err = verify(&ctx, m).unwrap_err();
    assert_eq!(err.loc, loc(100));
    assert_eq!(
        err.message,
        "'weir.loop' op operand 'max' type 'i32' must match the iteration number type 'i64'"
    );
}

#[test]
fn wrong_yield_is_rejected_by_the_verifier() {
    let mut ctx = new_ctx();
    let (m, _, lp) = increment_loop(&mut ctx, true, None);
    let body = ctx.entry_block(ctx.region(lp, 0)).unwrap();
    let y = ctx.last_op(body).unwrap();
    let c = ctx.operand(y, 0);
    ctx.set_operands(y, vec![c]);
    let err = verify(&ctx, m).unwrap_err();
    assert_eq!(err.loc, loc(101));
    assert_eq!(
        err.message,
        "'weir.yield' op expects 2 operands (the new condition and 1 carried values), but has 1"
    );
}
