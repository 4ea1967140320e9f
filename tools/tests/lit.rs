//! The lit test suite: every `*.mlir` file under `lit-tests/` is one test case.
//!
//! A miniature of LLVM's lit, enough for MLIR-style tests:
//! - `RUN:` lines (any comment prefix without letters or digits, e.g. `//`, `#`, `;`); a trailing
//!   `\` continues the command on the next `RUN:` line;
//! - substitutions `%s` (the file), `%S` (its directory), `%t` (a per-test temporary path),
//!   `%mlir_opt` (the reference mlir-opt) and `%%` (`%`);
//! - each command runs as `bash -c 'set -o pipefail; CMD'` in the test's temporary directory,
//!   with `cf-opt`, `cf-run`, `FileCheck` and lit's `not` first on `PATH`, and
//!   `FILECHECK_OPTS="-enable-var-scope --allow-unused-prefixes=false"` as in MLIR's suite;
//! - `REQUIRES: mlir-opt` skips the test when `/usr/lib/llvm-22/bin/mlir-opt` is absent.
//!
//! FileCheck comes from `$FILECHECK`, else `FileCheck` on `PATH`, else the newest
//! `/usr/lib/llvm-*/bin/FileCheck`; without one every test fails (never skips).
//! `WEIR_LIT_TIMEOUT` (seconds, default 300) bounds each command.
//!
//! Run one test: `cargo test -p weir-tools --test lit -- scf/while.mlir`.
//!
//! Built with the `llvm` feature, every test whose RUN lines call `cf-run` on scalar programs
//! (its text has no `tensor<`) also runs once per entry of [`BACKEND_VARIANTS`], named e.g.
//! `run/pair.mlir [--backend=llvm -O3]`: the same commands and checks with a `cf-run` that
//! passes those flags first, so the LLVM backend must print what the Cranelift JIT prints
//! (results, fault messages, exit statuses). This reuses every expected value of the suite
//! as it stands, with no second copy of the RUN lines to keep in step.

use libtest_mimic::{Arguments, Completion, Failed, Trial};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The reference mlir-opt, for `REQUIRES: mlir-opt` and `%mlir_opt`.
const MLIR_OPT: &str = "/usr/lib/llvm-22/bin/mlir-opt";

/// What MLIR's lit configuration passes to every FileCheck.
const FILECHECK_OPTS: &str = "-enable-var-scope --allow-unused-prefixes=false";

/// Features a test may `REQUIRES:`.
const KNOWN_FEATURES: [&str; 1] = ["mlir-opt"];

/// The cf-run flags of the extra runs of the scalar cf-run tests (see the module docs).
/// Each is (tag, flags): a test with `UNSUPPORTED: llvm` (every variant) or `UNSUPPORTED:
/// <tag>` is not repeated there (e.g. a check of Cranelift's own code, or LLVM's -O3 on 10^4
/// nested branches, which takes minutes).
#[cfg(feature = "llvm")]
const BACKEND_VARIANTS: &[(&str, &str)] = &[
    ("llvm-O0", "--backend=llvm -O0"),
    ("llvm-O3", "--backend=llvm -O3"),
];
#[cfg(not(feature = "llvm"))]
const BACKEND_VARIANTS: &[(&str, &str)] = &[];

/// How much of a failing command's stdout and stderr the report shows (lines, from the end).
const TAIL_LINES: usize = 60;

/// lit's `not`: succeeds when the command fails normally (non-zero exit status, not killed by a
/// signal); fails when it succeeds or crashes.
const NOT_SCRIPT: &str = r#"#!/usr/bin/env bash
# lit's `not` (weir lit harness): invert the exit status of a command that did not crash.
if [ "$#" -eq 0 ]; then echo "not: missing command" >&2; exit 1; fi
"$@"
status=$?
if [ "$status" -eq 0 ]; then exit 1; fi
if [ "$status" -gt 128 ]; then
  echo "not: '$1' crashed (exit status $status)" >&2
  exit 1
fi
exit 0
"#;

fn main() {
    let args = Arguments::from_args();
    let (env, scratch) = match Environment::create() {
        Ok(pair) => pair,
        Err(error) => {
            eprintln!("lit: cannot set up the scratch directory: {error}");
            std::process::exit(101);
        }
    };
    let env = Arc::new(env);
    let mut trials = collect_tests(&env);
    trials.extend(unit_tests());
    let conclusion = libtest_mimic::run(&args, trials);
    drop(scratch);
    conclusion.exit();
}

