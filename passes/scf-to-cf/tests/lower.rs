//! Tests of the scf-to-cf lowering on IR built with the `Context` API: CFG shape (blocks, block
//! arguments, successors, attributes, locations), structural verification of the result, and
//! execution of the result by the reference interpreter in `support` against hand-computed values.

use weir_test_support::lowering as support;

use support::*;
use weir_ir::verifier::verify;
use weir_ir::*;

/// Lowers, verifies, and checks that no scf op is left.
fn lower(ctx: &mut Context, module: OpId) {
    weir_scf_to_cf::run(ctx, module).expect("lowering failed");
    verify(ctx, module).expect("lowered IR does not verify");
    for o in ctx.nested_ops(module) {
        assert!(
            !ctx.name_str(o).starts_with("scf."),
            "left {}",
            ctx.name_str(o)
        );
    }
}

fn blocks(ctx: &Context, f: OpId) -> Vec<String> {
    dump_blocks(ctx, ctx.region(f, 0))
}

fn block_n(ctx: &Context, f: OpId, n: usize) -> BlockId {
    ctx.region_blocks(ctx.region(f, 0))[n]
}

fn term(ctx: &Context, f: OpId, n: usize) -> OpId {
    ctx.last_op(block_n(ctx, f, n)).unwrap()
}

fn i32_array(ctx: &mut Context, v: &[i128]) -> Attr {
    let element = ctx.int_type(32);
    ctx.attr(AttrKind::DenseArray {
        element,
        values: v.iter().map(|&x| DenseValue::Int(x)).collect(),
    })
}

fn i64_array(ctx: &mut Context, v: &[i128]) -> Attr {
    let element = ctx.int_type(64);
    ctx.attr(AttrKind::DenseArray {
        element,
        values: v.iter().map(|&x| DenseValue::Int(x)).collect(),
    })
}

// ---------------------------------------------------------------------------------------- if

/// `func(%c: i1, %a, %b: i64) -> i64 { %r = scf.if %c { a + b } else { b }; return %r }`
fn build_if_with_result(ctx: &mut Context) -> (OpId, OpId, OpId) {
    let i64t = ctx.int_type(64);
    let i1 = ctx.i1();
    let (m, f, e) = func(ctx, &[i1, i64t, i64t]);
    let [c, a, b] = ctx.block_args(e).to_vec()[..] else {
        unreachable!()
    };
    let (tr, tb) = region_block(ctx, &[]);
    let s = bin(ctx, tb, "arith.addi", a, b);
    yield_(ctx, tb, &[s]);
    let (er, eb) = region_block(ctx, &[]);
    yield_(ctx, eb, &[b]);
    let iff = op_at(
        ctx,
        e,
        "scf.if",
        &[c],
        &[i64t],
        vec![],
        vec![tr, er],
        loc(10),
    );
    let r = ctx.result(iff, 0);
    ret(ctx, e, &[r]);
    (m, f, iff)
}

#[test]
fn if_with_result_shape_and_values() {
    let mut ctx = new_ctx();
    let (m, f, _) = build_if_with_result(&mut ctx);
    lower(&mut ctx, m);
    assert_eq!(
        blocks(&ctx, f),
        [
            "^bb0(3): cf.cond_br[^bb1,^bb2]",
            "^bb1(0): arith.addi, cf.br[^bb3]",
            "^bb2(0): cf.br[^bb3]",
            "^bb3(1): cf.br[^bb4]",
            "^bb4(0): func.return",
        ]
    );
    // cond_br carries only the condition; the segment sizes say so.
    let cb = term(&ctx, f, 0);
    assert_eq!(ctx.operands(cb).len(), 1);
    let seg = i32_array(&mut ctx, &[1, 0, 0]);
    assert_eq!(ctx.attr_of(cb, "operandSegmentSizes"), Some(seg));
    // The merge block argument replaces the result; every new op has the scf.if's location.
    let merge = block_n(&ctx, f, 3);
    let ret_op = term(&ctx, f, 4);
    assert_eq!(ctx.operands(ret_op), ctx.block_args(merge));
    for n in 0..4 {
        assert_eq!(ctx.loc(term(&ctx, f, n)), loc(10));
    }
    assert_eq!(run(&ctx, f, &[1, 2, 3]), [5]);
    assert_eq!(run(&ctx, f, &[0, 2, 3]), [3]);
}

#[test]
fn if_without_results_or_else_branches_to_the_rest_of_the_block() {
    let mut ctx = new_ctx();
    let i64t = ctx.int_type(64);
    let i1 = ctx.i1();
    let (m, f, e) = func(&mut ctx, &[i1, i64t]);
    let [c, a] = ctx.block_args(e).to_vec()[..] else {
        unreachable!()
    };
    let (tr, tb) = region_block(&mut ctx, &[]);
    bin(&mut ctx, tb, "arith.addi", a, a);
    yield_(&mut ctx, tb, &[]);
    let er = ctx.new_region();
    op(&mut ctx, e, "scf.if", &[c], &[], vec![], vec![tr, er]);
    ret(&mut ctx, e, &[a]);
    lower(&mut ctx, m);
    assert_eq!(
        blocks(&ctx, f),
        [
            "^bb0(2): cf.cond_br[^bb1,^bb2]",
            "^bb1(0): arith.addi, cf.br[^bb2]",
            "^bb2(0): func.return"
        ]
    );
    assert_eq!(run(&ctx, f, &[1, 7]), [7]);
    assert_eq!(run(&ctx, f, &[0, 7]), [7]);
}

// ---------------------------------------------------------------------------------------- for

