//! Elementwise ops on tensors (MLIR `Elementwise` trait: arith, math) as both backends fuse
//! them: a run of consecutive elementwise ops over one shape ([`group`]) becomes ONE loop over
//! the elements, whose inputs, splat constants, outputs and buffer reuse [`KernelPlan`]
//! decides (docs/design/tensor-runtime.md, "Kernel formation"). Before the loop every tensor
//! input is checked to have the shape of the first ([`different_shapes`]), and the first the
//! static sizes of the result type ([`not_static_shape`]).

use super::ownership::Ownership;
use super::tensor::{dims_of, elem_width, is_tracked, Fault};
use super::tensor_checks::Target;
use crate::diag::op_err;
use crate::RuntimeErrorKind;
use std::collections::HashSet;
use weir_ir::{Context, Diagnostic, Dim, OpId, Traits, ValueId};

/// Whether `op` is an elementwise op with a ranked tensor result (lowered as a fused kernel: [`KernelPlan`]).
pub fn is_tensor_elementwise(ctx: &Context, op: OpId) -> bool {
    ctx.has_traits(op, Traits::ELEMENTWISE)
        && ctx.results(op).iter().any(|&r| dims_of(ctx, r).is_some())
}

/// The splat element of `v` when it is a splat `dense<...>` constant: its raw bits, zero-extended
/// above its width as generated code keeps integers.
pub fn splat_bits(ctx: &Context, v: ValueId) -> Option<u64> {
    let a = ctx.constant_of(v)?;
    let d = ctx.dense_elements(a)?;
    if !d.is_splat() {
        return None;
    }
    let mut raw = d.raw_element(0).to_vec();
    crate::tensor_value::zero_extend_elements(d.element_kind(), &mut raw);
    Some(raw.iter().rev().fold(0u64, |acc, &b| (acc << 8) | b as u64))
}

/// The ops of a kernel starting at `ops[0]` (an op [`is_tensor_elementwise`]): the longest run of consecutive elementwise ops
/// over the same sizes, where each op after the first uses a result of the run or has fully
/// static sizes (so all of them iterate over one shape at run time).
pub fn group(ctx: &Context, ops: &[OpId]) -> Vec<OpId> {
    let dims = |op: OpId| dims_of(ctx, ctx.result(op, 0));
    let first = ops[0];
    let mut out = vec![first];
    let mut results: HashSet<ValueId> = ctx.results(first).iter().copied().collect();
    for &op in &ops[1..] {
        let fits = is_tensor_elementwise(ctx, op)
            && ctx
                .results(op)
                .iter()
                .all(|&r| dims_of(ctx, r) == dims(first))
            && (ctx.operands(op).iter().any(|v| results.contains(v))
                || dims(first).is_some_and(|d| d.iter().all(Option::is_some)));
        if !fits {
            break;
        }
        results.extend(ctx.results(op).iter().copied());
        out.push(op);
    }
    out
}

/// What a fused elementwise kernel reads and writes, decided once for both backends from the
/// ops of its [`group`] and the function's [`Ownership`] (docs/design/tensor-runtime.md,
/// "Kernel formation").
#[derive(Clone, Debug)]
pub struct KernelPlan {
    /// The kernel's ops, in order.
    pub group: Vec<OpId>,
    /// The tensor operands defined outside the kernel and not splat constants, each once, in
    /// order of first use: loaded element by element. The first one's sizes are the
    /// iteration shape (with none, the static sizes of the first op's result).
    pub inputs: Vec<ValueId>,
    /// The splat `dense<...>` constants among the operands, with their raw element bits
    /// (little-endian, in the low bytes): immediates.
    pub splats: Vec<(ValueId, u64)>,
    /// The inputs whose last use is inside the kernel (the kernel releases them unless an
    /// output reused their buffer).
    pub last_use: HashSet<ValueId>,
    /// The sizes of the first op's result (every result's): the iteration shape when there
    /// are no inputs, and the static sizes the first input is checked against
    /// ([`not_static_shape`]).
    pub result_dims: Vec<Dim>,
    /// The results the rest of the program uses (not dead, last use not inside the kernel),
    /// sorted: each is written to a buffer.
    pub outputs: Vec<ValueId>,
    /// For each output, the index in `inputs` of the buffer it is written into when that
    /// buffer's count is 1 at run time (an input at its last use, counted, with elements of
    /// the same width, each input picked at most once); `None`: a new buffer.
    pub reuse: Vec<Option<usize>>,
}

