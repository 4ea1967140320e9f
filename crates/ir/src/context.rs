//! The [`Context`]: owner of every op, block, region, value, type and attribute.
//!
//! All reads go through `&Context`, all mutation through `&mut Context`; there is no interior
//! mutability, so there are no runtime borrow failures. Erased entities stay in their tables as
//! tombstones (ids are never reused), so a stale id never aliases a new entity; the lists of an
//! erased op (operands, successors, attributes) go back to the pools they live in
//! (`pool.rs`) and are reused by later ops.

use crate::attributes::{Attr, AttrKind};
use crate::entities::*;
use crate::location::{CompactLoc, Location, Locations};
use crate::pool::{List, Pool};
use crate::registry::{MaterializeFn, OpDef, Traits};
use crate::symbols::SymbolIndex;
use crate::types::{FloatKind, Signedness, Type, TypeKind};
use rustc_hash::FxHashMap;
use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

mod fork;
pub use fork::Fork;

/// Where to put an op: the four positions of MLIR's `OpBuilder::InsertPoint`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InsertPoint {
    /// As the first op of the block.
    Start(BlockId),
    /// As the last op of the block.
    End(BlockId),
    /// Right before an op (which must be in a block).
    Before(OpId),
    /// Right after an op (which must be in a block).
    After(OpId),
}

/// The attribute naming an op's symbol (MLIR `SymbolTable::getSymbolAttrName`).
pub const SYMBOL_ATTR: &str = "sym_name";

/// [`SYMBOL_ATTR`] interned: every context interns it first (the symbol index reads it on
/// every insertion of an op).
const SYMBOL_ATTR_NAME: AttrName = AttrName::from_index(0);

/// Writes a type as MLIR text, for diagnostics (the syntax crate's `type_to_string`; the core
/// cannot print types itself, it knows no syntax).
pub type TypePrinterFn = fn(&Context, Type) -> String;

/// Owns the IR and the registered op definitions; see the module docs.
pub struct Context {
    ops: Vec<OpData>,
    blocks: Vec<BlockData>,
    regions: Vec<RegionData>,
    values: Vec<ValueData>,
    /// The pools holding every op's, block's and value's lists (see `pool.rs`).
    lists: Lists,
    /// The ops' locations (see `CompactLoc`).
    locations: Locations,
    /// The block arguments' locations (MLIR's `BlockArgument::getLoc`), for the arguments that
    /// have one.
    arg_locs: FxHashMap<ValueId, CompactLoc>,
    types: Vec<TypeKind>,
    type_ids: FxHashMap<TypeKind, Type>,
    attrs: Vec<AttrKind>,
    attr_ids: FxHashMap<AttrKind, Attr>,
    /// The blobs of `dense_resource<name>` attributes, by name (see [`crate::dense`]).
    pub(crate) resources: FxHashMap<String, crate::dense::ResourceBlob>,
    op_names: Vec<String>,
    op_name_ids: FxHashMap<String, OpName>,
    attr_names: Vec<String>,
    attr_name_ids: FxHashMap<String, AttrName>,
    /// Op definitions, attached interface models and constant materializers: read-only once
    /// passes run, and shared with forked contexts (see `fork.rs`).
    pub(crate) registry: Arc<Registry>,
    symbols: SymbolIndex,
    type_printer: Option<TypePrinterFn>,
    /// While recording (see [`Context::record_dropped_uses`]): each value that lost a use, once
    /// per lost use.
    dropped_uses: Option<Vec<ValueId>>,
    /// How many threads read-only walks (the verifier) may use; see [`Context::set_threads`].
    threads: usize,
    /// Slots of erased entities that creation takes before growing the tables: only while
    /// [`Context::merge`] copies new function bodies into the slots of the old ones (see
    /// `fork.rs`), when no pass holds ids; otherwise `None` and slots are never reused.
    recycled: Option<fork::Recycled>,
}

/// An interface model attached to an op name (see [`Context::attach_interface`]).
type AttachedModel = Arc<dyn Any + Send + Sync>;

/// What a context knows about op names beyond their text: definitions, attached interface
/// models (both indexed by `OpName`, possibly shorter than the op-name table: a name interned
/// after the last registration has neither) and the constant materializers.
#[derive(Clone, Default)]
pub(crate) struct Registry {
    op_defs: Vec<Option<OpDef>>,
    attached: Vec<Vec<(TypeId, AttachedModel)>>,
    materializers: Vec<MaterializeFn>,
}

impl Default for Context {
    fn default() -> Self {
        let mut ctx = Context {
            ops: Vec::new(),
            blocks: Vec::new(),
            regions: Vec::new(),
            values: Vec::new(),
            lists: Lists::default(),
            locations: Locations::default(),
            arg_locs: FxHashMap::default(),
            types: Vec::new(),
            type_ids: FxHashMap::default(),
            attrs: Vec::new(),
            attr_ids: FxHashMap::default(),
            resources: FxHashMap::default(),
            op_names: Vec::new(),
            op_name_ids: FxHashMap::default(),
            attr_names: Vec::new(),
            attr_name_ids: FxHashMap::default(),
            registry: Arc::default(),
            symbols: SymbolIndex::default(),
            type_printer: None,
            dropped_uses: None,
            recycled: None,
            threads: 1,
        };
        // Interned first, so `InferTypes` hooks (which only read the context) can nest them in
        // the kinds they return (`vector<4xi1>`, `tensor<?xindex>`).
        ctx.i1();
        ctx.index_type();
        ctx.attr_name(SYMBOL_ATTR);
        ctx
    }
}

impl Context {
    /// An empty context with no registered ops.
    pub fn new() -> Self {
        Self::default()
    }

    /// Attaches an interface model to the op `op_name` (registered or not), replacing an
    /// earlier model of the same type `T` (MLIR's external models / promised interfaces: a
    /// crate other than the op's dialect, e.g. a pass, supplies the op's implementation of its
    /// own interface). Models are immutable once attached and `Send + Sync`, so the registry
    /// can be shared read-only between threads.
    pub fn attach_interface<T: Any + Send + Sync>(&mut self, op_name: &str, model: T) {
        let name = self.op_name(op_name);
        let attached = &mut Arc::make_mut(&mut self.registry).attached;
        if attached.len() <= name.index() {
            attached.resize_with(name.index() + 1, Vec::new);
        }
        let models = &mut attached[name.index()];
        let id = TypeId::of::<T>();
        models.retain(|(t, _)| *t != id);
        models.push((id, Arc::new(model)));
    }

    /// The model of interface `T` attached to `op`'s name, if any (O(number of models attached
    /// to that name)).
    pub fn interface<T: Any + Send + Sync>(&self, op: OpId) -> Option<&T> {
        self.interface_of_name(self.name(op))
    }

    /// The model of interface `T` attached to the op name `name`, if any.
    pub fn interface_of_name<T: Any + Send + Sync>(&self, name: OpName) -> Option<&T> {
        let id = TypeId::of::<T>();
        self.registry
            .attached
            .get(name.index())?
            .iter()
            .find(|(t, _)| *t == id)
            .and_then(|(_, m)| m.downcast_ref::<T>())
    }

    /// Whether a model of interface `T` is attached to any op name (for a consumer that checks
    /// that the models it needs were registered).
    pub fn has_interface_models<T: Any + Send + Sync>(&self) -> bool {
        let id = TypeId::of::<T>();
        self.registry
            .attached
            .iter()
            .any(|models| models.iter().any(|(t, _)| *t == id))
    }

    // ---------------------------------------------------------------- registry

    /// Registers an op definition (replacing an earlier one of the same name).
    pub fn register(&mut self, def: OpDef) {
        let name = self.op_name(def.name);
        let op_defs = &mut Arc::make_mut(&mut self.registry).op_defs;
        if op_defs.len() <= name.index() {
            op_defs.resize(name.index() + 1, None);
        }
        op_defs[name.index()] = Some(def);
    }

