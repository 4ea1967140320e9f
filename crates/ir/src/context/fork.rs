//! Forking a child [`Context`] for work on another thread, and merging the work back: how the
//! pass manager runs function-level passes on the functions of a module in parallel (MLIR does
//! it for ops isolated from above) although all IR lives in one arena.
//!
//! - [`Context::fork`] copies the interning tables (types, attributes, op and attribute names,
//!   resources) once, shares the registry (an `Arc`), and copies the root op: the chosen ops of
//!   its blocks whole, the other ops as *stubs* (name, attributes, result types and location,
//!   regions empty), so that symbol lookups from inside a chosen op (a `func.call`'s verifier
//!   reads its callee's signature) find what they find in the parent. A type, attribute or
//!   name id below the lengths of the tables at the fork means the same thing in both
//!   contexts, so copying into the child translates nothing.
//! - [`Context::merge`] replaces a chosen op's attributes, location and region contents in the
//!   parent by those of its copy in the child; what the child interned after the fork (ids at
//!   or above those lengths) is interned in the parent, looked up by value.
//!
//! The chosen ops must be isolated from above (no operand of a nested op is defined outside
//! them) and have no operands or successors: a copy refers to nothing outside itself. Copies
//! are made in a fixed walk order, so the parent's state after merging depends only on the
//! merged IR, not on how the ops were split between children.

use super::*;
use crate::attributes::DialectParam;
use crate::location::LocKey;
use rustc_hash::FxHashSet;

/// The lengths of the interning tables at the fork: ids below them mean the same in the
/// parent and the child.
#[derive(Clone, Copy)]
struct Base {
    types: u32,
    attrs: u32,
    op_names: usize,
    attr_names: usize,
    files: u32,
    other_locs: u32,
}

/// A child context made by [`Context::fork`], to be given back to [`Context::merge`].
pub struct Fork {
    /// The child context (one thread, see [`Context::set_threads`]).
    pub ctx: Context,
    /// The copies in [`Fork::ctx`] of the chosen ops, in the order they were given.
    pub ops: Vec<OpId>,
    /// The chosen ops in the parent, in the same order.
    parents: Vec<OpId>,
    base: Base,
}

impl Context {
    /// A child context holding a copy of `root` with the `chosen` ops of its blocks whole and
    /// the other ops of its blocks as stubs (see the module docs; each chosen op must be
    /// isolated from above and have no operands or successors). O(size of the interning
    /// tables + size of the chosen ops + number of ops in `root`'s blocks).
    pub fn fork(&self, root: OpId, chosen: &[OpId]) -> Fork {
        let mut child = Context {
            types: self.types.clone(),
            type_ids: self.type_ids.clone(),
            attrs: self.attrs.clone(),
            attr_ids: self.attr_ids.clone(),
            resources: self.resources.clone(),
            op_names: self.op_names.clone(),
            op_name_ids: self.op_name_ids.clone(),
            attr_names: self.attr_names.clone(),
            attr_name_ids: self.attr_name_ids.clone(),
            locations: self.locations.unshared_copy(),
            registry: Arc::clone(&self.registry),
            type_printer: self.type_printer,
            ..Context::default()
        };
        let base = Base {
            types: self.types.len() as u32,
            attrs: self.attrs.len() as u32,
            op_names: self.op_names.len(),
            attr_names: self.attr_names.len(),
            files: self.locations.lens().0,
            other_locs: self.locations.lens().1,
        };
        let wanted: FxHashSet<OpId> = chosen.iter().copied().collect();
        let mut copied: FxHashMap<OpId, OpId> = FxHashMap::default();
        let mut t = Transfer::new(self, base);
        let mut regions = Vec::new();
        for &r in self.regions(root) {
            let nr = child.new_region();
            for b in self.blocks(r) {
                let types = self.block_arg_types(b);
                let nb = child.new_block(&types);
                child.append_block(nr, nb);
                for op in self.ops(b) {
                    let c = if wanted.contains(&op) {
                        let c = t.copy_op(&mut child, op);
                        copied.insert(op, c);
                        c
                    } else {
                        t.stub(&mut child, op)
                    };
                    child.insert_op(c, InsertPoint::End(nb));
                }
            }
            regions.push(nr);
        }
        t.order_lists(&mut child);
        let mut state = t.shallow_state(&mut child, root);
        state.regions = regions;
        child.create_op(state);
        let ops = chosen
            .iter()
            .map(|op| copied[op]) // chosen ops are in root's blocks (documented precondition)
            .collect();
        Fork {
            ctx: child,
            ops,
            parents: chosen.to_vec(),
            base,
        }
    }

