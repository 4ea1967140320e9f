//! `LoopLike` (MLIR `LoopLikeOpInterface`): the parts of a loop that generic loop
//! transformations (unrolling) need, declared by the loop op's dialect.

use crate::context::Context;
use crate::entities::{OpId, RegionId, ValueId};

/// The parts of one loop op. Each accessor returns `None` (or an empty list) for what the loop
/// does not have or when the op is malformed; none panics on IR the op's verifier accepted.
#[derive(Clone, Copy, Debug)]
pub struct LoopLike {
    /// The induction variable (MLIR `getSingleInductionVar`), for counted loops.
    pub induction_var: fn(&Context, OpId) -> Option<ValueId>,
    /// Lower bound, upper bound and step (MLIR `getSingleLowerBound`/`UpperBound`/`Step`).
    pub bounds: fn(&Context, OpId) -> Option<[ValueId; 3]>,
    /// The initial values of the carried values (MLIR `getInits`).
    pub inits: fn(&Context, OpId) -> Vec<ValueId>,
    /// The block arguments that receive the carried values each trip (MLIR
    /// `getRegionIterArgs`).
    pub region_iter_args: fn(&Context, OpId) -> Vec<ValueId>,
    /// The values passed to the next trip (MLIR `getYieldedValues`).
    pub yielded: fn(&Context, OpId) -> Vec<ValueId>,
    /// The regions that make up the loop, in execution order (MLIR `getLoopRegions`).
    pub body: fn(&Context, OpId) -> Vec<RegionId>,
    /// The number of trips if it is a compile-time constant (MLIR `getStaticTripCount`).
    pub trip_count: fn(&Context, OpId) -> Option<u128>,
}

/// The op's `LoopLike` interface, if its dialect declared one.
pub fn loop_like(ctx: &Context, op: OpId) -> Option<LoopLike> {
    ctx.op_def(ctx.name(op)).and_then(|d| d.loop_like)
}