    /// Sets how diagnostics of the core (e.g. the region-branch edge verifier) write types;
    /// registered by the dialect crates with the syntax crate's printer.
    pub fn set_type_printer(&mut self, f: TypePrinterFn) {
        self.type_printer = Some(f);
    }

    /// How diagnostics write types: the registered printer, else the type's Rust debug form.
    pub fn type_printer(&self) -> TypePrinterFn {
        self.type_printer
            .unwrap_or(|ctx: &Context, ty: Type| format!("{:?}", ctx.type_kind(ty)))
    }

    /// Adds a constant materializer (MLIR `Dialect::materializeConstant`); the folding driver
    /// tries them in registration order.
    pub fn add_constant_materializer(&mut self, f: MaterializeFn) {
        Arc::make_mut(&mut self.registry).materializers.push(f);
    }

    /// Creates a constant op for `value` of type `ty` at `at` with the first materializer that
    /// accepts it; `None` if none does.
    pub fn materialize_constant(
        &mut self,
        value: Attr,
        ty: Type,
        loc: Location,
        at: InsertPoint,
    ) -> Option<ValueId> {
        // By index: cloning the shared registry's `Arc` here would make threads running
        // passes on forks of one context contend on its count.
        for i in 0..self.registry.materializers.len() {
            let f = self.registry.materializers[i];
            if let Some(v) = f(self, value, ty, loc.clone(), at) {
                return Some(v);
            }
        }
        None
    }

    /// The constant a value holds: the `value` attribute of its defining op when that op is
    /// `CONSTANT_LIKE` (MLIR `matchPattern(v, m_Constant())`).
    pub fn constant_of(&self, v: ValueId) -> Option<Attr> {
        let op = self.defining_op(v)?;
        if self.has_traits(op, Traits::CONSTANT_LIKE) {
            self.attr_of(op, "value")
        } else {
            None
        }
    }

    /// Interns an op name (registered or not).
    pub fn op_name(&mut self, name: &str) -> OpName {
        if let Some(&id) = self.op_name_ids.get(name) {
            return id;
        }
        let id = OpName::from_index(self.op_names.len());
        self.op_names.push(name.to_string());
        self.op_name_ids.insert(name.to_string(), id);
        id
    }

    /// An already interned op name, without interning.
    pub fn lookup_op_name(&self, name: &str) -> Option<OpName> {
        self.op_name_ids.get(name).copied()
    }

    /// The text of an op name.
    pub fn op_name_str(&self, name: OpName) -> &str {
        &self.op_names[name.index()]
    }

    /// Interns an attribute name (the key of a [`NamedAttr`]).
    pub fn attr_name(&mut self, name: &str) -> AttrName {
        if let Some(&id) = self.attr_name_ids.get(name) {
            return id;
        }
        let id = AttrName::from_index(self.attr_names.len());
        self.attr_names.push(name.to_string());
        self.attr_name_ids.insert(name.to_string(), id);
        id
    }

    /// An already interned attribute name, without interning (`None`: no op has an attribute
    /// of that name).
    pub fn lookup_attr_name(&self, name: &str) -> Option<AttrName> {
        self.attr_name_ids.get(name).copied()
    }

    /// The text of an attribute name.
    pub fn attr_name_str(&self, name: AttrName) -> &str {
        &self.attr_names[name.index()]
    }

    /// The definition of a registered op name; `None` for unregistered ops.
    pub fn op_def(&self, name: OpName) -> Option<&OpDef> {
        self.registry.op_defs.get(name.index())?.as_ref()
    }

    /// Whether `op` is isolated from above or may be: unregistered ops may be (MLIR
    /// `mightHaveTrait<IsIsolatedFromAbove>`), so no value is moved or reused across them.
    pub fn might_be_isolated_from_above(&self, op: OpId) -> bool {
        self.op_def(self.op(op).name)
            .is_none_or(|d| d.traits.contains(Traits::ISOLATED_FROM_ABOVE))
    }

    /// Whether `op` is registered and has all of `traits`. Unregistered ops have no traits.
    pub fn has_traits(&self, op: OpId, traits: Traits) -> bool {
        self.op_def(self.op(op).name)
            .is_some_and(|d| d.traits.contains(traits))
    }

    // ---------------------------------------------------------------- types

    /// Interns a type.
    pub fn intern_type(&mut self, kind: TypeKind) -> Type {
        if let Some(&t) = self.type_ids.get(&kind) {
            return t;
        }
        let t = Type(self.types.len() as u32);
        self.types.push(kind.clone());
        self.type_ids.insert(kind, t);
        t
    }

    /// The type of `kind` if it is interned, without interning it.
    pub fn lookup_type(&self, kind: &TypeKind) -> Option<Type> {
        self.type_ids.get(kind).copied()
    }

    /// `i1`, which every context interns at creation (for readers with `&Context`).
    pub fn i1_interned(&self) -> Type {
        self.lookup_type(&TypeKind::Integer {
            width: 1,
            signedness: Signedness::Signless,
        })
        .expect("the context interns i1 at creation")
    }

    /// Type kinds as diagnostics write a list of types: each in quotes, comma-separated
    /// (`'i32', 'f64'`), through the registered type printer. Kinds not interned yet are
    /// printed from a copy of the type and attribute tables (an error path only).
    pub fn quoted_kinds(&self, kinds: &[TypeKind]) -> String {
        let print = self.type_printer();
        let mut scratch: Option<Context> = None;
        let mut out = Vec::with_capacity(kinds.len());
        for k in kinds {
            let text = match self.lookup_type(k) {
                Some(t) => print(self, t),
                None => {
                    let s = scratch.get_or_insert_with(|| Context {
                        types: self.types.clone(),
                        type_ids: self.type_ids.clone(),
                        attrs: self.attrs.clone(),
                        attr_ids: self.attr_ids.clone(),
                        type_printer: self.type_printer,
                        ..Context::default()
                    });
                    let t = s.intern_type(k.clone());
                    print(s, t)
                }
            };
            out.push(format!("'{text}'"));
        }
        out.join(", ")
    }

    /// What a type is.
    pub fn type_kind(&self, ty: Type) -> &TypeKind {
        &self.types[ty.0 as usize]
    }

    /// The signless integer type `iN`.
    pub fn int_type(&mut self, width: u32) -> Type {
        self.intern_type(TypeKind::Integer {
            width,
            signedness: Signedness::Signless,
        })
    }

    /// `i1`.
    pub fn i1(&mut self) -> Type {
        self.int_type(1)
    }

    /// `index`.
    pub fn index_type(&mut self) -> Type {
        self.intern_type(TypeKind::Index)
    }

    /// `f16`, `bf16`, `f32` or `f64`.
    pub fn float_type(&mut self, kind: FloatKind) -> Type {
        self.intern_type(TypeKind::Float(kind))
    }

    /// `(inputs) -> results`.
    pub fn function_type(&mut self, inputs: Vec<Type>, results: Vec<Type>) -> Type {
        self.intern_type(TypeKind::Function { inputs, results })
    }

    /// The width of a signless/signed/unsigned integer type, 64 for `index`, else `None`.
    pub fn int_width(&self, ty: Type) -> Option<u32> {
        match self.type_kind(ty) {
            TypeKind::Integer { width, .. } => Some(*width),
            TypeKind::Index => Some(64),
            _ => None,
        }
    }

    /// Whether `ty` is a signless integer (`iN`) or `index`: MLIR's "signless-integer-like".
    pub fn is_signless_int_or_index(&self, ty: Type) -> bool {
        matches!(
            self.type_kind(ty),
            TypeKind::Index
                | TypeKind::Integer {
                    signedness: Signedness::Signless,
                    ..
                }
        )
    }

