//! Dialect conversion, after MLIR's DialectConversion framework: a pass describes the IR it
//! must reach with a [`ConversionTarget`] (legal, illegal and dynamically legal ops and
//! dialects), brings its own [`ConversionPatternSet`] (patterns keyed by the op they rewrite,
//! owned by the pass, not by op definitions), optionally with a [`TypeConverter`] (conversion
//! rules and source/target materializations, `builtin.unrealized_conversion_cast` by default),
//! and runs [`apply_partial_conversion`] or [`apply_full_conversion`]. An op that stays illegal
//! is reported with MLIR's wording, located at the op.
//!
//! Differences from MLIR:
//! * No rollback: a pattern that does not apply returns `Ok(false)` before changing anything,
//!   and a pattern may fail the whole conversion with a diagnostic of its own (`Err`).
//! * The patterns of an op are tried in the order added (no benefit, no cost model), and only
//!   patterns rooted at the op's name (no "any op" patterns).
//! * Order and linear cost: the driver visits each op before the ops of its regions, as MLIR
//!   does, but the ops of one block from the **last to the first**. A lowering that splits its
//!   block at the op (`scf.if`, `scf.for`, ...) moves only the ops after it, and in this order
//!   they are ops already converted (and whatever their lowering left behind, such as one
//!   branch), which no later split of that block moves again; blocks of inlined regions move
//!   as whole blocks. So N sequential `scf.if`s cost O(N) in total where MLIR's forward order,
//!   with an O(rest of block) split, costs O(N²) (`scripts/bench-conversion` measures it).
//!   Ops a pattern creates are legalized right after it, in creation order; they are found by
//!   op id (ids only grow), so no listener is needed.
//!
//! Architecture: this crate depends on the IR core only; the one op it names is the default
//! cast [`UNREALIZED_CONVERSION_CAST`] (the builtin dialect's op).

mod driver;
mod pattern;
mod target;
mod type_converter;

pub use driver::{apply_full_conversion, apply_partial_conversion, MAX_PATTERN_DEPTH};
pub use pattern::{ConversionPatternFn, ConversionPatternSet, ConversionRewriter, OpAdaptor};
pub use target::{ConversionTarget, Legality, LegalityFn};
pub use type_converter::{
    unrealized_cast, ConversionFn, MaterializationFn, TypeConverter, UNREALIZED_CONVERSION_CAST,
};