/// `func(%n: index) -> i64 { sum_{i < n} i*i }` with scf.for (SEMANTICS E6 shape).
fn build_sum_of_squares_for(ctx: &mut Context, unsigned: bool) -> (OpId, OpId, OpId) {
    let idx = ctx.index_type();
    let i64t = ctx.int_type(64);
    let (m, f, e) = func(ctx, &[idx]);
    let n = ctx.block_args(e)[0];
    let c0 = cst(ctx, e, 0, idx);
    let c1 = cst(ctx, e, 1, idx);
    let z = cst(ctx, e, 0, i64t);
    let (r, b) = region_block(ctx, &[idx, i64t]);
    let [iv, acc] = ctx.block_args(b).to_vec()[..] else {
        unreachable!()
    };
    let i = index_cast(ctx, b, iv, i64t);
    let sq = bin(ctx, b, "arith.muli", i, i);
    let s = bin(ctx, b, "arith.addi", acc, sq);
    yield_(ctx, b, &[s]);
    let mut attrs = vec![];
    if unsigned {
        attrs.push(("unsignedCmp", ctx.unit_attr()));
    }
    let fo = op_at(
        ctx,
        e,
        "scf.for",
        &[c0, n, c1, z],
        &[i64t],
        attrs,
        vec![r],
        loc(20),
    );
    let res = ctx.result(fo, 0);
    ret(ctx, e, &[res]);
    (m, f, fo)
}

#[test]
fn for_sum_of_squares_shape_and_values() {
    let mut ctx = new_ctx();
    let (m, f, _) = build_sum_of_squares_for(&mut ctx, false);
    lower(&mut ctx, m);
    assert_eq!(
        blocks(&ctx, f),
        [
            "^bb0(1): arith.constant, arith.constant, arith.constant, cf.br[^bb1]",
            "^bb1(2): arith.cmpi, cf.cond_br[^bb2,^bb3]",
            "^bb2(0): arith.index_cast, arith.muli, arith.addi, arith.addi, cf.br[^bb1]",
            "^bb3(0): func.return",
        ]
    );
    let header = block_n(&ctx, f, 1);
    let hargs = ctx.block_args(header).to_vec();
    // Entry edge passes (lb, init); the compare is `slt %iv, %ub`.
    let entry_br = term(&ctx, f, 0);
    let e = block_n(&ctx, f, 0);
    let ops = ctx.block_ops(e);
    assert_eq!(
        ctx.operands(entry_br),
        &[ctx.result(ops[0], 0), ctx.result(ops[2], 0)]
    );
    let cmp = ctx.first_op(header).unwrap();
    let i64t = ctx.int_type(64);
    let slt = ctx.int_attr(2, i64t);
    assert_eq!(ctx.attr_of(cmp, "predicate"), Some(slt));
    assert_eq!(ctx.operands(cmp), &[hargs[0], ctx.block_args(e)[0]]);
    // Latch: %next = addi %iv, %step; br ^header(%next, %yielded).
    let latch = term(&ctx, f, 2);
    let step = ctx.defining_op(ctx.operands(latch)[0]).unwrap();
    assert!(ctx.is(step, "arith.addi"));
    assert_eq!(ctx.operand(step, 0), hargs[0]);
    // The loop result is the header's iter_arg.
    assert_eq!(ctx.operands(term(&ctx, f, 3)), &[hargs[1]]);
    for o in [entry_br, cmp, term(&ctx, f, 1), step, latch] {
        assert_eq!(ctx.loc(o), loc(20));
    }
    assert_eq!(run(&ctx, f, &[10]), [285]);
    assert_eq!(run(&ctx, f, &[1000]), [332833500]);
    assert_eq!(run(&ctx, f, &[0]), [0], "zero trips: result = init");
    assert_eq!(
        run(&ctx, f, &[-5]),
        [0],
        "signed: negative bound, zero trips"
    );
}

/// Counts the trips of `scf.for %i = %a to %b step 1` on i64 bounds.
fn build_trip_count(ctx: &mut Context, unsigned: bool) -> (OpId, OpId) {
    let i64t = ctx.int_type(64);
    let (m, f, e) = func(ctx, &[i64t, i64t]);
    let [a, b] = ctx.block_args(e).to_vec()[..] else {
        unreachable!()
    };
    let one = cst(ctx, e, 1, i64t);
    let z = cst(ctx, e, 0, i64t);
    let (r, bb) = region_block(ctx, &[i64t, i64t]);
    let cnt = ctx.block_args(bb)[1];
    let n = bin(ctx, bb, "arith.addi", cnt, one);
    yield_(ctx, bb, &[n]);
    let mut attrs = vec![];
    if unsigned {
        attrs.push(("unsignedCmp", ctx.unit_attr()));
    }
    let fo = op(ctx, e, "scf.for", &[a, b, one, z], &[i64t], attrs, vec![r]);
    let res = ctx.result(fo, 0);
    ret(ctx, e, &[res]);
    (m, f)
}

#[test]
fn for_unsigned_compare_uses_ult() {
    let mut ctx = new_ctx();
    let (m, f) = build_trip_count(&mut ctx, true);
    lower(&mut ctx, m);
    let cmp = ctx.first_op(block_n(&ctx, f, 1)).unwrap();
    let i64t = ctx.int_type(64);
    let ult = ctx.int_attr(6, i64t);
    assert_eq!(ctx.attr_of(cmp, "predicate"), Some(ult));
    // -2 is 2^64 - 2 unsigned: not below 3, zero trips.
    assert_eq!(run(&ctx, f, &[-2, 3]), [0]);
    assert_eq!(run(&ctx, f, &[0, 3]), [3]);

    let mut ctx = new_ctx();
    let (m, f) = build_trip_count(&mut ctx, false);
    lower(&mut ctx, m);
    assert_eq!(run(&ctx, f, &[-2, 3]), [5]);
}

