//! The join of two types (MindSpore `ShapeJoin` and "Type Join Failed"; SEMANTICS.md section
//! 2), and the join under a declared type that shape inference uses.
//!
//! The shape rules are [`weir_ir::shape::join`] (rules J1-J4 in strict mode; sizes to `?` and
//! ranks to `*` in relaxed mode). Element types never join across kinds, in either mode, and a
//! scalar joins only with the same scalar type.

use weir_ir::shape::{self, JoinMode};
use weir_ir::{Context, Type, TypeKind};

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
