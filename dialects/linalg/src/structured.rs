//! What the linalg structured ops share (MLIR `LinalgInterfaces.cpp`,
//! `DestinationStyleOpInterface`): the split of the operands into `ins` and `outs`, the
//! `ins(...) outs(...)` syntax, the results (one per tensor `outs` operand, of its type), the
//! indexing-map checks, and the typed view [`StructuredOp`].

use crate::Kind;
use std::ops::Range;
use weir_ir::affine::{AffineExpr, AffineMap};
use weir_ir::interfaces::infer_types::InferInput;
use weir_ir::{
    op_error, AttrKind, BlockId, Context, DenseValue, DiagResult, Diagnostic, Dim, InsertPoint,
    Location, NamedAttr, OpId, OpState, RegionId, Signedness, Type, TypeKind, ValueId,
};
use weir_syntax::lexer::Tok;
use weir_syntax::{type_to_string, PResult, Parser, Printer};

/// The attribute splitting the operands of `fill`, `matmul`, `batch_matmul` and `generic` into
/// `ins` and `outs` (`array<i32: ins, outs>`).
pub const OPERAND_SEGMENT_SIZES: &str = "operandSegmentSizes";

/// `'T'` as MLIR quotes a type in a diagnostic.
pub(crate) fn ty(ctx: &Context, t: Type) -> String {
    format!("'{}'", type_to_string(ctx, t))
}

/// The shape and element type of a ranked tensor.
pub(crate) fn ranked(ctx: &Context, t: Type) -> Option<(&[Dim], Type)> {
    match ctx.type_kind(t) {
        TypeKind::Tensor {
            shape: Some(s),
            element,
        } => Some((s, *element)),
        _ => None,
    }
}

/// The element type of a tensor, else the type itself (MLIR `getElementTypeOrSelf`).
pub(crate) fn element_or_self(ctx: &Context, t: Type) -> Type {
    weir_dialect_arith::util::element_type(ctx, t)
}

/// The rank of a ranked tensor, 0 for anything else (a scalar operand of `linalg.generic`).
pub(crate) fn rank(ctx: &Context, t: Type) -> usize {
    ranked(ctx, t).map_or(0, |(s, _)| s.len())
}

/// A dimension as Weir writes it in messages: the size, or `?` (MLIR 22 prints the raw
/// sentinel `-9223372036854775808` there).
pub(crate) fn dim_text(d: Dim) -> String {
    d.map_or_else(|| "?".to_string(), |n| n.to_string())
}

