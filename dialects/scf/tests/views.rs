//! The typed op views and builders of the scf dialect, on verified programs: each accessor
//! returns the value the program text puts there (expected values read off the inputs by hand).

use weir_test_support as support;

use support::{parse_verified, print_src, setup};
use weir_dialect_arith::{constant_int_value, CmpIOp, CmpIPredicate, IntBinaryOp};
use weir_dialect_scf::{
    build_condition, build_yield, ExecuteRegionOp, ForOp, IfOp, IndexSwitchOp, ParallelOp, WhileOp,
    YieldOp,
};
use weir_ir::{Context, InsertPoint, Location, OpId, ValueDef, ValueId};
use weir_syntax::{print_op, PrintOptions};

/// The first op of `module` that `view` accepts.
fn find<V>(ctx: &Context, module: OpId, view: impl Fn(&Context, OpId) -> Option<V>) -> V {
    ctx.nested_ops(module)
        .into_iter()
        .find_map(|o| view(ctx, o))
        .expect("op present")
}

/// Whether `v` is argument `i` of a block.
fn is_arg(ctx: &Context, v: ValueId, i: u32) -> bool {
    matches!(ctx.value_def(v), ValueDef::BlockArg { index, .. } if index == i)
}

/// The binary integer op defining `v` and its operands.
fn binary_def(ctx: &Context, v: ValueId) -> (IntBinaryOp, Vec<ValueId>) {
    let d = ctx.defining_op(v).expect("defined by an op");
    (
        IntBinaryOp::of(ctx, d).expect("binary"),
        ctx.operands(d).to_vec(),
    )
}

#[test]
fn for_view() {
    let (mut ctx, syntax) = setup();
    let m = parse_verified(
        &mut ctx,
        &syntax,
        r#"func.func @f(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %c7 = arith.constant 7 : i32
  %r = scf.for unsigned %iv = %c0 to %n step %c2 iter_args(%acc = %c7) -> (i32)  : i32 {
    %x = arith.addi %acc, %iv : i32
    scf.yield %x : i32
  }
  return %r : i32
}"#,
    );
    let f = find(&ctx, m, ForOp::of);
    assert_eq!(constant_int_value(&ctx, f.lower_bound(&ctx)), Some(0));
    assert!(is_arg(&ctx, f.upper_bound(&ctx), 0)); // %n
    assert_eq!(constant_int_value(&ctx, f.step(&ctx)), Some(2));
    let inits = f.init_args(&ctx);
    assert_eq!(inits.len(), 1);
    assert_eq!(constant_int_value(&ctx, inits[0]), Some(7));
    assert!(f.is_unsigned(&ctx));
    let (iv, acc) = (f.induction_var(&ctx), f.region_iter_args(&ctx)[0]);
    assert_eq!(ctx.block_args(f.body(&ctx)), &[iv, acc]);
    assert_eq!(f.yield_op(&ctx).values(&ctx), f.yielded(&ctx));
    assert_eq!(
        binary_def(&ctx, f.yielded(&ctx)[0]),
        (IntBinaryOp::Add, vec![acc, iv])
    );
}

#[test]
fn while_view() {
    let (mut ctx, syntax) = setup();
    let m = parse_verified(
        &mut ctx,
        &syntax,
        r#"func.func @f(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %r = scf.while (%i = %c0) : (i64) -> i64 {
    %c = arith.cmpi slt, %i, %n : i64
    scf.condition(%c) %i : i64
  } do {
  ^bb0(%j: i64):
    %k = arith.addi %j, %c1 : i64
    scf.yield %k : i64
  }
  return %r : i64
}"#,
    );
    let w = find(&ctx, m, WhileOp::of);
    assert_eq!(w.inits(&ctx).len(), 1);
    assert_eq!(constant_int_value(&ctx, w.inits(&ctx)[0]), Some(0));
    let (i, j) = (w.before_args(&ctx)[0], w.after_args(&ctx)[0]);
    let cmp = CmpIOp::defining(&ctx, w.condition(&ctx)).expect("cmpi");
    assert_eq!(cmp.predicate(&ctx), CmpIPredicate::Slt);
    assert_eq!(cmp.lhs(&ctx), i);
    assert!(is_arg(&ctx, cmp.rhs(&ctx), 0)); // %n
    assert_eq!(w.forwarded(&ctx), &[i]);
    assert_eq!(w.condition_op(&ctx).forwarded(&ctx), &[i]);
    let (kind, operands) = binary_def(&ctx, w.yielded(&ctx)[0]);
    assert_eq!(kind, IntBinaryOp::Add);
    assert_eq!(operands[0], j);
    assert_eq!(constant_int_value(&ctx, operands[1]), Some(1));
}

