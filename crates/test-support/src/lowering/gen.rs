//! A generator of random, terminating programs with structured control flow nested at any depth
//! (`scf.if`, `scf.for` signed and unsigned, `scf.while` in both forms, `scf.index_switch` with
//! a case above 2^32, multi-block `scf.execute_region`, optionally `weir.loop`) over `i64`
//! arithmetic, for differential tests: the reference interpreter evaluates the structured
//! program, and the lowered program must compute the same.

use super::*;

/// xorshift64*: a small deterministic generator, so a failing seed can be replayed.
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: i128, hi: i128) -> i128 {
        lo + self.below((hi - lo + 1) as usize) as i128
    }

    /// True with probability 1/2.
    pub fn coin(&mut self) -> bool {
        self.next() & 1 == 1
    }
}

/// What to generate.
pub struct Gen<'a> {
    /// The IR.
    pub ctx: &'a mut Context,
    /// The randomness.
    pub rng: Rng,
    /// Whether `weir.loop` may be generated.
    pub weir_loop: bool,
}

impl Gen<'_> {
    fn i64t(&mut self) -> Type {
        self.ctx.int_type(64)
    }

    fn pick(&mut self, pool: &[ValueId]) -> ValueId {
        pool[self.rng.below(pool.len())]
    }

    fn picks(&mut self, pool: &[ValueId], k: usize) -> Vec<ValueId> {
        (0..k).map(|_| self.pick(pool)).collect()
    }

    /// `builtin.module { func.func @main(%a: i64, %b: i64) -> (i64...) { ... } }`.
    pub fn function(&mut self, depth: u32) -> (OpId, OpId) {
        let i64t = self.i64t();
        let (m, f, e) = func(self.ctx, &[i64t, i64t]);
        let mut pool = self.ctx.block_args(e).to_vec();
        self.stmts(e, &mut pool, depth);
        let k = 1 + self.rng.below(3);
        let vals = self.picks(&pool, k);
        ret(self.ctx, e, &vals);
        (m, f)
    }

    /// Appends 1 to 4 random statements to `block`, adding the values they define to `pool`.
    pub fn stmts(&mut self, block: BlockId, pool: &mut Vec<ValueId>, depth: u32) {
        for _ in 0..1 + self.rng.below(4) {
            self.stmt(block, pool, depth);
        }
    }

    fn stmt(&mut self, b: BlockId, pool: &mut Vec<ValueId>, depth: u32) {
        let choice = if depth == 0 {
            0
        } else {
            self.rng.below(if self.weir_loop { 9 } else { 8 })
        };
        match choice {
            0 | 1 => self.arith(b, pool),
            2 => self.if_(b, pool, depth),
            3 => self.for_(b, pool, depth),
            4 => self.while_(b, pool, depth),
            5 => self.do_while(b, pool, depth),
            6 => self.switch(b, pool, depth),
            7 => self.execute_region(b, pool, depth),
            _ => self.weir_loop(b, pool, depth),
        }
    }

    fn arith(&mut self, b: BlockId, pool: &mut Vec<ValueId>) {
        let i64t = self.i64t();
        if self.rng.below(4) == 0 {
            let v = self.rng.range(-5, 5);
            pool.push(cst(self.ctx, b, v, i64t));
            return;
        }
        let name = ["arith.addi", "arith.subi", "arith.muli", "arith.xori"][self.rng.below(4)];
        let (x, y) = (self.pick(pool), self.pick(pool));
        pool.push(bin(self.ctx, b, name, x, y));
    }

    fn cond(&mut self, b: BlockId, pool: &[ValueId]) -> ValueId {
        let pred = [0, 1, 2, 6][self.rng.below(4)];
        let (x, y) = (self.pick(pool), self.pick(pool));
        cmpi(self.ctx, b, pred, x, y)
    }

    /// A region with one block without arguments: random statements (seeing `pool`), then
    /// `scf.yield` of `k` random values.
    fn region(&mut self, pool: &[ValueId], depth: u32, k: usize) -> RegionId {
        let (r, b) = region_block(self.ctx, &[]);
        let mut inner = pool.to_vec();
        self.stmts(b, &mut inner, depth - 1);
        let vals = self.picks(&inner, k);
        yield_(self.ctx, b, &vals);
        r
    }

    fn if_(&mut self, b: BlockId, pool: &mut Vec<ValueId>, depth: u32) {
        let c = self.cond(b, pool);
        let k = self.rng.below(3);
        let then = self.region(pool, depth, k);
        let els = if k == 0 && self.rng.coin() {
            self.ctx.new_region()
        } else {
            self.region(pool, depth, k)
        };
        let i64t = self.i64t();
        let o = op(
            self.ctx,
            b,
            "scf.if",
            &[c],
            &vec![i64t; k],
            vec![],
            vec![then, els],
        );
        pool.extend(self.ctx.results(o).to_vec());
    }

    fn for_(&mut self, b: BlockId, pool: &mut Vec<ValueId>, depth: u32) {
        let idx = self.ctx.index_type();
        let i64t = self.i64t();
        let lb_v = self.rng.range(-1, 2);
        let ub_v = self.rng.range(0, 5);
        let step_v = self.rng.range(1, 2);
        let lb = cst(self.ctx, b, lb_v, idx);
        let ub = cst(self.ctx, b, ub_v, idx);
        let step = cst(self.ctx, b, step_v, idx);
        let k = 1 + self.rng.below(2);
        let inits = self.picks(pool, k);
        let mut args = vec![idx];
        args.extend(vec![i64t; k]);
        let (r, body) = region_block(self.ctx, &args);
        let bargs = self.ctx.block_args(body).to_vec();
        let mut inner = pool.clone();
        inner.extend(&bargs[1..]);
        let iv = index_cast(self.ctx, body, bargs[0], i64t);
        inner.push(iv);
        self.stmts(body, &mut inner, depth - 1);
        let y = self.picks(&inner, k);
        yield_(self.ctx, body, &y);
        let mut attrs = vec![];
        if self.rng.coin() {
            attrs.push(("unsignedCmp", self.ctx.unit_attr()));
        }
        let mut operands = vec![lb, ub, step];
        operands.extend(inits);
        let o = op(
            self.ctx,
            b,
            "scf.for",
            &operands,
            &vec![i64t; k],
            attrs,
            vec![r],
        );
        pool.extend(self.ctx.results(o).to_vec());
    }

    /// `while counter < bound { counter += 1; ... }` carrying `k` more values.
    fn while_(&mut self, b: BlockId, pool: &mut Vec<ValueId>, depth: u32) {
        let i64t = self.i64t();
        let k = self.rng.below(3);
        let zero = cst(self.ctx, b, 0, i64t);
        let bound_v = self.rng.range(0, 4);
        let bound = cst(self.ctx, b, bound_v, i64t);
        let mut inits = vec![zero];
        inits.extend(self.picks(pool, k));
        let tys = vec![i64t; k + 1];
        // Before: the counter test, possibly and-ed with a random condition; forwards a random
        // choice of values after the counter.
        let (before, bb) = region_block(self.ctx, &tys);
        let bargs = self.ctx.block_args(bb).to_vec();
        let mut inner = pool.clone();
        inner.extend(&bargs);
        if self.rng.coin() {
            self.stmts(bb, &mut inner, depth - 1);
        }
        let mut c = cmpi(self.ctx, bb, 2, bargs[0], bound);
        if self.rng.below(3) == 0 {
            let extra = self.cond(bb, &inner);
            c = bin(self.ctx, bb, "arith.andi", c, extra);
        }
        let mut fwd = vec![c, bargs[0]];
        fwd.extend(self.picks(&inner, k));
        op(self.ctx, bb, "scf.condition", &fwd, &[], vec![], vec![]);
        // After: counter + 1 and new values.
        let (after, ab) = region_block(self.ctx, &tys);
        let aargs = self.ctx.block_args(ab).to_vec();
        let one = cst(self.ctx, ab, 1, i64t);
        let next = bin(self.ctx, ab, "arith.addi", aargs[0], one);
        let mut inner = pool.clone();
        inner.extend(&aargs);
        self.stmts(ab, &mut inner, depth - 1);
        let mut y = vec![next];
        y.extend(self.picks(&inner, k));
        yield_(self.ctx, ab, &y);
        let o = op(
            self.ctx,
            b,
            "scf.while",
            &inits,
            &tys,
            vec![],
            vec![before, after],
        );
        pool.extend(self.ctx.results(o).to_vec());
    }

    /// `do { counter += 1; ... } while counter < bound`, with a forwarding "after" region.
    fn do_while(&mut self, b: BlockId, pool: &mut Vec<ValueId>, depth: u32) {
        let i64t = self.i64t();
        let k = self.rng.below(3);
        let zero = cst(self.ctx, b, 0, i64t);
        let bound_v = self.rng.range(-1, 4);
        let bound = cst(self.ctx, b, bound_v, i64t);
        let mut inits = vec![zero];
        inits.extend(self.picks(pool, k));
        let tys = vec![i64t; k + 1];
        let (before, bb) = region_block(self.ctx, &tys);
        let bargs = self.ctx.block_args(bb).to_vec();
        let one = cst(self.ctx, bb, 1, i64t);
        let next = bin(self.ctx, bb, "arith.addi", bargs[0], one);
        let mut inner = pool.clone();
        inner.extend(&bargs);
        self.stmts(bb, &mut inner, depth - 1);
        let c = cmpi(self.ctx, bb, 2, next, bound);
        let mut fwd = vec![c, next];
        fwd.extend(self.picks(&inner, k));
        op(self.ctx, bb, "scf.condition", &fwd, &[], vec![], vec![]);
        let (after, ab) = region_block(self.ctx, &tys);
        let aargs = self.ctx.block_args(ab).to_vec();
        yield_(self.ctx, ab, &aargs);
        let o = op(
            self.ctx,
            b,
            "scf.while",
            &inits,
            &tys,
            vec![],
            vec![before, after],
        );
        pool.extend(self.ctx.results(o).to_vec());
    }

    fn switch(&mut self, b: BlockId, pool: &mut Vec<ValueId>, depth: u32) {
        let i64t = self.i64t();
        let idx = self.ctx.index_type();
        const BIG: i128 = (1 << 32) + 1;
        let sel = match self.rng.below(4) {
            0 => {
                let v = [BIG, -1, 1 << 32][self.rng.below(3)];
                cst(self.ctx, b, v, idx)
            }
            _ => {
                let x = self.pick(pool);
                let three = cst(self.ctx, b, 3, i64t);
                let m = bin(self.ctx, b, "arith.andi", x, three);
                index_cast(self.ctx, b, m, idx)
            }
        };
        let mut cases: Vec<i128> = vec![0, 1, 2, 3, BIG, -1];
        for i in (1..cases.len()).rev() {
            cases.swap(i, self.rng.below(i + 1));
        }
        cases.truncate(self.rng.below(4));
        let k = self.rng.below(3);
        let regions: Vec<RegionId> = (0..=cases.len())
            .map(|_| self.region(pool, depth, k))
            .collect();
        let element = self.ctx.int_type(64);
        let attr = self.ctx.attr(AttrKind::DenseArray {
            element,
            values: cases.iter().map(|&c| DenseValue::Int(c)).collect(),
        });
        let o = op(
            self.ctx,
            b,
            "scf.index_switch",
            &[sel],
            &vec![i64t; k],
            vec![("cases", attr)],
            regions,
        );
        pool.extend(self.ctx.results(o).to_vec());
    }

    /// `scf.execute_region { stmts; cf.cond_br %c, ^a, ^b  ^a: stmts; yield  ^b: stmts; yield }`.
    fn execute_region(&mut self, b: BlockId, pool: &mut Vec<ValueId>, depth: u32) {
        let i64t = self.i64t();
        let k = self.rng.below(3);
        let (r, entry) = region_block(self.ctx, &[]);
        let mut inner = pool.clone();
        self.stmts(entry, &mut inner, depth - 1);
        let c = self.cond(entry, &inner);
        let mut targets = vec![];
        for _ in 0..2 {
            let blk = self.ctx.new_block(&[]);
            self.ctx.append_block(r, blk);
            let mut p = inner.clone();
            self.stmts(blk, &mut p, depth - 1);
            let y = self.picks(&p, k);
            yield_(self.ctx, blk, &y);
            targets.push(blk);
        }
        let element = self.ctx.int_type(32);
        let seg = self.ctx.attr(AttrKind::DenseArray {
            element,
            values: vec![DenseValue::Int(1), DenseValue::Int(0), DenseValue::Int(0)],
        });
        let mut st = OpState::new(self.ctx.op_name("cf.cond_br"), Location::Unknown);
        st.operands = vec![c];
        st.successors = targets;
        st.set_attr(self.ctx.attr_name("operandSegmentSizes"), seg);
        self.ctx.build_op(st, InsertPoint::End(entry));
        let o = op(
            self.ctx,
            b,
            "scf.execute_region",
            &[],
            &vec![i64t; k],
            vec![],
            vec![r],
        );
        pool.extend(self.ctx.results(o).to_vec());
    }

    /// `weir.loop` with an optional max (`i64` or `index` iteration number) and optional initial
    /// condition; without max, the condition `it < bound` ends it.
    fn weir_loop(&mut self, b: BlockId, pool: &mut Vec<ValueId>, depth: u32) {
        let i64t = self.i64t();
        let i1 = self.ctx.i1();
        let t = if self.rng.coin() {
            i64t
        } else {
            self.ctx.index_type()
        };
        let has_max = self.rng.coin();
        let max = if has_max {
            let v = self.rng.range(-1, 4);
            Some(cst(self.ctx, b, v, t))
        } else {
            None
        };
        let cond = match self.rng.below(3) {
            0 => None,
            1 => {
                let v = self.rng.range(0, 1);
                Some(cst(self.ctx, b, v, i1))
            }
            _ => Some(self.cond(b, pool)),
        };
        let k = self.rng.below(3);
        let inits = self.picks(pool, k);
        let mut args = vec![t, i1];
        args.extend(vec![i64t; k]);
        let (r, body) = region_block(self.ctx, &args);
        let bargs = self.ctx.block_args(body).to_vec();
        let mut inner = pool.clone();
        inner.extend(&bargs[2..]);
        let it = if t == i64t {
            bargs[0]
        } else {
            index_cast(self.ctx, body, bargs[0], i64t)
        };
        inner.push(it);
        self.stmts(body, &mut inner, depth - 1);
        let new_cond = if has_max && self.rng.coin() {
            if self.rng.coin() {
                bargs[1]
            } else {
                self.cond(body, &inner)
            }
        } else {
            let bound_v = self.rng.range(0, 4);
            let bound = cst(self.ctx, body, bound_v, i64t);
            cmpi(self.ctx, body, 2, it, bound)
        };
        let mut y = vec![new_cond];
        y.extend(self.picks(&inner, k));
        op(self.ctx, body, "weir.yield", &y, &[], vec![], vec![]);
        let mut operands: Vec<ValueId> = max.into_iter().chain(cond).collect();
        operands.extend(&inits);
        let element = self.ctx.int_type(32);
        let seg = self.ctx.attr(AttrKind::DenseArray {
            element,
            values: [max.is_some() as usize, cond.is_some() as usize, k]
                .iter()
                .map(|&v| DenseValue::Int(v as i128))
                .collect(),
        });
        let o = op(
            self.ctx,
            b,
            "weir.loop",
            &operands,
            &vec![i64t; k],
            vec![("operandSegmentSizes", seg)],
            vec![r],
        );
        pool.extend(self.ctx.results(o).to_vec());
    }
}
