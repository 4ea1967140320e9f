//! `--infer-shapes[="join=strict|relaxed"]`: refines every tensor type it can to the most
//! specific one, through nested regions (SEMANTICS.md sections 1, 2 and 4).
//!
//! What it computes, asking only interfaces (no op names):
//! - an op's results, from its operands' refined types: the op's `InferShapedTypes` hook (the
//!   inferred type is met with the declared one) or its exact `InferTypes` hook
//!   ([`infer_refined_result_types`]); an op that does not verify with the refined types keeps
//!   its declared ones;
//! - the values an op with the `RegionBranch` interface receives (its results, the entry
//!   arguments of its regions): the [join](join) of the types flowing into them along its
//!   control-flow edges (`scf.if` and `scf.index_switch` results: what the branches yield;
//!   loop-carried values of `scf.for`, `scf.while`, `weir.loop`: the entry value and what the
//!   body yields), met with the declared type. Inputs fed by one operand slot (a `scf.for`'s
//!   iteration argument and its result) form one class with one type;
//! - loop-carried values declared unranked (to be inferred) start from the entry value's type
//!   and are joined with the body's yields to a fixpoint (each round can only generalize a type,
//!   so at most rank + 2 rounds per value; the strict join fails instead of generalizing a known
//!   size); a loop-carried value declared ranked keeps its declaration as its **shape
//!   invariant** (TensorFlow `shape_invariants`), and every value flowing in must refine it.
//!
//! The type of what flows in looks through `tensor.cast` (each branch or body yields its
//! precise value through a cast to the declared type). The output stays valid MLIR: edges get
//! the precise value or a `tensor.cast` to the receiving type, and an op that does not accept a
//! refined operand (`func.return`, `func.call`, a branch to a block, an unregistered op) gets a
//! `tensor.cast` back to the operand's old type. Function arguments, block arguments of CFG
//! blocks and function results are never changed. `tensor.dim`/`tensor.rank` of what became
//! static then fold in `--canonicalize`, which removes shape-dependent control flow.
//!
//! Errors are located at the op, name the result or carried value's index and both shapes in
//! MindSpore's form (`(3, 5)`, `()`, `(*)`), with a note at each terminator they came from.

pub mod join;

use join::{join_all, join_declared, meet_types, shape_of, JoinError};
use rustc_hash::{FxHashMap, FxHashSet};
use weir_dialect_tensor::{build_cast, CastOp};
use weir_ir::interfaces::infer_types::infer_refined_result_types;
use weir_ir::interfaces::region_branch::{branch_points, BranchPoint, SuccessorsFn, Target};
use weir_ir::shape::{self, JoinMode};
use weir_ir::{
    op_error, Context, DiagResult, Diagnostic, InsertPoint, OpId, RegionId, Type, TypeKind, ValueId,
};
use weir_pass::{Pass, PassInfo, PassOption, PassOptions};

/// `--infer-shapes[="join=strict|relaxed"]`.
pub const PASS: PassInfo = PassInfo {
    name: "infer-shapes",
    summary: "Refine tensor types to the most specific shapes, joining what flows into control-flow results and loop-carried values",
    options: &[PassOption {
        name: "join",
        help: "strict (MindSpore ShapeJoin rules J1-J4, the default) or relaxed (different sizes -> ?, different ranks -> *)",
    }],
    function_level: true,
    create: |o| Ok(Box::new(InferShapes { mode: mode_option(o)? })),
};

fn mode_option(o: &PassOptions) -> Result<JoinMode, String> {
    match o.get_str("join") {
        None | Some("strict") => Ok(JoinMode::Strict),
        Some("relaxed") => Ok(JoinMode::Relaxed),
        Some(other) => Err(format!(
            "invalid value '{other}' for option 'join' (expected 'strict' or 'relaxed')"
        )),
    }
}

struct InferShapes {
    mode: JoinMode,
}

