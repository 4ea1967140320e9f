//! `--arith-emulate-unsupported-floats="source-types=bf16,f16 target-type=f32"` (MLIR's pass of
//! that name, `mlir/lib/Dialect/Arith/Transforms/EmulateUnsupportedFloats.cpp`): every arith op
//! with an operand or result of a source type (a scalar, or a tensor or vector of it) is
//! rebuilt on the target type: its operands are extended (`arith.extf ... fastmath<contract>`),
//! the op computes in the target type (same name and attributes, fast-math flags included),
//! and each result of a changed type is truncated back (`arith.truncf ... fastmath<contract>`,
//! round to nearest even). Rounding after every op gives what the op computes on the source
//! type when the target has at least `2p + 2` significand bits (f32 for f16 and bf16: IEEE 754
//! double rounding is innocuous then, Figueroa 1995), which is why MLIR and this pass do it.
//!
//! Left as they are, as upstream does (checked with mlir-opt 22): the casts `arith.extf`,
//! `arith.truncf`, `arith.bitcast`, `arith.constant` and `arith.select` (they only move or
//! reinterpret values), every op outside the arith dialect (math, func, scf, tensor...), and
//! arith ops with no value of a source type. `arith.cmpf` on a source type extends its
//! operands (its `i1` result is unchanged); `arith.fptosi` extends its operand,
//! `arith.sitofp` to a source type computes in the target type and truncates.
//!
//! As MLIR's dialect conversion does before it applies a pattern, an op to rewrite is first
//! folded (its `OpDef` folder: `arith.mulf %x, 1.0` becomes `%x`, `arith.addf` of two
//! constants a constant built where the op was), and a commutative op gets its constant
//! operands moved to the end (MLIR's `foldCommutative`: `arith.addf %c, %x` computes
//! `%x + %c`); an op that folds away is not rewritten.
//!
//! Each value is extended once: the `arith.extf` is built right after the value's definition
//! (at the start of its block for a block argument), the first time an op needs it, so the
//! output is mlir-opt's, op for op and in its order (its dialect conversion materializes a
//! value once, at its definition). The walk is one pass over the ops (pre-order), linear in
//! their number.

#![warn(missing_docs)]

use std::collections::{HashMap, HashSet};
use weir_dialect_arith::flags::{FlagKind, FASTMATH_CONTRACT};
use weir_dialect_arith::util::{element_type, with_element_type};
use weir_dialect_arith::{build_cast, CastOp, ConstantOp, SelectOp};
use weir_ir::{
    Attr, Context, Diagnostic, FloatKind, FoldResult, InsertPoint, Location, OpId, OpState, Traits,
    Type, TypeKind, ValueDef, ValueId,
};
use weir_pass::{PassInfo, PassOption, PassOptions};

/// The float types the pass knows by name (MLIR's `arith::parseFloatType` knows more, which
/// Weir has no types for).
fn parse_float_kind(name: &str) -> Option<FloatKind> {
    match name {
        "f16" => Some(FloatKind::F16),
        "bf16" => Some(FloatKind::BF16),
        "f32" => Some(FloatKind::F32),
        "f64" => Some(FloatKind::F64),
        _ => None,
    }
}

/// What the pass converts: values of the `source` float types, and shaped types of them, are
/// computed in `target`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Emulation {
    /// The float types without arithmetic (`source-types`).
    pub source: Vec<FloatKind>,
    /// The type they are computed in (`target-type`, by default `f32`).
    pub target: FloatKind,
}

