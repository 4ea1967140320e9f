//! `--verify-diagnostics`: checks emitted diagnostics against `expected-*` comments, as mlir-opt
//! 22 does with its default `-verify-diagnostics=all` (MLIR's `SourceMgrDiagnosticVerifierHandler`).
//!
//! An expectation is a line matching
//! `expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *{{(.*)}}$`
//! (after trailing whitespace is trimmed). Lines that almost match (`expected-error@+a {{x}}`,
//! `expected-error x` without `{{`, text after the closing `}}`) are not expectations: mlir-opt
//! ignores them silently, and so does this module. The target line is the comment's own line, or:
//! - `@+N` / `@-N`: N lines below / above (N is read as C reads it: a leading `0` means octal);
//! - `@above`: the nearest line above that is not itself an expectation line;
//! - `@below`: the nearest line below that is not itself an expectation line;
//! - `@unknown`: any diagnostic without a `file:line:col` location.
//!
//! The text is a substring of the message; with `-re`, `{{...}}` pieces inside it are POSIX
//! extended regular expressions (llvm::Regex) and the rest is literal.
//!
//! Matching quirks kept from mlir-opt on purpose (verified with mlir-opt 22.1):
//! - an emitted diagnostic is matched against the expectations of its line in file order and
//!   satisfies the first one that fits, whether or not that one was already satisfied: one
//!   expectation can absorb several identical diagnostics, and two identical expectations on
//!   one line can never both be satisfied;
//! - when only the severity differs, the failure is `'error' diagnostic emitted when expecting a
//!   'note'`, located at the expectation, which is then still reported as not produced;
//! - notes attached to a diagnostic are checked like diagnostics, at their own locations.

use regex::Regex;
use regex_syntax::ast::ErrorKind;
use std::sync::{Arc, OnceLock};
use weir_ir::{Diagnostic, Location, Severity};

/// Checks the diagnostics emitted for one input chunk against the `expected-*` comments in it.
///
/// `chunk` is the text of one `--split-input-file` chunk; `first_line` is the 1-based line number
/// in the original file of the chunk's first line (diagnostic locations use original-file line
/// numbers); `file` is the file name as used in the diagnostics' locations.
///
/// Returns the failures as error diagnostics located as mlir-opt locates them (empty = pass), in
/// mlir-opt's order: malformed `-re` expectations, then unexpected diagnostics (in emission
/// order, each followed by its notes), then expectations that were not produced.
pub fn verify(
    chunk: &str,
    first_line: u32,
    file: &Arc<str>,
    emitted: &[Diagnostic],
) -> Vec<Diagnostic> {
    let mut failures = Vec::new();
    let mut expectations = parse_expectations(chunk, first_line, file, &mut failures);
    for diag in emitted {
        check_emitted(diag, file, &mut expectations, &mut failures);
    }
    report_not_produced(&expectations, &mut failures);
    failures
}

/// Which emitted diagnostics an expectation can match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    /// Diagnostics located on this (original-file, 1-based) line of the checked file.
    Line(u32),
    /// Diagnostics without a `file:line:col` location (`@unknown`).
    Unknown,
    /// Nothing: the line offset could not be read or points before the file.
    Nowhere,
}

/// One `expected-*` comment.
#[derive(Debug)]
struct Expectation {
    /// The severity the emitted diagnostic must have.
    severity: Severity,
    /// Which diagnostics it applies to.
    target: Target,
    /// Where failures about it are reported: the start of `expected-`, or unknown for `@unknown`.
    loc: Location,
    /// The text between the outer `{{` and `}}`, as written.
    text: String,
    /// The compiled `-re` pattern; `None` means a plain substring match.
    regex: Option<Regex>,
    /// Whether some emitted diagnostic satisfied it.
    matched: bool,
}

impl Expectation {
    /// Whether the message fits the expected text (severity aside).
    fn matches_message(&self, message: &str) -> bool {
        match &self.regex {
            Some(re) => re.is_match(message),
            None => message.contains(self.text.as_str()),
        }
    }
}

/// The pieces of an expectation line, before its target is resolved.
#[derive(Debug, PartialEq, Eq)]
struct Directive<'a> {
    /// Byte offset of `expected-` in the line.
    offset: usize,
    /// `error`, `warning`, `remark` or `note`.
    severity: Severity,
    /// Whether the `-re` suffix is present.
    is_regex: bool,
    /// The designator without `@` (`+2`, `-1`, `above`, `below`, `unknown`), if any.
    designator: Option<&'a str>,
    /// The text between the outer `{{` and `}}`.
    text: &'a str,
}

/// MLIR's expectation pattern (mlir/lib/IR/Diagnostics.cpp).
const DIRECTIVE_PATTERN: &str = r"expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$";

/// The compiled [`DIRECTIVE_PATTERN`].
fn directive_regex() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| Regex::new(DIRECTIVE_PATTERN).expect("DIRECTIVE_PATTERN is a valid regex"))
}

/// Recognizes an expectation line (mlir-opt trims trailing whitespace first).
fn parse_directive(line: &str) -> Option<Directive<'_>> {
    let line = line.trim_end_matches([' ', '\t', '\n', '\x0b', '\x0c', '\r']);
    let caps = directive_regex().captures(line)?;
    let whole = caps.get(0)?;
    let severity = match caps.get(1)?.as_str() {
        "error" => Severity::Error,
        "warning" => Severity::Warning,
        "remark" => Severity::Remark,
        _ => Severity::Note,
    };
    Some(Directive {
        offset: whole.start(),
        severity,
        is_regex: caps.get(2).is_some(),
        designator: caps.get(4).map(|m| m.as_str()),
        text: caps.get(5)?.as_str(),
    })
}

