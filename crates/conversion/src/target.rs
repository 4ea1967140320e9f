//! [`ConversionTarget`]: which ops are legal after a conversion (MLIR `ConversionTarget`).

use rustc_hash::FxHashMap;
use weir_ir::{Context, OpId};

/// Decides whether one op is legal (MLIR's dynamic legality callback). It gets `&mut Context`
/// because asking a [`TypeConverter`](crate::TypeConverter) may intern types; it must not
/// change the IR.
pub type LegalityFn = Box<dyn Fn(&mut Context, OpId) -> bool>;

/// What a target says about an op (MLIR `LegalizationAction` and the answer of
/// `ConversionTarget::isLegal`/`isIllegal`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Legality {
    /// The op may stay.
    Legal,
    /// The op must be converted: marked illegal by name or dialect, or dynamically legal with a
    /// predicate that answered `false`.
    Illegal,
    /// The target says nothing about the op: a partial conversion leaves it, a full conversion
    /// fails on it unless a pattern converts it.
    Unknown,
}

enum Action {
    Legal,
    Illegal,
    Dynamic(LegalityFn),
}

impl Action {
    fn decide(&self, ctx: &mut Context, op: OpId) -> Legality {
        match self {
            Action::Legal => Legality::Legal,
            Action::Illegal => Legality::Illegal,
            Action::Dynamic(f) if f(ctx, op) => Legality::Legal,
            Action::Dynamic(_) => Legality::Illegal,
        }
    }
}

/// The ops a conversion must reach (MLIR `ConversionTarget`): legal, illegal and dynamically
/// legal ops by full name (`scf.if`) and by dialect namespace (`scf`), and what to do with ops
/// the target does not name. An op's own entry wins over its dialect's, the dialect's over the
/// unknown-op rule (MLIR's order). Each query is a hash lookup of the op's name and namespace,
/// plus the predicate of a dynamically legal entry.
#[derive(Default)]
pub struct ConversionTarget {
    ops: FxHashMap<String, Action>,
    dialects: FxHashMap<String, Action>,
    unknown: Option<Action>,
}

impl ConversionTarget {
    /// A target that names no op: every op is [`Legality::Unknown`].
    pub fn new() -> Self {
        Self::default()
    }

    /// Marks the op named `name` (e.g. `cf.br`) legal (MLIR `addLegalOp`).
    pub fn add_legal_op(&mut self, name: &str) -> &mut Self {
        self.ops.insert(name.to_string(), Action::Legal);
        self
    }

    /// Marks the op named `name` illegal: the conversion must rewrite every such op or fail
    /// (MLIR `addIllegalOp`).
    pub fn add_illegal_op(&mut self, name: &str) -> &mut Self {
        self.ops.insert(name.to_string(), Action::Illegal);
        self
    }

    /// Makes the op named `name` legal exactly when `legal` says so (MLIR
    /// `addDynamicallyLegalOp`), e.g. a `func.func` whose signature has only converted types.
    pub fn add_dynamically_legal_op(
        &mut self,
        name: &str,
        legal: impl Fn(&mut Context, OpId) -> bool + 'static,
    ) -> &mut Self {
        self.ops
            .insert(name.to_string(), Action::Dynamic(Box::new(legal)));
        self
    }

    /// Marks every op of dialect `namespace` (e.g. `cf`) legal (MLIR `addLegalDialect`).
    pub fn add_legal_dialect(&mut self, namespace: &str) -> &mut Self {
        self.dialects.insert(namespace.to_string(), Action::Legal);
        self
    }

    /// Marks every op of dialect `namespace` illegal (MLIR `addIllegalDialect`).
    pub fn add_illegal_dialect(&mut self, namespace: &str) -> &mut Self {
        self.dialects.insert(namespace.to_string(), Action::Illegal);
        self
    }

    /// Makes the ops of dialect `namespace` legal exactly when `legal` says so (MLIR
    /// `addDynamicallyLegalDialect`).
    pub fn add_dynamically_legal_dialect(
        &mut self,
        namespace: &str,
        legal: impl Fn(&mut Context, OpId) -> bool + 'static,
    ) -> &mut Self {
        self.dialects
            .insert(namespace.to_string(), Action::Dynamic(Box::new(legal)));
        self
    }

    /// Decides the ops the target does not name by `legal` (MLIR
    /// `markUnknownOpDynamicallyLegal`); `|_, _| true` makes them all legal, which matters for a
    /// full conversion.
    pub fn mark_unknown_op_dynamically_legal(
        &mut self,
        legal: impl Fn(&mut Context, OpId) -> bool + 'static,
    ) -> &mut Self {
        self.unknown = Some(Action::Dynamic(Box::new(legal)));
        self
    }

    /// The legality of `op`: its name's entry, else its dialect's (the namespace is the name up
    /// to the first `.`), else the unknown-op rule, else [`Legality::Unknown`].
    pub fn legality(&self, ctx: &mut Context, op: OpId) -> Legality {
        let name = ctx.name_str(op);
        let action = self.ops.get(name).or_else(|| {
            name.split_once('.')
                .and_then(|(namespace, _)| self.dialects.get(namespace))
        });
        match action.or(self.unknown.as_ref()) {
            Some(a) => a.decide(ctx, op),
            None => Legality::Unknown,
        }
    }
}
