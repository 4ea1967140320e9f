//! Rendering of diagnostics exactly as mlir-opt prints them:
//! `FILE:LINE:COL: error: message`, then the source line and a caret under the column (no caret
//! when the line has non-ASCII characters, as LLVM's `SourceMgr` does), then each attached
//! note the same way.

use std::collections::HashMap;
use std::fmt::Write;
use weir_ir::Diagnostic;

/// The texts of the source files, by the name used in locations, for quoting lines (borrowed:
/// the caller keeps the texts it parsed, no copy is made).
#[derive(Default)]
pub struct SourceMap<'a> {
    files: HashMap<String, &'a str>,
}

impl<'a> SourceMap<'a> {
    /// An empty map (diagnostics then print without source lines).
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a file's text under `name`.
    pub fn add(&mut self, name: &str, text: &'a str) {
        self.files.insert(name.to_string(), text);
    }

    /// Renders a diagnostic and its notes.
    pub fn render(&self, d: &Diagnostic) -> String {
        let mut out = String::new();
        self.render_one(&mut out, d);
        for n in &d.notes {
            self.render_one(&mut out, n);
        }
        out
    }

    fn render_one(&self, out: &mut String, d: &Diagnostic) {
        match d.loc.file_line_col() {
            Some((file, line, col)) => {
                writeln!(out, "{file}:{line}:{col}: {}: {}", d.severity, d.message).ok();
                let text = self
                    .files
                    .get(file)
                    .and_then(|t| t.lines().nth(line.saturating_sub(1) as usize));
                if let (Some(text), true) = (text, line > 0) {
                    writeln!(out, "{text}").ok();
                    // Like LLVM's SourceMgr: no caret under a line with non-ASCII characters.
                    if text.is_ascii() {
                        let pad: String = text
                            .chars()
                            .take(col.saturating_sub(1) as usize)
                            .map(|c| if c == '\t' { '\t' } else { ' ' })
                            .collect();
                        writeln!(out, "{pad}^").ok();
                    }
                }
            }
            None if d.loc == weir_ir::Location::Unknown => {
                writeln!(out, "{}: {}", d.severity, d.message).ok();
            }
            None => {
                writeln!(out, "{}: {}: {}", d.loc, d.severity, d.message).ok();
            }
        }
    }
}
