//! Diagnostics: located messages produced by the parser, the verifier and passes.
//!
//! A [`Diagnostic`] carries a [`Severity`], a [`Location`] and a message, plus attached notes,
//! exactly like MLIR's `InFlightDiagnostic`. Rendering (`FILE:LINE:COL: error: msg`, the source
//! line and a caret) is the text layer's job (`weir-syntax`), not this crate's.

use crate::location::Location;
use std::fmt;

/// How serious a diagnostic is; the names are MLIR's (`mlir::DiagnosticSeverity`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// An attached explanation (`note:`), only ever inside another diagnostic.
    Note,
    /// Information for the user (`remark:`), e.g. "constant condition: folded".
    Remark,
    /// A suspicious but valid input (`warning:`).
    Warning,
    /// Invalid input; the tool exits with status 1 (`error:`).
    Error,
}

impl Severity {
    /// The word MLIR prints after the location: `error`, `warning`, `remark` or `note`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Remark => "remark",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One located message with optional notes (MLIR `Diagnostic`).
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    /// Error, warning, remark or note.
    pub severity: Severity,
    /// Where the problem is: usually the location of the offending op.
    pub loc: Location,
    /// The message, without location or severity prefix.
    pub message: String,
    /// Attached notes, each with its own location (e.g. "prior use here").
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    /// An error at `loc`.
    pub fn error(loc: Location, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, loc, message)
    }

    /// A remark at `loc`.
    pub fn remark(loc: Location, message: impl Into<String>) -> Self {
        Self::new(Severity::Remark, loc, message)
    }

    /// A diagnostic of any severity at `loc`.
    pub fn new(severity: Severity, loc: Location, message: impl Into<String>) -> Self {
        Diagnostic {
            severity,
            loc,
            message: message.into(),
            notes: Vec::new(),
        }
    }

    /// Attaches a note at `loc` (builder style).
    pub fn with_note(mut self, loc: Location, message: impl Into<String>) -> Self {
        self.notes
            .push(Diagnostic::new(Severity::Note, loc, message));
        self
    }
}

/// The result type of fallible IR operations: the error is a located diagnostic.
pub type DiagResult<T> = Result<T, Diagnostic>;
