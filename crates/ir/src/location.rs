//! Source locations attached to every operation (MLIR `Location`).

use std::fmt;
use std::sync::Arc;

/// Where an operation came from. The variants are MLIR's builtin location attributes:
/// `loc("file":3:5)`, `loc(unknown)`, `loc("name"(child))`, `loc(fused[a, b])`.
/// Lines and columns are 1-based, as in MLIR (the implicit module gets `file:0:0`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Location {
    /// `loc(unknown)`: nothing is known.
    #[default]
    Unknown,
    /// `loc("file":line:col)`.
    FileLineCol {
        /// The file name as written.
        file: Arc<str>,
        /// 1-based line.
        line: u32,
        /// 1-based column (in bytes, as MLIR counts).
        col: u32,
    },
    /// `loc("name")` or `loc("name"(child))`.
    Name {
        /// The name.
        name: Arc<str>,
        /// The location it names, if any.
        child: Option<Box<Location>>,
    },
    /// `loc(fused[l1, l2, ...])`.
    Fused(Vec<Location>),
}

impl Location {
    /// A `file:line:col` location.
    pub fn file(file: &Arc<str>, line: u32, col: u32) -> Self {
        Location::FileLineCol {
            file: file.clone(),
            line,
            col,
        }
    }

    /// The first `file:line:col` inside this location, if any: what diagnostics point at.
    pub fn file_line_col(&self) -> Option<(&str, u32, u32)> {
        match self {
            Location::Unknown => None,
            Location::FileLineCol { file, line, col } => Some((file, *line, *col)),
            Location::Name { child, .. } => child.as_ref().and_then(|c| c.file_line_col()),
            Location::Fused(locs) => locs.iter().find_map(|l| l.file_line_col()),
        }
    }
}

/// Prints the MLIR attribute body, e.g. `"f.mlir":3:5` (without the surrounding `loc(...)`).
impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Unknown => f.write_str("unknown"),
            Location::FileLineCol { file, line, col } => write!(f, "{file:?}:{line}:{col}"),
            Location::Name { name, child } => {
                write!(f, "{name:?}")?;
                if let Some(c) = child {
                    write!(f, "({c})")?;
                }
                Ok(())
            }
            Location::Fused(locs) => {
                f.write_str("fused[")?;
                for (i, l) in locs.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{l}")?;
                }
                f.write_str("]")
            }
        }
    }
}