    /// Gives each of the first `count` chosen ops of `fork` (in the order given to
    /// [`Context::fork`]) the attributes, location and region contents of its copy in the
    /// child, interning in `self` what the child interned after the fork. O(size of the old
    /// and new contents + size of the child).
    pub fn merge(&mut self, fork: &Fork, count: usize) {
        let src = &fork.ctx;
        let mut t = Transfer::new(src, fork.base);
        for (&op, &copy) in fork.parents.iter().zip(&fork.ops).take(count) {
            let attrs: Vec<NamedAttr> = src
                .attrs(copy)
                .iter()
                .map(|a| NamedAttr {
                    name: t.attr_name(self, a.name),
                    value: t.attr(self, a.value),
                })
                .collect();
            self.index_symbol(op, false);
            let d = &mut self.ops[op.index()];
            self.lists.attrs.clear(&mut d.attrs);
            d.attrs = self.lists.attrs.from_slice(&attrs);
            self.index_symbol(op, true);
            self.ops[op.index()].loc = t.loc(self, src.op(copy).loc);
            for (k, &from) in src.regions(copy).iter().enumerate() {
                let into = self.region(op, k);
                let mut slots = self.recycled.take().unwrap_or_default();
                let start = slots.counts();
                let blocks = self.region_blocks(into);
                for &b in &blocks {
                    self.collect_slots(b, &mut slots);
                }
                for b in blocks.into_iter().rev() {
                    self.erase_block(b);
                }
                self.release_slots(&slots, start);
                self.recycled = Some(slots);
                t.copy_region(self, from, into);
            }
        }
        self.recycled = None;
        t.order_lists(self);
    }

    /// Adds to `slots` the ids of `block`, its arguments, its ops, their results, regions and
    /// everything nested in them (about to be erased by a merge, which reuses them).
    fn collect_slots(&self, block: BlockId, slots: &mut Recycled) {
        let mut stack = vec![block];
        while let Some(b) = stack.pop() {
            slots.blocks.push(b);
            slots.values.extend_from_slice(self.block_args(b));
            for op in self.ops(b) {
                slots.ops.push(op);
                slots.values.extend_from_slice(self.results(op));
                for &r in self.regions(op) {
                    slots.regions.push(r);
                    stack.extend(self.blocks(r));
                }
            }
        }
    }

    /// Gives back to the pools the lists that erasing left to the erased entities in `slots`
    /// from the counts `start` on (results, regions, block arguments, predecessors, uses),
    /// and forgets their arguments' locations, so that a reused slot starts empty.
    fn release_slots(&mut self, slots: &Recycled, start: [usize; 3]) {
        for &op in &slots.ops[start[0]..] {
            let d = &mut self.ops[op.index()];
            self.lists.values.clear(&mut d.results);
            self.lists.regions.clear(&mut d.regions);
        }
        for &b in &slots.blocks[start[1]..] {
            let d = &mut self.blocks[b.index()];
            self.lists.values.clear(&mut d.args);
            self.lists.preds.clear(&mut d.preds);
        }
        for &v in &slots.values[start[2]..] {
            self.lists.uses.clear(&mut self.values[v.index()].uses);
            self.arg_locs.remove(&v);
        }
    }
}

/// Ids of the entities of the bodies a merge replaced, which its copies take (last first)
/// before the tables grow: a merged function then costs the growth of its body, not a second
/// body, while the old one's slots stay as tombstones. No pass runs during a merge, so no
/// stale id can alias a new entity (ARCHITECTURE.md, "Pooled lists").
#[derive(Default)]
pub(super) struct Recycled {
    pub(super) ops: Vec<OpId>,
    pub(super) values: Vec<ValueId>,
    pub(super) blocks: Vec<BlockId>,
    pub(super) regions: Vec<RegionId>,
}

impl Recycled {
    /// How many ops, blocks and values it holds.
    fn counts(&self) -> [usize; 3] {
        [self.ops.len(), self.blocks.len(), self.values.len()]
    }
}

