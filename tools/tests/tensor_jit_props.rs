//! Property test: the tensor JIT computes what the reference evaluator computes
//! (`weir_test_support::tensor_eval`, itself checked against NumPy).
//!
//! Random verified programs `@main(%a, %b: tensor<Txf32>, %k: tensor<Txi32>, %n: index)`
//! returning one f32, one i32 and one i1 tensor of the program's type `T` (`3x3`, `?x?`, `3x?`
//! or `?x3`) are built from: fused elementwise chains (arith float/int ops, `arith.cmpf`/`cmpi`,
//! `arith.select` on tensors, `arith.sitofp`, `math.absf/exp/tanh/sqrt`), `linalg.reduce` (sum or
//! max over a dimension) followed by `linalg.broadcast`, `linalg.transpose`, `tensor.extract_slice`
//! + `tensor.concat` (a row rotation), `tensor.extract_slice` + `tensor.insert_slice`,
//! `tensor.extract` + `tensor.insert`, `scf.if` on a condition read from a tensor, `scf.for`
//! carrying two values (the same tensor twice, an f32 and an i32 tensor, one passed through
//! unchanged, a result unused), and `scf.while` with a trip bound and a data-dependent condition.
//! `arith.maxnumf`/`minnumf` results get `+ 0.0`: MLIR lets them return either zero for -0.0
//! and +0.0 (the evaluator and the JIT do choose differently), and the addition makes it +0.0.
//! Every value computed is visible to the expressions after it in its region, so results are
//! used twice and live across branches and loops. Offsets and indices are usually in bounds
//! (sometimes 3, out of bounds of a size-3 dimension), and with dynamic types the runtime shapes
//! of the arguments may differ (2, 3 or 4 in a `?` dimension), so runtime faults happen.
//!
//! Each program runs in the evaluator (on the scf form) and, after cf-run's lowering pipeline
//! (`weir_tools::run::lower`), in the JIT, on the same random inputs. Required:
//! - both succeed or both fail (a located error in the evaluator, a `RuntimeError` in the JIT),
//!   and then at the same op (equal locations);
//! - equal shapes and elements: integers and `i1` equal; `f32` equal bits, NaN matching any NaN
//!   (payloads and signs of NaNs are not compared); when the program uses `math.exp` or
//!   `math.tanh`, each `f32` element within 4 ulp (sqrt is correctly rounded, so exact);
//! - the buffer pool: after a successful run nothing leaked and nothing is live, after a fault
//!   nothing is live.
//!
//! The second property runs the same programs after `--convert-elementwise-to-linalg` and
//! `--linalg-fuse-elementwise-ops` (then cf-run's pipeline): the fused module must verify and
//! give the evaluator's values on the original program; a fault must stay a fault, but may be
//! reported at another op (a fused producer's shape check happens in its consumer).
//!
//! The generator reads its decisions from a byte string (0 is always the simplest choice, an
//! exhausted string gives leaves), so proptest's shrinking of the bytes shrinks the program.
//! 300 cases with proptest's fixed default seed (deterministic); a failure prints the program.
//! With the `llvm` feature both properties also run on the LLVM backend (-O2), against the
//! same evaluator with the same rules.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use std::fmt::Write;
use weir_ir::{ElementKind, FloatKind};
use weir_jit::{JitValue, Scalar, TensorValue};
use weir_syntax::{parse_module, ParseOptions};
use weir_test_support::tensor_eval::{eval_func, Elem, Scalar as EvalScalar, Tensor, Value};

/// The element type of a generated value.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    F32,
    I32,
    I1,
}

impl Kind {
    fn text(self) -> &'static str {
        match self {
            Kind::F32 => "f32",
            Kind::I32 => "i32",
            Kind::I1 => "i1",
        }
    }
}

/// The program generator: emits MLIR text while it reads its choices.
struct Gen<'a> {
    choices: &'a [u8],
    pos: usize,
    out: String,
    next: usize,
    indent: usize,
    /// The static sizes of the program's type `T` (`None` = `?`).
    dims: [Option<u64>; 2],
    /// The values visible at the current point, with their element types.
    scope: Vec<(String, Kind)>,
    /// Whether `math.exp` or `math.tanh` occurs (f32 results then compared within 4 ulp).
    transcendental: bool,
}

/// The size of a rank-2 dimension in a type: `3` or `?`.
fn dim_text(d: Option<u64>) -> String {
    d.map_or("?".to_string(), |n| n.to_string())
}

