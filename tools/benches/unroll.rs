//! Full unrolling of one `scf.for` with 10^3 .. 10^5 iterations (plus the constant-condition
//! folding the pass runs afterwards). Time should grow linearly with the unrolled size.
//! Run with `cargo bench -p weir-tools --bench unroll`; figures go to docs/benchmarks.md.
#![allow(missing_docs)] // criterion_group! defines an undocumented `pub fn`

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use weir_syntax::{parse_module, ParseOptions};

/// A function whose loop runs `n` times; each copy of the body holds 4 ops.
fn loop_module(n: u64) -> String {
    format!(
        "func.func @main(%x: i64) -> i64 {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant {n} : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i64) {{
    %ii = arith.index_cast %i : index to i64
    %m = arith.muli %acc, %x : i64
    %s = arith.addi %m, %ii : i64
    %t = arith.xori %s, %x : i64
    scf.yield %t : i64
  }}
  return %r : i64
}}
"
    )
}

fn unroll(c: &mut Criterion) {
    let mut group = c.benchmark_group("scf-unroll-full");
    group.sample_size(10);
    let registry = weir_tools::passes::registry();
    for n in [1_000u64, 10_000, 100_000] {
        let text = loop_module(n);
        let options = weir_pass::PassOptions::parse(&format!(
            "full=true max-trip-count={n} max-ops={}",
            4 * n
        ))
        .unwrap();
        group.throughput(Throughput::Elements(n));
        group.bench_with_input(BenchmarkId::from_parameter(n), &text, |b, text| {
            b.iter(|| {
                let (mut ctx, syntax) = weir_dialects::new_context();
                let m = parse_module(&mut ctx, &syntax, text, "bench", 1, ParseOptions::default())
                    .expect("parses");
                let pass = registry.instantiate("scf-unroll", &options).expect("pass");
                let mut diags = Vec::new();
                pass.run(&mut ctx, m, &mut diags);
                assert!(
                    !ctx.nested_ops(m)
                        .iter()
                        .any(|&o| weir_dialect_scf::ForOp::of(&ctx, o).is_some()),
                    "the loop was unrolled"
                );
                ctx.op_capacity()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, unroll);
criterion_main!(benches);
