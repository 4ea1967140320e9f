//! The cf canonicalization patterns, applied through the registry (`OpDef::patterns`) by a
//! minimal driver (every op, every pattern, until nothing changes; no folding, no dead-code
//! erasure, so unused constants stay). Expected outputs are mlir-opt 22's `--canonicalize`
//! output on the same input, minus what its folder and dead-code elimination add.

use common::{parse, render, setup};
use weir_dialect_cf::{
    ASSERT_CONSTANT_TRUE, COND_BR_CONSTANT_CONDITION, ERASE_UNREACHABLE_BLOCKS,
    SWITCH_CONSTANT_FLAG,
};
use weir_ir::{Context, OpId, Pattern, RewriteLog};
use weir_syntax::{parse_module, print_op, ParseOptions, PrintOptions, Syntax};
use weir_test_support as common;

/// The constant-condition patterns cf exports (what `--fold-constant-conditions` runs on cf
/// ops; their names are distinct from the other patterns').
const CONSTANT_CONDITION: [Pattern; 4] = [
    ERASE_UNREACHABLE_BLOCKS,
    COND_BR_CONSTANT_CONDITION,
    SWITCH_CONSTANT_FLAG,
    ASSERT_CONSTANT_TRUE,
];

/// Applies the patterns (only the constant-condition ones if `only_constant`) to every op
/// under `root` until none applies; the number of rewrites.
fn rewrite(ctx: &mut Context, root: OpId, only_constant: bool) -> usize {
    let mut count = 0;
    for _ in 0..100 {
        let mut changed = false;
        for op in ctx.nested_ops(root) {
            if ctx.is_erased(op) || !ctx.is_ancestor(root, op) {
                continue;
            }
            let Some(def) = ctx.op_def(ctx.name(op)) else {
                continue;
            };
            let patterns = def.patterns;
            for p in patterns {
                if only_constant && !CONSTANT_CONDITION.iter().any(|q| q.name == p.name) {
                    continue;
                }
                if (p.apply)(ctx, op, &mut RewriteLog::default()) {
                    count += 1;
                    changed = true;
                    break;
                }
            }
        }
        if !changed {
            return count;
        }
    }
    panic!("patterns did not converge");
}

fn run(src: &str, only_constant: bool) -> String {
    let (mut ctx, syntax) = setup();
    let m = parse(&mut ctx, &syntax, src).unwrap_or_else(|d| panic!("{}", render(&d)));
    rewrite(&mut ctx, m, only_constant);
    weir_ir::verify(&ctx, m)
        .unwrap_or_else(|d| panic!("invalid IR after rewriting: {}", render(&d)));
    print(&ctx, &syntax, m)
}

fn print(ctx: &Context, syntax: &Syntax, m: OpId) -> String {
    print_op(ctx, syntax, m, PrintOptions::default())
}

fn check(src: &str, expected: &str) {
    let out = run(src, false);
    assert_eq!(out.trim_end(), expected.trim_end(), "for input:\n{src}");
    // Idempotent.
    assert_eq!(run(&out, false), out);
}

/// Each exported constant-condition pattern is among the patterns of the ops it belongs to.
#[test]
fn constant_condition_patterns_are_registered() {
    let (ctx, _) = setup();
    let names = |name: &str| -> Vec<&'static str> {
        let n = ctx.lookup_op_name(name).unwrap();
        ctx.op_def(n)
            .unwrap()
            .patterns
            .iter()
            .map(|p| p.name)
            .collect()
    };
    for (op, constant) in [
        ("cf.br", &[ERASE_UNREACHABLE_BLOCKS][..]),
        (
            "cf.cond_br",
            &[COND_BR_CONSTANT_CONDITION, ERASE_UNREACHABLE_BLOCKS],
        ),
        (
            "cf.switch",
            &[SWITCH_CONSTANT_FLAG, ERASE_UNREACHABLE_BLOCKS],
        ),
        ("cf.assert", &[ASSERT_CONSTANT_TRUE]),
    ] {
        for p in constant {
            assert!(names(op).contains(&p.name), "{op} has {}", p.name);
        }
    }
}

#[test]
fn cond_br_on_constant() {
    let src = r#"
func.func @f(%x: i32, %y: i32) -> i32 {
  %t = arith.constant true
  cf.cond_br %t, ^bb1(%x : i32), ^bb2(%y : i32)
^bb1(%a: i32):
  cf.br ^bb3(%a : i32)
^bb2(%b: i32):
  %z = arith.addi %b, %b : i32
  cf.br ^bb3(%z : i32)
^bb3(%r: i32):
  return %r : i32
}
"#;
    check(
        src,
        r#"module {
  func.func @f(%arg0: i32, %arg1: i32) -> i32 {
    %true = arith.constant true
    return %arg0 : i32
  }
}"#,
    );
    let src = src.replace("constant true", "constant false");
    check(
        &src,
        r#"module {
  func.func @f(%arg0: i32, %arg1: i32) -> i32 {
    %false = arith.constant false
    %0 = arith.addi %arg1, %arg1 : i32
    return %0 : i32
  }
}"#,
    );
}

