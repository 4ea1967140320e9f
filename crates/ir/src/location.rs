//! Source locations attached to every operation (MLIR `Location`).

use rustc_hash::FxHashMap;
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
    /// `loc("file":line:col to end_line:end_col)` (MLIR FileLineColRange with an end): a
    /// source range that does not end where it starts; printed `to :end_col` when it ends on
    /// its start line, as mlir-opt prints it.
    FileRange {
        /// The file name as written.
        file: Arc<str>,
        /// 1-based start line.
        line: u32,
        /// 1-based start column.
        col: u32,
        /// 1-based end line.
        end_line: u32,
        /// 1-based end column.
        end_col: u32,
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
    /// `loc(callsite(callee at caller))` (MLIR `CallSiteLoc`): an op inlined from `callee`'s
    /// position into the call at `caller` (what upstream's inliner gives).
    CallSite {
        /// Where the op was written (in the callee).
        callee: Box<Location>,
        /// Where the call was.
        caller: Box<Location>,
    },
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

    /// The source range from `line:col` to `end:end_col` of `file` (MLIR FileLineColRange):
    /// a [`Location::FileRange`], or the point `file:line:col` when the range ends where it
    /// starts (as MLIR stores it).
    pub fn range(file: Arc<str>, (line, col): (u32, u32), (end_line, end_col): (u32, u32)) -> Self {
        if (end_line, end_col) == (line, col) {
            return Location::FileLineCol { file, line, col };
        }
        Location::FileRange {
            file,
            line,
            col,
            end_line,
            end_col,
        }
    }

    /// The first `file:line:col` inside this location, if any: what diagnostics point at.
    pub fn file_line_col(&self) -> Option<(&str, u32, u32)> {
        match self {
            Location::Unknown => None,
            Location::FileLineCol { file, line, col }
            | Location::FileRange {
                file, line, col, ..
            } => Some((file, *line, *col)),
            Location::Name { child, .. } => child.as_ref().and_then(|c| c.file_line_col()),
            Location::Fused(locs) => locs.iter().find_map(|l| l.file_line_col()),
            Location::CallSite { callee, .. } => callee.file_line_col(),
        }
    }
}

/// Prints the MLIR attribute body, e.g. `"f.mlir":3:5` (without the surrounding `loc(...)`).
impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Unknown => f.write_str("unknown"),
            Location::FileLineCol { file, line, col } => write!(f, "{file:?}:{line}:{col}"),
            Location::FileRange {
                file,
                line,
                col,
                end_line,
                end_col,
            } => {
                write!(f, "{file:?}:{line}:{col} to ")?;
                if end_line != line {
                    write!(f, "{end_line}")?;
                }
                write!(f, ":{end_col}")
            }
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
            Location::CallSite { callee, caller } => write!(f, "callsite({callee} at {caller})"),
        }
    }
}

/// An op's location as the [`Context`](crate::Context) stores it: 12 bytes inline in the op
/// instead of a [`Location`] (32 bytes and an `Arc` clone). A `file:line:col` location, the
/// common kind, keeps its line and column inline and its file as an id into the context's
/// file table; the rare other kinds (`unknown`, named, fused) are an id into the context's
/// table of other locations, where each distinct one is stored once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CompactLoc {
    /// A file id, or [`CompactLoc::OTHER`].
    file: u32,
    /// The line, or for [`CompactLoc::OTHER`] the index in the table of other locations.
    line: u32,
    col: u32,
}

/// What a [`CompactLoc`] stands for.
pub(crate) enum LocKey {
    /// `file:line:col` with the file's id.
    File {
        /// The id in the context's file table.
        file: u32,
        /// 1-based line.
        line: u32,
        /// 1-based column.
        col: u32,
    },
    /// Index in the context's table of other locations.
    Other(u32),
}

impl CompactLoc {
    /// The `file` of a location that is not `file:line:col`.
    const OTHER: u32 = u32::MAX;

    /// `file:line:col`, with `file` an id below `u32::MAX`.
    pub fn file(file: u32, line: u32, col: u32) -> Self {
        debug_assert!(file != Self::OTHER);
        CompactLoc { file, line, col }
    }

    /// The other location at `index` in the context's table.
    pub fn other(index: u32) -> Self {
        CompactLoc {
            file: Self::OTHER,
            line: index,
            col: 0,
        }
    }

