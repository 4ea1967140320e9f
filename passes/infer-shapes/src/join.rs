//! The join of two types (MindSpore `ShapeJoin` and "Type Join Failed"; SEMANTICS.md section
//! 2), and the join under a declared type that shape inference uses.
//!
//! The shape rules are [`weir_ir::shape::join`] (rules J1-J4 in strict mode; sizes to `?` and
//! ranks to `*` in relaxed mode). Element types never join across kinds, in either mode, and a
//! scalar joins only with the same scalar type.

use weir_ir::shape::{self, JoinMode};
use weir_ir::{Context, Dim, Type, TypeKind};

/// Why two types do not join.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JoinError {
    /// Different element types, different scalar types, or a scalar with a tensor (MindSpore
    /// "Type Join Failed"): the two types.
    Type(Type, Type),
    /// Two tensors of the same element type whose shapes do not join in strict mode.
    Shape(Type, Type),
}

impl JoinError {
    /// The message, e.g. `type join failed: f32 vs f16` or
    /// `shape join failed: (3, 5) vs (3, 4)`.
    pub fn message(&self, ctx: &Context) -> String {
        match *self {
            JoinError::Type(a, b) => {
                let (a, b) = (element_or_self(ctx, a), element_or_self(ctx, b));
                let print = ctx.type_printer();
                format!("type join failed: {} vs {}", print(ctx, a), print(ctx, b))
            }
            JoinError::Shape(a, b) => {
                format!(
                    "shape join failed: {} vs {}",
                    shape_of(ctx, a),
                    shape_of(ctx, b)
                )
            }
        }
    }
}

/// The element type of a tensor whose partner is a tensor of another element type; any other
/// type itself (so a scalar against a tensor names both whole types).
fn element_or_self(ctx: &Context, t: Type) -> Type {
    match ctx.type_kind(t) {
        TypeKind::Tensor { element, .. } => *element,
        _ => t,
    }
}

/// A tensor type's shape as the diagnostics write it (`(3, 5)`, `()`, `(*)`); other types by
/// their MLIR syntax.
pub fn shape_of(ctx: &Context, t: Type) -> String {
    match shape::tensor_parts(ctx, t) {
        Some((_, dims)) => shape::display(dims),
        None => (ctx.type_printer())(ctx, t),
    }
}

/// The join of `a` and `b` (MindSpore ShapeJoin): equal types join to themselves; tensors of
/// one element type join by [`weir_ir::shape::join`]; anything else fails
/// ([`JoinError::Type`]).
pub fn join_types(ctx: &mut Context, a: Type, b: Type, mode: JoinMode) -> Result<Type, JoinError> {
    if a == b {
        return Ok(a);
    }
    let (Some((ea, sa)), Some((eb, sb))) =
        (shape::tensor_parts(ctx, a), shape::tensor_parts(ctx, b))
    else {
        return Err(JoinError::Type(a, b));
    };
    if ea != eb {
        return Err(JoinError::Type(a, b));
    }
    let joined = shape::join(sa, sb, mode).ok_or(JoinError::Shape(a, b))?;
    Ok(ctx.intern_type(TypeKind::Tensor {
        shape: joined,
        element: ea,
    }))
}

/// The join of `a` and `b` where the value is declared with type `decl` (SEMANTICS.md section
/// 2, "declaration"): with a ranked `decl`, each of its `?` positions accepts any size in both
/// modes (different sizes there give `?`) and its known sizes are kept; an unranked `decl`
/// declares nothing and the join is [`join_types`]'s. `a` and `b` must each be compatible with
/// `decl` (the caller's values flow into a value of type `decl`).
pub fn join_declared(
    ctx: &mut Context,
    decl: Type,
    a: Type,
    b: Type,
    mode: JoinMode,
) -> Result<Type, JoinError> {
    let Some((element, Some(dims))) =
        shape::tensor_parts(ctx, decl).map(|(e, d)| (e, d.map(<[_]>::to_vec)))
    else {
        return join_types(ctx, a, b, mode);
    };
    let a = meet_types(ctx, a, decl).ok_or(JoinError::Shape(a, decl))?;
    let b = meet_types(ctx, b, decl).ok_or(JoinError::Shape(b, decl))?;
    let (Some((_, Some(sa))), Some((_, Some(sb)))) =
        (shape::tensor_parts(ctx, a), shape::tensor_parts(ctx, b))
    else {
        return Ok(decl);
    };
    let joined = sa
        .iter()
        .zip(sb)
        .zip(&dims)
        .map(|((x, y), d)| if x == y { *x } else { *d })
        .collect();
    Ok(ctx.intern_type(TypeKind::Tensor {
        shape: Some(joined),
        element,
    }))
}

