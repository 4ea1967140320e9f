//! The arith canonicalization patterns (constant-to-rhs, reassociation of integer constants,
//! `xori(cmpi, true)`), applied through the registry by a minimal driver: patterns and folders
//! to a fixpoint, then unused pure ops erased. Expected outputs are mlir-opt 22's
//! `--canonicalize` output on the same input (constants aside, which its driver hoists).

use common::{parse, render, setup};
use weir_ir::{Context, FoldResult, InsertPoint, OpId, RewriteLog, Traits};
use weir_syntax::{print_op, PrintOptions};
use weir_test_support as common;

fn rewrite(ctx: &mut Context, root: OpId) {
    for _ in 0..50 {
        let mut changed = false;
        for op in ctx.nested_ops(root) {
            if ctx.is_erased(op) || !ctx.is_ancestor(root, op) {
                continue;
            }
            let Some(def) = ctx.op_def(ctx.name(op)).cloned() else {
                continue;
            };
            if let Some(fold) = def.fold {
                let consts: Vec<_> = ctx
                    .operands(op)
                    .iter()
                    .map(|&v| ctx.constant_of(v))
                    .collect();
                if let Some(results) = fold(ctx, op, &consts) {
                    let mut new = Vec::new();
                    for (r, &old) in results.iter().zip(ctx.results(op).to_vec().iter()) {
                        new.push(match *r {
                            FoldResult::Value(v) => v,
                            FoldResult::Constant(a) => {
                                let ty = ctx.value_type(old);
                                let loc = ctx.loc(op);
                                ctx.materialize_constant(a, ty, loc, InsertPoint::Before(op))
                                    .expect("materializable")
                            }
                        });
                    }
                    ctx.replace_op(op, &new);
                    changed = true;
                    continue;
                }
            }
            for p in def.patterns {
                if (p.apply)(ctx, op, &mut RewriteLog::default()) {
                    changed = true;
                    break;
                }
            }
        }
        // Dead pure ops.
        for op in ctx.nested_ops(root).into_iter().rev() {
            if !ctx.is_erased(op)
                && ctx.has_traits(op, Traits::PURE)
                && !ctx.has_traits(op, Traits::TERMINATOR)
                && ctx.results(op).iter().all(|&r| ctx.is_unused(r))
            {
                ctx.erase_op(op);
            }
        }
        if !changed {
            return;
        }
    }
    panic!("did not converge");
}

fn run(src: &str) -> String {
    let (mut ctx, syntax) = setup();
    let m = parse(&mut ctx, &syntax, src).unwrap_or_else(|d| panic!("{}", render(&d)));
    rewrite(&mut ctx, m);
    weir_ir::verify(&ctx, m).unwrap_or_else(|d| panic!("{}", render(&d)));
    print_op(&ctx, &syntax, m, PrintOptions::default())
}

/// The body lines of `@f` that are not constants.
fn body(out: &str) -> Vec<String> {
    out.lines()
        .map(str::trim)
        .filter(|l| {
            !l.contains("arith.constant")
                && !l.starts_with("module")
                && !l.starts_with("func.func")
                && *l != "}"
        })
        .map(String::from)
        .collect()
}

fn check(src: &str, expected: &[&str]) {
    let out = run(src);
    assert_eq!(body(&out), expected, "output:\n{out}");
}

fn f(body: &str) -> String {
    format!("func.func @f(%x: i32, %y: i32) -> i32 {{\n{body}\n}}\n")
}

#[test]
fn constants_move_to_the_right() {
    check(
        &f("  %c = arith.constant 5 : i32\n  %r = arith.addi %c, %x : i32\n  return %r : i32"),
        &["%0 = arith.addi %arg0, %c5_i32 : i32", "return %0 : i32"],
    );
    check(
        &f("  %c = arith.constant 5 : i32\n  %b = arith.cmpi slt, %c, %x : i32\n  %r = arith.select %b, %x, %y : i32\n  return %r : i32"),
        &["%0 = arith.cmpi sgt, %arg0, %c5_i32 : i32", "%1 = arith.select %0, %arg0, %arg1 : i32", "return %1 : i32"],
    );
    // Not subi (not commutative).
    check(
        &f("  %c = arith.constant 5 : i32\n  %r = arith.subi %c, %x : i32\n  return %r : i32"),
        &["%0 = arith.subi %c5_i32, %arg0 : i32", "return %0 : i32"],
    );
}

