//! The recursive-descent parser for MLIR's textual IR (MLIR `mlir/lib/AsmParser`).
//!
//! [`parse_module`] reads a whole file. Dialects write their custom op syntax with the public
//! primitives of [`Parser`] (`parse_operand`, `resolve_operand`, `parse_type`, `parse_region`,
//! `parse_successor`, `parse_optional_attr_dict`, ...), as MLIR's `OpAsmParser` offers them.
//! Every error is a located [`Diagnostic`]; parsing stops at the first one, as in mlir-opt.

mod affine;

use crate::lexer::{lex_error, unescape, Lexer, Tok, Token};
use crate::registry::{ItemSyntax, OpSyntax, Syntax};
use rustc_hash::FxHashMap;
use std::sync::Arc;
use weir_ir::dense::float_to_raw;
use weir_ir::{
    Attr, AttrKind, BlockId, Context, Diagnostic, DialectParam, Dim, ElementKind, FloatKind,
    InsertPoint, Location, OpId, OpState, RegionId, Signedness, Traits, Type, TypeKind, ValueId,
};

/// The result of a parse step: a value, or the located error that stopped the parse.
pub type PResult<T> = Result<T, Diagnostic>;

/// Options of a parse.
#[derive(Clone, Copy, Debug, Default)]
pub struct ParseOptions {
    /// Accept ops of dialects that are not registered (mlir-opt `--allow-unregistered-dialect`).
    pub allow_unregistered: bool,
}

/// Parses a whole file into a `builtin.module` (wrapping the top-level ops in an implicit
/// module unless the file is a single module op, as MLIR does).
///
/// `file` names the source in locations; `first_line` is the 1-based line of `src`'s first
/// line in that file (for `--split-input-file` chunks).
pub fn parse_module(
    ctx: &mut Context,
    syntax: &Syntax,
    src: &str,
    file: &str,
    first_line: u32,
    options: ParseOptions,
) -> PResult<OpId> {
    let mut p = Parser::new(ctx, syntax, src, file, first_line, options);
    p.parse_top_level()
}

/// An operand as written (`%name` or `%name#3`), before its type is known.
#[derive(Clone, Debug)]
pub struct UnresolvedOperand<'a> {
    /// The name without `%` (a slice of the source text).
    pub name: &'a str,
    /// The result number after `#` (0 when absent).
    pub number: u32,
    /// Where it was written: a byte offset in the source ([`Parser::loc_at`] gives the
    /// location; computed only when a diagnostic needs it).
    pub pos: usize,
}

/// A region entry-block argument declared by an op's custom syntax (e.g. `%iv` of `scf.for`).
#[derive(Clone, Debug)]
pub struct Argument<'a> {
    /// The name without `%` (a slice of the source text).
    pub name: &'a str,
    /// Its type.
    pub ty: Type,
    /// Where it was written: a byte offset in the source (see [`UnresolvedOperand::pos`]).
    pub pos: usize,
    /// Its location as written (`%a: i32 loc(...)`); without one the argument gets the
    /// location of `pos`, as in MLIR.
    pub loc: Option<Location>,
}

/// What a deferred location alias is the location of.
#[derive(Clone, Copy, Debug)]
enum LocTarget {
    Op(OpId),
    BlockArg(ValueId),
}

/// The values one definition binds: a block argument, or `count` consecutive results of an op
/// from `start` (`%a:2 = ...` binds two); no allocation per definition.
enum DefValues {
    One(ValueId),
    Results { op: OpId, start: u32, count: u32 },
}

struct Def {
    values: DefValues,
    /// Byte offset of the definition.
    pos: usize,
}

impl Def {
    /// Value `number` of the definition (`%a#number`), if it has that many.
    fn value(&self, ctx: &Context, number: u32) -> Option<ValueId> {
        match self.values {
            DefValues::One(v) => (number == 0).then_some(v),
            DefValues::Results { op, start, count } => {
                (number < count).then(|| ctx.results(op)[(start + number) as usize])
            }
        }
    }
}

/// Names visible in one isolated-from-above scope: the definitions of all open regions in one
/// map (a name cannot be redefined in a nested region, so nothing is shadowed), the names
/// each open region defined (removed when it closes), and the pending forward references.
/// Lookups cost O(1) at any nesting depth.
#[derive(Default)]
struct ValueScope<'a> {
    defs: FxHashMap<&'a str, Def>,
    regions: Vec<Vec<&'a str>>,
    /// Each forward reference's placeholder value and the byte offset of its first use.
    forward: FxHashMap<(&'a str, u32), (ValueId, usize)>,
}

#[derive(Default)]
struct BlockScope<'a> {
    /// Block, whether its label was seen (else only referenced), byte offset of the first
    /// mention.
    blocks: FxHashMap<&'a str, (BlockId, bool, usize)>,
}

/// Why `scopes` is never empty: `Parser::new` pushes the module's value scope, and only a
/// region isolated from above pushes (and then pops) another.
const VALUE_SCOPE: &str = "the module's value scope stays at the bottom of the stack";
/// Why the innermost value scope has an open region: the top level and every region push their
/// list of names before parsing ops that define values.
const REGION_SCOPE: &str =
    "the top level and every region open a list of names before defining values";
/// Why `block_scopes` is not empty while blocks are parsed: the top level and `parse_region`
/// push one before parsing a region body.
const BLOCK_SCOPE: &str = "the top level and every region push a block scope before their body";

