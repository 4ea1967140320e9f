//! `cf-opt`: see `weir_tools::opt`.
fn main() {
    std::process::exit(weir_tools::with_big_stack(|| {
        weir_tools::opt::main(std::env::args().collect())
    }));
}
