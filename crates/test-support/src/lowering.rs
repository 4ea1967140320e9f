//! Test support shared by the scf-to-cf and weir-to-scf tests: an IR builder over the bare
//! `Context` API, a minimal registration of the `cf` terminators (so the structural verifier
//! knows their successor operands), a block-level dump, the normalization used to compare
//! printed IR with upstream MLIR's, and [`run`], which executes a lowered function twice: with a
//! small reference interpreter for the integer subset of `arith`, `cf` and `scf` ([`exec`]) and
//! JIT-compiled by `weir_jit`, and checks that both agree.
//!
//! The interpreter evaluates the structured scf ops directly by their semantics, so it can also
//! compute reference results of IR before lowering (the randomized test does so). Fixed
//! expected values in the tests are computed by hand.

pub mod gen;

use std::collections::HashMap;
use std::ops::Range;
use weir_ir::*;

// ------------------------------------------------------------------------------------ context

/// A context with every dialect registered (the lowering passes build arith, cf and scf ops
/// through their dialects' builders, which need the ops registered, as MLIR's passes load
/// their dependent dialects).
pub fn new_ctx() -> Context {
    weir_dialects::new_context().0
}

/// A test location `t.mlir:line:1`.
pub fn loc(line: u32) -> Location {
    let f: std::sync::Arc<str> = "t.mlir".into();
    Location::file(&f, line, 1)
}

/// `builtin.module { func.func @main(args) { ^entry } }`: returns (module, func, entry block).
/// [`ret`] sets the function type once the results are known.
pub fn func(ctx: &mut Context, args: &[Type]) -> (OpId, OpId, BlockId) {
    let (mr, mb) = region_block(ctx, &[]);
    let mut st = OpState::new(ctx.op_name("builtin.module"), loc(1));
    st.regions = vec![mr];
    let module = ctx.create_op(st);
    let (fr, entry) = region_block(ctx, args);
    let mut st = OpState::new(ctx.op_name("func.func"), loc(2));
    st.regions = vec![fr];
    let name = ctx.str_attr("main");
    st.set_attr(ctx.attr_name("sym_name"), name);
    let f = ctx.build_op(st, InsertPoint::End(mb));
    (module, f, entry)
}

/// A fresh region with one block of the given argument types.
pub fn region_block(ctx: &mut Context, args: &[Type]) -> (RegionId, BlockId) {
    let r = ctx.new_region();
    let b = ctx.new_block(args);
    ctx.append_block(r, b);
    (r, b)
}

/// Appends op `name` to `block`.
pub fn op(
    ctx: &mut Context,
    block: BlockId,
    name: &str,
    operands: &[ValueId],
    results: &[Type],
    attrs: Vec<(&str, Attr)>,
    regions: Vec<RegionId>,
) -> OpId {
    op_at(
        ctx,
        block,
        name,
        operands,
        results,
        attrs,
        regions,
        Location::Unknown,
    )
}

/// Appends op `name` at location `l` to `block`.
#[allow(clippy::too_many_arguments)]
pub fn op_at(
    ctx: &mut Context,
    block: BlockId,
    name: &str,
    operands: &[ValueId],
    results: &[Type],
    attrs: Vec<(&str, Attr)>,
    regions: Vec<RegionId>,
    l: Location,
) -> OpId {
    let mut st = OpState::new(ctx.op_name(name), l);
    st.operands = operands.to_vec();
    st.result_types = results.to_vec();
    for (k, v) in attrs {
        st.set_attr(ctx.attr_name(k), v);
    }
    st.regions = regions;
    ctx.build_op(st, InsertPoint::End(block))
}

/// `arith.constant v : ty` appended to `block`.
pub fn cst(ctx: &mut Context, block: BlockId, v: i128, ty: Type) -> ValueId {
    let a = ctx.int_attr(v, ty);
    let o = op(
        ctx,
        block,
        "arith.constant",
        &[],
        &[ty],
        vec![("value", a)],
        vec![],
    );
    ctx.result(o, 0)
}

/// A binary `arith` op whose result has the type of `a`.
pub fn bin(ctx: &mut Context, block: BlockId, name: &str, a: ValueId, b: ValueId) -> ValueId {
    let ty = ctx.value_type(a);
    let o = op(ctx, block, name, &[a, b], &[ty], vec![], vec![]);
    ctx.result(o, 0)
}