#[test]
fn for_moves_llvm_attributes_to_the_latch() {
    let mut ctx = new_ctx();
    let (m, f, fo) = build_sum_of_squares_for(&mut ctx, false);
    let ann = ctx.attr(AttrKind::Opaque(
        "llvm.loop_annotation<unroll = <disable = true>>".into(),
    ));
    ctx.set_attr(fo, "loop_annotation", ann);
    let other = ctx.str_attr("x");
    ctx.set_attr(fo, "other", other);
    lower(&mut ctx, m);
    let latch = term(&ctx, f, 2);
    assert_eq!(ctx.attr_of(latch, "loop_annotation"), Some(ann));
    assert_eq!(ctx.attr_of(latch, "other"), None);
}

// ---------------------------------------------------------------------------------------- while

/// `i = 0, s = 0; while i < n { s += i*i; i += 1 }; return s` (SEMANTICS E6).
fn build_while_sum(ctx: &mut Context) -> (OpId, OpId) {
    let i64t = ctx.int_type(64);
    let (m, f, e) = func(ctx, &[i64t]);
    let n = ctx.block_args(e)[0];
    let z = cst(ctx, e, 0, i64t);
    let one = cst(ctx, e, 1, i64t);
    let (br_, bb) = region_block(ctx, &[i64t, i64t]);
    let [i, s] = ctx.block_args(bb).to_vec()[..] else {
        unreachable!()
    };
    let c = cmpi(ctx, bb, 2, i, n);
    op_at(
        ctx,
        bb,
        "scf.condition",
        &[c, i, s],
        &[],
        vec![],
        vec![],
        loc(31),
    );
    let (ar, ab) = region_block(ctx, &[i64t, i64t]);
    let [i, s] = ctx.block_args(ab).to_vec()[..] else {
        unreachable!()
    };
    let sq = bin(ctx, ab, "arith.muli", i, i);
    let s2 = bin(ctx, ab, "arith.addi", s, sq);
    let i2 = bin(ctx, ab, "arith.addi", i, one);
    op_at(
        ctx,
        ab,
        "scf.yield",
        &[i2, s2],
        &[],
        vec![],
        vec![],
        loc(32),
    );
    let w = op_at(
        ctx,
        e,
        "scf.while",
        &[z, z],
        &[i64t, i64t],
        vec![],
        vec![br_, ar],
        loc(30),
    );
    let r = ctx.result(w, 1);
    ret(ctx, e, &[r]);
    (m, f)
}

#[test]
fn while_sum_of_squares_shape_and_values() {
    let mut ctx = new_ctx();
    let (m, f) = build_while_sum(&mut ctx);
    lower(&mut ctx, m);
    assert_eq!(
        blocks(&ctx, f),
        [
            "^bb0(1): arith.constant, arith.constant, cf.br[^bb1]",
            "^bb1(2): arith.cmpi, cf.cond_br[^bb2,^bb3]",
            "^bb2(2): arith.muli, arith.addi, arith.addi, cf.br[^bb1]",
            "^bb3(0): func.return",
        ]
    );
    let before = block_n(&ctx, f, 1);
    let cb = term(&ctx, f, 1);
    // cond_br %c, ^after(%i, %s), ^continuation
    assert_eq!(ctx.operands(cb)[1..], *ctx.block_args(before));
    let seg = i32_array(&mut ctx, &[1, 2, 0]);
    assert_eq!(ctx.attr_of(cb, "operandSegmentSizes"), Some(seg));
    // The results are the scf.condition's operands, used directly.
    assert_eq!(ctx.operands(term(&ctx, f, 3)), &[ctx.block_args(before)[1]]);
    assert_eq!(ctx.loc(term(&ctx, f, 0)), loc(30));
    assert_eq!(ctx.loc(cb), loc(31));
    assert_eq!(ctx.loc(term(&ctx, f, 2)), loc(32));
    assert_eq!(run(&ctx, f, &[10]), [285]);
    assert_eq!(run(&ctx, f, &[1000]), [332833500]);
    assert_eq!(run(&ctx, f, &[0]), [0]);
}

#[test]
fn while_pair_of_carried_values() {
    // SEMANTICS E8: (i, j, k) = (0, 1, 2); while i < 10 { (i, j, k) = (i+1, j+k, j-k) } -> (32, 64).
    let mut ctx = new_ctx();
    let i64t = ctx.int_type(64);
    let (m, f, e) = func(&mut ctx, &[]);
    let c0 = cst(&mut ctx, e, 0, i64t);
    let c1 = cst(&mut ctx, e, 1, i64t);
    let c2 = cst(&mut ctx, e, 2, i64t);
    let c10 = cst(&mut ctx, e, 10, i64t);
    let ty3 = [i64t; 3];
    let (br_, bb) = region_block(&mut ctx, &ty3);
    let a = ctx.block_args(bb).to_vec();
    let c = cmpi(&mut ctx, bb, 2, a[0], c10);
    op(
        &mut ctx,
        bb,
        "scf.condition",
        &[c, a[0], a[1], a[2]],
        &[],
        vec![],
        vec![],
    );
    let (ar, ab) = region_block(&mut ctx, &ty3);
    let a = ctx.block_args(ab).to_vec();
    let i = bin(&mut ctx, ab, "arith.addi", a[0], c1);
    let j = bin(&mut ctx, ab, "arith.addi", a[1], a[2]);
    let k = bin(&mut ctx, ab, "arith.subi", a[1], a[2]);
    yield_(&mut ctx, ab, &[i, j, k]);
    let w = op(
        &mut ctx,
        e,
        "scf.while",
        &[c0, c1, c2],
        &ty3,
        vec![],
        vec![br_, ar],
    );
    let r = ctx.results(w).to_vec();
    ret(&mut ctx, e, &r);
    lower(&mut ctx, m);
    assert_eq!(run(&ctx, f, &[]), [10, 32, 64]);
}

