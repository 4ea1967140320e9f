//! The lexer: MLIR's token set (MLIR `mlir/lib/AsmParser/Lexer.cpp`), with byte-offset spans.

/// The kind of a token. Identifier-like tokens keep their text in [`Token::text`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    /// End of input.
    Eof,
    /// A character that starts no token, or a malformed token (e.g. an unterminated string).
    Error,
    /// `foo`, `arith.addi`, `i32`, `x4xf32`: letters, digits, `_`, `$`, `.`, `-`? (see `lex`).
    BareId,
    /// `%name`, `%0`.
    PercentId,
    /// `^bb0`.
    CaretId,
    /// `@name`, `@"quoted"`.
    AtId,
    /// `#alias`, `#1` (result number), `#dialect.attr`.
    HashId,
    /// `!dialect.type`.
    ExclId,
    /// `42`, `0x2A`.
    Integer,
    /// `1.5`, `1.0e-3`.
    Float,
    /// `"text"` (the text keeps its quotes; see [`unescape`]).
    String,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `[`
    LSquare,
    /// `]`
    RSquare,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `,`
    Comma,
    /// `:`
    Colon,
    /// `=`
    Equal,
    /// `->`
    Arrow,
    /// `*`
    Star,
    /// `?`
    Question,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `...` (`::` is lexed as two colons).
    Ellipsis,
    /// `{-#`, which opens the file metadata section (`dialect_resources`).
    FileMetadataBegin,
    /// `#-}`, which closes it.
    FileMetadataEnd,
}

/// A token: its kind and its byte range in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// The kind.
    pub kind: Tok,
    /// Byte offset of the first character.
    pub start: usize,
    /// Byte offset one past the last character.
    pub end: usize,
}

/// A cursor over the source text producing [`Token`]s on demand.
pub struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
}