#[test]
fn add_sub_constant_reassociation() {
    // (x + 3) + 4 -> x + 7; (x - 3) + 4 -> x + 1; (3 - x) + 4 -> 7 - x
    for (inner, outer, expected) in [
        (
            "arith.addi %x, %c3",
            "arith.addi %i, %c4",
            "%0 = arith.addi %arg0, %c7_i32 : i32",
        ),
        (
            "arith.subi %x, %c3",
            "arith.addi %i, %c4",
            "%0 = arith.addi %arg0, %c1_i32 : i32",
        ),
        (
            "arith.subi %c3, %x",
            "arith.addi %i, %c4",
            "%0 = arith.subi %c7_i32, %arg0 : i32",
        ),
        // (x + 3) - 4 -> x + -1; (x - 3) - 4 -> x - 7; (3 - x) - 4 -> -1 - x
        (
            "arith.addi %x, %c3",
            "arith.subi %i, %c4",
            "%0 = arith.addi %arg0, %c-1_i32 : i32",
        ),
        (
            "arith.subi %x, %c3",
            "arith.subi %i, %c4",
            "%0 = arith.subi %arg0, %c7_i32 : i32",
        ),
        (
            "arith.subi %c3, %x",
            "arith.subi %i, %c4",
            "%0 = arith.subi %c-1_i32, %arg0 : i32",
        ),
        // 4 - (x + 3) -> 1 - x; 4 - (x - 3) -> 7 - x; 4 - (3 - x) -> x + 1
        (
            "arith.addi %x, %c3",
            "arith.subi %c4, %i",
            "%0 = arith.subi %c1_i32, %arg0 : i32",
        ),
        (
            "arith.subi %x, %c3",
            "arith.subi %c4, %i",
            "%0 = arith.subi %c7_i32, %arg0 : i32",
        ),
        (
            "arith.subi %c3, %x",
            "arith.subi %c4, %i",
            "%0 = arith.addi %arg0, %c1_i32 : i32",
        ),
        // (x * 3) * 4 -> x * 12
        (
            "arith.muli %x, %c3",
            "arith.muli %i, %c4",
            "%0 = arith.muli %arg0, %c12_i32 : i32",
        ),
    ] {
        let src = f(&format!(
            "  %c3 = arith.constant 3 : i32\n  %c4 = arith.constant 4 : i32\n  %i = {inner} : i32\n  %r = {outer} : i32\n  return %r : i32"
        ));
        check(&src, &[expected, "return %0 : i32"]);
    }
}

#[test]
fn reassociation_wraps_and_drops_overflow_flags() {
    // i8: (x + 100) + 100 -> x + -56 (200 wraps); the nsw flags are not kept.
    let src = "func.func @f(%x: i8) -> i8 {\n  %c = arith.constant 100 : i8\n  %a = arith.addi %x, %c overflow<nsw> : i8\n  %b = arith.addi %a, %c overflow<nsw> : i8\n  return %b : i8\n}\n";
    assert_eq!(
        body(&run(src)),
        ["%0 = arith.addi %arg0, %c-56_i8 : i8", "return %0 : i8"]
    );
}

#[test]
fn add_of_negated_and_sub_of_sub() {
    check(
        &f("  %m = arith.constant -1 : i32\n  %n = arith.muli %y, %m : i32\n  %r = arith.addi %x, %n : i32\n  return %r : i32"),
        &["%0 = arith.subi %arg0, %arg1 : i32", "return %0 : i32"],
    );
    check(
        &f("  %m = arith.constant -1 : i32\n  %n = arith.muli %x, %m : i32\n  %r = arith.addi %n, %y : i32\n  return %r : i32"),
        &["%0 = arith.subi %arg1, %arg0 : i32", "return %0 : i32"],
    );
    // (x - y) - x -> 0 - y
    check(
        &f("  %s = arith.subi %x, %y : i32\n  %r = arith.subi %s, %x : i32\n  return %r : i32"),
        &["%0 = arith.subi %c0_i32, %arg1 : i32", "return %0 : i32"],
    );
}

#[test]
fn xor_true_of_cmpi_inverts_the_predicate() {
    check(
        "func.func @f(%x: i32, %y: i32) -> i1 {\n  %t = arith.constant true\n  %c = arith.cmpi slt, %x, %y : i32\n  %r = arith.xori %c, %t : i1\n  return %r : i1\n}\n",
        &["%0 = arith.cmpi sge, %arg0, %arg1 : i32", "return %0 : i1"],
    );
    // xor with false folds away; xor with a variable stays.
    check(
        "func.func @f(%x: i32, %y: i32, %b: i1) -> i1 {\n  %c = arith.cmpi eq, %x, %y : i32\n  %r = arith.xori %c, %b : i1\n  return %r : i1\n}\n",
        &["%0 = arith.cmpi eq, %arg0, %arg1 : i32", "%1 = arith.xori %0, %arg2 : i1", "return %1 : i1"],
    );
}
