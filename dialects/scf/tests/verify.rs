//! Verifier and parser negative tests: each invalid input gives exactly the expected first
//! diagnostic (mlir-opt 22's message and location, or Weir's documented stricter rule).

#[path = "cases/invalid.rs"]
mod invalid;
use weir_test_support as support;

use support::*;

#[test]
fn every_invalid_case_gives_the_expected_diagnostic() {
    let mut failures = Vec::new();
    for c in invalid::INVALID {
        let got = first_error(c.src);
        if got != c.error {
            failures.push(format!(
                "{}:\n  expected: {}\n  got:      {}",
                c.name, c.error, got
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn case_names_are_unique() {
    let mut names: Vec<_> = invalid::INVALID.iter().map(|c| c.name).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), invalid::INVALID.len());
}

/// A constant step that is not positive (`<= 0`, `0` for `unsigned`) is valid IR, as in mlir-opt
/// 22 (checked: it accepts these three); running such a loop is undefined behaviour, which the
/// verifier cannot know (issue 8, fault 1: a pass may fold a computed step into such a constant
/// inside a branch that never runs).
#[test]
fn non_positive_constant_steps_verify() {
    for src in [
        r#"func.func @f(%lb: index) {
  %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
  scf.for %i = %lb to %lb step %c0 {
  }
  return
}"#,
        r#"func.func @f(%lb: i32) {
  %m = "arith.constant"() <{value = -2 : i32}> : () -> i32
  scf.for %i = %lb to %lb step %m  : i32 {
  }
  return
}"#,
        r#"func.func @f(%lb: i8) {
  %z = "arith.constant"() <{value = 0 : i8}> : () -> i8
  scf.for unsigned %i = %lb to %lb step %z  : i8 {
  }
  return
}"#,
    ] {
        let (mut ctx, syntax) = setup();
        parse_verified(&mut ctx, &syntax, src);
    }
}
