//! A reference evaluator of verified tensor programs, so that shape tests also check values:
//! [`eval_func`] runs a `func.func` on given [`Value`]s and returns its results.
//!
//! It is an independent reading of MLIR's documentation of each op (not the folders' code):
//! - values are scalars ([`Value::Scalar`]: integers by width, `index`, `f16`/`bf16`/`f32`/
//!   `f64`) and tensors ([`Tensor`]: shape, element type, row-major elements); integers are kept
//!   as their low `width` bits (wrapping), floats as `f64` holding a value of their type
//!   (`f16`, `bf16` and `f32` are computed in `f32` and rounded back to their type);
//! - control flow: `func.call`/`func.return`, `scf.if`, `scf.for`, `scf.while`,
//!   `scf.index_switch`, `scf.yield`/`scf.condition`, `weir.loop`/`weir.yield` (SEMANTICS.md
//!   section 6), here; every other op in one module per family, dispatched by [`ops`]:
//!   constants, the elementwise ops (arith, math), the tensor ops (whole tensors, slices, ops
//!   with a region per element) and the linalg ops;
//! - runtime faults (an index out of bounds, a shape that does not match, a division by zero,
//!   an unsupported op) are located errors, never panics.
//!
//! Ops are read through their dialects' typed views and op enums; each op's evaluation is one
//! arm of its family module's `eval`, which the dispatch in `ops::eval_op` asks in turn. Regions are evaluated recursively, so nesting
//! depth costs stack (test programs are shallow); every op costs time linear in the elements it
//! reads and writes (an insert copies its destination, as the value semantics say).

mod constant;
mod elementwise;
mod generate;
mod linalg;
pub mod ops;
mod slice;
mod tensor_ops;

use std::collections::HashMap;
use std::rc::Rc;
use weir_dialect_func::{CallOp, FuncOp, ReturnOp};
use weir_dialect_scf::{ConditionOp, ForOp, IfOp, IndexSwitchOp, WhileOp, YieldOp};
use weir_dialect_weir::LoopOp;
use weir_ir::{
    op_error, BlockId, Context, Diagnostic, Dim, FloatKind, OpId, RegionId, Type, TypeKind, ValueId,
};

/// An element type: what a scalar is and how it wraps or rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    /// `iN` (also `siN`/`uiN`): `N` bits, wrapping.
    Int(u32),
    /// `index`: 64 bits, wrapping.
    Index,
    /// `f16`, `bf16`, `f32`, `f64`.
    Float(FloatKind),
}

impl Elem {
    /// The element type of `ty` (a scalar type or the element type of a tensor), if it is one
    /// the evaluator computes with.
    pub fn of(ctx: &Context, ty: Type) -> Option<Elem> {
        match ctx.type_kind(ty) {
            TypeKind::Integer { width, .. } if *width <= 64 => Some(Elem::Int(*width)),
            TypeKind::Index => Some(Elem::Index),
            TypeKind::Float(k) => Some(Elem::Float(*k)),
            TypeKind::Tensor { element, .. } => match ctx.type_kind(*element) {
                TypeKind::Tensor { .. } => None,
                _ => Elem::of(ctx, *element),
            },
            _ => None,
        }
    }

    /// The width in bits of an integer or `index` (`None` for floats).
    pub fn int_width(self) -> Option<u32> {
        match self {
            Elem::Int(w) => Some(w),
            Elem::Index => Some(64),
            Elem::Float(_) => None,
        }
    }

    /// The zero of this type.
    pub fn zero(self) -> Scalar {
        match self {
            Elem::Float(_) => Scalar::Float(0.0),
            _ => Scalar::Int(0),
        }
    }

    /// `x` made a value of this type: an integer wrapped to its width (low bits kept), a float
    /// rounded to its format (round to nearest even).
    pub fn normalize(self, x: Scalar) -> Scalar {
        match (self, x) {
            (Elem::Float(k), Scalar::Float(f)) => Scalar::Float(round(k, f)),
            (e, Scalar::Int(i)) => Scalar::Int(i & mask(e.int_width().unwrap_or(64))),
            (_, s) => s,
        }
    }
}

/// `f` rounded to the float format `k`.
pub fn round(k: FloatKind, f: f64) -> f64 {
    match k {
        FloatKind::F16 => weir_ir::dense::f16_from_f64(f).to_f64(),
        FloatKind::BF16 => weir_ir::dense::bf16_from_f64(f).to_f64(),
        FloatKind::F32 => f as f32 as f64,
        FloatKind::F64 => f,
    }
}

