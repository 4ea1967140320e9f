//! A small evaluator of the integer `arith` ops, used to decide `scf.while` conditions at
//! compile time: whether the condition is false on the first evaluation (then the loop runs no
//! trip and folds away) and the exact trip count of a loop whose condition depends only on
//! carried values that start constant and change by computable steps ([`while_trip_count`]).
//!
//! # Design: "peel the first evaluation" with an evaluator, not with the folders
//! The condition of an `scf.while` is computed inside its "before" region from the carried
//! values, so it is constant on entry only when the region is evaluated with the block
//! arguments replaced by the (constant) inits. Two designs were possible:
//! 1. clone the before region in front of the loop with the inits substituted and let the arith
//!    folders decide the cloned condition in a later round (then delete the clone if it did not
//!    fold): this creates and deletes IR on every round for every loop whose condition stays
//!    variable, which threatens convergence ("did not converge") and idempotence, and it needs
//!    the folders of another crate to be present;
//! 2. evaluate the backward slice of the condition directly, on integers, without touching the
//!    IR: read-only, so it can also run from `describe_kept` hooks (which get `&Context`), and
//!    it is reused to simulate the loop for the trip count.
//!
//! Weir uses 2. The evaluator covers the integer subset of arith (signless integers and `index`
//! up to 64 bits) with MLIR's exact semantics, as arith itself defines them for its folders
//! ([`weir_dialect_arith::semantics`]; this module only walks the IR): wrapping `addi`/`subi`/`muli` at the type's width,
//! signed and unsigned division and remainder, shifts, min/max, `cmpi` (all ten predicates),
//! `select` and the integer casts. Whatever MLIR leaves undefined or poison is *not* evaluated
//! (division by zero, `divsi`/`remsi`/`ceildivsi`/`floordivsi` of `INT_MIN` by `-1`, shifts by
//! the width or more): the value is unknown, so nothing is decided from it. Every other op
//! (float ops, calls, ops with regions, unregistered ops) gives an unknown value too. Side
//! effects do not matter here: the evaluator only computes values, and the folds that use it
//! inline the region, so the region's ops still run, in order.
//!
//! A value is constant for the evaluator when its defining op is `CONSTANT_LIKE` (or an
//! `arith.constant`) with an integer or bool attribute.

use crate::canon::constant_attr;
use std::collections::{BTreeSet, HashMap};
use weir_dialect_arith as arith;
use weir_ir::{AttrKind, BlockId, Context, OpId, ValueDef, ValueId};

/// How many trips [`while_trip_count`] simulates before giving up.
pub const WHILE_SIMULATION_LIMIT: u64 = 1 << 20;

/// An integer of `width` bits (1..=64): its bit pattern in the low bits of `bits`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Int {
    bits: u128,
    width: u32,
}

fn mask(width: u32) -> u128 {
    (1u128 << width) - 1
}

impl Int {
    fn from_bits(bits: u128, width: u32) -> Int {
        Int {
            bits: bits & mask(width),
            width,
        }
    }

    fn from_signed(v: i128, width: u32) -> Int {
        Int::from_bits(v as u128, width)
    }

    /// Whether it is non-zero (for `i1`: true).
    pub(crate) fn is_true(self) -> bool {
        self.bits != 0
    }
}

/// The width of `v`'s type if the evaluator handles it: a signless integer or `index` of at most
/// 64 bits.
fn eval_width(ctx: &Context, v: ValueId) -> Option<u32> {
    let ty = ctx.value_type(v);
    if !ctx.is_signless_int_or_index(ty) {
        return None;
    }
    ctx.int_width(ty).filter(|&w| (1..=64).contains(&w))
}

/// The integer constant `v` holds, if any.
pub(crate) fn constant_value(ctx: &Context, v: ValueId) -> Option<Int> {
    let width = eval_width(ctx, v)?;
    match ctx.attr_kind(constant_attr(ctx, v)?) {
        AttrKind::Integer { value, .. } => Some(Int::from_signed(*value, width)),
        AttrKind::Bool(b) => Some(Int::from_bits(*b as u128, width)),
        _ => None,
    }
}

