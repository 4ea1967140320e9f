//! Writes a generated module to stdout (a benchmark's input), for `scripts/bench-scaling` and
//! for profiling cf-opt by hand: `gen_module [SHAPE] N`, e.g.
//! `cargo run --release -p weir-tools --example gen_module -- 100000 > m.mlir`. SHAPE (default
//! `module`) names a generator of `weir_tools::generate`: `module` (`module_with_ops`, about N
//! ops), `calls` (`chain_of_calls`), `nested` (`nested_ifs`),
//! `switch` (`switch_to_one_block`), `block` (`long_block`), `uses` (`value_with_uses`),
//! `fan-in` (`cond_br_fan_in`). Exits with status 2 on an unknown shape or a bad N.
use weir_tools::generate;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (shape, n) = match args.as_slice() {
        [] => ("module", Some(1000)),
        [n] => ("module", n.parse().ok()),
        [shape, n, ..] => (shape.as_str(), n.parse().ok()),
    };
    let generator: Option<fn(usize) -> String> = match shape {
        "module" => Some(generate::module_with_ops),
        "calls" => Some(generate::chain_of_calls),
        "nested" => Some(generate::nested_ifs),
        "switch" => Some(generate::switch_to_one_block),
        "block" => Some(generate::long_block),
        "uses" => Some(generate::value_with_uses),
        "fan-in" => Some(generate::cond_br_fan_in),
        "tensor-switch" => Some(generate::tensor_switch),
        "tensor-loops" => Some(generate::tensor_loops),
        "tensor-chain" => Some(generate::tensor_chain),
        _ => None,
    };
    match (generator, n) {
        (Some(g), Some(n)) => print!("{}", g(n)),
        _ => {
            eprintln!("usage: gen_module [module|calls|nested|switch|block|uses|fan-in|tensor-switch|tensor-loops] N");
            std::process::exit(2);
        }
    }
}
