//! `InferTypes` (MLIR `InferTypeOpInterface`): an op's result types computed from its operand
//! types, attributes and regions, declared by the op's dialect (`OpDef::infer_types`).
//!
//! Consumers:
//! - the verifier ([`verify_inferred`]): the declared result types must be the inferred ones,
//!   checked right after the op's own verifier (as MLIR checks it among the op's invariants,
//!   after its ODS constraints, so an op whose types its verifier rejects reports that first);
//! - builders ([`Context::build_inferred`]): an op built without result types gets the
//!   inferred ones;
//! - shape inference (`--infer-shapes`), through [`infer_refined_result_types`], which prefers
//!   the `InferShapedTypes` hook (`OpDef::infer_shaped_types`) where an op has one.
//!
//! The hook returns [`TypeKind`]s, not interned [`Type`]s, so that the verifier, which only
//! reads the context, can compare a type that no op uses yet (e.g. `vector<4xi1>` for a
//! malformed `arith.cmpi`); types nested in a returned kind must already be interned, which
//! operand types and the `i1` and `index` types the context interns at creation are.

use crate::attributes::Attr;
use crate::context::{Context, InsertPoint};
use crate::diagnostic::DiagResult;
use crate::entities::{NamedAttr, OpId, OpState, RegionId, ValueId};
use crate::location::Location;
use crate::types::{Signedness, Type, TypeKind};
use crate::verifier::op_error;

/// What result types are inferred from (MLIR `inferReturnTypes`' operands, attributes and
/// regions): the op's, when verifying; the [`OpState`]'s, when building.
#[derive(Clone, Copy, Debug)]
pub struct InferInput<'a> {
    /// The op's name, e.g. `arith.addi` (for messages).
    pub name: &'a str,
    /// The operand values, in order.
    pub operands: &'a [ValueId],
    /// The attributes.
    pub attrs: &'a [NamedAttr],
    /// The regions (their blocks and arguments may be read; result types of region ops often
    /// come from their terminators).
    pub regions: &'a [RegionId],
    /// The op's results, when it exists (empty when building): an `InferShapedTypes` hook
    /// may start from their declared types (`tensor.empty`'s static sizes are only in its
    /// type) and refine them.
    pub results: &'a [ValueId],
    /// Where errors are reported.
    pub loc: &'a Location,
}

impl InferInput<'_> {
    /// The attribute `name`, if present (names are interned in `ctx`).
    pub fn attr(&self, ctx: &Context, name: &str) -> Option<Attr> {
        let name = ctx.lookup_attr_name(name)?;
        self.attrs.iter().find(|a| a.name == name).map(|a| a.value)
    }
}

