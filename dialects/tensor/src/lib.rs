//! The tensor dialect: MLIR 22's value-semantics tensor ops (`mlir/include/mlir/Dialect/Tensor/
//! IR/TensorOps.td`, `TensorOps.cpp`). Syntax, verifier messages and folders are checked
//! against `mlir-opt` 22 (the lit tests in `lit-tests/tensor/`).
//!
//! | op | custom syntax | result type hook | folds / canonicalizes (as MLIR) |
//! |---|---|---|---|
//! | `tensor.cast` | `%c = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>` | declared | to the same type: the source; `cast(cast(x))` to `cast(x)` when no runtime check is lost |
//! | `tensor.dim` | `%d = tensor.dim %t, %i : tensor<4x?xf32>` | `infer_types`: `index` | static size at a constant in-range index; `?` of a `tensor.empty`: its size operand; `dim(cast(x))` to `dim(x)` |
//! | `tensor.rank` | `%r = tensor.rank %t : tensor<*xf32>` | `infer_types`: `index` | ranked source: the rank |
//! | `tensor.empty` | `%e = tensor.empty(%n) : tensor<?x3xf32>` | declared | constant sizes: static, cast back |
//! | `tensor.extract` | `%x = tensor.extract %t[%i, %j] : tensor<2x3xf32>` | `infer_types`: the element type | of `tensor.from_elements` at constant in-range indices: that element |
//! | `tensor.insert` | `%r = tensor.insert %x into %t[%i, %j] : tensor<2x3xf32>` | `infer_types`: the dest's type | into a splat constant, of its value: the dest |
//! | `tensor.from_elements` | `%t = tensor.from_elements %a, %b : tensor<2xf32>` | declared (static shape) | no |
//! | `tensor.splat` | `%s = tensor.splat %x[%n] : tensor<?x3xf32>` | declared | no |
//! | `tensor.concat` | `%r = tensor.concat dim(0) %a, %b : (tensor<2xf32>, tensor<?xf32>) -> tensor<?xf32>` | `infer_shaped_types` | one input of the result type: it; of another type: a `tensor.cast` |
//! | `tensor.expand_shape` | `%e = tensor.expand_shape %t [[0, 1]] output_shape [%n, 3] : tensor<?xf32> into tensor<?x3xf32>` | `infer_shaped_types` | to the same type, or of a collapse_shape from the result type: the source |
//! | `tensor.collapse_shape` | `%c = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>` | `infer_types` | as expand_shape, the other way |
//! | `tensor.extract_slice` | `%s = tensor.extract_slice %t[0, %a] [4, %n] [1, 2] : tensor<8x?xf32> to tensor<4x?xf32>` | `infer_shaped_types`: the static sizes (before a rank reduction) | of the whole source (its type, zero offsets, unit strides, its static sizes; constant operands count): the source; constant offsets, sizes (non-negative) and strides become static entries, a more static result cast back; of a splat constant, static result: a splat of the result type; of an `insert_slice` at the same place: the inserted source |
//! | `tensor.insert_slice` | `%r = tensor.insert_slice %s into %t[0, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x16xf32>` | `infer_types`: the dest's type | a full-size static source of the dest's type: the source; constant list operands become static entries, the source cast to the more static type; of what an `extract_slice` of the dest read at the same place: the dest; over an `insert_slice` at the same place: into that one's dest |
//! | `tensor.reshape` | `%r = tensor.reshape %t(%shape) : (tensor<6xf32>, tensor<2xindex>) -> tensor<2x3xf32>` | `infer_shaped_types`: rank from the shape's static length | 1-D to its own type: the source; `reshape(reshape(x))` reshapes `x` |
//! | `tensor.generate` | `%g = tensor.generate %n, %m { ^bb0(%i: index, %j: index, %k: index): ... tensor.yield %v : f32 } : tensor<?x3x?xf32>` | declared | constant extents: static, cast back (MLIR `StaticTensorGenerate`; the extract-of-generate pattern is not built) |
//! | `tensor.pad` | `%p = tensor.pad %t nofold low[1, %a] high[2, 0] { ^bb0(%i: index, %j: index): tensor.yield %c : f32 } : tensor<?x4xf32> to tensor<?x9xf32>` | `infer_shaped_types`: `low + source + high` where all are static, `?` otherwise | static result = source type, no `nofold`: the source; all paddings constant 0, no `nofold`: a `tensor.cast` of the source; constant paddings that make a `?` static: static entries, the result cast back |
//! | `tensor.yield` | `tensor.yield %v : f32` (terminator of `generate` and `pad`) | none | no |
//!
//! Every op is `PURE` but `tensor.generate` (`RECURSIVELY_PURE`: as MLIR's
//! `RecursiveMemoryEffects`, it is as pure as its body). The folders' `index` constants are materialized by arith's
//! materializer (`arith.constant N : index`). `tensor.extract` of a `tensor.splat` op does not
//! fold: mlir-opt 22's `--canonicalize` leaves it (it folds only a splat *constant*).