/// Dimensions joined by `", "`, as MLIR streams an `ArrayRef<int64_t>`.
pub(crate) fn dims_text(ds: &[Dim]) -> String {
    ds.iter()
        .map(|&d| dim_text(d))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The `ins` and `outs` operand ranges of a structured op of kind `kind` with `attrs` and
/// `n` operands, or the verifier's message when they cannot be split.
pub(crate) fn groups(
    ctx: &Context,
    kind: Kind,
    attrs: &[NamedAttr],
    n: usize,
) -> Result<(Range<usize>, Range<usize>), String> {
    match kind {
        Kind::Fill | Kind::Matmul | Kind::BatchMatmul | Kind::Generic => {
            let seg = ctx
                .lookup_attr_name(OPERAND_SEGMENT_SIZES)
                .and_then(|name| attrs.iter().find(|a| a.name == name))
                .map(|a| ctx.attr_kind(a.value));
            let values: Vec<i128> = match seg {
                Some(AttrKind::DenseArray { element, values })
                    if matches!(
                        ctx.type_kind(*element),
                        TypeKind::Integer {
                            width: 32,
                            signedness: Signedness::Signless
                        }
                    ) =>
                {
                    values
                        .iter()
                        .map(|v| match v {
                            DenseValue::Int(i) => *i,
                            DenseValue::Float(_) => -1,
                        })
                        .collect()
                }
                _ => {
                    return Err(format!(
                        "requires dense i32 array attribute '{OPERAND_SEGMENT_SIZES}'"
                    ))
                }
            };
            let [i, o] = values[..] else {
                return Err(format!(
                    "'{OPERAND_SEGMENT_SIZES}' attribute for specifying operand segments must have 2 elements, but got {}",
                    values.len()
                ));
            };
            if i < 0 || o < 0 {
                return Err(format!(
                    "'{OPERAND_SEGMENT_SIZES}' attribute cannot have negative elements"
                ));
            }
            if i + o != n as i128 {
                return Err(format!(
                    "operand count ({n}) does not match with the total size ({}) specified in attribute '{OPERAND_SEGMENT_SIZES}'",
                    i + o
                ));
            }
            let i = i as usize;
            Ok((0..i, i..n))
        }
        // MLIR `SameVariadicOperandSize`: as many inits as inputs.
        Kind::Reduce => {
            if n == 0 || !n.is_multiple_of(2) {
                return Err(format!(
                    "expects as many inits as inputs (at least one), but got {n} operands"
                ));
            }
            Ok((0..n / 2, n / 2..n))
        }
        Kind::Map | Kind::Transpose | Kind::Broadcast => {
            if n == 0 {
                return Err("expects an init operand".to_string());
            }
            Ok((0..n - 1, n - 1..n))
        }
    }
}

/// `InferTypes` of every structured op (MLIR `DestinationStyleOpInterface`): one result per
/// ranked-tensor `outs` operand, of exactly its type; `?` and unranked need no special case
/// since nothing is computed. Errors when the operands cannot be split into `ins` and `outs`.
pub(crate) fn infer_outs(ctx: &Context, input: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    let kind = Kind::from_name(input.name).expect("registered for linalg structured ops only");
    let (_, outs) = groups(ctx, kind, input.attrs, input.operands.len())
        .map_err(|m| Diagnostic::error(input.loc.clone(), format!("'{}' op {m}", input.name)))?;
    Ok(input.operands[outs]
        .iter()
        .map(|&v| ctx.value_type(v))
        .filter(|&t| ranked(ctx, t).is_some())
        .map(|t| ctx.type_kind(t).clone())
        .collect())
}

// ------------------------------------------------------------------------------ the view

weir_ir::op_view! {
    /// Any linalg structured op (`linalg.fill`, `matmul`, `batch_matmul`, `transpose`,
    /// `broadcast`, `map`, `reduce`, `generic`; MLIR `LinalgOp`): build it with
    /// [`StructuredOp::of_any`], since the views of `op_view!` check one name.
    StructuredOp = "linalg.generic"
}

impl StructuredOp {
    /// The view of `op` if it is any linalg structured op (registered name, verified or not).
    pub fn of_any(ctx: &Context, op: OpId) -> Option<StructuredOp> {
        Kind::of(ctx, op).map(|_| StructuredOp(op))
    }

    /// Which structured op this is.
    pub fn kind(self, ctx: &Context) -> Kind {
        Kind::of(ctx, self.0).expect("a StructuredOp is a linalg structured op")
    }

    fn ranges(self, ctx: &Context) -> (Range<usize>, Range<usize>) {
        groups(
            ctx,
            self.kind(ctx),
            ctx.attrs(self.0),
            ctx.operands(self.0).len(),
        )
        .expect("verified linalg op has valid ins/outs")
    }

    /// The `ins` operands, in order (for `linalg.fill` the scalar value).
    pub fn inputs(self, ctx: &Context) -> &[ValueId] {
        &ctx.operands(self.0)[self.ranges(ctx).0]
    }

    /// The `outs` operands (MLIR's inits), in order; result `i` has the type of output `i`.
    pub fn outputs(self, ctx: &Context) -> &[ValueId] {
        &ctx.operands(self.0)[self.ranges(ctx).1]
    }

    /// The body block: its arguments are one element per input, then one per output (for
    /// `fill`, `matmul`, `batch_matmul`, `transpose` and `broadcast` the body the parser built,
    /// MLIR's implicit region); it ends with `linalg.yield` of one value per output.
    pub fn body(self, ctx: &Context) -> BlockId {
        ctx.entry_block(ctx.region(self.0, 0))
            .expect("verified linalg op has one block")
    }

    /// The body's region.
    pub fn region(self, ctx: &Context) -> RegionId {
        ctx.region(self.0, 0)
    }

    /// The indexing maps, one per operand (`ins` then `outs`), each from the loops to the
    /// operand's dimensions: the `indexing_maps` attribute of `generic` (and of `matmul` /
    /// `batch_matmul` if given), else the maps MLIR defines for the op.
    pub fn indexing_maps(self, ctx: &Context) -> Vec<AffineMap> {
        indexing_maps(ctx, self.0).expect("verified linalg op has valid indexing maps")
    }

    /// The iterator type of each loop (`true` = reduction, `false` = parallel).
    pub fn reduction_loops(self, ctx: &Context) -> Vec<bool> {
        iterator_types(ctx, self.0).expect("verified linalg op has valid iterator types")
    }

    /// The `dimensions` of `broadcast` (the added init dimensions) or `reduce` (the reduced
    /// input dimensions), or the `permutation` of `transpose` (result dim `i` is input dim
    /// `permutation[i]`); empty for the other ops.
    pub fn dimensions(self, ctx: &Context) -> Vec<i64> {
        let name = match self.kind(ctx) {
            Kind::Broadcast | Kind::Reduce => crate::DIMENSIONS,
            Kind::Transpose => crate::PERMUTATION,
            _ => return Vec::new(),
        };
        i64_array(ctx, self.0, name).expect("verified linalg op has its i64 array attribute")
    }
}

/// The elements of the `array<i64: ...>` attribute `name` of `op`, if it is one.
pub(crate) fn i64_array(ctx: &Context, op: OpId, name: &str) -> Option<Vec<i64>> {
    match ctx.attr_kind(ctx.attr_of(op, name)?) {
        AttrKind::DenseArray { element, values }
            if matches!(ctx.type_kind(*element), TypeKind::Integer { width: 64, .. }) =>
        {
            values
                .iter()
                .map(|v| match v {
                    DenseValue::Int(i) => Some(*i as i64),
                    DenseValue::Float(_) => None,
                })
                .collect()
        }
        _ => None,
    }
}

/// `(d0, ..., d(n-1)) -> (the dims of `results`)`.
fn dims_map(n: u32, results: &[u32]) -> AffineMap {
    AffineMap {
        num_dims: n,
        num_symbols: 0,
        results: results.iter().map(|&d| AffineExpr::Dim(d)).collect(),
    }
}

/// The default indexing maps of `matmul` (`(m, n, k)`: A `(m, k)`, B `(k, n)`, C `(m, n)`) and
/// `batch_matmul` (`(b, m, n, k)`: A `(b, m, k)`, B `(b, k, n)`, C `(b, m, n)`), as MLIR.
pub(crate) fn default_matmul_maps(kind: Kind) -> Vec<AffineMap> {
    match kind {
        Kind::BatchMatmul => vec![
            dims_map(4, &[0, 1, 3]),
            dims_map(4, &[0, 3, 2]),
            dims_map(4, &[0, 1, 2]),
        ],
        _ => vec![
            dims_map(3, &[0, 2]),
            dims_map(3, &[2, 1]),
            dims_map(3, &[0, 1]),
        ],
    }
}

/// The maps of the `indexing_maps` attribute of `op`, if it is an array of affine maps; the
/// message MLIR's ODS constraint gives otherwise.
fn maps_attr(ctx: &Context, op: OpId) -> Option<Result<Vec<AffineMap>, String>> {
    let a = ctx.attr_of(op, crate::INDEXING_MAPS)?;
    let bad = || {
        format!(
            "attribute '{}' failed to satisfy constraint: AffineMap array attribute",
            crate::INDEXING_MAPS
        )
    };
    let AttrKind::Array(items) = ctx.attr_kind(a) else {
        return Some(Err(bad()));
    };
    Some(
        items
            .iter()
            .map(|&m| match ctx.attr_kind(m) {
                AttrKind::AffineMap(m) => Ok(m.clone()),
                _ => Err(bad()),
            })
            .collect(),
    )
}

/// The indexing maps of a structured op (see [`StructuredOp::indexing_maps`]), or the
/// verifier's message. The operands' ranks must already be valid for the ops whose maps
/// follow from them.
pub(crate) fn indexing_maps(ctx: &Context, op: OpId) -> Result<Vec<AffineMap>, String> {
    let kind = Kind::of(ctx, op).expect(
        "callers pass a linalg structured op (a StructuredOp view or its registered hooks)",
    );
    let operands = ctx.operands(op);
    let (ins, outs) = groups(ctx, kind, ctx.attrs(op), operands.len())?;
    let rank_of = |v: ValueId| rank(ctx, ctx.value_type(v)) as u32;
    let identity = |n: u32| dims_map(n, &(0..n).collect::<Vec<_>>());
    match kind {
        Kind::Generic => {
            maps_attr(ctx, op).unwrap_or_else(|| Err("requires attribute 'indexing_maps'".into()))
        }
        Kind::Matmul | Kind::BatchMatmul => {
            maps_attr(ctx, op).unwrap_or_else(|| Ok(default_matmul_maps(kind)))
        }
        Kind::Fill => {
            let n = rank_of(operands[outs.start]);
            Ok(vec![dims_map(n, &[]), identity(n)])
        }
        Kind::Map => {
            let n = rank_of(operands[outs.start]);
            Ok(vec![identity(n); operands.len()])
        }
        Kind::Transpose => {
            let n = rank_of(operands[outs.start]);
            let perm = i64_array(ctx, op, crate::PERMUTATION).unwrap_or_default();
            let input: Vec<u32> = perm.iter().map(|&p| p as u32).collect();
            // Result dim i is input dim perm[i]: the input is read at the inverse permutation.
            let mut inverse = vec![0; input.len()];
            for (i, &p) in input.iter().enumerate() {
                if let Some(slot) = inverse.get_mut(p as usize) {
                    *slot = i as u32;
                }
            }
            Ok(vec![dims_map(n, &inverse), identity(n)])
        }
        Kind::Broadcast => {
            let n = rank_of(operands[outs.start]);
            let added = i64_array(ctx, op, crate::DIMENSIONS).unwrap_or_default();
            let kept: Vec<u32> = (0..n).filter(|d| !added.contains(&(*d as i64))).collect();
            Ok(vec![dims_map(n, &kept), identity(n)])
        }
        Kind::Reduce => {
            let n = rank_of(operands[ins.start]);
            let reduced = i64_array(ctx, op, crate::DIMENSIONS).unwrap_or_default();
            let kept: Vec<u32> = (0..n).filter(|d| !reduced.contains(&(*d as i64))).collect();
            let mut maps = vec![identity(n); ins.len()];
            maps.extend(vec![dims_map(n, &kept); outs.len()]);
            Ok(maps)
        }
    }
}

/// Whether each loop is a reduction (see [`StructuredOp::reduction_loops`]), or the
/// verifier's message.
pub(crate) fn iterator_types(ctx: &Context, op: OpId) -> Result<Vec<bool>, String> {
    let kind = Kind::of(ctx, op).expect(
        "callers pass a linalg structured op (a StructuredOp view or its registered hooks)",
    );
    match kind {
        Kind::Generic => {
            let bad = || {
                format!(
                    "attribute '{}' failed to satisfy constraint: Iterator type should be an enum.",
                    crate::ITERATOR_TYPES
                )
            };
            let a = ctx
                .attr_of(op, crate::ITERATOR_TYPES)
                .ok_or_else(|| format!("requires attribute '{}'", crate::ITERATOR_TYPES))?;
            let AttrKind::Array(items) = ctx.attr_kind(a) else {
                return Err(bad());
            };
            items
                .iter()
                .map(|&i| crate::iterator_type_of(ctx, i).ok_or_else(bad))
                .collect()
        }
        Kind::Matmul | Kind::BatchMatmul => {
            let maps = indexing_maps(ctx, op)?;
            let n = maps.first().map_or(0, |m| m.num_dims as usize);
            let mut r = vec![false; n];
            if let Some(last) = r.last_mut() {
                *last = true;
            }
            Ok(r)
        }
        Kind::Reduce => {
            let maps = indexing_maps(ctx, op)?;
            let n = maps.first().map_or(0, |m| m.num_dims as usize);
            let reduced = i64_array(ctx, op, crate::DIMENSIONS).unwrap_or_default();
            Ok((0..n).map(|d| reduced.contains(&(d as i64))).collect())
        }
        _ => {
            let maps = indexing_maps(ctx, op)?;
            Ok(vec![false; maps.last().map_or(0, |m| m.num_dims as usize)])
        }
    }
}

/// The number of loops of a verified structured op.
pub(crate) fn num_loops(ctx: &Context, op: OpId) -> Option<usize> {
    iterator_types(ctx, op).ok().map(|t| t.len())
}

// ------------------------------------------------------------------------------ verifiers

/// The checks every structured op shares, in MLIR's order: the operand split, `outs` (and,
/// unless `scalar_inputs`, `ins`) are ranked tensors, one result per `outs` tensor of its
/// type, one region with one block. Returns the `ins` and `outs` ranges.
pub(crate) fn verify_common(
    ctx: &Context,
    op: OpId,
    kind: Kind,
    scalar_inputs: bool,
) -> DiagResult<(Range<usize>, Range<usize>)> {
    let operands = ctx.operands(op);
    let (ins, outs) =
        groups(ctx, kind, ctx.attrs(op), operands.len()).map_err(|m| op_error(ctx, op, m))?;
    for (i, &v) in operands.iter().enumerate() {
        let t = ctx.value_type(v);
        if (scalar_inputs && ins.contains(&i)) || ranked(ctx, t).is_some() {
            continue;
        }
        let msg = if matches!(ctx.type_kind(t), TypeKind::MemRef { .. }) {
            format!(
                "operand #{i}: Weir's linalg ops take tensors only, not memrefs (got {})",
                ty(ctx, t)
            )
        } else {
            format!(
                "operand #{i} must be memref of any type values or ranked tensor of any type values, but got {}",
                ty(ctx, t)
            )
        };
        return Err(op_error(ctx, op, msg));
    }
    let results = ctx.results(op);
    if results.len() != outs.len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expected the number of tensor results ({}) to be equal to the number of output tensors ({})",
                results.len(),
                outs.len()
            ),
        ));
    }
    for (&r, o) in results.iter().zip(outs.clone()) {
        let (rt, ot) = (ctx.value_type(r), ctx.value_type(operands[o]));
        if rt != ot {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expected type of operand #{o} ({}) to match type of corresponding result ({})",
                    ty(ctx, ot),
                    ty(ctx, rt)
                ),
            ));
        }
    }
    if ctx.regions(op).len() != 1 || ctx.region_blocks(ctx.region(op, 0)).len() != 1 {
        return Err(op_error(ctx, op, "expects to have 1 region with 1 block"));
    }
    Ok((ins, outs))
}

