//! Whole-tensor data movement: `linalg.transpose`, `linalg.broadcast`, `tensor.concat`.

use crate::{
    check_init, for_each_index, mismatch, offset, rank_mismatch, strides, text, Result, ShapeError,
    TensorRef,
};

/// The side of the square tiles [`transpose`] copies in (32 x 32 elements: two tiles of 8-byte
/// elements take 16 KiB, within any L1 cache).
const TILE: usize = 32;

/// MLIR `linalg.transpose ins(input) outs(init) permutation = perm`: the shape of the result,
/// `result[i] = input[perm[i]]`.
///
/// Errors: `perm` is not a permutation of `0..rank(input)`; `init` (operand #1) does not have
/// that shape.
pub fn transpose_shape(input: &[u64], init: &[u64], perm: &[usize]) -> Result<Vec<u64>> {
    let mut seen = vec![false; input.len()];
    let valid = perm.len() == input.len()
        && perm
            .iter()
            .all(|&p| p < seen.len() && !std::mem::replace(&mut seen[p], true));
    if !valid {
        return Err(ShapeError(format!(
            "permutation {perm:?} is not a permutation of the {} dimensions of operand #0 of shape {}",
            input.len(),
            text(input)
        )));
    }
    let result: Vec<u64> = perm.iter().map(|&p| input[p]).collect();
    check_init(&result, init, input)?;
    Ok(result)
}

/// MLIR `linalg.transpose`: writes `src` permuted by `perm` (as accepted by
/// [`transpose_shape`]) into `dst`: `dst[i_0, .., i_n] = src[j]` with `j[perm[k]] = i_k`.
///
/// When the innermost dimension stays innermost, rows are copied whole; otherwise the two
/// dimensions that are innermost in `src` and in `dst` are copied in square tiles, so both
/// sides are read and written in cache-sized blocks.
pub fn transpose(width: usize, src: TensorRef<'_>, perm: &[usize], dst: &mut [u8]) {
    let rank = perm.len();
    if rank == 0 || dst.is_empty() {
        dst.copy_from_slice(src.data);
        return;
    }
    let out: Vec<u64> = perm.iter().map(|&p| src.shape[p]).collect();
    let src_strides = strides(src.shape);
    // The stride in `src` of each dimension of `dst`.
    let by_out: Vec<usize> = perm.iter().map(|&p| src_strides[p]).collect();
    let last = rank - 1;
    if perm[last] == last {
        let run = out[last] as usize * width;
        let mut d = 0;
        for_each_index(&out[..last], |index| {
            let s = offset(index, &by_out) * width;
            dst[d..d + run].copy_from_slice(&src.data[s..s + run]);
            d += run;
        });
        return;
    }
    // `q`: the dimension of `dst` that is innermost in `src` (stride 1 there).
    let mut q = 0;
    while perm[q] != last {
        q += 1;
    }
    let dst_strides = strides(&out);
    let mut outer = out.clone();
    outer[q] = 1;
    outer[last] = 1;
    let plane = Plane {
        rows: out[q] as usize,
        cols: out[last] as usize,
        dst_row: dst_strides[q],
        src_col: by_out[last],
    };
    for_each_index(&outer, |index| {
        let (s, d) = (offset(index, &by_out), offset(index, &dst_strides));
        // Constant widths let the compiler turn each element copy into one move.
        match width {
            1 => plane.copy(1, src.data, s, dst, d),
            2 => plane.copy(2, src.data, s, dst, d),
            4 => plane.copy(4, src.data, s, dst, d),
            8 => plane.copy(8, src.data, s, dst, d),
            w => plane.copy(w, src.data, s, dst, d),
        }
    });
}

/// A 2-D transpose inside [`transpose`]: `rows x cols` elements, element `(a, b)` at
/// `a * dst_row + b` in `dst` and at `a + b * src_col` in `src` (in elements, from a base).
struct Plane {
    rows: usize,
    cols: usize,
    dst_row: usize,
    src_col: usize,
}

impl Plane {
    /// Copies the plane from element `s` of `src` to element `d` of `dst` in square tiles,
    /// elements of `w` bytes.
    #[inline(always)]
    fn copy(&self, w: usize, src: &[u8], s: usize, dst: &mut [u8], d: usize) {
        for a0 in (0..self.rows).step_by(TILE) {
            for b0 in (0..self.cols).step_by(TILE) {
                for a in a0..(a0 + TILE).min(self.rows) {
                    let row = d + a * self.dst_row;
                    for b in b0..(b0 + TILE).min(self.cols) {
                        let (x, y) = ((s + a + b * self.src_col) * w, (row + b) * w);
                        dst[y..y + w].copy_from_slice(&src[x..x + w]);
                    }
                }
            }
        }
    }
}

