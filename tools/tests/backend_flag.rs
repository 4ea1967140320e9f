//! cf-run's `--backend` flag as a user meets it: without the `llvm` feature the LLVM backend is
//! a clean "not built in" error; with it, a tensor program is a located "not supported yet"
//! error, never a panic; both exit with status 1.

use std::path::Path;
use std::process::Command;

/// Runs cf-run on `examples/<example>` with `args`; (exit status, stderr).
fn cf_run(example: &str, args: &[&str]) -> (i32, String) {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples")
        .join(example);
    let out = Command::new(env!("CARGO_BIN_EXE_cf-run"))
        .arg(file)
        .args(args)
        .output()
        .expect("cf-run runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[cfg(not(feature = "llvm"))]
#[test]
fn llvm_backend_not_built_in() {
    let (status, err) = cf_run(
        "sum-of-squares.mlir",
        &["--arg", "10 : i64", "--backend=llvm"],
    );
    assert_eq!(status, 1);
    assert!(
        err.contains(
            "error: the llvm backend is not built in (build weir-tools with `--features llvm`)"
        ),
        "{err}"
    );
}

#[cfg(feature = "llvm")]
#[test]
fn tensor_program_is_a_located_error() {
    // e12-weir-loop.mlir's @main returns a tensor<5xf32>.
    let (status, err) = cf_run("e12-weir-loop.mlir", &["--backend=llvm", "-O0"]);
    assert_eq!(status, 1);
    assert!(
        err.contains("e12-weir-loop.mlir:")
            && err.contains(
                "error: cf-run: unsupported type 'tensor<5xf32>' in the llvm backend: tensors \
                 are not supported by the llvm backend yet"
            ),
        "{err}"
    );
}
