//! The printer: IR back to MLIR text, in custom form where an op has one and generic form
//! otherwise (or always, with `--mlir-print-op-generic`). Value and block names are
//! renumbered as MLIR does (`%0`, `%arg0`, `%c0_i32`, `^bb1`), per isolated-from-above scope.

use crate::lexer::escape;
use crate::registry::Syntax;
use rustc_hash::{FxHashMap, FxHashSet};
use std::fmt::Write;
use weir_ir::dense::float_to_raw;
use weir_ir::{
    AffineBinOp, AffineExpr, AffineMap, Attr, AttrKind, BlockId, Context, DenseElements,
    DenseValue, DialectParam, Dim, ElementKind, FloatKind, OpId, RegionId, Signedness, Type,
    TypeKind, ValueId,
};

/// What to print (mlir-opt's `--mlir-print-*` flags).
#[derive(Clone, Copy, Debug, Default)]
pub struct PrintOptions {
    /// Generic op form everywhere (`--mlir-print-op-generic`).
    pub generic: bool,
    /// Print `loc(...)` after every op (`--mlir-print-debuginfo`, in local-scope form).
    pub debug_info: bool,
    /// Print the ops with regions directly inside the printed op (a module's functions) on
    /// several threads when the context holds at least this many ops; `None`: one thread
    /// (`--mlir-disable-threading`). The text is the same either way (see [`print_op`]).
    pub parallel_min_ops: Option<usize>,
}

/// The [`PrintOptions::parallel_min_ops`] the tools use: below it, starting threads costs
/// more than it saves.
pub const PARALLEL_PRINT_MIN_OPS: usize = 20_000;

/// Prints `op` (usually a `builtin.module`) and everything in it, ending with a newline.
///
/// In the custom form, the ops with regions in `op`'s single block are numbered and printed
/// independently of each other (each region starts from the state after its enclosing region,
/// MLIR's `SSANameState`), so with [`PrintOptions::parallel_min_ops`] they are printed on
/// worker threads, each from a copy of that state, a window of them at a time, and their texts
/// are spliced in block order: byte for byte the sequential output.
pub fn print_op(ctx: &Context, syntax: &Syntax, op: OpId, options: PrintOptions) -> String {
    let mut p = Printer::new(ctx, syntax, options);
    p.print_root(op);
    p.done
}