/// One copy of IR from `src` into another context: the values and blocks copied so far, and
/// the ids interned after the fork translated so far.
struct Transfer<'s> {
    src: &'s Context,
    base: Base,
    /// The copies of values, blocks and ops, indexed by the original's index.
    values: Vec<Option<ValueId>>,
    blocks: Vec<Option<BlockId>>,
    ops: Vec<Option<OpId>>,
    /// Values used before their definition was copied (a CFG may use a value in a block laid
    /// out before its definition's): the detached placeholder standing for each.
    pending: FxHashMap<ValueId, ValueId>,
    types: FxHashMap<Type, Type>,
    attrs: FxHashMap<Attr, Attr>,
}

impl<'s> Transfer<'s> {
    fn new(src: &'s Context, base: Base) -> Self {
        Transfer {
            src,
            base,
            values: vec![None; src.value_capacity()],
            blocks: vec![None; src.block_capacity()],
            ops: vec![None; src.op_capacity()],
            pending: FxHashMap::default(),
            types: FxHashMap::default(),
            attrs: FxHashMap::default(),
        }
    }

    /// A detached copy of `op` and everything nested in it.
    fn copy_op(&mut self, dst: &mut Context, op: OpId) -> OpId {
        let mut to_fill = Vec::new();
        let copy = self.shallow(dst, op, &mut to_fill);
        self.fill(dst, to_fill);
        copy
    }

    /// Appends copies of the blocks of `from` (and their ops) to `into`.
    fn copy_region(&mut self, dst: &mut Context, from: RegionId, into: RegionId) {
        let mut to_fill = Vec::new();
        self.copy_blocks(dst, from, into, &mut to_fill);
        self.fill(dst, to_fill);
    }

    /// Copies the ops of each `(source block, copy)` of `to_fill` (and what they contain).
    fn fill(&mut self, dst: &mut Context, mut to_fill: Vec<(BlockId, BlockId)>) {
        while let Some((block, copy)) = to_fill.pop() {
            for op in self.src.ops(block) {
                let c = self.shallow(dst, op, &mut to_fill);
                dst.insert_op(c, InsertPoint::End(copy));
            }
        }
    }

    /// Once everything is copied: gives every copied value's use list and every copied block's predecessor list the
    /// order of the original's. Passes visit users and predecessors in list order (the
    /// rewrite driver's worklist, for one), and that order records the IR's history (removals
    /// move the last entry into the hole), so a copy must keep it for a pass on the copy to do
    /// what it does on the original. Every user of a value and every predecessor of a block
    /// of an isolated op is inside it, so both lists hold the copies of the same entries.
    fn order_lists(&mut self, dst: &mut Context) {
        let src = self.src;
        let copied = |i: usize, c: &Option<ValueId>| c.map(|c| (ValueId::from_index(i), c));
        for (v, copy) in self
            .values
            .iter()
            .enumerate()
            .filter_map(|(i, c)| copied(i, c))
        {
            let uses = src.uses(v);
            let list = dst.values[copy.index()].uses;
            if uses.len() < 2 || dst.lists.uses.get(list).len() != uses.len() {
                continue;
            }
            for (k, u) in uses.iter().enumerate() {
                let new = Use {
                    op: self.ops[u.op.index()].expect("users of a copied value are copied"),
                    operand: u.operand,
                };
                dst.lists.uses.get_mut(list)[k] = new;
                let pos = dst.ops[new.op.index()].use_pos;
                dst.lists.positions.get_mut(pos)[new.operand as usize] = k as u32;
            }
        }
        let copied = |i: usize, c: &Option<BlockId>| c.map(|c| (BlockId::from_index(i), c));
        for (b, copy) in self
            .blocks
            .iter()
            .enumerate()
            .filter_map(|(i, c)| copied(i, c))
        {
            let preds = src.predecessors(b);
            let list = dst.blocks[copy.index()].preds;
            if preds.len() < 2 || dst.lists.preds.get(list).len() != preds.len() {
                continue;
            }
            for (k, &(op, slot)) in preds.iter().enumerate() {
                let op = self.ops[op.index()].expect("predecessors of a copied block are copied");
                dst.lists.preds.get_mut(list)[k] = (op, slot);
                let pos = dst.ops[op.index()].pred_pos;
                dst.lists.positions.get_mut(pos)[slot as usize] = k as u32;
            }
        }
    }

