//! Parse and verify modules of N functions each calling the next (`generate::chain_of_calls`),
//! N = 2500 .. 40000: call verification resolves each callee through the symbol index, so the
//! time per function stays flat as N doubles.
//! Run with `cargo bench -p weir-tools --bench symbols`; figures go to docs/benchmarks.md.
#![allow(missing_docs)] // criterion_group! defines an undocumented `pub fn`

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use weir_syntax::{parse_module, ParseOptions};

fn calls(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse-verify-calls");
    group.sample_size(10);
    for n in [2_500usize, 5_000, 10_000, 20_000, 40_000] {
        let text = weir_tools::generate::chain_of_calls(n);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &text, |b, text| {
            b.iter(|| {
                let (mut ctx, syntax) = weir_dialects::new_context();
                let m = parse_module(&mut ctx, &syntax, text, "gen", 1, ParseOptions::default())
                    .expect("parses");
                weir_ir::verify(&ctx, m).expect("verifies");
            })
        });
    }
    group.finish();
}

criterion_group!(benches, calls);
criterion_main!(benches);
