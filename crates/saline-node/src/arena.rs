//! `arena() → { buffer, call, inputStart, outputStart } | undefined`: small
//! one-shot calls through memory the addon owns, so that a call passes no
//! JS value at all.
//!
//! Why. `callv` borrows each `Uint8Array` through N-API: for every input and
//! for `out`, `napi_get_typedarray_info` and `napi_is_arraybuffer` (V8's
//! `GetBuffer`, type and offset checks behind them), plus one
//! `napi_get_value_uint32` per number and `napi_create_double` for the
//! result. Profiled on a 32-byte `poly1305.into` (perf, Node 20, AMD Zen 3),
//! that was about 35% of the call; the Poly1305 kernel was about 10%. The
//! JS side (js/src/backend/native.ts) instead writes the header and copies
//! the inputs into this buffer (less work than borrowing them for small
//! inputs, no more at 1 KiB: measured) and calls `call()` with no
//! arguments: the one N-API call left is `napi_get_cb_info`, for the arena
//! this function was made with. Inputs copied once also settle what `callv`
//! copies separately: an input in a `SharedArrayBuffer` is read once (by
//! the JS copy), and no input can overlap an output that is the arena's own.
//!
//! Layout (numbers as `f64`, at offset 0; the JS side reads the offsets
//! from the object `arena()` returns, never from a copy of these constants):
//! - `[0]` op, `[1]` catalog id, `[2]` number of byte arguments `n`,
//!   `[3]` number of numbers `m`, `[4]` output length; `[5 .. 5+n]` each
//!   byte argument's length, or −1 for an omitted one; `[5+n .. 5+n+m]` the
//!   numbers. On success `[0]` holds the number of bytes written.
//! - The byte arguments, back to back from `inputStart`.
//! - The output region at `outputStart`, up to the end of the buffer.
//!
//! Every value is checked here (sizes against the regions), so a wrong
//! header is an error, never an access outside the buffer. The input region
//! is wiped after every call and the output region after a failed one; the
//! JS side copies a result out and wipes it.
//!
//! Lifetime. The memory is shared by the `ArrayBuffer` (an external buffer
//! over it) and the `call` function (its callback data): each holds one
//! count of an `Rc`, released by its finalizer, so neither can outlive it;
//! it is wiped when the last one goes. Where external buffers are refused
//! (a V8 sandbox, as in Electron) `arena()` returns `undefined` and
//! native.ts keeps to `callv`.

use std::cell::UnsafeCell;
use std::ffi::c_void;
use std::ptr;
use std::rc::Rc;

use napi::sys;
use saline_ops::Args;
use zeroize::Zeroize;

use crate::napi_glue::*;
use crate::{from_saline, respond, Fail, MAX_ARGS, OK};

/// Header slots: op, alg, n, m, output length, then up to `MAX_ARGS`
/// lengths and `MAX_ARGS` numbers.
const HEADER_SLOTS: usize = 5 + 2 * MAX_ARGS;
/// Where the inputs start: the header rounded up to a cache line.
const INPUT_START: usize = (HEADER_SLOTS * 8).div_ceil(64) * 64;
/// The whole buffer: the header, 1,664 bytes of inputs (a 1 KiB message
/// and its keys fit), 64 of output. Copying a 1 KiB input in measured no
/// slower than borrowing it through N-API (SHA-256 of 1 KiB: 1.09-1.21 µs
/// before, 1.04-1.05 after, interleaved runs). Only outputs of up to
/// 64 bytes come here: V8 keeps a typed array that small on the JS heap, so
/// the API's copy of the result (`slice`) allocates no ArrayBuffer, where
/// a larger one costs as much as the array `callv` writes into.
const ARENA_BYTES: usize = 2048;
/// Where the output region starts; the inputs end here. A multiple of 8:
/// js/src/backend/native.ts wipes the region in 8-byte words.
const OUTPUT_START: usize = ARENA_BYTES - 64;
const INPUT_CAPACITY: usize = OUTPUT_START - INPUT_START;
const OUTPUT_CAPACITY: usize = ARENA_BYTES - OUTPUT_START;

/// The arena's memory, 8-byte aligned for the `f64` header.
struct Arena {
    words: UnsafeCell<[u64; ARENA_BYTES / 8]>,
}

impl Arena {
    fn base(&self) -> *mut u8 {
        self.words.get().cast::<u8>()
    }

    /// Zeroes `len` bytes from `start` (through `zeroize`, which the
    /// optimizer keeps).
    ///
    /// # Safety
    /// No live reference into that range; `start + len <= ARENA_BYTES`.
    unsafe fn wipe(&self, start: usize, len: usize) {
        unsafe { std::slice::from_raw_parts_mut(self.base().add(start), len) }.zeroize();
    }
}

impl Drop for Arena {
    fn drop(&mut self) {
        self.words.get_mut().zeroize();
    }
}

/// Releases one owner's count (the buffer's or the function's finalizer).
unsafe extern "C" fn release(_env: sys::napi_env, _data: *mut c_void, hint: *mut c_void) {
    // SAFETY: `hint` is a count made by `Rc::into_raw` in `arena_impl`, released once.
    drop(unsafe { Rc::from_raw(hint as *const Arena) });
}