/// Shared by all tests: where the tools are and where scratch files go.
#[derive(Clone)]
struct Environment {
    /// `lit-tests/` in the workspace.
    suite_root: PathBuf,
    /// The directory put first on `PATH` (tool symlinks and `not`).
    bin_dir: PathBuf,
    /// Per-test scratch directories live under here.
    tmp_root: PathBuf,
    /// Why FileCheck is unavailable, if it is.
    filecheck_error: Option<String>,
    /// Per-command time limit.
    timeout: Duration,
}

impl Environment {
    /// A copy whose tool directory `bin-<index>` holds a `cf-run` that runs the real one with
    /// `flags` first (and links to the other tools).
    fn with_cf_run_flags(&self, index: usize, flags: &str) -> io::Result<Environment> {
        let bin_dir = self.bin_dir.with_file_name(format!("bin-{index}"));
        fs::create_dir_all(&bin_dir)?;
        for tool in ["cf-opt", "not", "FileCheck"] {
            if self.bin_dir.join(tool).exists() {
                symlink(&self.bin_dir.join(tool), &bin_dir.join(tool))?;
            }
        }
        let real = self.bin_dir.join("cf-run");
        write_executable(
            &bin_dir.join("cf-run"),
            &format!(
                "#!/usr/bin/env bash\nexec '{}' {flags} \"$@\"\n",
                real.display()
            ),
        )?;
        Ok(Environment {
            bin_dir,
            ..self.clone()
        })
    }

    /// Makes the scratch directory with the tool directory inside; the returned `TempDir`
    /// deletes it when dropped.
    fn create() -> io::Result<(Environment, tempfile::TempDir)> {
        let scratch = tempfile::Builder::new().prefix("weir-lit-").tempdir()?;
        let bin_dir = scratch.path().join("bin");
        let tmp_root = scratch.path().join("tests");
        fs::create_dir_all(&bin_dir)?;
        fs::create_dir_all(&tmp_root)?;
        symlink(
            Path::new(env!("CARGO_BIN_EXE_cf-opt")),
            &bin_dir.join("cf-opt"),
        )?;
        symlink(
            Path::new(env!("CARGO_BIN_EXE_cf-run")),
            &bin_dir.join("cf-run"),
        )?;
        write_executable(&bin_dir.join("not"), NOT_SCRIPT)?;
        let filecheck_error = match find_filecheck() {
            Ok(path) => symlink(&path, &bin_dir.join("FileCheck"))
                .err()
                .map(|e| e.to_string()),
            Err(message) => Some(message),
        };
        let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let workspace = fs::canonicalize(&workspace).unwrap_or(workspace);
        let env = Environment {
            suite_root: workspace.join("lit-tests"),
            bin_dir,
            tmp_root,
            filecheck_error,
            timeout: timeout_from_env(),
        };
        Ok((env, scratch))
    }

    /// `PATH` for the commands: the tool directory first.
    fn path_var(&self) -> std::ffi::OsString {
        let mut paths = vec![self.bin_dir.clone()];
        if let Some(path) = std::env::var_os("PATH") {
            paths.extend(std::env::split_paths(&path));
        }
        std::env::join_paths(paths).unwrap_or_else(|_| self.bin_dir.clone().into_os_string())
    }
}

/// Reads `WEIR_LIT_TIMEOUT` (seconds); 300 when unset or invalid.
fn timeout_from_env() -> Duration {
    let seconds = std::env::var("WEIR_LIT_TIMEOUT")
        .ok()
        .and_then(|s| s.parse().ok());
    Duration::from_secs(seconds.unwrap_or(300))
}

/// Creates a symbolic link `link` pointing at `target`.
fn symlink(target: &Path, link: &Path) -> io::Result<()> {
    std::os::unix::fs::symlink(target, link)
}

/// Writes a script and makes it executable.
fn write_executable(path: &Path, text: &str) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    fs::write(path, text)?;
    fs::set_permissions(path, fs::Permissions::from_mode(0o755))
}

