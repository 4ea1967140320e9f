//! The conversion framework on small programs of unregistered `test.*` ops (and func/arith
//! around them): legality by name, dialect and predicate, conversion of ops created by
//! patterns, type conversion with source and target materializations, block signatures, and
//! the failure messages (MLIR DialectConversion's wording) with their locations. Every
//! expected text is written by hand from the pattern's definition.

use std::rc::Rc;
use weir_conversion::{
    apply_full_conversion, apply_partial_conversion, ConversionPatternSet, ConversionRewriter,
    ConversionTarget, Legality, OpAdaptor, TypeConverter,
};
use weir_ir::{Context, DiagResult, Diagnostic, InsertPoint, OpId, OpState, Type, TypeKind};
use weir_syntax::{parse_module, print_op, ParseOptions, PrintOptions, Syntax};

fn parse(src: &str) -> (Context, Syntax, OpId) {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let opts = ParseOptions {
        allow_unregistered: true,
    };
    let m =
        parse_module(&mut ctx, &syntax, src, "t.mlir", 1, opts).unwrap_or_else(|d| panic!("{d:?}"));
    (ctx, syntax, m)
}

fn print(ctx: &Context, syntax: &Syntax, m: OpId) -> String {
    weir_ir::verify(ctx, m).unwrap_or_else(|d| panic!("invalid after conversion: {d:?}"));
    print_op(ctx, syntax, m, PrintOptions::default())
}

/// Replaces `op` by a new op named `name` with the same operands (`operands`), attributes and
/// result types `types` (the old ones when `None`), at the same place.
fn rename(
    rw: &mut ConversionRewriter<'_>,
    op: OpId,
    name: &str,
    operands: Vec<weir_ir::ValueId>,
    types: Option<Vec<Type>>,
) -> DiagResult<bool> {
    let ctx = &mut *rw.ctx;
    let mut st = OpState::new(ctx.op_name(name), ctx.loc(op));
    st.operands = operands;
    st.result_types =
        types.unwrap_or_else(|| ctx.results(op).iter().map(|&r| ctx.value_type(r)).collect());
    st.attrs = ctx.attrs(op).to_vec();
    let new = ctx.build_op(st, InsertPoint::Before(op));
    let results = ctx.results(new).to_vec();
    rw.replace_op(op, &results)?;
    Ok(true)
}

const CHAIN: &str = r#"func.func @f(%x: i32) -> i32 {
  %0 = "test.a"(%x) : (i32) -> i32
  %1 = "test.keep"(%0) : (i32) -> i32
  %2 = "test.a"(%1) {tag} : (i32) -> i32
  return %2 : i32
}
"#;

#[test]
fn illegal_ops_are_rewritten_and_others_stay() {
    let (mut ctx, syntax, m) = parse(CHAIN);
    let mut target = ConversionTarget::new();
    target.add_illegal_op("test.a");
    let mut patterns = ConversionPatternSet::new();
    patterns.add("test.a", |rw, op, a: &OpAdaptor| {
        rename(rw, op, "test.b", a.operands(), None)
    });
    apply_partial_conversion(&mut ctx, m, &target, &patterns).unwrap();
    assert_eq!(
        print(&ctx, &syntax, m),
        r#"module {
  func.func @f(%arg0: i32) -> i32 {
    %0 = "test.b"(%arg0) : (i32) -> i32
    %1 = "test.keep"(%0) : (i32) -> i32
    %2 = "test.b"(%1) {tag} : (i32) -> i32
    return %2 : i32
  }
}
"#
    );
}

