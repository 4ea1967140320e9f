//! cf-run: the JIT runner (DESIGN.md "Tool contracts"). Parses a file, verifies it, lowers it
//! with the default pipeline (`convert-weir-to-scf`, `convert-scf-to-cf`), JIT-compiles it with
//! Cranelift, calls the entry function with the `--arg` values (MLIR typed attributes such as
//! `'10 : i64'`) and prints one line per result. Every failure (bad flags, bad input, a
//! runtime fault) is a message on stderr and exit status 1.
//!
//! `--max-loop-trips N` stops a program whose loops run too long (a runtime error at the loop,
//! exit status 1; off by default, so the compiled loops carry no counter), `--mlir-timing`
//! prints the time of each phase in mlir-opt's `--mlir-timing` report, and `--dump-jit-code`
//! prints the Cranelift IR and the disassembly of the machine code to stderr.

use crate::opt::{normalize_args, print_timing, read_input};
use crate::passes::registry;
use clap::{Arg, ArgAction, Command};
use std::time::{Duration, Instant};
use weir_dialect_scf::ForOp;
use weir_ir::{AttrKind, Context, Diagnostic, InsertPoint, Location, OpId};
use weir_jit::{Scalar, ScalarType};
use weir_pass::{build_steps, run_pipeline, Instrumentation, PipelineElement};
use weir_syntax::{
    parse_attribute_text, parse_module, type_to_string, ParseOptions, SourceMap, Syntax,
};

/// The passes cf-run applies before JIT compilation, in order.
pub const LOWERING_PIPELINE: &[&str] = &["convert-weir-to-scf", "convert-scf-to-cf"];

fn command() -> Command {
    Command::new("cf-run")
        .about("Weir's JIT runner: lower structured control flow, compile with Cranelift, run a function")
        .arg(Arg::new("input").required(true).help("Input .mlir file, or - for standard input"))
        .arg(Arg::new("entry").short('e').long("entry").default_value("main").help("The function to run"))
        .arg(
            Arg::new("arg")
                .long("arg")
                .action(ArgAction::Append)
                .allow_hyphen_values(true)
                .help("An argument as an MLIR typed attribute, e.g. '10 : i64' or '2.5 : f32' (repeat per argument)"),
        )
        .arg(
            Arg::new("max-loop-trips")
                .long("max-loop-trips")
                .value_parser(clap::value_parser!(u64))
                .help("Stop with a runtime error at the N+1-th entry to a loop header (counted over the whole run; off by default)"),
        )
        .arg(
            Arg::new("mlir-timing")
                .long("mlir-timing")
                .action(ArgAction::SetTrue)
                .help("Print the time spent parsing, verifying, in each lowering pass, compiling and running to stderr"),
        )
        .arg(
            Arg::new("dump-jit-code")
                .long("dump-jit-code")
                .action(ArgAction::SetTrue)
                .help("Print the Cranelift IR and the disassembly of the compiled code to stderr"),
        )
}

/// How [`run`] runs a program (cf-run's flags).
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// The loop budget (`--max-loop-trips`): entries to loop headers allowed over the whole
    /// run; `None` (the default) compiles no counting at all.
    pub max_loop_trips: Option<u64>,
    /// Print the Cranelift IR and the disassembly to stderr (`--dump-jit-code`).
    pub dump_jit_code: bool,
}

/// Runs cf-run with `args` (including the program name); returns the exit status.
pub fn main(args: Vec<String>) -> i32 {
    let m = match command().try_get_matches_from(normalize_args(args)) {
        Ok(m) => m,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 1 } else { 0 };
        }
    };
    let input = m
        .get_one::<String>("input")
        .map(String::as_str)
        .unwrap_or("-");
    let entry = m
        .get_one::<String>("entry")
        .map(String::as_str)
        .unwrap_or("main");
    let args: Vec<String> = m
        .get_many::<String>("arg")
        .map(|v| v.cloned().collect())
        .unwrap_or_default();
    let (file, text) = match read_input(input, "cf-run") {
        Ok(t) => t,
        Err(e) => {
            report!("{e}");
            return 1;
        }
    };
    let options = RunOptions {
        max_loop_trips: m.get_one::<u64>("max-loop-trips").copied(),
        dump_jit_code: m.get_flag("dump-jit-code"),
    };
    let mut sources = SourceMap::new();
    sources.add(&file, &text);
    let mut timings = Vec::new();
    let outcome = run(&file, &text, entry, &args, &options, &mut timings);
    if m.get_flag("mlir-timing") {
        print_timing(&timings);
    }
    match outcome {
        Ok(lines) => {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            match lines
                .iter()
                .try_for_each(|l| writeln!(out, "{l}"))
                .and_then(|_| out.flush())
            {
                Ok(()) => 0,
                Err(e) => {
                    reportln!("cf-run: could not write the results: {e}");
                    1
                }
            }
        }
        Err(d) => {
            report!("{}", sources.render(&d));
            1
        }
    }
}

