//! The linalg dialect on tensors (MLIR `LinalgOps.td`, `LinalgStructuredOps.td`, release 22):
//! syntax, verifier messages and region forms checked against `mlir-opt` 22.
//!
//! | op | custom syntax (MLIR 22) | results |
//! |---|---|---|
//! | `linalg.fill` | `%r = linalg.fill {attrs} ins(%v : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>` | the `outs` tensor type |
//! | `linalg.matmul` | `%r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>` | idem |
//! | `linalg.batch_matmul` | as `matmul`, operands `(b, m, k)`, `(b, k, n)`, `(b, m, n)` | idem |
//! | `linalg.transpose` | `%r = linalg.transpose ins(%a : T) outs(%t : U) permutation = [1, 0] {attrs}` | idem |
//! | `linalg.broadcast` | `%r = linalg.broadcast ins(%a : T) outs(%t : U) dimensions = [1] {attrs}` | idem |
//! | `linalg.reduce` | `%r = linalg.reduce { arith.addf } ins(..) outs(..) dimensions = [1]`, or `... dimensions = [1] {attrs}` + newline + `(%in: f32, %init: f32) { ... linalg.yield %x : f32 }` | one per init |
//! | `linalg.map` | `%r = linalg.map { arith.addf } ins(%a, %b : T, T) outs(%c : T)`, or `... {attrs}` + newline + `(%in: f32, %in_0: f32, %init: f32) { ... }` | idem |
//! | `linalg.generic` | `%r = linalg.generic {indexing_maps = [...], iterator_types = ["parallel", "reduction"]} ins(..) outs(..) [attrs = {..}] { ^bb0(...): ... } -> T` | one per `outs` tensor |
//! | `linalg.yield` | `linalg.yield %a, %b : f32, f32` | none |
//! | `linalg.index` | `%i = linalg.index 1 : index` | `index` |
//!
//! Operands and results: every structured op takes `ins` and `outs` (MLIR's inits; the
//! generic form splits them with `operandSegmentSizes = array<i32: ins, outs>` for `fill`,
//! `matmul`, `batch_matmul` and `generic`; `reduce` has as many inits as inputs; `map`,
//! `transpose` and `broadcast` one init, the last operand). Its results are exactly the
//! types of its ranked-tensor `outs` operands (the `InferTypes` hook, [`structured`]), which
//! MLIR requires (`expected type of operand #2 (...) to match type of corresponding
//! result (...)`). Weir supports linalg on tensors only: memref operands are rejected.
//!
//! Regions: every structured op has one region of one block whose arguments are the element
//! type of each operand (`ins` then `outs`), ending with `linalg.yield` of one value per
//! `outs` operand. The named ops (`fill`, `matmul`, `batch_matmul`, `transpose`,
//! `broadcast`) have no region in their custom form: as mlir-opt, the parser builds it
//! (`fill`/`transpose`/`broadcast` yield the input element; `matmul`/`batch_matmul` multiply
//! and accumulate, `arith.mulf`+`addf`, `muli`+`addi`, or `andi`+`ori` for `i1`, after
//! casting the inputs to the output element type: `extsi`/`trunci`, `extf`/`truncf`,
//! `sitofp`, `fptosi`), so the generic form carries it. `map` and `reduce` print the short form
//! `{ payload.op {attrs} }` when their body is one op on the block arguments (MLIR 22's
//! rule: `map`'s payload takes the input arguments in order; `reduce`'s the init then the
//! input) whose result is yielded.
//!
//! Attributes: `indexing_maps` (an array of `affine_map`s, one per operand; `matmul` and
//! `batch_matmul` default to MLIR's maps when absent) and `iterator_types` (an array of
//! `#linalg.iterator_type<parallel>` / `<reduction>`, registered here; `generic`'s custom form
//! writes them as strings), `matmul`'s and `batch_matmul`'s `cast` (`#linalg.type_fn<cast_signed>`
//! or `<cast_unsigned>`, registered here: the casts of the implicit body), `permutation` and `dimensions` (`array<i64: ...>`, written
//! `[1, 0]` in the custom form), `linalg.index`'s `dim` (`i64`).
//!
//! Verifier: MLIR 22's rules and wording (see `lit-tests/linalg/invalid.mlir`, one case per
//! rule), with these differences: a dynamic size in a message is written `?` (22 prints its
//! sentinel `-9223372036854775808`); `broadcast`'s `dimensions` must be strictly increasing
//! (22 does not check it and then reads out of range), reported with the message 22 gives
//! for `reduce`'s; the static-size check of indexing maps covers dimensions indexed by a
//! single loop (22 also bounds those indexed by other affine expressions).
//!
//! Folders and canonicalizations (`canon.rs`; each checked against `mlir-opt --canonicalize`
//! 22 in `lit-tests/linalg/canonicalize.mlir`, whose output after mlir-opt's reprinting equals
//! mlir-opt's own). Implemented, as MLIR 22 does them on tensors:
//! - `transpose` folds to its input when its permutation is the identity (`TransposeOp::fold`);
//! - `transpose(transpose(x, p), q)` becomes `transpose(x, r)`, `r[i] = p[q[i]]`, into the
//!   outer init (`FoldTransposeWithTranspose`), so permutations composing to the identity
//!   leave `x`;
//! - `transpose(fill(v))` becomes `fill(v)` of the transpose's init (`FoldFillWithTranspose`);
//! - `broadcast(broadcast(x))` becomes one broadcast with the added dimensions merged
//!   (`FoldBroadcasts`);
//! - a `generic` or `broadcast` whose indexing maps are all equal and whose body only yields
//!   its block arguments is replaced by the operands they stand for (`EraseIdentityLinalgOp`;
//!   for `broadcast` that is `dimensions = []`); MLIR 22 does not register it on `map`;
//! - `linalg.index` of a loop of static size 1 is `0 : index` (`IndexOp::fold`);
//! - an unused structured op is erased by the rewrite driver: the ops are `RECURSIVELY_PURE`
//!   (MLIR: no memory effects on tensors), so a body with a side effect (a call) keeps it, as
//!   in MLIR.
//!
//! Not implemented: those that build ops of the tensor dialect, which this crate does not
//! depend on: `SwapTransposeWithBroadcast` (`tensor.empty`, `tensor.dim`),
//! `EraseIdentityLinalgOp` where an operand's type differs from the result's (MLIR inserts a
//! `tensor.cast`; Weir keeps the op), the dialect-wide `FoldTensorCastProducerOp`,
//! `FoldTensorCastConsumerOp` and `InferStaticShapeOfOperands` (`tensor.cast`), and fill's
//! folds into `tensor.pad`, `tensor.extract`, `tensor.collapse_shape`/`expand_shape`,
//! `tensor.concat`, `linalg.pack`, `linalg.copy` (ops Weir lacks or the tensor dialect's own
//! patterns). `EraseDeadLinalgOp` applies to memrefs only. MLIR 22 itself crashes on a rank-0
//! `linalg.transpose` (`permutation = []`); Weir folds it to its input as `TransposeOp::fold`
//! says (`tests/fold.rs`); `lit-tests/linalg/canonicalize-weir-only.mlir` holds the ops kept above.