fn is_id_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-')
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `src` (MLIR text; bytes that are not ASCII only occur inside
    /// comments and string literals of valid input).
    pub fn new(src: &'a [u8]) -> Self {
        Lexer { src, pos: 0 }
    }

    /// The current byte offset.
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Moves the cursor to `pos` (used to re-lex dimension lists such as `2x?xf32`).
    pub fn reset(&mut self, pos: usize) {
        self.pos = pos;
    }

    fn peek(&self, ahead: usize) -> u8 {
        *self.src.get(self.pos + ahead).unwrap_or(&0)
    }

    fn skip_trivia(&mut self) {
        loop {
            let c = self.peek(0);
            if c == b' ' || c == b'\t' || c == b'\n' || c == b'\r' {
                self.pos += 1;
            } else if c == b'/' && self.peek(1) == b'/' {
                while self.pos < self.src.len() && self.peek(0) != b'\n' {
                    self.pos += 1;
                }
            } else {
                return;
            }
        }
    }

    /// Lexes the next token.
    pub fn next_token(&mut self) -> Token {
        self.skip_trivia();
        let start = self.pos;
        let tok = |kind, end| Token { kind, start, end };
        if start >= self.src.len() {
            return tok(Tok::Eof, start);
        }
        let c = self.peek(0);
        self.pos += 1;
        if matches!(
            (c, self.peek(0), self.peek(1)),
            (b'{', b'-', b'#') | (b'#', b'-', b'}')
        ) {
            self.pos += 2;
            let kind = if c == b'{' {
                Tok::FileMetadataBegin
            } else {
                Tok::FileMetadataEnd
            };
            return tok(kind, self.pos);
        }
        let single = match c {
            b'(' => Some(Tok::LParen),
            b')' => Some(Tok::RParen),
            b'{' => Some(Tok::LBrace),
            b'}' => Some(Tok::RBrace),
            b'[' => Some(Tok::LSquare),
            b']' => Some(Tok::RSquare),
            b'<' => Some(Tok::Less),
            b'>' => Some(Tok::Greater),
            b',' => Some(Tok::Comma),
            b':' => Some(Tok::Colon),
            b'=' => Some(Tok::Equal),
            b'*' => Some(Tok::Star),
            b'?' => Some(Tok::Question),
            b'+' => Some(Tok::Plus),
            _ => None,
        };
        if let Some(k) = single {
            return tok(k, self.pos);
        }
        match c {
            b'-' => {
                if self.peek(0) == b'>' {
                    self.pos += 1;
                    return tok(Tok::Arrow, self.pos);
                }
                tok(Tok::Minus, self.pos)
            }
            b'.' if self.peek(0) == b'.' && self.peek(1) == b'.' => {
                self.pos += 2;
                tok(Tok::Ellipsis, self.pos)
            }
            b'"' => self.lex_string(start),
            b'%' | b'^' | b'#' | b'!' | b'@' => self.lex_prefixed(c, start),
            b'0'..=b'9' => self.lex_number(start),
            c if c.is_ascii_alphabetic() || c == b'_' => {
                while is_id_char(self.peek(0)) && self.peek(0) != b'-' {
                    self.pos += 1;
                }
                tok(Tok::BareId, self.pos)
            }
            _ => {
                // The whole character, so that the token's text is a valid `&str`.
                let len = match self.src[start] {
                    0xF0.. => 4,
                    0xE0.. => 3,
                    0xC0.. => 2,
                    _ => 1,
                };
                self.pos = (start + len).min(self.src.len());
                tok(Tok::Error, self.pos)
            }
        }
    }

    fn lex_string(&mut self, start: usize) -> Token {
        loop {
            match self.peek(0) {
                0 | b'\n' if self.pos >= self.src.len() || self.peek(0) == b'\n' => {
                    return Token {
                        kind: Tok::Error,
                        start,
                        end: self.pos,
                    };
                }
                b'"' => {
                    self.pos += 1;
                    return Token {
                        kind: Tok::String,
                        start,
                        end: self.pos,
                    };
                }
                b'\\' => self.pos = (self.pos + 2).min(self.src.len()), // `"\` at the end
                _ => self.pos += 1,
            }
        }
    }

    fn lex_prefixed(&mut self, prefix: u8, start: usize) -> Token {
        let kind = match prefix {
            b'%' => Tok::PercentId,
            b'^' => Tok::CaretId,
            b'#' => Tok::HashId,
            b'!' => Tok::ExclId,
            _ => Tok::AtId,
        };
        if prefix == b'@' && self.peek(0) == b'"' {
            self.pos += 1; // past the opening quote, as `lex_string` expects
            let s = self.lex_string(self.pos - 1);
            return Token {
                kind: if s.kind == Tok::String {
                    Tok::AtId
                } else {
                    Tok::Error
                },
                start,
                end: s.end,
            };
        }
        let body = self.pos;
        if self.peek(0).is_ascii_digit() {
            while self.peek(0).is_ascii_digit() {
                self.pos += 1;
            }
        } else if self.peek(0).is_ascii_alphabetic()
            || matches!(self.peek(0), b'_' | b'$' | b'.' | b'-')
        {
            while is_id_char(self.peek(0)) {
                self.pos += 1;
            }
        }
        if self.pos == body {
            return Token {
                kind: Tok::Error,
                start,
                end: self.pos,
            };
        }
        Token {
            kind,
            start,
            end: self.pos,
        }
    }

    fn lex_number(&mut self, start: usize) -> Token {
        if self.src[start] == b'0' && self.peek(0) == b'x' && self.peek(1).is_ascii_hexdigit() {
            self.pos += 1;
            while self.peek(0).is_ascii_hexdigit() {
                self.pos += 1;
            }
            return Token {
                kind: Tok::Integer,
                start,
                end: self.pos,
            };
        }
        while self.peek(0).is_ascii_digit() {
            self.pos += 1;
        }
        if self.peek(0) != b'.' || self.peek(1) == b'.' {
            return Token {
                kind: Tok::Integer,
                start,
                end: self.pos,
            };
        }
        self.pos += 1;
        while self.peek(0).is_ascii_digit() {
            self.pos += 1;
        }
        if matches!(self.peek(0), b'e' | b'E')
            && (self.peek(1).is_ascii_digit()
                || (matches!(self.peek(1), b'+' | b'-') && self.peek(2).is_ascii_digit()))
        {
            self.pos += 2;
            while self.peek(0).is_ascii_digit() {
                self.pos += 1;
            }
        }
        Token {
            kind: Tok::Float,
            start,
            end: self.pos,
        }
    }
}