/// `arena()`: a new arena, or `undefined` where external buffers are refused.
pub(crate) unsafe fn arena_impl(env: sys::napi_env, _info: sys::napi_callback_info) -> Result<sys::napi_value, Fail> {
    unsafe {
        let arena = Rc::new(Arena { words: UnsafeCell::new([0; ARENA_BYTES / 8]) });
        let base = arena.base();
        let mut buffer = ptr::null_mut();
        let buffer_count = Rc::into_raw(Rc::clone(&arena)) as *mut c_void;
        if sys::napi_create_external_arraybuffer(env, base.cast(), ARENA_BYTES, Some(release), buffer_count, &mut buffer) != OK {
            drop(Rc::from_raw(buffer_count as *const Arena));
            // Refused (napi_no_external_buffers_allowed): callv it is.
            let mut pending = false;
            if sys::napi_is_exception_pending(env, &mut pending) == OK && pending {
                let mut ignored = ptr::null_mut();
                sys::napi_get_and_clear_last_exception(env, &mut ignored);
            }
            return undefined(env);
        }
        let function_count = Rc::into_raw(arena) as *mut c_void;
        let mut function = ptr::null_mut();
        if sys::napi_create_function(env, c"call".as_ptr(), 4, Some(js_arena_call), function_count, &mut function) != OK {
            drop(Rc::from_raw(function_count as *const Arena));
            return Err(Fail::Napi("create function"));
        }
        if sys::napi_add_finalizer(env, function, function_count, Some(release), function_count, ptr::null_mut()) != OK {
            // Never released then: the count stays (2 KiB kept), rather than freed under a live function.
            return Err(Fail::Napi("add finalizer"));
        }
        let mut object = ptr::null_mut();
        if sys::napi_create_object(env, &mut object) != OK {
            return Err(Fail::Napi("create object"));
        }
        let fields = [
            (c"buffer", buffer),
            (c"call", function),
            (c"inputStart", number(env, INPUT_START as f64)?),
            (c"outputStart", number(env, OUTPUT_START as f64)?),
        ];
        for (name, value) in fields {
            if sys::napi_set_named_property(env, object, name.as_ptr(), value) != OK {
                return Err(Fail::Napi("set property"));
            }
        }
        Ok(object)
    }
}

/// The function N-API calls for an arena's `call()`, shaped as every export
/// (lib.rs `respond`); the arena comes from the callback data.
unsafe extern "C" fn js_arena_call(env: sys::napi_env, info: sys::napi_callback_info) -> sys::napi_value {
    unsafe { respond(env, info, arena_call_impl) }
}

/// A header number that must be a whole number in `0..=max`.
fn whole(x: f64, what: &str, max: usize) -> Result<usize, Fail> {
    // `as` saturates and drops the fraction; the round trip is exact only
    // for a whole number (and is two instructions, where `fract()` called
    // libm's `trunc` and an unsigned conversion takes a dozen).
    let n = x as i64;
    if n as f64 == x && (0..=max as i64).contains(&n) {
        Ok(n as usize)
    } else {
        Err(Fail::Type(format!("arena: {what} must be a whole number from 0 to {max}, got {x}")))
    }
}

/// Wipes the input region (and the output region unless the call
/// succeeded) however the call ends, a panic included.
struct WipeAfter<'a> {
    arena: &'a Arena,
    inputs: usize,
    output: usize,
    succeeded: bool,
}

impl Drop for WipeAfter<'_> {
    fn drop(&mut self) {
        // SAFETY: the views into the arena are gone by now (they live in
        // `arena_call_impl`'s inner scope); both ranges are in bounds.
        unsafe {
            self.arena.wipe(INPUT_START, self.inputs);
            if !self.succeeded {
                self.arena.wipe(OUTPUT_START, self.output);
            }
        }
    }
}

unsafe fn arena_call_impl(env: sys::napi_env, info: sys::napi_callback_info) -> Result<sys::napi_value, Fail> {
    unsafe {
        let mut data = ptr::null_mut();
        if sys::napi_get_cb_info(env, info, ptr::null_mut(), ptr::null_mut(), ptr::null_mut(), &mut data) != OK || data.is_null() {
            return Err(Fail::Napi("callback info"));
        }
        // SAFETY: the function's count keeps the arena alive while it can be called.
        let arena = &*(data as *const Arena);
        let base = arena.base();
        // The header slots are read one at a time (JS cannot run until this
        // returns), the numbers copied out.
        let header = |slot: usize| ptr::read(base.cast::<f64>().add(slot));
        // Whatever was copied in is wiped, even if the header is refused.
        let mut wipe = WipeAfter { arena, inputs: INPUT_CAPACITY, output: OUTPUT_CAPACITY, succeeded: false };
        let op = whole(header(0), "op", u32::MAX as usize)? as u32;
        let alg = whole(header(1), "alg", u32::MAX as usize)? as u32;
        let n = whole(header(2), "the number of byte arguments", MAX_ARGS)?;
        let m = whole(header(3), "the number of numbers", MAX_ARGS)?;
        let out_len = whole(header(4), "the output length", OUTPUT_CAPACITY)?;
        let mut slices: [Option<&[u8]>; MAX_ARGS] = [None; MAX_ARGS];
        let mut used = 0;
        for (i, slice) in slices.iter_mut().enumerate().take(n) {
            let len = header(5 + i);
            if len == -1.0 {
                continue;
            }
            let len = whole(len, "a byte argument's length", INPUT_CAPACITY - used)?;
            *slice = Some(std::slice::from_raw_parts(base.add(INPUT_START + used), len));
            used += len;
        }
        let mut nums = [0f64; MAX_ARGS];
        for (j, num) in nums.iter_mut().enumerate().take(m) {
            *num = header(5 + n + j);
        }
        wipe.inputs = used;
        wipe.output = out_len;
        let out = std::slice::from_raw_parts_mut(base.add(OUTPUT_START), out_len);
        let result = saline_ops::call(op, alg, &Args { bytes: &slices[..n], nums: &nums[..m] }, out);
        let written = from_saline(result, saline_ops::error_code)?;
        wipe.succeeded = true;
        ptr::write(base.cast::<f64>(), written as f64);
        Ok(ptr::null_mut())
    }
}