mod canon;
mod ops;

pub use ops::build_yield;
pub mod structured;

pub use structured::{build_generic, StructuredOp, OPERAND_SEGMENT_SIZES};

use weir_ir::{Attr, AttrKind, Context, DialectParam, OpDef, OpId, Traits};
use weir_syntax::lexer::Tok;
use weir_syntax::{ItemSyntax, OpSyntax, PResult, Parser, Syntax};

/// The `indexing_maps` attribute of `generic` (and of `matmul`/`batch_matmul` when given).
pub const INDEXING_MAPS: &str = "indexing_maps";
/// The `iterator_types` attribute of `generic`.
pub const ITERATOR_TYPES: &str = "iterator_types";
/// The `dimensions` attribute of `broadcast` and `reduce`.
pub const DIMENSIONS: &str = "dimensions";
/// The `permutation` attribute of `transpose`.
pub const PERMUTATION: &str = "permutation";
/// The `cast` attribute of `matmul` and `batch_matmul` (a [`TypeFn`]; signed when absent).
pub const CAST: &str = "cast";

/// `#linalg.type_fn<...>` (MLIR `TypeFn`, the `cast` of `matmul`/`batch_matmul`): how an
/// operand is cast to the output element type in the op's implicit body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeFn {
    /// `cast_signed`: `extsi`, `sitofp`, `fptosi` (the default).
    CastSigned,
    /// `cast_unsigned`: `extui`, `uitofp`, `fptoui`.
    CastUnsigned,
}

