//! cf-opt frees a named input file once parsed and reads it again for the source lines of
//! diagnostics reported later (`weir_tools::opt::main`): those lines are the ones a kept text
//! shows, also when the file has bytes that are not UTF-8 in a comment (decoded the same way
//! both times), and the same as for the text read from standard input.

use std::io::Write as _;
use std::process::{Command, Stdio};

/// A verifier error after parsing (a `func.return` with an operand in a function returning
/// nothing), two lines below a comment holding an invalid byte.
const INPUT: &[u8] =
    b"func.func @f() {\n  // caf\xe9 \xff\n  %0 = arith.constant 1 : i32\n  return %0 : i32\n}\n";

/// The message and source excerpt mlir-opt 22 prints first for `INPUT` (checked by hand: it
/// then adds a note with the op in generic form, which cf-opt does not print).
fn expected(file: &str) -> String {
    format!(
        "{file}:4:3: error: 'func.return' op has 1 operands, but enclosing function (@f) returns 0\n  return %0 : i32\n  ^\n"
    )
}

#[test]
fn diagnostics_after_parsing_show_the_source_line_of_a_freed_file() {
    let path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("diagnostic-source.mlir");
    std::fs::write(&path, INPUT).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_cf-opt"))
        .arg(&path)
        .output()
        .expect("cf-opt runs");
    assert_eq!(out.status.code(), Some(1));
    let file = path.to_str().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stderr), expected(file));

    let mut child = Command::new(env!("CARGO_BIN_EXE_cf-opt"))
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cf-opt runs");
    child.stdin.take().unwrap().write_all(INPUT).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stderr), expected("<stdin>"));
}
