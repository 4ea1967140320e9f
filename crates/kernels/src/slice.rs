//! Strided boxes and padding: `tensor.extract_slice`, `tensor.insert_slice`, `tensor.pad`.
//!
//! A slice is given by one offset, size and stride per dimension; dimension `i` of the box
//! holds the positions `offsets[i] + k * strides[i]` for `k` in `0..sizes[i]`. As MLIR's
//! verifier requires of static entries (and the reference evaluator of every entry), offsets
//! and sizes are not negative, the offset lies inside the dimension, and so does the last
//! position of a non-empty box (strides may be zero or negative).

use crate::movement::fill;
use crate::{for_each_index, strides as row_strides, text, Result, ShapeError, TensorRef};

/// MLIR `tensor.extract_slice` / `tensor.insert_slice` bounds: checks the box `offsets`,
/// `sizes`, `strides` against a tensor of shape `shape` (the source of an extract, the
/// destination of an insert) and returns the box's shape, `sizes` (the unreduced shape: a
/// rank-reduced slice drops unit sizes and has the same bytes).
///
/// Errors (MLIR's verifier wording where it has one): lists of another length than the rank,
/// a negative offset or size, an offset at or past its dimension's end, a last position out of
/// the dimension.
pub fn slice_check(
    shape: &[u64],
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
) -> Result<Vec<u64>> {
    let rank = shape.len();
    if offsets.len() != rank || sizes.len() != rank || strides.len() != rank {
        return Err(ShapeError(format!(
            "slices a tensor of shape {} with {} offsets, {} sizes and {} strides",
            text(shape),
            offsets.len(),
            sizes.len(),
            strides.len()
        )));
    }
    let err = |m: String| ShapeError(format!("{m} (slice of a tensor of shape {})", text(shape)));
    let mut result = Vec::with_capacity(rank);
    for i in 0..rank {
        let (offset, size, stride) = (offsets[i], sizes[i], strides[i]);
        let n = i128::from(shape[i]);
        if offset < 0 {
            return Err(err(format!("offset {i} is negative: {offset}")));
        }
        if size < 0 {
            return Err(err(format!("size {i} is negative: {size}")));
        }
        if i128::from(offset) >= n {
            return Err(err(format!("offset {i} is out-of-bounds: {offset} >= {n}")));
        }
        if size > 0 {
            let last = i128::from(offset) + (i128::from(size) - 1) * i128::from(stride);
            if last >= n {
                return Err(err(format!(
                    "slice along dimension {i} runs out-of-bounds: {last} >= {n}"
                )));
            }
            if last < 0 {
                return Err(err(format!(
                    "slice along dimension {i} runs out-of-bounds: {last} < 0"
                )));
            }
        }
        result.push(size as u64);
    }
    Ok(result)
}

/// MLIR `tensor.insert_slice` bounds and source shape: [`slice_check`] of the box against
/// `dest`, and `src` must be the box's shape with some unit sizes dropped (a rank-reducing
/// insert). Returns the box's shape.
pub fn insert_slice_check(
    src: &[u64],
    dest: &[u64],
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
) -> Result<Vec<u64>> {
    let slice = slice_check(dest, offsets, sizes, strides)?;
    // `src` must be a subsequence of `slice` that skips only 1s.
    let mut rest = src.iter().peekable();
    let fits = slice.iter().all(|&n| {
        if rest.peek() == Some(&&n) {
            rest.next();
            true
        } else {
            n == 1
        }
    }) && rest.next().is_none();
    if !fits {
        return Err(ShapeError(format!(
            "inserts a tensor of shape {} into a slice of shape {} (destination shape {})",
            text(src),
            text(&slice),
            text(dest)
        )));
    }
    Ok(slice)
}

/// The rows of a box (as accepted by [`slice_check`]) in a tensor of `shape`: calls `f` with
/// the element offset of each row's first element, in the box's row-major order; the row has
/// `sizes[last]` elements, `strides[last]` apart.
fn rows(shape: &[u64], offsets: &[i64], sizes: &[i64], strides: &[i64], mut f: impl FnMut(usize)) {
    let last = shape.len() - 1;
    if sizes[last] == 0 {
        return;
    }
    // The box's first element, with the row-major strides summed from the back.
    let (mut base, mut step) = (0i64, 1i64);
    for i in (0..=last).rev() {
        base += offsets[i] * step;
        step *= shape[i] as i64;
    }
    if sizes[..last].iter().all(|&s| s == 1) {
        // One row (a row of a matrix, a whole vector): no index to walk, nothing allocated.
        f(base as usize);
        return;
    }
    let step = row_strides(shape);
    let outer: Vec<u64> = sizes[..last].iter().map(|&s| s as u64).collect();
    for_each_index(&outer, |k| {
        // In bounds: every position of every dimension is (slice_check).
        let at: i64 = k
            .iter()
            .enumerate()
            .map(|(i, &k)| k as i64 * strides[i] * step[i] as i64)
            .sum();
        f((base + at) as usize);
    });
}

/// The byte position of element `k` of a row starting at element `start` with `stride`.
fn at(start: usize, k: usize, stride: i64, width: usize) -> usize {
    (start as i64 + k as i64 * stride) as usize * width
}