/// The shape of each operand (empty for a scalar).
fn operand_shapes<'a>(ctx: &'a Context, operands: &[ValueId]) -> Vec<&'a [Dim]> {
    operands
        .iter()
        .map(|&v| ranked(ctx, ctx.value_type(v)).map_or(&[][..], |(s, _)| s))
        .collect()
}

/// The size of each of the `num_loops` loops as the operands imply it (MLIR
/// `getStaticLoopRanges`): the size of the first operand dimension (operands in order) that
/// `maps` index by exactly that loop; `None` for a loop no dimension is indexed by alone.
/// Indices beyond `num_loops` (in unverified maps) are ignored.
fn loop_sizes(maps: &[AffineMap], shapes: &[&[Dim]], num_loops: usize) -> Vec<Option<Dim>> {
    let mut loops: Vec<Option<Dim>> = vec![None; num_loops];
    for (m, shape) in maps.iter().zip(shapes) {
        for (e, &d) in m.results.iter().zip(shape.iter()) {
            if let AffineExpr::Dim(l) = e {
                if let Some(slot @ None) = loops.get_mut(*l as usize) {
                    *slot = Some(d);
                }
            }
        }
    }
    loops
}

/// The static size of loop `l` of the structured op `op`, if its operands give one (see
/// [`loop_sizes`]); `None` also when `op`'s indexing maps are invalid.
pub(crate) fn static_loop_size(ctx: &Context, op: OpId, l: usize) -> Option<u64> {
    let maps = indexing_maps(ctx, op).ok()?;
    let num_loops = maps.first()?.num_dims as usize;
    let shapes = operand_shapes(ctx, ctx.operands(op));
    loop_sizes(&maps, &shapes, num_loops).get(l).copied()??
}