/// The first character of a source file that is not MLIR text: its byte offset and mlir-opt's
/// message for it (see [`decode_source`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidByte {
    /// Byte offset in the file.
    pub offset: usize,
    /// The error message.
    pub message: &'static str,
}

/// Decodes a source file that may not be UTF-8, as mlir-opt 22 reads it (it lexes bytes):
/// - bytes that are not UTF-8 inside `//` comments are accepted (they become U+FFFD, which
///   keeps the line and column of every token, since a comment runs to the end of its line);
/// - inside a string literal (or quoted `@"symbol"`) mlir-opt accepts them, but Weir's strings
///   are UTF-8 text: rejected with `string literal is not valid UTF-8` at the first such byte
///   (the same gap as a `"\FF"` escape);
/// - elsewhere the lexer stops at the first character that starts no token, with mlir-opt's
///   message: `unexpected character` (any non-ASCII byte), `invalid SSA name` for a `%` that
///   starts no name (likewise `^`, `#`, `!`, `@`), `expected '"' in string literal` at the end
///   of the line of an unterminated string.
///
/// Valid UTF-8 is returned as is (the parser reports its errors). Otherwise the first lexical
/// error is reported, even when the parser would have stopped at an earlier syntax error.
/// Linear.
pub fn decode_source(bytes: &[u8]) -> Result<String, InvalidByte> {
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Ok(s.to_string());
    }
    let mut lexer = Lexer::new(bytes);
    loop {
        let t = lexer.next_token();
        let text = &bytes[t.start..t.end];
        let quoted = text.first() == Some(&b'"') || text.starts_with(b"@\"");
        match t.kind {
            Tok::Eof => return Ok(String::from_utf8_lossy(bytes).into_owned()),
            Tok::Error => return Err(lex_error(bytes, t)),
            _ if quoted => {
                if let Err(e) = std::str::from_utf8(text) {
                    return Err(InvalidByte {
                        offset: t.start + e.valid_up_to(),
                        message: "string literal is not valid UTF-8",
                    });
                }
            }
            _ => {} // other tokens are ASCII
        }
    }
}

/// mlir-opt's lexer error for an error token `t` of `src`, and where it reports it:
/// `expected '"' in string literal` at the end of an unterminated string, `invalid SSA name`
/// at a `%` that starts no name (likewise `^`, `#`, `!`; after an `@`), else
/// `unexpected character` at the character.
pub fn lex_error(src: &[u8], t: Token) -> InvalidByte {
    let text = &src[t.start..t.end];
    let (offset, message) = match text {
        _ if text.first() == Some(&b'"') || text.starts_with(b"@\"") => {
            (t.end, "expected '\"' in string literal")
        }
        b"%" => (t.start, "invalid SSA name"),
        b"^" => (t.start, "invalid block name"),
        b"#" => (t.start, "invalid attribute name"),
        b"!" => (t.start, "invalid type identifier"),
        b"@" => (t.end, "@ identifier expected to start with letter or '_'"),
        _ => (t.start, "unexpected character"),
    };
    InvalidByte { offset, message }
}

/// The contents of a string token (without quotes), with MLIR's escapes resolved: `\n`, `\t`,
/// `\"`, `\\` and two-hex-digit `\XX`. Returns `None` on a malformed escape.
pub fn unescape(quoted: &str) -> Option<String> {
    let inner = quoted.strip_prefix('"')?.strip_suffix('"')?;
    let bytes = inner.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' {
            out.push(bytes[i]);
            i += 1;
            continue;
        }
        let e = *bytes.get(i + 1)?;
        match e {
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'"' | b'\\' => out.push(e),
            _ => {
                let hex = inner.get(i + 1..i + 3)?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 1;
            }
        }
        i += 2;
    }
    String::from_utf8(out).ok()
}

