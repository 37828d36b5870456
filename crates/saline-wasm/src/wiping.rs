//! Nothing secret outlives the call that used it in linear memory.
//!
//! Linear memory is an ordinary `ArrayBuffer` to anything holding the
//! `Memory` object, and neither the allocator nor the shadow stack clears
//! what a call leaves behind: before this module, one Ed25519 key generation
//! left its seed in five places (freed heap blocks of the core's copies and
//! stack frames of dalek's expansion). Two mechanisms close that:
//!
//! * [`WipingAllocator`] zeroes every block as it is freed (and the old block
//!   when `realloc` moves), so heap temporaries die with their owner;
//! * the loader zeroes the part of the shadow stack that the deepest
//!   operation uses after every call that touched a secret (the stack is
//!   free then: no frame is live); build.rs exports `__stack_pointer` so
//!   that it knows where the stack's top is.
//!
//! It also records allocation failure: Rust aborts on it (an `unreachable`
//! trap, which JS sees as `RuntimeError: unreachable`), so the loader asks
//! [`saline_out_of_memory`] after a trap and reports a typed error instead.

use core::alloc::{GlobalAlloc, Layout};
use core::sync::atomic::{compiler_fence, AtomicBool, Ordering};

/// dlmalloc, with every freed block zeroed first.
pub struct WipingAllocator;

static INNER: dlmalloc::GlobalDlmalloc = dlmalloc::GlobalDlmalloc;
static OUT_OF_MEMORY: AtomicBool = AtomicBool::new(false);

/// Zeroes `len` bytes at `ptr` in a way the optimizer cannot drop (the block
/// is about to be freed, which would otherwise make the stores dead).
unsafe fn zero(ptr: *mut u8, len: usize) {
    // SAFETY: the caller owns `len` bytes at `ptr`.
    unsafe { core::ptr::write_bytes(ptr, 0, len) };
    compiler_fence(Ordering::SeqCst);
    core::hint::black_box(ptr);
}

fn noted(ptr: *mut u8) -> *mut u8 {
    if ptr.is_null() {
        OUT_OF_MEMORY.store(true, Ordering::Relaxed);
    }
    ptr
}

// SAFETY: forwards to dlmalloc's GlobalAlloc with the same layouts; the only
// additions are writes of zeros to blocks the caller still owns.
unsafe impl GlobalAlloc for WipingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        noted(unsafe { INNER.alloc(layout) })
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        noted(unsafe { INNER.alloc_zeroed(layout) })
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe {
            zero(ptr, layout.size());
            INNER.dealloc(ptr, layout);
        }
    }

    /// Always a new block: dlmalloc's in-place growth is fine, but its
    /// moves free the old block without clearing it.
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let Ok(new_layout) = Layout::from_size_align(new_size, layout.align()) else { return core::ptr::null_mut() };
        let fresh = noted(unsafe { INNER.alloc(new_layout) });
        if !fresh.is_null() {
            unsafe {
                core::ptr::copy_nonoverlapping(ptr, fresh, layout.size().min(new_size));
                self.dealloc(ptr, layout);
            }
        }
        fresh
    }
}

/// 1 if an allocation failed since the last call of this function (which
/// clears the flag); the loader asks after a trap.
#[no_mangle]
pub extern "C" fn saline_out_of_memory() -> u32 {
    u32::from(OUT_OF_MEMORY.swap(false, Ordering::Relaxed))
}