#[test]
fn do_while_branches_back_to_the_before_block() {
    // x = 0; do { x = x + 1 } while (x < n); return x
    let mut ctx = new_ctx();
    let i64t = ctx.int_type(64);
    let (m, f, e) = func(&mut ctx, &[i64t]);
    let n = ctx.block_args(e)[0];
    let z = cst(&mut ctx, e, 0, i64t);
    let one = cst(&mut ctx, e, 1, i64t);
    let (br_, bb) = region_block(&mut ctx, &[i64t]);
    let x = ctx.block_args(bb)[0];
    let y = bin(&mut ctx, bb, "arith.addi", x, one);
    let c = cmpi(&mut ctx, bb, 2, y, n);
    op_at(
        &mut ctx,
        bb,
        "scf.condition",
        &[c, y],
        &[],
        vec![],
        vec![],
        loc(41),
    );
    let (ar, ab) = region_block(&mut ctx, &[i64t]);
    let a = ctx.block_args(ab)[0];
    yield_(&mut ctx, ab, &[a]);
    let w = op_at(
        &mut ctx,
        e,
        "scf.while",
        &[z],
        &[i64t],
        vec![],
        vec![br_, ar],
        loc(40),
    );
    let r = ctx.result(w, 0);
    ret(&mut ctx, e, &[r]);
    lower(&mut ctx, m);
    assert_eq!(
        blocks(&ctx, f),
        [
            "^bb0(1): arith.constant, arith.constant, cf.br[^bb1]",
            "^bb1(1): arith.addi, arith.cmpi, cf.cond_br[^bb1,^bb2]",
            "^bb2(0): func.return",
        ]
    );
    assert_eq!(ctx.loc(term(&ctx, f, 1)), loc(41));
    assert_eq!(run(&ctx, f, &[5]), [5]);
    assert_eq!(run(&ctx, f, &[0]), [1], "a do-while runs once");
}

// ---------------------------------------------------------------------------------------- switch

const BIG: i128 = (1 << 32) + 1;

/// `scf.index_switch %idx case 0 {10} case 1 {20} case 2^32+1 {30} default {99}`.
fn build_switch(ctx: &mut Context) -> (OpId, OpId) {
    let idx = ctx.index_type();
    let i64t = ctx.int_type(64);
    let (m, f, e) = func(ctx, &[idx]);
    let x = ctx.block_args(e)[0];
    let mut regions = vec![];
    for (k, v) in [99, 10, 20, 30].into_iter().enumerate() {
        let (r, b) = region_block(ctx, &[]);
        let c = cst(ctx, b, v, i64t);
        op_at(
            ctx,
            b,
            "scf.yield",
            &[c],
            &[],
            vec![],
            vec![],
            loc(51 + k as u32),
        );
        regions.push(r);
    }
    let cases = i64_array(ctx, &[0, 1, BIG]);
    let s = op_at(
        ctx,
        e,
        "scf.index_switch",
        &[x],
        &[i64t],
        vec![("cases", cases)],
        regions,
        loc(50),
    );
    let r = ctx.result(s, 0);
    ret(ctx, e, &[r]);
    (m, f)
}

#[test]
fn index_switch_shape_and_wide_case_values() {
    let mut ctx = new_ctx();
    let (m, f) = build_switch(&mut ctx);
    lower(&mut ctx, m);
    assert_eq!(
        blocks(&ctx, f),
        [
            "^bb0(1): arith.index_cast, cf.switch[^bb4,^bb1,^bb2,^bb3]",
            "^bb1(0): arith.constant, cf.br[^bb5]",
            "^bb2(0): arith.constant, cf.br[^bb5]",
            "^bb3(0): arith.constant, cf.br[^bb5]",
            "^bb4(0): arith.constant, cf.br[^bb5]",
            "^bb5(1): func.return",
        ]
    );
    let sw = term(&ctx, f, 0);
    let i64t = ctx.int_type(64);
    let cast = ctx.first_op(block_n(&ctx, f, 0)).unwrap();
    assert_eq!(
        ctx.value_type(ctx.result(cast, 0)),
        i64t,
        "switch on i64, not i32"
    );
    assert_eq!(ctx.operands(sw), &[ctx.result(cast, 0)]);
    let vty = ctx.intern_type(TypeKind::Vector {
        shape: vec![3],
        element: i64t,
    });
    let cv = ctx
        .dense_from_values(
            vty,
            &[DenseValue::Int(0), DenseValue::Int(1), DenseValue::Int(BIG)],
        )
        .unwrap();
    assert_eq!(ctx.attr_of(sw, "case_values"), Some(cv));
    let seg = i32_array(&mut ctx, &[1, 0, 0]);
    assert_eq!(ctx.attr_of(sw, "operandSegmentSizes"), Some(seg));
    let cseg = i32_array(&mut ctx, &[0, 0, 0]);
    assert_eq!(ctx.attr_of(sw, "case_operand_segments"), Some(cseg));
    assert_eq!(ctx.loc(sw), loc(50));
    assert_eq!(ctx.loc(cast), loc(50));
    // Each branch keeps the location of the scf.yield it replaces (cases first, then default).
    assert_eq!(ctx.loc(term(&ctx, f, 1)), loc(52));
    assert_eq!(ctx.loc(term(&ctx, f, 4)), loc(51));
    assert_eq!(run(&ctx, f, &[0]), [10]);
    assert_eq!(run(&ctx, f, &[1]), [20], "2^32+1 is not taken for index 1");
    assert_eq!(run(&ctx, f, &[BIG]), [30]);
    assert_eq!(run(&ctx, f, &[1 << 32]), [99], "2^32 is not case 0");
    assert_eq!(run(&ctx, f, &[7]), [99]);
    assert_eq!(run(&ctx, f, &[-1]), [99]);
}

