//! The tools' use of the MLIR bridge (`weir-mlir`, cargo feature `mlir`): cf-opt's
//! `--mlir-pass-pipeline='builtin.module(...)'`, an upstream pass pipeline run in process as one
//! step of Weir's pass pipeline. Built without the feature, asking for it is the error "cf-opt
//! was built without the `mlir` feature".

use weir_pass::Pass;
use weir_syntax::ParseOptions;
#[cfg(feature = "mlir")]
use weir_syntax::Syntax;

/// The name of the step in `--mlir-print-ir-after-all` and `--mlir-timing` reports.
pub const STEP_NAME: &str = "mlir-pass-pipeline";

/// A Weir pass that hands the module to upstream MLIR, runs `pipeline` there and reads the
/// result back (`weir_mlir::Bridge::run_on_weir`). MLIR allows unregistered dialects (the
/// module passed Weir's verifier, and Weir's own `weir` dialect is unknown upstream); Weir
/// reads the result back with cf-opt's parse options.
#[cfg(feature = "mlir")]
struct UpstreamPipeline {
    pipeline: String,
    syntax: Syntax,
    options: ParseOptions,
}

#[cfg(feature = "mlir")]
impl Pass for UpstreamPipeline {
    fn name(&self) -> &'static str {
        STEP_NAME
    }

    fn run(
        &self,
        ctx: &mut weir_ir::Context,
        op: weir_ir::OpId,
        diags: &mut Vec<weir_ir::Diagnostic>,
    ) {
        let bridge = weir_mlir::Bridge::new();
        bridge.set_allow_unregistered(true);
        bridge.run_on_weir(ctx, &self.syntax, op, &self.pipeline, self.options, diags);
    }
}

/// The step running the upstream `pipeline` (anchored on `builtin.module(...)`); the error is
/// MLIR's message when the pipeline does not parse (an unknown pass, a bad option).
#[cfg(feature = "mlir")]
pub fn upstream_pipeline(pipeline: &str, options: ParseOptions) -> Result<Box<dyn Pass>, String> {
    weir_mlir::Bridge::new().check_pipeline(pipeline)?;
    let mut syntax = Syntax::new();
    weir_dialects::register_all(&mut weir_ir::Context::new(), &mut syntax);
    Ok(Box::new(UpstreamPipeline {
        pipeline: pipeline.to_string(),
        syntax,
        options,
    }))
}

/// Without the `mlir` feature: the error that cf-opt was built without it.
#[cfg(not(feature = "mlir"))]
pub fn upstream_pipeline(_pipeline: &str, _options: ParseOptions) -> Result<Box<dyn Pass>, String> {
    Err(
        "cf-opt was built without the `mlir` feature (build weir-tools with `--features mlir`)"
            .to_string(),
    )
}
