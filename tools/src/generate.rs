//! Generated modules for benchmarks and scale tests: valid scf programs of a requested size.

use std::fmt::Write;

/// Ops in one generated function (see [`module_with_ops`]).
const OPS_PER_FUNCTION: usize = 19;

/// A module of `n_ops` operations, rounded up to whole functions: `ceil(n_ops / 19)`
/// functions of 19 ops each (counting the function, its return and the yields). Each is an
/// `scf.for` with an `iter_args` accumulator whose body holds an `scf.if` and integer
/// arithmetic, and computes `sum over i in [0, n) of (i odd ? i*3 : i+7)` for its argument `n`.
pub fn module_with_ops(n_ops: usize) -> String {
    let funcs = n_ops.div_ceil(OPS_PER_FUNCTION).max(1);
    let mut s = String::with_capacity(funcs * 900);
    s.push_str("module {\n");
    for f in 0..funcs {
        writeln!(
            s,
            r#"  func.func @f{f}(%n: index) -> i64 {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i64
    %three = arith.constant 3 : i64
    %seven = arith.constant 7 : i64
    %one = arith.constant 1 : i64
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {{
      %ii = arith.index_cast %i : index to i64
      %bit = arith.andi %ii, %one : i64
      %odd = arith.cmpi ne, %bit, %zero : i64
      %v = scf.if %odd -> (i64) {{
        %m = arith.muli %ii, %three : i64
        scf.yield %m : i64
      }} else {{
        %a = arith.addi %ii, %seven : i64
        scf.yield %a : i64
      }}
      %next = arith.addi %acc, %v : i64
      scf.yield %next : i64
    }}
    return %r : i64
  }}"#
        )
        .ok();
    }
    s.push_str("}\n");
    s
}

#[cfg(test)]
mod tests {
    #[test]
    fn op_count_is_as_requested() {
        let (mut ctx, syntax) = weir_dialects::new_context();
        let text = super::module_with_ops(1000);
        let m = weir_syntax::parse_module(&mut ctx, &syntax, &text, "gen", 1, Default::default())
            .unwrap();
        // ceil(1000 / 19) = 53 functions of 19 ops (counted by hand from the template).
        assert_eq!(ctx.nested_ops(m).len(), 53 * 19);
        weir_ir::verify(&ctx, m).unwrap();
    }

    /// Parses and verifies `text`; returns the context, the module and the ops in it.
    fn parsed(text: &str) -> (weir_ir::Context, Vec<weir_ir::OpId>) {
        let (mut ctx, syntax) = weir_dialects::new_context();
        let m = weir_syntax::parse_module(&mut ctx, &syntax, text, "gen", 1, Default::default())
            .unwrap();
        weir_ir::verify(&ctx, m).unwrap();
        let ops = ctx.nested_ops(m);
        (ctx, ops)
    }

    /// The ops named `name` among `ops`.
    fn named(ctx: &weir_ir::Context, ops: &[weir_ir::OpId], name: &str) -> Vec<weir_ir::OpId> {
        ops.iter().copied().filter(|&o| ctx.is(o, name)).collect()
    }

    #[test]
    fn switch_to_one_block_has_n_plus_one_edges_into_one_block() {
        let (ctx, ops) = parsed(&super::switch_to_one_block(100));
        // func, 4 constants, 4 addi, the switch, the return (counted from the template).
        assert_eq!(ops.len(), 11);
        let switch = named(&ctx, &ops, "cf.switch")[0];
        let join = ctx.successors(switch)[0];
        assert_eq!(ctx.successors(switch).len(), 101);
        assert!(ctx.successors(switch).iter().all(|&b| b == join));
        assert_eq!(ctx.predecessors(join).len(), 101);
    }