/// The low `w` bits set (`w` up to 64).
pub fn mask(w: u32) -> u128 {
    (1u128 << w) - 1
}

/// The `w`-bit value `bits` read as a signed (two's complement) number.
pub fn signed(bits: u128, w: u32) -> i128 {
    let b = bits & mask(w);
    if w > 0 && b >> (w - 1) & 1 == 1 {
        b as i128 - (1i128 << w)
    } else {
        b as i128
    }
}

/// One scalar: integer bits (the low `width` bits of the value, unsigned) or a float.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    /// An integer or `index`, as its low `width` bits.
    Int(u128),
    /// A float, holding a value of its format.
    Float(f64),
}

/// A tensor value: its runtime shape, element type and row-major elements
/// (`data.len()` is the product of `shape`).
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    /// The sizes, outermost first (empty for a 0-d tensor).
    pub shape: Vec<u64>,
    /// The element type.
    pub elem: Elem,
    /// The elements in row-major order.
    pub data: Vec<Scalar>,
}

impl Tensor {
    /// A tensor of `shape` with every element `x`.
    pub fn filled(shape: Vec<u64>, elem: Elem, x: Scalar) -> Tensor {
        let n = shape.iter().product::<u64>() as usize;
        Tensor {
            shape,
            elem,
            data: vec![elem.normalize(x); n],
        }
    }

    /// A float tensor of `shape` from `values` (rounded to `kind`); `None` if the count
    /// does not match the shape.
    pub fn floats(shape: &[u64], kind: FloatKind, values: &[f64]) -> Option<Tensor> {
        (shape.iter().product::<u64>() as usize == values.len()).then(|| Tensor {
            shape: shape.to_vec(),
            elem: Elem::Float(kind),
            data: values
                .iter()
                .map(|&v| Scalar::Float(round(kind, v)))
                .collect(),
        })
    }

    /// An integer tensor of `shape` from `values` (wrapped to `elem`); `None` if the count
    /// does not match the shape.
    pub fn ints(shape: &[u64], elem: Elem, values: &[i64]) -> Option<Tensor> {
        (shape.iter().product::<u64>() as usize == values.len()).then(|| Tensor {
            shape: shape.to_vec(),
            elem,
            data: values
                .iter()
                .map(|&v| elem.normalize(Scalar::Int(v as i128 as u128)))
                .collect(),
        })
    }

    /// The row-major position of `index`, or `None` when it is out of bounds or of the wrong
    /// rank.
    pub fn offset(&self, index: &[u64]) -> Option<usize> {
        if index.len() != self.shape.len() {
            return None;
        }
        let mut at = 0u64;
        for (&i, &n) in index.iter().zip(&self.shape) {
            if i >= n {
                return None;
            }
            at = at * n + i;
        }
        Some(at as usize)
    }

    /// The elements as `f64`s (integers read as signed numbers).
    pub fn as_f64(&self) -> Vec<f64> {
        self.data
            .iter()
            .map(|&s| scalar_f64(self.elem, s))
            .collect()
    }
}

/// `s` of type `e` as an `f64` (integers read as signed numbers, `i1` as 0/1).
pub fn scalar_f64(e: Elem, s: Scalar) -> f64 {
    match s {
        Scalar::Float(f) => f,
        Scalar::Int(b) if e == Elem::Int(1) => b as f64,
        Scalar::Int(b) => signed(b, e.int_width().unwrap_or(64)) as f64,
    }
}

/// Whether the runtime `shape` has the rank of `dims` and its static sizes.
fn fits_dims(dims: &[Dim], shape: &[u64]) -> bool {
    dims.len() == shape.len()
        && dims
            .iter()
            .zip(shape)
            .all(|(d, &n)| d.is_none_or(|d| d == n))
}

/// Advances `index` to the next row-major index of `shape` (the last dimension fastest),
/// wrapping to zeros after the last one.
fn next_index(index: &mut [u64], shape: &[u64]) {
    for d in (0..index.len()).rev() {
        index[d] += 1;
        if index[d] < shape[d] {
            return;
        }
        index[d] = 0;
    }
}

/// A shape written `(2, 3)`, as the shape diagnostics write it.
pub fn shape_text(s: &[u64]) -> String {
    let parts: Vec<String> = s.iter().map(u64::to_string).collect();
    format!("({})", parts.join(", "))
}

