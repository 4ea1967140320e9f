//! Deep nesting without deep stacks (issue 7): 10^4 nested `scf.if`s, each yielding a value
//! computed from the inner one under a runtime condition. The parser runs on the tools'
//! parser thread ([`weir_tools::PARSER_STACK`]); everything else runs on a thread with the
//! tools' 8 MiB walker stack ([`weir_tools::WALKER_STACK`]) and would overflow it if any of
//! those walks recursed once per nesting level.

use weir_ir::{Context, OpId};
use weir_jit::Scalar;
use weir_syntax::{parse_module, print_op, ParseOptions, PrintOptions, Syntax};
use weir_tools::{generate::nested_ifs, on_parser_stack, WALKER_STACK};

const DEPTH: usize = 10_000;

/// Runs `f` on a thread with the tools' walker stack.
fn on_walker_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(WALKER_STACK)
            .spawn_scoped(s, f)
            .expect("walker thread starts")
            .join()
            .expect("walker thread does not overflow or panic")
    })
}

fn parse(ctx: &mut Context, syntax: &Syntax, text: &str) -> OpId {
    on_parser_stack(|| parse_module(ctx, syntax, text, "deep", 1, ParseOptions::default()))
        .expect("parses")
}

/// What `@main(n)` of [`nested_ifs`] returns, derived by hand (see its doc): level `k`
/// computes `k < n ? f(k + 1) + 1 : k`, `f(DEPTH) = n`; for `0 < n <= DEPTH` the levels
/// `k >= n` give `f(n) = n` and the `n` levels above add one each; for `n > DEPTH` all
/// `DEPTH` levels add one to `n`.
fn expected(n: i64) -> i64 {
    if n <= 0 {
        0
    } else {
        n + n.min(DEPTH as i64)
    }
}

#[test]
fn ten_thousand_nested_ifs_parse_verify_canonicalize_print_lower_and_run() {
    let text = nested_ifs(DEPTH);
    let (mut ctx, syntax) = weir_dialects::new_context();
    let module = parse(&mut ctx, &syntax, &text);
    let registry = weir_tools::passes::registry();
    let (nested, lowered) = on_walker_stack(|| {
        weir_ir::verify(&ctx, module).expect("verifies");
        let canonicalize = registry
            .instantiate("canonicalize", &Default::default())
            .expect("canonicalize exists");
        let mut diags = Vec::new();
        canonicalize.run(&mut ctx, module, &mut diags);
        assert!(diags.is_empty(), "canonicalize converges: {diags:?}");
        weir_ir::verify(&ctx, module).expect("verifies after canonicalize");
        let nested = print_op(&ctx, &syntax, module, PrintOptions::default());
        weir_tools::run::lower(&mut ctx, module).expect("lowers to cf");
        let lowered = print_op(&ctx, &syntax, module, PrintOptions::default());
        // Dropping the context erases nothing; erasing the module walks all of it.
        ctx.erase_op(module);
        (nested, lowered)
    });
    // Nothing folds (every condition depends on %n): the canonical form still has all the
    // `scf.if`s, one per level, and lowering leaves none: cf-run's if-conversion turns the
    // innermost (one `arith.addi` per arm) into a select, which makes its parent's arm three
    // ops, too many to convert; every other level is a branch.
    assert_eq!(nested.matches("scf.if").count(), DEPTH);
    assert_eq!(lowered.matches("scf.").count(), 0);
    assert_eq!(lowered.matches("arith.select").count(), 1);
    assert_eq!(lowered.matches("cf.cond_br").count(), DEPTH - 1);

    // The printed nested form re-parses at full depth and prints the same.
    let (mut ctx2, syntax2) = weir_dialects::new_context();
    let reparsed = parse(&mut ctx2, &syntax2, &nested);
    let again = on_walker_stack(|| {
        weir_ir::verify(&ctx2, reparsed).expect("re-parsed nested form verifies");
        print_op(&ctx2, &syntax2, reparsed, PrintOptions::default())
    });
    assert!(again == nested, "printing is stable at depth {DEPTH}");

    // The lowered form re-parses and runs.
    let (mut ctx3, syntax3) = weir_dialects::new_context();
    let flat = parse(&mut ctx3, &syntax3, &lowered);
    on_walker_stack(|| {
        weir_ir::verify(&ctx3, flat).expect("lowered form verifies");
        let jit = weir_jit::compile(&ctx3, flat).expect("compiles");
        for n in [-5, 0, 1, 2, 777, 9_999, 10_000, 10_001, 123_456] {
            let got = jit.call("main", &[Scalar::i64(n)]).expect("runs");
            assert_eq!(got.len(), 1, "one result");
            assert_eq!(got[0].as_i64(), Some(expected(n)), "main({n})");
        }
    });
}
