//! The exports. See README.md for the layout; every offset the caller passes
//! is relative to the start of the I/O buffer and is bounds-checked against
//! it, so a wrong descriptor yields an error, never an access outside the
//! buffer.

extern crate alloc;

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::cell::UnsafeCell;

use saline_ops::handles::{HandleLayout, HandleTable};
use saline_ops::{Args, Stream};

use crate::descriptor::{self, MAX_BYTES, NULL_LEN};

#[global_allocator]
static ALLOC: crate::wiping::WipingAllocator = crate::wiping::WipingAllocator;

#[cfg(not(feature = "std"))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    core::arch::wasm32::unreachable()
}

// ---------------------------------------------------------------- randomness

#[link(wasm_import_module = "env")]
extern "C" {
    /// Supplied by the loader: fills `len` bytes at `ptr` from
    /// `crypto.getRandomValues`; returns 0 on success, non-zero on failure
    /// (then Saline reports `Error::RandomSource`; there is no fallback).
    fn saline_random_fill(ptr: *mut u8, len: usize) -> u32;
}

fn random_source(buf: &mut [u8]) -> Result<(), getrandom::Error> {
    if buf.is_empty() {
        return Ok(());
    }
    // SAFETY: the loader writes at most `len` bytes at `ptr`, a live buffer.
    match unsafe { saline_random_fill(buf.as_mut_ptr(), buf.len()) } {
        0 => Ok(()),
        _ => Err(getrandom::Error::UNSUPPORTED),
    }
}

getrandom::register_custom_getrandom!(random_source);

// ---------------------------------------------------------------- state

/// The I/O buffer is never smaller than this once reserved.
const MIN_IO: usize = 64 * 1024;
/// Stream handles are non-negative i32s (31 bits): the slot index in the low
/// 20 bits, an 11-bit generation above it so that a stale handle (used after
/// free, slot since reused) is rejected.
const STREAM_HANDLES: HandleLayout = HandleLayout { index_bits: 20, tag_bits: 0, tag: 0, generation_bits: 11 };

struct State {
    io: Vec<u8>,
    error_code: u32,
    error: String,
    streams: HandleTable<Box<Stream>>,
    catalog: Option<String>,
    backends: String,
}

struct Global(UnsafeCell<State>);
// SAFETY: wasm32-unknown-unknown without atomics is single-threaded, and no
// export re-enters another (the one import, the random source, never calls
// back into the module).
unsafe impl Sync for Global {}

static STATE: Global = Global(UnsafeCell::new(State {
    io: Vec::new(),
    error_code: 0,
    error: String::new(),
    streams: HandleTable::new(STREAM_HANDLES),
    catalog: None,
    backends: String::new(),
}));

#[allow(clippy::mut_from_ref)]
fn state() -> &'static mut State {
    // SAFETY: see `Global`; each export takes this reference once.
    unsafe { &mut *STATE.0.get() }
}

fn zero(buf: &mut [u8]) {
    // SAFETY: `buf` is a valid, exclusive slice.
    unsafe { core::ptr::write_bytes(buf.as_mut_ptr(), 0, buf.len()) };
    core::sync::atomic::compiler_fence(core::sync::atomic::Ordering::SeqCst);
}

impl State {
    fn fail(&mut self, code: u32, message: &str) -> i32 {
        self.error_code = code;
        self.error.clear();
        self.error.push_str(message);
        -1
    }

    /// `error`'s message, written without core::fmt's machinery
    /// (`Error::write_message`), which the SHA-2 module then leaves out.
    /// Not inlined into its many callers.
    #[inline(never)]
    fn fail_with(&mut self, error: &saline::Error) -> i32 {
        self.error_code = saline_ops::error_code(error);
        self.error.clear();
        let _ = error.write_message(&mut self.error);
        -1
    }

    /// Replaces the I/O buffer by a zeroed one of `len` bytes (the old
    /// contents are wiped before they are freed). Null if memory runs out.
    fn replace_io(&mut self, len: usize) -> *mut u8 {
        zero(&mut self.io);
        self.io = Vec::new();
        let mut fresh = Vec::new();
        if fresh.try_reserve_exact(len).is_err() {
            return core::ptr::null_mut();
        }
        fresh.resize(len, 0);
        self.io = fresh;
        self.io.as_mut_ptr()
    }

    fn range(&self, offset: u32, len: u32) -> Option<(usize, usize)> {
        descriptor::range(self.io.len(), offset, len)
    }

    fn stream(&mut self, handle: i32) -> Option<&mut Stream> {
        let handle = u64::try_from(handle).ok()?;
        self.streams.get_mut(handle).ok().map(|stream| &mut **stream)
    }

