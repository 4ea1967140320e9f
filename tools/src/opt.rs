//! cf-opt: the pass driver, with mlir-opt's conventions (DESIGN.md "Tool contracts"):
//! read a file (or stdin), optionally split it at `// -----`, parse, verify, run the pass
//! pipeline (verifying after each pass), print. Diagnostics go to stderr as
//! `FILE:LINE:COL: error: ...` with the source line; any error makes the exit status 1.
//! `--emit=llvm-ir|object` writes, instead of MLIR, the module lowered as cf-run lowers it and
//! compiled by the LLVM backend ([`crate::llvm`]). `--mlir-pass-pipeline='builtin.module(...)'`
//! runs an upstream MLIR 22 pipeline in process at its place among the pass flags
//! ([`crate::mlir`]).

use crate::llvm::Emit;
use crate::passes::registry;
use crate::split::split_input;
use crate::verify_diagnostics;
use clap::{Arg, ArgAction, ArgMatches, Command};
use std::io::{Read, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};
use weir_dialect_builtin::ModuleOp;
use weir_ir::{Context, Diagnostic, OpId, Severity};
use weir_pass::{
    build_steps, parse_pipeline, run_pipeline, Instrumentation, PassRegistry, PipelineElement, Step,
};
use weir_syntax::{parse_module, print_op, print_op_to, ParseOptions, PrintOptions, SourceMap};

/// Turns mlir-opt's single-dash long options (`-split-input-file`) into clap's `--` form.
pub fn normalize_args(args: impl IntoIterator<Item = String>) -> Vec<String> {
    args.into_iter()
        .enumerate()
        .map(|(i, a)| {
            let single_dash_long = i > 0
                && a.len() > 2
                && a.starts_with('-')
                && a.as_bytes()[1].is_ascii_lowercase()
                && a.as_bytes()[2].is_ascii_lowercase();
            if single_dash_long && !a.starts_with("-o") && !a.starts_with("-e") {
                format!("-{a}")
            } else {
                a
            }
        })
        .collect()
}

fn command(reg: &PassRegistry) -> Command {
    let flag = |name: &'static str, help: &'static str| {
        Arg::new(name)
            .long(name)
            .help(help)
            .action(ArgAction::SetTrue)
    };
    let mut cmd = Command::new("cf-opt")
        .about("Weir's pass driver: parse, verify, transform and print MLIR text (mlir-opt conventions)")
        .arg(Arg::new("input").default_value("-").help("Input file, or - for standard input"))
        .arg(Arg::new("output").short('o').default_value("-").help("Output file, or - for standard output"))
        .arg(
            Arg::new("split-input-file")
                .long("split-input-file")
                .num_args(0..=1)
                .require_equals(true)
                .default_missing_value("// -----")
                .help("Split the input at lines '// -----' and process each chunk independently"),
        )
        .arg(flag("verify-diagnostics", "Check that emitted diagnostics match expected-* comments in the input"))
        .arg(flag("allow-unregistered-dialect", "Allow operations of unregistered dialects"))
        .arg(flag("mlir-print-op-generic", "Print every operation in generic form"))
        .arg(flag("mlir-print-debuginfo", "Print a location after every operation"))
        .arg(flag("mlir-print-ir-after-all", "Print the IR to stderr after every pass"))
        .arg(flag("mlir-timing", "Print the time spent in parsing, each pass and printing to stderr"))
        .arg(flag(
            "mlir-disable-threading",
            "Run on one thread: verify, transform and print the module's functions one after the other (the output is the same either way)",
        ))
        .arg(
            // Hidden: for tests, so that threading happens on small inputs.
            Arg::new("parallel-min-ops")
                .long("parallel-min-ops")
                .hide(true)
                .value_parser(clap::value_parser!(usize))
                .help("Use threads for passes and printing from this many ops in the context on (default 20000)"),
        )
        .arg(
            // Hidden: for tests, so that several threads run on a machine with one core too.
            Arg::new("threads")
                .long("threads")
                .hide(true)
                .value_parser(clap::value_parser!(u32).range(1..))
                .help("Threads to use unless --mlir-disable-threading (default: the machine's parallelism)"),
        )
        .arg(
            Arg::new("emit")
                .long("emit")
                .value_parser(["mlir", "llvm-ir", "object"])
                .default_value("mlir")
                .help("What to write: the MLIR text, or (after lowering as cf-run does) LLVM IR or an object file callable from C (docs/llvm-backend.md); a build with the `llvm` feature"),
        )
        .arg(
            Arg::new("opt-level")
                .short('O')
                .value_parser(["0", "1", "2", "3"])
                .default_value("2")
                .help("LLVM's optimization level for --emit=llvm-ir|object"),
        )
        .arg(
            Arg::new("pass-pipeline")
                .long("pass-pipeline")
                .help("A textual pass pipeline, e.g. 'builtin.module(convert-scf-to-cf)'"),
        )
        .arg(
            Arg::new(MLIR_PASS_PIPELINE)
                .long(MLIR_PASS_PIPELINE)
                .action(ArgAction::Append)
                .help("An upstream MLIR 22 pass pipeline, e.g. 'builtin.module(canonicalize,convert-scf-to-cf)', run in process at this flag's place among the pass flags (docs/mlir-bridge.md); a build with the `mlir` feature"),
        );
    for info in reg.all() {
        let mut help = info.summary.to_string();
        for o in info.options {
            help.push_str(&format!("\n  {}: {}", o.name, o.help));
        }
        cmd = cmd.arg(
            Arg::new(info.name)
                .long(info.name)
                .num_args(0..=1)
                .require_equals(true)
                .default_missing_value("")
                .action(ArgAction::Append)
                .help(help),
        );
    }
    cmd
}