#[test]
fn index_switch_three_way() {
    // SEMANTICS E11 (without the clamp): x = 3; case 0: x + 10, case 1: x * x, default: -x.
    let mut ctx = new_ctx();
    let idx = ctx.index_type();
    let i64t = ctx.int_type(64);
    let (m, f, e) = func(&mut ctx, &[idx, i64t]);
    let [sel, x] = ctx.block_args(e).to_vec()[..] else {
        unreachable!()
    };
    let (d, db) = region_block(&mut ctx, &[]);
    let z = cst(&mut ctx, db, 0, i64t);
    let n = bin(&mut ctx, db, "arith.subi", z, x);
    yield_(&mut ctx, db, &[n]);
    let (c0, b0) = region_block(&mut ctx, &[]);
    let ten = cst(&mut ctx, b0, 10, i64t);
    let v0 = bin(&mut ctx, b0, "arith.addi", x, ten);
    yield_(&mut ctx, b0, &[v0]);
    let (c1, b1) = region_block(&mut ctx, &[]);
    let v1 = bin(&mut ctx, b1, "arith.muli", x, x);
    yield_(&mut ctx, b1, &[v1]);
    let cases = i64_array(&mut ctx, &[0, 1]);
    let s = op(
        &mut ctx,
        e,
        "scf.index_switch",
        &[sel],
        &[i64t],
        vec![("cases", cases)],
        vec![d, c0, c1],
    );
    let r = ctx.result(s, 0);
    ret(&mut ctx, e, &[r]);
    lower(&mut ctx, m);
    assert_eq!(run(&ctx, f, &[0, 3]), [13]);
    assert_eq!(run(&ctx, f, &[1, 3]), [9]);
    assert_eq!(run(&ctx, f, &[2, 3]), [-3]);
}

#[test]
fn index_switch_with_only_a_default() {
    let mut ctx = new_ctx();
    let idx = ctx.index_type();
    let i64t = ctx.int_type(64);
    let (m, f, e) = func(&mut ctx, &[idx]);
    let sel = ctx.block_args(e)[0];
    let (d, db) = region_block(&mut ctx, &[]);
    let c = cst(&mut ctx, db, 4, i64t);
    yield_(&mut ctx, db, &[c]);
    let cases = i64_array(&mut ctx, &[]);
    let s = op(
        &mut ctx,
        e,
        "scf.index_switch",
        &[sel],
        &[i64t],
        vec![("cases", cases)],
        vec![d],
    );
    let r = ctx.result(s, 0);
    ret(&mut ctx, e, &[r]);
    lower(&mut ctx, m);
    assert_eq!(
        blocks(&ctx, f),
        [
            "^bb0(1): arith.index_cast, cf.switch[^bb1]",
            "^bb1(0): arith.constant, cf.br[^bb2]",
            "^bb2(1): func.return"
        ]
    );
    assert_eq!(ctx.attr_of(term(&ctx, f, 0), "case_values"), None);
    assert_eq!(run(&ctx, f, &[123]), [4]);
}

// ---------------------------------------------------------------------------------------- execute_region

#[test]
fn execute_region_with_several_blocks_and_yields() {
    // %r = scf.execute_region -> i64 { cf.cond_br %c, ^a, ^b  ^a: yield %x  ^b: yield %x + %x }
    let mut ctx = new_ctx();
    let i64t = ctx.int_type(64);
    let i1 = ctx.i1();
    let (m, f, e) = func(&mut ctx, &[i1, i64t]);
    let [c, x] = ctx.block_args(e).to_vec()[..] else {
        unreachable!()
    };
    let (r, rb) = region_block(&mut ctx, &[]);
    let ba = ctx.new_block(&[]);
    ctx.append_block(r, ba);
    let bb = ctx.new_block(&[]);
    ctx.append_block(r, bb);
    let seg = i32_array(&mut ctx, &[1, 0, 0]);
    let mut st = OpState::new(ctx.op_name("cf.cond_br"), Location::Unknown);
    st.operands = vec![c];
    st.successors = vec![ba, bb];
    st.set_attr(ctx.attr_name("operandSegmentSizes"), seg);
    ctx.build_op(st, InsertPoint::End(rb));
    yield_(&mut ctx, ba, &[x]);
    let d = bin(&mut ctx, bb, "arith.addi", x, x);
    yield_(&mut ctx, bb, &[d]);
    let er = op_at(
        &mut ctx,
        e,
        "scf.execute_region",
        &[],
        &[i64t],
        vec![],
        vec![r],
        loc(60),
    );
    let res = ctx.result(er, 0);
    ret(&mut ctx, e, &[res]);
    lower(&mut ctx, m);
    assert_eq!(
        blocks(&ctx, f),
        [
            "^bb0(2): cf.br[^bb1]",
            "^bb1(0): cf.cond_br[^bb2,^bb3]",
            "^bb2(0): cf.br[^bb4]",
            "^bb3(0): arith.addi, cf.br[^bb4]",
            "^bb4(1): func.return",
        ]
    );
    for n in [0, 2, 3] {
        assert_eq!(ctx.loc(term(&ctx, f, n)), loc(60));
    }
    assert_eq!(run(&ctx, f, &[1, 5]), [5]);
    assert_eq!(run(&ctx, f, &[0, 5]), [10]);
}

