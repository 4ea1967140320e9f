//! The public builders and accessors of the cf dialect, and the `successor_operands` hooks.

use common::{parse, setup};
use weir_dialect_cf::{
    branch_weights, build_assert, build_br, build_cond_br, build_switch,
    set_all_successor_operands, set_successor_operands, switch_case_values,
};
use weir_ir::{
    AttrKind, BlockId, Context, DenseValue, InsertPoint, Location, OpId, OpState, ValueId,
};
use weir_syntax::{print_op, PrintOptions, Syntax};
use weir_test_support as common;

/// A module with `func.func @f(%a: i32, %c: i1)` whose entry block has no terminator yet, and
/// two more blocks `^bb1(i32)` and `^bb2` that return.
fn skeleton() -> (Context, Syntax, OpId, [BlockId; 3], ValueId, ValueId) {
    let (mut ctx, syntax) = setup();
    let src = "func.func @f(%a: i32, %c: i1) {\n  return\n}\n";
    let m = parse(&mut ctx, &syntax, src).expect("valid skeleton");
    let func = ctx
        .nested_ops(m)
        .into_iter()
        .find(|&o| ctx.is(o, "func.func"))
        .unwrap();
    let region = ctx.region(func, 0);
    let entry = ctx.entry_block(region).unwrap();
    let ret = ctx.last_op(entry).unwrap();
    ctx.detach_op(ret);
    let i32t = ctx.int_type(32);
    let b1 = ctx.new_block(&[i32t]);
    let b2 = ctx.new_block(&[]);
    ctx.append_block(region, b1);
    ctx.append_block(region, b2);
    for b in [b1, b2] {
        let st = OpState::new(ctx.op_name("func.return"), Location::Unknown);
        ctx.build_op(st, InsertPoint::End(b));
    }
    let args = ctx.block_args(entry).to_vec();
    (ctx, syntax, m, [entry, b1, b2], args[0], args[1])
}

fn print(ctx: &Context, syntax: &Syntax, m: OpId) -> String {
    weir_ir::verify(ctx, m).unwrap_or_else(|d| panic!("{}", d.message));
    print_op(ctx, syntax, m, PrintOptions::default())
}

#[test]
fn build_cond_br_and_successor_operands() {
    let (mut ctx, syntax, m, [entry, b1, b2], a, c) = skeleton();
    let op = build_cond_br(
        &mut ctx,
        InsertPoint::End(entry),
        c,
        b1,
        &[a],
        b2,
        &[],
        Location::Unknown,
    );
    assert_eq!(ctx.successor_operands(op, 0), &[a]);
    assert_eq!(ctx.successor_operands(op, 1), &[] as &[ValueId]);
    let text = print(&ctx, &syntax, m);
    assert!(
        text.contains("    cf.cond_br %arg1, ^bb1(%arg0 : i32), ^bb2\n"),
        "{text}"
    );
    assert_eq!(branch_weights(&ctx, op), None);
}

#[test]
fn build_br_and_assert() {
    let (mut ctx, syntax, m, [entry, b1, _], a, c) = skeleton();
    build_assert(
        &mut ctx,
        InsertPoint::End(entry),
        c,
        "must \"hold\"",
        Location::Unknown,
    );
    let op = build_br(
        &mut ctx,
        InsertPoint::End(entry),
        b1,
        &[a],
        Location::Unknown,
    );
    assert_eq!(ctx.successor_operands(op, 0), &[a]);
    let text = print(&ctx, &syntax, m);
    assert!(
        text.contains("    cf.assert %arg1, \"must \\22hold\\22\"\n    cf.br ^bb1(%arg0 : i32)\n"),
        "{text}"
    );
}

#[test]
fn build_switch_and_successor_operands() {
    let (mut ctx, syntax, m, [entry, b1, b2], a, _) = skeleton();
    let op = build_switch(
        &mut ctx,
        InsertPoint::End(entry),
        a,
        b2,
        &[],
        vec![(-1, b1, vec![a]), (5, b2, vec![]), (7, b1, vec![a])],
        Location::Unknown,
    );
    assert_eq!(ctx.successor_operands(op, 0), &[] as &[ValueId]);
    assert_eq!(ctx.successor_operands(op, 1), &[a]);
    assert_eq!(ctx.successor_operands(op, 2), &[] as &[ValueId]);
    assert_eq!(ctx.successor_operands(op, 3), &[a]);
    assert_eq!(switch_case_values(&ctx, op), Some(vec![-1, 5, 7]));
    let text = print(&ctx, &syntax, m);
    let expected = "    cf.switch %arg0 : i32, [
      default: ^bb2,
      4294967295: ^bb1(%arg0 : i32),
      5: ^bb2,
      7: ^bb1(%arg0 : i32)
    ]
";
    assert!(text.contains(expected), "{text}");
}