/// Parses, lowers, compiles and runs `entry` of the module in `text` with `args` as `options`
/// say; returns the printed results, one string per result. The wall time of each phase
/// (`Parser`, `Verifier`, the lowering steps, `JIT compile`, `Run`) is appended to `timings`
/// as far as the run got.
pub fn run(
    file: &str,
    text: &str,
    entry: &str,
    args: &[String],
    options: &RunOptions,
    timings: &mut Vec<(String, Duration)>,
) -> Result<Vec<String>, Diagnostic> {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let t = Instant::now();
    let parsed = crate::on_parser_stack(|| {
        parse_module(&mut ctx, &syntax, text, file, 1, ParseOptions::default())
    });
    timings.push(("Parser".to_string(), t.elapsed()));
    let module = parsed?;
    let t = Instant::now();
    let verified = weir_ir::verify(&ctx, module);
    timings.push(("Verifier".to_string(), t.elapsed()));
    verified?;
    timings.extend(lower(&mut ctx, module)?);
    let t = Instant::now();
    let jit_options = weir_jit::JitOptions {
        loop_fuel: options.max_loop_trips.is_some(),
        keep_clif: options.dump_jit_code,
        keep_disasm: options.dump_jit_code,
        ..Default::default()
    };
    let compiled = weir_jit::compile_with(&ctx, module, &jit_options);
    timings.push(("JIT compile".to_string(), t.elapsed()));
    let jit = compiled?;
    if options.dump_jit_code {
        report!("{}{}", jit.clif(), jit.disasm());
    }
    let Some((params, _)) = jit.scalar_signature(entry) else {
        return Err(error(format!(
            "cf-run: no function '@{entry}' in the module (use -e to pick one)"
        )));
    };
    if params.len() != args.len() {
        return Err(error(format!(
            "cf-run: '@{entry}' takes {} argument{} but {} {} given with --arg",
            params.len(),
            if params.len() == 1 { "" } else { "s" },
            args.len(),
            if args.len() == 1 { "was" } else { "were" }
        )));
    }
    let values = args
        .iter()
        .zip(&params)
        .enumerate()
        .map(|(i, (a, &ty))| parse_arg(&mut ctx, &syntax, i, a, ty))
        .collect::<Result<Vec<_>, _>>()?;
    let t = Instant::now();
    let called = jit.call_with_fuel(entry, &values, options.max_loop_trips);
    timings.push(("Run".to_string(), t.elapsed()));
    let results = called
        .map_err(|e| Diagnostic::error(e.loc.clone(), format!("runtime error: {}", e.message)))?;
    Ok(results.iter().map(|r| r.to_string()).collect())
}

fn error(msg: String) -> Diagnostic {
    Diagnostic::error(Location::Unknown, msg)
}

/// The message of the runtime check [`guard_for_steps`] adds.
pub const STEP_CHECK_MESSAGE: &str =
    "scf.for entered with a step that is not positive (undefined behaviour)";