impl Pass for InferShapes {
    fn name(&self) -> &'static str {
        PASS.name
    }

    fn run(&self, ctx: &mut Context, op: OpId, diags: &mut Vec<Diagnostic>) {
        if let Err(d) = infer_shapes(ctx, op, self.mode) {
            diags.push(d);
        }
    }
}

/// Runs shape inference on everything nested in `root` (see the module docs). Errors: a join
/// that fails (strict mode), a value that does not refine a loop's shape invariant; the IR may
/// then hold partly refined types, and the pass fails (as an MLIR pass that signals failure).
pub fn infer_shapes(ctx: &mut Context, root: OpId, mode: JoinMode) -> DiagResult<()> {
    let mut inference = Inference {
        mode,
        declared: FxHashMap::default(),
        last_fixpoint: FxHashMap::default(),
        cast_results: FxHashSet::default(),
    };
    inference.analyze(ctx, root)?;
    inference.repair(ctx, root);
    Ok(())
}

/// The state of the analysis: the declared type of every value whose type it changed.
struct Inference {
    mode: JoinMode,
    declared: FxHashMap<ValueId, Type>,
    /// The last fixpoint of each loop-carried class (by its first member) declared unranked.
    /// A loop nested in a loop is walked again in each round of the outer fixpoint, with
    /// inputs at least as general as before, so its fixpoint can only grow: it restarts from
    /// the last one, and the rounds of all nesting levels add up instead of multiplying.
    last_fixpoint: FxHashMap<ValueId, Type>,
    /// Ops whose results are refined but that do not verify with them (see `refine_op`).
    cast_results: FxHashSet<OpId>,
}

/// One step of the analysis walk (an explicit stack: nesting depth costs no stack).
enum Task {
    /// Refine an op (and schedule its regions).
    Op(OpId),
    /// Continue the fixpoint of a region-branch op.
    Branch(Box<BranchState>),
}

/// Where a value flows in from: operand `operand` of `from` (the op itself for its entry edges,
/// else a terminator in region `region`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Incoming {
    from: OpId,
    operand: usize,
    region: Option<usize>,
}

/// Inputs of a region-branch op that must have one type (they receive the same operands).
struct Class {
    /// `(value, target, index among that edge's inputs)`.
    members: Vec<(ValueId, Target, usize)>,
    incoming: Vec<Incoming>,
    /// Receives a value from a terminator of its own region or a later one (a back edge).
    carried: bool,
    /// The declared type (the members' common type before inference).
    declared: Type,
    /// The first region whose entry arguments are members (`None`: only results).
    first_region: Option<usize>,
}

/// The fixpoint of one region-branch op over its regions.
struct BranchState {
    op: OpId,
    classes: Vec<Class>,
    regions: usize,
    /// The region to process next; `regions` at the end of a round.
    next: usize,
    round: u32,
    max_rounds: u32,
}

impl Inference {
    fn original(&self, ctx: &Context, v: ValueId) -> Type {
        self.declared
            .get(&v)
            .copied()
            .unwrap_or_else(|| ctx.value_type(v))
    }

    fn is_refined(&self, ctx: &Context, v: ValueId) -> bool {
        self.declared
            .get(&v)
            .is_some_and(|&t| t != ctx.value_type(v))
    }

    fn set_type(&mut self, ctx: &mut Context, v: ValueId, ty: Type) {
        let old = ctx.value_type(v);
        if old != ty {
            self.declared.entry(v).or_insert(old);
            ctx.set_value_type(v, ty);
        }
    }

    fn analyze(&mut self, ctx: &mut Context, root: OpId) -> DiagResult<()> {
        let mut stack = vec![Task::Op(root)];
        while let Some(task) = stack.pop() {
            let (op, region) = match task {
                Task::Op(op) => match region_branch(ctx, op) {
                    Some(f) => {
                        let state = BranchState::new(self, ctx, op, f);
                        stack.push(Task::Branch(Box::new(state)));
                        continue;
                    }
                    None => {
                        self.refine_op(ctx, op);
                        let start = stack.len();
                        for &r in ctx.regions(op) {
                            for b in ctx.blocks(r) {
                                stack.extend(ctx.ops(b).map(Task::Op));
                            }
                        }
                        stack[start..].reverse();
                        continue;
                    }
                },
                Task::Branch(mut state) => match state.step(self, ctx)? {
                    Some(i) => {
                        let op = state.op;
                        stack.push(Task::Branch(state));
                        (op, i)
                    }
                    None => continue,
                },
            };
            let r = ctx.regions(op)[region];
            let start = stack.len();
            for b in ctx.blocks(r) {
                stack.extend(ctx.ops(b).map(Task::Op));
            }
            stack[start..].reverse();
        }
        Ok(())
    }

