//! The MLIR bridge (feature `mlir`) on every lit input that upstream mlir-opt 22 parses
//! (`cargo test -p weir-tools --features mlir --test mlir_bridge`):
//!
//! - `round_trip_is_the_identity`: Weir -> MLIR -> Weir prints the same text, in custom form
//!   and with locations (`--mlir-print-debuginfo`).
//! - `in_process_passes_match_mlir_opt`: upstream `canonicalize` and `convert-scf-to-cf` run
//!   in process give what `/usr/lib/llvm-22/bin/mlir-opt` (a subprocess) gives on the same
//!   input, compared after Weir re-reads and prints both.
//! - `weir_passes_agree_with_upstream`: Weir's `--canonicalize` and `--convert-scf-to-cf`
//!   against upstream's (the in-process oracle): both results re-read by Weir, no `scf` op left
//!   after either scf-to-cf, and every function with scalar integer arguments runs (Weir's JIT,
//!   with a loop budget) to the same values after either, and every `cf-run %s ARGS` call of
//!   the file's RUN lines prints the same after either. The known divergences
//!   ([`KNOWN_DIVERGENCES`], explained in docs/mlir-bridge.md) must still diverge: the test
//!   fails on a new divergence and on a stale entry.
//!
//! Skipped (counted in the output): harness self-tests (no cf-opt/cf-run RUN line), invalid
//! inputs (`RUN: not ...`, `--verify-diagnostics`, `expected-error`), and chunks that mlir-opt
//! or Weir rejects.
#![cfg(feature = "mlir")]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use weir_ir::{Context, OpId, Severity};
use weir_jit::{Scalar, ScalarType};
use weir_mlir::Bridge;
use weir_syntax::{parse_module, print_op, ParseOptions, PrintOptions, Syntax};

const MLIR_OPT: &str = "/usr/lib/llvm-22/bin/mlir-opt";

const CUSTOM: PrintOptions = PrintOptions {
    generic: false,
    debug_info: false,
    parallel_min_ops: None,
};

const DEBUG: PrintOptions = PrintOptions {
    generic: false,
    debug_info: true,
    parallel_min_ops: None,
};

/// (lit input `path#chunk`, upstream pass, what differs): the divergences of Weir's passes from
/// upstream's that docs/mlir-bridge.md explains. Each must still show.
const KNOWN_DIVERGENCES: &[(&str, &str, &str)] = &[
    (
        "lit-tests/canonicalize/math-atan2-zeros.mlir#0",
        "canonicalize",
        "@zeros_f32: upstream folds math.atan2 of signed zeros to NaN (C11 F.10.1.4: +-0, +-pi)",
    ),
    (
        "lit-tests/canonicalize/scf-mlir-comparison.mlir#0",
        "canonicalize",
        "@fault_a: upstream's WhileMoveIfDown rewires one of two forwarded values (50, Weir 3)",
    ),
    (
        "lit-tests/run/index-switch.mlir#0",
        "convert-scf-to-cf",
        "@wide(1): upstream's lowering truncates the index to i32 and takes case 2^32 + 1",
    ),
    (
        "lit-tests/canonicalize/arith-cast-chains.mlir#0",
        "canonicalize",
        "@index_round_trips(-70000, 4294967301): upstream folds index -> i32 -> index to the \
         index (4294967301; the truncation gives 5)",
    ),
    (
        "lit-tests/canonicalize/arith-cast-chains-2.mlir#0",
        "canonicalize",
        "@int_to_float(.., 1152921573326323713, ..): upstream folds sitofp to f64 + truncf to \
         f32 into one sitofp (one rounding instead of two)",
    ),
];

/// (lit input, why): inputs whose round trip cannot be the identity because upstream MLIR 22
/// prints text it cannot parse itself (docs/mlir-bridge.md). Each must still fail; Weir's
/// passes are not compared with upstream's on them.
const ROUND_TRIP_EXCEPTIONS: &[(&str, &str)] = &[
    (
        "lit-tests/builtin/affine-map-overflow.mlir#0",
        "MLIR prints `e + INT64_MIN` as `e - -9223372036854775808` (\"constant too large for index\")",
    ),
    (
        "lit-tests/builtin/unregistered-items.mlir#0",
        "MLIR prints `#foo<a<b> c <d>>` as `#foo.a<b> c <d>`, which no parser reads",
    ),
];