/// [`print_op`] writing to `sink` as it goes (in pieces of about [`FLUSH_BYTES`]), so the whole
/// text is never held in memory. Errors: the sink's.
pub fn print_op_to(
    ctx: &Context,
    syntax: &Syntax,
    op: OpId,
    options: PrintOptions,
    sink: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let mut p = Printer::new(ctx, syntax, options);
    p.sink = Some(sink);
    p.print_root(op);
    p.flush(0);
    match p.sink_error.take() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// How much text [`print_op_to`] collects before writing it to the sink.
const FLUSH_BYTES: usize = 1 << 16;

/// How many of the top-level ops with regions are printed on the worker threads at a time: it
/// bounds the text held before it is spliced in, and each window costs one start and join of
/// the workers, which on a loaded machine waits for a core (256 made printing 20k small
/// functions 4x slower than one thread there; 2048 is within 2x). At most: a window holds
/// about [`WINDOW_OPS`] ops.
const WINDOW: usize = 2048;

/// About how many ops a window of a threaded printing holds (its text, ~50 bytes an op, is
/// held until it is written): the window's number of children is this over the average ops
/// per child, between [`BATCH`] per worker and [`WINDOW`]. Without it, a module of a few
/// hundred large functions was held whole (for_L: 10 MB of text, twice that allocated).
const WINDOW_OPS: usize = 1 << 15;

/// How many children a worker of a threaded printing takes at a time.
const BATCH: usize = 8;

/// The state of a threaded printing (see [`print_op`]): the ops with regions of the top block
/// (and each one's position), the name hints in scope there, and one copy of the top-level
/// names per worker thread.
struct ParallelPrint {
    children: Vec<OpId>,
    index: FxHashMap<OpId, usize>,
    used: UsedNames,
    workers: Vec<Names>,
    /// How many children are printed at a time (see [`WINDOW_OPS`]).
    window: usize,
}

/// The ops with regions in `op`'s region, when it has one region of one block and at least
/// two of them (otherwise there is nothing to split).
fn parallel_children(ctx: &Context, op: OpId) -> Option<Vec<OpId>> {
    let &[region] = ctx.regions(op) else {
        return None;
    };
    let block = ctx
        .entry_block(region)
        .filter(|_| ctx.blocks(region).count() == 1)?;
    let children: Vec<OpId> = ctx
        .ops(block)
        .filter(|&o| !ctx.regions(o).is_empty())
        .collect();
    (children.len() >= 2).then_some(children)
}

/// Numbers and prints each of `children` as the sequential printer would at one level of
/// indentation, each from the top-level state (`top` numbered up to the regions of the top
/// block, with the name hints `used` in scope), on one scoped thread per entry of `workers`
/// (each with its copy of the top-level names) taking batches in turn.
fn print_children(
    ctx: &Context,
    syntax: &Syntax,
    options: PrintOptions,
    top: Counters,
    used: &UsedNames,
    children: &[OpId],
    workers: &mut [Names],
) -> Vec<(OpId, String)> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let worker = |names: &mut Names| {
        let mut p = Printer::new(ctx, syntax, options);
        std::mem::swap(&mut p.names, names);
        let mut out = Vec::new();
        // One copy per worker, not per child: numbering a child first leaves the scopes deeper
        // than `depth` (`UsedNames::enter`), dropping the names the previous child added, as
        // the sequential printer does between siblings.
        let mut used = used.clone();
        let depth = used.scopes.len();
        loop {
            let start = next.fetch_add(BATCH, std::sync::atomic::Ordering::Relaxed);
            if start >= children.len() {
                break;
            }
            for &child in &children[start..(start + BATCH).min(children.len())] {
                let stack = ctx
                    .regions(child)
                    .iter()
                    .map(|&r| (r, top, depth))
                    .collect();
                p.names.number_regions(ctx, syntax, stack, &mut used);
                p.indent = 1;
                p.print_tree(child);
                out.push((child, std::mem::take(&mut p.done)));
            }
        }
        std::mem::swap(&mut p.names, names);
        out
    };
    let mut texts = Vec::with_capacity(children.len());
    std::thread::scope(|s| {
        let (first, rest) = workers
            .split_first_mut()
            .expect("print_root makes one worker per thread and goes threaded with 2 or more");
        let handles: Vec<_> = rest
            .iter_mut()
            .filter_map(|names| {
                std::thread::Builder::new()
                    .stack_size(PRINTER_STACK)
                    .spawn_scoped(s, || worker(names))
                    .ok()
            })
            .collect();
        texts.extend(worker(first));
        for h in handles {
            match h.join() {
                Ok(done) => texts.extend(done),
                // A custom printer panicked on a worker: the same panic as on one thread.
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    });
    texts
}

/// Stack size of the printer's worker threads: types and attributes are printed recursively
/// (up to the parser's `MAX_TYPE_NESTING`), which needs the main thread's 8 MiB.
const PRINTER_STACK: usize = 8 << 20;

/// Output of the printer's walk still to be written: the walk keeps a stack of these instead
/// of recursing, so nesting depth costs no stack.
enum Piece {
    /// Finished text.
    Text(String),
    /// An op to print at an indentation level, on a new line when `newline` (an op of a
    /// region body; the root op and ops printed by custom printers continue the line).
    Op {
        op: OpId,
        indent: usize,
        newline: bool,
    },
    /// A region requested by [`Printer::print_region`], with its arguments and the
    /// indentation level at the time of the request.
    Region {
        region: RegionId,
        print_entry_args: bool,
        elide_terminator: Option<&'static str>,
        /// Print the entry block's label when the block is empty (the generic form's rule).
        empty_block_label: bool,
        indent: usize,
    },
}

#[derive(Clone, Copy)]
enum Name {
    Unnamed,
    Num(u32),
    Arg(u32),
    /// An index into [`Names::hints`].
    Hint(u32),
}

/// Value and block names for one printing.
#[derive(Clone, Default)]
struct Names {
    /// By `ValueId::index`: the base name of the value (for results: of the op's result
    /// group) and, for results of multi-result ops, the result number.
    values: ValueNames,
    /// The names chosen from op hints (`c0`, `c0_i32`, `true`), each stored once.
    hints: Vec<Box<str>>,
    blocks: FxHashMap<BlockId, u32>,
    /// Whether ops may suggest names (`%c0`); off for the generic form.
    use_hints: bool,
    /// The counters after the top region (see [`Names::number_top_region`]).
    top_counters: Counters,
}

/// A value's name in [`Names::values`].
type ValueName = (Name, Option<u32>);

/// Values per page of [`ValueNames`]: about the values of a few small functions, so that the
/// workers of a threaded printing, which number different functions, mostly fill different pages.
const NAMES_PAGE: usize = 64;

/// The names of values by `ValueId::index`, in pages of [`NAMES_PAGE`] allocated on first use:
/// each worker of a threaded printing holds a copy of the top-level names and adds those of the
/// functions it prints, so a dense table would cost every worker a slot for every value of
/// the module (for 2·10^5 ops, ~5 MB a worker).
#[derive(Clone, Default)]
struct ValueNames {
    pages: Vec<Option<Box<[ValueName; NAMES_PAGE]>>>,
}

impl ValueNames {
    /// The name of value `index` (unnamed if never set).
    fn get(&self, index: usize) -> ValueName {
        match self.pages.get(index / NAMES_PAGE) {
            Some(Some(page)) => page[index % NAMES_PAGE],
            _ => (Name::Unnamed, None),
        }
    }

    fn set(&mut self, index: usize, name: ValueName) {
        let p = index / NAMES_PAGE;
        if self.pages.len() <= p {
            self.pages.resize(p + 1, None);
        }
        let page =
            self.pages[p].get_or_insert_with(|| Box::new([(Name::Unnamed, None); NAMES_PAGE]));
        page[index % NAMES_PAGE] = name;
    }
}

/// The numbering state a region starts from (MLIR `SSANameState`'s `nextValueID`,
/// `nextArgumentID`, `nextConflictID`): every region nested in a region starts from the state
/// after the whole enclosing region was numbered, so sibling regions reuse the same numbers.
#[derive(Clone, Copy, Default)]
struct Counters {
    next_num: u32,
    next_arg: u32,
    next_conflict: u32,
}

/// The name hints in use (MLIR's scoped `usedNames`): a region sees the names of the regions
/// enclosing it, not those of its siblings. Scopes form the path from the top to the region being
/// numbered; each scope lists the names it added, removed when the scope is left.
#[derive(Clone, Default)]
struct UsedNames {
    names: FxHashSet<Box<str>>,
    /// Per open scope, the indices (into [`Names::hints`]) of the names it added.
    scopes: Vec<Vec<u32>>,
}

impl UsedNames {
    /// Leaves scopes until `depth` remain, then opens a new one; returns its depth.
    fn enter(&mut self, depth: usize, hints: &[Box<str>]) -> usize {
        while self.scopes.len() > depth {
            for n in self.scopes.pop().unwrap_or_default() {
                self.names.remove(&hints[n as usize]);
            }
        }
        self.scopes.push(Vec::new());
        self.scopes.len()
    }

    /// MLIR's `uniqueValueName`: `hint` if unused, else `hint_N` with the next conflict ids.
    /// The name is appended to `hints`; returns its index there.
    fn unique(&mut self, hint: String, c: &mut Counters, hints: &mut Vec<Box<str>>) -> u32 {
        let mut name = hint;
        if self.names.contains(name.as_str()) {
            let base = std::mem::take(&mut name);
            loop {
                name = format!("{base}_{}", c.next_conflict);
                c.next_conflict += 1;
                if !self.names.contains(name.as_str()) {
                    break;
                }
            }
        }
        let name: Box<str> = name.into();
        self.names.insert(name.clone());
        let index = hints.len() as u32;
        hints.push(name);
        if let Some(scope) = self.scopes.last_mut() {
            scope.push(index);
        }
        index
    }
}

impl Names {
    fn set(&mut self, v: ValueId, name: Name, number: Option<u32>) {
        self.values.set(v.index(), (name, number));
    }

    /// Numbers everything inside `op`'s regions, starting fresh counters: MLIR's
    /// `SSANameState`, with a stack of (region, the counters it starts from, the depth of its
    /// enclosing name scope). In the custom form every region starts from the counters after
    /// its enclosing region (so the order regions are numbered in does not matter); in the
    /// generic form (MLIR's `shouldPrintUniqueSSAIDs`) numbers are unique in the whole op and
    /// follow MLIR's stack order: an op's or a region's nested regions are pushed in order and
    /// numbered last first.
    fn number_op_scope(&mut self, ctx: &Context, syntax: &Syntax, op: OpId) {
        let unique = !self.use_hints;
        let mut used = UsedNames::default();
        let mut running = Counters::default();
        self.number_results(ctx, syntax, op, &mut running, &mut used);
        let mut stack: Vec<(RegionId, Counters, usize)> =
            ctx.regions(op).iter().map(|&r| (r, running, 0)).collect();
        if !unique {
            stack.reverse();
        }
        self.number_regions(ctx, syntax, stack, &mut used);
    }

    /// Numbers `op`'s results and its single region, not the regions nested in it, as
    /// [`Names::number_op_scope`] does first; returns the name hints in scope after it and
    /// keeps the counters in [`Names::top_counters`], the state each nested region starts
    /// from (custom form only).
    fn number_top_region(&mut self, ctx: &Context, syntax: &Syntax, op: OpId) -> UsedNames {
        let mut used = UsedNames::default();
        let mut c = Counters::default();
        self.number_results(ctx, syntax, op, &mut c, &mut used);
        for &r in ctx.regions(op) {
            used.enter(0, &self.hints);
            self.number_region(ctx, syntax, r, &mut c, &mut used);
        }
        self.top_counters = c;
        used
    }

    /// Numbers the regions on `stack` (region, the counters it starts from, the depth of its
    /// enclosing name scope) and everything nested in them; see [`Names::number_op_scope`].
    fn number_regions(
        &mut self,
        ctx: &Context,
        syntax: &Syntax,
        mut stack: Vec<(RegionId, Counters, usize)>,
        used: &mut UsedNames,
    ) {
        let unique = !self.use_hints;
        let mut running = stack.last().map(|e| e.1).unwrap_or_default();
        while let Some((r, saved, depth)) = stack.pop() {
            let scope = used.enter(depth, &self.hints);
            let mut c = if unique { running } else { saved };
            self.number_region(ctx, syntax, r, &mut c, used);
            running = c;
            let start = stack.len();
            for b in ctx.blocks(r) {
                for nested in ctx.ops(b) {
                    stack.extend(ctx.regions(nested).iter().map(|&r| (r, c, scope)));
                }
            }
            if !unique {
                stack[start..].reverse();
            }
        }
    }

    fn number_results(
        &mut self,
        ctx: &Context,
        syntax: &Syntax,
        op: OpId,
        c: &mut Counters,
        used: &mut UsedNames,
    ) {
        let results = ctx.results(op);
        if results.is_empty() {
            return;
        }
        let hint = syntax
            .get(ctx.name_str(op))
            .and_then(|s| s.name_hint)
            .filter(|_| self.use_hints)
            .and_then(|f| f(ctx, op));
        let base = match hint {
            Some(h) => Name::Hint(used.unique(h, c, &mut self.hints)),
            None => {
                c.next_num += 1;
                Name::Num(c.next_num - 1)
            }
        };
        let multi = results.len() > 1;
        for (i, &v) in results.iter().enumerate() {
            self.set(v, base, multi.then_some(i as u32));
        }
    }

    /// Numbers the block arguments and op results of `region` (not of nested regions) with
    /// `c`.
    fn number_region(
        &mut self,
        ctx: &Context,
        syntax: &Syntax,
        region: RegionId,
        c: &mut Counters,
        used: &mut UsedNames,
    ) {
        for (bi, b) in ctx.blocks(region).enumerate() {
            self.blocks.insert(b, bi as u32);
            for &a in ctx.block_args(b) {
                let name = if bi == 0 {
                    c.next_arg += 1;
                    Name::Arg(c.next_arg - 1)
                } else {
                    c.next_num += 1;
                    Name::Num(c.next_num - 1)
                };
                self.set(a, name, None);
            }
            for op in ctx.ops(b) {
                self.number_results(ctx, syntax, op, c, used);
            }
        }
    }
}

/// The printer state; custom-syntax functions receive `&mut Printer` and write with its
/// primitives (`print_operand`, `print_type`, `print_region`, ...) or directly with `write!`.
pub struct Printer<'a> {
    /// The context the IR lives in.
    pub ctx: &'a Context,
    syntax: &'a Syntax,
    /// Text of the piece being printed (an op up to its next region, or a region's lines).
    out: String,
    /// Everything printed so far, in order.
    done: String,
    /// What the piece being printed produced, in order (text, then regions or ops to print).
    pieces: Vec<Piece>,
    indent: usize,
    names: Names,
    options: PrintOptions,
    /// Texts of ops printed on worker threads (see [`print_op`]), spliced in when reached.
    prerendered: FxHashMap<OpId, String>,
    /// The threaded printing in progress, if any.
    parallel: Option<ParallelPrint>,
    /// Where [`print_op_to`] writes the text as it goes, and the first error writing it.
    sink: Option<&'a mut dyn std::io::Write>,
    sink_error: Option<std::io::Error>,
}

impl std::fmt::Write for Printer<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.out.push_str(s);
        Ok(())
    }
}

