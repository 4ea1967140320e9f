//! cf-opt's `--mlir-pass-pipeline` as a user meets it: without the `mlir` feature a clean "built
//! without" error; with it, upstream MLIR 22's passes run in process at the flag's place among
//! Weir's passes, a pipeline MLIR cannot parse is MLIR's message, and a failing upstream pass is
//! a located error; every error exits with status 1.

use std::process::Command;

/// A select written as an `scf.if`: upstream's canonicalize turns it into an `arith.select`.
const SELECT: &str = "func.func @f(%a: i64, %b: i64) -> i64 {
  %t = arith.cmpi slt, %a, %b : i64
  %d = scf.if %t -> (i64) {
    scf.yield %a : i64
  } else {
    scf.yield %b : i64
  }
  return %d : i64
}
";

/// Runs cf-opt on a file holding `text` with `args`; (exit status, stdout, stderr, file path).
fn cf_opt(text: &str, args: &[&str]) -> (i32, String, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("input.mlir");
    std::fs::write(&path, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_cf-opt"))
        .arg(&path)
        .args(args)
        .output()
        .expect("cf-opt runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        path.display().to_string(),
    )
}

#[cfg(not(feature = "mlir"))]
#[test]
fn mlir_pipeline_not_built_in() {
    let (status, out, err, _) = cf_opt(
        SELECT,
        &["--mlir-pass-pipeline=builtin.module(canonicalize)"],
    );
    assert_eq!(status, 1);
    assert_eq!(out, "");
    assert!(
        err.contains("cf-opt: cf-opt was built without the `mlir` feature"),
        "{err}"
    );
}

#[cfg(feature = "mlir")]
#[test]
fn upstream_pipeline_runs_between_weir_passes() {
    let (status, out, err, path) = cf_opt(
        SELECT,
        &[
            "--cse",
            "--mlir-pass-pipeline=builtin.module(canonicalize,convert-scf-to-cf)",
            "--canonicalize",
            "--mlir-print-ir-after-all",
            "--mlir-print-debuginfo",
        ],
    );
    assert_eq!(status, 0, "{err}");
    // The steps ran in the order of the flags.
    let dumps: Vec<&str> = err
        .lines()
        .filter_map(|l| l.strip_prefix("// -----// IR Dump After "))
        .collect();
    assert_eq!(
        dumps,
        [
            "cse //----- //",
            "mlir-pass-pipeline //----- //",
            "canonicalize //----- //"
        ]
    );
    // Upstream's canonicalize made the scf.if a select (as mlir-opt 22 does on this input), at
    // the scf.if's location (line 3, column 8).
    assert!(!out.contains("scf."), "{out}");
    assert!(
        out.contains(&format!(
            "arith.select %0, %arg0, %arg1 : i64 loc(\"{path}\":3:8)"
        )),
        "{out}"
    );
}

#[cfg(feature = "mlir")]
#[test]
fn bad_pipeline_is_mlirs_error() {
    let (status, out, err, _) = cf_opt(SELECT, &["--mlir-pass-pipeline=builtin.module(nope)"]);
    assert_eq!(status, 1);
    assert_eq!(out, "");
    assert!(
        err.contains("'nope' does not refer to a registered pass or pass pipeline"),
        "{err}"
    );
}

#[cfg(feature = "mlir")]
#[test]
fn failing_upstream_pass_is_located() {
    let input = "func.func @f() -> tensor<4xf32> {
  %0 = tensor.empty() : tensor<4xf32>
  %1 = \"test.op\"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
";
    let (status, out, err, path) = cf_opt(
        input,
        &[
            "--allow-unregistered-dialect",
            "--mlir-pass-pipeline=builtin.module(one-shot-bufferize)",
        ],
    );
    assert_eq!(status, 1);
    assert_eq!(out, "");
    // mlir-opt 22 --one-shot-bufferize says the same at the same place.
    assert!(
        err.contains(&format!("{path}:3:8: error: op was not bufferized")),
        "{err}"
    );
}

/// Upstream's `inline` gives the inlined ops call-site locations, which Weir reads back (it
/// could not: "expected location instance"). By hand: `@g(41)` is `41 + 1`, folded to 42 by the
/// inliner's canonicalization; the constant comes from line 3 of `@g`, inlined at the call on
/// line 8.
#[cfg(feature = "mlir")]
#[test]
fn upstream_inline_keeps_call_site_locations() {
    let text = "func.func private @g(%x: i32) -> i32 {
  %c = arith.constant 1 : i32
  %y = arith.addi %x, %c : i32
  return %y : i32
}
func.func @main() -> i32 {
  %c = arith.constant 41 : i32
  %r = func.call @g(%c) : (i32) -> i32
  return %r : i32
}
";
    let (status, out, err, path) = cf_opt(
        text,
        &[
            "--mlir-pass-pipeline=builtin.module(inline)",
            "--mlir-print-debuginfo",
        ],
    );
    assert_eq!(status, 0, "{err}");
    let want = format!("arith.constant 42 : i32 loc(callsite(\"{path}\":3:8 at \"{path}\":8:8))");
    assert!(out.contains(&want), "{out}");
    assert!(!out.contains("func.call"), "{out}");
}

/// A module holding a `weir.loop` (an op with a region that MLIR does not know): upstream
/// MLIR 22's `inline` would crash the process (a segmentation fault, mlir-opt's too), so cf-opt
/// refuses it with an error at the loop and status 1; other upstream passes still run on it, and
/// `inline` runs once the loop is lowered to `scf.while`.
#[cfg(feature = "mlir")]
#[test]
fn upstream_inline_is_refused_on_unknown_region_ops() {
    let text = "func.func @main(%n: i64) -> i32 {
  %c = arith.constant 1 : i32
  %r = weir.loop max(%n : i64) iter_args(%c) -> (i32) {
  ^bb0(%it: i64, %cond: i1, %x: i32):
    %y = arith.addi %x, %x : i32
    weir.yield %cond, %y : i1, i32
  }
  return %r : i32
}
";
    let (status, out, err, path) = cf_opt(
        text,
        &["--mlir-pass-pipeline=builtin.module(canonicalize,inline)"],
    );
    assert_eq!((status, out.as_str()), (1, ""), "{err}");
    assert!(
        err.contains(&format!(
            "{path}:3:8: error: upstream MLIR 22's 'inline' pass crashes on a module holding \
             an operation with regions that MLIR does not know ('weir.loop')"
        )),
        "{err}"
    );
    let (status, out, err, _) =
        cf_opt(text, &["--mlir-pass-pipeline=builtin.module(canonicalize)"]);
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("weir.loop"), "{out}");
    let (status, out, err, _) = cf_opt(
        text,
        &[
            "--convert-weir-to-scf",
            "--mlir-pass-pipeline=builtin.module(inline)",
        ],
    );
    assert_eq!(status, 0, "{err}");
    assert!(out.contains("scf.while"), "{out}");
}