    fn insert(&mut self, stream: Box<Stream>) -> i32 {
        match self.streams.insert(stream) {
            // STREAM_HANDLES keeps every handle within 31 bits.
            Ok(handle) => handle as i32,
            Err(_) => self.fail(saline_ops::ERROR_RANGE, "stream: too many open streams"),
        }
    }

    fn bad_handle(&mut self) -> i32 {
        self.fail(saline_ops::ERROR_VALUE, "stream: invalid or freed handle")
    }
}

/// Runs `f` on the arguments and the output slice of descriptor `at`.
fn with_args(state: &mut State, at: u32, f: impl FnOnce(&Args<'_>, &mut [u8]) -> saline::Result<usize>) -> i32 {
    let d = match descriptor::parse(&state.io, at) {
        Ok(d) => d,
        Err(message) => return state.fail(saline_ops::ERROR_VALUE, message),
    };
    let base = state.io.as_mut_ptr();
    // SAFETY: every range lies inside `io` (checked by `parse`), the output
    // range overlaps no input range, and `io` is neither resized nor freed
    // while these slices live (nothing in `f` reaches the I/O buffer).
    let result = unsafe {
        let mut bytes: [Option<&[u8]>; MAX_BYTES] = [None; MAX_BYTES];
        for (slot, range) in bytes.iter_mut().zip(&d.bytes[..d.n_bytes]) {
            *slot = range.map(|(s, e)| core::slice::from_raw_parts(base.add(s), e - s));
        }
        let out = core::slice::from_raw_parts_mut(base.add(d.out.0), d.out.1 - d.out.0);
        let args = Args { bytes: &bytes[..d.n_bytes], nums: &d.nums[..d.n_nums] };
        f(&args, out)
    };
    match result {
        Ok(n) => n as i32,
        Err(e) => state.fail_with(&e),
    }
}

// ---------------------------------------------------------------- I/O buffer

/// Makes the I/O buffer at least `len` bytes (rounded up to 64 KiB) and
/// returns its address; the same buffer is returned while it is big enough.
/// Growing wipes and frees the old one; its contents are not carried over.
/// Returns 0 when memory runs out.
#[no_mangle]
pub extern "C" fn saline_io_reserve(len: usize) -> *mut u8 {
    let st = state();
    if st.io.len() >= len && !st.io.is_empty() {
        return st.io.as_mut_ptr();
    }
    let Some(rounded) = len.max(MIN_IO).checked_next_multiple_of(MIN_IO) else { return core::ptr::null_mut() };
    st.replace_io(rounded)
}

/// Wipes and frees the I/O buffer, then reserves a fresh one of `len` bytes
/// (at least 64 KiB): the loader calls it after a call needed a huge buffer.
#[no_mangle]
pub extern "C" fn saline_io_shrink(len: usize) -> *mut u8 {
    let Some(rounded) = len.max(MIN_IO).checked_next_multiple_of(MIN_IO) else { return core::ptr::null_mut() };
    state().replace_io(rounded)
}

/// Zeroes the first `io_len` bytes of the I/O buffer (clamped to its size)
/// and the `stack_len` bytes of shadow stack right below its top (clamped
/// to the stack): the loader's wipe after a call that touched a secret
/// (js/src/backend/wasm-instance.ts `wipe`), in one crossing. Between calls
/// the stack is empty, so those bytes are only what the call left behind.
/// memory.fill from here costs less than TypedArray.prototype.fill, a C++
/// builtin, from JS (3.5 KiB, measured alone: 60 against 77 ns).
///
/// It runs on that stack itself, so it must not have a frame there: it
/// has no locals in memory and calls nothing (memory.fill is an
/// instruction), which js/test/hostile-wasm.test.mjs checks in its code.
#[no_mangle]
pub extern "C" fn saline_wipe(io_len: usize, stack_len: usize) {
    let io = &mut state().io;
    let n = io_len.min(io.len());
    zero(&mut io[..n]);
    extern "C" {
        // wasm-ld's bounds of the shadow stack (it grows down from the high end).
        static __stack_low: u8;
        static __stack_high: u8;
    }
    let (low, high) = (core::ptr::addr_of!(__stack_low) as usize, core::ptr::addr_of!(__stack_high) as usize);
    let len = stack_len.min(high - low);
    // SAFETY: [high - len, high) lies inside the shadow stack, and between
    // calls no frame lives there (this function has none).
    unsafe { core::ptr::write_bytes((high - len) as *mut u8, 0, len) };
    core::sync::atomic::compiler_fence(core::sync::atomic::Ordering::SeqCst);
}

// ---------------------------------------------------------------- one-shot calls

/// Runs operation `op` on catalog id `alg` with the descriptor at offset
/// `descriptor` of the I/O buffer. Returns the bytes written at the output
/// offset, or -1 (see `saline_error_*`).
#[no_mangle]
pub extern "C" fn saline_call(op: u32, alg: u32, descriptor: u32) -> i32 {
    with_args(state(), descriptor, |args, out| saline_ops::call(op, alg, args, out))
}

/// `saline_call` for the common short shape, without a descriptor: at most
/// two byte arguments (`len` = 0xFFFFFFFF omits one; both omitted with
/// `n_bytes` < 2 pass fewer), at most one number (`n_nums` 0 or 1) and the
/// output region, all passed as parameters. One-shot hashes and MACs of
/// small messages spend a visible share of their time writing and parsing
/// the descriptor (measured in bench/node: about a third of the loader's
/// cost of a 32-byte SHA-256 call); the same checks apply (ranges inside the
/// I/O buffer, no output overlapping an input) and the same error reporting.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn saline_call2(
    op: u32,
    alg: u32,
    n_bytes: u32,
    a_offset: u32,
    a_len: u32,
    b_offset: u32,
    b_len: u32,
    n_nums: u32,
    num: f64,
    out_offset: u32,
    out_capacity: u32,
) -> i32 {
    call_short(op, alg, n_bytes, [(a_offset, a_len), (b_offset, b_len)], n_nums, [num], (out_offset, out_capacity))
}

