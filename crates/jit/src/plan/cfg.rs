//! A function body as both backends walk it (MLIR `func.func` with a CFG region of `cf`
//! branches): the order of its blocks, its loop headers (where a run counts loop trips), the
//! check of the entry block against the function type, and what each op of a block is to the
//! lowering (the errors of an op after the terminator, of an unregistered op, of a block
//! without a terminator).

use super::tensor_checks::Target;
use crate::diag::{err_at, op_err};
use std::collections::{HashMap, HashSet};
use weir_ir::{BlockId, Context, Diagnostic, Location, OpId, RegionId, Type, ValueId};

/// The blocks of a function body in the order the backends lower them.
#[derive(Debug)]
pub struct Body {
    /// The entry block of the body.
    pub entry: BlockId,
    /// The blocks reachable from the entry, in reverse post-order (every block after the
    /// blocks that dominate it).
    pub order: Vec<BlockId>,
    /// The targets of depth-first back edges: every CFG cycle contains one, so these are the
    /// loop headers where a run with a loop budget spends one unit of fuel.
    pub headers: HashSet<BlockId>,
}

impl Body {
    /// The body of function `fop` (a `func.func`) whose parameters have types `params`, or a
    /// located error: the body has no entry block, a branch leaves the region, or the entry
    /// block's arguments are not the parameters.
    pub fn of(ctx: &Context, fop: OpId, params: &[Type]) -> Result<Body, Diagnostic> {
        let floc = ctx.loc(fop);
        let region = ctx.region(fop, 0);
        let entry = ctx
            .entry_block(region)
            .ok_or_else(|| err_at(&floc, "the function has no entry block"))?;
        let (order, headers) = cfg_order(ctx, region, entry)?;
        if ctx.block_arg_types(entry) != params {
            return Err(err_at(
                &floc,
                "entry block arguments do not match the function type",
            ));
        }
        Ok(Body {
            entry,
            order,
            headers,
        })
    }

    /// Where an error about block argument `a` (e.g. of a type the backend cannot compile) is
    /// reported: at the argument's location (MLIR's `BlockArgument::getLoc`; a lowered op's
    /// results take the op's), else at the function, `floc`.
    pub fn arg_loc(ctx: &Context, a: ValueId, floc: &Location) -> Location {
        match ctx.arg_loc(a) {
            Location::Unknown => floc.clone(),
            loc => loc,
        }
    }

    /// Where the fuel check of block `blk` is reported: at its first op (at the function,
    /// `floc`, for an empty block), when `blk` is a loop header.
    pub fn fuel_loc(&self, ctx: &Context, blk: BlockId, floc: &Location) -> Option<Location> {
        if !self.headers.contains(&blk) {
            return None;
        }
        Some(
            ctx.ops(blk)
                .next()
                .map_or_else(|| floc.clone(), |op| ctx.loc(op)),
        )
    }
}

/// How an op of a block is lowered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lowering {
    /// The start of a fused elementwise kernel over tensors ([`super::kernel::group`]).
    Kernel,
    /// A tensor constant: an immortal buffer ([`super::tensor::constant_buffer`]).
    TensorConstant,
    /// By the backend's lowering table entry for the op's name.
    ByName,
}

/// How `op` is lowered, given whether its block already has its terminator (`terminated`),
/// or the located error: an op after the terminator, an op not registered in the context
/// (the backends read ops through their dialects' definitions), worded for `target`.
pub fn lowering(
    ctx: &Context,
    op: OpId,
    terminated: bool,
    target: &Target,
) -> Result<Lowering, Diagnostic> {
    if terminated {
        return Err(op_err(ctx, op, "follows the block's terminator"));
    }
    if ctx.op_def(ctx.name(op)).is_none() {
        return Err((target.unregistered_op)(ctx, op));
    }
    Ok(if super::kernel::is_tensor_elementwise(ctx, op) {
        Lowering::Kernel
    } else if super::tensor::is_tensor_constant(ctx, op) {
        Lowering::TensorConstant
    } else {
        Lowering::ByName
    })
}

/// The error of a block of the function at `floc` that does not end with a terminator
/// (`terminated` is false after its last op).
pub fn check_terminated(floc: &Location, terminated: bool) -> Result<(), Diagnostic> {
    if terminated {
        Ok(())
    } else {
        Err(err_at(
            floc,
            "a block of the function does not end with a terminator",
        ))
    }
}

/// Reverse post-order of the blocks reachable from `entry`, and the targets of DFS back edges
/// (every CFG cycle contains one: the loop headers that cost fuel).
fn cfg_order(
    ctx: &Context,
    region: RegionId,
    entry: BlockId,
) -> Result<(Vec<BlockId>, HashSet<BlockId>), Diagnostic> {
    let succs = |b: BlockId| -> Result<Vec<BlockId>, Diagnostic> {
        let mut out = Vec::new();
        for op in ctx.ops(b) {
            for &s in ctx.successors(op) {
                if ctx.block_region(s) != Some(region) {
                    return Err(op_err(ctx, op, "has a successor in another region"));
                }
                out.push(s);
            }
        }
        Ok(out)
    };
    // 1 = on the DFS stack, 2 = done.
    let mut state: HashMap<BlockId, u8> = HashMap::new();
    let mut headers = HashSet::new();
    let mut post = Vec::new();
    let mut stack = vec![(entry, succs(entry)?, 0usize)];
    state.insert(entry, 1);
    while let Some((b, ss, i)) = stack.last_mut() {
        if *i < ss.len() {
            let s = ss[*i];
            *i += 1;
            match state.get(&s) {
                None => {
                    state.insert(s, 1);
                    let next = succs(s)?;
                    stack.push((s, next, 0));
                }
                Some(1) => {
                    headers.insert(s);
                }
                _ => {}
            }
        } else {
            let b = *b;
            state.insert(b, 2);
            post.push(b);
            stack.pop();
        }
    }
    post.reverse();
    Ok((post, headers))
}
