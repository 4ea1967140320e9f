//! Helpers shared by Weir's test suites (dev-dependency only; never a dependency of a library).
//!
//! - The crate root: parse, verify and print with every dialect registered; the round-trip
//!   checks (print is a fixpoint, the generic form re-parses to the same IR) and the rendering
//!   of a diagnostic as `LINE:COL: ...`, in two flavours: *strict* (unregistered ops are errors,
//!   as in `mlir-opt` without `--allow-unregistered-dialect`: [`parse`], [`reprint`],
//!   [`check_roundtrip`], [`check_error`]) and *lenient* (unregistered `test.*` ops allowed:
//!   [`parse_verified`], [`print_src`], [`roundtrip`], [`first_error`]).
//! - [`lowering`]: an IR builder over the bare `Context` API, a reference interpreter of the
//!   integer subset of arith/cf/scf, and the JIT cross-check used by the lowering passes' tests;
//!   [`lowering::gen`] generates random structured programs.
//! - [`tensor_eval`]: a reference evaluator of tensor programs; [`expected`]: the tables of
//!   expected values NumPy scripts write for it, and the comparison with them.

pub mod expected;
pub mod jit_values;
pub mod lowering;
pub mod tensor_eval;

use weir_ir::{verify, Context, Diagnostic, OpId};
use weir_syntax::{parse_module, print_op, ParseOptions, PrintOptions, Syntax};

/// Unregistered ops are errors (mlir-opt's default).
pub const STRICT: ParseOptions = ParseOptions {
    allow_unregistered: false,
};

/// Unregistered ops (the tests' `test.*` ops) are allowed (`--allow-unregistered-dialect`).
pub const LENIENT: ParseOptions = ParseOptions {
    allow_unregistered: true,
};

/// A context and syntax table with every Weir dialect registered.
pub fn setup() -> (Context, Syntax) {
    let mut ctx = Context::new();
    let mut syntax = Syntax::new();
    weir_dialects::register_all(&mut ctx, &mut syntax);
    (ctx, syntax)
}

/// Parses `src` (file name `test.mlir`) with `options` and verifies it.
pub fn parse_with(
    ctx: &mut Context,
    syntax: &Syntax,
    src: &str,
    options: ParseOptions,
) -> Result<OpId, Diagnostic> {
    let m = parse_module(ctx, syntax, src, "test.mlir", 1, options)?;
    verify(ctx, m)?;
    Ok(m)
}

/// Parses `src` strictly and verifies it.
pub fn parse(ctx: &mut Context, syntax: &Syntax, src: &str) -> Result<OpId, Diagnostic> {
    parse_with(ctx, syntax, src, STRICT)
}

/// Parses `src` leniently and verifies it; panics with the rendered diagnostic on failure.
pub fn parse_verified(ctx: &mut Context, syntax: &Syntax, src: &str) -> OpId {
    parse_with(ctx, syntax, src, LENIENT)
        .unwrap_or_else(|d| panic!("{}\n--- input:\n{src}", render_with_notes(&d)))
}

/// Parses, verifies and prints `src` in a fresh context (custom form unless `generic`); panics
/// with the rendered diagnostic if `src` is invalid.
pub fn reprint_with(src: &str, generic: bool, options: ParseOptions) -> String {
    let (mut ctx, syntax) = setup();
    let m = parse_with(&mut ctx, &syntax, src, options)
        .unwrap_or_else(|d| panic!("{}\n--- input:\n{src}", render_with_notes(&d)));
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

/// [`reprint_with`] strictly.
pub fn reprint(src: &str, generic: bool) -> String {
    reprint_with(src, generic, STRICT)
}

/// [`reprint_with`] leniently.
pub fn print_src(src: &str, generic: bool) -> String {
    reprint_with(src, generic, LENIENT)
}

/// The round-trip checks: parse -> print -> parse -> print reaches a fixpoint, the generic form
/// re-parses to the same IR (its custom print is the same), and generic printing is a fixpoint.
/// Returns the custom print.
pub fn roundtrip_with(src: &str, options: ParseOptions) -> String {
    let once = reprint_with(src, false, options);
    let twice = reprint_with(&once, false, options);
    assert_eq!(once, twice, "print is not a fixpoint\n--- input:\n{src}");
    let generic = reprint_with(src, true, options);
    let back = reprint_with(&generic, false, options);
    assert_eq!(
        once, back,
        "generic form does not re-parse to the same IR\n--- generic:\n{generic}"
    );
    let generic2 = reprint_with(&generic, true, options);
    assert_eq!(generic, generic2, "generic print is not a fixpoint");
    once
}

/// [`roundtrip_with`] leniently.
pub fn roundtrip(src: &str) -> String {
    roundtrip_with(src, LENIENT)
}

/// Checks that `src` prints as `expected` (mlir-opt 22's output for `src`, compared without
/// trailing whitespace) and passes the round-trip checks of [`roundtrip_with`] (strict).
pub fn check_roundtrip(src: &str, expected: &str) {
    let once = roundtrip_with(src, STRICT);
    assert_eq!(
        once.trim_end(),
        expected.trim_end(),
        "custom output differs from mlir-opt's"
    );
}

/// `LINE:COL: SEVERITY: message` of a diagnostic (mlir-opt's first line without the file name).
pub fn render(d: &Diagnostic) -> String {
    match d.loc.file_line_col() {
        Some((_, l, c)) => format!("{l}:{c}: {}: {}", d.severity, d.message),
        None => format!("{}: {}", d.severity, d.message),
    }
}

/// `LINE:COL: message`, then `\n  note LINE:COL: message` per note (no severities).
pub fn render_with_notes(d: &Diagnostic) -> String {
    let mut s = match d.loc.file_line_col() {
        Some((_, l, c)) => format!("{l}:{c}: {}", d.message),
        None => format!("?: {}", d.message),
    };
    for n in &d.notes {
        s.push_str(&format!("\n  note {}", render_with_notes(n)));
    }
    s
}

/// Checks that `src` fails to parse or verify (strictly) with exactly `expected`, as
/// [`render`] writes it.
pub fn check_error(src: &str, expected: &str) {
    let (mut ctx, syntax) = setup();
    match parse(&mut ctx, &syntax, src) {
        Ok(_) => panic!("expected an error `{expected}`, but the input is valid:\n{src}"),
        Err(d) => assert_eq!(render(&d), expected, "for input:\n{src}"),
    }
}

/// The first diagnostic for `src` parsed leniently (parse error, else verifier error), as
/// [`render_with_notes`] writes it. Panics if `src` is valid.
pub fn first_error(src: &str) -> String {
    let (mut ctx, syntax) = setup();
    match parse_with(&mut ctx, &syntax, src, LENIENT) {
        Err(d) => render_with_notes(&d),
        Ok(_) => panic!("expected an error for:\n{src}"),
    }
}