    /// The float format of `ty`, if it is a float type.
    pub fn float_kind(&self, ty: Type) -> Option<FloatKind> {
        match self.type_kind(ty) {
            TypeKind::Float(k) => Some(*k),
            _ => None,
        }
    }

    // ---------------------------------------------------------------- attributes

    /// Interns an attribute.
    pub fn attr(&mut self, kind: AttrKind) -> Attr {
        if let Some(&a) = self.attr_ids.get(&kind) {
            return a;
        }
        let a = Attr(self.attrs.len() as u32);
        self.attrs.push(kind.clone());
        self.attr_ids.insert(kind, a);
        a
    }

    /// What an attribute is.
    pub fn attr_kind(&self, attr: Attr) -> &AttrKind {
        &self.attrs[attr.0 as usize]
    }

    /// An integer attribute `value : ty`; `value` is normalized by [`Context::normalize_int`], so
    /// equal bit patterns intern to one attribute. On `i1` it gives the
    /// bool attribute (MLIR's `BoolAttr` is an `i1` integer attribute).
    pub fn int_attr(&mut self, value: i128, ty: Type) -> Attr {
        if self.int_width(ty) == Some(1) && matches!(self.type_kind(ty), TypeKind::Integer { .. }) {
            return self.attr(AttrKind::Bool(value & 1 != 0));
        }
        let value = self.normalize_int(value, ty);
        self.attr(AttrKind::Integer { value, ty })
    }

    /// `value` truncated to the width of integer type `ty` and extended back: zero-extended for
    /// unsigned types (`uiN`), sign-extended otherwise, so one bit pattern has one value.
    pub fn normalize_int(&self, value: i128, ty: Type) -> i128 {
        match (self.int_width(ty), self.type_kind(ty)) {
            (
                Some(w),
                TypeKind::Integer {
                    signedness: Signedness::Unsigned,
                    ..
                },
            ) if w < 128 => value & (i128::MAX >> (127 - w)), // the low w bits
            (Some(w), _) => sign_extend(value, w),
            (None, _) => value,
        }
    }

    /// A float attribute `value : ty`.
    pub fn float_attr(&mut self, value: f64, ty: Type) -> Attr {
        self.attr(AttrKind::Float {
            bits: value.to_bits(),
            ty,
        })
    }

    /// A string attribute.
    pub fn str_attr(&mut self, s: &str) -> Attr {
        self.attr(AttrKind::String(s.to_string()))
    }

    /// A type attribute.
    pub fn type_attr(&mut self, ty: Type) -> Attr {
        self.attr(AttrKind::Type(ty))
    }

    /// The unit attribute.
    pub fn unit_attr(&mut self) -> Attr {
        self.attr(AttrKind::Unit)
    }

    // ---------------------------------------------------------------- creation

    /// A new, empty region not yet owned by any op.
    pub fn new_region(&mut self) -> RegionId {
        if let Some(r) = self.recycled.as_mut().and_then(|s| s.regions.pop()) {
            self.regions[r.index()] = RegionData::default();
            return r;
        }
        self.regions.push(RegionData::default());
        RegionId::from_index(self.regions.len() - 1)
    }

    /// A new block with arguments of the given types, not yet in any region.
    pub fn new_block(&mut self, arg_types: &[Type]) -> BlockId {
        let block = match self.recycled.as_mut().and_then(|s| s.blocks.pop()) {
            Some(b) => {
                self.blocks[b.index()] = BlockData::default();
                b
            }
            None => {
                self.blocks.push(BlockData::default());
                BlockId::from_index(self.blocks.len() - 1)
            }
        };
        for &ty in arg_types {
            self.add_block_arg(block, ty);
        }
        block
    }

    /// Appends an argument of type `ty` to `block`.
    pub fn add_block_arg(&mut self, block: BlockId, ty: Type) -> ValueId {
        let index = self.blocks[block.index()].args.len() as u32;
        let v = self.new_value(ty, ValueDef::BlockArg { block, index });
        self.lists
            .values
            .push(&mut self.blocks[block.index()].args, v);
        v
    }

    /// Removes argument `index` of `block`, which must be unused.
    pub fn erase_block_arg(&mut self, block: BlockId, index: usize) {
        let v = self
            .lists
            .values
            .remove(&mut self.blocks[block.index()].args, index);
        self.values[v.index()].def = ValueDef::Detached;
        let args = self.blocks[block.index()].args;
        for (i, &a) in self.lists.values.get(args).iter().enumerate() {
            self.values[a.index()].def = ValueDef::BlockArg {
                block,
                index: i as u32,
            };
        }
    }

    /// A value with no definition yet (parser forward references). Give it a definition by
    /// replacing all its uses with the real value.
    pub fn new_detached_value(&mut self, ty: Type) -> ValueId {
        self.new_value(ty, ValueDef::Detached)
    }

    fn new_value(&mut self, ty: Type, def: ValueDef) -> ValueId {
        let data = ValueData {
            ty,
            def,
            uses: List::default(),
        };
        if let Some(v) = self.recycled.as_mut().and_then(|s| s.values.pop()) {
            self.values[v.index()] = data;
            return v;
        }
        self.values.push(data);
        ValueId::from_index(self.values.len() - 1)
    }

    /// Creates a detached op from `state` (results, uses and region ownership are set up).
    /// Insert it with [`Context::insert_op`].
    pub fn create_op(&mut self, mut state: OpState) -> OpId {
        let loc = self
            .locations
            .intern(std::mem::replace(&mut state.loc, Location::Unknown));
        self.create_op_at(state, loc)
    }

    /// [`Context::create_op`] with the location already interned (`state.loc` is ignored).
    fn create_op_at(&mut self, state: OpState, loc: CompactLoc) -> OpId {
        let slot = self.recycled.as_mut().and_then(|s| s.ops.pop());
        let op = slot.unwrap_or(OpId::from_index(self.ops.len()));
        let results = if self.recycled.is_some() {
            // Recycled values need not be consecutive.
            let values: Vec<ValueId> = (0..state.result_types.len() as u32)
                .map(|index| {
                    self.new_value(
                        state.result_types[index as usize],
                        ValueDef::Result { op, index },
                    )
                })
                .collect();
            self.lists.values.from_slice(&values)
        } else {
            let first = self.values.len();
            for (index, &ty) in state.result_types.iter().enumerate() {
                let index = index as u32;
                self.new_value(ty, ValueDef::Result { op, index });
            }
            self.lists
                .values
                .from_iter((first..self.values.len()).map(ValueId::from_index))
        };
        let lists = &mut self.lists;
        let use_pos = lists
            .positions
            .from_iter(state.operands.iter().enumerate().map(|(i, &v)| {
                let uses = &mut self.values[v.index()].uses;
                let operand = i as u32;
                lists.uses.push(uses, Use { op, operand });
                uses.len() as u32 - 1
            }));
        for &r in &state.regions {
            self.regions[r.index()].parent = Some(op);
        }
        let pred_pos = lists
            .positions
            .from_iter(state.successors.iter().enumerate().map(|(i, &b)| {
                let preds = &mut self.blocks[b.index()].preds;
                lists.preds.push(preds, (op, i as u32));
                preds.len() as u32 - 1
            }));
        let operands = lists.values.from_slice(&state.operands);
        let attrs = lists.attrs.from_slice(&state.attrs);
        let regions = lists.regions.from_slice(&state.regions);
        let successors = lists.blocks.from_slice(&state.successors);
        let data = OpData {
            name: state.name,
            operands,
            use_pos,
            results,
            attrs,
            regions,
            successors,
            pred_pos,
            loc,
            parent: None,
            prev: None,
            next: None,
            erased: false,
        };
        match slot {
            Some(_) => self.ops[op.index()] = data,
            None => self.ops.push(data),
        }
        if self.has_traits(op, Traits::SYMBOL_TABLE) {
            for r in self.regions(op).to_vec() {
                for b in self.region_blocks(r) {
                    self.index_block_symbols(b, true);
                }
            }
        }
        op
    }

