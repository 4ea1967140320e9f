//! `--cse`: common subexpression elimination (MLIR `CSE`).
//!
//! A pure op without regions is replaced by an earlier equivalent op that dominates it: same
//! name, operands, attributes and result types. Scopes follow dominance the simple way: the
//! ops of a block see the earlier ops of that block and the ops visible at their parent op;
//! each block of a multi-block region starts from its parent's scope (no reuse across the
//! blocks of a CFG), and the regions of ops that are (or, unregistered, may be) isolated from above start empty.

use std::collections::HashMap;
use weir_ir::{Attr, BlockId, Context, Diagnostic, OpId, OpName, Traits, Type, ValueId};
use weir_pass::{Pass, PassInfo};

/// `--cse` (no options).
pub const PASS: PassInfo = PassInfo {
    name: "cse",
    summary: "Eliminate common subexpressions of pure operations",
    options: &[],
    create: |_| Ok(Box::new(Cse)),
};

struct Cse;

impl Pass for Cse {
    fn name(&self) -> &'static str {
        PASS.name
    }

    fn run(&self, ctx: &mut Context, op: OpId, _diags: &mut Vec<Diagnostic>) {
        run(ctx, op);
    }
}

/// The identity of an op for CSE.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    name: OpName,
    operands: Vec<ValueId>,
    attrs: Vec<(String, Attr)>,
    results: Vec<Type>,
}

/// Eliminates common subexpressions in every region nested in `root`; returns how many ops
/// were erased.
pub fn run(ctx: &mut Context, root: OpId) -> usize {
    let mut scopes: Vec<HashMap<Key, OpId>> = Vec::new();
    let mut erased = 0;
    visit_regions(ctx, root, &mut scopes, &mut erased);
    erased
}

fn visit_regions(
    ctx: &mut Context,
    op: OpId,
    scopes: &mut Vec<HashMap<Key, OpId>>,
    erased: &mut usize,
) {
    let isolated = ctx.might_be_isolated_from_above(op);
    let mut own: Vec<HashMap<Key, OpId>> = Vec::new();
    let scopes = if isolated { &mut own } else { scopes };
    for r in ctx.regions(op).to_vec() {
        for b in ctx.region_blocks(r) {
            scopes.push(HashMap::new());
            visit_block(ctx, b, scopes, erased);
            scopes.pop();
        }
    }
}

fn visit_block(
    ctx: &mut Context,
    block: BlockId,
    scopes: &mut Vec<HashMap<Key, OpId>>,
    erased: &mut usize,
) {
    for op in ctx.block_ops(block) {
        if !ctx.regions(op).is_empty() {
            visit_regions(ctx, op, scopes, erased);
            continue;
        }
        if !ctx.has_traits(op, Traits::PURE)
            || ctx.has_traits(op, Traits::TERMINATOR)
            || ctx.results(op).is_empty()
        {
            continue;
        }
        let mut attrs: Vec<(String, Attr)> = ctx
            .attrs(op)
            .iter()
            .map(|a| (a.name.clone(), a.value))
            .collect();
        attrs.sort_by(|a, b| a.0.cmp(&b.0));
        let key = Key {
            name: ctx.name(op),
            operands: ctx.operands(op).to_vec(),
            attrs,
            results: ctx.results(op).iter().map(|&v| ctx.value_type(v)).collect(),
        };
        match scopes.iter().rev().find_map(|s| s.get(&key)).copied() {
            Some(existing) => {
                let new = ctx.results(existing).to_vec();
                ctx.replace_op(op, &new);
                *erased += 1;
            }
            None => {
                scopes
                    .last_mut()
                    .expect("a scope per block")
                    .insert(key, op);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use weir_syntax::{parse_module, print_op, ParseOptions, PrintOptions};

    fn cse(text: &str) -> String {
        let (mut ctx, syntax) = weir_dialects::new_context();
        let m = parse_module(&mut ctx, &syntax, text, "t", 1, ParseOptions::default()).unwrap();
        super::run(&mut ctx, m);
        weir_ir::verify(&ctx, m).unwrap();
        print_op(&ctx, &syntax, m, PrintOptions::default())
    }

    #[test]
    fn merges_equal_pure_ops_and_keeps_different_ones() {
        let out = cse(
            "func.func @f(%a: i32, %b: i32) -> (i32, i32, i32) {\n  %x = arith.addi %a, %b : i32\n  %y = arith.addi %a, %b : i32\n  %z = arith.addi %b, %a : i32\n  return %x, %y, %z : i32, i32, i32\n}\n",
        );
        assert_eq!(out.matches("arith.addi").count(), 2, "{out}");
        assert!(out.contains("return %0, %0, %1"), "{out}");
    }

    #[test]
    fn reuses_outer_values_in_regions_but_not_across_sibling_regions() {
        let out = cse(
            "func.func @f(%c: i1, %a: i32) -> i32 {\n  %x = arith.muli %a, %a : i32\n  %r = scf.if %c -> (i32) {\n    %y = arith.muli %a, %a : i32\n    %t = arith.subi %y, %a : i32\n    scf.yield %t : i32\n  } else {\n    %t2 = arith.subi %x, %a : i32\n    scf.yield %t2 : i32\n  }\n  return %r : i32\n}\n",
        );
        assert_eq!(out.matches("arith.muli").count(), 1, "{out}");
        // The two subtractions live in sibling regions: neither dominates the other.
        assert_eq!(out.matches("arith.subi").count(), 2, "{out}");
    }

    #[test]
    fn never_merges_side_effecting_ops() {
        let out = cse(
            "func.func private @g() -> i32\nfunc.func @f() -> (i32, i32) {\n  %x = func.call @g() : () -> i32\n  %y = func.call @g() : () -> i32\n  return %x, %y : i32, i32\n}\n",
        );
        assert_eq!(out.matches("call @g").count(), 2, "{out}");
    }
}