#[test]
fn ops_created_by_a_pattern_are_legalized_too() {
    // test.a -> test.b -> test.c: test.b is illegal as well, and only made by the first pattern.
    let (mut ctx, syntax, m) = parse(CHAIN);
    let mut target = ConversionTarget::new();
    target
        .add_illegal_dialect("test")
        .add_legal_op("test.c")
        .add_legal_op("test.keep");
    let mut patterns = ConversionPatternSet::new();
    patterns.add("test.a", |rw, op, a: &OpAdaptor| {
        rename(rw, op, "test.b", a.operands(), None)
    });
    patterns.add("test.b", |rw, op, a: &OpAdaptor| {
        rename(rw, op, "test.c", a.operands(), None)
    });
    apply_full_conversion(&mut ctx, m, &target_with_func(target), &patterns).unwrap();
    let text = print(&ctx, &syntax, m);
    assert!(
        text.contains(r#"%0 = "test.c"(%arg0) : (i32) -> i32"#),
        "{text}"
    );
    assert!(
        text.contains(r#"%2 = "test.c"(%1) {tag} : (i32) -> i32"#),
        "{text}"
    );
    assert!(
        !text.contains("test.b") && !text.contains("test.a"),
        "{text}"
    );
}

/// `target` plus the func and builtin dialects legal (for full conversions).
fn target_with_func(mut target: ConversionTarget) -> ConversionTarget {
    target
        .add_legal_dialect("func")
        .add_legal_dialect("builtin");
    target
}

#[test]
fn legality_order_op_then_dialect_then_unknown_rule() {
    let (mut ctx, _, m) = parse(CHAIN);
    let ops = ctx.nested_ops(m);
    let (func, a, keep) = (ops[0], ops[1], ops[2]);
    let mut target = ConversionTarget::new();
    assert_eq!(target.legality(&mut ctx, a), Legality::Unknown);
    target.add_illegal_dialect("test");
    assert_eq!(target.legality(&mut ctx, a), Legality::Illegal);
    target.add_legal_op("test.keep");
    assert_eq!(target.legality(&mut ctx, keep), Legality::Legal);
    assert_eq!(target.legality(&mut ctx, a), Legality::Illegal);
    assert_eq!(target.legality(&mut ctx, func), Legality::Unknown);
    target.mark_unknown_op_dynamically_legal(|_, _| true);
    assert_eq!(target.legality(&mut ctx, func), Legality::Legal);
    // A dynamic entry: legal when the op has a `tag` attribute.
    target.add_dynamically_legal_op("test.a", |ctx, op| ctx.attr_of(op, "tag").is_some());
    let second_a = ops[3];
    assert_eq!(target.legality(&mut ctx, a), Legality::Illegal);
    assert_eq!(target.legality(&mut ctx, second_a), Legality::Legal);
}

#[test]
fn dynamically_legal_op_updated_in_place() {
    // Only the untagged test.a is illegal; its pattern tags it in place, which makes it legal.
    let (mut ctx, syntax, m) = parse(CHAIN);
    let mut target = ConversionTarget::new();
    target.add_dynamically_legal_op("test.a", |ctx, op| ctx.attr_of(op, "tag").is_some());
    let mut patterns = ConversionPatternSet::new();
    patterns.add("test.a", |rw, op, _: &OpAdaptor| {
        let unit = rw.ctx.unit_attr();
        rw.ctx.set_attr(op, "tag", unit);
        Ok(true)
    });
    apply_partial_conversion(&mut ctx, m, &target, &patterns).unwrap();
    let text = print(&ctx, &syntax, m);
    assert!(
        text.contains(r#"%0 = "test.a"(%arg0) {tag} : (i32) -> i32"#),
        "{text}"
    );
    assert!(
        text.contains(r#"%2 = "test.a"(%1) {tag} : (i32) -> i32"#),
        "{text}"
    );
}

#[test]
fn partial_conversion_reports_the_illegal_op_that_stayed() {
    // test.keep is illegal and has no pattern: MLIR's message, at test.keep (line 3, col 8).
    let (mut ctx, _, m) = parse(CHAIN);
    let mut target = ConversionTarget::new();
    target.add_illegal_op("test.keep");
    let err =
        apply_partial_conversion(&mut ctx, m, &target, &ConversionPatternSet::new()).unwrap_err();
    assert_eq!(
        err.message,
        "failed to legalize operation 'test.keep' that was explicitly marked illegal"
    );
    assert_eq!(err.loc.file_line_col(), Some(("t.mlir", 3, 8)));
}

#[test]
fn pattern_that_does_not_apply_leaves_the_op_illegal() {
    let (mut ctx, _, m) = parse(CHAIN);
    let mut target = ConversionTarget::new();
    target.add_illegal_op("test.a");
    let mut patterns = ConversionPatternSet::new();
    // Applies only to the tagged test.a (line 4); the first one (line 2) stays and is reported.
    patterns.add("test.a", |rw, op, a: &OpAdaptor| {
        if rw.ctx.attr_of(op, "tag").is_none() {
            return Ok(false);
        }
        rename(rw, op, "test.b", a.operands(), None)
    });
    let err = apply_partial_conversion(&mut ctx, m, &target, &patterns).unwrap_err();
    assert_eq!(
        err.message,
        "failed to legalize operation 'test.a' that was explicitly marked illegal"
    );
    assert_eq!(err.loc.file_line_col(), Some(("t.mlir", 2, 8)));
}

#[test]
fn full_conversion_reports_an_op_the_target_does_not_name() {
    // func and test.a are handled; test.keep is unknown, so a full conversion fails on it.
    let (mut ctx, _, m) = parse(CHAIN);
    let mut target = ConversionTarget::new();
    target.add_legal_op("test.b");
    let mut patterns = ConversionPatternSet::new();
    patterns.add("test.a", |rw, op, a: &OpAdaptor| {
        rename(rw, op, "test.b", a.operands(), None)
    });
    let err = apply_full_conversion(&mut ctx, m, &target_with_func(target), &patterns).unwrap_err();
    assert_eq!(err.message, "failed to legalize operation 'test.keep'");
    assert_eq!(err.loc.file_line_col(), Some(("t.mlir", 3, 8)));
}

#[test]
fn a_pattern_error_propagates() {
    let (mut ctx, _, m) = parse(CHAIN);
    let mut target = ConversionTarget::new();
    target.add_illegal_op("test.a");
    let mut patterns = ConversionPatternSet::new();
    patterns.add("test.a", |rw, op, _: &OpAdaptor| {
        Err(Diagnostic::error(rw.ctx.loc(op), "custom failure"))
    });
    let err = apply_partial_conversion(&mut ctx, m, &target, &patterns).unwrap_err();
    assert_eq!(err.message, "custom failure");
    // The driver visits a block's ops from the last: the tagged test.a on line 4 fails first.
    assert_eq!(err.loc.file_line_col(), Some(("t.mlir", 4, 8)));
}

/// i32 -> i64, everything else unchanged.
fn widen_i32() -> Rc<TypeConverter> {
    let mut tc = TypeConverter::new();
    tc.add_conversion(|_, t| Some(vec![t]));
    tc.add_conversion(|ctx, t| match ctx.type_kind(t) {
        TypeKind::Integer { width: 32, .. } => Some(vec![ctx.int_type(64)]),
        _ => None,
    });
    Rc::new(tc)
}

/// test.a (i32 -> i32) becomes test.wide (i64 -> i64) on the converted operand.
fn widen_a(patterns: &mut ConversionPatternSet) {
    patterns.add("test.a", |rw, op, a: &OpAdaptor| {
        let i32t = rw.ctx.int_type(32);
        let ty = rw
            .type_converter()
            .and_then(|tc| tc.convert_single(rw.ctx, i32t));
        rename(rw, op, "test.wide", a.operands(), ty.map(|t| vec![t]))
    });
}

#[test]
fn type_conversion_inserts_source_and_target_materializations() {
    // test.a's operand %x (i32, a function argument) reaches test.wide through a target cast
    // to i64; test.wide's i64 result reaches the unconverted test.keep through a source cast
    // back to i32 (built right after test.wide); test.keep's i32 result reaches the second
    // test.wide through a target cast, and `return` reads that one through a source cast.
    let (mut ctx, syntax, m) = parse(CHAIN);
    let mut target = ConversionTarget::new();
    target.add_illegal_op("test.a");
    let mut patterns = ConversionPatternSet::with_type_converter(widen_i32());
    widen_a(&mut patterns);
    apply_partial_conversion(&mut ctx, m, &target, &patterns).unwrap();
    assert_eq!(
        print(&ctx, &syntax, m),
        r#"module {
  func.func @f(%arg0: i32) -> i32 {
    %0 = builtin.unrealized_conversion_cast %arg0 : i32 to i64
    %1 = "test.wide"(%0) : (i64) -> i64
    %2 = builtin.unrealized_conversion_cast %1 : i64 to i32
    %3 = "test.keep"(%2) : (i32) -> i32
    %4 = builtin.unrealized_conversion_cast %3 : i32 to i64
    %5 = "test.wide"(%4) {tag} : (i64) -> i64
    %6 = builtin.unrealized_conversion_cast %5 : i64 to i32
    return %6 : i32
  }
}
"#
    );
}

#[test]
fn converted_users_make_the_source_cast_dead() {
    // Both ops converted: the second test.wide reads the first's i64 result directly. (The
    // second is converted first, through a target cast of the first's i32 result; replacing
    // the first test.a hands the new i64 result to that cast's users and erases the cast.)
    let src = r#"func.func @g(%x: i64) -> i32 {
  %0 = "test.a"(%x) : (i64) -> i32
  %1 = "test.a"(%0) : (i32) -> i32
  return %1 : i32
}
"#;
    let (mut ctx, syntax, m) = parse(src);
    let mut target = ConversionTarget::new();
    target.add_illegal_op("test.a");
    let mut patterns = ConversionPatternSet::with_type_converter(widen_i32());
    widen_a(&mut patterns);
    apply_partial_conversion(&mut ctx, m, &target, &patterns).unwrap();
    assert_eq!(
        print(&ctx, &syntax, m),
        r#"module {
  func.func @g(%arg0: i64) -> i32 {
    %0 = "test.wide"(%arg0) : (i64) -> i64
    %1 = "test.wide"(%0) : (i64) -> i64
    %2 = builtin.unrealized_conversion_cast %1 : i64 to i32
    return %2 : i32
  }
}
"#
    );
}

#[test]
fn custom_materializations_replace_the_default_cast() {
    // Source materialization by arith.trunci, target by arith.extsi (i32 <-> i64).
    let mut tc = TypeConverter::new();
    tc.add_conversion(|_, t| Some(vec![t]));
    tc.add_conversion(|ctx, t| match ctx.type_kind(t) {
        TypeKind::Integer { width: 32, .. } => Some(vec![ctx.int_type(64)]),
        _ => None,
    });
    let cast = |name: &'static str| {
        move |ctx: &mut Context,
              inputs: &[weir_ir::ValueId],
              outputs: &[Type],
              loc: &weir_ir::Location,
              at| {
            let mut st = OpState::new(ctx.op_name(name), loc.clone());
            st.operands = inputs.to_vec();
            st.result_types = outputs.to_vec();
            let op = ctx.build_op(st, at);
            Some(ctx.results(op).to_vec())
        }
    };
    tc.add_source_materialization(cast("arith.trunci"));
    tc.add_target_materialization(cast("arith.extsi"));
    let (mut ctx, syntax, m) = parse(CHAIN);
    let mut target = ConversionTarget::new();
    target.add_illegal_op("test.a");
    let mut patterns = ConversionPatternSet::with_type_converter(Rc::new(tc));
    widen_a(&mut patterns);
    apply_partial_conversion(&mut ctx, m, &target, &patterns).unwrap();
    let text = print(&ctx, &syntax, m);
    assert!(
        text.contains("%0 = arith.extsi %arg0 : i32 to i64"),
        "{text}"
    );
    assert!(text.contains("%2 = arith.trunci %1 : i64 to i32"), "{text}");
    assert!(!text.contains("unrealized"), "{text}");
}

