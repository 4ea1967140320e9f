//! `cf-run`: Weir's JIT runner (see `weir_tools::run`).
fn main() {
    std::process::exit(weir_tools::run::main(std::env::args().collect()));
}