impl<'a> Printer<'a> {
    fn new(ctx: &'a Context, syntax: &'a Syntax, options: PrintOptions) -> Self {
        Printer {
            ctx,
            syntax,
            out: String::new(),
            done: String::new(),
            pieces: Vec::new(),
            indent: 0,
            names: Names::default(),
            options,
            prerendered: FxHashMap::default(),
            parallel: None,
            sink: None,
            sink_error: None,
        }
    }

    /// Appends text.
    pub fn write(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// Indents the lines that follow one more level (two spaces), as a region body is.
    pub fn increase_indent(&mut self) {
        self.indent += 1;
    }

    /// Undoes one [`Printer::increase_indent`].
    pub fn decrease_indent(&mut self) {
        self.indent = self.indent.saturating_sub(1);
    }

    /// Starts a new line at the current indentation (MLIR `printNewline`).
    pub fn newline(&mut self) {
        self.out.push('\n');
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }

    /// Writes the name of a value: `%0`, `%arg1`, `%c0_i32`, `%3#1`.
    pub fn print_operand(&mut self, v: ValueId) {
        let (name, number) = self.names.values.get(v.index());
        match name {
            Name::Num(n) => {
                self.out.push('%');
                push_int(&mut self.out, n);
            }
            Name::Arg(n) => {
                self.out.push_str("%arg");
                push_int(&mut self.out, n);
            }
            Name::Hint(h) => {
                self.out.push('%');
                self.out.push_str(&self.names.hints[h as usize]);
            }
            Name::Unnamed => self.out.push_str("<<UNKNOWN SSA VALUE>>"),
        }
        if let Some(i) = number {
            self.out.push('#');
            push_int(&mut self.out, i);
        }
    }

    /// Whether `v` prints with a result number (`%3#1`: a result of a multi-result op).
    pub fn has_result_number(&self, v: ValueId) -> bool {
        self.names.values.get(v.index()).1.is_some()
    }

    /// Writes `%a, %b, ...`.
    pub fn print_operands(&mut self, vs: &[ValueId]) {
        for (i, &v) in vs.iter().enumerate() {
            if i > 0 {
                self.write(", ");
            }
            self.print_operand(v);
        }
    }

    /// Writes a type.
    pub fn print_type(&mut self, ty: Type) {
        let w = Writer {
            ctx: self.ctx,
            syntax: Some(self.syntax),
        };
        write_type(w, &mut self.out, ty);
    }

    /// Writes `T1, T2, ...`.
    pub fn print_types(&mut self, tys: &[Type]) {
        for (i, &t) in tys.iter().enumerate() {
            if i > 0 {
                self.write(", ");
            }
            self.print_type(t);
        }
    }

    /// Writes the types of the given values, comma separated.
    pub fn print_value_types(&mut self, vs: &[ValueId]) {
        let tys: Vec<Type> = vs.iter().map(|&v| self.ctx.value_type(v)).collect();
        self.print_types(&tys);
    }

    /// Writes `T` for one type, `(T1, T2)` otherwise (MLIR's function result list style).
    pub fn print_result_types(&mut self, tys: &[Type]) {
        if tys.len() == 1 && !matches!(self.ctx.type_kind(tys[0]), TypeKind::Function { .. }) {
            self.print_type(tys[0]);
        } else {
            self.write("(");
            self.print_types(tys);
            self.write(")");
        }
    }

    /// Writes an attribute.
    pub fn print_attr(&mut self, a: Attr) {
        let w = Writer {
            ctx: self.ctx,
            syntax: Some(self.syntax),
        };
        write_attr(w, &mut self.out, a, true);
    }

    /// Writes ` {k = v, ...}` with the op's attributes minus `elided` (nothing if none remain).
    pub fn print_optional_attr_dict(&mut self, op: OpId, elided: &[&str]) {
        let mut attrs: Vec<_> = self
            .ctx
            .attrs(op)
            .iter()
            .filter(|a| !elided.contains(&self.ctx.attr_name_str(a.name)))
            .collect();
        if attrs.is_empty() {
            return;
        }
        attrs.sort_by(|a, b| {
            self.ctx
                .attr_name_str(a.name)
                .cmp(self.ctx.attr_name_str(b.name))
        });
        self.write(" {");
        for (i, a) in attrs.iter().enumerate() {
            if i > 0 {
                self.write(", ");
            }
            write_attr_key(&mut self.out, self.ctx.attr_name_str(a.name));
            if !matches!(self.ctx.attr_kind(a.value), AttrKind::Unit) {
                self.write(" = ");
                self.print_attr(a.value);
            }
        }
        self.write("}");
    }

    /// Like [`Printer::print_optional_attr_dict`] but with the `attributes` keyword.
    pub fn print_optional_attr_dict_with_keyword(&mut self, op: OpId, elided: &[&str]) {
        if self
            .ctx
            .attrs(op)
            .iter()
            .any(|a| !elided.contains(&self.ctx.attr_name_str(a.name)))
        {
            self.write(" attributes");
            self.print_optional_attr_dict(op, elided);
        }
    }

    /// Writes `^bbN`.
    pub fn print_successor(&mut self, b: BlockId) {
        let n = self.names.blocks.get(&b).copied().unwrap_or(u32::MAX);
        self.out.push_str("^bb");
        push_int(&mut self.out, n);
    }

    /// Writes `^bbN` or `^bbN(%a, %b : T1, T2)`.
    pub fn print_successor_and_use_list(&mut self, b: BlockId, args: &[ValueId]) {
        self.print_successor(b);
        if !args.is_empty() {
            self.write("(");
            self.print_operands(args);
            self.write(" : ");
            self.print_value_types(args);
            self.write(")");
        }
    }

    /// Writes `%arg0: T` for a block argument, and ` loc(...)` after it with debug info (as
    /// MLIR does, `loc(unknown)` included).
    pub fn print_arg_decl(&mut self, v: ValueId) {
        self.print_operand(v);
        self.write(": ");
        self.print_type(self.ctx.value_type(v));
        if self.options.debug_info {
            write!(self.out, " loc({})", self.ctx.arg_loc(v)).ok();
        }
    }

    /// Writes a region `{ ... }`. `print_entry_args`: print the entry block's label and
    /// arguments (when it has any). `elide_terminator`: omit a final terminator named so when
    /// it has no operands and no attributes (e.g. the implicit `scf.yield`). The region's text
    /// appears at this point of the output; it is printed after the current op's custom
    /// printer returns (see [`Printer::print_tree`]).
    pub fn print_region(
        &mut self,
        region: RegionId,
        print_entry_args: bool,
        elide_terminator: Option<&'static str>,
    ) {
        self.push_region(region, print_entry_args, elide_terminator, false);
    }

    fn push_region(
        &mut self,
        region: RegionId,
        print_entry_args: bool,
        elide_terminator: Option<&'static str>,
        empty_block_label: bool,
    ) {
        self.end_text();
        self.pieces.push(Piece::Region {
            region,
            print_entry_args,
            elide_terminator,
            empty_block_label,
            indent: self.indent,
        });
    }

    /// Moves the text printed so far into [`Printer::pieces`].
    fn end_text(&mut self) {
        if !self.out.is_empty() {
            self.pieces.push(Piece::Text(std::mem::take(&mut self.out)));
        }
    }

    /// Prints `root` and everything nested in it into [`Printer::done`] with an explicit
    /// stack of pieces: printing an op or a region yields text and the nested regions or ops,
    /// which are printed next, in order.
    /// Numbers the names of `root` and everything in it (or, for a threaded printing, of its
    /// top region, the rest being numbered by the workers) and prints it.
    fn print_root(&mut self, root: OpId) {
        let (ctx, syntax, options) = (self.ctx, self.syntax, self.options);
        self.names.use_hints = !options.generic; // MLIR's generic form numbers every value, uniquely
                                                 // The machine's parallelism (a system query) only when threading could apply.
        let threads = match options.parallel_min_ops {
            Some(min) if ctx.op_capacity() >= min && !options.generic => {
                std::thread::available_parallelism().map_or(1, |n| n.get())
            }
            _ => 1,
        };
        match (threads > 1)
            .then(|| parallel_children(ctx, root))
            .flatten()
        {
            Some(children) => {
                let used = self.names.number_top_region(ctx, syntax, root);
                // Slots of erased ops count too: an estimate, free to compute.
                let ops_per_child = (ctx.op_capacity() / children.len()).max(1);
                let window = (WINDOW_OPS / ops_per_child).clamp(BATCH * threads, WINDOW);
                self.parallel = Some(ParallelPrint {
                    window,
                    index: children.iter().enumerate().map(|(i, &c)| (c, i)).collect(),
                    children,
                    used,
                    workers: vec![self.names.clone(); threads],
                });
            }
            None => self.names.number_op_scope(ctx, syntax, root),
        }
        self.print_tree(root);
        self.done.push('\n');
        write_resources(ctx, root, &mut self.done);
    }

    /// The text of `op` if a worker printed it, printing the next window of a threaded
    /// printing when `op` starts it.
    fn prerendered_text(&mut self, op: OpId) -> Option<String> {
        if let Some(text) = self.prerendered.remove(&op) {
            return Some(text);
        }
        let (ctx, syntax, options, top) =
            (self.ctx, self.syntax, self.options, self.names.top_counters);
        let par = self.parallel.as_mut()?;
        let start = *par.index.get(&op)?;
        let end = (start + par.window).min(par.children.len());
        let window = &par.children[start..end];
        let texts = print_children(
            ctx,
            syntax,
            options,
            top,
            &par.used,
            window,
            &mut par.workers,
        );
        self.prerendered.extend(texts);
        self.prerendered.remove(&op)
    }

    /// Writes the text printed so far to the sink, if there is one and it holds at least
    /// `min` bytes.
    fn flush(&mut self, min: usize) {
        let Some(sink) = self.sink.as_mut() else {
            return;
        };
        if self.done.len() >= min {
            if self.sink_error.is_none() {
                self.sink_error = sink.write_all(self.done.as_bytes()).err();
            }
            self.done.clear();
        }
    }

    fn print_tree(&mut self, root: OpId) {
        let mut stack = vec![Piece::Op {
            op: root,
            indent: self.indent,
            newline: false,
        }];
        while let Some(piece) = stack.pop() {
            match piece {
                Piece::Text(t) => self.done.push_str(&t),
                Piece::Op {
                    op,
                    indent,
                    newline,
                } => {
                    self.indent = indent;
                    if newline {
                        self.newline();
                    }
                    if let Some(text) = self.prerendered_text(op) {
                        self.done.push_str(&self.out);
                        self.out.clear();
                        self.done.push_str(&text);
                        self.flush(FLUSH_BYTES);
                        continue;
                    }
                    self.print_operation(op);
                }
                Piece::Region {
                    region,
                    print_entry_args,
                    elide_terminator,
                    empty_block_label,
                    indent,
                } => {
                    self.indent = indent;
                    self.print_region_body(
                        region,
                        print_entry_args,
                        elide_terminator,
                        empty_block_label,
                    );
                }
            }
            // Text before the first deferred piece is next in the output anyway: append it
            // directly (for an op without regions, all of its text), keeping `out`'s buffer.
            if self.pieces.is_empty() {
                self.done.push_str(&self.out);
                self.out.clear();
                self.flush(FLUSH_BYTES);
                continue;
            }
            self.end_text();
            let mut pieces = self.pieces.drain(..);
            let mut first = pieces.next();
            while let Some(Piece::Text(t)) = &first {
                self.done.push_str(t);
                first = pieces.next();
            }
            stack.extend(first.into_iter().chain(pieces).rev());
        }
    }

    /// The text of a region (see [`Printer::print_region`]), with each op as a
    /// [`Piece::Op`].
    fn print_region_body(
        &mut self,
        region: RegionId,
        print_entry_args: bool,
        elide_terminator: Option<&'static str>,
        empty_block_label: bool,
    ) {
        self.write("{");
        self.indent += 1;
        let ctx = self.ctx;
        let single_block = ctx
            .entry_block(region)
            .and_then(|b| ctx.next_block(b))
            .is_none();
        for (i, b) in ctx.blocks(region).enumerate() {
            let show_header = i > 0
                || (print_entry_args && !self.ctx.block_args(b).is_empty())
                || (empty_block_label && ctx.first_op(b).is_none());
            if show_header {
                self.indent -= 1;
                self.newline();
                self.print_successor(b);
                let args = ctx.block_args(b);
                if !args.is_empty() {
                    self.write("(");
                    for (j, &a) in args.iter().enumerate() {
                        if j > 0 {
                            self.write(", ");
                        }
                        self.print_arg_decl(a);
                    }
                    self.write(")");
                }
                self.write(":");
                self.print_predecessors(b, i == 0);
                self.indent += 1;
            }
            for op in ctx.ops(b) {
                let last = single_block && ctx.next_op(op).is_none();
                if last && elide_terminator.is_some_and(|t| self.is_elidable_terminator(op, t)) {
                    continue;
                }
                self.end_text();
                self.pieces.push(Piece::Op {
                    op,
                    indent: self.indent,
                    newline: true,
                });
            }
        }
        self.indent -= 1;
        self.newline();
        self.write("}");
    }

    /// Writes mlir-opt's comment after a block header: `  // pred: ^bb0` for one incoming
    /// edge, `  // N preds: ^bb0, ^bb2, ^bb2` for N edges (sorted by block number, one entry per
    /// edge), `  // no predecessors` for a non-entry block without any (MLIR
    /// `OperationPrinter::print(Block *)`). Costs O(E log E) for the block's E incoming edges.
    fn print_predecessors(&mut self, b: BlockId, is_entry: bool) {
        let mut preds: Vec<u32> = self
            .ctx
            .predecessors(b)
            .iter()
            .filter_map(|&(op, _)| self.ctx.op_block(op))
            .map(|p| self.names.blocks.get(&p).copied().unwrap_or(u32::MAX))
            .collect();
        match preds.len() {
            0 if !is_entry => self.write("  // no predecessors"),
            0 => {}
            1 => {
                write!(self.out, "  // pred: ^bb{}", preds[0]).ok();
            }
            n => {
                preds.sort_unstable();
                write!(self.out, "  // {n} preds: ").ok();
                for (i, p) in preds.iter().enumerate() {
                    if i > 0 {
                        self.write(", ");
                    }
                    write!(self.out, "^bb{p}").ok();
                }
            }
        }
    }

    fn is_elidable_terminator(&self, op: OpId, name: &str) -> bool {
        self.ctx.is(op, name)
            && self.ctx.operands(op).is_empty()
            && self.ctx.attrs(op).is_empty()
            && !self.options.generic
    }

    /// Prints one op at the current position (results, name, body, location); its regions
    /// are printed after it returns, at their place in the output (see [`Printer::print_tree`]).
    pub fn print_operation(&mut self, op: OpId) {
        let results = self.ctx.results(op);
        if !results.is_empty() {
            self.print_operand(results[0]);
            // The group name without `#0`: print the base by trimming the suffix.
            if results.len() > 1 {
                let len = self.out.rfind('#').unwrap_or(self.out.len());
                self.out.truncate(len);
                write!(self.out, ":{}", results.len()).ok();
            }
            self.write(" = ");
        }
        let name = self.ctx.name_str(op);
        let custom = self
            .syntax
            .get(name)
            .filter(|s| !self.options.generic && !s.generic_when.is_some_and(|f| f(self, op)));
        match custom {
            Some(s) => {
                let print = s.print;
                let shown = self.short_name(op, name);
                self.write(shown);
                print(self, op);
            }
            None => self.print_generic(op),
        }
        if self.options.debug_info {
            write!(self.out, " loc({})", self.ctx.loc(op)).ok();
        }
    }

    /// The op name as the custom form writes it: without the default dialect of the parent
    /// (e.g. `return` directly inside `func.func`; `builtin` at the top level and inside
    /// `builtin.module`, as mlir-opt prints: a `module` nested in a function stays
    /// `builtin.module`, which is the only form mlir-opt parses there).
    fn short_name<'n>(&self, op: OpId, name: &'n str) -> &'n str {
        let parent_default = match self.ctx.parent_op(op) {
            None => Some("builtin"),
            Some(p) => self
                .syntax
                .get(self.ctx.name_str(p))
                .and_then(|s| s.default_dialect),
        };
        match (parent_default, name.split_once('.')) {
            (Some(d), Some((dialect, rest))) if d == dialect => rest,
            _ => name,
        }
    }

    fn print_generic(&mut self, op: OpId) {
        let ctx = self.ctx;
        write!(self.out, "{}", escape(ctx.name_str(op))).ok();
        self.write("(");
        self.print_operands(ctx.operands(op));
        self.write(")");
        let succs = ctx.successors(op);
        if !succs.is_empty() {
            self.write("[");
            for (i, &b) in succs.iter().enumerate() {
                if i > 0 {
                    self.write(", ");
                }
                self.print_successor(b);
            }
            self.write("]");
        }
        let regions = ctx.regions(op);
        if !regions.is_empty() {
            self.write(" (");
            for (i, &r) in regions.iter().enumerate() {
                if i > 0 {
                    self.write(", ");
                }
                // As MLIR's generic form: an empty block keeps its label (`^bb0:`), so that
                // a module's empty body block is not read back as a region without blocks.
                self.push_region(r, true, None, true);
            }
            self.write(")");
        }
        self.print_optional_attr_dict(op, &[]);
        self.write(" : (");
        self.print_value_types(ctx.operands(op));
        self.write(") -> ");
        let rtys: Vec<Type> = ctx.results(op).iter().map(|&v| ctx.value_type(v)).collect();
        if rtys.len() == 1 && !matches!(ctx.type_kind(rtys[0]), TypeKind::Function { .. }) {
            self.print_type(rtys[0]);
        } else {
            self.write("(");
            self.print_types(&rtys);
            self.write(")");
        }
    }
}

