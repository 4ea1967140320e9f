//! Checks shared by the arith, math and cf test suites: parse, verify, print; round-trip and
//! diagnostic checks. Each suite's `common/mod.rs` provides `setup()` with its dialects.
#![allow(dead_code)]

use super::setup;
use weir_ir::{Context, Diagnostic, OpId};
use weir_syntax::{parse_module, print_op, ParseOptions, PrintOptions, Syntax};

/// Parses and verifies `src`.
pub fn parse(ctx: &mut Context, syntax: &Syntax, src: &str) -> Result<OpId, Diagnostic> {
    let m = parse_module(ctx, syntax, src, "test.mlir", 1, ParseOptions::default())?;
    weir_ir::verify(ctx, m)?;
    Ok(m)
}

/// Parses, verifies and prints `src` (custom form unless `generic`).
pub fn reprint(src: &str, generic: bool) -> String {
    let (mut ctx, syntax) = setup();
    let m = parse(&mut ctx, &syntax, src)
        .unwrap_or_else(|d| panic!("{}\n--- input:\n{src}", render(&d)));
    print_op(
        &ctx,
        &syntax,
        m,
        PrintOptions {
            generic,
            ..Default::default()
        },
    )
}

/// `LINE:COL: error: message` of a diagnostic (the form of mlir-opt's first line, without the
/// file name).
pub fn render(d: &Diagnostic) -> String {
    match d.loc.file_line_col() {
        Some((_, l, c)) => format!("{l}:{c}: {}: {}", d.severity, d.message),
        None => format!("{}: {}", d.severity, d.message),
    }
}

/// Checks that `src` prints as `expected` (mlir-opt 22's output for `src`), that printing is a
/// fixpoint (parse -> print -> parse -> print), and that the generic form parses back to the
/// same custom output.
pub fn check_roundtrip(src: &str, expected: &str) {
    let once = reprint(src, false);
    assert_eq!(
        once.trim_end(),
        expected.trim_end(),
        "custom output differs from mlir-opt's"
    );
    let twice = reprint(&once, false);
    assert_eq!(twice, once, "printing is not a fixpoint");
    let generic = reprint(src, true);
    let back = reprint(&generic, false);
    assert_eq!(
        back, once,
        "generic form does not parse back to the same IR:\n{generic}"
    );
    let generic2 = reprint(&generic, true);
    assert_eq!(generic2, generic, "generic printing is not a fixpoint");
}

/// Checks that `src` fails to parse or verify with exactly `expected` (`LINE:COL: error: msg`).
pub fn check_error(src: &str, expected: &str) {
    let (mut ctx, syntax) = setup();
    match parse(&mut ctx, &syntax, src) {
        Ok(_) => panic!("expected an error `{expected}`, but the input is valid:\n{src}"),
        Err(d) => assert_eq!(render(&d), expected, "for input:\n{src}"),
    }
}