/// MLIR `verifyStructuredOpInterface`'s checks on indexing maps: one map per operand, each with
/// one dimension per loop and one result per operand dimension, and, when every loop's size is
/// static (the size of the first operand dimension indexed by exactly that loop), each
/// operand dimension indexed by a loop has that size. (Dimensions indexed by other affine
/// expressions are not checked.)
pub(crate) fn verify_indexing_maps(ctx: &Context, op: OpId, num_loops: usize) -> DiagResult<()> {
    let maps = indexing_maps(ctx, op).map_err(|m| op_error(ctx, op, m))?;
    let operands = ctx.operands(op);
    if maps.len() != operands.len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expected the number of indexing_map ({}) to be equal to the number of input/output operands ({})",
                maps.len(),
                operands.len()
            ),
        ));
    }
    for (i, (m, &v)) in maps.iter().zip(operands).enumerate() {
        if m.num_dims as usize != num_loops {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expected indexing_map #{i} to have {num_loops} dim(s) to match the number of loops"
                ),
            ));
        }
        let r = rank(ctx, ctx.value_type(v));
        if m.results.len() != r {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "expected operand #{i} rank ({r}) to match the result rank of indexing_map ({})",
                    m.results.len()
                ),
            ));
        }
    }
    let shapes = operand_shapes(ctx, operands);
    let Some(sizes) = loop_sizes(&maps, &shapes, num_loops)
        .into_iter()
        .map(|l| l.flatten())
        .collect::<Option<Vec<u64>>>()
    else {
        return Ok(());
    };
    for (i, (m, shape)) in maps.iter().zip(&shapes).enumerate() {
        for (k, (e, &d)) in m.results.iter().zip(shape.iter()).enumerate() {
            let (AffineExpr::Dim(l), Some(found)) = (e, d) else {
                continue;
            };
            let inferred = sizes[*l as usize];
            if found != 0 && inferred != 0 && inferred != found {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "inferred input/output operand #{i} has shape's dimension #{k} to be {inferred}, but found {found}"
                    ),
                ));
            }
        }
    }
    Ok(())
}

