//! The math dialect's builder and registration.

use common::{parse, setup};
use weir_ir::{InsertPoint, Location, Traits};
use weir_syntax::{print_op, PrintOptions};
use weir_test_support as common;

#[test]
fn build_unary_ops() {
    let (mut ctx, syntax) = setup();
    let m = parse(
        &mut ctx,
        &syntax,
        "func.func @f(%x: f32, %t: tensor<2xf64>) {\n  return\n}\n",
    )
    .unwrap();
    let ret = ctx
        .nested_ops(m)
        .into_iter()
        .find(|&o| ctx.is(o, "func.return"))
        .unwrap();
    let args = ctx.block_args(ctx.op_block(ret).unwrap()).to_vec();
    let at = InsertPoint::Before(ret);
    let a = weir_dialect_math::build_unary(&mut ctx, at, "math.absf", args[0], Location::Unknown);
    weir_dialect_math::build_unary(&mut ctx, at, "sqrt", a, Location::Unknown);
    weir_dialect_math::build_unary(&mut ctx, at, "sqrt", args[1], Location::Unknown);
    weir_ir::verify(&ctx, m).unwrap();
    let text = print_op(&ctx, &syntax, m, PrintOptions::default());
    assert!(text.contains(
        "    %0 = math.absf %arg0 : f32\n    %1 = math.sqrt %0 : f32\n    %2 = math.sqrt %arg1 : tensor<2xf64>\n"
    ));
}

#[test]
fn ops_are_pure() {
    let (mut ctx, syntax) = setup();
    for name in weir_dialect_math::OPS {
        let id = ctx.op_name(name);
        assert!(ctx.op_def(id).unwrap().traits.contains(Traits::PURE));
        assert!(syntax.get(name).is_some());
    }
}
