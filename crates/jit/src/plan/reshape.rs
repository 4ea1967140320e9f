//! The reshape ops as both backends lower them (MLIR `tensor.reshape`, `tensor.expand_shape`,
//! `tensor.collapse_shape`): the elements keep their row-major order, only the sizes change.
//! When the source is at its last use the result takes over its buffer (with count 1 its
//! header gets the new sizes, no copy); otherwise the elements are copied into a new buffer.
//! Element counts (`reshape`) and group products (`expand_shape`) are checked at run time
//! ([`cannot_reshape`]: a located error naming the shape and the sizes asked for).

use super::ownership::Ownership;
use super::tensor::{at_last_use, elem_width, element_type, rank_of, Fault, Size};
use super::tensor_checks::Target;
use crate::diag::op_err;
use crate::RuntimeErrorKind;
use weir_dialect_tensor::{CollapseShapeOp, ExpandShapeOp, ReshapeOp};
use weir_ir::{Context, Diagnostic, OpId, ValueId};

/// Where the sizes of a reshape's result come from.
#[derive(Clone, Debug)]
pub enum NewSizes {
    /// MLIR tensor.reshape: the first `rank` elements of the 1-D integer tensor `shape`
    /// (sign-extended to 64 bits); their product must be the source's element count, and
    /// none may be negative.
    FromShape {
        /// The shape operand.
        shape: ValueId,
        /// The result's rank.
        rank: usize,
    },
    /// MLIR tensor.expand_shape: the output sizes; the product of each group `g` must be
    /// source dimension `g` (and none negative).
    Expand {
        /// The output sizes, static or operands.
        sizes: Vec<Size>,
        /// The output dimensions of each source dimension.
        groups: Vec<Vec<usize>>,
    },
    /// MLIR tensor.collapse_shape: each group of source dimensions becomes their product.
    Collapse {
        /// The source dimensions of each output dimension.
        groups: Vec<Vec<usize>>,
    },
}

/// A reshape op: its source (operand 0), the result's sizes and buffer.
#[derive(Clone, Debug)]
pub struct ReshapePlan {
    /// The reshaped tensor.
    pub source: ValueId,
    /// Bytes per element.
    pub width: u32,
    /// The result's sizes.
    pub sizes: NewSizes,
    /// Whether the result takes over the source's reference (its last use): its buffer when
    /// the count is 1, else a copy after which the source is released.
    pub in_place: bool,
}

impl ReshapePlan {
    /// The plan of reshape op `op` (`tensor.reshape`, `expand_shape` or `collapse_shape`) in
    /// a function with ownership `own`.
    pub fn of(
        ctx: &Context,
        op: OpId,
        target: &Target,
        own: &Ownership,
    ) -> Result<ReshapePlan, Diagnostic> {
        let (source, sizes) = if let Some(r) = ReshapeOp::of(ctx, op) {
            let shape = r.shape(ctx);
            target.slot(ctx, op, ctx.value_type(r.result(ctx)))?;
            target.slot(ctx, op, ctx.value_type(shape))?;
            if element_type(ctx, ctx.value_type(shape)).is_none() {
                return Err(op_err(ctx, op, "expects a tensor"));
            }
            let rank = rank_of(ctx, r.result(ctx));
            (r.source(ctx), NewSizes::FromShape { shape, rank })
        } else if let Some(e) = ExpandShapeOp::of(ctx, op) {
            target.slot(ctx, op, ctx.value_type(e.result(ctx)))?;
            let sizes = e
                .output_shape(ctx)
                .into_iter()
                .map(|s| match s {
                    Ok(n) => Size::Static(n),
                    Err(v) => Size::Dynamic(v),
                })
                .collect();
            let groups = e.reassociation(ctx);
            (e.src(ctx), NewSizes::Expand { sizes, groups })
        } else {
            let c = target.view(ctx, op, CollapseShapeOp::of(ctx, op))?;
            target.slot(ctx, op, ctx.value_type(c.result(ctx)))?;
            let groups = c.reassociation(ctx);
            (c.src(ctx), NewSizes::Collapse { groups })
        };
        Ok(ReshapePlan {
            source,
            width: elem_width(ctx, source),
            sizes,
            in_place: at_last_use(ctx, own, op, 0, source),
        })
    }
}

/// The fault of reshape op `op` that cannot give its source the sizes asked for (the runtime
/// appends the shape and the sizes).
pub fn cannot_reshape(ctx: &Context, op: OpId) -> Fault {
    Fault::at(ctx, op, RuntimeErrorKind::ShapeMismatch, "cannot reshape")
}
