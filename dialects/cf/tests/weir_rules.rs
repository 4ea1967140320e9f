//! Where Weir's cf dialect deliberately differs from MLIR 22 (see the crate docs): wide case
//! literals, duplicate and out-of-range case values, and stricter checks of malformed generic
//! input. The expected texts are hand-written (mlir-opt 22 accepts, truncates or crashes here).

use common::{check_error, check_roundtrip, parse, setup};
use weir_test_support as common;

#[test]
fn switch_accepts_literals_up_to_the_flag_width() {
    // MLIR 22 rejects both literals (`integer value too large`); they are i64 -2^63 and -1.
    // Weir prints 64-bit case values signed, so the output parses in mlir-opt 22 too.
    check_roundtrip(
        r#"func.func @f(%a: i64) {
  cf.switch %a : i64, [ default: ^bb1, 9223372036854775808: ^bb1, 18446744073709551615: ^bb2, -2: ^bb2 ]
^bb1:
  return
^bb2:
  return
}
"#,
        r#"module {
  func.func @f(%arg0: i64) {
    cf.switch %arg0 : i64, [
      default: ^bb1,
      -9223372036854775808: ^bb1,
      -1: ^bb2,
      -2: ^bb2
    ]
  ^bb1:  // 2 preds: ^bb0, ^bb0
    return
  ^bb2:  // 2 preds: ^bb0, ^bb0
    return
  }
}
"#,
    );
}

#[test]
fn switch_case_values_are_stored_sign_extended() {
    let (mut ctx, syntax) = setup();
    let src = r#"func.func @f(%a: i64, %b: i8, %c: ui8) {
  cf.switch %a : i64, [ default: ^bb1, 9223372036854775808: ^bb1, 18446744073709551615: ^bb1 ]
^bb1:
  cf.switch %b : i8, [ default: ^bb2, 255: ^bb2, 127: ^bb2 ]
^bb2:
  cf.switch %c : ui8, [ default: ^bb3, 255: ^bb3 ]
^bb3:
  return
}
"#;
    let m = parse(&mut ctx, &syntax, src).expect("valid");
    let switches: Vec<_> = ctx
        .nested_ops(m)
        .into_iter()
        .filter(|&o| ctx.is(o, "cf.switch"))
        .collect();
    assert_eq!(
        weir_dialect_cf::switch_case_values(&ctx, switches[0]),
        Some(vec![i64::MIN as i128, -1])
    );
    assert_eq!(
        weir_dialect_cf::switch_case_values(&ctx, switches[1]),
        Some(vec![-1, 127])
    );
    assert_eq!(
        weir_dialect_cf::switch_case_values(&ctx, switches[2]),
        Some(vec![255])
    );
}

#[test]
fn switch_rejects_literals_wider_than_the_flag() {
    // MLIR 22 silently truncates 256 to 0 on i8.
    check_error(
        r#"func.func @f(%a: i8) {
  cf.switch %a : i8, [ default: ^bb1, 256: ^bb1 ]
^bb1:
  return
}
"#,
        "2:39: error: custom op 'cf.switch' integer value too large",
    );
    check_error(
        r#"func.func @f(%a: i8) {
  cf.switch %a : i8, [ default: ^bb1, -129: ^bb1 ]
^bb1:
  return
}
"#,
        "2:39: error: custom op 'cf.switch' integer value too large",
    );
}

#[test]
fn switch_rejects_duplicate_case_values() {
    check_error(
        r#"func.func @f(%a: i32) {
  cf.switch %a : i32, [
    default: ^bb1,
    1: ^bb1,
    1: ^bb1
  ]
^bb1:
  return
}
"#,
        "2:3: error: 'cf.switch' op has duplicate case value: 1",
    );
    // -1 and 255 are the same i8 value.
    check_error(
        r#"func.func @f(%a: i8) {
  cf.switch %a : i8, [ default: ^bb1, -1: ^bb1, 255: ^bb1 ]
^bb1:
  return
}
"#,
        "2:3: error: 'cf.switch' op has duplicate case value: 255",
    );
    // In generic form too (a splat of two equal values).
    check_error(
        r#"func.func @f(%a: i32) {
  "cf.switch"(%a)[^bb1, ^bb1, ^bb1] {case_operand_segments = array<i32: 0, 0>, case_values = dense<[7, 7]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>} : (i32) -> ()
^bb1:
  return
}
"#,
        "2:3: error: 'cf.switch' op has duplicate case value: 7",
    );
}

#[test]
fn switch_case_successors_need_case_values() {
    // MLIR 22 crashes on this input.
    check_error(
        r#"func.func @f(%a: i32) {
  "cf.switch"(%a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}
"#,
        "2:3: error: 'cf.switch' op number of case values (0) should match number of case destinations (1)",
    );
}

#[test]
fn switch_case_operand_segments_match_case_successors() {
    check_error(
        r#"func.func @f(%a: i32) {
  "cf.switch"(%a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0, 0>, case_values = dense<[0]> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}
"#,
        "2:3: error: 'cf.switch' op number of case operand segments (2) should match number of case destinations (1)",
    );
}

#[test]
fn condition_and_flag_segments_are_one_operand() {
    check_error(
        r#"func.func @f(%a: i1) {
  "cf.cond_br"(%a, %a)[^bb1, ^bb1] {operandSegmentSizes = array<i32: 2, 0, 0>} : (i1, i1) -> ()
^bb1:
  return
}
"#,
        "2:3: error: 'cf.cond_br' op 'operandSegmentSizes' must give 'condition' exactly 1 operand, but gives 2",
    );
    check_error(
        r#"func.func @f(%a: i32) {
  "cf.switch"(%a)[^bb1] <{case_operand_segments = array<i32>, operandSegmentSizes = array<i32: 0, 1, 0>}> : (i32) -> ()
^bb1(%x: i32):
  return
}
"#,
        "2:3: error: 'cf.switch' op 'operandSegmentSizes' must give 'flag' exactly 1 operand, but gives 0",
    );
}
