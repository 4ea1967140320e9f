//! Parallel function passes (issue 9): cf-opt's output, diagnostics and exit status with
//! threads are byte-identical to `--mlir-disable-threading`'s, on every lit input and on
//! generated modules of many functions.
//!
//! Threading is forced on small inputs with cf-opt's hidden flags `--threads=3` (three threads
//! even on a one-core machine, so chunks are uneven) and `--parallel-min-ops=1` (threads from
//! the first op on, for the passes and the printer). The reference of each comparison is the
//! same cf-opt run on one thread, the schedule `weir_pass::run_pipeline` documents.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The pipelines compared on every input: the issue's list, an explicit nest, and the other
/// function-level passes.
const PIPELINES: &[&[&str]] = &[
    &["--canonicalize"],
    &["--canonicalize", "--convert-scf-to-cf"],
    &["--cse"],
    &["--scf-unroll=full=true"],
    &["--fold-constant-conditions=remarks=true"],
    &["--pass-pipeline=builtin.module(func.func(canonicalize,cse),convert-scf-to-cf)"],
    &[
        "--convert-weir-to-scf",
        "--infer-shapes",
        "--arith-emulate-unsupported-floats=source-types=bf16,f16 target-type=f32",
        "--math-extend-to-supported-types",
        "--convert-elementwise-to-linalg",
        "--linalg-fuse-elementwise-ops",
        "--scf-unroll=factor=2",
        "--canonicalize=remarks=true",
    ],
];

/// One cf-opt run: stdout, stderr, exit status.
type Run = (Vec<u8>, Vec<u8>, Option<i32>);

fn cf_opt(input: &Path, pipeline: &[&str], threaded: bool) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cf-opt"));
    cmd.arg(input)
        .args(["--split-input-file", "--allow-unregistered-dialect"])
        .args(pipeline);
    if threaded {
        cmd.args(["--threads=3", "--parallel-min-ops=1"]);
    } else {
        cmd.arg("--mlir-disable-threading");
    }
    let out = cmd.output().expect("cf-opt runs");
    (out.stdout, out.stderr, out.status.code())
}

/// Compares the two modes on `input` for every pipeline; returns the mismatches (one line
/// each) and how many sequential runs succeeded.
fn compare(input: &Path) -> (String, usize) {
    let mut mismatches = String::new();
    let mut succeeded = 0;
    for pipeline in PIPELINES {
        let sequential = cf_opt(input, pipeline, false);
        let threaded = cf_opt(input, pipeline, true);
        succeeded += usize::from(sequential.2 == Some(0));
        if sequential != threaded {
            let what = match () {
                _ if sequential.0 != threaded.0 => "output",
                _ if sequential.1 != threaded.1 => "diagnostics",
                _ => "exit status",
            };
            let _ = writeln!(
                mismatches,
                "{} {}: {what} differs",
                input.display(),
                pipeline.join(" ")
            );
        }
    }
    (mismatches, succeeded)
}

fn lit_inputs(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("lit-tests is readable")
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            lit_inputs(&p, out);
        } else if p.extension().is_some_and(|e| e == "mlir") {
            out.push(p);
        }
    }
}

#[test]
fn threaded_runs_match_sequential_runs_on_every_lit_input() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../lit-tests");
    let mut inputs = Vec::new();
    lit_inputs(&root, &mut inputs);
    assert!(inputs.len() > 100, "found {} lit inputs", inputs.len());
    let mut mismatches = String::new();
    let mut succeeded = 0;
    for input in &inputs {
        let (m, s) = compare(input);
        mismatches.push_str(&m);
        succeeded += s;
    }
    assert!(
        mismatches.is_empty(),
        "threaded != sequential:\n{mismatches}"
    );
    // Most inputs are valid and transform: the comparisons are not all of two failures.
    assert!(
        succeeded > inputs.len() * PIPELINES.len() / 2,
        "{succeeded} runs succeeded"
    );
}

/// A module of `n` functions (see [`function`]) and a private declaration they call.
fn module(n: usize, failing: Option<usize>) -> String {
    let mut s = String::new();
    for i in 0..n {
        function(&mut s, i, n, failing == Some(i));
    }
    s.push_str("func.func private @ext(i64) -> i64\n");
    s
}