/// The value of the single result of `op` given its operands' values (`None` = unknown), or
/// `None` when the op is not one the evaluator knows or the result is not defined. The
/// semantics are arith's own ([`weir_dialect_arith::semantics`], `CmpIPredicate::evaluate`).
fn eval_op(ctx: &Context, op: OpId, args: &[Option<Int>]) -> Option<Int> {
    let [result] = ctx.results(op) else {
        return None;
    };
    if !ctx.regions(op).is_empty() {
        return None;
    }
    let w = eval_width(ctx, *result)?;
    if arith::ConstantOp::of(ctx, op).is_some() {
        return constant_value(ctx, *result);
    }
    if arith::SelectOp::of(ctx, op).is_some() {
        let [Some(c), a, b] = args else { return None };
        return if c.is_true() { *a } else { *b };
    }
    let bits = match args {
        [Some(a)] => arith::IntCastOp::of(ctx, op)?.eval(a.bits, a.width, w)?,
        [Some(a), Some(b)] if arith::CmpIOp::of(ctx, op).is_some() => {
            let pred = arith::cmpi_predicate(ctx, op)?;
            if a.width != b.width {
                return None;
            }
            pred.evaluate(a.bits as i128, b.bits as i128, a.width) as u128
        }
        [Some(a), Some(b)] if a.width == w && b.width == w => {
            arith::IntBinaryOp::of(ctx, op)?.eval(a.bits, b.bits, w)?
        }
        _ => return None,
    };
    Some(Int::from_bits(bits, w))
}

/// The ops of `block` that `roots` depend on (through ops of `block`), in block order, and the
/// indices of `block`'s arguments they read.
fn slice(ctx: &Context, block: BlockId, roots: &[ValueId]) -> (Vec<OpId>, BTreeSet<usize>) {
    let mut ops = std::collections::HashSet::new();
    let mut args = BTreeSet::new();
    let mut stack: Vec<ValueId> = roots.to_vec();
    while let Some(v) = stack.pop() {
        match ctx.value_def(v) {
            ValueDef::BlockArg { block: b, index } if b == block => {
                args.insert(index as usize);
            }
            ValueDef::Result { op, .. } if ctx.op_block(op) == Some(block) && ops.insert(op) => {
                stack.extend(ctx.operands(op).iter().copied());
            }
            _ => {}
        }
    }
    let ordered = ctx
        .block_ops(block)
        .into_iter()
        .filter(|o| ops.contains(o))
        .collect();
    (ordered, args)
}

/// Where an evaluated op reads an operand: a slot of the program, or a value fixed when the
/// program is built (a constant, or unknown).
#[derive(Clone, Copy)]
enum Src {
    Slot(usize),
    Fixed(Option<Int>),
}

/// A slice of ops compiled for repeated evaluation: values live in numbered slots (block
/// arguments first, then op results), operands defined outside the slice are resolved once.
struct Program {
    steps: Vec<(OpId, Vec<Src>, usize)>,
    slots: HashMap<ValueId, usize>,
    n_slots: usize,
}

impl Program {
    /// Compiles `ops` (a slice, in block order) reading `inputs` (block arguments) from the
    /// first slots, in order.
    fn new(ctx: &Context, ops: &[OpId], inputs: &[ValueId]) -> Program {
        let mut slots: HashMap<ValueId, usize> =
            inputs.iter().enumerate().map(|(i, &v)| (v, i)).collect();
        let mut steps = Vec::with_capacity(ops.len());
        for &op in ops {
            let args = ctx
                .operands(op)
                .iter()
                .map(|&v| src(ctx, &slots, v))
                .collect();
            let dst = slots.len();
            if let [r] = ctx.results(op) {
                slots.insert(*r, dst);
                steps.push((op, args, dst));
            }
        }
        let n_slots = slots.len();
        Program {
            steps,
            slots,
            n_slots,
        }
    }