    /// Empty copies of `from`'s blocks (with their arguments) appended to `into`; each pair is
    /// pushed on `to_fill`.
    fn copy_blocks(
        &mut self,
        dst: &mut Context,
        from: RegionId,
        into: RegionId,
        to_fill: &mut Vec<(BlockId, BlockId)>,
    ) {
        let src = self.src;
        for b in src.blocks(from) {
            let nb = dst.new_block(&[]);
            for &a in src.block_args(b) {
                let ty = self.ty(dst, src.value_type(a));
                let na = dst.add_block_arg(nb, ty);
                if let Some(&l) = src.arg_locs.get(&a) {
                    let l = self.loc(dst, l);
                    dst.arg_locs.insert(na, l);
                }
                self.define(dst, a, na);
            }
            dst.append_block(into, nb);
            self.blocks[b.index()] = Some(nb);
            to_fill.push((b, nb));
        }
    }

    /// A detached copy of `op` with empty copies of its regions' blocks (pushed on `to_fill`).
    fn shallow(
        &mut self,
        dst: &mut Context,
        op: OpId,
        to_fill: &mut Vec<(BlockId, BlockId)>,
    ) -> OpId {
        let src = self.src;
        let mut state = self.shallow_state(dst, op);
        for &r in src.regions(op) {
            let nr = dst.new_region();
            self.copy_blocks(dst, r, nr, to_fill);
            state.regions.push(nr);
        }
        state.operands = src
            .operands(op)
            .iter()
            .map(|&v| self.value(dst, v))
            .collect();
        state.successors = src
            .successors(op)
            .iter()
            .map(|b| self.blocks[b.index()].expect("successors are blocks of copied regions"))
            .collect();
        let loc = self.loc(dst, src.op(op).loc);
        let copy = dst.create_op_at(state, loc);
        self.ops[op.index()] = Some(copy);
        for (i, &r) in src.results(op).iter().enumerate() {
            let nr = dst.result(copy, i);
            self.define(dst, r, nr);
        }
        copy
    }

    /// A detached stub of `op`: its name, attributes, result types and location, and as many
    /// regions, empty.
    fn stub(&mut self, dst: &mut Context, op: OpId) -> OpId {
        let mut state = self.shallow_state(dst, op);
        state.regions = (0..self.src.regions(op).len())
            .map(|_| dst.new_region())
            .collect();
        let loc = self.loc(dst, self.src.op(op).loc);
        dst.create_op_at(state, loc)
    }

    /// `op`'s name, result types and attributes, translated; no operands, regions or
    /// successors, an unknown location (the caller copies the interned one).
    fn shallow_state(&mut self, dst: &mut Context, op: OpId) -> OpState {
        let src = self.src;
        let mut state = OpState::new(self.op_name(dst, src.name(op)), Location::Unknown);
        state.result_types = src
            .results(op)
            .iter()
            .map(|&v| self.ty(dst, src.value_type(v)))
            .collect();
        state.attrs = src
            .attrs(op)
            .iter()
            .map(|a| NamedAttr {
                name: self.attr_name(dst, a.name),
                value: self.attr(dst, a.value),
            })
            .collect();
        state
    }

    /// The copy of `v` (a placeholder if its definition is not copied yet).
    fn value(&mut self, dst: &mut Context, v: ValueId) -> ValueId {
        if let Some(c) = self.values[v.index()] {
            return c;
        }
        if let Some(&p) = self.pending.get(&v) {
            return p;
        }
        let ty = self.ty(dst, self.src.value_type(v));
        let p = dst.new_detached_value(ty);
        self.pending.insert(v, p);
        p
    }

    /// Records `copy` as the copy of `v`, replacing the placeholder used for it so far.
    fn define(&mut self, dst: &mut Context, v: ValueId, copy: ValueId) {
        self.values[v.index()] = Some(copy);
        if let Some(p) = self.pending.remove(&v) {
            dst.replace_all_uses(p, copy);
        }
    }

    /// The location `loc` of the source as interned in `dst`: the same id when it was in the
    /// tables at the fork (no `Arc` is touched: threads copying at once do not contend).
    fn loc(&mut self, dst: &mut Context, loc: CompactLoc) -> CompactLoc {
        match loc.key() {
            LocKey::File { file, .. } if file < self.base.files => loc,
            LocKey::Other(id) if id < self.base.other_locs => loc,
            _ => dst.locations.intern(self.src.locations.get(loc)),
        }
    }

    fn op_name(&mut self, dst: &mut Context, n: OpName) -> OpName {
        if n.index() < self.base.op_names {
            n
        } else {
            dst.op_name(self.src.op_name_str(n))
        }
    }