// ------------------------------------------------------------------------------ syntax

/// The operands of `ins(...)` / `outs(...)` as parsed, resolved.
pub(crate) struct InsOuts {
    pub ins: Vec<ValueId>,
    pub outs: Vec<ValueId>,
}

fn parse_group(p: &mut Parser<'_>, kw: &str) -> PResult<Vec<ValueId>> {
    if !p.parse_optional_keyword(kw) {
        return Ok(Vec::new());
    }
    p.expect(Tok::LParen, "(")?;
    let operands = p.parse_optional_operand_list()?;
    let types = if operands.is_empty() {
        Vec::new()
    } else {
        p.expect(Tok::Colon, ":")?;
        p.parse_type_list_no_parens()?
    };
    p.expect(Tok::RParen, ")")?;
    p.resolve_operands(&operands, &types)
}

/// Parses MLIR's `parseCommonStructuredOpParts`: `[ins(%a, %b : T, U)] [outs(%c : V)]`.
pub(crate) fn parse_ins_outs(p: &mut Parser<'_>) -> PResult<InsOuts> {
    let ins = parse_group(p, "ins")?;
    let outs = parse_group(p, "outs")?;
    Ok(InsOuts { ins, outs })
}

/// Adds `ins` then `outs` to `state`, and `operandSegmentSizes` when `segments`.
pub(crate) fn add_operands(
    ctx: &mut Context,
    state: &mut OpState,
    ins: &[ValueId],
    outs: &[ValueId],
    segments: bool,
) {
    state.operands.extend(ins);
    state.operands.extend(outs);
    if segments {
        let element = ctx.int_type(32);
        let values = vec![
            DenseValue::Int(ins.len() as i128),
            DenseValue::Int(outs.len() as i128),
        ];
        let a = ctx.attr(AttrKind::DenseArray { element, values });
        state.set_attr(ctx.attr_name(OPERAND_SEGMENT_SIZES), a);
    }
}

