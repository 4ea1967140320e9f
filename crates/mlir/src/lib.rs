//! Weir's in-process bridge to upstream MLIR 22 (through melior, the safe wrapper of MLIR's C
//! API): a Weir module becomes an MLIR module and back without files or subprocesses, and
//! upstream pass pipelines (`builtin.module(canonicalize,convert-scf-to-cf)`) run on it
//! ([`Bridge`]; cf-opt's `--mlir-pass-pipeline`; docs/mlir-bridge.md).
//!
//! Everything is behind the crate's `mlir` feature (`weir-tools`' feature `mlir` turns it on):
//! without it the crate is empty and the build needs no MLIR installed.
//!
//! # The generic textual form is the contract
//! A module crosses the bridge as MLIR's *generic* textual form with debug info: Weir prints it
//! (`--mlir-print-op-generic --mlir-print-debuginfo`), MLIR's C API parses it; MLIR prints its
//! generic form with debug info in local scope (every type, attribute and location inline, no
//! aliases) and Weir's parser reads it. The alternative, building MLIR operations through the
//! C API's operation builder, would need a mapping of every op, attribute and type in two
//! places (Weir to MLIR and MLIR to Weir) that would have to follow both sides forever; the
//! generic form is already the contract both sides honour: Weir's printer is checked against
//! `mlir-opt` 22 (`scripts/check-mlir-compat`) and its parser reads `mlir-opt`'s generic output
//! (the oracle tests in `dialects/*/tests/oracle.rs`). Locations (`file:line:col`, names,
//! fused locations) travel as `loc(...)` after each op and each block argument, both ways.
//!
//! # Diagnostics
//! MLIR's diagnostics (parse errors, verifier errors, pass failures, and the warnings and
//! remarks of passes) are captured by a diagnostic handler on the bridge's context and come back
//! as Weir [`Diagnostic`]s with the location MLIR reported (and its notes), never a panic nor
//! text on stderr. A location in the text the bridge handed to MLIR (MLIR names that buffer
//! `-`) is renamed [`WEIR_BUFFER`]; one in the text MLIR printed back, [`MLIR_BUFFER`]; either
//! gets a note quoting the line.
#![cfg(feature = "mlir")]
#![warn(missing_docs)]

mod diagnostics;

use diagnostics::{from_mlir_diagnostic, quote_buffer_line};
use melior::dialect::DialectRegistry;
use melior::ir::operation::{OperationLike, OperationPrintingFlags};
use melior::ir::Module;
use melior::pass::PassManager;
use melior::utility::{parse_pass_pipeline, register_all_dialects, register_all_passes};
use std::cell::RefCell;
use std::rc::Rc;
use weir_ir::{Context, Diagnostic, Location, OpId, Severity};
use weir_syntax::{parse_module, print_op, ParseOptions, PrintOptions, Syntax};

pub use melior;

/// The name Weir diagnostics give the generic text the bridge handed to MLIR's parser.
pub const WEIR_BUFFER: &str = "<weir module handed to mlir>";

/// The name Weir diagnostics give the generic text MLIR printed for Weir's parser.
pub const MLIR_BUFFER: &str = "<mlir module handed to weir>";

/// One MLIR context with every upstream dialect registered (loaded on demand by the parser) and
/// every upstream pass registered (once per process), and a handler that collects its
/// diagnostics. MLIR's multithreading is off: passes run on the calling thread.
///
/// A bridge is not `Send` (MLIR contexts are not shared across threads here); make one per
/// thread.
pub struct Bridge {
    context: melior::Context,
    diagnostics: Rc<RefCell<Vec<Diagnostic>>>,
}

impl Default for Bridge {
    fn default() -> Self {
        Self::new()
    }
}

impl Bridge {
    /// A context with all upstream dialects and passes registered; unregistered ops are errors
    /// (as in `mlir-opt` without `--allow-unregistered-dialect`).
    pub fn new() -> Self {
        register_all_passes();
        let registry = DialectRegistry::new();
        register_all_dialects(&registry);
        let context = melior::Context::new_with_registry(&registry, false);
        let diagnostics = Rc::new(RefCell::new(Vec::new()));
        let sink = Rc::clone(&diagnostics);
        context.attach_diagnostic_handler(move |d| {
            sink.borrow_mut().push(from_mlir_diagnostic(&d));
            true
        });
        Bridge {
            context,
            diagnostics,
        }
    }

