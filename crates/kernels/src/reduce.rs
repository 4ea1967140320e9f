//! `linalg.reduce` with a body of one combining op.

use crate::elem::{dispatch, is_float, Float, Format, Int};
use crate::{check_init, for_each_index, strides, text, Result, ShapeError, TensorRef};
use weir_ir::ElementKind;

/// The combining op of a `linalg.reduce` body `%r = OP %in, %acc; linalg.yield %r` (each
/// variant names its arith op). Float combiners apply to float elements, the others to
/// integers and `index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combiner {
    /// `arith.addf`.
    AddF,
    /// `arith.mulf`.
    MulF,
    /// `arith.maxnumf` (a NaN operand gives the other one).
    MaxNumF,
    /// `arith.minnumf`.
    MinNumF,
    /// `arith.maximumf` (NaN wins, `-0 < +0`).
    MaximumF,
    /// `arith.minimumf`.
    MinimumF,
    /// `arith.addi` (wrapping).
    AddI,
    /// `arith.muli` (wrapping).
    MulI,
    /// `arith.maxsi`.
    MaxSI,
    /// `arith.minsi`.
    MinSI,
    /// `arith.maxui`.
    MaxUI,
    /// `arith.minui`.
    MinUI,
    /// `arith.andi`.
    AndI,
    /// `arith.ori`.
    OrI,
    /// `arith.xori`.
    XOrI,
}

impl Combiner {
    /// Whether the combiner is a float op (it applies to float elements only).
    pub fn is_float(self) -> bool {
        use Combiner::*;
        matches!(self, AddF | MulF | MaxNumF | MinNumF | MaximumF | MinimumF)
    }
}

/// MLIR `linalg.reduce ins(input) outs(init) dimensions = dims` with the combiner `combiner`
/// on `elem` elements: the result shape, `input`'s shape without the dimensions `dims`
/// (which must equal `init`'s).
///
/// Errors: a dimension in `dims` out of range or repeated; a combiner of the other kind than
/// the elements (a float op on integers or the reverse); `init` (operand #1) not of the
/// result shape.
pub fn reduce_shape(
    elem: ElementKind,
    combiner: Combiner,
    input: &[u64],
    init: &[u64],
    dims: &[usize],
) -> Result<Vec<u64>> {
    let reduced = reduced_dims(input.len(), dims).ok_or_else(|| {
        ShapeError(format!(
            "reduction dimensions {dims:?} are not distinct dimensions of operand #0 of shape {}",
            text(input)
        ))
    })?;
    if combiner.is_float() != is_float(elem) {
        return Err(ShapeError(format!(
            "the combiner {combiner:?} does not apply to elements of kind {elem:?}"
        )));
    }
    let result: Vec<u64> = (0..input.len())
        .filter(|&d| !reduced[d])
        .map(|d| input[d])
        .collect();
    check_init(&result, init, input)?;
    Ok(result)
}

/// Which of `rank` dimensions `dims` names; `None` if one is out of range or repeated.
fn reduced_dims(rank: usize, dims: &[usize]) -> Option<Vec<bool>> {
    let mut reduced = vec![false; rank];
    for &d in dims {
        if d >= rank || std::mem::replace(&mut reduced[d], true) {
            return None;
        }
    }
    Some(reduced)
}

/// MLIR `linalg.reduce`: writes into `dst` the fold of `init` (the outs, of the result shape)
/// with the elements of `src` reduced over `dims` (as accepted by [`reduce_shape`]): each
/// result element starts as `init`'s and is combined, `acc = combiner(in, acc)`, with the
/// source elements it reduces in row-major order, as MLIR's loops visit them.
///
/// An innermost reduced dimension is folded in a register, row by row; otherwise each source
/// row is combined elementwise into a row of the result.
pub fn reduce(
    elem: ElementKind,
    src: TensorRef<'_>,
    dims: &[usize],
    combiner: Combiner,
    init: TensorRef<'_>,
    dst: &mut [u8],
) {
    dst.copy_from_slice(init.data);
    let fold = Fold { src, dims, dst };
    dispatch!(elem, |f| int: fold.int(f, combiner), float: fold.float(f, combiner));
}

/// The operands of one [`reduce`] call.
struct Fold<'a, 'b> {
    src: TensorRef<'a>,
    dims: &'a [usize],
    dst: &'b mut [u8],
}

impl Fold<'_, '_> {
    /// Folds with an integer combiner (a float one is rejected by [`reduce_shape`]).
    fn int<F: Format>(self, f: F, c: Combiner)
    where
        F::V: Int,
    {
        use Combiner::*;
        match c {
            AddI => self.run(f, F::V::add),
            MulI => self.run(f, F::V::mul),
            MaxSI => self.run(f, Ord::max),
            MinSI => self.run(f, Ord::min),
            MaxUI => self.run(f, |x, a| if F::V::ult(x, a) { a } else { x }),
            MinUI => self.run(f, |x, a| if F::V::ult(x, a) { x } else { a }),
            AndI => self.run(f, F::V::and),
            OrI => self.run(f, F::V::or),
            XOrI => self.run(f, F::V::xor),
            AddF | MulF | MaxNumF | MinNumF | MaximumF | MinimumF => {}
        }
    }

    /// Folds with a float combiner, rounding after each step (an integer one is rejected by
    /// [`reduce_shape`]).
    fn float<F: Format>(self, f: F, c: Combiner)
    where
        F::V: Float,
    {
        use Combiner::*;
        match c {
            AddF => self.run(f, |x, a| f.round(x + a)),
            MulF => self.run(f, |x, a| f.round(x * a)),
            MaxNumF => self.run(f, F::V::max_num),
            MinNumF => self.run(f, F::V::min_num),
            MaximumF => self.run(f, F::V::maximum),
            MinimumF => self.run(f, F::V::minimum),
            AddI | MulI | MaxSI | MinSI | MaxUI | MinUI | AndI | OrI | XOrI => {}
        }
    }

    /// The fold with `op(in, acc)` on elements of format `f`.
    fn run<F: Format>(self, f: F, op: impl Fn(F::V, F::V) -> F::V) {
        let (src, dst, w) = (self.src, self.dst, f.size());
        let Some(last) = src.shape.len().checked_sub(1) else {
            // Rank 0: one element, nothing reduced.
            let v = op(f.load(src.data), f.load(dst));
            f.store(v, dst);
            return;
        };
        let reduced = reduced_dims(src.shape.len(), self.dims).unwrap_or_default();
        let kept: Vec<u64> = (0..=last)
            .filter(|&d| !reduced[d])
            .map(|d| src.shape[d])
            .collect();
        let out_strides = strides(&kept);
        // The stride in the result of each dimension of `src` (0 for a reduced one).
        let mut next = out_strides.iter();
        let by_src: Vec<usize> = reduced
            .iter()
            .map(|&r| {
                if r {
                    0
                } else {
                    next.next().copied().unwrap_or(0)
                }
            })
            .collect();
        let n = src.shape[last] as usize;
        let mut s = 0;
        for_each_index(&src.shape[..last], |index| {
            let o = crate::offset(index, &by_src) * w;
            let row = &src.data[s..s + n * w];
            s += n * w;
            if reduced[last] {
                let acc = row
                    .chunks_exact(w)
                    .fold(f.load(&dst[o..]), |acc, x| op(f.load(x), acc));
                f.store(acc, &mut dst[o..]);
            } else {
                for (x, a) in row
                    .chunks_exact(w)
                    .zip(dst[o..o + n * w].chunks_exact_mut(w))
                {
                    let v = op(f.load(x), f.load(a));
                    f.store(v, a);
                }
            }
        });
    }
}