    /// Refines the results of an op without the `RegionBranch` interface from its operands.
    fn refine_op(&mut self, ctx: &mut Context, op: OpId) {
        let Some(def) = ctx.op_def(ctx.name(op)) else {
            return;
        };
        let shaped = def.infer_shaped_types.is_some();
        let exact = def.infer_types.is_some();
        let operands_refined = ctx.operands(op).iter().any(|&v| self.is_refined(ctx, v));
        let results: Vec<ValueId> = ctx.results(op).to_vec();
        for &r in &results {
            let t = self.original(ctx, r);
            self.set_type(ctx, r, t);
        }
        if !operands_refined && !shaped || exact && !self.keeps_type_equalities(ctx, op) {
            return;
        }
        let Some(Ok(kinds)) = infer_refined_result_types(ctx, op) else {
            return;
        };
        if kinds.len() != results.len() {
            return;
        }
        let mut refined = Vec::with_capacity(results.len());
        for (&r, kind) in results.iter().zip(kinds) {
            let declared = ctx.value_type(r);
            let inferred = ctx.intern_type(kind);
            let new = if shaped {
                meet_types(ctx, inferred, declared)
            } else {
                Some(inferred)
            };
            match new {
                Some(t) if t == declared || is_refinement(ctx, t, declared) => refined.push(t),
                _ => return,
            }
        }
        if results
            .iter()
            .zip(&refined)
            .all(|(&r, &t)| ctx.value_type(r) == t)
        {
            return;
        }
        for (&r, &t) in results.iter().zip(&refined) {
            self.set_type(ctx, r, t);
        }
        if weir_ir::verify_local(ctx, op).is_err() {
            if shaped {
                // The op cannot hold the refined type itself (`tensor.empty(%n) :
                // tensor<?x4xf32>` with a known `%n`): it keeps its declared type and the
                // repair asserts the refined one with a cast after it.
                self.cast_results.insert(op);
                return;
            }
            for &r in &results {
                let t = self.original(ctx, r);
                self.set_type(ctx, r, t);
            }
        }
    }

    /// Gives the results of an op that cannot hold its refined types back their declared
    /// types, and their uses a `tensor.cast` to the refined type (registered as refined, so a
    /// use that rejects it is cast back). Nothing to do when every use already is that cast
    /// (a second run).
    fn cast_refined_results(&mut self, ctx: &mut Context, op: OpId) {
        for i in 0..ctx.results(op).len() {
            let r = ctx.result(op, i);
            let (refined, declared) = (ctx.value_type(r), self.original(ctx, r));
            if refined == declared {
                continue;
            }
            ctx.set_value_type(r, declared);
            self.declared.remove(&r);
            let already = ctx.uses(r).iter().all(|u| {
                CastOp::of(ctx, u.op)
                    .is_some_and(|c| ctx.value_type(ctx.result(c.op(), 0)) == refined)
            });
            if already {
                continue;
            }
            let uses: Vec<_> = ctx.uses(r).to_vec();
            let loc = ctx.loc(op);
            let cast = build_cast(ctx, r, refined, loc, InsertPoint::After(op));
            self.declared.insert(cast, declared);
            for u in uses {
                ctx.set_operand(u.op, u.operand as usize, cast);
            }
        }
    }

