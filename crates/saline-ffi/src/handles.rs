//! Opaque handles for objects that live on the Rust side between calls
//! (streams, keyed AEADs): saline-ops' `HandleTable`, shared by every
//! binding, behind a lock for C's threads.
//!
//! A handle is a 64-bit number: the slot's generation (from 1) in the high
//! 32 bits, the table's tag in the next 8 and the slot index in the low 24,
//! so that 0 is never a handle, a freed handle stays invalid after its slot
//! is reused, and a stream's handle is
//! never taken for an AEAD's. A double free, a stale, a made-up handle or
//! one of another type is `SALINE_STATUS_BAD_HANDLE`, never a crash.

use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};

use saline_ops::handles::{HandleError, HandleLayout, HandleTable};

use crate::boundary::Fail;
use crate::SalineStatus;

/// One table per object type, each with its own tag, behind a lock shared
/// by every thread. A read lock is enough to use an object, so threads
/// working on different (or the same immutable) objects do not wait for
/// each other; only opening and freeing write.
pub(crate) struct Handles<T> {
    what: &'static str,
    table: RwLock<HandleTable<Arc<T>>>,
}

impl<T> Handles<T> {
    /// An empty table; `what` names the objects in messages ("stream"),
    /// `tag` tells its handles from other tables' (distinct per table).
    pub const fn new(what: &'static str, tag: u8) -> Handles<T> {
        // 2^24 open objects per type at once; 32 generation bits make a
        // stale handle valid again only after 2^32 - 1 reuses of its slot.
        let layout = HandleLayout { index_bits: 24, tag_bits: 8, tag: tag as u64, generation_bits: 32 };
        Handles { what, table: RwLock::new(HandleTable::new(layout)) }
    }

    // Every update of the table is a single assignment, so a panic elsewhere
    // while it was held cannot have left it inconsistent.
    fn read(&self) -> RwLockReadGuard<'_, HandleTable<Arc<T>>> {
        self.table.read().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn write(&self) -> RwLockWriteGuard<'_, HandleTable<Arc<T>>> {
        self.table.write().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn fail(&self, handle: u64, error: HandleError) -> Fail {
        match error {
            HandleError::Invalid => Fail::new(
                SalineStatus::BadHandle,
                format!("{}: handle {handle:#x} is zero, freed or was never issued", self.what),
            ),
            HandleError::Full => Fail::new(SalineStatus::Range, format!("{}: too many open handles", self.what)),
        }
    }

    /// Stores `value` and returns its new handle.
    pub fn insert(&self, value: T) -> Result<u64, Fail> {
        let value = Arc::new(value);
        let inserted = self.write().insert(value);
        inserted.map_err(|error| self.fail(0, error))
    }

    /// The object behind `handle`; the table lock is released on return, so
    /// a concurrent free only drops the table's reference.
    pub fn get(&self, handle: u64) -> Result<Arc<T>, Fail> {
        let found = self.read().get(handle).map(Arc::clone);
        found.map_err(|error| self.fail(handle, error))
    }

    /// Frees `handle`. The object is dropped (and its Drop wipes it) outside
    /// the table lock, once no call still uses it.
    pub fn remove(&self, handle: u64) -> Result<(), Fail> {
        // The write guard is a temporary of this statement: released before
        // the object is dropped below.
        let freed = self.write().remove(handle);
        freed.map(drop).map_err(|error| self.fail(handle, error))
    }
}
