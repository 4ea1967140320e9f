//! Pooled list storage (Cranelift's `EntityList`/`ListPool` shape): the short lists of the IR
//! (an op's operands, results, attributes, regions and successors, a block's arguments and
//! predecessors, a value's uses) are ranges of one growable array per element type instead of
//! one heap allocation each.
//!
//! A [`List`] is a start index and a length (8 bytes). Its block in the pool has the capacity
//! of the length rounded up to a power of two, so pushing is amortized O(1) as for a `Vec`.
//! Freed blocks are kept in one free list per size class and reused by the next list of that
//! class: erasing and creating ops reuses the pool instead of growing it. A list that shrinks
//! below half of its block gives the block's upper half back.

/// A list in a [`Pool`]: `len` elements from `start`. The empty list owns no block.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct List {
    start: u32,
    len: u32,
}

impl List {
    /// The number of elements.
    pub fn len(self) -> usize {
        self.len as usize
    }

    /// Whether the list has no elements.
    pub fn is_empty(self) -> bool {
        self.len == 0
    }
}

/// The capacity of the block holding a list of `len` elements (0 for the empty list).
fn capacity(len: u32) -> u32 {
    if len == 0 {
        0
    } else {
        len.next_power_of_two()
    }
}

/// The size class of a block of capacity `cap` (a power of two).
fn class(cap: u32) -> usize {
    cap.trailing_zeros() as usize
}

/// One growable array of `T` holding many [`List`]s; see the module docs.
#[derive(Clone, Debug, Default)]
pub(crate) struct Pool<T> {
    data: Vec<T>,
    /// Per size class (capacity `1 << class`): the starts of the free blocks.
    free: Vec<Vec<u32>>,
}

impl<T: Copy + Default> Pool<T> {
    /// The elements of `list`.
    pub fn get(&self, list: List) -> &[T] {
        &self.data[list.start as usize..(list.start + list.len) as usize]
    }

    /// The elements of `list`, mutable.
    pub fn get_mut(&mut self, list: List) -> &mut [T] {
        &mut self.data[list.start as usize..(list.start + list.len) as usize]
    }

    /// A block of capacity `cap` (a power of two, or 0 for none), reused if one is free.
    fn alloc_block(&mut self, cap: u32) -> u32 {
        if cap == 0 {
            return 0;
        }
        if let Some(start) = self.free.get_mut(class(cap)).and_then(Vec::pop) {
            return start;
        }
        let start = self.data.len() as u32;
        self.data
            .resize(self.data.len() + cap as usize, T::default());
        start
    }

    /// Gives the block `[start, start + cap)` back to its size class.
    fn free_block(&mut self, start: u32, cap: u32) {
        if cap == 0 {
            return;
        }
        let c = class(cap);
        if self.free.len() <= c {
            self.free.resize_with(c + 1, Vec::new);
        }
        self.free[c].push(start);
    }

    /// Releases the array's unused capacity (its growth by doubling), keeping every list and
    /// free block.
    pub fn shrink_to_fit(&mut self) {
        self.data.shrink_to_fit();
    }

    /// A new list holding `items`.
    pub fn from_slice(&mut self, items: &[T]) -> List {
        let len = items.len() as u32;
        let start = self.alloc_block(capacity(len));
        self.data[start as usize..(start + len) as usize].copy_from_slice(items);
        List { start, len }
    }

    /// A new list holding the items of `items`.
    pub fn from_iter(&mut self, items: impl ExactSizeIterator<Item = T>) -> List {
        let len = items.len() as u32;
        let start = self.alloc_block(capacity(len));
        for (slot, item) in self.data[start as usize..].iter_mut().zip(items) {
            *slot = item;
        }
        List { start, len }
    }

    /// Frees `list`'s block and makes it empty.
    pub fn clear(&mut self, list: &mut List) {
        self.free_block(list.start, capacity(list.len));
        *list = List::default();
    }