    /// Where the program's caller finds `v` after a run.
    fn src(&self, ctx: &Context, v: ValueId) -> Src {
        src(ctx, &self.slots, v)
    }

    /// Runs the program on `inputs` (one per input slot); returns the slots.
    fn run(&self, ctx: &Context, inputs: &[Option<Int>], mem: &mut Vec<Option<Int>>) {
        mem.clear();
        mem.resize(self.n_slots, None);
        mem[..inputs.len()].copy_from_slice(inputs);
        let mut args = Vec::new();
        for (op, srcs, dst) in &self.steps {
            args.clear();
            args.extend(srcs.iter().map(|s| read(mem, *s)));
            mem[*dst] = eval_op(ctx, *op, &args);
        }
    }
}

fn src(ctx: &Context, slots: &HashMap<ValueId, usize>, v: ValueId) -> Src {
    match slots.get(&v) {
        Some(&i) => Src::Slot(i),
        None => Src::Fixed(constant_value(ctx, v)),
    }
}

fn read(mem: &[Option<Int>], s: Src) -> Option<Int> {
    match s {
        Src::Slot(i) => mem[i],
        Src::Fixed(v) => v,
    }
}

/// The parts of a well-formed `scf.while`.
pub(crate) struct WhileParts {
    pub before: BlockId,
    pub after: BlockId,
    pub condition: OpId,
    pub yield_op: OpId,
}

/// The blocks and terminators of an `scf.while`, if it has the verified structure and its value
/// lists agree in length (inits / before arguments / yield, forwarded / after arguments /
/// results); `None` otherwise, so that analyses never index out of bounds on unverified IR.
pub(crate) fn while_parts(ctx: &Context, op: OpId) -> Option<WhileParts> {
    if !ctx.is(op, "scf.while") || ctx.regions(op).len() != 2 {
        return None;
    }
    let before = ctx.entry_block(ctx.region(op, 0))?;
    let after = ctx.entry_block(ctx.region(op, 1))?;
    let condition = ctx
        .last_op(before)
        .filter(|&t| ctx.is(t, "scf.condition"))?;
    let yield_op = ctx.last_op(after).filter(|&t| ctx.is(t, "scf.yield"))?;
    let n_before = ctx.block_args(before).len();
    let n_fwd = ctx.operands(condition).len().checked_sub(1)?;
    if ctx.operands(op).len() != n_before
        || ctx.operands(yield_op).len() != n_before
        || ctx.block_args(after).len() != n_fwd
        || ctx.results(op).len() != n_fwd
    {
        return None;
    }
    Some(WhileParts {
        before,
        after,
        condition,
        yield_op,
    })
}

/// The value of the `scf.while` condition on its first evaluation, when it can be computed from
/// constants: the before region evaluated with its arguments bound to the inits (see the module
/// docs). `None` when it depends on anything unknown.
pub(crate) fn first_condition(ctx: &Context, op: OpId) -> Option<bool> {
    let p = while_parts(ctx, op)?;
    let cond = ctx.operand(p.condition, 0);
    let (ops, args) = slice(ctx, p.before, &[cond]);
    let before_args = ctx.block_args(p.before);
    let inputs: Vec<ValueId> = args.iter().map(|&k| before_args[k]).collect();
    let mut values = Vec::with_capacity(inputs.len());
    for &k in &args {
        values.push(Some(constant_value(ctx, ctx.operand(op, k))?));
    }
    let program = Program::new(ctx, &ops, &inputs);
    let mut mem = Vec::new();
    program.run(ctx, &values, &mut mem);
    read(&mem, program.src(ctx, cond)).map(Int::is_true)
}

