//! `--split-input-file`: cutting the input at `// -----` lines (mlir-opt's rules: the marker
//! must be the whole line, surrounding blanks allowed).

/// One chunk of the input: its text and the 1-based line of its first line in the file.
#[derive(Clone, Debug, PartialEq)]
pub struct Chunk<'a> {
    /// The chunk's text.
    pub text: &'a str,
    /// The line number of the chunk's first line in the whole file.
    pub first_line: u32,
}

/// Splits `text` at lines consisting only of `marker` (e.g. `// -----`), trimming blanks.
pub fn split_input<'a>(text: &'a str, marker: &str) -> Vec<Chunk<'a>> {
    let mut chunks = Vec::new();
    let (mut start, mut first_line, mut offset) = (0usize, 1u32, 0usize);
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if line.trim() == marker {
            chunks.push(Chunk {
                text: &text[start..offset],
                first_line,
            });
            start = offset + line.len();
            first_line = i as u32 + 2;
        }
        offset += line.len();
    }
    chunks.push(Chunk {
        text: &text[start..],
        first_line,
    });
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_only_at_whole_marker_lines() {
        let text = "a\n// -----\nb\n  // -----  \nc\n// ------\n//-----\n";
        let chunks = split_input(text, "// -----");
        assert_eq!(chunks.len(), 3);
        assert_eq!(
            chunks[0],
            Chunk {
                text: "a\n",
                first_line: 1
            }
        );
        assert_eq!(
            chunks[1],
            Chunk {
                text: "b\n",
                first_line: 3
            }
        );
        assert_eq!(
            chunks[2],
            Chunk {
                text: "c\n// ------\n//-----\n",
                first_line: 5
            }
        );
    }
}