    /// Whether operands that had one type before inference still have one type: an op whose
    /// result type is exactly inferred from its operands (`arith.addf`'s
    /// `SameOperandsAndResultType`) is written with one type in MLIR's custom syntax, so it
    /// takes refined operands only when they were refined alike.
    fn keeps_type_equalities(&self, ctx: &Context, op: OpId) -> bool {
        let mut now_of: FxHashMap<Type, Type> = FxHashMap::default();
        ctx.operands(op).iter().all(|&v| {
            let now = ctx.value_type(v);
            *now_of.entry(self.original(ctx, v)).or_insert(now) == now
        })
    }

    /// After the analysis: every use of a refined value by an op that does not accept it gets
    /// a cast back to the value's declared type, and every control-flow edge of a
    /// region-branch op forwards a value of exactly the receiving type.
    fn repair(&mut self, ctx: &mut Context, root: OpId) {
        let mut ops = Vec::new();
        let mut stack = vec![root];
        while let Some(op) = stack.pop() {
            ops.push(op);
            let start = stack.len();
            for &r in ctx.regions(op) {
                for b in ctx.blocks(r) {
                    stack.extend(ctx.ops(b));
                }
            }
            stack[start..].reverse();
        }
        for &op in &ops {
            if self.cast_results.contains(&op) {
                self.cast_refined_results(ctx, op);
            }
        }
        let mut branch_ops = Vec::new();
        for &op in &ops {
            if region_branch(ctx, op).is_some() {
                branch_ops.push(op);
            } else if !is_branch_point_of_parent(ctx, op) {
                self.cast_back_if_rejected(ctx, op);
            }
        }
        for op in branch_ops {
            if let Some(f) = region_branch(ctx, op) {
                fix_edges(ctx, op, f);
            }
        }
        // Casts whose result was refined to their source's type cast nothing now.
        for op in ops {
            if ctx.is_erased(op) {
                continue;
            }
            if let Some(cast) = CastOp::of(ctx, op) {
                let (source, result) = (cast.source(ctx), ctx.result(op, 0));
                if ctx.value_type(source) == ctx.value_type(result) {
                    ctx.replace_all_uses(result, source);
                    ctx.erase_op(op);
                }
            }
        }
    }

    fn cast_back_if_rejected(&mut self, ctx: &mut Context, op: OpId) {
        let refined: Vec<usize> = (0..ctx.operands(op).len())
            .filter(|&i| self.is_refined(ctx, ctx.operands(op)[i]))
            .collect();
        if refined.is_empty() {
            return;
        }
        let accepted = ctx.op_def(ctx.name(op)).is_some_and(|d| {
            d.infer_types.is_none()
                || d.infer_shaped_types.is_some()
                || self.keeps_type_equalities(ctx, op)
        }) && weir_ir::verify_local(ctx, op).is_ok();
        if accepted {
            return;
        }
        let loc = ctx.loc(op);
        for i in refined {
            let v = ctx.operands(op)[i];
            let to = self.original(ctx, v);
            // A refined `tensor.cast` result is cast back from the cast's source (its type is
            // cast-compatible with the cast's declared result), not stacked on the cast.
            let from = CastOp::defining(ctx, v).map_or(v, |c| c.source(ctx));
            let cast = build_cast(ctx, from, to, loc.clone(), InsertPoint::Before(op));
            ctx.set_operand(op, i, cast);
            erase_dead_casts(ctx, v);
        }
    }
}

