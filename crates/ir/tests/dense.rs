//! The `dense<...>` storage and its API (`weir_ir::dense`): layout of the bytes per element type
//! (expected bytes written by hand from IEEE 754 / two's complement, little-endian), splat
//! detection, validation errors, interning, and `dense_map`.
use weir_ir::{Context, DenseValue, ElementKind, FloatKind, Signedness, Type, TypeKind};

fn tensor(ctx: &mut Context, dims: &[u64], element: Type) -> Type {
    ctx.intern_type(TypeKind::Tensor {
        shape: Some(dims.iter().map(|&d| Some(d)).collect()),
        element,
    })
}

#[test]
fn integer_layout_and_accessors() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let ty = tensor(&mut ctx, &[2, 2], i32t);
    let vals = [1, -2, 256, 7].map(DenseValue::Int);
    let a = ctx.dense_from_values(ty, &vals).unwrap();
    let d = ctx.dense_elements(a).unwrap();
    assert_eq!((d.ty(), d.element_type(), d.len()), (ty, i32t, 4));
    assert!(!d.is_splat());
    // 1, -2 = 0xFFFFFFFE, 256 = 0x100, 7; little-endian.
    assert_eq!(
        d.raw_bytes(),
        &[1, 0, 0, 0, 0xFE, 0xFF, 0xFF, 0xFF, 0, 1, 0, 0, 7, 0, 0, 0]
    );
    assert_eq!(d.int(1), Some(-2));
    assert_eq!(d.float(1), None);
    assert_eq!(d.iter().collect::<Vec<_>>(), vals.to_vec());
    assert_eq!(
        d.element_kind(),
        ElementKind::Int {
            width: 32,
            unsigned: false
        }
    );
    // The same values intern to the same attribute.
    assert_eq!(ctx.dense_from_values(ty, &vals).unwrap(), a);
}

#[test]
fn equal_elements_are_one_stored_splat() {
    let mut ctx = Context::new();
    let f32t = ctx.float_type(FloatKind::F32);
    let ty = tensor(&mut ctx, &[3], f32t);
    let one = DenseValue::Float(1.0f64.to_bits());
    let a = ctx.dense_from_values(ty, &[one, one, one]).unwrap();
    assert_eq!(ctx.dense_splat(ty, one).unwrap(), a);
    let d = ctx.dense_elements(a).unwrap();
    assert!(d.is_splat());
    // 1.0f32 = 0x3F800000.
    assert_eq!(d.raw_bytes(), &[0, 0, 0x80, 0x3F]);
    assert_eq!(d.len(), 3);
    assert_eq!(d.float(2), Some(1.0));
    assert_eq!(d.splat_value(), Some(one));
    // 10^9 elements: four bytes.
    let big = tensor(&mut ctx, &[1_000_000_000], f32t);
    let b = ctx.dense_splat(big, one).unwrap();
    let d = ctx.dense_elements(b).unwrap();
    assert_eq!((d.len(), d.raw_bytes().len()), (1_000_000_000, 4));
    assert_eq!(d.get(999_999_999), one);
}

#[test]
fn narrow_and_float_layouts() {
    let mut ctx = Context::new();
    let i1 = ctx.i1();
    let ty = tensor(&mut ctx, &[3], i1);
    // i1: one byte per element, any non-zero byte read as true and stored as 1.
    let a = ctx.dense_from_bytes(ty, vec![1, 0, 5]).unwrap();
    let d = ctx.dense_elements(a).unwrap();
    assert_eq!(d.raw_bytes(), &[1, 0, 1]);
    assert_eq!(d.int(2), Some(1));
    // ui8 255 reads back 255, i8 255 (the same byte) reads back -1.
    let ui8 = ctx.intern_type(TypeKind::Integer {
        width: 8,
        signedness: Signedness::Unsigned,
    });
    let i8t = ctx.int_type(8);
    let (tu, ts) = (tensor(&mut ctx, &[2], ui8), tensor(&mut ctx, &[2], i8t));
    let u = ctx.dense_from_bytes(tu, vec![255, 1]).unwrap();
    let s = ctx.dense_from_bytes(ts, vec![255, 1]).unwrap();
    assert_eq!(ctx.dense_elements(u).unwrap().int(0), Some(255));
    assert_eq!(ctx.dense_elements(s).unwrap().int(0), Some(-1));
    // index: 8 bytes.
    let idx = ctx.index_type();
    let ti = tensor(&mut ctx, &[2], idx);
    let a = ctx
        .dense_from_values(ti, &[DenseValue::Int(-1), DenseValue::Int(2)])
        .unwrap();
    let d = ctx.dense_elements(a).unwrap();
    assert_eq!(d.raw_bytes().len(), 16);
    assert_eq!(d.int(0), Some(-1));
    // f16 1.0 = 0x3C00, -2.0 = 0xC000; bf16 1.0 = 0x3F80; f64 NaN payload kept exactly.
    let f16t = ctx.float_type(FloatKind::F16);
    let bf16t = ctx.float_type(FloatKind::BF16);
    let f64t = ctx.float_type(FloatKind::F64);
    let (th, tb, td) = (
        tensor(&mut ctx, &[2], f16t),
        tensor(&mut ctx, &[2], bf16t),
        tensor(&mut ctx, &[2], f64t),
    );
    let vals = [1.0f64, -2.0].map(|v| DenseValue::Float(v.to_bits()));
    let h = ctx.dense_from_values(th, &vals).unwrap();
    assert_eq!(
        ctx.dense_elements(h).unwrap().raw_bytes(),
        &[0x00, 0x3C, 0x00, 0xC0]
    );
    let b = ctx.dense_from_values(tb, &vals).unwrap();
    assert_eq!(
        ctx.dense_elements(b).unwrap().raw_bytes(),
        &[0x80, 0x3F, 0x00, 0xC0]
    );
    let nan = 0x7FF0_0000_0000_0001u64.to_le_bytes();
    let mut bytes = nan.to_vec();
    bytes.extend_from_slice(&1.0f64.to_le_bytes());
    let n = ctx.dense_from_bytes(td, bytes.clone()).unwrap();
    assert_eq!(ctx.dense_elements(n).unwrap().raw_bytes(), bytes.as_slice());
}

