//! MLIR's textual IR for Weir: a hand-written lexer and recursive-descent parser, the printer,
//! the custom-syntax table dialects register into, and diagnostic rendering.
//!
//! Architecture invariant: this crate knows no dialect; ops get a pretty form only through
//! [`Syntax`] entries that dialect crates register.

pub mod diagnostics;
mod float_text;
pub mod lexer;
pub mod parser;
pub mod printer;
pub mod registry;

pub use diagnostics::SourceMap;
pub use parser::{
    parse_attribute_text, parse_module, Argument, PResult, ParseOptions, Parser, UnresolvedOperand,
};
pub use printer::{
    attr_to_string, attr_to_string_with, dense_element_to_string, dense_to_decimal_string,
    format_float, format_float_bits, print_op, print_op_to, symbol_text, type_to_string,
    type_to_string_with, DialectPrinter, PrintOptions, Printer, PARALLEL_PRINT_MIN_OPS,
};
pub use registry::{
    GenericWhenFn, ItemSyntax, NameHintFn, OpSyntax, ParseFn, ParseParamsFn, PrintFn,
    PrintParamsFn, Syntax,
};
