//! Test support shared by the scf-to-cf and weir-to-scf tests: an IR builder over the bare
//! `Context` API, a minimal registration of the `cf` terminators (so the structural verifier
//! knows their successor operands), a block-level dump, and a small reference interpreter for
//! the integer subset of `arith` + `cf` that the lowered code uses.
//!
//! The interpreter refuses any op with regions, so running it also proves that no structured op
//! is left. Expected values in the tests are computed by hand, not by this interpreter's author's
//! code paths under test.
#![allow(dead_code)]

use std::collections::HashMap;
use std::ops::Range;
use weir_ir::*;

// ------------------------------------------------------------------------------------ context

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

/// A context with the `cf` branch terminators and `func.return` registered (what the cf / func
/// dialect crates will register), so `weir_ir::verifier::verify` checks successor operands.
pub fn new_ctx() -> Context {
    let mut ctx = Context::new();
    ctx.register(OpDef::new("cf.br", Traits::TERMINATOR));
    ctx.register(OpDef::new("cf.cond_br", Traits::TERMINATOR).successor_operands(cond_br_operands));
    ctx.register(OpDef::new("cf.switch", Traits::TERMINATOR).successor_operands(switch_operands));
    ctx.register(OpDef::new(
        "func.return",
        Traits::TERMINATOR | Traits::RETURN_LIKE,
    ));
    ctx
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
    st.set_attr("sym_name", name);
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
        st.set_attr(k, v);
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

// ------------------------------------------------------------------------------------ running

/// Runs `func` (a `func.func @main` built by [`func`]) on `args` twice: with the reference
/// interpreter [`exec`] and, JIT-compiled, with `weir_jit`; checks that both agree and returns
/// the results (integers read as signed, `i1` as 0/1).
pub fn run(ctx: &Context, func: OpId, args: &[i128]) -> Vec<i128> {
    let interp = exec(ctx, func, args).unwrap_or_else(|e| panic!("interpreter: {e}"));
    let module = ctx.parent_op(func).expect("func is in a module");
    let jit = weir_jit::compile(ctx, module).unwrap_or_else(|d| panic!("JIT compile: {d:?}"));
    let sargs: Vec<weir_jit::Scalar> = ctx
        .block_args(ctx.entry_block(ctx.region(func, 0)).unwrap())
        .iter()
        .zip(args)
        .map(|(&a, &v)| {
            let ty = weir_jit::ScalarType::from_type(ctx, ctx.value_type(a)).expect("scalar argument");
            weir_jit::Scalar::from_i128(ty, v)
        })
        .collect();
    let out = jit.call("main", &sargs).unwrap_or_else(|e| panic!("JIT call: {e:?}"));
    let jit_vals: Vec<i128> = out
        .iter()
        .map(|s| match s.ty() {
            weir_jit::ScalarType::Int(1) => s.as_u64().unwrap() as i128,
            _ => s.as_i64().expect("integer result") as i128,
        })
        .collect();
    assert_eq!(interp, jit_vals, "interpreter and JIT disagree on {args:?}");
    jit_vals
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

fn succ_range(ctx: &Context, op: OpId, i: usize) -> Range<usize> {
    match ctx.name_str(op) {
        "cf.cond_br" => cond_br_operands(ctx, op, i),
        "cf.switch" => switch_operands(ctx, op, i),
        _ => 0..ctx.operands(op).len(),
    }
}

/// Runs `func` (an op whose region 0 is a CFG of integer `arith` and `cf` ops ending in
/// `func.return`) on `args`; integers are `i128`s normalized to their type's width (`i1` as 0/1).
/// At most `fuel` ops are executed.
pub fn exec(ctx: &Context, func: OpId, args: &[i128]) -> Result<Vec<i128>, String> {
    let region = ctx.region(func, 0);
    let mut block = ctx.entry_block(region).ok_or("no entry block")?;
    let mut env: HashMap<ValueId, i128> = HashMap::new();
    let mut incoming: Vec<i128> = args.to_vec();
    let mut fuel = 10_000_000u64;
    loop {
        let bargs = ctx.block_args(block).to_vec();
        if bargs.len() != incoming.len() {
            return Err(format!(
                "block expects {} args, got {}",
                bargs.len(),
                incoming.len()
            ));
        }
        for (a, v) in bargs.into_iter().zip(incoming.drain(..)) {
            let v = norm(ctx, v, ctx.value_type(a));
            env.insert(a, v);
        }
        let mut next = None;
        for o in ctx.block_ops(block) {
            fuel = fuel.checked_sub(1).ok_or("out of fuel")?;
            if !ctx.regions(o).is_empty() {
                return Err(format!("unlowered op with regions: {}", ctx.name_str(o)));
            }
            let get = |i: usize| -> Result<i128, String> {
                let v = ctx.operand(o, i);
                env.get(&v)
                    .copied()
                    .ok_or_else(|| format!("undefined operand #{i} of {}", ctx.name_str(o)))
            };
            let name = ctx.name_str(o);
            let res: Option<i128> = match name {
                "arith.constant" => {
                    let a = ctx.attr_of(o, "value").ok_or("constant without value")?;
                    Some(match ctx.attr_kind(a) {
                        AttrKind::Integer { value, .. } => *value,
                        AttrKind::Bool(b) => *b as i128,
                        k => return Err(format!("unsupported constant {k:?}")),
                    })
                }
                "arith.addi" => Some(get(0)?.wrapping_add(get(1)?)),
                "arith.subi" => Some(get(0)?.wrapping_sub(get(1)?)),
                "arith.muli" => Some(get(0)?.wrapping_mul(get(1)?)),
                "arith.andi" => Some(get(0)? & get(1)?),
                "arith.ori" => Some(get(0)? | get(1)?),
                "arith.xori" => Some(get(0)? ^ get(1)?),
                "arith.divsi" => {
                    let b = get(1)?;
                    if b == 0 {
                        return Err("division by zero".into());
                    }
                    Some(get(0)? / b)
                }
                "arith.remsi" => {
                    let b = get(1)?;
                    if b == 0 {
                        return Err("division by zero".into());
                    }
                    Some(get(0)? % b)
                }
                "arith.select" => Some(if get(0)? != 0 { get(1)? } else { get(2)? }),
                "arith.index_cast" => Some(get(0)?),
                "arith.cmpi" => {
                    let p = match ctx.attr_of(o, "predicate").map(|a| ctx.attr_kind(a)) {
                        Some(AttrKind::Integer { value, .. }) => *value,
                        _ => return Err("cmpi without predicate".into()),
                    };
                    let ty = ctx.value_type(ctx.operand(o, 0));
                    let (a, b) = (get(0)?, get(1)?);
                    let (ua, ub) = (unsigned(ctx, a, ty), unsigned(ctx, b, ty));
                    Some(match p {
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
                    } as i128)
                }
                "cf.br" => {
                    next = Some(0);
                    None
                }
                "cf.cond_br" => {
                    next = Some(if get(0)? != 0 { 0 } else { 1 });
                    None
                }
                "cf.switch" => {
                    let flag = get(0)?;
                    let values: Vec<i128> =
                        match ctx.attr_of(o, "case_values").map(|a| ctx.attr_kind(a)) {
                            Some(AttrKind::Dense { values, .. }) => values
                                .iter()
                                .map(|v| match v {
                                    DenseValue::Int(i) => *i,
                                    DenseValue::Float(_) => i128::MIN,
                                })
                                .collect(),
                            None => Vec::new(),
                            _ => return Err("bad case_values".into()),
                        };
                    let ty = ctx.value_type(ctx.operand(o, 0));
                    let hit = values.iter().position(|&c| norm(ctx, c, ty) == flag);
                    next = Some(hit.map_or(0, |i| i + 1));
                    None
                }
                "func.return" => {
                    return (0..ctx.operands(o).len()).map(get).collect();
                }
                other => return Err(format!("unsupported op {other}")),
            };
            if let Some(v) = res {
                let r = ctx.result(o, 0);
                env.insert(r, norm(ctx, v, ctx.value_type(r)));
            }
            if let Some(i) = next {
                let range = succ_range(ctx, o, i);
                incoming = ctx.operands(o)[range].iter().map(|v| env[v]).collect();
                block = ctx.successors(o)[i];
                break;
            }
        }
        if next.is_none() {
            return Err("block without terminator".into());
        }
    }
}