pub mod common;
pub mod concat;
pub mod generate;
pub mod mixed;
pub mod ops;
pub mod pad;
pub mod reshape;
pub mod slice;

pub use concat::ConcatOp;
pub use generate::{GenerateOp, YieldOp};
pub use ops::known_size;
pub use ops::{
    are_cast_compatible, build_cast, build_dim, build_empty, CastOp, DimOp, EmptyOp, ExtractOp,
    FromElementsOp, InsertOp, RankOp, SplatOp,
};
pub use pad::PadOp;
pub use reshape::{CollapseShapeOp, ExpandShapeOp, ReshapeOp};
pub use slice::{ExtractSliceOp, InsertSliceOp};

use weir_ir::{Context, OpDef, Traits};
use weir_syntax::{OpSyntax, Syntax};

/// The tensor ops.
pub const OPS: [&str; 17] = [
    CastOp::NAME,
    DimOp::NAME,
    RankOp::NAME,
    EmptyOp::NAME,
    ExtractOp::NAME,
    InsertOp::NAME,
    FromElementsOp::NAME,
    SplatOp::NAME,
    ConcatOp::NAME,
    ExpandShapeOp::NAME,
    CollapseShapeOp::NAME,
    ExtractSliceOp::NAME,
    InsertSliceOp::NAME,
    ReshapeOp::NAME,
    GenerateOp::NAME,
    PadOp::NAME,
    YieldOp::NAME,
];

/// The name mlir-opt gives an op's result (MLIR's `getAsmResultNames`); `tensor.empty` has
/// none.
fn name_hint(ctx: &Context, op: weir_ir::OpId) -> Option<String> {
    let hint = match ctx.name_str(op) {
        CastOp::NAME => "cast",
        DimOp::NAME => "dim",
        RankOp::NAME => "rank",
        ExtractOp::NAME => "extracted",
        InsertOp::NAME => "inserted",
        FromElementsOp::NAME => "from_elements",
        SplatOp::NAME => "splat",
        ConcatOp::NAME => "concat",
        ExpandShapeOp::NAME => "expanded",
        CollapseShapeOp::NAME => "collapsed",
        ExtractSliceOp::NAME => "extracted_slice",
        InsertSliceOp::NAME => "inserted_slice",
        ReshapeOp::NAME => "reshape",
        GenerateOp::NAME => "generated",
        PadOp::NAME => "padded",
        _ => return None,
    };
    Some(hint.to_string())
}