impl Gen<'_> {
    /// A choice in `0..n` (0 once the choices are used up).
    fn pick(&mut self, n: usize) -> usize {
        let c = self.choices.get(self.pos).map_or(0, |&b| b as usize % n);
        self.pos += 1;
        c
    }

    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    /// `tensor<T x kind>`, or with the sizes swapped when `transposed`.
    fn ty_of(&self, kind: Kind, transposed: bool) -> String {
        let [r, c] = if transposed {
            [self.dims[1], self.dims[0]]
        } else {
            self.dims
        };
        format!("tensor<{}x{}x{}>", dim_text(r), dim_text(c), kind.text())
    }

    fn ty(&self, kind: Kind) -> String {
        self.ty_of(kind, false)
    }

    /// `tensor.dim` of `x` (of type `T`) for dimension `d`.
    fn dim_of(&mut self, x: &str, kind: Kind, d: usize) -> String {
        let v = self.fresh();
        let t = self.ty(kind);
        self.line(&format!("{v} = tensor.dim {x}, %c{d} : {t}"));
        v
    }

    /// The dynamic sizes of a `T`-shaped value with `x`'s sizes (read with `tensor.dim`), in
    /// the order `source_dims` lists `x`'s dimensions.
    fn dyn_sizes(&mut self, x: &str, kind: Kind, source_dims: [usize; 2]) -> Vec<String> {
        let mut sizes = Vec::new();
        for d in source_dims {
            if self.dims[d].is_none() {
                sizes.push(self.dim_of(x, kind, d));
            }
        }
        sizes
    }

    /// A value of `kind` in scope, if there is one.
    fn var(&mut self, kind: Kind) -> Option<String> {
        let vs: Vec<String> = self
            .scope
            .iter()
            .filter(|(_, k)| *k == kind)
            .map(|(v, _)| v.clone())
            .collect();
        if vs.is_empty() {
            return None;
        }
        let i = self.pick(vs.len());
        Some(vs[i].clone())
    }

    /// An f32 variable in scope (`%a` and `%b` always are).
    fn fvar(&mut self) -> String {
        self.var(Kind::F32).unwrap_or_else(|| "%a".to_string())
    }

    /// A splat of scalar `lit : kind` with `%a`'s runtime shape.
    fn splat(&mut self, lit: &str, kind: Kind) -> String {
        self.splat_like(lit, kind, "%a")
    }

    /// A splat of scalar `lit : kind` with the runtime shape of `like` (an f32 tensor).
    fn splat_like(&mut self, lit: &str, kind: Kind, like: &str) -> String {
        let v = self.fresh();
        let t = self.ty(kind);
        if self.dims.iter().all(Option::is_some) {
            self.line(&format!("{v} = arith.constant dense<{lit}> : {t}"));
        } else {
            let s = self.fresh();
            // MLIR writes an i1 constant `true`/`false`, without a type.
            let ty = match kind {
                Kind::I1 => String::new(),
                k => format!(" : {}", k.text()),
            };
            self.line(&format!("{s} = arith.constant {lit}{ty}"));
            let sizes = self.dyn_sizes(like, Kind::F32, [0, 1]).join(", ");
            self.line(&format!("{v} = tensor.splat {s}[{sizes}] : {t}"));
        }
        v
    }

    /// An offset or index: `%c0`..`%c2`, sometimes `%c3` (out of bounds of a size-3 dim).
    fn offset(&mut self) -> String {
        format!("%c{}", [0, 1, 2, 0, 1, 2, 0, 3][self.pick(8)])
    }

    /// Emits an f32 tensor expression of type `T`; returns its value.
    fn f(&mut self, depth: usize) -> String {
        let c = if depth == 0 {
            self.pick(2)
        } else {
            self.pick(16)
        };
        let t = self.ty(Kind::F32);
        let v = match c {
            0 | 15 => return self.fvar(),
            1 => {
                let lit = ["1.0", "0.5", "-2.0", "0.0", "-0.0", "3.5", "100.0"][self.pick(7)];
                self.splat(lit, Kind::F32)
            }
            2 | 3 => {
                let op = [
                    "addf", "subf", "mulf", "divf", "maximumf", "minimumf", "maxnumf", "minnumf",
                ][self.pick(8)];
                let (x, y) = (self.f(depth - 1), self.f(depth - 1));
                let v = self.fresh();
                self.line(&format!("{v} = arith.{op} {x}, {y} : {t}"));
                if !op.ends_with("numf") {
                    return self.bound_value(v);
                }
                // maxnumf/minnumf of -0.0 and +0.0 may be either (MLIR's docs): adding +0.0
                // makes the zero +0.0 and keeps every other value.
                let (z, w) = (self.splat_like("0.0", Kind::F32, &v), self.fresh());
                self.line(&format!("{w} = arith.addf {v}, {z} : {t}"));
                w
            }
            4 => {
                let op = [
                    "arith.negf",
                    "math.absf",
                    "math.sqrt",
                    "math.exp",
                    "math.tanh",
                ][self.pick(5)];
                self.transcendental |= op == "math.exp" || op == "math.tanh";
                let x = self.f(depth - 1);
                let v = self.fresh();
                self.line(&format!("{v} = {op} {x} : {t}"));
                v
            }
            5 => {
                let c = self.b(depth - 1);
                let (x, y) = (self.f(depth - 1), self.f(depth - 1));
                let v = self.fresh();
                let bt = self.ty(Kind::I1);
                self.line(&format!("{v} = arith.select {c}, {x}, {y} : {bt}, {t}"));
                v
            }
            6 => {
                let x = self.i(depth - 1);
                let v = self.fresh();
                let it = self.ty(Kind::I32);
                self.line(&format!("{v} = arith.sitofp {x} : {it} to {t}"));
                v
            }
            7 => self.reduce_broadcast(depth),
            8 => self.transpose(depth),
            9 => self.rotate(depth),
            10 => self.insert_slice(depth),
            11 => {
                let (x, y) = (self.f(depth - 1), self.fvar());
                let (i, j, p, q) = (self.offset(), self.offset(), self.offset(), self.offset());
                let (e, v) = (self.fresh(), self.fresh());
                self.line(&format!("{e} = tensor.extract {y}[{i}, {j}] : {t}"));
                self.line(&format!("{v} = tensor.insert {e} into {x}[{p}, {q}] : {t}"));
                v
            }
            12 => self.if_(depth),
            13 => self.for_(depth),
            _ => self.while_(depth),
        };
        self.bound_value(v)
    }

    /// Makes the f32 tensor `v` visible to what follows in its region; returns it.
    fn bound_value(&mut self, v: String) -> String {
        self.scope.push((v.clone(), Kind::F32));
        v
    }

    /// `linalg.reduce` (sum or max) over one dimension, broadcast back along it.
    fn reduce_broadcast(&mut self, depth: usize) -> String {
        let x = self.f(depth - 1);
        let d = self.pick(2);
        let max = self.pick(2) == 1;
        let t = self.ty(Kind::F32);
        let keep = 1 - d;
        let rt = format!("tensor<{}xf32>", dim_text(self.dims[keep]));
        let sizes = if self.dims[keep].is_none() {
            self.dim_of(&x, Kind::F32, keep)
        } else {
            String::new()
        };
        let (init, e, fill, red) = (self.fresh(), self.fresh(), self.fresh(), self.fresh());
        let lit = if max { "0xFF800000" } else { "0.0" };
        self.line(&format!("{init} = arith.constant {lit} : f32"));
        self.line(&format!("{e} = tensor.empty({sizes}) : {rt}"));
        self.line(&format!(
            "{fill} = linalg.fill ins({init} : f32) outs({e} : {rt}) -> {rt}"
        ));
        self.line(&format!(
            "{red} = linalg.reduce ins({x} : {t}) outs({fill} : {rt}) dimensions = [{d}]"
        ));
        let (a, acc, s) = (self.fresh(), self.fresh(), self.fresh());
        let op = if max { "maximumf" } else { "addf" };
        self.line(&format!("  ({a}: f32, {acc}: f32) {{"));
        self.line(&format!("    {s} = arith.{op} {a}, {acc} : f32"));
        self.line(&format!("    linalg.yield {s} : f32"));
        self.line("  }");
        let sizes = self.dyn_sizes(&x, Kind::F32, [0, 1]).join(", ");
        let (e2, v) = (self.fresh(), self.fresh());
        self.line(&format!("{e2} = tensor.empty({sizes}) : {t}"));
        self.line(&format!(
            "{v} = linalg.broadcast ins({red} : {rt}) outs({e2} : {t}) dimensions = [{d}]"
        ));
        v
    }

    /// `linalg.transpose`, cast back to `T` when `T` is not symmetric (a runtime check).
    fn transpose(&mut self, depth: usize) -> String {
        let x = self.f(depth - 1);
        let (t, tt) = (self.ty(Kind::F32), self.ty_of(Kind::F32, true));
        let sizes = self.dyn_sizes(&x, Kind::F32, [1, 0]).join(", ");
        let (e, v) = (self.fresh(), self.fresh());
        self.line(&format!("{e} = tensor.empty({sizes}) : {tt}"));
        self.line(&format!(
            "{v} = linalg.transpose ins({x} : {t}) outs({e} : {tt}) permutation = [1, 0]"
        ));
        if t == tt {
            return v;
        }
        let c = self.fresh();
        self.line(&format!("{c} = tensor.cast {v} : {tt} to {t}"));
        c
    }

    /// The columns of a row slice of `x`: `3`, or `tensor.dim` when dynamic; the slice's
    /// column size in a type.
    fn cols(&mut self, x: &str) -> (String, String) {
        match self.dims[1] {
            Some(n) => (n.to_string(), n.to_string()),
            None => (self.dim_of(x, Kind::F32, 1), "?".to_string()),
        }
    }

    /// Rows rotated: `concat(x[o], x[0..2])` along dim 0 (cast to `T` if its rows are `?`).
    fn rotate(&mut self, depth: usize) -> String {
        let x = self.f(depth - 1);
        let o = self.offset();
        let t = self.ty(Kind::F32);
        let (n, ct) = self.cols(&x);
        let (s1, s2, v) = (self.fresh(), self.fresh(), self.fresh());
        let (t1, t2, t3) = (
            format!("tensor<1x{ct}xf32>"),
            format!("tensor<2x{ct}xf32>"),
            format!("tensor<3x{ct}xf32>"),
        );
        self.line(&format!(
            "{s1} = tensor.extract_slice {x}[{o}, 0] [1, {n}] [1, 1] : {t} to {t1}"
        ));
        self.line(&format!(
            "{s2} = tensor.extract_slice {x}[0, 0] [2, {n}] [1, 1] : {t} to {t2}"
        ));
        self.line(&format!(
            "{v} = tensor.concat dim(0) {s1}, {s2} : ({t1}, {t2}) -> {t3}"
        ));
        if t3 == t {
            return v;
        }
        let c = self.fresh();
        self.line(&format!("{c} = tensor.cast {v} : {t3} to {t}"));
        c
    }

    /// Row `o` of `y` written over row `p` of `x`.
    fn insert_slice(&mut self, depth: usize) -> String {
        let (x, y) = (self.f(depth - 1), self.fvar());
        let (o, p) = (self.offset(), self.offset());
        let t = self.ty(Kind::F32);
        let (n, ct) = self.cols(&y);
        let st = format!("tensor<1x{ct}xf32>");
        let (s, v) = (self.fresh(), self.fresh());
        self.line(&format!(
            "{s} = tensor.extract_slice {y}[{o}, 0] [1, {n}] [1, 1] : {t} to {st}"
        ));
        self.line(&format!(
            "{v} = tensor.insert_slice {s} into {x}[{p}, 0] [1, {n}] [1, 1] : {st} into {t}"
        ));
        v
    }

    /// Runs `body` in a nested region: values it defines are not visible afterwards.
    fn region<R>(&mut self, body: impl FnOnce(&mut Self) -> R) -> R {
        let mark = self.scope.len();
        self.indent += 1;
        let r = body(self);
        self.indent -= 1;
        self.scope.truncate(mark);
        r
    }

    /// `scf.if` on `x[0, 0] < threshold`.
    fn if_(&mut self, depth: usize) -> String {
        let x = self.fvar();
        let thr = ["0.0", "1.0", "-1.0"][self.pick(3)];
        let t = self.ty(Kind::F32);
        let (e, th, c, v) = (self.fresh(), self.fresh(), self.fresh(), self.fresh());
        self.line(&format!("{e} = tensor.extract {x}[%c0, %c0] : {t}"));
        self.line(&format!("{th} = arith.constant {thr} : f32"));
        self.line(&format!("{c} = arith.cmpf olt, {e}, {th} : f32"));
        self.line(&format!("{v} = scf.if {c} -> ({t}) {{"));
        let y = self.region(|g| g.f(depth - 1));
        self.line(&format!("  scf.yield {y} : {t}"));
        self.line("} else {");
        let y = self.region(|g| g.f(depth - 1));
        self.line(&format!("  scf.yield {y} : {t}"));
        self.line("}");
        v
    }

    /// A loop bound: `%n` (an argument, 0..3) or a constant 0..3.
    fn bound(&mut self) -> String {
        match self.pick(5) {
            0 => "%n".to_string(),
            k => format!("%c{}", k - 1),
        }
    }

    /// `scf.for` carrying an f32 tensor and a second value: the same tensor again, another
    /// f32 tensor or an i32 tensor; the second is sometimes passed through unchanged and its
    /// result sometimes unused.
    fn for_(&mut self, depth: usize) -> String {
        let init0 = self.f(depth - 1);
        let second = self.pick(3);
        let (init1, k1) = match second {
            0 => (init0.clone(), Kind::F32),
            1 => (self.f(depth - 1), Kind::F32),
            _ => (self.i(depth - 1), Kind::I32),
        };
        let ub = self.bound();
        let (t, t1) = (self.ty(Kind::F32), self.ty(k1));
        let (r, iv, p, q) = (self.fresh(), self.fresh(), self.fresh(), self.fresh());
        self.line(&format!(
            "{r}:2 = scf.for {iv} = %c0 to {ub} step %c1 iter_args({p} = {init0}, {q} = {init1}) -> ({t}, {t1}) {{"
        ));
        let (y0, y1) = self.region(|g| {
            g.scope.push((p.clone(), Kind::F32));
            g.scope.push((q.clone(), k1));
            let y0 = g.f(depth - 1);
            let y1 = match (g.pick(2), k1) {
                (0, _) => q.clone(),
                (_, Kind::F32) => g.f(depth - 1),
                _ => g.i(depth - 1),
            };
            (y0, y1)
        });
        self.line(&format!("  scf.yield {y0}, {y1} : {t}, {t1}"));
        self.line("}");
        if k1 == Kind::F32 && self.pick(2) == 1 {
            let v = self.fresh();
            self.line(&format!("{v} = arith.addf {r}#0, {r}#1 : {t}"));
            v
        } else {
            format!("{r}#0")
        }
    }

    /// `scf.while (i < bound && x[0, 0] < 50)`, the body updating the tensor.
    fn while_(&mut self, depth: usize) -> String {
        let init = self.f(depth - 1);
        let ub = self.bound();
        let t = self.ty(Kind::F32);
        let (w, i, x) = (self.fresh(), self.fresh(), self.fresh());
        self.line(&format!(
            "{w}:2 = scf.while ({i} = %c0, {x} = {init}) : (index, {t}) -> (index, {t}) {{"
        ));
        let (lt, e, th, ok, c) = (
            self.fresh(),
            self.fresh(),
            self.fresh(),
            self.fresh(),
            self.fresh(),
        );
        self.line(&format!("  {lt} = arith.cmpi slt, {i}, {ub} : index"));
        self.line(&format!("  {e} = tensor.extract {x}[%c0, %c0] : {t}"));
        self.line(&format!("  {th} = arith.constant 50.0 : f32"));
        self.line(&format!("  {ok} = arith.cmpf olt, {e}, {th} : f32"));
        self.line(&format!("  {c} = arith.andi {lt}, {ok} : i1"));
        self.line(&format!("  scf.condition({c}) {i}, {x} : index, {t}"));
        self.line("} do {");
        let (ai, ax, ni) = (self.fresh(), self.fresh(), self.fresh());
        self.line(&format!("^bb0({ai}: index, {ax}: {t}):"));
        let y = self.region(|g| {
            g.scope.push((ax.clone(), Kind::F32));
            g.f(depth - 1)
        });
        self.line(&format!("  {ni} = arith.addi {ai}, %c1 : index"));
        self.line(&format!("  scf.yield {ni}, {y} : index, {t}"));
        self.line("}");
        format!("{w}#1")
    }

    /// Emits an i32 tensor expression of type `T`.
    fn i(&mut self, depth: usize) -> String {
        let c = if depth == 0 {
            self.pick(2)
        } else {
            self.pick(6)
        };
        let t = self.ty(Kind::I32);
        let v = match c {
            0 | 5 => return self.var(Kind::I32).unwrap_or_else(|| "%k".to_string()),
            1 => {
                let lit = ["1", "0", "-3", "7", "2147483647", "-2147483648"][self.pick(6)];
                self.splat(lit, Kind::I32)
            }
            2 | 3 => {
                let op = [
                    "addi", "subi", "muli", "maxsi", "minsi", "andi", "ori", "xori",
                ][self.pick(8)];
                let (x, y) = (self.i(depth - 1), self.i(depth - 1));
                let v = self.fresh();
                self.line(&format!("{v} = arith.{op} {x}, {y} : {t}"));
                v
            }
            _ => {
                let c = self.b(depth - 1);
                let (x, y) = (self.i(depth - 1), self.i(depth - 1));
                let v = self.fresh();
                let bt = self.ty(Kind::I1);
                self.line(&format!("{v} = arith.select {c}, {x}, {y} : {bt}, {t}"));
                v
            }
        };
        self.scope.push((v.clone(), Kind::I32));
        v
    }

    /// Emits an i1 tensor expression of type `T`.
    fn b(&mut self, depth: usize) -> String {
        let c = if depth == 0 { 0 } else { self.pick(5) };
        let t = self.ty(Kind::I1);
        let v = match c {
            0 => {
                if depth == 0 && self.pick(2) == 1 {
                    if let Some(v) = self.var(Kind::I1) {
                        return v;
                    }
                }
                let p = [
                    "olt", "oeq", "one", "ole", "ogt", "oge", "ueq", "une", "ult", "uno", "ord",
                ][self.pick(11)];
                let d = depth.saturating_sub(1);
                let (x, y) = (self.f(d), self.f(d));
                let v = self.fresh();
                let ft = self.ty(Kind::F32);
                self.line(&format!("{v} = arith.cmpf {p}, {x}, {y} : {ft}"));
                v
            }
            1 => {
                let p = ["slt", "eq", "ne", "sle", "sgt", "sge", "ult", "ugt"][self.pick(8)];
                let (x, y) = (self.i(depth - 1), self.i(depth - 1));
                let v = self.fresh();
                let it = self.ty(Kind::I32);
                self.line(&format!("{v} = arith.cmpi {p}, {x}, {y} : {it}"));
                v
            }
            2 | 3 => {
                let op = ["andi", "ori", "xori"][self.pick(3)];
                let (x, y) = (self.b(depth - 1), self.b(depth - 1));
                let v = self.fresh();
                self.line(&format!("{v} = arith.{op} {x}, {y} : {t}"));
                v
            }
            _ => {
                let lit = ["true", "false"][self.pick(2)];
                self.splat(lit, Kind::I1)
            }
        };
        self.scope.push((v.clone(), Kind::I1));
        v
    }
}

