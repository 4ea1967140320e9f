//! End-to-end: MLIR text in the generic op form (parsed by `weir-syntax` into a context with
//! every dialect registered) compiled and run. Expected values are computed by hand.

use weir_jit::{compile, RuntimeErrorKind, Scalar};
use weir_syntax::{parse_module, ParseOptions};

/// `src` parsed into `ctx` (generic form; unregistered ops allowed): the module.
fn parse(ctx: &mut weir_ir::Context, syntax: &weir_syntax::Syntax, src: &str) -> weir_ir::OpId {
    parse_module(
        ctx,
        syntax,
        src,
        "t.mlir",
        1,
        ParseOptions {
            allow_unregistered: true,
        },
    )
    .unwrap_or_else(|d| panic!("parse error: {}: {}", d.loc, d.message))
}

/// The compile error of `src` in a context with every dialect registered.
fn compile_error(src: &str) -> weir_ir::Diagnostic {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let module = parse(&mut ctx, &syntax, src);
    compile(&ctx, module).expect_err("compile should fail")
}

fn run(src: &str, func: &str, args: &[Scalar]) -> Result<Vec<Scalar>, weir_jit::RuntimeError> {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let module = parse(&mut ctx, &syntax, src);
    let m =
        compile(&ctx, module).unwrap_or_else(|d| panic!("compile error: {}: {}", d.loc, d.message));
    m.call(func, args)
}

/// The CFG MLIR's --convert-scf-to-cf produces for a sum-of-squares scf.for (MLIR-NOTES.md d).
const SUM_OF_SQUARES: &str = r#"
"func.func"() ({
^bb0(%n: index):
  %c0 = "arith.constant"() {value = 0 : index} : () -> index
  %c1 = "arith.constant"() {value = 1 : index} : () -> index
  %z = "arith.constant"() {value = 0 : i64} : () -> i64
  "cf.br"(%c0, %z)[^bb1] : (index, i64) -> ()
^bb1(%i: index, %acc: i64):
  %lt = "arith.cmpi"(%i, %n) {predicate = 2 : i64} : (index, index) -> i1
  "cf.cond_br"(%lt)[^bb2, ^bb3] {operandSegmentSizes = array<i32: 1, 0, 0>} : (i1) -> ()
^bb2:
  %ii = "arith.index_cast"(%i) : (index) -> i64
  %sq = "arith.muli"(%ii, %ii) : (i64, i64) -> i64
  %acc2 = "arith.addi"(%acc, %sq) : (i64, i64) -> i64
  %i2 = "arith.addi"(%i, %c1) : (index, index) -> index
  "cf.br"(%i2, %acc2)[^bb1] : (index, i64) -> ()
^bb3:
  "func.return"(%acc) : (i64) -> ()
}) {function_type = (index) -> i64, sym_name = "main"} : () -> ()
"#;

#[test]
fn sum_of_squares_from_text() {
    let r = run(SUM_OF_SQUARES, "main", &[Scalar::index(10)]).unwrap();
    assert_eq!(r, vec![Scalar::i64(285)]);
    assert_eq!(r[0].to_string(), "285");
}

const SWITCH: &str = r#"
"func.func"() ({
^bb0(%x: i64):
  "cf.switch"(%x, %x, %x)[^bb1, ^bb2, ^bb3] {case_operand_segments = array<i32: 0, 1>, case_values = dense<[1, 4294967297]> : vector<2xi64>, operandSegmentSizes = array<i32: 1, 1, 1>} : (i64, i64, i64) -> ()
^bb1(%d: i64):
  %c100 = "arith.constant"() {value = 100 : i64} : () -> i64
  %r = "arith.addi"(%d, %c100) : (i64, i64) -> i64
  "func.return"(%r) : (i64) -> ()
^bb2:
  %c1 = "arith.constant"() {value = 1 : i64} : () -> i64
  "func.return"(%c1) : (i64) -> ()
^bb3(%b: i64):
  %c2 = "arith.constant"() {value = 2 : i64} : () -> i64
  %m = "arith.muli"(%b, %c2) : (i64, i64) -> i64
  "func.return"(%m) : (i64) -> ()
}) {function_type = (i64) -> i64, sym_name = "sw"} : () -> ()
"#;

#[test]
fn switch_from_text() {
    let sw = |x: i64| {
        run(SWITCH, "sw", &[Scalar::i64(x)]).unwrap()[0]
            .as_i64()
            .unwrap()
    };
    assert_eq!(sw(1), 1);
    assert_eq!(sw(4294967297), 8589934594); // 2 * (2^32 + 1)
    assert_eq!(sw(5), 105);
}

