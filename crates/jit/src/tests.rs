//! Unit tests: IR is built directly with the `Context` API (no parser needed), in a context
//! with every dialect registered (the JIT compiles registered ops only). Every expected
//! value is computed by hand (or, for the Newton iteration, by Python's IEEE doubles), never by
//! the code under test.

// The literals are the expected values written out on purpose, not approximations of constants.
#![allow(clippy::approx_constant)]

use crate::{compile, JitModule, RuntimeErrorKind, Scalar, ScalarType};
use std::sync::Arc;
use weir_ir::{
    Attr, AttrKind, BlockId, Context, DenseValue, FloatKind, InsertPoint, Location, OpId, OpState,
    RegionId, Type, ValueId,
};

/// A tiny IR builder: every op gets the location `test.mlir:<n>:1` with a fresh line number.
struct B {
    ctx: Context,
    module: OpId,
    body: BlockId,
    file: Arc<str>,
    line: u32,
}

impl B {
    fn new() -> B {
        let (mut ctx, _) = weir_dialects::new_context();
        let file: Arc<str> = Arc::from("test.mlir");
        let region = ctx.new_region();
        let body = ctx.new_block(&[]);
        ctx.append_block(region, body);
        let name = ctx.op_name("builtin.module");
        let mut st = OpState::new(name, Location::file(&file, 1, 1));
        st.regions.push(region);
        let module = ctx.create_op(st);
        B {
            ctx,
            module,
            body,
            file,
            line: 1,
        }
    }

    fn loc(&mut self) -> Location {
        self.line += 1;
        Location::file(&self.file, self.line, 1)
    }

    fn i(&mut self, w: u32) -> Type {
        self.ctx.int_type(w)
    }
    fn index(&mut self) -> Type {
        self.ctx.index_type()
    }
    fn f64t(&mut self) -> Type {
        self.ctx.float_type(FloatKind::F64)
    }
    fn f32t(&mut self) -> Type {
        self.ctx.float_type(FloatKind::F32)
    }

    /// Adds `func.func @name` and returns its body region and entry block.
    fn func(&mut self, name: &str, ins: &[Type], outs: &[Type]) -> (RegionId, BlockId) {
        let region = self.ctx.new_region();
        let entry = self.ctx.new_block(ins);
        self.ctx.append_block(region, entry);
        let fty = self.ctx.function_type(ins.to_vec(), outs.to_vec());
        let fname = self.ctx.op_name("func.func");
        let loc = self.loc();
        let mut st = OpState::new(fname, loc);
        st.set_attr(self.ctx.attr_name("sym_name"), self.ctx.str_attr(name));
        let fattr = self.ctx.type_attr(fty);
        st.set_attr(self.ctx.attr_name("function_type"), fattr);
        st.regions.push(region);
        self.ctx.build_op(st, InsertPoint::End(self.body));
        (region, entry)
    }

    /// A declaration `func.func private @name(...)` without a body.
    fn declare(&mut self, name: &str, ins: &[Type], outs: &[Type]) -> OpId {
        let region = self.ctx.new_region();
        let fty = self.ctx.function_type(ins.to_vec(), outs.to_vec());
        let fname = self.ctx.op_name("func.func");
        let loc = self.loc();
        let mut st = OpState::new(fname, loc);
        st.set_attr(self.ctx.attr_name("sym_name"), self.ctx.str_attr(name));
        st.set_attr(
            self.ctx.attr_name("sym_visibility"),
            self.ctx.str_attr("private"),
        );
        let fattr = self.ctx.type_attr(fty);
        st.set_attr(self.ctx.attr_name("function_type"), fattr);
        st.regions.push(region);
        self.ctx.build_op(st, InsertPoint::End(self.body))
    }

    fn block(&mut self, region: RegionId, args: &[Type]) -> BlockId {
        let b = self.ctx.new_block(args);
        self.ctx.append_block(region, b);
        b
    }

    fn arg(&self, b: BlockId, i: usize) -> ValueId {
        self.ctx.block_args(b)[i]
    }

    fn raw(
        &mut self,
        at: BlockId,
        name: &str,
        operands: &[ValueId],
        results: &[Type],
        attrs: Vec<(&str, Attr)>,
        succs: &[BlockId],
    ) -> OpId {
        let n = self.ctx.op_name(name);
        let loc = self.loc();
        let mut st = OpState::new(n, loc);
        st.operands = operands.to_vec();
        st.result_types = results.to_vec();
        for (k, v) in attrs {
            st.set_attr(self.ctx.attr_name(k), v);
        }
        st.successors = succs.to_vec();
        self.ctx.build_op(st, InsertPoint::End(at))
    }

    /// An op with one result.
    fn op1(
        &mut self,
        at: BlockId,
        name: &str,
        operands: &[ValueId],
        ty: Type,
        attrs: Vec<(&str, Attr)>,
    ) -> ValueId {
        let op = self.raw(at, name, operands, &[ty], attrs, &[]);
        self.ctx.result(op, 0)
    }

    fn ty(&self, v: ValueId) -> Type {
        self.ctx.value_type(v)
    }

    /// A binary op whose result has the type of `a`.
    fn bin(&mut self, at: BlockId, name: &str, a: ValueId, b: ValueId) -> ValueId {
        let t = self.ty(a);
        self.op1(at, name, &[a, b], t, vec![])
    }

    fn un(&mut self, at: BlockId, name: &str, a: ValueId) -> ValueId {
        let t = self.ty(a);
        self.op1(at, name, &[a], t, vec![])
    }

    fn cast(&mut self, at: BlockId, name: &str, a: ValueId, to: Type) -> ValueId {
        self.op1(at, name, &[a], to, vec![])
    }

    fn cint(&mut self, at: BlockId, v: i128, ty: Type) -> ValueId {
        let a = self.ctx.int_attr(v, ty);
        self.op1(at, "arith.constant", &[], ty, vec![("value", a)])
    }

    fn cf64(&mut self, at: BlockId, v: f64) -> ValueId {
        let t = self.f64t();
        let a = self.ctx.float_attr(v, t);
        self.op1(at, "arith.constant", &[], t, vec![("value", a)])
    }

    fn cbool(&mut self, at: BlockId, v: bool) -> ValueId {
        let t = self.i(1);
        let a = self.ctx.attr(AttrKind::Bool(v));
        self.op1(at, "arith.constant", &[], t, vec![("value", a)])
    }

    fn pred(&mut self, p: i128) -> Attr {
        let t = self.i(64);
        self.ctx.int_attr(p, t)
    }

    fn cmpi(&mut self, at: BlockId, p: i128, a: ValueId, b: ValueId) -> ValueId {
        let (pa, t) = (self.pred(p), self.i(1));
        self.op1(at, "arith.cmpi", &[a, b], t, vec![("predicate", pa)])
    }

    fn cmpf(&mut self, at: BlockId, p: i128, a: ValueId, b: ValueId) -> ValueId {
        let (pa, t) = (self.pred(p), self.i(1));
        self.op1(at, "arith.cmpf", &[a, b], t, vec![("predicate", pa)])
    }

    fn ret(&mut self, at: BlockId, vals: &[ValueId]) {
        self.raw(at, "func.return", vals, &[], vec![], &[]);
    }

    fn br(&mut self, at: BlockId, dest: BlockId, args: &[ValueId]) {
        self.raw(at, "cf.br", args, &[], vec![], &[dest]);
    }

    fn seg(&mut self, values: &[i128]) -> Attr {
        let t = self.i(32);
        self.ctx.attr(AttrKind::DenseArray {
            element: t,
            values: values.iter().map(|&v| DenseValue::Int(v)).collect(),
        })
    }

    fn cond_br(
        &mut self,
        at: BlockId,
        c: ValueId,
        t: BlockId,
        targs: &[ValueId],
        f: BlockId,
        fargs: &[ValueId],
    ) {
        let mut ops = vec![c];
        ops.extend_from_slice(targs);
        ops.extend_from_slice(fargs);
        let seg = self.seg(&[1, targs.len() as i128, fargs.len() as i128]);
        self.raw(
            at,
            "cf.cond_br",
            &ops,
            &[],
            vec![("operandSegmentSizes", seg)],
            &[t, f],
        );
    }

    fn call(
        &mut self,
        at: BlockId,
        callee: &str,
        args: &[ValueId],
        results: &[Type],
    ) -> Vec<ValueId> {
        let c = self.ctx.attr(AttrKind::SymbolRef(vec![callee.to_string()]));
        let op = self.raw(at, "func.call", args, results, vec![("callee", c)], &[]);
        self.ctx.results(op).to_vec()
    }

    fn compile(&self) -> JitModule {
        match compile(&self.ctx, self.module) {
            Ok(m) => m,
            Err(d) => panic!("compile error at {}: {}", d.loc, d.message),
        }
    }
}

