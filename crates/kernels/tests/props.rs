//! Property tests: transpose by a permutation then by its inverse is the identity (and agrees
//! with the index formula); concat then extract_slice gives back the inputs; insert_slice then
//! extract_slice of the same box gives back the source; matmul equals a naive triple loop.

use proptest::prelude::*;
use weir_ir::{ElementKind, FloatKind};
use weir_kernels::*;

fn r<'a>(shape: &'a [u64], data: &'a [u8]) -> TensorRef<'a> {
    TensorRef { shape, data }
}

/// Distinct bytes-ish contents for `n` bytes.
fn content(n: usize, seed: u8) -> Vec<u8> {
    (0..n)
        .map(|i| (i as u8).wrapping_mul(31).wrapping_add(seed))
        .collect()
}

/// A shape of rank 1..=4 (sizes 0..=5; rank 2 also up to 70, past the transpose tiles), a
/// permutation of it and an element width.
fn shape_perm() -> impl Strategy<Value = (Vec<u64>, Vec<usize>, usize)> {
    prop_oneof![
        (1usize..=4).prop_flat_map(|rank| prop::collection::vec(0u64..=5, rank)),
        prop::collection::vec(1u64..=70, 2),
    ]
    .prop_flat_map(|shape| {
        let perm = Just((0..shape.len()).collect::<Vec<_>>()).prop_shuffle();
        (
            Just(shape),
            perm,
            prop::sample::select(vec![1usize, 2, 3, 4, 8]),
        )
    })
}