#[test]
fn block_signature_conversion() {
    // test.region's pattern converts its block's argument to i64: the old users read it
    // through a source cast at the block start.
    let src = r#"func.func @h() {
  "test.region"() ({
  ^bb0(%a: i32, %b: f32):
    "test.use"(%a, %b) : (i32, f32) -> ()
  }) : () -> ()
  return
}
"#;
    let (mut ctx, syntax, m) = parse(src);
    let mut target = ConversionTarget::new();
    target.add_dynamically_legal_op("test.region", |ctx, op| {
        ctx.attr_of(op, "converted").is_some()
    });
    let mut patterns = ConversionPatternSet::with_type_converter(widen_i32());
    patterns.add("test.region", |rw, op, _: &OpAdaptor| {
        let r = rw.ctx.region(op, 0);
        rw.convert_region_types(r)?;
        let unit = rw.ctx.unit_attr();
        rw.ctx.set_attr(op, "converted", unit);
        Ok(true)
    });
    apply_partial_conversion(&mut ctx, m, &target, &patterns).unwrap();
    assert_eq!(
        print(&ctx, &syntax, m),
        r#"module {
  func.func @h() {
    "test.region"() ({
    ^bb0(%arg0: i64, %arg1: f32):
      %0 = builtin.unrealized_conversion_cast %arg0 : i64 to i32
      "test.use"(%0, %arg1) : (i32, f32) -> ()
    }) {converted} : () -> ()
    return
  }
}
"#
    );
}

