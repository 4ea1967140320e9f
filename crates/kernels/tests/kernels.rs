//! Each kernel on small cases whose values are computed by hand (in the comments), and every
//! shape error with its message.

use weir_ir::{ElementKind, FloatKind};
use weir_kernels::*;

const I32: ElementKind = ElementKind::Int {
    width: 32,
    unsigned: false,
};
const F32: ElementKind = ElementKind::Float(FloatKind::F32);

fn i32s(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn to_i32s(b: &[u8]) -> Vec<i32> {
    b.chunks_exact(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn f32s(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn to_f32s(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn f16s(v: &[f32]) -> Vec<u8> {
    v.iter()
        .flat_map(|&x| half::f16::from_f32(x).to_bits().to_le_bytes())
        .collect()
}

fn to_f16s(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(2)
        .map(|c| half::f16::from_bits(u16::from_le_bytes([c[0], c[1]])).to_f32())
        .collect()
}

fn t<'a>(shape: &'a [u64], data: &'a [u8]) -> TensorRef<'a> {
    TensorRef { shape, data }
}

fn err<T: std::fmt::Debug>(r: Result<T>) -> String {
    r.unwrap_err().0
}

/// Runs `transpose` of the i32 tensor `v` of `shape` by `perm`.
fn transposed(shape: &[u64], v: &[i32], perm: &[usize]) -> Vec<i32> {
    let out: Vec<u64> = perm.iter().map(|&p| shape[p]).collect();
    transpose_shape(shape, &out, perm).unwrap();
    let src = i32s(v);
    let mut dst = vec![0; src.len()];
    transpose(4, t(shape, &src), perm, &mut dst);
    to_i32s(&dst)
}

#[test]
fn transposes() {
    // [[1, 2, 3], [4, 5, 6]]^T = [[1, 4], [2, 5], [3, 6]]
    assert_eq!(
        transposed(&[2, 3], &[1, 2, 3, 4, 5, 6], &[1, 0]),
        [1, 4, 2, 5, 3, 6]
    );
    // x[i][j][k] = 100i + 10j + k of shape (2, 2, 3); perm [1, 0, 2] keeps rows:
    // y[j][i] = x[i][j] -> rows x[0][0], x[1][0], x[0][1], x[1][1].
    let x = [0, 1, 2, 10, 11, 12, 100, 101, 102, 110, 111, 112];
    assert_eq!(
        transposed(&[2, 2, 3], &x, &[1, 0, 2]),
        [0, 1, 2, 100, 101, 102, 10, 11, 12, 110, 111, 112]
    );
    // perm [2, 0, 1]: y[k][i][j] = x[i][j][k], shape (3, 2, 2):
    // k = 0: 0, 10, 100, 110; k = 1: 1, 11, 101, 111; k = 2: 2, 12, 102, 112.
    assert_eq!(
        transposed(&[2, 2, 3], &x, &[2, 0, 1]),
        [0, 10, 100, 110, 1, 11, 101, 111, 2, 12, 102, 112]
    );
    // Rank 0 and an empty tensor.
    assert_eq!(transposed(&[], &[7], &[]), [7]);
    assert_eq!(transposed(&[0, 3], &[], &[1, 0]), Vec::<i32>::new());
    // 3-byte elements (i24) take the general width: [[a, b], [c, d]]^T = [[a, c], [b, d]].
    let src = [1u8, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    let mut dst = [0u8; 12];
    transpose(3, t(&[2, 2], &src), &[1, 0], &mut dst);
    assert_eq!(dst, [1, 2, 3, 7, 8, 9, 4, 5, 6, 10, 11, 12]);
}

#[test]
fn transpose_errors() {
    assert_eq!(
        err(transpose_shape(&[2, 3], &[3, 2], &[0, 0])),
        "permutation [0, 0] is not a permutation of the 2 dimensions of operand #0 of shape (2, 3)"
    );
    assert_eq!(
        err(transpose_shape(&[2, 3], &[3, 2], &[1])),
        "permutation [1] is not a permutation of the 2 dimensions of operand #0 of shape (2, 3)"
    );
    assert_eq!(
        err(transpose_shape(&[2, 3], &[3, 4], &[1, 0])),
        "dimension 1 of operand #1 is 4, expected 2 (shapes (2, 3) and (3, 4))"
    );
    assert_eq!(
        err(transpose_shape(&[2, 3], &[6], &[1, 0])),
        "operand #1 of shape (6) has rank 1, expected 2"
    );
}

#[test]
fn broadcasts() {
    let src = i32s(&[1, 2, 3]);
    let mut dst = vec![0; 24];
    // (3) -> (2, 3) adding dim 0: [[1, 2, 3], [1, 2, 3]].
    assert_eq!(broadcast_shape(&[3], &[2, 3], &[0]).unwrap(), [2, 3]);
    broadcast(4, t(&[3], &src), &[2, 3], &[0], &mut dst);
    assert_eq!(to_i32s(&dst), [1, 2, 3, 1, 2, 3]);
    // (3) -> (3, 2) adding dim 1: [[1, 1], [2, 2], [3, 3]].
    broadcast(4, t(&[3], &src), &[3, 2], &[1], &mut dst);
    assert_eq!(to_i32s(&dst), [1, 1, 2, 2, 3, 3]);
    // () -> (2) and (3) -> (3) (no added dim).
    let mut two = vec![0; 8];
    broadcast(4, t(&[], &src[..4]), &[2], &[0], &mut two);
    assert_eq!(to_i32s(&two), [1, 1]);
    let mut same = vec![0; 12];
    broadcast(4, t(&[3], &src), &[3], &[], &mut same);
    assert_eq!(to_i32s(&same), [1, 2, 3]);
    // (2) -> (2, 2, 2) adding dims 0 and 2: x[j] at [i][j][k]: [1, 1, 2, 2, 1, 1, 2, 2].
    let mut cube = vec![0; 32];
    broadcast(4, t(&[2], &src[..8]), &[2, 2, 2], &[0, 2], &mut cube);
    assert_eq!(to_i32s(&cube), [1, 1, 2, 2, 1, 1, 2, 2]);
}

#[test]
fn broadcast_errors() {
    assert_eq!(
        err(broadcast_shape(&[3], &[2, 4], &[0])),
        "dimension 1 of operand #1 is 4, expected 3 (shapes (3) and (2, 4))"
    );
    assert_eq!(
        err(broadcast_shape(&[3], &[2, 3], &[2])),
        "broadcast dimensions [2] are not distinct dimensions of operand #1 of shape (2, 3)"
    );
    assert_eq!(
        err(broadcast_shape(&[3], &[2, 3, 4], &[0, 0])),
        "broadcast dimensions [0, 0] are not distinct dimensions of operand #1 of shape (2, 3, 4)"
    );
    assert_eq!(
        err(broadcast_shape(&[3, 1], &[2, 3], &[0])),
        "operand #0 of shape (3, 1) has rank 2, expected 1"
    );
}

#[test]
fn concats() {
    // [[1], [2]] ++ [[3, 4], [5, 6]] along 1 = [[1, 3, 4], [2, 5, 6]].
    let (a, b) = (i32s(&[1, 2]), i32s(&[3, 4, 5, 6]));
    assert_eq!(concat_shape(&[&[2, 1], &[2, 2]], 1).unwrap(), [2, 3]);
    let mut dst = vec![0; 24];
    concat(4, &[t(&[2, 1], &a), t(&[2, 2], &b)], 1, &mut dst);
    assert_eq!(to_i32s(&dst), [1, 3, 4, 2, 5, 6]);
    // [[1, 2]] ++ [[3, 4], [5, 6]] along 0 = [[1, 2], [3, 4], [5, 6]].
    assert_eq!(concat_shape(&[&[1, 2], &[2, 2]], 0).unwrap(), [3, 2]);
    concat(4, &[t(&[1, 2], &a), t(&[2, 2], &b)], 0, &mut dst);
    assert_eq!(to_i32s(&dst), [1, 2, 3, 4, 5, 6]);
    // An empty input contributes nothing: (0) ++ (2) = (2).
    let mut two = vec![0; 8];
    concat(4, &[t(&[0], &[]), t(&[2], &a)], 0, &mut two);
    assert_eq!(to_i32s(&two), [1, 2]);
}

#[test]
fn concat_errors() {
    assert_eq!(
        err(concat_shape(&[&[2, 4], &[2, 3]], 0)),
        "dimension 1 of operand #1 is 3, expected 4 (shapes (2, 4) and (2, 3))"
    );
    assert_eq!(
        err(concat_shape(&[&[2, 4], &[2, 4, 1]], 0)),
        "operand #1 of shape (2, 4, 1) has rank 3, expected 2"
    );
    assert_eq!(
        err(concat_shape(&[&[2, 4]], 2)),
        "concatenates along dimension 2 inputs of rank 2 (shape (2, 4))"
    );
    assert_eq!(err(concat_shape(&[], 0)), "concatenates no inputs");
    assert_eq!(
        err(concat_shape(&[&[u64::MAX], &[1]], 0)),
        "concatenating operand #1 of shape (1) makes dimension 0 larger than 64 bits"
    );
}

#[test]
fn slices() {
    // x = 0..16 as 4x4; rows 1..3, columns 0 and 2: [[4, 6], [8, 10]].
    let x: Vec<i32> = (0..16).collect();
    let src = i32s(&x);
    let (off, size, stride) = ([1, 0], [2, 2], [1, 2]);
    assert_eq!(slice_check(&[4, 4], &off, &size, &stride).unwrap(), [2, 2]);
    let mut dst = vec![0; 16];
    extract_slice(4, t(&[4, 4], &src), &off, &size, &stride, &mut dst);
    assert_eq!(to_i32s(&dst), [4, 6, 8, 10]);
    // Contiguous rows: rows 2..4, columns 1..4: [[9, 10, 11], [13, 14, 15]].
    let mut six = vec![0; 24];
    extract_slice(4, t(&[4, 4], &src), &[2, 1], &[2, 3], &[1, 1], &mut six);
    assert_eq!(to_i32s(&six), [9, 10, 11, 13, 14, 15]);
    // A negative stride: 0..5 from 4 by -2, 3 elements: [4, 2, 0]; stride 0 repeats.
    let five = i32s(&[0, 1, 2, 3, 4]);
    let mut three = vec![0; 12];
    slice_check(&[5], &[4], &[3], &[-2]).unwrap();
    extract_slice(4, t(&[5], &five), &[4], &[3], &[-2], &mut three);
    assert_eq!(to_i32s(&three), [4, 2, 0]);
    extract_slice(4, t(&[5], &five), &[1], &[3], &[0], &mut three);
    assert_eq!(to_i32s(&three), [1, 1, 1]);
    // Insert [[1, 2], [3, 4]] into 3x3 zeros at (1, 1): [[0, 0, 0], [0, 1, 2], [0, 3, 4]].
    let mut dest = i32s(&[0; 9]);
    let (off, size, stride) = ([1, 1], [2, 2], [1, 1]);
    insert_slice_check(&[2, 2], &[3, 3], &off, &size, &stride).unwrap();
    insert_slice(
        4,
        &i32s(&[1, 2, 3, 4]),
        &mut dest,
        &[3, 3],
        &off,
        &size,
        &stride,
    );
    assert_eq!(to_i32s(&dest), [0, 0, 0, 0, 1, 2, 0, 3, 4]);
    // Strided insert of [7, 8] into column 0 and 2 of row 0: [[7, 0, 8], [0, 1, 2], ...].
    insert_slice_check(&[2], &[3, 3], &[0, 0], &[1, 2], &[1, 2]).unwrap();
    insert_slice(
        4,
        &i32s(&[7, 8]),
        &mut dest,
        &[3, 3],
        &[0, 0],
        &[1, 2],
        &[1, 2],
    );
    assert_eq!(to_i32s(&dest), [7, 0, 8, 0, 1, 2, 0, 3, 4]);
}

#[test]
fn slice_errors() {
    let check = |o: &[i64], s: &[i64], st: &[i64]| err(slice_check(&[5], o, s, st));
    assert_eq!(
        check(&[5], &[1], &[1]),
        "offset 0 is out-of-bounds: 5 >= 5 (slice of a tensor of shape (5))"
    );
    assert_eq!(
        check(&[3], &[3], &[1]),
        "slice along dimension 0 runs out-of-bounds: 5 >= 5 (slice of a tensor of shape (5))"
    );
    assert_eq!(
        check(&[1], &[3], &[-1]),
        "slice along dimension 0 runs out-of-bounds: -1 < 0 (slice of a tensor of shape (5))"
    );
    assert_eq!(
        check(&[-1], &[1], &[1]),
        "offset 0 is negative: -1 (slice of a tensor of shape (5))"
    );
    assert_eq!(
        check(&[0], &[-2], &[1]),
        "size 0 is negative: -2 (slice of a tensor of shape (5))"
    );
    assert_eq!(
        check(&[0, 0], &[1], &[1]),
        "slices a tensor of shape (5) with 2 offsets, 1 sizes and 1 strides"
    );
    assert_eq!(
        err(insert_slice_check(&[3], &[3, 3], &[0, 0], &[2, 2], &[1, 1])),
        "inserts a tensor of shape (3) into a slice of shape (2, 2) (destination shape (3, 3))"
    );
    // A rank-reducing insert drops unit sizes only.
    assert_eq!(
        insert_slice_check(&[3], &[3, 3], &[1, 0], &[1, 3], &[1, 1]).unwrap(),
        [1, 3]
    );
    assert!(insert_slice_check(&[1, 3], &[3, 3], &[1, 0], &[1, 3], &[1, 1]).is_ok());
    assert_eq!(
        err(insert_slice_check(
            &[3, 1],
            &[3, 3],
            &[1, 0],
            &[1, 3],
            &[1, 1]
        )),
        "inserts a tensor of shape (3, 1) into a slice of shape (1, 3) (destination shape (3, 3))"
    );
}

#[test]
fn pads() {
    // [[1, 2], [3, 4]] low (1, 0) high (0, 1) with 9: [[9, 9, 9], [1, 2, 9], [3, 4, 9]].
    let src = i32s(&[1, 2, 3, 4]);
    assert_eq!(pad_shape(&[2, 2], &[1, 0], &[0, 1]).unwrap(), [3, 3]);
    let mut dst = vec![0; 36];
    pad(4, t(&[2, 2], &src), &[1, 0], &[0, 1], &i32s(&[9]), &mut dst);
    assert_eq!(to_i32s(&dst), [9, 9, 9, 1, 2, 9, 3, 4, 9]);
    // Negative low cuts: [1, 2, 3, 4] low -1 high 1 with 0: [2, 3, 4, 0].
    let mut four = vec![0; 16];
    pad(4, t(&[4], &src), &[-1], &[1], &i32s(&[0]), &mut four);
    assert_eq!(to_i32s(&four), [2, 3, 4, 0]);
    // Everything cut off the row: [1, 2] low -2 high 1: [0].
    let mut one = vec![0; 4];
    pad(4, t(&[2], &src[..8]), &[-2], &[1], &i32s(&[0]), &mut one);
    assert_eq!(to_i32s(&one), [0]);
    // Amounts at the ends of i64 whose sum is small: [1, 2] low -2^63 high 2^63 - 1 has
    // size -2^63 + 2 + 2^63 - 1 = 1, all of it padding: [0].
    assert_eq!(pad_shape(&[2], &[i64::MIN], &[i64::MAX]).unwrap(), [1]);
    pad(
        4,
        t(&[2], &src[..8]),
        &[i64::MIN],
        &[i64::MAX],
        &i32s(&[0]),
        &mut one,
    );
    assert_eq!(to_i32s(&one), [0]);
}

#[test]
fn pad_errors() {
    assert_eq!(
        err(pad_shape(&[2, 2], &[0, -3], &[0, 0])),
        "pads dimension 1 of size 2 to the negative size -1 (low -3, high 0; shape (2, 2))"
    );
    assert_eq!(
        err(pad_shape(&[2, 2], &[0], &[0, 0])),
        "pads a tensor of shape (2, 2) with 1 low and 2 high amounts"
    );
}

#[test]
fn reshapes() {
    assert!(reshape_check(&[2, 3], &[3, 2]).is_ok());
    assert!(reshape_check(&[2, 3], &[6]).is_ok());
    assert_eq!(
        err(reshape_check(&[2, 3], &[4, 2])),
        "reshapes a tensor of shape (2, 3) (6 elements) to the shape (4, 2) (8 elements)"
    );
    assert_eq!(
        err(reshape_check(&[u64::MAX, 2], &[1])),
        "a tensor of shape (18446744073709551615, 2) has more elements than fit in 64 bits"
    );
    // (2, 3, 4) collapsed by [[0, 1], [2]] = (6, 4); (1, 1) by [] = ().
    assert_eq!(
        collapse_shape(&[2, 3, 4], &[vec![0, 1], vec![2]]).unwrap(),
        [6, 4]
    );
    assert_eq!(collapse_shape(&[1, 1], &[]).unwrap(), Vec::<u64>::new());
    assert_eq!(
        err(collapse_shape(&[2, 3, 4], &[vec![0], vec![2]])),
        "reassociation [[0], [2]] does not group the dimensions of shape (2, 3, 4) in order"
    );
    assert!(expand_check(&[6, 4], &[2, 3, 4], &[vec![0, 1], vec![2]]).is_ok());
    assert!(expand_check(&[], &[1, 1], &[]).is_ok());
    assert_eq!(
        err(expand_check(&[6], &[4, 2], &[vec![0, 1]])),
        "expands dimension 0 of size 6 into the sizes (4, 2) whose product is 8 (shapes (6) and (4, 2))"
    );
    assert_eq!(
        err(expand_check(&[6, 1], &[6], &[vec![0]])),
        "reassociation [[0]] does not group the dimensions of shape (6) in order"
    );
}

/// Reduces the f32 tensor `v` of `shape` over `dims` with `c`, from `init`.
fn reduced_f32(shape: &[u64], v: &[f32], dims: &[usize], c: Combiner, init: &[f32]) -> Vec<f32> {
    let out: Vec<u64> = (0..shape.len())
        .filter(|d| !dims.contains(d))
        .map(|d| shape[d])
        .collect();
    assert_eq!(reduce_shape(F32, c, shape, &out, dims).unwrap(), out);
    let (src, init) = (f32s(v), f32s(init));
    let mut dst = vec![0; init.len()];
    reduce(F32, t(shape, &src), dims, c, t(&out, &init), &mut dst);
    to_f32s(&dst)
}

#[test]
fn reduces_floats() {
    let x = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]; // [[1, 2, 3], [4, 5, 6]]
                                            // Over dim 1 from [10, 20]: [10 + 1 + 2 + 3, 20 + 4 + 5 + 6] = [16, 35].
    assert_eq!(
        reduced_f32(&[2, 3], &x, &[1], Combiner::AddF, &[10.0, 20.0]),
        [16.0, 35.0]
    );
    // Over dim 0 from zeros: [1 + 4, 2 + 5, 3 + 6] = [5, 7, 9].
    assert_eq!(
        reduced_f32(&[2, 3], &x, &[0], Combiner::AddF, &[0.0; 3]),
        [5.0, 7.0, 9.0]
    );
    // Over both from 1 with mulf: 720.
    assert_eq!(
        reduced_f32(&[2, 3], &x, &[0, 1], Combiner::MulF, &[1.0]),
        [720.0]
    );
    // maximumf of [-0, +0] from -inf is +0; minimumf of [+0, -0] from +inf is -0.
    let z = reduced_f32(
        &[2],
        &[-0.0, 0.0],
        &[0],
        Combiner::MaximumF,
        &[f32::NEG_INFINITY],
    );
    assert!(z[0] == 0.0 && z[0].is_sign_positive());
    let z = reduced_f32(
        &[2],
        &[0.0, -0.0],
        &[0],
        Combiner::MinimumF,
        &[f32::INFINITY],
    );
    assert!(z[0] == 0.0 && z[0].is_sign_negative());
    // A NaN wins in maximumf, is ignored by maxnumf / minnumf.
    let nan = [1.0, f32::NAN, 2.0];
    assert!(reduced_f32(&[3], &nan, &[0], Combiner::MaximumF, &[0.0])[0].is_nan());
    assert_eq!(
        reduced_f32(&[3], &nan, &[0], Combiner::MaxNumF, &[0.0]),
        [2.0]
    );
    assert_eq!(
        reduced_f32(&[3], &nan, &[0], Combiner::MinNumF, &[0.0]),
        [0.0]
    );
}

#[test]
fn reduces_f16_rounding_each_step() {
    // f16 spacing at 2048 is 2: 2048 + 1 = 2049 rounds (to even) to 2048, twice: 2048;
    // summing in f32 and rounding once would give 2050.
    let f16 = ElementKind::Float(FloatKind::F16);
    let (src, init) = (f16s(&[1.0, 1.0]), f16s(&[2048.0]));
    let mut dst = vec![0; 2];
    reduce_shape(f16, Combiner::AddF, &[2], &[], &[0]).unwrap();
    reduce(
        f16,
        t(&[2], &src),
        &[0],
        Combiner::AddF,
        t(&[], &init),
        &mut dst,
    );
    assert_eq!(to_f16s(&dst), [2048.0]);
}

#[test]
fn reduces_integers() {
    let i8k = ElementKind::Int {
        width: 8,
        unsigned: false,
    };
    let run = |k: ElementKind, v: &[u8], c: Combiner, init: u8| {
        reduce_shape(k, c, &[v.len() as u64], &[], &[0]).unwrap();
        let mut dst = [0u8];
        reduce(
            k,
            t(&[v.len() as u64], v),
            &[0],
            c,
            t(&[], &[init]),
            &mut dst,
        );
        dst[0]
    };
    // i8 [-1, 1, 127] (bytes ff, 01, 7f): addi from 0 = 127 (wraps: -1 + 1 + 127);
    // maxsi from -128 = 127; maxui from 0 = 0xff (255 unsigned); minsi from 0 = -1.
    let v = [0xff, 0x01, 0x7f];
    assert_eq!(run(i8k, &v, Combiner::AddI, 0), 0x7f);
    assert_eq!(run(i8k, &v, Combiner::MaxSI, 0x80), 0x7f);
    assert_eq!(run(i8k, &v, Combiner::MaxUI, 0), 0xff);
    assert_eq!(run(i8k, &v, Combiner::MinSI, 0), 0xff);
    assert_eq!(run(i8k, &v, Combiner::MinUI, 0xff), 0x01);
    // andi 0xff & 0x01 & 0x7f = 1; ori = 0xff; xori 0xff ^ 0x01 ^ 0x7f = 0x81; muli from 1:
    // -1 * 1 * 127 = -127 = 0x81.
    assert_eq!(run(i8k, &v, Combiner::AndI, 0xff), 0x01);
    assert_eq!(run(i8k, &v, Combiner::OrI, 0), 0xff);
    assert_eq!(run(i8k, &v, Combiner::XOrI, 0), 0x81);
    assert_eq!(run(i8k, &v, Combiner::MulI, 1), 0x81);
    // i4: 7 + 1 = 8 wraps to -8, stored sign-extended 0xf8; maxui of [-8, 7] is -8 (8 > 7).
    let i4 = ElementKind::Int {
        width: 4,
        unsigned: false,
    };
    assert_eq!(run(i4, &[7, 1], Combiner::AddI, 0), 0xf8);
    assert_eq!(run(i4, &[0xf8, 7], Combiner::MaxUI, 0), 0xf8);
    // i1 (0/1): addi of three 1s from 0 = 1 (mod 2); stored as 1, not 0xff.
    let i1 = ElementKind::Int {
        width: 1,
        unsigned: false,
    };
    assert_eq!(run(i1, &[1, 1, 1], Combiner::AddI, 0), 1);
    assert_eq!(run(i1, &[1, 0, 1], Combiner::AndI, 1), 0);
    // ui4: 15 + 2 = 17 wraps to 1, stored zero-extended.
    let ui4 = ElementKind::Int {
        width: 4,
        unsigned: true,
    };
    assert_eq!(run(ui4, &[15, 2], Combiner::AddI, 0), 1);
    assert_eq!(run(ui4, &[15, 2], Combiner::MaxUI, 0), 15);
}

#[test]
fn reduces_3d_over_the_middle() {
    // x[i][j][k] = 100i + 10j + k of shape (2, 2, 3), over j from 0: y[i][k] = x[i][0][k] +
    // x[i][1][k] = 200i + 10 + 2k: [[10, 12, 14], [210, 212, 214]].
    let x = i32s(&[0, 1, 2, 10, 11, 12, 100, 101, 102, 110, 111, 112]);
    assert_eq!(
        reduce_shape(I32, Combiner::AddI, &[2, 2, 3], &[2, 3], &[1]).unwrap(),
        [2, 3]
    );
    let init = i32s(&[0; 6]);
    let mut dst = vec![0; 24];
    reduce(
        I32,
        t(&[2, 2, 3], &x),
        &[1],
        Combiner::AddI,
        t(&[2, 3], &init),
        &mut dst,
    );
    assert_eq!(to_i32s(&dst), [10, 12, 14, 210, 212, 214]);
}

#[test]
fn reduce_errors() {
    assert_eq!(
        err(reduce_shape(F32, Combiner::AddF, &[2, 3], &[3], &[1])),
        "dimension 0 of operand #1 is 3, expected 2 (shapes (2, 3) and (3))"
    );
    assert_eq!(
        err(reduce_shape(F32, Combiner::AddF, &[2, 3], &[2], &[2])),
        "reduction dimensions [2] are not distinct dimensions of operand #0 of shape (2, 3)"
    );
    assert_eq!(
        err(reduce_shape(F32, Combiner::AddF, &[2, 3], &[], &[1, 1])),
        "reduction dimensions [1, 1] are not distinct dimensions of operand #0 of shape (2, 3)"
    );
    assert_eq!(
        err(reduce_shape(I32, Combiner::AddF, &[2], &[], &[0])),
        "the combiner AddF does not apply to elements of kind Int { width: 32, unsigned: false }"
    );
    assert_eq!(
        err(reduce_shape(F32, Combiner::MaxSI, &[2], &[1], &[0])),
        "the combiner MaxSI does not apply to elements of kind Float(F32)"
    );
}

#[test]
fn matmuls() {
    // [[1, 2], [3, 4]] . [[5, 6], [7, 8]] + 1 = [[1+5+14, 1+6+16], [1+15+28, 1+18+32]]
    // = [[20, 23], [44, 51]].
    let s = [2u64, 2];
    assert_eq!(matmul_shape(&s, &s, &s).unwrap(), s);
    let (a, b, c) = ([1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [1.0; 4]);
    for kind in [
        F32,
        ElementKind::Float(FloatKind::F64),
        I32,
        ElementKind::Float(FloatKind::F16),
    ] {
        let enc = |v: &[f32]| -> Vec<u8> {
            match kind {
                ElementKind::Float(FloatKind::F64) => {
                    v.iter().flat_map(|&x| (x as f64).to_le_bytes()).collect()
                }
                ElementKind::Float(FloatKind::F16) => f16s(v),
                ElementKind::Int { .. } => i32s(&v.iter().map(|&x| x as i32).collect::<Vec<_>>()),
                _ => f32s(v),
            }
        };
        let mut dst = vec![0; enc(&c).len()];
        matmul(
            kind,
            t(&s, &enc(&a)),
            t(&s, &enc(&b)),
            t(&s, &enc(&c)),
            &mut dst,
        );
        assert_eq!(dst, enc(&[20.0, 23.0, 44.0, 51.0]), "{kind:?}");
    }
    // Unaligned f32 buffers (one byte in) are copied, with the same result.
    let (mut ab, mut bb, mut cb) = (vec![0u8], vec![0u8], vec![0u8]);
    ab.extend(f32s(&a));
    bb.extend(f32s(&b));
    cb.extend(f32s(&c));
    let mut dst = vec![0u8]; // a heap buffer: one byte in is misaligned for f32
    dst.extend([0u8; 16]);
    matmul(
        F32,
        t(&s, &ab[1..]),
        t(&s, &bb[1..]),
        t(&s, &cb[1..]),
        &mut dst[1..],
    );
    assert_eq!(to_f32s(&dst[1..]), [20.0, 23.0, 44.0, 51.0]);
    // (1 x 3) . (3 x 1) with K = 3, and an i8 product that wraps: 100 * 2 = 200 = -56.
    let mut one = vec![0; 4];
    matmul(
        I32,
        t(&[1, 3], &i32s(&[1, 2, 3])),
        t(&[3, 1], &i32s(&[4, 5, 6])),
        t(&[1, 1], &i32s(&[0])),
        &mut one,
    );
    assert_eq!(to_i32s(&one), [32]); // 4 + 10 + 18
    let i8k = ElementKind::Int {
        width: 8,
        unsigned: false,
    };
    let mut w = [0u8];
    matmul(
        i8k,
        t(&[1, 1], &[100]),
        t(&[1, 1], &[2]),
        t(&[1, 1], &[0]),
        &mut w,
    );
    assert_eq!(w[0] as i8, -56);
}

#[test]
fn batch_matmuls() {
    // Batch of two 1x1 products: [2 * 3 + 1, 4 * 5 + 0] = [7, 20].
    let s = [2u64, 1, 1];
    assert_eq!(batch_matmul_shape(&s, &s, &s).unwrap(), s);
    let mut dst = vec![0; 8];
    batch_matmul(
        I32,
        t(&s, &i32s(&[2, 4])),
        t(&s, &i32s(&[3, 5])),
        t(&s, &i32s(&[1, 0])),
        &mut dst,
    );
    assert_eq!(to_i32s(&dst), [7, 20]);
    let mut fdst = vec![0; 8];
    batch_matmul(
        F32,
        t(&s, &f32s(&[2.0, 4.0])),
        t(&s, &f32s(&[3.0, 5.0])),
        t(&s, &f32s(&[1.0, 0.0])),
        &mut fdst,
    );
    assert_eq!(to_f32s(&fdst), [7.0, 20.0]);
}

#[test]
fn matmul_errors() {
    assert_eq!(
        err(matmul_shape(&[2, 4], &[3, 5], &[2, 5])),
        "dimension 0 of operand #1 is 3, expected 4 (shapes (2, 4) and (3, 5))"
    );
    assert_eq!(
        err(matmul_shape(&[2, 4], &[4, 5], &[3, 5])),
        "dimension 0 of operand #2 is 3, expected 2 (shapes (2, 4) and (3, 5))"
    );
    assert_eq!(
        err(matmul_shape(&[2, 4], &[4, 5], &[2, 6])),
        "dimension 1 of operand #2 is 6, expected 5 (shapes (4, 5) and (2, 6))"
    );
    assert_eq!(
        err(matmul_shape(&[2, 4, 1], &[4, 5], &[2, 5])),
        "operand #0 of shape (2, 4, 1) has rank 3, expected 2"
    );
    assert_eq!(
        err(batch_matmul_shape(&[2, 3, 4], &[3, 4, 5], &[2, 3, 5])),
        "dimension 0 of operand #1 is 3, expected 2 (shapes (2, 3, 4) and (3, 4, 5))"
    );
    assert_eq!(
        err(batch_matmul_shape(&[2, 3, 4], &[2, 5, 5], &[2, 3, 5])),
        "dimension 1 of operand #1 is 5, expected 4 (shapes (2, 3, 4) and (2, 5, 5))"
    );
    assert_eq!(
        err(batch_matmul_shape(&[2, 3, 4], &[2, 4, 5], &[2, 3, 6])),
        "dimension 2 of operand #2 is 6, expected 5 (shapes (2, 4, 5) and (2, 3, 6))"
    );
    assert_eq!(
        err(batch_matmul_shape(&[2, 3, 4], &[2, 4, 5], &[2, 2, 5])),
        "dimension 1 of operand #2 is 2, expected 3 (shapes (2, 3, 4) and (2, 2, 5))"
    );
}

#[test]
fn byte_lengths() {
    assert_eq!(byte_len(&[2, 3], 4).unwrap(), 24);
    assert_eq!(byte_len(&[], 8).unwrap(), 8);
    assert_eq!(
        err(byte_len(&[u64::MAX / 2, 2], 4)),
        "a tensor of shape (9223372036854775807, 2) has more bytes than fit in memory"
    );
}