/// The pass-manager steps requested by the flags: `--pass-pipeline`, or the pass flags and
/// `--mlir-pass-pipeline` flags in command-line order (each upstream pipeline one step, run in
/// process by [`crate::mlir`]). `parse` is how an upstream pipeline's result is read back.
fn requested_steps(
    m: &ArgMatches,
    reg: &PassRegistry,
    parse: ParseOptions,
) -> Result<Vec<Step>, String> {
    enum Flagged {
        Weir(PipelineElement),
        Upstream(String),
    }
    let mut flagged: Vec<(usize, Flagged)> = Vec::new();
    for info in reg.all() {
        if let (Some(idx), Some(vals)) = (m.indices_of(info.name), m.get_many::<String>(info.name))
        {
            for (i, v) in idx.zip(vals) {
                flagged.push((
                    i,
                    Flagged::Weir(PipelineElement::Pass {
                        name: info.name.to_string(),
                        options: v.clone(),
                    }),
                ));
            }
        }
    }
    if let (Some(idx), Some(vals)) = (
        m.indices_of(MLIR_PASS_PIPELINE),
        m.get_many::<String>(MLIR_PASS_PIPELINE),
    ) {
        for (i, v) in idx.zip(vals) {
            flagged.push((i, Flagged::Upstream(v.clone())));
        }
    }
    flagged.sort_by_key(|(i, _)| *i);
    match m.get_one::<String>("pass-pipeline") {
        None => flagged
            .into_iter()
            .map(|(_, f)| match f {
                Flagged::Weir(e) => {
                    build_steps(reg, std::slice::from_ref(&e)).map(|mut s| s.remove(0))
                }
                // An upstream pipeline runs on the whole module (it is not function-level).
                Flagged::Upstream(p) => {
                    crate::mlir::upstream_pipeline(&p, parse).map(|pass| Step::Pass {
                        pass,
                        function_level: false,
                    })
                }
            })
            .collect(),
        Some(_) if !flagged.is_empty() => {
            Err("'--pass-pipeline' cannot be used with individual pass flags".to_string())
        }
        Some(text) => {
            let elems = parse_pipeline(text).map_err(|e| format!("invalid pass pipeline: {e}"))?;
            match elems.as_slice() {
                [PipelineElement::Nest { anchor, elements }] if anchor == ModuleOp::NAME => {
                    build_steps(reg, elements)
                }
                [PipelineElement::Nest { anchor, .. }] => Err(format!(
                    "can't run '{anchor}' pass manager on 'builtin.module' op"
                )),
                _ => Err("the pass pipeline must be anchored on 'builtin.module(...)'".to_string()),
            }
        }
    }
}

/// The flag of an upstream pass pipeline run in process (feature `mlir`).
const MLIR_PASS_PIPELINE: &str = "mlir-pass-pipeline";

