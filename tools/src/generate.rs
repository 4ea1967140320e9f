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