/// Collects the expectations of a chunk; malformed `-re` patterns are reported into `failures`
/// and dropped, as mlir-opt does.
fn parse_expectations(
    chunk: &str,
    first_line: u32,
    file: &Arc<str>,
    failures: &mut Vec<Diagnostic>,
) -> Vec<Expectation> {
    let lines: Vec<&str> = chunk.split('\n').collect();
    let line_of = |index: usize| first_line.saturating_add(index as u32);
    let mut expectations: Vec<Expectation> = Vec::new();
    // Chunk-relative index of the last line that is not an expectation line.
    let mut last_plain_line = 0usize;
    // Indices (into `expectations`) of `@below` expectations waiting for their line.
    let mut waiting_below: Vec<usize> = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let Some(directive) = parse_directive(line) else {
            for waiting in waiting_below.drain(..) {
                expectations[waiting].target = Target::Line(line_of(index));
            }
            last_plain_line = index;
            continue;
        };
        let loc = Location::file(file, line_of(index), directive.offset as u32 + 1);
        let regex = match compile_if_regex(&directive) {
            Ok(regex) => regex,
            Err(message) => {
                failures.push(Diagnostic::error(loc, message));
                continue;
            }
        };
        if directive.designator == Some("below") {
            waiting_below.push(expectations.len());
        }
        let target = match directive.designator {
            None => Target::Line(line_of(index)),
            Some("above") => Target::Line(line_of(last_plain_line)),
            // Until a later line resolves it: the chunk's last line (the empty piece after a
            // final newline), as in mlir-opt.
            Some("below") => Target::Line(line_of(lines.len() - 1)),
            Some("unknown") => Target::Unknown,
            Some(offset) => offset_target(line_of(index), offset),
        };
        let loc = if target == Target::Unknown {
            Location::Unknown
        } else {
            loc
        };
        expectations.push(Expectation {
            severity: directive.severity,
            target,
            loc,
            text: directive.text.to_string(),
            regex,
            matched: false,
        });
    }
    expectations
}

/// Compiles the pattern of an `expected-*-re` directive; `Ok(None)` for a plain one.
fn compile_if_regex(directive: &Directive<'_>) -> Result<Option<Regex>, String> {
    if directive.is_regex {
        compile_expectation_regex(directive.text).map(Some)
    } else {
        Ok(None)
    }
}

/// Resolves `+N` / `-N` relative to `line` (N as `StringRef::getAsInteger(0, int)` reads it).
fn offset_target(line: u32, designator: &str) -> Target {
    let (sign, digits) = designator.split_at(1);
    let Some(offset) = parse_c_integer(digits) else {
        return Target::Nowhere;
    };
    let target = if sign == "+" {
        i64::from(line) + offset
    } else {
        i64::from(line) - offset
    };
    u32::try_from(target).map_or(Target::Nowhere, Target::Line)
}

/// Reads a non-negative decimal number, or an octal one if it has a leading `0`; `None` if it
/// is invalid or does not fit a C `int`.
fn parse_c_integer(digits: &str) -> Option<i64> {
    let value = match digits.strip_prefix('0') {
        Some(rest) if !rest.is_empty() => i32::from_str_radix(rest, 8).ok()?,
        _ => digits.parse::<i32>().ok()?,
    };
    Some(i64::from(value))
}

/// Builds the matcher of an `expected-*-re` text: literal text with `{{regex}}` pieces.
/// Errors carry mlir-opt's messages (`found start of regex with no end '}}'`,
/// `invalid regex: ...`).
fn compile_expectation_regex(text: &str) -> Result<Regex, String> {
    let mut pattern = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        pattern.push_str(&regex::escape(&rest[..start]));
        let after = &rest[start + 2..];
        let end = after
            .find("}}")
            .ok_or_else(|| "found start of regex with no end '}}'".to_string())?;
        let piece = posix_to_rust(&after[..end]).map_err(|e| format!("invalid regex: {e}"))?;
        validate_piece(&piece).map_err(|e| format!("invalid regex: {e}"))?;
        pattern.push('(');
        pattern.push_str(&piece);
        pattern.push(')');
        rest = &after[end + 2..];
    }
    pattern.push_str(&regex::escape(rest));
    Regex::new(&pattern).map_err(|e| format!("invalid regex: {}", last_line(&e.to_string())))
}

/// The llvm::Regex message for an empty regex or alternative.
const EMPTY_SUBEXPRESSION: &str = "empty (sub)expression";