/// Locates FileCheck: `$FILECHECK`, then `FileCheck` on `PATH`, then the newest
/// `/usr/lib/llvm-*/bin/FileCheck`.
fn find_filecheck() -> Result<PathBuf, String> {
    if let Some(path) = std::env::var_os("FILECHECK") {
        let path = PathBuf::from(path);
        return if path.is_file() {
            Ok(path)
        } else {
            Err(format!("FILECHECK={} does not exist", path.display()))
        };
    }
    if let Some(path) = find_on_path("FileCheck") {
        return Ok(path);
    }
    newest_llvm_filecheck().ok_or_else(|| {
        "FileCheck not found: set FILECHECK=/path/to/FileCheck, put FileCheck on PATH, or \
         install LLVM's tools (e.g. `apt-get install llvm-14-tools`, which provides \
         /usr/lib/llvm-14/bin/FileCheck)"
            .to_string()
    })
}

/// The first executable file called `name` in a `PATH` directory.
fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// `/usr/lib/llvm-N/bin/FileCheck` with the largest N.
fn newest_llvm_filecheck() -> Option<PathBuf> {
    let entries = fs::read_dir("/usr/lib").ok()?;
    entries
        .filter_map(|entry| entry.ok())
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            let version: u32 = name.strip_prefix("llvm-")?.parse().ok()?;
            let filecheck = entry.path().join("bin/FileCheck");
            filecheck.is_file().then_some((version, filecheck))
        })
        .max_by_key(|(version, _)| *version)
        .map(|(_, path)| path)
}

/// One trial per `*.mlir` file under the suite root, sorted by name.
fn collect_tests(env: &Arc<Environment>) -> Vec<Trial> {
    let mut files = Vec::new();
    if let Err(error) = find_mlir_files(&env.suite_root, &mut files) {
        let message = format!("cannot list {}: {error}", env.suite_root.display());
        return vec![Trial::test("lit-tests", move || Err(message.into()))];
    }
    files.sort();
    let mut trials: Vec<Trial> = files
        .iter()
        .map(|file| {
            let name = test_name(&env.suite_root, file);
            let (env, file) = (Arc::clone(env), file.clone());
            Trial::ignorable_test(name.clone(), move || run_test(&env, &file, &name, false))
        })
        .collect();
    for (index, &(tag, flags)) in BACKEND_VARIANTS.iter().enumerate() {
        let variant = match env.with_cf_run_flags(index, flags) {
            Ok(v) => Arc::new(v),
            Err(e) => {
                let message = format!("cannot set up the cf-run of '{flags}': {e}");
                trials.push(Trial::test(format!("[{flags}]"), move || {
                    Err(message.into())
                }));
                continue;
            }
        };
        for file in files.iter().filter(|f| runs_scalar_programs(f, tag)) {
            let name = format!("{} [{flags}]", test_name(&env.suite_root, file));
            let (env, file) = (Arc::clone(&variant), file.clone());
            let dir = name.replace([' ', '[', ']', '='], "_");
            trials.push(Trial::ignorable_test(name, move || {
                run_test(&env, &file, &dir, true)
            }));
        }
    }
    trials
}

/// Whether the test at `file` calls `cf-run` in a RUN line, runs only scalar programs (its
/// text has no `tensor<`) and is not `UNSUPPORTED:` for `llvm` or `tag`: the tests the
/// [`BACKEND_VARIANTS`] repeat.
fn runs_scalar_programs(file: &Path, tag: &str) -> bool {
    fs::read_to_string(file).is_ok_and(|text| repeated_in_variant(&text, tag))
}

/// [`runs_scalar_programs`] on the test's text.
fn repeated_in_variant(text: &str, tag: &str) -> bool {
    let unsupported = text.lines().any(|l| {
        directive(l, "UNSUPPORTED:")
            .is_some_and(|f| f.split(',').any(|f| ["llvm", tag].contains(&f.trim())))
    });
    !unsupported
        && !text.contains("tensor<")
        && parse_script(text).is_ok_and(|s| s.commands.iter().any(|(_, c)| c.contains("cf-run")))
}

/// Appends every `*.mlir` file under `dir` (recursively) to `out`.
fn find_mlir_files(dir: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            find_mlir_files(&path, out)?;
        } else if path.extension().is_some_and(|ext| ext == "mlir") {
            out.push(path);
        }
    }
    Ok(())
}

