//! Snapshot tests (insta) of what users see: printed IR and rendered diagnostics. Every
//! snapshot in `tests/snapshots/` was reviewed by hand against mlir-opt 22's output for the same
//! input (differences are said in the test).

use weir_syntax::{parse_module, print_op, ParseOptions, PrintOptions, SourceMap};

fn render_error(file: &str, text: &str) -> String {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let d = match parse_module(
        &mut ctx,
        &syntax,
        text,
        file,
        1,
        ParseOptions {
            allow_unregistered: true,
        },
    ) {
        Err(d) => d,
        Ok(m) => weir_ir::verify(&ctx, m).expect_err("the input is invalid"),
    };
    let mut sources = SourceMap::new();
    sources.add(file, text);
    sources.render(&d)
}

fn print(text: &str, options: PrintOptions) -> String {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let m = parse_module(
        &mut ctx,
        &syntax,
        text,
        "input.mlir",
        1,
        ParseOptions {
            allow_unregistered: true,
        },
    )
    .expect("parses");
    weir_ir::verify(&ctx, m).expect("verifies");
    print_op(&ctx, &syntax, m, options)
}

#[test]
fn diagnostic_with_source_line_and_caret() {
    // mlir-opt 22 prints the same three lines for this input (checked).
    let text = "func.func @f() -> i32 {\n  return %x : i32\n}\n";
    insta::assert_snapshot!(render_error("bad.mlir", text));
}

#[test]
fn diagnostic_with_note() {
    // mlir-opt 22 prints exactly this (checked).
    let text = "func.func @f() {\n  %a = \"t.a\"() : () -> i32\n  %a = \"t.b\"() : () -> i32\n  return\n}\n";
    insta::assert_snapshot!(render_error("dup.mlir", text));
}

#[test]
fn dominance_error() {
    // mlir-opt 22 (with --mlir-print-op-on-diagnostic=false) prints exactly this (checked).
    let text = "func.func @f() -> i32 {\n  \"t.use\"(%v) : (i32) -> ()\n  %v = \"t.def\"() : () -> i32\n  return %v : i32\n}\n";
    insta::assert_snapshot!(render_error("dom.mlir", text));
}

#[test]
fn custom_and_generic_forms_of_control_flow() {
    // The custom form is exactly mlir-opt 22's output for this input (checked).
    let text = r#"
func.func @f(%c: i1, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %v = scf.if %c -> (i32) {
      %one = arith.constant 1 : i32
      scf.yield %one : i32
    } else {
      scf.yield %acc : i32
    }
    scf.yield %v : i32
  }
  return %r : i32
}
"#;
    insta::assert_snapshot!("custom", print(text, PrintOptions::default()));
    // mlir-opt prints the inherent attributes as properties `<{...}>`; Weir prints them in the
    // attribute dictionary, which mlir-opt also accepts. Otherwise the text is mlir-opt's.
    insta::assert_snapshot!(
        "generic",
        print(
            text,
            PrintOptions {
                generic: true,
                ..Default::default()
            }
        )
    );
}

#[test]
fn debug_info_prints_locations() {
    // Equal to mlir-opt 22's `--mlir-print-debuginfo --mlir-print-local-scope` output (checked).
    let text = "func.func @f() {\n  return\n}\n";
    insta::assert_snapshot!(print(
        text,
        PrintOptions {
            debug_info: true,
            ..Default::default()
        }
    ));
}

#[test]
fn diagnostic_without_location() {
    let d = weir_ir::Diagnostic::error(
        weir_ir::Location::Unknown,
        "cf-run: no function '@main' in the module",
    );
    insta::assert_snapshot!(SourceMap::new().render(&d));
}