/// MLIR `linalg.broadcast ins(input) outs(init) dimensions = dims`: `dims` are the
/// dimensions of the result that `input` lacks; the other dimensions of `init`, in order, are
/// `input`'s. Returns the result shape (`init`'s).
///
/// Errors: a dimension in `dims` out of range or repeated; the ranks do not add up; a kept
/// dimension of `init` (operand #1) that differs from `input`'s.
pub fn broadcast_shape(input: &[u64], init: &[u64], dims: &[usize]) -> Result<Vec<u64>> {
    let added = added_dims(init.len(), dims).ok_or_else(|| {
        ShapeError(format!(
            "broadcast dimensions {dims:?} are not distinct dimensions of operand #1 of shape {}",
            text(init)
        ))
    })?;
    if input.len() + dims.len() != init.len() {
        return Err(rank_mismatch(0, input, init.len() - dims.len()));
    }
    let kept = (0..init.len()).filter(|&d| !added[d]);
    for (i, d) in kept.enumerate() {
        if init[d] != input[i] {
            return Err(mismatch(1, d, init[d], input[i], [input, init]));
        }
    }
    Ok(init.to_vec())
}

/// Which of `rank` dimensions `dims` names; `None` if one is out of range or repeated.
fn added_dims(rank: usize, dims: &[usize]) -> Option<Vec<bool>> {
    let mut added = vec![false; rank];
    for &d in dims {
        if d >= rank || std::mem::replace(&mut added[d], true) {
            return None;
        }
    }
    Some(added)
}

/// MLIR `linalg.broadcast`: writes `src` broadcast to `out_shape` along the added dimensions
/// `dims` (as accepted by [`broadcast_shape`]) into `dst`.
///
/// Each row of `dst` (its innermost dimension) is a copy of a row of `src`, or, when the
/// innermost dimension is an added one, one element repeated.
pub fn broadcast(
    width: usize,
    src: TensorRef<'_>,
    out_shape: &[u64],
    dims: &[usize],
    dst: &mut [u8],
) {
    let Some(last) = out_shape.len().checked_sub(1) else {
        dst.copy_from_slice(src.data);
        return;
    };
    if dst.is_empty() {
        return;
    }
    let added = added_dims(out_shape.len(), dims).unwrap_or_default();
    let src_strides = strides(src.shape);
    // The stride in `src` of each dimension of `dst` (0 for an added one).
    let mut kept = src_strides.iter();
    let by_out: Vec<usize> = added
        .iter()
        .map(|&a| {
            if a {
                0
            } else {
                kept.next().copied().unwrap_or(0)
            }
        })
        .collect();
    let run = out_shape[last] as usize * width;
    let mut d = 0;
    for_each_index(&out_shape[..last], |index| {
        let s = offset(index, &by_out) * width;
        let row = &mut dst[d..d + run];
        if added[last] {
            fill(row, &src.data[s..s + width]);
        } else {
            row.copy_from_slice(&src.data[s..s + run]);
        }
        d += run;
    });
}

/// Fills `dst` with copies of `pattern` (`dst.len()` a multiple of its length), doubling the
/// filled part with each copy.
pub(crate) fn fill(dst: &mut [u8], pattern: &[u8]) {
    if dst.is_empty() {
        return;
    }
    dst[..pattern.len()].copy_from_slice(pattern);
    let mut done = pattern.len();
    while done < dst.len() {
        let n = done.min(dst.len() - done);
        dst.copy_within(..n, done);
        done += n;
    }
}

/// MLIR `tensor.concat dim(dim) inputs`: the shape of the inputs one after another along
/// `dim`.
///
/// Errors: no input; `dim` not below the rank; an input of another rank; a size other than
/// along `dim` that differs from the first input's.
pub fn concat_shape(inputs: &[&[u64]], dim: usize) -> Result<Vec<u64>> {
    let Some(&first) = inputs.first() else {
        return Err(ShapeError("concatenates no inputs".into()));
    };
    if dim >= first.len() {
        return Err(ShapeError(format!(
            "concatenates along dimension {dim} inputs of rank {} (shape {})",
            first.len(),
            text(first)
        )));
    }
    let mut result = first.to_vec();
    for (i, &t) in inputs.iter().enumerate().skip(1) {
        if t.len() != first.len() {
            return Err(rank_mismatch(i, t, first.len()));
        }
        if let Some(d) = (0..t.len()).find(|&d| d != dim && t[d] != first[d]) {
            return Err(mismatch(i, d, t[d], first[d], [first, t]));
        }
        result[dim] = result[dim].checked_add(t[dim]).ok_or_else(|| {
            ShapeError(format!(
                "concatenating operand #{i} of shape {} makes dimension {dim} larger than 64 bits",
                text(t)
            ))
        })?;
    }
    Ok(result)
}

/// MLIR `tensor.concat`: writes `inputs` (as accepted by [`concat_shape`]) one after another
/// along `dim` into `dst`: per index of the dimensions before `dim`, each input contributes
/// one contiguous run.
pub fn concat(width: usize, inputs: &[TensorRef<'_>], dim: usize, dst: &mut [u8]) {
    let Some(first) = inputs.first() else {
        return;
    };
    let outer: u64 = first.shape[..dim].iter().product();
    let inner = first.shape[dim + 1..].iter().product::<u64>() as usize * width;
    let mut d = 0;
    for o in 0..outer as usize {
        for t in inputs {
            let run = t.shape[dim] as usize * inner;
            dst[d..d + run].copy_from_slice(&t.data[o * run..(o + 1) * run]);
            d += run;
        }
    }
}
