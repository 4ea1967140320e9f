//! The typed op views of the cf dialect on a verified program (expected values read off the
//! input by hand).

use weir_test_support as common;

use common::setup;
use weir_dialect_cf::{AssertOp, BranchOp, CondBranchOp, SwitchOp};
use weir_ir::{Context, OpId};
use weir_syntax::{parse_module, ParseOptions};

fn first<V>(ctx: &Context, m: OpId, view: impl Fn(&Context, OpId) -> Option<V>) -> V {
    ctx.nested_ops(m)
        .into_iter()
        .find_map(|o| view(ctx, o))
        .expect("op present")
}

#[test]
fn views() {
    let (mut ctx, syntax) = setup();
    let src = r#"func.func @f(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.assert %c, "must hold"
  cf.cond_br %c, ^bb1(%x : i32), ^bb2
^bb1(%a: i32):
  cf.switch %x : i32, [
    default: ^bb3(%a : i32),
    5: ^bb2,
    -1: ^bb3(%y : i32)
  ]
^bb2:
  cf.br ^bb3(%y : i32)
^bb3(%r: i32):
  return %r : i32
}"#;
    let m =
        parse_module(&mut ctx, &syntax, src, "t.mlir", 1, ParseOptions::default()).expect("parses");
    weir_ir::verify(&ctx, m).expect("verifies");
    let a = first(&ctx, m, AssertOp::of);
    let entry = ctx.op_block(a.op()).expect("in the entry block");
    let blocks = ctx.region_blocks(ctx.block_region(entry).expect("in a region"));
    let [_, bb1, bb2, bb3] = blocks[..] else {
        panic!("four blocks")
    };
    let (c, x, y) = {
        let args = ctx.block_args(entry);
        (args[0], args[1], args[2])
    };

    assert_eq!((a.condition(&ctx), a.msg(&ctx)), (c, "must hold"));

    let cb = first(&ctx, m, CondBranchOp::of);
    assert_eq!(cb.condition(&ctx), c);
    assert_eq!((cb.true_dest(&ctx), cb.false_dest(&ctx)), (bb1, bb2));
    assert_eq!(cb.true_operands(&ctx), &[x]);
    assert!(cb.false_operands(&ctx).is_empty());

    let sw = first(&ctx, m, SwitchOp::of);
    let a_arg = ctx.block_args(bb1)[0];
    assert_eq!(sw.flag(&ctx), x);
    assert_eq!(sw.default_dest(&ctx), bb3);
    assert_eq!(sw.default_operands(&ctx), &[a_arg]);
    assert_eq!(sw.case_values(&ctx), vec![5, -1]);
    assert_eq!(sw.num_cases(&ctx), 2);
    assert_eq!(sw.case_dest(&ctx, 0), bb2);
    assert!(sw.case_operands(&ctx, 0).is_empty());
    assert_eq!(
        (sw.case_dest(&ctx, 1), sw.case_operands(&ctx, 1)),
        (bb3, &[y][..])
    );

    let br = first(&ctx, m, BranchOp::of);
    assert_eq!((br.dest(&ctx), br.dest_operands(&ctx)), (bb3, &[y][..]));
}
