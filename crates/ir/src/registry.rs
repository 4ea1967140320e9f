//! Op definitions: the traits and interfaces a dialect declares for each of its ops.
//!
//! Traits and interfaces are one concept here (as in pliron and xDSL): flags for the yes/no
//! properties, optional function pointers for the behaviour. Generic code (the verifier, passes)
//! asks these, never op names.

use crate::attributes::Attr;
use crate::context::Context;
use crate::diagnostic::{DiagResult, Diagnostic};
use crate::entities::{OpId, ValueId};
use crate::interfaces::infer_types::InferTypesFn;
use crate::interfaces::loop_like::LoopLike;
use crate::interfaces::memory_effects::EffectsFn;
use crate::interfaces::region_branch::SuccessorsFn;
use crate::location::Location;
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
    /// A constant: no operands, one result, its value in the attribute `value` (MLIR
    /// `ConstantLike`), e.g. `arith.constant`.
    pub const CONSTANT_LIKE: Traits = Traits(1 << 7);
    /// Has no side effects of its own; it is pure when every op in its regions is (MLIR
    /// `HasRecursiveMemoryEffects`), e.g. `scf.if`. Ops that may not terminate do not have it.
    pub const RECURSIVELY_PURE: Traits = Traits(1 << 8);
    /// A binary op whose two operands may be swapped (MLIR `Commutative`), e.g. `arith.addi`.
    pub const COMMUTATIVE: Traits = Traits(1 << 9);
    /// Applies to each element of its tensor operands independently (MLIR `Elementwise`, with
    /// `Scalarizable`/`Tensorizable`): on tensors, result element `i` is the op applied to the
    /// operands' elements `i` (scalar operands broadcast), e.g. `arith.addf`, `math.exp`.
    /// Backends may lower a chain of such ops as one loop over the elements.
    pub const ELEMENTWISE: Traits = Traits(1 << 10);
    /// On scalar operands, running it has no effect but its result, whatever the operands: it
    /// may run where its result is not needed, e.g. both arms of a branch turned into a select
    /// (MLIR `AlwaysSpeculatableImplTrait`), e.g. `arith.addi`; not `arith.divsi`, which
    /// faults on a zero divisor in Weir's backends. (On tensors, shapes may still mismatch at
    /// run time.)
    pub const SPECULATABLE: Traits = Traits(1 << 11);

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

/// The ranges of [`SuccessorOperandsFn`] for all of the op's successors at once, in successor
/// order: for ops whose single lookup is not O(1) (`cf.switch` sums the sizes of the cases
/// before the one asked for), so that a walk over all successors stays linear.
pub type SuccessorOperandRangesFn = fn(&Context, OpId) -> Vec<Range<usize>>;

/// What a folder gives for one result (MLIR `OpFoldResult`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FoldResult {
    /// The result is this constant (the driver materializes a constant op for it).
    Constant(Attr),
    /// The result is this existing value.
    Value(ValueId),
}

/// MLIR `fold`: given the op and its operands' constant values (`None` where an operand is not a
/// constant), return one [`FoldResult`] per result, or `None` when the op does not fold. A
/// folder must not change the IR; it may intern attributes and types.
pub type FoldFn = fn(&mut Context, OpId, &[Option<Attr>]) -> Option<Vec<FoldResult>>;

/// Where a pattern's remarks go: users see MindSpore's constant/variable classification through
/// them (`--fold-constant-conditions="remarks=true"`).
#[derive(Debug, Default)]
pub struct RewriteLog {
    /// Whether remarks are wanted; patterns check it before building messages.
    pub remarks: bool,
    /// The remarks (and any other diagnostics) patterns emitted, in order.
    pub diagnostics: Vec<Diagnostic>,
}

impl RewriteLog {
    /// Emits a remark at `loc` if remarks are enabled.
    pub fn remark(&mut self, loc: &Location, message: impl FnOnce() -> String) {
        if self.remarks {
            self.diagnostics
                .push(Diagnostic::remark(loc.clone(), message()));
        }
    }
}

/// Applies a pattern to a matching op; returns whether it changed the IR. A pattern that
/// returns `false` must not have changed anything.
pub type PatternFn = fn(&mut Context, OpId, &mut RewriteLog) -> bool;

/// A rewrite pattern rooted at one op (MLIR `RewritePattern`), registered with its op's
/// [`OpDef`] (MLIR `getCanonicalizationPatterns`). Which of an op's patterns a pass runs is the
/// pass's choice (a filter it gives the rewrite driver), not a property of the pattern.
#[derive(Clone, Copy, Debug)]
pub struct Pattern {
    /// A name for debugging and `--mlir-print-ir-after-all`-style tracing.
    pub name: &'static str,
    /// The rewrite.
    pub apply: PatternFn,
}

/// Creates a constant op of `ty` holding `value` at the given point and returns its result, or
/// `None` when the dialect cannot (MLIR `Dialect::materializeConstant`).
pub type MaterializeFn = fn(
    &mut Context,
    Attr,
    crate::types::Type,
    Location,
    crate::context::InsertPoint,
) -> Option<ValueId>;

