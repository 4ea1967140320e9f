//! `cf-opt`: see `weir_tools::opt`.
fn main() {
    weir_jit::host_alloc::fix_mmap_threshold();
    std::process::exit(weir_tools::run_main(|| {
        weir_tools::opt::main(std::env::args().collect())
    }));
}