/// Registers the tensor ops and their syntax.
pub fn register(ctx: &mut Context, syntax: &mut Syntax) {
    use ops::*;
    let pure = Traits::PURE;
    let defs = [
        (
            OpDef::new(CastOp::NAME, pure)
                .verifier(verify_cast)
                .infer_shaped_types(infer_cast)
                .folder(fold_cast)
                .patterns(CAST_PATTERNS),
            OpSyntax::new(parse_cast, print_cast),
        ),
        (
            OpDef::new(DimOp::NAME, pure)
                .verifier(verify_dim)
                .infer_types(infer_index)
                .folder(fold_dim)
                .patterns(DIM_PATTERNS),
            OpSyntax::new(parse_dim, print_dim),
        ),
        (
            OpDef::new(RankOp::NAME, pure)
                .verifier(verify_rank)
                .infer_types(infer_index)
                .folder(fold_rank),
            OpSyntax::new(parse_rank, print_rank),
        ),
        (
            OpDef::new(EmptyOp::NAME, pure)
                .verifier(verify_empty)
                .infer_shaped_types(infer_empty)
                .patterns(EMPTY_PATTERNS),
            OpSyntax::new(parse_empty, print_empty),
        ),
        (
            OpDef::new(ExtractOp::NAME, pure)
                .verifier(verify_extract)
                .infer_types(infer_extract)
                .folder(fold_extract),
            OpSyntax::new(parse_extract, print_extract),
        ),
        (
            OpDef::new(InsertOp::NAME, pure)
                .verifier(verify_insert)
                .infer_types(infer_insert)
                .folder(fold_insert),
            OpSyntax::new(parse_insert, print_insert),
        ),
        (
            OpDef::new(FromElementsOp::NAME, pure)
                .verifier(verify_from_elements)
                .folder(fold_from_elements),
            OpSyntax::new(parse_from_elements, print_from_elements),
        ),
        (
            OpDef::new(SplatOp::NAME, pure)
                .verifier(verify_splat)
                .infer_shaped_types(infer_splat)
                .folder(fold_splat),
            OpSyntax::new(parse_splat, print_splat),
        ),
        (
            OpDef::new(ConcatOp::NAME, pure)
                .verifier(concat::verify)
                .infer_shaped_types(concat::infer_shaped)
                .folder(concat::fold)
                .patterns(concat::PATTERNS),
            OpSyntax::new(concat::parse, concat::print).generic_when(concat::print_generic),
        ),
        (
            OpDef::new(ExpandShapeOp::NAME, pure)
                .verifier(reshape::verify_expand)
                .infer_shaped_types(reshape::infer_expand)
                .folder(reshape::fold_expand),
            OpSyntax::new(reshape::parse_expand, reshape::print_expand)
                .generic_when(reshape::print_generic),
        ),
        (
            OpDef::new(CollapseShapeOp::NAME, pure)
                .verifier(reshape::verify_collapse)
                .infer_types(reshape::infer_collapse)
                .folder(reshape::fold_collapse),
            OpSyntax::new(reshape::parse_collapse, reshape::print_collapse)
                .generic_when(reshape::print_generic),
        ),
        (
            OpDef::new(ExtractSliceOp::NAME, pure)
                .verifier(slice::verify_extract)
                .infer_shaped_types(slice::infer_extract)
                .folder(slice::fold_extract)
                .patterns(slice::EXTRACT_PATTERNS),
            OpSyntax::new(slice::parse_extract, slice::print_extract)
                .generic_when(slice::print_generic),
        ),
        (
            OpDef::new(InsertSliceOp::NAME, pure)
                .verifier(slice::verify_insert)
                .infer_types(slice::infer_insert)
                .folder(slice::fold_insert)
                .patterns(slice::INSERT_PATTERNS),
            OpSyntax::new(slice::parse_insert, slice::print_insert)
                .generic_when(slice::print_generic),
        ),
        (
            OpDef::new(ReshapeOp::NAME, pure)
                .verifier(reshape::verify_reshape_op)
                .infer_shaped_types(reshape::infer_reshape_op)
                .folder(reshape::fold_reshape_op)
                .patterns(reshape::RESHAPE_PATTERNS),
            OpSyntax::new(reshape::parse_reshape_op, reshape::print_reshape_op)
                .generic_when(reshape::print_reshape_generic),
        ),
        (
            OpDef::new(
                GenerateOp::NAME,
                Traits::RECURSIVELY_PURE | Traits::SINGLE_BLOCK,
            )
            .verifier(generate::verify_generate)
            .infer_shaped_types(infer_empty)
            .region_verifier_last(generate::verify_generate_regions)
            .patterns(generate::PATTERNS),
            OpSyntax::new(generate::parse_generate, generate::print_generate)
                .generic_when(generate::print_generate_generic),
        ),
        (
            OpDef::new(PadOp::NAME, pure | Traits::SINGLE_BLOCK)
                .verifier(pad::verify)
                .region_verifier_last(pad::verify_regions)
                .infer_shaped_types(pad::infer_shaped)
                .folder(pad::fold)
                .patterns(pad::PATTERNS),
            OpSyntax::new(pad::parse, pad::print).generic_when(pad::print_generic),
        ),
        (
            OpDef::new(
                YieldOp::NAME,
                Traits::TERMINATOR | Traits::RETURN_LIKE | pure,
            )
            .verifier(generate::verify_yield),
            OpSyntax::new(generate::parse_yield, generate::print_yield)
                .generic_when(generate::print_yield_generic),
        ),
    ];
    for (def, s) in defs {
        syntax.register(def.name, s.name_hint(name_hint));
        ctx.register(def);
    }
}