    /// Allows (or not) operations of dialects MLIR does not know, such as Weir's own `weir`
    /// dialect and tests' `test.*` ops (`--allow-unregistered-dialect`).
    pub fn set_allow_unregistered(&self, allow: bool) {
        self.context.set_allow_unregistered_dialects(allow);
    }

    /// The MLIR context (for callers that use melior directly).
    pub fn context(&self) -> &melior::Context {
        &self.context
    }

    /// Parses MLIR text (any form MLIR reads) into a module; `None` after pushing MLIR's errors
    /// to `diags` (located in [`WEIR_BUFFER`] when they point into `text`).
    pub fn parse(&self, text: &str, diags: &mut Vec<Diagnostic>) -> Option<Module<'_>> {
        let module = Module::parse(&self.context, text);
        let reported = self.drain(diags, Some(text));
        if module.is_none() && !reported {
            diags.push(Diagnostic::error(
                Location::Unknown,
                "MLIR could not parse the module",
            ));
        }
        module
    }

    /// Converts the Weir module `op` of `ctx` into an MLIR module: Weir's generic form with
    /// locations, parsed by MLIR (which verifies it). `None` after pushing MLIR's errors.
    pub fn to_mlir(
        &self,
        ctx: &Context,
        syntax: &Syntax,
        op: OpId,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Module<'_>> {
        self.parse(&weir_generic_text(ctx, syntax, op), diags)
    }

    /// Checks that the textual pass pipeline `pipeline` parses (every pass registered, its
    /// options valid, anchored on `builtin.module(...)`); the error is MLIR's message.
    pub fn check_pipeline(&self, pipeline: &str) -> Result<(), String> {
        let pm = PassManager::new(&self.context);
        parse_pass_pipeline(pm.as_operation_pass_manager(), pipeline)
            .map_err(|e| pipeline_error(&e))
    }

    /// Runs the upstream pass pipeline `pipeline` (textual, anchored on `builtin.module(...)`)
    /// on `module`, with the verifier after each pass. `false` after pushing MLIR's errors: a
    /// pipeline that does not parse (MLIR's message, at an unknown location), or a pass or the
    /// verifier that failed (at the location MLIR reported). Warnings and remarks of passes
    /// that succeeded are pushed too.
    pub fn run_pipeline(
        &self,
        module: &mut Module<'_>,
        pipeline: &str,
        diags: &mut Vec<Diagnostic>,
    ) -> bool {
        let pm = PassManager::new(&self.context);
        pm.enable_verifier(true);
        if let Err(e) = parse_pass_pipeline(pm.as_operation_pass_manager(), pipeline) {
            diags.push(Diagnostic::error(Location::Unknown, pipeline_error(&e)));
            return false;
        }
        let ok = pm.run(module).is_ok();
        let reported = self.drain(diags, None);
        if !ok && !reported {
            diags.push(Diagnostic::error(
                Location::Unknown,
                "the upstream pass pipeline failed",
            ));
        }
        ok
    }

    /// The generic text (with locations, in local scope: no aliases) of `module`, as Weir's
    /// parser reads it. The error: melior's check that the text is UTF-8 failed (MLIR's
    /// printer escapes every non-ASCII byte of strings, so it does not happen).
    pub fn print(&self, module: &Module<'_>) -> Result<String, Diagnostic> {
        let flags = OperationPrintingFlags::new()
            .enable_debug_info(true, false)
            .print_generic_operation_form()
            .use_local_scope();
        module
            .as_operation()
            .to_string_with_flags(flags)
            .map_err(|e| Diagnostic::error(Location::Unknown, format!("MLIR's print: {e}")))
    }

    /// Converts the MLIR `module` into a new Weir module in `ctx` (parsed with `options`, then
    /// verified by Weir). `None` after pushing Weir's error, located in [`MLIR_BUFFER`] when
    /// it is a parse error, with a note quoting the line.
    pub fn from_mlir(
        &self,
        module: &Module<'_>,
        ctx: &mut Context,
        syntax: &Syntax,
        options: ParseOptions,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<OpId> {
        let text = match self.print(module) {
            Ok(t) => t,
            Err(d) => {
                diags.push(d);
                return None;
            }
        };
        let parsed = parse_module(ctx, syntax, &text, MLIR_BUFFER, 1, options)
            .and_then(|op| weir_ir::verify(ctx, op).map(|()| op));
        match parsed {
            Ok(op) => Some(op),
            Err(d) => {
                diags.push(quote_buffer_line(d, MLIR_BUFFER, &text));
                None
            }
        }
    }

    /// Runs the upstream `pipeline` on the Weir module `op` in place: to MLIR, the pipeline,
    /// back to Weir (parsed with `options`), and the module's attributes, location and body
    /// replaced by the result's. `false` after pushing the errors of any step (`op` is then
    /// unchanged); warnings and remarks of a successful run are pushed too.
    pub fn run_on_weir(
        &self,
        ctx: &mut Context,
        syntax: &Syntax,
        op: OpId,
        pipeline: &str,
        options: ParseOptions,
        diags: &mut Vec<Diagnostic>,
    ) -> bool {
        let Some(mut module) = self.to_mlir(ctx, syntax, op, diags) else {
            return false;
        };
        // After the parse, which loads the dialects the module uses.
        if let Some(bad) = self.inline_crash_site(ctx, op, pipeline) {
            diags.push(Diagnostic::error(
                ctx.loc(bad),
                format!(
                    "upstream MLIR 22's 'inline' pass crashes on a module holding an operation \
                     with regions that MLIR does not know ('{}'); lower it first (for \
                     'weir.loop': --convert-weir-to-scf)",
                    ctx.name_str(bad)
                ),
            ));
            return false;
        }
        if !self.run_pipeline(&mut module, pipeline, diags) {
            return false;
        }
        let Some(new) = self.from_mlir(&module, ctx, syntax, options, diags) else {
            return false;
        };
        replace_module(ctx, op, new);
        true
    }

    /// When `pipeline` runs MLIR's `inline` pass: the first op nested in `op` that has regions
    /// and is not an operation registered in MLIR (`weir.loop`, unregistered ops; asked after
    /// the module was parsed in MLIR, which loads its dialects). MLIR 22's
    /// inliner crashes (a segmentation fault, mlir-opt's too) on such a module, which would
    /// take the whole process down with no message (docs/mlir-bridge.md).
    fn inline_crash_site(&self, ctx: &Context, op: OpId, pipeline: &str) -> Option<OpId> {
        let runs_inline = pipeline
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.'))
            .any(|pass| pass == "inline");
        if !runs_inline {
            return None;
        }
        ctx.nested_ops(op).into_iter().find(|&o| {
            !ctx.regions(o).is_empty() && !self.context.is_registered_operation(ctx.name_str(o))
        })
    }

    /// Moves the collected diagnostics to `diags`, naming the parsed buffer and quoting its
    /// line when `text` is given; whether one of them is an error.
    fn drain(&self, diags: &mut Vec<Diagnostic>, text: Option<&str>) -> bool {
        let collected = std::mem::take(&mut *self.diagnostics.borrow_mut());
        let had_error = collected.iter().any(|d| d.severity == Severity::Error);
        diags.extend(collected.into_iter().map(|d| match text {
            Some(t) => quote_buffer_line(d, WEIR_BUFFER, t),
            None => d,
        }));
        had_error
    }
}

