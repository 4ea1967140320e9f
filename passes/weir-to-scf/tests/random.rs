//! Differential test on random programs with `weir.loop` (and scf ops) nested at random (see
//! the scf-to-cf crate's `tests/support/gen.rs`): evaluated by the reference interpreter before
//! lowering (weir.loop by SEMANTICS.md section 6), after weir-to-scf, and after scf-to-cf by the
//! interpreter and the JIT; all must agree.

use weir_test_support::lowering as support;

use support::gen::{Gen, Rng};
use support::*;
use weir_ir::verifier::verify;

#[test]
fn random_programs_with_weir_loops_keep_their_values() {
    let inputs: Vec<Vec<i128>> = vec![vec![3, -7], vec![0, 1], vec![-2, 5]];
    let mut loops = 0;
    for seed in 0..200u64 {
        let mut ctx = new_ctx();
        let (m, f) = Gen {
            ctx: &mut ctx,
            rng: Rng::new(seed),
            weir_loop: true,
        }
        .function(3);
        loops += ctx
            .nested_ops(m)
            .iter()
            .filter(|&&o| ctx.is(o, "weir.loop"))
            .count();
        verify(&ctx, m)
            .unwrap_or_else(|d| panic!("seed {seed}: generated IR does not verify: {d:?}"));
        let expected: Vec<Vec<i128>> = inputs
            .iter()
            .map(|a| exec(&ctx, f, a).unwrap_or_else(|e| panic!("seed {seed}: {e}")))
            .collect();
        weir_weir_to_scf::run(&mut ctx, m).unwrap_or_else(|d| panic!("seed {seed}: {d:?}"));
        verify(&ctx, m).unwrap_or_else(|d| panic!("seed {seed}: scf IR does not verify: {d:?}"));
        for (a, want) in inputs.iter().zip(&expected) {
            assert_eq!(
                &exec(&ctx, f, a).unwrap(),
                want,
                "seed {seed}, args {a:?}, after weir-to-scf"
            );
        }
        weir_scf_to_cf::run(&mut ctx, m).unwrap_or_else(|d| panic!("seed {seed}: {d:?}"));
        verify(&ctx, m).unwrap_or_else(|d| panic!("seed {seed}: cf IR does not verify: {d:?}"));
        assert_eq!(
            run_many(&ctx, f, &inputs),
            expected,
            "seed {seed}, after scf-to-cf"
        );
    }
    assert!(loops > 60, "only {loops} weir.loop ops generated");
}
