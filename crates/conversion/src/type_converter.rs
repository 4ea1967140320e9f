//! [`TypeConverter`]: how types change in a conversion and how values cross the change
//! (MLIR `TypeConverter`).

use weir_ir::{Context, InsertPoint, Location, OpId, OpState, Type, ValueId};

/// The name of MLIR's `builtin.unrealized_conversion_cast`, the default materialization
/// (defined, with its syntax, by the builtin dialect crate, as MLIR's DialectConversion builds
/// the builtin `UnrealizedConversionCastOp`).
pub use weir_dialect_builtin::UNREALIZED_CONVERSION_CAST;

/// One conversion rule: `None` when the rule does not apply to the type (the next rule is
/// tried), else the types that replace it (one for a 1:1 conversion, several for 1:N, none to
/// drop it). It may intern types.
pub type ConversionFn = Box<dyn Fn(&mut Context, Type) -> Option<Vec<Type>>>;

/// One materialization: builds, at the insert point and with the location given, ops that turn
/// `inputs` into values of the `outputs` types and returns those values (one per output type),
/// or `None` when it does not handle these types (the next one is tried, then the default cast).
pub type MaterializationFn =
    Box<dyn Fn(&mut Context, &[ValueId], &[Type], &Location, InsertPoint) -> Option<Vec<ValueId>>>;

/// Type conversion rules and materializations (MLIR `TypeConverter`). Rules are tried from the
/// last added to the first, as MLIR does, so a general fallback (e.g. the identity
/// `|_, t| Some(vec![t])`) is added first and special cases after it. A type no rule applies to
/// cannot be converted.
///
/// Materializations build the casts between a value and its converted form: a *source*
/// materialization turns converted values back into the original type for users not converted
/// yet; a *target* materialization turns an original value into the converted types for a
/// pattern's operands. Without one that applies, both build one
/// `builtin.unrealized_conversion_cast` (MLIR's default), which the driver erases again when it
/// ends up unused.
#[derive(Default)]
pub struct TypeConverter {
    conversions: Vec<ConversionFn>,
    source: Vec<MaterializationFn>,
    target: Vec<MaterializationFn>,
}

impl TypeConverter {
    /// A converter without rules (no type is convertible) or materializations.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a conversion rule, tried before the rules added earlier (MLIR `addConversion`).
    pub fn add_conversion(
        &mut self,
        rule: impl Fn(&mut Context, Type) -> Option<Vec<Type>> + 'static,
    ) -> &mut Self {
        self.conversions.push(Box::new(rule));
        self
    }

    /// Adds a source materialization (converted values to an original type), tried before those
    /// added earlier (MLIR `addSourceMaterialization`).
    pub fn add_source_materialization(
        &mut self,
        f: impl Fn(&mut Context, &[ValueId], &[Type], &Location, InsertPoint) -> Option<Vec<ValueId>>
            + 'static,
    ) -> &mut Self {
        self.source.push(Box::new(f));
        self
    }

    /// Adds a target materialization (an original value to converted types), tried before those
    /// added earlier (MLIR `addTargetMaterialization`).
    pub fn add_target_materialization(
        &mut self,
        f: impl Fn(&mut Context, &[ValueId], &[Type], &Location, InsertPoint) -> Option<Vec<ValueId>>
            + 'static,
    ) -> &mut Self {
        self.target.push(Box::new(f));
        self
    }

    /// The types replacing `ty`: the answer of the last-added rule that applies, `None` when
    /// none does (MLIR `convertType`).
    pub fn convert_type(&self, ctx: &mut Context, ty: Type) -> Option<Vec<Type>> {
        self.conversions.iter().rev().find_map(|rule| rule(ctx, ty))
    }

    /// The one type replacing `ty`, `None` when it is not convertible or not 1:1.
    pub fn convert_single(&self, ctx: &mut Context, ty: Type) -> Option<Type> {
        match self.convert_type(ctx, ty)?.as_slice() {
            &[t] => Some(t),
            _ => None,
        }
    }

    /// Whether `ty` converts to itself (MLIR `isLegal(Type)`).
    pub fn is_legal_type(&self, ctx: &mut Context, ty: Type) -> bool {
        self.convert_single(ctx, ty) == Some(ty)
    }

    /// Whether every operand and result type of `op` is legal (MLIR `isLegal(Operation *)`);
    /// for a dynamic legality predicate of a [`ConversionTarget`](crate::ConversionTarget).
    pub fn is_legal_op(&self, ctx: &mut Context, op: OpId) -> bool {
        let types: Vec<Type> = ctx
            .operands(op)
            .iter()
            .chain(ctx.results(op))
            .map(|&v| ctx.value_type(v))
            .collect();
        types.into_iter().all(|t| self.is_legal_type(ctx, t))
    }

    /// Converts `inputs` (converted values) back to the `outputs` types at `at` (MLIR
    /// `materializeSourceConversion`).
    pub fn materialize_source(
        &self,
        ctx: &mut Context,
        inputs: &[ValueId],
        outputs: &[Type],
        loc: &Location,
        at: InsertPoint,
    ) -> Vec<ValueId> {
        materialize(&self.source, ctx, inputs, outputs, loc, at)
    }

    /// Converts `inputs` (original values) to the `outputs` types at `at` (MLIR
    /// `materializeTargetConversion`).
    pub fn materialize_target(
        &self,
        ctx: &mut Context,
        inputs: &[ValueId],
        outputs: &[Type],
        loc: &Location,
        at: InsertPoint,
    ) -> Vec<ValueId> {
        materialize(&self.target, ctx, inputs, outputs, loc, at)
    }
}

/// The first of `fns` (last added first) that handles the types, else the default cast. A
/// materialization that returns the wrong number of values is a bug of its author, reported
/// by falling back to the cast, whose results are always right.
fn materialize(
    fns: &[MaterializationFn],
    ctx: &mut Context,
    inputs: &[ValueId],
    outputs: &[Type],
    loc: &Location,
    at: InsertPoint,
) -> Vec<ValueId> {
    fns.iter()
        .rev()
        .find_map(|f| f(ctx, inputs, outputs, loc, at).filter(|v| v.len() == outputs.len()))
        .unwrap_or_else(|| unrealized_cast(ctx, inputs, outputs, loc, at))
}

/// `%r... = builtin.unrealized_conversion_cast %inputs : in-types to outputs` at `at`; returns
/// its results.
pub fn unrealized_cast(
    ctx: &mut Context,
    inputs: &[ValueId],
    outputs: &[Type],
    loc: &Location,
    at: InsertPoint,
) -> Vec<ValueId> {
    let mut st = OpState::new(ctx.op_name(UNREALIZED_CONVERSION_CAST), loc.clone());
    st.operands = inputs.to_vec();
    st.result_types = outputs.to_vec();
    let cast = ctx.build_op(st, at);
    ctx.results(cast).to_vec()
}
