//! The pass manager (MLIR `PassManager`, `PassRegistry`, textual pass pipelines).
//!
//! - A [`Pass`] transforms the IR under one op. Its [`PassInfo`] (name, summary, options,
//!   constructor) is registered in a [`PassRegistry`] by the crate that owns the pass.
//! - A pipeline is written as in mlir-opt: `builtin.module(func.func(canonicalize),
//!   convert-scf-to-cf)`, options in braces `scf-unroll{factor=4 full=false}`. An op-anchored
//!   nest runs its passes on each op of that name directly inside the current op.
//! - After each pass the IR is verified (as mlir-opt does); instrumentation can print the IR
//!   after each pass and time each pass.
//!
//! Architecture invariant: this crate knows no dialect and no text syntax; printing for
//! `--mlir-print-ir-after-all` goes through a callback of the driver.

mod parallel;
mod pipeline;

pub use pipeline::{parse_pipeline, PipelineElement};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};
use weir_ir::{Context, Diagnostic, OpId, Severity};

/// Key/value options of one pass instance, as written in `name{k=v k2=v2}` or `--name="k=v"`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PassOptions {
    values: BTreeMap<String, String>,
}

impl PassOptions {
    /// Parses `k=v k2=v2` (space separated, as mlir-opt's option parser: a comma belongs to the
    /// value, so a list option reads `source-types=bf16,f16`; a bare `k` means `k=true`).
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut values = BTreeMap::new();
        for item in text.split_ascii_whitespace() {
            let (k, v) = item.split_once('=').unwrap_or((item, "true"));
            if k.is_empty() {
                return Err(format!("invalid pass option '{item}'"));
            }
            values.insert(k.to_string(), v.trim_matches('"').to_string());
        }
        Ok(PassOptions { values })
    }

    /// Checks that every given option is one of `known`; the error names the first unknown one
    /// in mlir-opt's wording.
    pub fn check_known(&self, pass: &str, known: &[PassOption]) -> Result<(), String> {
        match self
            .values
            .keys()
            .find(|k| !known.iter().any(|o| o.name == k.as_str()))
        {
            Some(k) => Err(format!("no such option {k} for pass '{pass}'")),
            None => Ok(()),
        }
    }

    /// A boolean option (`true`/`false`/`1`/`0`), or `default` when absent.
    pub fn get_bool(&self, name: &str, default: bool) -> Result<bool, String> {
        match self.values.get(name).map(String::as_str) {
            None => Ok(default),
            Some("true" | "1") => Ok(true),
            Some("false" | "0") => Ok(false),
            Some(v) => Err(format!("invalid value '{v}' for boolean option '{name}'")),
        }
    }

    /// An unsigned integer option, or `default` when absent.
    pub fn get_u64(&self, name: &str, default: u64) -> Result<u64, String> {
        match self.values.get(name) {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| format!("invalid value '{v}' for integer option '{name}'")),
        }
    }

    /// A list option (MLIR `ListOption`): the comma-separated items of its value, optionally
    /// in braces (`a,b` or `{a,b}`), empty when absent.
    pub fn get_list(&self, name: &str) -> Vec<&str> {
        let Some(v) = self.values.get(name) else {
            return Vec::new();
        };
        let v = v
            .strip_prefix('{')
            .and_then(|v| v.strip_suffix('}'))
            .unwrap_or(v);
        v.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect()
    }

    /// A string option, if given.
    pub fn get_str(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }
}

/// The description of one option of a pass, for `--help` and validation.
#[derive(Clone, Copy, Debug)]
pub struct PassOption {
    /// The key, e.g. `factor`.
    pub name: &'static str,
    /// One line of help, including the default.
    pub help: &'static str,
}

/// A transformation of the IR nested under one op. `Sync`: the pass manager runs one
/// instance on several functions at once (see [`PassInfo::function_level`]).
pub trait Pass: Sync {
    /// The pass's command-line name, e.g. `convert-scf-to-cf`.
    fn name(&self) -> &'static str;

    /// Runs on `op` (and what it contains). Diagnostics (remarks, warnings, errors) are pushed
    /// to `diags`; the pass fails when it pushes an error. `op` has passed the verifier (the
    /// tools verify after parsing, as mlir-opt does, and [`run_pipeline`] after each pass), so a
    /// pass may read ops through their dialects' views without checking their structure again.
    fn run(&self, ctx: &mut Context, op: OpId, diags: &mut Vec<Diagnostic>);
}

/// How to make a pass from its options.
pub type PassConstructor = fn(&PassOptions) -> Result<Box<dyn Pass>, String>;

