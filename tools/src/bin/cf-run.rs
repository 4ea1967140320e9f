//! `cf-run`: see `weir_tools::run`.
fn main() {
    std::process::exit(weir_tools::with_big_stack(|| {
        weir_tools::run::main(std::env::args().collect())
    }));
}
