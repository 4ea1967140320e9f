//! The math folders (`math.sqrt`, `math.absf`), called through the registry.

mod common;
use common::setup;
use weir_ir::{
    Attr, AttrKind, Context, FloatKind, FoldResult, InsertPoint, Location, OpState, Type,
};

/// Folds `name` of the constant `v : ty`; the folded value's f64 bits, or `None`.
fn fold(ctx: &mut Context, name: &str, ty: Type, c: Option<Attr>) -> Option<u64> {
    let block = ctx.new_block(&[ty]);
    let x = ctx.block_args(block)[0];
    let mut st = OpState::new(ctx.op_name(name), Location::Unknown);
    st.operands.push(x);
    st.result_types.push(ty);
    let op = ctx.build_op(st, InsertPoint::End(block));
    let f = ctx
        .op_def(ctx.name(op))
        .and_then(|d| d.fold)
        .expect("folder");
    match f(ctx, op, &[c])?.as_slice() {
        [FoldResult::Constant(a)] => match ctx.attr_kind(*a) {
            AttrKind::Float { bits, .. } => Some(*bits),
            k => panic!("unexpected {k:?}"),
        },
        r => panic!("unexpected {r:?}"),
    }
}

fn run(name: &str, kind: FloatKind, v: f64) -> Option<u64> {
    let (mut ctx, _) = setup();
    let ty = ctx.float_type(kind);
    let a = ctx.float_attr(v, ty);
    fold(&mut ctx, name, ty, Some(a))
}

#[test]
fn sqrt_in_the_types_precision() {
    // sqrt(2) in f32 is 0x3FB504F3; in f64 0x3FF6A09E667F3BCD.
    assert_eq!(
        run("math.sqrt", FloatKind::F32, 2.0),
        Some((f32::from_bits(0x3FB504F3) as f64).to_bits())
    );
    assert_eq!(
        run("math.sqrt", FloatKind::F64, 2.0),
        Some(0x3FF6A09E667F3BCD)
    );
    assert_eq!(
        run("math.sqrt", FloatKind::F64, 16.0),
        Some(4.0f64.to_bits())
    );
    assert_eq!(
        run("math.sqrt", FloatKind::F32, 0.0),
        Some(0.0f64.to_bits())
    );
    assert_eq!(
        run("math.sqrt", FloatKind::F64, f64::INFINITY),
        Some(f64::INFINITY.to_bits())
    );
    // Negative inputs (NaN at run time) and -0.0 are not folded, as in MLIR.
    assert_eq!(run("math.sqrt", FloatKind::F32, -4.0), None);
    assert_eq!(run("math.sqrt", FloatKind::F64, -0.0), None);
    // f16 is not folded.
    assert_eq!(run("math.sqrt", FloatKind::F16, 4.0), None);
}

#[test]
fn absf() {
    assert_eq!(
        run("math.absf", FloatKind::F32, -4.0),
        Some(4.0f64.to_bits())
    );
    assert_eq!(
        run("math.absf", FloatKind::F64, -0.0),
        Some(0.0f64.to_bits())
    );
    assert_eq!(
        run("math.absf", FloatKind::F64, f64::NEG_INFINITY),
        Some(f64::INFINITY.to_bits())
    );
    assert_eq!(
        run("math.absf", FloatKind::F16, -1.5),
        Some(1.5f64.to_bits())
    );
    let neg_nan = f64::from_bits(0xFFF8000000000001);
    assert_eq!(
        run("math.absf", FloatKind::F64, neg_nan),
        Some(0x7FF8000000000001)
    );
}

#[test]
fn non_constants_and_malformed_ops_do_not_fold() {
    let (mut ctx, _) = setup();
    let f32t = ctx.float_type(FloatKind::F32);
    assert_eq!(fold(&mut ctx, "math.sqrt", f32t, None), None);
    let i32t = ctx.int_type(32);
    let c = ctx.int_attr(4, i32t);
    assert_eq!(fold(&mut ctx, "math.absf", f32t, Some(c)), None);
    assert_eq!(fold(&mut ctx, "math.sqrt", i32t, Some(c)), None);
}