    /// What the location stands for.
    pub fn key(self) -> LocKey {
        if self.file == Self::OTHER {
            LocKey::Other(self.line)
        } else {
            LocKey::File {
                file: self.file,
                line: self.line,
                col: self.col,
            }
        }
    }
}

/// The context's location tables: the interned file names of `file:line:col` locations and
/// the other locations, each distinct one stored once (see [`CompactLoc`]).
#[derive(Default)]
pub(crate) struct Locations {
    files: Vec<Arc<str>>,
    file_ids: FxHashMap<Arc<str>, u32>,
    others: Vec<Location>,
    other_ids: FxHashMap<Location, u32>,
}

impl Locations {
    /// Stores `loc` (O(1) expected; no hashing when the file is the last one interned, the
    /// common case of a parsed module or a pass copying locations).
    pub fn intern(&mut self, loc: Location) -> CompactLoc {
        match loc {
            Location::FileLineCol { file, line, col } => {
                let id = match self.files.last() {
                    Some(last) if Arc::ptr_eq(last, &file) => self.files.len() as u32 - 1,
                    _ => match self.file_ids.get(&file) {
                        Some(&id) => id,
                        None => {
                            let id = self.files.len() as u32;
                            self.files.push(file.clone());
                            self.file_ids.insert(file, id);
                            id
                        }
                    },
                };
                CompactLoc::file(id, line, col)
            }
            other => {
                if let Some(&id) = self.other_ids.get(&other) {
                    return CompactLoc::other(id);
                }
                let id = self.others.len() as u32;
                self.others.push(other.clone());
                self.other_ids.insert(other, id);
                CompactLoc::other(id)
            }
        }
    }

    /// A copy whose file names are new allocations of the same text (same ids): a context
    /// forked for another thread clones them for every location it reads or builds, and
    /// shared `Arc`s would make the threads contend on their counts.
    pub fn unshared_copy(&self) -> Self {
        let files: Vec<Arc<str>> = self.files.iter().map(|f| Arc::from(&**f)).collect();
        let file_ids = files
            .iter()
            .enumerate()
            .map(|(i, f)| (f.clone(), i as u32))
            .collect();
        Locations {
            files,
            file_ids,
            others: self.others.clone(),
            other_ids: self.other_ids.clone(),
        }
    }

    /// The sizes of the file table and of the table of other locations (a [`CompactLoc`]
    /// below them means the same in a copy of these tables).
    pub fn lens(&self) -> (u32, u32) {
        (self.files.len() as u32, self.others.len() as u32)
    }

    /// The location `loc` stands for (an `Arc` clone for a file, a deep clone otherwise).
    pub fn get(&self, loc: CompactLoc) -> Location {
        match loc.key() {
            LocKey::File { file, line, col } => {
                Location::file(&self.files[file as usize], line, col)
            }
            LocKey::Other(id) => self.others[id as usize].clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of location comes back as stored; files and other locations are stored once.
    #[test]
    fn compact_locations_round_trip() {
        let mut t = Locations::default();
        let f: Arc<str> = "a.mlir".into();
        let g: Arc<str> = "b.mlir".into();
        let name = Location::Name {
            name: "n".into(),
            child: Some(Box::new(Location::file(&f, 1, 2))),
        };
        let fused = Location::Fused(vec![Location::Unknown, Location::file(&g, 3, 4)]);
        let locs = [
            Location::file(&f, 10, 20),
            Location::file(&g, 11, 21),
            // Same text, another Arc: found through the hash map.
            Location::file(&"a.mlir".into(), 12, 22),
            Location::Unknown,
            name.clone(),
            fused.clone(),
            name,
            Location::Unknown,
        ];
        let compact: Vec<_> = locs.iter().map(|l| t.intern(l.clone())).collect();
        for (l, c) in locs.iter().zip(&compact) {
            assert_eq!(&t.get(*c), l);
        }
        // Two files (a, b); three distinct other locations (unknown, name, fused).
        assert_eq!((t.files.len(), t.others.len()), (2, 3));
        assert_eq!(compact[4], compact[6]);
        assert_eq!(std::mem::size_of::<CompactLoc>(), 12);
    }
}
