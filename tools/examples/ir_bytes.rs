//! Bytes per op of the parsed IR: parses each file given on the command line (no passes, no
//! printing) under a counting global allocator and prints the heap bytes the `Context` holds
//! after parsing, less the registry of op definitions (the op/block/region/value tables, their lists, interners and locations: the
//! whole IR, payload plus heap) divided by the number of ops in the module.
//! `cargo run -p weir-tools --example ir_bytes -- FILE...`; the figures are in
//! docs/benchmarks.md ("Compact IR: bytes per op").
use stats_alloc::{Region, StatsAlloc, INSTRUMENTED_SYSTEM};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

fn main() {
    println!("| module | ops | IR bytes | bytes/op |");
    println!("|---|---:|---:|---:|");
    for path in std::env::args().skip(1) {
        let (file, text) = match weir_tools::opt::read_input(&path, "ir_bytes") {
            Ok(t) => t,
            Err(e) => {
                eprint!("{e}");
                std::process::exit(1);
            }
        };
        let (mut ctx, syntax) = weir_dialects::new_context();
        // Counted from here: the registry of op definitions is a fixed cost, not the IR's.
        let region = Region::new(GLOBAL);
        let parsed = weir_tools::on_parser_stack(|| {
            weir_syntax::parse_module(&mut ctx, &syntax, &text, &file, 1, Default::default())
        });
        let module = match parsed {
            Ok(m) => m,
            Err(d) => {
                eprintln!("ir_bytes: {path}: {}", d.message);
                std::process::exit(1);
            }
        };
        ctx.shrink_to_fit();
        let stats = region.change();
        let live = stats.bytes_allocated as i64 - stats.bytes_deallocated as i64;
        let ops = 1 + ctx.nested_ops(module).len();
        let name = std::path::Path::new(&path)
            .file_stem()
            .map_or(path.clone(), |s| s.to_string_lossy().into_owned());
        println!(
            "| {name} | {ops} | {live} | {:.0} |",
            live as f64 / ops as f64
        );
        drop(ctx);
        drop(syntax);
    }
}