impl BranchState {
    fn new(inf: &mut Inference, ctx: &mut Context, op: OpId, f: SuccessorsFn) -> BranchState {
        let regions: FxHashMap<RegionId, usize> = ctx
            .regions(op)
            .iter()
            .enumerate()
            .map(|(i, &r)| (r, i))
            .collect();
        let region_of = |ctx: &Context, t: OpId| {
            let r = ctx.op_block(t).and_then(|b| ctx.block_region(b))?;
            regions.get(&r).copied()
        };
        // Union the inputs that receive the same operand slot.
        let mut class_of: FxHashMap<ValueId, usize> = FxHashMap::default();
        let mut slot_class: FxHashMap<(OpId, usize), usize> = FxHashMap::default();
        let mut classes: Vec<Class> = Vec::new();
        let mut parent: Vec<usize> = Vec::new();
        fn find(parent: &mut [usize], mut c: usize) -> usize {
            while parent[c] != c {
                parent[c] = parent[parent[c]];
                c = parent[c];
            }
            c
        }
        for point in branch_points(ctx, op) {
            let (from, region) = match point {
                BranchPoint::Parent => (op, None),
                BranchPoint::Terminator(t) => (t, region_of(ctx, t)),
            };
            for s in f(ctx, op, point) {
                for (k, &input) in s.inputs.iter().enumerate() {
                    let operand = s.operands.start + k;
                    let c = *class_of.entry(input).or_insert_with(|| {
                        classes.push(Class {
                            members: vec![(input, s.target, k)],
                            incoming: Vec::new(),
                            carried: false,
                            declared: inf.original(ctx, input),
                            first_region: None,
                        });
                        parent.push(classes.len() - 1);
                        classes.len() - 1
                    });
                    let c = find(&mut parent, c);
                    let inc = Incoming {
                        from,
                        operand,
                        region,
                    };
                    classes[c].incoming.push(inc);
                    if let Target::Region(i) = s.target {
                        if region.is_some_and(|r| r >= i) {
                            classes[c].carried = true;
                        }
                    }
                    if let Some(&other) = slot_class.get(&(from, operand)) {
                        let other = find(&mut parent, other);
                        if other != c {
                            parent[other] = c;
                            let moved = classes[other].take();
                            classes[c].merge(moved);
                        }
                    } else {
                        slot_class.insert((from, operand), c);
                    }
                }
            }
        }
        let roots: FxHashSet<usize> = (0..classes.len()).map(|c| find(&mut parent, c)).collect();
        let mut classes: Vec<Class> = classes
            .into_iter()
            .enumerate()
            .filter(|(i, c)| roots.contains(i) && is_tensor(ctx, c.declared))
            .map(|(_, c)| c)
            .collect();
        for c in &mut classes {
            // An operand slot that feeds two inputs of the class (a yield to the body and to
            // the results) flows in once.
            let mut seen = FxHashSet::default();
            c.incoming.retain(|i| seen.insert(*i));
            c.first_region = c
                .members
                .iter()
                .filter_map(|m| match m.1 {
                    Target::Region(i) => Some(i),
                    Target::Parent => None,
                })
                .min();
        }
        let max_rounds = 2 + classes
            .iter()
            .filter(|c| c.carried)
            .map(|c| rank_of(ctx, c.declared).unwrap_or(0) as u32 + 2)
            .sum::<u32>();
        let mut state = BranchState {
            op,
            classes,
            regions: ctx.regions(op).len(),
            next: 0,
            round: 0,
            max_rounds,
        };
        state.start(inf, ctx);
        state
    }

    /// Loop-carried values start from the entry value (declared unranked) or their
    /// declaration (a shape invariant).
    fn start(&mut self, inf: &mut Inference, ctx: &mut Context) {
        for c in &self.classes {
            if !c.carried {
                continue;
            }
            let mut ty = c.declared;
            if !is_ranked(ctx, c.declared) {
                let mut entry = None;
                for inc in c.incoming.iter().filter(|i| i.region.is_none()) {
                    let p = precise(ctx, ctx.operands(inc.from)[inc.operand]).0;
                    entry = Some(match entry {
                        None => p,
                        Some(e) => join_declared(ctx, c.declared, e, p, JoinMode::Relaxed)
                            .unwrap_or(c.declared),
                    });
                }
                ty = entry.unwrap_or(c.declared);
                if let Some(&last) = inf.last_fixpoint.get(&c.members[0].0) {
                    ty = join_declared(ctx, c.declared, ty, last, inf.mode).unwrap_or(ty);
                }
            }
            for m in &c.members {
                inf.set_type(ctx, m.0, ty);
            }
        }
    }