fn ints(v: &[Scalar]) -> Vec<i64> {
    v.iter()
        .map(|s| s.as_i64().expect("integer result"))
        .collect()
}

fn run1(m: &JitModule, f: &str, args: &[Scalar]) -> Scalar {
    let r = m
        .call(f, args)
        .unwrap_or_else(|e| panic!("{f}: runtime error: {}", e.message));
    assert_eq!(r.len(), 1);
    r[0]
}

/// `i = 0, r = 0; while i < n { r += i * i; i += 1 }; return r` with cf.cond_br / cf.br and
/// block arguments, in type `ty`.
fn sum_of_squares(b: &mut B, name: &str, ty: Type) {
    let (region, entry) = b.func(name, &[ty], &[ty]);
    let n = b.arg(entry, 0);
    let header = b.block(region, &[ty, ty]);
    let body = b.block(region, &[]);
    let exit = b.block(region, &[]);
    let zero = b.cint(entry, 0, ty);
    b.br(entry, header, &[zero, zero]);
    let (i, r) = (b.arg(header, 0), b.arg(header, 1));
    let lt = b.cmpi(header, 2, i, n);
    b.cond_br(header, lt, body, &[], exit, &[]);
    let sq = b.bin(body, "arith.muli", i, i);
    let r2 = b.bin(body, "arith.addi", r, sq);
    let one = b.cint(body, 1, ty);
    let i2 = b.bin(body, "arith.addi", i, one);
    b.br(body, header, &[i2, r2]);
    b.ret(exit, &[r]);
}

#[test]
fn loop_sum_of_squares() {
    let mut b = B::new();
    let i64t = b.i(64);
    let idx = b.index();
    sum_of_squares(&mut b, "sumsq", i64t);
    sum_of_squares(&mut b, "sumsq_index", idx);
    let m = b.compile();
    // 0 + 1 + 4 + 9 + 16 + 25 + 36 + 49 + 64 + 81 = 285
    assert_eq!(run1(&m, "sumsq", &[Scalar::i64(10)]).as_i64(), Some(285));
    // n(n-1)(2n-1)/6 for n = 1000: 1000 * 999 * 1999 / 6 = 332833500
    assert_eq!(
        run1(&m, "sumsq", &[Scalar::i64(1000)]).as_i64(),
        Some(332833500)
    );
    assert_eq!(run1(&m, "sumsq", &[Scalar::i64(0)]).as_i64(), Some(0));
    let r = run1(&m, "sumsq_index", &[Scalar::index(10)]);
    assert_eq!(r, Scalar::index(285));
    assert_eq!(r.to_string(), "285");
}

/// Compiles `b`'s module with the loop budget compiled in, and the Cranelift IR kept.
fn compile_counting(b: &B) -> JitModule {
    let options = crate::JitOptions {
        loop_fuel: true,
        keep_clif: true,
        ..Default::default()
    };
    crate::compile_with(&b.ctx, b.module, &options).unwrap()
}

#[test]
fn loop_fuel() {
    let mut b = B::new();
    let i64t = b.i(64);
    sum_of_squares(&mut b, "sumsq", i64t);
    let m = compile_counting(&b);
    // The header is entered 11 times for n = 10 (once from the entry, 10 back edges).
    let ok = m
        .call_with_fuel("sumsq", &[Scalar::i64(10)], Some(11))
        .unwrap();
    assert_eq!(ints(&ok), vec![285]);
    let e = m
        .call_with_fuel("sumsq", &[Scalar::i64(10)], Some(10))
        .unwrap_err();
    assert_eq!(e.kind, RuntimeErrorKind::FuelExhausted);
    assert_eq!(e.message, "iteration limit exceeded");
    // Located at the header's first op, the `arith.cmpi` (line 5: the function is line 2, then
    // the constant and the `cf.br` of the entry block).
    assert_eq!(e.loc, Location::file(&b.file, 5, 1));
    // No budget: unlimited.
    assert_eq!(run1(&m, "sumsq", &[Scalar::i64(10)]).as_i64(), Some(285));
    // The budget is a variable, not a memory cell: the loop loads and stores no fuel (offset
    // 16 of the runtime context); only the entry loads it and the return stores it back.
    let clif = m.clif();
    assert_eq!(
        clif.matches("load.i64 notrap aligned v3+16").count(),
        1,
        "{clif}"
    );
    assert_eq!(clif.matches("+16").count(), 2, "{clif}");

    // Compiled without loop counting (the default) there is no code for it, and a budget is
    // refused rather than ignored.
    let m = b.compile();
    assert!(!m.clif().contains("+16"));
    let e = m
        .call_with_fuel("sumsq", &[Scalar::i64(10)], Some(100))
        .unwrap_err();
    assert_eq!(e.kind, RuntimeErrorKind::BadCall);
    assert_eq!(run1(&m, "sumsq", &[Scalar::i64(10)]).as_i64(), Some(285));
}

/// One budget for the whole call: a caller's loop and its callee's loop spend the same units.
#[test]
fn loop_fuel_is_shared_across_calls() {
    let mut b = B::new();
    let i64t = b.i(64);
    sum_of_squares(&mut b, "sumsq", i64t);
    // @twice(n) = sumsq(n) in each of 2 trips of a loop: for k in 0..2 { r = sumsq(n) }
    let (region, e) = b.func("twice", &[i64t], &[i64t]);
    let n = b.arg(e, 0);
    let header = b.block(region, &[i64t, i64t]);
    let body = b.block(region, &[]);
    let exit = b.block(region, &[]);
    let zero = b.cint(e, 0, i64t);
    b.br(e, header, &[zero, zero]);
    let (k, r) = (b.arg(header, 0), b.arg(header, 1));
    let two = b.cint(header, 2, i64t);
    let lt = b.cmpi(header, 2, k, two);
    b.cond_br(header, lt, body, &[], exit, &[]);
    let s = b.call(body, "sumsq", &[n], &[i64t])[0];
    let one = b.cint(body, 1, i64t);
    let k2 = b.bin(body, "arith.addi", k, one);
    b.br(body, header, &[k2, s]);
    b.ret(exit, &[r]);
    let m = compile_counting(&b);
    // By hand, n = 10: @twice's header is entered 3 times, each of the 2 calls enters @sumsq's
    // header 11 times: 3 + 2 * 11 = 25 units. Result sumsq(10) = 285.
    let ok = m
        .call_with_fuel("twice", &[Scalar::i64(10)], Some(25))
        .unwrap();
    assert_eq!(ints(&ok), vec![285]);
    let e = m
        .call_with_fuel("twice", &[Scalar::i64(10)], Some(24))
        .unwrap_err();
    assert_eq!(e.kind, RuntimeErrorKind::FuelExhausted);
}

/// Builds `@name(a, b) -> op(a, b)` over type `ty`.
fn binary_fn(b: &mut B, name: &str, op: &str, ty: Type) {
    let (_, e) = b.func(name, &[ty, ty], &[ty]);
    let (x, y) = (b.arg(e, 0), b.arg(e, 1));
    let r = b.bin(e, op, x, y);
    b.ret(e, &[r]);
}

