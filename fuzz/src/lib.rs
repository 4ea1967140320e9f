//! The body of Weir's fuzz targets (docs/fuzzing.md): the properties every input must keep.
//!
//! [`check`] takes the fuzzer's bytes as cf-opt takes a file (only valid UTF-8 is read), parses
//! them with every dialect registered (and ops of unregistered ones allowed), verifies, and, if
//! the input is valid, runs passes and checks what mlir-opt's contract promises (SEMANTICS.md,
//! DESIGN.md "Tool contracts"):
//! - what is valid before a pass is valid after it (a verifier failure after a pass is a bug);
//! - the printed result parses and verifies again, and printing that gives the same text;
//! - the generic form of the result parses back to the same IR (printed the same way).
//!
//! A broken property is a panic, which libFuzzer records as a crash; so are panics, stack
//! overflows, time-outs and memory blow-ups inside Weir. Invalid input that Weir rejects with
//! a diagnostic is not a finding.

use weir_ir::{Context, Diagnostic, OpId, Severity};
use weir_pass::{PassInfo, PassOptions};
use weir_syntax::{parse_module, print_op, ParseOptions, PrintOptions, SourceMap, Syntax};

/// The passes of the `canonicalize` target: mlir-opt `--canonicalize`.
pub const CANONICALIZE: &[PassInfo] = &[weir_canonicalize::CANONICALIZE];

/// The passes of the `lower` target: `--convert-weir-to-scf --convert-scf-to-cf --cse
/// --canonicalize` (the last runs the cf patterns on the CFGs the lowering makes).
pub const LOWER: &[PassInfo] = &[
    weir_weir_to_scf::PASS,
    weir_scf_to_cf::PASS,
    weir_cse::PASS,
    weir_canonicalize::CANONICALIZE,
];

/// How every input is parsed: with `--allow-unregistered-dialect`, as some lit tests are, so
/// that ops of unknown dialects (opaque to every pass) are fuzzed too.
const PARSE: ParseOptions = ParseOptions {
    allow_unregistered: true,
};

/// Runs one fuzz input through parse, verify, `passes` (with default options, each followed by
/// the verifier, as cf-opt runs them), print and re-parse, on a thread with the tools' 1 GiB
/// stack (the parser accepts `weir_syntax::parser::MAX_NESTING` levels of nesting and every
/// stage recurses once per level; cf-opt runs on such a thread too).
///
/// Panics (so libFuzzer reports a crash) when a property in the module documentation breaks or
/// when Weir itself panics.
pub fn check(data: &[u8], passes: &'static [PassInfo]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return; // cf-opt rejects a file that is not UTF-8 before parsing
    };
    let text = text.to_string();
    let worker = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || check_text(&text, passes))
        .expect("could not start the fuzzing thread");
    if let Err(panic) = worker.join() {
        std::panic::resume_unwind(panic);
    }
}

/// [`check`] on the current thread.
fn check_text(text: &str, passes: &[PassInfo]) {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let Ok(module) = parse_module(&mut ctx, &syntax, text, "input", 1, PARSE) else {
        return;
    };
    if weir_ir::verify(&ctx, module).is_err() {
        return;
    }
    let mut diagnostics = Vec::new();
    for info in passes {
        let pass = (info.create)(&PassOptions::default())
            .unwrap_or_else(|e| panic!("cannot create --{}: {e}", info.name));
        pass.run(&mut ctx, module, &mut diagnostics);
        if diagnostics.iter().any(|d| d.severity == Severity::Error) {
            return; // the pass refused the input with a diagnostic, as cf-opt would report it
        }
        if let Err(d) = weir_ir::verify(&ctx, module) {
            let printed = print(&ctx, &syntax, module, false);
            panic!(
                "valid input became invalid after --{}:\n{}{printed}",
                info.name,
                render("input", text, &d)
            );
        }
    }
    let printed = print(&ctx, &syntax, module, false);
    let reprinted = round_trip(&printed, false);
    assert_eq!(printed, reprinted, "printing the re-parsed output differs");
    let generic = print(&ctx, &syntax, module, true);
    let from_generic = round_trip(&generic, true);
    assert_eq!(
        printed, from_generic,
        "the generic form parses back to different IR:\n{generic}"
    );
}

/// Prints `op` in the custom form, or the generic form when `generic`.
fn print(ctx: &Context, syntax: &Syntax, op: OpId, generic: bool) -> String {
    let options = PrintOptions {
        generic,
        ..Default::default()
    };
    print_op(ctx, syntax, op, options)
}

/// Parses and verifies `printed` (Weir's own output, in the generic form when `generic`) in a
/// fresh context, panicking if either fails, and prints it again in the custom form.
fn round_trip(printed: &str, generic: bool) -> String {
    let form = if generic { "generic" } else { "custom" };
    let (mut ctx, syntax) = weir_dialects::new_context();
    let module =
        parse_module(&mut ctx, &syntax, printed, "printed", 1, PARSE).unwrap_or_else(|d| {
            panic!(
                "the printed {form} form does not parse:\n{}",
                render("printed", printed, &d)
            )
        });
    if let Err(d) = weir_ir::verify(&ctx, module) {
        panic!(
            "the printed {form} form does not verify:\n{}",
            render("printed", printed, &d)
        );
    }
    print(&ctx, &syntax, module, false)
}

/// `d` rendered with the line of `text` (the source called `file`) it points at, as cf-opt
/// prints it.
fn render(file: &str, text: &str, d: &Diagnostic) -> String {
    let mut sources = SourceMap::new();
    sources.add(file, text);
    sources.render(d)
}
