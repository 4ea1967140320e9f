//! cf-run's `--backend` flag as a user meets it: without the `llvm` feature the LLVM backend is
//! a clean "not built in" error; with it, a
//! tensor type it does not compile is a located "not supported yet" error, never a panic;
//! both exit with status 1.

#[cfg(not(feature = "llvm"))]
use std::path::Path;
use std::process::Command;

/// Runs cf-run on `examples/<example>` with `args`; (exit status, stderr).
#[cfg(not(feature = "llvm"))]
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
fn unsupported_tensor_type_is_a_located_error() {
    // An unranked tensor, which neither backend compiles.
    let file = std::env::temp_dir().join(format!("weir-backend-flag-{}.mlir", std::process::id()));
    std::fs::write(
        &file,
        "func.func @main() -> tensor<2xf32> {\n\
         %c = arith.constant dense<1.0> : tensor<2xf32>\n\
         %u = tensor.cast %c : tensor<2xf32> to tensor<*xf32>\n\
         %r = tensor.cast %u : tensor<*xf32> to tensor<2xf32>\n\
         return %r : tensor<2xf32>\n}\n",
    )
    .expect("a temporary file");
    let out = Command::new(env!("CARGO_BIN_EXE_cf-run"))
        .arg(&file)
        .args(["--backend=llvm", "-O0"])
        .output()
        .expect("cf-run runs");
    let _ = std::fs::remove_file(&file);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(":3:") // located at the first cast
            && err.contains(
                "error: cf-run: unsupported type 'tensor<*xf32>' in the llvm backend"
            ),
        "{err}"
    );
}