    #[test]
    fn long_block_is_one_block_of_n_ops_using_one_value() {
        let (ctx, ops) = parsed(&super::long_block(300));
        assert_eq!(ops.len(), 300 + 2); // func, 300 ops, return
        let add = named(&ctx, &ops, "arith.addi")[0];
        let x = ctx.operand(add, 1);
        assert_eq!(ctx.uses(x).len(), 301); // 300 ops, and the first op's lhs
        assert_eq!(named(&ctx, &ops, "arith.muli").len(), 100);
    }

    #[test]
    fn value_with_uses_has_n_uses() {
        let (ctx, ops) = parsed(&super::value_with_uses(250));
        assert_eq!(ops.len(), 250 + 3); // two funcs, 250 calls, return
        let call = named(&ctx, &ops, "func.call")[0];
        assert_eq!(ctx.uses(ctx.operand(call, 0)).len(), 251); // and the return
    }

    #[test]
    fn cond_br_fan_in_has_n_plus_one_predecessors() {
        let (ctx, ops) = parsed(&super::cond_br_fan_in(200));
        // func, br, 200 x (constant, cmpi, cond_br), br, return.
        assert_eq!(ops.len(), 3 * 200 + 4);
        let ret = named(&ctx, &ops, "func.return")[0];
        let join = ctx.op_block(ret).unwrap();
        assert_eq!(ctx.predecessors(join).len(), 201);
    }
}

/// A module of `n` functions, `@f0` ... `@f{n-1}`, each calling the next and adding one to
/// the result (the last returns its argument): the shape that made call verification
/// quadratic when each `func.call` scanned the module for its callee.
pub fn chain_of_calls(n: usize) -> String {
    let mut s = String::with_capacity(n * 160);
    s.push_str("module {\n");
    for f in 0..n {
        if f + 1 == n {
            writeln!(s, "  func.func @f{f}(%x: i64) -> i64 {{\n    return %x : i64\n  }}")
        } else {
            writeln!(
                s,
                "  func.func @f{f}(%x: i64) -> i64 {{\n    %c1 = arith.constant 1 : i64\n    %y = arith.addi %x, %c1 : i64\n    %r = func.call @f{}(%y) : (i64) -> i64\n    return %r : i64\n  }}",
                f + 1
            )
        }
        .expect("writing to a String cannot fail");
    }
    s.push_str("}\n");
    s
}

/// `@main(%n: i64) -> i64` made of `depth` nested `scf.if`s (for deep-nesting tests). Level
/// `k` (0 outermost) tests `k < n`; its then-region holds level `k + 1` (the innermost holds
/// nothing and uses `%n` as the inner value) and yields the inner value plus 1, its
/// else-region yields `k`. So level `k` computes `f(k) = k < n ? f(k + 1) + 1 : k` with
/// `f(depth) = n`, and `@main` returns `0` for `n <= 0`, else `n + min(n, depth)`.
pub fn nested_ifs(depth: usize) -> String {
    let mut s = String::with_capacity(depth * 240);
    s.push_str("func.func @main(%n: i64) -> i64 {\n");
    for k in 0..depth {
        writeln!(
            s,
            "%k{k} = arith.constant {k} : i64\n%c{k} = arith.cmpi slt, %k{k}, %n : i64\n%r{k} = scf.if %c{k} -> (i64) {{"
        )
        .expect("writing to a String cannot fail");
    }
    for k in (0..depth).rev() {
        let inner = if k + 1 == depth {
            "%n".to_string()
        } else {
            format!("%r{}", k + 1)
        };
        writeln!(
            s,
            "%one{k} = arith.constant 1 : i64\n%v{k} = arith.addi {inner}, %one{k} : i64\nscf.yield %v{k} : i64\n}} else {{\nscf.yield %k{k} : i64\n}}"
        )
        .expect("writing to a String cannot fail");
    }
    s.push_str(if depth == 0 {
        "return %n : i64\n}\n"
    } else {
        "return %r0 : i64\n}\n"
    });
    s
}