/// Everything the framework knows about one registered op.
#[derive(Clone, Debug)]
pub struct OpDef {
    /// The full name, `dialect.op`.
    pub name: &'static str,
    /// The op's traits.
    pub traits: Traits,
    /// Op-specific verification of the op itself, run before its regions' contents are
    /// verified (MLIR `verify`).
    pub verify: Option<VerifyFn>,
    /// Op-specific verification that looks into its regions (terminators, yields), run after
    /// the ops inside them are verified and before the interface verifiers (where MLIR runs
    /// its traits' region verifiers, e.g. `SingleBlockImplicitTerminator`,
    /// `LoopLikeOpInterface`).
    pub verify_regions: Option<VerifyFn>,
    /// Op-specific region verification run after the interface verifiers (the
    /// [`region_branch`](Self::region_branch) edges): MLIR's own `verifyRegions()` of the op.
    pub verify_regions_last: Option<VerifyFn>,
    /// The op's control flow between its regions (MLIR `RegionBranchOpInterface`).
    pub region_branch: Option<SuccessorsFn>,
    /// The op's loop structure (MLIR `LoopLikeOpInterface`).
    pub loop_like: Option<LoopLike>,
    /// The op's own memory effects (MLIR `MemoryEffectOpInterface`); see
    /// [`crate::interfaces::memory_effects`] for how this combines with `PURE` and
    /// `RECURSIVELY_PURE`.
    pub memory_effects: Option<EffectsFn>,
    /// For terminators with successors: which operands go to which successor. `None` means all
    /// operands go to the single successor.
    pub successor_operands: Option<SuccessorOperandsFn>,
    /// All successors' operand ranges at once (see [`SuccessorOperandRangesFn`]); `None` means
    /// [`OpDef::successor_operands`] is asked once per successor.
    pub successor_operand_ranges: Option<SuccessorOperandRangesFn>,
    /// Constant folding, if the op has a folder.
    pub fold: Option<FoldFn>,
    /// The op's result types from its operands, attributes and regions (MLIR
    /// `InferTypeOpInterface`); the verifier checks the declared ones against them.
    pub infer_types: Option<InferTypesFn>,
    /// The most specific result types the operands, attributes and regions imply, for ops
    /// whose declared result types may be less specific than that (MLIR
    /// `InferShapedTypeOpInterface`, e.g. `tensor.concat` of two `tensor<2x2xf32>` declared
    /// `tensor<?x2xf32>`). The op's own verifier checks the declared types are compatible;
    /// shape inference refines the declared types with them. Ops with exact
    /// [`OpDef::infer_types`] need not set it.
    pub infer_shaped_types: Option<InferTypesFn>,
    /// Canonicalization patterns rooted at this op.
    pub patterns: &'static [Pattern],
}

impl OpDef {
    /// A definition with the given traits and no hooks.
    pub const fn new(name: &'static str, traits: Traits) -> Self {
        OpDef {
            name,
            traits,
            verify: None,
            verify_regions: None,
            verify_regions_last: None,
            region_branch: None,
            loop_like: None,
            memory_effects: None,
            successor_operands: None,
            successor_operand_ranges: None,
            fold: None,
            infer_types: None,
            infer_shaped_types: None,
            patterns: &[],
        }
    }

    /// Sets the verifier (builder style).
    pub const fn verifier(mut self, f: VerifyFn) -> Self {
        self.verify = Some(f);
        self
    }

    /// Sets the region verifier (builder style).
    pub const fn region_verifier(mut self, f: VerifyFn) -> Self {
        self.verify_regions = Some(f);
        self
    }

    /// Sets the region verifier run after the interface verifiers (builder style).
    pub const fn region_verifier_last(mut self, f: VerifyFn) -> Self {
        self.verify_regions_last = Some(f);
        self
    }

    /// Declares the `RegionBranch` interface (builder style).
    pub const fn region_branch(mut self, f: SuccessorsFn) -> Self {
        self.region_branch = Some(f);
        self
    }

    /// Declares the `LoopLike` interface (builder style).
    pub const fn loop_like(mut self, l: LoopLike) -> Self {
        self.loop_like = Some(l);
        self
    }

    /// Declares the op's own memory effects (builder style).
    pub const fn memory_effects(mut self, f: EffectsFn) -> Self {
        self.memory_effects = Some(f);
        self
    }

    /// Sets the folder (builder style).
    pub const fn folder(mut self, f: FoldFn) -> Self {
        self.fold = Some(f);
        self
    }

    /// Sets the canonicalization patterns (builder style).
    pub const fn patterns(mut self, p: &'static [Pattern]) -> Self {
        self.patterns = p;
        self
    }

    /// Declares the `InferTypes` interface (builder style).
    pub const fn infer_types(mut self, f: InferTypesFn) -> Self {
        self.infer_types = Some(f);
        self
    }

    /// Declares the `InferShapedTypes` interface (builder style; see
    /// [`OpDef::infer_shaped_types`]).
    pub const fn infer_shaped_types(mut self, f: InferTypesFn) -> Self {
        self.infer_shaped_types = Some(f);
        self
    }

    /// Sets the successor-operand mapping (builder style).
    pub const fn successor_operands(mut self, f: SuccessorOperandsFn) -> Self {
        self.successor_operands = Some(f);
        self
    }

    /// Sets the all-successors operand ranges (builder style; see
    /// [`SuccessorOperandRangesFn`]). They must agree with [`OpDef::successor_operands`].
    pub const fn successor_operand_ranges(mut self, f: SuccessorOperandRangesFn) -> Self {
        self.successor_operand_ranges = Some(f);
        self
    }
}