/// A generated program: its text and whether f32 results are compared within 4 ulp.
struct Program {
    text: String,
    dims: [Option<u64>; 2],
    transcendental: bool,
}

fn program(choices: &[u8]) -> Program {
    let dims = [
        [Some(3), Some(3)],
        [None, None],
        [Some(3), None],
        [None, Some(3)],
    ][choices.first().map_or(0, |&c| c as usize % 4)];
    let mut g = Gen {
        choices,
        pos: 1,
        out: String::new(),
        next: 0,
        indent: 1,
        dims,
        scope: vec![
            ("%a".to_string(), Kind::F32),
            ("%b".to_string(), Kind::F32),
            ("%k".to_string(), Kind::I32),
        ],
        transcendental: false,
    };
    for c in 0..4 {
        g.line(&format!("%c{c} = arith.constant {c} : index"));
    }
    let (r0, r1, r2) = (g.f(4), g.i(2), g.b(2));
    let (tf, ti, tb) = (g.ty(Kind::F32), g.ty(Kind::I32), g.ty(Kind::I1));
    g.line(&format!("return {r0}, {r1}, {r2} : {tf}, {ti}, {tb}"));
    let mut text = String::new();
    writeln!(
        text,
        "func.func @main(%a: {tf}, %b: {tf}, %k: {ti}, %n: index) -> ({tf}, {ti}, {tb}) {{\n{}}}",
        g.out
    )
    .expect("writing to a String cannot fail");
    Program {
        text,
        dims,
        transcendental: g.transcendental,
    }
}

