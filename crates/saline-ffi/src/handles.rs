//! Opaque handles for objects that live on the Rust side between calls
//! (streams, keyed AEADs).
//!
//! A handle is a 64-bit number: the slot's generation (from 1) in the high
//! 32 bits, the table's tag in the next 8 and the slot index in the low 24,
//! so that 0 is never a handle, a freed handle stays invalid after its slot
//! is reused (as the WebAssembly ABI's handles do), and a stream's handle is
//! never taken for an AEAD's. A double free, a stale, a made-up handle or
//! one of another type is `SALINE_STATUS_BAD_HANDLE`, never a crash.

use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};

use crate::boundary::Fail;
use crate::SalineStatus;

struct Slot<T> {
    generation: u32,
    value: Option<Arc<T>>,
}

struct Table<T> {
    slots: Vec<Slot<T>>,
    free: Vec<u32>,
}

/// One table per object type, each with its own tag. A read lock is enough to use an object, so
/// threads working on different (or the same immutable) objects do not wait
/// for each other; only opening and freeing write.
pub(crate) struct Handles<T> {
    what: &'static str,
    tag: u8,
    table: RwLock<Table<T>>,
}

impl<T> Handles<T> {
    /// An empty table; `what` names the objects in messages ("stream"),
    /// `tag` tells its handles from other tables' (distinct per table).
    pub const fn new(what: &'static str, tag: u8) -> Handles<T> {
        Handles { what, tag, table: RwLock::new(Table { slots: Vec::new(), free: Vec::new() }) }
    }

    // Every update of the table is a single assignment, so a panic elsewhere
    // while it was held cannot have left it inconsistent.
    fn read(&self) -> RwLockReadGuard<'_, Table<T>> {
        self.table.read().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn write(&self) -> RwLockWriteGuard<'_, Table<T>> {
        self.table.write().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn bad_handle(&self, handle: u64) -> Fail {
        Fail::new(SalineStatus::BadHandle, format!("{}: handle {handle:#x} is zero, freed or was never issued", self.what))
    }

    /// Stores `value` and returns its new handle.
    pub fn insert(&self, value: T) -> Result<u64, Fail> {
        let value = Arc::new(value);
        let mut table = self.write();
        let index = match table.free.pop() {
            Some(index) => index,
            None => {
                let index = u32::try_from(table.slots.len())
                    .ok()
                    .filter(|&index| index <= INDEX_MASK)
                    .ok_or_else(|| Fail::new(SalineStatus::Range, format!("{}: too many open handles", self.what)))?;
                table.slots.push(Slot { generation: 0, value: None });
                index
            }
        };
        let slot = &mut table.slots[index as usize];
        // Generations run 1..=u32::MAX, then wrap to 1, skipping 0.
        slot.generation = slot.generation.checked_add(1).unwrap_or(1);
        slot.value = Some(value);
        Ok((u64::from(slot.generation) << 32) | (u64::from(self.tag) << 24) | u64::from(index))
    }

    /// The object behind `handle`; the table lock is released on return, so
    /// a concurrent free only drops the table's reference.
    pub fn get(&self, handle: u64) -> Result<Arc<T>, Fail> {
        let (index, generation) = self.split(handle).ok_or_else(|| self.bad_handle(handle))?;
        match self.read().slots.get(index) {
            Some(Slot { generation: g, value: Some(value) }) if *g == generation => Ok(Arc::clone(value)),
            _ => Err(self.bad_handle(handle)),
        }
    }

    /// Frees `handle`. The object is dropped (and its Drop wipes it) outside
    /// the table lock, once no call still uses it.
    pub fn remove(&self, handle: u64) -> Result<(), Fail> {
        let (index, generation) = self.split(handle).ok_or_else(|| self.bad_handle(handle))?;
        let freed = {
            let mut table = self.write();
            let freed = match table.slots.get_mut(index) {
                Some(slot) if slot.generation == generation && slot.value.is_some() => slot.value.take(),
                _ => None,
            };
            if freed.is_some() {
                table.free.push(index as u32);
            }
            freed
        };
        freed.map(drop).ok_or_else(|| self.bad_handle(handle))
    }

    /// The slot index and generation, if the handle carries this table's tag.
    fn split(&self, handle: u64) -> Option<(usize, u32)> {
        let low = handle as u32;
        (low >> 24 == u32::from(self.tag)).then_some(((low & INDEX_MASK) as usize, (handle >> 32) as u32))
    }
}

/// The slot index bits: 2^24 open objects per type at once.
const INDEX_MASK: u32 = 0x00ff_ffff;