impl TypeFn {
    /// The keyword inside `#linalg.type_fn<...>`.
    pub const fn keyword(self) -> &'static str {
        match self {
            TypeFn::CastSigned => "cast_signed",
            TypeFn::CastUnsigned => "cast_unsigned",
        }
    }
}

/// The [`TypeFn`] that `a` is, if it is a `#linalg.type_fn` attribute.
pub fn type_fn_of(ctx: &Context, a: Attr) -> Option<TypeFn> {
    match ctx.attr_kind(a) {
        AttrKind::Dialect {
            dialect,
            mnemonic,
            params,
        } if dialect == "linalg" && mnemonic == "type_fn" => match &params[..] {
            [DialectParam::Keyword(w)] => [TypeFn::CastSigned, TypeFn::CastUnsigned]
                .into_iter()
                .find(|f| f.keyword() == w),
            _ => None,
        },
        _ => None,
    }
}

/// The linalg structured ops (MLIR's `LinalgOp`s Weir has).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `linalg.fill`: every element of the output is the scalar input.
    Fill,
    /// `linalg.matmul`: `C[m, n] += A[m, k] * B[k, n]`.
    Matmul,
    /// `linalg.batch_matmul`: `C[b, m, n] += A[b, m, k] * B[b, k, n]`.
    BatchMatmul,
    /// `linalg.transpose`: `out[i...] = in[permuted i...]` (out dim `j` is in dim `perm[j]`).
    Transpose,
    /// `linalg.broadcast`: the input repeated along the added `dimensions` of the init.
    Broadcast,
    /// `linalg.map`: the body applied elementwise to the inputs.
    Map,
    /// `linalg.reduce`: the body combines each input element into the init along `dimensions`.
    Reduce,
    /// `linalg.generic`: loops given by `iterator_types`, operands read through `indexing_maps`.
    Generic,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 8] = [
        Kind::Fill,
        Kind::Matmul,
        Kind::BatchMatmul,
        Kind::Transpose,
        Kind::Broadcast,
        Kind::Map,
        Kind::Reduce,
        Kind::Generic,
    ];

    /// The op's name.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Fill => "linalg.fill",
            Kind::Matmul => "linalg.matmul",
            Kind::BatchMatmul => "linalg.batch_matmul",
            Kind::Transpose => "linalg.transpose",
            Kind::Broadcast => "linalg.broadcast",
            Kind::Map => "linalg.map",
            Kind::Reduce => "linalg.reduce",
            Kind::Generic => "linalg.generic",
        }
    }

    /// The kind named `name`, if it is a structured op.
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The kind of `op`, if it is a structured op.
    pub fn of(ctx: &Context, op: OpId) -> Option<Kind> {
        Kind::from_name(ctx.name_str(op))
    }
}

weir_ir::op_view! {
    /// `linalg.yield` (MLIR `linalg::YieldOp`): the values of one iteration, one per `outs`
    /// operand of the parent structured op.
    YieldOp = "linalg.yield"
}

impl YieldOp {
    /// The yielded values.
    pub fn values(self, ctx: &Context) -> &[weir_ir::ValueId] {
        ctx.operands(self.0)
    }
}

weir_ir::op_view! {
    /// `linalg.index` (MLIR `linalg::IndexOp`): the current index of one loop of the parent.
    IndexOp = "linalg.index"
}

impl IndexOp {
    /// The loop whose index this is (0-based, below the parent's number of loops).
    pub fn dim(self, ctx: &Context) -> u64 {
        ops::index_dim(ctx, self.0).expect("verified linalg.index has a dim") as u64
    }
}

/// `#linalg.iterator_type<parallel>` (`reduction == false`) or `<reduction>`.
pub fn iterator_type_attr(ctx: &mut Context, reduction: bool) -> Attr {
    let word = if reduction { "reduction" } else { "parallel" };
    ctx.attr(AttrKind::Dialect {
        dialect: "linalg".into(),
        mnemonic: "iterator_type".into(),
        params: vec![DialectParam::Keyword(word.into())],
    })
}

