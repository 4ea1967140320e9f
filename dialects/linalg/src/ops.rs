//! The linalg ops' verifiers and custom syntax (see the crate docs for the forms).

use crate::structured::{
    add_operands, element_or_self, i64_array, num_loops, parse_ins_outs, print_ins_outs, ranked,
    tensor_outs_types, ty, verify_common, verify_indexing_maps, InsOuts, OPERAND_SEGMENT_SIZES,
};
use crate::{
    iterator_type_attr, iterator_type_of, type_fn_of, Kind, TypeFn, CAST, DIMENSIONS,
    INDEXING_MAPS, ITERATOR_TYPES, PERMUTATION,
};
use weir_dialect_arith::{
    build_cast, build_float_binary, build_int_binary, CastOp, FloatBinaryOp, IntBinaryOp,
};
use weir_ir::interfaces::infer_types::InferInput;
use weir_ir::{
    op_error, Attr, AttrKind, BlockId, Context, DenseValue, DiagResult, Diagnostic, InsertPoint,
    Location, OpId, OpState, RegionId, Type, TypeKind, ValueId,
};
use weir_syntax::lexer::Tok;
use weir_syntax::registry::NameHintFn;
use weir_syntax::{Argument, PResult, ParseFn, Parser, PrintFn, Printer};

/// A custom-syntax error worded as MLIR's `OpAsmParser::emitError`: `custom op 'NAME' MSG`.
fn custom_error(
    p: &Parser<'_>,
    state: &OpState,
    loc: Location,
    msg: impl std::fmt::Display,
) -> Diagnostic {
    weir_dialect_arith::util::custom_op_error(p, state, loc, msg)
}

pub(crate) fn syntax(kind: Kind) -> (ParseFn, PrintFn) {
    match kind {
        Kind::Fill | Kind::Matmul | Kind::BatchMatmul => (parse_named, print_named),
        Kind::Transpose | Kind::Broadcast => (parse_permuting, print_permuting),
        Kind::Map | Kind::Reduce => (parse_mapping, print_mapping),
        Kind::Generic => (parse_generic, print_generic),
    }
}

pub(crate) fn name_hint(kind: Kind) -> Option<NameHintFn> {
    fn hint(ctx: &Context, op: OpId) -> Option<String> {
        let h = match Kind::of(ctx, op)? {
            Kind::Transpose => "transposed",
            Kind::Broadcast => "broadcasted",
            Kind::Map => "mapped",
            Kind::Reduce => "reduced",
            _ => return None,
        };
        Some(h.to_string())
    }
    matches!(
        kind,
        Kind::Transpose | Kind::Broadcast | Kind::Map | Kind::Reduce
    )
    .then_some(hint as NameHintFn)
}

// ------------------------------------------------------------------------------ verifiers

