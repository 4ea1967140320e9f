//! `--scf-if-conversion`: an `scf.if` or `scf.index_switch` whose arms are a few speculatable
//! scalar ops becomes straight-line code: every arm's ops run, and `arith.select`s pick the
//! results (if-conversion, Allen et al. 1983; LLVM's SimplifyCFG speculation does the same for
//! small branches). A data-dependent branch that the CPU mispredicts costs 15-25 cycles; the
//! ops speculated here cost about one cycle each ([`is_cheap`]: no calls), so this pays
//! whenever the branch is unpredictable (issue 9's 8-way switch kernel) and costs a few cycles
//! when it is not.
//!
//! An op is converted when (checked in [`convertible`]):
//! - it has results, all scalars (integers, `index`, floats), and at most [`MAX_ARMS`] regions;
//! - each region is one block of at most [`MAX_OPS_PER_ARM`] ops besides its `scf.yield`,
//!   each `SPECULATABLE` (`weir_ir::Traits`: running it has no effect but its result, so an
//!   arm that faults, e.g. an integer division, keeps its branch) and cheap ([`is_cheap`]).
//!
//! The results, runtime errors and exit status are the program's, with or without the pass;
//! only the depth at which deep recursion overflows the stack may move, as with any change of
//! the generated code.
//!
//! The arms' ops move before the op, in region order (so they keep their locations and
//! dominate their uses); `scf.if %c` gives `arith.select %c, then, else` per result;
//! `scf.index_switch %i` gives one `arith.cmpi eq, %i, case` per case and per result a chain of
//! selects starting from the default region's value (the case values are distinct, so the
//! order of the chain does not matter). New ops take the op's location. Ops are visited
//! innermost first, so an arm holding a converted op may be converted in turn.

use weir_dialect_arith::{
    build_cmpi, build_int_constant, build_select, CastOp, CmpFOp, CmpIOp, CmpIPredicate,
    ConstantOp, FloatBinaryOp, IntBinaryOp, SelectOp,
};
use weir_dialect_scf::{IfOp, IndexSwitchOp, YieldOp};
use weir_ir::{
    Context, Diagnostic, FloatKind, InsertPoint, OpId, RegionId, Traits, TypeKind, ValueId,
};
use weir_pass::{Pass, PassInfo};

/// The most regions an op may have to be converted: an 8-way switch and its default.
pub const MAX_ARMS: usize = 9;

/// The most ops (besides the `scf.yield`) in each region of a converted op.
pub const MAX_OPS_PER_ARM: usize = 2;

/// `--scf-if-conversion` (no options).
pub const PASS: PassInfo = PassInfo {
    name: "scf-if-conversion",
    summary: "Turn small scf.if / scf.index_switch with speculatable arms into arith.select",
    options: &[],
    function_level: true,
    create: |_| Ok(Box::new(IfConversion)),
};

struct IfConversion;

impl Pass for IfConversion {
    fn name(&self) -> &'static str {
        PASS.name
    }

    fn run(&self, ctx: &mut Context, op: OpId, _diags: &mut Vec<Diagnostic>) {
        run(ctx, op);
    }
}

/// Converts every convertible `scf.if` / `scf.index_switch` nested in `root` (see the crate
/// docs). `root` must have passed the verifier.
pub fn run(ctx: &mut Context, root: OpId) {
    // Reversed pre-order: an op's nested ops come before it.
    for op in ctx.nested_ops(root).into_iter().rev() {
        if IfOp::of(ctx, op).is_some() || IndexSwitchOp::of(ctx, op).is_some() {
            if let Some(arms) = convertible(ctx, op) {
                convert(ctx, op, &arms);
            }
        }
    }
}

