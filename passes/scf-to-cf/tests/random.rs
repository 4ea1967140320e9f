//! Differential test on random programs: structured control flow nested at random (see
//! `support::gen`) is evaluated by the reference interpreter before lowering, then lowered to
//! cf, verified, and run by the interpreter and the JIT; all must agree.

use weir_test_support::lowering as support;

use support::gen::{Gen, Rng};
use support::*;
use weir_ir::verifier::verify;

#[test]
fn random_structured_programs_keep_their_values() {
    let inputs: Vec<Vec<i128>> = vec![vec![3, -7], vec![0, 1], vec![-2, 5]];
    for seed in 0..200u64 {
        let mut ctx = new_ctx();
        let (m, f) = Gen {
            ctx: &mut ctx,
            rng: Rng::new(seed),
            weir_loop: false,
        }
        .function(3);
        verify(&ctx, m)
            .unwrap_or_else(|d| panic!("seed {seed}: generated IR does not verify: {d:?}"));
        let expected: Vec<Vec<i128>> = inputs
            .iter()
            .map(|a| exec(&ctx, f, a).unwrap_or_else(|e| panic!("seed {seed}: {e}")))
            .collect();
        weir_scf_to_cf::run(&mut ctx, m).unwrap_or_else(|d| panic!("seed {seed}: {d:?}"));
        verify(&ctx, m)
            .unwrap_or_else(|d| panic!("seed {seed}: lowered IR does not verify: {d:?}"));
        for o in ctx.nested_ops(m) {
            assert!(
                !ctx.name_str(o).starts_with("scf."),
                "seed {seed}: left {}",
                ctx.name_str(o)
            );
        }
        assert_eq!(run_many(&ctx, f, &inputs), expected, "seed {seed}");
    }
}
