//! The LLVM backend against the Cranelift JIT on tensor programs: every cf-run command of the
//! lit inputs that use tensors (their `RUN:` lines up to FileCheck) and of the examples with
//! tensors (the `// cf-run examples/...` commands in their header comments) runs under
//! `--backend=cranelift`, `--backend=llvm -O0` and `--backend=llvm -O3`, and the three must
//! print the same stdout and stderr and exit with the same status. The expected values are the
//! Cranelift JIT's (checked against NumPy and by hand by the lit tests and examples/expected.py
//! themselves).
//!
//! The two backends lower the same ops and types (one plan per op decides for both), so an
//! input one rejects the other rejects too, with an error naming the backend (`unsupported
//! operation 'scf.if' in the JIT` / `in the llvm backend`); the comparison reads both as the
//! same.
#![cfg(feature = "llvm")]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The inputs with a float reduction whose combining op carries `fastmath<reassoc>`, which
/// lets each backend regroup it its own way (the JIT by 4-lane partial sums, LLVM as its
/// vectorizer chooses), so their printed sums may differ (by design of the test, where
/// cancellation shows the grouping): only the exit status and stderr must agree.
const REGROUPED: &[&str] = &["lit-tests/run/vector-reduction.mlir"];

/// The commands that need inputs made by a script first (`--arg @file.npy`), which the test
/// does not run: the file and why.
const NEEDS_GENERATED_INPUTS: &[&str] = &["examples/mamba-scan.mlir"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A shell command's (stdout, stderr, exit status), with cf-run and cf-opt on the PATH.
fn sh(cmd: &str) -> (String, String, i32) {
    let bin = Path::new(env!("CARGO_BIN_EXE_cf-run"))
        .parent()
        .expect("a directory")
        .to_path_buf();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("sh")
        .arg("-c")
        .arg(cmd)
        .current_dir(root())
        .env("PATH", path)
        .output()
        .expect("sh runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// The cf-run commands of lit input `rel` (its RUN lines, continuations joined, with `%s`
/// replaced and everything from the first `| FileCheck` / `| not FileCheck` on removed).
fn lit_commands(rel: &str, text: &str) -> Vec<String> {
    let mut cmds = Vec::new();
    let mut cur = String::new();
    for line in text.lines() {
        let Some(rest) = line.trim_start().strip_prefix("// RUN:") else {
            continue;
        };
        let rest = rest.trim();
        match rest.strip_suffix('\\') {
            Some(part) => {
                cur.push_str(part);
                cur.push(' ');
            }
            None => {
                cur.push_str(rest);
                cmds.push(std::mem::take(&mut cur));
            }
        }
    }
    cmds.into_iter()
        .filter(|c| c.contains("cf-run"))
        .map(|c| {
            let c = c.replace("%s", rel);
            let cut = ["| FileCheck", "| not FileCheck", "|FileCheck"]
                .iter()
                .filter_map(|p| c.find(p))
                .min()
                .unwrap_or(c.len());
            let c = c[..cut].trim().to_string();
            c.strip_prefix("not ").map(str::to_string).unwrap_or(c)
        })
        .collect()
}

/// The cf-run commands in the header comments of example `rel` (continuations joined, cut
/// at `->`).
fn example_commands(text: &str) -> Vec<String> {
    let mut cmds = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i].trim_start_matches('/').trim();
        if l.starts_with("cf-run examples/") {
            let mut c = String::new();
            let mut part = l;
            loop {
                match part.strip_suffix('\\') {
                    Some(p) => {
                        c.push_str(p);
                        c.push(' ');
                        i += 1;
                        part = lines
                            .get(i)
                            .map_or("", |x| x.trim_start_matches('/').trim());
                    }
                    None => {
                        c.push_str(part);
                        break;
                    }
                }
            }
            let c = c.split("->").next().unwrap_or("").trim().to_string();
            cmds.push(c);
        }
        i += 1;
    }
    cmds
}

/// The same command with cf-run told to use `backend` (`cranelift`, `llvm -O0`, ...).
fn with_backend(cmd: &str, backend: &str) -> String {
    cmd.replacen("cf-run ", &format!("cf-run --backend={backend} "), 1)
}

#[test]
fn llvm_matches_cranelift_on_tensor_programs() {
    let mut inputs: Vec<(String, Vec<String>)> = Vec::new();
    let mut files: Vec<PathBuf> = Vec::new();
    for dir in ["lit-tests", "examples"] {
        let mut stack = vec![root().join(dir)];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).expect("a directory").flatten() {
                let p = e.path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "mlir") {
                    files.push(p);
                }
            }
        }
    }
    files.sort();
    for p in files {
        let text = std::fs::read_to_string(&p).expect("readable");
        if !text.contains("tensor<") {
            continue;
        }
        let rel = p
            .strip_prefix(root())
            .expect("under the root")
            .to_string_lossy()
            .replace("tools/../", "");
        let cmds = if rel.starts_with("examples/") {
            example_commands(&text)
        } else {
            lit_commands(&rel, &text)
        };
        if !cmds.is_empty() {
            inputs.push((rel, cmds));
        }
    }
    assert!(inputs.len() >= 15, "found only {} inputs", inputs.len());

    let mut failures = Vec::new();
    let mut compared = 0;
    for (rel, cmds) in &inputs {
        if NEEDS_GENERATED_INPUTS.contains(&rel.as_str()) {
            continue;
        }
        for cmd in cmds {
            let want = sh(&with_backend(cmd, "cranelift"));
            for level in ["-O0", "-O3"] {
                let mut got = sh(&with_backend(cmd, &format!("llvm {level}")));
                for text in [&mut got.0, &mut got.1] {
                    *text = text
                        .replace("' in the llvm backend", "' in the JIT")
                        .replace("supported by the llvm backend", "supported by the JIT");
                }
                if REGROUPED.contains(&rel.as_str()) {
                    if (&got.1, got.2) != (&want.1, want.2) {
                        failures.push(format!("{rel}: `{cmd}` at {level}: {want:?} vs {got:?}"));
                    }
                    compared += 1;
                } else if got != want {
                    failures.push(format!(
                        "{rel}: `{cmd}` at {level}:\n  cranelift: {want:?}\n  llvm:      {got:?}"
                    ));
                } else {
                    compared += 1;
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(compared >= 20, "only {compared} runs compared");
}