// ---------------------------------------------------------------------------------------- nesting

#[test]
fn collatz_while_with_nested_if() {
    // steps = 0; while x != 1 { x = x odd ? 3x + 1 : x / 2; steps += 1 }; 27 -> 111 steps.
    let mut ctx = new_ctx();
    let i64t = ctx.int_type(64);
    let (m, f, e) = func(&mut ctx, &[i64t]);
    let n = ctx.block_args(e)[0];
    let z = cst(&mut ctx, e, 0, i64t);
    let (br_, bb) = region_block(&mut ctx, &[i64t, i64t]);
    let [x, s] = ctx.block_args(bb).to_vec()[..] else {
        unreachable!()
    };
    let one = cst(&mut ctx, bb, 1, i64t);
    let c = cmpi(&mut ctx, bb, 1, x, one);
    op(
        &mut ctx,
        bb,
        "scf.condition",
        &[c, x, s],
        &[],
        vec![],
        vec![],
    );
    let (ar, ab) = region_block(&mut ctx, &[i64t, i64t]);
    let [x, s] = ctx.block_args(ab).to_vec()[..] else {
        unreachable!()
    };
    let two = cst(&mut ctx, ab, 2, i64t);
    let zero = cst(&mut ctx, ab, 0, i64t);
    let rem = bin(&mut ctx, ab, "arith.remsi", x, two);
    let odd = cmpi(&mut ctx, ab, 1, rem, zero);
    let (tr, tb) = region_block(&mut ctx, &[]);
    let three = cst(&mut ctx, tb, 3, i64t);
    let one_t = cst(&mut ctx, tb, 1, i64t);
    let x3 = bin(&mut ctx, tb, "arith.muli", x, three);
    let x31 = bin(&mut ctx, tb, "arith.addi", x3, one_t);
    yield_(&mut ctx, tb, &[x31]);
    let (er, eb) = region_block(&mut ctx, &[]);
    let half = bin(&mut ctx, eb, "arith.divsi", x, two);
    yield_(&mut ctx, eb, &[half]);
    let iff = op(
        &mut ctx,
        ab,
        "scf.if",
        &[odd],
        &[i64t],
        vec![],
        vec![tr, er],
    );
    let nx = ctx.result(iff, 0);
    let one_a = cst(&mut ctx, ab, 1, i64t);
    let s1 = bin(&mut ctx, ab, "arith.addi", s, one_a);
    yield_(&mut ctx, ab, &[nx, s1]);
    let w = op(
        &mut ctx,
        e,
        "scf.while",
        &[n, z],
        &[i64t, i64t],
        vec![],
        vec![br_, ar],
    );
    let r = ctx.result(w, 1);
    ret(&mut ctx, e, &[r]);
    lower(&mut ctx, m);
    assert_eq!(run(&ctx, f, &[27]), [111]);
    assert_eq!(run(&ctx, f, &[1]), [0]);
    assert_eq!(run(&ctx, f, &[6]), [8]); // 6 3 10 5 16 8 4 2 1
}

#[test]
fn nested_for_loops_and_switch_in_a_loop() {
    // acc = 0; for i < n { for j < i { acc += 1 } }  -> n(n-1)/2
    // plus, in the outer body, acc2 += switch(i) { 0: 1, 2: 10, 2^32+1: 1000, default: 100 }.
    let mut ctx = new_ctx();
    let idx = ctx.index_type();
    let i64t = ctx.int_type(64);
    let (m, f, e) = func(&mut ctx, &[idx]);
    let n = ctx.block_args(e)[0];
    let c0 = cst(&mut ctx, e, 0, idx);
    let c1 = cst(&mut ctx, e, 1, idx);
    let z = cst(&mut ctx, e, 0, i64t);
    let one = cst(&mut ctx, e, 1, i64t);
    let (or, ob) = region_block(&mut ctx, &[idx, i64t, i64t]);
    let [i, acc, acc2] = ctx.block_args(ob).to_vec()[..] else {
        unreachable!()
    };
    let (ir, ib) = region_block(&mut ctx, &[idx, i64t]);
    let a = ctx.block_args(ib)[1];
    let a1 = bin(&mut ctx, ib, "arith.addi", a, one);
    yield_(&mut ctx, ib, &[a1]);
    let inner = op(
        &mut ctx,
        ob,
        "scf.for",
        &[c0, i, c1, acc],
        &[i64t],
        vec![],
        vec![ir],
    );
    let acc_n = ctx.result(inner, 0);
    let mut regions = vec![];
    for v in [100, 1, 10, 1000] {
        let (r, b) = region_block(&mut ctx, &[]);
        let c = cst(&mut ctx, b, v, i64t);
        yield_(&mut ctx, b, &[c]);
        regions.push(r);
    }
    let cases = i64_array(&mut ctx, &[0, 2, BIG]);
    let sw = op(
        &mut ctx,
        ob,
        "scf.index_switch",
        &[i],
        &[i64t],
        vec![("cases", cases)],
        regions,
    );
    let sv = ctx.result(sw, 0);
    let acc2n = bin(&mut ctx, ob, "arith.addi", acc2, sv);
    yield_(&mut ctx, ob, &[acc_n, acc2n]);
    let outer = op(
        &mut ctx,
        e,
        "scf.for",
        &[c0, n, c1, z, z],
        &[i64t, i64t],
        vec![],
        vec![or],
    );
    let r = ctx.results(outer).to_vec();
    ret(&mut ctx, e, &r);
    lower(&mut ctx, m);
    assert_eq!(run(&ctx, f, &[10]), [45, 1 + 100 + 10 + 100 * 7]);
    assert_eq!(run(&ctx, f, &[6]), [15, 411]);
    assert_eq!(run(&ctx, f, &[0]), [0, 0]);
}