fn write_attr_key(out: &mut String, key: &str) {
    let bare = key
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'));
    if bare {
        out.push_str(key);
    } else {
        out.push_str(&escape(key));
    }
}

/// A symbol name as MLIR writes it: `@name`, or `@"quoted name"` when it is not a bare
/// identifier.
pub fn symbol_text(name: &str) -> String {
    let plain = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.'));
    if plain {
        format!("@{name}")
    } else {
        format!("@{}", escape(name))
    }
}

/// A type as MLIR prints it, e.g. `tensor<2x?xf32>`. Without a [`Syntax`], dialect types are
/// written in the default form of [`DialectPrinter::print_params`]; [`type_to_string_with`]
/// uses the dialects' print hooks.
pub fn type_to_string(ctx: &Context, ty: Type) -> String {
    let mut s = String::new();
    write_type(Writer { ctx, syntax: None }, &mut s, ty);
    s
}

/// A type as MLIR prints it, with the print hooks of the dialect types registered in `syntax`.
pub fn type_to_string_with(ctx: &Context, syntax: &Syntax, ty: Type) -> String {
    let mut s = String::new();
    let syntax = Some(syntax);
    write_type(Writer { ctx, syntax }, &mut s, ty);
    s
}

/// An attribute as MLIR prints it, e.g. `42 : i32`, `dense<1.000000e+00> : tensor<2xf32>`
/// (dialect attributes in the default form, as in [`type_to_string`]).
pub fn attr_to_string(ctx: &Context, a: Attr) -> String {
    let mut s = String::new();
    write_attr(Writer { ctx, syntax: None }, &mut s, a, true);
    s
}