/// An op's result types (MLIR `inferReturnTypes`), one kind per result, or an error located
/// at `input.loc` when they cannot be inferred (e.g. a missing operand).
pub type InferTypesFn = fn(&Context, &InferInput<'_>) -> DiagResult<Vec<TypeKind>>;

/// The op's `InferTypes` hook, if its dialect declared one.
pub fn infer_types_fn(ctx: &Context, op: OpId) -> Option<InferTypesFn> {
    ctx.op_def(ctx.name(op)).and_then(|d| d.infer_types)
}

/// The inferred result types of an existing op, or `None` if it has no `InferTypes` hook.
pub fn infer_result_types(ctx: &Context, op: OpId) -> Option<DiagResult<Vec<TypeKind>>> {
    Some(call_on_op(ctx, op, infer_types_fn(ctx, op)?))
}

/// The most specific result types of an existing op that its operands imply (shape
/// inference's question): its `InferShapedTypes` hook if it has one, else its `InferTypes`
/// hook; `None` if it has neither.
pub fn infer_refined_result_types(ctx: &Context, op: OpId) -> Option<DiagResult<Vec<TypeKind>>> {
    let def = ctx.op_def(ctx.name(op))?;
    Some(call_on_op(
        ctx,
        op,
        def.infer_shaped_types.or(def.infer_types)?,
    ))
}

/// Calls hook `f` on the operands, attributes, regions and results of the existing op `op`.
fn call_on_op(ctx: &Context, op: OpId, f: InferTypesFn) -> DiagResult<Vec<TypeKind>> {
    let loc = ctx.loc(op);
    f(
        ctx,
        &InferInput {
            name: ctx.name_str(op),
            operands: ctx.operands(op),
            attrs: ctx.attrs(op),
            regions: ctx.regions(op),
            results: ctx.results(op),
            loc: &loc,
        },
    )
}

/// MLIR `verifyInferredResultTypes`: the op's declared result types are its inferred ones.
/// Worded as MLIR 22: `'arith.addi' op inferred type(s) 'i32' are incompatible with return
/// type(s) of operation 'i64'` (types in quotes, comma-separated). Ops without the hook pass.
pub fn verify_inferred(ctx: &Context, op: OpId) -> DiagResult<()> {
    let Some(inferred) = infer_result_types(ctx, op) else {
        return Ok(());
    };
    let inferred = inferred?;
    let declared = ctx.results(op);
    let same = inferred.len() == declared.len()
        && inferred
            .iter()
            .zip(declared)
            .all(|(k, &r)| ctx.type_kind(ctx.value_type(r)) == k);
    if same {
        return Ok(());
    }
    let declared: Vec<Type> = declared.iter().map(|&r| ctx.value_type(r)).collect();
    Err(op_error(
        ctx,
        op,
        format!(
            "inferred type(s) {} are incompatible with return type(s) of operation {}",
            ctx.quoted_kinds(&inferred),
            ctx.quoted_kinds(
                &declared
                    .iter()
                    .map(|&t| ctx.type_kind(t).clone())
                    .collect::<Vec<_>>()
            )
        ),
    ))
}

/// The `i1` kind, or, for a vector or ranked/unranked tensor `like`, the same shape of `i1`
/// (MLIR's `getI1SameShape`, the result type of `arith.cmpi`/`cmpf`).
pub fn i1_same_shape(ctx: &Context, like: Type) -> TypeKind {
    let i1 = TypeKind::Integer {
        width: 1,
        signedness: Signedness::Signless,
    };
    let element = ctx.i1_interned();
    match ctx.type_kind(like) {
        TypeKind::Vector { shape, .. } => TypeKind::Vector {
            shape: shape.clone(),
            element,
        },
        TypeKind::Tensor { shape, .. } => TypeKind::Tensor {
            shape: shape.clone(),
            element,
        },
        _ => i1,
    }
}

/// The type of operand `i` as a kind, or an error at `input.loc` naming the op when it is
/// missing (for hooks of ops whose result type is an operand's).
pub fn operand_type(ctx: &Context, input: &InferInput<'_>, i: usize) -> DiagResult<TypeKind> {
    match input.operands.get(i) {
        Some(&v) => Ok(ctx.type_kind(ctx.value_type(v)).clone()),
        None => Err(crate::Diagnostic::error(
            input.loc.clone(),
            format!(
                "'{}' op expected operand #{i} to infer its result type",
                input.name
            ),
        )),
    }
}

impl Context {
    /// Builds the op of `state` with the result types its `InferTypes` hook infers (any
    /// `state.result_types` are replaced) and inserts it at `at` (MLIR's `OpBuilder::create`
    /// of an op with `InferTypeOpInterface`). Errors: the op is not registered or has no hook
    /// (`'name' op does not infer its result types`), or the hook's error; nothing is built
    /// then.
    pub fn build_inferred(&mut self, mut state: OpState, at: InsertPoint) -> DiagResult<OpId> {
        let name = self.op_name_str(state.name).to_string();
        let Some(f) = self.op_def(state.name).and_then(|d| d.infer_types) else {
            return Err(crate::Diagnostic::error(
                state.loc.clone(),
                format!("'{name}' op does not infer its result types"),
            ));
        };
        let kinds = f(
            self,
            &InferInput {
                name: &name,
                operands: &state.operands,
                attrs: &state.attrs,
                regions: &state.regions,
                results: &[],
                loc: &state.loc,
            },
        )?;
        state.result_types = kinds.into_iter().map(|k| self.intern_type(k)).collect();
        Ok(self.build_op(state, at))
    }
}