#[test]
fn build_switch_without_cases_has_no_case_values() {
    let (mut ctx, syntax, m, [entry, _, b2], a, _) = skeleton();
    let op = build_switch(
        &mut ctx,
        InsertPoint::End(entry),
        a,
        b2,
        &[],
        vec![],
        Location::Unknown,
    );
    assert!(ctx.attr_of(op, "case_values").is_none());
    assert_eq!(switch_case_values(&ctx, op), Some(vec![]));
    let text = print(&ctx, &syntax, m);
    assert!(
        text.contains("    cf.switch %arg0 : i32, [\n      default: ^bb2]\n"),
        "{text}"
    );
}

#[test]
fn set_successor_operands_updates_segments() {
    let (mut ctx, syntax, m, [entry, b1, b2], a, c) = skeleton();
    let op = build_cond_br(
        &mut ctx,
        InsertPoint::End(entry),
        c,
        b2,
        &[],
        b2,
        &[],
        Location::Unknown,
    );
    set_successor_operands(&mut ctx, op, 0, vec![]);
    ctx.set_successor(op, 1, b1);
    set_successor_operands(&mut ctx, op, 1, vec![a]);
    assert_eq!(ctx.operands(op), &[c, a]);
    let text = print(&ctx, &syntax, m);
    assert!(
        text.contains("cf.cond_br %arg1, ^bb2, ^bb1(%arg0 : i32)"),
        "{text}"
    );

    let (mut ctx, syntax, m, [entry, b1, b2], a, _) = skeleton();
    let op = build_switch(
        &mut ctx,
        InsertPoint::End(entry),
        a,
        b1,
        &[a],
        vec![(3, b1, vec![a])],
        Location::Unknown,
    );
    ctx.set_successor(op, 0, b2);
    set_successor_operands(&mut ctx, op, 0, vec![]);
    assert_eq!(ctx.successor_operands(op, 1), &[a]);
    let text = print(&ctx, &syntax, m);
    assert!(
        text.contains("default: ^bb2,\n      3: ^bb1(%arg0 : i32)"),
        "{text}"
    );
}

#[test]
fn malformed_segments_never_panic() {
    let (mut ctx, _syntax, m, [entry, b1, b2], a, c) = skeleton();
    let op = build_cond_br(
        &mut ctx,
        InsertPoint::End(entry),
        c,
        b1,
        &[a],
        b2,
        &[],
        Location::Unknown,
    );
    let i32t = ctx.int_type(32);
    for values in [vec![5, 9, 9], vec![-3, 1, 1], vec![1], vec![]] {
        let seg = ctx.attr(AttrKind::DenseArray {
            element: i32t,
            values: values.into_iter().map(DenseValue::Int).collect(),
        });
        ctx.set_attr(op, "operandSegmentSizes", seg);
        for i in 0..3 {
            let _ = ctx.successor_operands(op, i);
        }
        assert!(weir_ir::verify(&ctx, m).is_err());
    }
    ctx.remove_attr(op, "operandSegmentSizes");
    assert_eq!(ctx.successor_operands(op, 0), &[] as &[ValueId]);
    assert!(weir_ir::verify(&ctx, m).is_err());
}

#[test]
fn registered_traits() {
    let (mut ctx, _syntax) = setup();
    for (name, terminator, pure) in [
        ("cf.br", true, true),
        ("cf.cond_br", true, true),
        ("cf.switch", true, true),
        ("cf.assert", false, false),
    ] {
        let id = ctx.op_name(name);
        let def = ctx.op_def(id).expect("registered");
        assert_eq!(
            def.traits.contains(weir_ir::Traits::TERMINATOR),
            terminator,
            "{name}"
        );
        assert_eq!(def.traits.contains(weir_ir::Traits::PURE), pure, "{name}");
        assert_eq!(def.successor_operands.is_some(), terminator, "{name}");
    }
}

#[test]
fn switch_successor_operand_ranges_agree_with_single_lookups() {
    // default gets [%a], case 1 [], case 2 [%a, %a], case 3 [%a]: with the flag at operand 0
    // the ranges are (by hand) 1..2, 2..2, 2..4, 4..5.
    let (mut ctx, _syntax, _m, [entry, b1, b2], a, _) = skeleton();
    let i32t = ctx.int_type(32);
    let b3 = ctx.new_block(&[i32t, i32t]);
    let region = ctx.block_region(b1).unwrap();
    ctx.append_block(region, b3);
    let op = build_switch(
        &mut ctx,
        InsertPoint::End(entry),
        a,
        b1,
        &[a],
        vec![(1, b2, vec![]), (2, b3, vec![a, a]), (3, b1, vec![a])],
        Location::Unknown,
    );
    let ranges = ctx.successor_operand_ranges(op);
    assert_eq!(ranges, vec![1..2, 2..2, 2..4, 4..5]);
    for (i, r) in ranges.iter().enumerate() {
        assert_eq!(&ctx.successor_operand_range(op, i), r);
    }
    // All successors at once: the default drops its operand, case 2 keeps one.
    set_all_successor_operands(&mut ctx, op, vec![vec![], vec![], vec![a], vec![a]]);
    assert_eq!(
        ctx.successor_operand_ranges(op),
        vec![1..1, 1..1, 1..2, 2..3]
    );
    assert_eq!(ctx.operands(op), &[a, a, a]);
}