    /// Sets `list`'s length to `len`, moving it to a larger block if needed (new elements are
    /// `T::default()`) or giving back the unused half of its block.
    fn resize(&mut self, list: &mut List, len: u32) {
        let (old_cap, new_cap) = (capacity(list.len), capacity(len));
        if new_cap > old_cap {
            let start = self.alloc_block(new_cap);
            let n = list.len as usize;
            let old = list.start as usize;
            self.data.copy_within(old..old + n, start as usize);
            self.data[start as usize + n..(start + new_cap) as usize].fill(T::default());
            self.free_block(list.start, old_cap);
            list.start = start;
        } else {
            // Shrinking: give back the upper half of the block while the rest still fits.
            let mut cap = old_cap;
            while cap > new_cap {
                let half = cap / 2;
                self.free_block(list.start + half, half.max(1));
                cap = half;
            }
            if new_cap == 0 {
                list.start = 0;
            }
        }
        list.len = len;
    }

    /// Appends `item` to `list` (amortized O(1)).
    pub fn push(&mut self, list: &mut List, item: T) {
        let n = list.len;
        self.resize(list, n + 1);
        self.data[(list.start + n) as usize] = item;
    }

    /// Removes element `i` by moving the last element into its place (O(1)); returns it.
    pub fn swap_remove(&mut self, list: &mut List, i: usize) -> T {
        let items = self.get_mut(*list);
        let item = items[i];
        let last = items.len() - 1;
        items[i] = items[last];
        self.resize(list, last as u32);
        item
    }

    /// Removes element `i`, keeping the order of the rest (O(len)); returns it.
    pub fn remove(&mut self, list: &mut List, i: usize) -> T {
        let items = self.get_mut(*list);
        let item = items[i];
        items.copy_within(i + 1.., i);
        let n = list.len - 1;
        self.resize(list, n);
        item
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_remove_and_reuse() {
        let mut p: Pool<u32> = Pool::default();
        let mut a = List::default();
        for i in 0..5 {
            p.push(&mut a, i);
        }
        assert_eq!(p.get(a), &[0, 1, 2, 3, 4]);
        // Blocks of 1 (at 0), 2 (at 1) and 4 (at 3) were freed on the way to 8 (at 7).
        assert_eq!(p.data.len(), 15);
        // Four left: the upper half of the block of 8 (at 11) is given back.
        assert_eq!(p.swap_remove(&mut a, 1), 1);
        assert_eq!(p.get(a), &[0, 4, 2, 3]);
        assert_eq!(p.remove(&mut a, 0), 0);
        assert_eq!(p.get(a), &[4, 2, 3]);
        // Five elements do not fit the block of 4 at 7: a new block of 8 at 15.
        p.push(&mut a, 7);
        p.push(&mut a, 8);
        assert_eq!(p.get(a), &[4, 2, 3, 7, 8]);
        assert_eq!(p.data.len(), 23);
        // A new list of 3 reuses a freed block of 4 (the one at 7 just left): no growth.
        let b = p.from_slice(&[9, 9, 9]);
        assert_eq!(p.get(b), &[9, 9, 9]);
        assert_eq!(b.start, 7);
        assert_eq!(p.data.len(), 23);
        p.clear(&mut a);
        assert!(a.is_empty());
        // The freed block of 8 at 15 is reused by the next list of 5..8 elements.
        let c = p.from_iter([1, 2, 3, 4, 5, 6].into_iter());
        assert_eq!(p.get(c), &[1, 2, 3, 4, 5, 6]);
        assert_eq!(c.start, 15);
        assert_eq!(p.data.len(), 23);
    }

    #[test]
    fn shrinking_gives_back_halves() {
        let mut p: Pool<u32> = Pool::default();
        let mut a = p.from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
        for _ in 0..7 {
            p.swap_remove(&mut a, 0);
        }
        assert_eq!(a.len(), 1);
        // The halves 4 (at 4..8), 2 (at 2..4) and 1 (at 1..2) are free again.
        let b = p.from_slice(&[0; 4]);
        let c = p.from_slice(&[0; 2]);
        let d = p.from_slice(&[0; 1]);
        assert_eq!((b.start, c.start, d.start), (4, 2, 1));
        assert_eq!(p.data.len(), 8);
        p.swap_remove(&mut a, 0);
        let e = p.from_slice(&[5]);
        assert_eq!(e.start, 0);
    }
}