/// Weir's generic form of `op` with a location after every op: what the bridge hands to MLIR.
pub fn weir_generic_text(ctx: &Context, syntax: &Syntax, op: OpId) -> String {
    let options = PrintOptions {
        generic: true,
        debug_info: true,
        parallel_min_ops: None,
    };
    print_op(ctx, syntax, op, options)
}

/// MLIR's message for a pass pipeline it could not parse, without melior's prefix.
fn pipeline_error(e: &melior::Error) -> String {
    match e {
        melior::Error::ParsePassPipeline(m) => m.trim_end().to_string(),
        other => other.to_string(),
    }
}

/// Gives the module `old` the attributes, location and body of the module `new` (both
/// top-level ops of `ctx`), then erases `new`.
fn replace_module(ctx: &mut Context, old: OpId, new: OpId) {
    for a in ctx.attrs(old).to_vec() {
        let name = ctx.attr_name_str(a.name).to_string();
        ctx.remove_attr(old, &name);
    }
    for a in ctx.attrs(new).to_vec() {
        ctx.set_named_attr(old, a);
    }
    ctx.set_loc(old, ctx.loc(new));
    for (&from, &to) in ctx
        .regions(new)
        .to_vec()
        .iter()
        .zip(ctx.regions(old).to_vec().iter())
    {
        for b in ctx.region_blocks(to) {
            ctx.erase_block(b);
        }
        ctx.move_region_blocks(from, to);
    }
    ctx.erase_op(new);
}
