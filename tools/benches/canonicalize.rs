//! `--canonicalize` on generated modules of 10^4 .. 10^6 ops (parse excluded from nothing: the
//! figure is parse + canonicalize, the parse alone is in the `pipeline` benchmark).
//! Run with `cargo bench -p weir-tools --bench canonicalize`; figures go to docs/benchmarks.md.
#![allow(missing_docs)] // criterion_group! defines an undocumented `pub fn`

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use weir_syntax::{parse_module, ParseOptions};

fn canonicalize(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse-canonicalize");
    group.sample_size(10);
    let registry = weir_tools::passes::registry();
    for n in [10_000usize, 100_000, 1_000_000] {
        let text = weir_tools::generate::module_with_ops(n);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &text, |b, text| {
            b.iter(|| {
                let (mut ctx, syntax) = weir_dialects::new_context();
                let m = parse_module(&mut ctx, &syntax, text, "gen", 1, ParseOptions::default())
                    .expect("parses");
                let pass = registry
                    .instantiate("canonicalize", &Default::default())
                    .expect("pass");
                let mut diags = Vec::new();
                pass.run(&mut ctx, m, &mut diags);
                assert!(
                    diags.is_empty(),
                    "canonicalize converges without diagnostics"
                );
                ctx.op_capacity()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, canonicalize);
criterion_main!(benches);