/// Function `@f<i>`: folding and non-folding `scf.if`s, an `scf.for` of `i % 5` trips, an
/// `scf.index_switch` (on a constant index every third function), an `scf.while` of `i % 4`
/// trips, a duplicate expression for CSE, a call to the next function or to `@ext`; `failing`
/// adds an `scf.forall`, which `--convert-scf-to-cf` rejects.
fn function(s: &mut String, i: usize, n: usize, failing: bool) {
    let trips = i % 5;
    let w = i % 4;
    let index = if i % 3 == 0 {
        format!("%idx = arith.constant {} : index", i % 2)
    } else {
        "%idx = arith.index_cast %a : i64 to index".to_string()
    };
    let callee = if i + 1 < n {
        format!(
            "%call = func.call @f{}(%w#0, %b) : (i64, i64) -> i64",
            i + 1
        )
    } else {
        "%call = func.call @ext(%w#0) : (i64) -> i64".to_string()
    };
    let forall = if failing {
        "  \"scf.forall\"() ({\n    \"scf.forall.in_parallel\"() : () -> ()\n  }) : () -> ()\n"
    } else {
        ""
    };
    let _ = write!(
        s,
        r#"func.func @f{i}(%a: i64, %b: i64) -> i64 {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cn = arith.constant {trips} : index
  %cw = arith.constant {w} : index
  %k = arith.constant {i} : i64
  %t = arith.constant true
  %x = arith.addi %a, %k : i64
  %y = arith.addi %a, %k : i64
  %cond = arith.cmpi slt, %x, %b : i64
{forall}  %r1 = scf.if %cond -> (i64) {{
    %s = arith.muli %x, %y : i64
    scf.yield %s : i64
  }} else {{
    scf.yield %b : i64
  }}
  %r2 = scf.if %t -> (i64) {{
    scf.yield %r1 : i64
  }} else {{
    scf.yield %a : i64
  }}
  %r3 = scf.for %iv = %c0 to %cn step %c1 iter_args(%acc = %r2) -> (i64) {{
    %ivi = arith.index_cast %iv : index to i64
    %next = arith.addi %acc, %ivi : i64
    scf.yield %next : i64
  }}
  {index}
  %r4 = scf.index_switch %idx -> i64
  case 0 {{
    scf.yield %r3 : i64
  }}
  case 1 {{
    %m = arith.subi %r3, %b : i64
    scf.yield %m : i64
  }}
  default {{
    scf.yield %x : i64
  }}
  %w:2 = scf.while (%p = %r4, %q = %c0) : (i64, index) -> (i64, index) {{
    %more = arith.cmpi ult, %q, %cw : index
    scf.condition(%more) %p, %q : i64, index
  }} do {{
  ^bb0(%p2: i64, %q2: index):
    %p3 = arith.xori %p2, %k : i64
    %q3 = arith.addi %q2, %c1 : index
    scf.yield %p3, %q3 : i64, index
  }}
  {callee}
  %res = arith.select %cond, %call, %x : i64
  return %res : i64
}}
"#
    );
}

#[test]
fn threaded_runs_match_sequential_runs_on_generated_modules() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("threading-many-functions.mlir");
    std::fs::write(&path, module(300, None)).unwrap();
    let (mismatches, succeeded) = compare(&path);
    assert!(
        mismatches.is_empty(),
        "threaded != sequential:\n{mismatches}"
    );
    assert_eq!(
        succeeded,
        PIPELINES.len(),
        "every pipeline runs on the module"
    );
}

/// A pass failing on a function in the middle: the same diagnostics (of the functions up to
/// it, none after) and exit status on threads as on one.
#[test]
fn a_failing_function_fails_the_threaded_run_as_the_sequential_one() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("threading-failing-function.mlir");
    std::fs::write(&path, module(60, Some(41))).unwrap();
    let pipeline: &[&str] = &[
        "--fold-constant-conditions=remarks=true",
        "--convert-scf-to-cf",
    ];
    let sequential = cf_opt(&path, pipeline, false);
    let threaded = cf_opt(&path, pipeline, true);
    assert_eq!(sequential.2, Some(1));
    let stderr = String::from_utf8_lossy(&sequential.1);
    assert!(
        stderr.contains("'scf.forall' op is not supported by the scf-to-cf lowering"),
        "{stderr}"
    );
    // The remarks of the functions before it come out too.
    assert!(stderr.contains("remark"), "{stderr}");
    assert_eq!(sequential, threaded);
}