/// Rewrites a POSIX extended regex (llvm::Regex dialect) into the `regex` crate's syntax, and
/// rejects what llvm::Regex rejects but the `regex` crate would accept. Differences handled:
/// `\c` is the literal `c` (no `\d`, `\n` classes), `{` not followed by a digit is literal,
/// backslash is literal inside brackets, empty alternatives are errors, `[:name:]` must be a
/// POSIX class.
fn posix_to_rust(piece: &str) -> Result<String, String> {
    if piece.is_empty() {
        return Err(EMPTY_SUBEXPRESSION.to_string());
    }
    let chars: Vec<char> = piece.chars().collect();
    let mut out = String::new();
    let mut at_branch_start = true;
    let mut after_repetition = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        let is_repetition =
            matches!(c, '*' | '+' | '?') || (c == '{' && next.is_some_and(|d| d.is_ascii_digit()));
        if is_repetition && (after_repetition || at_branch_start) {
            return Err(BAD_REPETITION.to_string());
        }
        i += 1;
        match c {
            '\\' => i += translate_escape(next, &mut out)?,
            '[' => i = translate_bracket(&chars, i, &mut out)?,
            '{' if is_repetition => i = translate_count(&chars, i, &mut out)?,
            '{' => out.push_str(r"\{"),
            '(' if next == Some('?') => return Err(BAD_REPETITION.to_string()),
            '|' if at_branch_start || matches!(next, None | Some(')')) => {
                return Err(EMPTY_SUBEXPRESSION.to_string());
            }
            _ => out.push(c),
        }
        at_branch_start = matches!(c, '(' | '|');
        after_repetition = is_repetition;
    }
    Ok(out)
}

/// The llvm::Regex message for a repetition operator without an operand (`*a`, `a**`).
const BAD_REPETITION: &str = "repetition-operator operand invalid";

/// Translates `\c` outside brackets, where `escaped` is `c`: always the literal `c`. Returns
/// how many characters it consumed after the backslash.
fn translate_escape(escaped: Option<char>, out: &mut String) -> Result<usize, String> {
    let escaped = escaped.ok_or_else(|| "trailing backslash (\\)".to_string())?;
    if ('1'..='9').contains(&escaped) {
        // llvm::Regex has back references; the `regex` crate does not.
        return Err("invalid backreference number (back references are not supported)".to_string());
    }
    out.push_str(&regex::escape(&escaped.to_string()));
    Ok(1)
}

/// llvm::Regex's largest repetition count (`RE_DUP_MAX`).
const MAX_REPETITION: u32 = 255;

/// Checks and copies a `{m}`, `{m,}` or `{m,n}` count whose first digit is `chars[start]`;
/// returns the index after its `}`. Counts are checked before the closing brace, as llvm::Regex
/// does.
fn translate_count(chars: &[char], start: usize, out: &mut String) -> Result<usize, String> {
    let (low, mut i) = read_count(chars, start);
    let mut high = Some(low);
    if chars.get(i) == Some(&',') {
        let (value, end) = read_count(chars, i + 1);
        high = (end > i + 1).then_some(value);
        i = end;
    }
    if low > MAX_REPETITION || high.is_some_and(|h| h > MAX_REPETITION || h < low) {
        return Err("invalid repetition count(s)".to_string());
    }
    if chars.get(i) != Some(&'}') {
        return Err("braces not balanced".to_string());
    }
    out.push('{');
    out.extend(&chars[start..=i]);
    Ok(i + 1)
}

/// Reads the decimal digits at `chars[start..]` (saturating); returns the value and the index
/// after them.
fn read_count(chars: &[char], start: usize) -> (u32, usize) {
    let mut value: u32 = 0;
    let mut i = start;
    while let Some(digit) = chars.get(i).and_then(|c| c.to_digit(10)) {
        value = value.saturating_mul(10).saturating_add(digit);
        i += 1;
    }
    (value, i)
}

/// The POSIX character class names llvm::Regex knows.
const POSIX_CLASSES: [&str; 12] = [
    "alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space",
    "upper", "xdigit",
];

