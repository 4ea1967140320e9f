//! Op interfaces (MLIR's `OpInterface`s): behaviour a dialect declares for its ops next to their
//! definition (fields of [`crate::OpDef`], set with builder-style methods) and generic code
//! queries instead of op names.
//!
//! - [`region_branch`]: control flow between an op's regions (verifier of the edge types, the
//!   generic dead-carried-value pattern);
//! - [`loop_like`]: induction variable, bounds, carried values, trip count (unrolling);
//! - [`memory_effects`]: reads, writes, allocations, frees (dead-op erasure, hoisting, CSE);
//! - [`infer_types`]: result types from operand types, attributes and regions (the verifier,
//!   builders);
//!
//! Interfaces that belong to a pass (e.g. the canonicalize crate's constant-condition folding)
//! are not `OpDef` fields: the pass defines the interface type and attaches models to op names
//! with [`crate::Context::attach_interface`] (MLIR's external models), and queries them with
//! [`crate::Context::interface`].
//!
//! The yes/no properties (`PURE`, `COMMUTATIVE`, ...) are [`crate::Traits`].

pub mod infer_types;
pub mod loop_like;
pub mod memory_effects;
pub mod region_branch;
