//! The typed op views and builders of the arith dialect on verified programs (expected values
//! read off the inputs by hand), and the shared semantics of `arith::semantics` against the
//! folders (both must give the values computed by hand in the comments).

use weir_test_support as common;

use common::{parse, setup};
use weir_dialect_arith::{
    build_addi, build_andi, build_index_cast, build_int_constant, build_xori, CmpFOp,
    CmpFPredicate, CmpIOp, CmpIPredicate, ConstantOp, IntBinaryOp, IntCastOp, SelectOp,
};
use weir_ir::{AttrKind, Context, InsertPoint, Location, OpId, ValueDef};
use weir_syntax::{print_op, PrintOptions};

fn first<V>(ctx: &Context, m: OpId, view: impl Fn(&Context, OpId) -> Option<V>) -> V {
    ctx.nested_ops(m)
        .into_iter()
        .find_map(|o| view(ctx, o))
        .expect("op present")
}

fn is_arg(ctx: &Context, v: weir_ir::ValueId, i: u32) -> bool {
    matches!(ctx.value_def(v), ValueDef::BlockArg { index, .. } if index == i)
}

#[test]
fn views() {
    let (mut ctx, syntax) = setup();
    let m = parse(
        &mut ctx,
        &syntax,
        r#"func.func @f(%a: i32, %x: f32) -> i32 {
  %c5 = arith.constant 5 : i32
  %p = arith.cmpi uge, %a, %c5 : i32
  %q = arith.cmpf une, %x, %x : f32
  %s = arith.select %p, %a, %c5 : i32
  return %s : i32
}"#,
    )
    .expect("valid");
    let c = first(&ctx, m, ConstantOp::of);
    assert!(matches!(
        ctx.attr_kind(c.value(&ctx)),
        AttrKind::Integer { value: 5, .. }
    ));
    let cmp = first(&ctx, m, CmpIOp::of);
    assert_eq!(cmp.predicate(&ctx), CmpIPredicate::Uge);
    assert!(is_arg(&ctx, cmp.lhs(&ctx), 0));
    assert_eq!(cmp.rhs(&ctx), c.result(&ctx));
    let cmpf = first(&ctx, m, CmpFOp::of);
    assert_eq!(cmpf.predicate(&ctx), CmpFPredicate::Une);
    assert_eq!(cmpf.lhs(&ctx), cmpf.rhs(&ctx));
    let sel = first(&ctx, m, SelectOp::of);
    assert_eq!(sel.condition(&ctx), cmp.result(&ctx));
    assert!(is_arg(&ctx, sel.true_value(&ctx), 0));
    assert_eq!(sel.false_value(&ctx), c.result(&ctx));
    assert_eq!(CmpIOp::defining(&ctx, sel.condition(&ctx)), Some(cmp));
    assert_eq!(ConstantOp::of(&ctx, cmp.op()), None);
}

/// The builders make the ops written by hand in `expected`.
#[test]
fn builders() {
    let (mut ctx, syntax) = setup();
    let m = parse(
        &mut ctx,
        &syntax,
        "func.func @f(%a: i64) -> index {\n  %z = arith.constant 0 : index\n  return %z : index\n}",
    );
    let m = m.expect("valid");
    let ret = ctx
        .nested_ops(m)
        .into_iter()
        .find(|&o| ctx.is(o, "func.return"))
        .expect("return");
    let (at, loc) = (InsertPoint::Before(ret), Location::Unknown);
    let a = ctx.block_args(ctx.op_block(ret).expect("in a block"))[0];
    let i64t = ctx.value_type(a);
    let one = build_int_constant(&mut ctx, at, 1, i64t, loc.clone());
    let s = build_addi(&mut ctx, at, a, one, loc.clone());
    let n = build_xori(&mut ctx, at, s, one, loc.clone());
    let t = build_andi(&mut ctx, at, n, s, loc.clone());
    let index = ctx.index_type();
    let r = build_index_cast(&mut ctx, at, t, index, loc);
    ctx.set_operand(ret, 0, r);
    weir_ir::verify(&ctx, m).expect("built IR verifies");
    let text = print_op(&ctx, &syntax, m, PrintOptions::default());
    assert_eq!(
        text,
        "module {
  func.func @f(%arg0: i64) -> index {
    %c0 = arith.constant 0 : index
    %c1_i64 = arith.constant 1 : i64
    %0 = arith.addi %arg0, %c1_i64 : i64
    %1 = arith.xori %0, %c1_i64 : i64
    %2 = arith.andi %1, %0 : i64
    %3 = arith.index_cast %2 : i64 to index
    return %3 : index
  }
}
"
    );
}