/// Runs cf-opt with `args` (including the program name); returns the exit status.
pub fn main(args: Vec<String>) -> i32 {
    let reg = registry();
    let m = match command(&reg).try_get_matches_from(normalize_args(args)) {
        Ok(m) => m,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 1 } else { 0 };
        }
    };
    let parse = ParseOptions {
        allow_unregistered: m.get_flag("allow-unregistered-dialect"),
    };
    let pipeline = match requested_steps(&m, &reg, parse) {
        Ok(steps) => steps,
        Err(e) => {
            reportln!("cf-opt: {e}");
            return 1;
        }
    };
    let input = m
        .get_one::<String>("input")
        .map(String::as_str)
        .unwrap_or("-");
    let (file, mut text) = match read_input(input, "cf-opt") {
        Ok(t) => t,
        Err(e) => {
            report!("{e}");
            return 1;
        }
    };
    let threaded = !m.get_flag("mlir-disable-threading");
    let min_ops = m.get_one::<usize>("parallel-min-ops").copied();
    let opts = Options {
        verify_diagnostics: m.get_flag("verify-diagnostics"),
        parse,
        print: PrintOptions {
            generic: m.get_flag("mlir-print-op-generic"),
            debug_info: m.get_flag("mlir-print-debuginfo"),
            parallel_min_ops: threaded
                .then_some(min_ops.unwrap_or(weir_syntax::PARALLEL_PRINT_MIN_OPS)),
        },
        pass_parallel_min_ops: threaded
            .then_some(min_ops.unwrap_or(weir_pass::PARALLEL_PASS_MIN_OPS)),
        print_ir_after_all: m.get_flag("mlir-print-ir-after-all"),
        timing: m.get_flag("mlir-timing"),
        threads: if threaded {
            m.get_one::<u32>("threads").map_or_else(
                || std::thread::available_parallelism().map_or(1, |n| n.get()),
                |&n| n as usize,
            )
        } else {
            1
        },
        emit: match m.get_one::<String>("emit").map(String::as_str) {
            Some("llvm-ir") => Emit::LlvmIr,
            Some("object") => Emit::Object,
            _ => Emit::Mlir,
        },
        opt_level: m
            .get_one::<String>("opt-level")
            .and_then(|o| o.parse().ok())
            .unwrap_or(2),
    };
    let marker = m.get_one::<String>("split-input-file");
    // A named file processed whole is freed once parsed instead of held through the passes
    // and the printing (for 2·10^5 ops, 10 MB of the peak), and read again if diagnostics
    // need its lines (shown only if its length is unchanged). Split input, expected
    // diagnostics and standard input keep the text.
    let mut whole = (marker.is_none() && input != "-" && !opts.verify_diagnostics)
        .then(|| std::mem::take(&mut text));
    let whole_len = whole.as_ref().map(String::len);
    let mut sources = SourceMap::new();
    sources.add(&file, &text);
    let chunks = match marker {
        Some(mk) => split_input(&text, mk),
        None => split_input(&text, "\u{0}never a line\u{0}"),
    };
    let out_path = m
        .get_one::<String>("output")
        .map(String::as_str)
        .unwrap_or("-");
    let mut out = match open_output(out_path) {
        Ok(w) => w,
        Err(e) => {
            reportln!("cf-opt: {e}");
            return 1;
        }
    };
    let mut printed_chunks = 0;
    let mut failed = false;
    let mut timings: Vec<(String, Duration)> = Vec::new();
    let file_arc: Arc<str> = Arc::from(file.as_str());
    for chunk in &chunks {
        let mut output = Output {
            sink: &mut *out,
            separator: printed_chunks > 0,
        };
        let source = whole
            .take()
            .map_or(ChunkText::Borrowed(chunk.text), ChunkText::Owned);
        let r = process_chunk(
            &pipeline,
            &opts,
            &file,
            source,
            chunk.first_line,
            &mut timings,
            &mut output,
        );
        let diags = r.diagnostics;
        let reread = match whole_len {
            // Decoded as the first read was (invalid bytes in comments included).
            Some(len) if !diags.is_empty() => read_input(&file, "cf-opt")
                .ok()
                .map(|(_, t)| t)
                .filter(|t| t.len() == len),
            _ => None,
        };
        let mut sources = &sources;
        let mut again = SourceMap::new();
        if let Some(t) = &reread {
            again.add(&file, t);
            sources = &again;
        }
        if opts.verify_diagnostics {
            let failures =
                verify_diagnostics::verify(chunk.text, chunk.first_line, &file_arc, &diags);
            for f in &failures {
                report!("{}", sources.render(f));
            }
            failed |= !failures.is_empty();
        } else {
            for d in &diags {
                report!("{}", sources.render(d));
            }
            failed |= r.failed;
        }
        match r.printed {
            Ok(true) => printed_chunks += 1,
            Ok(false) => {}
            Err(e) => {
                reportln!("cf-opt: could not write output: {e}");
                return 1;
            }
        }
    }
    if opts.timing {
        print_timing(&timings);
    }
    if let Err(e) = out.flush() {
        reportln!("cf-opt: could not write output: {e}");
        return 1;
    }
    drop(out);
    if failed && out_path != "-" {
        // As mlir-opt (LLVM's ToolOutputFile): a failed run leaves no output file behind.
        let _ = std::fs::remove_file(out_path);
    }
    i32::from(failed)
}