/// The test's name: its path relative to `lit-tests/`, with `/` separators.
fn test_name(root: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(root).unwrap_or(file);
    let parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    parts.join("/")
}

/// The directives of one test file.
#[derive(Debug, Default, PartialEq)]
struct Script {
    /// Each command with its 1-based line number (of its first `RUN:` line).
    commands: Vec<(usize, String)>,
    /// Features named by `REQUIRES:` lines.
    requires: Vec<String>,
}

/// Reads `RUN:` and `REQUIRES:` lines; errors name the problem as lit does.
fn parse_script(text: &str) -> Result<Script, String> {
    let mut script = Script::default();
    let mut continuing = false;
    for (index, line) in text.lines().enumerate() {
        if let Some(features) = directive(line, "REQUIRES:") {
            script
                .requires
                .extend(features.split(',').map(|f| f.trim().to_string()));
            continue;
        }
        let Some(command) = directive(line, "RUN:") else {
            continue;
        };
        let command = command.trim_end();
        let (command, continues) = match command.strip_suffix('\\') {
            Some(head) => (head, true),
            None => (command, false),
        };
        match script.commands.last_mut() {
            Some((_, previous)) if continuing => previous.push_str(command),
            _ => script.commands.push((index + 1, command.to_string())),
        }
        continuing = continues;
    }
    if continuing {
        return Err("Test has unterminated RUN lines (with '\\')".to_string());
    }
    if script.commands.is_empty() {
        return Err("no RUN lines".to_string());
    }
    Ok(script)
}

/// The text after `keyword` if the line is `<comment prefix> keyword ...`, where the prefix has
/// no letters or digits (so `// CHECK: RUN:` is not a RUN line).
fn directive<'a>(line: &'a str, keyword: &str) -> Option<&'a str> {
    let at = line.find(keyword)?;
    let prefix = &line[..at];
    if prefix.chars().any(|c| c.is_alphanumeric()) {
        return None;
    }
    Some(&line[at + keyword.len()..])
}

/// Paths substituted into one test's commands.
struct Substitutions {
    /// `%s`.
    file: String,
    /// `%S`.
    dir: String,
    /// `%t`.
    tmp: String,
}