/// A registered pass: name, summary, options and constructor.
#[derive(Clone, Copy)]
pub struct PassInfo {
    /// Command-line name (`--NAME` and inside pipelines).
    pub name: &'static str,
    /// One line for `--help`.
    pub summary: &'static str,
    /// The options the pass accepts.
    pub options: &'static [PassOption],
    /// Builds an instance.
    pub create: PassConstructor,
    /// Whether the pass is *function-level* (MLIR: it can be scheduled on any op isolated from
    /// above): run on an op, it reads and changes only that op's attributes and what is nested
    /// in it (it may read the symbols around it, e.g. a callee's signature, never change
    /// them), it does not depend on the ids of the IR, and running it on an op whose blocks
    /// hold only ops isolated from above is the same as running it on each of those ops in
    /// turn. The pass manager then runs it on each function of a module, on several threads
    /// (see [`run_pipeline`]).
    pub function_level: bool,
}
/// All passes a tool knows, by name.
#[derive(Default)]
pub struct PassRegistry {
    passes: Vec<PassInfo>,
}

impl PassRegistry {
    /// An empty registry.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a pass.
    pub fn register(&mut self, info: PassInfo) {
        self.passes.push(info);
    }

    /// The pass called `name`.
    pub fn get(&self, name: &str) -> Option<&PassInfo> {
        self.passes.iter().find(|p| p.name == name)
    }

    /// Every registered pass, in registration order.
    pub fn all(&self) -> &[PassInfo] {
        &self.passes
    }

    /// Makes an instance of pass `name` with `options`, checking the option names.
    pub fn instantiate(&self, name: &str, options: &PassOptions) -> Result<Box<dyn Pass>, String> {
        let info = self.get(name).ok_or_else(|| {
            format!("'{name}' does not refer to a registered pass or pass pipeline")
        })?;
        options.check_known(name, info.options)?;
        (info.create)(options)
    }
}

/// One step of a pass manager: a pass, or a nest anchored on an op name.
pub enum Step {
    /// Run the pass on the current op.
    Pass {
        /// The pass.
        pass: Box<dyn Pass>,
        /// Its [`PassInfo::function_level`].
        function_level: bool,
    },
    /// Run the nested steps on every op named `anchor` directly inside the current op's regions.
    Nest {
        /// The op name the nest runs on (`func.func`).
        anchor: String,
        /// What runs on each such op.
        steps: Vec<Step>,
    },
}

impl Step {
    /// The pass of a function-level pass step.
    fn function_pass(&self) -> Option<&dyn Pass> {
        match self {
            Step::Pass {
                pass,
                function_level: true,
            } => Some(pass.as_ref()),
            _ => None,
        }
    }
}

/// Instrumentation and threading settings (mlir-opt `--mlir-print-ir-after-all`,
/// `--mlir-timing`, `--mlir-disable-threading`).
#[derive(Default)]
pub struct Instrumentation<'a> {
    /// Called after each pass with the pass name and the op it ran on, e.g. to print the IR.
    /// When set, every pass runs where the pipeline puts it, on one thread (no per-function
    /// scheduling), so the dumps are those of the pipeline as written.
    pub after_pass: Option<&'a mut dyn FnMut(&Context, &str, OpId)>,
    /// Collect the wall time of each pass.
    pub timing: bool,
    /// Run function-level passes on up to [`Context::threads`] threads when the context holds
    /// at least this many ops (`None`: always on one thread). The output never depends on it.
    pub parallel_min_ops: Option<usize>,
}

/// The [`Instrumentation::parallel_min_ops`] the tools use: below it, forking contexts and
/// starting threads costs more than it saves.
pub const PARALLEL_PASS_MIN_OPS: usize = 20_000;

/// Result of running a pipeline: diagnostics in order, and per-pass times if requested.
#[derive(Default)]
pub struct RunReport {
    /// Every diagnostic the passes and the verifier produced.
    pub diagnostics: Vec<Diagnostic>,
    /// `(pass name, wall time)` in execution order (summed per nest entry; on several threads,
    /// the sum of the threads' times).
    pub timings: Vec<(String, Duration)>,
    /// Whether a pass or the verifier failed (an error was produced).
    pub failed: bool,
}

/// Runs `steps` on `root`. Stops at the first failing pass; the IR is verified after each pass.
///
/// Function-level passes ([`PassInfo::function_level`]) are scheduled per function, as MLIR's
/// pass manager does for a nest on ops isolated from above: a run of consecutive
/// function-level passes on an op whose blocks hold only (registered) ops isolated from above
/// runs as the nest `any(pass, pass, ...)` on each of those ops, and so does a nest
/// (`func.func(...)`) of function-level passes only. Each function goes through the whole run
/// of passes (each followed by the verifier on that function) before the next, so the result
/// and the order of the diagnostics are those of that sequential schedule, whatever the
/// number of threads: with [`Instrumentation::parallel_min_ops`] and more than one
/// [`Context::threads`], the functions are split between threads, each working in a forked
/// context ([`Context::fork`]), and merged back in order ([`Context::merge`]); see
/// `parallel.rs`.
pub fn run_pipeline(
    ctx: &mut Context,
    root: OpId,
    steps: &[Step],
    inst: &mut Instrumentation<'_>,
) -> RunReport {
    let mut report = RunReport::default();
    run_steps(ctx, root, steps, inst, &mut report);
    report
}

