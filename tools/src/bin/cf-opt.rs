//! `cf-opt`: see `weir_tools::opt`.
fn main() {
    std::process::exit(weir_tools::run_main(|| {
        weir_tools::opt::main(std::env::args().collect())
    }));
}