    fn attr_name(&mut self, dst: &mut Context, n: AttrName) -> AttrName {
        if n.index() < self.base.attr_names {
            n
        } else {
            dst.attr_name(self.src.attr_name_str(n))
        }
    }

    fn ty(&mut self, dst: &mut Context, t: Type) -> Type {
        if t.0 < self.base.types {
            return t;
        }
        if let Some(&c) = self.types.get(&t) {
            return c;
        }
        let src = self.src;
        let kind = match src.type_kind(t) {
            TypeKind::Function { inputs, results } => TypeKind::Function {
                inputs: inputs.iter().map(|&x| self.ty(dst, x)).collect(),
                results: results.iter().map(|&x| self.ty(dst, x)).collect(),
            },
            TypeKind::Tensor { shape, element } => TypeKind::Tensor {
                shape: shape.clone(),
                element: self.ty(dst, *element),
            },
            TypeKind::Vector { shape, element } => TypeKind::Vector {
                shape: shape.clone(),
                element: self.ty(dst, *element),
            },
            TypeKind::Tuple(items) => {
                TypeKind::Tuple(items.iter().map(|&x| self.ty(dst, x)).collect())
            }
            TypeKind::MemRef {
                shape,
                element,
                layout,
                memory_space,
            } => TypeKind::MemRef {
                shape: shape.clone(),
                element: self.ty(dst, *element),
                layout: layout.map(|a| self.attr(dst, a)),
                memory_space: memory_space.map(|a| self.attr(dst, a)),
            },
            TypeKind::Dialect {
                dialect,
                mnemonic,
                params,
            } => TypeKind::Dialect {
                dialect: dialect.clone(),
                mnemonic: mnemonic.clone(),
                params: self.params(dst, params),
            },
            other @ (TypeKind::Integer { .. }
            | TypeKind::Index
            | TypeKind::Float(_)
            | TypeKind::None
            | TypeKind::Opaque(_)) => other.clone(),
        };
        let c = dst.intern_type(kind);
        self.types.insert(t, c);
        c
    }

    fn attr(&mut self, dst: &mut Context, a: Attr) -> Attr {
        if a.0 < self.base.attrs {
            return a;
        }
        if let Some(&c) = self.attrs.get(&a) {
            return c;
        }
        let src = self.src;
        let kind = match src.attr_kind(a) {
            AttrKind::Integer { value, ty } => AttrKind::Integer {
                value: *value,
                ty: self.ty(dst, *ty),
            },
            AttrKind::Float { bits, ty } => AttrKind::Float {
                bits: *bits,
                ty: self.ty(dst, *ty),
            },
            AttrKind::Array(items) => {
                AttrKind::Array(items.iter().map(|&x| self.attr(dst, x)).collect())
            }
            AttrKind::Dict(entries) => AttrKind::Dict(
                entries
                    .iter()
                    .map(|(k, x)| (k.clone(), self.attr(dst, *x)))
                    .collect(),
            ),
            AttrKind::Dense(d) => {
                let (ty, element) = (self.ty(dst, d.ty()), self.ty(dst, d.element_type()));
                AttrKind::Dense(d.with_types(ty, element))
            }
            AttrKind::DenseResource { ty, name } => AttrKind::DenseResource {
                ty: self.ty(dst, *ty),
                name: name.clone(),
            },
            AttrKind::DenseArray { element, values } => AttrKind::DenseArray {
                element: self.ty(dst, *element),
                values: values.clone(),
            },
            AttrKind::Type(t) => AttrKind::Type(self.ty(dst, *t)),
            AttrKind::Dialect {
                dialect,
                mnemonic,
                params,
            } => AttrKind::Dialect {
                dialect: dialect.clone(),
                mnemonic: mnemonic.clone(),
                params: self.params(dst, params),
            },
            other @ (AttrKind::Bool(_)
            | AttrKind::String(_)
            | AttrKind::Unit
            | AttrKind::SymbolRef(_)
            | AttrKind::AffineMap(_)
            | AttrKind::Strided { .. }
            | AttrKind::Opaque(_)
            | AttrKind::BuiltinText(_)) => other.clone(),
        };
        let c = dst.attr(kind);
        self.attrs.insert(a, c);
        c
    }