impl Emulation {
    /// The emulation of the pass options `source-types` (a list) and `target-type` (default
    /// `f32`), or mlir-opt's error: `could not map source type 'x' to a known floating-point
    /// type` (target type likewise), `target type cannot be an unsupported source type`.
    pub fn from_options(source: &[&str], target: Option<&str>) -> Result<Emulation, String> {
        let target_name = target.unwrap_or("f32");
        let target = parse_float_kind(target_name).ok_or_else(|| {
            format!("could not map target type '{target_name}' to a known floating-point type")
        })?;
        let source = source
            .iter()
            .map(|s| {
                parse_float_kind(s).ok_or_else(|| {
                    format!("could not map source type '{s}' to a known floating-point type")
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        if source.contains(&target) {
            return Err("target type cannot be an unsupported source type".into());
        }
        Ok(Emulation { source, target })
    }

    /// The emulation of `--math-extend-to-supported-types` (options `extra-types`, a list, and
    /// `target-type`, default `f32`): f32 and f64 are supported, and so are the extra types; the
    /// other float types (f16, bf16) are computed in the target type, which must be f32 or f64
    /// (mlir-opt 22 builds an invalid `arith.extf` from bf16 to f16 otherwise). Errors: mlir-opt's
    /// `could not map source type 'x' to a known floating-point type` for an unknown extra type
    /// (target type likewise), and `target type must be f32 or f64`.
    pub fn for_math(extra: &[&str], target: Option<&str>) -> Result<Emulation, String> {
        let e = Emulation::from_options(extra, target)?;
        if !matches!(e.target, FloatKind::F32 | FloatKind::F64) {
            return Err("target type must be f32 or f64".into());
        }
        let source = [FloatKind::F16, FloatKind::BF16]
            .into_iter()
            .filter(|k| !e.source.contains(k))
            .collect();
        Ok(Emulation {
            source,
            target: e.target,
        })
    }

    /// The type `ty` is computed in: the target for a source float type, a tensor or vector of
    /// the target for one of a source type, else `ty` itself (MLIR's type converter of the pass).
    pub fn convert_type(&self, ctx: &mut Context, ty: Type) -> Type {
        let elem = element_type(ctx, ty);
        match ctx.type_kind(elem) {
            TypeKind::Float(k) if self.source.contains(k) => {
                let t = ctx.float_type(self.target);
                with_element_type(ctx, ty, t)
            }
            _ => ty,
        }
    }
}

/// Rewrites every arith op nested in `root` that has a value of a source type (see the crate
/// docs). `root` is verified IR; the rewritten IR verifies too (the new ops have the old ones'
/// attributes and operands of the same shapes).
pub fn run(ctx: &mut Context, root: OpId, emulation: &Emulation) {
    let kept = [
        ConstantOp::NAME,
        SelectOp::NAME,
        CastOp::ExtF.name(),
        CastOp::TruncF.name(),
        CastOp::Bitcast.name(),
    ];
    let arith: HashSet<&str> = weir_dialect_arith::op_names()
        .into_iter()
        .filter(|n| !kept.contains(n))
        .collect();
    rewrite(ctx, root, emulation, &arith);
}

/// `--math-extend-to-supported-types` (MLIR's pass of that name,
/// `mlir/lib/Dialect/Math/Transforms/ExtendToSupportedTypes.cpp`): every math op with a value of
/// a source type is rewritten as [`run`] rewrites arith ops (operands extended once with
/// `arith.extf ... fastmath<contract>`, the op on the target type, results truncated back), for
/// the source types of [`Emulation::for_math`]. The output is mlir-opt 22's, op for op, but for
/// `math.isnormal`, which stays on its type: widening an `f16` subnormal to `f32` makes it
/// normal, so upstream's rewrite changes the answer (the backends classify every format from
/// its bits).
pub fn run_math(ctx: &mut Context, root: OpId, emulation: &Emulation) {
    let math: HashSet<&str> = weir_dialect_math::OPS
        .into_iter()
        .filter(|&name| name != "math.isnormal")
        .collect();
    rewrite(ctx, root, emulation, &math);
}

/// Rewrites every op nested in `root` named in `ops` that has a value of a source type.
fn rewrite(ctx: &mut Context, root: OpId, emulation: &Emulation, ops: &HashSet<&str>) {
    // A value of a source type -> its extension, built once.
    let mut extended: HashMap<ValueId, ValueId> = HashMap::new();
    for op in ctx.nested_ops(root) {
        let name = ctx.name_str(op);
        if !ops.contains(name) || !ctx.regions(op).is_empty() {
            continue;
        }
        let values: Vec<ValueId> = ctx
            .operands(op)
            .iter()
            .chain(ctx.results(op))
            .copied()
            .collect();
        if values.iter().all(|&v| {
            let t = ctx.value_type(v);
            emulation.convert_type(ctx, t) == t
        }) {
            continue;
        }
        if fold(ctx, op) {
            continue;
        }
        let loc = ctx.loc(op);
        let operands: Vec<ValueId> = ctx
            .operands(op)
            .to_vec()
            .into_iter()
            .map(|v| extend(ctx, emulation, &mut extended, v, &loc))
            .collect();
        let results = ctx.results(op).to_vec();
        let mut st = OpState::new(ctx.name(op), loc.clone());
        st.operands = operands;
        st.result_types = results
            .iter()
            .map(|&r| {
                let t = ctx.value_type(r);
                emulation.convert_type(ctx, t)
            })
            .collect();
        st.attrs = ctx.attrs(op).to_vec();
        let new = ctx.build_op(st, InsertPoint::Before(op));
        let mut at = new;
        for (i, &r) in results.iter().enumerate() {
            let v = ctx.result(new, i);
            let ty = ctx.value_type(r);
            let with = if ctx.value_type(v) == ty {
                v
            } else {
                let t = cast(ctx, CastOp::TruncF, v, ty, InsertPoint::After(at), &loc);
                at = ctx.defining_op(t).unwrap_or(at);
                t
            };
            ctx.replace_all_uses(r, with);
            // A user met before this op (a block laid out before its dominator) extended `r`.
            if let Some(e) = extended.remove(&r) {
                extended.insert(with, e);
            }
        }
        ctx.erase_op(op);
    }
}

/// Folds `op` as MLIR's dialect conversion does before its patterns (see the crate docs):
/// replaces it by its folder's values and returns `true`, or moves the constant operands of a
/// commutative op to the end and returns `false` (the op is still to rewrite).
fn fold(ctx: &mut Context, op: OpId) -> bool {
    let consts: Vec<Option<Attr>> = ctx
        .operands(op)
        .iter()
        .map(|&v| ctx.constant_of(v))
        .collect();
    let folder = ctx.op_def(ctx.name(op)).and_then(|d| d.fold);
    if let Some(results) = folder.and_then(|f| f(ctx, op, &consts)) {
        let old = ctx.results(op).to_vec();
        let loc = ctx.loc(op);
        let mut new = Vec::with_capacity(old.len());
        for (r, &o) in results.iter().zip(&old) {
            let v = match *r {
                FoldResult::Value(v) => Some(v),
                FoldResult::Constant(a) => {
                    let ty = ctx.value_type(o);
                    ctx.materialize_constant(a, ty, loc.clone(), InsertPoint::Before(op))
                }
            };
            match v {
                Some(v) => new.push(v),
                // A constant no dialect materializes: the op stays and is rewritten.
                None => return false,
            }
        }
        if new.len() == old.len() && new != old {
            ctx.replace_op(op, &new);
            return true;
        }
    }
    if ctx.has_traits(op, Traits::COMMUTATIVE) {
        let operands = ctx.operands(op).to_vec();
        let (mut moved, constant): (Vec<ValueId>, Vec<ValueId>) = operands
            .iter()
            .partition(|&&v| ctx.constant_of(v).is_none());
        moved.extend(constant);
        if moved != operands {
            ctx.set_operands(op, moved);
        }
    }
    false
}

/// The value an emulated op reads for operand `v`: `v` itself when its type is not converted,
/// else its extension (`arith.extf ... fastmath<contract>` right after its definition, built on
/// first use).
fn extend(
    ctx: &mut Context,
    emulation: &Emulation,
    extended: &mut HashMap<ValueId, ValueId>,
    v: ValueId,
    loc: &Location,
) -> ValueId {
    let ty = ctx.value_type(v);
    let to = emulation.convert_type(ctx, ty);
    if to == ty {
        return v;
    }
    if let Some(&e) = extended.get(&v) {
        return e;
    }
    let at = match ctx.value_def(v) {
        ValueDef::Result { op, .. } => InsertPoint::After(op),
        ValueDef::BlockArg { block, .. } => InsertPoint::Start(block),
        // Verified IR has no detached operands.
        ValueDef::Detached => return v,
    };
    let e = cast(ctx, CastOp::ExtF, v, to, at, loc);
    extended.insert(v, e);
    e
}

/// `kind` (`arith.extf` or `arith.truncf`) of `v` to `to` at `at`, with `fastmath<contract>`
/// (as upstream marks the casts it adds).
fn cast(
    ctx: &mut Context,
    kind: CastOp,
    v: ValueId,
    to: Type,
    at: InsertPoint,
    loc: &Location,
) -> ValueId {
    let r = build_cast(ctx, at, kind, v, to, loc.clone());
    if let Some(op) = ctx.defining_op(r) {
        let flags = FlagKind::FastMath.attr(ctx, FASTMATH_CONTRACT);
        ctx.set_attr(op, FlagKind::FastMath.attr_name(), flags);
    }
    r
}

/// The options of [`PASS`].
const OPTIONS: &[PassOption] = &[
    PassOption {
        name: "source-types",
        help: "MLIR types without arithmetic support on a given target (a list: bf16,f16)",
    },
    PassOption {
        name: "target-type",
        help: "MLIR type to convert the unsupported source types to (default f32)",
    },
];

/// The `--arith-emulate-unsupported-floats` pass (options `source-types`, `target-type`).
/// With no source types it changes nothing (as upstream).
pub const PASS: PassInfo = PassInfo {
    name: "arith-emulate-unsupported-floats",
    summary: "Emulate operations on unsupported floats with extf/truncf",
    options: OPTIONS,
    function_level: true,
    create: |o: &PassOptions| {
        Ok(Box::new(EmulateFloats {
            options: Emulation::from_options(&o.get_list("source-types"), o.get_str("target-type")),
            math: false,
        }))
    },
};

/// The options of [`MATH_PASS`].
const MATH_OPTIONS: &[PassOption] = &[
    PassOption {
        name: "extra-types",
        help: "MLIR types with arithmetic support on a given target (f32 and f64 always)",
    },
    PassOption {
        name: "target-type",
        help: "MLIR type to convert the unsupported source types to (default f32)",
    },
];

/// The `--math-extend-to-supported-types` pass (options `extra-types`, `target-type`): see
/// [`run_math`].
pub const MATH_PASS: PassInfo = PassInfo {
    name: "math-extend-to-supported-types",
    summary: "Legalize floating-point math ops on low-precision floats",
    options: MATH_OPTIONS,
    function_level: true,
    create: |o: &PassOptions| {
        Ok(Box::new(EmulateFloats {
            options: Emulation::for_math(&o.get_list("extra-types"), o.get_str("target-type")),
            math: true,
        }))
    },
};

/// The pass instance: its options, or the error they give, which the pass reports when it runs
/// (as mlir-opt does, at an unknown location); `math` for [`MATH_PASS`].
struct EmulateFloats {
    options: Result<Emulation, String>,
    math: bool,
}

impl weir_pass::Pass for EmulateFloats {
    fn name(&self) -> &'static str {
        if self.math {
            MATH_PASS.name
        } else {
            PASS.name
        }
    }

    fn run(&self, ctx: &mut Context, op: OpId, diags: &mut Vec<Diagnostic>) {
        match &self.options {
            Ok(e) if self.math => run_math(ctx, op, e),
            Ok(e) => run(ctx, op, e),
            Err(m) => diags.push(Diagnostic::error(Location::Unknown, m.clone())),
        }
    }
}