/// The exact number of times the body ("after" region) of `op`, an `scf.while`, runs, when it
/// can be decided at compile time (SEMANTICS.md E3: `i = 0; while i < 3 { ...; i += 1 }` gives
/// 3); `None` otherwise.
///
/// Method: the condition's backward slice through both regions selects the carried values it
/// depends on (a fixpoint: the condition reads some before-arguments; their next values are
/// yields computed from some after-arguments; those are forwarded values computed from
/// before-arguments; ...). Those carried values must start as constants; the loop is then
/// simulated on them alone, exactly in their types' widths (wrapping included), until the
/// condition is false. Other carried values (e.g. an accumulator of runtime values) are not
/// computed. It gives up (`None`) when a needed value is unknown at any step, or after
/// [`WHILE_SIMULATION_LIMIT`] trips (an endless or very long loop).
pub fn while_trip_count(ctx: &Context, op: OpId) -> Option<u64> {
    let p = while_parts(ctx, op)?;
    let cond = ctx.operand(p.condition, 0);
    let forwarded = ctx.operands(p.condition)[1..].to_vec();
    let yielded = ctx.operands(p.yield_op).to_vec();
    let before_args = ctx.block_args(p.before).to_vec();
    let after_args = ctx.block_args(p.after).to_vec();

    // The carried values the condition depends on (before-argument indices `nb`) and the
    // forwarded values their next values depend on (after-argument indices `na`).
    let mut nb = slice(ctx, p.before, &[cond]).1;
    let (before_ops, after_ops, na) = loop {
        let roots_a: Vec<ValueId> = nb.iter().map(|&k| yielded[k]).collect();
        let (after_ops, na) = slice(ctx, p.after, &roots_a);
        let mut roots_b = vec![cond];
        roots_b.extend(na.iter().map(|&j| forwarded[j]));
        let (before_ops, nb2) = slice(ctx, p.before, &roots_b);
        if nb2 == nb {
            break (before_ops, after_ops, na);
        }
        nb = nb2;
    };

    // The simulated state: the needed carried values, in `nb` order.
    let nb: Vec<usize> = nb.into_iter().collect();
    let na: Vec<usize> = na.into_iter().collect();
    let before_inputs: Vec<ValueId> = nb.iter().map(|&k| before_args[k]).collect();
    let after_inputs: Vec<ValueId> = na.iter().map(|&j| after_args[j]).collect();
    let before = Program::new(ctx, &before_ops, &before_inputs);
    let after = Program::new(ctx, &after_ops, &after_inputs);
    let cond_src = before.src(ctx, cond);
    let fwd_src: Vec<Src> = na.iter().map(|&j| before.src(ctx, forwarded[j])).collect();
    let yield_src: Vec<Src> = nb.iter().map(|&k| after.src(ctx, yielded[k])).collect();

    let mut state = Vec::with_capacity(nb.len());
    for &k in &nb {
        state.push(Some(constant_value(ctx, ctx.operand(op, k))?));
    }
    // Brent's cycle detection: a state seen before means the loop never ends.
    let mut saved = state.clone();
    let mut next_save = 1u64;
    let (mut mem_b, mut mem_a) = (Vec::new(), Vec::new());
    let mut after_in = Vec::with_capacity(na.len());
    for trips in 0..=WHILE_SIMULATION_LIMIT {
        before.run(ctx, &state, &mut mem_b);
        if !read(&mem_b, cond_src)?.is_true() {
            return Some(trips);
        }
        after_in.clear();
        after_in.extend(fwd_src.iter().map(|&s| read(&mem_b, s)));
        after.run(ctx, &after_in, &mut mem_a);
        for (slot, &s) in state.iter_mut().zip(&yield_src) {
            *slot = Some(read(&mem_a, s)?);
        }
        if state == saved {
            return None; // the same state again: the condition stays true forever
        }
        if trips + 1 == next_save {
            saved.clone_from(&state);
            next_save *= 2;
        }
    }
    None
}