/// The runtime inputs: the arguments' shapes and elements and the trip bound `%n`.
#[derive(Clone)]
struct Inputs {
    /// The size of each `?` dimension (mostly 3, the static size; else 2, 3 or 4), for all
    /// arguments.
    base: [u64; 2],
    /// 0: all arguments of the base shape; 1: `%b`, 2: `%k` one larger in the first `?` dim
    /// (the argument numbers of [`arg_shape`]).
    odd: usize,
    a: Vec<f32>,
    b: Vec<f32>,
    k: Vec<i32>,
    n: i64,
}

impl std::fmt::Debug for Inputs {
    /// On one line (proptest prints the failing inputs with `{:#?}`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "base {:?} odd {} a {:?} b {:?} k {:?} n {}",
            self.base, self.odd, self.a, self.b, self.k, self.n
        )
    }
}

fn small_f32() -> impl Strategy<Value = f32> {
    prop_oneof![
        8 => (-8i32..8).prop_map(|v| v as f32 * 0.5),
        1 => any::<f32>(),
    ]
}

fn inputs() -> impl Strategy<Value = Inputs> {
    (
        prop_oneof![7 => Just([3u64, 3]), 3 => [2u64..5, 2u64..5]],
        prop_oneof![8 => Just(0usize), 1 => Just(1), 1 => Just(2)],
        prop::collection::vec(small_f32(), 20),
        prop::collection::vec(small_f32(), 20),
        prop::collection::vec(prop_oneof![8 => -5i32..6, 1 => any::<i32>()], 20),
        0i64..4,
    )
        .prop_map(|(base, odd, a, b, k, n)| Inputs {
            base,
            odd,
            a,
            b,
            k,
            n,
        })
}