/// `@main(%x: i64, %s: i32) -> i64` whose one `cf.switch` on `%s` has `n` cases (values
/// `0..n`), all of them and the default branching to one block `^join(%r: i64)`: the default
/// passes `%x`, case `k` passes `%x + (k % 4)` (one of four sums made in the entry block).
/// `^join` returns `%r`. (Many edges into one block, each with its own operand: the shape
/// whose predecessor lookups and successor-operand decoding were quadratic in `n`.)
pub fn switch_to_one_block(n: usize) -> String {
    let mut s = String::with_capacity(n * 40 + 400);
    s.push_str("func.func @main(%x: i64, %s: i32) -> i64 {\n");
    for k in 0..4 {
        writeln!(
            s,
            "  %c{k} = arith.constant {k} : i64\n  %a{k} = arith.addi %x, %c{k} : i64"
        )
        .expect("writing to a String cannot fail");
    }
    s.push_str("  cf.switch %s : i32, [\n    default: ^join(%x : i64)");
    for k in 0..n {
        write!(s, ",\n    {k}: ^join(%a{} : i64)", k % 4).expect("writing to a String cannot fail");
    }
    s.push_str("\n  ]\n^join(%r: i64):\n  return %r : i64\n}\n");
    s
}

/// `@main(%x: i64) -> i64` whose one block is a chain of `n` integer ops (`arith.addi`,
/// `arith.muli` and `arith.xori` in turn, each on the previous result and `%x`; none folds
/// or reassociates away) ending in a `return` of the last: one long block, and one value
/// (`%x`) with `n` uses.
pub fn long_block(n: usize) -> String {
    let mut s = String::with_capacity(n * 36 + 80);
    s.push_str("func.func @main(%x: i64) -> i64 {\n");
    let mut prev = "%x".to_string();
    for k in 0..n {
        let op = ["addi", "muli", "xori"][k % 3];
        writeln!(s, "  %v{k} = arith.{op} {prev}, %x : i64")
            .expect("writing to a String cannot fail");
        prev = format!("%v{k}");
    }
    writeln!(s, "  return {prev} : i64\n}}").expect("writing to a String cannot fail");
    s
}

/// `@main(%a, %b: tensor<8xf32>) -> tensor<8xf32>`: one block of `n` chained elementwise ops
/// on tensors (`addf`, `mulf`, `subf` in turn, each on the previous result and `%b`), which
/// `--convert-elementwise-to-linalg --linalg-fuse-elementwise-ops` fuse into one op.
pub fn tensor_chain(n: usize) -> String {
    let mut s = String::with_capacity(n * 50 + 120);
    s.push_str("func.func @main(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {\n");
    let mut prev = "%a".to_string();
    for k in 0..n {
        let op = ["addf", "mulf", "subf"][k % 3];
        writeln!(s, "  %v{k} = arith.{op} {prev}, %b : tensor<8xf32>")
            .expect("writing to a String cannot fail");
        prev = format!("%v{k}");
    }
    writeln!(s, "  return {prev} : tensor<8xf32>\n}}").expect("writing to a String cannot fail");
    s
}

/// `@main(%x: i64) -> i64` with `n` calls `func.call @sink(%x)` in one block: one value with
/// `n` uses, by ops that side effects keep alive (`@sink` is an external declaration).
pub fn value_with_uses(n: usize) -> String {
    let mut s = String::with_capacity(n * 40 + 120);
    s.push_str("func.func private @sink(i64)\nfunc.func @main(%x: i64) -> i64 {\n");
    for _ in 0..n {
        s.push_str("  func.call @sink(%x) : (i64) -> ()\n");
    }
    s.push_str("  return %x : i64\n}\n");
    s
}

