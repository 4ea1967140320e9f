//! Weir's IR core: operations, blocks, regions and values in arenas addressed by small `Copy`
//! ids, their lists (operands, results, attributes, successors, regions, block arguments,
//! predecessors, use lists) pooled per element type, intrusive op/block lists, interned types,
//! attributes and attribute names, locations and diagnostics, and the registry of op
//! definitions (traits and interfaces).
//!
//! Architecture invariant: this crate knows no dialect and no text syntax. See ARCHITECTURE.md.

pub mod affine;
pub mod attributes;
pub mod context;
pub mod dense;
pub mod diagnostic;
pub mod entities;
pub mod interfaces;
pub mod location;
mod pool;
pub mod registry;
pub mod shape;
mod symbols;
pub mod types;
pub mod verifier;
pub mod view;

pub use affine::{AffineBinOp, AffineExpr, AffineMap};
pub use attributes::{Attr, AttrKind, DenseValue, DialectParam};
pub use context::{sign_extend, Context, Fork, InsertPoint, TypePrinterFn};
pub use dense::{DenseElements, ElementKind};
pub use diagnostic::{DiagResult, Diagnostic, Severity};
pub use entities::{
    AttrName, BlockId, NamedAttr, OpId, OpName, OpState, RegionId, Use, ValueDef, ValueId,
};
pub use location::Location;
pub use registry::{
    FoldFn, FoldResult, MaterializeFn, OpDef, Pattern, PatternFn, RewriteLog,
    SuccessorOperandRangesFn, SuccessorOperandsFn, Traits, VerifyFn,
};
pub use types::{Dim, FloatKind, Signedness, Type, TypeKind};
pub use verifier::{op_error, verify, verify_local, verify_on_threads};