/// The join of everything flowing into a value declared `decl` (the yields of the branches of
/// an `scf.index_switch`, a loop's entry value and body yields), whatever their order: the
/// binary strict rules are not associative ((2, 7), (2, ?), (2, 3) joined left to right give
/// (2, ?), while (2, 7) and (2, 3) alone fail), so strict mode fails when any two of them fail
/// to join (J2, J4), and otherwise gives the relaxed join (J1-J3 agree with it). Relaxed mode
/// fails only on element types. Linear in the total number of dimensions.
///
/// Errors: the indices of two types that do not join, and why.
pub fn join_all(
    ctx: &mut Context,
    decl: Type,
    types: &[Type],
    mode: JoinMode,
) -> Result<Type, (usize, usize, JoinError)> {
    let Some(&first) = types.first() else {
        return Ok(decl);
    };
    let mut acc = meet_types(ctx, first, decl).unwrap_or(first);
    for (i, &t) in types.iter().enumerate().skip(1) {
        acc = join_declared(ctx, decl, acc, t, JoinMode::Relaxed).map_err(|e| {
            let j = types
                .iter()
                .position(|&u| join_types(ctx, u, t, JoinMode::Relaxed).is_err())
                .unwrap_or(0);
            (j, i, e)
        })?;
    }
    let declared_ranked = matches!(shape::tensor_parts(ctx, decl), Some((_, Some(_))));
    if mode == JoinMode::Strict && !declared_ranked {
        let shapes: Vec<Option<&[Dim]>> = types
            .iter()
            .map(|&t| shape::tensor_parts(ctx, t).and_then(|p| p.1))
            .collect();
        if let Some((i, j)) = strict_conflict(&shapes) {
            return Err((i, j, JoinError::Shape(types[i], types[j])));
        }
    }
    Ok(acc)
}

/// Two ranked shapes of `shapes` whose strict join fails, if any (rules J2 and J4 over every
/// pair, in one pass per rank): within one rank, two known sizes that differ at a position;
/// across ranks `m < n`, prefixes `0..m` that are not identical or a known size in the tail
/// `m..n` of the longer shape.
fn strict_conflict(shapes: &[Option<&[Dim]>]) -> Option<(usize, usize)> {
    // Per rank: the shapes of that rank, in order.
    let mut groups: Vec<(usize, Vec<usize>)> = Vec::new();
    for (i, s) in shapes.iter().enumerate() {
        let Some(s) = s else { continue };
        match groups.iter_mut().find(|g| g.0 == s.len()) {
            Some(g) => g.1.push(i),
            None => groups.push((s.len(), vec![i])),
        }
    }
    let dims = |i: usize| shapes[i].unwrap_or(&[]);
    // J2 within a rank: the first known size at each position, against the later ones.
    for (rank, members) in &groups {
        for p in 0..*rank {
            let mut known: Option<(u64, usize)> = None;
            for &i in members {
                if let Some(n) = dims(i)[p] {
                    match known {
                        Some((k, at)) if k != n => return Some((at, i)),
                        None => known = Some((n, i)),
                        _ => {}
                    }
                }
            }
        }
    }
    // J4 across ranks: every pair of a shorter and a longer shape.
    groups.sort_by_key(|g| g.0);
    for (a, (m, short)) in groups.iter().enumerate() {
        for (_, long) in &groups[a + 1..] {
            let (s0, l0) = (short[0], long[0]);
            for p in 0..*m {
                if let Some(&x) = short.iter().find(|&&x| dims(x)[p] != dims(l0)[p]) {
                    return Some((x, l0));
                }
                if let Some(&y) = long.iter().find(|&&y| dims(y)[p] != dims(s0)[p]) {
                    return Some((s0, y));
                }
            }
            if let Some(&y) = long
                .iter()
                .find(|&&y| dims(y)[*m..].iter().any(Option::is_some))
            {
                return Some((s0, y));
            }
        }
    }
    None
}