/// The shape of argument `arg` (0 = `%a`, 1 = `%b`, 2 = `%k`) for a program of `dims`.
fn arg_shape(dims: [Option<u64>; 2], inp: &Inputs, arg: usize) -> Vec<u64> {
    let mut s: Vec<u64> = (0..2).map(|d| dims[d].unwrap_or(inp.base[d])).collect();
    if inp.odd != 0 && inp.odd == arg {
        if let Some(d) = (0..2).find(|&d| dims[d].is_none()) {
            s[d] += 1;
        }
    }
    s
}

/// The arguments for the evaluator and for the JIT.
fn arguments(p: &Program, inp: &Inputs) -> (Vec<Value>, Vec<JitValue>) {
    let (mut ev, mut jit) = (Vec::new(), Vec::new());
    for (arg, xs) in [(0, &inp.a), (1, &inp.b)] {
        let shape = arg_shape(p.dims, inp, arg);
        let n = shape.iter().product::<u64>() as usize;
        let vals: Vec<f64> = xs[..n].iter().map(|&x| x as f64).collect();
        let t = Tensor::floats(&shape, FloatKind::F32, &vals).expect("count matches");
        ev.push(Value::tensor(t));
        let bytes = xs[..n].iter().flat_map(|x| x.to_le_bytes()).collect();
        let tv = TensorValue::new(ElementKind::Float(FloatKind::F32), shape, bytes)
            .expect("valid tensor");
        jit.push(JitValue::Tensor(tv));
    }
    let shape = arg_shape(p.dims, inp, 2);
    let n = shape.iter().product::<u64>() as usize;
    let ks: Vec<i64> = inp.k[..n].iter().map(|&x| x as i64).collect();
    ev.push(Value::tensor(
        Tensor::ints(&shape, Elem::Int(32), &ks).expect("count matches"),
    ));
    let bytes = inp.k[..n].iter().flat_map(|x| x.to_le_bytes()).collect();
    let elem = ElementKind::Int {
        width: 32,
        unsigned: false,
    };
    jit.push(JitValue::Tensor(
        TensorValue::new(elem, shape, bytes).expect("valid tensor"),
    ));
    ev.push(Value::int(Elem::Index, inp.n));
    jit.push(JitValue::Scalar(Scalar::index(inp.n)));
    (ev, jit)
}