impl KernelPlan {
    /// The plan of the kernel starting at `ops[0]` (an op [`is_tensor_elementwise`]; `ops` is
    /// the rest of its block) in a function with ownership `own`: its [`group`], whose every
    /// result must be a ranked tensor of a type `target` supports.
    pub fn of(
        ctx: &Context,
        ops: &[OpId],
        target: &Target,
        own: &Ownership,
    ) -> Result<KernelPlan, Diagnostic> {
        let group = group(ctx, ops);
        for &op in &group {
            for &r in ctx.results(op) {
                if dims_of(ctx, r).is_none() {
                    return Err(op_err(ctx, op, "mixes tensor and scalar results"));
                }
                target.slot(ctx, op, ctx.value_type(r))?;
            }
        }
        Ok(Self::of_group(ctx, &group, own))
    }

    /// The number of elements of the result type (a `?` size counts 0): the iteration
    /// count when the kernel has no inputs, or when every size is static.
    pub fn result_numel(&self) -> u64 {
        self.result_dims.iter().map(|x| x.unwrap_or(0)).product()
    }

    /// Whether every size of the result type is static.
    pub fn is_static(&self) -> bool {
        self.result_dims.iter().all(Option::is_some)
    }

    /// The plan of the kernel of `group` (from [`group`]).
    fn of_group(ctx: &Context, group: &[OpId], own: &Ownership) -> KernelPlan {
        let defined: HashSet<ValueId> = group
            .iter()
            .flat_map(|&op| ctx.results(op).iter().copied())
            .collect();
        let mut inputs: Vec<ValueId> = Vec::new();
        let mut splats: Vec<(ValueId, u64)> = Vec::new();
        let mut last_use: HashSet<ValueId> = HashSet::new();
        for &op in group {
            for (j, &v) in ctx.operands(op).iter().enumerate() {
                if defined.contains(&v) || dims_of(ctx, v).is_none() {
                    continue;
                }
                if own.is_last_use(op, j) {
                    last_use.insert(v);
                }
                if inputs.contains(&v) || splats.iter().any(|s| s.0 == v) {
                    continue;
                }
                match splat_bits(ctx, v) {
                    Some(bits) => splats.push((v, bits)),
                    None => inputs.push(v),
                }
            }
        }
        let used_inside_last: HashSet<ValueId> = group
            .iter()
            .flat_map(|&op| {
                ctx.operands(op)
                    .iter()
                    .enumerate()
                    .filter(move |&(j, _)| own.is_last_use(op, j))
                    .map(|(_, &v)| v)
            })
            .collect();
        let outputs: Vec<ValueId> = defined
            .iter()
            .copied()
            .filter(|&r| !own.is_dead(r) && !used_inside_last.contains(&r))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let mut reusable: Vec<usize> = (0..inputs.len())
            .filter(|&k| last_use.contains(&inputs[k]) && is_tracked(ctx, inputs[k]))
            .collect();
        let reuse = outputs
            .iter()
            .map(|&r| {
                let w = elem_width(ctx, r);
                let pick = reusable
                    .iter()
                    .position(|&k| elem_width(ctx, inputs[k]) == w)?;
                Some(reusable.remove(pick))
            })
            .collect();
        KernelPlan {
            group: group.to_vec(),
            inputs,
            splats,
            last_use,
            result_dims: dims_of(ctx, ctx.result(group[0], 0))
                .expect("the kernel's results are ranked tensors (checked by `of`)")
                .to_vec(),
            outputs,
            reuse,
        }
    }
}

/// The op of `group` that first uses `input`: the one a shape mismatch of it is reported at.
pub fn input_owner(ctx: &Context, group: &[OpId], input: ValueId) -> OpId {
    group
        .iter()
        .copied()
        .find(|&op| ctx.operands(op).contains(&input))
        .unwrap_or(group[0])
}

/// The fault of an input of the kernel whose shape is not the first input's, at `owner`
/// (its [`input_owner`]; the runtime appends both shapes).
pub fn different_shapes(ctx: &Context, owner: OpId) -> Fault {
    Fault::at(
        ctx,
        owner,
        RuntimeErrorKind::ShapeMismatch,
        "operands have different shapes",
    )
}

/// The fault of the kernel's first input (at the first op) whose size is not the static size
/// of the result type.
pub fn not_static_shape(ctx: &Context, first: OpId) -> Fault {
    let what = "operand does not have its static shape";
    Fault::at(ctx, first, RuntimeErrorKind::ShapeMismatch, what)
}

/// `'<op>' on tensors is not supported by <backend>`: an op of the kernel the backend has no
/// scalar lowering for.
pub fn not_on_tensors(ctx: &Context, op: OpId, target: &Target) -> Diagnostic {
    target.not_supported(ctx, op, "on tensors")
}
