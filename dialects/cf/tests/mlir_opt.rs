//! Opt-in check against the reference MLIR (`cargo test -p weir-dialect-cf -- --ignored`): what
//! Weir prints for `data/every_op.mlir` (custom and generic form) parses in `mlir-opt` 22, and
//! mlir-opt prints it exactly as it prints the original file. The tool is
//! `$MLIR_OPT` or `/usr/lib/llvm-22/bin/mlir-opt`.

use std::io::Write;
use std::process::{Command, Stdio};
use weir_test_support as common;

fn mlir_opt(input: &str) -> String {
    let tool = std::env::var("MLIR_OPT").unwrap_or_else(|_| "/usr/lib/llvm-22/bin/mlir-opt".into());
    let mut child = Command::new(&tool)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {tool}: {e}"));
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "mlir-opt rejected:\n{}\n--- input:\n{input}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
#[ignore = "needs mlir-opt 22"]
fn printed_output_parses_in_mlir_opt() {
    let src = include_str!("data/every_op.mlir");
    let reference = mlir_opt(src);
    let custom = common::reprint(src, false);
    assert_eq!(mlir_opt(&custom), reference, "custom form");
    let generic = common::reprint(src, true);
    assert_eq!(mlir_opt(&generic), reference, "generic form");
}

#[test]
fn every_op_file_round_trips() {
    let src = include_str!("data/every_op.mlir");
    let custom = common::reprint(src, false);
    assert_eq!(
        common::reprint(&custom, false),
        custom,
        "custom printing is not a fixpoint"
    );
    let generic = common::reprint(src, true);
    assert_eq!(
        common::reprint(&generic, false),
        custom,
        "generic form does not parse back to the same IR"
    );
    assert_eq!(
        common::reprint(&generic, true),
        generic,
        "generic printing is not a fixpoint"
    );
}