#[test]
fn narrow_integers_wrap() {
    let mut b = B::new();
    let (i2, i7, i8t) = (b.i(2), b.i(7), b.i(8));
    binary_fn(&mut b, "add_i2", "arith.addi", i2);
    binary_fn(&mut b, "mul_i2", "arith.muli", i2);
    binary_fn(&mut b, "sub_i2", "arith.subi", i2);
    binary_fn(&mut b, "add_i7", "arith.addi", i7);
    binary_fn(&mut b, "add_i8", "arith.addi", i8t);
    binary_fn(&mut b, "mul_i8", "arith.muli", i8t);
    binary_fn(&mut b, "divsi_i8", "arith.divsi", i8t);
    binary_fn(&mut b, "divui_i8", "arith.divui", i8t);
    binary_fn(&mut b, "maxsi_i2", "arith.maxsi", i2);
    binary_fn(&mut b, "maxui_i2", "arith.maxui", i2);
    binary_fn(&mut b, "minsi_i8", "arith.minsi", i8t);
    binary_fn(&mut b, "minui_i8", "arith.minui", i8t);
    binary_fn(&mut b, "xor_i2", "arith.xori", i2);
    // i2 comparisons: slt and ult on the same bits.
    let i1 = b.i(1);
    let (_, e) = b.func("cmp_i2", &[i2, i2], &[i1, i1]);
    let (x, y) = (b.arg(e, 0), b.arg(e, 1));
    let slt = b.cmpi(e, 2, x, y);
    let ult = b.cmpi(e, 6, x, y);
    b.ret(e, &[slt, ult]);
    let m = b.compile();
    let i2v = |v| Scalar::int(v, 2);
    let i8v = |v| Scalar::int(v, 8);
    let i7v = |v| Scalar::int(v, 7);
    // i2 holds -2..=1: 1 + 1 = 2 wraps to -2; 1 + -1 = 0; -2 + -2 = -4 wraps to 0.
    assert_eq!(run1(&m, "add_i2", &[i2v(1), i2v(1)]).as_i64(), Some(-2));
    assert_eq!(run1(&m, "add_i2", &[i2v(1), i2v(-1)]).as_i64(), Some(0));
    assert_eq!(run1(&m, "add_i2", &[i2v(-2), i2v(-2)]).as_i64(), Some(0));
    // -1 * -1 = 1; 1 * -2 = -2; -2 * -1 = 2 wraps to -2.
    assert_eq!(run1(&m, "mul_i2", &[i2v(-1), i2v(-1)]).as_i64(), Some(1));
    assert_eq!(run1(&m, "mul_i2", &[i2v(-2), i2v(-1)]).as_i64(), Some(-2));
    // -2 - 1 = -3 wraps to 1; unsigned view of the result bits of 0 - 1 is 3.
    assert_eq!(run1(&m, "sub_i2", &[i2v(-2), i2v(1)]).as_i64(), Some(1));
    assert_eq!(run1(&m, "sub_i2", &[i2v(0), i2v(1)]).as_u64(), Some(3));
    // i7: 63 + 1 = 64 wraps to -64.
    assert_eq!(run1(&m, "add_i7", &[i7v(63), i7v(1)]).as_i64(), Some(-64));
    // i8: 127 + 1 = -128; 200 * 2 = 400 = 256 + 144, and 144 - 256 = -112.
    assert_eq!(run1(&m, "add_i8", &[i8v(127), i8v(1)]).as_i64(), Some(-128));
    assert_eq!(run1(&m, "mul_i8", &[i8v(200), i8v(2)]).as_i64(), Some(-112));
    assert_eq!(run1(&m, "mul_i8", &[i8v(200), i8v(2)]).as_u64(), Some(144));
    // signed vs unsigned division of the bits 0x80: -128 / 2 = -64, 128 / 2 = 64.
    assert_eq!(
        run1(&m, "divsi_i8", &[i8v(-128), i8v(2)]).as_i64(),
        Some(-64)
    );
    assert_eq!(
        run1(&m, "divui_i8", &[i8v(-128), i8v(2)]).as_i64(),
        Some(64)
    );
    // i2 bits 0b10 are -2 signed, 2 unsigned.
    assert_eq!(run1(&m, "maxsi_i2", &[i2v(1), i2v(-2)]).as_i64(), Some(1));
    assert_eq!(run1(&m, "maxui_i2", &[i2v(1), i2v(-2)]).as_u64(), Some(2));
    assert_eq!(run1(&m, "minsi_i8", &[i8v(-1), i8v(5)]).as_i64(), Some(-1));
    assert_eq!(run1(&m, "minui_i8", &[i8v(-1), i8v(5)]).as_i64(), Some(5));
    assert_eq!(run1(&m, "xor_i2", &[i2v(-1), i2v(1)]).as_i64(), Some(-2));
    let r = m.call("cmp_i2", &[i2v(-2), i2v(1)]).unwrap();
    assert_eq!(r, vec![Scalar::bool(true), Scalar::bool(false)]);
    assert_eq!(r[0].to_string(), "1");
    assert_eq!(r[1].to_string(), "0");
    // Input bits above the width are ignored.
    let wide = Scalar::Int {
        bits: 0xFF01,
        width: 8,
        is_index: false,
    };
    assert_eq!(run1(&m, "add_i8", &[wide, i8v(1)]).as_i64(), Some(2));
}

#[test]
fn division_flavours() {
    let mut b = B::new();
    let (i8t, i32t) = (b.i(8), b.i(32));
    for (name, op) in [
        ("divsi", "arith.divsi"),
        ("remsi", "arith.remsi"),
        ("remui", "arith.remui"),
        ("ceildivsi", "arith.ceildivsi"),
        ("floordivsi", "arith.floordivsi"),
        ("ceildivui", "arith.ceildivui"),
    ] {
        binary_fn(&mut b, name, op, i32t);
    }
    binary_fn(&mut b, "ceildivui8", "arith.ceildivui", i8t);
    binary_fn(&mut b, "floordivsi8", "arith.floordivsi", i8t);
    let m = b.compile();
    let c = |f: &str, x: i32, y: i32| {
        run1(&m, f, &[Scalar::i32(x), Scalar::i32(y)])
            .as_i64()
            .unwrap()
    };
    assert_eq!(c("divsi", -7, 2), -3); // truncates towards zero
    assert_eq!(c("remsi", -7, 2), -1); // sign of the dividend
    assert_eq!(c("remsi", 7, -2), 1);
    assert_eq!(c("remui", -1, 10), 5); // 4294967295 mod 10 = 5
                                       // MLIR docs: ceildivsi 7 / -2 = -3; floordivsi 5 / -2 = -3.
    assert_eq!(c("ceildivsi", 7, -2), -3);
    assert_eq!(c("ceildivsi", 7, 2), 4);
    assert_eq!(c("ceildivsi", -7, 2), -3);
    assert_eq!(c("ceildivsi", -7, -2), 4);
    assert_eq!(c("ceildivsi", 6, 3), 2);
    assert_eq!(c("floordivsi", 5, -2), -3);
    assert_eq!(c("floordivsi", -5, 2), -3);
    assert_eq!(c("floordivsi", 5, 2), 2);
    assert_eq!(c("floordivsi", -5, -2), 2);
    assert_eq!(c("floordivsi", -6, 3), -2);
    assert_eq!(c("ceildivui", 7, 2), 4);
    assert_eq!(c("ceildivui", 8, 2), 4);
    // i8: ceil(255 / 2) = 128 = bits 0x80 = -128 signed.
    let r = run1(&m, "ceildivui8", &[Scalar::int(255, 8), Scalar::int(2, 8)]);
    assert_eq!(r.as_u64(), Some(128));
    // i8: floor(-128 / 3) = floor(-42.67) = -43.
    let r = run1(
        &m,
        "floordivsi8",
        &[Scalar::int(-128, 8), Scalar::int(3, 8)],
    );
    assert_eq!(r.as_i64(), Some(-43));
}

#[test]
fn division_faults() {
    let mut b = B::new();
    let (i8t, i64t, i2) = (b.i(8), b.i(64), b.i(2));
    binary_fn(&mut b, "divsi64", "arith.divsi", i64t);
    binary_fn(&mut b, "divui64", "arith.divui", i64t);
    binary_fn(&mut b, "remsi8", "arith.remsi", i8t);
    binary_fn(&mut b, "remui8", "arith.remui", i8t);
    binary_fn(&mut b, "divsi8", "arith.divsi", i8t);
    binary_fn(&mut b, "floordivsi2", "arith.floordivsi", i2);
    binary_fn(&mut b, "ceildivsi64", "arith.ceildivsi", i64t);
    binary_fn(&mut b, "ceildivui64", "arith.ceildivui", i64t);
    let m = b.compile();
    for (f, w) in [
        ("divsi64", 64),
        ("divui64", 64),
        ("remsi8", 8),
        ("remui8", 8),
        ("ceildivsi64", 64),
        ("ceildivui64", 64),
        ("floordivsi2", 2),
    ] {
        let e = m
            .call(f, &[Scalar::int(5 % (1 << (w - 1)), w), Scalar::int(0, w)])
            .unwrap_err();
        assert_eq!(e.kind, RuntimeErrorKind::DivisionByZero, "{f}");
        assert_eq!(e.message, "integer division by zero");
        assert!(
            matches!(e.loc, Location::FileLineCol { .. }),
            "{f}: the fault is located"
        );
    }
    // INT_MIN / -1 overflows.
    let e = m
        .call("divsi64", &[Scalar::i64(i64::MIN), Scalar::i64(-1)])
        .unwrap_err();
    assert_eq!(e.kind, RuntimeErrorKind::DivisionOverflow);
    let e = m
        .call("divsi8", &[Scalar::int(-128, 8), Scalar::int(-1, 8)])
        .unwrap_err();
    assert_eq!(e.kind, RuntimeErrorKind::DivisionOverflow);
    let e = m
        .call("remsi8", &[Scalar::int(-128, 8), Scalar::int(-1, 8)])
        .unwrap_err();
    assert_eq!(e.kind, RuntimeErrorKind::DivisionOverflow);
    let e = m
        .call("floordivsi2", &[Scalar::int(-2, 2), Scalar::int(-1, 2)])
        .unwrap_err();
    assert_eq!(e.kind, RuntimeErrorKind::DivisionOverflow);
    // Unsigned division of the same bits is fine: 0x80 / 0xFF = 0.
    let r = m
        .call("remui8", &[Scalar::int(-128, 8), Scalar::int(-1, 8)])
        .unwrap();
    assert_eq!(r[0].as_u64(), Some(128));
    // Near misses do not fault: -127 / -1 = 127.
    assert_eq!(
        run1(&m, "divsi8", &[Scalar::int(-127, 8), Scalar::int(-1, 8)]).as_i64(),
        Some(127)
    );
    assert_eq!(
        run1(&m, "divsi64", &[Scalar::i64(i64::MIN), Scalar::i64(1)]).as_i64(),
        Some(i64::MIN)
    );
}

