//! Typed views of the arith ops that other crates read (MLIR `arith::ConstantOp`,
//! `arith::CmpIOp`, `arith::CmpFOp`, `arith::SelectOp`). Made by `X::of(ctx, op)` (a name
//! check); the accessors read what the arith verifier guarantees, so on a verified op they never
//! fail (on an op that failed verification they may panic). The builders are the `build_*`
//! functions of the crate root.

use crate::{CmpFPredicate, CmpIPredicate};
use weir_ir::{Attr, Context, ValueId};

weir_ir::op_view! {
    /// `arith.constant` (MLIR `arith::ConstantOp`): one result, attribute `value`.
    ConstantOp = "arith.constant"
}

impl ConstantOp {
    /// The `value` attribute (a typed attribute of the result's type).
    pub fn value(self, ctx: &Context) -> Attr {
        crate::constant_value(ctx, self.0).expect("verified arith.constant has a value")
    }

    /// The result.
    pub fn result(self, ctx: &Context) -> ValueId {
        ctx.result(self.0, 0)
    }
}

/// The view of a comparison (`arith.cmpi`, `arith.cmpf`: `lhs P rhs`, an `i1` result): one
/// definition for both, which differ only in the predicate enum.
macro_rules! comparison_view {
    ($(#[$meta:meta])* $view:ident = $name:literal, $pred:ty, $read:path) => {
        weir_ir::op_view! {
            $(#[$meta])*
            $view = $name
        }

        impl $view {
            /// The predicate `P`.
            pub fn predicate(self, ctx: &Context) -> $pred {
                self.try_predicate(ctx)
                    .expect(concat!("verified ", $name, " has a predicate"))
            }

            /// The predicate, or `None` when the `predicate` attribute is missing or out of
            /// range (which the verifier rejects): for consumers of unverified IR, such as the JIT.
            pub fn try_predicate(self, ctx: &Context) -> Option<$pred> {
                $read(ctx, self.0)
            }

            /// The left operand.
            pub fn lhs(self, ctx: &Context) -> ValueId {
                ctx.operand(self.0, 0)
            }

            /// The right operand.
            pub fn rhs(self, ctx: &Context) -> ValueId {
                ctx.operand(self.0, 1)
            }

            /// The result.
            pub fn result(self, ctx: &Context) -> ValueId {
                ctx.result(self.0, 0)
            }
        }
    };
}

comparison_view! {
    /// `arith.cmpi` (MLIR `arith::CmpIOp`): `lhs P rhs` on integers, an `i1` result.
    CmpIOp = "arith.cmpi", CmpIPredicate, crate::cmpi_predicate
}

comparison_view! {
    /// `arith.cmpf` (MLIR `arith::CmpFOp`): `lhs P rhs` on floats, an `i1` result.
    CmpFOp = "arith.cmpf", CmpFPredicate, crate::cmpf_predicate
}

weir_ir::op_view! {
    /// `arith.select` (MLIR `arith::SelectOp`): `condition ? true_value : false_value`.
    SelectOp = "arith.select"
}

impl SelectOp {
    /// The `i1` condition (or a shaped `i1` of the values' shape).
    pub fn condition(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 0)
    }

    /// The value chosen when the condition is true.
    pub fn true_value(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 1)
    }

    /// The value chosen when the condition is false.
    pub fn false_value(self, ctx: &Context) -> ValueId {
        ctx.operand(self.0, 2)
    }

    /// The result.
    pub fn result(self, ctx: &Context) -> ValueId {
        ctx.result(self.0, 0)
    }
}
