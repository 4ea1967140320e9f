//! Op interfaces (MLIR's `OpInterface`s): behaviour a dialect declares for its ops next to their
//! definition (fields of [`crate::OpDef`], set with builder-style methods) and generic code
//! queries instead of op names.
//!
//! - [`region_branch`]: control flow between an op's regions (verifier of the edge types, the
//!   generic dead-carried-value pattern);
//! - [`loop_like`]: induction variable, bounds, carried values, trip count (unrolling);
//! - [`memory_effects`]: reads, writes, allocations, frees (dead-op erasure, hoisting, CSE);
//!
//! The yes/no properties (`PURE`, `COMMUTATIVE`, ...) are [`crate::Traits`].

pub mod loop_like;
pub mod memory_effects;
pub mod region_branch;
