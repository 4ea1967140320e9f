//! cf-run: the JIT runner (DESIGN.md "Tool contracts"). Parses a file, verifies it, lowers it
//! with the default pipeline (`convert-weir-to-scf`, `convert-scf-to-cf`), JIT-compiles it with
//! Cranelift, calls the entry function with the `--arg` values (MLIR typed attributes such as
//! `'10 : i64'`) and prints one line per result. Every failure (bad flags, bad input, a
//! runtime fault) is a message on stderr and exit status 1.
//!
//! Tensor arguments and results (`dense<...>` attributes, `.npy` files, `--print-limit`,
//! `--output-dir`) are [`crate::tensor_io`]'s.
//!
//! `--max-loop-trips N` stops a program whose loops run too long (a runtime error at the loop,
//! exit status 1; off by default, so the compiled loops carry no counter), `--mlir-timing`
//! prints the time of each phase in mlir-opt's `--mlir-timing` report, and `--dump-jit-code`
//! prints the Cranelift IR and the disassembly of the machine code to stderr (with
//! `--backend=llvm`, the optimized LLVM IR). `--backend=llvm` compiles with LLVM at `-O0` ..
//! `-O3` ([`crate::llvm`]): the same results, fault messages and exit statuses.

use crate::llvm::Backend;
use crate::opt::{normalize_args, print_timing, read_input};
use crate::passes::registry;
use crate::tensor_io;
use clap::{Arg, ArgAction, Command};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use weir_dialect_scf::ForOp;
use weir_ir::{AttrKind, Context, Diagnostic, InsertPoint, Location, OpId, Type, TypeKind};
use weir_jit::{JitValue, Scalar, ScalarType};
use weir_pass::{build_steps, run_pipeline, Instrumentation, PipelineElement};
use weir_syntax::{
    parse_attribute_text, parse_module, type_to_string, ParseOptions, SourceMap, Syntax,
};

/// The passes cf-run applies before JIT compilation, in order, with their options: first the
/// f16/bf16 math and arithmetic computed in f32 (the JIT has no 16-bit float arithmetic; it converts,
/// moves and stores them), then the structured control flow lowered to a CFG, small branches
/// with speculatable arms first turned into selects (`scf-if-conversion`).
pub const LOWERING_PIPELINE: &[(&str, &str)] = &[
    ("math-extend-to-supported-types", ""),
    (
        "arith-emulate-unsupported-floats",
        "source-types=bf16,f16 target-type=f32",
    ),
    ("convert-weir-to-scf", ""),
    ("scf-if-conversion", ""),
    ("convert-scf-to-cf", ""),
];

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
                .help("An argument, one per parameter in order: an MLIR typed attribute ('10 : i64', '2.5 : f32', 'dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>', 'dense<1.0> : tensor<5xf32>', a dense_resource of the module), an untyped one ('10', '2.5', 'dense<[1, 2]>': the parameter's type) or @FILE.npy (a NumPy array; a 0-d one for a scalar parameter)"),
        )
        .arg(
            Arg::new("print-limit")
                .long("print-limit")
                .value_name("N")
                .value_parser(clap::value_parser!(u64))
                .help(format!("Print a tensor result of more than N elements (not a splat) as a summary (type, count, first and last elements, min/max/mean of floats) instead of a dense<...> attribute; 0: no limit (default {})", tensor_io::DEFAULT_PRINT_LIMIT)),
        )
        .arg(
            Arg::new("output-dir")
                .long("output-dir")
                .value_name("DIR")
                .value_parser(clap::value_parser!(PathBuf))
                .help("Also write every result as DIR/result0.npy, DIR/result1.npy, ... (scalars as 0-d arrays; DIR is created)"),
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
            Arg::new("backend")
                .long("backend")
                .value_parser(["cranelift", "llvm"])
                .default_value("cranelift")
                .help("The code generator: the Cranelift JIT, or LLVM (a build with the `llvm` feature)"),
        )
        .arg(
            Arg::new("opt-level")
                .short('O')
                .value_parser(["0", "1", "2", "3"])
                .default_value("2")
                .help("Optimization level: LLVM's -O0 .. -O3 with --backend=llvm; -O0 also turns Cranelift's optimizer off"),
        )
        .arg(
            Arg::new("dump-jit-code")
                .long("dump-jit-code")
                .action(ArgAction::SetTrue)
                .help("Print the Cranelift IR and the disassembly of the compiled code to stderr"),
        )
}