/// Adds a runtime check in front of every `scf.for` under `module`: when the loop is entered
/// (`lb < ub`, `ult` for `unsigned`) its step must be positive (`> 0`, `!= 0` for `unsigned`),
/// else `cf.assert` stops the program with [`STEP_CHECK_MESSAGE`] at the loop's location. MLIR
/// makes such a loop undefined behaviour (a zero step would loop forever, a negative one until
/// the induction variable wraps around), so the JIT reports it instead of hanging. Five ops per
/// loop: `ok = (lb >= ub) || (step > 0)`, then `cf.assert ok`. `module` has been verified.
pub fn guard_for_steps(ctx: &mut Context, module: OpId) {
    use weir_dialect_arith::{
        build_cmpi, build_int_binary, build_int_constant, CmpIPredicate as P, IntBinaryOp,
    };
    let loops: Vec<ForOp> = ctx
        .nested_ops(module)
        .into_iter()
        .filter_map(|o| ForOp::of(ctx, o))
        .collect();
    for for_op in loops {
        let op = for_op.op();
        let (lb, ub, step) = (
            for_op.lower_bound(ctx),
            for_op.upper_bound(ctx),
            for_op.step(ctx),
        );
        let unsigned = for_op.is_unsigned(ctx);
        let (skip, positive) = if unsigned {
            (P::Uge, P::Ne)
        } else {
            (P::Sge, P::Sgt)
        };
        let (at, loc) = (InsertPoint::Before(op), ctx.loc(op));
        let ty = ctx.value_type(step);
        let zero = build_int_constant(ctx, at, 0, ty, loc.clone());
        let no_trip = build_cmpi(ctx, at, skip, lb, ub, loc.clone());
        let good_step = build_cmpi(ctx, at, positive, step, zero, loc.clone());
        let ok = build_int_binary(ctx, at, IntBinaryOp::Or, no_trip, good_step, loc.clone());
        weir_dialect_cf::build_assert(ctx, at, ok, STEP_CHECK_MESSAGE, loc);
    }
}

/// Runs the lowering pipeline of [`LOWERING_PIPELINE`] on `module`, verifying after each pass,
/// after [`guard_for_steps`]. `module` has been verified. Returns the wall time of each step
/// (`scf.for step checks`, then each pass by name, without the verification after it).
pub fn lower(ctx: &mut Context, module: OpId) -> Result<Vec<(String, Duration)>, Diagnostic> {
    let t = Instant::now();
    guard_for_steps(ctx, module);
    let mut timings = vec![("scf.for step checks".to_string(), t.elapsed())];
    let elements: Vec<PipelineElement> = LOWERING_PIPELINE
        .iter()
        .map(|n| PipelineElement::Pass {
            name: n.to_string(),
            options: String::new(),
        })
        .collect();
    let steps = build_steps(&registry(), &elements).map_err(error)?;
    let mut inst = Instrumentation {
        timing: true,
        ..Default::default()
    };
    let report = run_pipeline(ctx, module, &steps, &mut inst);
    match report
        .diagnostics
        .into_iter()
        .find(|d| d.severity == weir_ir::Severity::Error)
    {
        Some(d) => Err(d),
        None => {
            timings.extend(report.timings);
            Ok(timings)
        }
    }
}

/// Converts `--arg` number `index` (an MLIR typed attribute) to a scalar of type `ty`.
fn parse_arg(
    ctx: &mut Context,
    syntax: &Syntax,
    index: usize,
    text: &str,
    ty: ScalarType,
) -> Result<Scalar, Diagnostic> {
    let source = format!("--arg #{index}");
    let attr = crate::on_parser_stack(|| parse_attribute_text(ctx, syntax, text, &source))?;
    let expected = ty.to_type(ctx);
    let mismatch = |ctx: &Context, got: String| {
        error(format!(
            "cf-run: --arg #{index} '{text}' has type '{got}' but the parameter has type '{}'",
            type_to_string(ctx, expected)
        ))
    };
    match ctx.attr_kind(attr).clone() {
        AttrKind::Integer { value, ty: t } if t == expected => Ok(Scalar::from_i128(ty, value)),
        AttrKind::Bool(b) if ty == ScalarType::Int(1) => Ok(Scalar::bool(b)),
        AttrKind::Float { bits, ty: t } if t == expected => {
            Scalar::from_f64(ty, f64::from_bits(bits)).ok_or_else(|| mismatch(ctx, type_to_string(ctx, t)))
        }
        AttrKind::Integer { ty: t, .. } | AttrKind::Float { ty: t, .. } => Err(mismatch(ctx, type_to_string(ctx, t))),
        AttrKind::Bool(_) => Err(mismatch(ctx, "i1".to_string())),
        AttrKind::Dense(_) => Err(error(format!(
            "cf-run: --arg #{index}: tensor arguments are not supported yet (the JIT runs scalar code only)"
        ))),
        _ => Err(error(format!("cf-run: --arg #{index} '{text}' is not a typed integer or float attribute"))),
    }
}