/// An attribute as MLIR prints it, with the print hooks of the dialect attributes registered in
/// `syntax`.
pub fn attr_to_string_with(ctx: &Context, syntax: &Syntax, a: Attr) -> String {
    let mut s = String::new();
    let syntax = Some(syntax);
    write_attr(Writer { ctx, syntax }, &mut s, a, true);
    s
}

/// What type and attribute printing reads: the context, and the syntax table whose dialect
/// print hooks apply (none: the default form).
#[derive(Clone, Copy)]
struct Writer<'a> {
    ctx: &'a Context,
    syntax: Option<&'a Syntax>,
}

/// Writes the parameters of a dialect type or attribute, for the print hooks registered with
/// [`Syntax::register_type`] and [`Syntax::register_attr`] (MLIR `DialectAsmPrinter`).
pub struct DialectPrinter<'a> {
    w: Writer<'a>,
    out: &'a mut String,
}

impl DialectPrinter<'_> {
    /// The context the parameters live in.
    pub fn ctx(&self) -> &Context {
        self.w.ctx
    }

    /// Appends text.
    pub fn write(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// Writes a type.
    pub fn print_type(&mut self, ty: Type) {
        write_type(self.w, self.out, ty);
    }

    /// Writes an attribute (with its type, e.g. `1 : i32`).
    pub fn print_attr(&mut self, a: Attr) {
        write_attr(self.w, self.out, a, true);
    }

    /// Writes one parameter: a type, an attribute, an integer or a keyword.
    pub fn print_param(&mut self, p: &DialectParam) {
        match p {
            DialectParam::Type(t) => self.print_type(*t),
            DialectParam::Attr(a) => self.print_attr(*a),
            DialectParam::Int(i) => write!(self.out, "{i}").unwrap_or(()),
            DialectParam::Keyword(k) => self.write(k),
        }
    }

    /// The default form: nothing without parameters, else `<p1, p2, ...>` (the form of
    /// MLIR's generated printers for `$a, $b` assembly formats), e.g. `<i32, f32>`.
    pub fn print_params(&mut self, params: &[DialectParam]) {
        if params.is_empty() {
            return;
        }
        self.write("<");
        for (i, p) in params.iter().enumerate() {
            if i > 0 {
                self.write(", ");
            }
            self.print_param(p);
        }
        self.write(">");
    }
}

