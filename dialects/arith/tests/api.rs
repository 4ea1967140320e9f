//! The public helpers of the arith dialect: builders, constant accessors, predicates, flags.

use common::{parse, setup};
use weir_dialect_arith::flags::FlagKind;
use weir_dialect_arith::{
    attr_type, build_cast, build_cmpf, build_cmpi, build_constant, build_int_binary,
    build_int_constant, build_negf, build_select, cmpf_predicate, cmpi_predicate,
    constant_float_value, constant_int_value, constant_value, CastOp, CmpFPredicate, CmpIPredicate,
    IntBinaryOp,
};
use weir_ir::{
    AttrKind, Context, FloatKind, InsertPoint, Location, OpId, Traits, TypeKind, ValueId,
};
use weir_syntax::{print_op, PrintOptions, Syntax};
use weir_test_support as common;

/// `func.func @f(%a: i32, %b: i32, %x: f32, %c: i1) { return }`: the ops are built before the
/// return.
fn skeleton() -> (Context, Syntax, OpId, OpId, Vec<ValueId>) {
    let (mut ctx, syntax) = setup();
    let src = "func.func @f(%a: i32, %b: i32, %x: f32, %c: i1) {\n  return\n}\n";
    let m = parse(&mut ctx, &syntax, src).expect("valid");
    let ret = ctx
        .nested_ops(m)
        .into_iter()
        .find(|&o| ctx.is(o, "func.return"))
        .unwrap();
    let entry = ctx.op_block(ret).unwrap();
    let args = ctx.block_args(entry).to_vec();
    (ctx, syntax, m, ret, args)
}

#[test]
fn builders_print_as_mlir() {
    let (mut ctx, syntax, m, ret, args) = skeleton();
    let at = InsertPoint::Before(ret);
    let loc = Location::Unknown;
    let (a, b, x, c) = (args[0], args[1], args[2], args[3]);
    let i32t = ctx.int_type(32);
    let idx = ctx.index_type();
    let f64t = ctx.float_type(FloatKind::F64);
    let k = build_int_constant(&mut ctx, at, 42, i32t, loc.clone());
    let zero = build_int_constant(&mut ctx, at, 0, idx, loc.clone());
    let i1 = ctx.i1();
    let t = build_int_constant(&mut ctx, at, 1, i1, loc.clone());
    let half = ctx.float_attr(0.5, f64t);
    let h = build_constant(&mut ctx, at, half, loc.clone());
    let s = build_int_binary(&mut ctx, at, IntBinaryOp::Add, a, k, loc.clone());
    let s2 = build_int_binary(&mut ctx, at, IntBinaryOp::Mul, s, b, loc.clone());
    let lt = build_cmpi(&mut ctx, at, CmpIPredicate::Slt, s2, b, loc.clone());
    let both = build_int_binary(&mut ctx, at, IntBinaryOp::And, lt, c, loc.clone());
    let sel = build_select(&mut ctx, at, both, s2, a, loc.clone());
    let ic = build_cast(&mut ctx, at, CastOp::IndexCast, zero, i32t, loc.clone());
    let fx = build_cast(&mut ctx, at, CastOp::ExtF, x, f64t, loc.clone());
    let n = build_negf(&mut ctx, at, fx, loc.clone());
    let fl = build_cmpf(&mut ctx, at, CmpFPredicate::Uno, n, h, loc.clone());
    let _ = (sel, ic, t, fl);
    weir_ir::verify(&ctx, m).unwrap_or_else(|d| panic!("{}", d.message));
    let text = print_op(&ctx, &syntax, m, PrintOptions::default());
    // Checked with mlir-opt 22: it prints this text back unchanged.
    let expected = r#"module {
  func.func @f(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: i1) {
    %c42_i32 = arith.constant 42 : i32
    %c0 = arith.constant 0 : index
    %true = arith.constant true
    %cst = arith.constant 5.000000e-01 : f64
    %0 = arith.addi %arg0, %c42_i32 : i32
    %1 = arith.muli %0, %arg1 : i32
    %2 = arith.cmpi slt, %1, %arg1 : i32
    %3 = arith.andi %2, %arg3 : i1
    %4 = arith.select %3, %1, %arg0 : i32
    %5 = arith.index_cast %c0 : index to i32
    %6 = arith.extf %arg2 : f32 to f64
    %7 = arith.negf %6 : f64
    %8 = arith.cmpf uno, %7, %cst : f64
    return
  }
}
"#;
    assert_eq!(text, expected);
}