/// Quotes `s` as an MLIR string literal, hex-escaping non-printable characters (`\0A`, `\22`).
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for &b in s.as_bytes() {
        if b == b'"' || b == b'\\' || !(0x20..=0x7e).contains(&b) {
            out.push_str(&format!("\\{:02X}", b));
        } else {
            out.push(b as char);
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(offset: usize, message: &'static str) -> Result<String, InvalidByte> {
        Err(InvalidByte { offset, message })
    }

    // Expected offsets counted by hand; the messages are mlir-opt 22's for the same bytes.
    #[test]
    fn decode_source_as_mlir_opt_reads_bytes() {
        // Valid UTF-8 (non-ASCII in a comment and a string) is returned unchanged.
        assert_eq!(
            decode_source("// é\n\"ü\"".as_bytes()),
            Ok("// é\n\"ü\"".to_string())
        );
        // A bad byte in a comment becomes U+FFFD; the next line is untouched.
        assert_eq!(
            decode_source(b"// a\xff\nfunc"),
            Ok("// a\u{FFFD}\nfunc".to_string())
        );
        // `//` inside a string literal starts no comment: the byte after it is in the string.
        assert_eq!(
            decode_source(b"\"//\xff\""),
            err(3, "string literal is not valid UTF-8")
        );
        // A `"` inside a comment starts no string: the bad byte is in plain text on line 2.
        assert_eq!(
            decode_source(b"// \"\n x \xff"),
            err(8, "unexpected character")
        );
        assert_eq!(decode_source(b"%\xff"), err(0, "invalid SSA name"));
        assert_eq!(
            decode_source(b"@\xff"),
            err(1, "@ identifier expected to start with letter or '_'")
        );
        // The first lexical error wins, even one that is ASCII: an unterminated string is
        // reported at its line end (offset 4), before the bad byte in the comment that follows.
        assert_eq!(
            decode_source(b"\"abc\n// \xff\n$ \xff"),
            err(4, "expected '\"' in string literal")
        );
        assert_eq!(decode_source(b"x $ \xff"), err(2, "unexpected character"));
    }

    /// Every token of `src`, up to the end of input.
    fn tokens(src: &str) -> Vec<Token> {
        let mut lexer = Lexer::new(src.as_bytes());
        let mut out = Vec::new();
        loop {
            let t = lexer.next_token();
            if t.kind == Tok::Eof {
                return out;
            }
            out.push(t);
        }
    }

    /// A character outside MLIR's token set is one error token spanning the whole character, so
    /// that its text can be sliced (a fuzz crash: the token ended inside a 2-byte character).
    #[test]
    fn unknown_character_is_one_whole_token() {
        let src = "x \u{792} y";
        let t = tokens(src);
        assert_eq!(t.len(), 3);
        assert_eq!(t[1].kind, Tok::Error);
        assert_eq!(&src[t[1].start..t[1].end], "\u{792}"); // bytes 2..4
        assert_eq!(&src[t[2].start..t[2].end], "y");
    }

    /// A backslash that ends the input inside a string: the error token ends at the input's end.
    #[test]
    fn backslash_at_end_of_input() {
        let src = "\"ab\\";
        let t = tokens(src);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].kind, Tok::Error);
        assert_eq!((t[0].start, t[0].end), (0, 4));
    }

    /// The fuzz crash itself: a non-ASCII character where an array element is expected is a
    /// located error, at the character's column (31, as mlir-opt 22 reports it).
    #[test]
    fn non_ascii_array_element_is_an_error() {
        let mut ctx = weir_ir::Context::new();
        let syntax = crate::Syntax::new();
        let src = "  \"test.op\"() {a = array<i32: \u{792}>} : () -> ()\n";
        let options = crate::ParseOptions {
            allow_unregistered: true,
        };
        let err = crate::parse_module(&mut ctx, &syntax, src, "f.mlir", 2, options)
            .expect_err("a non-ASCII character is no integer");
        assert_eq!(err.loc.file_line_col(), Some(("f.mlir", 2, 31)));
    }
}
