//! The table behind every binding's object handles (streams, keyed AEADs):
//! the WebAssembly module's stream handles, the Node addon's and the C ABI's
//! (issue 15: it used to exist three times, each a little different).
//!
//! A handle is a number: the slot's generation in the high bits, an optional
//! tag in the middle and the slot index in the low bits, as a
//! [`HandleLayout`] says. Generations start at 1 and skip 0 when they wrap,
//! so 0 is never a handle; a freed handle stays invalid after its slot is
//! reused (until its generation comes round again); a handle carrying
//! another table's tag is refused. Nothing here panics on a bad handle.
//!
//! The table is single-threaded; a binding that shares it between threads
//! wraps it in its own lock (the C ABI) or keeps one per thread (Node).
//! [`HandleTable::remove`] hands the value back so that the caller decides
//! where it is dropped (outside its lock); values wipe themselves on drop
//! ([`crate::Stream`] and the keyed AEADs do).

use alloc::vec::Vec;

/// How a handle's bits are split. `index_bits + tag_bits + generation_bits`
/// must be at most 64, and at most what the binding can carry (31 for a
/// non-negative wasm `i32`, 53 for a JS number).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandleLayout {
    /// Bits of the slot index: at most `2^index_bits` live objects.
    pub index_bits: u32,
    /// Bits of the tag (0 for a table that needs none).
    pub tag_bits: u32,
    /// This table's tag, below `2^tag_bits`; distinct per table that shares
    /// a handle space, so that one object's handle is never taken for
    /// another's.
    pub tag: u64,
    /// Bits of the generation: a stale handle is recognised until its slot
    /// has been reused `2^generation_bits - 1` times.
    pub generation_bits: u32,
}

impl HandleLayout {
    fn mask(bits: u32) -> u64 {
        if bits >= 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        }
    }

    /// Whether `index` fits the layout's index bits.
    pub fn holds_index(&self, index: u32) -> bool {
        u64::from(index) <= Self::mask(self.index_bits)
    }

    /// The generation after `generation`: 1..=max, then 1 again, never 0.
    pub fn next_generation(&self, generation: u64) -> u64 {
        let next = (generation + 1) & Self::mask(self.generation_bits);
        if next == 0 {
            1
        } else {
            next
        }
    }

    /// The handle of slot `index` at `generation`.
    pub fn handle(&self, generation: u64, index: u32) -> u64 {
        generation << (self.index_bits + self.tag_bits) | self.tag << self.index_bits | u64::from(index)
    }

    /// A handle's slot index and generation, if it carries this layout's tag
    /// and a generation other than 0; whether that generation is the slot's
    /// current one is the table's to check.
    pub fn split(&self, handle: u64) -> Option<(usize, u64)> {
        let index = (handle & Self::mask(self.index_bits)) as usize;
        let tag = (handle >> self.index_bits) & Self::mask(self.tag_bits);
        let generation = handle.checked_shr(self.index_bits + self.tag_bits).unwrap_or(0);
        (tag == self.tag && generation != 0).then_some((index, generation))
    }
}

/// Why a handle was refused, or an object not stored. Each binding words it
/// (and picks its error code) as its API always has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandleError {
    /// Zero, freed, stale (its slot since reused), another table's, or never
    /// issued.
    Invalid,
    /// Every index of the layout is in use.
    Full,
}

struct Slot<T> {
    generation: u64,
    value: Option<T>,
}

/// Objects behind handles; see the module documentation.
pub struct HandleTable<T> {
    layout: HandleLayout,
    slots: Vec<Slot<T>>,
    free: Vec<u32>,
}

impl<T> HandleTable<T> {
    /// An empty table with this layout (allocates nothing until the first
    /// insert, so it can be a `static`'s initial value).
    pub const fn new(layout: HandleLayout) -> HandleTable<T> {
        HandleTable { layout, slots: Vec::new(), free: Vec::new() }
    }

    /// Stores `value` and returns its handle.
    ///
    /// # Errors
    /// [`HandleError::Full`] when every index is in use (`value` is dropped).
    pub fn insert(&mut self, value: T) -> Result<u64, HandleError> {
        let layout = self.layout;
        let index = match self.free.pop() {
            Some(index) => index,
            None => {
                let index = u32::try_from(self.slots.len()).map_err(|_| HandleError::Full)?;
                if !layout.holds_index(index) {
                    return Err(HandleError::Full);
                }
                self.slots.push(Slot { generation: 0, value: None });
                index
            }
        };
        let slot = &mut self.slots[index as usize];
        slot.generation = layout.next_generation(slot.generation);
        slot.value = Some(value);
        Ok(layout.handle(slot.generation, index))
    }

