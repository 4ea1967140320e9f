//! Parse, verify, lower (`convert-scf-to-cf`) and print generated modules of 10^3 .. 10^6 ops.
//! Run with `cargo bench -p weir-tools --bench pipeline`; figures go to docs/benchmarks.md.
#![allow(missing_docs)] // criterion_group! defines an undocumented `pub fn`

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use weir_syntax::{parse_module, print_op, ParseOptions, PrintOptions};

fn pipeline(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse-verify-lower-print");
    group.sample_size(10);
    for n in [1_000usize, 10_000, 100_000, 1_000_000] {
        let text = weir_tools::generate::module_with_ops(n);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &text, |b, text| {
            b.iter(|| {
                let (mut ctx, syntax) = weir_dialects::new_context();
                let m = parse_module(&mut ctx, &syntax, text, "gen", 1, ParseOptions::default())
                    .expect("parses");
                weir_ir::verify(&ctx, m).expect("verifies");
                weir_tools::run::lower(&mut ctx, m).expect("lowers");
                print_op(&ctx, &syntax, m, PrintOptions::default()).len()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, pipeline);
criterion_main!(benches);