/// An evaluator tensor in the JIT's element layout: its shape and each element's bits.
fn eval_bits(v: &Value) -> Option<(Vec<u64>, Vec<u64>)> {
    let t = v.as_tensor()?;
    let bits = t
        .data
        .iter()
        .map(|&s| match s {
            EvalScalar::Float(f) => (f as f32).to_bits() as u64,
            EvalScalar::Int(b) => b as u64,
        })
        .collect();
    Some((t.shape.clone(), bits))
}

/// A JIT tensor result: its shape and each element's bits (f32 and i32: 4 bytes, i1: 1).
fn jit_bits(v: &JitValue) -> Option<(Vec<u64>, Vec<u64>)> {
    let JitValue::Tensor(t) = v else { return None };
    let w = t.elem().byte_width();
    let bits = t
        .data()
        .chunks_exact(w)
        .map(|c| c.iter().rev().fold(0u64, |acc, &b| (acc << 8) | b as u64))
        .collect();
    Some((t.shape().to_vec(), bits))
}

/// The distance in ulps between two finite-or-infinite f32 of the same sign.
fn ulps(x: f32, y: f32) -> u64 {
    // Map the floats onto a line of integers ordered like the floats.
    let key = |f: f32| {
        let b = f.to_bits() as i64;
        if b < 0x8000_0000 {
            b
        } else {
            0x8000_0000 - b
        }
    };
    key(x).abs_diff(key(y))
}

