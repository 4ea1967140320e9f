//! The math folders, called through the registry; expected values by hand (in comments) or
//! from IEEE 754 exactness. The full table against mlir-opt 22 is
//! lit-tests/canonicalize/math-folding.mlir.

use common::setup;
use weir_ir::{
    Attr, AttrKind, Context, FloatKind, FoldResult, InsertPoint, Location, OpState, Type,
};
use weir_test_support as common;

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

/// Folds the integer op `name` of the constants `args : iW` (or `index` for `w = 0`).
fn fold_ints(name: &str, w: u32, args: &[i128]) -> Option<i128> {
    let (mut ctx, _) = setup();
    let ty = if w == 0 {
        ctx.index_type()
    } else {
        ctx.int_type(w)
    };
    let block = ctx.new_block(&vec![ty; args.len()]);
    let mut st = OpState::new(ctx.op_name(name), Location::Unknown);
    st.operands = ctx.block_args(block).to_vec();
    st.result_types.push(ty);
    let op = ctx.build_op(st, InsertPoint::End(block));
    let consts: Vec<Option<Attr>> = args.iter().map(|&v| Some(ctx.int_attr(v, ty))).collect();
    let f = ctx
        .op_def(ctx.name(op))
        .and_then(|d| d.fold)
        .expect("folder");
    match f(&mut ctx, op, &consts)?.as_slice() {
        [FoldResult::Constant(a)] => match ctx.attr_kind(*a) {
            AttrKind::Integer { value, .. } => Some(*value),
            AttrKind::Bool(b) => Some(*b as i128),
            k => panic!("unexpected {k:?}"),
        },
        r => panic!("unexpected {r:?}"),
    }
}

#[test]
fn ipowi_by_hand() {
    assert_eq!(fold_ints("math.ipowi", 32, &[3, 4]), Some(81));
    assert_eq!(fold_ints("math.ipowi", 32, &[-3, 3]), Some(-27));
    // 2^31 wraps to the minimum i32; 3^5 = 243 is -13 in i8 (243 - 256).
    assert_eq!(fold_ints("math.ipowi", 32, &[2, 31]), Some(-2147483648));
    assert_eq!(fold_ints("math.ipowi", 8, &[3, 5]), Some(-13));
    // 2^64 wraps to 0 in index.
    assert_eq!(fold_ints("math.ipowi", 0, &[2, 64]), Some(0));
    // Negative powers: 1 for base 1, -1/1 for base -1 (odd/even), 0 otherwise; 0^-n stays.
    assert_eq!(fold_ints("math.ipowi", 32, &[1, -7]), Some(1));
    assert_eq!(fold_ints("math.ipowi", 32, &[-1, -7]), Some(-1));
    assert_eq!(fold_ints("math.ipowi", 32, &[-1, -8]), Some(1));
    assert_eq!(fold_ints("math.ipowi", 32, &[7, -1]), Some(0));
    assert_eq!(fold_ints("math.ipowi", 32, &[0, -1]), None);
    assert_eq!(fold_ints("math.ipowi", 32, &[0, 0]), Some(1));
    // i1: the only power that is not 0 is the bit 1, read as -1.
    assert_eq!(fold_ints("math.ipowi", 1, &[1, 1]), Some(1));
    assert_eq!(fold_ints("math.ipowi", 1, &[0, 1]), None);
    // i128: 3^81 mod 2^128 (Python: pow(3, 81, 2**128), below 2^127 so positive).
    assert_eq!(
        fold_ints("math.ipowi", 128, &[3, 81]),
        Some(103144121322099306484875023187381681347)
    );
}

#[test]
fn absi_by_hand() {
    assert_eq!(fold_ints("math.absi", 32, &[-5]), Some(5));
    assert_eq!(fold_ints("math.absi", 32, &[5]), Some(5));
    assert_eq!(
        fold_ints("math.absi", 32, &[-2147483648]),
        Some(-2147483648)
    );
    assert_eq!(fold_ints("math.absi", 7, &[-64]), Some(-64));
    assert_eq!(fold_ints("math.absi", 0, &[-3]), Some(3));
}

#[test]
fn float_folding_conditions() {
    // log1p folds down to x = -1 (x + 1 = +0.0: -inf), not below; log of +0.0 is -inf.
    assert_eq!(
        run("math.log1p", FloatKind::F64, -1.0),
        Some(f64::NEG_INFINITY.to_bits())
    );
    assert_eq!(run("math.log1p", FloatKind::F32, -1.5), None);
    assert_eq!(
        run("math.log", FloatKind::F32, 0.0),
        Some(f64::NEG_INFINITY.to_bits())
    );
    assert_eq!(run("math.log2", FloatKind::F64, -0.0), None);
    // exp2(10) = 1024 exactly; floor of an f16 folds (exact), its exp does not.
    assert_eq!(
        run("math.exp2", FloatKind::F64, 10.0),
        Some(1024.0f64.to_bits())
    );
    assert_eq!(
        run("math.floor", FloatKind::F16, -2.5),
        Some((-3.0f64).to_bits())
    );
    assert_eq!(run("math.trunc", FloatKind::F16, -2.5), None);
    assert_eq!(run("math.exp", FloatKind::F16, 1.0), None);
    // roundeven: ties to even.
    assert_eq!(
        run("math.roundeven", FloatKind::F32, -2.5),
        Some((-2.0f64).to_bits())
    );
}

#[test]
fn ops_without_a_folder() {
    let (mut ctx, _) = setup();
    for name in ["math.rsqrt", "math.cbrt", "math.fma", "math.fpowi"] {
        let id = ctx.op_name(name);
        let def = ctx.op_def(id).unwrap();
        assert!(def.fold.is_none(), "{name}");
    }
}
