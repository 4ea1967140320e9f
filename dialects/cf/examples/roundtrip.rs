//! Parses an MLIR file with the builtin, func, arith, math and cf dialects, verifies it and
//! prints it back (custom form, or generic form with `--generic`): a quick way to compare the
//! printed IR with `mlir-opt`'s, e.g.
//! `cargo run -p weir-dialect-cf --example roundtrip -- f.mlir | mlir-opt`.

use weir_ir::Context;
use weir_syntax::{parse_module, print_op, ParseOptions, PrintOptions, SourceMap, Syntax};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let generic = args.iter().any(|a| a == "--generic");
    let Some(path) = args.iter().find(|a| !a.starts_with("--")) else {
        eprintln!("usage: roundtrip FILE [--generic]");
        std::process::exit(2);
    };
    let src = std::fs::read_to_string(path).expect("readable input file");
    let mut ctx = Context::new();
    let mut syntax = Syntax::new();
    weir_dialect_builtin::register(&mut ctx, &mut syntax);
    weir_dialect_func::register(&mut ctx, &mut syntax);
    weir_dialect_arith::register(&mut ctx, &mut syntax);
    weir_dialect_math::register(&mut ctx, &mut syntax);
    weir_dialect_cf::register(&mut ctx, &mut syntax);
    let result = parse_module(&mut ctx, &syntax, &src, path, 1, ParseOptions::default())
        .and_then(|m| weir_ir::verify(&ctx, m).map(|()| m));
    match result {
        Ok(m) => print!(
            "{}",
            print_op(
                &ctx,
                &syntax,
                m,
                PrintOptions {
                    generic,
                    ..Default::default()
                }
            )
        ),
        Err(d) => {
            let mut map = SourceMap::new();
            map.add(path, &src);
            eprint!("{}", map.render(&d));
            std::process::exit(1);
        }
    }
}