/// Where a chunk's output goes, and whether it must be preceded by the chunk separator.
struct Output<'a> {
    sink: &'a mut dyn Write,
    separator: bool,
}

struct Options {
    verify_diagnostics: bool,
    parse: ParseOptions,
    print: PrintOptions,
    print_ir_after_all: bool,
    timing: bool,
    /// [`Instrumentation::parallel_min_ops`]: `None` with `--mlir-disable-threading`, else
    /// `--parallel-min-ops` or [`weir_pass::PARALLEL_PASS_MIN_OPS`].
    pass_parallel_min_ops: Option<usize>,
    /// Threads the verifier, the passes and the printer may use (1 with
    /// `--mlir-disable-threading`).
    threads: usize,
    /// What to write (`--emit`).
    emit: Emit,
    /// LLVM's optimization level for `--emit=llvm-ir|object` (`-O`).
    opt_level: u8,
}

/// The text of a chunk: borrowed from the input, or the whole input, freed once parsed.
enum ChunkText<'a> {
    Borrowed(&'a str),
    Owned(String),
}

impl ChunkText<'_> {
    fn as_str(&self) -> &str {
        match self {
            ChunkText::Borrowed(t) => t,
            ChunkText::Owned(t) => t,
        }
    }
}

struct ChunkResult {
    diagnostics: Vec<Diagnostic>,
    /// Whether the chunk's IR was printed (an error: writing it failed).
    printed: std::io::Result<bool>,
    failed: bool,
}

fn process_chunk(
    steps: &[Step],
    opts: &Options,
    file: &str,
    text: ChunkText<'_>,
    first_line: u32,
    timings: &mut Vec<(String, Duration)>,
    output: &mut Output<'_>,
) -> ChunkResult {
    let (mut ctx, syntax) = weir_dialects::new_context();
    ctx.set_threads(opts.threads);
    let mut diagnostics = Vec::new();
    let t = Instant::now();
    let parsed = crate::on_parser_stack(|| {
        parse_module(
            &mut ctx,
            &syntax,
            text.as_str(),
            file,
            first_line,
            opts.parse,
        )
    });
    drop(text);
    timings.push(("Parser".to_string(), t.elapsed()));
    let module = match parsed {
        Ok(m) => m,
        Err(d) => {
            return ChunkResult {
                diagnostics: vec![d],
                printed: Ok(false),
                failed: true,
            }
        }
    };
    // The tables grew by doubling while parsing; the passes and the printer mostly read.
    ctx.shrink_to_fit();
    let t = Instant::now();
    let verified = weir_ir::verify(&ctx, module);
    timings.push(("Verifier".to_string(), t.elapsed()));
    if let Err(d) = verified {
        return ChunkResult {
            diagnostics: vec![d],
            printed: Ok(false),
            failed: true,
        };
    }
    let mut dump = |ctx: &Context, pass: &str, op: OpId| {
        report!(
            "// -----// IR Dump After {pass} //----- //\n{}\n",
            print_op(ctx, &syntax, op, opts.print)
        );
    };
    let mut inst = Instrumentation {
        after_pass: None,
        timing: opts.timing,
        parallel_min_ops: opts.pass_parallel_min_ops,
    };
    if opts.print_ir_after_all {
        inst.after_pass = Some(&mut dump);
    }
    let report = run_pipeline(&mut ctx, module, steps, &mut inst);
    timings.extend(report.timings);
    diagnostics.extend(report.diagnostics);
    if report.failed {
        return ChunkResult {
            diagnostics,
            printed: Ok(false),
            failed: true,
        };
    }
    if opts.emit != Emit::Mlir {
        let code = crate::run::lower(&mut ctx, module).and_then(|lowering| {
            timings.extend(lowering);
            let t = Instant::now();
            let code = crate::llvm::emit(&ctx, module, opts.emit, opts.opt_level);
            timings.push(("LLVM code generation".to_string(), t.elapsed()));
            code
        });
        return match code {
            Ok(bytes) => ChunkResult {
                diagnostics,
                printed: output.sink.write_all(&bytes).map(|()| true),
                failed: false,
            },
            Err(d) => {
                diagnostics.push(d);
                ChunkResult {
                    diagnostics,
                    printed: Ok(false),
                    failed: true,
                }
            }
        };
    }
    let t = Instant::now();
    let printed = (|| {
        if output.separator {
            output.sink.write_all(b"// -----\n")?;
        }
        print_op_to(&ctx, &syntax, module, opts.print, output.sink)
    })();
    timings.push(("Output".to_string(), t.elapsed()));
    let failed = diagnostics.iter().any(|d| d.severity == Severity::Error);
    ChunkResult {
        diagnostics,
        printed: printed.map(|()| true),
        failed,
    }
}