fn run_steps(
    ctx: &mut Context,
    op: OpId,
    steps: &[Step],
    inst: &mut Instrumentation<'_>,
    report: &mut RunReport,
) {
    let scheduled = inst.after_pass.is_none();
    let mut i = 0;
    while i < steps.len() && !report.failed {
        let group: Vec<&dyn Pass> = steps[i..]
            .iter()
            .map_while(|s| s.function_pass().filter(|_| scheduled))
            .collect();
        if !group.is_empty() {
            i += group.len();
            match parallel::isolated_children(ctx, op) {
                Some(functions) => parallel::run_on_each(ctx, op, &functions, &group, inst, report),
                None => {
                    for pass in group {
                        if !run_pass(ctx, op, pass, inst, report) {
                            return;
                        }
                    }
                }
            }
            continue;
        }
        match &steps[i] {
            Step::Pass { pass, .. } => {
                if !run_pass(ctx, op, pass.as_ref(), inst, report) {
                    return;
                }
            }
            Step::Nest { anchor, steps } => {
                let targets: Vec<OpId> = ctx
                    .regions(op)
                    .iter()
                    .flat_map(|&r| ctx.region_blocks(r))
                    .flat_map(|b| ctx.block_ops(b))
                    .filter(|&o| ctx.name_str(o) == anchor)
                    .collect();
                let passes: Option<Vec<&dyn Pass>> = steps
                    .iter()
                    .map(|s| s.function_pass().filter(|_| scheduled))
                    .collect();
                match passes {
                    Some(passes) if parallel::all_schedulable(ctx, &targets) => {
                        parallel::run_on_each(ctx, op, &targets, &passes, inst, report)
                    }
                    _ => {
                        for t in targets {
                            run_steps(ctx, t, steps, inst, report);
                        }
                    }
                }
            }
        }
        i += 1;
    }
}

/// Runs `pass` on `op`, then the instrumentation and the verifier on `op`; returns whether
/// both succeeded (else `report.failed` is set).
fn run_pass(
    ctx: &mut Context,
    op: OpId,
    pass: &dyn Pass,
    inst: &mut Instrumentation<'_>,
    report: &mut RunReport,
) -> bool {
    let start = Instant::now();
    let before = report.diagnostics.len();
    pass.run(ctx, op, &mut report.diagnostics);
    if inst.timing {
        report
            .timings
            .push((pass.name().to_string(), start.elapsed()));
    }
    if report.diagnostics[before..]
        .iter()
        .any(|d| d.severity == Severity::Error)
    {
        report.failed = true;
        return false;
    }
    if let Some(f) = inst.after_pass.as_mut() {
        f(ctx, pass.name(), op);
    }
    if let Err(d) = weir_ir::verify(ctx, op) {
        report.diagnostics.push(d);
        report.failed = true;
        return false;
    }
    true
}

/// Builds pass-manager steps for `root_name` from parsed pipeline elements, instantiating each
/// pass from the registry. A top-level anchor must match the root op's name.
pub fn build_steps(
    registry: &PassRegistry,
    elements: &[PipelineElement],
) -> Result<Vec<Step>, String> {
    elements
        .iter()
        .map(|e| match e {
            PipelineElement::Pass { name, options } => {
                let opts = PassOptions::parse(options)?;
                let pass = registry.instantiate(name, &opts)?;
                let function_level = registry.get(name).is_some_and(|i| i.function_level);
                Ok(Step::Pass {
                    pass,
                    function_level,
                })
            }
            PipelineElement::Nest { anchor, elements } => Ok(Step::Nest {
                anchor: anchor.clone(),
                steps: build_steps(registry, elements)?,
            }),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::PassOptions;

    /// Options are separated by spaces only, as mlir-opt's parser does, so a comma belongs to
    /// the value and a list option reads `a,b` or `{a,b}`.
    #[test]
    fn options_split_on_spaces_and_lists_on_commas() {
        let o = PassOptions::parse("source-types=bf16,f16  target-type=f32 full").unwrap();
        assert_eq!(o.get_list("source-types"), ["bf16", "f16"]);
        assert_eq!(o.get_str("target-type"), Some("f32"));
        assert_eq!(o.get_bool("full", false), Ok(true));
        assert!(o.get_list("absent").is_empty());
        let o = PassOptions::parse("source-types={bf16,f16}").unwrap();
        assert_eq!(o.get_list("source-types"), ["bf16", "f16"]);
        // mlir-opt reads `max-iterations=3,test-convergence` as one value of max-iterations.
        let o = PassOptions::parse("max-iterations=3,test-convergence").unwrap();
        assert!(o.get_u64("max-iterations", 10).is_err());
    }
}