proptest! {
    #[test]
    fn transpose_then_inverse_is_identity((shape, perm, w) in shape_perm(), seed: u8) {
        let src = content(byte_len(&shape, w).unwrap(), seed);
        let out: Vec<u64> = perm.iter().map(|&p| shape[p]).collect();
        prop_assert_eq!(transpose_shape(&shape, &out, &perm).unwrap(), out.clone());
        let mut mid = vec![0; src.len()];
        transpose(w, r(&shape, &src), &perm, &mut mid);
        // The index formula: mid[i] = src[j] with j[perm[k]] = i[k].
        let mut index = vec![0u64; out.len()];
        for e in 0..(mid.len() / w) {
            let mut rem = e as u64;
            for d in (0..out.len()).rev() {
                index[d] = rem % out[d];
                rem /= out[d];
            }
            let mut j = vec![0u64; shape.len()];
            for (k, &p) in perm.iter().enumerate() {
                j[p] = index[k];
            }
            let s = j.iter().zip(&shape).fold(0u64, |a, (&i, &n)| a * n + i) as usize;
            prop_assert_eq!(&mid[e * w..(e + 1) * w], &src[s * w..(s + 1) * w]);
        }
        let mut inv = vec![0usize; perm.len()];
        for (i, &p) in perm.iter().enumerate() {
            inv[p] = i;
        }
        let mut back = vec![0; src.len()];
        transpose(w, r(&out, &mid), &inv, &mut back);
        prop_assert_eq!(back, src);
    }

    #[test]
    fn concat_then_extract_slice_gives_the_inputs(
        (base, dim) in (1usize..=3).prop_flat_map(|rank| (prop::collection::vec(0u64..=4, rank), 0..rank)),
        along in prop::collection::vec(0u64..=4, 1..=4),
        w in prop::sample::select(vec![1usize, 2, 4, 8]),
    ) {
        let shapes: Vec<Vec<u64>> = along.iter().map(|&n| {
            let mut s = base.clone();
            s[dim] = n;
            s
        }).collect();
        let datas: Vec<Vec<u8>> = shapes.iter().enumerate()
            .map(|(i, s)| content(byte_len(s, w).unwrap(), i as u8 * 50)).collect();
        let refs: Vec<&[u64]> = shapes.iter().map(|s| &s[..]).collect();
        let out = concat_shape(&refs, dim).unwrap();
        let inputs: Vec<TensorRef> = shapes.iter().zip(&datas).map(|(s, d)| r(s, d)).collect();
        let mut dst = vec![0; byte_len(&out, w).unwrap()];
        concat(w, &inputs, dim, &mut dst);
        let mut at = 0i64;
        for (s, d) in shapes.iter().zip(&datas) {
            let mut offsets = vec![0i64; s.len()];
            offsets[dim] = at;
            at += s[dim] as i64;
            let sizes: Vec<i64> = s.iter().map(|&n| n as i64).collect();
            let strides = vec![1i64; s.len()];
            // An empty box may start at the end; the bounds check reads offsets only then.
            if slice_check(&out, &offsets, &sizes, &strides).is_err() {
                prop_assert!(d.is_empty());
                continue;
            }
            let mut back = vec![0; d.len()];
            extract_slice(w, r(&out, &dst), &offsets, &sizes, &strides, &mut back);
            prop_assert_eq!(&back, d);
        }
    }

    #[test]
    fn insert_then_extract_gives_the_source(
        boxed in prop::collection::vec((1u64..=6, 0u64..6, 0u64..=3, -2i64..=2), 1..=3),
        w in prop::sample::select(vec![1usize, 2, 4]),
        seed: u8,
    ) {
        // Per dimension: size n, offset o < n, box size k, stride s; kept only when in bounds.
        let shape: Vec<u64> = boxed.iter().map(|b| b.0).collect();
        let offsets: Vec<i64> = boxed.iter().map(|b| (b.1 % b.0) as i64).collect();
        let sizes: Vec<i64> = boxed.iter().map(|b| b.2 as i64).collect();
        let strides: Vec<i64> = boxed.iter().map(|b| b.3).collect();
        let Ok(slice) = slice_check(&shape, &offsets, &sizes, &strides) else {
            return Ok(());
        };
        // Stride 0 writes one position several times: the last write wins, so the extract
        // returns copies of the last value; keep the boxes whose positions are distinct.
        prop_assume!(sizes.iter().zip(&strides).all(|(&k, &s)| s != 0 || k <= 1));
        let src = content(byte_len(&slice, w).unwrap(), seed);
        let mut dest = content(byte_len(&shape, w).unwrap(), seed.wrapping_add(7));
        let before = dest.clone();
        insert_slice_check(&slice, &shape, &offsets, &sizes, &strides).unwrap();
        insert_slice(w, &src, &mut dest, &shape, &offsets, &sizes, &strides);
        let mut back = vec![0; src.len()];
        extract_slice(w, r(&shape, &dest), &offsets, &sizes, &strides, &mut back);
        prop_assert_eq!(back, src);
        // Outside the box nothing changed: inserting the old contents back restores `before`.
        let mut old = vec![0; byte_len(&slice, w).unwrap()];
        extract_slice(w, r(&shape, &before), &offsets, &sizes, &strides, &mut old);
        insert_slice(w, &old, &mut dest, &shape, &offsets, &sizes, &strides);
        prop_assert_eq!(dest, before);
    }

    #[test]
    fn matmul_equals_naive_loops(m in 0usize..=24, k in 0usize..=24, n in 0usize..=24, seed in 0i64..100) {
        let val = |i: usize, s: i64| ((i as i64 * 7 + s) % 19) - 9;
        let a: Vec<i64> = (0..m * k).map(|i| val(i, seed)).collect();
        let b: Vec<i64> = (0..k * n).map(|i| val(i, seed + 3)).collect();
        let c: Vec<i64> = (0..m * n).map(|i| val(i, seed + 5)).collect();
        let mut naive = c.clone();
        for i in 0..m {
            for j in 0..n {
                for p in 0..k {
                    naive[i * n + j] += a[i * k + p] * b[p * n + j];
                }
            }
        }
        let (sa, sb, sc) = ([m as u64, k as u64], [k as u64, n as u64], [m as u64, n as u64]);
        matmul_shape(&sa, &sb, &sc).unwrap();
        // i32: exact.
        let i32s = |v: &[i64]| -> Vec<u8> { v.iter().flat_map(|&x| (x as i32).to_le_bytes()).collect() };
        let i32k = ElementKind::Int { width: 32, unsigned: false };
        let mut dst = vec![0; m * n * 4];
        matmul(i32k, r(&sa, &i32s(&a)), r(&sb, &i32s(&b)), r(&sc, &i32s(&c)), &mut dst);
        prop_assert_eq!(&dst, &i32s(&naive));
        // f64 through the GEMM: small integers, so every sum is exact in any order.
        let f64s = |v: &[i64]| -> Vec<u8> { v.iter().flat_map(|&x| (x as f64).to_le_bytes()).collect() };
        let mut dst = vec![0; m * n * 8];
        let f64k = ElementKind::Float(FloatKind::F64);
        matmul(f64k, r(&sa, &f64s(&a)), r(&sb, &f64s(&b)), r(&sc, &f64s(&c)), &mut dst);
        prop_assert_eq!(&dst, &f64s(&naive));
        // f32 likewise.
        let f32s = |v: &[i64]| -> Vec<u8> { v.iter().flat_map(|&x| (x as f32).to_le_bytes()).collect() };
        let mut dst = vec![0; m * n * 4];
        let f32k = ElementKind::Float(FloatKind::F32);
        matmul(f32k, r(&sa, &f32s(&a)), r(&sb, &f32s(&b)), r(&sc, &f32s(&c)), &mut dst);
        prop_assert_eq!(&dst, &f32s(&naive));
    }
}