/// Writes `!dialect.mnemonic` / `#dialect.mnemonic` and the parameters, by the print hook of
/// the dialect item if `w.syntax` has one, else in the default form.
fn write_dialect_item(
    w: Writer<'_>,
    out: &mut String,
    sigil: char,
    (dialect, mnemonic): (&str, &str),
    params: &[DialectParam],
    hook: Option<crate::registry::PrintParamsFn>,
) {
    write!(out, "{sigil}{dialect}.{mnemonic}").unwrap_or(());
    let mut p = DialectPrinter { w, out };
    match hook {
        Some(print) => print(&mut p, params),
        None => p.print_params(params),
    }
}

/// Appends the decimal digits of `n` (as `{n}` formats it, without `core::fmt`'s machinery:
/// the printer writes a number for nearly every value, block label and dimension).
fn push_int(out: &mut String, n: impl itoa::Integer) {
    out.push_str(itoa::Buffer::new().format(n));
}

/// Writes `4x?x` (each dimension followed by `x`), or `*x` for an unranked shape.
fn write_shape(out: &mut String, shape: &Option<Vec<Dim>>) {
    match shape {
        None => out.push_str("*x"),
        Some(dims) => {
            for d in dims {
                match d {
                    Some(n) => {
                        push_int(out, *n);
                        out.push('x');
                    }
                    None => out.push_str("?x"),
                }
            }
        }
    }
}

fn write_type(w: Writer<'_>, out: &mut String, ty: Type) {
    let ctx = w.ctx;
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, signedness } => {
            let p = match signedness {
                Signedness::Signless => "i",
                Signedness::Signed => "si",
                Signedness::Unsigned => "ui",
            };
            out.push_str(p);
            push_int(out, *width);
        }
        TypeKind::Index => out.push_str("index"),
        TypeKind::Float(k) => out.push_str(match k {
            FloatKind::F16 => "f16",
            FloatKind::BF16 => "bf16",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
        }),
        TypeKind::None => out.push_str("none"),
        TypeKind::Function { inputs, results } => {
            out.push('(');
            write_type_list(w, out, inputs);
            out.push_str(") -> ");
            if results.len() == 1 && !matches!(ctx.type_kind(results[0]), TypeKind::Function { .. })
            {
                write_type(w, out, results[0]);
            } else {
                out.push('(');
                write_type_list(w, out, results);
                out.push(')');
            }
        }
        TypeKind::Tensor { shape, element } => {
            out.push_str("tensor<");
            write_shape(out, shape);
            write_type(w, out, *element);
            out.push('>');
        }
        TypeKind::MemRef {
            shape,
            element,
            layout,
            memory_space,
        } => {
            out.push_str("memref<");
            write_shape(out, shape);
            write_type(w, out, *element);
            if let Some(l) = layout {
                out.push_str(", ");
                write_attr(w, out, *l, true);
            }
            if let Some(m) = memory_space {
                out.push_str(", ");
                // MLIR elides the `i64` of an integer memory space (`memref<4xf32, 1>`).
                let typed = match ctx.attr_kind(*m) {
                    AttrKind::Integer { ty, .. } => ctx.type_kind(*ty) != &I64,
                    _ => true,
                };
                write_attr(w, out, *m, typed);
            }
            out.push('>');
        }
        TypeKind::Dialect {
            dialect,
            mnemonic,
            params,
        } => {
            let hook = w.syntax.and_then(|s| s.type_syntax(dialect, mnemonic));
            let hook = hook.and_then(|h| h.print);
            write_dialect_item(w, out, '!', (dialect, mnemonic), params, hook);
        }
        TypeKind::Vector { shape, element } => {
            out.push_str("vector<");
            for &d in shape {
                push_int(out, d);
                out.push('x');
            }
            write_type(w, out, *element);
            out.push('>');
        }
        TypeKind::Tuple(elems) => {
            out.push_str("tuple<");
            write_type_list(w, out, elems);
            out.push('>');
        }
        TypeKind::Opaque(text) => {
            out.push('!');
            out.push_str(text);
        }
    }
}

fn write_type_list(w: Writer<'_>, out: &mut String, tys: &[Type]) {
    for (i, &t) in tys.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_type(w, out, t);
    }
}

/// Formats a float the way MLIR's `printFloatValue` does: six digits of scientific notation
/// (`1.000000e+00`, LLVM `APFloat::toString(s, 6, 0, false)`) when they give the value back
/// exactly, else APFloat's default form (`9.9999999999999995E-8`), and the hex bit pattern
/// (`0x7FC00000`) for NaN and infinities. `value` is rounded to `kind` first.
pub fn format_float(value: f64, kind: FloatKind) -> String {
    format_float_bits(float_to_raw(kind, value), kind)
}

/// [`format_float`] of the value whose bit pattern in format `kind` is `raw` (NaN payloads
/// printed exactly).
pub fn format_float_bits(raw: u64, kind: FloatKind) -> String {
    let value = weir_ir::dense::float_from_raw(kind, raw);
    if value.is_finite() {
        let sci = crate::float_text::to_string(raw, kind, 6, 0, false);
        let back = match kind {
            FloatKind::F32 => sci.parse::<f32>().map(|v| v.to_bits() as u64),
            _ => sci.parse::<f64>().map(|v| float_to_raw(kind, v)),
        };
        if back == Ok(raw) {
            return sci;
        }
        let default = crate::float_text::to_string(raw, kind, 0, 3, true);
        if default.contains('.') {
            return default;
        }
    }
    format!("0x{raw:X}")
}