    /// Advances the fixpoint: the next region to process, or `None` when the op is done.
    fn step(&mut self, inf: &mut Inference, ctx: &mut Context) -> DiagResult<Option<usize>> {
        loop {
            if self.next < self.regions {
                let i = self.next;
                self.next += 1;
                for c in 0..self.classes.len() {
                    if !self.classes[c].carried && self.classes[c].first_region == Some(i) {
                        self.settle(inf, ctx, c)?;
                    }
                }
                return Ok(Some(i));
            }
            for c in 0..self.classes.len() {
                if !self.classes[c].carried && self.classes[c].first_region.is_none() {
                    self.settle(inf, ctx, c)?;
                }
            }
            let mut changed = false;
            for c in 0..self.classes.len() {
                if self.classes[c].carried {
                    changed |= self.widen_carried(inf, ctx, c)?;
                }
            }
            if !changed {
                return Ok(None);
            }
            self.round += 1;
            if self.round > self.max_rounds {
                // Unreachable with a monotone join on shapes of bounded height; widening to
                // unranked guarantees termination all the same.
                for c in &self.classes {
                    if c.carried && !is_ranked(ctx, c.declared) {
                        for m in &c.members {
                            inf.set_type(ctx, m.0, c.declared);
                        }
                    }
                }
            }
            self.next = 0;
        }
    }

    /// Gives a class that is not loop-carried the join of what flows into it, met with its
    /// declaration.
    fn settle(&self, inf: &mut Inference, ctx: &mut Context, c: usize) -> DiagResult<()> {
        let class = &self.classes[c];
        if class.incoming.is_empty() {
            return Ok(());
        }
        let types: Vec<Type> = class
            .incoming
            .iter()
            .map(|inc| precise(ctx, ctx.operands(inc.from)[inc.operand]).0)
            .collect();
        let t = join_all(ctx, class.declared, &types, inf.mode).map_err(|(i, j, e)| {
            let (a, b) = ((types[i], class.incoming[i]), (types[j], class.incoming[j]));
            self.branch_error(ctx, class, a, b, e)
        })?;
        for m in &class.members {
            inf.set_type(ctx, m.0, t);
        }
        Ok(())
    }

    /// Joins a loop-carried class with what the body yields; returns whether its type changed.
    /// A class with a shape invariant only checks that everything flowing in refines it.
    fn widen_carried(&self, inf: &mut Inference, ctx: &mut Context, c: usize) -> DiagResult<bool> {
        let class = &self.classes[c];
        let current = ctx.value_type(class.members[0].0);
        let invariant = is_ranked(ctx, class.declared);
        let mut types = vec![current];
        let mut from = vec![None];
        for &inc in &class.incoming {
            let p = precise(ctx, ctx.operands(inc.from)[inc.operand]).0;
            if invariant {
                if p != class.declared && !is_refinement(ctx, p, class.declared) {
                    return Err(self.invariant_error(ctx, class, p, inc));
                }
            } else if inc.region.is_some() {
                types.push(p);
                from.push(Some(inc));
            }
        }
        if invariant {
            return Ok(false);
        }
        let new = join_all(ctx, class.declared, &types, inf.mode).map_err(|(i, j, e)| {
            let (i, j) = if from[j].is_some() { (i, j) } else { (j, i) };
            match (e, from[j]) {
                (JoinError::Shape(..), Some(inc)) => {
                    self.carried_error(ctx, class, types[i], types[j], inc)
                }
                _ => op_error(ctx, self.op, e.message(ctx)),
            }
        })?;
        inf.last_fixpoint.insert(class.members[0].0, new);
        if new == current {
            return Ok(false);
        }
        for m in &class.members {
            inf.set_type(ctx, m.0, new);
        }
        Ok(true)
    }

