//! Property test: canonicalization preserves semantics. Random small programs of arith + scf
//! (if, for with one or two iter_args, while, index_switch; cast chains, extensions of narrow
//! bitwise ops, selects and the extended multiplication) over i64 arguments are JIT-run before
//! and after `--canonicalize` (and after `--canonicalize --cse`, and after lowering to cf then
//! `--canonicalize`, for the cf patterns); results must be equal. A program whose
//! original run faults (e.g. division by zero: undefined behaviour in MLIR, which passes may
//! remove) is only required not to crash after the rewrite.

use proptest::prelude::*;
use std::fmt::Write;
use weir_jit::Scalar;
use weir_syntax::{parse_module, print_op, ParseOptions, PrintOptions};

#[derive(Clone, Debug)]
enum Expr {
    /// A variable in scope (function argument or loop-carried value), chosen modulo the scope.
    Var(u8),
    Const(i64),
    Bin(&'static str, Box<Expr>, Box<Expr>),
    /// `scf.if (a pred b) { then } else { else }`.
    If(&'static str, Box<Expr>, Box<Expr>, Box<Expr>, Box<Expr>),
    /// `scf.for %i = lb to ub step s iter_args(%acc = init)`: the body sees `%acc` and `%i`.
    For(i64, i64, i64, Box<Expr>, Box<Expr>),
    /// `scf.for` with two iter_args `(acc0 = init0, acc1 = init1)`, each yielding its own body
    /// expression (which sees `acc0`, `acc1` and `%i`: iter_args passed through, swapped or
    /// invariant); the value is `r#0 - r#1`.
    For2(i64, i64, i64, [Box<Expr>; 4]),
    /// `i = 0, acc = init; while i < n { acc = body; i += 1 }`: the body sees `acc` and `i`.
    While(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `scf.index_switch (idx & 3)` with three cases and a default.
    Switch(Box<Expr>, Box<Expr>, Box<Expr>, Box<Expr>, Box<Expr>),
    /// `ext2(ext1(trunci(trunci x : i64 to i32) : i32 to i8) : i8 to i16) : i16 to i64`.
    Cast(&'static str, &'static str, Box<Expr>),
    /// `extsi(trunci(op(ext a8, ext b8)) : i64 to i16)` with `a8`, `b8` the low bytes of the
    /// operands and `op` a bitwise op or `cmpi eq/ne` (extended with `extui`).
    Narrow(&'static str, &'static str, Box<Expr>, Box<Expr>),
    /// `c = (a pred b)`: `select c, (select (not c), t, f), t` + `select c, 1, 0`.
    Select(&'static str, Box<Expr>, Box<Expr>, Box<Expr>, Box<Expr>),
    /// `mulsi_extended` or `mului_extended` of two values: `low ^ high`.
    MulExt(&'static str, Box<Expr>, Box<Expr>),
}

fn leaf() -> impl Strategy<Value = Expr> {
    prop_oneof![
        (0u8..8).prop_map(Expr::Var),
        prop_oneof![-3i64..10, Just(i64::MIN), Just(i64::MAX), Just(0)].prop_map(Expr::Const),
    ]
}

fn expr() -> impl Strategy<Value = Expr> {
    leaf().prop_recursive(4, 24, 5, |inner| {
        let b = || inner.clone().prop_map(Box::new);
        prop_oneof![
            4 => (prop::sample::select(vec![
                "addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minsi", "divsi", "remsi", "divui", "floordivsi", "ceildivsi"
            ]), b(), b()).prop_map(|(o, x, y)| Expr::Bin(o, x, y)),
            2 => (prop::sample::select(vec!["eq", "ne", "slt", "sle", "sgt", "ult", "uge"]), b(), b(), b(), b())
                .prop_map(|(p, a, c, t, e)| Expr::If(p, a, c, t, e)),
            // Steps from -1: a loop entered with a step <= 0 stops with a runtime error (and must
            // stay valid IR through canonicalization).
            1 => (-2i64..3, -2i64..6, -1i64..3, b(), b()).prop_map(|(lb, ub, s, i, body)| Expr::For(lb, ub, s, i, body)),
            1 => (-2i64..3, -2i64..6, 1i64..3, [b(), b(), b(), b()]).prop_map(|(lb, ub, s, e)| Expr::For2(lb, ub, s, e)),
            1 => (b(), b(), b()).prop_map(|(n, i, body)| Expr::While(n, i, body)),
            1 => (b(), b(), b(), b(), b()).prop_map(|(i, a, c, d, e)| Expr::Switch(i, a, c, d, e)),
            1 => (prop::sample::select(vec!["extsi", "extui"]), prop::sample::select(vec!["extsi", "extui"]), b())
                .prop_map(|(k1, k2, x)| Expr::Cast(k1, k2, x)),
            1 => (prop::sample::select(vec!["extsi", "extui"]), prop::sample::select(vec!["andi", "ori", "xori", "eq", "ne"]), b(), b())
                .prop_map(|(k, o, x, y)| Expr::Narrow(k, o, x, y)),
            1 => (prop::sample::select(vec!["eq", "slt", "ult"]), b(), b(), b(), b())
                .prop_map(|(p, a, c, t, f)| Expr::Select(p, a, c, t, f)),
            1 => (prop::sample::select(vec!["mulsi_extended", "mului_extended"]), b(), b())
                .prop_map(|(o, x, y)| Expr::MulExt(o, x, y)),
        ]
    })
}

/// Emits MLIR for `e`; `scope` holds the names of the i64 variables in scope.
struct Emitter {
    out: String,
    next: usize,
}

impl Emitter {
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    fn line(&mut self, depth: usize, s: &str) {
        let _ = writeln!(self.out, "{}{s}", "  ".repeat(depth));
    }

    fn emit(&mut self, e: &Expr, scope: &[String], d: usize) -> String {
        match e {
            Expr::Var(i) => scope[*i as usize % scope.len()].clone(),
            Expr::Const(c) => {
                let v = self.fresh();
                self.line(d, &format!("{v} = arith.constant {c} : i64"));
                v
            }
            Expr::Bin(op, a, b) => {
                let (x, y) = (self.emit(a, scope, d), self.emit(b, scope, d));
                let v = self.fresh();
                self.line(d, &format!("{v} = arith.{op} {x}, {y} : i64"));
                v
            }
            Expr::If(p, a, b, t, e) => {
                let (x, y) = (self.emit(a, scope, d), self.emit(b, scope, d));
                let c = self.fresh();
                self.line(d, &format!("{c} = arith.cmpi {p}, {x}, {y} : i64"));
                let v = self.fresh();
                self.line(d, &format!("{v} = scf.if {c} -> (i64) {{"));
                let tv = self.emit(t, scope, d + 1);
                self.line(d + 1, &format!("scf.yield {tv} : i64"));
                self.line(d, "} else {");
                let ev = self.emit(e, scope, d + 1);
                self.line(d + 1, &format!("scf.yield {ev} : i64"));
                self.line(d, "}");
                v
            }
            Expr::For(lb, ub, s, init, body) => {
                let iv = self.emit(init, scope, d);
                let (l, u, st, v, i, acc) = (
                    self.fresh(),
                    self.fresh(),
                    self.fresh(),
                    self.fresh(),
                    self.fresh(),
                    self.fresh(),
                );
                self.line(d, &format!("{l} = arith.constant {lb} : index"));
                self.line(d, &format!("{u} = arith.constant {ub} : index"));
                self.line(d, &format!("{st} = arith.constant {s} : index"));
                self.line(d, &format!("{v} = scf.for {i} = {l} to {u} step {st} iter_args({acc} = {iv}) -> (i64) {{"));
                let i64v = self.fresh();
                self.line(
                    d + 1,
                    &format!("{i64v} = arith.index_cast {i} : index to i64"),
                );
                let mut inner = scope.to_vec();
                inner.insert(0, acc);
                inner.insert(1, i64v);
                let b = self.emit(body, &inner, d + 1);
                self.line(d + 1, &format!("scf.yield {b} : i64"));
                self.line(d, "}");
                v
            }
            Expr::For2(lb, ub, s, [init0, init1, body0, body1]) => {
                let (i0, i1) = (self.emit(init0, scope, d), self.emit(init1, scope, d));
                let (l, u, st, v, i, acc0, acc1) = (
                    self.fresh(),
                    self.fresh(),
                    self.fresh(),
                    self.fresh(),
                    self.fresh(),
                    self.fresh(),
                    self.fresh(),
                );
                self.line(d, &format!("{l} = arith.constant {lb} : index"));
                self.line(d, &format!("{u} = arith.constant {ub} : index"));
                self.line(d, &format!("{st} = arith.constant {s} : index"));
                self.line(d, &format!("{v}:2 = scf.for {i} = {l} to {u} step {st} iter_args({acc0} = {i0}, {acc1} = {i1}) -> (i64, i64) {{"));
                let i64v = self.fresh();
                self.line(
                    d + 1,
                    &format!("{i64v} = arith.index_cast {i} : index to i64"),
                );
                let mut inner = scope.to_vec();
                inner.splice(0..0, [acc0, acc1, i64v]);
                let b0 = self.emit(body0, &inner, d + 1);
                let b1 = self.emit(body1, &inner, d + 1);
                self.line(d + 1, &format!("scf.yield {b0}, {b1} : i64, i64"));
                self.line(d, "}");
                let r = self.fresh();
                self.line(d, &format!("{r} = arith.subi {v}#0, {v}#1 : i64"));
                r
            }
            Expr::While(n, init, body) => {
                let nv = self.emit(n, scope, d);
                let iv = self.emit(init, scope, d);
                let (zero, one, three, bound) =
                    (self.fresh(), self.fresh(), self.fresh(), self.fresh());
                self.line(d, &format!("{zero} = arith.constant 0 : i64"));
                self.line(d, &format!("{one} = arith.constant 1 : i64"));
                self.line(d, &format!("{three} = arith.constant 3 : i64"));
                // At most 3 trips whatever n is: bound = n & 3 (so loops stay small).
                self.line(d, &format!("{bound} = arith.andi {nv}, {three} : i64"));
                let (w, i, acc, c) = (self.fresh(), self.fresh(), self.fresh(), self.fresh());
                self.line(d, &format!("{w}:2 = scf.while ({i} = {zero}, {acc} = {iv}) : (i64, i64) -> (i64, i64) {{"));
                self.line(d + 1, &format!("{c} = arith.cmpi slt, {i}, {bound} : i64"));
                self.line(d + 1, &format!("scf.condition({c}) {i}, {acc} : i64, i64"));
                self.line(d, "} do {");
                let (i2, acc2) = (self.fresh(), self.fresh());
                self.line(d, &format!("^bb0({i2}: i64, {acc2}: i64):"));
                let mut inner = scope.to_vec();
                inner.insert(0, acc2.clone());
                inner.insert(1, i2.clone());
                let b = self.emit(body, &inner, d + 1);
                let inext = self.fresh();
                self.line(d + 1, &format!("{inext} = arith.addi {i2}, {one} : i64"));
                self.line(d + 1, &format!("scf.yield {inext}, {b} : i64, i64"));
                self.line(d, "}");
                format!("{w}#1")
            }
            Expr::Switch(idx, a, b, c, dflt) => {
                let x = self.emit(idx, scope, d);
                let (three, m, ix, v) = (self.fresh(), self.fresh(), self.fresh(), self.fresh());
                self.line(d, &format!("{three} = arith.constant 3 : i64"));
                self.line(d, &format!("{m} = arith.andi {x}, {three} : i64"));
                self.line(d, &format!("{ix} = arith.index_cast {m} : i64 to index"));
                self.line(d, &format!("{v} = scf.index_switch {ix} -> i64"));
                for (k, e) in [a, b, c].into_iter().enumerate() {
                    self.line(d, &format!("case {k} {{"));
                    let r = self.emit(e, scope, d + 1);
                    self.line(d + 1, &format!("scf.yield {r} : i64"));
                    self.line(d, "}");
                }
                self.line(d, "default {");
                let r = self.emit(dflt, scope, d + 1);
                self.line(d + 1, &format!("scf.yield {r} : i64"));
                self.line(d, "}");
                v
            }
            Expr::Cast(k1, k2, x) => {
                let x = self.emit(x, scope, d);
                let (t32, t8, m, v) = (self.fresh(), self.fresh(), self.fresh(), self.fresh());
                self.line(d, &format!("{t32} = arith.trunci {x} : i64 to i32"));
                self.line(d, &format!("{t8} = arith.trunci {t32} : i32 to i8"));
                self.line(d, &format!("{m} = arith.{k1} {t8} : i8 to i16"));
                self.line(d, &format!("{v} = arith.{k2} {m} : i16 to i64"));
                v
            }
            Expr::Narrow(k, op, x, y) => {
                let (x, y) = (self.emit(x, scope, d), self.emit(y, scope, d));
                let ext = |this: &mut Self, v: &str| {
                    let (t, e) = (this.fresh(), this.fresh());
                    this.line(d, &format!("{t} = arith.trunci {v} : i64 to i8"));
                    this.line(d, &format!("{e} = arith.{k} {t} : i8 to i64"));
                    e
                };
                let (ex, ey) = (ext(self, &x), ext(self, &y));
                let r = self.fresh();
                if let "eq" | "ne" = *op {
                    let c = self.fresh();
                    self.line(d, &format!("{c} = arith.cmpi {op}, {ex}, {ey} : i64"));
                    self.line(d, &format!("{r} = arith.extui {c} : i1 to i64"));
                } else {
                    self.line(d, &format!("{r} = arith.{op} {ex}, {ey} : i64"));
                }
                let (t, v) = (self.fresh(), self.fresh());
                self.line(d, &format!("{t} = arith.trunci {r} : i64 to i16"));
                self.line(d, &format!("{v} = arith.extsi {t} : i16 to i64"));
                v
            }
            Expr::Select(p, a, b, t, f) => {
                let (x, y) = (self.emit(a, scope, d), self.emit(b, scope, d));
                let (tv, fv) = (self.emit(t, scope, d), self.emit(f, scope, d));
                let (c, tr, nc, s1, s2) = (
                    self.fresh(),
                    self.fresh(),
                    self.fresh(),
                    self.fresh(),
                    self.fresh(),
                );
                self.line(d, &format!("{c} = arith.cmpi {p}, {x}, {y} : i64"));
                self.line(d, &format!("{tr} = arith.constant true"));
                self.line(d, &format!("{nc} = arith.xori {c}, {tr} : i1"));
                self.line(d, &format!("{s1} = arith.select {nc}, {tv}, {fv} : i64"));
                self.line(d, &format!("{s2} = arith.select {c}, {s1}, {tv} : i64"));
                let (one, zero, s3, v) = (self.fresh(), self.fresh(), self.fresh(), self.fresh());
                self.line(d, &format!("{one} = arith.constant 1 : i64"));
                self.line(d, &format!("{zero} = arith.constant 0 : i64"));
                self.line(d, &format!("{s3} = arith.select {c}, {one}, {zero} : i64"));
                self.line(d, &format!("{v} = arith.addi {s2}, {s3} : i64"));
                v
            }
            Expr::MulExt(op, a, b) => {
                let (x, y) = (self.emit(a, scope, d), self.emit(b, scope, d));
                let (m, v) = (self.fresh(), self.fresh());
                self.line(d, &format!("{m}:2 = arith.{op} {x}, {y} : i64"));
                self.line(d, &format!("{v} = arith.xori {m}#0, {m}#1 : i64"));
                v
            }
        }
    }
}

fn program(e: &Expr) -> String {
    let mut em = Emitter {
        out: String::new(),
        next: 0,
    };
    let scope = vec!["%a".to_string(), "%b".to_string()];
    let r = em.emit(e, &scope, 1);
    format!(
        "func.func @main(%a: i64, %b: i64) -> i64 {{\n{}  return {r} : i64\n}}\n",
        em.out
    )
}

/// Parses, applies `passes` (by cf-opt name) and lowers as cf-run does.
fn lowered(text: &str, passes: &[&str]) -> (weir_ir::Context, weir_ir::OpId) {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let m = parse_module(&mut ctx, &syntax, text, "prop", 1, ParseOptions::default())
        .expect("generated IR parses");
    weir_ir::verify(&ctx, m).expect("generated IR verifies");
    if passes.contains(&"convert-scf-to-cf") {
        // `lower` adds the runtime step checks to the scf.for ops it finds; these go earlier.
        weir_tools::run::guard_for_steps(&mut ctx, m);
    }
    let registry = weir_tools::passes::registry();
    for p in passes {
        let pass = registry
            .instantiate(p, &Default::default())
            .expect("registered pass");
        let mut diags = Vec::new();
        pass.run(&mut ctx, m, &mut diags);
        assert!(
            diags.iter().all(|d| d.severity != weir_ir::Severity::Error),
            "{p} failed: {diags:?}\n{}",
            print_op(&ctx, &syntax, m, PrintOptions::default())
        );
        if let Err(d) = weir_ir::verify(&ctx, m) {
            panic!(
                "IR invalid after {p}: {}\n{}",
                d.message,
                print_op(&ctx, &syntax, m, PrintOptions::default())
            );
        }
    }
    weir_tools::run::lower(&mut ctx, m).expect("lowers");
    (ctx, m)
}

/// Parses, applies `passes` (by cf-opt name), lowers and runs `main` on each argument pair
/// with the Cranelift JIT.
fn run(text: &str, passes: &[&str], args: &[(i64, i64)]) -> Vec<Result<Vec<Scalar>, String>> {
    let (ctx, m) = lowered(text, passes);
    let jit = weir_jit::compile(&ctx, m).expect("compiles");
    args.iter()
        .map(|&(a, b)| {
            jit.call("main", &[Scalar::i64(a), Scalar::i64(b)])
                .map_err(|e| e.message)
        })
        .collect()
}

/// [`run`] without passes, compiled by the LLVM backend at `-O<opt_level>`.
#[cfg(feature = "llvm")]
fn run_llvm(text: &str, opt_level: u8, args: &[(i64, i64)]) -> Vec<Result<Vec<Scalar>, String>> {
    let (ctx, m) = lowered(text, &[]);
    let options = weir_llvm::LlvmOptions {
        opt_level,
        loop_fuel: false,
    };
    let compiled = weir_llvm::compile(&ctx, m, &options).expect("compiles");
    args.iter()
        .map(|&(a, b)| {
            compiled
                .call("main", &[Scalar::i64(a), Scalar::i64(b)])
                .map_err(|e| e.message)
        })
        .collect()
}

const ARGS: &[(i64, i64)] = &[
    (0, 0),
    (1, -1),
    (7, 3),
    (-5, 2),
    (i64::MIN, -1),
    (123456789, 1 << 40),
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn canonicalize_preserves_results(e in expr()) {
        let text = program(&e);
        let before = run(&text, &[], ARGS);
        for passes in [
            &["canonicalize"][..],
            &["canonicalize", "cse", "canonicalize"][..],
            &["convert-scf-to-cf", "canonicalize"][..],
        ] {
            let after = run(&text, passes, ARGS);
            for ((b, a), args) in before.iter().zip(&after).zip(ARGS) {
                if b.is_ok() {
                    prop_assert_eq!(b, a, "args {:?} after {:?}\n{}", args, passes, text);
                }
            }
        }
    }
}

#[cfg(feature = "llvm")]
proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// The LLVM backend at -O0 and -O3 gives what the Cranelift JIT gives on every program and
    /// argument pair: the same values, and the same fault (message) where one faults (one
    /// place, `arith::backend_semantics`, decides the faults of both).
    #[test]
    fn llvm_agrees_with_cranelift(e in expr()) {
        let text = program(&e);
        let cranelift = run(&text, &[], ARGS);
        for level in [0, 3] {
            let llvm = run_llvm(&text, level, ARGS);
            prop_assert_eq!(&cranelift, &llvm, "-O{}\n{}", level, text);
        }
    }
}

/// `text` after the upstream MLIR 22 pass `pass` run in process (weir-mlir), as Weir prints it.
#[cfg(feature = "mlir")]
fn upstream(text: &str, pass: &str) -> String {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let m = parse_module(&mut ctx, &syntax, text, "prop", 1, ParseOptions::default())
        .expect("generated IR parses");
    let bridge = weir_mlir::Bridge::new();
    let mut diags = Vec::new();
    let pipeline = format!("builtin.module({pass})");
    let ok = bridge.run_on_weir(
        &mut ctx,
        &syntax,
        m,
        &pipeline,
        ParseOptions::default(),
        &mut diags,
    );
    assert!(ok, "upstream {pass} failed: {diags:?}\n{text}");
    print_op(&ctx, &syntax, m, PrintOptions::default())
}

/// Runs `main` of `text` (no passes) on the argument pairs where `reference` succeeded, with a
/// loop budget (upstream's scf-to-cf keeps no step check: a loop the reference rejects for its
/// step would not stop); `None` where it did not.
#[cfg(feature = "mlir")]
fn run_where_ok(
    text: &str,
    reference: &[Result<Vec<Scalar>, String>],
) -> Vec<Option<Result<Vec<Scalar>, String>>> {
    let (ctx, m) = lowered(text, &[]);
    let options = weir_jit::JitOptions {
        loop_fuel: true,
        ..Default::default()
    };
    let jit = weir_jit::compile_with(&ctx, m, &options).expect("compiles");
    ARGS.iter()
        .zip(reference)
        .map(|(&(a, b), r)| {
            r.is_ok().then(|| {
                jit.call_with_fuel("main", &[Scalar::i64(a), Scalar::i64(b)], Some(10_000_000))
                    .map_err(|e| e.message)
            })
        })
        .collect()
}

#[cfg(feature = "mlir")]
proptest! {
    #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

    /// Upstream MLIR 22 as the oracle (in process): its `canonicalize` and `convert-scf-to-cf`
    /// give programs that compute what the original computes, as Weir's do, on every argument
    /// pair where the original does not fault (a fault is undefined behaviour in MLIR, which
    /// either side may fold away); upstream's scf-to-cf leaves no scf op. The texts are not
    /// compared: the canonical forms differ (docs/canonicalize-parity.md).
    #[test]
    fn mlir_agrees_with_weir(e in expr()) {
        let text = program(&e);
        let before = run(&text, &[], ARGS);
        let ours = run(&text, &["canonicalize"], ARGS);
        let canonical = upstream(&text, "canonicalize");
        let lowered_cf = upstream(&text, "convert-scf-to-cf");
        prop_assert!(!lowered_cf.contains("scf."), "scf left by upstream:\n{}", lowered_cf);
        let theirs = run_where_ok(&canonical, &before);
        let theirs_cf = run_where_ok(&lowered_cf, &before);
        for (i, b) in before.iter().enumerate() {
            if b.is_ok() {
                prop_assert_eq!(b, &ours[i], "Weir's canonicalize, args {:?}\n{}", ARGS[i], text);
                prop_assert_eq!(Some(b), theirs[i].as_ref(), "upstream canonicalize, args {:?}\n{}\n{}", ARGS[i], text, canonical);
                prop_assert_eq!(Some(b), theirs_cf[i].as_ref(), "upstream scf-to-cf, args {:?}\n{}\n{}", ARGS[i], text, lowered_cf);
            }
        }
    }
}