fn write_attr(w: Writer<'_>, out: &mut String, a: Attr, with_type: bool) {
    let ctx = w.ctx;
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, ty } => {
            push_int(out, *value);
            if with_type {
                out.push_str(" : ");
                write_type(w, out, *ty);
            }
        }
        AttrKind::Float { bits, ty } => {
            let kind = ctx.float_kind(*ty).unwrap_or(FloatKind::F64);
            out.push_str(&format_float(f64::from_bits(*bits), kind));
            if with_type {
                out.push_str(" : ");
                write_type(w, out, *ty);
            }
        }
        AttrKind::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        AttrKind::String(s) => out.push_str(&escape(s)),
        AttrKind::Array(elems) => {
            out.push('[');
            for (i, &e) in elems.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                // Inside arrays MLIR elides the default types of literals (`i64`, `f64`).
                let default_typed = match ctx.attr_kind(e) {
                    AttrKind::Integer { ty, .. } => {
                        ctx.int_width(*ty) == Some(64)
                            && !matches!(ctx.type_kind(*ty), TypeKind::Index)
                    }
                    AttrKind::Float { ty, .. } => ctx.float_kind(*ty) == Some(FloatKind::F64),
                    _ => false,
                };
                write_attr(w, out, e, !default_typed);
            }
            out.push(']');
        }
        AttrKind::Dict(entries) => {
            out.push('{');
            for (i, (k, v)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_attr_key(out, k);
                if !matches!(ctx.attr_kind(*v), AttrKind::Unit) {
                    out.push_str(" = ");
                    write_attr(w, out, *v, true);
                }
            }
            out.push('}');
        }
        AttrKind::Dense(d) => write_dense(w, out, d, HEX_ABOVE),
        AttrKind::DenseResource { ty, name } => {
            out.push_str("dense_resource<");
            write_attr_key(out, name);
            out.push_str("> : ");
            write_type(w, out, *ty);
        }
        AttrKind::DenseArray { element, values } => {
            out.push_str("array<");
            write_type(w, out, *element);
            for (i, v) in values.iter().enumerate() {
                out.push_str(if i == 0 { ": " } else { ", " });
                write_dense_value(w, out, *v, *element);
            }
            out.push('>');
        }
        AttrKind::Type(t) => write_type(w, out, *t),
        AttrKind::Unit => out.push_str("unit"),
        AttrKind::SymbolRef(path) => {
            for (i, p) in path.iter().enumerate() {
                if i > 0 {
                    out.push_str("::");
                }
                out.push_str(&symbol_text(p));
            }
        }
        AttrKind::AffineMap(map) => {
            out.push_str("affine_map<");
            write_affine_map(out, map);
            out.push('>');
        }
        AttrKind::Strided { strides, offset } => {
            let dyn_or = |out: &mut String, v: &Option<i64>| match v {
                Some(n) => write!(out, "{n}").unwrap_or(()),
                None => out.push('?'),
            };
            out.push_str("strided<[");
            for (i, st) in strides.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                dyn_or(out, st);
            }
            out.push(']');
            // MLIR elides a zero offset.
            if *offset != Some(0) {
                out.push_str(", offset: ");
                dyn_or(out, offset);
            }
            out.push('>');
        }
        AttrKind::Dialect {
            dialect,
            mnemonic,
            params,
        } => {
            let hook = w.syntax.and_then(|s| s.attr_syntax(dialect, mnemonic));
            let hook = hook.and_then(|h| h.print);
            write_dialect_item(w, out, '#', (dialect, mnemonic), params, hook);
        }
        AttrKind::Opaque(text) => {
            out.push('#');
            out.push_str(text);
        }
        AttrKind::BuiltinText(text) => out.push_str(text),
    }
}

fn write_dense_value(w: Writer<'_>, out: &mut String, v: DenseValue, element: Type) {
    let ctx = w.ctx;
    match v {
        DenseValue::Int(i) => {
            if ctx.int_width(element) == Some(1) {
                out.push_str(if i != 0 { "true" } else { "false" });
            } else {
                write!(out, "{i}").ok();
            }
        }
        DenseValue::Float(bits) => out.push_str(&format_float(
            f64::from_bits(bits),
            ctx.float_kind(element).unwrap_or(FloatKind::F64),
        )),
    }
}

/// Writes the file metadata section `{-# dialect_resources: ... #-}` with the blob of each
/// `dense_resource` that `root` and the ops in it use and that has one, in the order of first
/// use, as mlir-opt prints it: `"0x"`, the alignment as four little-endian bytes (zero for an
/// empty blob, as mlir-opt writes it), then the data, in upper-case hex. Nothing without such
/// a blob.
fn write_resources(ctx: &Context, root: OpId, out: &mut String) {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut names = Vec::new();
    let mut stack: Vec<Attr> = Vec::new();
    for op in std::iter::once(root).chain(ctx.nested_ops(root)) {
        stack.extend(ctx.attrs(op).iter().rev().map(|a| a.value));
        while let Some(a) = stack.pop() {
            match ctx.attr_kind(a) {
                AttrKind::DenseResource { name, .. } => {
                    if ctx.resource_blob(name).is_some() && seen.insert(name.as_str()) {
                        names.push(name.as_str());
                    }
                }
                AttrKind::Array(items) => stack.extend(items.iter().rev()),
                AttrKind::Dict(items) => stack.extend(items.iter().rev().map(|(_, v)| *v)),
                AttrKind::Dialect { params, .. } => {
                    stack.extend(params.iter().rev().filter_map(|p| match p {
                        DialectParam::Attr(a) => Some(*a),
                        _ => None,
                    }))
                }
                _ => {}
            }
        }
    }
    if names.is_empty() {
        return;
    }
    out.push_str("\n{-#\n  dialect_resources: {\n    builtin: {\n");
    for (i, name) in names.iter().enumerate() {
        let Some(blob) = ctx.resource_blob(name) else {
            continue;
        };
        out.push_str(if i == 0 { "      " } else { ",\n      " });
        write_attr_key(out, name);
        let alignment = if blob.data.is_empty() {
            0
        } else {
            blob.alignment
        };
        out.push_str(": \"0x");
        for b in alignment.to_le_bytes().iter().chain(blob.data.iter()) {
            write!(out, "{b:02X}").unwrap_or(());
        }
        out.push('"');
    }
    out.push_str("\n    }\n  }\n#-}\n");
}

/// mlir-opt 22 prints a non-splat `dense<...>` of more than this many elements in hex.
const HEX_ABOVE: u64 = 100;

/// A `dense<...>` attribute `d` as [`attr_to_string`] prints it, except that any number of
/// elements is written as nested lists of decimal elements, never in mlir-opt's hex form
/// (which it uses above 100 elements): readable output that mlir-opt parses all the same
/// (cf-run's tensor results).
pub fn dense_to_decimal_string(ctx: &Context, d: &DenseElements) -> String {
    let mut s = String::new();
    write_dense(Writer { ctx, syntax: None }, &mut s, d, u64::MAX);
    s
}

