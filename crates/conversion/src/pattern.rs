//! [`ConversionPatternSet`], the patterns a pass brings, and [`ConversionRewriter`], what a
//! pattern changes the IR through (MLIR `ConversionPattern`, `ConversionPatternRewriter`).

use crate::TypeConverter;
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;
use weir_ir::{
    BlockId, Context, DiagResult, Diagnostic, InsertPoint, OpId, RegionId, Type, ValueDef, ValueId,
};

/// A conversion pattern: rewrites the op (its root) and returns `Ok(true)`, or returns
/// `Ok(false)` without having changed the IR when it does not apply. An `Err` aborts the
/// conversion with that diagnostic. The [`OpAdaptor`] holds the op's operands as the conversion
/// sees them (converted where the set has a type converter). There is no rollback: a pattern
/// checks what it needs before it changes anything.
pub type ConversionPatternFn =
    Box<dyn Fn(&mut ConversionRewriter<'_>, OpId, &OpAdaptor) -> DiagResult<bool>>;

/// The patterns of one conversion, owned by the pass that runs it (not by op definitions),
/// keyed by the name of the op they rewrite, so finding an op's patterns is one hash lookup;
/// with an optional [`TypeConverter`] that the driver uses to convert operands and that
/// patterns reach through [`ConversionRewriter::type_converter`].
#[derive(Default)]
pub struct ConversionPatternSet {
    patterns: FxHashMap<String, Vec<ConversionPatternFn>>,
    type_converter: Option<Rc<TypeConverter>>,
}

impl ConversionPatternSet {
    /// An empty set without a type converter (operands are passed as they are).
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty set whose patterns see operands converted by `converter`.
    pub fn with_type_converter(converter: Rc<TypeConverter>) -> Self {
        ConversionPatternSet {
            patterns: FxHashMap::default(),
            type_converter: Some(converter),
        }
    }

    /// Adds a pattern for ops named `root`; an op's patterns are tried in the order added.
    pub fn add(
        &mut self,
        root: &str,
        pattern: impl Fn(&mut ConversionRewriter<'_>, OpId, &OpAdaptor) -> DiagResult<bool> + 'static,
    ) -> &mut Self {
        self.patterns
            .entry(root.to_string())
            .or_default()
            .push(Box::new(pattern));
        self
    }

    /// The patterns for ops named `name`.
    pub fn patterns_for(&self, name: &str) -> &[ConversionPatternFn] {
        self.patterns.get(name).map_or(&[], Vec::as_slice)
    }

    /// The set's type converter, if any.
    pub fn type_converter(&self) -> Option<&TypeConverter> {
        self.type_converter.as_deref()
    }
}

/// An op's operands as a conversion pattern sees them (MLIR `OpAdaptor`): for each operand,
/// the values standing for it after type conversion (the operand itself when its type is
/// legal or the set has no type converter; several values for a 1:N conversion).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpAdaptor {
    values: Vec<Vec<ValueId>>,
}

impl OpAdaptor {
    pub(crate) fn from_values(values: Vec<Vec<ValueId>>) -> Self {
        OpAdaptor { values }
    }

    /// The values standing for operand `i` (empty when `i` is out of range).
    pub fn get(&self, i: usize) -> &[ValueId] {
        self.values.get(i).map_or(&[], Vec::as_slice)
    }

    /// The number of operands.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether the op has no operands.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// All values, operand by operand (with 1:1 conversions: one per operand).
    pub fn operands(&self) -> Vec<ValueId> {
        self.values.iter().flatten().copied().collect()
    }
}

/// What the driver records about materializations across patterns.
#[derive(Default)]
pub(crate) struct Materializations {
    /// Ops built by materializations: not legalized, erased at the end when unused.
    pub(crate) ops: FxHashSet<OpId>,
    /// In creation order, for the clean-up.
    pub(crate) order: Vec<OpId>,
    /// A source-materialized value (original type) -> the converted values it stands for, so
    /// a converted user gets those directly.
    pub(crate) replaced: FxHashMap<ValueId, Vec<ValueId>>,
    /// An original value -> the results of the target materializations built for it (one list
    /// each), so that when its op is replaced later those users get the replacement directly.
    pub(crate) targets: FxHashMap<ValueId, Vec<Vec<ValueId>>>,
}

/// What a conversion pattern changes the IR through (MLIR `ConversionPatternRewriter`): the
/// [`Context`] itself, for building and moving ops and blocks (ops a pattern creates are found
/// by the driver, which legalizes them next), plus the steps that keep types consistent while
/// a conversion is half done: replacing an op by values of converted types and converting
/// block signatures, both with source materializations for the users not converted yet.
pub struct ConversionRewriter<'a> {
    /// The IR.
    pub ctx: &'a mut Context,
    converter: Option<&'a TypeConverter>,
    casts: &'a mut Materializations,
}