    fn params(&mut self, dst: &mut Context, params: &[DialectParam]) -> Vec<DialectParam> {
        params
            .iter()
            .map(|p| match p {
                DialectParam::Type(t) => DialectParam::Type(self.ty(dst, *t)),
                DialectParam::Attr(a) => DialectParam::Attr(self.attr(dst, *a)),
                other => other.clone(),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::Traits;

    /// A context with a symbol-table `t.module` and an isolated `t.func` registered.
    fn ctx() -> Context {
        let mut ctx = Context::new();
        ctx.register(OpDef::new(
            "t.module",
            Traits::SYMBOL_TABLE | Traits::ISOLATED_FROM_ABOVE | Traits::NO_TERMINATOR,
        ));
        ctx.register(OpDef::new(
            "t.func",
            Traits::ISOLATED_FROM_ABOVE | Traits::NO_TERMINATOR,
        ));
        ctx
    }

    /// `t.func @name` with one block of one `i32` argument holding `t.use %arg`.
    fn func(ctx: &mut Context, block: BlockId, name: &str) -> OpId {
        let i32 = ctx.int_type(32);
        let body = ctx.new_block(&[i32]);
        let arg = ctx.block_args(body)[0];
        let mut st = OpState::new(ctx.op_name("t.use"), Location::Unknown);
        st.operands = vec![arg];
        ctx.build_op(st, InsertPoint::End(body));
        let region = ctx.new_region();
        ctx.append_block(region, body);
        let mut st = OpState::new(ctx.op_name("t.func"), Location::Unknown);
        let sym = ctx.str_attr(name);
        st.attrs = vec![NamedAttr {
            name: ctx.attr_name(SYMBOL_ATTR),
            value: sym,
        }];
        st.regions = vec![region];
        ctx.build_op(st, InsertPoint::End(block))
    }

    /// Types, attributes, op names and attribute names created in the child after the fork
    /// survive the merge (interned in the parent by value); unchosen ops stay as they were;
    /// symbol lookups from the child find the stubs.
    #[test]
    fn what_the_child_creates_survives_the_merge() {
        let mut ctx = ctx();
        let top = ctx.new_block(&[]);
        let f = func(&mut ctx, top, "f");
        let g = func(&mut ctx, top, "g");
        let region = ctx.new_region();
        ctx.append_block(region, top);
        let mut st = OpState::new(ctx.op_name("t.module"), Location::Unknown);
        st.regions = vec![region];
        let module = ctx.create_op(st);

        let mut fork = ctx.fork(module, &[g]);
        let child = &mut fork.ctx;
        let cg = fork.ops[0];
        let child_module = child.parent_op(cg).unwrap();
        assert_eq!(
            child
                .lookup_symbol(child_module, "f")
                .map(|o| child.is(o, "t.func")),
            Some(true)
        );
        assert!(
            child.region_is_empty(child.region(child.lookup_symbol(child_module, "f").unwrap(), 0))
        );
        // In the child: a new type (tensor<3xi17>), a new attribute of it, a new op name and
        // a new attribute name, on an op that uses the function's argument.
        let body = child.entry_block(child.region(cg, 0)).unwrap();
        let arg = child.block_args(body)[0];
        let i17 = child.int_type(17);
        let tensor = child.intern_type(TypeKind::Tensor {
            shape: Some(vec![Some(3)]),
            element: i17,
        });
        let seven = child.int_attr(7, i17);
        let mut st = OpState::new(child.op_name("t.new"), Location::Unknown);
        st.operands = vec![arg];
        st.result_types = vec![tensor];
        st.attrs = vec![NamedAttr {
            name: child.attr_name("t.fresh"),
            value: seven,
        }];
        let first = child.first_op(body).unwrap();
        child.build_op(st, InsertPoint::Before(first));
        let marker = child.unit_attr();
        child.set_attr(cg, "t.done", marker);

        ctx.merge(&fork, 1);
        let body = ctx.entry_block(ctx.region(g, 0)).unwrap();
        let ops: Vec<OpId> = ctx.ops(body).collect();
        assert_eq!(ops.len(), 2);
        let new = ops[0];
        assert!(ctx.is(new, "t.new"));
        assert_eq!(ctx.operands(new), [ctx.block_args(body)[0]]);
        assert_eq!(ctx.operands(ops[1]), [ctx.block_args(body)[0]]);
        let i17 = ctx.lookup_type(&TypeKind::Integer {
            width: 17,
            signedness: Signedness::Signless,
        });
        let i17 = i17.expect("i17 interned in the parent");
        let tensor = ctx.value_type(ctx.result(new, 0));
        assert_eq!(
            ctx.type_kind(tensor),
            &TypeKind::Tensor {
                shape: Some(vec![Some(3)]),
                element: i17
            }
        );
        assert_eq!(
            ctx.attr_of(new, "t.fresh")
                .map(|a| ctx.attr_kind(a).clone()),
            Some(AttrKind::Integer { value: 7, ty: i17 })
        );
        assert!(ctx.attr_of(g, "t.done").is_some());
        assert_eq!(ctx.lookup_symbol(module, "g"), Some(g));
        // The unchosen function is untouched.
        let fbody = ctx.entry_block(ctx.region(f, 0)).unwrap();
        assert_eq!(ctx.ops(fbody).count(), 1);
        assert!(ctx.attr_of(f, "t.done").is_none());
        crate::verify(&ctx, module).unwrap();
    }

    /// A use laid out before its definition (valid in a CFG region) is copied through a
    /// placeholder and ends up using the copied definition.
    #[test]
    fn forward_uses_are_copied() {
        let mut ctx = ctx();
        let i32 = ctx.int_type(32);
        let (b0, b1) = (ctx.new_block(&[]), ctx.new_block(&[]));
        let mut st = OpState::new(ctx.op_name("t.def"), Location::Unknown);
        st.result_types = vec![i32];
        let def = ctx.build_op(st, InsertPoint::End(b1));
        let v = ctx.result(def, 0);
        let mut st = OpState::new(ctx.op_name("t.use"), Location::Unknown);
        st.operands = vec![v];
        st.successors = vec![b1];
        ctx.build_op(st, InsertPoint::End(b0));
        let region = ctx.new_region();
        ctx.append_block(region, b0);
        ctx.append_block(region, b1);
        let mut st = OpState::new(ctx.op_name("t.func"), Location::Unknown);
        st.regions = vec![region];
        let f = ctx.create_op(st);
        let top = ctx.new_block(&[]);
        ctx.insert_op(f, InsertPoint::End(top));
        let mr = ctx.new_region();
        ctx.append_block(mr, top);
        let mut st = OpState::new(ctx.op_name("t.module"), Location::Unknown);
        st.regions = vec![mr];
        let module = ctx.create_op(st);

        let fork = ctx.fork(module, &[f]);
        let c = &fork.ctx;
        let blocks: Vec<BlockId> = c.blocks(c.region(fork.ops[0], 0)).collect();
        let user = c.first_op(blocks[0]).unwrap();
        let def = c.first_op(blocks[1]).unwrap();
        assert_eq!(c.operands(user), [c.result(def, 0)]);
        assert_eq!(c.successors(user), [blocks[1]]);
        assert_eq!(c.uses(c.result(def, 0)).len(), 1);
    }

    /// The copies keep the order of use lists and predecessor lists, which removals reorder
    /// (passes visit users in that order), in the child and back in the parent.
    #[test]
    fn use_and_predecessor_order_survives_the_copies() {
        let mut ctx = ctx();
        let i32 = ctx.int_type(32);
        let (entry, exit) = (ctx.new_block(&[i32]), ctx.new_block(&[]));
        let arg = ctx.block_args(entry)[0];
        let name = ctx.op_name("t.use");
        let mut users = Vec::new();
        for _ in 0..4 {
            let mut st = OpState::new(name, Location::Unknown);
            st.operands = vec![arg];
            users.push(ctx.build_op(st, InsertPoint::End(entry)));
        }
        // Two branches to `exit`, and an operand dropped and re-added: the lists are no
        // longer in op order.
        let mut st = OpState::new(ctx.op_name("t.br"), Location::Unknown);
        st.successors = vec![exit, exit];
        let br = ctx.build_op(st, InsertPoint::End(entry));
        let other = ctx.new_block(&[i32]);
        let spare = ctx.block_args(other)[0];
        ctx.set_operand(users[0], 0, spare);
        ctx.set_operand(users[0], 0, arg);
        ctx.set_successor(br, 0, other);
        ctx.set_successor(br, 0, exit);
        let region = ctx.new_region();
        ctx.append_block(region, entry);
        ctx.append_block(region, exit);
        ctx.append_block(region, other);
        let mut st = OpState::new(ctx.op_name("t.func"), Location::Unknown);
        st.regions = vec![region];
        let f = ctx.create_op(st);
        let top = ctx.new_block(&[]);
        ctx.insert_op(f, InsertPoint::End(top));
        let mr = ctx.new_region();
        ctx.append_block(mr, top);
        let mut st = OpState::new(ctx.op_name("t.module"), Location::Unknown);
        st.regions = vec![mr];
        let module = ctx.create_op(st);
        // Users as positions in the entry block, predecessors as successor slots.
        let order = |c: &Context, f: OpId| {
            let entry = c.entry_block(c.region(f, 0)).unwrap();
            let ops: Vec<OpId> = c.ops(entry).collect();
            let arg = c.block_args(entry)[0];
            let uses: Vec<usize> = c
                .uses(arg)
                .iter()
                .map(|u| ops.iter().position(|&o| o == u.op).unwrap())
                .collect();
            let exit = c.blocks(c.region(f, 0)).nth(1).unwrap();
            let preds: Vec<u32> = c.predecessors(exit).iter().map(|p| p.1).collect();
            (uses, preds)
        };
        let before = order(&ctx, f);
        assert_eq!(before, (vec![3, 1, 2, 0], vec![1, 0]));
        let fork = ctx.fork(module, &[f]);
        assert_eq!(order(&fork.ctx, fork.ops[0]), before);
        ctx.merge(&fork, 1);
        assert_eq!(order(&ctx, f), before);
    }

    /// A merged body takes the slots of the body it replaces: the tables grow by what the
    /// new body has beyond the old one (here one op and one value: the child added a
    /// `t.new` with a result), and a reused argument slot keeps no stale location.
    #[test]
    fn a_merged_body_reuses_the_slots_of_the_old_one() {
        let mut ctx = ctx();
        let top = ctx.new_block(&[]);
        let f = func(&mut ctx, top, "f");
        let region = ctx.new_region();
        ctx.append_block(region, top);
        let mut st = OpState::new(ctx.op_name("t.module"), Location::Unknown);
        st.regions = vec![region];
        let module = ctx.create_op(st);
        let body = ctx.entry_block(ctx.region(f, 0)).unwrap();
        let arg = ctx.block_args(body)[0];
        let here = Location::file(&Arc::from("a.mlir"), 3, 4);
        ctx.set_arg_loc(arg, here.clone());

        let mut fork = ctx.fork(module, &[f]);
        let child = &mut fork.ctx;
        let cf = fork.ops[0];
        let cbody = child.entry_block(child.region(cf, 0)).unwrap();
        // The child replaces the body's block by one whose argument has no location.
        let i32 = child.int_type(32);
        let nb = child.new_block(&[i32]);
        let narg = child.block_args(nb)[0];
        let mut st = OpState::new(child.op_name("t.new"), Location::Unknown);
        st.operands = vec![narg];
        st.result_types = vec![i32];
        let new = child.build_op(st, InsertPoint::End(nb));
        let mut st = OpState::new(child.op_name("t.use"), Location::Unknown);
        st.operands = vec![child.result(new, 0)];
        child.build_op(st, InsertPoint::End(nb));
        child.erase_block(cbody);
        child.append_block(child.region(cf, 0), nb);

        let (ops, values, blocks) = (
            ctx.op_capacity(),
            ctx.value_capacity(),
            ctx.block_capacity(),
        );
        ctx.merge(&fork, 1);
        assert_eq!(ctx.op_capacity(), ops + 1);
        assert_eq!(ctx.value_capacity(), values + 1);
        assert_eq!(ctx.block_capacity(), blocks);
        let body = ctx.entry_block(ctx.region(f, 0)).unwrap();
        let arg = ctx.block_args(body)[0];
        assert_eq!(ctx.arg_loc(arg), Location::Unknown);
        let ops: Vec<OpId> = ctx.ops(body).collect();
        assert_eq!(ops.len(), 2);
        assert!(ctx.is(ops[0], "t.new") && ctx.is(ops[1], "t.use"));
        assert_eq!(ctx.operands(ops[0]), [arg]);
        assert_eq!(ctx.operands(ops[1]), [ctx.result(ops[0], 0)]);
        assert_eq!(ctx.uses(arg).len(), 1);
        assert_eq!(ctx.uses(ctx.result(ops[0], 0)).len(), 1);
        assert!(!ctx.is_erased(ops[0]) && !ctx.is_erased(ops[1]));
        crate::verify(&ctx, module).unwrap();
    }
}