/// Translates a bracket expression whose `[` is just before `chars[start]`; returns the index
/// after its closing `]`.
fn translate_bracket(chars: &[char], start: usize, out: &mut String) -> Result<usize, String> {
    const UNBALANCED: &str = "brackets ([ ]) not balanced";
    let mut i = start;
    out.push('[');
    if chars.get(i) == Some(&'^') {
        out.push('^');
        i += 1;
    }
    if chars.get(i) == Some(&']') {
        out.push_str(r"\]");
        i += 1;
    }
    loop {
        let c = *chars.get(i).ok_or_else(|| UNBALANCED.to_string())?;
        i += 1;
        match (c, chars.get(i).copied()) {
            (']', _) => break,
            ('[', Some(kind @ (':' | '.' | '='))) => {
                i = translate_bracket_term(chars, i + 1, kind, out)?;
            }
            ('\\' | '[' | '&' | '~', _) => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out.push(']');
    Ok(i)
}

/// Translates `[:class:]`, `[.c.]` or `[=c=]` inside brackets, whose text starts at
/// `chars[start]`; returns the index after the closing `:]` (`.]`, `=]`).
fn translate_bracket_term(
    chars: &[char],
    start: usize,
    kind: char,
    out: &mut String,
) -> Result<usize, String> {
    let end = (start..chars.len().saturating_sub(1))
        .find(|&j| chars[j] == kind && chars[j + 1] == ']')
        .ok_or_else(|| "brackets ([ ]) not balanced".to_string())?;
    let name: String = chars[start..end].iter().collect();
    if kind == ':' {
        if !POSIX_CLASSES.contains(&name.as_str()) {
            return Err("invalid character class".to_string());
        }
        out.push_str(&format!("[:{name}:]"));
    } else {
        let mut single = name.chars();
        match (single.next(), single.next()) {
            (Some(c), None) => out.push_str(&regex::escape(&c.to_string())),
            _ => return Err("invalid collating element".to_string()),
        }
    }
    Ok(end + 2)
}

/// Checks a translated piece on its own, so errors name the piece as llvm::Regex would.
fn validate_piece(piece: &str) -> Result<(), String> {
    match Regex::new(piece) {
        Ok(_) => Ok(()),
        Err(error) => Err(describe_regex_error(piece, &error)),
    }
}

/// llvm::Regex's wording for the syntax error in `piece`, where one corresponds.
fn describe_regex_error(piece: &str, error: &regex::Error) -> String {
    let Err(ast_error) = regex_syntax::ast::parse::Parser::new().parse(piece) else {
        return last_line(&error.to_string()).to_string();
    };
    let llvm_message = match ast_error.kind() {
        ErrorKind::GroupUnclosed | ErrorKind::GroupUnopened => "parentheses not balanced",
        ErrorKind::ClassUnclosed => "brackets ([ ]) not balanced",
        ErrorKind::RepetitionMissing => "repetition-operator operand invalid",
        ErrorKind::ClassRangeInvalid | ErrorKind::ClassRangeLiteral => "invalid character range",
        ErrorKind::RepetitionCountInvalid | ErrorKind::DecimalInvalid => {
            "invalid repetition count(s)"
        }
        ErrorKind::RepetitionCountUnclosed | ErrorKind::RepetitionCountDecimalEmpty => {
            "braces not balanced"
        }
        ErrorKind::EscapeUnexpectedEof => "trailing backslash (\\)",
        other => return other.to_string(),
    };
    llvm_message.to_string()
}

/// The last non-empty line of a multi-line error text, without an `error: ` prefix.
fn last_line(text: &str) -> &str {
    let line = text
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or(text);
    line.trim().trim_start_matches("error: ")
}

/// Matches one emitted diagnostic, then its notes, against the expectations.
fn check_emitted(
    diag: &Diagnostic,
    file: &Arc<str>,
    expectations: &mut [Expectation],
    failures: &mut Vec<Diagnostic>,
) {
    check_one(diag, file, expectations, failures);
    for note in &diag.notes {
        check_emitted(note, file, expectations, failures);
    }
}

/// Matches one diagnostic (not its notes); records a failure if nothing expected it.
fn check_one(
    diag: &Diagnostic,
    file: &Arc<str>,
    expectations: &mut [Expectation],
    failures: &mut Vec<Diagnostic>,
) {
    let wanted = match diag.loc.file_line_col() {
        Some((name, line, _)) if name == &**file => Target::Line(line),
        // Another file has no expectations here: nothing can match.
        Some(_) => Target::Nowhere,
        None => Target::Unknown,
    };
    let mut near_miss = None;
    for (index, expectation) in expectations.iter_mut().enumerate() {
        if wanted == Target::Nowhere
            || expectation.target != wanted
            || !expectation.matches_message(&diag.message)
        {
            continue;
        }
        if expectation.severity == diag.severity {
            expectation.matched = true;
            return;
        }
        near_miss = Some(index);
    }
    failures.push(match near_miss {
        Some(index) => near_miss_failure(diag, &expectations[index]),
        None => Diagnostic::error(
            diag.loc.clone(),
            format!("unexpected {}: {}", diag.severity, diag.message),
        ),
    });
}

/// The failure for a diagnostic whose text and line fit an expectation of another severity.
fn near_miss_failure(diag: &Diagnostic, expectation: &Expectation) -> Diagnostic {
    Diagnostic::error(
        expectation.loc.clone(),
        format!(
            "'{}' diagnostic emitted when expecting a '{}'",
            diag.severity, expectation.severity
        ),
    )
}

/// Reports every unsatisfied expectation: located ones first, then `@unknown` ones.
fn report_not_produced(expectations: &[Expectation], failures: &mut Vec<Diagnostic>) {
    let located = expectations.iter().filter(|e| e.target != Target::Unknown);
    let unknown = expectations.iter().filter(|e| e.target == Target::Unknown);
    for expectation in located.chain(unknown).filter(|e| !e.matched) {
        failures.push(Diagnostic::error(
            expectation.loc.clone(),
            format!(
                "expected {} \"{}\" was not produced",
                expectation.severity, expectation.text
            ),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "t.mlir";

    fn file() -> Arc<str> {
        Arc::from(FILE)
    }

    fn at(line: u32, col: u32) -> Location {
        Location::file(&file(), line, col)
    }

    fn diag(severity: Severity, line: u32, message: &str) -> Diagnostic {
        Diagnostic::new(severity, at(line, 3), message)
    }

    fn err(line: u32, message: &str) -> Diagnostic {
        diag(Severity::Error, line, message)
    }

    /// Runs the verifier on a chunk starting at line 1 and renders failures as
    /// `LINE:COL: MESSAGE` (or `unknown: MESSAGE`).
    fn run(chunk: &str, emitted: &[Diagnostic]) -> Vec<String> {
        run_at(chunk, 1, emitted)
    }

    fn run_at(chunk: &str, first_line: u32, emitted: &[Diagnostic]) -> Vec<String> {
        verify(chunk, first_line, &file(), emitted)
            .iter()
            .map(render)
            .collect()
    }

    fn render(d: &Diagnostic) -> String {
        assert_eq!(d.severity, Severity::Error, "failures are errors");
        assert!(d.notes.is_empty());
        match d.loc.file_line_col() {
            Some((f, line, col)) => {
                assert_eq!(f, FILE);
                format!("{line}:{col}: {}", d.message)
            }
            None => format!("unknown: {}", d.message),
        }
    }

    // ----- directive recognition -----

    #[test]
    fn directive_fields() {
        let d = parse_directive("  // expected-error-re@+12 {{a {{b}} c}}  \r").unwrap();
        assert_eq!(
            d,
            Directive {
                offset: 5,
                severity: Severity::Error,
                is_regex: true,
                designator: Some("+12"),
                text: "a {{b}} c",
            }
        );
        let d = parse_directive("//expected-note{{x}}").unwrap();
        assert_eq!(
            (d.offset, d.severity, d.is_regex, d.designator, d.text),
            (2, Severity::Note, false, None, "x")
        );
        let d = parse_directive("// expected-warning @below {{w}}").unwrap();
        assert_eq!(
            (d.severity, d.designator),
            (Severity::Warning, Some("below"))
        );
        let d = parse_directive("// expected-remark@unknown {{r}}").unwrap();
        assert_eq!(
            (d.severity, d.designator),
            (Severity::Remark, Some("unknown"))
        );
    }

    #[test]
    fn text_runs_to_the_last_closing_braces() {
        assert_eq!(
            parse_directive("// expected-error {{a}} b}}").unwrap().text,
            "a}} b"
        );
        assert_eq!(parse_directive("// expected-error {{}}").unwrap().text, "");
    }

    #[test]
    fn malformed_directives_are_not_expectations() {
        for line in [
            "// expected-error@+a {{x}}",
            "// expected-error foo",
            "// expected-error {{foo}} trailing",
            "// expected-error {{foo}",
            "// expected-fatal {{foo}}",
            "// expected-error@ {{foo}}",
            "// expected-error@+ {{foo}}",
            "// expected_error {{foo}}",
        ] {
            assert_eq!(parse_directive(line), None, "{line}");
        }
        // ... and mlir-opt says nothing about them.
        assert!(run("// expected-error@+a {{x}}\n// expected-error x\n", &[]).is_empty());
    }

    #[test]
    fn column_is_a_byte_column() {
        // mlir-opt: `// é expected-error@+1 {{x}}` is reported at column 7.
        let out = run(
            "\t// expected-error {{a}}\n// é expected-error {{x}}\n",
            &[],
        );
        assert_eq!(
            out,
            [
                "1:5: expected error \"a\" was not produced",
                "2:7: expected error \"x\" was not produced",
            ]
        );
    }

    // ----- matching -----

    #[test]
    fn same_line_substring_match() {
        let chunk = "%0 = foo // expected-error {{operands}}\n";
        assert!(run(chunk, &[err(1, "expected 2 operands, but found 0")]).is_empty());
    }

    #[test]
    fn relative_offsets() {
        let chunk = "// expected-error@+2 {{below}}\n\nop\n// expected-error@-1 {{above}}\n";
        assert!(run(chunk, &[err(3, "below"), err(3, "above")]).is_empty());
        let out = run(chunk, &[err(2, "below")]);
        assert_eq!(
            out,
            [
                "2:3: unexpected error: below",
                "1:4: expected error \"below\" was not produced",
                "4:4: expected error \"above\" was not produced",
            ]
        );
    }

    #[test]
    fn offsets_are_read_like_c_integers() {
        // mlir-opt: `@+010` is 8 lines below; `@+09` is invalid octal and matches nothing.
        let chunk = "// expected-error@+010 {{a}}\n// expected-error@+09 {{b}}\n";
        assert!(run(chunk, &[err(9, "a")])
            .iter()
            .all(|f| !f.contains("\"a\"")));
        let out = run(chunk, &[err(11, "b"), err(10, "b")]);
        assert_eq!(out.len(), 4, "{out:?}");
        assert_eq!(offset_target(5, "+0"), Target::Line(5));
        assert_eq!(offset_target(5, "-5"), Target::Line(0));
        assert_eq!(offset_target(5, "-6"), Target::Nowhere);
        assert_eq!(offset_target(5, "+99999999999"), Target::Nowhere);
    }

    #[test]
    fn above_and_below_skip_expectation_lines() {
        let chunk = "\
op1
// expected-error@above {{a1}}
// expected-error@above {{a2}}
// expected-error@below {{b1}}
// expected-error@below {{b2}}
op2
";
        assert!(run(
            chunk,
            &[err(1, "a1"), err(1, "a2"), err(6, "b1"), err(6, "b2")]
        )
        .is_empty());
    }

    #[test]
    fn above_on_first_line_targets_the_first_line() {
        let chunk = "// expected-error@above {{x}}\nop\n";
        assert!(run(chunk, &[err(1, "x")]).is_empty());
        assert!(run_at(chunk, 7, &[err(7, "x")]).is_empty());
    }

    #[test]
    fn dangling_below_targets_past_the_end() {
        // Two pieces ("// expected..." and "" after the newline): the target is piece 2.
        let chunk = "// expected-error@below {{x}}\n";
        assert!(run(chunk, &[err(2, "x")]).is_empty());
        assert_eq!(
            run(chunk, &[]),
            ["1:4: expected error \"x\" was not produced"]
        );
    }

    #[test]
    fn consecutive_comments_target_one_line() {
        let chunk = "// expected-error@+3 {{e}}\n// expected-note@+2 {{n}}\n// expected-remark@+1 {{r}}\nop\n";
        let emitted = [
            err(4, "e").with_note(at(4, 1), "n"),
            diag(Severity::Remark, 4, "r"),
        ];
        assert!(run(chunk, &emitted).is_empty());
    }

    #[test]
    fn lines_are_original_file_lines() {
        // The chunk starts at line 10 of the file (after a `// -----` marker).
        let chunk = "\n// expected-error@+1 {{x}}\nop\n";
        assert!(run_at(chunk, 10, &[err(12, "x")]).is_empty());
        assert_eq!(
            run_at(chunk, 10, &[err(3, "x")]),
            [
                "3:3: unexpected error: x",
                "11:4: expected error \"x\" was not produced"
            ]
        );
    }

    #[test]
    fn unexpected_diagnostics_of_every_severity() {
        let emitted = [
            err(1, "e"),
            diag(Severity::Warning, 2, "w"),
            diag(Severity::Remark, 3, "r"),
            diag(Severity::Note, 4, "n"),
        ];
        assert_eq!(
            run("", &emitted),
            [
                "1:3: unexpected error: e",
                "2:3: unexpected warning: w",
                "3:3: unexpected remark: r",
                "4:3: unexpected note: n",
            ]
        );
    }

    #[test]
    fn not_produced_of_every_severity() {
        let chunk = "// expected-error {{e}}\n// expected-warning {{w}}\n// expected-remark {{r}}\n// expected-note {{n}}";
        assert_eq!(
            run(chunk, &[]),
            [
                "1:4: expected error \"e\" was not produced",
                "2:4: expected warning \"w\" was not produced",
                "3:4: expected remark \"r\" was not produced",
                "4:4: expected note \"n\" was not produced",
            ]
        );
    }

    #[test]
    fn attached_notes_are_checked_at_their_own_location() {
        let chunk = "op // expected-error {{bad}}\nother // expected-note {{here}}\n";
        let d = err(1, "bad").with_note(at(2, 1), "here");
        assert!(run(chunk, &[d]).is_empty());
        let d = err(1, "bad")
            .with_note(at(2, 1), "here")
            .with_note(at(1, 1), "extra");
        assert_eq!(run(chunk, &[d]), ["1:1: unexpected note: extra"]);
    }

    #[test]
    fn unmatched_note_is_reported_after_its_parent() {
        let d = err(1, "p").with_note(at(2, 1), "n");
        assert_eq!(
            run("", &[d, err(3, "q")]),
            [
                "1:3: unexpected error: p",
                "2:1: unexpected note: n",
                "3:3: unexpected error: q",
            ]
        );
    }

    #[test]
    fn severity_mismatch_is_a_near_miss() {
        // mlir-opt: `'error' diagnostic emitted when expecting a 'note'`, at the expectation,
        // and the expectation is still reported as not produced.
        let chunk = "// expected-note@+1 {{operands}}\nop\n";
        assert_eq!(
            run(chunk, &[err(2, "expected 2 operands")]),
            [
                "1:4: 'error' diagnostic emitted when expecting a 'note'",
                "1:4: expected note \"operands\" was not produced",
            ]
        );
    }

    #[test]
    fn exact_severity_later_wins_over_near_miss() {
        let chunk = "// expected-note@+1 {{x}}\nop\n// expected-error@-1 {{x}}\n";
        assert_eq!(
            run(chunk, &[err(2, "x")]),
            ["1:4: expected note \"x\" was not produced"]
        );
    }

    #[test]
    fn one_expectation_absorbs_identical_diagnostics() {
        // mlir-opt 22 does not mark an expectation as used up.
        let chunk = "// expected-error@+1 {{dup}}\nop\n";
        assert!(run(chunk, &[err(2, "dup"), err(2, "dup")]).is_empty());
    }

    #[test]
    fn first_matching_expectation_takes_every_diagnostic() {
        // mlir-opt 22: the second of two identical expectations is never satisfied.
        let chunk = "// expected-error@+2 {{dup}}\n// expected-error@+1 {{dup}}\nop\n";
        assert_eq!(
            run(chunk, &[err(3, "dup"), err(3, "dup")]),
            ["2:4: expected error \"dup\" was not produced"]
        );
    }

    #[test]
    fn one_diagnostic_satisfies_only_the_first_fitting_expectation() {
        let chunk = "// expected-error@+2 {{a b}}\n// expected-error@+1 {{a}}\nop\n";
        assert_eq!(
            run(chunk, &[err(3, "a b c")]),
            ["2:4: expected error \"a\" was not produced"]
        );
        assert!(run(chunk, &[err(3, "a b c"), err(3, "a")]).is_empty());
    }

    #[test]
    fn other_files_have_no_expectations() {
        let chunk = "// expected-error@+1 {{x}}\nop\n";
        let other: Arc<str> = Arc::from("other.mlir");
        let d = Diagnostic::error(Location::file(&other, 2, 1), "x");
        let failures = verify(chunk, 1, &file(), std::slice::from_ref(&d));
        assert_eq!(failures[0].loc, d.loc);
        assert_eq!(failures[0].message, "unexpected error: x");
        assert_eq!(failures[1].message, "expected error \"x\" was not produced");
    }

    #[test]
    fn unknown_locations_are_unexpected() {
        let chunk = "// expected-error {{x}}\n";
        let d = Diagnostic::error(Location::Unknown, "x");
        assert_eq!(
            run(chunk, &[d]),
            [
                "unknown: unexpected error: x",
                "1:4: expected error \"x\" was not produced"
            ]
        );
    }

    #[test]
    fn name_location_without_file_keeps_its_location() {
        let loc = Location::Name {
            name: Arc::from("foo"),
            child: None,
        };
        let failures = verify("", 1, &file(), &[Diagnostic::error(loc.clone(), "x")]);
        assert_eq!(failures, [Diagnostic::error(loc, "unexpected error: x")]);
    }

    #[test]
    fn name_location_with_file_child_matches_its_line() {
        let child = Box::new(at(2, 3));
        let loc = Location::Name {
            name: Arc::from("foo"),
            child: Some(child),
        };
        let chunk = "// expected-error@+1 {{x}}\nop\n";
        assert!(verify(chunk, 1, &file(), &[Diagnostic::error(loc.clone(), "x")]).is_empty());
        let failures = verify("", 1, &file(), &[Diagnostic::error(loc.clone(), "x")]);
        assert_eq!(failures, [Diagnostic::error(loc, "unexpected error: x")]);
    }

    #[test]
    fn at_unknown_matches_unlocated_diagnostics_only() {
        let chunk = "// expected-error@unknown {{x}}\nop\n";
        assert!(run(chunk, &[Diagnostic::error(Location::Unknown, "x y")]).is_empty());
        let fused = Location::Fused(vec![Location::Unknown]);
        assert!(run(chunk, &[Diagnostic::error(fused, "x")]).is_empty());
        assert_eq!(
            run(chunk, &[err(1, "x")]),
            [
                "1:3: unexpected error: x",
                "unknown: expected error \"x\" was not produced"
            ]
        );
    }

    #[test]
    fn at_unknown_reported_after_located_ones() {
        let chunk = "// expected-error@unknown {{u}}\n// expected-error {{l}}\n";
        assert_eq!(
            run(chunk, &[]),
            [
                "2:4: expected error \"l\" was not produced",
                "unknown: expected error \"u\" was not produced",
            ]
        );
    }

    #[test]
    fn at_unknown_near_miss_is_unlocated() {
        let chunk = "// expected-warning@unknown {{u}}\n";
        assert_eq!(
            run(chunk, &[Diagnostic::error(Location::Unknown, "u")]),
            [
                "unknown: 'error' diagnostic emitted when expecting a 'warning'",
                "unknown: expected warning \"u\" was not produced",
            ]
        );
    }

    // ----- regex expectations -----

    #[test]
    fn regex_expectation_matches() {
        let chunk = "// expected-error-re@+1 {{found {{[0-9]+}} uses of '{{.*}}'}}\nop\n";
        assert!(run(chunk, &[err(2, "op found 12 uses of 'x.y' here")]).is_empty());
        assert_eq!(run(chunk, &[err(2, "found many uses of 'x'")]).len(), 2);
    }

    #[test]
    fn regex_literal_parts_are_escaped() {
        let chunk = "// expected-error-re {{a.b (c) {{x|y}}}}\n";
        assert!(run(chunk, &[err(1, "a.b (c) y")]).is_empty());
        assert_eq!(run(chunk, &[err(1, "aXb (c) y")]).len(), 2);
    }

    #[test]
    fn regex_anchors_apply_to_the_whole_message() {
        let chunk = "// expected-error-re {{{{^}}abc{{$}}}}\n";
        assert!(run(chunk, &[err(1, "abc")]).is_empty());
        assert_eq!(run(chunk, &[err(1, "abcd")]).len(), 2);
    }

    #[test]
    fn plain_expectation_does_not_interpret_braces() {
        let chunk = "// expected-error {{a {{.*}} b}}\n";
        assert!(run(chunk, &[err(1, "x a {{.*}} b y")]).is_empty());
        assert_eq!(run(chunk, &[err(1, "a z b")]).len(), 2);
    }

    #[test]
    fn not_produced_regex_shows_raw_text() {
        let chunk = "// expected-remark-re@below {{ok {{[0-9]+}}}}\nop\n";
        assert_eq!(
            run(chunk, &[]),
            ["1:4: expected remark \"ok {{[0-9]+}}\" was not produced"]
        );
    }

    #[test]
    fn posix_escapes_are_literal() {
        // In llvm::Regex `\d` is the letter d, `\.` a dot.
        let chunk = "// expected-error-re {{{{\\d\\.}}}}\n";
        assert!(run(chunk, &[err(1, "d.")]).is_empty());
        assert_eq!(run(chunk, &[err(1, "1.")]).len(), 2);
    }

    #[test]
    fn posix_brace_without_digit_is_literal() {
        let chunk = "// expected-error-re {{ {{a{}} }}\n";
        assert!(run(chunk, &[err(1, " a{ ")]).is_empty());
        let chunk = "// expected-error-re {{{{a{2}b}}}}\n";
        assert!(run(chunk, &[err(1, "aab")]).is_empty());
    }

    #[test]
    fn posix_brackets() {
        let chunk = "// expected-error-re {{{{[[:digit:]]+[]x]}}}}\n";
        assert!(run(chunk, &[err(1, "12]")]).is_empty());
        let chunk = "// expected-error-re {{{{[^\\]+}}}}\n";
        assert!(run(chunk, &[err(1, "ab")]).is_empty());
        let chunk = "// expected-error-re {{{{^[\\]$}}}}\n";
        assert!(run(chunk, &[err(1, "\\")]).is_empty());
        let chunk = "// expected-error-re {{{{^[[.a.]&~]+$}}}}\n";
        assert!(run(chunk, &[err(1, "a&~")]).is_empty());
    }

    /// Each pattern was tried with mlir-opt 22 against the same message (`expected-error-re@+1
    /// {{PATTERN}}` above an `arith.addi` without operands).
    #[test]
    fn regex_matching_agrees_with_mlir_opt() {
        let message = "'arith.addi' op expected 2 operands, but found 0";
        let cases = [
            ("{{[]x]*}}'arith.addi'", true),
            ("'arith.addi' op expected {{[[:digit:]]}} operands", true),
            ("{{[[.'.]a]}}rith", true),
            ("rith.add{{[^\\]}}' op", true),
            ("op {{\\e}}xpected 2", true),
            ("expecte{{\\d}} 2 op", true),
            ("{{\\d}} operands", false),
            ("{{\\d}}, but", false),
            ("{{[0-9]}} operands", true),
            ("{{[[:digit:]]+}} operands", true),
            ("{{[\\d]}} operands", false),
            ("{{.*}}", true),
            ("{{^found}}", false),
            ("{{^'arith}}", true),
            ("{{^'}}arith", true),
            ("found 0{{$}}", true),
            ("found{{$}}", false),
            ("{{0$}}", true),
            ("{{(op|xx) ex}}pected", true),
            ("{{(qq|xx) ex}}pected", false),
            ("{{[a-c]}}rith", true),
            ("{{[[:upper:]]}}", false),
            ("{{a{}}", false),
            ("{{[.]}}addi", true),
            ("{{\\.}}addi", true),
            ("{{\\(}}", false),
            ("ex{{\\p}}ected", true),
            ("{{(e)}}xp", true),
            ("{{x*}}'arith", true),
            ("{{[x]*}}arith", true),
        ];
        for (pattern, expected) in cases {
            let chunk = format!("// expected-error-re@+1 {{{{{pattern}}}}}\nop\n");
            let failures = run(&chunk, &[err(2, message)]);
            assert_eq!(failures.is_empty(), expected, "{pattern}: {failures:?}");
        }
    }

    #[test]
    fn empty_group_is_valid() {
        assert!(run("// expected-error-re {{ {{()}} }}\n", &[err(1, "  ")]).is_empty());
    }

    /// Malformed regexes: the messages are mlir-opt 22's, verified line by line.
    #[test]
    fn malformed_regex_messages() {
        let cases = [
            ("a{{b", "found start of regex with no end '}}'"),
            (" {{(}} ", "invalid regex: parentheses not balanced"),
            (" {{)}} ", "invalid regex: parentheses not balanced"),
            (" {{[a}} ", "invalid regex: brackets ([ ]) not balanced"),
            (
                " {{a**}} ",
                "invalid regex: repetition-operator operand invalid",
            ),
            (
                " {{*}} ",
                "invalid regex: repetition-operator operand invalid",
            ),
            (" {{a{2,1}}} ", "invalid regex: invalid repetition count(s)"),
            (" {{a{256}}} ", "invalid regex: invalid repetition count(s)"),
            (" {{a{2,x}}} ", "invalid regex: braces not balanced"),
            (
                " {{(?i)a}} ",
                "invalid regex: repetition-operator operand invalid",
            ),
            (" {{\\}} ", "invalid regex: trailing backslash (\\)"),
            (" {{[b-a]}} ", "invalid regex: invalid character range"),
            (" {{}} ", "invalid regex: empty (sub)expression"),
            (" {{a|}} ", "invalid regex: empty (sub)expression"),
            (" {{|a}} ", "invalid regex: empty (sub)expression"),
            (" {{a||b}} ", "invalid regex: empty (sub)expression"),
            (" {{(|a)}} ", "invalid regex: empty (sub)expression"),
            (" {{[[:foo:]]}} ", "invalid regex: invalid character class"),
        ];
        for (text, message) in cases {
            let chunk = format!("op\n// expected-error-re@above {{{{{text}}}}}\n");
            assert_eq!(
                run(&chunk, &[err(1, "x")]),
                [
                    format!("2:4: {message}"),
                    "1:3: unexpected error: x".to_string(),
                ],
                "{text}"
            );
        }
    }

    #[test]
    fn malformed_regex_line_still_counts_as_expectation_line() {
        // The broken line is skipped by `@above` and does not take the pending `@below`.
        let chunk = "op\n// expected-error@below {{b}}\n// expected-error-re {{{{(}}}}\n// expected-error@above {{a}}\nop2\n";
        let out = run(chunk, &[err(1, "a"), err(5, "b")]);
        assert_eq!(out, ["3:4: invalid regex: parentheses not balanced"]);
    }

    #[test]
    fn failure_order_is_mlir_opts() {
        let chunk = "// expected-error {{missing}}\n// expected-error-re {{{{[}}}}\n";
        assert_eq!(
            run(chunk, &[err(5, "stray")]),
            [
                "2:4: invalid regex: brackets ([ ]) not balanced",
                "5:3: unexpected error: stray",
                "1:4: expected error \"missing\" was not produced",
            ]
        );
    }

    #[test]
    fn empty_input_and_no_diagnostics_pass() {
        assert!(run("", &[]).is_empty());
        assert!(run("func.func @f() { return }\n", &[]).is_empty());
    }

    #[test]
    fn crlf_lines() {
        let chunk = "op\r\n// expected-error@-1 {{x}}   \r\n";
        assert!(run(chunk, &[err(1, "x")]).is_empty());
    }
}