/// `arith.cmpi <pred>, a, b` (predicate numbers as MLIR's: 0 eq, 1 ne, 2 slt, 3 sle, 4 sgt,
/// 5 sge, 6 ult, 7 ule, 8 ugt, 9 uge).
pub fn cmpi(ctx: &mut Context, block: BlockId, pred: i128, a: ValueId, b: ValueId) -> ValueId {
    let i64t = ctx.int_type(64);
    let p = ctx.int_attr(pred, i64t);
    let i1 = ctx.i1();
    let o = op(
        ctx,
        block,
        "arith.cmpi",
        &[a, b],
        &[i1],
        vec![("predicate", p)],
        vec![],
    );
    ctx.result(o, 0)
}

/// `arith.index_cast a : _ to ty`.
pub fn index_cast(ctx: &mut Context, block: BlockId, a: ValueId, ty: Type) -> ValueId {
    let o = op(ctx, block, "arith.index_cast", &[a], &[ty], vec![], vec![]);
    ctx.result(o, 0)
}

/// `func.return vals`; sets the enclosing `func.func`'s `function_type` when `block` is its
/// entry block.
pub fn ret(ctx: &mut Context, block: BlockId, vals: &[ValueId]) {
    op(ctx, block, "func.return", vals, &[], vec![], vec![]);
    if let Some(f) = ctx.block_parent_op(block) {
        if ctx.is(f, "func.func") && ctx.entry_block(ctx.region(f, 0)) == Some(block) {
            let inputs = ctx.block_arg_types(block);
            let results = vals.iter().map(|&v| ctx.value_type(v)).collect();
            let ft = ctx.function_type(inputs, results);
            let a = ctx.type_attr(ft);
            ctx.set_attr(f, "function_type", a);
        }
    }
}

/// `scf.yield vals`.
pub fn yield_(ctx: &mut Context, block: BlockId, vals: &[ValueId]) -> OpId {
    op(ctx, block, "scf.yield", vals, &[], vec![], vec![])
}

// ------------------------------------------------------------------------------------ dump

/// One line per block: `^bN(args): op, op, ... -> succs`, with blocks numbered in region order.
pub fn dump_blocks(ctx: &Context, region: RegionId) -> Vec<String> {
    let blocks = ctx.region_blocks(region);
    let num: HashMap<BlockId, usize> = blocks.iter().enumerate().map(|(i, &b)| (b, i)).collect();
    blocks
        .iter()
        .map(|&b| {
            let ops: Vec<String> = ctx
                .block_ops(b)
                .into_iter()
                .map(|o| {
                    let succ: Vec<String> = ctx
                        .successors(o)
                        .iter()
                        .map(|s| num.get(s).map(|n| format!("^bb{n}")).unwrap_or("^?".into()))
                        .collect();
                    if succ.is_empty() {
                        ctx.name_str(o).to_string()
                    } else {
                        format!("{}[{}]", ctx.name_str(o), succ.join(","))
                    }
                })
                .collect();
            format!(
                "^bb{}({}): {}",
                num[&b],
                ctx.block_args(b).len(),
                ops.join(", ")
            )
        })
        .collect()
}

// ------------------------------------------------------------------------------------ text

/// Moves each ` <{...}>` (one line) to the op's attribute dictionary, which follows the regions:
/// on the same line for ops without regions, else on the line closing the regions.
pub fn props_to_attrs(text: &str) -> String {
    let mut out = Vec::new();
    let mut pending: HashMap<usize, String> = HashMap::new();
    for line in text.lines() {
        let mut l = line.to_string();
        if let (Some(s), Some(e)) = (l.find(" <{"), l.rfind("}>")) {
            let props = l[s + 3..e].to_string();
            l = format!("{}{}", &l[..s], &l[e + 2..]);
            let indent = l.len() - l.trim_start().len();
            if l.trim_end().ends_with("({") {
                pending.insert(indent, props);
            } else if let Some(i) = l.rfind(" : ") {
                l = format!("{} {{{props}}}{}", &l[..i], &l[i..]);
            }
        }
        let indent = l.len() - l.trim_start().len();
        if l.trim_start().starts_with("})") && l.contains(" : ") {
            if let Some(props) = pending.remove(&indent) {
                let i = l.rfind(" : ").unwrap();
                l = format!("{} {{{props}}}{}", &l[..i], &l[i..]);
            }
        }
        out.push(l);
    }
    out.join("\n")
}