#[test]
fn shifts() {
    let mut b = B::new();
    let (i8t, i64t) = (b.i(8), b.i(64));
    binary_fn(&mut b, "shl8", "arith.shli", i8t);
    binary_fn(&mut b, "shrs8", "arith.shrsi", i8t);
    binary_fn(&mut b, "shru8", "arith.shrui", i8t);
    binary_fn(&mut b, "shl64", "arith.shli", i64t);
    binary_fn(&mut b, "shrs64", "arith.shrsi", i64t);
    let m = b.compile();
    let c = |f: &str, x: i128, y: i128| {
        run1(&m, f, &[Scalar::int(x, 8), Scalar::int(y, 8)])
            .as_i64()
            .unwrap()
    };
    assert_eq!(c("shl8", 1, 7), -128);
    assert_eq!(c("shl8", 3, 7), -128); // 0b1_1000_0000 keeps 0x80
    assert_eq!(c("shl8", 1, 8), 0); // >= width: poison in MLIR, 0 here
    assert_eq!(c("shrs8", -128, 1), -64);
    assert_eq!(c("shrs8", -128, 7), -1);
    assert_eq!(c("shru8", -128, 1), 64);
    assert_eq!(c("shru8", -128, 7), 1);
    assert_eq!(c("shru8", -128, 200), 0); // amount 200 >= 8
    let c64 = |f: &str, x: i64, y: i64| {
        run1(&m, f, &[Scalar::i64(x), Scalar::i64(y)])
            .as_i64()
            .unwrap()
    };
    assert_eq!(c64("shl64", 1, 63), i64::MIN);
    assert_eq!(c64("shl64", 1, 64), 0);
    assert_eq!(c64("shrs64", -8, 2), -2);
}

#[test]
fn casts() {
    let mut b = B::new();
    let (i1, i2, i8t, i32t, i64t, idx, f32t, f64t) = (
        b.i(1),
        b.i(2),
        b.i(8),
        b.i(32),
        b.i(64),
        b.index(),
        b.f32t(),
        b.f64t(),
    );
    let cast_fn = |b: &mut B, name: &str, op: &str, from: Type, to: Type| {
        let (_, e) = b.func(name, &[from], &[to]);
        let x = b.arg(e, 0);
        let r = b.cast(e, op, x, to);
        b.ret(e, &[r]);
    };
    cast_fn(&mut b, "extsi_2_8", "arith.extsi", i2, i8t);
    cast_fn(&mut b, "extui_2_8", "arith.extui", i2, i8t);
    cast_fn(&mut b, "extsi_1_64", "arith.extsi", i1, i64t);
    cast_fn(&mut b, "trunci_32_2", "arith.trunci", i32t, i2);
    cast_fn(&mut b, "index_cast_32", "arith.index_cast", i32t, idx);
    cast_fn(&mut b, "index_castui_32", "arith.index_castui", i32t, idx);
    cast_fn(&mut b, "index_cast_to_8", "arith.index_cast", idx, i8t);
    cast_fn(&mut b, "sitofp_8", "arith.sitofp", i8t, f64t);
    cast_fn(&mut b, "uitofp_8", "arith.uitofp", i8t, f64t);
    cast_fn(&mut b, "uitofp_64", "arith.uitofp", i64t, f64t);
    cast_fn(&mut b, "sitofp_1", "arith.sitofp", i1, f32t);
    cast_fn(&mut b, "fptosi_32", "arith.fptosi", f64t, i32t);
    cast_fn(&mut b, "fptoui_8", "arith.fptoui", f64t, i8t);
    cast_fn(&mut b, "extf", "arith.extf", f32t, f64t);
    cast_fn(&mut b, "truncf", "arith.truncf", f64t, f32t);
    cast_fn(&mut b, "bitcast_f32_i32", "arith.bitcast", f32t, i32t);
    cast_fn(&mut b, "bitcast_i64_f64", "arith.bitcast", i64t, f64t);
    let m = b.compile();
    let one = |f: &str, a: Scalar| run1(&m, f, &[a]);
    assert_eq!(one("extsi_2_8", Scalar::int(-1, 2)).as_i64(), Some(-1)); // 0b11 -> 0xFF
    assert_eq!(one("extui_2_8", Scalar::int(-1, 2)).as_i64(), Some(3)); // 0b11 -> 3
    assert_eq!(one("extsi_1_64", Scalar::bool(true)).as_i64(), Some(-1));
    assert_eq!(one("trunci_32_2", Scalar::i32(7)).as_i64(), Some(-1)); // 0b111 -> 0b11
    assert_eq!(one("trunci_32_2", Scalar::i32(6)).as_i64(), Some(-2)); // 0b110 -> 0b10
    assert_eq!(one("index_cast_32", Scalar::i32(-1)), Scalar::index(-1));
    assert_eq!(
        one("index_castui_32", Scalar::i32(-1)),
        Scalar::index(4294967295)
    );
    assert_eq!(
        one("index_cast_to_8", Scalar::index(300)).as_i64(),
        Some(44)
    ); // 300 - 256
    assert_eq!(one("sitofp_8", Scalar::int(-1, 8)), Scalar::F64(-1.0));
    assert_eq!(one("uitofp_8", Scalar::int(-1, 8)), Scalar::F64(255.0));
    // 2^64 - 1 rounds to 2^64 = 18446744073709551616.
    assert_eq!(
        one("uitofp_64", Scalar::i64(-1)),
        Scalar::F64(18446744073709551616.0)
    );
    assert_eq!(one("sitofp_1", Scalar::bool(true)), Scalar::F32(-1.0)); // i1 true is -1 signed
    assert_eq!(one("fptosi_32", Scalar::F64(-2.7)).as_i64(), Some(-2));
    assert_eq!(one("fptosi_32", Scalar::F64(2.7)).as_i64(), Some(2));
    assert_eq!(
        one("fptosi_32", Scalar::F64(1e10)).as_i64(),
        Some(2147483647)
    ); // saturates
    assert_eq!(
        one("fptosi_32", Scalar::F64(-1e10)).as_i64(),
        Some(-2147483648)
    );
    assert_eq!(one("fptosi_32", Scalar::F64(f64::NAN)).as_i64(), Some(0));
    assert_eq!(one("fptoui_8", Scalar::F64(255.9)).as_u64(), Some(255));
    assert_eq!(one("fptoui_8", Scalar::F64(1000.0)).as_u64(), Some(255));
    assert_eq!(one("fptoui_8", Scalar::F64(-3.0)).as_u64(), Some(0));
    assert_eq!(one("extf", Scalar::F32(0.5)), Scalar::F64(0.5));
    assert_eq!(one("truncf", Scalar::F64(0.1)).to_string(), "0.1");
    assert_eq!(
        one("bitcast_f32_i32", Scalar::F32(1.0)).as_i64(),
        Some(0x3F80_0000)
    );
    assert_eq!(
        one("bitcast_i64_f64", Scalar::i64(0x4000_0000_0000_0000)),
        Scalar::F64(2.0)
    );
}

