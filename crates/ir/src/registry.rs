//! Op definitions: the traits and interfaces a dialect declares for each of its ops.
//!
//! Traits and interfaces are one concept here (as in pliron and xDSL): flags for the yes/no
//! properties, optional function pointers for the behaviour. Generic code (the verifier, passes)
//! asks these, never op names.

use crate::context::Context;
use crate::diagnostic::DiagResult;
use crate::entities::OpId;
use std::ops::Range;

/// Yes/no properties of an op (MLIR traits). Combine with `|`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Traits(u32);

impl Traits {
    /// No trait.
    pub const NONE: Traits = Traits(0);
    /// Ends a block (MLIR `IsTerminator`).
    pub const TERMINATOR: Traits = Traits(1);
    /// Has no side effects: can be erased when unused, hoisted, folded (MLIR `Pure`).
    pub const PURE: Traits = Traits(1 << 1);
    /// Its regions cannot use values defined outside (MLIR `IsolatedFromAbove`), e.g. `func.func`.
    pub const ISOLATED_FROM_ABOVE: Traits = Traits(1 << 2);
    /// Its regions' blocks need no terminator (MLIR `NoTerminator`), e.g. `builtin.module`.
    pub const NO_TERMINATOR: Traits = Traits(1 << 3);
    /// Each region has at most one block (MLIR `SingleBlock`).
    pub const SINGLE_BLOCK: Traits = Traits(1 << 4);
    /// Returns control to the parent op (MLIR `ReturnLike`), e.g. `scf.yield`, `func.return`.
    pub const RETURN_LIKE: Traits = Traits(1 << 5);
    /// Defines a symbol table (MLIR `SymbolTable`), e.g. `builtin.module`.
    pub const SYMBOL_TABLE: Traits = Traits(1 << 6);

    /// Whether every trait of `other` is in `self`.
    pub fn contains(self, other: Traits) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for Traits {
    type Output = Traits;
    fn bitor(self, rhs: Traits) -> Traits {
        Traits(self.0 | rhs.0)
    }
}

/// An op's own verifier: returns the first violation as a located diagnostic.
pub type VerifyFn = fn(&Context, OpId) -> DiagResult<()>;

/// MLIR `BranchOpInterface::getSuccessorOperands`: the range of the op's operands that are
/// passed to successor `index`'s block arguments.
pub type SuccessorOperandsFn = fn(&Context, OpId, usize) -> Range<usize>;

/// Everything the framework knows about one registered op.
#[derive(Clone, Debug)]
pub struct OpDef {
    /// The full name, `dialect.op`.
    pub name: &'static str,
    /// The op's traits.
    pub traits: Traits,
    /// Op-specific verification, run after the structural checks.
    pub verify: Option<VerifyFn>,
    /// For terminators with successors: which operands go to which successor. `None` means all
    /// operands go to the single successor.
    pub successor_operands: Option<SuccessorOperandsFn>,
}

impl OpDef {
    /// A definition with the given traits and no hooks.
    pub const fn new(name: &'static str, traits: Traits) -> Self {
        OpDef { name, traits, verify: None, successor_operands: None }
    }

    /// Sets the verifier (builder style).
    pub const fn verifier(mut self, f: VerifyFn) -> Self {
        self.verify = Some(f);
        self
    }

    /// Sets the successor-operand mapping (builder style).
    pub const fn successor_operands(mut self, f: SuccessorOperandsFn) -> Self {
        self.successor_operands = Some(f);
        self
    }
}
