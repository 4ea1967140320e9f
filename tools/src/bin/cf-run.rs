//! `cf-run`: see `weir_tools::run`.
fn main() {
    std::process::exit(weir_tools::run_main(|| {
        weir_tools::run::main(std::env::args().collect())
    }));
}
