//! `cf-opt`: Weir's pass driver (see `weir_tools::opt`).
fn main() {
    std::process::exit(weir_tools::opt::main(std::env::args().collect()));
}