#[test]
fn if_inside_a_while_before_region() {
    // i = 0; while (i < n ? i < n : i != i) { i += 1 }; return i
    let mut ctx = new_ctx();
    let i64t = ctx.int_type(64);
    let i1 = ctx.i1();
    let (m, f, e) = func(&mut ctx, &[i64t]);
    let n = ctx.block_args(e)[0];
    let z = cst(&mut ctx, e, 0, i64t);
    let (br_, bb) = region_block(&mut ctx, &[i64t]);
    let i = ctx.block_args(bb)[0];
    let lt = cmpi(&mut ctx, bb, 2, i, n);
    let (tr, tb) = region_block(&mut ctx, &[]);
    yield_(&mut ctx, tb, &[lt]);
    let (er, eb) = region_block(&mut ctx, &[]);
    let ne = cmpi(&mut ctx, eb, 1, i, i);
    yield_(&mut ctx, eb, &[ne]);
    let iff = op(&mut ctx, bb, "scf.if", &[lt], &[i1], vec![], vec![tr, er]);
    let c = ctx.result(iff, 0);
    op(&mut ctx, bb, "scf.condition", &[c, i], &[], vec![], vec![]);
    let (ar, ab) = region_block(&mut ctx, &[i64t]);
    let i = ctx.block_args(ab)[0];
    let one = cst(&mut ctx, ab, 1, i64t);
    let i2 = bin(&mut ctx, ab, "arith.addi", i, one);
    yield_(&mut ctx, ab, &[i2]);
    let w = op(
        &mut ctx,
        e,
        "scf.while",
        &[z],
        &[i64t],
        vec![],
        vec![br_, ar],
    );
    let r = ctx.result(w, 0);
    ret(&mut ctx, e, &[r]);
    lower(&mut ctx, m);
    assert_eq!(run(&ctx, f, &[7]), [7]);
    assert_eq!(run(&ctx, f, &[-1]), [0]);
}

#[test]
fn execute_region_nested_in_if_nested_in_for() {
    // for i < n { acc = c ? execute_region { yield acc + 2 } : acc }  -> 2n when c, else 0
    let mut ctx = new_ctx();
    let idx = ctx.index_type();
    let i64t = ctx.int_type(64);
    let i1 = ctx.i1();
    let (m, f, e) = func(&mut ctx, &[i1, idx]);
    let [c, n] = ctx.block_args(e).to_vec()[..] else {
        unreachable!()
    };
    let c0 = cst(&mut ctx, e, 0, idx);
    let c1 = cst(&mut ctx, e, 1, idx);
    let z = cst(&mut ctx, e, 0, i64t);
    let (fr, fb) = region_block(&mut ctx, &[idx, i64t]);
    let acc = ctx.block_args(fb)[1];
    let (xr, xb) = region_block(&mut ctx, &[]);
    let two = cst(&mut ctx, xb, 2, i64t);
    let s = bin(&mut ctx, xb, "arith.addi", acc, two);
    yield_(&mut ctx, xb, &[s]);
    let (tr, tb) = region_block(&mut ctx, &[]);
    let x = op(
        &mut ctx,
        tb,
        "scf.execute_region",
        &[],
        &[i64t],
        vec![],
        vec![xr],
    );
    let xv = ctx.result(x, 0);
    yield_(&mut ctx, tb, &[xv]);
    let (er, eb) = region_block(&mut ctx, &[]);
    yield_(&mut ctx, eb, &[acc]);
    let iff = op(&mut ctx, fb, "scf.if", &[c], &[i64t], vec![], vec![tr, er]);
    let iv = ctx.result(iff, 0);
    yield_(&mut ctx, fb, &[iv]);
    let fo = op(
        &mut ctx,
        e,
        "scf.for",
        &[c0, n, c1, z],
        &[i64t],
        vec![],
        vec![fr],
    );
    let r = ctx.result(fo, 0);
    ret(&mut ctx, e, &[r]);
    lower(&mut ctx, m);
    assert_eq!(run(&ctx, f, &[1, 4]), [8]);
    assert_eq!(run(&ctx, f, &[0, 4]), [0]);
}

// ---------------------------------------------------------------------------------------- errors
//
// The pass runs on verified IR: malformed scf ops are the verifier's to reject (with mlir-opt
// 22's wording, checked against it), before the pass runs; the pass reports only what it does
// not lower (`scf.forall`).

#[test]
fn if_with_results_and_no_else_is_rejected_by_the_verifier() {
    let mut ctx = new_ctx();
    let i64t = ctx.int_type(64);
    let i1 = ctx.i1();
    let (m, _, e) = func(&mut ctx, &[i1, i64t]);
    let [c, a] = ctx.block_args(e).to_vec()[..] else {
        unreachable!()
    };
    let (tr, tb) = region_block(&mut ctx, &[]);
    yield_(&mut ctx, tb, &[a]);
    let er = ctx.new_region();
    let iff = op_at(
        &mut ctx,
        e,
        "scf.if",
        &[c],
        &[i64t],
        vec![],
        vec![tr, er],
        loc(70),
    );
    let r = ctx.result(iff, 0);
    ret(&mut ctx, e, &[r]);
    let err = verify(&ctx, m).unwrap_err();
    assert_eq!(err.loc, loc(70));
    assert_eq!(err.severity, Severity::Error);
    assert_eq!(
        err.message,
        "'scf.if' op must have an else block if defining values"
    );
}