    /// Creates an op and inserts it at `at`.
    pub fn build_op(&mut self, state: OpState, at: InsertPoint) -> OpId {
        let op = self.create_op(state);
        self.insert_op(op, at);
        op
    }

    // ---------------------------------------------------------------- op accessors

    pub(crate) fn op(&self, op: OpId) -> &OpData {
        &self.ops[op.index()]
    }

    /// The op's name id.
    pub fn name(&self, op: OpId) -> OpName {
        self.op(op).name
    }

    /// The op's name as text, e.g. `scf.for`.
    pub fn name_str(&self, op: OpId) -> &str {
        self.op_name_str(self.op(op).name)
    }

    /// Whether the op is named `name`.
    pub fn is(&self, op: OpId, name: &str) -> bool {
        self.name_str(op) == name
    }

    /// The op's operands.
    pub fn operands(&self, op: OpId) -> &[ValueId] {
        self.lists.values.get(self.op(op).operands)
    }

    /// Operand `i`.
    pub fn operand(&self, op: OpId, i: usize) -> ValueId {
        self.operands(op)[i]
    }

    /// The op's results.
    pub fn results(&self, op: OpId) -> &[ValueId] {
        self.lists.values.get(self.op(op).results)
    }

    /// Result `i`.
    pub fn result(&self, op: OpId, i: usize) -> ValueId {
        self.results(op)[i]
    }

    /// The op's attributes, in insertion order.
    pub fn attrs(&self, op: OpId) -> &[NamedAttr] {
        self.lists.attrs.get(self.op(op).attrs)
    }

    /// Attribute `name`, if present.
    pub fn attr_of(&self, op: OpId, name: &str) -> Option<Attr> {
        let name = self.lookup_attr_name(name)?;
        self.attrs(op)
            .iter()
            .find(|a| a.name == name)
            .map(|a| a.value)
    }

    /// Sets attribute `name`.
    pub fn set_attr(&mut self, op: OpId, name: &str, value: Attr) {
        let name = self.attr_name(name);
        self.set_named_attr(op, NamedAttr { name, value });
    }

    /// Sets attribute `attr.name` to `attr.value` (e.g. to copy an attribute of another op).
    pub fn set_named_attr(&mut self, op: OpId, attr: NamedAttr) {
        let renames = attr.name == SYMBOL_ATTR_NAME;
        if renames {
            self.index_symbol(op, false);
        }
        let attrs = &mut self.ops[op.index()].attrs;
        match self
            .lists
            .attrs
            .get_mut(*attrs)
            .iter_mut()
            .find(|a| a.name == attr.name)
        {
            Some(a) => a.value = attr.value,
            None => self.lists.attrs.push(attrs, attr),
        }
        if renames {
            self.index_symbol(op, true);
        }
    }

    /// Removes attribute `name`; returns it if it was present.
    pub fn remove_attr(&mut self, op: OpId, name: &str) -> Option<Attr> {
        if name == SYMBOL_ATTR {
            self.index_symbol(op, false);
        }
        let name = self.lookup_attr_name(name)?;
        let attrs = &mut self.ops[op.index()].attrs;
        let i = self
            .lists
            .attrs
            .get(*attrs)
            .iter()
            .position(|a| a.name == name)?;
        Some(self.lists.attrs.remove(attrs, i).value)
    }

    /// The op's regions.
    pub fn regions(&self, op: OpId) -> &[RegionId] {
        self.lists.regions.get(self.op(op).regions)
    }

    /// Region `i`.
    pub fn region(&self, op: OpId, i: usize) -> RegionId {
        self.regions(op)[i]
    }

    /// The op's successor blocks.
    pub fn successors(&self, op: OpId) -> &[BlockId] {
        self.lists.blocks.get(self.op(op).successors)
    }

    /// The range of operands passed to successor `i` (MLIR `BranchOpInterface`).
    pub fn successor_operand_range(&self, op: OpId, i: usize) -> Range<usize> {
        match self
            .op_def(self.name(op))
            .and_then(|d| d.successor_operands)
        {
            Some(f) => f(self, op, i),
            None => 0..self.operands(op).len(),
        }
    }

    /// The ranges of [`Context::successor_operand_range`] for every successor, in order, in
    /// time linear in the op's operands and successors (one lookup per successor costs O(i)
    /// for a `cf.switch`, so a walk over all of them should use this).
    pub fn successor_operand_ranges(&self, op: OpId) -> Vec<Range<usize>> {
        let def = self.op_def(self.name(op));
        match def.and_then(|d| d.successor_operand_ranges) {
            Some(f) => f(self, op),
            None => (0..self.successors(op).len())
                .map(|i| self.successor_operand_range(op, i))
                .collect(),
        }
    }

    /// The operands passed to successor `i`.
    pub fn successor_operands(&self, op: OpId, i: usize) -> &[ValueId] {
        &self.operands(op)[self.successor_operand_range(op, i)]
    }

    /// The op's location (by value: ops store a compact form, see `CompactLoc`; building a
    /// `file:line:col` location clones an `Arc`, no allocation).
    pub fn loc(&self, op: OpId) -> Location {
        self.locations.get(self.op(op).loc)
    }

    /// Replaces the op's location.
    pub fn set_loc(&mut self, op: OpId, loc: Location) {
        self.ops[op.index()].loc = self.locations.intern(loc);
    }

    /// The location of block argument `v` (MLIR's `BlockArgument::getLoc`: written
    /// `^bb0(%a: i32 loc(...))`): where the parser read it, or what a pass set; unknown if
    /// none was set.
    pub fn arg_loc(&self, v: ValueId) -> Location {
        self.arg_locs
            .get(&v)
            .map_or(Location::Unknown, |&l| self.locations.get(l))
    }

    /// Sets the location of block argument `v`.
    pub fn set_arg_loc(&mut self, v: ValueId, loc: Location) {
        let l = self.locations.intern(loc);
        self.arg_locs.insert(v, l);
    }

    /// The block containing the op.
    pub fn op_block(&self, op: OpId) -> Option<BlockId> {
        self.op(op).parent
    }

