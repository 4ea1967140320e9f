//! Writes a generated module of about N ops to stdout (the benchmark's input), for profiling
//! cf-opt by hand: `cargo run --release -p weir-tools --example gen_module -- 100000 > m.mlir`.
fn main() {
    let n = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    print!("{}", weir_tools::generate::module_with_ops(n));
}