/// `IntBinaryOp::eval` and `IntCastOp::eval` on values computed by hand, and the same values
/// from the folder of the op they name (the folder uses them: one implementation).
#[test]
fn semantics_match_hand_values_and_folders() {
    // (op, a, b, width, expected) with i8 values as bits: 0xF9 = -7, 0x80 = -128.
    let cases: [(IntBinaryOp, u128, u128, u32, Option<u128>); 6] = [
        (IntBinaryOp::FloorDivS, 0xF9, 2, 8, Some(0xFC)), // floor(-7 / 2) = -4
        (IntBinaryOp::CeilDivS, 0xF9, 2, 8, Some(0xFD)),  // ceil(-7 / 2) = -3
        (IntBinaryOp::RemU, 0xF9, 10, 8, Some(9)),        // 249 % 10
        (IntBinaryOp::ShrU, 0x80, 7, 8, Some(1)),
        (IntBinaryOp::Mul, 0x80, 0xFF, 8, Some(0x80)), // -128 * -1 wraps to -128
        (IntBinaryOp::RemS, 0x80, 0xFF, 8, None),      // INT_MIN % -1: poison
    ];
    for (op, a, b, w, want) in cases {
        assert_eq!(op.eval(a, b, w), want, "{op:?}");
        let sa = weir_ir::sign_extend(a as i128, w);
        let sb = weir_ir::sign_extend(b as i128, w);
        let src = format!(
            "func.func @f() -> i8 {{\n  %a = arith.constant {sa} : i8\n  %b = arith.constant {sb} : i8\n  %r = {} %a, %b : i8\n  return %r : i8\n}}",
            op.name()
        );
        let folded = fold_to_constant(&src);
        assert_eq!(
            folded,
            want.map(|v| weir_ir::sign_extend(v as i128, w)),
            "{}",
            op.name()
        );
    }
    assert_eq!(IntCastOp::ExtSI.eval(0xF9, 8, 32), Some(0xFFFF_FFF9)); // -7 as i32
    assert_eq!(IntCastOp::TruncI.eval(0x1F9, 16, 8), Some(0xF9));
}

/// Calls the registered folder of the one binary integer op of `src` (operands: the constants
/// before it) and returns the integer constant it folds to.
fn fold_to_constant(src: &str) -> Option<i128> {
    let (mut ctx, syntax) = setup();
    let m = parse(&mut ctx, &syntax, src).expect("valid");
    let op = ctx
        .nested_ops(m)
        .into_iter()
        .find(|&o| IntBinaryOp::of(&ctx, o).is_some())
        .expect("binary op");
    let consts: Vec<_> = ctx
        .operands(op)
        .iter()
        .map(|&v| ctx.constant_of(v))
        .collect();
    let fold = ctx
        .op_def(ctx.name(op))
        .and_then(|d| d.fold)
        .expect("folder");
    match fold(&mut ctx, op, &consts)?.as_slice() {
        [weir_ir::FoldResult::Constant(a)] => {
            let a = *a;
            match ctx.attr_kind(a) {
                AttrKind::Integer { value, .. } => Some(*value),
                _ => None,
            }
        }
        _ => None,
    }
}