    /// The slot index of `handle` if it carries this table's tag and its
    /// generation is the slot's current one.
    fn live_index(&self, handle: u64) -> Option<usize> {
        let (index, generation) = self.layout.split(handle)?;
        let slot = self.slots.get(index)?;
        (slot.generation == generation && slot.value.is_some()).then_some(index)
    }

    /// The object behind `handle`.
    ///
    /// # Errors
    /// [`HandleError::Invalid`] for anything but a live handle of this table.
    pub fn get(&self, handle: u64) -> Result<&T, HandleError> {
        let index = self.live_index(handle).ok_or(HandleError::Invalid)?;
        self.slots[index].value.as_ref().ok_or(HandleError::Invalid)
    }

    /// The object behind `handle`, to modify.
    ///
    /// # Errors
    /// [`HandleError::Invalid`] for anything but a live handle of this table.
    pub fn get_mut(&mut self, handle: u64) -> Result<&mut T, HandleError> {
        let index = self.live_index(handle).ok_or(HandleError::Invalid)?;
        self.slots[index].value.as_mut().ok_or(HandleError::Invalid)
    }

    /// Frees `handle` and returns its object, for the caller to drop (which
    /// wipes it) where it chooses. A double free is refused like any other
    /// invalid handle.
    ///
    /// # Errors
    /// [`HandleError::Invalid`] for anything but a live handle of this table.
    pub fn remove(&mut self, handle: u64) -> Result<T, HandleError> {
        let index = self.live_index(handle).ok_or(HandleError::Invalid)?;
        let value = self.slots[index].value.take().ok_or(HandleError::Invalid)?;
        self.free.push(index as u32);
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: HandleLayout = HandleLayout { index_bits: 2, tag_bits: 0, tag: 0, generation_bits: 2 };
    const TAGGED: HandleLayout = HandleLayout { index_bits: 24, tag_bits: 8, tag: 7, generation_bits: 32 };

    #[test]
    fn zero_is_never_a_handle() {
        let mut table = HandleTable::new(SMALL);
        for i in 0..4 {
            assert_ne!(table.insert(i).unwrap(), 0);
        }
        assert_eq!(table.get(0), Err(HandleError::Invalid));
    }

    #[test]
    fn a_freed_handle_stays_invalid_after_reuse() {
        let mut table = HandleTable::new(TAGGED);
        let first = table.insert("a").unwrap();
        assert_eq!(table.remove(first), Ok("a"));
        assert_eq!(table.remove(first), Err(HandleError::Invalid), "double free");
        let second = table.insert("b").unwrap();
        assert_ne!(first, second, "same slot, next generation");
        assert_eq!(table.get(first), Err(HandleError::Invalid));
        assert_eq!(table.get(second), Ok(&"b"));
    }

    #[test]
    fn generations_wrap_to_one_not_zero() {
        let mut table = HandleTable::new(SMALL);
        let mut seen = Vec::new();
        for _ in 0..4 {
            let handle = table.insert(()).unwrap();
            seen.push(handle >> SMALL.index_bits);
            table.remove(handle).unwrap();
        }
        assert_eq!(seen, [1, 2, 3, 1]);
    }

    #[test]
    fn another_tables_handle_is_refused() {
        let mut streams = HandleTable::new(TAGGED);
        let aeads: HandleTable<()> = HandleTable::new(HandleLayout { tag: 2, ..TAGGED });
        let handle = streams.insert(()).unwrap();
        assert_eq!(aeads.get(handle), Err(HandleError::Invalid));
        assert_eq!(streams.get(handle ^ (1 << 63)), Err(HandleError::Invalid), "made-up generation");
        assert_eq!(streams.get(u64::MAX), Err(HandleError::Invalid));
    }

    #[test]
    fn a_full_table_says_so() {
        let mut table = HandleTable::new(SMALL);
        for i in 0..4 {
            table.insert(i).unwrap();
        }
        assert_eq!(table.insert(4), Err(HandleError::Full));
    }
}