/// [`saline_call2`] for up to four byte arguments and two numbers: the
/// stream ciphers (key, nonce, message; the counter), the Salsa20 cores and
/// the AEADs and NaCl boxes (key or keys, nonce, message, associated data).
/// Through a descriptor their 32-byte calls took 40-55 ns more (Node, CPU
/// time per call, before/after interleaved in one process: ChaCha20 738 /
/// 682 ns, tweetnacl's `crypto_core_hsalsa20` 614 / 571, ChaCha20-Poly1305
/// seal 1,053 / 1,009). Not in the SHA-2 module (without `full`), whose
/// hashes all fit `saline_call2` (the loader uses `saline_call4` only where
/// the module has it): 0.4 KB gzipped of a 25 KiB page.
#[cfg(feature = "full")]
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn saline_call4(
    op: u32,
    alg: u32,
    n_bytes: u32,
    a_offset: u32,
    a_len: u32,
    b_offset: u32,
    b_len: u32,
    c_offset: u32,
    c_len: u32,
    d_offset: u32,
    d_len: u32,
    n_nums: u32,
    num_a: f64,
    num_b: f64,
    out_offset: u32,
    out_capacity: u32,
) -> i32 {
    let pairs = [(a_offset, a_len), (b_offset, b_len), (c_offset, c_len), (d_offset, d_len)];
    call_short(op, alg, n_bytes, pairs, n_nums, [num_a, num_b], (out_offset, out_capacity))
}

/// The body of [`saline_call2`] and [`saline_call4`]: `n_bytes` of the
/// `(offset, len)` pairs and `n_nums` of the numbers, checked as
/// `with_args` checks a descriptor's.
fn call_short<const B: usize, const M: usize>(op: u32, alg: u32, n_bytes: u32, pairs: [(u32, u32); B], n_nums: u32, nums: [f64; M], (out_offset, out_capacity): (u32, u32)) -> i32 {
    let st = state();
    if n_bytes as usize > B || n_nums as usize > M {
        return st.fail(saline_ops::ERROR_VALUE, "descriptor: too many arguments for a short call");
    }
    let mut ranges: [Option<(usize, usize)>; B] = [None; B];
    for (slot, (offset, len)) in ranges.iter_mut().zip(pairs).take(n_bytes as usize) {
        if len != NULL_LEN {
            match st.range(offset, len) {
                Some(r) => *slot = Some(r),
                None => return st.fail(saline_ops::ERROR_VALUE, "descriptor: out of bounds"),
            }
        }
    }
    let Some((out_start, out_end)) = st.range(out_offset, out_capacity.min(i32::MAX as u32)) else {
        return st.fail(saline_ops::ERROR_VALUE, "descriptor: out of bounds");
    };
    if out_start < out_end && ranges.iter().flatten().any(|&(s, e)| s < out_end && out_start < e && s < e) {
        return st.fail(saline_ops::ERROR_VALUE, "descriptor: output overlaps an input");
    }
    let base = st.io.as_mut_ptr();
    // SAFETY: as in `with_args`: the ranges lie inside `io`, the output
    // overlaps no input, and `io` is not touched while the slices live.
    let result = unsafe {
        let bytes = ranges.map(|r| r.map(|(s, e)| core::slice::from_raw_parts(base.add(s) as *const u8, e - s)));
        let out = core::slice::from_raw_parts_mut(base.add(out_start), out_end - out_start);
        let args = Args { bytes: &bytes[..n_bytes as usize], nums: &nums[..n_nums as usize] };
        saline_ops::call(op, alg, &args, out)
    };
    match result {
        Ok(n) => n as i32,
        Err(e) => st.fail_with(&e),
    }
}