/// Prints `timings` (phase name, wall time; repeated names summed, in first-seen order) to
/// stderr in the format of mlir-opt's `--mlir-timing` report: a header, the total, then one
/// `seconds (percent)  name` line per phase and the `Total` line. Shared by cf-opt and cf-run.
pub(crate) fn print_timing(timings: &[(String, Duration)]) {
    let mut merged: Vec<(String, Duration)> = Vec::new();
    for (n, d) in timings {
        match merged.iter_mut().find(|(m, _)| m == n) {
            Some((_, t)) => *t += *d,
            None => merged.push((n.clone(), *d)),
        }
    }
    let total: Duration = merged.iter().map(|(_, d)| *d).sum();
    let bar = "===-------------------------------------------------------------------------===";
    reportln!("{bar}\n                         ... Execution time report ...\n{bar}");
    reportln!(
        "  Total Execution Time: {:.4} seconds\n\n  ----Wall Time----  ----Name----",
        total.as_secs_f64()
    );
    for (n, d) in &merged {
        let pct = if total.is_zero() {
            0.0
        } else {
            100.0 * d.as_secs_f64() / total.as_secs_f64()
        };
        reportln!("    {:.4} ({pct:5.1}%)  {n}", d.as_secs_f64());
    }
    reportln!("    {:.4} (100.0%)  Total", total.as_secs_f64());
}

/// Reads `path` (or stdin for `-`); returns the name to use in locations and the text. On
/// failure, returns what `tool` prints on stderr: `tool: could not open ...`, or for bytes
/// that are not MLIR text (see [`weir_syntax::lexer::decode_source`]) mlir-opt's located error
/// `FILE:LINE:COL: error: ...` and the source line.
pub fn read_input(path: &str, tool: &str) -> Result<(String, String), String> {
    let (name, bytes) = if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("{tool}: could not read standard input: {e}\n"))?;
        ("<stdin>".to_string(), bytes)
    } else {
        let bytes = std::fs::read(path)
            .map_err(|e| format!("{tool}: could not open input file '{path}': {e}\n"))?;
        (path.to_string(), bytes)
    };
    // Valid UTF-8 (the usual case) becomes the text without a copy: a second buffer of the
    // input's size, freed right after, would also raise glibc's mmap threshold to that size,
    // which keeps later allocations of the IR's tables on the heap and their doubling resident.
    let bytes = match String::from_utf8(bytes) {
        Ok(text) => return Ok((name, text)),
        Err(e) => e.into_bytes(),
    };
    match weir_syntax::lexer::decode_source(&bytes) {
        Ok(text) => Ok((name, text)),
        Err(bad) => {
            let before = &bytes[..bad.offset];
            let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
            let col = bad.offset
                - before
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |i| i + 1);
            let loc =
                weir_ir::Location::file(&Arc::from(name.as_str()), line as u32, col as u32 + 1);
            let lossy = String::from_utf8_lossy(&bytes);
            let mut sources = SourceMap::new();
            sources.add(&name, &lossy);
            Err(sources.render(&Diagnostic::error(loc, bad.message)))
        }
    }
}

/// The output stream: standard output for `-`, else the file `path` (created, or truncated),
/// buffered.
fn open_output(path: &str) -> Result<Box<dyn Write>, String> {
    if path == "-" {
        return Ok(Box::new(std::io::BufWriter::new(std::io::stdout().lock())));
    }
    let file = std::fs::File::create(path)
        .map_err(|e| format!("could not write output file '{path}': {e}"))?;
    Ok(Box::new(std::io::BufWriter::new(file)))
}
