//! The bridge on small hand-written modules: Weir -> MLIR -> Weir keeps the text and the
//! locations; MLIR's errors (parse, verifier, pass pipeline, pass failure) come back as located
//! Weir diagnostics; an upstream pass rewrites a Weir module in place.
#![cfg(feature = "mlir")]

use weir_ir::{Diagnostic, Location, Severity};
use weir_mlir::{Bridge, WEIR_BUFFER};
use weir_syntax::{parse_module, print_op, ParseOptions, PrintOptions};

const STRICT: ParseOptions = ParseOptions {
    allow_unregistered: false,
};

const DEBUG: PrintOptions = PrintOptions {
    generic: false,
    debug_info: true,
    parallel_min_ops: None,
};

const SELECT: &str = "func.func @f(%a: i64, %b: i64) -> i64 {
  %t = arith.cmpi slt, %a, %b : i64
  %d = scf.if %t -> (i64) {
    scf.yield %a : i64
  } else {
    %s = arith.subi %b, %a : i64
    scf.yield %s : i64
  }
  return %d : i64
}
";

fn file_loc(file: &str, line: u32, col: u32) -> Location {
    Location::file(&std::sync::Arc::from(file), line, col)
}

#[test]
fn round_trip_keeps_text_and_locations() {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let m = parse_module(&mut ctx, &syntax, SELECT, "select.mlir", 1, STRICT).unwrap();
    let before = print_op(&ctx, &syntax, m, DEBUG);
    let bridge = Bridge::new();
    let mut diags = Vec::new();
    let module = bridge
        .to_mlir(&ctx, &syntax, m, &mut diags)
        .expect("MLIR parses");
    let back = bridge
        .from_mlir(&module, &mut ctx, &syntax, STRICT, &mut diags)
        .expect("Weir parses");
    assert_eq!(diags, Vec::<Diagnostic>::new());
    assert_eq!(print_op(&ctx, &syntax, back, DEBUG), before);
    // The subtraction is at line 6, column 10 of the source (by hand).
    assert!(before.contains(r#"arith.subi %arg1, %arg0 : i64 loc("select.mlir":6:10)"#));
    // Block arguments keep theirs: `%a` at line 1, column 14 (by hand).
    assert!(before.contains(r#"func.func @f(%arg0: i64 loc("select.mlir":1:14),"#));
}

#[test]
fn upstream_pass_rewrites_in_place() {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let m = parse_module(&mut ctx, &syntax, SELECT, "select.mlir", 1, STRICT).unwrap();
    let bridge = Bridge::new();
    let mut diags = Vec::new();
    let ok = bridge.run_on_weir(
        &mut ctx,
        &syntax,
        m,
        "builtin.module(convert-scf-to-cf)",
        STRICT,
        &mut diags,
    );
    assert!(ok, "{diags:?}");
    let text = print_op(&ctx, &syntax, m, DEBUG);
    assert!(!text.contains("scf."), "{text}");
    assert!(text.contains("cf.cond_br"), "{text}");
    // The lowered branch keeps the location of the scf.if it came from (line 3, column 8),
    // and so does the argument of the block it created (MLIR gives it the scf.if's).
    assert!(
        text.contains(r#"cf.cond_br %0, ^bb1, ^bb2 loc("select.mlir":3:8)"#),
        "{text}"
    );
    assert!(
        text.contains(r#"^bb3(%2: i64 loc("select.mlir":3:8)):"#),
        "{text}"
    );
    weir_ir::verify(&ctx, m).unwrap();
}

#[test]
fn mlir_parse_error_is_located() {
    let bridge = Bridge::new();
    let mut diags = Vec::new();
    let text = "func.func @f() {\n  %0 = arith.constant 1 : i32\n  func.return %0 : i64\n}\n";
    assert!(bridge.parse(text, &mut diags).is_none());
    let d = &diags[0];
    assert_eq!(d.severity, Severity::Error);
    // MLIR's own wording; the use is at line 3, column 15 (by hand).
    assert!(
        d.message
            .contains("use of value '%0' expects different type than prior uses"),
        "{d:?}"
    );
    assert_eq!(d.loc, file_loc(WEIR_BUFFER, 3, 15));
    assert!(d
        .notes
        .iter()
        .any(|n| n.message.contains("func.return %0 : i64")));
}

#[test]
fn unregistered_dialect_needs_permission() {
    let bridge = Bridge::new();
    let text = "\"weir.thing\"() : () -> () loc(\"x.mlir\":4:2)\n";
    let mut diags = Vec::new();
    assert!(bridge.parse(text, &mut diags).is_none());
    assert_eq!(diags[0].severity, Severity::Error);
    bridge.set_allow_unregistered(true);
    let mut diags = Vec::new();
    assert!(bridge.parse(text, &mut diags).is_some(), "{diags:?}");
}

#[test]
fn verifier_error_has_the_op_location() {
    let bridge = Bridge::new();
    let mut diags = Vec::new();
    // A generic scf.yield outside any scf op: MLIR's verifier rejects it at its location.
    let text = "\"func.func\"() <{function_type = () -> (), sym_name = \"f\"}> ({\n  \"scf.yield\"() : () -> () loc(\"v.mlir\":7:3)\n}) : () -> () loc(\"v.mlir\":1:1)\n";
    assert!(bridge.parse(text, &mut diags).is_none());
    let d = diags
        .iter()
        .find(|d| d.severity == Severity::Error)
        .unwrap();
    assert_eq!(d.loc, file_loc("v.mlir", 7, 3), "{diags:?}");
}

#[test]
fn bad_pipeline_is_mlirs_error() {
    let bridge = Bridge::new();
    let e = bridge
        .check_pipeline("builtin.module(no-such-pass)")
        .unwrap_err();
    assert!(
        e.contains("'no-such-pass' does not refer to a registered pass or pass pipeline"),
        "{e}"
    );
    let mut module = bridge.parse("module {}", &mut Vec::new()).unwrap();
    let mut diags = Vec::new();
    assert!(!bridge.run_pipeline(&mut module, "builtin.module(no-such-pass)", &mut diags));
    assert!(diags[0].message.contains("no-such-pass"), "{diags:?}");
}

#[test]
fn pass_failure_is_located() {
    let bridge = Bridge::new();
    bridge.set_allow_unregistered(true);
    let mut diags = Vec::new();
    // An unknown op on a tensor: one-shot-bufferize cannot bufferize it and fails there.
    let text = "func.func @f() -> tensor<4xf32> {\n  %0 = tensor.empty() : tensor<4xf32>\n  %1 = \"test.op\"(%0) : (tensor<4xf32>) -> tensor<4xf32> loc(\"p.mlir\":3:8)\n  return %1 : tensor<4xf32>\n}\n";
    let mut module = bridge.parse(text, &mut diags).unwrap();
    assert!(!bridge.run_pipeline(
        &mut module,
        "builtin.module(one-shot-bufferize)",
        &mut diags
    ));
    let d = diags
        .iter()
        .find(|d| d.severity == Severity::Error)
        .unwrap();
    assert_eq!(d.message, "op was not bufferized");
    assert_eq!(d.loc, file_loc("p.mlir", 3, 8), "{diags:?}");
}
