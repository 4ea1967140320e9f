//! cf-run's `--backend` flag as a user meets it: without the `llvm` feature the LLVM backend is
//! a clean "not built in" error; with it, a
//! tensor op it does not compile yet is a located "not supported yet" error, never a panic;
//! both exit with status 1.

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
fn unsupported_tensor_op_is_a_located_error() {
    // e9-concat-loop.mlir concatenates tensors, which the llvm backend does not compile yet.
    let (status, err) = cf_run("e9-concat-loop.mlir", &["--backend=llvm", "-O0"]);
    assert_eq!(status, 1);
    assert!(
        err.contains("e9-concat-loop.mlir:")
            && err.contains(
                "error: cf-run: unsupported operation 'tensor.concat' in the llvm backend: this \
                 tensor operation or type is not supported by the llvm backend yet"
            ),
        "{err}"
    );
}
