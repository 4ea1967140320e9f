//! The custom-syntax table: which ops have a pretty form, and the functions that read and
//! write it (MLIR's `OpAsmOpInterface`, `parse`/`print` methods of an op); and the parse/print
//! hooks of the types and attributes dialects define (MLIR `Dialect::parseType`/`printType`,
//! `parseAttribute`/`printAttribute`).

use crate::parser::{PResult, Parser};
use crate::printer::{DialectPrinter, Printer};
use rustc_hash::{FxHashMap, FxHashSet};
use weir_ir::{Context, DialectParam, OpId, OpState};

/// Reads an op's custom form. Called after the op name; it fills in operands, result types,
/// attributes, regions and successors of `state`.
pub type ParseFn = fn(&mut Parser<'_>, &mut OpState) -> PResult<()>;

/// Writes an op's custom form, starting right after the op name (the printer has already
/// written the results and the name).
pub type PrintFn = fn(&mut Printer<'_>, OpId);

/// Suggests a name for an op's first result, e.g. `c0` for `arith.constant 0 : index`
/// (MLIR `OpAsmOpInterface::getAsmResultNames`).
pub type NameHintFn = fn(&Context, OpId) -> Option<String>;

/// Whether an op must be printed in the generic form although it has a custom one: for custom
/// forms that cannot express some operands (e.g. `cf.switch`'s default operands, which
/// mlir-opt reads with "result number not allowed in argument list" when one is `%2#0`).
pub type GenericWhenFn = fn(&Printer<'_>, OpId) -> bool;

/// The custom syntax of one op.
#[derive(Clone, Copy)]
pub struct OpSyntax {
    /// The parser of the custom form.
    pub parse: ParseFn,
    /// The printer of the custom form.
    pub print: PrintFn,
    /// Result name suggestion, if any.
    pub name_hint: Option<NameHintFn>,
    /// Dialect whose prefix may be omitted for ops directly inside this op's regions
    /// (MLIR `getDefaultDialect`), e.g. `func` for `func.func`.
    pub default_dialect: Option<&'static str>,
    /// When the custom form cannot print this op, if ever (see [`GenericWhenFn`]).
    pub generic_when: Option<GenericWhenFn>,
}

impl OpSyntax {
    /// A syntax with no name hint and no default dialect.
    pub const fn new(parse: ParseFn, print: PrintFn) -> Self {
        OpSyntax {
            parse,
            print,
            name_hint: None,
            default_dialect: None,
            generic_when: None,
        }
    }

    /// Sets the result name hint (builder style).
    pub const fn name_hint(mut self, f: NameHintFn) -> Self {
        self.name_hint = Some(f);
        self
    }

    /// Sets when the op falls back to the generic form (builder style).
    pub const fn generic_when(mut self, f: GenericWhenFn) -> Self {
        self.generic_when = Some(f);
        self
    }

    /// Sets the default dialect of the op's regions (builder style).
    pub const fn default_dialect(mut self, d: &'static str) -> Self {
        self.default_dialect = Some(d);
        self
    }
}

/// Reads the parameters of a dialect type or attribute. Called right after the name
/// (`!test.pair`, `#test.kind`): the hook reads the rest, usually `<...>`, with the parser's
/// primitives (`expect`, `parse_type`, `parse_attribute`, `parse_bare_id`, ...), and reports
/// bad parameters as located errors (MLIR `DialectAsmParser`).
pub type ParseParamsFn = fn(&mut Parser<'_>) -> PResult<Vec<DialectParam>>;

/// Writes the parameters of a dialect type or attribute, right after its name (MLIR
/// `DialectAsmPrinter`). What it writes must read back with the item's [`ParseParamsFn`].
pub type PrintParamsFn = fn(&mut DialectPrinter<'_>, &[DialectParam]);

/// The syntax of one dialect type or attribute mnemonic (`pair` of `!test.pair<i32, f32>`).
#[derive(Clone, Copy)]
pub struct ItemSyntax {
    /// The parser of the parameters.
    pub parse: ParseParamsFn,
    /// The printer of the parameters; `None` for the default form `<p1, p2, ...>`
    /// ([`DialectPrinter::print_params`]), which is also what messages printed without a
    /// [`Syntax`] show (`type_to_string`).
    pub print: Option<PrintParamsFn>,
}

impl ItemSyntax {
    /// A syntax whose parameters print in the default form.
    pub const fn new(parse: ParseParamsFn) -> Self {
        ItemSyntax { parse, print: None }
    }

    /// Sets a custom printer of the parameters (builder style).
    pub const fn print(mut self, f: PrintParamsFn) -> Self {
        self.print = Some(f);
        self
    }
}

/// The custom syntaxes of all registered ops (by full op name) and the syntaxes of the dialect
/// types and attributes (by dialect and mnemonic).
#[derive(Default)]
pub struct Syntax {
    ops: FxHashMap<String, OpSyntax>,
    /// Dialect name, then mnemonic (two levels, so a lookup by `&str`s allocates nothing).
    types: FxHashMap<String, FxHashMap<String, ItemSyntax>>,
    attrs: FxHashMap<String, FxHashMap<String, ItemSyntax>>,
    /// The dialects (the part of an op name before its first `.`) with a custom op syntax.
    op_dialects: FxHashSet<String>,
}

impl Syntax {
    /// An empty table: every op then uses the generic form.
    pub fn new() -> Self {
        Self::default()
    }

    /// Registers the custom syntax of op `name`.
    pub fn register(&mut self, name: &str, syntax: OpSyntax) {
        if let Some((dialect, _)) = name.split_once('.') {
            self.op_dialects.insert(dialect.to_string());
        }
        self.ops.insert(name.to_string(), syntax);
    }

    /// Registers the type `!dialect.mnemonic<...>`.
    pub fn register_type(&mut self, dialect: &str, mnemonic: &str, syntax: ItemSyntax) {
        let table = self.types.entry(dialect.to_string()).or_default();
        table.insert(mnemonic.to_string(), syntax);
    }

    /// Registers the attribute `#dialect.mnemonic<...>`.
    pub fn register_attr(&mut self, dialect: &str, mnemonic: &str, syntax: ItemSyntax) {
        let table = self.attrs.entry(dialect.to_string()).or_default();
        table.insert(mnemonic.to_string(), syntax);
    }

    /// The syntax of type `!dialect.mnemonic`, if registered.
    pub fn type_syntax(&self, dialect: &str, mnemonic: &str) -> Option<&ItemSyntax> {
        self.types.get(dialect)?.get(mnemonic)
    }

    /// The syntax of attribute `#dialect.mnemonic`, if registered.
    pub fn attr_syntax(&self, dialect: &str, mnemonic: &str) -> Option<&ItemSyntax> {
        self.attrs.get(dialect)?.get(mnemonic)
    }

    /// Whether dialect `dialect` registered any type (`attr == false`) or attribute
    /// (`attr == true`); then a mnemonic it did not register is an error, not opaque text.
    pub fn has_dialect_items(&self, dialect: &str, attr: bool) -> bool {
        let table = if attr { &self.attrs } else { &self.types };
        table.contains_key(dialect)
    }

    /// Whether any op of dialect `dialect` (the part before the first `.`) has a custom
    /// syntax, or the dialect registered a type or attribute.
    pub fn has_dialect(&self, dialect: &str) -> bool {
        self.op_dialects.contains(dialect)
            || self.has_dialect_items(dialect, false)
            || self.has_dialect_items(dialect, true)
    }

    /// The custom syntax of op `name`, if it has one.
    pub fn get(&self, name: &str) -> Option<&OpSyntax> {
        self.ops.get(name)
    }

    /// The custom syntax of op `name` and the name as registered (borrowed from the table).
    pub fn get_with_name(&self, name: &str) -> Option<(&str, OpSyntax)> {
        self.ops.get_key_value(name).map(|(k, s)| (k.as_str(), *s))
    }
}