    /// `cannot join the results of the branches of 'scf.if': result #0 is () in one branch
    /// and (2) in the other`, with a note at each terminator.
    fn branch_error(
        &self,
        ctx: &Context,
        class: &Class,
        (a, from_a): (Type, Incoming),
        (b, from_b): (Type, Incoming),
        e: JoinError,
    ) -> Diagnostic {
        let what = class_name(class);
        let message = match e {
            JoinError::Shape(..) => format!(
                "cannot join the results of the branches of '{}': {what} is {} in one branch and {} in the other",
                ctx.name_str(self.op),
                shape_of(ctx, a),
                shape_of(ctx, b)
            ),
            JoinError::Type(..) => format!(
                "cannot join the results of the branches of '{}': {what}: {}",
                ctx.name_str(self.op),
                e.message(ctx)
            ),
        };
        Diagnostic::error(ctx.loc(self.op), message)
            .with_note(
                ctx.loc(from_a.from),
                format!("{what} is {} here", shape_of(ctx, a)),
            )
            .with_note(
                ctx.loc(from_b.from),
                format!("{what} is {} here", shape_of(ctx, b)),
            )
    }

    /// A loop-carried value without a shape invariant whose shape changes (strict mode).
    fn carried_error(
        &self,
        ctx: &mut Context,
        class: &Class,
        from: Type,
        to: Type,
        inc: Incoming,
    ) -> Diagnostic {
        // The invariant that would accept both: their relaxed join, if it is ranked.
        let hint = match join_declared(ctx, class.declared, from, to, JoinMode::Relaxed) {
            Ok(t) if is_ranked(ctx, t) => format!(
                "declare a shape invariant ('{}') or use join=relaxed",
                (ctx.type_printer())(ctx, t)
            ),
            _ => {
                "the rank changes, so no shape invariant covers both: use join=relaxed".to_string()
            }
        };
        Diagnostic::error(
            ctx.loc(self.op),
            format!(
                "the shape of loop-carried value #{} of '{}' changes from {} to {} in the body (strict shape join); {hint}",
                carried_index(class),
                ctx.name_str(self.op),
                shape_of(ctx, from),
                shape_of(ctx, to)
            ),
        )
        .with_note(ctx.loc(inc.from), format!("yielded with shape {} here", shape_of(ctx, to)))
    }

    /// A value flowing into a loop-carried value that does not refine its shape invariant.
    fn invariant_error(
        &self,
        ctx: &Context,
        class: &Class,
        got: Type,
        inc: Incoming,
    ) -> Diagnostic {
        let why = if shape::compatible(
            shape::tensor_parts(ctx, got).and_then(|p| p.1),
            shape::tensor_parts(ctx, class.declared).and_then(|p| p.1),
        ) {
            "more general than"
        } else {
            "incompatible with"
        };
        let source = if inc.region.is_none() {
            "its initial value has"
        } else {
            "the body yields"
        };
        Diagnostic::error(
            ctx.loc(self.op),
            format!(
                "loop-carried value #{} of '{}' has the shape invariant {}, but {source} shape {}, which is {why} it",
                carried_index(class),
                ctx.name_str(self.op),
                shape_of(ctx, class.declared),
                shape_of(ctx, got)
            ),
        )
        .with_note(ctx.loc(inc.from), format!("shape {} flows in here", shape_of(ctx, got)))
    }
}

impl Class {
    fn merge(&mut self, other: Class) {
        self.members.extend(other.members);
        self.incoming.extend(other.incoming);
        self.carried |= other.carried;
    }
}

impl Class {
    /// Moves the members and incoming values out (when the class is merged into another).
    fn take(&mut self) -> Class {
        Class {
            members: std::mem::take(&mut self.members),
            incoming: std::mem::take(&mut self.incoming),
            carried: self.carried,
            declared: self.declared,
            first_region: None,
        }
    }
}

/// `result #k` when the class has a result, else `value #k`.
fn class_name(class: &Class) -> String {
    class
        .members
        .iter()
        .find(|m| m.1 == Target::Parent)
        .map(|m| format!("result #{}", m.2))
        .unwrap_or_else(|| format!("value #{}", class.members[0].2))
}

/// The index of a loop-carried class among its region's inputs.
fn carried_index(class: &Class) -> usize {
    class
        .members
        .iter()
        .find(|m| matches!(m.1, Target::Region(_)))
        .map_or(class.members[0].2, |m| m.2)
}