#[test]
fn float_ops() {
    let mut b = B::new();
    let f64t = b.f64t();
    let f32t = b.f32t();
    for (name, op) in [
        ("add", "arith.addf"),
        ("sub", "arith.subf"),
        ("mul", "arith.mulf"),
        ("div", "arith.divf"),
        ("rem", "arith.remf"),
        ("maxnum", "arith.maxnumf"),
        ("minnum", "arith.minnumf"),
        ("maximum", "arith.maximumf"),
        ("minimum", "arith.minimumf"),
        ("copysign", "math.copysign"),
    ] {
        binary_fn(&mut b, name, op, f64t);
    }
    binary_fn(&mut b, "rem32", "arith.remf", f32t);
    binary_fn(&mut b, "add32", "arith.addf", f32t);
    for (name, op) in [
        ("neg", "arith.negf"),
        ("abs", "math.absf"),
        ("sqrt", "math.sqrt"),
        ("floor", "math.floor"),
        ("ceil", "math.ceil"),
        ("trunc", "math.trunc"),
        ("roundeven", "math.roundeven"),
    ] {
        let (_, e) = b.func(name, &[f64t], &[f64t]);
        let x = b.arg(e, 0);
        let r = b.un(e, op, x);
        b.ret(e, &[r]);
    }
    let (_, e) = b.func("fma", &[f64t, f64t, f64t], &[f64t]);
    let (x, y, z) = (b.arg(e, 0), b.arg(e, 1), b.arg(e, 2));
    let r = b.op1(e, "math.fma", &[x, y, z], f64t, vec![]);
    b.ret(e, &[r]);
    let m = b.compile();
    let f2 = |f: &str, x: f64, y: f64| match run1(&m, f, &[Scalar::F64(x), Scalar::F64(y)]) {
        Scalar::F64(v) => v,
        other => panic!("{other:?}"),
    };
    let f1 = |f: &str, x: f64| match run1(&m, f, &[Scalar::F64(x)]) {
        Scalar::F64(v) => v,
        other => panic!("{other:?}"),
    };
    let nan = f64::NAN;
    assert_eq!(f2("add", 0.5, 2.0), 2.5);
    assert_eq!(f2("sub", 0.5, 2.0), -1.5);
    assert_eq!(f2("mul", 1.5, -4.0), -6.0);
    assert_eq!(f2("div", 1.0, 0.0), f64::INFINITY);
    assert_eq!(f2("rem", 5.5, 2.0), 1.5); // fmod: 5.5 - 2 * 2
    assert_eq!(f2("rem", -5.5, 2.0), -1.5); // sign of the dividend
    assert!(f2("rem", 1.0, 0.0).is_nan());
    assert_eq!(f2("maxnum", nan, 1.0), 1.0);
    assert_eq!(f2("maxnum", 1.0, nan), 1.0);
    assert_eq!(f2("minnum", nan, -3.0), -3.0);
    assert_eq!(f2("maxnum", 2.0, 3.0), 3.0);
    assert!(f2("maximum", nan, 1.0).is_nan());
    assert!(f2("minimum", 1.0, nan).is_nan());
    assert_eq!(f2("maximum", -1.0, 3.0), 3.0);
    // maximumf/minimumf order -0.0 below +0.0.
    assert!(f2("minimum", 0.0, -0.0).is_sign_negative());
    assert!(f2("maximum", -0.0, 0.0).is_sign_positive());
    assert_eq!(f2("copysign", 3.0, -0.0), -3.0);
    assert!(f1("neg", 0.0).is_sign_negative());
    assert_eq!(f1("abs", -2.5), 2.5);
    assert_eq!(f1("sqrt", 2.0), 1.4142135623730951);
    assert!(f1("sqrt", -1.0).is_nan());
    assert_eq!(f1("floor", -2.5), -3.0);
    assert_eq!(f1("ceil", -2.5), -2.0);
    assert_eq!(f1("trunc", -2.5), -2.0);
    assert_eq!(f1("roundeven", 2.5), 2.0);
    assert_eq!(f1("roundeven", 3.5), 4.0);
    // fma(0.1, 10, -1): one rounding gives 2^-54 = 5.551115123125783e-17 (0.1 is slightly
    // above 1/10), where a separate multiply would round 0.1 * 10 to exactly 1.0.
    let r = run1(
        &m,
        "fma",
        &[Scalar::F64(0.1), Scalar::F64(10.0), Scalar::F64(-1.0)],
    );
    assert_eq!(r, Scalar::F64(5.551115123125783e-17));
    let r = run1(&m, "rem32", &[Scalar::F32(7.0), Scalar::F32(-4.0)]);
    assert_eq!(r, Scalar::F32(3.0));
    let r = run1(&m, "add32", &[Scalar::F32(0.1), Scalar::F32(0.2)]);
    // In f32, 0.1 + 0.2 rounds to the float nearest 0.3 (unlike f64).
    assert_eq!(r, Scalar::F32(0.3));
    assert_eq!(r.to_string(), "0.3");
}

#[test]
fn cmpf_all_predicates_with_nan() {
    let mut b = B::new();
    let f64t = b.f64t();
    let i1 = b.i(1);
    let (_, e) = b.func("cmp", &[f64t, f64t], &[i1; 16]);
    let (x, y) = (b.arg(e, 0), b.arg(e, 1));
    let rs: Vec<ValueId> = (0..16).map(|p| b.cmpf(e, p, x, y)).collect();
    b.ret(e, &rs);
    let m = b.compile();
    let run = |x: f64, y: f64| -> Vec<u8> {
        m.call("cmp", &[Scalar::F64(x), Scalar::F64(y)])
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap() as u8)
            .collect()
    };
    // Predicates: false oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno true.
    // With a NaN: every ordered predicate is false, every unordered one true.
    assert_eq!(
        run(f64::NAN, 1.0),
        [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]
    );
    assert_eq!(
        run(1.0, f64::NAN),
        [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]
    );
    assert_eq!(
        run(f64::NAN, f64::NAN),
        [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]
    );
    // 1 < 2: olt ole one ord ult ule une true.
    assert_eq!(
        run(1.0, 2.0),
        [0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 1]
    );
    // 2 > 1: ogt oge one ord ugt uge une true.
    assert_eq!(
        run(2.0, 1.0),
        [0, 0, 1, 1, 0, 0, 1, 1, 0, 1, 1, 0, 0, 1, 0, 1]
    );
    // 2 == 2 (and -0 == +0): oeq oge ole ord ueq uge ule true.
    assert_eq!(
        run(2.0, 2.0),
        [0, 1, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 0, 1]
    );
    assert_eq!(
        run(-0.0, 0.0),
        [0, 1, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 0, 1]
    );
}

#[test]
fn cmpi_predicates_i8() {
    let mut b = B::new();
    let i8t = b.i(8);
    let i1 = b.i(1);
    let (_, e) = b.func("cmp", &[i8t, i8t], &[i1; 10]);
    let (x, y) = (b.arg(e, 0), b.arg(e, 1));
    let rs: Vec<ValueId> = (0..10).map(|p| b.cmpi(e, p, x, y)).collect();
    b.ret(e, &rs);
    let m = b.compile();
    let run = |x: i128, y: i128| -> Vec<u8> {
        m.call("cmp", &[Scalar::int(x, 8), Scalar::int(y, 8)])
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap() as u8)
            .collect()
    };
    // eq ne slt sle sgt sge ult ule ugt uge; -1 is 255 unsigned.
    assert_eq!(run(-1, 1), [0, 1, 1, 1, 0, 0, 0, 0, 1, 1]);
    assert_eq!(run(3, 3), [1, 0, 0, 1, 0, 1, 0, 1, 0, 1]);
    assert_eq!(run(1, -128), [0, 1, 0, 0, 1, 1, 1, 1, 0, 0]);
}

#[test]
fn select_and_bool_constants() {
    let mut b = B::new();
    let (i1, i32t) = (b.i(1), b.i(32));
    let (_, e) = b.func("sel", &[i1, i32t, i32t], &[i32t, i1]);
    let (c, x, y) = (b.arg(e, 0), b.arg(e, 1), b.arg(e, 2));
    let r = b.op1(e, "arith.select", &[c, x, y], i32t, vec![]);
    let t = b.cbool(e, true);
    let nc = b.bin(e, "arith.xori", c, t);
    b.ret(e, &[r, nc]);
    let m = b.compile();
    let r = m
        .call(
            "sel",
            &[Scalar::bool(true), Scalar::i32(10), Scalar::i32(20)],
        )
        .unwrap();
    assert_eq!(r, vec![Scalar::i32(10), Scalar::bool(false)]);
    let r = m
        .call(
            "sel",
            &[Scalar::bool(false), Scalar::i32(10), Scalar::i32(20)],
        )
        .unwrap();
    assert_eq!(r, vec![Scalar::i32(20), Scalar::bool(true)]);
}

#[test]
fn cond_br_to_one_block_with_different_args() {
    let mut b = B::new();
    let (i1, i32t) = (b.i(1), b.i(32));
    let (region, e) = b.func("pick", &[i1, i32t, i32t], &[i32t]);
    let (c, x, y) = (b.arg(e, 0), b.arg(e, 1), b.arg(e, 2));
    let join = b.block(region, &[i32t]);
    b.cond_br(e, c, join, &[x], join, &[y]);
    let v = b.arg(join, 0);
    b.ret(join, &[v]);
    let m = b.compile();
    assert_eq!(
        ints(
            &m.call(
                "pick",
                &[Scalar::bool(true), Scalar::i32(1), Scalar::i32(2)]
            )
            .unwrap()
        ),
        [1]
    );
    assert_eq!(
        ints(
            &m.call(
                "pick",
                &[Scalar::bool(false), Scalar::i32(1), Scalar::i32(2)]
            )
            .unwrap()
        ),
        [2]
    );
}

