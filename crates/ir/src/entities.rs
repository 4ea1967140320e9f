//! The IR's entities and their per-kind tables.
//!
//! Ops, blocks, regions and values live in arenas inside the [`Context`](crate::Context) and are
//! named by `u32` ids (Cranelift's `PrimaryMap`, naga's `Arena`). The payload of an op ("what")
//! is kept apart from its position ("where"): the `prev`/`next`/`parent` links form intrusive
//! doubly-linked lists, so moving and splicing touch no payload and cost O(1).

use crate::attributes::Attr;
use crate::location::{CompactLoc, Location};
use crate::pool::List;
use crate::types::Type;
use std::num::NonZeroU32;

macro_rules! entity_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        ///
        /// Stored as index + 1 in a `NonZeroU32`, so `Option` of the id is 4 bytes (the IR's
        /// links and parents are such options).
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(NonZeroU32);

        impl $name {
            /// The id's index in its table (stable for the entity's lifetime).
            pub fn index(self) -> usize {
                self.0.get() as usize - 1
            }

            /// The id with index `i` (for tables indexed by id; `i` must come from `index`
            /// or be below the table's capacity, which is below `u32::MAX`).
            pub const fn from_index(i: usize) -> Self {
                assert!(i < u32::MAX as usize, "entity index out of range");
                // 1 + i, which the assert keeps below u32::MAX (no saturation).
                $name(NonZeroU32::MIN.saturating_add(i as u32))
            }
        }

        /// The id of index 0 (a placeholder in pooled lists).
        impl Default for $name {
            fn default() -> Self {
                $name::from_index(0)
            }
        }

        /// Prints the index, e.g. `OpId(3)`.
        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}({})", stringify!($name), self.index())
            }
        }
    };
}

entity_id!(
    /// An operation.
    OpId
);
entity_id!(
    /// A block: a list of ops with arguments.
    BlockId
);
entity_id!(
    /// A region: a list of blocks owned by an op.
    RegionId
);
entity_id!(
    /// An SSA value: an op result or a block argument.
    ValueId
);
entity_id!(
    /// An interned operation name such as `scf.while`; see [`Context::op_name`](crate::Context::op_name).
    OpName
);

entity_id!(
    /// An interned attribute name such as `predicate`; see
    /// [`Context::attr_name`](crate::Context::attr_name).
    AttrName
);

/// Where a value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// Result `index` of `op`.
    Result {
        /// The defining op.
        op: OpId,
        /// The result's position among the op's results.
        index: u32,
    },
    /// Argument `index` of `block`.
    BlockArg {
        /// The block whose argument it is.
        block: BlockId,
        /// The argument's position.
        index: u32,
    },
    /// A value not yet defined (a parser forward reference), or one whose owner was erased.
    Detached,
}

/// One use of a value: operand `operand` of `op`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Use {
    /// The op that reads the value.
    pub op: OpId,
    /// The index in that op's operand list.
    pub operand: u32,
}

#[derive(Clone, Debug)]
pub(crate) struct ValueData {
    pub ty: Type,
    pub def: ValueDef,
    /// In the context's use pool.
    pub uses: List,
}

/// A named attribute of an op, e.g. `predicate = 2 : i64`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NamedAttr {
    /// The key, interned ([`Context::attr_name_str`](crate::Context::attr_name_str) gives its
    /// text).
    pub name: AttrName,
    /// The value.
    pub value: Attr,
}

/// An op's payload and links. Its lists are ranges in the context's pools (see `pool.rs`):
/// no allocation of its own.
#[derive(Clone, Debug)]
pub(crate) struct OpData {
    pub name: OpName,
    pub operands: List,
    /// For each operand, its position in the operand value's use list (O(1) use removal).
    pub use_pos: List,
    pub results: List,
    pub attrs: List,
    pub regions: List,
    pub successors: List,
    /// For each successor, its entry's position in that block's predecessor list (O(1)
    /// predecessor removal, as `use_pos` does for use lists).
    pub pred_pos: List,
    /// In the context's location tables.
    pub loc: CompactLoc,
    pub parent: Option<BlockId>,
    pub prev: Option<OpId>,
    pub next: Option<OpId>,
    pub erased: bool,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct BlockData {
    /// In the context's value-list pool.
    pub args: List,
    pub parent: Option<RegionId>,
    pub first: Option<OpId>,
    pub last: Option<OpId>,
    pub prev: Option<BlockId>,
    pub next: Option<BlockId>,
    /// Ops that name this block as a successor (one entry per successor slot; each slot
    /// knows its entry's position, see `OpData::pred_pos`).
    pub preds: List,
    pub erased: bool,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct RegionData {
    pub parent: Option<OpId>,
    pub first: Option<BlockId>,
    pub last: Option<BlockId>,
}

/// Everything needed to create an op (MLIR `OperationState`): parsers and builders fill one
/// in and hand it to [`Context::create_op`](crate::Context::create_op).
#[derive(Clone, Debug)]
pub struct OpState {
    /// The op name, e.g. `arith.addi`.
    pub name: OpName,
    /// Operand values, in order (successor operands included, as MLIR stores them).
    pub operands: Vec<ValueId>,
    /// The types of the results to create.
    pub result_types: Vec<Type>,
    /// Attributes (inherent and discardable in one list).
    pub attrs: Vec<NamedAttr>,
    /// Regions to move into the op (usually fresh ones from `Context::new_region`).
    pub regions: Vec<RegionId>,
    /// Successor blocks (terminators only).
    pub successors: Vec<BlockId>,
    /// Source location.
    pub loc: Location,
}

impl OpState {
    /// An empty state for op `name` at `loc`.
    pub fn new(name: OpName, loc: Location) -> Self {
        OpState {
            name,
            operands: Vec::new(),
            result_types: Vec::new(),
            attrs: Vec::new(),
            regions: Vec::new(),
            successors: Vec::new(),
            loc,
        }
    }

    /// Sets attribute `name` (replacing an earlier value of the same name); intern the name
    /// with [`Context::attr_name`](crate::Context::attr_name).
    pub fn set_attr(&mut self, name: AttrName, value: Attr) {
        match self.attrs.iter_mut().find(|a| a.name == name) {
            Some(a) => a.value = value,
            None => self.attrs.push(NamedAttr { name, value }),
        }
    }

    /// The attribute `name`, if set.
    pub fn attr(&self, name: AttrName) -> Option<Attr> {
        self.attrs.iter().find(|a| a.name == name).map(|a| a.value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::size_of;

    /// The records' sizes, as docs/benchmarks.md ("Compact IR: bytes per op") gives them. By
    /// hand: a `List` is 8 bytes, an id and its `Option` 4, a `CompactLoc` 12, all 4-aligned.
    /// OpData: name 4 + seven lists 56 + loc 12 + parent, prev, next 12 + erased 1 = 85 -> 88.
    /// BlockData: two lists 16 + five links 20 + erased 1 = 37 -> 40. RegionData: three links
    /// 12. ValueData: type 4 + `ValueDef` (tag + two u32) 12 + uses list 8 = 24.
    #[test]
    fn record_sizes() {
        assert_eq!(size_of::<Option<OpId>>(), 4);
        assert_eq!(size_of::<OpData>(), 88);
        assert_eq!(size_of::<BlockData>(), 40);
        assert_eq!(size_of::<RegionData>(), 12);
        assert_eq!(size_of::<ValueData>(), 24);
    }
}