/// MLIR `tensor.extract_slice`: writes the box `offsets`, `sizes`, `strides` of `src` (as
/// accepted by [`slice_check`]) into `dst`, in the box's row-major order. Rows of stride 1
/// are copied whole.
pub fn extract_slice(
    width: usize,
    src: TensorRef<'_>,
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
    dst: &mut [u8],
) {
    if src.shape.is_empty() {
        dst.copy_from_slice(src.data);
        return;
    }
    let (n, stride) = (
        *sizes.last().unwrap_or(&0) as usize,
        *strides.last().unwrap_or(&1),
    );
    let mut d = 0;
    rows(src.shape, offsets, sizes, strides, |start| {
        if stride == 1 {
            let s = start * width;
            dst[d..d + n * width].copy_from_slice(&src.data[s..s + n * width]);
            d += n * width;
        } else {
            for k in 0..n {
                let s = at(start, k, stride, width);
                dst[d..d + width].copy_from_slice(&src.data[s..s + width]);
                d += width;
            }
        }
    });
}

/// MLIR `tensor.insert_slice`: writes `src` into the box `offsets`, `sizes`, `strides` of
/// `dest` (of shape `dest_shape`; as accepted by [`insert_slice_check`]) in place; the rest of
/// `dest` is left as it is. Rows of stride 1 are copied whole.
pub fn insert_slice(
    width: usize,
    src: &[u8],
    dest: &mut [u8],
    dest_shape: &[u64],
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
) {
    if dest_shape.is_empty() {
        dest.copy_from_slice(src);
        return;
    }
    let (n, stride) = (
        *sizes.last().unwrap_or(&0) as usize,
        *strides.last().unwrap_or(&1),
    );
    let mut s = 0;
    rows(dest_shape, offsets, sizes, strides, |start| {
        if stride == 1 {
            let d = start * width;
            dest[d..d + n * width].copy_from_slice(&src[s..s + n * width]);
            s += n * width;
        } else {
            for k in 0..n {
                let d = at(start, k, stride, width);
                dest[d..d + width].copy_from_slice(&src[s..s + width]);
                s += width;
            }
        }
    });
}

/// MLIR `tensor.pad` with a constant padding value: the shape of `src` padded by `low[i]`
/// elements before and `high[i]` after dimension `i` (negative amounts cut, as the reference
/// evaluator reads them).
///
/// Errors: lists of another length than the rank; a dimension whose padded size is negative.
pub fn pad_shape(src: &[u64], low: &[i64], high: &[i64]) -> Result<Vec<u64>> {
    if low.len() != src.len() || high.len() != src.len() {
        return Err(ShapeError(format!(
            "pads a tensor of shape {} with {} low and {} high amounts",
            text(src),
            low.len(),
            high.len()
        )));
    }
    (0..src.len())
        .map(|i| {
            let m = i128::from(low[i]) + i128::from(src[i]) + i128::from(high[i]);
            u64::try_from(m).map_err(|_| {
                ShapeError(format!(
                    "pads dimension {i} of size {} to the negative size {m} (low {}, high {}; shape {})",
                    src[i],
                    low[i],
                    high[i],
                    text(src)
                ))
            })
        })
        .collect()
}

/// MLIR `tensor.pad` with a constant padding value: writes `src` padded by `low`/`high` (as
/// accepted by [`pad_shape`]) into `dst`; every element outside the source is `pad_value`
/// (one element's bytes). One pass over `dst`: per row, the padding before, the source's run,
/// the padding after.
pub fn pad(
    width: usize,
    src: TensorRef<'_>,
    low: &[i64],
    high: &[i64],
    pad_value: &[u8],
    dst: &mut [u8],
) {
    let Some(last) = src.shape.len().checked_sub(1) else {
        dst.copy_from_slice(src.data);
        return;
    };
    let out: Vec<u64> = (0..=last)
        .map(|i| (i128::from(low[i]) + i128::from(src.shape[i]) + i128::from(high[i])) as u64)
        .collect();
    let step = row_strides(src.shape);
    // In i128: the amounts may be as large as i64 allows (pad_shape bounds only the sums).
    let (m, n, l) = (
        i128::from(out[last]),
        i128::from(src.shape[last]),
        i128::from(low[last]),
    );
    // The part of a row of `dst` that the source covers: positions `begin..end`.
    let (begin, end) = (l.clamp(0, m) as usize, (l + n).clamp(0, m) as usize);
    let run = out[last] as usize * width;
    let mut d = 0;
    if run == 0 {
        return;
    }
    for_each_index(&out[..last], |index| {
        let row = &mut dst[d..d + run];
        d += run;
        // The source row: each outer index less its low padding, if inside the source.
        let mut s = 0usize;
        for (i, &j) in index.iter().enumerate() {
            let k = i128::from(j) - i128::from(low[i]);
            if k < 0 || k >= i128::from(src.shape[i]) {
                fill(row, pad_value);
                return;
            }
            s += k as usize * step[i];
        }
        if begin >= end {
            fill(row, pad_value);
            return;
        }
        let first = (s as i128 + begin as i128 - l) as usize * width;
        fill(&mut row[..begin * width], pad_value);
        row[begin * width..end * width]
            .copy_from_slice(&src.data[first..first + (end - begin) * width]);
        fill(&mut row[end * width..], pad_value);
    });
}