/// Whether the f32 elements `x` (evaluator) and `y` (JIT) agree (see the module docs).
fn f32_agree(x: u64, y: u64, tolerant: bool) -> bool {
    let (x, y) = (f32::from_bits(x as u32), f32::from_bits(y as u32));
    if x.is_nan() || y.is_nan() {
        return x.is_nan() && y.is_nan();
    }
    x.to_bits() == y.to_bits() || (tolerant && ulps(x, y) <= 4)
}

/// Which code generator runs the lowered programs.
#[derive(Clone, Copy, Debug)]
enum Backend {
    /// The Cranelift JIT.
    Cranelift,
    /// The LLVM backend at -O2 (cargo feature `llvm`).
    #[cfg(feature = "llvm")]
    Llvm,
}

/// Compiles the lowered module `m` with `backend` and calls `@main` with `args`: the result
/// and the buffer pool's statistics.
fn run_lowered(
    ctx: &weir_ir::Context,
    m: weir_ir::OpId,
    args: &[JitValue],
    backend: Backend,
) -> Result<
    (
        Result<Vec<JitValue>, weir_jit::RuntimeError>,
        weir_jit::PoolStats,
    ),
    String,
> {
    match backend {
        Backend::Cranelift => {
            let jit = weir_jit::compile(ctx, m)
                .map_err(|d| format!("JIT compile error: {}: {}", d.loc, d.message))?;
            let got = jit.call_values("main", args, None);
            Ok((got, jit.last_pool_stats()))
        }
        #[cfg(feature = "llvm")]
        Backend::Llvm => {
            let options = weir_llvm::LlvmOptions::default();
            let llvm = weir_llvm::compile(ctx, m, &options)
                .map_err(|d| format!("LLVM compile error: {}: {}", d.loc, d.message))?;
            let got = llvm.call_values("main", args, None);
            Ok((got, llvm.last_pool_stats()))
        }
    }
}