/// The element type of `op`'s first result.
fn result_elem(ctx: &Context, op: OpId) -> EvalResult<Elem> {
    Elem::of(ctx, ctx.value_type(ctx.result(op, 0)))
        .ok_or_else(|| op_error(ctx, op, "has a result type the evaluator does not compute"))
}

/// Whether `v` is a value of type `ty`: the same element type, and for a tensor a shape of
/// the type's rank with its static sizes (any shape for an unranked type).
fn fits(ctx: &Context, v: &Value, ty: Type) -> bool {
    let Some(elem) = Elem::of(ctx, ty) else {
        return false;
    };
    match (v, ctx.type_kind(ty)) {
        (Value::Tensor(t), TypeKind::Tensor { shape, .. }) => {
            t.elem == elem && shape.as_ref().is_none_or(|dims| fits_dims(dims, &t.shape))
        }
        (Value::Scalar(..), TypeKind::Tensor { .. }) => false,
        (Value::Scalar(e, _), _) => *e == elem,
        (Value::Tensor(_), _) => false,
    }
}

/// A runtime value: a scalar of its type or a tensor (shared, since values are immutable).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A scalar of an integer, `index` or float type.
    Scalar(Elem, Scalar),
    /// A tensor.
    Tensor(Rc<Tensor>),
}

impl Value {
    /// An integer or `index` scalar `v` wrapped to `elem`.
    pub fn int(elem: Elem, v: i64) -> Value {
        Value::Scalar(elem, elem.normalize(Scalar::Int(v as i128 as u128)))
    }

    /// A float scalar `v` rounded to `kind`.
    pub fn float(kind: FloatKind, v: f64) -> Value {
        Value::Scalar(Elem::Float(kind), Scalar::Float(round(kind, v)))
    }

    /// A tensor value.
    pub fn tensor(t: Tensor) -> Value {
        Value::Tensor(Rc::new(t))
    }

    /// The tensor, if this is one.
    pub fn as_tensor(&self) -> Option<&Tensor> {
        match self {
            Value::Tensor(t) => Some(t),
            Value::Scalar(..) => None,
        }
    }

    /// A scalar's value as an `f64` (integers signed, `i1` as 0/1); `None` for a tensor.
    pub fn as_f64(&self) -> Option<f64> {
        match *self {
            Value::Scalar(e, s) => Some(scalar_f64(e, s)),
            Value::Tensor(_) => None,
        }
    }
}

/// Evaluates the function `name` of `module` (a verified module) on `args`: its results, or
/// the located error of the first runtime fault.
pub fn eval_func(
    ctx: &Context,
    module: OpId,
    name: &str,
    args: &[Value],
) -> Result<Vec<Value>, Diagnostic> {
    let func = ctx
        .lookup_symbol(module, name)
        .and_then(|f| FuncOp::of(ctx, f))
        .ok_or_else(|| Diagnostic::error(ctx.loc(module), format!("no function @{name}")))?;
    let mut ev = Evaluator {
        ctx,
        module,
        env: HashMap::new(),
        points: Vec::new(),
    };
    ev.call(func, args.to_vec())
}

/// The state of one evaluation: the value of every SSA value computed so far (a value
/// defined in a loop body holds its latest iteration's value) and the iteration points of
/// the enclosing linalg ops (for `linalg.index`).
pub struct Evaluator<'c> {
    ctx: &'c Context,
    module: OpId,
    env: HashMap<ValueId, Value>,
    points: Vec<Vec<u64>>,
}

/// A result of the evaluator: a value or a located error.
pub type EvalResult<T> = Result<T, Diagnostic>;

impl<'c> Evaluator<'c> {
    /// The value of `v` (computed before its use, as dominance guarantees).
    fn get(&self, op: OpId, v: ValueId) -> EvalResult<Value> {
        self.env
            .get(&v)
            .cloned()
            .ok_or_else(|| op_error(self.ctx, op, "uses a value that was not computed"))
    }

    /// The values of `vs`.
    fn get_all(&self, op: OpId, vs: &[ValueId]) -> EvalResult<Vec<Value>> {
        vs.iter().map(|&v| self.get(op, v)).collect()
    }

    /// Binds `values` to `vs` (same length, checked by the verifier of the op that passes them).
    fn bind(&mut self, vs: &[ValueId], values: Vec<Value>) {
        for (&v, x) in vs.iter().zip(values) {
            self.env.insert(v, x);
        }
    }