/// The ranked-tensor `outs` types: the results of a destination-style op whose syntax has no
/// `-> T` (MLIR `parseDstStyleOp`).
pub(crate) fn tensor_outs_types(ctx: &Context, outs: &[ValueId]) -> Vec<Type> {
    outs.iter()
        .map(|&v| ctx.value_type(v))
        .filter(|&t| ranked(ctx, t).is_some())
        .collect()
}

fn print_group(p: &mut Printer<'_>, kw: &str, vs: &[ValueId]) {
    if vs.is_empty() {
        return;
    }
    p.write(" ");
    p.write(kw);
    p.write("(");
    p.print_operands(vs);
    p.write(" : ");
    p.print_value_types(vs);
    p.write(")");
}

/// Writes ` ins(%a : T) outs(%b : U)` (each part only when it has operands, as MLIR), for an
/// op whose operands split (an unverified op prints everything under `outs`).
pub(crate) fn print_ins_outs(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    let operands = ctx.operands(op);
    let kind = Kind::of(ctx, op).expect(
        "callers pass a linalg structured op (a StructuredOp view or its registered hooks)",
    );
    let (ins, outs) =
        groups(ctx, kind, ctx.attrs(op), operands.len()).unwrap_or((0..0, 0..operands.len()));
    print_group(p, "ins", &operands[ins]);
    print_group(p, "outs", &operands[outs]);
}