/// The yields ending `op`'s regions (in region order) when `op` can be converted.
fn convertible(ctx: &Context, op: OpId) -> Option<Vec<YieldOp>> {
    let regions = ctx.regions(op);
    if ctx.results(op).is_empty() || regions.len() > MAX_ARMS {
        return None;
    }
    let scalars = |vs: &[ValueId]| vs.iter().all(|&v| is_scalar(ctx, v));
    if !scalars(ctx.results(op)) {
        return None;
    }
    regions
        .iter()
        .map(|&r| {
            let [block] = ctx.region_blocks(r)[..] else {
                return None;
            };
            let y = YieldOp::ending(ctx, block)?;
            let ops: Vec<OpId> = ctx.ops(block).filter(|&o| o != y.op()).collect();
            let cheap = ops.len() <= MAX_OPS_PER_ARM
                && ops
                    .iter()
                    .all(|&o| ctx.has_traits(o, Traits::SPECULATABLE) && is_cheap(ctx, o));
            cheap.then_some(y)
        })
        .collect()
}

/// Whether `v` is an integer, `index` or float.
fn is_scalar(ctx: &Context, v: ValueId) -> bool {
    matches!(
        ctx.type_kind(ctx.value_type(v)),
        TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_)
    )
}

/// Whether `op` costs about one machine instruction in both backends: an arith constant,
/// integer or float binary op (not `arith.remf`, the C library's `fmod`), comparison, select or
/// cast, on integers, `index`, `f32` or `f64` only (f16/bf16 conversions call runtime helpers).
/// The math ops are left out: most are calls into the C math library, which would run on every
/// trip whatever arm is taken.
pub fn is_cheap(ctx: &Context, op: OpId) -> bool {
    let name = ctx.name_str(op);
    let arith = IntBinaryOp::from_name(name).is_some()
        || FloatBinaryOp::from_name(name).is_some_and(|k| k != FloatBinaryOp::Rem)
        || CastOp::from_name(name).is_some()
        || CmpIOp::of(ctx, op).is_some()
        || CmpFOp::of(ctx, op).is_some()
        || SelectOp::of(ctx, op).is_some()
        || ConstantOp::of(ctx, op).is_some();
    let machine_type = |&v: &ValueId| match ctx.type_kind(ctx.value_type(v)) {
        TypeKind::Integer { .. } | TypeKind::Index => true,
        TypeKind::Float(k) => matches!(k, FloatKind::F32 | FloatKind::F64),
        _ => false,
    };
    arith
        && ctx.regions(op).is_empty()
        && ctx.operands(op).iter().all(machine_type)
        && ctx.results(op).iter().all(machine_type)
}

/// Replaces `op` (whose regions end with `arms`) by its arms' ops and selects.
fn convert(ctx: &mut Context, op: OpId, arms: &[YieldOp]) {
    let at = InsertPoint::Before(op);
    let loc = ctx.loc(op);
    let regions: Vec<RegionId> = ctx.regions(op).to_vec();
    for &r in &regions {
        let block = ctx.region_blocks(r)[0];
        let moved: Vec<OpId> = ctx.ops(block).collect();
        for o in &moved[..moved.len() - 1] {
            ctx.detach_op(*o);
            ctx.insert_op(*o, at);
        }
    }
    let yielded: Vec<Vec<ValueId>> = arms.iter().map(|y| y.values(ctx).to_vec()).collect();
    let results: Vec<ValueId> = if let Some(if_op) = IfOp::of(ctx, op) {
        let cond = if_op.condition(ctx);
        (0..yielded[0].len())
            .map(|j| build_select(ctx, at, cond, yielded[0][j], yielded[1][j], loc.clone()))
            .collect()
    } else {
        let switch = IndexSwitchOp::of(ctx, op)
            .expect("convert runs on scf.if and scf.index_switch only, and this is not an scf.if");
        let idx = switch.arg(ctx);
        let index = ctx.value_type(idx);
        let hits: Vec<ValueId> = switch
            .cases(ctx)
            .into_iter()
            .map(|c| {
                let k = build_int_constant(ctx, at, i128::from(c), index, loc.clone());
                build_cmpi(ctx, at, CmpIPredicate::Eq, idx, k, loc.clone())
            })
            .collect();
        // Region 0 is the default; region i + 1 is case i.
        (0..yielded[0].len())
            .map(|j| {
                hits.iter()
                    .zip(&yielded[1..])
                    .fold(yielded[0][j], |r, (&hit, arm)| {
                        build_select(ctx, at, hit, arm[j], r, loc.clone())
                    })
            })
            .collect()
    };
    ctx.replace_op(op, &results);
}
