//! The shape lattice of tensor types: compatibility, meet and join of shapes (MindSpore's
//! ShapeJoin, TensorFlow's shape relations).
//!
//! A shape is `Option<&[Dim]>`: `None` is unranked (`*`), `Some(dims)` ranked, a dimension
//! `None` unknown (`?`). The lattice is named as MindSpore and TensorFlow name it, with the
//! most general shape (`*`) at the top:
//! - [`join`] goes up: the most specific shape that both shapes are instances of (MindSpore
//!   `ShapeJoin`; TensorFlow `TensorShape.most_specific_compatible_shape` in relaxed mode).
//! - [`meet`] goes down: the most specific shape compatible with both, combining what each
//!   knows (TensorFlow `TensorShape.merge_with`).
//!
//! TOSA's shape inference uses the names the other way round (its "join" combines knowledge,
//! its "meet" generalizes); Weir follows MindSpore and TensorFlow, whose semantics it implements.

use crate::types::{Dim, Type, TypeKind};
use crate::Context;

/// How [`join`] treats two shapes that differ (a pass option, `join=strict|relaxed`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum JoinMode {
    /// MindSpore's documented ShapeJoin rules J1-J4 (up to its 2.2 release): different known
    /// sizes at one position, or different ranks with a known size in the longer tail, fail.
    #[default]
    Strict,
    /// Never fails on shapes: different sizes become `?`, different ranks `*` (MindSpore 2.10,
    /// TensorFlow's most specific compatible shape, torch.export's dynamic dimensions).
    Relaxed,
}

/// The join of two shapes, or `None` when it fails (only in [`JoinMode::Strict`]).
///
/// Strict mode, MindSpore ShapeJoin (SEMANTICS.md section 2):
/// - J1: same rank, every dimension equal: that shape;
/// - J2: same rank, each position equal or `?` on at least one side: `?` at the positions that
///   differ; two different known sizes at one position fail;
/// - J3: either side unranked: unranked;
/// - J4: known ranks `m < n`: positions `0..m` must each be equal or both `?`, and positions
///   `m..n` of the longer shape must all be `?`; then unranked, otherwise the join fails.
///
/// Relaxed mode: same rank gives `?` wherever the sizes differ; different ranks give unranked.
pub fn join(a: Option<&[Dim]>, b: Option<&[Dim]>, mode: JoinMode) -> Option<Option<Vec<Dim>>> {
    let (Some(a), Some(b)) = (a, b) else {
        return Some(None); // J3
    };
    if a.len() == b.len() {
        let mut out = Vec::with_capacity(a.len());
        for (&x, &y) in a.iter().zip(b) {
            match (x, y) {
                (Some(p), Some(q)) if p != q && mode == JoinMode::Strict => return None,
                (Some(p), Some(q)) if p == q => out.push(Some(p)),
                _ => out.push(None), // J2
            }
        }
        return Some(Some(out)); // J1, J2
    }
    if mode == JoinMode::Relaxed {
        return Some(None);
    }
    let (short, long) = if a.len() < b.len() { (a, b) } else { (b, a) };
    let prefix_ok = short.iter().zip(long).all(|(x, y)| x == y);
    let tail_unknown = long[short.len()..].iter().all(|d| d.is_none());
    (prefix_ok && tail_unknown).then_some(None) // J4
}

/// Whether two shapes can describe the same value (MLIR `verifyCompatibleShape`): one side
/// unranked, or equal ranks whose dimensions are equal or `?` on one side.
pub fn compatible(a: Option<&[Dim]>, b: Option<&[Dim]>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => {
            a.len() == b.len()
                && a.iter()
                    .zip(b)
                    .all(|(x, y)| x.is_none() || y.is_none() || x == y)
        }
        _ => true,
    }
}

/// The meet of two compatible shapes: the most specific shape compatible with both (a known
/// size wins over `?`, a rank over `*`); `None` when they are not [`compatible`].
pub fn meet(a: Option<&[Dim]>, b: Option<&[Dim]>) -> Option<Option<Vec<Dim>>> {
    match (a, b) {
        (None, None) => Some(None),
        (Some(s), None) | (None, Some(s)) => Some(Some(s.to_vec())),
        (Some(a), Some(b)) => {
            if !compatible(Some(a), Some(b)) {
                return None;
            }
            Some(Some(a.iter().zip(b).map(|(x, y)| x.or(*y)).collect()))
        }
    }
}

/// Whether `a` is at least as specific as `b`: every value of shape `a` has shape `b` (`b` is
/// unranked, or has `a`'s rank with `?` or `a`'s size at each position).
pub fn refines(a: Option<&[Dim]>, b: Option<&[Dim]>) -> bool {
    match (a, b) {
        (_, None) => true,
        (None, Some(_)) => false,
        (Some(a), Some(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| y.is_none() || x == y)
        }
    }
}

/// A shape as MindSpore and the diagnostics write it: `(3, 5)`, `(?, 2)`, `()` for rank 0,
/// `(*)` for unranked.
pub fn display(shape: Option<&[Dim]>) -> String {
    let Some(dims) = shape else {
        return "(*)".to_string();
    };
    let dims: Vec<String> = dims
        .iter()
        .map(|d| d.map_or("?".to_string(), |n| n.to_string()))
        .collect();
    format!("({})", dims.join(", "))
}