/// Presentation-independent lines of generic-form MLIR text: properties moved into the
/// attribute dictionary ([`props_to_attrs`]), comments, blank lines and the default
/// `overflowFlags = #arith.overflow<none>` dropped, SSA values renumbered per `func.func` in
/// order of appearance.
pub fn normalize(text: &str) -> Vec<String> {
    let text = props_to_attrs(text);
    let mut names: HashMap<String, String> = HashMap::new();
    let mut out = Vec::new();
    for line in text.lines() {
        let line = match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        };
        let line = line.replace(" {overflowFlags = #arith.overflow<none>}", "");
        let line = line.trim_end();
        if line.trim().is_empty() {
            continue;
        }
        if line.contains("\"func.func\"") {
            names.clear();
        }
        let mut renamed = String::new();
        let mut chars = line.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if c != '%' {
                renamed.push(c);
                continue;
            }
            let mut end = i + 1;
            while let Some(&(j, d)) = chars.peek() {
                if d.is_ascii_alphanumeric() || d == '_' {
                    end = j + d.len_utf8();
                    chars.next();
                } else {
                    break;
                }
            }
            let n = names.len();
            renamed.push_str(
                names
                    .entry(line[i..end].to_string())
                    .or_insert_with(|| format!("%v{n}")),
            );
        }
        out.push(renamed);
    }
    out
}

// ------------------------------------------------------------------------------------ running

/// Runs `func` (a `func.func @main` built by [`func`]) on `args` twice: with the reference
/// interpreter [`exec`] and, JIT-compiled, with `weir_jit`; checks that both agree and returns
/// the results (integers read as signed, `i1` as 0/1).
pub fn run(ctx: &Context, func: OpId, args: &[i128]) -> Vec<i128> {
    run_many(ctx, func, &[args.to_vec()]).pop().unwrap()
}

/// [`run`] on several argument lists, compiling once.
pub fn run_many(ctx: &Context, func: OpId, inputs: &[Vec<i128>]) -> Vec<Vec<i128>> {
    let module = ctx.parent_op(func).expect("func is in a module");
    let options = weir_jit::JitOptions {
        optimize: false,
        ..Default::default()
    };
    let jit = weir_jit::compile_with(ctx, module, &options)
        .unwrap_or_else(|d| panic!("JIT compile: {d:?}"));
    let params = ctx
        .block_args(ctx.entry_block(ctx.region(func, 0)).unwrap())
        .to_vec();
    inputs
        .iter()
        .map(|args| {
            let interp = exec(ctx, func, args).unwrap_or_else(|e| panic!("interpreter: {e}"));
            let sargs: Vec<weir_jit::Scalar> = params
                .iter()
                .zip(args)
                .map(|(&a, &v)| {
                    let ty = weir_jit::ScalarType::from_type(ctx, ctx.value_type(a))
                        .expect("scalar argument");
                    weir_jit::Scalar::from_i128(ty, v)
                })
                .collect();
            let out = jit
                .call("main", &sargs)
                .unwrap_or_else(|e| panic!("JIT call: {e:?}"));
            let jit_vals: Vec<i128> = out
                .iter()
                .map(|s| match s.ty() {
                    weir_jit::ScalarType::Int(1) => s.as_u64().unwrap() as i128,
                    _ => s.as_i64().expect("integer result") as i128,
                })
                .collect();
            assert_eq!(interp, jit_vals, "interpreter and JIT disagree on {args:?}");
            jit_vals
        })
        .collect()
}

// ------------------------------------------------------------------------------------ interpreter

fn norm(ctx: &Context, v: i128, ty: Type) -> i128 {
    match ctx.int_width(ty) {
        Some(1) => v & 1,
        Some(w) if w < 128 => sign_extend(v, w),
        _ => v,
    }
}

fn unsigned(ctx: &Context, v: i128, ty: Type) -> u128 {
    let w = ctx.int_width(ty).unwrap_or(64);
    (v as u128) & ((1u128 << w) - 1)
}

// The interpreter reads successor operands itself (an oracle independent of the cf dialect).