#[test]
fn constant_condition_patterns_alone() {
    // --fold-constant-conditions: the branch goes, the dead block goes, nothing is merged.
    let src = r#"
func.func @f(%x: i32, %y: i32) -> i32 {
  %t = arith.constant true
  cf.cond_br %t, ^bb1(%x : i32), ^bb2(%y : i32)
^bb1(%a: i32):
  cf.br ^bb3(%a : i32)
^bb2(%b: i32):
  %z = arith.addi %b, %b : i32
  cf.br ^bb3(%z : i32)
^bb3(%r: i32):
  return %r : i32
}
"#;
    let out = run(src, true);
    assert_eq!(
        out.trim_end(),
        r#"module {
  func.func @f(%arg0: i32, %arg1: i32) -> i32 {
    %true = arith.constant true
    cf.br ^bb1(%arg0 : i32)
  ^bb1(%0: i32):  // pred: ^bb0
    cf.br ^bb2(%0 : i32)
  ^bb2(%1: i32):  // pred: ^bb1
    return %1 : i32
  }
}"#
    );
}

#[test]
fn unreachable_loop_goes_with_the_dead_branch() {
    check(
        r#"
func.func @f(%c: i1, %x: i32) -> i32 {
  %f = arith.constant false
  cf.cond_br %f, ^bb1(%x : i32), ^bb2
^bb1(%a: i32):
  %n = arith.addi %a, %a : i32
  cf.cond_br %c, ^bb1(%n : i32), ^bb2
^bb2:
  return %x : i32
}
"#,
        r#"module {
  func.func @f(%arg0: i1, %arg1: i32) -> i32 {
    %false = arith.constant false
    return %arg1 : i32
  }
}"#,
    );
    // The same with only the constant-condition patterns (no block merging).
    let out = run(
        r#"
func.func @f(%c: i1, %x: i32) -> i32 {
  %f = arith.constant false
  cf.cond_br %f, ^bb1(%x : i32), ^bb2
^bb1(%a: i32):
  %n = arith.addi %a, %a : i32
  cf.cond_br %c, ^bb1(%n : i32), ^bb2
^bb2:
  return %x : i32
}
"#,
        true,
    );
    assert!(!out.contains("arith.addi"), "{out}");
}

#[test]
fn switch_on_constant() {
    let src = |flag: &str| {
        format!(
            r#"
func.func @f(%x: i32, %y: i32) -> i32 {{
  %c = arith.constant {flag} : i32
  cf.switch %c : i32, [
    default: ^bb1(%x : i32),
    5: ^bb2(%x, %y : i32, i32),
    -1: ^bb1(%y : i32)
  ]
^bb1(%a: i32):
  return %a : i32
^bb2(%p: i32, %q: i32):
  %z = arith.muli %p, %q : i32
  return %z : i32
}}
"#
        )
    };
    check(
        &src("5"),
        r#"module {
  func.func @f(%arg0: i32, %arg1: i32) -> i32 {
    %c5_i32 = arith.constant 5 : i32
    %0 = arith.muli %arg0, %arg1 : i32
    return %0 : i32
  }
}"#,
    );
    check(
        &src("-1"),
        r#"module {
  func.func @f(%arg0: i32, %arg1: i32) -> i32 {
    %c-1_i32 = arith.constant -1 : i32
    return %arg1 : i32
  }
}"#,
    );
    check(
        &src("7"),
        r#"module {
  func.func @f(%arg0: i32, %arg1: i32) -> i32 {
    %c7_i32 = arith.constant 7 : i32
    return %arg0 : i32
  }
}"#,
    );
}

#[test]
fn switch_simplifications() {
    // Only a default; cases that branch like the default are dropped.
    check(
        r#"
func.func @f(%s: i32, %x: i32, %y: i32) -> i32 {
  cf.switch %s : i32, [
    default: ^bb1(%x : i32),
    1: ^bb1(%x : i32),
    2: ^bb1(%y : i32)
  ]
^bb1(%a: i32):
  return %a : i32
}
"#,
        r#"module {
  func.func @f(%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
    cf.switch %arg0 : i32, [
      default: ^bb1(%arg1 : i32),
      2: ^bb1(%arg2 : i32)
    ]
  ^bb1(%0: i32):  // 2 preds: ^bb0, ^bb0
    return %0 : i32
  }
}"#,
    );
    check(
        r#"
func.func @f(%s: i32, %x: i32) -> i32 {
  cf.switch %s : i32, [
    default: ^bb1(%x : i32),
    1: ^bb1(%x : i32)
  ]
^bb1(%a: i32):
  return %a : i32
}
"#,
        r#"module {
  func.func @f(%arg0: i32, %arg1: i32) -> i32 {
    return %arg1 : i32
  }
}"#,
    );
}

