//! MLIR's diagnostics as Weir's: severity, location (file:line:col, names, fused locations,
//! call sites by their callee), message and notes.

use melior::diagnostic::DiagnosticSeverity;
use melior::ir::Location as MlirLocation;
use std::sync::Arc;
use weir_ir::{Diagnostic, Location, Severity};

/// The Weir diagnostic of MLIR's `d`, with its notes.
pub(crate) fn from_mlir_diagnostic(d: &melior::diagnostic::Diagnostic<'_>) -> Diagnostic {
    let severity = match d.severity() {
        DiagnosticSeverity::Error => Severity::Error,
        DiagnosticSeverity::Warning => Severity::Warning,
        DiagnosticSeverity::Remark => Severity::Remark,
        DiagnosticSeverity::Note => Severity::Note,
    };
    let mut out = Diagnostic::new(severity, location(&d.location()), d.to_string());
    out.notes = (0..d.note_count())
        .filter_map(|i| d.note(i).ok())
        .map(|n| from_mlir_diagnostic(&n))
        .collect();
    out
}

/// Weir's form of an MLIR location: a file (the parsed buffer `""` is left as is for
/// [`quote_buffer_line`] to name), a name, a fused location, a call site's callee; anything else
/// (`unknown`, opaque locations) is unknown.
fn location(loc: &MlirLocation<'_>) -> Location {
    if loc.is_file_line_col_range() {
        let file = loc.file_line_col_range_filename();
        Location::file(
            &Arc::from(
                file.as_string_ref()
                    .as_str()
                    .unwrap_or("<non-UTF-8 file name>"),
            ),
            loc.file_line_col_range_start_line() as u32,
            loc.file_line_col_range_start_column() as u32,
        )
    } else if loc.is_name() {
        let child = location(&loc.name_child_location());
        Location::Name {
            name: Arc::from(
                loc.name_value()
                    .as_string_ref()
                    .as_str()
                    .unwrap_or("<non-UTF-8 name>"),
            ),
            child: (child != Location::Unknown).then(|| Box::new(child)),
        }
    } else if loc.is_fused() {
        Location::Fused(
            (0..loc.fused_num_locations())
                .map(|i| location(&loc.fused_location(i)))
                .collect(),
        )
    } else if loc.is_call_site() {
        location(&loc.call_site_callee())
    } else {
        Location::Unknown
    }
}

/// `d` (and its notes) with locations in the buffer MLIR parsed (named `-`, or `""`) or in the buffer
/// Weir parsed (`name`) renamed `name`, each with a note quoting that line of `text`: the
/// position alone would point into text the user never saw.
pub(crate) fn quote_buffer_line(mut d: Diagnostic, name: &str, text: &str) -> Diagnostic {
    if let Location::FileLineCol { file, line, col } = &d.loc {
        if file.is_empty() || &**file == "-" || &**file == name {
            let (line, col) = (*line, *col);
            d.loc = Location::file(&Arc::from(name), line, col);
            let quoted = text
                .lines()
                .nth(line.saturating_sub(1) as usize)
                .unwrap_or("")
                .trim();
            d.notes.push(Diagnostic::new(
                Severity::Note,
                Location::Unknown,
                format!("at line {line}, column {col} of the generic text: {quoted}"),
            ));
        }
    }
    d.notes = std::mem::take(&mut d.notes)
        .into_iter()
        .map(|n| quote_buffer_line(n, name, text))
        .collect();
    d
}