/// Makes every edge of `op` forward a value of the receiving type: the most specific value of
/// a `tensor.cast` chain if it has that type, else a new cast of it; casts left unused are
/// erased.
fn fix_edges(ctx: &mut Context, op: OpId, f: SuccessorsFn) {
    for point in branch_points(ctx, op) {
        let from = match point {
            BranchPoint::Parent => op,
            BranchPoint::Terminator(t) => t,
        };
        for s in f(ctx, op, point) {
            for (k, &input) in s.inputs.iter().enumerate() {
                let i = s.operands.start + k;
                let Some(&v) = ctx.operands(from).get(i) else {
                    continue;
                };
                let want = ctx.value_type(input);
                if ctx.value_type(v) == want {
                    continue;
                }
                let (_, best) = precise(ctx, v);
                let new = if ctx.value_type(best) == want {
                    best
                } else {
                    let loc = ctx.loc(from);
                    build_cast(ctx, best, want, loc, InsertPoint::Before(from))
                };
                ctx.set_operand(from, i, new);
                erase_dead_casts(ctx, v);
            }
        }
    }
}

fn erase_dead_casts(ctx: &mut Context, mut v: ValueId) {
    while let Some(cast) = CastOp::defining(ctx, v) {
        if !ctx.uses(v).is_empty() {
            return;
        }
        let source = cast.source(ctx);
        ctx.erase_op(cast.op());
        v = source;
    }
}

/// The type of what `v` forwards: `v`'s own type, or, when `v` is a `tensor.cast` (a branch or
/// body yielding its value through a cast to the declared type), the most specific type along
/// the chain of casts below it (each cast asserts its source has its result type too, so the
/// value has the meet of them all); and the value of the chain that has that type. The
/// outermost cast's result type is not part of the meet: it is the declaration the value is
/// checked against. A chain whose types are incompatible (a cast that fails at run time) gives
/// its deepest source's type.
fn precise(ctx: &mut Context, v: ValueId) -> (Type, ValueId) {
    let Some(first) = CastOp::defining(ctx, v) else {
        return (ctx.value_type(v), v);
    };
    let mut cur = first.source(ctx);
    let (mut ty, mut best) = (ctx.value_type(cur), cur);
    while let Some(cast) = CastOp::defining(ctx, cur) {
        cur = cast.source(ctx);
        let t = ctx.value_type(cur);
        match meet_types(ctx, ty, t) {
            Some(m) => {
                if m == t {
                    best = cur;
                }
                ty = m;
            }
            None => return (t, cur),
        }
    }
    if ctx.value_type(best) != ty {
        best = first.source(ctx);
    }
    (ty, best)
}

fn region_branch(ctx: &Context, op: OpId) -> Option<SuccessorsFn> {
    ctx.op_def(ctx.name(op)).and_then(|d| d.region_branch)
}

/// Whether `op` is a terminator whose forwarded operands its parent's `RegionBranch` edges
/// describe (they are fixed with the parent's edges).
fn is_branch_point_of_parent(ctx: &Context, op: OpId) -> bool {
    let Some(parent) = ctx.parent_op(op) else {
        return false;
    };
    region_branch(ctx, parent).is_some()
        && ctx.op_block(op).and_then(|b| ctx.last_op(b)) == Some(op)
}

fn is_tensor(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Tensor { .. })
}

fn is_ranked(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Tensor { shape: Some(_), .. })
}

fn rank_of(ctx: &Context, t: Type) -> Option<usize> {
    match ctx.type_kind(t) {
        TypeKind::Tensor { shape, .. } => shape.as_ref().map(Vec::len),
        _ => None,
    }
}

/// Whether tensor type `a` is strictly more specific than `b` (same element type).
fn is_refinement(ctx: &Context, a: Type, b: Type) -> bool {
    match (shape::tensor_parts(ctx, a), shape::tensor_parts(ctx, b)) {
        (Some((ea, sa)), Some((eb, sb))) => ea == eb && a != b && shape::refines(sa, sb),
        _ => false,
    }
}