/// `@main(%x: i64) -> i64`: a chain of `n` blocks, block `k` testing `%x < k` with
/// a `cf.cond_br` whose true edge goes on to block `k + 1` and whose false edge goes to one
/// block `^join(i64)` with `k`: a block with `n + 1` predecessors (many edges into one block).
/// The last block branches to `^join(%x)`, and `^join` returns its argument, so `@main`
/// returns `0` for `%x >= 0` (block 0's false edge) and `%x` otherwise.
pub fn cond_br_fan_in(n: usize) -> String {
    let mut s = String::with_capacity(n * 140 + 160);
    s.push_str("func.func @main(%x: i64) -> i64 {\n  cf.br ^b0\n");
    for k in 0..n {
        writeln!(
            s,
            "^b{k}:\n  %k{k} = arith.constant {k} : i64\n  %c{k} = arith.cmpi slt, %x, %k{k} : i64\n  cf.cond_br %c{k}, ^b{}, ^join(%k{k} : i64)",
            k + 1
        )
        .expect("writing to a String cannot fail");
    }
    writeln!(
        s,
        "^b{n}:\n  cf.br ^join(%x : i64)\n^join(%r: i64):\n  return %r : i64\n}}"
    )
    .expect("writing to a String cannot fail");
    s
}

/// `@main(%i: index, %a: tensor<2x3xf32>, %b: tensor<2x?xf32>) -> tensor<*xf32>` whose one
/// `scf.index_switch` has `n` cases yielding `%a` or `%b` (in turn) through a `tensor.cast` to
/// the unranked result type: the shape of many branches whose results `--infer-shapes` joins
/// (to `tensor<2x?xf32>`).
pub fn tensor_switch(n: usize) -> String {
    let mut s = String::with_capacity(n * 120 + 400);
    s.push_str(
        "func.func @main(%i: index, %a: tensor<2x3xf32>, %b: tensor<2x?xf32>) -> tensor<*xf32> {\n  %r = scf.index_switch %i -> tensor<*xf32>\n",
    );
    let case = |s: &mut String, k: usize| {
        let (v, t) = if k % 2 == 0 {
            ("%a", "2x3")
        } else {
            ("%b", "2x?")
        };
        write!(
            s,
            "    %x{k} = tensor.cast {v} : tensor<{t}xf32> to tensor<*xf32>\n    scf.yield %x{k} : tensor<*xf32>\n  }}\n"
        )
        .expect("writing to a String cannot fail");
    };
    for k in 0..n {
        writeln!(s, "  case {k} {{").expect("writing to a String cannot fail");
        case(&mut s, k);
    }
    s.push_str("  default {\n");
    case(&mut s, n);
    s.push_str("  return %r : tensor<*xf32>\n}\n");
    s
}

/// `@main(%m: tensor<2x2xf32>, %n: index) -> tensor<*xf32>` with `n` `scf.for` loops one after
/// the other, each carrying the previous loop's result declared unranked and doubling its rows
/// with a `tensor.concat`: `n` loop fixpoints for `--infer-shapes="join=relaxed"` (each
/// `tensor<?x2xf32>`).
pub fn tensor_loops(n: usize) -> String {
    let mut s = String::with_capacity(n * 420 + 300);
    s.push_str(
        "func.func @main(%m: tensor<2x2xf32>, %n: index) -> tensor<*xf32> {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  %v0 = tensor.cast %m : tensor<2x2xf32> to tensor<*xf32>\n",
    );
    for k in 0..n {
        write!(
            s,
            "  %v{} = scf.for %i{k} = %c0 to %n step %c1 iter_args(%a{k} = %v{k}) -> (tensor<*xf32>) {{\n    %s{k} = tensor.cast %a{k} : tensor<*xf32> to tensor<?x2xf32>\n    %d{k} = tensor.concat dim(0) %s{k}, %s{k} : (tensor<?x2xf32>, tensor<?x2xf32>) -> tensor<?x2xf32>\n    %u{k} = tensor.cast %d{k} : tensor<?x2xf32> to tensor<*xf32>\n    scf.yield %u{k} : tensor<*xf32>\n  }}\n",
            k + 1
        )
        .expect("writing to a String cannot fail");
    }
    writeln!(s, "  return %v{n} : tensor<*xf32>\n}}").expect("writing to a String cannot fail");
    s
}