#[test]
fn assert_failure() {
    let mut b = B::new();
    let i32t = b.i(32);
    let (_, e) = b.func("check", &[i32t], &[i32t]);
    let x = b.arg(e, 0);
    let zero = b.cint(e, 0, i32t);
    let pos = b.cmpi(e, 4, x, zero);
    let msg = b.ctx.str_attr("x must be positive");
    let assert_op = b.raw(e, "cf.assert", &[pos], &[], vec![("msg", msg)], &[]);
    let assert_line = match b.ctx.loc(assert_op) {
        Location::FileLineCol { line, .. } => line,
        _ => unreachable!(),
    };
    let two = b.cint(e, 2, i32t);
    let r = b.bin(e, "arith.muli", x, two);
    b.ret(e, &[r]);
    let m = b.compile();
    assert_eq!(ints(&m.call("check", &[Scalar::i32(21)]).unwrap()), [42]);
    let err = m.call("check", &[Scalar::i32(-1)]).unwrap_err();
    assert_eq!(err.kind, RuntimeErrorKind::AssertionFailed);
    assert_eq!(err.message, "assertion failed: x must be positive");
    assert_eq!(err.loc.file_line_col(), Some(("test.mlir", assert_line, 1)));
}

/// `cf.switch %flag : i64, [default: ^d(flag), 1: ^one, 4294967297: ^big(flag), 7: ^seven]`
/// returning 100, 1, 2^32 + 1 + 1000, 7 respectively (the default returns the flag + 100).
#[test]
fn switch_wide_cases() {
    let mut b = B::new();
    let i64t = b.i(64);
    let (region, e) = b.func("sw", &[i64t], &[i64t]);
    let flag = b.arg(e, 0);
    let d = b.block(region, &[i64t]);
    let one = b.block(region, &[]);
    let big = b.block(region, &[i64t]);
    let seven = b.block(region, &[]);
    let vt = b.ctx.intern_type(weir_ir::TypeKind::Vector {
        shape: vec![3],
        element: i64t,
    });
    let cases = b
        .ctx
        .dense_from_values(
            vt,
            &[
                DenseValue::Int(1),
                DenseValue::Int((1 << 32) + 1),
                DenseValue::Int(7),
            ],
        )
        .unwrap();
    let seg = b.seg(&[0, 1, 0]);
    let sizes = b.seg(&[1, 1, 1]);
    b.raw(
        e,
        "cf.switch",
        &[flag, flag, flag],
        &[],
        vec![
            ("case_values", cases),
            ("case_operand_segments", seg),
            ("operandSegmentSizes", sizes),
        ],
        &[d, one, big, seven],
    );
    let hundred = b.cint(d, 100, i64t);
    let dv = b.arg(d, 0);
    let r = b.bin(d, "arith.addi", dv, hundred);
    b.ret(d, &[r]);
    let c1 = b.cint(one, 1, i64t);
    b.ret(one, &[c1]);
    let thousand = b.cint(big, 1000, i64t);
    let bv = b.arg(big, 0);
    let r = b.bin(big, "arith.addi", bv, thousand);
    b.ret(big, &[r]);
    let c7 = b.cint(seven, 7, i64t);
    b.ret(seven, &[c7]);
    let m = b.compile();
    let sw = |x: i64| run1(&m, "sw", &[Scalar::i64(x)]).as_i64().unwrap();
    assert_eq!(sw(1), 1); // not the case 2^32 + 1, whose low 32 bits are also 1
    assert_eq!(sw(4294967297), 4294968297);
    assert_eq!(sw(7), 7);
    assert_eq!(sw(0), 100);
    assert_eq!(sw(2), 102);
    assert_eq!(sw(4294967296), 4294967396);
    assert_eq!(sw(-1), 99);
}

/// A dense `cf.switch` on i8 (a jump table) with negative case values and no operands.
#[test]
fn switch_dense_i8_negative_cases() {
    let mut b = B::new();
    let i8t = b.i(8);
    let i32t = b.i(32);
    let (region, e) = b.func("sw", &[i8t], &[i32t]);
    let flag = b.arg(e, 0);
    let d = b.block(region, &[]);
    let targets: Vec<BlockId> = (0..5).map(|_| b.block(region, &[])).collect();
    let vt = b.ctx.intern_type(weir_ir::TypeKind::Vector {
        shape: vec![5],
        element: i8t,
    });
    // Cases -2, -1, 0, 1, 2 return 10, 11, 12, 13, 14; the default returns -5.
    let cases = b
        .ctx
        .dense_from_values(vt, &(-2..=2).map(DenseValue::Int).collect::<Vec<_>>())
        .unwrap();
    let seg = b.seg(&[0, 0, 0, 0, 0]);
    let sizes = b.seg(&[1, 0, 0]);
    let mut succs = vec![d];
    succs.extend(&targets);
    b.raw(
        e,
        "cf.switch",
        &[flag],
        &[],
        vec![
            ("case_values", cases),
            ("case_operand_segments", seg),
            ("operandSegmentSizes", sizes),
        ],
        &succs,
    );
    let m5 = b.cint(d, -5, i32t);
    b.ret(d, &[m5]);
    for (k, &t) in targets.iter().enumerate() {
        let c = b.cint(t, 10 + k as i128, i32t);
        b.ret(t, &[c]);
    }
    let m = b.compile();
    let sw = |x: i128| run1(&m, "sw", &[Scalar::int(x, 8)]).as_i64().unwrap();
    assert_eq!(sw(-2), 10);
    assert_eq!(sw(-1), 11);
    assert_eq!(sw(255), 11); // the same bits as -1
    assert_eq!(sw(0), 12);
    assert_eq!(sw(2), 14);
    assert_eq!(sw(3), -5);
    assert_eq!(sw(-128), -5);
}

#[test]
fn switch_without_cases() {
    let mut b = B::new();
    let i32t = b.i(32);
    let (region, e) = b.func("sw", &[i32t], &[i32t]);
    let flag = b.arg(e, 0);
    let d = b.block(region, &[i32t]);
    let sizes = b.seg(&[1, 1, 0]);
    b.raw(
        e,
        "cf.switch",
        &[flag, flag],
        &[],
        vec![("operandSegmentSizes", sizes)],
        &[d],
    );
    let v = b.arg(d, 0);
    b.ret(d, &[v]);
    let m = b.compile();
    assert_eq!(run1(&m, "sw", &[Scalar::i32(-9)]).as_i64(), Some(-9));
}

#[test]
fn newton_sqrt_f64() {
    let mut b = B::new();
    let (f64t, i32t) = (b.f64t(), b.i(32));
    // x = 1; repeat 8 times: x = (x + a / x) / 2; return x, sqrt(a)
    let (region, e) = b.func("newton", &[f64t], &[f64t, f64t]);
    let a = b.arg(e, 0);
    let head = b.block(region, &[i32t, f64t]);
    let body = b.block(region, &[]);
    let done = b.block(region, &[]);
    let one = b.cf64(e, 1.0);
    let zero = b.cint(e, 0, i32t);
    b.br(e, head, &[zero, one]);
    let (k, x) = (b.arg(head, 0), b.arg(head, 1));
    let eight = b.cint(head, 8, i32t);
    let more = b.cmpi(head, 2, k, eight);
    b.cond_br(head, more, body, &[], done, &[]);
    let q = b.bin(body, "arith.divf", a, x);
    let s = b.bin(body, "arith.addf", x, q);
    let two = b.cf64(body, 2.0);
    let x2 = b.bin(body, "arith.divf", s, two);
    let c1 = b.cint(body, 1, i32t);
    let k2 = b.bin(body, "arith.addi", k, c1);
    b.br(body, head, &[k2, x2]);
    let r = b.un(done, "math.sqrt", a);
    b.ret(done, &[x, r]);
    let m = b.compile();
    let r = m.call("newton", &[Scalar::F64(2.0)]).unwrap();
    // Python: Newton from 1.0 settles on 1.414213562373095 (one ulp below the correctly rounded
    // square root 1.4142135623730951, which math.sqrt returns).
    assert_eq!(
        r,
        vec![
            Scalar::F64(1.414213562373095),
            Scalar::F64(1.4142135623730951)
        ]
    );
    assert_eq!(r[1].to_string(), "1.4142135623730951");
    let r = m.call("newton", &[Scalar::F64(16.0)]).unwrap();
    assert_eq!(r, vec![Scalar::F64(4.0), Scalar::F64(4.0)]);
    assert_eq!(r[0].to_string(), "4.0");
}