/// The error class of the last failure: 1 range, 2 value, 3 verification, 4 system,
/// 5 unsupported (`saline_ops::error_code`).
#[no_mangle]
pub extern "C" fn saline_error_code() -> u32 {
    state().error_code
}

/// The UTF-8 message of the last failure (Rust's `Display` of the error).
#[no_mangle]
pub extern "C" fn saline_error_ptr() -> *const u8 {
    state().error.as_ptr()
}

/// Its length in bytes.
#[no_mangle]
pub extern "C" fn saline_error_len() -> usize {
    state().error.len()
}

// ---------------------------------------------------------------- streams

/// Opens a hash or MAC stream for `alg` (descriptor as for `saline_call`;
/// its output range is ignored and may be empty). Returns a handle >= 0 or -1.
#[no_mangle]
pub extern "C" fn saline_stream_new(alg: u32, descriptor: u32) -> i32 {
    let st = state();
    let mut created = None;
    let r = with_args(st, descriptor, |args, _| {
        created = Some(Box::new(Stream::new(alg, args)?));
        Ok(0)
    });
    match created {
        Some(stream) if r >= 0 => st.insert(stream),
        _ => -1,
    }
}

/// Absorbs `len` bytes at `offset` of the I/O buffer. 0, or -1 on a bad
/// handle or range.
#[no_mangle]
pub extern "C" fn saline_stream_update(handle: i32, offset: u32, len: u32) -> i32 {
    let st = state();
    let Some((s, e)) = st.range(offset, len) else { return st.fail(saline_ops::ERROR_VALUE, "stream: data out of bounds") };
    let base = st.io.as_ptr();
    let Some(stream) = st.stream(handle) else { return st.bad_handle() };
    // SAFETY: in bounds (checked above); the stream never touches the I/O buffer.
    stream.update(unsafe { core::slice::from_raw_parts(base.add(s), e - s) });
    0
}

/// Writes the digest at `offset` (capacity `capacity`) and resets the stream.
/// Returns its length or -1.
#[no_mangle]
pub extern "C" fn saline_stream_digest(handle: i32, offset: u32, capacity: u32) -> i32 {
    let st = state();
    let Some((s, e)) = st.range(offset, capacity.min(i32::MAX as u32)) else {
        return st.fail(saline_ops::ERROR_VALUE, "stream: output out of bounds");
    };
    let base = st.io.as_mut_ptr();
    let Some(stream) = st.stream(handle) else { return st.bad_handle() };
    // SAFETY: in bounds (checked above); the stream never touches the I/O buffer.
    let out = unsafe { core::slice::from_raw_parts_mut(base.add(s), e - s) };
    match stream.digest_into(out) {
        Ok(n) => n as i32,
        Err(e) => st.fail_with(&e),
    }
}

/// A copy of the stream's state under a new handle, or -1.
#[no_mangle]
pub extern "C" fn saline_stream_clone(handle: i32) -> i32 {
    let st = state();
    let Some(stream) = st.stream(handle) else { return st.bad_handle() };
    let copy = Box::new(stream.clone());
    st.insert(copy)
}

/// Restarts the stream with its key and options. 0 or -1.
#[no_mangle]
pub extern "C" fn saline_stream_reset(handle: i32) -> i32 {
    let st = state();
    let Some(stream) = st.stream(handle) else { return st.bad_handle() };
    stream.reset();
    0
}

/// Frees the stream (its Drop wipes keyed state). Idempotent: freeing a
/// freed, stale or invalid handle does nothing.
#[no_mangle]
pub extern "C" fn saline_stream_free(handle: i32) {
    if let Ok(handle) = u64::try_from(handle) {
        drop(state().streams.remove(handle));
    }
}

// ---------------------------------------------------------------- catalog

fn catalog() -> &'static str {
    state().catalog.get_or_insert_with(saline_ops::catalog_json)
}

/// The catalog JSON (`CatalogEntry[]`), computed once.
#[no_mangle]
pub extern "C" fn saline_catalog_ptr() -> *const u8 {
    catalog().as_ptr()
}

/// Its length in bytes.
#[no_mangle]
pub extern "C" fn saline_catalog_len() -> usize {
    catalog().len()
}

// ---------------------------------------------------------------- backends

/// The backend registry as JSON (`saline_ops::backends_json`). WebAssembly
/// compiles one (pure-Rust) backend per primitive, so the answer never
/// changes; it is computed on each call, into the same buffer.
#[no_mangle]
pub extern "C" fn saline_backends_ptr() -> *const u8 {
    let st = state();
    st.backends = saline_ops::backends_json();
    st.backends.as_ptr()
}

/// Its length in bytes (call after `saline_backends_ptr`).
#[no_mangle]
pub extern "C" fn saline_backends_len() -> usize {
    state().backends.len()
}