#[test]
fn constant_accessors() {
    let (mut ctx, syntax) = setup();
    let src = r#"func.func @f() {
  %0 = arith.constant -7 : i16
  %1 = arith.constant true
  %2 = arith.constant 2.5 : f32
  %3 = arith.constant dense<1> : tensor<2xi8>
  %4 = arith.addi %0, %0 : i16
  return
}
"#;
    let m = parse(&mut ctx, &syntax, src).expect("valid");
    let ops: Vec<OpId> = ctx
        .nested_ops(m)
        .into_iter()
        .filter(|&o| ctx.name_str(o).starts_with("arith."))
        .collect();
    let results: Vec<ValueId> = ops.iter().map(|&o| ctx.result(o, 0)).collect();
    let r = |i: usize| results[i];
    assert_eq!(constant_int_value(&ctx, r(0)), Some(-7));
    assert_eq!(constant_int_value(&ctx, r(1)), Some(1));
    assert_eq!(constant_int_value(&ctx, r(2)), None);
    assert_eq!(constant_float_value(&ctx, r(2)), Some(2.5));
    assert!(matches!(
        ctx.attr_kind(constant_value(&ctx, ops[3]).unwrap()),
        AttrKind::Dense(_)
    ));
    assert_eq!(constant_value(&ctx, ops[4]), None);
    assert_eq!(constant_int_value(&ctx, r(4)), None);
    for (i, &op) in ops.iter().enumerate().take(4) {
        let a = constant_value(&ctx, op).unwrap();
        let ty = ctx.value_type(r(i));
        assert_eq!(attr_type(&mut ctx, a), Some(ty));
    }
    let arr = ctx.attr(AttrKind::Array(vec![]));
    assert_eq!(attr_type(&mut ctx, arr), None);
}

#[test]
fn predicate_accessors() {
    let (mut ctx, syntax) = setup();
    let src = r#"func.func @f(%a: i32, %x: f32) {
  %0 = arith.cmpi uge, %a, %a : i32
  %1 = arith.cmpf one, %x, %x : f32
  return
}
"#;
    let m = parse(&mut ctx, &syntax, src).expect("valid");
    let ops: Vec<OpId> = ctx
        .nested_ops(m)
        .into_iter()
        .filter(|&o| ctx.name_str(o).starts_with("arith."))
        .collect();
    assert_eq!(cmpi_predicate(&ctx, ops[0]), Some(CmpIPredicate::Uge));
    assert_eq!(cmpf_predicate(&ctx, ops[1]), Some(CmpFPredicate::One));
    assert_eq!(cmpi_predicate(&ctx, ops[1]), None);
}

#[test]
fn cmpi_predicate_enum() {
    let names = [
        "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
    ];
    for (i, n) in names.iter().enumerate() {
        let p = CmpIPredicate::from_i64(i as i64).unwrap();
        assert_eq!(p.to_i64(), i as i64);
        assert_eq!(p.keyword(), *n);
        assert_eq!(CmpIPredicate::from_keyword(n), Some(p));
        assert_eq!(p.invert().invert(), p);
        assert_eq!(p.swap().swap(), p);
    }
    assert_eq!(CmpIPredicate::from_i64(10), None);
    assert_eq!(CmpIPredicate::from_i64(-1), None);
    assert_eq!(CmpIPredicate::Slt.invert(), CmpIPredicate::Sge);
    assert_eq!(CmpIPredicate::Ult.swap(), CmpIPredicate::Ugt);
    // Hand-computed: on i8, -1 is 255 unsigned.
    assert!(CmpIPredicate::Slt.evaluate(-1, 0, 8));
    assert!(!CmpIPredicate::Ult.evaluate(-1, 0, 8));
    assert!(CmpIPredicate::Eq.evaluate(255, -1, 8));
    assert!(CmpIPredicate::Sgt.evaluate(127, 128, 8)); // 128 is -128 on i8
    assert!(CmpIPredicate::Slt.evaluate(1, 0, 1)); // i1 true is -1 signed
    assert!(CmpIPredicate::Ugt.evaluate(1, 0, 1));
    assert!(CmpIPredicate::Uge.evaluate(i64::MIN as i128, i64::MAX as i128, 64));
}