/// One chunk of a lit input that mlir-opt 22 and Weir both accept.
struct Input {
    /// `lit-tests/...mlir#N` (N: the chunk's index).
    name: String,
    text: String,
    first_line: u32,
    options: ParseOptions,
    /// The arguments (shell text) of the file's RUN lines that call `cf-run %s ARGS | ...`.
    cf_run_calls: Vec<String>,
}

fn lit_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let p = e.path();
        if p.is_dir() {
            lit_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "mlir") {
            out.push(p);
        }
    }
}

/// Whether mlir-opt 22 parses and verifies `text`.
fn mlir_opt_accepts(text: &str, options: ParseOptions) -> bool {
    mlir_opt(text, options, &[]).is_some()
}

/// mlir-opt 22 on `text` (stdin) with `args`; its output, or `None` when it fails.
fn mlir_opt(text: &str, options: ParseOptions, args: &[&str]) -> Option<String> {
    let mut cmd = Command::new(MLIR_OPT);
    if options.allow_unregistered {
        cmd.arg("--allow-unregistered-dialect");
    }
    cmd.args(args).arg("-");
    let out = with_stdin(
        cmd,
        text,
        "mlir-opt 22 runs (apt-get install mlir-22-tools)",
    );
    out.status
        .success()
        .then(|| String::from_utf8(out.stdout).unwrap())
}

/// Runs `cmd` with `text` on its standard input; its output (panics with `what` if it cannot
/// start).
fn with_stdin(mut cmd: Command, text: &str, what: &str) -> std::process::Output {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect(what);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Every chunk of every lit input that mlir-opt and Weir accept, and the skip counts printed.
fn inputs() -> Vec<Input> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    lit_files(&root.join("lit-tests"), &mut files);
    let (mut not_ir, mut invalid, mut mlir_rejects, mut weir_rejects) = (0, 0, 0, 0);
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let runs: Vec<&str> = text
            .lines()
            .filter_map(|l| l.split_once("RUN:").map(|(_, r)| r.trim()))
            .collect();
        if !runs
            .iter()
            .any(|r| r.contains("cf-opt") || r.contains("cf-run"))
        {
            not_ir += 1;
            continue;
        }
        if runs
            .iter()
            .any(|r| r.starts_with("not ") || r.contains("| not "))
            || text.contains("verify-diagnostics")
            || text.contains("expected-error")
        {
            invalid += 1;
            continue;
        }
        let options = ParseOptions {
            allow_unregistered: text.contains("allow-unregistered-dialect"),
        };
        let split = runs.iter().any(|r| r.contains("split-input-file"));
        let chunks = if split {
            weir_tools::split::split_input(&text, "// -----")
        } else {
            weir_tools::split::split_input(&text, "\u{0}never a line\u{0}")
        };
        let rel = f.strip_prefix(&root).unwrap().display().to_string();
        let cf_run_calls: Vec<String> = runs
            .iter()
            .filter_map(|r| r.strip_prefix("cf-run %s "))
            .map(|r| r.split('|').next().unwrap().trim().to_string())
            // Values only: not the printed code or redirected diagnostics.
            .filter(|r| !r.contains("--dump") && !r.contains('>'))
            .collect();
        for (i, c) in chunks.iter().enumerate() {
            if !mlir_opt_accepts(c.text, options) {
                mlir_rejects += 1;
                continue;
            }
            let (mut ctx, syntax) = weir_dialects::new_context();
            if parse_verified(&mut ctx, &syntax, c.text, c.first_line, &rel, options).is_none() {
                weir_rejects += 1;
                continue;
            }
            out.push(Input {
                name: format!("{rel}#{i}"),
                text: c.text.to_string(),
                first_line: c.first_line,
                options,
                cf_run_calls: cf_run_calls.clone(),
            });
        }
    }
    println!(
        "{} chunks checked; skipped: {not_ir} files without IR, {invalid} invalid-input files, \
         {mlir_rejects} chunks mlir-opt rejects, {weir_rejects} chunks Weir rejects",
        out.len()
    );
    out
}

