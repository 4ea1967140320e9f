//! Typed op views: the [`op_view!`](crate::op_view) macro that dialect crates use to declare a
//! `Copy` wrapper of an [`OpId`](crate::OpId) for one of their ops (MLIR's `Op<ConcreteOp>`
//! classes, e.g. `scf::ForOp`), made only by checking the op's name.
//!
//! The core knows no dialect: the macro only generates the wrapper, `NAME`, `of`, `defining`
//! and `op`; the accessors (`ForOp::body`, `CmpIOp::predicate`, ...) are written by the dialect
//! next to the op's verifier, which is what guarantees that they find what they read.

/// Declares a typed view of the op named `$op`: a `Copy` struct wrapping its `OpId`, with
///
/// - `NAME`: the op's name (the one place outside the registration where a dialect spells it);
/// - `of(ctx, op) -> Option<Self>`: the view if `op` has that name (registered or not, verified
///   or not);
/// - `defining(ctx, v) -> Option<Self>`: the view of the op defining value `v`;
/// - `op(self) -> OpId`.
///
/// ```ignore
/// weir_ir::op_view! {
///     /// `test.for` (MLIR `test::ForOp`).
///     ForOp = "test.for"
/// }
/// ```
#[macro_export]
macro_rules! op_view {
    ($(#[$meta:meta])* $name:ident = $op:literal) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct $name($crate::OpId);

        impl $name {
            /// The op's name.
            pub const NAME: &'static str = $op;

            /// The view of `op` if it is a `NAME` op (whether verified or not; accessors that
            /// read structure the verifier guarantees may panic on an op that failed it).
            pub fn of(ctx: &$crate::Context, op: $crate::OpId) -> Option<Self> {
                ctx.is(op, Self::NAME).then_some(Self(op))
            }

            /// The view of the op that defines `v`, if that op is a `NAME` op.
            pub fn defining(ctx: &$crate::Context, v: $crate::ValueId) -> Option<Self> {
                Self::of(ctx, ctx.defining_op(v)?)
            }

            /// The viewed op.
            pub fn op(self) -> $crate::OpId {
                self.0
            }
        }
    };
}