    /// The op whose region contains this op.
    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        self.op_block(op).and_then(|b| self.block_parent_op(b))
    }

    /// The next op in the block.
    pub fn next_op(&self, op: OpId) -> Option<OpId> {
        self.op(op).next
    }

    /// The previous op in the block.
    pub fn prev_op(&self, op: OpId) -> Option<OpId> {
        self.op(op).prev
    }

    /// Whether the op was erased.
    pub fn is_erased(&self, op: OpId) -> bool {
        self.op(op).erased
    }

    /// Number of op slots ever created (live and erased): an upper bound for `OpId::index`.
    pub fn op_capacity(&self) -> usize {
        self.ops.len()
    }

    /// Releases the unused capacity of the entity tables and list pools (they grow by
    /// doubling, so up to half of each may be unused): for a caller that has built a large IR
    /// and will mostly read it, e.g. after parsing. Ids and contents are unchanged; O(size of
    /// the IR) at worst (a reallocation may copy).
    pub fn shrink_to_fit(&mut self) {
        self.ops.shrink_to_fit();
        self.blocks.shrink_to_fit();
        self.regions.shrink_to_fit();
        self.values.shrink_to_fit();
        let l = &mut self.lists;
        l.values.shrink_to_fit();
        l.positions.shrink_to_fit();
        l.attrs.shrink_to_fit();
        l.regions.shrink_to_fit();
        l.blocks.shrink_to_fit();
        l.uses.shrink_to_fit();
        l.preds.shrink_to_fit();
        self.arg_locs.shrink_to_fit();
    }

    /// Lets read-only walks over large IR (the verifier) use up to `n` threads (MLIR's
    /// `MLIRContext::disableMultithreading` is `n = 1`, the default here; the tools pass the
    /// machine's parallelism unless `--mlir-disable-threading`). Results never depend on it.
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.max(1);
    }

    /// The threads read-only walks may use (see [`Context::set_threads`]).
    pub fn threads(&self) -> usize {
        self.threads
    }

    // ---------------------------------------------------------------- block / region accessors

    /// The block's arguments.
    pub fn block_args(&self, block: BlockId) -> &[ValueId] {
        self.lists.values.get(self.blocks[block.index()].args)
    }

    /// The types of the block's arguments.
    pub fn block_arg_types(&self, block: BlockId) -> Vec<Type> {
        self.block_args(block)
            .iter()
            .map(|&v| self.value_type(v))
            .collect()
    }

    /// The region containing the block.
    pub fn block_region(&self, block: BlockId) -> Option<RegionId> {
        self.blocks[block.index()].parent
    }

    /// The op owning the region that contains the block.
    pub fn block_parent_op(&self, block: BlockId) -> Option<OpId> {
        self.block_region(block).and_then(|r| self.region_parent(r))
    }

    /// The first op of the block.
    pub fn first_op(&self, block: BlockId) -> Option<OpId> {
        self.blocks[block.index()].first
    }

    /// The last op of the block (its terminator, once the IR is valid).
    pub fn last_op(&self, block: BlockId) -> Option<OpId> {
        self.blocks[block.index()].last
    }

    /// The ops of the block, in order, collected: for callers that change the IR while they
    /// iterate. Read-only walks use [`Context::ops`], which allocates nothing.
    pub fn block_ops(&self, block: BlockId) -> Vec<OpId> {
        self.ops(block).collect()
    }

    /// The ops of the block, in order, following the intrusive list (no allocation).
    pub fn ops(&self, block: BlockId) -> impl Iterator<Item = OpId> + '_ {
        std::iter::successors(self.first_op(block), |&op| self.op(op).next)
    }

    /// The ops that branch to this block, one entry `(op, successor index)` per edge.
    pub fn predecessors(&self, block: BlockId) -> &[(OpId, u32)] {
        self.lists.preds.get(self.blocks[block.index()].preds)
    }

    /// The next block in the region.
    pub fn next_block(&self, block: BlockId) -> Option<BlockId> {
        self.blocks[block.index()].next
    }

    /// The op owning the region.
    pub fn region_parent(&self, region: RegionId) -> Option<OpId> {
        self.regions[region.index()].parent
    }

    /// The blocks of the region, in order, collected: for callers that change the IR while
    /// they iterate. Read-only walks use [`Context::blocks`], which allocates nothing.
    pub fn region_blocks(&self, region: RegionId) -> Vec<BlockId> {
        self.blocks(region).collect()
    }

    /// The blocks of the region, in order, following the intrusive list (no allocation).
    pub fn blocks(&self, region: RegionId) -> impl Iterator<Item = BlockId> + '_ {
        std::iter::successors(self.regions[region.index()].first, |&b| {
            self.blocks[b.index()].next
        })
    }

    /// The first (entry) block of the region.
    pub fn entry_block(&self, region: RegionId) -> Option<BlockId> {
        self.regions[region.index()].first
    }

    /// Whether the region has no blocks.
    pub fn region_is_empty(&self, region: RegionId) -> bool {
        self.regions[region.index()].first.is_none()
    }

    // ---------------------------------------------------------------- value accessors

    /// The value's type.
    pub fn value_type(&self, v: ValueId) -> Type {
        self.values[v.index()].ty
    }

    /// Changes the value's type (used by type inference).
    pub fn set_value_type(&mut self, v: ValueId, ty: Type) {
        self.values[v.index()].ty = ty;
    }

    /// Where the value is defined.
    pub fn value_def(&self, v: ValueId) -> ValueDef {
        self.values[v.index()].def
    }

    /// The op defining the value, if it is an op result.
    pub fn defining_op(&self, v: ValueId) -> Option<OpId> {
        match self.value_def(v) {
            ValueDef::Result { op, .. } => Some(op),
            _ => None,
        }
    }

    /// The block that owns the value: the argument's block, or the defining op's block.
    pub fn value_block(&self, v: ValueId) -> Option<BlockId> {
        match self.value_def(v) {
            ValueDef::Result { op, .. } => self.op_block(op),
            ValueDef::BlockArg { block, .. } => Some(block),
            ValueDef::Detached => None,
        }
    }

    /// The value's uses.
    pub fn uses(&self, v: ValueId) -> &[Use] {
        self.lists.uses.get(self.values[v.index()].uses)
    }

    /// Whether the value has no uses.
    pub fn is_unused(&self, v: ValueId) -> bool {
        self.values[v.index()].uses.is_empty()
    }

    /// Number of value slots ever created: an upper bound for `ValueId::index`.
    pub fn value_capacity(&self) -> usize {
        self.values.len()
    }

    /// Number of block slots ever created: an upper bound for `BlockId::index`.
    pub fn block_capacity(&self) -> usize {
        self.blocks.len()
    }

    // ---------------------------------------------------------------- use-list mutation

    /// Starts (`true`) or stops (`false`) recording the values that lose a use (an operand
    /// replaced or dropped, an op erased), for [`Context::take_dropped_uses`]: the rewrite
    /// driver revisits their definitions, which may have become dead (as MLIR's driver does
    /// with the operands of erased ops). Stopping discards what was recorded.
    pub fn record_dropped_uses(&mut self, on: bool) {
        self.dropped_uses = on.then(Vec::new);
    }

    /// The values that lost a use since the last call (one entry per lost use), while
    /// recording; empty otherwise.
    pub fn take_dropped_uses(&mut self) -> Vec<ValueId> {
        self.dropped_uses
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// Replaces operand `i` of `op` with `v`, keeping use lists right. O(1).
    pub fn set_operand(&mut self, op: OpId, i: usize, v: ValueId) {
        self.remove_use(op, i);
        self.lists.values.get_mut(self.ops[op.index()].operands)[i] = v;
        self.add_use(op, i);
    }

    /// Replaces the whole operand list of `op`.
    pub fn set_operands(&mut self, op: OpId, operands: Vec<ValueId>) {
        self.drop_operand_uses(op);
        let n = operands.len();
        let d = &mut self.ops[op.index()];
        d.operands = self.lists.values.from_slice(&operands);
        d.use_pos = self.lists.positions.from_iter(std::iter::repeat_n(0, n));
        for i in 0..n {
            self.add_use(op, i);
        }
    }

    fn drop_operand_uses(&mut self, op: OpId) {
        for i in (0..self.ops[op.index()].operands.len()).rev() {
            self.remove_use(op, i);
        }
        let d = &mut self.ops[op.index()];
        self.lists.values.clear(&mut d.operands);
        self.lists.positions.clear(&mut d.use_pos);
    }

    /// Records operand `i` of `op` in its value's use list.
    fn add_use(&mut self, op: OpId, i: usize) {
        let v = self.operand(op, i);
        let uses = &mut self.values[v.index()].uses;
        let operand = i as u32;
        self.lists.uses.push(uses, Use { op, operand });
        self.lists.positions.get_mut(self.ops[op.index()].use_pos)[i] = uses.len() as u32 - 1;
    }

    /// Removes operand `i` of `op` from its value's use list in O(1): the last use moves into
    /// the hole and its back-pointer is updated.
    fn remove_use(&mut self, op: OpId, i: usize) {
        let v = self.operand(op, i);
        let pos = self.lists.positions.get(self.ops[op.index()].use_pos)[i] as usize;
        let uses = &mut self.values[v.index()].uses;
        debug_assert_eq!(
            self.lists.uses.get(*uses).get(pos),
            Some(&Use {
                op,
                operand: i as u32
            }),
            "stale use position"
        );
        self.lists.uses.swap_remove(uses, pos);
        if let Some(&moved) = self.lists.uses.get(*uses).get(pos) {
            let moved_pos = self.ops[moved.op.index()].use_pos;
            self.lists.positions.get_mut(moved_pos)[moved.operand as usize] = pos as u32;
        }
        if let Some(log) = &mut self.dropped_uses {
            log.push(v);
        }
    }

    /// Replaces every use of `old` with `new` (MLIR `replaceAllUsesWith`).
    pub fn replace_all_uses(&mut self, old: ValueId, new: ValueId) {
        if old == new {
            return;
        }
        let mut uses = std::mem::take(&mut self.values[old.index()].uses);
        let mut new_uses = self.values[new.index()].uses;
        for k in 0..uses.len() {
            let u = self.lists.uses.get(uses)[k];
            let d = &self.ops[u.op.index()];
            self.lists.values.get_mut(d.operands)[u.operand as usize] = new;
            self.lists.positions.get_mut(d.use_pos)[u.operand as usize] = new_uses.len() as u32;
            self.lists.uses.push(&mut new_uses, u);
        }
        self.values[new.index()].uses = new_uses;
        self.lists.uses.clear(&mut uses);
    }

    /// Replaces each result of `op` with the matching value of `new` and erases `op`.
    pub fn replace_op(&mut self, op: OpId, new: &[ValueId]) {
        let results = self.results(op).to_vec();
        assert_eq!(
            results.len(),
            new.len(),
            "replace_op: result count mismatch"
        );
        for (r, n) in results.into_iter().zip(new) {
            self.replace_all_uses(r, *n);
        }
        self.erase_op(op);
    }

    /// Sets successor `i` of `op` to `block`, keeping predecessor lists right. O(1).
    pub fn set_successor(&mut self, op: OpId, i: usize, block: BlockId) {
        self.remove_pred(op, i);
        let preds = &mut self.blocks[block.index()].preds;
        self.lists.preds.push(preds, (op, i as u32));
        let pos = preds.len() as u32 - 1;
        let d = &self.ops[op.index()];
        self.lists.blocks.get_mut(d.successors)[i] = block;
        self.lists.positions.get_mut(d.pred_pos)[i] = pos;
    }

    /// Removes successor slot `i` of `op` from its target's predecessor list in O(1): the
    /// last entry moves into the hole and its slot's `pred_pos` is updated (the same order as a
    /// search followed by `swap_remove`).
    fn remove_pred(&mut self, op: OpId, i: usize) {
        let d = &self.ops[op.index()];
        let block = self.lists.blocks.get(d.successors)[i];
        let pos = self.lists.positions.get(d.pred_pos)[i] as usize;
        let preds = &mut self.blocks[block.index()].preds;
        let entry = self.lists.preds.get(*preds).get(pos).copied();
        debug_assert_eq!(entry, Some((op, i as u32)), "predecessor list out of sync");
        if entry != Some((op, i as u32)) {
            return;
        }
        self.lists.preds.swap_remove(preds, pos);
        if let Some(&(moved, slot)) = self.lists.preds.get(*preds).get(pos) {
            let moved_pos = self.ops[moved.index()].pred_pos;
            self.lists.positions.get_mut(moved_pos)[slot as usize] = pos as u32;
        }
    }

    // ---------------------------------------------------------------- layout mutation

    /// Inserts a detached op at `at`. O(1).
    pub fn insert_op(&mut self, op: OpId, at: InsertPoint) {
        debug_assert!(
            self.op(op).parent.is_none(),
            "insert_op: op is already in a block"
        );
        let (block, prev, next) = match at {
            InsertPoint::Start(b) => (b, None, self.blocks[b.index()].first),
            InsertPoint::End(b) => (b, self.blocks[b.index()].last, None),
            InsertPoint::Before(o) => (self.parent_of(o), self.op(o).prev, Some(o)),
            InsertPoint::After(o) => (self.parent_of(o), Some(o), self.op(o).next),
        };
        let d = &mut self.ops[op.index()];
        d.parent = Some(block);
        d.prev = prev;
        d.next = next;
        match prev {
            Some(p) => self.ops[p.index()].next = Some(op),
            None => self.blocks[block.index()].first = Some(op),
        }
        match next {
            Some(n) => self.ops[n.index()].prev = Some(op),
            None => self.blocks[block.index()].last = Some(op),
        }
        self.index_symbol(op, true);
    }

    fn parent_of(&self, op: OpId) -> BlockId {
        self.op(op)
            .parent
            .expect("the insertion point is an op placed in a block (the caller's precondition)")
    }

    /// Unlinks `op` from its block, keeping it (and its uses) alive. O(1).
    pub fn detach_op(&mut self, op: OpId) {
        let Some(block) = self.op(op).parent else {
            return;
        };
        self.index_symbol(op, false);
        let (prev, next) = (self.op(op).prev, self.op(op).next);
        match prev {
            Some(p) => self.ops[p.index()].next = next,
            None => self.blocks[block.index()].first = next,
        }
        match next {
            Some(n) => self.ops[n.index()].prev = prev,
            None => self.blocks[block.index()].last = prev,
        }
        let d = &mut self.ops[op.index()];
        d.parent = None;
        d.prev = None;
        d.next = None;
    }

    /// Moves `op` to `at`. O(1).
    pub fn move_op(&mut self, op: OpId, at: InsertPoint) {
        self.detach_op(op);
        self.insert_op(op, at);
    }

    /// Erases `op`, its regions and everything in them. Uses of its results that remain become
    /// uses of detached values (the caller replaces them first).
    pub fn erase_op(&mut self, op: OpId) {
        self.erase(EraseStep::Op(op));
    }

    /// Erases what `first` names and everything nested in it with an explicit stack (nesting
    /// depth costs no stack), in the order of the recursive definition: an op's regions' blocks
    /// in order, then the op's own uses and predecessor entries; a block's ops last to first (so
    /// uses inside the block go first), then its arguments.
    fn erase(&mut self, first: EraseStep) {
        let mut stack = vec![first];
        while let Some(step) = stack.pop() {
            match step {
                EraseStep::Op(op) => {
                    self.detach_op(op);
                    stack.push(EraseStep::FinishOp(op));
                    let start = stack.len();
                    for &r in self.regions(op) {
                        stack.extend(self.blocks(r).map(EraseStep::Block));
                    }
                    stack[start..].reverse();
                }
                EraseStep::Block(block) => {
                    self.detach_block(block);
                    stack.push(EraseStep::FinishBlock(block));
                    stack.extend(self.ops(block).map(EraseStep::Op));
                }
                EraseStep::FinishBlock(block) => {
                    for &v in self.lists.values.get(self.blocks[block.index()].args) {
                        self.values[v.index()].def = ValueDef::Detached;
                    }
                    self.blocks[block.index()].erased = true;
                }
                EraseStep::FinishOp(op) => {
                    self.drop_operand_uses(op);
                    for i in 0..self.ops[op.index()].successors.len() {
                        self.remove_pred(op, i);
                    }
                    for &r in self.lists.values.get(self.ops[op.index()].results) {
                        self.values[r.index()].def = ValueDef::Detached;
                    }
                    // Give the op's lists back to the pools (results and regions stay
                    // readable: erased ops are tombstones).
                    let d = &mut self.ops[op.index()];
                    self.lists.blocks.clear(&mut d.successors);
                    self.lists.positions.clear(&mut d.pred_pos);
                    self.lists.attrs.clear(&mut d.attrs);
                    self.symbols.drop_table(op);
                    self.ops[op.index()].erased = true;
                }
            }
        }
    }

    /// Appends a detached block at the end of `region`.
    pub fn append_block(&mut self, region: RegionId, block: BlockId) {
        let last = self.regions[region.index()].last;
        self.link_block(region, block, last, None);
    }

    /// Inserts a detached block right before `before` in its region.
    pub fn insert_block_before(&mut self, before: BlockId, block: BlockId) {
        let region = self
            .block_region(before)
            .expect("insert_block_before: `before` is a block placed in a region (the caller's precondition)");
        let prev = self.blocks[before.index()].prev;
        self.link_block(region, block, prev, Some(before));
    }

    /// Inserts a detached block right after `after` in its region.
    pub fn insert_block_after(&mut self, after: BlockId, block: BlockId) {
        let region = self.block_region(after).expect(
            "insert_block_after: `after` is a block placed in a region (the caller's precondition)",
        );
        let next = self.blocks[after.index()].next;
        self.link_block(region, block, Some(after), next);
    }

    fn link_block(
        &mut self,
        region: RegionId,
        block: BlockId,
        prev: Option<BlockId>,
        next: Option<BlockId>,
    ) {
        let d = &mut self.blocks[block.index()];
        d.parent = Some(region);
        d.prev = prev;
        d.next = next;
        match prev {
            Some(p) => self.blocks[p.index()].next = Some(block),
            None => self.regions[region.index()].first = Some(block),
        }
        match next {
            Some(n) => self.blocks[n.index()].prev = Some(block),
            None => self.regions[region.index()].last = Some(block),
        }
        self.index_block_symbols(block, true);
    }

    /// Unlinks a block from its region, keeping its ops.
    pub fn detach_block(&mut self, block: BlockId) {
        let Some(region) = self.block_region(block) else {
            return;
        };
        self.index_block_symbols(block, false);
        let (prev, next) = (
            self.blocks[block.index()].prev,
            self.blocks[block.index()].next,
        );
        match prev {
            Some(p) => self.blocks[p.index()].next = next,
            None => self.regions[region.index()].first = next,
        }
        match next {
            Some(n) => self.blocks[n.index()].prev = prev,
            None => self.regions[region.index()].last = prev,
        }
        let d = &mut self.blocks[block.index()];
        d.parent = None;
        d.prev = None;
        d.next = None;
    }

    /// Erases a block and all its ops (in reverse order, so uses inside the block go first).
    pub fn erase_block(&mut self, block: BlockId) {
        self.erase(EraseStep::Block(block));
    }

    /// Moves every op from `op` to the end of its block into a new block inserted right after
    /// it, and returns the new block (MLIR `Block::splitBlock`). The new block has no arguments.
    pub fn split_block(&mut self, op: OpId) -> BlockId {
        let block = self.parent_of(op);
        let new = self.new_block(&[]);
        self.insert_block_after(block, new);
        let prev = self.op(op).prev;
        let last = self.blocks[block.index()].last;
        match prev {
            Some(p) => self.ops[p.index()].next = None,
            None => self.blocks[block.index()].first = None,
        }
        self.blocks[block.index()].last = prev;
        self.ops[op.index()].prev = None;
        self.blocks[new.index()].first = Some(op);
        self.blocks[new.index()].last = last;
        let mut cur = Some(op);
        while let Some(o) = cur {
            self.ops[o.index()].parent = Some(new);
            cur = self.op(o).next;
        }
        new
    }

    /// Moves all ops of `src` to `at` (a point in another block), replacing `src`'s arguments by
    /// `args`, then erases `src` (MLIR `RewriterBase::inlineBlockBefore` / `mergeBlocks`).
    pub fn inline_block(&mut self, src: BlockId, at: InsertPoint, args: &[ValueId]) {
        let src_args = self.block_args(src).to_vec();
        assert_eq!(
            src_args.len(),
            args.len(),
            "inline_block: argument count mismatch"
        );
        for (a, v) in src_args.into_iter().zip(args) {
            self.replace_all_uses(a, *v);
        }
        let mut at = at;
        for op in self.block_ops(src) {
            self.move_op(op, at);
            at = InsertPoint::After(op);
        }
        self.erase_block(src);
    }

    /// Moves the ops of `src` (a single-block region's block) right before `op`, replacing the
    /// block's arguments by `args`; the block's terminator is erased and its operands returned
    /// (how `scf.if`, `scf.index_switch` and one-trip loops are inlined by canonicalization).
    /// The caller replaces `op`'s results with them as needed.
    pub fn inline_block_before(
        &mut self,
        src: BlockId,
        op: OpId,
        args: &[ValueId],
    ) -> Vec<ValueId> {
        let terminator = self
            .last_op(src)
            .filter(|&t| self.has_traits(t, Traits::TERMINATOR));
        self.inline_block(src, InsertPoint::Before(op), args);
        // Read the operands after the arguments were replaced: a region may yield its own
        // block argument.
        match terminator {
            Some(t) => {
                let vals = self.operands(t).to_vec();
                self.erase_op(t);
                vals
            }
            None => Vec::new(),
        }
    }

    /// Moves all blocks of `region` into the region of `before`, right before it (MLIR
    /// `inlineRegionBefore`). `region` is left empty.
    pub fn inline_region_before(&mut self, region: RegionId, before: BlockId) {
        for b in self.region_blocks(region) {
            self.detach_block(b);
            self.insert_block_before(before, b);
        }
    }

    /// Moves all blocks of `region` to the end of `dest`. `region` is left empty.
    pub fn move_region_blocks(&mut self, region: RegionId, dest: RegionId) {
        for b in self.region_blocks(region) {
            self.detach_block(b);
            self.append_block(dest, b);
        }
    }

    // ---------------------------------------------------------------- walking

    /// Every op nested in `op` (not `op` itself), in pre-order: an op comes before the ops of
    /// its regions, and regions, blocks and ops are visited in order.
    pub fn nested_ops(&self, op: OpId) -> Vec<OpId> {
        let mut out = Vec::new();
        let mut stack: Vec<OpId> = Vec::new();
        self.push_region_ops(op, &mut stack);
        while let Some(o) = stack.pop() {
            out.push(o);
            self.push_region_ops(o, &mut stack);
        }
        out
    }

    fn push_region_ops(&self, op: OpId, stack: &mut Vec<OpId>) {
        let start = stack.len();
        for &r in self.regions(op) {
            for b in self.blocks(r) {
                stack.extend(self.ops(b));
            }
        }
        stack[start..].reverse();
    }

    /// Whether `op` is `ancestor` or nested (at any depth) in one of `ancestor`'s regions.
    pub fn is_ancestor(&self, ancestor: OpId, mut op: OpId) -> bool {
        loop {
            if op == ancestor {
                return true;
            }
            match self.parent_op(op) {
                Some(p) => op = p,
                None => return false,
            }
        }
    }

    // ---------------------------------------------------------------- symbol tables

    /// The op with the `SYMBOL_TABLE` trait nearest around `op` (MLIR
    /// `SymbolTable::getNearestSymbolTable`, starting at `op`'s parent).
    pub fn nearest_symbol_table(&self, op: OpId) -> Option<OpId> {
        let mut table = self.parent_op(op)?;
        while !self.has_traits(table, Traits::SYMBOL_TABLE) {
            table = self.parent_op(table)?;
        }
        Some(table)
    }

    /// The child of symbol table `table` whose `sym_name` is `name` (the first one, if the
    /// invalid IR defines it twice). O(1): the context keeps an index of every table.
    pub fn lookup_symbol(&self, table: OpId, name: &str) -> Option<OpId> {
        self.symbols.lookup(table, name)
    }

    /// The symbol table whose block `block` is.
    fn table_of_block(&self, block: BlockId) -> Option<OpId> {
        let table = self.region_parent(self.block_region(block)?)?;
        self.has_traits(table, Traits::SYMBOL_TABLE)
            .then_some(table)
    }

    /// Adds `op`'s symbol to (or removes it from) the index of the table `op` is in, if any.
    fn index_symbol(&mut self, op: OpId, add: bool) {
        let Some(name) = self
            .attrs(op)
            .iter()
            .find(|a| a.name == SYMBOL_ATTR_NAME)
            .map(|a| a.value)
        else {
            return;
        };
        let Some(table) = self.op(op).parent.and_then(|b| self.table_of_block(b)) else {
            return;
        };
        let AttrKind::String(name) = &self.attrs[name.0 as usize] else {
            return;
        };
        if add {
            self.symbols.add(table, name, op);
        } else {
            self.symbols.remove(table, name, op);
        }
    }

    /// [`Context::index_symbol`] for every op of `block`, if it is a symbol table's block.
    fn index_block_symbols(&mut self, block: BlockId, add: bool) {
        if self.table_of_block(block).is_none() {
            return;
        }
        for op in self.block_ops(block) {
            self.index_symbol(op, add);
        }
    }

    // ---------------------------------------------------------------- cloning

    /// Deep-copies `op` (with its regions) to `at`, mapping operands through `map` (values not in
    /// the map are used as they are) and recording the copy's results and block arguments in it.
    pub fn clone_op(
        &mut self,
        op: OpId,
        at: InsertPoint,
        map: &mut HashMap<ValueId, ValueId>,
    ) -> OpId {
        let new = self.clone_op_detached(op, map);
        self.insert_op(new, at);
        new
    }

    /// Copies `op` and everything nested in it, unattached. As MLIR's `Operation::clone`, it
    /// creates every copy first and remaps operands and successors after, so a use in a block
    /// laid out before its definition's block (valid in a CFG region) is remapped too. The walk
    /// is iterative: nesting depth costs no stack.
    fn clone_op_detached(&mut self, op: OpId, map: &mut HashMap<ValueId, ValueId>) -> OpId {
        let mut block_map = HashMap::new();
        let mut copies = Vec::new();
        let mut to_fill = Vec::new();
        let root = self.clone_shallow(op, map, &mut block_map, &mut to_fill);
        copies.push(root);
        while let Some((block, copy)) = to_fill.pop() {
            for inner in self.block_ops(block) {
                let c = self.clone_shallow(inner, map, &mut block_map, &mut to_fill);
                self.insert_op(c, InsertPoint::End(copy));
                copies.push(c);
            }
        }
        for c in copies {
            for i in 0..self.operands(c).len() {
                if let Some(&v) = map.get(&self.operand(c, i)) {
                    self.set_operand(c, i, v);
                }
            }
            for i in 0..self.successors(c).len() {
                if let Some(&b) = block_map.get(&self.successors(c)[i]) {
                    self.set_successor(c, i, b);
                }
            }
        }
        root
    }

    /// Copies `op` with its original operands and successors and with empty copies of its
    /// regions' blocks (arguments mapped in `map`, blocks in `block_map`); each (block, copy)
    /// pair whose ops remain to be copied is pushed on `to_fill`.
    fn clone_shallow(
        &mut self,
        op: OpId,
        map: &mut HashMap<ValueId, ValueId>,
        block_map: &mut HashMap<BlockId, BlockId>,
        to_fill: &mut Vec<(BlockId, BlockId)>,
    ) -> OpId {
        let name = self.name(op);
        let results = self.results(op).to_vec();
        let mut regions = Vec::with_capacity(self.regions(op).len());
        for r in self.regions(op).to_vec() {
            let nr = self.new_region();
            for b in self.region_blocks(r) {
                let nb = self.new_block(&[]);
                for &a in self.block_args(b).to_vec().iter() {
                    let na = self.add_block_arg(nb, self.value_type(a));
                    if let Some(&l) = self.arg_locs.get(&a) {
                        self.arg_locs.insert(na, l);
                    }
                    map.insert(a, na);
                }
                self.append_block(nr, nb);
                block_map.insert(b, nb);
                to_fill.push((b, nb));
            }
            regions.push(nr);
        }
        let state = OpState {
            name,
            operands: self.operands(op).to_vec(),
            result_types: results.iter().map(|&v| self.value_type(v)).collect(),
            attrs: self.attrs(op).to_vec(),
            regions,
            successors: self.successors(op).to_vec(),
            loc: self.loc(op),
        };
        let new = self.create_op(state);
        for (i, &r) in results.iter().enumerate() {
            map.insert(r, self.result(new, i));
        }
        new
    }
}