fn parse_verified(
    ctx: &mut Context,
    syntax: &Syntax,
    text: &str,
    first_line: u32,
    file: &str,
    options: ParseOptions,
) -> Option<OpId> {
    let m = parse_module(ctx, syntax, text, file, first_line, options).ok()?;
    weir_ir::verify(ctx, m).ok().map(|()| m)
}

impl Input {
    /// A fresh context with this input parsed.
    fn parse(&self) -> (Context, Syntax, OpId) {
        let (mut ctx, syntax) = weir_dialects::new_context();
        let file = self.name.split('#').next().unwrap().to_string();
        let m = parse_verified(
            &mut ctx,
            &syntax,
            &self.text,
            self.first_line,
            &file,
            self.options,
        )
        .unwrap();
        (ctx, syntax, m)
    }

    fn bridge(&self) -> Bridge {
        let b = Bridge::new();
        b.set_allow_unregistered(self.options.allow_unregistered);
        b
    }
}

#[test]
fn round_trip_is_the_identity() {
    let inputs = inputs();
    let mut failures = Vec::new();
    for input in &inputs {
        let (mut ctx, syntax, m) = input.parse();
        let bridge = input.bridge();
        let mut diags = Vec::new();
        let back = bridge
            .to_mlir(&ctx, &syntax, m, &mut diags)
            .and_then(|module| {
                bridge.from_mlir(&module, &mut ctx, &syntax, input.options, &mut diags)
            });
        let exception = ROUND_TRIP_EXCEPTIONS.iter().find(|(n, _)| *n == input.name);
        let back = match (back, exception) {
            (Some(_), Some((n, _))) => {
                failures.push(format!("{n}: stale entry of ROUND_TRIP_EXCEPTIONS"));
                continue;
            }
            (None, Some(_)) => continue,
            (None, None) => {
                failures.push(format!("{}: {diags:?}", input.name));
                continue;
            }
            (Some(back), None) => back,
        };
        for options in [CUSTOM, DEBUG] {
            let (before, after) = (
                print_op(&ctx, &syntax, m, options),
                print_op(&ctx, &syntax, back, options),
            );
            if before != after {
                failures.push(format!(
                    "{}: the text changed\n--- before\n{before}--- after\n{after}",
                    input.name
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        inputs.len() > 80,
        "only {} lit chunks checked",
        inputs.len()
    );
}

/// The upstream passes compared.
const PIPELINES: &[&str] = &["canonicalize", "convert-scf-to-cf"];

/// Weir's print (with locations) of MLIR's generic `text`, or the error.
fn weir_reads(text: &str, options: ParseOptions) -> Result<String, String> {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let m = parse_module(&mut ctx, &syntax, text, "out", 1, options).map_err(|d| d.message)?;
    weir_ir::verify(&ctx, m).map_err(|d| d.message)?;
    Ok(print_op(&ctx, &syntax, m, DEBUG))
}

#[test]
fn in_process_passes_match_mlir_opt() {
    let mut failures = Vec::new();
    let mut compared = 0;
    for input in &inputs() {
        let (ctx, syntax, m) = input.parse();
        let generic = weir_mlir::weir_generic_text(&ctx, &syntax, m);
        for pass in PIPELINES {
            let pipeline = format!("builtin.module({pass})");
            let subprocess = mlir_opt(
                &generic,
                input.options,
                &[
                    &format!("--pass-pipeline={pipeline}"),
                    "--mlir-print-op-generic",
                    "--mlir-print-debuginfo",
                    "--mlir-print-local-scope",
                ],
            );
            let bridge = input.bridge();
            let mut diags = Vec::new();
            let mut module = bridge.parse(&generic, &mut diags).unwrap();
            let ok = bridge.run_pipeline(&mut module, &pipeline, &mut diags);
            let Some(theirs) = subprocess else {
                if ok {
                    failures.push(format!(
                        "{} {pass}: mlir-opt fails, in process not",
                        input.name
                    ));
                }
                continue;
            };
            if !ok {
                failures.push(format!(
                    "{} {pass}: fails in process: {diags:?}",
                    input.name
                ));
                continue;
            }
            let ours = bridge.print(&module).unwrap();
            compared += 1;
            // Block-argument locations name the parsed buffer: `-` in process, `<stdin>` in
            // mlir-opt; Weir keeps none, so its print is compared when it reads both.
            let same = match (
                weir_reads(&ours, input.options),
                weir_reads(&theirs, input.options),
            ) {
                (Ok(a), Ok(b)) => a == b,
                _ => ours.replace("loc(\"-\":", "loc(\"<stdin>\":").trim() == theirs.trim(),
            };
            if !same {
                failures.push(format!(
                    "{} {pass}: differs\n--- in process\n{ours}\n--- mlir-opt\n{theirs}",
                    input.name
                ));
            }
        }
    }
    println!("{compared} pass runs compared");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(compared > 100, "only {compared} pass runs compared");
}

/// Argument tuples each function with integer arguments is called with.
const ARG_VALUES: &[i128] = &[0, 1, 7, -3];

/// Runs every function of `text` whose arguments and results are scalars, with integer
/// arguments from [`ARG_VALUES`] (each tuple one value for all arguments), lowered as cf-run
/// lowers and JIT-compiled with a loop budget: (call, result or error, as text: a NaN equals
/// a NaN). `Err` when the module does not lower or compile.
#[allow(clippy::type_complexity)]
fn runs(
    text: &str,
    options: ParseOptions,
) -> Result<Vec<(String, Result<String, String>)>, String> {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let m = parse_module(&mut ctx, &syntax, text, "run", 1, options).map_err(|d| d.message)?;
    weir_ir::verify(&ctx, m).map_err(|d| d.message)?;
    weir_tools::run::lower(&mut ctx, m).map_err(|d| d.message)?;
    let jit_options = weir_jit::JitOptions {
        loop_fuel: true,
        ..Default::default()
    };
    let jit = weir_jit::compile_with(&ctx, m, &jit_options).map_err(|d| d.message)?;
    let mut out = Vec::new();
    let names: Vec<String> = jit.functions().map(str::to_string).collect();
    for f in names {
        let Some((params, _)) = jit.scalar_signature(&f) else {
            continue;
        };
        if !params
            .iter()
            .all(|t| matches!(t, ScalarType::Int(_) | ScalarType::Index))
        {
            continue;
        }
        let tuples = if params.is_empty() {
            &ARG_VALUES[..1]
        } else {
            ARG_VALUES
        };
        for &v in tuples {
            let args: Vec<Scalar> = params.iter().map(|&t| Scalar::from_i128(t, v)).collect();
            let r = jit
                .call_with_fuel(&f, &args, Some(1_000_000))
                .map(|v| format!("{v:?}"))
                .map_err(|e| e.message);
            out.push((format!("@{f}({v})"), r));
        }
    }
    Ok(out)
}

/// What differs between Weir's `pass` and upstream's on `input`, or `None`.
fn divergence(input: &Input, pass: &str) -> Option<String> {
    let (mut ctx, syntax, m) = input.parse();
    let original = print_op(&ctx, &syntax, m, CUSTOM);
    // Upstream's.
    let bridge = input.bridge();
    let mut diags = Vec::new();
    let theirs = bridge
        .to_mlir(&ctx, &syntax, m, &mut diags)
        .and_then(|mut module| {
            bridge
                .run_pipeline(&mut module, &format!("builtin.module({pass})"), &mut diags)
                .then(|| bridge.print(&module).unwrap())
        });
    let theirs = match theirs {
        Some(t) => t,
        None => return Some(format!("upstream fails: {diags:?}")),
    };
    let theirs = weir_reads(&theirs, input.options)
        .map_err(|e| format!("Weir cannot read upstream's output: {e}"));
    // Weir's.
    let registry = weir_tools::passes::registry();
    let p = registry.instantiate(pass, &Default::default()).unwrap();
    let mut diags = Vec::new();
    p.run(&mut ctx, m, &mut diags);
    if diags.iter().any(|d| d.severity == Severity::Error) {
        return Some(format!("Weir's {pass} fails: {diags:?}"));
    }
    let ours = print_op(&ctx, &syntax, m, DEBUG);
    let theirs = match theirs {
        Ok(t) => t,
        Err(e) => return Some(e),
    };
    if pass == "convert-scf-to-cf" {
        for (who, text) in [("Weir", &ours), ("upstream", &theirs)] {
            if text.contains("scf.") {
                return Some(format!("scf ops left by {who}'s convert-scf-to-cf"));
            }
        }
    }
    // The values the lit file's own cf-run calls pass (besides the small ones below).
    for call in &input.cf_run_calls {
        if cf_run(&original, call).is_err() {
            continue; // Not this chunk's function, or a call that fails by design.
        }
        let (a, t) = (cf_run(&ours, call), cf_run(&theirs, call));
        if a != t {
            return Some(format!("cf-run {call}: Weir {a:?}, upstream {t:?}"));
        }
    }
    let Ok(before) = runs(&original, input.options) else {
        return None; // Not runnable (tensors, unsupported ops): only the above is compared.
    };
    let ours = runs(&ours, input.options).map_err(|e| format!("Weir's output does not run: {e}"));
    let theirs =
        runs(&theirs, input.options).map_err(|e| format!("upstream's output does not run: {e}"));
    let (ours, theirs) = match (ours, theirs) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => return Some(e),
    };
    for (call, b) in &before {
        let find = |r: &[(String, Result<String, String>)]| {
            r.iter().find(|(c, _)| c == call).map(|(_, v)| v.clone())
        };
        let (a, t) = (find(&ours), find(&theirs));
        if b.is_ok() && a != t {
            return Some(format!("{call}: Weir {a:?}, upstream {t:?}"));
        }
    }
    None
}

/// `cf-run - ARGS` (ARGS: shell text from a RUN line) on `text`: its output, or its exit
/// status and error message.
fn cf_run(text: &str, args: &str) -> Result<String, String> {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("'{}' - {args}", env!("CARGO_BIN_EXE_cf-run")));
    let out = with_stdin(cmd, text, "sh runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    if out.status.success() {
        Ok(stdout)
    } else {
        Err(format!(
            "{}: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

#[test]
fn weir_passes_agree_with_upstream() {
    let mut unexpected = Vec::new();
    let mut seen = Vec::new();
    // Weir cannot read upstream's print of the round trip's exceptions, whatever the pass.
    let inputs: Vec<Input> = inputs()
        .into_iter()
        .filter(|i| ROUND_TRIP_EXCEPTIONS.iter().all(|(n, _)| *n != i.name))
        .collect();
    for input in &inputs {
        for pass in PIPELINES {
            let known = KNOWN_DIVERGENCES
                .iter()
                .find(|(n, p, _)| *n == input.name && p == pass);
            match (divergence(input, pass), known) {
                (Some(d), None) => unexpected.push(format!("{} {pass}: {d}", input.name)),
                (Some(_), Some(k)) => seen.push(*k),
                (None, _) => {}
            }
        }
    }
    let stale: Vec<_> = KNOWN_DIVERGENCES
        .iter()
        .filter(|k| !seen.contains(k))
        .collect();
    assert!(
        unexpected.is_empty() && stale.is_empty(),
        "new divergences (explain them in docs/mlir-bridge.md and KNOWN_DIVERGENCES):\n{}\n\
         stale entries of KNOWN_DIVERGENCES:\n{stale:?}",
        unexpected.join("\n")
    );
}
