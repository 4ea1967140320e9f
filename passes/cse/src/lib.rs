//! `--cse`: common subexpression elimination (MLIR `CSE`).
//!
//! A pure op without regions is replaced by an earlier equivalent op that dominates it: same
//! name, operands, attributes and result types. Scopes follow dominance the simple way: the
//! ops of a block see the earlier ops of that block and the ops visible at their parent op;
//! each block of a multi-block region starts from its parent's scope (no reuse across the
//! blocks of a CFG), and the regions of ops that are (or, unregistered, may be) isolated from above start empty.

use std::collections::HashMap;
use weir_ir::{Attr, AttrName, Context, Diagnostic, OpId, OpName, Traits, Type, ValueId};
use weir_pass::{Pass, PassInfo};

/// `--cse` (no options).
pub const PASS: PassInfo = PassInfo {
    name: "cse",
    summary: "Eliminate common subexpressions of pure operations",
    options: &[],
    function_level: true,
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
    attrs: Vec<(AttrName, Attr)>,
    results: Vec<Type>,
}

/// The ops visible at a point of the walk (MLIR's `ScopedHashTable`): one map for all open
/// block scopes and the keys each scope added, removed when it closes; O(1) per lookup
/// whatever the nesting depth.
#[derive(Default)]
struct ScopedTable {
    map: HashMap<Key, OpId>,
    /// Keys in insertion order; a scope owns the keys from its mark on.
    added: Vec<Key>,
    /// Per open scope: the length of `added` when it opened.
    marks: Vec<usize>,
}

/// One step of the walk in [`run`].
enum Step {
    /// Visit the regions of an op.
    Regions(OpId),
    /// Visit an op of a block (its regions, if it has any).
    Op(OpId),
    /// Open a block's scope.
    OpenBlock,
    /// Close the innermost block scope.
    CloseBlock,
    /// Leave the regions of an op isolated from above (drop its table).
    EndIsolated,
}

/// Eliminates common subexpressions in every region nested in `root`; returns how many ops
/// were erased. The walk uses an explicit stack: nesting depth costs no stack.
pub fn run(ctx: &mut Context, root: OpId) -> usize {
    // The innermost region isolated from above has the last table; lookups see only it.
    let mut tables: Vec<ScopedTable> = Vec::new();
    let mut erased = 0;
    let mut stack = vec![Step::Regions(root)];
    while let Some(step) = stack.pop() {
        match step {
            Step::Regions(op) => {
                if tables.is_empty() || ctx.might_be_isolated_from_above(op) {
                    tables.push(ScopedTable::default());
                    stack.push(Step::EndIsolated);
                }
                let mut blocks = Vec::new();
                for &r in ctx.regions(op) {
                    blocks.extend(ctx.region_blocks(r));
                }
                for b in blocks.into_iter().rev() {
                    stack.push(Step::CloseBlock);
                    stack.extend(ctx.block_ops(b).into_iter().rev().map(Step::Op));
                    stack.push(Step::OpenBlock);
                }
            }
            Step::Op(op) if !ctx.regions(op).is_empty() => stack.push(Step::Regions(op)),
            Step::Op(op) => {
                if let Some(table) = tables.last_mut() {
                    erased += usize::from(cse_op(ctx, op, table));
                }
            }
            Step::OpenBlock => {
                if let Some(t) = tables.last_mut() {
                    t.marks.push(t.added.len());
                }
            }
            Step::CloseBlock => {
                if let Some(t) = tables.last_mut() {
                    let mark = t.marks.pop().unwrap_or(0);
                    for key in t.added.drain(mark..) {
                        t.map.remove(&key);
                    }
                }
            }
            Step::EndIsolated => {
                tables.pop();
            }
        }
    }
    erased
}

/// Replaces `op` by an equivalent op visible in `table` if there is one (returns true), or
/// records it in the innermost scope.
fn cse_op(ctx: &mut Context, op: OpId, table: &mut ScopedTable) -> bool {
    if !weir_ir::interfaces::memory_effects::is_pure(ctx, op)
        || ctx.has_traits(op, Traits::TERMINATOR)
        || ctx.results(op).is_empty()
    {
        return false;
    }
    let mut attrs: Vec<(AttrName, Attr)> =
        ctx.attrs(op).iter().map(|a| (a.name, a.value)).collect();
    attrs.sort_by(|a, b| a.0.cmp(&b.0));
    let key = Key {
        name: ctx.name(op),
        operands: ctx.operands(op).to_vec(),
        attrs,
        results: ctx.results(op).iter().map(|&v| ctx.value_type(v)).collect(),
    };
    match table.map.get(&key).copied() {
        Some(existing) => {
            let new = ctx.results(existing).to_vec();
            ctx.replace_op(op, &new);
            true
        }
        None => {
            table.added.push(key.clone());
            table.map.insert(key, op);
            false
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
