//! Two passes that turn a chain of tensor ops into one loop nest, as MLIR's linalg pipeline
//! does (`mlir/lib/Dialect/Linalg/Transforms/ElementwiseToLinalg.cpp`,
//! `ElementwiseOpFusion.cpp`):
//!
//! - `--convert-elementwise-to-linalg` ([`elementwise`]): every op with the
//!   [`Traits::ELEMENTWISE`](weir_ir::Traits::ELEMENTWISE) trait (MLIR's
//!   `ElementwiseMappable`) whose operands and results are all ranked tensors becomes a
//!   `linalg.generic` with identity indexing maps and parallel loops, whose body is the same op
//!   on the elements, writing into a `tensor.empty` of the result's shape;
//! - `--linalg-fuse-elementwise-ops` ([`fuse`]): a structured op whose loops are all parallel
//!   is fused into the structured op that reads its result as an input, so the pair becomes
//!   one `linalg.generic` over the consumer's loops that computes the producer's elements where
//!   they are read (no intermediate tensor), repeatedly, so a chain of broadcasts, elementwise
//!   ops and a final reduction becomes one op.
//!
//! `cf-run` runs neither (its lowering pipeline is fixed); run them with `cf-opt` first:
//! `cf-opt --convert-elementwise-to-linalg --linalg-fuse-elementwise-ops --canonicalize
//! in.mlir | cf-run -`. Both keep what the program computes, element for element (the fused
//! op evaluates the same scalar ops on the same values in the same order per element).

#![warn(missing_docs)]

pub mod elementwise;
pub mod fuse;

use weir_ir::{Context, Diagnostic, OpId};
use weir_pass::{PassInfo, PassOptions};

/// `--convert-elementwise-to-linalg` (MLIR's pass of that name).
pub const CONVERT_ELEMENTWISE: PassInfo = PassInfo {
    name: "convert-elementwise-to-linalg",
    summary: "Convert ElementwiseMappable ops to linalg",
    options: &[],
    function_level: true,
    create: |_: &PassOptions| Ok(Box::new(ConvertElementwise)),
};

/// `--linalg-fuse-elementwise-ops` (MLIR's pass of that name).
pub const FUSE_ELEMENTWISE: PassInfo = PassInfo {
    name: "linalg-fuse-elementwise-ops",
    summary: "Fuse elementwise operations on tensors",
    options: &[],
    function_level: true,
    create: |_: &PassOptions| Ok(Box::new(FuseElementwise)),
};

struct ConvertElementwise;

impl weir_pass::Pass for ConvertElementwise {
    fn name(&self) -> &'static str {
        CONVERT_ELEMENTWISE.name
    }

    fn run(&self, ctx: &mut Context, op: OpId, _diags: &mut Vec<Diagnostic>) {
        elementwise::run(ctx, op);
    }
}

struct FuseElementwise;

impl weir_pass::Pass for FuseElementwise {
    fn name(&self) -> &'static str {
        FUSE_ELEMENTWISE.name
    }

    fn run(&self, ctx: &mut Context, op: OpId, _diags: &mut Vec<Diagnostic>) {
        fuse::run(ctx, op);
    }
}