/// Replaces `%%`, `%mlir_opt`, `%s`, `%S` and `%t` in one left-to-right scan; any other `%` is
/// kept.
fn substitute(command: &str, subs: &Substitutions) -> String {
    let table: [(&str, &str); 5] = [
        ("%%", "%"),
        ("%mlir_opt", MLIR_OPT),
        ("%s", &subs.file),
        ("%S", &subs.dir),
        ("%t", &subs.tmp),
    ];
    let mut out = String::new();
    let mut rest = command;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        match table.iter().find(|(pattern, _)| rest.starts_with(pattern)) {
            Some((pattern, value)) => {
                out.push_str(value);
                rest = &rest[pattern.len()..];
            }
            None => {
                out.push('%');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Runs one test file: parse, check requirements, run each command in order. A
/// `backend_variant` run (see [`BACKEND_VARIANTS`]) skips the commands that check
/// `--dump-jit-code` output, which is each backend's own code.
fn run_test(
    env: &Environment,
    file: &Path,
    name: &str,
    backend_variant: bool,
) -> Result<Completion, Failed> {
    let text =
        fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let script = parse_script(&text)?;
    if let Some(missing) = missing_feature(&script)? {
        return Ok(Completion::ignored_with(format!("requires {missing}")));
    }
    if let Some(error) = &env.filecheck_error {
        return Err(error.clone().into());
    }
    let work_dir = env.tmp_root.join(format!("{name}.dir"));
    fs::create_dir_all(&work_dir)
        .map_err(|e| format!("cannot create {}: {e}", work_dir.display()))?;
    let subs = substitutions(file, &work_dir);
    for (line, command) in &script.commands {
        if backend_variant && command.contains("--dump-jit-code") {
            continue;
        }
        let command = substitute(command, &subs);
        run_command(env, &work_dir, &command).map_err(|report| {
            format!(
                "RUN line {line} of {} failed:\n$ {command}\n{report}",
                file.display()
            )
        })?;
    }
    Ok(Completion::Completed)
}

/// The first required feature that is absent, or an error for an unknown one.
fn missing_feature(script: &Script) -> Result<Option<String>, String> {
    for feature in script.requires.iter().filter(|f| !f.is_empty()) {
        if !KNOWN_FEATURES.contains(&feature.as_str()) {
            return Err(format!(
                "unknown feature in REQUIRES: '{feature}' (known: {})",
                KNOWN_FEATURES.join(", ")
            ));
        }
        if feature == "mlir-opt" && !Path::new(MLIR_OPT).is_file() {
            return Ok(Some(format!("mlir-opt ({MLIR_OPT} is absent)")));
        }
    }
    Ok(None)
}

/// The substitutions of one test: `%t` is `<work dir>/<file name>.tmp`.
fn substitutions(file: &Path, work_dir: &Path) -> Substitutions {
    let absolute = fs::canonicalize(file).unwrap_or_else(|_| file.to_path_buf());
    let dir = absolute.parent().map(Path::to_path_buf).unwrap_or_default();
    let file_name = absolute
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    Substitutions {
        file: absolute.display().to_string(),
        dir: dir.display().to_string(),
        tmp: work_dir
            .join(format!("{file_name}.tmp"))
            .display()
            .to_string(),
    }
}

/// Runs one command under bash with pipefail; `Err` describes the failure.
fn run_command(env: &Environment, work_dir: &Path, command: &str) -> Result<(), String> {
    let stdout_path = work_dir.join("last.stdout");
    let stderr_path = work_dir.join("last.stderr");
    let status = spawn_and_wait(env, work_dir, command, &stdout_path, &stderr_path)?;
    if status.as_ref().is_some_and(ExitStatus::success) {
        return Ok(());
    }
    let outcome = match status {
        Some(status) => describe_status(status),
        None => format!("timed out after {} s (killed)", env.timeout.as_secs()),
    };
    Err(format!(
        "{outcome}\n--- stdout (tail) ---\n{}\n--- stderr (tail) ---\n{}",
        tail(&stdout_path),
        tail(&stderr_path)
    ))
}

/// Starts `bash -c 'set -o pipefail; COMMAND'` in its own process group with output in files,
/// and waits for it; `Ok(None)` means it timed out and was killed.
fn spawn_and_wait(
    env: &Environment,
    work_dir: &Path,
    command: &str,
    stdout_path: &Path,
    stderr_path: &Path,
) -> Result<Option<ExitStatus>, String> {
    use std::os::unix::process::CommandExt;
    let open = |path: &Path| {
        fs::File::create(path).map_err(|e| format!("cannot create {}: {e}", path.display()))
    };
    let mut child = Command::new("bash")
        .arg("-c")
        .arg(format!("set -o pipefail\n{command}"))
        .current_dir(work_dir)
        .env("PATH", env.path_var())
        .env("FILECHECK_OPTS", FILECHECK_OPTS)
        .stdin(Stdio::null())
        .stdout(open(stdout_path)?)
        .stderr(open(stderr_path)?)
        .process_group(0)
        .spawn()
        .map_err(|e| format!("cannot start bash: {e}"))?;
    let deadline = Instant::now() + env.timeout;
    loop {
        if let Some(status) = child
            .try_wait()
            .map_err(|e| format!("cannot wait for bash: {e}"))?
        {
            return Ok(Some(status));
        }
        if Instant::now() >= deadline {
            kill_group(child.id());
            let _ = child.wait();
            return Ok(None);
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Kills the process group `pgid` (the command and everything it started).
fn kill_group(pgid: u32) {
    let _ = Command::new("kill")
        .arg("-KILL")
        .arg("--")
        .arg(format!("-{pgid}"))
        .status();
}

/// "exit code N" or "killed by signal N".
fn describe_status(status: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exit code {code}"),
        (None, Some(signal)) => format!("killed by signal {signal}"),
        (None, None) => format!("{status}"),
    }
}

/// The last [`TAIL_LINES`] lines of a file (lossy UTF-8).
fn tail(path: &Path) -> String {
    let bytes = fs::read(path).unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes);
    let lines: Vec<&str> = text.lines().collect();
    let skipped = lines.len().saturating_sub(TAIL_LINES);
    let mut out = String::new();
    if skipped > 0 {
        out.push_str(&format!("[... {skipped} lines omitted ...]\n"));
    }
    out.push_str(&lines[skipped..].join("\n"));
    out
}

/// Checks of the harness's own text handling, run as extra trials (this target has no libtest
/// harness, so `#[test]` functions would not run).
fn unit_tests() -> Vec<Trial> {
    type Check = fn() -> Result<(), String>;
    let cases: [(&str, Check); 6] = [
        ("lit-harness::backend_variants", check_backend_variants),
        ("lit-harness::run_lines", check_run_lines),
        ("lit-harness::run_line_errors", check_run_line_errors),
        ("lit-harness::requires", check_requires),
        ("lit-harness::substitutions", check_substitutions),
        ("lit-harness::test_names", check_test_names),
    ];
    cases
        .into_iter()
        .map(|(name, check)| Trial::test(name, move || check().map_err(Failed::from)))
        .collect()
}

fn check_backend_variants() -> Result<(), String> {
    let run = "// RUN: cf-run %s | FileCheck %s\n";
    expect_eq(repeated_in_variant(run, "llvm-O0"), true)?;
    expect_eq(repeated_in_variant("// RUN: cf-opt %s\n", "llvm-O0"), false)?;
    let tensor = format!("{run}func.func @f(%t: tensor<2xf32>)\n");
    expect_eq(repeated_in_variant(&tensor, "llvm-O0"), false)?;
    let o3 = format!("{run}// UNSUPPORTED: llvm-O3\n");
    expect_eq(repeated_in_variant(&o3, "llvm-O0"), true)?;
    expect_eq(repeated_in_variant(&o3, "llvm-O3"), false)?;
    let all = format!("{run}// UNSUPPORTED: mlir-opt, llvm\n");
    expect_eq(repeated_in_variant(&all, "llvm-O0"), false)
}

/// `Err` with both values when they differ.
fn expect_eq<T: PartialEq + std::fmt::Debug>(actual: T, expected: T) -> Result<(), String> {
    if actual == expected {
        Ok(())
    } else {
        Err(format!("expected {expected:?}\n   got {actual:?}"))
    }
}

fn check_run_lines() -> Result<(), String> {
    let text = "// RUN: cf-opt %s \\\n// RUN:   --canonicalize | FileCheck %s\n\
                # RUN: not false\n; RUN:true\n// CHECK: RUN: not me\n// XRUN: nor me\n";
    let script = parse_script(text)?;
    expect_eq(
        script.commands,
        vec![
            (1, " cf-opt %s    --canonicalize | FileCheck %s".to_string()),
            (3, " not false".to_string()),
            (4, "true".to_string()),
        ],
    )
}

fn check_run_line_errors() -> Result<(), String> {
    expect_eq(
        parse_script("// CHECK: x\n"),
        Err("no RUN lines".to_string()),
    )?;
    expect_eq(
        parse_script("// RUN: a \\\n"),
        Err("Test has unterminated RUN lines (with '\\')".to_string()),
    )
}

fn check_requires() -> Result<(), String> {
    let script = parse_script("// REQUIRES: mlir-opt\n// RUN: true\n")?;
    expect_eq(script.requires.clone(), vec!["mlir-opt".to_string()])?;
    let expected = if Path::new(MLIR_OPT).is_file() {
        None
    } else {
        Some(())
    };
    expect_eq(missing_feature(&script)?.map(|_| ()), expected)?;
    let unknown = parse_script("// REQUIRES: gpu\n// RUN: true\n")?;
    expect_eq(missing_feature(&unknown).is_err(), true)
}

fn check_substitutions() -> Result<(), String> {
    let subs = Substitutions {
        file: "/d/f.mlir".into(),
        dir: "/d".into(),
        tmp: "/t/f.mlir.tmp".into(),
    };
    expect_eq(
        substitute("x %s %S/in %t.out %% %%s 50% %mlir_opt %q", &subs),
        format!("x /d/f.mlir /d/in /t/f.mlir.tmp.out % %s 50% {MLIR_OPT} %q"),
    )
}

fn check_test_names() -> Result<(), String> {
    let root = Path::new("/w/lit-tests");
    expect_eq(
        test_name(root, Path::new("/w/lit-tests/scf/while.mlir")),
        "scf/while.mlir".to_string(),
    )
}