#[test]
fn identical_successors() {
    check(
        r#"
func.func @f(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^bb1(%x : i32), ^bb1(%x : i32)
^bb1(%a: i32):
  return %a : i32
}
"#,
        r#"module {
  func.func @f(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
    return %arg1 : i32
  }
}"#,
    );
    check(
        r#"
func.func @f(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^bb1(%x, %x : i32, i32), ^bb1(%y, %x : i32, i32)
^bb1(%a: i32, %b: i32):
  %s = arith.addi %a, %b : i32
  return %s : i32
}
"#,
        r#"module {
  func.func @f(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
    %0 = arith.select %arg0, %arg1, %arg2 : i32
    %1 = arith.addi %0, %arg1 : i32
    return %1 : i32
  }
}"#,
    );
    // Another predecessor: no selects.
    let src = r#"
func.func @f(%c: i1, %d: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %d, ^bb1, ^bb2(%x : i32)
^bb1:
  cf.cond_br %c, ^bb2(%x : i32), ^bb2(%y : i32)
^bb2(%a: i32):
  return %a : i32
}
"#;
    let out = run(src, false);
    assert!(
        out.contains("cf.cond_br %arg0, ^bb2(%arg2 : i32), ^bb2(%arg3 : i32)"),
        "{out}"
    );
    assert!(!out.contains("arith.select"), "{out}");
}

#[test]
fn asserts() {
    check(
        r#"
func.func @f(%c: i1) {
  %t = arith.constant true
  %f = arith.constant false
  cf.assert %t, "never fails"
  cf.assert %c, "variable"
  cf.assert %f, "always fails"
  return
}
"#,
        r#"module {
  func.func @f(%arg0: i1) {
    %true = arith.constant true
    %false = arith.constant false
    cf.assert %arg0, "variable"
    cf.assert %false, "always fails"
    return
  }
}"#,
    );
}

#[test]
fn block_merging_and_pass_through() {
    check(
        r#"
func.func @f(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32
  cf.br ^bb1(%a : i32)
^bb1(%p: i32):
  %b = arith.muli %p, %p : i32
  cf.br ^bb2
^bb2:
  cf.br ^bb3(%b : i32)
^bb3(%q: i32):
  %s = arith.subi %q, %x : i32
  return %s : i32
}
"#,
        r#"module {
  func.func @f(%arg0: i32) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32
    %1 = arith.muli %0, %0 : i32
    %2 = arith.subi %1, %arg0 : i32
    return %2 : i32
  }
}"#,
    );
    // A block with two predecessors is not merged; a block that only forwards is skipped.
    check(
        r#"
func.func @f(%c: i1, %x: i32, %y: i32) -> i32 {
  cf.cond_br %c, ^bb1(%x : i32), ^bb3(%y : i32)
^bb1(%a: i32):
  %n = arith.addi %a, %a : i32
  cf.br ^bb2(%n : i32)
^bb2(%m: i32):
  cf.br ^bb3(%m : i32)
^bb3(%r: i32):
  return %r : i32
}
"#,
        r#"module {
  func.func @f(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
    cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg2 : i32)
  ^bb1(%0: i32):  // pred: ^bb0
    %1 = arith.addi %0, %0 : i32
    cf.br ^bb2(%1 : i32)
  ^bb2(%2: i32):  // 2 preds: ^bb0, ^bb1
    return %2 : i32
  }
}"#,
    );
}

#[test]
fn loops_stay_and_cycles_of_forwarding_blocks_converge() {
    // A real loop.
    let src = r#"
func.func @f(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^bb1(%c0 : i32)
^bb1(%i: i32):
  %lt = arith.cmpi slt, %i, %n : i32
  cf.cond_br %lt, ^bb2, ^bb3
^bb2:
  %j = arith.addi %i, %c1 : i32
  cf.br ^bb1(%j : i32)
^bb3:
  return %i : i32
}
"#;
    let out = run(src, false);
    assert!(out.contains("cf.cond_br") && out.contains("^bb2:"), "{out}");
    // Empty infinite loops reached through forwarding blocks (mlir-opt 22 gives the same).
    check(
        r#"
func.func @f(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb3
^bb1:
  cf.br ^bb2
^bb2:
  cf.br ^bb1
^bb3:
  return %x : i32
}
"#,
        r#"module {
  func.func @f(%arg0: i1, %arg1: i32) -> i32 {
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // 2 preds: ^bb0, ^bb1
    cf.br ^bb1
  ^bb2:  // pred: ^bb0
    return %arg1 : i32
  }
}"#,
    );
    let out = run(
        r#"
func.func @f(%c: i1, %d: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb2
^bb2:
  cf.cond_br %d, ^bb3, ^bb1
^bb3:
  return %x : i32
}
"#,
        false,
    );
    assert!(out.contains("return"), "{out}");
}

