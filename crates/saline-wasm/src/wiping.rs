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
//! * after every call that touched a secret, the loader has the module zero
//!   the part of the shadow stack that the deepest operation of the call's
//!   class uses (`saline_wipe` in abi.rs; the stack is free then: no frame
//!   is live); build.rs exports `__stack_pointer` so that the tests can
//!   check it.
//!
//! It also records allocation failure: Rust aborts on it (an `unreachable`
//! trap, which JS sees as `RuntimeError: unreachable`), so the loader asks
//! [`saline_out_of_memory`] after a trap and reports a typed error instead.

use core::alloc::{GlobalAlloc, Layout};
use core::sync::atomic::{compiler_fence, AtomicBool, Ordering};

/// talc, with every freed block zeroed first.
pub struct WipingAllocator;

/// talc (a boundary-tag allocator with segregated free lists) replaced
/// dlmalloc here: 549 bytes smaller gzipped in the SHA-2 module, which put
/// its page back under 25 KiB, and no slower (docs/DESIGN.md, "Ship only what
/// is imported"). `AssumeUnlockable`: a wasm32-unknown-unknown instance is
/// single-threaded (the `.async` workers each have their own instance).
// SAFETY: talc only ever holds pages that `GrowOnOom` (below) added to the
// memory itself, which nothing else uses (pages grown from JS, as a test does,
// are left alone); there is one thread.
static INNER: talc::Talck<talc::locking::AssumeUnlockable, GrowOnOom> =
    talc::Talc::new(GrowOnOom {
        heap: talc::Span::empty(),
    })
    .lock();

/// Grows linear memory by just enough pages for the allocation that failed,
/// once, the way dlmalloc did. talc's own `WasmHandler` retries with halved
/// amounts when `memory.grow` refuses, which would take the memory to the
/// engine's limit before failing one oversized request; here the request
/// fails at once and the memory stays as it was.
struct GrowOnOom {
    /// The heap talc manages so far: grown pages directly above it extend it.
    heap: talc::Span,
}

impl talc::OomHandler for GrowOnOom {
    fn handle_oom(talc: &mut talc::Talc<Self>, layout: Layout) -> Result<(), ()> {
        const PAGE: usize = 64 * 1024;
        // The block, its alignment slack and talc's boundary tags (talc
        // calls again if a claim still falls short). The last page of a
        // 4 GiB memory is never taken: its end, 2^32, is not a wasm32 pointer.
        let needed = layout
            .size()
            .checked_add(layout.align())
            .and_then(|n| n.checked_add(64))
            .ok_or(())?;
        let pages = needed.div_ceil(PAGE);
        let old_pages = core::arch::wasm32::memory_size::<0>();
        if pages > (usize::MAX / PAGE) - old_pages {
            return Err(());
        }
        if core::arch::wasm32::memory_grow::<0>(pages) != old_pages {
            return Err(());
        }
        let base = (old_pages * PAGE) as *mut u8;
        let acme = base.wrapping_add(pages * PAGE);
        let heap = talc.oom_handler.heap;
        // SAFETY: the pages from `base` to `acme` were just added to the
        // memory and belong to no one; `heap` is what talc returned last.
        talc.oom_handler.heap = unsafe {
            match heap.get_base_acme() {
                Some((heap_base, heap_acme)) if heap_acme == base => {
                    talc.extend(heap, talc::Span::new(heap_base, acme))
                }
                _ => talc.claim(talc::Span::new(base, acme))?,
            }
        };
        Ok(())
    }
}

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

// SAFETY: forwards to talc's GlobalAlloc with the same layouts; the only
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

    /// Always a new block: in-place growth would be fine, but a moving
    /// realloc frees the old block without clearing it.
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