const ASSERT_AND_DIV: &str = r#"
"func.func"() ({
^bb0(%a: i32, %b: i32):
  %c0 = "arith.constant"() {value = 0 : i32} : () -> i32
  %nn = "arith.cmpi"(%a, %c0) {predicate = 5 : i64} : (i32, i32) -> i1
  "cf.assert"(%nn) {msg = "a must be non-negative"} : (i1) -> ()
  %q = "arith.divsi"(%a, %b) : (i32, i32) -> i32
  %f = "arith.sitofp"(%q) : (i32) -> f64
  %h = "arith.constant"() {value = 2.500000e-01 : f64} : () -> f64
  %s = "arith.addf"(%f, %h) : (f64, f64) -> f64
  "func.return"(%q, %s) : (i32, f64) -> ()
}) {function_type = (i32, i32) -> (i32, f64), sym_name = "f"} : () -> ()
"#;

#[test]
fn assert_and_division_from_text() {
    let r = run(ASSERT_AND_DIV, "f", &[Scalar::i32(7), Scalar::i32(2)]).unwrap();
    assert_eq!(r, vec![Scalar::i32(3), Scalar::F64(3.25)]);
    assert_eq!(r[1].to_string(), "3.25");
    let e = run(ASSERT_AND_DIV, "f", &[Scalar::i32(-7), Scalar::i32(2)]).unwrap_err();
    assert_eq!(e.kind, RuntimeErrorKind::AssertionFailed);
    assert_eq!(e.message, "assertion failed: a must be non-negative");
    assert_eq!(e.loc.file_line_col(), Some(("t.mlir", 6, 3)));
    let e = run(ASSERT_AND_DIV, "f", &[Scalar::i32(7), Scalar::i32(0)]).unwrap_err();
    assert_eq!(e.kind, RuntimeErrorKind::DivisionByZero);
    assert_eq!(e.loc.file_line_col(), Some(("t.mlir", 7, 8)));
}

/// An unsupported type is named in MLIR's syntax, layout and memory space included (the
/// context's type printer; mlir-opt 22 prints this function type back unchanged).
#[test]
fn unsupported_type_is_printed_as_mlir() {
    let d = compile_error(
        r#"
"func.func"() ({
^bb0(%m: memref<4x?xf32, strided<[?, 1], offset: ?>, 1>):
  "func.return"() : () -> ()
}) {function_type = (memref<4x?xf32, strided<[?, 1], offset: ?>, 1>) -> (), sym_name = "f"} : () -> ()
"#,
    );
    assert_eq!(
        d.message,
        "cf-run: unsupported type 'memref<4x?xf32, strided<[?, 1], offset: ?>, 1>' in the JIT"
    );
    assert_eq!(d.loc.file_line_col(), Some(("t.mlir", 2, 1)));
}

/// Malformed ops that the verifier would reject are located errors of the JIT, not panics or
/// wrong code: a `cf.cond_br` whose segments give the condition to the true successor
/// (`[0, 1, 0]` with operands `(%c, %x)`: the true successor would get `%c` and the condition
/// would be missing), and an `arith.cmpi` with predicate 10 (the last is 9, `uge`).
#[test]
fn malformed_segments_and_predicates_are_errors() {
    let d = compile_error(
        r#"
"func.func"() ({
^bb0(%c: i1, %x: i1):
  "cf.cond_br"(%c, %x)[^bb1, ^bb2] {operandSegmentSizes = array<i32: 0, 1, 0>} : (i1, i1) -> ()
^bb1(%y: i1):
  "func.return"(%y) : (i1) -> ()
^bb2:
  "func.return"(%c) : (i1) -> ()
}) {function_type = (i1, i1) -> i1, sym_name = "f"} : () -> ()
"#,
    );
    assert_eq!(
        d.message,
        "cf-run: 'cf.cond_br' has operand segments that do not add up to its operands"
    );
    assert_eq!(d.loc.file_line_col(), Some(("t.mlir", 4, 3)));
    let d = compile_error(
        r#"
"func.func"() ({
^bb0(%a: i32):
  %r = "arith.cmpi"(%a, %a) {predicate = 10 : i64} : (i32, i32) -> i1
  "func.return"(%r) : (i1) -> ()
}) {function_type = (i32) -> i1, sym_name = "f"} : () -> ()
"#,
    );
    assert_eq!(
        d.message,
        "cf-run: 'arith.cmpi' requires a 'predicate' attribute naming one of its predicates"
    );
}

/// The JIT reads ops through their dialects' definitions (which operands go to which
/// successor), so a context where the dialects are not registered is an error at the first
/// op, not a guess.
#[test]
fn unregistered_ops_are_errors() {
    let mut ctx = weir_ir::Context::new();
    let module = parse(&mut ctx, &weir_syntax::Syntax::new(), SUM_OF_SQUARES);
    let d = compile(&ctx, module).expect_err("compile should fail");
    assert_eq!(
        d.message,
        "cf-run: 'arith.constant' is not registered in the context (the JIT reads ops through \
         their dialects' definitions)"
    );
    let first = ctx
        .nested_ops(module)
        .into_iter()
        .find(|&o| ctx.name_str(o) == "arith.constant")
        .expect("the module has a constant");
    assert_eq!(&d.loc, &ctx.loc(first));
}