/// Builds `linalg.generic` at `at` (MLIR `GenericOp::build`): `ins` then `outs` as operands
/// (with `operandSegmentSizes`), one indexing map per operand (`maps`, each from the loops to
/// the operand's dimensions), the iterator type of each loop (`reduction[l]`: `true` for a
/// reduction), the body `region` (one block: one argument per operand's element type, ending
/// with `linalg.yield` of one value per output), and one result per ranked-tensor output, of
/// its type. The caller provides a valid combination; the verifier checks it.
pub fn build_generic(
    ctx: &mut Context,
    at: InsertPoint,
    (ins, outs): (&[ValueId], &[ValueId]),
    maps: Vec<AffineMap>,
    reduction: &[bool],
    region: RegionId,
    loc: Location,
) -> OpId {
    let mut state = OpState::new(ctx.op_name(Kind::Generic.name()), loc);
    add_operands(ctx, &mut state, ins, outs, true);
    let maps = maps
        .into_iter()
        .map(|m| ctx.attr(AttrKind::AffineMap(m)))
        .collect();
    let maps = ctx.attr(AttrKind::Array(maps));
    state.set_attr(ctx.attr_name(crate::INDEXING_MAPS), maps);
    let iterators = reduction
        .iter()
        .map(|&r| crate::iterator_type_attr(ctx, r))
        .collect();
    let iterators = ctx.attr(AttrKind::Array(iterators));
    state.set_attr(ctx.attr_name(crate::ITERATOR_TYPES), iterators);
    state.result_types = tensor_outs_types(ctx, outs);
    state.regions.push(region);
    ctx.build_op(state, at)
}