/// Element `i` (row-major) of `d` as a `dense<...>` list writes it: `true`/`false` for `i1`, a
/// decimal integer, or a float as [`format_float_bits`] prints it. Panics if `i >= d.len()`.
pub fn dense_element_to_string(d: &DenseElements, i: u64) -> String {
    let mut s = String::new();
    write_dense_element(&mut s, d, i);
    s
}

/// Writes `dense<...>` as mlir-opt 22 prints it: `dense<>` without elements, `dense<v>` for a
/// splat (one element included), the hex form `dense<"0x...">` for more than `hex_above`
/// elements (`i1` bit-packed, as MLIR's raw data), else nested `[...]` lists in row-major order.
fn write_dense(w: Writer<'_>, out: &mut String, d: &DenseElements, hex_above: u64) {
    let dims = match weir_ir::dense::dense_shape(w.ctx, d.ty()) {
        Ok((dims, _)) => dims,
        Err(_) => Vec::new(),
    };
    out.push_str("dense<");
    if d.is_empty() {
    } else if d.is_splat() {
        write_dense_element(out, d, 0);
    } else if d.len() > hex_above {
        out.push_str("\"0x");
        let hex = |out: &mut String, b: u8| write!(out, "{b:02X}").unwrap_or(());
        if matches!(d.element_kind(), ElementKind::Int { width: 1, .. }) {
            for chunk in d.raw_bytes().chunks(8) {
                hex(
                    out,
                    chunk.iter().rev().fold(0, |acc, &b| (acc << 1) | (b & 1)),
                );
            }
        } else {
            for &b in d.raw_bytes() {
                hex(out, b);
            }
        }
        out.push('"');
    } else {
        write_dense_nested(out, d, &dims, 0);
    }
    out.push_str("> : ");
    write_type(w, out, d.ty());
}

/// Writes element `i` of `d`: `true`/`false` for `i1`, a decimal integer, or a float in MLIR's
/// format (non-finite values as their bits in hex, e.g. `0x7FC00000`).
fn write_dense_element(out: &mut String, d: &DenseElements, i: u64) {
    match d.element_kind() {
        ElementKind::Float(k) => {
            let raw = d
                .raw_element(i)
                .iter()
                .rev()
                .fold(0u64, |a, &b| (a << 8) | b as u64);
            out.push_str(&format_float_bits(raw, k));
        }
        kind => match d.int(i) {
            Some(v) if matches!(kind, ElementKind::Int { width: 1, .. }) => {
                out.push_str(if v != 0 { "true" } else { "false" })
            }
            Some(v) => write!(out, "{v}").unwrap_or(()),
            None => {}
        },
    }
}

/// Writes the elements from `start` of a (sub)tensor of shape `dims` as nested lists.
fn write_dense_nested(out: &mut String, d: &DenseElements, dims: &[u64], start: u64) {
    let Some((&first, rest)) = dims.split_first() else {
        write_dense_element(out, d, start);
        return;
    };
    let inner: u64 = rest.iter().product();
    out.push('[');
    for j in 0..first {
        if j > 0 {
            out.push_str(", ");
        }
        write_dense_nested(out, d, rest, start + j * inner);
    }
    out.push(']');
}

/// The `i64` type, whose integer memory spaces print without a type.
const I64: TypeKind = TypeKind::Integer {
    width: 64,
    signedness: Signedness::Signless,
};

/// Writes `(d0, d1)[s0] -> (e1, e2)`, the inside of `affine_map<...>`.
fn write_affine_map(out: &mut String, map: &AffineMap) {
    out.push('(');
    for d in 0..map.num_dims {
        if d > 0 {
            out.push_str(", ");
        }
        write!(out, "d{d}").unwrap_or(());
    }
    out.push(')');
    if map.num_symbols > 0 {
        out.push('[');
        for s in 0..map.num_symbols {
            if s > 0 {
                out.push_str(", ");
            }
            write!(out, "s{s}").unwrap_or(());
        }
        out.push(']');
    }
    out.push_str(" -> (");
    for (i, e) in map.results.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_affine_expr(out, e, false);
    }
    out.push(')');
}

/// Writes an affine expression as MLIR's `printAffineExprInternal` does: `strong` is true
/// where the enclosing operator binds tighter than `+` (then a binary expression gets
/// parentheses); `e * -1` prints as `-e`, `a + b * -1` as `a - b`, `a + b * -c` as
/// `a - b * c` and `a + -c` as `a - c`.
fn write_affine_expr(out: &mut String, e: &AffineExpr, strong: bool) {
    let (op, lhs, rhs) = match e {
        AffineExpr::Dim(d) => return write!(out, "d{d}").unwrap_or(()),
        AffineExpr::Symbol(s) => return write!(out, "s{s}").unwrap_or(()),
        // `-9223372036854775808` does not parse (a negation of a literal too large for index),
        // so the one constant without a literal is written as an expression that folds to it.
        AffineExpr::Constant(i64::MIN) => return out.push_str("(-9223372036854775807 - 1)"),
        AffineExpr::Constant(c) => return write!(out, "{c}").unwrap_or(()),
        AffineExpr::Binary { op, lhs, rhs } => (*op, &**lhs, &**rhs),
    };
    if strong {
        out.push('(');
    }
    let rhs_const = rhs.as_constant();
    let rhs_scaled = match rhs {
        AffineExpr::Binary {
            op: AffineBinOp::Mul,
            lhs: rl,
            rhs: rr,
        } => rr.as_constant().map(|c| (&**rl, c)),
        _ => None,
    };
    match op {
        AffineBinOp::Mul if rhs_const == Some(-1) => {
            out.push('-');
            write_affine_expr(out, lhs, true);
        }
        AffineBinOp::Add => match (rhs_scaled, rhs_const) {
            (Some((rl, -1)), _) => {
                write_affine_expr(out, lhs, false);
                out.push_str(" - ");
                let nested_add = matches!(
                    rl,
                    AffineExpr::Binary {
                        op: AffineBinOp::Add,
                        ..
                    }
                );
                write_affine_expr(out, rl, nested_add);
            }
            // `e - -9223372036854775808`, as mlir-opt 22 prints `e + INT64_MIN`, does not
            // parse (in mlir-opt either): such terms take the `+` form below.
            (Some((rl, c)), _) if c < -1 && c != i64::MIN => {
                write_affine_expr(out, lhs, false);
                out.push_str(" - ");
                write_affine_expr(out, rl, true);
                write!(out, " * {}", -c).unwrap_or(());
            }
            (_, Some(c)) if c < 0 && c != i64::MIN => {
                write_affine_expr(out, lhs, false);
                write!(out, " - {}", -c).unwrap_or(());
            }
            _ => {
                write_affine_expr(out, lhs, false);
                out.push_str(" + ");
                // A sum of two constants stays only when it overflows; without parentheses it
                // would re-parse as `(lhs + c1) + c2`, which wraps (mlir-opt 22 prints none, so
                // its output changes value on a second parse).
                let unfolded = matches!(rhs, AffineExpr::Binary { op: AffineBinOp::Add, lhs: a, rhs: b }
                    if a.as_constant().is_some() && b.as_constant().is_some());
                write_affine_expr(out, rhs, unfolded);
            }
        },
        _ => {
            write_affine_expr(out, lhs, true);
            out.push_str(match op {
                AffineBinOp::Mul => " * ",
                AffineBinOp::FloorDiv => " floordiv ",
                AffineBinOp::CeilDiv => " ceildiv ",
                _ => " mod ",
            });
            write_affine_expr(out, rhs, true);
        }
    }
    if strong {
        out.push(')');
    }
}
