//! Verifier and parser negative tests: each invalid input gives exactly the expected first
//! diagnostic (mlir-opt 22's message and location, or Weir's documented stricter rule).

#[path = "cases/invalid.rs"]
mod invalid;
mod support;

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