/// The parser state; see the module docs. Custom-syntax functions receive `&mut Parser`.
pub struct Parser<'a> {
    /// The context the IR is built in.
    pub ctx: &'a mut Context,
    syntax: &'a Syntax,
    src: &'a str,
    lexer: Lexer<'a>,
    tok: Token,
    file: Arc<str>,
    first_line: u32,
    line_starts: Vec<usize>,
    options: ParseOptions,
    scopes: Vec<ValueScope<'a>>,
    block_scopes: Vec<BlockScope<'a>>,
    default_dialects: Vec<&'static str>,
    /// The op (name) whose custom form is being parsed, innermost last.
    op_stack: Vec<weir_ir::OpName>,
    attr_aliases: FxHashMap<String, Attr>,
    type_aliases: FxHashMap<String, Type>,
    /// Location aliases (`#loc3 = loc("f":2:8)`) defined so far.
    loc_aliases: FxHashMap<&'a str, Location>,
    /// Trailing locations that name an alias not defined yet (`loc(#loc3)`, MLIR's printed
    /// form puts the definitions at the end of the file): what to set, the alias, and the byte
    /// offset of its `#`; resolved at the end of the file ([`Parser::resolve_deferred_locs`]).
    deferred_locs: Vec<(LocTarget, &'a str, usize)>,
    /// Set by [`Parser::parse_optional_trailing_location`] for the one `loc(...)` it reads: a
    /// whole trailing location may name a later alias (as in MLIR; nowhere else).
    may_defer_alias: bool,
    /// The alias (and its offset) of the trailing location just read, when it was deferred.
    deferred_alias: Option<(&'a str, usize)>,
    /// Deferred locations of declared block arguments, by the argument's byte offset, until the
    /// argument's value exists ([`Parser::define_args`]).
    deferred_arg_locs: FxHashMap<usize, (&'a str, usize)>,
    /// Current nesting of regions (see [`MAX_NESTING`]).
    region_depth: u32,
    /// Current nesting of types and attributes (see [`MAX_TYPE_NESTING`]).
    type_depth: u32,
    /// Scratch space for op names being looked up (see [`Parser::lookup_custom_op`]).
    name_buf: String,
}

/// The deepest nesting of regions the parser accepts: deeper input is a located error rather
/// than a stack overflow. The parser recurses once per level (callers give it a big stack,
/// e.g. the tools' 1 GiB parser thread: a debug build needs about 10 to 20 KiB per level, so
/// 1 GiB holds 50000 levels of `scf.if`); every other walk over the IR is iterative.
pub const MAX_NESTING: u32 = 20_000;

/// The deepest nesting of types and attributes the parser accepts (e.g. `((i32))`, nested
/// arrays): deeper input is a located error. Types and attributes are printed recursively, so
/// this limit stays small enough for an 8 MiB stack.
pub const MAX_TYPE_NESTING: u32 = 1000;

impl<'a> Parser<'a> {
    fn new(
        ctx: &'a mut Context,
        syntax: &'a Syntax,
        src: &'a str,
        file: &str,
        first_line: u32,
        options: ParseOptions,
    ) -> Self {
        let mut line_starts = vec![0];
        line_starts.extend(memchr::memchr_iter(b'\n', src.as_bytes()).map(|i| i + 1));
        let mut lexer = Lexer::new(src.as_bytes());
        let tok = lexer.next_token();
        Parser {
            ctx,
            syntax,
            src,
            lexer,
            tok,
            file: Arc::from(file),
            first_line,
            line_starts,
            options,
            scopes: vec![ValueScope::default()],
            block_scopes: Vec::new(),
            default_dialects: Vec::new(),
            op_stack: Vec::new(),
            attr_aliases: FxHashMap::default(),
            type_aliases: FxHashMap::default(),
            loc_aliases: FxHashMap::default(),
            deferred_locs: Vec::new(),
            may_defer_alias: false,
            deferred_alias: None,
            deferred_arg_locs: FxHashMap::default(),
            region_depth: 0,
            type_depth: 0,
            name_buf: String::new(),
        }
    }

    // ------------------------------------------------------------------ tokens and locations

    /// The location of byte offset `pos` of the source (O(log lines)).
    pub fn loc_at(&self, pos: usize) -> Location {
        let line = self.line_starts.partition_point(|&s| s <= pos);
        let col = pos - self.line_starts[line - 1] + 1;
        Location::file(&self.file, line as u32 + self.first_line - 1, col as u32)
    }

    /// The location of the current token.
    pub fn loc(&self) -> Location {
        self.loc_at(self.tok.start)
    }

    /// The byte offset of the current token (for a location needed only on error).
    pub fn pos(&self) -> usize {
        self.tok.start
    }

    /// An error at the current token; at a token the lexer rejected, the lexer's error
    /// instead (mlir-opt reports that one and drops the parser's).
    pub fn error(&self, msg: impl Into<String>) -> Diagnostic {
        self.lex_error()
            .unwrap_or_else(|| Diagnostic::error(self.loc(), msg))
    }

    /// The lexer's error if the current token is an error token (see [`lex_error`]).
    fn lex_error(&self) -> Option<Diagnostic> {
        (self.tok.kind == Tok::Error).then(|| {
            let e = lex_error(self.src.as_bytes(), self.tok);
            Diagnostic::error(self.loc_at(e.offset), e.message)
        })
    }

    /// An "expected ..." error about the current token, placed where mlir-opt's
    /// `Parser::emitWrongTokenError` places it: right after the previous token (backing up
    /// over blanks, line ends and `//` comments of the lines in between), where the expected
    /// token was due; at the token itself when nothing precedes it. At the end of input it
    /// starts one character back, as mlir-opt does. At a token the lexer rejected, the lexer's
    /// error instead (as [`Parser::error`]). Linear in the text backed over.
    pub fn wrong_token_error(&self, msg: impl Into<String>) -> Diagnostic {
        if let Some(d) = self.lex_error() {
            return d;
        }
        let src = self.src.as_bytes();
        let original = if self.tok.kind == Tok::Eof {
            self.tok.start.saturating_sub(1)
        } else {
            self.tok.start
        };
        let mut end = original;
        loop {
            while end > 0 && matches!(src[end - 1], b' ' | b'\t') {
                end -= 1;
            }
            if end == 0 {
                return Diagnostic::error(self.loc_at(original), msg);
            }
            if !matches!(src[end - 1], b'\n' | b'\r') {
                return Diagnostic::error(self.loc_at(end), msg);
            }
            end -= 1;
            let line_start = src[..end]
                .iter()
                .rposition(|&c| matches!(c, b'\n' | b'\r'))
                .map_or(0, |i| i + 1);
            // As mlir-opt, take any `//` on that line for the start of a comment.
            if let Some(k) = src[line_start..end].windows(2).position(|w| w == b"//") {
                end = line_start + k;
            }
        }
    }

    /// Whether `<` follows the current token immediately: what tells MLIR's lexer a dialect
    /// item's verbose form (`#foo<"q">`, `!foo<i32>`) from a reference to an alias (`#foo`).
    fn followed_by_less(&self) -> bool {
        self.src.as_bytes().get(self.tok.end) == Some(&b'<')
    }

    /// The text of an unregistered dialect's type or attribute whose name token (`foo.bar` or
    /// `foo`, without `!`/`#`) was just consumed: the name and its `<...>` body, in the form
    /// mlir-opt prints: the verbose `foo<body>` becomes the pretty `foo.body` when the body is
    /// simple enough (MLIR's `isDialectSymbolSimpleEnoughForPrettyForm`: a letter, then letters,
    /// digits, `.` and `_`, optionally ending in a `<...>` body), so both spellings are one item.
    fn opaque_item_text(&mut self, name: String) -> PResult<String> {
        if self.tok.kind != Tok::Less {
            return Ok(name);
        }
        let body = self.skip_balanced_angles()?;
        let inner = &body[1..body.len() - 1];
        if name.contains('.') || !simple_enough_for_pretty_form(inner) {
            return Ok(name + &body);
        }
        Ok(format!("{name}.{inner}"))
    }

    /// MLIR's `undefined symbol alias id 'NAME'`, located just after the alias token (as
    /// mlir-opt locates it).
    fn undefined_alias(&self, name: &str) -> Diagnostic {
        Diagnostic::error(
            self.loc_at(self.tok.end),
            format!("undefined symbol alias id '{name}'"),
        )
    }

    /// The kind of the current token.
    pub fn peek(&self) -> Tok {
        self.tok.kind
    }

    /// The text of the current token.
    pub fn text(&self) -> &'a str {
        &self.src[self.tok.start..self.tok.end]
    }

    fn bump(&mut self) -> Token {
        let t = self.tok;
        self.tok = self.lexer.next_token();
        t
    }

    /// Runs `f` one region nesting level deeper, failing past [`MAX_NESTING`].
    fn nested_region<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.region_depth >= MAX_NESTING {
            return Err(self.error(format!(
                "nesting too deep: more than {MAX_NESTING} levels of regions"
            )));
        }
        self.region_depth += 1;
        let r = f(self);
        self.region_depth -= 1;
        r
    }

    /// Runs `f` one type or attribute nesting level deeper, failing past
    /// [`MAX_TYPE_NESTING`].
    fn nested_type<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.type_depth >= MAX_TYPE_NESTING {
            return Err(self.type_nesting_error());
        }
        self.type_depth += 1;
        let r = f(self);
        self.type_depth -= 1;
        r
    }

    /// The error for input nested deeper than [`MAX_TYPE_NESTING`].
    fn type_nesting_error(&self) -> Diagnostic {
        self.error(format!(
            "nesting too deep: more than {MAX_TYPE_NESTING} levels of types or attributes"
        ))
    }

    /// Consumes a token of kind `k` or fails with `expected '<what>'`.
    pub fn expect(&mut self, k: Tok, what: &str) -> PResult<()> {
        if self.tok.kind == k {
            self.bump();
            Ok(())
        } else {
            Err(self.wrong_token_error(format!("expected '{what}'")))
        }
    }

    /// Consumes a token of kind `k` if it is next.
    pub fn consume_if(&mut self, k: Tok) -> bool {
        if self.tok.kind == k {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Whether the next token is the bare keyword `kw`.
    pub fn is_keyword(&self, kw: &str) -> bool {
        self.tok.kind == Tok::BareId && self.text() == kw
    }

    /// Consumes the keyword `kw` if it is next.
    pub fn parse_optional_keyword(&mut self, kw: &str) -> bool {
        if self.is_keyword(kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Consumes the keyword `kw` or fails with `expected '<kw>'`.
    pub fn parse_keyword(&mut self, kw: &str) -> PResult<()> {
        if self.parse_optional_keyword(kw) {
            Ok(())
        } else {
            Err(self.error(format!("expected '{kw}'")))
        }
    }

    /// Consumes any bare identifier and returns it.
    pub fn parse_bare_id(&mut self, what: &str) -> PResult<&'a str> {
        if self.tok.kind == Tok::BareId {
            let t = self.text();
            self.bump();
            Ok(t)
        } else {
            Err(self.error(format!("expected {what}")))
        }
    }

    /// Parses an integer literal with an optional leading `-` (decimal or `0x` hex).
    pub fn parse_integer(&mut self) -> PResult<i128> {
        let neg = self.consume_if(Tok::Minus);
        if self.tok.kind != Tok::Integer {
            // mlir-opt: at the token, unless a `-` came first (then after it).
            return Err(if neg {
                self.wrong_token_error("expected integer value")
            } else {
                self.error("expected integer value")
            });
        }
        let v = parse_int_literal(self.text())
            .and_then(|m| signed_value(m, neg, 127))
            .ok_or_else(|| self.error("integer value too large"))?;
        self.bump();
        Ok(v)
    }

    /// A line or column number of a file location: an unsigned 32-bit integer (mlir-opt's
    /// `getUnsignedIntegerValue`); anything else is mlir-opt's error ("expected integer line
    /// number in FileLineColRange"), so no value is truncated.
    fn parse_loc_number(&mut self, what: &str) -> PResult<u32> {
        let value = (self.tok.kind == Tok::Integer)
            .then(|| parse_int_literal(self.text()))
            .flatten()
            .and_then(|v| u32::try_from(v).ok());
        let Some(v) = value else {
            return Err(self.wrong_token_error(format!(
                "expected integer {what} number in FileLineColRange"
            )));
        };
        self.bump();
        Ok(v)
    }

    /// After a file location starting on line `line`, the optional end of a range (MLIR
    /// FileLineColRange): `to 3:4`, or `to :4` on the start line; returns the end line and
    /// column. An end line needs its column: `to 3` is mlir-opt's error "expected either
    /// integer or `:` post `to`".
    fn parse_optional_loc_range_end(&mut self, line: u32) -> PResult<Option<(u32, u32)>> {
        if !self.parse_optional_keyword("to") {
            return Ok(None);
        }
        let end_line = if self.tok.kind == Tok::Integer {
            self.parse_loc_number("line")?
        } else {
            line
        };
        if !self.consume_if(Tok::Colon) {
            return Err(self.wrong_token_error(
                "expected either integer or `:` post `to` in FileLineColRange",
            ));
        }
        Ok(Some((end_line, self.parse_loc_number("column")?)))
    }

    /// Parses a string literal and returns its unescaped contents.
    pub fn parse_string(&mut self) -> PResult<String> {
        if self.tok.kind != Tok::String {
            return Err(self.error("expected string"));
        }
        let s =
            unescape(self.text()).ok_or_else(|| self.error("invalid escape sequence in string"))?;
        self.bump();
        Ok(s)
    }

    /// Parses `@name` or `@"name"` and returns the name.
    pub fn parse_symbol_name(&mut self) -> PResult<String> {
        if self.tok.kind != Tok::AtId {
            return Err(self.error("expected valid '@'-identifier for symbol name"));
        }
        let t = &self.text()[1..];
        let name = if t.starts_with('"') {
            unescape(t).ok_or_else(|| self.error("invalid symbol name"))?
        } else {
            t.to_string()
        };
        self.bump();
        Ok(name)
    }

    // ------------------------------------------------------------------ top level

    fn parse_top_level(&mut self) -> PResult<OpId> {
        let region = self.ctx.new_region();
        let block = self.ctx.new_block(&[]);
        self.ctx.append_block(region, block);
        self.block_scopes.push(BlockScope::default());
        self.scopes
            .last_mut()
            .expect(VALUE_SCOPE)
            .regions
            .push(Vec::new());
        while self.tok.kind != Tok::Eof {
            if matches!(self.tok.kind, Tok::HashId | Tok::ExclId) {
                self.parse_alias_definition()?;
                continue;
            }
            if self.tok.kind == Tok::FileMetadataBegin {
                self.parse_file_metadata()?;
                continue;
            }
            let op = self.parse_operation()?;
            self.ctx.insert_op(op, InsertPoint::End(block));
        }
        self.finish_value_scope()?;
        self.resolve_deferred_locs()?;
        let ops = self.ctx.block_ops(block);
        if let [only] = ops[..] {
            if self.ctx.is(only, "builtin.module") {
                self.ctx.detach_op(only);
                return Ok(only);
            }
        }
        let mut state = OpState::new(
            self.ctx.op_name("builtin.module"),
            Location::file(&self.file, 0, 0),
        );
        state.regions.push(region);
        Ok(self.ctx.create_op(state))
    }

    /// Sets the locations that named an alias defined later in the file (MLIR's
    /// `operation location alias was never defined` at the `#` of one that never was).
    fn resolve_deferred_locs(&mut self) -> PResult<()> {
        for (target, alias, pos) in std::mem::take(&mut self.deferred_locs) {
            let Some(loc) = self.loc_aliases.get(alias).cloned() else {
                return Err(Diagnostic::error(
                    self.loc_at(pos),
                    "operation location alias was never defined",
                ));
            };
            match target {
                LocTarget::Op(op) => self.ctx.set_loc(op, loc),
                LocTarget::BlockArg(v) => self.ctx.set_arg_loc(v, loc),
            }
        }
        Ok(())
    }

    fn parse_alias_definition(&mut self) -> PResult<()> {
        let is_attr = self.tok.kind == Tok::HashId;
        let alias: &'a str = &self.text()[1..];
        let name = alias.to_string();
        self.bump();
        self.expect(Tok::Equal, "=")?;
        if is_attr {
            let a = if self.is_keyword("loc") {
                let loc = self.parse_location()?;
                self.loc_aliases.insert(alias, loc);
                self.ctx.unit_attr()
            } else {
                self.parse_attribute(None)?
            };
            self.attr_aliases.insert(name, a);
        } else {
            let t = self.parse_type()?;
            self.type_aliases.insert(name, t);
        }
        Ok(())
    }

    // ------------------------------------------------------------------ operations

    /// Parses one operation (results, name, custom or generic body, trailing location).
    pub fn parse_operation(&mut self) -> PResult<OpId> {
        let start = self.pos();
        let mut bindings: Vec<(&'a str, u32, usize)> = Vec::new();
        if self.tok.kind == Tok::PercentId {
            loop {
                let pos = self.pos();
                if self.tok.kind != Tok::PercentId {
                    return Err(self.wrong_token_error("expected SSA value name"));
                }
                let name = &self.text()[1..];
                self.bump();
                let mut count = 1;
                if self.consume_if(Tok::Colon) {
                    let n = self.parse_integer()?;
                    if n < 1 || n > u32::MAX as i128 {
                        return Err(
                            self.error("expected named operation to have at least 1 result")
                        );
                    }
                    count = n as u32;
                }
                bindings.push((name, count, pos));
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::Equal, "=")?;
        }
        let op_loc = self.loc();
        let op = match self.tok.kind {
            Tok::String => self.parse_generic_op(op_loc.clone())?,
            Tok::BareId => self.parse_custom_op(op_loc.clone())?,
            _ => return Err(self.wrong_token_error("expected operation name in quotes")),
        };
        let loc = self.parse_optional_trailing_location()?;
        if let Some(loc) = loc {
            self.ctx.set_loc(op, loc);
        }
        if let Some((alias, pos)) = self.deferred_alias.take() {
            self.deferred_locs.push((LocTarget::Op(op), alias, pos));
        }
        // In u64: each binding counts up to u32::MAX results, so their sum may not fit a u32.
        let bound: u64 = bindings.iter().map(|b| u64::from(b.1)).sum();
        let nres = self.ctx.results(op).len() as u64;
        if !bindings.is_empty() && bound != nres {
            return Err(Diagnostic::error(
                self.loc_at(start),
                format!("operation defines {nres} results but was provided {bound} to bind"),
            ));
        }
        let mut first = 0;
        for (name, count, pos) in bindings {
            let values = DefValues::Results {
                op,
                start: first,
                count,
            };
            self.define_values(name, values, pos)?;
            first += count;
        }
        Ok(op)
    }

    fn check_registered(&mut self, name: &str, loc: &Location) -> PResult<()> {
        let id = self.ctx.op_name(name);
        if self.ctx.op_def(id).is_some() || self.options.allow_unregistered {
            return Ok(());
        }
        Err(Diagnostic::error(
            loc.clone(),
            "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used",
        ))
    }

    /// Types and attributes of dialects (`!foo.bar`, `#foo.bar`) are kept as opaque text; for a
    /// dialect that is not registered this needs `--allow-unregistered-dialect`.
    fn check_unregistered_dialect_ok(&self, what: &str, name: &str) -> PResult<()> {
        let (dialect, rest) = name.split_once('.').unwrap_or((name, ""));
        // A registered dialect's attributes (e.g. `#arith.overflow<nsw>`) are kept as text too.
        if self.options.allow_unregistered || self.syntax.has_dialect(dialect) {
            return Ok(());
        }
        Err(self.error(format!(
            "`{}\"{dialect}\"<\"{rest}\">` {what} created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used",
            if what == "type" { "!" } else { "#" }
        )))
    }

    /// The registered custom syntax a written op name refers to, with the full name: the name
    /// with the enclosing op's default dialect prefixed, the name as written, or (without a
    /// dialect) `builtin.` prefixed, the first that has a syntax (MLIR
    /// `OperationParser::parseCustomOperation`). `buf` is scratch space for the prefixed forms.
    fn lookup_custom_op(&self, written: &str, buf: &mut String) -> Option<(&'a str, OpSyntax)> {
        let syntax: &'a Syntax = self.syntax;
        let mut prefixed = |dialect: &str| {
            buf.clear();
            buf.push_str(dialect);
            buf.push('.');
            buf.push_str(written);
            syntax.get_with_name(buf)
        };
        let default = self.default_dialects.last().filter(|d| !d.is_empty());
        default
            .and_then(|d| prefixed(d))
            .or_else(|| syntax.get_with_name(written))
            .or_else(|| {
                (!written.contains('.'))
                    .then(|| prefixed("builtin"))
                    .flatten()
            })
    }

    fn parse_custom_op(&mut self, loc: Location) -> PResult<OpId> {
        let written = self.text();
        let mut buf = std::mem::take(&mut self.name_buf);
        let found = self.lookup_custom_op(written, &mut buf);
        self.name_buf = buf;
        let Some((name, syntax)) = found else {
            let mut candidates = vec![written.to_string()];
            if let Some(d) = self.default_dialects.last().filter(|d| !d.is_empty()) {
                candidates.insert(0, format!("{d}.{written}"));
            }
            if !written.contains('.') {
                candidates.push(format!("builtin.{written}"));
            }
            if let Some((dialect, _)) = written.split_once('.') {
                if !self.syntax.has_dialect(dialect)
                    && self
                        .ctx
                        .lookup_op_name(written)
                        .and_then(|n| self.ctx.op_def(n))
                        .is_none()
                {
                    return Err(Diagnostic::error(
                        loc,
                        format!("Dialect `{dialect}' not found for custom op '{written}' "),
                    ));
                }
            }
            let tried = candidates
                .iter()
                .filter(|c| *c != written)
                .map(|c| format!("'{c}'"))
                .collect::<Vec<_>>();
            let extra = if tried.is_empty() {
                String::new()
            } else {
                format!(" (tried {} as well)", tried.join(", "))
            };
            return Err(Diagnostic::error(
                loc,
                format!("custom op '{written}' is unknown{extra}"),
            ));
        };
        self.bump();
        self.check_registered(name, &loc)?;
        let op_name = self.ctx.op_name(name);
        let mut state = OpState::new(op_name, loc);
        self.default_dialects
            .push(syntax.default_dialect.unwrap_or(""));
        self.op_stack.push(op_name);
        let r = (syntax.parse)(self, &mut state);
        self.op_stack.pop();
        self.default_dialects.pop();
        r?;
        Ok(self.ctx.create_op(state))
    }

    fn parse_generic_op(&mut self, loc: Location) -> PResult<OpId> {
        let name = self.parse_string()?;
        if !name.contains('.') || name.starts_with('.') || name.ends_with('.') {
            return Err(Diagnostic::error(
                loc,
                format!("invalid operation name '{name}'"),
            ));
        }
        self.check_registered(&name, &loc)?;
        let op_name = self.ctx.op_name(&name);
        let mut state = OpState::new(op_name, loc.clone());
        self.expect(Tok::LParen, "(")?;
        let operands = if self.tok.kind == Tok::RParen {
            Vec::new()
        } else {
            self.parse_operand_list()?
        };
        self.expect(Tok::RParen, ")")?;
        if self.consume_if(Tok::LSquare) {
            loop {
                state.successors.push(self.parse_successor()?);
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::RSquare, "]")?;
        }
        if self.tok.kind == Tok::Less {
            self.bump();
            self.expect(Tok::LBrace, "{")?;
            let attrs = self.parse_attr_dict_body()?;
            self.expect(Tok::Greater, ">")?;
            for (k, v) in attrs {
                state.set_attr(self.ctx.attr_name(&k), v);
            }
        }
        if self.tok.kind == Tok::LParen {
            self.bump();
            self.default_dialects.push("");
            self.op_stack.push(op_name);
            let r = (|| -> PResult<()> {
                loop {
                    state.regions.push(self.parse_region(&[])?);
                    if !self.consume_if(Tok::Comma) {
                        return Ok(());
                    }
                }
            })();
            self.op_stack.pop();
            self.default_dialects.pop();
            r?;
            self.expect(Tok::RParen, ")")?;
        }
        self.parse_optional_attr_dict(&mut state)?;
        self.expect(Tok::Colon, ":")?;
        let fty_loc = self.loc();
        let fty = self.parse_type()?;
        let TypeKind::Function { inputs, results } = self.ctx.type_kind(fty).clone() else {
            return Err(Diagnostic::error(fty_loc, "expected function type"));
        };
        if inputs.len() != operands.len() {
            return Err(Diagnostic::error(
                fty_loc,
                format!(
                    "expected {} operand type{} but had {}",
                    operands.len(),
                    if operands.len() == 1 { "" } else { "s" },
                    inputs.len()
                ),
            ));
        }
        state.operands = self.resolve_operands(&operands, &inputs)?;
        state.result_types = results;
        Ok(self.ctx.create_op(state))
    }

    /// A trailing `loc(...)` if there is one. `loc(#alias)` of an alias not defined yet gives
    /// `None` and leaves the alias in `deferred_alias` for the caller to record.
    fn parse_optional_trailing_location(&mut self) -> PResult<Option<Location>> {
        if self.is_keyword("loc") {
            self.may_defer_alias = true;
            let loc = self.parse_location()?;
            Ok(self.deferred_alias.is_none().then_some(loc))
        } else {
            Ok(None)
        }
    }

    /// Parses `loc(...)`.
    pub fn parse_location(&mut self) -> PResult<Location> {
        self.parse_keyword("loc")?;
        self.expect(Tok::LParen, "(")?;
        let l = self.parse_location_body()?;
        if !self.consume_if(Tok::RParen) {
            return Err(self.wrong_token_error("expected ')' in location"));
        }
        Ok(l)
    }

    fn parse_location_body(&mut self) -> PResult<Location> {
        let may_defer = std::mem::take(&mut self.may_defer_alias);
        match self.tok.kind {
            Tok::BareId if self.text() == "unknown" => {
                self.bump();
                Ok(Location::Unknown)
            }
            Tok::BareId if self.text() == "fused" => {
                self.bump();
                let metadata = self.tok.kind == Tok::Less;
                if metadata {
                    self.skip_balanced_angles()?;
                }
                self.expect(Tok::LSquare, "[")?;
                let mut locs = Vec::new();
                if self.tok.kind != Tok::RSquare {
                    loop {
                        locs.push(self.parse_location_body()?);
                        if !self.consume_if(Tok::Comma) {
                            break;
                        }
                    }
                }
                self.expect(Tok::RSquare, "]")?;
                Ok(if metadata {
                    Location::Fused(locs)
                } else {
                    fused(locs)
                })
            }
            Tok::BareId if self.text() == "callsite" => {
                self.bump();
                self.expect(Tok::LParen, "(")?;
                let callee = self.parse_location_body()?;
                if !self.parse_optional_keyword("at") {
                    return Err(self.wrong_token_error("expected 'at' in callsite location"));
                }
                let caller = self.parse_location_body()?;
                self.expect(Tok::RParen, ")")?;
                Ok(Location::CallSite {
                    callee: Box::new(callee),
                    caller: Box::new(caller),
                })
            }
            Tok::HashId => {
                // A location alias: defined above, or (a whole trailing location only, as in
                // MLIR) below.
                let (alias, pos) = (&self.text()[1..], self.tok.start);
                if let Some(loc) = self.loc_aliases.get(alias) {
                    let loc = loc.clone();
                    self.bump();
                    return Ok(loc);
                }
                if !may_defer {
                    return Err(self.undefined_alias(alias));
                }
                self.deferred_alias = Some((alias, pos));
                self.bump();
                Ok(Location::Unknown)
            }
            Tok::String => {
                let s = self.parse_string()?;
                if self.consume_if(Tok::Colon) {
                    let line = self.parse_loc_number("line")?;
                    // `"f":3` alone is line 3, column 0 (MLIR's FileLineColRange with a
                    // start line only); a range needs the start column.
                    let file: Arc<str> = Arc::from(s.as_str());
                    if !self.consume_if(Tok::Colon) {
                        return Ok(Location::file(&file, line, 0));
                    }
                    let col = self.parse_loc_number("column")?;
                    return Ok(match self.parse_optional_loc_range_end(line)? {
                        Some(end) => Location::range(file, (line, col), end),
                        None => Location::file(&file, line, col),
                    });
                }
                let child = if self.consume_if(Tok::LParen) {
                    let c = self.parse_location_body()?;
                    self.expect(Tok::RParen, ")")?;
                    Some(Box::new(c))
                } else {
                    None
                };
                Ok(Location::Name {
                    name: Arc::from(s.as_str()),
                    child,
                })
            }
            _ => Err(self.wrong_token_error("expected location instance")),
        }
    }

    /// Parses a type (`attr == false`) or attribute of a dialect that registered its types or
    /// attributes, at its `!name` / `#name` token: the pretty form `!dialect.mnemonic<...>` or
    /// the verbose form `!dialect<mnemonic<...>>` (MLIR `parseExtendedType`/`Attr`; the quoted
    /// `!dialect<"...">` is MLIR's form for unregistered dialects). Returns `None`, consuming
    /// nothing, for a dialect that registered none (its items stay text).
    fn parse_dialect_item(
        &mut self,
        name: &str,
        attr: bool,
    ) -> PResult<Option<(String, String, Vec<DialectParam>)>> {
        let (dialect, mnemonic) = name.split_once('.').unwrap_or((name, ""));
        if !self.syntax.has_dialect_items(dialect, attr) {
            return Ok(None);
        }
        let verbose = mnemonic.is_empty();
        let mnemonic = if verbose {
            self.bump();
            self.expect(Tok::Less, "<")?;
            if self.tok.kind != Tok::BareId {
                return Err(self.error("expected valid keyword"));
            }
            self.text()
        } else {
            mnemonic
        };
        let Some(item) = self.item_syntax(dialect, mnemonic, attr) else {
            let what = if attr { "attribute" } else { "type" };
            return Err(self.error(format!(
                "unknown {what} `{mnemonic}` in dialect `{dialect}`"
            )));
        };
        let mnemonic = mnemonic.to_string();
        self.bump();
        let params = (item.parse)(self)?;
        if verbose {
            self.expect(Tok::Greater, ">")?;
        }
        Ok(Some((dialect.to_string(), mnemonic, params)))
    }

    fn item_syntax(&self, dialect: &str, mnemonic: &str, attr: bool) -> Option<ItemSyntax> {
        if attr {
            self.syntax.attr_syntax(dialect, mnemonic).copied()
        } else {
            self.syntax.type_syntax(dialect, mnemonic).copied()
        }
    }

    fn skip_balanced_angles(&mut self) -> PResult<String> {
        let start = self.tok.start;
        let mut depth = 0i32;
        loop {
            match self.tok.kind {
                Tok::Less => depth += 1,
                Tok::Greater => depth -= 1,
                Tok::Eof => return Err(self.error("unbalanced '<' in dialect attribute or type")),
                _ => {}
            }
            let end = self.tok.end;
            self.bump();
            if depth == 0 {
                return Ok(self.src[start..end].to_string());
            }
        }
    }

    // ------------------------------------------------------------------ values

    /// Parses `%name` or `%name#N`.
    pub fn parse_operand(&mut self) -> PResult<UnresolvedOperand<'a>> {
        let pos = self.pos();
        if self.tok.kind != Tok::PercentId {
            return Err(self.wrong_token_error("expected SSA operand"));
        }
        let name = &self.text()[1..];
        self.bump();
        let mut number = 0;
        if self.tok.kind == Tok::HashId {
            number = self.text()[1..]
                .parse::<u32>()
                .map_err(|_| self.error("invalid SSA value result number"))?;
            self.bump();
        }
        Ok(UnresolvedOperand { name, number, pos })
    }

    /// Parses `%a, %b, ...` (at least one).
    pub fn parse_operand_list(&mut self) -> PResult<Vec<UnresolvedOperand<'a>>> {
        let mut out = vec![self.parse_operand()?];
        while self.consume_if(Tok::Comma) {
            out.push(self.parse_operand()?);
        }
        Ok(out)
    }

    /// Parses an operand list that may be empty: stops before anything that is not `%...`.
    pub fn parse_optional_operand_list(&mut self) -> PResult<Vec<UnresolvedOperand<'a>>> {
        if self.tok.kind == Tok::PercentId {
            self.parse_operand_list()
        } else {
            Ok(Vec::new())
        }
    }

    /// Looks up a written operand and checks (or, for a forward reference, records) its type.
    pub fn resolve_operand(&mut self, o: &UnresolvedOperand<'a>, ty: Type) -> PResult<ValueId> {
        let scope = self.scopes.last_mut().expect(VALUE_SCOPE);
        let found = scope.defs.get(o.name);
        let (v, prior) = match found {
            Some(def) => {
                let Some(v) = def.value(self.ctx, o.number) else {
                    return Err(Diagnostic::error(
                        self.loc_at(o.pos),
                        "reference to invalid result number",
                    ));
                };
                (v, def.pos)
            }
            None => {
                let key = (o.name, o.number);
                if let Some(&(v, first_use)) = scope.forward.get(&key) {
                    (v, first_use)
                } else {
                    let v = self.ctx.new_detached_value(ty);
                    self.scopes
                        .last_mut()
                        .expect(VALUE_SCOPE)
                        .forward
                        .insert(key, (v, o.pos));
                    return Ok(v);
                }
            }
        };
        let vt = self.ctx.value_type(v);
        if vt != ty {
            return Err(Diagnostic::error(
                self.loc_at(o.pos),
                format!(
                    "use of value '%{}' expects different type than prior uses: '{}' vs '{}'",
                    o.name,
                    self.type_str(ty),
                    self.type_str(vt)
                ),
            )
            .with_note(self.loc_at(prior), "prior use here"));
        }
        Ok(v)
    }

    /// Resolves a list of operands against a list of types of the same length.
    pub fn resolve_operands(
        &mut self,
        ops: &[UnresolvedOperand<'a>],
        types: &[Type],
    ) -> PResult<Vec<ValueId>> {
        if ops.len() != types.len() {
            let loc = self.loc_at(ops.first().map_or(self.pos(), |o| o.pos));
            return Err(Diagnostic::error(
                loc,
                format!(
                    "{} operands present, but expected {}",
                    ops.len(),
                    types.len()
                ),
            ));
        }
        ops.iter()
            .zip(types)
            .map(|(o, &t)| self.resolve_operand(o, t))
            .collect()
    }

    fn type_str(&self, ty: Type) -> String {
        crate::printer::type_to_string(self.ctx, ty)
    }

    fn define_values(&mut self, name: &'a str, values: DefValues, pos: usize) -> PResult<()> {
        let scope = self.scopes.last_mut().expect(VALUE_SCOPE);
        if let Some(prev) = scope.defs.get(name) {
            let prev = prev.pos;
            return Err(Diagnostic::error(
                self.loc_at(pos),
                format!("redefinition of SSA value '%{name}'"),
            )
            .with_note(self.loc_at(prev), "previously defined here"));
        }
        let def = Def { values, pos };
        let count = match def.values {
            DefValues::One(_) => 1,
            DefValues::Results { count, .. } => count,
        };
        // Forward references are rare: look them up only when some are pending.
        for i in 0..count {
            if scope.forward.is_empty() {
                break;
            }
            if let Some((fwd, _)) = scope.forward.remove(&(name, i)) {
                let v = def
                    .value(self.ctx, i)
                    .expect("i < count, the number of values the definition binds");
                let (ft, vt) = (self.ctx.value_type(fwd), self.ctx.value_type(v));
                if ft != vt {
                    let suffix = if count > 1 {
                        format!("#{i}")
                    } else {
                        String::new()
                    };
                    return Err(Diagnostic::error(
                        self.loc_at(def.pos),
                        format!(
                            "definition of SSA value '%{name}{suffix}' has type '{}'",
                            crate::printer::type_to_string(self.ctx, vt)
                        ),
                    ));
                }
                self.ctx.replace_all_uses(fwd, v);
            }
        }
        let scope = self.scopes.last_mut().expect(VALUE_SCOPE);
        scope.regions.last_mut().expect(REGION_SCOPE).push(name);
        scope.defs.insert(name, def);
        Ok(())
    }

    fn finish_value_scope(&mut self) -> PResult<()> {
        let scope = self.scopes.last_mut().expect(VALUE_SCOPE);
        // MLIR's wording names no value; the location points at the first unresolved use.
        if let Some(first) = scope.forward.values().map(|&(_, pos)| pos).min() {
            return Err(Diagnostic::error(
                self.loc_at(first),
                "use of undeclared SSA value name",
            ));
        }
        Ok(())
    }

    // ------------------------------------------------------------------ regions and blocks

    /// Parses `{ ... }` into a new region. `args`, if not empty, become the entry block's
    /// arguments (the op's syntax declared them, e.g. `scf.for %iv = ...`); the region must
    /// then not start with a block label. An empty `{}` gives an empty region (when no `args`).
    pub fn parse_region(&mut self, args: &[Argument<'a>]) -> PResult<RegionId> {
        self.nested_region(|p| p.parse_region_nested(args))
    }

    fn parse_region_nested(&mut self, args: &[Argument<'a>]) -> PResult<RegionId> {
        let region = self.ctx.new_region();
        self.expect(Tok::LBrace, "{")?;
        let isolated = self
            .op_stack
            .last()
            .and_then(|&n| self.ctx.op_def(n))
            .is_some_and(|d| d.traits.contains(Traits::ISOLATED_FROM_ABOVE));
        if isolated {
            self.scopes.push(ValueScope::default());
        }
        self.scopes
            .last_mut()
            .expect(VALUE_SCOPE)
            .regions
            .push(Vec::new());
        self.block_scopes.push(BlockScope::default());
        let r = self.parse_region_body(region, args);
        self.block_scopes.pop();
        let scope = self.scopes.last_mut().expect(VALUE_SCOPE);
        for name in scope.regions.pop().unwrap_or_default() {
            scope.defs.remove(name);
        }
        let fin = if isolated && r.is_ok() {
            self.finish_value_scope()
        } else {
            Ok(())
        };
        if isolated {
            self.scopes.pop();
        }
        r.and(fin)?;
        Ok(region)
    }

    fn parse_region_body(&mut self, region: RegionId, args: &[Argument<'a>]) -> PResult<()> {
        if self.consume_if(Tok::RBrace) {
            if !args.is_empty() {
                let b = self.ctx.new_block(&[]);
                self.ctx.append_block(region, b);
                self.define_args(b, args)?;
            }
            return Ok(());
        }
        let entry = if self.tok.kind == Tok::CaretId {
            if !args.is_empty() {
                return Err(self.error("invalid block name in region with named arguments"));
            }
            self.parse_block_header(region)?
        } else {
            let b = self.ctx.new_block(&[]);
            self.ctx.append_block(region, b);
            self.define_args(b, args)?;
            b
        };
        let mut block = entry;
        loop {
            match self.tok.kind {
                Tok::RBrace => {
                    self.bump();
                    break;
                }
                Tok::CaretId => block = self.parse_block_header(region)?,
                _ => {
                    let op = self.parse_operation()?;
                    self.ctx.insert_op(op, InsertPoint::End(block));
                }
            }
        }
        let scope = self.block_scopes.last().expect(BLOCK_SCOPE);
        // The first undefined reference in the text (MLIR sorts them by location).
        let undefined = scope.blocks.values().filter(|(_, defined, _)| !defined);
        if let Some(first) = undefined.map(|&(_, _, pos)| pos).min() {
            return Err(Diagnostic::error(
                self.loc_at(first),
                "reference to an undefined block",
            ));
        }
        Ok(())
    }

    fn define_args(&mut self, block: BlockId, args: &[Argument<'a>]) -> PResult<()> {
        for a in args {
            let v = self.ctx.add_block_arg(block, a.ty);
            let loc = a.loc.clone().unwrap_or_else(|| self.loc_at(a.pos));
            self.ctx.set_arg_loc(v, loc);
            if let Some((alias, pos)) = self.deferred_arg_locs.remove(&a.pos) {
                self.deferred_locs
                    .push((LocTarget::BlockArg(v), alias, pos));
            }
            self.define_values(a.name, DefValues::One(v), a.pos)?;
        }
        Ok(())
    }

    fn parse_block_header(&mut self, region: RegionId) -> PResult<BlockId> {
        let pos = self.pos();
        let name = &self.text()[1..];
        self.bump();
        let scope = self.block_scopes.last_mut().expect(BLOCK_SCOPE);
        let block = match scope.blocks.get_mut(name) {
            Some((_, true, _)) => {
                return Err(Diagnostic::error(
                    self.loc_at(pos),
                    format!("redefinition of block '^{name}'"),
                ))
            }
            Some((b, defined, _)) => {
                *defined = true;
                *b
            }
            None => {
                let b = self.ctx.new_block(&[]);
                scope.blocks.insert(name, (b, true, pos));
                b
            }
        };
        self.ctx.append_block(region, block);
        if self.consume_if(Tok::LParen) {
            if self.tok.kind != Tok::RParen {
                loop {
                    let a = self.parse_argument()?;
                    self.define_args(block, std::slice::from_ref(&a))?;
                    if !self.consume_if(Tok::Comma) {
                        break;
                    }
                }
            }
            self.expect(Tok::RParen, ")")?;
        }
        self.expect(Tok::Colon, ":")?;
        Ok(block)
    }

    /// Parses a declared argument `%name : type [loc(...)]`.
    pub fn parse_argument(&mut self) -> PResult<Argument<'a>> {
        let o = self.parse_operand()?;
        self.expect(Tok::Colon, ":")?;
        let ty = self.parse_type()?;
        let loc = self.parse_optional_trailing_location()?;
        if let Some(deferred) = self.deferred_alias.take() {
            self.deferred_arg_locs.insert(o.pos, deferred);
        }
        Ok(Argument {
            name: o.name,
            ty,
            pos: o.pos,
            loc,
        })
    }

    /// Parses `^name` and returns its block (created on first reference).
    pub fn parse_successor(&mut self) -> PResult<BlockId> {
        if self.tok.kind != Tok::CaretId {
            return Err(self.wrong_token_error("expected block name"));
        }
        let pos = self.pos();
        let name = &self.text()[1..];
        self.bump();
        let Some(scope) = self.block_scopes.last_mut() else {
            return Err(Diagnostic::error(
                self.loc_at(pos),
                "block reference outside of a region",
            ));
        };
        if let Some((b, _, _)) = scope.blocks.get(name) {
            return Ok(*b);
        }
        let b = self.ctx.new_block(&[]);
        scope.blocks.insert(name, (b, false, pos));
        Ok(b)
    }

    /// Parses `^name` optionally followed by `(%a, %b : T1, T2)`; returns the block and the
    /// resolved operands.
    pub fn parse_successor_and_use_list(&mut self) -> PResult<(BlockId, Vec<ValueId>)> {
        let b = self.parse_successor()?;
        let mut values = Vec::new();
        if self.consume_if(Tok::LParen) {
            let ops = self.parse_operand_list()?;
            self.expect(Tok::Colon, ":")?;
            let tys = self.parse_type_list_no_parens()?;
            self.expect(Tok::RParen, ")")?;
            values = self.resolve_operands(&ops, &tys)?;
        }
        Ok((b, values))
    }

    // ------------------------------------------------------------------ types

    /// Parses a type.
    pub fn parse_type(&mut self) -> PResult<Type> {
        self.nested_type(|p| p.parse_type_nested())
    }

    fn parse_type_nested(&mut self) -> PResult<Type> {
        match self.tok.kind {
            Tok::LParen => self.parse_function_type(),
            Tok::ExclId => {
                let name = self.text()[1..].to_string();
                if let Some(&t) = self.type_aliases.get(&name) {
                    self.bump();
                    return Ok(t);
                }
                if let Some((dialect, mnemonic, params)) = self.parse_dialect_item(&name, false)? {
                    return Ok(self.ctx.intern_type(TypeKind::Dialect {
                        dialect,
                        mnemonic,
                        params,
                    }));
                }
                if !name.contains('.') && !self.followed_by_less() {
                    return Err(self.undefined_alias(&name));
                }
                self.check_unregistered_dialect_ok("type", &name)?;
                self.bump();
                let text = self.opaque_item_text(name)?;
                Ok(self.ctx.intern_type(TypeKind::Opaque(text)))
            }
            Tok::BareId => self.parse_builtin_type(),
            _ => Err(self.wrong_token_error("expected non-function type")),
        }
    }

    fn parse_builtin_type(&mut self) -> PResult<Type> {
        let t = self.text();
        let simple = match t {
            "index" => Some(TypeKind::Index),
            "f16" => Some(TypeKind::Float(FloatKind::F16)),
            "bf16" => Some(TypeKind::Float(FloatKind::BF16)),
            "f32" => Some(TypeKind::Float(FloatKind::F32)),
            "f64" => Some(TypeKind::Float(FloatKind::F64)),
            "none" => Some(TypeKind::None),
            _ => int_type_kind(t),
        };
        if let Some(k) = simple {
            if let TypeKind::Integer { width, .. } = k {
                if width > 16_777_215 {
                    return Err(self.error("integer bitwidth is limited to 16777215 bits"));
                }
            }
            self.bump();
            return Ok(self.ctx.intern_type(k));
        }
        match t {
            "memref" => {
                let kind = self.parse_memref_type()?;
                Ok(self.ctx.intern_type(kind))
            }
            "tensor" => {
                self.bump();
                self.expect(Tok::Less, "<")?;
                let (shape, element) = self.parse_shape_and_element(true)?;
                self.expect(Tok::Greater, ">")?;
                Ok(self.ctx.intern_type(TypeKind::Tensor { shape, element }))
            }
            "vector" => {
                let loc = self.loc();
                self.bump();
                self.expect(Tok::Less, "<")?;
                let (shape, element) = self.parse_shape_and_element(false)?;
                self.expect(Tok::Greater, ">")?;
                let shape = shape.unwrap_or_default();
                let shape: Option<Vec<u64>> = shape.into_iter().collect();
                let Some(shape) = shape.filter(|s| !s.is_empty()) else {
                    return Err(Diagnostic::error(
                        loc,
                        "vector types must have a non-empty static shape",
                    ));
                };
                if shape.contains(&0) {
                    return Err(Diagnostic::error(
                        loc,
                        "vector types must have positive constant sizes but got 0",
                    ));
                }
                Ok(self.ctx.intern_type(TypeKind::Vector { shape, element }))
            }
            "tuple" => {
                self.bump();
                self.expect(Tok::Less, "<")?;
                let mut elems = Vec::new();
                if self.tok.kind != Tok::Greater {
                    elems = self.parse_type_list_no_parens()?;
                }
                self.expect(Tok::Greater, ">")?;
                Ok(self.ctx.intern_type(TypeKind::Tuple(elems)))
            }
            _ if UNSUPPORTED_BUILTIN_TYPES.contains(&t) => Err(self.error(format!(
                "builtin type '{t}' of MLIR is not supported by Weir (its floats are f16, bf16, \
                 f32 and f64)"
            ))),
            _ => Err(self.wrong_token_error("expected non-function type")),
        }
    }

    /// Parses `2x?x4xf32`, `*xf32` or `f32` (the inside of `tensor<...>`).
    fn parse_shape_and_element(
        &mut self,
        allow_unranked: bool,
    ) -> PResult<(Option<Vec<Dim>>, Type)> {
        let src = self.src.as_bytes();
        let mut pos = self.tok.start;
        let mut dims = Vec::new();
        let mut ranked = true;
        loop {
            let start = pos;
            if src.get(pos) == Some(&b'*') && allow_unranked && dims.is_empty() {
                pos += 1;
                ranked = false;
            } else if src.get(pos) == Some(&b'?') {
                pos += 1;
                dims.push(None);
            } else if src.get(pos).is_some_and(|c| c.is_ascii_digit()) {
                while src.get(pos).is_some_and(|c| c.is_ascii_digit()) {
                    pos += 1;
                }
                let text = &self.src[start..pos];
                let n = text.parse::<u64>().ok().filter(|&n| n <= i64::MAX as u64);
                let Some(n) = n else {
                    return Err(Diagnostic::error(self.loc_at(start), "invalid dimension"));
                };
                dims.push(Some(n));
            } else {
                break;
            }
            if src.get(pos) != Some(&b'x') {
                return Err(Diagnostic::error(
                    self.loc_at(pos),
                    "expected 'x' in dimension list",
                ));
            }
            pos += 1;
            if !ranked {
                break;
            }
        }
        self.lexer.reset(pos);
        self.tok = self.lexer.next_token();
        let element = self.parse_type()?;
        Ok((if ranked { Some(dims) } else { None }, element))
    }

    /// Parses `(T1, T2) -> R` or `(T) -> (R1, R2)`.
    pub fn parse_function_type(&mut self) -> PResult<Type> {
        let inputs = self.parse_paren_type_list()?;
        self.expect(Tok::Arrow, "->")?;
        let results = self.parse_function_result_types()?;
        Ok(self.ctx.function_type(inputs, results))
    }

    /// Parses `(T1, T2)` or `()`.
    pub fn parse_paren_type_list(&mut self) -> PResult<Vec<Type>> {
        self.expect(Tok::LParen, "(")?;
        if self.consume_if(Tok::RParen) {
            return Ok(Vec::new());
        }
        let l = self.parse_type_list_no_parens()?;
        self.expect(Tok::RParen, ")")?;
        Ok(l)
    }

    /// Parses the results of a function type: a single non-function type or `(T, ...)`.
    pub fn parse_function_result_types(&mut self) -> PResult<Vec<Type>> {
        if self.tok.kind == Tok::LParen {
            // `(T) -> (U)` vs `() -> i32`: a parenthesized list; a nested function type needs parens.
            return self.parse_paren_type_list();
        }
        Ok(vec![self.parse_type()?])
    }

    /// Parses `T1, T2, ...` (at least one).
    pub fn parse_type_list_no_parens(&mut self) -> PResult<Vec<Type>> {
        let mut out = vec![self.parse_type()?];
        while self.consume_if(Tok::Comma) {
            out.push(self.parse_type()?);
        }
        Ok(out)
    }

    /// Parses `: T` (a colon and one type).
    pub fn parse_colon_type(&mut self) -> PResult<Type> {
        self.expect(Tok::Colon, ":")?;
        self.parse_type()
    }

    /// Parses an optional `-> T` or `-> (T1, T2)`; returns the empty list when absent.
    pub fn parse_optional_arrow_type_list(&mut self) -> PResult<Vec<Type>> {
        if self.consume_if(Tok::Arrow) {
            self.parse_function_result_types()
        } else {
            Ok(Vec::new())
        }
    }

    // ------------------------------------------------------------------ attributes

    /// Parses an optional `{k = v, ...}` into `state`'s attributes.
    pub fn parse_optional_attr_dict(&mut self, state: &mut OpState) -> PResult<()> {
        if self.tok.kind == Tok::LBrace {
            let start = self.pos();
            self.bump();
            for (k, v) in self.parse_attr_dict_body()? {
                let name = self.ctx.attr_name(&k);
                if state.attr(name).is_some() {
                    // A key the op's custom syntax set already: at the dictionary, not at the
                    // token after it (which may be on the next line).
                    return Err(Diagnostic::error(
                        self.loc_at(start),
                        format!("duplicate key '{k}' in dictionary attribute"),
                    ));
                }
                state.set_attr(name, v);
            }
        }
        Ok(())
    }

    /// Parses an optional `attributes {k = v, ...}` (the keyword form used after regions).
    pub fn parse_optional_attr_dict_with_keyword(&mut self, state: &mut OpState) -> PResult<()> {
        if self.parse_optional_keyword("attributes") {
            if self.tok.kind != Tok::LBrace {
                return Err(self.error("expected '{' in attribute dictionary"));
            }
            self.parse_optional_attr_dict(state)?;
        }
        Ok(())
    }

    /// Parses `k = v, ...}` after a `{` (or `<{`; the closing brace is consumed).
    fn parse_attr_dict_body(&mut self) -> PResult<Vec<(String, Attr)>> {
        let mut out: Vec<(String, Attr)> = Vec::new();
        if self.consume_if(Tok::RBrace) {
            return Ok(out);
        }
        loop {
            let key = match self.tok.kind {
                Tok::BareId => self.text().to_string(),
                Tok::String => unescape(self.text()).ok_or_else(|| self.error("invalid string"))?,
                _ => return Err(self.wrong_token_error("expected attribute name")),
            };
            self.bump();
            let value = if self.consume_if(Tok::Equal) {
                self.parse_attribute(None)?
            } else {
                self.ctx.unit_attr()
            };
            if out.iter().any(|(k, _)| *k == key) {
                return Err(self.error(format!("duplicate key '{key}' in dictionary attribute")));
            }
            out.push((key, value));
            if !self.consume_if(Tok::Comma) {
                break;
            }
        }
        if !self.consume_if(Tok::RBrace) {
            return Err(self.wrong_token_error("expected '}' in attribute dictionary"));
        }
        Ok(out)
    }

    /// Parses an attribute. A bare number gets `ty` if given (else `i64`/`f64`), unless a
    /// `: type` follows it.
    pub fn parse_attribute(&mut self, ty: Option<Type>) -> PResult<Attr> {
        self.nested_type(|p| p.parse_attribute_nested(ty))
    }

    fn parse_attribute_nested(&mut self, ty: Option<Type>) -> PResult<Attr> {
        match self.tok.kind {
            Tok::Integer | Tok::Float | Tok::Minus => self.parse_number_attr(ty),
            Tok::String => {
                let s = self.parse_string()?;
                if self.tok.kind == Tok::Colon {
                    self.bump();
                    self.parse_type()?;
                }
                Ok(self.ctx.str_attr(&s))
            }
            Tok::LSquare => {
                self.bump();
                let mut elems = Vec::new();
                if !self.consume_if(Tok::RSquare) {
                    loop {
                        elems.push(self.parse_attribute(None)?);
                        if !self.consume_if(Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(Tok::RSquare, "]")?;
                }
                Ok(self.ctx.attr(AttrKind::Array(elems)))
            }
            Tok::LBrace => {
                self.bump();
                let mut d = self.parse_attr_dict_body()?;
                d.sort_by(|a, b| a.0.cmp(&b.0));
                Ok(self.ctx.attr(AttrKind::Dict(d)))
            }
            Tok::AtId => {
                let mut path = vec![self.parse_symbol_name()?];
                while self.tok.kind == Tok::Colon
                    && self.src.as_bytes().get(self.tok.end) == Some(&b':')
                {
                    self.bump();
                    self.bump();
                    path.push(self.parse_symbol_name()?);
                }
                Ok(self.ctx.attr(AttrKind::SymbolRef(path)))
            }
            Tok::HashId => {
                let name = self.text()[1..].to_string();
                if let Some(&a) = self.attr_aliases.get(&name) {
                    self.bump();
                    return Ok(a);
                }
                if let Some((dialect, mnemonic, params)) = self.parse_dialect_item(&name, true)? {
                    return Ok(self.ctx.attr(AttrKind::Dialect {
                        dialect,
                        mnemonic,
                        params,
                    }));
                }
                if !name.contains('.') && !self.followed_by_less() {
                    return Err(self.undefined_alias(&name));
                }
                self.check_unregistered_dialect_ok("attribute", &name)?;
                self.bump();
                let text = self.opaque_item_text(name)?;
                Ok(self.ctx.attr(AttrKind::Opaque(text)))
            }
            Tok::BareId => match self.text() {
                "true" | "false" => {
                    let b = self.text() == "true";
                    self.bump();
                    Ok(self.ctx.attr(AttrKind::Bool(b)))
                }
                "unit" => {
                    self.bump();
                    Ok(self.ctx.unit_attr())
                }
                "dense" => self.parse_dense_attr(),
                "array" => self.parse_dense_array_attr(),
                "loc" => Err(self.error("location attributes are only allowed after operations")),
                "affine_map" => self.parse_affine_map_attr(),
                "strided" => self.parse_strided_attr(),
                "dense_resource" => self.parse_dense_resource_attr(),
                "affine_set" | "distinct" | "sparse" => {
                    let kw = self.text().to_string();
                    self.bump();
                    let body = self.skip_balanced_angles()?;
                    Ok(self.ctx.attr(AttrKind::BuiltinText(format!("{kw}{body}"))))
                }
                _ => {
                    let t = self.parse_type()?;
                    Ok(self.ctx.type_attr(t))
                }
            },
            Tok::LParen | Tok::ExclId => {
                let t = self.parse_type()?;
                Ok(self.ctx.type_attr(t))
            }
            _ => Err(self.wrong_token_error("expected attribute value")),
        }
    }

    fn parse_number_attr(&mut self, ty: Option<Type>) -> PResult<Attr> {
        let loc = self.loc();
        let neg = self.consume_if(Tok::Minus);
        let text = self.text();
        let kind = self.tok.kind;
        if !matches!(kind, Tok::Integer | Tok::Float) {
            return Err(self.wrong_token_error("expected integer or float literal"));
        }
        self.bump();
        let ty = if self.tok.kind == Tok::Colon {
            self.bump();
            Some(self.parse_type()?)
        } else {
            ty
        };
        let is_float_ty = ty.is_some_and(|t| self.ctx.float_kind(t).is_some());
        if kind == Tok::Float || is_float_ty {
            let ty = match ty {
                Some(t) if is_float_ty => t,
                Some(_) => {
                    return Err(Diagnostic::error(
                        loc,
                        "floating point value not valid for specified type",
                    ))
                }
                None => self.ctx.float_type(FloatKind::F64),
            };
            let fk = self
                .ctx
                .float_kind(ty)
                .expect("the type is a float type: checked just above, or f64");
            if kind == Tok::Integer && !text.starts_with("0x") {
                return Err(Diagnostic::error(
                    loc.clone(),
                    "unexpected decimal integer literal for a floating point value",
                )
                .with_note(loc, "add a trailing dot to make the literal a float"));
            }
            let value = if kind == Tok::Integer {
                if neg {
                    return Err(Diagnostic::error(
                        loc,
                        "hexadecimal float literal should not have a leading minus",
                    ));
                }
                let bits = u64::from_str_radix(&text[2..], 16).map_err(|_| {
                    Diagnostic::error(
                        loc.clone(),
                        "hexadecimal float constant out of range for type",
                    )
                })?;
                float_from_bits(fk, bits).ok_or_else(|| {
                    Diagnostic::error(
                        loc.clone(),
                        "hexadecimal float constant out of range for type",
                    )
                })?
            } else {
                let v: f64 = text.parse().map_err(|_| {
                    Diagnostic::error(loc.clone(), "invalid floating point literal")
                })?;
                round_to(fk, if neg { -v } else { v })
            };
            return Ok(self.ctx.float_attr(value, ty));
        }
        let magnitude = parse_int_literal(text).ok_or_else(|| {
            Diagnostic::error(loc.clone(), "integer constant out of range for attribute")
        })?;
        let ty = match ty {
            Some(t) => t,
            None => self.ctx.int_type(64),
        };
        let Some(width) = self.ctx.int_width(ty) else {
            return Err(Diagnostic::error(
                loc,
                "integer literal not valid for specified type",
            ));
        };
        let v = signed_value(magnitude, neg, width).ok_or_else(|| {
            Diagnostic::error(loc.clone(), "integer constant out of range for attribute")
        })?;
        if !int_fits(v, width, self.ctx.type_kind(ty)) {
            return Err(Diagnostic::error(
                loc,
                "integer constant out of range for attribute",
            ));
        }
        Ok(self.ctx.int_attr(v, ty))
    }

    /// `dense<...> : T`. MLIR's TensorLiteralParser checks the literal's structure before it
    /// knows the type; here a first pass checks the structure (nesting, shape, element count)
    /// without storing elements, then the type is parsed, and a second pass re-lexes the
    /// literal and writes each element's bytes into one buffer (no allocation per element).
    fn parse_dense_attr(&mut self) -> PResult<Attr> {
        let kw_loc = self.loc();
        self.bump();
        self.expect(Tok::Less, "<")?;
        let literal = (self.tok, self.lexer.pos());
        let mut shape = Vec::new();
        let mut count = 0u64;
        let mut hex = None;
        if self.tok.kind == Tok::String {
            let loc = self.loc();
            hex = Some((self.parse_string()?, loc));
        } else if self.tok.kind != Tok::Greater {
            self.parse_dense_structure(&mut shape, &mut count, 0)?;
        }
        self.expect(Tok::Greater, ">")?;
        self.expect(Tok::Colon, ":")?;
        let ty = self.parse_type()?;
        let at_kw = |m: &str| Diagnostic::error(kw_loc.clone(), m);
        let (dims, element) = weir_ir::dense::dense_shape(self.ctx, ty).map_err(at_kw)?;
        let kind = ElementKind::of(self.ctx, element)
            .ok_or_else(|| at_kw("dense elements of this element type are not supported"))?;
        let total = dims
            .iter()
            .try_fold(1u64, |acc, &d| acc.checked_mul(d))
            .ok_or_else(|| at_kw("dense elements type has too many elements"))?;
        let bytes = if let Some((h, loc)) = hex {
            dense_hex_bytes(&h, kind, total).map_err(|e| match e {
                HexError::Digits => Diagnostic::error(
                    loc,
                    "expected string containing hex digits starting with `0x`",
                ),
                HexError::Size => at_kw(&format!(
                    "elements hex data size is invalid for provided type: '{}'",
                    self.type_str(ty)
                )),
            })?
        } else {
            let is_splat = shape.is_empty() && count == 1;
            let is_empty_literal = shape.is_empty() && count == 0 && total == 0;
            if shape.is_empty() && count == 0 && total != 0 {
                // `dense<>` of a type with elements (mlir-opt 22's wording).
                return Err(at_kw(&format!(
                    "parsed zero elements, but type ('{}') expected at least 1",
                    self.type_str(ty)
                )));
            }
            if !is_splat && !is_empty_literal && shape != dims {
                return Err(at_kw(&format!(
                    "inferred shape of elements literal ([{}]) does not match type ([{}])",
                    join(&shape),
                    join(&dims)
                )));
            }
            // Second pass: the literal again, elements only (the structure was checked).
            let after = (self.tok, self.lexer.pos());
            self.tok = literal.0;
            self.lexer.reset(literal.1);
            let mut bytes = Vec::with_capacity(count as usize * kind.byte_width());
            while self.tok.kind != Tok::Greater {
                if matches!(self.tok.kind, Tok::LSquare | Tok::RSquare | Tok::Comma) {
                    self.bump();
                } else {
                    let raw = self.parse_dense_element(kind, element)?;
                    bytes.extend_from_slice(&raw.to_le_bytes()[..kind.byte_width()]);
                }
            }
            self.tok = after.0;
            self.lexer.reset(after.1);
            bytes
        };
        self.ctx.dense_from_bytes(ty, bytes).map_err(|m| at_kw(&m))
    }

    /// The structure of a dense literal: `[`-nesting consistent, the size of each level in
    /// `shape` and the number of elements in `count`; elements are checked to be literals,
    /// not converted. Returns the rank of the element parsed (0 for a scalar).
    fn parse_dense_structure(
        &mut self,
        shape: &mut Vec<u64>,
        count: &mut u64,
        depth: usize,
    ) -> PResult<usize> {
        const RANKS: &str = "tensor literal is invalid; ranks are not consistent between elements";
        if depth >= MAX_TYPE_NESTING as usize {
            return Err(self.type_nesting_error());
        }
        if self.tok.kind != Tok::LSquare {
            let neg = self.consume_if(Tok::Minus);
            match self.tok.kind {
                Tok::Integer | Tok::Float => {}
                Tok::BareId if !neg && (self.text() == "true" || self.text() == "false") => {}
                _ => return Err(self.error("expected element literal of primitive type")),
            }
            *count += 1;
            self.bump();
            return Ok(0);
        }
        self.bump();
        let mut n = 0u64;
        let mut ranks = None;
        let mut consistent = true;
        if self.tok.kind != Tok::RSquare {
            loop {
                let r = self.parse_dense_structure(shape, count, depth + 1)?;
                consistent &= *ranks.get_or_insert(r) == r;
                n += 1;
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
        }
        if self.tok.kind == Tok::RSquare && !consistent {
            return Err(self.error(RANKS));
        }
        self.expect(Tok::RSquare, "]")?;
        if shape.len() <= depth {
            shape.resize(depth + 1, u64::MAX); // u64::MAX: not seen yet at that depth
        }
        if shape[depth] == u64::MAX {
            shape[depth] = n;
        } else if shape[depth] != n {
            return Err(self.error(RANKS));
        }
        Ok(1 + ranks.unwrap_or(0))
    }

    /// One element literal (`-`? then an integer, float or `true`/`false`) of a `dense<...>`
    /// or `array<...>` of element type `element`, as its bit pattern in the element's layout
    /// (a hexadecimal float literal's bits exactly). Errors are mlir-opt's, at the literal.
    fn parse_dense_element(&mut self, kind: ElementKind, element: Type) -> PResult<u128> {
        let neg = self.consume_if(Tok::Minus);
        let loc = self.loc();
        let tok = self.tok.kind;
        let text = self.text();
        if !matches!(tok, Tok::Integer | Tok::Float | Tok::BareId) {
            return Err(self.wrong_token_error("expected integer or float literal"));
        }
        self.bump();
        let err = |m: &str| Err(Diagnostic::error(loc.clone(), m));
        if let ElementKind::Float(fk) = kind {
            return match text {
                "true" | "false" => err("expected floating point literal"),
                t if t.starts_with("0x") => {
                    if neg {
                        return err("hexadecimal float literal should not have a leading minus");
                    }
                    match u64::from_str_radix(&t[2..], 16) {
                        Ok(b) if fk.width() == 64 || b >> fk.width() == 0 => Ok(b as u128),
                        _ => err("hexadecimal float constant out of range for type"),
                    }
                }
                _ if tok == Tok::Integer => Err(Diagnostic::error(
                    loc.clone(),
                    "unexpected decimal integer literal for a floating point value",
                )
                .with_note(
                    loc.clone(),
                    "add a trailing dot to make the literal a float",
                )),
                t => match t.parse::<f64>() {
                    Ok(v) => Ok(float_to_raw(fk, if neg { -v } else { v }) as u128),
                    Err(_) => err("invalid float literal"),
                },
            };
        }
        let v = match text {
            "true" => 1,
            "false" => 0,
            _ if tok == Tok::Float => {
                return err("expected integer elements, but parsed floating-point")
            }
            t => match parse_int_literal(t) {
                Some(v) => v,
                None => return err("integer constant out of range"),
            },
        };
        if neg && matches!(kind, ElementKind::Int { unsigned: true, .. }) {
            return err("expected unsigned integer elements, but parsed negative value");
        }
        let width = self.ctx.int_width(element).unwrap_or(64);
        let Some(v) = signed_value(v, neg, width) else {
            return err("integer constant out of range for type");
        };
        if !int_fits(v, width, self.ctx.type_kind(element)) {
            return err("integer constant out of range for type");
        }
        Ok(if width == 1 {
            (v & 1) as u128
        } else {
            v as u128
        })
    }

    /// `dense_resource<name> : T` (MLIR `DenseResourceElementsAttr`): the name is a bare key or
    /// a string; `T` a shaped type. The blob comes from the file's resource section.
    fn parse_dense_resource_attr(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect(Tok::Less, "<")?;
        let name = self.parse_resource_key("expected identifier key for 'resource' entry")?;
        self.expect(Tok::Greater, ">")?;
        let ty_loc = self.loc(); // mlir-opt reports a wrong type at the `:`
        self.expect(Tok::Colon, ":")?;
        let ty = self.parse_type()?;
        if !matches!(
            self.ctx.type_kind(ty),
            TypeKind::Tensor { .. } | TypeKind::Vector { .. } | TypeKind::MemRef { .. }
        ) {
            return Err(Diagnostic::error(
                ty_loc,
                "`dense_resource` expected a shaped type",
            ));
        }
        Ok(self.ctx.dense_resource(ty, &name))
    }

    /// A resource key: a bare identifier or a string (`error` otherwise).
    fn parse_resource_key(&mut self, error: &str) -> PResult<String> {
        match self.tok.kind {
            Tok::BareId => {
                let k = self.text().to_string();
                self.bump();
                Ok(k)
            }
            Tok::String => self.parse_string(),
            _ => Err(self.error(error)),
        }
    }

    /// The file metadata section `{-# dialect_resources: { builtin: { key: "0x...", ... } } #-}`
    /// (MLIR's `parseFileMetadataDictionary`): each blob is kept in the context by key, its
    /// hex string holding the alignment in its first four bytes (little-endian), then the
    /// data. `external_resources` are skipped (no Weir pass reads them). Messages are
    /// mlir-opt's.
    fn parse_file_metadata(&mut self) -> PResult<()> {
        self.bump();
        while self.tok.kind != Tok::FileMetadataEnd {
            let key_loc = self.loc();
            let key =
                self.parse_resource_key("expected identifier key in file metadata dictionary")?;
            self.expect(Tok::Colon, ":")?;
            match key.as_str() {
                "dialect_resources" => self.parse_comma_braces(|p| p.parse_dialect_resources())?,
                "external_resources" => {
                    self.expect(Tok::LBrace, "{")?;
                    let mut depth = 1;
                    while depth > 0 {
                        match self.tok.kind {
                            Tok::LBrace => depth += 1,
                            Tok::RBrace => depth -= 1,
                            Tok::Eof | Tok::FileMetadataEnd => {
                                return Err(self.error("expected '}'"))
                            }
                            _ => {}
                        }
                        self.bump();
                    }
                }
                _ => {
                    return Err(Diagnostic::error(
                        key_loc,
                        format!("unknown key '{key}' in file metadata dictionary"),
                    ))
                }
            }
            if !self.consume_if(Tok::Comma) {
                break;
            }
        }
        self.expect(Tok::FileMetadataEnd, "#-}")
    }

    /// `{ entry, entry, ... }`, each entry parsed by `entry`.
    fn parse_comma_braces(
        &mut self,
        mut entry: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        self.expect(Tok::LBrace, "{")?;
        while self.tok.kind != Tok::RBrace {
            entry(self)?;
            if !self.consume_if(Tok::Comma) {
                break;
            }
        }
        if self.tok.kind != Tok::RBrace {
            return Err(self.error("expected ',' or '}'"));
        }
        self.bump();
        Ok(())
    }

    /// `dialect: { key: "0x...", ... }`; only the builtin dialect has resources here.
    fn parse_dialect_resources(&mut self) -> PResult<()> {
        let loc = self.loc();
        let dialect = self.parse_resource_key("expected identifier key for 'resource' entry")?;
        self.expect(Tok::Colon, ":")?;
        if dialect != "builtin" && !self.syntax.has_dialect(&dialect) {
            return Err(Diagnostic::error(
                loc,
                format!("dialect '{dialect}' is unknown"),
            ));
        }
        self.parse_comma_braces(|p| {
            if dialect != "builtin" {
                return Err(p.error(format!(
                    "unexpected 'resource' section for dialect '{dialect}'"
                )));
            }
            let key = p.parse_resource_key("expected identifier key for 'resource' entry")?;
            p.expect(Tok::Colon, ":")?;
            let bad = |p: &Self, what: &str| {
                p.error(format!("expected hex string blob for key '{key}'{what}"))
            };
            if p.tok.kind != Tok::String {
                return Err(bad(p, ""));
            }
            let text = p.text();
            let digits = text[1..text.len() - 1].strip_prefix("0x");
            let bytes = digits.filter(|d| d.len() % 2 == 0).and_then(|d| {
                (0..d.len() / 2)
                    .map(|i| u8::from_str_radix(&d[2 * i..2 * i + 2], 16).ok())
                    .collect::<Option<Vec<u8>>>()
            });
            let Some(mut bytes) = bytes else {
                return Err(bad(p, ""));
            };
            if bytes.len() < 4 {
                return Err(bad(p, " to encode alignment in first 4 bytes"));
            }
            p.bump();
            let alignment = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
            bytes.drain(..4);
            p.ctx.set_resource_blob(&key, alignment, bytes);
            Ok(())
        })
    }

    fn parse_dense_array_attr(&mut self) -> PResult<Attr> {
        self.bump();
        self.expect(Tok::Less, "<")?;
        let ty_loc = self.loc();
        let element = self.parse_type()?;
        let kind = ElementKind::of(self.ctx, element).ok_or_else(|| {
            Diagnostic::error(
                ty_loc,
                "dense elements of this element type are not supported",
            )
        })?;
        let mut values = Vec::new();
        if self.consume_if(Tok::Colon) {
            loop {
                let raw = self.parse_dense_element(kind, element)?;
                values.push(kind.decode(&raw.to_le_bytes()[..kind.byte_width()]));
                if !self.consume_if(Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(Tok::Greater, ">")?;
        Ok(self.ctx.attr(AttrKind::DenseArray { element, values }))
    }
}

/// Why a `dense<"0x...">` string was rejected.
enum HexError {
    /// Not `0x` followed by an even number of hex digits.
    Digits,
    /// A byte count that is neither one element nor all of them.
    Size,
}

/// The element bytes of the hex form `"0x..."` of a dense literal of `total` elements of
/// `kind`, in MLIR's layout of the hex data: each element's little-endian bytes, one element
/// for a splat; `i1` elements packed 8 to a byte (bit `i % 8` of byte `i / 8`), a single
/// `0x00`/`0xFF` byte being a splat. The result is Weir's layout (one byte per `i1`).
fn dense_hex_bytes(hex: &str, kind: ElementKind, total: u64) -> Result<Vec<u8>, HexError> {
    let digits = hex.strip_prefix("0x").ok_or(HexError::Digits)?;
    if digits.len() % 2 != 0 || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(HexError::Digits);
    }
    let byte = |i: usize| u8::from_str_radix(&digits[2 * i..2 * i + 2], 16).unwrap_or(0);
    let n = digits.len() / 2;
    if matches!(kind, ElementKind::Int { width: 1, .. }) {
        if n == 1 && (byte(0) == 0 || byte(0) == 0xFF) {
            return Ok(vec![byte(0) & 1]);
        }
        if n as u64 != total.div_ceil(8) {
            return Err(HexError::Size);
        }
        return Ok((0..total as usize)
            .map(|i| (byte(i / 8) >> (i % 8)) & 1)
            .collect());
    }
    let w = kind.byte_width() as u64;
    if n as u64 != w && Some(n as u64) != total.checked_mul(w) {
        return Err(HexError::Size);
    }
    Ok((0..n).map(byte).collect())
}

fn join(v: &[u64]) -> String {
    v.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn int_type_kind(t: &str) -> Option<TypeKind> {
    let (signedness, digits) = if let Some(d) = t.strip_prefix("si") {
        (Signedness::Signed, d)
    } else if let Some(d) = t.strip_prefix("ui") {
        (Signedness::Unsigned, d)
    } else {
        (Signedness::Signless, t.strip_prefix('i')?)
    };
    if digits.is_empty()
        || !digits.bytes().all(|b| b.is_ascii_digit())
        || (digits.len() > 1 && digits.starts_with('0'))
    {
        return None;
    }
    let width = digits.parse::<u32>().unwrap_or(u32::MAX);
    Some(TypeKind::Integer { width, signedness })
}

/// Parses a decimal or `0x` hexadecimal integer literal.
fn parse_int_literal(t: &str) -> Option<u128> {
    match t.strip_prefix("0x") {
        Some(h) => u128::from_str_radix(h, 16).ok(),
        None => t.parse::<u128>().ok(),
    }
}

/// The value of a literal of `magnitude`, negated if `neg`, as the `i128` an attribute of an
/// integer type of `width` bits holds: down to -2^127; above `i128::MAX` (up to 2^128 - 1) only
/// for 128-bit types, as its two's-complement bits (MLIR's `APInt` of width 128). `None` when
/// it does not fit; narrower types are checked by [`int_fits`].
fn signed_value(magnitude: u128, neg: bool, width: u32) -> Option<i128> {
    if neg {
        (magnitude <= 1u128 << 127).then(|| (magnitude as i128).wrapping_neg())
    } else {
        (magnitude <= i128::MAX as u128 || width >= 128).then_some(magnitude as i128)
    }
}

/// A fused location as MLIR's `FusedLoc::get` builds one without metadata: nested fused
/// locations flattened, `unknown`s and repeats dropped; none left is `unknown`, one is itself.
fn fused(locs: Vec<Location>) -> Location {
    let mut flat: Vec<Location> = Vec::new();
    for l in locs {
        let parts = match l {
            Location::Fused(inner) => inner,
            other => vec![other],
        };
        for p in parts {
            if p != Location::Unknown && !flat.contains(&p) {
                flat.push(p);
            }
        }
    }
    match flat.len() {
        0 => Location::Unknown,
        1 => flat.pop().unwrap_or_default(),
        _ => Location::Fused(flat),
    }
}

/// Whether `v` is representable in an integer type of `width` bits: as a signed or an unsigned
/// number for signless types (MLIR accepts both), per signedness otherwise; `index` values are
/// signed 64-bit.
fn int_fits(v: i128, width: u32, kind: &TypeKind) -> bool {
    if width >= 128 {
        return true;
    }
    if width == 0 {
        return v == 0;
    }
    let smin = -(1i128 << (width - 1));
    let umax = i128::MAX >> (127 - width); // 2^width - 1 without overflow at width 127
    match kind {
        TypeKind::Index => v >= smin && v < (1i128 << (width - 1)),
        TypeKind::Integer {
            signedness: Signedness::Signed,
            ..
        } => v >= smin && v < (1i128 << (width - 1)),
        TypeKind::Integer {
            signedness: Signedness::Unsigned,
            ..
        } => v >= 0 && v <= umax,
        _ => v >= smin && v <= umax,
    }
}

/// Rounds `v` to the precision of `k` (returned widened back to f64).
pub(crate) fn round_to(k: FloatKind, v: f64) -> f64 {
    match k {
        FloatKind::F64 => v,
        FloatKind::F32 => v as f32 as f64,
        FloatKind::F16 => weir_ir::dense::f16_from_f64(v).to_f64(),
        FloatKind::BF16 => weir_ir::dense::bf16_from_f64(v).to_f64(),
    }
}

/// The value of the bit pattern `bits` in format `k`, if it fits the width.
pub(crate) fn float_from_bits(k: FloatKind, bits: u64) -> Option<f64> {
    match k {
        FloatKind::F64 => Some(f64::from_bits(bits)),
        FloatKind::F32 => u32::try_from(bits).ok().map(|b| f32::from_bits(b) as f64),
        FloatKind::F16 => u16::try_from(bits)
            .ok()
            .map(|b| half::f16::from_bits(b).to_f64()),
        FloatKind::BF16 => u16::try_from(bits)
            .ok()
            .map(|b| half::bf16::from_bits(b).to_f64()),
    }
}

/// Parses a standalone attribute such as `'10 : i64'` or `'dense<1.0> : tensor<5xf32>'` (used
/// for `cf-run --arg`). The whole text must be consumed. Locations in errors name `source`.
pub fn parse_attribute_text(
    ctx: &mut Context,
    syntax: &Syntax,
    text: &str,
    source: &str,
) -> PResult<Attr> {
    let mut p = Parser::new(ctx, syntax, text, source, 1, ParseOptions::default());
    let a = p.parse_attribute(None)?;
    if p.peek() != Tok::Eof {
        return Err(p.error("unexpected trailing characters after the attribute"));
    }
    Ok(a)
}

/// MLIR's `isDialectSymbolSimpleEnoughForPrettyForm`: whether a dialect item's body can be
/// written after a `.` (`#foo.bar<1>`) rather than in angle brackets (`#foo<"q">`).
fn simple_enough_for_pretty_form(body: &str) -> bool {
    if !body.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return false;
    }
    let rest = body.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '.' || c == '_');
    rest.is_empty() || (rest.starts_with('<') && one_angle_group(rest))
}

/// Whether `text` is one `<...>` group: its first `<` is closed by its last `>` (`->` skipped,
/// as the lexer reads it). MLIR checks only the first and last characters, which turns
/// `<a> b <c>` into a pretty form that does not parse back; Weir keeps such bodies in the
/// verbose form, and also every body with a string, a comment or a character outside printable
/// ASCII (where counting characters could disagree with the lexer's tokens).
fn one_angle_group(text: &str) -> bool {
    let bytes = text.as_bytes();
    if bytes
        .iter()
        .any(|&b| !(b == b' ' || b.is_ascii_graphic()) || matches!(b, b'"' | b'\'' | b'/' | b'\\'))
    {
        return false;
    }
    let (mut depth, mut i) = (0usize, 0);
    while i < bytes.len() {
        match bytes[i] {
            b'-' if bytes.get(i + 1) == Some(&b'>') => i += 1,
            b'<' => depth += 1,
            b'>' => {
                depth = match depth.checked_sub(1) {
                    Some(d) => d,
                    None => return false,
                };
                if depth == 0 && i + 1 != bytes.len() {
                    return false;
                }
            }
            _ => {}
        }
        i += 1;
    }
    depth == 0
}

/// The keywords of MLIR 22's builtin types that Weir does not model (the other float formats
/// and `complex`): a clear error instead of "expected non-function type".
const UNSUPPORTED_BUILTIN_TYPES: &[&str] = &[
    "f80",
    "f128",
    "tf32",
    "f4E2M1FN",
    "f6E2M3FN",
    "f6E3M2FN",
    "f8E5M2",
    "f8E4M3",
    "f8E4M3FN",
    "f8E5M2FNUZ",
    "f8E4M3FNUZ",
    "f8E4M3B11FNUZ",
    "f8E3M4",
    "f8E8M0FNU",
    "complex",
];
