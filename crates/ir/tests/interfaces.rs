//! The interface registry (`Context::attach_interface` / `interface`) and `InferTypes` (the
//! verifier's check, `Context::build_inferred`) on test ops defined here, without any dialect.

use weir_ir::interfaces::infer_types::{self, InferInput};
use weir_ir::{
    verify, Context, DiagResult, InsertPoint, Location, OpDef, OpState, Traits, TypeKind,
};

/// `test.same`: one result of its first operand's type (a test op with `InferTypes`).
fn infer_same(ctx: &Context, input: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    Ok(vec![infer_types::operand_type(ctx, input, 0)?])
}

/// `test.cmp`: `i1` of its first operand's shape.
fn infer_cmp(ctx: &Context, input: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    infer_types::operand_type(ctx, input, 0)?;
    Ok(vec![infer_types::i1_same_shape(
        ctx,
        ctx.value_type(input.operands[0]),
    )])
}

/// A context with `test.same`, `test.cmp` and a terminator-free container `test.module`, and a
/// block of the container with one `i32` argument (returned).
fn setup() -> (Context, weir_ir::OpId, weir_ir::BlockId) {
    let mut ctx = Context::new();
    ctx.register(OpDef::new("test.same", Traits::PURE).infer_types(infer_same));
    ctx.register(OpDef::new("test.cmp", Traits::PURE).infer_types(infer_cmp));
    ctx.register(OpDef::new("test.module", Traits::NO_TERMINATOR));
    let i32t = ctx.int_type(32);
    let block = ctx.new_block(&[i32t]);
    let region = ctx.new_region();
    ctx.append_block(region, block);
    let mut st = OpState::new(ctx.op_name("test.module"), Location::Unknown);
    st.regions.push(region);
    let module = ctx.create_op(st);
    (ctx, module, block)
}

#[test]
fn declared_result_types_must_be_the_inferred_ones() {
    let (mut ctx, module, block) = setup();
    let a = ctx.block_args(block)[0];
    let i64t = ctx.int_type(64);
    let mut st = OpState::new(ctx.op_name("test.same"), Location::Unknown);
    st.operands = vec![a, a];
    st.result_types = vec![i64t];
    ctx.build_op(st, InsertPoint::End(block));
    // MLIR 22's wording (checked with mlir-opt 22 on `shape.const_shape`, whose own
    // constraints pass): `'OP' op inferred type(s) 'A' are incompatible with return type(s) of
    // operation 'B'`. Without a registered type printer types print in their debug form.
    let err = verify(&ctx, module).unwrap_err();
    assert!(
        err.message.starts_with("'test.same' op inferred type(s) '")
            && err
                .message
                .contains("' are incompatible with return type(s) of operation '"),
        "{}",
        err.message
    );
}

#[test]
fn an_inferred_type_no_op_uses_yet_is_reported() {
    // test.cmp of a vector<4xi32> infers vector<4xi1>, which nothing interned yet.
    let (mut ctx, module, block) = setup();
    let i32t = ctx.int_type(32);
    let v4 = ctx.intern_type(TypeKind::Vector {
        shape: vec![4],
        element: i32t,
    });
    let v = ctx.add_block_arg(block, v4);
    let i1 = ctx.i1();
    let mut st = OpState::new(ctx.op_name("test.cmp"), Location::Unknown);
    st.operands = vec![v, v];
    st.result_types = vec![i1];
    ctx.build_op(st, InsertPoint::End(block));
    let before = ctx.lookup_type(&TypeKind::Vector {
        shape: vec![4],
        element: i1,
    });
    assert_eq!(before, None);
    let err = verify(&ctx, module).unwrap_err();
    assert!(err.message.contains("inferred type(s)"), "{}", err.message);
}

#[test]
fn build_inferred_gives_the_inferred_types_and_verifies() {
    let (mut ctx, module, block) = setup();
    let a = ctx.block_args(block)[0];
    let i32t = ctx.int_type(32);
    let st = {
        let mut st = OpState::new(ctx.op_name("test.same"), Location::Unknown);
        st.operands = vec![a, a];
        st
    };
    let op = ctx.build_inferred(st, InsertPoint::End(block)).unwrap();
    assert_eq!(ctx.value_type(ctx.result(op, 0)), i32t);
    let mut st = OpState::new(ctx.op_name("test.cmp"), Location::Unknown);
    st.operands = vec![a, a];
    let cmp = ctx.build_inferred(st, InsertPoint::End(block)).unwrap();
    let i1 = ctx.i1();
    assert_eq!(ctx.value_type(ctx.result(cmp, 0)), i1);
    verify(&ctx, module).unwrap();
    // No operand to infer from: the hook's error, nothing built.
    let count = ctx.block_ops(block).len();
    let st = OpState::new(ctx.op_name("test.same"), Location::Unknown);
    let err = ctx.build_inferred(st, InsertPoint::End(block)).unwrap_err();
    assert_eq!(
        err.message,
        "'test.same' op expected operand #0 to infer its result type"
    );
    assert_eq!(ctx.block_ops(block).len(), count);
    // An op without the hook.
    let st = OpState::new(ctx.op_name("test.module"), Location::Unknown);
    let err = ctx.build_inferred(st, InsertPoint::End(block)).unwrap_err();
    assert_eq!(
        err.message,
        "'test.module' op does not infer its result types"
    );
}

/// Two interfaces of a pass, attached as external models.
#[derive(Debug, PartialEq)]
struct Remark(&'static str);
#[derive(Debug, PartialEq)]
struct Weight(u32);

#[test]
fn interface_registry_is_keyed_by_op_name_and_type() {
    let (mut ctx, _module, block) = setup();
    assert!(!ctx.has_interface_models::<Remark>());
    ctx.attach_interface("test.same", Remark("same"));
    ctx.attach_interface("test.same", Weight(3));
    ctx.attach_interface("test.cmp", Remark("cmp"));
    // Replacing a model of the same type.
    ctx.attach_interface("test.cmp", Remark("cmp2"));
    let a = ctx.block_args(block)[0];
    let mk = |ctx: &mut Context, name: &str| {
        let mut st = OpState::new(ctx.op_name(name), Location::Unknown);
        st.operands = vec![a];
        ctx.build_inferred(st, InsertPoint::End(block)).unwrap()
    };
    let same = mk(&mut ctx, "test.same");
    let cmp = mk(&mut ctx, "test.cmp");
    assert_eq!(ctx.interface::<Remark>(same), Some(&Remark("same")));
    assert_eq!(ctx.interface::<Weight>(same), Some(&Weight(3)));
    assert_eq!(ctx.interface::<Remark>(cmp), Some(&Remark("cmp2")));
    assert_eq!(ctx.interface::<Weight>(cmp), None);
    assert!(ctx.has_interface_models::<Remark>());
    // An op name attached to before anything uses it.
    ctx.attach_interface("test.later", Weight(7));
    let later = ctx.lookup_op_name("test.later").unwrap();
    assert_eq!(ctx.interface_of_name::<Weight>(later), Some(&Weight(7)));
}
