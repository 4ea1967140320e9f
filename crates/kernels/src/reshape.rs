//! Reshapes: `tensor.reshape`, `tensor.collapse_shape`, `tensor.expand_shape`. The bytes of a
//! row-major tensor do not change, so these have shape functions only.

use crate::{num_elements, text, Result, ShapeError};

/// MLIR `tensor.reshape`: the source of shape `src` and the target shape `dst` must have as
/// many elements.
///
/// Errors: the counts differ (or one overflows 64 bits), naming both shapes.
pub fn reshape_check(src: &[u64], dst: &[u64]) -> Result<()> {
    let (n, m) = (num_elements(src)?, num_elements(dst)?);
    if n != m {
        return Err(ShapeError(format!(
            "reshapes a tensor of shape {} ({n} elements) to the shape {} ({m} elements)",
            text(src),
            text(dst)
        )));
    }
    Ok(())
}

/// Whether `reassociation` lists the dimensions of `shape` in order, in non-empty groups
/// (MLIR's verifier requires it); no group at all is valid when every size is 1 (the
/// reshape to or from rank 0).
fn valid_groups(reassociation: &[Vec<usize>], shape: &[u64]) -> bool {
    if reassociation.is_empty() {
        return shape.iter().all(|&n| n == 1);
    }
    let flat: Vec<usize> = reassociation.concat();
    flat.len() == shape.len()
        && flat.iter().enumerate().all(|(i, &d)| i == d)
        && reassociation.iter().all(|g| !g.is_empty())
}

/// The error for a reassociation that does not group a shape's dimensions in order.
fn bad_groups(reassociation: &[Vec<usize>], shape: &[u64]) -> ShapeError {
    ShapeError(format!(
        "reassociation {reassociation:?} does not group the dimensions of shape {} in order",
        text(shape)
    ))
}

/// MLIR `tensor.collapse_shape`: the shape of `src` with each group of `reassociation`
/// collapsed to the product of its sizes.
///
/// Errors: a reassociation that does not list `src`'s dimensions in order.
pub fn collapse_shape(src: &[u64], reassociation: &[Vec<usize>]) -> Result<Vec<u64>> {
    if !valid_groups(reassociation, src) {
        return Err(bad_groups(reassociation, src));
    }
    reassociation
        .iter()
        .map(|g| num_elements(&src[g[0]..g[0] + g.len()]))
        .collect()
}

/// MLIR `tensor.expand_shape`: each dimension `i` of `src` must equal the product of the sizes
/// of `dst` in group `reassociation[i]` (the check the reference evaluator makes on dynamic
/// output shapes).
///
/// Errors: a reassociation that does not list `dst`'s dimensions in order or has not one
/// group per dimension of `src`; a group whose product differs.
pub fn expand_check(src: &[u64], dst: &[u64], reassociation: &[Vec<usize>]) -> Result<()> {
    if !valid_groups(reassociation, dst) || reassociation.len() != src.len() {
        return Err(bad_groups(reassociation, dst));
    }
    for (i, (g, &n)) in reassociation.iter().zip(src).enumerate() {
        let sizes = &dst[g[0]..g[0] + g.len()];
        let m = num_elements(sizes)?;
        if m != n {
            return Err(ShapeError(format!(
                "expands dimension {i} of size {n} into the sizes {} whose product is {m} (shapes {} and {})",
                text(sizes),
                text(src),
                text(dst)
            )));
        }
    }
    Ok(())
}
