//! Shared test helpers: a context with builtin, func, arith and scf registered, parsing,
//! printing, the round-trip fixpoint check and the first diagnostic of an input.
#![allow(dead_code)]

use weir_ir::{verify, Context, Diagnostic, OpId};
use weir_syntax::{parse_module, print_op, ParseOptions, PrintOptions, Syntax};

pub fn setup() -> (Context, Syntax) {
    let mut ctx = Context::new();
    let mut syntax = Syntax::new();
    weir_dialect_builtin::register(&mut ctx, &mut syntax);
    weir_dialect_func::register(&mut ctx, &mut syntax);
    weir_dialect_arith::register(&mut ctx, &mut syntax);
    weir_dialect_scf::register(&mut ctx, &mut syntax);
    (ctx, syntax)
}

/// `test.*` ops and (while the arith crate is being written) generic `arith.constant` need
/// unregistered ops.
pub const OPTIONS: ParseOptions = ParseOptions {
    allow_unregistered: true,
};

fn show(d: &Diagnostic) -> String {
    let mut s = match d.loc.file_line_col() {
        Some((_, l, c)) => format!("{l}:{c}: {}", d.message),
        None => format!("?: {}", d.message),
    };
    for n in &d.notes {
        s.push_str(&format!("\n  note {}", show(n)));
    }
    s
}

/// Parses and verifies `src`; panics with the diagnostic on failure.
pub fn parse_verified(ctx: &mut Context, syntax: &Syntax, src: &str) -> OpId {
    let m = parse_module(ctx, syntax, src, "t.mlir", 1, OPTIONS)
        .unwrap_or_else(|d| panic!("parse failed: {}\n--- input:\n{src}", show(&d)));
    verify(ctx, m).unwrap_or_else(|d| panic!("verify failed: {}\n--- input:\n{src}", show(&d)));
    m
}

/// Parses, verifies and prints `src` (custom form) in a fresh context.
pub fn print_src(src: &str, generic: bool) -> String {
    let (mut ctx, syntax) = setup();
    let m = parse_verified(&mut ctx, &syntax, src);
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

/// The round-trip checks: parse -> print -> parse -> print reaches a fixpoint, and the generic
/// form re-parses to the same IR (its custom print is the same). Returns the custom print.
pub fn roundtrip(src: &str) -> String {
    let p1 = print_src(src, false);
    let p2 = print_src(&p1, false);
    assert_eq!(p1, p2, "print is not a fixpoint\n--- input:\n{src}");
    let g1 = print_src(src, true);
    let from_generic = print_src(&g1, false);
    assert_eq!(
        p1, from_generic,
        "generic form does not re-parse to the same IR\n--- generic:\n{g1}"
    );
    let g2 = print_src(&g1, true);
    assert_eq!(g1, g2, "generic print is not a fixpoint");
    p1
}

/// The first diagnostic for `src` (parse error, else verifier error), rendered as
/// `LINE:COL: message` with `\n  note LINE:COL: message` per note. Panics if `src` is valid.
pub fn first_error(src: &str) -> String {
    let (mut ctx, syntax) = setup();
    let d = match parse_module(&mut ctx, &syntax, src, "t.mlir", 1, OPTIONS) {
        Err(d) => d,
        Ok(m) => match verify(&ctx, m) {
            Err(d) => d,
            Ok(()) => panic!("expected an error for:\n{src}"),
        },
    };
    show(&d)
}