#[test]
fn if_switch_execute_region_and_parallel_views() {
    let (mut ctx, syntax) = setup();
    let m = parse_verified(
        &mut ctx,
        &syntax,
        r#"func.func @f(%b: i1, %x: index) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %a = scf.if %b -> (i32) {
    scf.yield %c1 : i32
  } else {
    scf.yield %c2 : i32
  }
  scf.if %b {
  }
  %s = scf.index_switch %x -> i32
  case 0 {
    scf.yield %c1 : i32
  }
  case -7 {
    scf.yield %c2 : i32
  }
  default {
    scf.yield %c3 : i32
  }
  %e = scf.execute_region -> i32 no_inline {
    scf.yield %a : i32
  }
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i4 = arith.constant 4 : index
  scf.parallel (%p, %q) = (%i0, %i1) to (%i4, %i4) step (%i1, %i1) {
    scf.reduce
  }
  return %s : i32
}"#,
    );
    let ifs: Vec<IfOp> = ctx
        .nested_ops(m)
        .into_iter()
        .filter_map(|o| IfOp::of(&ctx, o))
        .collect();
    let [with_else, without_else] = ifs[..] else {
        panic!("two scf.if")
    };
    assert!(is_arg(&ctx, with_else.condition(&ctx), 0));
    let then_v = with_else.then_yield(&ctx).values(&ctx)[0];
    let else_v = with_else.else_yield(&ctx).expect("else").values(&ctx)[0];
    assert_eq!(constant_int_value(&ctx, then_v), Some(1));
    assert_eq!(constant_int_value(&ctx, else_v), Some(2));
    assert!(without_else.else_block(&ctx).is_none());
    assert!(without_else.else_yield(&ctx).is_none());
    assert!(without_else.then_yield(&ctx).values(&ctx).is_empty());

    let s = find(&ctx, m, IndexSwitchOp::of);
    assert!(is_arg(&ctx, s.arg(&ctx), 1));
    assert_eq!(s.cases(&ctx), vec![0, -7]);
    assert_eq!(s.num_cases(&ctx), 2);
    let yielded = |r| {
        let b = ctx.entry_block(r).expect("one block");
        constant_int_value(
            &ctx,
            YieldOp::ending(&ctx, b).expect("yield").values(&ctx)[0],
        )
    };
    assert_eq!(yielded(s.case_region(&ctx, 1)), Some(2));
    assert_eq!(yielded(s.default_region(&ctx)), Some(3));

    let e = find(&ctx, m, ExecuteRegionOp::of);
    assert!(e.is_no_inline(&ctx));
    assert_eq!(ctx.region_blocks(e.region(&ctx)).len(), 1);

    let p = find(&ctx, m, ParallelOp::of);
    let consts = |vs: &[ValueId]| -> Vec<Option<i128>> {
        vs.iter().map(|&v| constant_int_value(&ctx, v)).collect()
    };
    assert_eq!(consts(p.lower_bounds(&ctx)), vec![Some(0), Some(1)]);
    assert_eq!(consts(p.upper_bounds(&ctx)), vec![Some(4), Some(4)]);
    assert_eq!(consts(p.steps(&ctx)), vec![Some(1), Some(1)]);
    assert!(p.init_vals(&ctx).is_empty());
    assert_eq!(p.induction_vars(&ctx).len(), 2);
    assert!(p.reduce_op(&ctx).operands(&ctx).is_empty());
}

/// `ForOp::build`, `WhileOp::build`, `build_yield` and `build_condition` make verified ops equal
/// to the loops written by hand below.
#[test]
fn builders() {
    let (mut ctx, syntax) = setup();
    let m = parse_verified(
        &mut ctx,
        &syntax,
        "func.func @f(%n: index, %b: i1) -> index {\n  return %n : index\n}",
    );
    let ret = ctx
        .nested_ops(m)
        .into_iter()
        .find(|&o| ctx.is(o, "func.return"))
        .expect("return");
    let (at, loc) = (InsertPoint::Before(ret), Location::Unknown);
    let n = ctx.operand(ret, 0);
    let b = {
        let block = ctx.op_block(ret).expect("in a block");
        ctx.block_args(block)[1]
    };
    let index = ctx.index_type();
    let lb = weir_dialect_arith::build_int_constant(&mut ctx, at, 0, index, loc.clone());
    let step = weir_dialect_arith::build_int_constant(&mut ctx, at, 1, index, loc.clone());
    let f = ForOp::build(&mut ctx, at, [lb, n, step], &[n], loc.clone());
    let body = f.body(&ctx);
    let acc = f.region_iter_args(&ctx)[0];
    build_yield(&mut ctx, InsertPoint::End(body), &[acc], loc.clone());
    let result = ctx.result(f.op(), 0);
    let w = WhileOp::build(&mut ctx, at, &[result], &[index], loc.clone());
    let (before, after) = (w.before(&ctx), w.after(&ctx));
    let x = w.before_args(&ctx)[0];
    build_condition(&mut ctx, InsertPoint::End(before), b, &[x], loc.clone());
    let y = w.after_args(&ctx)[0];
    build_yield(&mut ctx, InsertPoint::End(after), &[y], loc);
    let r = ctx.result(w.op(), 0);
    ctx.set_operand(ret, 0, r);
    weir_ir::verify(&ctx, m).expect("built IR verifies");
    let text = print_op(&ctx, &syntax, m, PrintOptions::default());
    // The same IR written by hand (mlir-opt 22 accepts it and prints it with the same ops;
    // it reuses `%arg2` in the sibling regions where Weir's printer numbers on).
    let expected = print_src(
        "func.func @f(%n: index, %b: i1) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %n) -> (index) {
    scf.yield %acc : index
  }
  %1 = scf.while (%x = %0) : (index) -> index {
    scf.condition(%b) %x : index
  } do {
  ^bb0(%y: index):
    scf.yield %y : index
  }
  return %1 : index
}",
        false,
    );
    assert_eq!(text, expected);
}