/// The pools of the IR's lists, one per element type (see `pool.rs`).
#[derive(Default)]
struct Lists {
    /// Operands, results and block arguments.
    values: Pool<ValueId>,
    /// Use positions of operands and predecessor positions of successors.
    positions: Pool<u32>,
    attrs: Pool<NamedAttr>,
    regions: Pool<RegionId>,
    /// Successors.
    blocks: Pool<BlockId>,
    uses: Pool<Use>,
    preds: Pool<(OpId, u32)>,
}

/// One step of [`Context::erase`]'s walk.
enum EraseStep {
    /// Detach an op and schedule its regions' blocks, then [`EraseStep::FinishOp`].
    Op(OpId),
    /// Drop the op's operand uses and predecessor entries; mark it erased.
    FinishOp(OpId),
    /// Detach a block and schedule its ops, then [`EraseStep::FinishBlock`].
    Block(BlockId),
    /// Detach the block's arguments; mark it erased.
    FinishBlock(BlockId),
}

/// Sign-extends the low `width` bits of `v` (`width` 0 gives 0; 128 or more keeps `v`).
pub fn sign_extend(v: i128, width: u32) -> i128 {
    if width == 0 {
        return 0;
    }
    if width >= 128 {
        return v;
    }
    let shift = 128 - width;
    (v << shift) >> shift
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `shrink_to_fit` leaves no unused capacity in the op table and keeps ids, operands,
    /// uses and locations as they were.
    #[test]
    fn shrink_to_fit_keeps_the_ir() {
        let mut ctx = Context::new();
        let i1 = ctx.i1();
        let block = ctx.new_block(&[i1]);
        let arg = ctx.block_args(block)[0];
        let file: std::sync::Arc<str> = "s.mlir".into();
        let name = ctx.op_name("t.op");
        let mut ops = Vec::new();
        // 5 ops: the op table's capacity grows to 8 by doubling.
        for line in 1..=5 {
            let mut st = OpState::new(name, Location::file(&file, line, 3));
            st.operands = vec![arg; line as usize];
            let op = ctx.create_op(st);
            ctx.insert_op(op, InsertPoint::End(block));
            ops.push(op);
        }
        ctx.shrink_to_fit();
        assert_eq!(ctx.ops.capacity(), ctx.ops.len());
        assert_eq!(ctx.block_ops(block), ops);
        for (i, &op) in ops.iter().enumerate() {
            assert_eq!(ctx.operands(op), vec![arg; i + 1]);
            assert_eq!(ctx.loc(op), Location::file(&file, i as u32 + 1, 3));
        }
        // 1 + 2 + 3 + 4 + 5 operands read `arg`.
        assert_eq!(ctx.uses(arg).len(), 15);
        // The tables grow again after the shrink.
        let op = ctx.create_op(OpState::new(name, Location::Unknown));
        assert_eq!(ctx.loc(op), Location::Unknown);
    }
}