/// Runs one program on one input in both and checks they agree; `Err` says how they differ.
/// With `fused`, the JIT runs the program after the fusion passes (see the module docs).
fn check(p: &Program, inp: &Inputs, fused: bool, backend: Backend) -> Result<(), String> {
    let (mut ctx, syntax) = weir_dialects::new_context();
    let m = parse_module(
        &mut ctx,
        &syntax,
        &p.text,
        "prop",
        1,
        ParseOptions::default(),
    )
    .map_err(|d| format!("generated program does not parse: {}: {}", d.loc, d.message))?;
    weir_ir::verify(&ctx, m).map_err(|d| {
        format!(
            "generated program does not verify: {}: {}",
            d.loc, d.message
        )
    })?;
    let (ev_args, jit_args) = arguments(p, inp);
    let expected = eval_func(&ctx, m, "main", &ev_args);
    if fused {
        weir_linalg_fusion::elementwise::run(&mut ctx, m);
        weir_linalg_fusion::fuse::run(&mut ctx, m);
        weir_ir::verify(&ctx, m).map_err(|d| {
            format!(
                "the fused program does not verify: {}: {}",
                d.loc, d.message
            )
        })?;
    }
    weir_tools::run::lower(&mut ctx, m)
        .map_err(|d| format!("lowering failed: {}: {}", d.loc, d.message))?;
    let (got, st) = run_lowered(&ctx, m, &jit_args, backend)?;
    match (&expected, &got) {
        (Err(e), Err(j)) => {
            if e.loc != j.loc && !fused {
                return Err(format!(
                    "the evaluator fails at {} ({}) but the JIT at {} ({})",
                    e.loc, e.message, j.loc, j.message
                ));
            }
            if st.live != 0 {
                return Err(format!(
                    "after the fault ({}) buffers live: {st:?}",
                    e.message
                ));
            }
            Ok(())
        }
        (Err(e), Ok(_)) => Err(format!(
            "the evaluator fails ({}: {}) but the JIT succeeds",
            e.loc, e.message
        )),
        (Ok(_), Err(e)) => Err(format!(
            "the JIT fails ({}: {}) but the evaluator succeeds",
            e.loc, e.message
        )),
        (Ok(want), Ok(have)) => {
            if (st.leaked, st.live) != (0, 0) {
                return Err(format!("buffers leaked: {st:?}"));
            }
            for (r, (w, h)) in want.iter().zip(have).enumerate() {
                let (ws, wb) = eval_bits(w).ok_or("evaluator result is not a tensor")?;
                let (hs, hb) = jit_bits(h).ok_or("JIT result is not a tensor")?;
                if ws != hs {
                    return Err(format!("result #{r}: shape {ws:?} expected, got {hs:?}"));
                }
                let agree = |(&x, &y): (&u64, &u64)| {
                    if r == 0 {
                        f32_agree(x, y, p.transcendental)
                    } else {
                        x == y
                    }
                };
                if !wb.iter().zip(&hb).all(agree) {
                    return Err(format!(
                        "result #{r}: elements (bits) {wb:x?} expected, got {hb:x?}"
                    ));
                }
            }
            Ok(())
        }
    }
}

#[test]
fn jit_agrees_with_the_tensor_evaluator() {
    run_cases(false, Backend::Cranelift);
}

#[test]
fn fused_programs_agree_with_the_tensor_evaluator() {
    run_cases(true, Backend::Cranelift);
}

#[cfg(feature = "llvm")]
#[test]
fn llvm_agrees_with_the_tensor_evaluator() {
    run_cases(false, Backend::Llvm);
}

#[cfg(feature = "llvm")]
#[test]
fn fused_programs_on_llvm_agree_with_the_tensor_evaluator() {
    run_cases(true, Backend::Llvm);
}

/// The 300 cases, each checked by [`check`] on `backend`.
fn run_cases(fused: bool, backend: Backend) {
    let config = Config {
        cases: 300,
        failure_persistence: None,
        ..Config::default()
    };
    let rng = TestRng::deterministic_rng(RngAlgorithm::ChaCha);
    let mut runner = TestRunner::new_with_rng(config, rng);
    let strategy = (prop::collection::vec(any::<u8>(), 0..160), inputs());
    let result = runner.run(&strategy, |(choices, inp)| {
        let p = program(&choices);
        check(&p, &inp, fused, backend)
            .map_err(|e| TestCaseError::fail(format!("{e}\ninputs: {inp:?}\nprogram:\n{}", p.text)))
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}