/// The meet of two tensor types of one element type ([`weir_ir::shape::meet`]): the most
/// specific type compatible with both; `a` itself if they are equal; `None` if they are not
/// compatible tensors.
pub fn meet_types(ctx: &mut Context, a: Type, b: Type) -> Option<Type> {
    if a == b {
        return Some(a);
    }
    let (ea, sa) = shape::tensor_parts(ctx, a)?;
    let (eb, sb) = shape::tensor_parts(ctx, b)?;
    if ea != eb {
        return None;
    }
    let shape = shape::meet(sa, sb)?;
    Some(ctx.intern_type(TypeKind::Tensor { shape, element: ea }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use weir_ir::{FloatKind, Signedness};

    fn tensor(ctx: &mut Context, shape: Option<&[Option<u64>]>, element: Type) -> Type {
        ctx.intern_type(TypeKind::Tensor {
            shape: shape.map(<[_]>::to_vec),
            element,
        })
    }

    fn setup() -> (Context, Type, Type, Type) {
        let mut ctx = Context::new();
        let f32 = ctx.intern_type(TypeKind::Float(FloatKind::F32));
        let f16 = ctx.intern_type(TypeKind::Float(FloatKind::F16));
        let i32 = ctx.intern_type(TypeKind::Integer {
            width: 32,
            signedness: Signedness::Signless,
        });
        (ctx, f32, f16, i32)
    }

    #[test]
    fn element_types_never_join() {
        // MindSpore: "Type Join Failed" for f32 against f16, in both modes.
        let (mut ctx, f32, f16, _) = setup();
        let a = tensor(&mut ctx, Some(&[Some(2)]), f32);
        let b = tensor(&mut ctx, Some(&[Some(2)]), f16);
        for mode in [JoinMode::Strict, JoinMode::Relaxed] {
            assert_eq!(join_types(&mut ctx, a, b, mode), Err(JoinError::Type(a, b)));
        }
    }

    #[test]
    fn scalars_join_only_with_themselves() {
        let (mut ctx, f32, _, i32) = setup();
        let t = tensor(&mut ctx, Some(&[]), i32);
        assert_eq!(join_types(&mut ctx, i32, i32, JoinMode::Strict), Ok(i32));
        assert_eq!(
            join_types(&mut ctx, i32, f32, JoinMode::Relaxed),
            Err(JoinError::Type(i32, f32))
        );
        assert_eq!(
            join_types(&mut ctx, i32, t, JoinMode::Relaxed),
            Err(JoinError::Type(i32, t))
        );
    }

    #[test]
    fn declaration_accepts_any_size_at_its_unknown_positions() {
        // SEMANTICS.md section 2: (4, 3) and (4, ?) into a declared tensor<?x?xf32> refine it
        // to tensor<4x?xf32>; (2, 2) and (4, 2) into tensor<?x2xf32> give (?, 2) even strictly.
        let (mut ctx, f32, _, _) = setup();
        let decl = tensor(&mut ctx, Some(&[None, None]), f32);
        let a = tensor(&mut ctx, Some(&[Some(4), Some(3)]), f32);
        let b = tensor(&mut ctx, Some(&[Some(4), None]), f32);
        let want = tensor(&mut ctx, Some(&[Some(4), None]), f32);
        assert_eq!(
            join_declared(&mut ctx, decl, a, b, JoinMode::Strict),
            Ok(want)
        );
        let decl = tensor(&mut ctx, Some(&[None, Some(2)]), f32);
        let a = tensor(&mut ctx, Some(&[Some(2), Some(2)]), f32);
        let b = tensor(&mut ctx, Some(&[Some(4), Some(2)]), f32);
        assert_eq!(
            join_declared(&mut ctx, decl, a, b, JoinMode::Strict),
            Ok(decl)
        );
    }

    #[test]
    fn join_of_many_does_not_depend_on_their_order() {
        // (2, 3), (2, ?), (2, 7): (2, 3) and (2, 7) fail J2 in strict mode in every order;
        // relaxed gives (2, ?). (3, ?) with (3, ?, ?) and (3, ?, ?, ?) is unranked (J4 for
        // each pair).
        let (mut ctx, f32, _, _) = setup();
        let decl = tensor(&mut ctx, None, f32);
        let a = tensor(&mut ctx, Some(&[Some(2), Some(3)]), f32);
        let b = tensor(&mut ctx, Some(&[Some(2), None]), f32);
        let c = tensor(&mut ctx, Some(&[Some(2), Some(7)]), f32);
        let want = tensor(&mut ctx, Some(&[Some(2), None]), f32);
        for order in [[a, b, c], [b, a, c], [c, b, a], [a, c, b]] {
            let e = join_all(&mut ctx, decl, &order, JoinMode::Strict).unwrap_err();
            assert_eq!(
                (order[e.0], order[e.1]).max((order[e.1], order[e.0])),
                (c, a).max((a, c))
            );
            assert_eq!(
                join_all(&mut ctx, decl, &order, JoinMode::Relaxed),
                Ok(want)
            );
        }
        let r2 = tensor(&mut ctx, Some(&[Some(3), None]), f32);
        let r3 = tensor(&mut ctx, Some(&[Some(3), None, None]), f32);
        let r4 = tensor(&mut ctx, Some(&[Some(3), None, None, None]), f32);
        assert_eq!(
            join_all(&mut ctx, decl, &[r3, r2, r4], JoinMode::Strict),
            Ok(decl)
        );
        // (3, ?) against (3, 4, ?): position 1 is `?` against 4 (row 8 of the table).
        let bad = tensor(&mut ctx, Some(&[Some(3), Some(4), None]), f32);
        let e = join_all(&mut ctx, decl, &[r2, r3, bad], JoinMode::Strict).unwrap_err();
        assert_eq!((e.0, e.1), (0, 2));
    }

    #[test]
    fn unranked_declaration_declares_nothing() {
        let (mut ctx, f32, _, _) = setup();
        let decl = tensor(&mut ctx, None, f32);
        let a = tensor(&mut ctx, Some(&[Some(2), Some(2)]), f32);
        let b = tensor(&mut ctx, Some(&[Some(4), Some(2)]), f32);
        assert_eq!(
            join_declared(&mut ctx, decl, a, b, JoinMode::Strict),
            Err(JoinError::Shape(a, b))
        );
        let want = tensor(&mut ctx, Some(&[None, Some(2)]), f32);
        assert_eq!(
            join_declared(&mut ctx, decl, a, b, JoinMode::Relaxed),
            Ok(want)
        );
    }
}