#[test]
fn unreachable_blocks_after_a_return() {
    check(
        r#"
func.func @f(%x: i32) -> i32 {
  return %x : i32
^bb1:
  %a = arith.addi %x, %x : i32
  cf.br ^bb2
^bb2:
  %b = arith.muli %a, %a : i32
  cf.br ^bb1
}
"#,
        r#"module {
  func.func @f(%arg0: i32) -> i32 {
    return %arg0 : i32
  }
}"#,
    );
}

#[test]
fn blocks_whose_values_are_used_outside_are_kept() {
    // Malformed on purpose (not verified): the reachable ^bb2 uses %a of the unreachable ^bb1.
    let (mut ctx, syntax) = setup();
    let src = r#"
func.func @f(%x: i32) -> i32 {
  cf.br ^bb2
^bb1:
  %a = arith.addi %x, %x : i32
  cf.br ^bb2
^bb2:
  %b = arith.muli %a, %a : i32
  return %b : i32
}
"#;
    let m = parse_module(&mut ctx, &syntax, src, "t.mlir", 1, ParseOptions::default()).unwrap();
    let func = ctx
        .nested_ops(m)
        .into_iter()
        .find(|&o| ctx.is(o, "func.func"))
        .unwrap();
    let region = ctx.region(func, 0);
    assert!(!weir_dialect_cf::erase_unreachable_blocks(&mut ctx, region));
    assert_eq!(ctx.region_blocks(region).len(), 3);
    // Once the use is gone, the block goes.
    let b = ctx.region_blocks(region)[2];
    let mul = ctx.first_op(b).unwrap();
    let x = ctx.block_args(ctx.entry_block(region).unwrap())[0];
    ctx.set_operand(mul, 0, x);
    ctx.set_operand(mul, 1, x);
    assert!(weir_dialect_cf::erase_unreachable_blocks(&mut ctx, region));
    assert_eq!(ctx.region_blocks(region).len(), 2);
    assert!(weir_ir::verify(&ctx, m).is_ok());
}

#[test]
fn no_merge_inside_an_unreachable_cycle_that_passes_its_own_values() {
    // ^bb1 passes %v, defined in its only successor ^bb2, to ^bb2 (valid: both are
    // unreachable). Merging ^bb2 into ^bb1 would use %v before its definition; the blocks are
    // erased instead. Every single rewrite must leave valid IR.
    let src = r#"
func.func @f(%x: i32) -> i32 {
  return %x : i32
^bb1:
  cf.br ^bb2(%v : i32)
^bb2(%a: i32):
  %v = arith.addi %a, %a : i32
  cf.br ^bb1
}
"#;
    let (mut ctx, syntax) = setup();
    let m = parse(&mut ctx, &syntax, src).unwrap_or_else(|d| panic!("{}", render(&d)));
    for _ in 0..10 {
        let mut changed = false;
        for op in ctx.nested_ops(m) {
            if ctx.is_erased(op) || !ctx.is_ancestor(m, op) {
                continue;
            }
            let Some(def) = ctx.op_def(ctx.name(op)) else {
                continue;
            };
            for p in def.patterns {
                if (p.apply)(&mut ctx, op, &mut RewriteLog::default()) {
                    weir_ir::verify(&ctx, m)
                        .unwrap_or_else(|d| panic!("invalid IR after {}: {}", p.name, render(&d)));
                    assert_defined_before_use(&ctx, m, p.name);
                    changed = true;
                    break;
                }
            }
        }
        if !changed {
            break;
        }
    }
    assert_eq!(
        print(&ctx, &syntax, m).trim_end(),
        "module {\n  func.func @f(%arg0: i32) -> i32 {\n    return %arg0 : i32\n  }\n}"
    );
}

/// Within every block (reachable or not, as mlir-opt checks), each operand defined in the block
/// is defined before its use.
fn assert_defined_before_use(ctx: &Context, root: OpId, after: &str) {
    for op in ctx.nested_ops(root) {
        let Some(b) = ctx.op_block(op) else { continue };
        for &v in ctx.operands(op) {
            if ctx.value_block(v) != Some(b) {
                continue;
            }
            if let Some(d) = ctx.defining_op(v) {
                let mut cur = ctx.prev_op(op);
                let mut found = false;
                while let Some(o) = cur {
                    if o == d {
                        found = true;
                        break;
                    }
                    cur = ctx.prev_op(o);
                }
                assert!(
                    found,
                    "after {after}: a use before its definition in one block"
                );
            }
        }
    }
}
