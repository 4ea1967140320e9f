//! Opt-in: upstream mlir-opt 22 as the oracle (`cargo test -p weir-dialect-scf --features
//! mlir-oracle`; the binary is `$MLIR_OPT` or /usr/lib/llvm-22/bin/mlir-opt).
//!
//! For every valid case: what Weir prints (custom and generic form) parses in mlir-opt; mlir-opt
//! prints the same text as Weir up to SSA value names and its `// pred:` comments; and Weir
//! reads mlir-opt's generic output back to the same IR. For every invalid case marked `oracle`:
//! mlir-opt reports the same first error and notes at the same locations.
#![cfg(feature = "mlir-oracle")]

#[path = "cases/invalid.rs"]
mod invalid;
use weir_test_support as support;
#[path = "cases/valid.rs"]
mod valid;

use std::process::Command;
use support::*;

fn mlir_opt() -> String {
    std::env::var("MLIR_OPT").unwrap_or_else(|_| "/usr/lib/llvm-22/bin/mlir-opt".to_string())
}

/// Runs mlir-opt on `text` (written to a file named after `name`); returns (success, stdout,
/// stderr, file path).
fn run(name: &str, text: &str, extra: &[&str]) -> (bool, String, String, String) {
    let dir = std::env::temp_dir().join(format!("weir-scf-oracle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.mlir"));
    std::fs::write(&path, text).unwrap();
    let path = path.to_string_lossy().to_string();
    let out = Command::new(mlir_opt())
        .arg("--allow-unregistered-dialect")
        .args(extra)
        .arg(&path)
        .output()
        .expect("cannot run mlir-opt");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
        path,
    )
}

/// Replaces every SSA name by `%_` and drops `  // ...` comments: what is left must be equal.
fn normalize(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let line = match line.find("  // ") {
            Some(i) => &line[..i],
            None => line,
        };
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            out.push(c);
            if c == '%' {
                while chars
                    .peek()
                    .is_some_and(|&d| d.is_ascii_alphanumeric() || "_$.-".contains(d))
                {
                    chars.next();
                }
                out.push('_');
            }
        }
        out.push('\n');
    }
    out
}

#[test]
fn mlir_opt_agrees_on_valid_cases() {
    let mut failures = Vec::new();
    for (name, src) in valid::VALID {
        let ours = roundtrip(src);
        let (ok, theirs, err, _) = run(name, &ours, &[]);
        if !ok {
            failures.push(format!(
                "{name}: mlir-opt rejects Weir's print:\n{err}\n{ours}"
            ));
            continue;
        }
        if normalize(&theirs).trim_end() != normalize(&ours).trim_end() {
            failures.push(format!(
                "{name}: printed forms differ\n--- mlir-opt:\n{theirs}\n--- weir:\n{ours}"
            ));
        }
        let generic = print_src(src, true);
        let (ok, _, err, _) = run(&format!("{name}.generic"), &generic, &[]);
        if !ok {
            failures.push(format!(
                "{name}: mlir-opt rejects Weir's generic print:\n{err}\n{generic}"
            ));
        }
        let (ok, theirs_generic, err, _) = run(name, &ours, &["--mlir-print-op-generic"]);
        assert!(ok, "{err}");
        let back = print_src(&theirs_generic, false);
        if back != ours {
            failures.push(format!("{name}: mlir-opt's generic output reads back differently\n--- back:\n{back}\n--- ours:\n{ours}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn mlir_opt_agrees_on_invalid_cases() {
    let mut failures = Vec::new();
    for c in invalid::INVALID.iter().filter(|c| c.oracle) {
        let (ok, _, stderr, path) = run(c.name, c.src, &[]);
        if ok {
            failures.push(format!("{}: mlir-opt accepts it", c.name));
            continue;
        }
        let mut lines = c.error.lines();
        let first = lines.next().unwrap();
        let mut want = vec![format!("{path}:{}", first.replacen(": ", ": error: ", 1))];
        for note in lines {
            let note = note.trim_start().strip_prefix("note ").unwrap();
            want.push(format!("{path}:{}", note.replacen(": ", ": note: ", 1)));
        }
        // The first error line, then its notes (mlir-opt also prints source lines, and a
        // "see current operation" note, in between).
        let got: Vec<&str> = stderr.lines().filter(|l| l.starts_with(&path)).collect();
        let got: Vec<&str> = got
            .into_iter()
            .filter(|l| !l.contains("see current operation"))
            .collect();
        if got.first().map(|s| s.to_string()) != want.first().cloned()
            || !want[1..].iter().all(|w| got.contains(&w.as_str()))
        {
            failures.push(format!(
                "{}:\n  want: {:?}\n  mlir-opt: {:?}",
                c.name, want, got
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn weir_only_cases_really_differ_from_mlir_opt() {
    let mut failures = Vec::new();
    for c in invalid::INVALID.iter().filter(|c| !c.oracle) {
        let (ok, _, stderr, path) = run(c.name, c.src, &[]);
        let first = c.error.lines().next().unwrap();
        let same = format!("{path}:{}", first.replacen(": ", ": error: ", 1));
        if !ok && stderr.lines().next() == Some(same.as_str()) {
            failures.push(format!(
                "{}: mlir-opt gives the same diagnostic; mark it `case`",
                c.name
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