#[test]
fn invalid_inputs_are_errors() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let ty = tensor(&mut ctx, &[3], i32t);
    // 3 elements of 4 bytes: 4 (a splat) or 12 bytes.
    assert!(ctx.dense_from_bytes(ty, vec![0; 8]).is_err());
    assert!(ctx.dense_from_values(ty, &[DenseValue::Float(0)]).is_err());
    let dynamic = ctx.intern_type(TypeKind::Tensor {
        shape: Some(vec![None]),
        element: i32t,
    });
    assert_eq!(
        ctx.dense_from_bytes(dynamic, vec![0; 4]),
        Err("elements literal type must have static shape".to_string())
    );
    assert_eq!(
        ctx.dense_from_bytes(i32t, vec![0; 4]),
        Err("elements literal must be a shaped type".to_string())
    );
    let none = ctx.intern_type(TypeKind::None);
    let tn = tensor(&mut ctx, &[1], none);
    assert!(ctx.dense_from_bytes(tn, vec![0]).is_err());
}

#[test]
fn dense_map_keeps_splats_and_maps_elements() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let i1 = ctx.i1();
    let ty = tensor(&mut ctx, &[1_000_000_000], i32t);
    let b1 = tensor(&mut ctx, &[1_000_000_000], i1);
    let add = |_: &Context, v: &[DenseValue]| match *v {
        [DenseValue::Int(a), DenseValue::Int(b)] => Some(DenseValue::Int(a + b)),
        _ => None,
    };
    let (x, y) = (
        ctx.dense_splat(ty, DenseValue::Int(2)).unwrap(),
        ctx.dense_splat(ty, DenseValue::Int(3)).unwrap(),
    );
    let r = ctx.dense_map(&[x, y], ty, add).unwrap();
    assert_eq!(ctx.dense_splat(ty, DenseValue::Int(5)).unwrap(), r);
    // Another result element type (a comparison's i1).
    let lt = ctx
        .dense_map(&[x, y], b1, |_, v| match *v {
            [DenseValue::Int(a), DenseValue::Int(b)] => Some(DenseValue::Int((a < b) as i128)),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        ctx.dense_elements(lt).unwrap().splat_value(),
        Some(DenseValue::Int(1))
    );
    // Non-splat with a splat operand broadcast: [1, 2, 3] + 10 = [11, 12, 13].
    let t3 = tensor(&mut ctx, &[3], i32t);
    let v = ctx
        .dense_from_values(t3, &[1, 2, 3].map(DenseValue::Int))
        .unwrap();
    let ten = ctx.dense_splat(t3, DenseValue::Int(10)).unwrap();
    let r = ctx.dense_map(&[v, ten], t3, add).unwrap();
    let want = ctx
        .dense_from_values(t3, &[11, 12, 13].map(DenseValue::Int))
        .unwrap();
    assert_eq!(r, want);
    // An element declined: no result.
    assert!(ctx
        .dense_map(&[v, ten], t3, |_, v| (v[0] != DenseValue::Int(2))
            .then_some(v[0]))
        .is_none());
    // Different element counts: no result.
    assert!(ctx.dense_map(&[v, x], t3, add).is_none());
}