#[test]
fn calls_between_functions() {
    let mut b = B::new();
    let (i64t, i32t, f32t, i1, idx) = (b.i(64), b.i(32), b.f32t(), b.i(1), b.index());
    // @square(x) = x * x
    let (_, e) = b.func("square", &[i64t], &[i64t]);
    let x = b.arg(e, 0);
    let r = b.bin(e, "arith.muli", x, x);
    b.ret(e, &[r]);
    // @divmod(a, b) = (a / b, a % b): two results through the return area
    let (_, e) = b.func("divmod", &[i32t, i32t], &[i32t, i32t]);
    let (x, y) = (b.arg(e, 0), b.arg(e, 1));
    let q = b.bin(e, "arith.divsi", x, y);
    let r = b.bin(e, "arith.remsi", x, y);
    b.ret(e, &[q, r]);
    // @use(a, b) = square(a) + square(b), and divmod(a, b) summed: calls forward and backward
    let (_, e) = b.func("user", &[i64t, i64t], &[i64t, i32t]);
    let (x, y) = (b.arg(e, 0), b.arg(e, 1));
    let sx = b.call(e, "square", &[x], &[i64t])[0];
    let sy = b.call(e, "square", &[y], &[i64t])[0];
    let s = b.bin(e, "arith.addi", sx, sy);
    let x32 = b.cast(e, "arith.trunci", x, i32t);
    let y32 = b.cast(e, "arith.trunci", y, i32t);
    let qr = b.call(e, "divmod", &[x32, y32], &[i32t, i32t]);
    let t = b.bin(e, "arith.addi", qr[0], qr[1]);
    b.ret(e, &[s, t]);
    // @fact(n) = n <= 1 ? 1 : n * fact(n - 1), recursive
    let (region, e) = b.func("fact", &[i64t], &[i64t]);
    let n = b.arg(e, 0);
    let base = b.block(region, &[]);
    let rec = b.block(region, &[]);
    let c1 = b.cint(e, 1, i64t);
    let le = b.cmpi(e, 3, n, c1);
    b.cond_br(e, le, base, &[], rec, &[]);
    let c1b = b.cint(base, 1, i64t);
    b.ret(base, &[c1b]);
    let c1r = b.cint(rec, 1, i64t);
    let nm1 = b.bin(rec, "arith.subi", n, c1r);
    let f = b.call(rec, "fact", &[nm1], &[i64t])[0];
    let p = b.bin(rec, "arith.muli", n, f);
    b.ret(rec, &[p]);
    // @mixed(f32, i1, index) -> (index, f32, i1): three results of three kinds
    let (_, e) = b.func("mixed", &[f32t, i1, idx], &[idx, f32t, i1]);
    let (a, c, k) = (b.arg(e, 0), b.arg(e, 1), b.arg(e, 2));
    let k2 = b.bin(e, "arith.addi", k, k);
    let a2 = b.bin(e, "arith.addf", a, a);
    b.ret(e, &[k2, a2, c]);
    // @mixed_caller calls @mixed and swaps nothing: checks the return area for callers too
    let (_, e) = b.func("mixed_caller", &[f32t, i1, idx], &[idx, f32t, i1]);
    let (a, c, k) = (b.arg(e, 0), b.arg(e, 1), b.arg(e, 2));
    let rs = b.call(e, "mixed", &[a, c, k], &[idx, f32t, i1]);
    b.ret(e, &rs);
    // @void() calls nothing and returns nothing
    let (_, e) = b.func("void", &[], &[]);
    b.ret(e, &[]);
    let m = b.compile();
    // 3^2 + 4^2 = 25; 3 / 4 = 0 and 3 % 4 = 3, 0 + 3 = 3
    assert_eq!(
        m.call("user", &[Scalar::i64(3), Scalar::i64(4)]).unwrap(),
        vec![Scalar::i64(25), Scalar::i32(3)]
    );
    // 17 / 5 = 3 rem 2; -7 / 2 = -3 rem -1
    assert_eq!(
        ints(
            &m.call("divmod", &[Scalar::i32(17), Scalar::i32(5)])
                .unwrap()
        ),
        [3, 2]
    );
    assert_eq!(
        ints(
            &m.call("divmod", &[Scalar::i32(-7), Scalar::i32(2)])
                .unwrap()
        ),
        [-3, -1]
    );
    // 10! = 3628800; 20! = 2432902008176640000 (fits in i64); 21! wraps modulo 2^64:
    // 51090942171709440000 - 2 * 2^64 = 51090942171709440000 - 36893488147419103232
    // = 14197454024290336768, which is above 2^63, so signed it is
    // 14197454024290336768 - 18446744073709551616 = -4249290049419214848.
    assert_eq!(run1(&m, "fact", &[Scalar::i64(10)]).as_i64(), Some(3628800));
    assert_eq!(
        run1(&m, "fact", &[Scalar::i64(20)]).as_i64(),
        Some(2432902008176640000)
    );
    assert_eq!(
        run1(&m, "fact", &[Scalar::i64(21)]).as_i64(),
        Some(-4249290049419214848)
    );
    let args = [Scalar::F32(1.25), Scalar::bool(true), Scalar::index(-4)];
    let want = vec![Scalar::index(-8), Scalar::F32(2.5), Scalar::bool(true)];
    assert_eq!(m.call("mixed", &args).unwrap(), want);
    assert_eq!(m.call("mixed_caller", &args).unwrap(), want);
    assert_eq!(m.call("void", &[]).unwrap(), vec![]);
    let names: Vec<&str> = m.functions().collect();
    assert_eq!(
        names,
        [
            "square",
            "divmod",
            "user",
            "fact",
            "mixed",
            "mixed_caller",
            "void"
        ]
    );
    let (ins, outs) = m.signature("divmod").unwrap();
    assert_eq!((ins, outs), (vec![i32t, i32t], vec![i32t, i32t]));
    assert_eq!(
        m.scalar_signature("mixed").unwrap().1,
        vec![ScalarType::Index, ScalarType::F32, ScalarType::Int(1)]
    );
    assert!(m.signature("nope").is_none());
}

#[test]
fn faults_propagate_through_calls() {
    let mut b = B::new();
    let i32t = b.i(32);
    binary_fn(&mut b, "div", "arith.divui", i32t);
    // @outer(a, b) = div(a, b) + 1, then an assert that must not run after a fault
    let (_, e) = b.func("outer", &[i32t, i32t], &[i32t]);
    let (x, y) = (b.arg(e, 0), b.arg(e, 1));
    let q = b.call(e, "div", &[x, y], &[i32t])[0];
    let f = b.cbool(e, false);
    let q1 = {
        let one = b.cint(e, 1, i32t);
        b.bin(e, "arith.addi", q, one)
    };
    let zero = b.cint(e, 0, i32t);
    let is_zero = b.cmpi(e, 0, y, zero);
    let ok = b.bin(e, "arith.ori", is_zero, f);
    let msg = b.ctx.str_attr("unreachable after a fault");
    let notok = {
        let t = b.cbool(e, true);
        b.bin(e, "arith.xori", ok, t)
    };
    b.raw(e, "cf.assert", &[notok], &[], vec![("msg", msg)], &[]);
    b.ret(e, &[q1]);
    let m = b.compile();
    assert_eq!(
        ints(&m.call("outer", &[Scalar::i32(9), Scalar::i32(2)]).unwrap()),
        [5]
    );
    let e = m
        .call("outer", &[Scalar::i32(9), Scalar::i32(0)])
        .unwrap_err();
    assert_eq!(e.kind, RuntimeErrorKind::DivisionByZero);
    // The module is still usable after a fault.
    assert_eq!(
        ints(&m.call("outer", &[Scalar::i32(10), Scalar::i32(3)]).unwrap()),
        [4]
    );
}

#[test]
fn runaway_recursion_is_an_error() {
    let mut b = B::new();
    let i64t = b.i(64);
    // @down(n) = down(n + 1) + 1: never returns
    let (_, e) = b.func("down", &[i64t], &[i64t]);
    let n = b.arg(e, 0);
    let one = b.cint(e, 1, i64t);
    let n1 = b.bin(e, "arith.addi", n, one);
    let r = b.call(e, "down", &[n1], &[i64t])[0];
    let r1 = b.bin(e, "arith.addi", r, one);
    b.ret(e, &[r1]);
    let m = b.compile();
    let err = m.call("down", &[Scalar::i64(0)]).unwrap_err();
    assert_eq!(err.kind, RuntimeErrorKind::StackOverflow);
    assert!(err.message.starts_with("stack overflow"), "{}", err.message);
}

