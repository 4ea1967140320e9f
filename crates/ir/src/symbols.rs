//! The symbol index: for every op with the `SYMBOL_TABLE` trait, its direct children by their
//! `sym_name` (MLIR `SymbolTable`). The `Context` keeps it exact as ops are inserted, detached,
//! erased or renamed, so resolving a symbol reference (a `func.call`'s callee) is O(1) instead
//! of a scan of the module.

use crate::entities::OpId;
use rustc_hash::FxHashMap;

/// Symbol tables by table op; each name maps to the ops that define it, in insertion order
/// (more than one only in invalid IR: the table's verifier reports the redefinition).
#[derive(Default)]
pub(crate) struct SymbolIndex {
    tables: FxHashMap<OpId, FxHashMap<String, Vec<OpId>>>,
}

impl SymbolIndex {
    /// Records that `op`, a child of `table`, defines `name`.
    pub(crate) fn add(&mut self, table: OpId, name: &str, op: OpId) {
        let defs = self
            .tables
            .entry(table)
            .or_default()
            .entry(name.to_string())
            .or_default();
        defs.push(op);
    }

    /// Forgets that `op` defines `name` in `table`.
    pub(crate) fn remove(&mut self, table: OpId, name: &str, op: OpId) {
        let Some(names) = self.tables.get_mut(&table) else {
            return;
        };
        if let Some(defs) = names.get_mut(name) {
            defs.retain(|&d| d != op);
            if defs.is_empty() {
                names.remove(name);
            }
        }
    }

    /// The first op that defines `name` in `table`.
    pub(crate) fn lookup(&self, table: OpId, name: &str) -> Option<OpId> {
        self.tables.get(&table)?.get(name)?.first().copied()
    }

    /// Forgets `table` (erased).
    pub(crate) fn drop_table(&mut self, table: OpId) {
        self.tables.remove(&table);
    }
}
