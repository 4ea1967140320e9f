//! Where the parser reports errors that it can only detect at the end of a region or scope:
//! the first offending reference in the text, as MLIR's parser does (it sorts the pending
//! references by source position before reporting them). Expected positions are mlir-opt 22's
//! for the same inputs (it reports every such reference; the first is the one asserted).

use weir_ir::Context;
use weir_syntax::{parse_module, ParseOptions, Syntax};

/// Parses `src` with unregistered ops allowed; the error's `(line, column)` and message.
fn first_error(src: &str) -> (u32, u32, String) {
    let mut ctx = Context::new();
    let options = ParseOptions {
        allow_unregistered: true,
    };
    let d = parse_module(&mut ctx, &Syntax::new(), src, "t.mlir", 1, options)
        .expect_err("the input has an error");
    let (_, line, col) = d.loc.file_line_col().expect("a file location");
    (line, col, d.message)
}

#[test]
fn undefined_blocks_are_reported_at_the_first_reference() {
    // Line 2 references ^bb9 (column 15), line 3 ^bb8 then ^bb9 again; neither is defined.
    let src = "\"test.region\"() ({\n  \"test.br\"()[^bb9] : () -> ()\n^bb1:\n  \"test.br\"()[^bb8, ^bb9] : () -> ()\n}) : () -> ()\n";
    assert_eq!(
        first_error(src),
        (2, 15, "reference to an undefined block".to_string())
    );
}

#[test]
fn undeclared_values_are_reported_at_the_first_use() {
    // %b is used first on line 2 (column 14), %a on line 3; neither is defined.
    let src = "\"test.region\"() ({\n  \"test.use\"(%b) : (i32) -> ()\n  \"test.use\"(%a, %b) : (i32, i32) -> ()\n}) : () -> ()\n";
    assert_eq!(
        first_error(src),
        (2, 14, "use of undeclared SSA value name".to_string())
    );
}