#[test]
fn bad_calls_are_errors() {
    let mut b = B::new();
    let (i32t, idx, i64t) = (b.i(32), b.index(), b.i(64));
    binary_fn(&mut b, "add", "arith.addi", i32t);
    let (_, e) = b.func("id", &[idx], &[idx]);
    let x = b.arg(e, 0);
    b.ret(e, &[x]);
    let _ = i64t;
    let m = b.compile();
    let e = m.call("nope", &[]).unwrap_err();
    assert_eq!(
        (e.kind, e.message.as_str()),
        (
            RuntimeErrorKind::BadCall,
            "no function named 'nope' in the module"
        )
    );
    let e = m.call("add", &[Scalar::i32(1)]).unwrap_err();
    assert_eq!(e.message, "function 'add' expects 2 argument(s), got 1");
    let e = m
        .call("add", &[Scalar::i32(1), Scalar::F64(1.0)])
        .unwrap_err();
    assert_eq!(
        e.message,
        "argument #1 of function 'add' has type i32, got a value of type f64"
    );
    let e = m.call("id", &[Scalar::i64(1)]).unwrap_err();
    assert_eq!(
        e.message,
        "argument #0 of function 'id' has type index, got a value of type i64"
    );
    assert_eq!(
        m.call("id", &[Scalar::index(i64::MIN)]).unwrap(),
        vec![Scalar::index(i64::MIN)]
    );
}

fn compile_err(b: &B) -> weir_ir::Diagnostic {
    compile(&b.ctx, b.module).expect_err("compile should fail")
}

#[test]
fn external_functions_are_rejected() {
    let mut b = B::new();
    let i32t = b.i(32);
    let decl = b.declare("ext", &[i32t], &[i32t]);
    let d = compile_err(&b);
    assert_eq!(&d.loc, &b.ctx.loc(decl));
    assert_eq!(d.severity, weir_ir::Severity::Error);
    assert_eq!(
        d.message,
        "cf-run: external functions are not supported by the JIT ('@ext' is declared without a body)"
    );
}

#[test]
fn unsupported_ops_and_types_are_located_errors() {
    let mut b = B::new();
    let (i32t, i1) = (b.i(32), b.i(1));
    let (_, e) = b.func("f", &[i1, i32t], &[i32t]);
    let (c, x) = (b.arg(e, 0), b.arg(e, 1));
    let if_op = b.raw(e, "scf.if", &[c], &[], vec![], &[]);
    b.ret(e, &[x]);
    let d = compile_err(&b);
    assert_eq!(&d.loc, &b.ctx.loc(if_op));
    assert_eq!(
        d.message,
        "cf-run: unsupported operation 'scf.if' in the JIT"
    );

    let mut b = B::new();
    let f32t = b.f32t();
    // Ranked tensors are buffers; an unranked one has no layout in the JIT.
    let tt = b.ctx.intern_type(weir_ir::TypeKind::Tensor {
        shape: None,
        element: f32t,
    });
    b.func("g", &[tt], &[]);
    let d = compile_err(&b);
    assert_eq!(
        d.message,
        "cf-run: unsupported type 'tensor<*xf32>' in the JIT"
    );

    // f16 is stored and converted, but its arithmetic needs --arith-emulate-unsupported-floats.
    let mut b = B::new();
    let f16 = b.ctx.float_type(FloatKind::F16);
    let (_, e) = b.func("h", &[f16], &[f16]);
    let x = b.arg(e, 0);
    let t = b.bin(e, "arith.addf", x, x);
    let op = b.ctx.defining_op(t).unwrap();
    b.ret(e, &[t]);
    let d = compile_err(&b);
    assert_eq!(&d.loc, &b.ctx.loc(op));
    assert_eq!(
        d.message,
        "cf-run: 'arith.addf' requires f32 or f64 operands, got f16 (the JIT computes f16 in \
         f32 after --arith-emulate-unsupported-floats)"
    );

    // A call to a function the module does not define.
    let mut b = B::new();
    let i32t = b.i(32);
    let (_, e) = b.func("k", &[i32t], &[i32t]);
    let x = b.arg(e, 0);
    let r = b.call(e, "missing", &[x], &[i32t])[0];
    b.ret(e, &[r]);
    let d = compile_err(&b);
    assert_eq!(
        d.message,
        "cf-run: 'func.call' calls unknown function '@missing'"
    );

    // A non-func op at module level.
    let mut b = B::new();
    let body = b.body;
    let op = b.raw(body, "test.global", &[], &[], vec![], &[]);
    let d = compile_err(&b);
    assert_eq!(&d.loc, &b.ctx.loc(op));
    assert_eq!(
        d.message,
        "cf-run: unsupported operation 'test.global' in the JIT"
    );
}

#[test]
fn scalar_printing() {
    assert_eq!(Scalar::F64(2.5).to_string(), "2.5");
    assert_eq!(Scalar::F64(1.0).to_string(), "1.0");
    assert_eq!(Scalar::F64(-0.0).to_string(), "-0.0");
    assert_eq!(Scalar::F64(1e300).to_string().len(), 303); // "1" + 300 zeros + ".0"
    assert_eq!(Scalar::F64(1.5e-7).to_string(), "0.00000015");
    assert_eq!(Scalar::F64(f64::INFINITY).to_string(), "inf");
    assert_eq!(Scalar::F64(f64::NEG_INFINITY).to_string(), "-inf");
    assert_eq!(Scalar::F64(f64::NAN).to_string(), "nan");
    assert_eq!(Scalar::F32(0.1).to_string(), "0.1");
    assert_eq!(Scalar::F32(3.0).to_string(), "3.0");
    assert_eq!(Scalar::int(255, 8).to_string(), "-1");
    assert_eq!(Scalar::int(-1, 64).to_string(), "-1");
    assert_eq!(Scalar::int(2, 2).to_string(), "-2");
    assert_eq!(Scalar::bool(true).to_string(), "1");
    assert_eq!(Scalar::bool(false).to_string(), "0");
    assert_eq!(Scalar::index(285).to_string(), "285");
    assert_eq!(Scalar::i64(i64::MIN).to_string(), "-9223372036854775808");
    assert_eq!(ScalarType::Int(7).to_string(), "i7");
    assert_eq!(Scalar::int(-1, 7).as_u64(), Some(127));
}

#[test]
fn unoptimized_code_agrees() {
    let mut b = B::new();
    let (i64t, i8t, f64t) = (b.i(64), b.i(8), b.f64t());
    sum_of_squares(&mut b, "sumsq", i64t);
    binary_fn(&mut b, "ceildivsi8", "arith.ceildivsi", i8t);
    binary_fn(&mut b, "shrsi8", "arith.shrsi", i8t);
    binary_fn(&mut b, "maxnum", "arith.maxnumf", f64t);
    let options = crate::JitOptions {
        optimize: false,
        keep_clif: true,
        ..Default::default()
    };
    let m = crate::compile_with(&b.ctx, b.module, &options).unwrap();
    assert_eq!(run1(&m, "sumsq", &[Scalar::i64(10)]).as_i64(), Some(285));
    if std::env::var_os("WEIR_JIT_PRINT_CLIF").is_some() {
        eprintln!("{}", m.clif());
    }
    assert!(m.clif().contains("; function @ceildivsi8"));
    // ceil(-7 / 2) = -3; ceil(7 / 2) = 4
    assert_eq!(
        run1(&m, "ceildivsi8", &[Scalar::int(-7, 8), Scalar::int(2, 8)]).as_i64(),
        Some(-3)
    );
    assert_eq!(
        run1(&m, "ceildivsi8", &[Scalar::int(7, 8), Scalar::int(2, 8)]).as_i64(),
        Some(4)
    );
    let e = m
        .call("ceildivsi8", &[Scalar::int(-128, 8), Scalar::int(-1, 8)])
        .unwrap_err();
    assert_eq!(e.kind, RuntimeErrorKind::DivisionOverflow);
    assert_eq!(
        run1(&m, "shrsi8", &[Scalar::int(-128, 8), Scalar::int(3, 8)]).as_i64(),
        Some(-16)
    );
    assert_eq!(
        run1(&m, "maxnum", &[Scalar::F64(f64::NAN), Scalar::F64(-1.0)]),
        Scalar::F64(-1.0)
    );
}

#[test]
fn many_calls_and_modules() {
    // Modules are freed on drop, calls are cheap enough to repeat.
    for round in 0..20 {
        let mut b = B::new();
        let i64t = b.i(64);
        sum_of_squares(&mut b, "sumsq", i64t);
        let m = b.compile();
        for n in 0..10 {
            // sum of k^2 for k < n = (n - 1) n (2n - 1) / 6
            let want = (n - 1) * n * (2 * n - 1) / 6;
            assert_eq!(
                run1(&m, "sumsq", &[Scalar::i64(n)]).as_i64(),
                Some(want),
                "round {round}"
            );
        }
    }
}
