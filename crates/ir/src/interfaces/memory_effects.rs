//! `MemoryEffects` (MLIR `MemoryEffectOpInterface`): what an op does to memory, so generic code
//! (dead-op erasure, hoisting, CSE) can tell which ops it may erase, move or merge.
//!
//! An op's effects come from, in this order: the `PURE` trait (none), a [`EffectsFn`] hook
//! (`OpDef::memory_effects`, the op's own effects), the `RECURSIVELY_PURE` trait (MLIR
//! `HasRecursiveMemoryEffects`: the op's own effects, from the hook or none, plus those of every
//! op nested in its regions). An op with none of them (and every unregistered op) has unknown
//! effects: it may do anything (MLIR's conservative default).

use crate::context::Context;
use crate::entities::{OpId, ValueId};
use crate::registry::Traits;

/// What an effect does (MLIR `MemoryEffects::Effect` kinds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EffectKind {
    /// Reads the resource.
    Read,
    /// Writes the resource (any observable side effect, e.g. `cf.assert` aborting, is a write
    /// on the default resource, as in MLIR).
    Write,
    /// Allocates the resource (e.g. a buffer in the op's result).
    Allocate,
    /// Frees the resource.
    Free,
}

/// What an effect acts on (MLIR `SideEffects::Resource`, with the value it is on, if known).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Resource {
    /// Memory in general (MLIR `DefaultResource`): may alias anything.
    Default,
    /// The buffer a value (an operand or result of the op) refers to.
    Value(ValueId),
}

/// One memory effect of an op.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Effect {
    /// What it does.
    pub kind: EffectKind,
    /// What it acts on.
    pub resource: Resource,
}

/// An op's own effects (MLIR `getEffects`), not counting the ops nested in it.
pub type EffectsFn = fn(&Context, OpId) -> Vec<Effect>;

/// The op's own effects, `None` if unknown (see the module docs).
fn own_effects(ctx: &Context, op: OpId) -> Option<Vec<Effect>> {
    let def = ctx.op_def(ctx.name(op))?;
    if def.traits.contains(Traits::PURE) {
        return Some(Vec::new());
    }
    match def.memory_effects {
        Some(f) => Some(f(ctx, op)),
        None if def.traits.contains(Traits::RECURSIVELY_PURE) => Some(Vec::new()),
        None => None,
    }
}

/// All memory effects of `op` (for `RECURSIVELY_PURE` ops, including those of the ops nested
/// in it), without duplicates, or `None` when they are unknown. Iterative: nesting depth costs
/// no stack.
pub fn memory_effects(ctx: &Context, op: OpId) -> Option<Vec<Effect>> {
    let mut effects = own_effects(ctx, op)?;
    if ctx.has_traits(op, Traits::RECURSIVELY_PURE) {
        let mut stack = vec![op];
        while let Some(o) = stack.pop() {
            for &r in ctx.regions(o) {
                for b in ctx.blocks(r) {
                    for inner in ctx.ops(b) {
                        effects.extend(own_effects(ctx, inner)?);
                        // A nested op without recursive effects counts its regions in its
                        // own effects (its hook, or `PURE`).
                        if ctx.has_traits(inner, Traits::RECURSIVELY_PURE) {
                            stack.push(inner);
                        }
                    }
                }
            }
        }
    }
    let mut seen = std::collections::HashSet::new();
    effects.retain(|e| seen.insert(*e));
    Some(effects)
}

/// Whether `op` has no memory effect at all (MLIR `isPure` for effects: `isMemoryEffectFree`):
/// it may be erased when unused, hoisted and merged with an equal op.
pub fn is_pure(ctx: &Context, op: OpId) -> bool {
    memory_effects(ctx, op).is_some_and(|e| e.is_empty())
}

/// Whether `op` could be erased if its results were unused (MLIR `wouldOpBeTriviallyDead`):
/// its effects are known and only reads or allocations (an unread allocation is not observable).
pub fn is_erasable_when_unused(ctx: &Context, op: OpId) -> bool {
    memory_effects(ctx, op).is_some_and(|effects| {
        effects
            .iter()
            .all(|e| matches!(e.kind, EffectKind::Read | EffectKind::Allocate))
    })
}