pub(crate) fn verify(ctx: &Context, op: OpId) -> DiagResult<()> {
    let kind = Kind::of(ctx, op).expect("verify is registered for linalg structured ops only");
    let scalar_inputs = matches!(kind, Kind::Fill | Kind::Generic);
    let (ins, outs) = verify_common(ctx, op, kind, scalar_inputs)?;
    let operands = ctx.operands(op);
    let t = |i: usize| ctx.value_type(operands[i]);
    let shape = |i: usize| ranked(ctx, t(i)).map(|(s, _)| s).unwrap_or(&[]);
    let expect_operands = |n: usize| -> DiagResult<()> {
        if operands.len() != n {
            return Err(op_error(
                ctx,
                op,
                format!("expected {n} operands, but found {}", operands.len()),
            ));
        }
        Ok(())
    };
    match kind {
        Kind::Fill => {
            expect_operands(2)?;
            if ranked(ctx, t(0)).is_some() || matches!(ctx.type_kind(t(0)), TypeKind::Tensor { .. })
            {
                return Err(Diagnostic::error(
                    ctx.loc(op),
                    "expected op with scalar input",
                ));
            }
            let element = element_or_self(ctx, t(1));
            if t(0) != element {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "expected fill value type ({}) to match output element type ({})",
                        ty(ctx, t(0)),
                        ty(ctx, element)
                    ),
                ));
            }
        }
        Kind::Matmul | Kind::BatchMatmul => {
            if ctx
                .attr_of(op, CAST)
                .is_some_and(|a| type_fn_of(ctx, a).is_none())
            {
                return Err(op_error(
                    ctx,
                    op,
                    "attribute 'cast' failed to satisfy constraint: allowed 32-bit signless integer cases: 0, 1",
                ));
            }
            let maps =
                crate::structured::indexing_maps(ctx, op).map_err(|m| op_error(ctx, op, m))?;
            let loops = maps.first().map_or(0, |m| m.num_dims as usize);
            verify_indexing_maps(ctx, op, loops)?;
        }
        Kind::Generic => {
            let loops = crate::structured::iterator_types(ctx, op)
                .map_err(|m| op_error(ctx, op, m))?
                .len();
            verify_indexing_maps(ctx, op, loops)?;
            match block_arg_mismatch(ctx, op, operands) {
                Ok(()) => {}
                Err(None) => return Err(op_error(
                    ctx,
                    op,
                    "expected as many non-induction variable region arguments as the number of input/output operands",
                )),
                Err(Some((i, at, et))) => return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "expected type of bb argument #{i} ({}) to match element or self type of the corresponding operand ({})",
                        ty(ctx, at),
                        ty(ctx, et)
                    ),
                )),
            }
        }
        Kind::Transpose => {
            expect_operands(2)?;
            let perm = dense_i64(ctx, op, PERMUTATION)?;
            let n = perm.len();
            let mut seen = vec![false; n];
            for &p in &perm {
                match usize::try_from(p).ok().filter(|&p| p < n) {
                    Some(p) if !seen[p] => seen[p] = true,
                    _ => return Err(op_error(ctx, op, "permutation is not valid")),
                }
            }
            let (input, init) = (shape(0), shape(1));
            if input.len() != init.len() {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "input rank {} does not match init rank {}",
                        input.len(),
                        init.len()
                    ),
                ));
            }
            if n != input.len() {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "size of permutation {n} does not match the argument rank {}",
                        input.len()
                    ),
                ));
            }
            for (i, &p) in perm.iter().enumerate() {
                if input[p as usize] != init[i] {
                    return Err(op_error(
                        ctx,
                        op,
                        format!(
                            "dim(result, {i}) = {} doesn't match dim(input, permutation[{i}]) = {}",
                            crate::structured::dim_text(init[i]),
                            crate::structured::dim_text(input[p as usize])
                        ),
                    ));
                }
            }
        }
        Kind::Broadcast => {
            expect_operands(2)?;
            let dims = dense_i64(ctx, op, DIMENSIONS)?;
            let (input, init) = (shape(0), shape(1));
            if input.len() + dims.len() != init.len() {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "input rank plus added dimensions does not match init rank. input rank: {}, dimensions size: {}, init rank: {}",
                        input.len(),
                        dims.len(),
                        init.len()
                    ),
                ));
            }
            for (i, &d) in dims.iter().enumerate() {
                if d < 0 || d as usize >= init.len() {
                    return Err(op_error(
                        ctx,
                        op,
                        format!(
                            "dimension {i} is out of range. expected range: [0, {}], got: {d}",
                            init.len() as i64 - 1
                        ),
                    ));
                }
            }
            strictly_increasing(ctx, op, &dims)?;
            let kept = (0..init.len()).filter(|d| !dims.contains(&(*d as i64)));
            for (i, j) in kept.enumerate() {
                if input[i] != init[j] {
                    return Err(op_error(
                        ctx,
                        op,
                        format!(
                            "input dim {i} should match init dim {j}. input: {}, init: {}",
                            crate::structured::dim_text(input[i]),
                            crate::structured::dim_text(init[j])
                        ),
                    ));
                }
            }
        }
        Kind::Reduce => {
            let dims = dense_i64(ctx, op, DIMENSIONS)?;
            strictly_increasing(ctx, op, &dims)?;
            for i in ins.clone().skip(1) {
                if shape(i) != shape(ins.start) {
                    return Err(op_error(
                        ctx,
                        op,
                        format!("expects all inputs to have the same shapes. Shape at input-index {i} is not equal to the shape at input-index 0."),
                    ));
                }
            }
            for (k, o) in outs.clone().enumerate().skip(1) {
                if shape(o) != shape(outs.start) {
                    return Err(op_error(
                        ctx,
                        op,
                        format!("expects all outputs to have the same shapes. Shape at output-index {k} is not equal to the shape at output-index 0."),
                    ));
                }
            }
            let (input, init) = (shape(ins.start), shape(outs.start));
            if dims.iter().any(|&d| d < 0 || d as usize >= input.len()) {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "dimensions for reduction should be in the range [0, {}].",
                        input.len() as i64 - 1
                    ),
                ));
            }
            let reduced: Vec<_> = input
                .iter()
                .enumerate()
                .filter(|(d, _)| !dims.contains(&(*d as i64)))
                .map(|(_, &s)| s)
                .collect();
            if reduced.len() != init.len() {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "number of dimensions after reduction {} doesn't match the init rank {}",
                        reduced.len(),
                        init.len()
                    ),
                ));
            }
            if reduced != init {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "init dimensions [{}] doesn't match input dimensions after reduction [{}]",
                        crate::structured::dims_text(init),
                        crate::structured::dims_text(&reduced)
                    ),
                ));
            }
            match block_arg_mismatch(ctx, op, operands) {
                Ok(()) => {}
                Err(None) => {
                    return Err(op_error(
                        ctx,
                        op,
                        "mismatching number of operands and block arguments",
                    ))
                }
                Err(Some((i, at, et))) => {
                    let what = if ins.contains(&i) { "input" } else { "output" };
                    return Err(op_error(
                        ctx,
                        op,
                        format!(
                            "{what} element type {} does not match corresponding block argument type {}",
                            ty(ctx, et),
                            ty(ctx, at)
                        ),
                    ));
                }
            }
        }
        Kind::Map => {
            let args = ctx.block_args(body(ctx, op));
            if args.len() != operands.len() {
                return Err(op_error(
                    ctx,
                    op,
                    format!(
                        "expects number of operands to match the arity of mapper, but got: {} and {}",
                        operands.len(),
                        args.len()
                    ),
                ));
            }
            for (&a, i) in args.iter().zip(ins.clone()) {
                let (at, et) = (ctx.value_type(a), element_or_self(ctx, t(i)));
                if at != et {
                    return Err(op_error(
                        ctx,
                        op,
                        format!(
                            "expected element type of input {} to match bbArg type {}",
                            ty(ctx, et),
                            ty(ctx, at)
                        ),
                    ));
                }
            }
            let out = shape(outs.start);
            for i in ins {
                if shape(i) != out {
                    return Err(op_error(
                        ctx,
                        op,
                        format!(
                            "expected shape of input ({}) to match shape of output ({})",
                            crate::structured::dims_text(shape(i)),
                            crate::structured::dims_text(out)
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The body block of a structured op that passed [`verify_common`].

/// The first block argument of `op`'s body whose type is not the element type (or the type,
/// for a scalar) of its operand: `(index, argument type, expected type)`; `Err(None)` when the
/// counts differ. The callers word the error as MLIR 22 does for their op.
fn block_arg_mismatch(
    ctx: &Context,
    op: OpId,
    operands: &[ValueId],
) -> Result<(), Option<(usize, Type, Type)>> {
    let args = ctx.block_args(body(ctx, op));
    if args.len() != operands.len() {
        return Err(None);
    }
    for (i, (&a, &v)) in args.iter().zip(operands).enumerate() {
        let (at, et) = (ctx.value_type(a), element_or_self(ctx, ctx.value_type(v)));
        if at != et {
            return Err(Some((i, at, et)));
        }
    }
    Ok(())
}

fn body(ctx: &Context, op: OpId) -> BlockId {
    ctx.entry_block(ctx.region(op, 0))
        .expect("verify_common checked the region has one block")
}

/// The `array<i64: ...>` attribute `name` (ODS: `requires attribute 'NAME'`,
/// `attribute 'NAME' failed to satisfy constraint: i64 dense array attribute`).
fn dense_i64(ctx: &Context, op: OpId, name: &str) -> DiagResult<Vec<i64>> {
    if ctx.attr_of(op, name).is_none() {
        return Err(op_error(ctx, op, format!("requires attribute '{name}'")));
    }
    i64_array(ctx, op, name).ok_or_else(|| {
        op_error(
            ctx,
            op,
            format!("attribute '{name}' failed to satisfy constraint: i64 dense array attribute"),
        )
    })
}

/// ODS `DenseArrayStrictlySorted` of `dimensions`, worded as MLIR 22.
fn strictly_increasing(ctx: &Context, op: OpId, dims: &[i64]) -> DiagResult<()> {
    if dims.windows(2).any(|w| w[0] >= w[1]) {
        return Err(op_error(
            ctx,
            op,
            format!("attribute '{DIMENSIONS}' failed to satisfy constraint: i64 dense array attribute should be in increasing order"),
        ));
    }
    Ok(())
}

/// The structured op directly around `op`, or MLIR's `expected parent op with LinalgOp
/// interface`.
fn linalg_parent(ctx: &Context, op: OpId) -> DiagResult<OpId> {
    ctx.parent_op(op)
        .filter(|&p| Kind::of(ctx, p).is_some())
        .ok_or_else(|| op_error(ctx, op, "expected parent op with LinalgOp interface"))
}

pub(crate) fn verify_yield(ctx: &Context, op: OpId) -> DiagResult<()> {
    let parent = linalg_parent(ctx, op)?;
    let kind = Kind::of(ctx, parent).expect("checked above: the parent is a linalg structured op");
    let operands = ctx.operands(parent);
    // The parent was verified before its body: its operands split.
    let Ok((_, outs)) = crate::structured::groups(ctx, kind, ctx.attrs(parent), operands.len())
    else {
        return Ok(());
    };
    let values = ctx.operands(op);
    if values.len() != outs.len() {
        return Err(op_error(
            ctx,
            op,
            format!(
                "expected number of yield values ({}) to match the number of inits / outs operands of the enclosing LinalgOp ({})",
                values.len(),
                outs.len()
            ),
        ));
    }
    for (i, (&v, o)) in values.iter().zip(outs).enumerate() {
        let (vt, et) = (
            ctx.value_type(v),
            element_or_self(ctx, ctx.value_type(operands[o])),
        );
        if vt != et {
            return Err(op_error(
                ctx,
                op,
                format!(
                    "type of yield operand {} ({}) doesn't match the element type of the enclosing linalg.generic op ({})",
                    i + 1,
                    ty(ctx, vt),
                    ty(ctx, et)
                ),
            ));
        }
    }
    Ok(())
}

/// The `dim` of a `linalg.index`, if it is an integer attribute.
pub(crate) fn index_dim(ctx: &Context, op: OpId) -> Option<i128> {
    match ctx.attr_kind(ctx.attr_of(op, "dim")?) {
        AttrKind::Integer { value, .. } => Some(*value),
        _ => None,
    }
}

pub(crate) fn verify_index(ctx: &Context, op: OpId) -> DiagResult<()> {
    let dim = index_dim(ctx, op)
        .filter(|&d| d >= 0)
        .ok_or_else(|| op_error(ctx, op, "requires attribute 'dim'"))?;
    let parent = linalg_parent(ctx, op)?;
    let loops = num_loops(ctx, parent).unwrap_or(0);
    if dim as usize >= loops {
        return Err(op_error(
            ctx,
            op,
            format!("expected dim ({dim}) to be lower than the number of loops ({loops}) of the enclosing LinalgOp"),
        ));
    }
    Ok(())
}

pub(crate) fn infer_index(_ctx: &Context, _input: &InferInput<'_>) -> DiagResult<Vec<TypeKind>> {
    Ok(vec![TypeKind::Index])
}

// ------------------------------------------------------------------------------ bodies

/// A region of one block whose arguments are the element types of `operands`.
fn new_body(ctx: &mut Context, operands: &[ValueId]) -> (RegionId, BlockId) {
    let types: Vec<Type> = operands
        .iter()
        .map(|&v| element_or_self(ctx, ctx.value_type(v)))
        .collect();
    let region = ctx.new_region();
    let block = ctx.new_block(&types);
    ctx.append_block(region, block);
    (region, block)
}

/// Builds `linalg.yield %values` at the end of `block` (a structured op's body).
pub fn build_yield(ctx: &mut Context, block: BlockId, values: &[ValueId], loc: &Location) {
    let mut st = OpState::new(ctx.op_name(crate::YieldOp::NAME), loc.clone());
    st.operands = values.to_vec();
    ctx.build_op(st, InsertPoint::End(block));
}

/// The cast MLIR's `castToType` puts on a matmul operand of element type `from` to reach the
/// output element type `to`: signed (`extsi`, `sitofp`, `fptosi`) or, for
/// `cast = #linalg.type_fn<cast_unsigned>`, unsigned (`extui`, `uitofp`, `fptoui`); `trunci`,
/// `extf`, `truncf`, and `index_cast` from `index` to an integer, either way. `None` when the
/// types are equal or MLIR has no cast (to `index` from anything else, from `index` to a float):
/// the operand is then used as it is ([`matmul_body_error`] says whether the body still builds).
fn matmul_cast(ctx: &Context, from: Type, to: Type, unsigned: bool) -> Option<CastOp> {
    let width = |t: Type| match ctx.type_kind(t) {
        TypeKind::Integer { width, .. } => Some(*width),
        _ => None,
    };
    let fwidth = |t: Type| ctx.float_kind(t).map(|k| k.width());
    let index = |t: Type| matches!(ctx.type_kind(t), TypeKind::Index);
    Some(match (width(from), width(to), fwidth(from), fwidth(to)) {
        _ if from == to => return None,
        _ if index(from) && width(to).is_some() => CastOp::IndexCast,
        (Some(a), Some(b), _, _) if a < b && unsigned => CastOp::ExtUI,
        (Some(a), Some(b), _, _) if a < b => CastOp::ExtSI,
        (Some(_), Some(_), _, _) => CastOp::TruncI,
        (Some(_), _, _, Some(_)) if unsigned => CastOp::UIToFP,
        (Some(_), _, _, Some(_)) => CastOp::SIToFP,
        (_, Some(_), Some(_), _) if unsigned => CastOp::FPToUI,
        (_, Some(_), Some(_), _) => CastOp::FPToSI,
        (_, _, Some(a), Some(b)) if a < b => CastOp::ExtF,
        (_, _, Some(_), Some(_)) => CastOp::TruncF,
        _ => return None,
    })
}

/// Why the implicit body of a `matmul`/`batch_matmul` with operand element types `a`, `b` and
/// output `c` cannot be built, as MLIR 22's region builder says it (`buildBinaryFn`): the
/// multiplication's operands (the cast inputs) and the addition's (the output and the product)
/// must both be integers (not `index`) or both floats. `None` when it builds.
fn matmul_body_error(ctx: &Context, a: Type, b: Type, c: Type, unsigned: bool) -> Option<String> {
    let cast = |t: Type| matmul_cast(ctx, t, c, unsigned).map_or(t, |_| c);
    let (a, b) = (cast(a), cast(b));
    let class = |t: Type| match ctx.type_kind(t) {
        TypeKind::Integer { .. } => Some(false),
        _ => ctx.float_kind(t).map(|_| true),
    };
    [(a, b), (c, a)].into_iter().find_map(|(x, y)| {
        (class(x).is_none() || class(x) != class(y)).then(|| {
            format!(
                "Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or allInteger, got {} and {}",
                ty(ctx, x),
                ty(ctx, y)
            )
        })
    })
}

/// Casts `v` (a block argument of a matmul body) to `to` at the end of `block`
/// ([`matmul_cast`]).
fn cast_to(
    ctx: &mut Context,
    block: BlockId,
    v: ValueId,
    to: Type,
    unsigned: bool,
    loc: &Location,
) -> ValueId {
    match matmul_cast(ctx, ctx.value_type(v), to, unsigned) {
        Some(kind) => build_cast(ctx, InsertPoint::End(block), kind, v, to, loc.clone()),
        None => v,
    }
}

/// The implicit body of a named op: `fill`, `transpose`, `broadcast` yield the input element;
/// `matmul`, `batch_matmul` multiply the (cast, unsigned if `unsigned`) inputs and add the
/// product to the output.
fn named_body(
    ctx: &mut Context,
    kind: Kind,
    operands: &[ValueId],
    unsigned: bool,
    loc: &Location,
) -> RegionId {
    let (region, block) = new_body(ctx, operands);
    let args = ctx.block_args(block).to_vec();
    let value = match (kind, &args[..]) {
        (Kind::Matmul | Kind::BatchMatmul, &[a, b, c]) => {
            let out = ctx.value_type(c);
            let a = cast_to(ctx, block, a, out, unsigned, loc);
            let b = cast_to(ctx, block, b, out, unsigned, loc);
            let at = InsertPoint::End(block);
            let is_i1 = weir_dialect_arith::util::is_i1(ctx, out);
            if ctx.float_kind(out).is_some() {
                let m = build_float_binary(ctx, at, FloatBinaryOp::Mul, a, b, loc.clone());
                build_float_binary(
                    ctx,
                    InsertPoint::End(block),
                    FloatBinaryOp::Add,
                    c,
                    m,
                    loc.clone(),
                )
            } else {
                let (mul, add) = if is_i1 {
                    (IntBinaryOp::And, IntBinaryOp::Or)
                } else {
                    (IntBinaryOp::Mul, IntBinaryOp::Add)
                };
                let m = build_int_binary(ctx, at, mul, a, b, loc.clone());
                build_int_binary(ctx, InsertPoint::End(block), add, c, m, loc.clone())
            }
        }
        (_, args) => args[0],
    };
    build_yield(ctx, block, &[value], loc);
    region
}

// ------------------------------------------------------------------------------ named ops

fn parse_named(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let kind = Kind::from_name(p.ctx.op_name_str(state.name))
        .expect("parse_named is registered for the named structured ops only");
    p.parse_optional_attr_dict(state)?;
    let ins_loc = p.loc();
    let io = parse_ins_outs(p)?;
    state.result_types = p.parse_optional_arrow_type_list()?;
    let expected = if kind == Kind::Fill { 2 } else { 3 };
    let got = io.ins.len() + io.outs.len();
    if got != expected {
        // At the token after the op, where mlir-opt 22 reports it.
        return Err(custom_error(
            p,
            state,
            p.loc(),
            format!("[parseNamedStructuredOpRegion] ods-gen generated region expects {expected} args, got {got}"),
        ));
    }
    add_operands(p.ctx, state, &io.ins, &io.outs, true);
    let loc = state.loc.clone();
    let operands = state.operands.clone();
    let cast = p.ctx.attr_name(CAST);
    let unsigned = state
        .attr(cast)
        .and_then(|a| type_fn_of(p.ctx, a))
        .is_some_and(|f| f == TypeFn::CastUnsigned);
    if let (Kind::Matmul | Kind::BatchMatmul, &[a, b, c]) = (kind, &operands[..]) {
        let e = |v: ValueId| element_or_self(p.ctx, p.ctx.value_type(v));
        if let Some(msg) = matmul_body_error(p.ctx, e(a), e(b), e(c), unsigned) {
            return Err(custom_error(p, state, ins_loc, msg));
        }
    }
    state
        .regions
        .push(named_body(p.ctx, kind, &operands, unsigned, &loc));
    Ok(())
}

fn print_named(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    let default_maps = Kind::of(ctx, op).is_some_and(|k| {
        ctx.attr_of(op, INDEXING_MAPS)
            .is_some_and(|a| match ctx.attr_kind(a) {
                AttrKind::Array(items) => {
                    let maps: Vec<_> = items
                        .iter()
                        .filter_map(|&m| match ctx.attr_kind(m) {
                            AttrKind::AffineMap(m) => Some(m.clone()),
                            _ => None,
                        })
                        .collect();
                    maps == crate::structured::default_matmul_maps(k)
                }
                _ => false,
            })
    });
    let elided: &[&str] = if default_maps {
        &[OPERAND_SEGMENT_SIZES, INDEXING_MAPS]
    } else {
        &[OPERAND_SEGMENT_SIZES]
    };
    p.print_optional_attr_dict(op, elided);
    print_ins_outs(p, op);
    print_results(p, op);
}

fn print_results(p: &mut Printer<'_>, op: OpId) {
    let results: Vec<Type> = p
        .ctx
        .results(op)
        .iter()
        .map(|&r| p.ctx.value_type(r))
        .collect();
    if !results.is_empty() {
        p.write(" -> ");
        p.print_result_types(&results);
    }
}

// ------------------------------------------------------------------------------ transpose, broadcast

/// The name of the required `array<i64>` attribute of `kind`, written `NAME = [1, 0]`.
fn array_attr_name(kind: Kind) -> Option<&'static str> {
    match kind {
        Kind::Transpose => Some(PERMUTATION),
        Kind::Broadcast | Kind::Reduce => Some(DIMENSIONS),
        _ => None,
    }
}

/// Parses `NAME = [1, 0]` into `array<i64: 1, 0>` (MLIR `parseDenseI64ArrayAttr`).
fn parse_i64_array(p: &mut Parser<'_>, state: &mut OpState, name: &str) -> PResult<()> {
    if !p.parse_optional_keyword(name) {
        return Err(custom_error(
            p,
            state,
            p.loc(),
            format!("expected '{name}'"),
        ));
    }
    p.expect(Tok::Equal, "=")?;
    p.expect(Tok::LSquare, "[")?;
    let mut values = Vec::new();
    if !p.consume_if(Tok::RSquare) {
        loop {
            values.push(DenseValue::Int(p.parse_integer()?));
            if !p.consume_if(Tok::Comma) {
                break;
            }
        }
        p.expect(Tok::RSquare, "]")?;
    }
    let a = i64_array_attr(p.ctx, values);
    state.set_attr(p.ctx.attr_name(name), a);
    Ok(())
}

/// `array<i64: values>`.
fn i64_array_attr(ctx: &mut Context, values: Vec<DenseValue>) -> Attr {
    let element = ctx.int_type(64);
    ctx.attr(AttrKind::DenseArray { element, values })
}

/// Builds the named op `kind` (`fill`, `transpose` or `broadcast`, as MLIR's builders) on
/// `ins` and `outs` at `at`: `operandSegmentSizes` for `fill`, the `permutation` or
/// `dimensions` attribute from `array` for the others, the implicit body, and one result per
/// tensor `outs` operand of its type.
pub(crate) fn build_named(
    ctx: &mut Context,
    at: InsertPoint,
    kind: Kind,
    ins: &[ValueId],
    outs: &[ValueId],
    array: &[i64],
    loc: Location,
) -> OpId {
    let mut state = OpState::new(ctx.op_name(kind.name()), loc.clone());
    add_operands(ctx, &mut state, ins, outs, kind == Kind::Fill);
    if let Some(name) = array_attr_name(kind) {
        let values = array.iter().map(|&v| DenseValue::Int(v.into())).collect();
        let a = i64_array_attr(ctx, values);
        state.set_attr(ctx.attr_name(name), a);
    }
    state.result_types = tensor_outs_types(ctx, outs);
    let operands = state.operands.clone();
    state
        .regions
        .push(named_body(ctx, kind, &operands, false, &loc));
    ctx.build_op(state, at)
}

/// Writes ` NAME = [1, 0] ` (with MLIR's trailing space) and the other attributes.
fn print_i64_array_and_attrs(p: &mut Printer<'_>, op: OpId, name: &str) {
    let values = i64_array(p.ctx, op, name).unwrap_or_default();
    let text: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    p.write(&format!(" {name} = [{}] ", text.join(", ")));
    p.print_optional_attr_dict(op, &[name]);
}

/// `ins(...) outs(...)` with the result types of the tensor `outs`, then `NAME = [..]` and the
/// attribute dictionary (MLIR `parseDstStyleOp`).
fn parse_dst_style(p: &mut Parser<'_>, state: &mut OpState, kind: Kind) -> PResult<InsOuts> {
    let io = parse_ins_outs(p)?;
    state.result_types = tensor_outs_types(p.ctx, &io.outs);
    if let Some(name) = array_attr_name(kind) {
        parse_i64_array(p, state, name)?;
    }
    p.parse_optional_attr_dict(state)?;
    add_operands(p.ctx, state, &io.ins, &io.outs, false);
    Ok(io)
}

fn parse_permuting(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let kind = Kind::from_name(p.ctx.op_name_str(state.name))
        .expect("parse_permuting is registered for linalg.transpose and linalg.broadcast only");
    parse_dst_style(p, state, kind)?;
    let loc = state.loc.clone();
    let operands = state.operands.clone();
    state
        .regions
        .push(named_body(p.ctx, kind, &operands, false, &loc));
    Ok(())
}

fn print_permuting(p: &mut Printer<'_>, op: OpId) {
    print_ins_outs(p, op);
    if let Some(name) = Kind::of(p.ctx, op).and_then(array_attr_name) {
        print_i64_array_and_attrs(p, op, name);
    }
}

// ------------------------------------------------------------------------------ map, reduce

fn parse_mapping(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let kind = Kind::from_name(p.ctx.op_name_str(state.name))
        .expect("parse_mapping is registered for linalg.map and linalg.reduce only");
    let payload = if p.consume_if(Tok::LBrace) {
        let loc = p.loc();
        let name = p.parse_bare_id("operation name")?;
        let op_name = p.ctx.op_name(name);
        if p.ctx.op_def(op_name).is_none() {
            return Err(Diagnostic::error(
                loc,
                format!("custom op '{name}' is unknown"),
            ));
        }
        let mut attrs = OpState::new(op_name, state.loc.clone());
        p.parse_optional_attr_dict(&mut attrs)?;
        p.expect(Tok::RBrace, "}")?;
        Some(attrs)
    } else {
        None
    };
    let io = parse_dst_style(p, state, kind)?;
    let region = match payload {
        Some(mut payload) => {
            let operands = state.operands.clone();
            let (region, block) = new_body(p.ctx, &operands);
            let args = p.ctx.block_args(block).to_vec();
            let Some((&last, rest)) = args.split_last() else {
                return Err(custom_error(
                    p,
                    state,
                    state.loc.clone(),
                    "expects operands",
                ));
            };
            payload.operands = match kind {
                // Init first (MLIR's `initFirst`).
                Kind::Reduce => std::iter::once(last).chain(rest.iter().copied()).collect(),
                _ => args[..io.ins.len()].to_vec(),
            };
            payload.result_types = vec![p.ctx.value_type(last)];
            let op = p.ctx.build_op(payload, InsertPoint::End(block));
            let results = p.ctx.results(op).to_vec();
            build_yield(p.ctx, block, &results, &state.loc);
            region
        }
        None => {
            p.expect(Tok::LParen, "(")?;
            let mut args: Vec<Argument> = Vec::new();
            if !p.consume_if(Tok::RParen) {
                loop {
                    args.push(p.parse_argument()?);
                    if !p.consume_if(Tok::Comma) {
                        break;
                    }
                }
                p.expect(Tok::RParen, ")")?;
            }
            p.parse_region(&args)?
        }
    };
    state.regions.push(region);
    Ok(())
}

/// The payload op of MLIR 22's short form, if `op`'s body is one op on the block arguments
/// (`map`: the input arguments in order; `reduce`: MLIR's `findPayloadOp` with `initFirst`)
/// with one result, no regions, and a yield of that result.
fn payload_op(ctx: &Context, op: OpId, kind: Kind) -> Option<OpId> {
    let block = ctx.entry_block(*ctx.regions(op).first()?)?;
    let payload = ctx.first_op(block)?;
    let yield_op = ctx.last_op(block)?;
    if ctx.ops(block).count() != 2
        || !ctx.is(yield_op, crate::YieldOp::NAME)
        || ctx.results(payload).len() != 1
        || ctx.operands(yield_op) != ctx.results(payload)
        || !ctx.regions(payload).is_empty()
    {
        return None;
    }
    let args = ctx.block_args(block);
    let operands = ctx.operands(payload);
    let matches = match kind {
        Kind::Reduce => {
            operands.len() == args.len()
                && operands.last() == args.first()
                && operands.iter().zip(&args[1..]).all(|(a, b)| a == b)
        }
        _ => {
            let ins = args.len().checked_sub(1)?;
            ins > 0 && operands == &args[..ins]
        }
    };
    matches.then_some(payload)
}

fn print_mapping(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    let Some(kind) = Kind::of(ctx, op) else {
        return;
    };
    let payload = payload_op(ctx, op, kind);
    if let Some(payload) = payload {
        p.write(" { ");
        p.write(ctx.name_str(payload));
        let none: Vec<&str> = ctx
            .attrs(payload)
            .iter()
            .filter(|a| matches!(ctx.attr_kind(a.value), AttrKind::Opaque(t) if t == "arith.fastmath<none>"))
            .map(|a| ctx.attr_name_str(a.name))
            .collect();
        // MLIR 22 prints the payload's inherent attributes, so an `addi`'s `overflowFlags`
        // even when none (its properties always exist, `{ arith.addi {overflowFlags =
        // #arith.overflow<none>} }`); Weir leaves a none flag absent, so it is written here,
        // and the text is MLIR's either way.
        let absent_overflow = weir_dialect_arith::semantics::IntBinaryOp::of(ctx, payload)
            .is_some_and(|b| b.has_overflow_flags())
            && ctx.attrs(payload).is_empty();
        if absent_overflow {
            p.write(" {overflowFlags = #arith.overflow<none>}");
        } else {
            p.print_optional_attr_dict(payload, &none);
        }
        p.write(" }");
    }
    print_ins_outs(p, op);
    match array_attr_name(kind) {
        Some(name) => print_i64_array_and_attrs(p, op, name),
        None => p.print_optional_attr_dict(op, &[]),
    }
    if payload.is_none() {
        let Some(&region) = ctx.regions(op).first() else {
            return;
        };
        let args = ctx
            .entry_block(region)
            .map(|b| ctx.block_args(b).to_vec())
            .unwrap_or_default();
        p.increase_indent();
        p.newline();
        p.write("(");
        for (i, &a) in args.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_arg_decl(a);
        }
        p.write(") ");
        p.print_region(region, false, None);
        p.decrease_indent();
    }
}

// ------------------------------------------------------------------------------ generic

/// The attributes `generic`'s custom form writes in its leading dictionary, in MLIR's order.
const GENERIC_ATTRS: [&str; 4] = ["doc", INDEXING_MAPS, ITERATOR_TYPES, "library_call"];

fn parse_generic(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    if p.peek() != Tok::LBrace {
        return Err(custom_error(p, state, p.loc(), "expected '{'"));
    }
    p.parse_optional_attr_dict(state)?;
    let after_dict = p.loc();
    let name = p.ctx.attr_name(ITERATOR_TYPES);
    if let Some(a) = state.attr(name) {
        if let AttrKind::Array(items) = p.ctx.attr_kind(a).clone() {
            let mut converted = Vec::with_capacity(items.len());
            for item in items {
                let reduction = match p.ctx.attr_kind(item) {
                    AttrKind::String(s) if s == "parallel" => false,
                    AttrKind::String(s) if s == "reduction" => true,
                    AttrKind::String(s) => {
                        let msg = format!("unexpected iterator_type ({s})");
                        return Err(custom_error(p, state, after_dict, msg));
                    }
                    _ => {
                        converted.push(item);
                        continue;
                    }
                };
                converted.push(iterator_type_attr(p.ctx, reduction));
            }
            let array = p.ctx.attr(AttrKind::Array(converted));
            state.set_attr(name, array);
        }
    }
    let io = parse_ins_outs(p)?;
    if p.parse_optional_keyword("attrs") {
        p.expect(Tok::Equal, "=")?;
        p.parse_optional_attr_dict(state)?;
    }
    let region = p.parse_region(&[])?;
    state.result_types = p.parse_optional_arrow_type_list()?;
    add_operands(p.ctx, state, &io.ins, &io.outs, true);
    state.regions.push(region);
    Ok(())
}

fn print_generic(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    p.write(" {");
    let mut first = true;
    for name in GENERIC_ATTRS {
        let Some(a) = ctx.attr_of(op, name) else {
            continue;
        };
        p.write(if first { "" } else { ", " });
        first = false;
        p.write(name);
        p.write(" = ");
        match ctx.attr_kind(a) {
            AttrKind::Array(items)
                if name == ITERATOR_TYPES
                    && items.iter().all(|&i| iterator_type_of(ctx, i).is_some()) =>
            {
                let words: Vec<&str> = items
                    .iter()
                    .map(|&i| {
                        if iterator_type_of(ctx, i) == Some(true) {
                            "\"reduction\""
                        } else {
                            "\"parallel\""
                        }
                    })
                    .collect();
                p.write(&format!("[{}]", words.join(", ")));
            }
            _ => p.print_attr(a),
        }
    }
    p.write("}");
    print_ins_outs(p, op);
    let mut elided: Vec<&str> = GENERIC_ATTRS.to_vec();
    elided.push(OPERAND_SEGMENT_SIZES);
    if ctx
        .attrs(op)
        .iter()
        .any(|a| !elided.contains(&ctx.attr_name_str(a.name)))
    {
        p.write(" attrs = ");
        p.print_optional_attr_dict(op, &elided);
    }
    if let Some(&region) = ctx.regions(op).first() {
        p.write(" ");
        p.print_region(region, true, None);
    }
    print_results(p, op);
}

// ------------------------------------------------------------------------------ yield, index

pub(crate) fn parse_yield(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let operands = if p.peek() == Tok::PercentId {
        p.parse_operand_list()?
    } else {
        Vec::new()
    };
    p.parse_optional_attr_dict(state)?;
    if !operands.is_empty() {
        p.expect(Tok::Colon, ":")?;
        let types = p.parse_type_list_no_parens()?;
        state.operands = p.resolve_operands(&operands, &types)?;
    }
    Ok(())
}

pub(crate) fn print_yield(p: &mut Printer<'_>, op: OpId) {
    let operands = p.ctx.operands(op).to_vec();
    if !operands.is_empty() {
        p.write(" ");
        p.print_operands(&operands);
    }
    p.print_optional_attr_dict(op, &[]);
    if !operands.is_empty() {
        p.write(" : ");
        p.print_value_types(&operands);
    }
}

pub(crate) fn parse_index(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let dim = p.parse_integer()?;
    let i64t = p.ctx.int_type(64);
    let a = p.ctx.int_attr(dim, i64t);
    state.set_attr(p.ctx.attr_name("dim"), a);
    p.parse_optional_attr_dict(state)?;
    p.expect(Tok::Colon, ":")?;
    state.result_types = vec![p.parse_type()?];
    Ok(())
}

pub(crate) fn print_index(p: &mut Printer<'_>, op: OpId) {
    let dim = index_dim(p.ctx, op).unwrap_or(0);
    p.write(&format!(" {dim}"));
    p.print_optional_attr_dict(op, &["dim"]);
    p.write(" : ");
    let results: Vec<Type> = p
        .ctx
        .results(op)
        .iter()
        .map(|&r| p.ctx.value_type(r))
        .collect();
    p.print_types(&results);
}