    /// The integer (or `index`) scalar `v` read as a signed number.
    fn int(&self, op: OpId, v: ValueId) -> EvalResult<i128> {
        match self.get(op, v)? {
            Value::Scalar(e, Scalar::Int(b)) => Ok(signed(b, e.int_width().unwrap_or(64))),
            _ => Err(op_error(self.ctx, op, "expects an integer operand")),
        }
    }

    /// The `i1` scalar `v`.
    fn bool(&self, op: OpId, v: ValueId) -> EvalResult<bool> {
        match self.get(op, v)? {
            Value::Scalar(_, Scalar::Int(b)) => Ok(b & 1 == 1),
            _ => Err(op_error(self.ctx, op, "expects an i1 operand")),
        }
    }

    /// Calls `func` with `args`: the values its `func.return` returns.
    fn call(&mut self, func: FuncOp, args: Vec<Value>) -> EvalResult<Vec<Value>> {
        let ctx = self.ctx;
        let (inputs, _) = func.signature(ctx);
        if args.len() != inputs.len() {
            return Err(op_error(
                ctx,
                func.op(),
                format!("takes {} arguments, got {}", inputs.len(), args.len()),
            ));
        }
        if let Some(i) = (0..args.len()).find(|&i| !fits(ctx, &args[i], inputs[i])) {
            return Err(op_error(
                ctx,
                func.op(),
                format!(
                    "argument #{i} does not fit its type {}",
                    weir_syntax::type_to_string(ctx, inputs[i])
                ),
            ));
        }
        let entry = ctx
            .entry_block(func.body(ctx))
            .ok_or_else(|| op_error(ctx, func.op(), "is a declaration"))?;
        let term = self.run_block(entry, args)?;
        let ret = ReturnOp::of(ctx, term)
            .ok_or_else(|| op_error(ctx, term, "ends a function body without func.return"))?;
        self.get_all(term, ret.values(ctx))
    }

    /// Runs `block` with its arguments bound to `args`: the block's terminator (evaluated as a
    /// no-op; the caller reads what it passes on).
    fn run_block(&mut self, block: BlockId, args: Vec<Value>) -> EvalResult<OpId> {
        let ctx = self.ctx;
        self.bind(ctx.block_args(block), args);
        let mut last = None;
        for op in ctx.ops(block) {
            ops::eval_op(self, op)?;
            last = Some(op);
        }
        last.ok_or_else(|| {
            Diagnostic::error(ctx.loc(self.module), "an empty block has no terminator")
        })
    }

    /// Runs the single block of `region` (of `op`) with `args`: the values its `scf.yield`
    /// yields.
    fn run_yielding(
        &mut self,
        op: OpId,
        region: RegionId,
        args: Vec<Value>,
    ) -> EvalResult<Vec<Value>> {
        let ctx = self.ctx;
        let block = ctx
            .entry_block(region)
            .ok_or_else(|| op_error(ctx, op, "has an empty region"))?;
        let term = self.run_block(block, args)?;
        let y = YieldOp::of(ctx, term)
            .ok_or_else(|| op_error(ctx, op, "has a region not ending with scf.yield"))?;
        self.get_all(term, y.values(ctx))
    }

    /// The control-flow ops (func, scf, weir): `Some(results)` if `op` is one of them.
    fn control(&mut self, op: OpId) -> EvalResult<Option<Vec<Value>>> {
        let ctx = self.ctx;
        if let Some(call) = CallOp::of(ctx, op) {
            let callee = ctx
                .lookup_symbol(self.module, call.callee(ctx))
                .and_then(|f| FuncOp::of(ctx, f))
                .ok_or_else(|| op_error(ctx, op, "calls an unknown function"))?;
            let args = self.get_all(op, call.args(ctx))?;
            return self.call(callee, args).map(Some);
        }
        if let Some(i) = IfOp::of(ctx, op) {
            let region = if self.bool(op, i.condition(ctx))? {
                i.then_region(ctx)
            } else {
                i.else_region(ctx)
            };
            if ctx.entry_block(region).is_none() {
                return Ok(Some(Vec::new())); // no else region: no results
            }
            return self.run_yielding(op, region, Vec::new()).map(Some);
        }
        if let Some(s) = IndexSwitchOp::of(ctx, op) {
            let x = self.int(op, s.arg(ctx))?;
            let region = match s.cases(ctx).iter().position(|&c| c as i128 == x) {
                Some(i) => s.case_region(ctx, i),
                None => s.default_region(ctx),
            };
            return self.run_yielding(op, region, Vec::new()).map(Some);
        }
        if let Some(f) = ForOp::of(ctx, op) {
            return self.run_for(f).map(Some);
        }
        if let Some(w) = WhileOp::of(ctx, op) {
            return self.run_while(w).map(Some);
        }
        if let Some(l) = LoopOp::of(ctx, op) {
            return self.run_loop(l).map(Some);
        }
        Ok(None)
    }