impl<'a> ConversionRewriter<'a> {
    pub(crate) fn new(
        ctx: &'a mut Context,
        converter: Option<&'a TypeConverter>,
        casts: &'a mut Materializations,
    ) -> Self {
        ConversionRewriter {
            ctx,
            converter,
            casts,
        }
    }

    /// The pattern set's type converter, if any.
    pub fn type_converter(&self) -> Option<&'a TypeConverter> {
        self.converter
    }

    /// Replaces each result of `op` by the matching value of `values` and erases `op` (MLIR
    /// `replaceOp`). A value whose type differs from the result's (a converted type) reaches the
    /// result's users through a source materialization built right after the value's
    /// definition; a converted user gets the value itself from its adaptor. Fails, changing
    /// nothing, when the counts differ.
    pub fn replace_op(&mut self, op: OpId, values: &[ValueId]) -> DiagResult<()> {
        let results = self.ctx.results(op).to_vec();
        if results.len() != values.len() {
            return Err(Diagnostic::error(
                self.ctx.loc(op),
                format!(
                    "'{}' op replaced by {} values, but it has {} results",
                    self.ctx.name_str(op),
                    values.len(),
                    results.len()
                ),
            ));
        }
        for (r, &v) in results.into_iter().zip(values) {
            self.bypass_target_materializations(r, v);
            let old_ty = self.ctx.value_type(r);
            let with = if self.ctx.value_type(v) == old_ty || self.ctx.is_unused(r) {
                v
            } else {
                let Some(at) = self.after_def(v) else {
                    return Err(Diagnostic::error(
                        self.ctx.loc(op),
                        format!(
                            "'{}' op replaced by a value that is not defined in a block",
                            self.ctx.name_str(op)
                        ),
                    ));
                };
                let loc = self.ctx.loc(op);
                self.materialize_source(&[v], old_ty, &loc, at)
            };
            self.ctx.replace_all_uses(r, with);
        }
        self.ctx.erase_op(op);
        Ok(())
    }

    /// The driver visits a block's ops from the last, so a user of `r` may have been converted
    /// before `r`'s op, reading `r` through a target materialization: when that
    /// materialization gives `v`'s type, its users read `v` instead and it is erased.
    fn bypass_target_materializations(&mut self, r: ValueId, v: ValueId) {
        let Some(lists) = self.casts.targets.remove(&r) else {
            return;
        };
        let ty = self.ctx.value_type(v);
        for results in lists {
            let [c] = results[..] else { continue };
            if self.ctx.value_type(c) != ty {
                continue;
            }
            self.ctx.replace_all_uses(c, v);
            if let Some(def) = self.ctx.defining_op(c) {
                if self.ctx.results(def).iter().all(|&x| self.ctx.is_unused(x)) {
                    self.ctx.erase_op(def);
                }
            }
        }
    }

    /// Converts the argument types of every block of `region` with the type converter (MLIR
    /// `convertRegionTypes`); see [`convert_block_signature`](Self::convert_block_signature).
    pub fn convert_region_types(&mut self, region: RegionId) -> DiagResult<()> {
        for b in self.ctx.region_blocks(region) {
            self.convert_block_signature(b)?;
        }
        Ok(())
    }

    /// Gives each argument of `block` its converted type; the argument's existing users read it
    /// through a source materialization at the start of the block (their adaptors see the
    /// argument itself). Without a type converter nothing changes. Fails, changing nothing, on
    /// an argument whose type is not convertible or converts to other than one type (1:N block
    /// signatures are not supported), located at the block's parent op.
    pub fn convert_block_signature(&mut self, block: BlockId) -> DiagResult<()> {
        let Some(converter) = self.converter else {
            return Ok(());
        };
        let args = self.ctx.block_args(block).to_vec();
        let mut new_types = Vec::with_capacity(args.len());
        for &a in &args {
            let ty = self.ctx.value_type(a);
            let Some(t) = converter.convert_single(self.ctx, ty) else {
                let loc = self
                    .ctx
                    .block_parent_op(block)
                    .map(|p| self.ctx.loc(p))
                    .unwrap_or_default();
                return Err(Diagnostic::error(
                    loc,
                    "block argument type has no 1:1 conversion",
                ));
            };
            new_types.push(t);
        }
        for (a, t) in args.into_iter().zip(new_types) {
            let old = self.ctx.value_type(a);
            if t == old {
                continue;
            }
            self.ctx.set_value_type(a, t);
            if self.ctx.is_unused(a) {
                continue;
            }
            let loc = self
                .ctx
                .block_parent_op(block)
                .map(|p| self.ctx.loc(p))
                .unwrap_or_default();
            let first = self.ctx.op_capacity();
            let cast = self.materialize_source(&[a], old, &loc, InsertPoint::Start(block));
            // The materialization reads `a` too: point every use at the cast, then the
            // materialization's own uses back at `a`.
            let cast_ops: Vec<(OpId, usize)> = self
                .ctx
                .uses(a)
                .iter()
                .filter(|u| u.op.index() >= first)
                .map(|u| (u.op, u.operand as usize))
                .collect();
            self.ctx.replace_all_uses(a, cast);
            for (o, i) in cast_ops {
                self.ctx.set_operand(o, i, a);
            }
        }
        Ok(())
    }

    /// Builds a source materialization of `inputs` to `ty` (one value) and records it.
    fn materialize_source(
        &mut self,
        inputs: &[ValueId],
        ty: Type,
        loc: &weir_ir::Location,
        at: InsertPoint,
    ) -> ValueId {
        let first = self.ctx.op_capacity();
        let values = match self.converter {
            Some(c) => c.materialize_source(self.ctx, inputs, &[ty], loc, at),
            None => crate::type_converter::unrealized_cast(self.ctx, inputs, &[ty], loc, at),
        };
        self.record(first);
        self.casts.replaced.insert(values[0], inputs.to_vec());
        values[0]
    }

    /// Builds a target materialization of `v` to `types` before `op`, recorded.
    pub(crate) fn materialize_target(
        &mut self,
        converter: &TypeConverter,
        v: ValueId,
        types: &[Type],
        op: OpId,
    ) -> Vec<ValueId> {
        let first = self.ctx.op_capacity();
        let loc = self.ctx.loc(op);
        let values =
            converter.materialize_target(self.ctx, &[v], types, &loc, InsertPoint::Before(op));
        self.record(first);
        self.casts
            .targets
            .entry(v)
            .or_default()
            .push(values.clone());
        values
    }

    /// Records the ops created since the op capacity was `first` as materializations.
    fn record(&mut self, first: usize) {
        for i in first..self.ctx.op_capacity() {
            let o = OpId::from_index(i);
            self.casts.ops.insert(o);
            self.casts.order.push(o);
        }
    }

    /// The point right after `v`'s definition: after its op, or at the start of its block;
    /// `None` for a value defined nowhere (detached, or by an op outside any block).
    fn after_def(&self, v: ValueId) -> Option<InsertPoint> {
        match self.ctx.value_def(v) {
            ValueDef::Result { op, .. } => self.ctx.op_block(op).map(|_| InsertPoint::After(op)),
            ValueDef::BlockArg { block, .. } => Some(InsertPoint::Start(block)),
            ValueDef::Detached => None,
        }
    }
}