/// The element type and shape of a tensor type, or `None` for any other type.
pub fn tensor_parts(ctx: &Context, ty: Type) -> Option<(Type, Option<&[Dim]>)> {
    match ctx.type_kind(ty) {
        TypeKind::Tensor { shape, element } => Some((*element, shape.as_deref())),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const Q: Dim = None;

    fn j(a: Option<&[Dim]>, b: Option<&[Dim]>, mode: JoinMode) -> Option<Option<Vec<Dim>>> {
        let r = join(a, b, mode);
        assert_eq!(r, join(b, a, mode), "join is symmetric");
        r
    }

    // The eight rows of SEMANTICS.md section 2's table (strict), and each row's relaxed result
    // (different sizes -> ?, different ranks -> *), computed by hand from the rules.
    #[test]
    fn row1_equal_shapes() {
        let s: &[Dim] = &[Some(3), Some(4)];
        assert_eq!(
            j(Some(s), Some(s), JoinMode::Strict),
            Some(Some(s.to_vec()))
        );
        assert_eq!(
            j(Some(s), Some(s), JoinMode::Relaxed),
            Some(Some(s.to_vec()))
        );
    }

    #[test]
    fn row2_different_sizes() {
        let a: &[Dim] = &[Some(3), Some(5)];
        let b: &[Dim] = &[Some(3), Some(4)];
        assert_eq!(j(Some(a), Some(b), JoinMode::Strict), None);
        assert_eq!(
            j(Some(a), Some(b), JoinMode::Relaxed),
            Some(Some(vec![Some(3), Q]))
        );
    }

    #[test]
    fn row3_extra_known_dimension() {
        let a: &[Dim] = &[Some(3), Some(4)];
        let b: &[Dim] = &[Some(3), Some(4), Some(1)];
        assert_eq!(j(Some(a), Some(b), JoinMode::Strict), None);
        assert_eq!(j(Some(a), Some(b), JoinMode::Relaxed), Some(None));
    }

    #[test]
    fn row4_unknown_against_known() {
        let a: &[Dim] = &[Some(3), Q];
        let b: &[Dim] = &[Some(3), Some(4)];
        let want = Some(Some(vec![Some(3), Q]));
        assert_eq!(j(Some(a), Some(b), JoinMode::Strict), want);
        assert_eq!(j(Some(a), Some(b), JoinMode::Relaxed), want);
    }

    #[test]
    fn row5_unranked() {
        let b: &[Dim] = &[Some(3), Some(4)];
        assert_eq!(j(None, Some(b), JoinMode::Strict), Some(None));
        assert_eq!(j(None, Some(b), JoinMode::Relaxed), Some(None));
    }

    #[test]
    fn row6_longer_with_unknown_tail() {
        let a: &[Dim] = &[Some(3), Q];
        let b: &[Dim] = &[Some(3), Q, Q];
        assert_eq!(j(Some(a), Some(b), JoinMode::Strict), Some(None));
        assert_eq!(j(Some(a), Some(b), JoinMode::Relaxed), Some(None));
    }

    #[test]
    fn row7_prefix_differs() {
        let a: &[Dim] = &[Some(3), Q];
        let b: &[Dim] = &[Some(4), Q, Q];
        assert_eq!(j(Some(a), Some(b), JoinMode::Strict), None);
        assert_eq!(j(Some(a), Some(b), JoinMode::Relaxed), Some(None));
    }

    #[test]
    fn row8_prefix_unknown_against_known() {
        // Position 1: `?` against 4 is not "equal or both ?" (J4).
        let a: &[Dim] = &[Some(3), Q];
        let b: &[Dim] = &[Some(3), Some(4), Q];
        assert_eq!(j(Some(a), Some(b), JoinMode::Strict), None);
        assert_eq!(j(Some(a), Some(b), JoinMode::Relaxed), Some(None));
    }

    #[test]
    fn rank_zero_against_rank_one() {
        // E5: () vs (2): J4 with m = 0 needs the tail (2) to be `?`.
        let b: &[Dim] = &[Some(2)];
        assert_eq!(j(Some(&[]), Some(b), JoinMode::Strict), None);
        assert_eq!(j(Some(&[]), Some(b), JoinMode::Relaxed), Some(None));
    }

    #[test]
    fn meet_combines_knowledge() {
        let a: &[Dim] = &[Q, Some(2)];
        let b: &[Dim] = &[Some(4), Q];
        assert_eq!(meet(Some(a), Some(b)), Some(Some(vec![Some(4), Some(2)])));
        assert_eq!(meet(None, Some(a)), Some(Some(a.to_vec())));
        assert_eq!(meet(Some(&[Some(3)]), Some(&[Some(4)])), None);
        assert_eq!(meet(Some(&[Some(3)]), Some(&[Q, Q])), None);
    }

    #[test]
    fn refines_is_the_order() {
        let s: &[Dim] = &[Some(2), Some(2)];
        let d: &[Dim] = &[Q, Some(2)];
        assert!(refines(Some(s), Some(d)));
        assert!(!refines(Some(d), Some(s)));
        assert!(refines(Some(d), None));
        assert!(!refines(None, Some(d)));
        assert!(!refines(Some(&[Some(2)]), Some(&[Some(3)])));
    }

    #[test]
    fn display_forms() {
        assert_eq!(display(Some(&[Some(3), Some(5)])), "(3, 5)");
        assert_eq!(display(Some(&[])), "()");
        assert_eq!(display(Some(&[Q, Some(2)])), "(?, 2)");
        assert_eq!(display(None), "(*)");
    }
}
