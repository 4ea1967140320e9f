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
    // With the locations printed: those of ops and of block arguments survive the copies.
    &[
        "--canonicalize",
        "--convert-scf-to-cf",
        "--mlir-print-debuginfo",
    ],
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
/// trips, a duplicate expression for CSE, a call to the next function or to `@ext`, then
/// [`loops`]; `failing` adds an `scf.forall`, which `--convert-scf-to-cf` rejects.
fn function(s: &mut String, i: usize, n: usize, failing: bool) {
    let trips = i % 5;
    let w = i % 4;
    let index = if i.is_multiple_of(3) {
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
"#
    );
    let last = loops(s, i, "%res");
    let _ = write!(s, "  return {last} : i64\n}}\n");
}

/// `2 + i % 6` `scf.for` loops in sequence (some with a loop nested), each with its own
/// constant bounds written where they are used (as the shared kit's `for` modules do), so
/// canonicalization unites and hoists many equal constants, and the arguments are used in every
/// body: what canonicalization does then depends on the order of use lists, which the copies
/// between contexts must keep. Returns the last value.
fn loops(s: &mut String, i: usize, first: &str) -> String {
    let mut state = i as u64 + 1;
    let mut next = |n: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) % n) as usize
    };
    let mut cur = first.to_string();
    for j in 0..2 + i % 6 {
        let (lb, trip, step) = (
            [0, 0, 0, 1, 2][next(5)],
            [0, 1, 2, 3, 4, 4, 5, 6, 8, 8][next(10)],
            [1, 1, 1, 2][next(4)],
        );
        let nested = next(3) == 0;
        let _ = writeln!(
            s,
            "  %lb{j} = arith.constant {lb} : index\n  %ub{j} = arith.constant {} : index\n  \
             %st{j} = arith.constant {step} : index\n  \
             %l{j} = scf.for %iv{j} = %lb{j} to %ub{j} step %st{j} iter_args(%acc{j} = {cur}) -> (i64) {{\n    \
             %ii{j} = arith.index_cast %iv{j} : index to i64\n    \
             %x{j} = arith.addi %acc{j}, %ii{j} : i64\n    \
             %y{j} = arith.xori %x{j}, %b : i64\n    \
             %z{j} = arith.muli %y{j}, %a : i64",
            lb + trip * step
        );
        let mut body = format!("%z{j}");
        if nested {
            let _ = writeln!(
                s,
                "    %nlb{j} = arith.constant 0 : index\n    %nub{j} = arith.constant {} : index\n    \
                 %nst{j} = arith.constant 1 : index\n    \
                 %n{j} = scf.for %niv{j} = %nlb{j} to %nub{j} step %nst{j} iter_args(%nacc{j} = %z{j}) -> (i64) {{\n      \
                 %nx{j} = arith.muli %nacc{j}, %ii{j} : i64\n      \
                 %ny{j} = arith.addi %nx{j}, %a : i64\n      scf.yield %ny{j} : i64\n    }}",
                next(4)
            );
            body = format!("%n{j}");
        }
        let _ = writeln!(s, "    scf.yield {body} : i64\n  }}");
        cur = format!("%l{j}");
    }
    cur
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

/// A few large functions: the threaded printer prints them in several windows (about 2^15
/// ops each, here 24 functions of ~1500 ops a window: the minimum of 8 per thread), and the
/// text is the same as on one thread, whose output is checked against a hand count.
#[test]
fn large_functions_print_in_windows_as_on_one_thread() {
    let (functions, adds) = (60, 1500);
    let mut s = String::new();
    for f in 0..functions {
        let _ = writeln!(s, "func.func @f{f}(%a: i64) -> i64 {{");
        let _ = writeln!(s, "  %v0 = arith.addi %a, %a : i64");
        for k in 1..adds {
            let _ = writeln!(s, "  %v{k} = arith.addi %v{}, %a : i64", k - 1);
        }
        let _ = writeln!(s, "  return %v{} : i64\n}}", adds - 1);
    }
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("threading-large-functions.mlir");
    std::fs::write(&path, &s).unwrap();
    let sequential = cf_opt(&path, &[], false);
    let threaded = cf_opt(&path, &[], true);
    assert_eq!(
        sequential.2,
        Some(0),
        "{}",
        String::from_utf8_lossy(&sequential.1)
    );
    let text = String::from_utf8(sequential.0.clone()).unwrap();
    // Each function's values are numbered from 0 again: the last add of every one is `%1499`.
    assert_eq!(text.matches("func.func @").count(), functions);
    assert_eq!(
        text.matches(&format!(
            "%{} = arith.addi %{}, %arg0 : i64",
            adds - 1,
            adds - 2
        ))
        .count(),
        functions
    );
    assert_eq!(sequential, threaded);
}