#[test]
fn wrong_yield_count_is_rejected_by_the_verifier_with_a_note() {
    let mut ctx = new_ctx();
    let (m, _, fo) = build_sum_of_squares_for(&mut ctx, false);
    let body = ctx.entry_block(ctx.region(fo, 0)).unwrap();
    let y = ctx.last_op(body).unwrap();
    ctx.set_loc(y, loc(71));
    ctx.set_operands(y, vec![]);
    let err = verify(&ctx, m).unwrap_err();
    assert_eq!(err.loc, loc(20));
    assert_eq!(
        err.message,
        "'scf.for' op along control flow edge from Operation scf.yield to Region #0: region \
         branch point has 0 operands, but region successor needs 1 inputs"
    );
    assert_eq!(err.notes[0].loc, loc(71));
}

#[test]
fn unsupported_scf_ops_are_located_errors() {
    let mut ctx = new_ctx();
    let (m, _, e) = func(&mut ctx, &[]);
    let (r, b) = region_block(&mut ctx, &[]);
    op(
        &mut ctx,
        b,
        "scf.forall.in_parallel",
        &[],
        &[],
        vec![],
        vec![],
    );
    op_at(
        &mut ctx,
        e,
        "scf.forall",
        &[],
        &[],
        vec![],
        vec![r],
        loc(80),
    );
    ret(&mut ctx, e, &[]);
    let err = weir_scf_to_cf::run(&mut ctx, m).unwrap_err();
    assert_eq!(err.loc, loc(80));
    assert!(err.message.contains("'scf.forall' op is not supported"));
}

#[test]
fn while_with_a_bad_terminator_is_rejected_by_the_verifier() {
    let mut ctx = new_ctx();
    let i64t = ctx.int_type(64);
    let (m, _, e) = func(&mut ctx, &[i64t]);
    let x = ctx.block_args(e)[0];
    let (br_, bb) = region_block(&mut ctx, &[i64t]);
    op_at(&mut ctx, bb, "scf.yield", &[], &[], vec![], vec![], loc(91));
    let (ar, ab) = region_block(&mut ctx, &[i64t]);
    yield_(&mut ctx, ab, &[x]);
    op_at(
        &mut ctx,
        e,
        "scf.while",
        &[x],
        &[i64t],
        vec![],
        vec![br_, ar],
        loc(90),
    );
    ret(&mut ctx, e, &[]);
    let err = verify(&ctx, m).unwrap_err();
    assert_eq!(err.loc, loc(90));
    assert_eq!(
        err.message,
        "'scf.while' op expects the 'before' region to terminate with 'scf.condition'"
    );
    assert_eq!(err.notes[0].loc, loc(91));
}

#[test]
fn index_switch_on_a_non_index_is_rejected_by_the_verifier() {
    let mut ctx = new_ctx();
    let i64t = ctx.int_type(64);
    let (m, _, e) = func(&mut ctx, &[i64t]);
    let x = ctx.block_args(e)[0];
    let (d, db) = region_block(&mut ctx, &[]);
    yield_(&mut ctx, db, &[]);
    let cases = i64_array(&mut ctx, &[]);
    op_at(
        &mut ctx,
        e,
        "scf.index_switch",
        &[x],
        &[],
        vec![("cases", cases)],
        vec![d],
        loc(95),
    );
    ret(&mut ctx, e, &[]);
    let err = verify(&ctx, m).unwrap_err();
    assert_eq!(err.loc, loc(95));
    assert_eq!(
        err.message,
        "'scf.index_switch' op operand #0 must be index, but got 'i64'"
    );
}

#[test]
fn parallel_with_a_bad_terminator_is_rejected_by_the_verifier() {
    let mut ctx = new_ctx();
    let index = ctx.index_type();
    let (m, _, e) = func(&mut ctx, &[index]);
    let n = ctx.block_args(e)[0];
    let (r, b) = region_block(&mut ctx, &[index]);
    op_at(&mut ctx, b, "scf.yield", &[], &[], vec![], vec![], loc(41));
    let seg = i32_array(&mut ctx, &[1, 1, 1, 0]);
    op_at(
        &mut ctx,
        e,
        "scf.parallel",
        &[n, n, n],
        &[],
        vec![("operandSegmentSizes", seg)],
        vec![r],
        loc(40),
    );
    ret(&mut ctx, e, &[]);
    let err = verify(&ctx, m).unwrap_err();
    assert_eq!(err.loc, loc(40));
    assert_eq!(
        err.message,
        "'scf.parallel' op expects body to terminate with 'scf.reduce'"
    );
    assert_eq!(err.notes[0].loc, loc(41));
}

#[test]
fn parallel_with_mismatched_segments_is_rejected_by_the_verifier() {
    let mut ctx = new_ctx();
    let index = ctx.index_type();
    let (m, _, e) = func(&mut ctx, &[index]);
    let n = ctx.block_args(e)[0];
    let (r, b) = region_block(&mut ctx, &[index]);
    op(&mut ctx, b, "scf.reduce", &[], &[], vec![], vec![]);
    let seg = i32_array(&mut ctx, &[1, 2, 1, 0]);
    op_at(
        &mut ctx,
        e,
        "scf.parallel",
        &[n, n, n, n],
        &[],
        vec![("operandSegmentSizes", seg)],
        vec![r],
        loc(50),
    );
    ret(&mut ctx, e, &[]);
    let err = verify(&ctx, m).unwrap_err();
    assert_eq!(err.loc, loc(50));
    // Weir's own check: mlir-opt 22 accepts (and prints) such an op.
    assert_eq!(
        err.message,
        "'scf.parallel' op expects as many lower bounds, upper bounds and steps, but got 1, 2 and 1"
    );
}