/// How [`run`] runs a program (cf-run's flags).
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// The loop budget (`--max-loop-trips`): entries to loop headers allowed over the whole
    /// run; `None` (the default) compiles no counting at all.
    pub max_loop_trips: Option<u64>,
    /// Print the Cranelift IR and the disassembly to stderr (`--dump-jit-code`).
    pub dump_jit_code: bool,
    /// Tensor results of more elements than this are summarized (`--print-limit`, whose
    /// default is [`tensor_io::DEFAULT_PRINT_LIMIT`]); `None` prints every tensor in full.
    pub print_limit: Option<u64>,
    /// Where to write every result as `result<i>.npy` (`--output-dir`), if anywhere.
    pub output_dir: Option<PathBuf>,
    /// The code generator (`--backend`).
    pub backend: Backend,
    /// The optimization level (`-O0` .. `-O3`, default 2): LLVM's; 0 turns Cranelift's off.
    pub opt_level: u8,
}

impl Default for RunOptions {
    /// cf-run's defaults: no loop budget, no dumps, the default print limit, no output
    /// directory, Cranelift, `-O2`.
    fn default() -> Self {
        RunOptions {
            max_loop_trips: None,
            dump_jit_code: false,
            print_limit: Some(tensor_io::DEFAULT_PRINT_LIMIT),
            output_dir: None,
            backend: Backend::Cranelift,
            opt_level: 2,
        }
    }
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
        print_limit: m
            .get_one::<u64>("print-limit")
            .copied()
            .or(Some(tensor_io::DEFAULT_PRINT_LIMIT))
            .filter(|&n| n > 0),
        output_dir: m.get_one::<PathBuf>("output-dir").cloned(),
        backend: match m.get_one::<String>("backend").map(String::as_str) {
            Some("llvm") => Backend::Llvm,
            _ => Backend::Cranelift,
        },
        opt_level: m
            .get_one::<String>("opt-level")
            .and_then(|o| o.parse().ok())
            .unwrap_or(2),
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
    let Some((params, result_types)) = ctx
        .lookup_symbol(module, entry)
        .and_then(|f| weir_dialect_func::function_signature(&ctx, f))
    else {
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
    timings.extend(lower(&mut ctx, module)?);
    let called = match options.backend {
        Backend::Cranelift => call_cranelift(&ctx, module, (entry, &values), options, timings)?,
        Backend::Llvm => crate::llvm::call(
            &ctx,
            module,
            (entry, &values),
            options.opt_level,
            options.max_loop_trips,
            options.dump_jit_code,
            timings,
        )?,
    };
    let results = called
        .map_err(|e| Diagnostic::error(e.loc.clone(), format!("runtime error: {}", e.message)))?;
    if let Some(dir) = &options.output_dir {
        write_results(&mut ctx, dir, &result_types, &results)?;
    }
    results
        .iter()
        .zip(&result_types)
        .map(|(r, &ty)| match r {
            JitValue::Scalar(s) => Ok(s.to_string()),
            JitValue::Tensor(t) => tensor_io::format_tensor(&mut ctx, ty, t, options.print_limit)
                .map_err(|e| error(format!("cf-run: cannot print a result: {e}"))),
        })
        .collect()
}

/// Compiles the CFG-level `module` with the Cranelift JIT as `options` say and calls `entry`
/// with `args`; the compile and run times are appended to `timings`.
fn call_cranelift(
    ctx: &Context,
    module: OpId,
    (entry, args): (&str, &[JitValue]),
    options: &RunOptions,
    timings: &mut Vec<(String, Duration)>,
) -> Result<Result<Vec<JitValue>, weir_jit::RuntimeError>, Diagnostic> {
    let t = Instant::now();
    let jit_options = weir_jit::JitOptions {
        optimize: options.opt_level > 0,
        loop_fuel: options.max_loop_trips.is_some(),
        keep_clif: options.dump_jit_code,
        keep_disasm: options.dump_jit_code,
        ..Default::default()
    };
    let compiled = weir_jit::compile_with(ctx, module, &jit_options);
    timings.push(("JIT compile".to_string(), t.elapsed()));
    let jit = compiled?;
    if options.dump_jit_code {
        report!("{}{}", jit.clif(), jit.disasm());
    }
    let t = Instant::now();
    let called = jit.call_values(entry, args, options.max_loop_trips);
    timings.push(("Run".to_string(), t.elapsed()));
    Ok(called)
}

/// Writes `results` (of the declared `types`) as `dir/result<i>.npy`, creating `dir`.
fn write_results(
    ctx: &mut Context,
    dir: &std::path::Path,
    types: &[Type],
    results: &[JitValue],
) -> Result<(), Diagnostic> {
    std::fs::create_dir_all(dir).map_err(|e| {
        error(format!(
            "cf-run: --output-dir: cannot create '{}': {e}",
            dir.display()
        ))
    })?;
    for (i, (r, &ty)) in results.iter().zip(types).enumerate() {
        let path = dir.join(format!("result{i}.npy"));
        tensor_io::write_npy(ctx, &path, ty, r)
            .map_err(|e| error(format!("cf-run: --output-dir: result #{i}: {e}")))?;
    }
    Ok(())
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
        .map(|&(name, options)| PipelineElement::Pass {
            name: name.to_string(),
            options: options.to_string(),
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

/// The error for `--arg` number `index` (`text`, of type `got`) given to a parameter of type
/// `param`: `cf-run: --arg #0 '1 : i32' has type 'i32' but the parameter has type 'f32'`.
pub(crate) fn arg_mismatch(
    ctx: &Context,
    index: usize,
    text: &str,
    got: &str,
    param: Type,
) -> Diagnostic {
    error(format!(
        "cf-run: --arg #{index} '{text}' has type '{got}' but the parameter has type '{}'",
        type_to_string(ctx, param)
    ))
}

/// Converts `--arg` number `index` for a parameter of type `param`: `@FILE` reads a `.npy`
/// file, anything else is an MLIR typed attribute; a tensor parameter takes a tensor
/// ([`tensor_io`]), a scalar one a scalar attribute of its type or a 0-d `.npy` array.
fn parse_arg(
    ctx: &mut Context,
    syntax: &Syntax,
    index: usize,
    text: &str,
    param: Type,
) -> Result<JitValue, Diagnostic> {
    let tensor = matches!(ctx.type_kind(param), TypeKind::Tensor { .. });
    let scalar = ScalarType::from_type(ctx, param);
    if !tensor && scalar.is_none() {
        return Err(error(format!(
            "cf-run: --arg #{index}: the parameter has type '{}', which cf-run cannot pass",
            type_to_string(ctx, param)
        )));
    }
    if let Some(path) = text.strip_prefix('@') {
        let value = tensor_io::npy_arg(ctx, index, text, path, param)?;
        return match scalar {
            None => Ok(JitValue::Tensor(value)),
            // `npy_arg` checked that a scalar parameter got a 0-d array of a fitting dtype.
            Some(ty) => tensor_io::scalar_of(&value, ty)
                .map(JitValue::Scalar)
                .ok_or_else(|| {
                    error(format!(
                        "cf-run: --arg #{index} '{text}' holds no value of type '{ty}'"
                    ))
                }),
        };
    }
    let source = format!("--arg #{index}");
    // An attribute without a type (`10`, `2.5`, `dense<[1, 2]>`, what cf-run prints) takes the
    // parameter's (when that is a valid attribute type: not a tensor of dynamic shape).
    let typed = untyped(text)
        .filter(|_| !tensor || is_static_tensor(ctx, param))
        .map(|t| format!("{t} : {}", type_to_string(ctx, param)));
    let text = typed.as_deref().unwrap_or(text);
    let attr = crate::on_parser_stack(|| parse_attribute_text(ctx, syntax, text, &source))?;
    match scalar {
        Some(ty) => scalar_arg(ctx, index, text, attr, ty).map(JitValue::Scalar),
        None => tensor_io::attr_arg(ctx, index, text, attr, param).map(JitValue::Tensor),
    }
}

/// `text` if it is an attribute without a `: type` that takes one: a number or a `dense<...>`
/// (no colon anywhere: the elements of a dense attribute have none); not `true`/`false`,
/// which are `i1` already.
fn untyped(text: &str) -> Option<&str> {
    let t = text.trim();
    (!t.is_empty() && !t.contains(':') && t != "true" && t != "false").then_some(t)
}

fn is_static_tensor(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Tensor { shape: Some(shape), .. } if shape.iter().all(|d| d.is_some()))
}

/// Converts the attribute `attr` of `--arg` number `index` to a scalar of type `ty`.
fn scalar_arg(
    ctx: &mut Context,
    index: usize,
    text: &str,
    attr: weir_ir::Attr,
    ty: ScalarType,
) -> Result<Scalar, Diagnostic> {
    let expected = ty.to_type(ctx);
    let mismatch = |ctx: &Context, got: Type| {
        arg_mismatch(ctx, index, text, &type_to_string(ctx, got), expected)
    };
    match ctx.attr_kind(attr).clone() {
        AttrKind::Integer { value, ty: t } if t == expected => Ok(Scalar::from_i128(ty, value)),
        AttrKind::Bool(b) if ty == ScalarType::Int(1) => Ok(Scalar::bool(b)),
        AttrKind::Float { bits, ty: t } if t == expected => {
            Scalar::from_f64(ty, f64::from_bits(bits)).ok_or_else(|| mismatch(ctx, t))
        }
        AttrKind::Integer { ty: t, .. } | AttrKind::Float { ty: t, .. } => Err(mismatch(ctx, t)),
        AttrKind::Bool(_) => Err(arg_mismatch(ctx, index, text, "i1", expected)),
        _ => match tensor_io::elements_attr_type(ctx, attr) {
            Some(t) => Err(mismatch(ctx, t)),
            None => Err(error(format!(
                "cf-run: --arg #{index} '{text}' is not a typed integer or float attribute"
            ))),
        },
    }
}
