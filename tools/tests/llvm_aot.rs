//! The LLVM backend's ahead-of-time mode (feature `llvm`): `cf-opt --emit=object` writes an
//! object file that a C program links and calls with the documented ABI
//! (docs/llvm-backend.md), and `--emit=llvm-ir` prints LLVM IR.
#![cfg(feature = "llvm")]

use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs `cf-opt` on `input` with `flags`; its stdout, or a panic with its stderr.
fn cf_opt(input: &Path, flags: &[&str]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_cf-opt"))
        .arg(input)
        .args(flags)
        .output()
        .expect("cf-opt runs");
    assert!(
        out.status.success(),
        "cf-opt {flags:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// Builds `tests/data/llvm/harness.c` with the object of `input` (at `-O<level>`) using the
/// system's C compiler (`$CC`, else `cc`) and runs it with `n`; its stdout, stderr and exit
/// status.
fn run_harness(input: &Path, level: &str, n: &str) -> (String, String, i32) {
    let dir = tempfile::tempdir().expect("scratch directory");
    let object = dir.path().join("program.o");
    let bytes = cf_opt(input, &["--emit=object", level]);
    std::fs::write(&object, bytes).expect("object written");
    let exe = dir.path().join("harness");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let status = Command::new(&cc)
        .arg(workspace().join("tools/tests/data/llvm/harness.c"))
        .arg(&object)
        .arg("-o")
        .arg(&exe)
        .status()
        .unwrap_or_else(|e| panic!("cannot run the C compiler '{cc}': {e}"));
    assert!(status.success(), "{cc} failed to link the object");
    let out = Command::new(&exe).arg(n).output().expect("harness runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// Sum of squares 0^2 + ... + 9^2 = 285 (by hand: 9 * 10 * 19 / 6), at -O0 and -O3; and
/// 0^2 + ... + 99^2 = 99 * 100 * 199 / 6 = 328350.
#[test]
fn sum_of_squares_object_links_with_c() {
    let input = workspace().join("examples/sum-of-squares.mlir");
    for level in ["-O0", "-O3"] {
        let (out, _, status) = run_harness(&input, level, "10");
        assert_eq!((out.as_str(), status), ("285\n", 0));
        let (out, _, status) = run_harness(&input, level, "100");
        assert_eq!((out.as_str(), status), ("328350\n", 0));
    }
}

/// A fault in an object's code sets the status word, and its message is the object's fault
/// table entry: 100 / 7 = 14 (truncating), 100 / 0 faults with the JIT's message.
#[test]
fn object_faults_report_through_the_status_word() {
    let dir = tempfile::tempdir().expect("scratch directory");
    let input = dir.path().join("div.mlir");
    std::fs::write(
        &input,
        "func.func @main(%n: i64) -> i64 {\n  %c = arith.constant 100 : i64\n  \
         %q = arith.divsi %c, %n : i64\n  return %q : i64\n}\n",
    )
    .expect("input written");
    for level in ["-O0", "-O3"] {
        let (out, _, status) = run_harness(&input, level, "7");
        assert_eq!((out.as_str(), status), ("14\n", 0));
        let (out, err, status) = run_harness(&input, level, "0");
        assert_eq!(
            (out.as_str(), err.as_str(), status),
            ("", "runtime error: integer division by zero\n", 1)
        );
    }
}

/// The IR names each function's trampoline `weir_<name>` (external) and its code `<name>`
/// (internal), and carries the fault table.
#[test]
fn llvm_ir_has_the_documented_symbols() {
    let input = workspace().join("examples/sum-of-squares.mlir");
    let text = String::from_utf8(cf_opt(&input, &["--emit=llvm-ir", "-O0"])).expect("text");
    assert!(text.contains("define void @weir_main(ptr"), "{text}");
    assert!(text.contains("define internal i64 @main(ptr"), "{text}");
    assert!(text.contains("@weir_fault_messages = "), "{text}");
}