fn segments(ctx: &Context, op: OpId, name: &str) -> Vec<usize> {
    match ctx.attr_of(op, name).map(|a| ctx.attr_kind(a).clone()) {
        Some(AttrKind::DenseArray { values, .. }) => values
            .iter()
            .map(|v| match v {
                DenseValue::Int(i) => *i as usize,
                DenseValue::Float(_) => 0,
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn cond_br_operands(ctx: &Context, op: OpId, i: usize) -> Range<usize> {
    let s = segments(ctx, op, "operandSegmentSizes");
    if s.len() != 3 {
        return 0..0;
    }
    if i == 0 {
        1..1 + s[1]
    } else {
        1 + s[1]..1 + s[1] + s[2]
    }
}

fn switch_operands(ctx: &Context, op: OpId, i: usize) -> Range<usize> {
    let s = segments(ctx, op, "operandSegmentSizes");
    if s.len() != 3 {
        return 0..0;
    }
    if i == 0 {
        return 1..1 + s[1];
    }
    let cases = segments(ctx, op, "case_operand_segments");
    let mut start = 1 + s[1];
    for c in &cases[..i - 1] {
        start += c;
    }
    start..start + cases[i - 1]
}

fn succ_range(ctx: &Context, op: OpId, i: usize) -> Range<usize> {
    match ctx.name_str(op) {
        "cf.cond_br" => cond_br_operands(ctx, op, i),
        "cf.switch" => switch_operands(ctx, op, i),
        _ => 0..ctx.operands(op).len(),
    }
}

/// Runs `func` (an op whose region 0 ends in `func.return`) on `args`; integers are `i128`s
/// normalized to their type's width (`i1` as 0/1). Evaluates integer `arith`, `cf` branches and,
/// directly by their documented semantics (MLIR's scf op descriptions, not via any lowering),
/// `scf.if`, `scf.for`, `scf.while`, `scf.index_switch`, `scf.execute_region` and (by
/// SEMANTICS.md section 6) `weir.loop`. At most ten
/// million ops are executed.
pub fn exec(ctx: &Context, func: OpId, args: &[i128]) -> Result<Vec<i128>, String> {
    let mut it = Interp {
        ctx,
        env: HashMap::new(),
        fuel: 10_000_000,
    };
    let (term, vals) = it.region(ctx.region(func, 0), args.to_vec())?;
    if !ctx.is(term, "func.return") {
        return Err(format!("function ended with {}", ctx.name_str(term)));
    }
    Ok(vals)
}

struct Interp<'a> {
    ctx: &'a Context,
    env: HashMap<ValueId, i128>,
    fuel: u64,
}

impl Interp<'_> {
    fn get(&self, v: ValueId) -> Result<i128, String> {
        self.env
            .get(&v)
            .copied()
            .ok_or_else(|| "use of an undefined value".to_string())
    }

    fn operands(&self, o: OpId) -> Result<Vec<i128>, String> {
        self.ctx.operands(o).iter().map(|&v| self.get(v)).collect()
    }

    fn set(&mut self, v: ValueId, x: i128) {
        let x = norm(self.ctx, x, self.ctx.value_type(v));
        self.env.insert(v, x);
    }

    /// Runs the region's CFG from its entry block until a region terminator (`func.return`,
    /// `scf.yield`, `scf.condition`); returns it with its operand values.
    fn region(&mut self, region: RegionId, args: Vec<i128>) -> Result<(OpId, Vec<i128>), String> {
        let ctx = self.ctx;
        let mut block = ctx.entry_block(region).ok_or("empty region")?;
        let mut incoming = args;
        'blocks: loop {
            let bargs = ctx.block_args(block).to_vec();
            if bargs.len() != incoming.len() {
                return Err(format!(
                    "block expects {} args, got {}",
                    bargs.len(),
                    incoming.len()
                ));
            }
            for (a, v) in bargs.into_iter().zip(incoming.drain(..)) {
                self.set(a, v);
            }
            for o in ctx.block_ops(block) {
                self.fuel = self.fuel.checked_sub(1).ok_or("out of fuel")?;
                let name = ctx.name_str(o);
                match name {
                    "func.return" | "scf.yield" | "scf.condition" | "weir.yield" => {
                        return Ok((o, self.operands(o)?))
                    }
                    "cf.br" | "cf.cond_br" | "cf.switch" => {
                        let i = self.branch(o)?;
                        let range = succ_range(ctx, o, i);
                        incoming = ctx.operands(o)[range]
                            .iter()
                            .map(|&v| self.get(v))
                            .collect::<Result<_, _>>()?;
                        block = ctx.successors(o)[i];
                        continue 'blocks;
                    }
                    _ if name.starts_with("scf.") || name == "weir.loop" => {
                        let vals = self.structured(o)?;
                        let results = ctx.results(o).to_vec();
                        if vals.len() != results.len() {
                            return Err(format!("{name} produced {} values", vals.len()));
                        }
                        for (r, v) in results.into_iter().zip(vals) {
                            self.set(r, v);
                        }
                    }
                    _ => {
                        let v = self.arith(o)?;
                        let r = ctx.result(o, 0);
                        self.set(r, v);
                    }
                }
            }
            return Err("block without terminator".into());
        }
    }

    /// Which successor a `cf` branch takes.
    fn branch(&self, o: OpId) -> Result<usize, String> {
        let ctx = self.ctx;
        Ok(match ctx.name_str(o) {
            "cf.br" => 0,
            "cf.cond_br" => {
                if self.get(ctx.operand(o, 0))? != 0 {
                    0
                } else {
                    1
                }
            }
            _ => {
                let flag = self.get(ctx.operand(o, 0))?;
                let values: Vec<i128> = match ctx.attr_of(o, "case_values") {
                    Some(a) => match ctx.dense_elements(a) {
                        Some(d) => d
                            .iter()
                            .map(|v| match v {
                                DenseValue::Int(i) => i,
                                DenseValue::Float(_) => i128::MIN,
                            })
                            .collect(),
                        None => return Err("bad case_values".into()),
                    },
                    None => Vec::new(),
                };
                let ty = ctx.value_type(ctx.operand(o, 0));
                values
                    .iter()
                    .position(|&c| norm(ctx, c, ty) == flag)
                    .map_or(0, |i| i + 1)
            }
        })
    }

    /// The value of a single-result integer `arith` op.
    fn arith(&self, o: OpId) -> Result<i128, String> {
        let ctx = self.ctx;
        let name = ctx.name_str(o);
        let x = |i: usize| self.get(ctx.operand(o, i));
        Ok(match name {
            "arith.constant" => {
                let a = ctx.attr_of(o, "value").ok_or("constant without value")?;
                match ctx.attr_kind(a) {
                    AttrKind::Integer { value, .. } => *value,
                    AttrKind::Bool(b) => *b as i128,
                    k => return Err(format!("unsupported constant {k:?}")),
                }
            }
            "arith.addi" => x(0)?.wrapping_add(x(1)?),
            "arith.subi" => x(0)?.wrapping_sub(x(1)?),
            "arith.muli" => x(0)?.wrapping_mul(x(1)?),
            "arith.andi" => x(0)? & x(1)?,
            "arith.ori" => x(0)? | x(1)?,
            "arith.xori" => x(0)? ^ x(1)?,
            "arith.divsi" | "arith.remsi" => {
                let (a, b) = (x(0)?, x(1)?);
                if b == 0 {
                    return Err("division by zero".into());
                }
                if name == "arith.divsi" {
                    a / b
                } else {
                    a % b
                }
            }
            "arith.select" => {
                if x(0)? != 0 {
                    x(1)?
                } else {
                    x(2)?
                }
            }
            "arith.index_cast" => x(0)?,
            "arith.cmpi" => {
                let p = match ctx.attr_of(o, "predicate").map(|a| ctx.attr_kind(a)) {
                    Some(AttrKind::Integer { value, .. }) => *value,
                    _ => return Err("cmpi without predicate".into()),
                };
                let ty = ctx.value_type(ctx.operand(o, 0));
                let (a, b) = (x(0)?, x(1)?);
                let (ua, ub) = (unsigned(ctx, a, ty), unsigned(ctx, b, ty));
                (match p {
                    0 => a == b,
                    1 => a != b,
                    2 => a < b,
                    3 => a <= b,
                    4 => a > b,
                    5 => a >= b,
                    6 => ua < ub,
                    7 => ua <= ub,
                    8 => ua > ub,
                    9 => ua >= ub,
                    _ => return Err(format!("bad predicate {p}")),
                }) as i128
            }
            other => return Err(format!("unsupported op {other}")),
        })
    }

    /// Runs a region that must end in `want`; returns the terminator's operand values.
    fn run_to(
        &mut self,
        region: RegionId,
        args: Vec<i128>,
        want: &str,
    ) -> Result<Vec<i128>, String> {
        let (t, vals) = self.region(region, args)?;
        if !self.ctx.is(t, want) {
            return Err(format!(
                "region ended with {}, expected {want}",
                self.ctx.name_str(t)
            ));
        }
        Ok(vals)
    }

    /// The results of a structured scf op, by its semantics.
    fn structured(&mut self, o: OpId) -> Result<Vec<i128>, String> {
        let ctx = self.ctx;
        let ops = self.operands(o)?;
        match ctx.name_str(o) {
            "scf.if" => {
                let r = ctx.region(o, if ops[0] != 0 { 0 } else { 1 });
                if ctx.region_is_empty(r) {
                    return Ok(Vec::new());
                }
                self.run_to(r, Vec::new(), "scf.yield")
            }
            "scf.for" => {
                let (lb, ub, step) = (ops[0], ops[1], ops[2]);
                let ty = ctx.value_type(ctx.operand(o, 0));
                let unsigned_cmp = ctx.attr_of(o, "unsignedCmp").is_some();
                let mut iv = lb;
                let mut iters = ops[3..].to_vec();
                loop {
                    let go = if unsigned_cmp {
                        unsigned(ctx, iv, ty) < unsigned(ctx, ub, ty)
                    } else {
                        iv < ub
                    };
                    if !go {
                        return Ok(iters);
                    }
                    self.fuel = self.fuel.checked_sub(1).ok_or("out of fuel")?;
                    let mut args = vec![iv];
                    args.extend(&iters);
                    iters = self.run_to(ctx.region(o, 0), args, "scf.yield")?;
                    iv = norm(ctx, iv.wrapping_add(step), ty);
                }
            }
            "scf.while" => {
                let mut args = ops;
                loop {
                    self.fuel = self.fuel.checked_sub(1).ok_or("out of fuel")?;
                    let c = self.run_to(ctx.region(o, 0), args, "scf.condition")?;
                    if c[0] == 0 {
                        return Ok(c[1..].to_vec());
                    }
                    args = self.run_to(ctx.region(o, 1), c[1..].to_vec(), "scf.yield")?;
                }
            }
            "scf.index_switch" => {
                let cases: Vec<i128> = match ctx.attr_of(o, "cases").map(|a| ctx.attr_kind(a)) {
                    Some(AttrKind::DenseArray { values, .. }) => values
                        .iter()
                        .map(|v| match v {
                            DenseValue::Int(i) => *i,
                            DenseValue::Float(_) => i128::MIN,
                        })
                        .collect(),
                    _ => Vec::new(),
                };
                let r = cases.iter().position(|&c| c == ops[0]).map_or(0, |i| i + 1);
                self.run_to(ctx.region(o, r), Vec::new(), "scf.yield")
            }
            "scf.execute_region" => self.run_to(ctx.region(o, 0), Vec::new(), "scf.yield"),
            "weir.loop" => {
                // SEMANTICS.md 6: it = 0; cond = init (true if absent);
                // while (no max || it < max) && cond { (cond, vars) = body(it, cond, vars); it += 1 }
                let seg = segments(ctx, o, "operandSegmentSizes");
                let (a, b) = (seg[0], seg[1]);
                let max = (a == 1).then(|| ops[0]);
                let mut cond = if b == 1 { ops[a] } else { 1 };
                let mut vars = ops[a + b..].to_vec();
                let body = ctx.region(o, 0);
                let t = ctx.value_type(ctx.block_args(ctx.entry_block(body).unwrap())[0]);
                let mut it = 0;
                while max.is_none_or(|m| it < m) && cond != 0 {
                    self.fuel = self.fuel.checked_sub(1).ok_or("out of fuel")?;
                    let mut args = vec![it, cond];
                    args.extend(&vars);
                    let y = self.run_to(body, args, "weir.yield")?;
                    cond = y[0];
                    vars = y[1..].to_vec();
                    it = norm(ctx, it + 1, t);
                }
                Ok(vars)
            }
            other => Err(format!("unsupported op {other}")),
        }
    }
}