    /// `scf.for`: `iv` from `lb` while `iv < ub` (signed, or unsigned with `unsignedCmp`),
    /// stepping by `step` (which must be positive).
    fn run_for(&mut self, f: ForOp) -> EvalResult<Vec<Value>> {
        let ctx = self.ctx;
        let op = f.op();
        let iv_ty = ctx.value_type(f.induction_var(ctx));
        let elem = Elem::of(ctx, iv_ty)
            .ok_or_else(|| op_error(ctx, op, "has a bad induction variable"))?;
        let w = elem.int_width().unwrap_or(64);
        let unsigned = f.is_unsigned(ctx);
        // The bounds as numbers: signed, or unsigned with `unsignedCmp`.
        let key = |v: i128| {
            let b = (v as u128) & mask(w);
            if unsigned {
                b as i128
            } else {
                signed(b, w)
            }
        };
        let lb = key(self.int(op, f.lower_bound(ctx))?);
        let ub = key(self.int(op, f.upper_bound(ctx))?);
        let step = key(self.int(op, f.step(ctx))?);
        if step <= 0 {
            return Err(op_error(ctx, op, "has a step that is not positive"));
        }
        let mut carried = self.get_all(op, f.init_args(ctx))?;
        let mut iv = lb;
        let body = f.body(ctx);
        while iv < ub {
            let mut args = vec![Value::Scalar(elem, elem.normalize(Scalar::Int(iv as u128)))];
            args.extend(carried);
            let term = self.run_block(body, args)?;
            carried = self.get_all(term, f.yielded(ctx))?;
            iv += step; // i128: no overflow for 64-bit bounds
        }
        Ok(carried)
    }

    /// `scf.while`: the before region decides (`scf.condition`), the after region yields
    /// the next values; the results are the values forwarded when the condition is false.
    fn run_while(&mut self, w: WhileOp) -> EvalResult<Vec<Value>> {
        let ctx = self.ctx;
        let op = w.op();
        let mut carried = self.get_all(op, w.inits(ctx))?;
        loop {
            let term = self.run_block(w.before(ctx), carried)?;
            let cond = ConditionOp::of(ctx, term).ok_or_else(|| {
                op_error(ctx, op, "has a before region not ending with scf.condition")
            })?;
            let forwarded = self.get_all(term, cond.forwarded(ctx))?;
            if !self.bool(term, cond.condition(ctx))? {
                return Ok(forwarded);
            }
            let term = self.run_block(w.after(ctx), forwarded)?;
            carried = self.get_all(term, w.yielded(ctx))?;
        }
    }

    /// `weir.loop` (SEMANTICS.md section 6): `for (it = 0; it < max && cond; ++it) { cond,
    /// vars = body(it, cond, vars) }`, `max` absent = unbounded, initial `cond` absent = true.
    fn run_loop(&mut self, l: LoopOp) -> EvalResult<Vec<Value>> {
        let ctx = self.ctx;
        let op = l.op();
        let max = l.max_trip_count(ctx).map(|v| self.int(op, v)).transpose()?;
        let mut cond = match l.initial_condition(ctx) {
            Some(v) => self.bool(op, v)?,
            None => true,
        };
        let it_ty = ctx.value_type(l.iteration_number(ctx));
        let it_elem =
            Elem::of(ctx, it_ty).ok_or_else(|| op_error(ctx, op, "has a bad iteration number"))?;
        let mut carried = self.get_all(op, l.inits(ctx))?;
        let mut it: i64 = 0;
        while cond && max.is_none_or(|m| (it as i128) < m) {
            let mut args = vec![Value::int(it_elem, it), Value::int(Elem::Int(1), 1)];
            args.extend(carried);
            let term = self.run_block(l.body(ctx), args)?;
            let y = weir_dialect_weir::YieldOp::of(ctx, term)
                .ok_or_else(|| op_error(ctx, op, "has a body not ending with weir.yield"))?;
            cond = self.bool(term, y.condition(ctx))?;
            carried = self.get_all(term, y.values(ctx))?;
            it += 1;
        }
        Ok(carried)
    }
}