/// Whether `a` is `#linalg.iterator_type<reduction>` (`Some(true)`) or `<parallel>`
/// (`Some(false)`); `None` for any other attribute.
pub fn iterator_type_of(ctx: &Context, a: Attr) -> Option<bool> {
    match ctx.attr_kind(a) {
        AttrKind::Dialect {
            dialect,
            mnemonic,
            params,
        } if dialect == "linalg" && mnemonic == "iterator_type" => match &params[..] {
            [DialectParam::Keyword(w)] if w == "parallel" => Some(false),
            [DialectParam::Keyword(w)] if w == "reduction" => Some(true),
            _ => None,
        },
        _ => None,
    }
}

/// `<parallel>` / `<reduction>` of `#linalg.iterator_type` (MLIR's `IteratorTypeEnum`).
fn parse_iterator_type(p: &mut Parser<'_>) -> PResult<Vec<DialectParam>> {
    parse_enum_param(p, "::mlir::utils::IteratorType", &["parallel", "reduction"])
}

/// `<cast_signed>` / `<cast_unsigned>` of `#linalg.type_fn` (MLIR's `TypeFn` enum).
fn parse_type_fn(p: &mut Parser<'_>) -> PResult<Vec<DialectParam>> {
    parse_enum_param(
        p,
        "::mlir::linalg::TypeFn",
        &["cast_signed", "cast_unsigned"],
    )
}

/// `<case>` of an enum attribute whose C++ enum is `cpp_name`, the case a keyword or a
/// string (`<parallel>`, `<"parallel">`: MLIR's `parseKeywordOrString`), one of `cases`;
/// else MLIR 22's errors (`expected valid keyword or string`, `expected <cpp_name> to be one
/// of: ...`). Printed as the keyword.
fn parse_enum_param(
    p: &mut Parser<'_>,
    cpp_name: &str,
    cases: &[&str],
) -> PResult<Vec<DialectParam>> {
    p.expect(Tok::Less, "<")?;
    let loc = p.loc();
    let word = match p.peek() {
        Tok::String => p.parse_string()?,
        Tok::BareId => p.parse_bare_id("keyword")?.to_string(),
        _ => {
            return Err(weir_ir::Diagnostic::error(
                loc,
                "expected valid keyword or string",
            ))
        }
    };
    if !cases.contains(&word.as_str()) {
        return Err(weir_ir::Diagnostic::error(
            loc,
            format!("expected {cpp_name} to be one of: {}", cases.join(", ")),
        ));
    }
    p.expect(Tok::Greater, ">")?;
    Ok(vec![DialectParam::Keyword(word)])
}

/// Registers the linalg ops, their syntax and the `#linalg.iterator_type` and
/// `#linalg.type_fn` attributes.
pub fn register(ctx: &mut Context, syntax: &mut Syntax) {
    for kind in Kind::ALL {
        let def = OpDef::new(kind.name(), Traits::RECURSIVELY_PURE)
            .verifier(ops::verify)
            .infer_types(structured::infer_outs);
        ctx.register(match kind {
            Kind::Transpose => def.folder(canon::fold_transpose).patterns(canon::TRANSPOSE),
            Kind::Broadcast => def.patterns(canon::BROADCAST),
            Kind::Generic => def.patterns(canon::GENERIC),
            _ => def,
        });
        let (parse, print) = ops::syntax(kind);
        let mut s = OpSyntax::new(parse, print);
        if let Some(hint) = ops::name_hint(kind) {
            s = s.name_hint(hint);
        }
        syntax.register(kind.name(), s);
    }
    ctx.register(
        OpDef::new(
            YieldOp::NAME,
            Traits::TERMINATOR | Traits::RETURN_LIKE | Traits::PURE,
        )
        .verifier(ops::verify_yield),
    );
    syntax.register(
        YieldOp::NAME,
        OpSyntax::new(ops::parse_yield, ops::print_yield),
    );
    ctx.register(
        OpDef::new(IndexOp::NAME, Traits::PURE)
            .verifier(ops::verify_index)
            .infer_types(ops::infer_index)
            .folder(canon::fold_index),
    );
    syntax.register(
        IndexOp::NAME,
        OpSyntax::new(ops::parse_index, ops::print_index),
    );
    syntax.register_attr(
        "linalg",
        "iterator_type",
        ItemSyntax::new(parse_iterator_type),
    );
    syntax.register_attr("linalg", "type_fn", ItemSyntax::new(parse_type_fn));
}