#[test]
fn cmpf_predicate_enum() {
    let names = [
        "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult",
        "ule", "une", "uno", "true",
    ];
    for (i, n) in names.iter().enumerate() {
        let p = CmpFPredicate::from_i64(i as i64).unwrap();
        assert_eq!((p.to_i64(), p.keyword()), (i as i64, *n));
        assert_eq!(CmpFPredicate::from_keyword(n), Some(p));
    }
    assert_eq!(CmpFPredicate::from_i64(16), None);
    let nan = f64::NAN;
    assert!(!CmpFPredicate::Oeq.evaluate(nan, nan));
    assert!(CmpFPredicate::Ueq.evaluate(nan, 1.0));
    assert!(CmpFPredicate::Une.evaluate(nan, nan));
    assert!(!CmpFPredicate::One.evaluate(nan, 1.0));
    assert!(CmpFPredicate::Olt.evaluate(1.0, 2.0));
    assert!(CmpFPredicate::Oeq.evaluate(0.0, -0.0));
    assert!(CmpFPredicate::Uno.evaluate(1.0, nan));
    assert!(!CmpFPredicate::Ord.evaluate(1.0, nan));
    assert!(CmpFPredicate::AlwaysTrue.evaluate(nan, nan));
    assert!(!CmpFPredicate::AlwaysFalse.evaluate(1.0, 1.0));
}

#[test]
fn flag_attributes() {
    let mut ctx = Context::new();
    let a = FlagKind::Overflow.attr(&mut ctx, 3);
    assert_eq!(
        ctx.attr_kind(a),
        &AttrKind::Opaque("arith.overflow<nsw, nuw>".into())
    );
    assert_eq!(FlagKind::Overflow.decode(&ctx, a), Some(3));
    let f = FlagKind::FastMath.attr(&mut ctx, 2 | 4);
    assert_eq!(
        ctx.attr_kind(f),
        &AttrKind::Opaque("arith.fastmath<nnan,ninf>".into())
    );
    assert_eq!(FlagKind::FastMath.decode(&ctx, f), Some(6));
    assert_eq!(FlagKind::FastMath.text(127), "fast");
    assert_eq!(FlagKind::FastMath.text(0), "none");
    let odd = ctx.attr(AttrKind::Opaque("arith.fastmath<ninf, fast>".into()));
    assert_eq!(FlagKind::FastMath.decode(&ctx, odd), Some(127));
    let bad = ctx.attr(AttrKind::Opaque("arith.overflow<nnan>".into()));
    assert_eq!(FlagKind::Overflow.decode(&ctx, bad), None);
}

#[test]
fn every_op_is_registered_pure_with_syntax() {
    let (mut ctx, syntax) = setup();
    let names = weir_dialect_arith::op_names();
    // 46 ops, plus the three extended ops (addui_extended, mului_extended, mulsi_extended).
    assert_eq!(names.len(), 49);
    for name in names {
        let id = ctx.op_name(name);
        let def = ctx
            .op_def(id)
            .unwrap_or_else(|| panic!("{name} not registered"));
        assert!(def.traits.contains(Traits::PURE), "{name}");
        assert!(!def.traits.contains(Traits::TERMINATOR), "{name}");
        assert!(def.verify.is_some(), "{name}");
        assert!(syntax.get(name).is_some(), "{name} has no custom syntax");
    }
    let _ = TypeKind::Index;
}