#[test]
fn type_converter_rules_last_added_first() {
    let mut ctx = Context::new();
    let (i32t, i64t, i8t) = (ctx.int_type(32), ctx.int_type(64), ctx.int_type(8));
    let mut tc = TypeConverter::new();
    assert_eq!(tc.convert_type(&mut ctx, i32t), None);
    tc.add_conversion(|_, t| Some(vec![t]));
    tc.add_conversion(move |_, t| (t == i32t).then(|| vec![i64t, i64t]));
    tc.add_conversion(move |_, t| (t == i8t).then(Vec::new));
    assert_eq!(tc.convert_type(&mut ctx, i32t), Some(vec![i64t, i64t]));
    assert_eq!(tc.convert_single(&mut ctx, i32t), None);
    assert_eq!(tc.convert_type(&mut ctx, i8t), Some(vec![]));
    assert!(tc.is_legal_type(&mut ctx, i64t));
    assert!(!tc.is_legal_type(&mut ctx, i32t));
}

#[test]
fn a_pattern_that_rebuilds_its_op_fails_instead_of_running_forever() {
    // test.a -> a new test.a, again and again: after MAX_PATTERN_DEPTH generations the driver
    // stops applying patterns and reports the op that stayed illegal.
    let (mut ctx, _, m) = parse(CHAIN);
    let mut target = ConversionTarget::new();
    target.add_illegal_op("test.a");
    let mut patterns = ConversionPatternSet::new();
    patterns.add("test.a", |rw, op, a: &OpAdaptor| {
        rename(rw, op, "test.a", a.operands(), None)
    });
    let err = apply_partial_conversion(&mut ctx, m, &target, &patterns).unwrap_err();
    assert_eq!(
        err.message,
        "failed to legalize operation 'test.a' that was explicitly marked illegal"
    );
    // The rebuilt ops keep the location of the tagged test.a (line 4), converted first.
    assert_eq!(err.loc.file_line_col(), Some(("t.mlir", 4, 8)));
    let a_ops = ctx
        .nested_ops(m)
        .into_iter()
        .filter(|&o| ctx.is(o, "test.a"))
        .count();
    assert_eq!(a_ops, 2, "one live test.a per original op");
}
