//! Saline's native Node.js addon.
//!
//! A thin, generic bridge: it knows no algorithm and forwards every call to
//! the operation table of `saline-ops` (`call`, `Stream`, `error_code`,
//! `catalog_json`). The JS contract is `js/src/backend/types.ts`; the exports
//! are described in this crate's README.
//!
//! The hot path (`callv`, and `call` with the arrays of the JS contract) is
//! written against raw N-API so that a call costs a handful of N-API
//! crossings: inputs are borrowed straight from the JS
//! `Uint8Array`s (no copy) and the output is written into a JS-allocated
//! `Uint8Array`. `callAsync` copies its inputs and runs on the libuv pool.
//! Streams are a napi-rs class. Nothing panics across the boundary: every
//! entry point runs under `catch_unwind` and turns a panic into a JS Error.
//!
//! Soundness notes for the borrowed inputs:
//! - All JS values are fetched first (reading array elements can run
//!   getters, which could detach a buffer); the raw pointers are taken only
//!   afterwards, and no JS runs between taking them and returning.
//! - A detached `ArrayBuffer` is a `TypeError`, never a dangling slice.
//! - When `out` overlaps an input (the same `ArrayBuffer` passed twice), the
//!   overlapping input is copied first so that `&[u8]` and `&mut [u8]` never
//!   alias (`callvInto` refuses the call instead). Inputs may overlap each
//!   other freely (shared borrows).

use std::ffi::{c_char, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr::{self, NonNull};

use napi::bindgen_prelude::{Env, Object, Unknown};
use napi::{sys, JsValue, Status};
use napi_derive::napi;
use saline_ops::handles::{HandleLayout, HandleTable};
use saline_ops::{Args, Stream};
use zeroize::Zeroize;

/// Most byte-string (and numeric) arguments one call takes; the widest
/// operation (`Hash`) takes 5.
const MAX_ARGS: usize = 16;

/// Largest output `callAsync` allocates (1 GiB); saline's own limits are far
/// below it for every operation.
const MAX_ASYNC_OUT: f64 = (1u64 << 30) as f64;

const OK: sys::napi_status = sys::Status::napi_ok;

/// Why a call failed. Turned into a thrown (or rejected) JS error at the
/// boundary by [`make_error`].
enum Fail {
    /// A saline error: `Error` whose `code` is the number of
    /// `saline_ops::error_code` (one of the `saline_ops::ERROR_*` classes)
    /// and whose message is the Rust `Display` text.
    Saline { code: u32, message: String },
    /// A JS argument of the wrong type or a detached buffer: `TypeError`
    /// with `code` "ERR_INVALID_ARG_TYPE".
    Type(String),
    /// A Rust panic (a bug): `Error` with `code` "ERR_SALINE_PANIC".
    Panic(String),
    /// N-API itself failed; a JS exception may already be pending (a throwing
    /// getter), in which case that one propagates.
    Napi(&'static str),
}

impl Fail {
    fn saline<E: core::fmt::Display>(code: u32, error: E) -> Fail {
        Fail::Saline {
            code,
            message: error.to_string(),
        }
    }
}

fn from_saline<T, E: core::fmt::Display>(
    result: Result<T, E>,
    code: impl FnOnce(&E) -> u32,
) -> Result<T, Fail> {
    result.map_err(|e| Fail::saline(code(&e), e))
}

fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    let text = payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_owned());
    format!("saline: internal error (panic): {text}")
}

/// Runs `f`, converting a panic into [`Fail::Panic`].
fn guard<T>(f: impl FnOnce() -> Result<T, Fail>) -> Result<T, Fail> {
    catch_unwind(AssertUnwindSafe(f))
        .unwrap_or_else(|payload| Err(Fail::Panic(panic_message(payload))))
}

// ---------------------------------------------------------------------------
// Raw N-API helpers
// ---------------------------------------------------------------------------

unsafe fn js_string(env: sys::napi_env, s: &str) -> sys::napi_value {
    let mut value = ptr::null_mut();
    unsafe {
        sys::napi_create_string_utf8(
            env,
            s.as_ptr().cast::<c_char>(),
            s.len() as isize,
            &mut value,
        )
    };
    value
}

/// Builds the JS error object for `fail` (null if the env cannot build one).
unsafe fn make_error(env: sys::napi_env, fail: &Fail) -> sys::napi_value {
    unsafe {
        let mut error = ptr::null_mut();
        match fail {
            Fail::Saline { code, message } => {
                sys::napi_create_error(env, ptr::null_mut(), js_string(env, message), &mut error);
                let mut code_value = ptr::null_mut();
                sys::napi_create_uint32(env, *code, &mut code_value);
                if !error.is_null() && !code_value.is_null() {
                    sys::napi_set_named_property(env, error, c"code".as_ptr(), code_value);
                }
            }
            Fail::Type(message) => {
                sys::napi_create_type_error(
                    env,
                    js_string(env, "ERR_INVALID_ARG_TYPE"),
                    js_string(env, message),
                    &mut error,
                );
            }
            Fail::Panic(message) => {
                sys::napi_create_error(
                    env,
                    js_string(env, "ERR_SALINE_PANIC"),
                    js_string(env, message),
                    &mut error,
                );
            }
            Fail::Napi(what) => {
                let message = format!("saline: N-API call failed: {what}");
                sys::napi_create_error(
                    env,
                    js_string(env, "ERR_SALINE_NAPI"),
                    js_string(env, &message),
                    &mut error,
                );
            }
        }
        error
    }
}

/// Throws `fail`, unless a JS exception is already pending (it wins).
unsafe fn throw(env: sys::napi_env, fail: &Fail) {
    unsafe {
        let mut pending = false;
        if sys::napi_is_exception_pending(env, &mut pending) != OK || pending {
            return;
        }
        let error = make_error(env, fail);
        if !error.is_null() {
            sys::napi_throw(env, error);
        }
    }
}

/// Reads a `u32` argument (a JS number).
unsafe fn get_u32(env: sys::napi_env, value: sys::napi_value, what: &str) -> Result<u32, Fail> {
    let mut x = 0u32;
    if unsafe { sys::napi_get_value_uint32(env, value, &mut x) } != OK {
        return Err(Fail::Type(format!("{what} must be a number")));
    }
    Ok(x)
}

unsafe fn is_nullish(env: sys::napi_env, value: sys::napi_value) -> bool {
    let mut t = 0;
    let ok = unsafe { sys::napi_typeof(env, value, &mut t) } == OK;
    ok && (t == sys::ValueType::napi_null || t == sys::ValueType::napi_undefined)
}

/// Shared-memory stream input is copied through a buffer of this size.
const SHARED_PIECE: usize = 16 * 1024;

/// A raw view of a `Uint8Array`'s bytes: valid until JS runs again.
#[derive(Clone, Copy)]
struct View {
    ptr: *mut u8,
    len: usize,
    /// Over a `SharedArrayBuffer`: another thread may change the bytes at
    /// any moment, so they are copied once before use (see [`finish_call`]).
    shared: bool,
}

impl View {
    const EMPTY: View = View {
        ptr: NonNull::dangling().as_ptr(),
        len: 0,
        shared: false,
    };

    fn overlaps(&self, other: &View) -> bool {
        let (a, b) = (self.ptr as usize, other.ptr as usize);
        self.len > 0 && other.len > 0 && a < b + other.len && b < a + self.len
    }
}

/// Formats an argument name lazily (only on the error path).
#[derive(Clone, Copy)]
struct Name<'a>(&'a str, Option<usize>);

impl core::fmt::Display for Name<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.1 {
            Some(i) => write!(f, "{}[{i}]", self.0),
            None => f.write_str(self.0),
        }
    }
}

/// The bytes of a `Uint8Array` (a `Buffer` is one), or `None` when `value`
/// is not a typed array at all (the caller decides about null/undefined).
/// Other typed arrays and detached buffers are a `TypeError`.
unsafe fn try_u8_view(
    env: sys::napi_env,
    value: sys::napi_value,
    what: Name<'_>,
) -> Result<Option<View>, Fail> {
    let (mut kind, mut len, mut data, mut buffer, mut offset) = (
        0,
        0usize,
        ptr::null_mut::<c_void>(),
        ptr::null_mut(),
        0usize,
    );
    if unsafe {
        sys::napi_get_typedarray_info(
            env,
            value,
            &mut kind,
            &mut len,
            &mut data,
            &mut buffer,
            &mut offset,
        )
    } != OK
    {
        return Ok(None);
    }
    if kind != sys::TypedarrayType::uint8_array {
        return Err(Fail::Type(format!("{what} must be a Uint8Array")));
    }
    if len == 0 || data.is_null() {
        // An empty view, or one over a detached ArrayBuffer (V8 reports
        // those as length 0 with no data).
        let mut detached = false;
        if !buffer.is_null()
            && unsafe { sys::napi_is_detached_arraybuffer(env, buffer, &mut detached) } == OK
            && detached
        {
            return Err(Fail::Type(format!(
                "{what} is backed by a detached ArrayBuffer"
            )));
        }
        if len != 0 {
            return Err(Fail::Type(format!("{what} has no backing memory")));
        }
        return Ok(Some(View::EMPTY));
    }
    // V8's IsArrayBuffer() is false for a SharedArrayBuffer; if the check
    // itself fails, treat the memory as shared (the safe side: a copy).
    let mut plain = false;
    let shared = unsafe { sys::napi_is_arraybuffer(env, buffer, &mut plain) } != OK || !plain;
    Ok(Some(View {
        ptr: data.cast::<u8>(),
        len,
        shared,
    }))
}

unsafe fn u8_view(
    env: sys::napi_env,
    value: sys::napi_value,
    what: Name<'_>,
) -> Result<View, Fail> {
    unsafe { try_u8_view(env, value, what) }?
        .ok_or_else(|| Fail::Type(format!("{what} must be a Uint8Array")))
}

/// Fetches the elements of the `bytes` array into `handles` (this may run
/// JS getters, so it happens before any pointer is taken); returns the count.
unsafe fn array_elements(
    env: sys::napi_env,
    array: sys::napi_value,
    what: &str,
    handles: &mut [sys::napi_value; MAX_ARGS],
) -> Result<usize, Fail> {
    let mut is_array = false;
    if unsafe { sys::napi_is_array(env, array, &mut is_array) } != OK || !is_array {
        return Err(Fail::Type(format!("{what} must be an array")));
    }
    unsafe { known_array_elements(env, array, what, handles) }
}

/// [`array_elements`] for a value already known to be an array.
unsafe fn known_array_elements(
    env: sys::napi_env,
    array: sys::napi_value,
    what: &str,
    handles: &mut [sys::napi_value; MAX_ARGS],
) -> Result<usize, Fail> {
    unsafe {
        let mut n = 0u32;
        if sys::napi_get_array_length(env, array, &mut n) != OK {
            return Err(Fail::Napi("array length"));
        }
        let n = n as usize;
        if n > MAX_ARGS {
            return Err(Fail::Type(format!(
                "{what} must have at most {MAX_ARGS} entries"
            )));
        }
        for (i, handle) in handles.iter_mut().enumerate().take(n) {
            if sys::napi_get_element(env, array, i as u32, handle) != OK {
                return Err(Fail::Napi("array element"));
            }
        }
        Ok(n)
    }
}

/// Reads `nums`: an array of numbers, a `Float64Array`, or null/undefined
/// (no numbers).
unsafe fn read_nums(
    env: sys::napi_env,
    value: sys::napi_value,
    nums: &mut [f64; MAX_ARGS],
) -> Result<usize, Fail> {
    unsafe {
        let mut is_array = false;
        if sys::napi_is_array(env, value, &mut is_array) == OK && is_array {
            let mut handles = [ptr::null_mut(); MAX_ARGS];
            let n = known_array_elements(env, value, "nums", &mut handles)?;
            for i in 0..n {
                if sys::napi_get_value_double(env, handles[i], &mut nums[i]) != OK {
                    return Err(Fail::Type(format!("nums[{i}] must be a number")));
                }
            }
            return Ok(n);
        }
        let (mut kind, mut len, mut data, mut buffer, mut offset) = (
            0,
            0usize,
            ptr::null_mut::<c_void>(),
            ptr::null_mut(),
            0usize,
        );
        if sys::napi_get_typedarray_info(
            env,
            value,
            &mut kind,
            &mut len,
            &mut data,
            &mut buffer,
            &mut offset,
        ) == OK
        {
            if kind != sys::TypedarrayType::float64_array {
                return Err(Fail::Type(
                    "nums must be an array of numbers or a Float64Array".into(),
                ));
            }
            if len > MAX_ARGS {
                return Err(Fail::Type(format!(
                    "nums must have at most {MAX_ARGS} entries"
                )));
            }
            if len > 0 && data.is_null() {
                return Err(Fail::Type("nums has no backing memory".into()));
            }
            for (i, slot) in nums.iter_mut().enumerate().take(len) {
                *slot = ptr::read_unaligned(data.cast::<f64>().add(i));
            }
            return Ok(len);
        }
        if is_nullish(env, value) {
            return Ok(0);
        }
        Err(Fail::Type(
            "nums must be an array of numbers or a Float64Array".into(),
        ))
    }
}

/// Raw views of the `bytes` entries (`None` for null/undefined). No JS runs
/// in here.
unsafe fn byte_views(
    env: sys::napi_env,
    handles: &[sys::napi_value],
    views: &mut [Option<View>; MAX_ARGS],
) -> Result<(), Fail> {
    for (i, &handle) in handles.iter().enumerate() {
        views[i] = match unsafe { try_u8_view(env, handle, Name("bytes", Some(i))) }? {
            Some(view) => Some(view),
            None if unsafe { is_nullish(env, handle) } => None,
            None => {
                return Err(Fail::Type(format!(
                    "bytes[{i}] must be a Uint8Array, null or undefined"
                )))
            }
        };
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// call(op, alg, bytes, nums, out) -> number
// ---------------------------------------------------------------------------

unsafe fn call_impl(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> Result<sys::napi_value, Fail> {
    unsafe {
        let argv = args::<5>(env, info, "call(op, alg, bytes, nums, out)")?;
        let op = get_u32(env, argv[0], "op")?;
        let alg = get_u32(env, argv[1], "alg")?;
        // 1. Everything that may run JS (array getters).
        let mut handles = [ptr::null_mut(); MAX_ARGS];
        let n = array_elements(env, argv[2], "bytes", &mut handles)?;
        let mut nums = [0f64; MAX_ARGS];
        let m = read_nums(env, argv[3], &mut nums)?;
        // 2. Raw views; from here on no JS runs until we return.
        let mut views = [None; MAX_ARGS];
        byte_views(env, &handles[..n], &mut views)?;
        let out = u8_view(env, argv[4], Name("out", None))?;
        finish_call(env, op, alg, &views[..n], &nums[..m], out, Overlap::Copy)
    }
}

/// What a call does with an input that overlaps `out`.
#[derive(Clone, Copy, PartialEq)]
enum Overlap {
    /// Copy the input first (the output is the addon's own business).
    Copy,
    /// Refuse the call before anything is written (`callvInto`: the caller
    /// gave `out`, and the API's contract is that it overlaps no input).
    Refuse,
}

/// The message of [`Overlap::Refuse`]; `js/src/call.ts` recognises it.
const OVERLAP_REFUSED: &str = "out: must not overlap an input";

/// Runs the call over raw views (no JS may run between taking them and this).
unsafe fn finish_call(
    env: sys::napi_env,
    op: u32,
    alg: u32,
    views: &[Option<View>],
    nums: &[f64],
    out: View,
    overlap: Overlap,
) -> Result<sys::napi_value, Fail> {
    unsafe {
        let n = views.len();
        if overlap == Overlap::Refuse && views.iter().flatten().any(|view| view.overlaps(&out)) {
            return Err(Fail::Saline {
                code: saline_ops::ERROR_RANGE,
                message: OVERLAP_REFUSED.into(),
            });
        }
        // 3. Copied once before use: an input overlapping `out` (so that
        // nothing aliases), and one in shared memory, which another thread
        // could change between two reads (Ed25519 signing reads the message
        // twice: two different messages under one nonce give away the key).
        let mut copies: Vec<(usize, Vec<u8>)> = Vec::new();
        for (i, view) in views.iter().enumerate() {
            if let Some(view) = view {
                if view.shared || view.overlaps(&out) {
                    copies.push((i, std::slice::from_raw_parts(view.ptr, view.len).to_vec()));
                }
            }
        }
        let mut slices: [Option<&[u8]>; MAX_ARGS] = [None; MAX_ARGS];
        for (i, view) in views.iter().enumerate() {
            slices[i] = view.map(|v| std::slice::from_raw_parts(v.ptr as *const u8, v.len));
        }
        for (i, copy) in &copies {
            slices[*i] = Some(copy.as_slice());
        }
        // A shared output is written in private memory and copied out at the
        // end, so that no operation reads back bytes another thread wrote.
        let mut private_out = if out.shared { vec![0u8; out.len] } else { Vec::new() };
        let out_slice = if out.shared {
            private_out.as_mut_slice()
        } else {
            std::slice::from_raw_parts_mut(out.ptr, out.len)
        };
        let result = saline_ops::call(
            op,
            alg,
            &Args {
                bytes: &slices[..n],
                nums,
            },
            out_slice,
        );
        if out.shared {
            if let Ok(written) = result {
                ptr::copy_nonoverlapping(private_out.as_ptr(), out.ptr, written.min(out.len));
            }
            private_out.zeroize();
        }
        for (_, copy) in copies.iter_mut() {
            copy.zeroize();
        }
        let written = from_saline(result, saline_ops::error_code)?;
        number(env, written as f64)
    }
}

/// `callv(op, alg, out, nBytes, ...bytes, ...nums)`: the same as `call` with
/// the byte strings and numbers as positional arguments, which N-API hands
/// over in one `napi_get_cb_info`. Reading array elements through N-API
/// (`napi_is_array`, `napi_get_array_length`, `napi_get_element`, about
/// 20 ns each) made `call` ~160 ns slower per call; js/src/backend/native.ts
/// therefore calls this one. `callvInto` is the same with an input that
/// overlaps `out` refused ([`Overlap::Refuse`]): the check costs nothing
/// here, where the API's own check read three `buffer` getters (~25 ns).
unsafe fn callv_impl(
    env: sys::napi_env,
    info: sys::napi_callback_info,
    overlap: Overlap,
) -> Result<sys::napi_value, Fail> {
    unsafe {
        const MAX: usize = 4 + 2 * MAX_ARGS;
        let mut argc = MAX;
        let mut argv = [ptr::null_mut(); MAX];
        if sys::napi_get_cb_info(
            env,
            info,
            &mut argc,
            argv.as_mut_ptr(),
            ptr::null_mut(),
            ptr::null_mut(),
        ) != OK
        {
            return Err(Fail::Napi("callback info"));
        }
        if argc < 4 {
            return Err(Fail::Type(
                "callv(op, alg, out, nBytes, ...bytes, ...nums) takes at least 4 arguments".into(),
            ));
        }
        let argc = argc.min(MAX);
        let op = get_u32(env, argv[0], "op")?;
        let alg = get_u32(env, argv[1], "alg")?;
        let n = get_u32(env, argv[3], "nBytes")? as usize;
        if n > MAX_ARGS || 4 + n > argc {
            return Err(Fail::Type("nBytes out of range".into()));
        }
        let m = argc - 4 - n;
        if m > MAX_ARGS {
            return Err(Fail::Type(format!("at most {MAX_ARGS} numbers")));
        }
        let mut nums = [0f64; MAX_ARGS];
        for i in 0..m {
            if sys::napi_get_value_double(env, argv[4 + n + i], &mut nums[i]) != OK {
                return Err(Fail::Type(format!("nums[{i}] must be a number")));
            }
        }
        let mut views = [None; MAX_ARGS];
        byte_views(env, &argv[4..4 + n], &mut views)?;
        let out = u8_view(env, argv[2], Name("out", None))?;
        finish_call(env, op, alg, &views[..n], &nums[..m], out, overlap)
    }
}

unsafe fn callv_copy_impl(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> Result<sys::napi_value, Fail> {
    unsafe { callv_impl(env, info, Overlap::Copy) }
}

unsafe fn callv_refuse_impl(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> Result<sys::napi_value, Fail> {
    unsafe { callv_impl(env, info, Overlap::Refuse) }
}

// ---------------------------------------------------------------------------
// callAsync(op, alg, bytes, nums, outLength) -> Promise<Uint8Array>
// ---------------------------------------------------------------------------

/// One `callAsync` in flight: owned copies of the inputs (wiped on drop).
struct AsyncCall {
    op: u32,
    alg: u32,
    bytes: Vec<Option<Vec<u8>>>,
    nums: Vec<f64>,
    out: Vec<u8>,
    result: Option<Result<usize, Fail>>,
    deferred: sys::napi_deferred,
    work: sys::napi_async_work,
}

impl Drop for AsyncCall {
    fn drop(&mut self) {
        for bytes in self.bytes.iter_mut().flatten() {
            bytes.zeroize();
        }
        self.out.zeroize();
    }
}

unsafe extern "C" fn async_execute(_env: sys::napi_env, data: *mut c_void) {
    // Runs on a libuv pool thread: no N-API calls here.
    let call = unsafe { &mut *data.cast::<AsyncCall>() };
    let result = guard(|| {
        let slices: Vec<Option<&[u8]>> = call.bytes.iter().map(|b| b.as_deref()).collect();
        let args = Args {
            bytes: &slices,
            nums: &call.nums,
        };
        from_saline(
            saline_ops::call(call.op, call.alg, &args, &mut call.out),
            saline_ops::error_code,
        )
    });
    call.result = Some(result);
}

unsafe fn settle(
    env: sys::napi_env,
    status: sys::napi_status,
    call: &mut AsyncCall,
) -> Result<sys::napi_value, Fail> {
    unsafe {
        if status == sys::Status::napi_cancelled {
            return Err(Fail::Napi("the async call was cancelled"));
        }
        let written = call
            .result
            .take()
            .unwrap_or(Err(Fail::Napi("the async call did not run")))?;
        let n = written.min(call.out.len());
        let (mut buffer, mut data) = (ptr::null_mut(), ptr::null_mut::<c_void>());
        if sys::napi_create_arraybuffer(env, n, &mut data, &mut buffer) != OK {
            return Err(Fail::Napi("create ArrayBuffer"));
        }
        if n > 0 {
            ptr::copy_nonoverlapping(call.out.as_ptr(), data.cast::<u8>(), n);
        }
        let mut array = ptr::null_mut();
        if sys::napi_create_typedarray(
            env,
            sys::TypedarrayType::uint8_array,
            n,
            buffer,
            0,
            &mut array,
        ) != OK
        {
            return Err(Fail::Napi("create Uint8Array"));
        }
        Ok(array)
    }
}

unsafe extern "C" fn async_complete(
    env: sys::napi_env,
    status: sys::napi_status,
    data: *mut c_void,
) {
    let mut call = unsafe { Box::from_raw(data.cast::<AsyncCall>()) };
    let deferred = call.deferred;
    let work = call.work;
    let _ = guard(|| unsafe {
        match settle(env, status, &mut call) {
            Ok(value) => {
                sys::napi_resolve_deferred(env, deferred, value);
            }
            Err(fail) => {
                let error = make_error(env, &fail);
                if !error.is_null() {
                    sys::napi_reject_deferred(env, deferred, error);
                }
            }
        }
        Ok(())
    });
    drop(call); // wipes the copies
    unsafe { sys::napi_delete_async_work(env, work) };
}

unsafe fn call_async_impl(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> Result<sys::napi_value, Fail> {
    unsafe {
        let argv = args::<5>(env, info, "callAsync(op, alg, bytes, nums, outLength)")?;
        let op = get_u32(env, argv[0], "op")?;
        let alg = get_u32(env, argv[1], "alg")?;
        let mut handles = [ptr::null_mut(); MAX_ARGS];
        let n = array_elements(env, argv[2], "bytes", &mut handles)?;
        let mut nums = [0f64; MAX_ARGS];
        let m = read_nums(env, argv[3], &mut nums)?;
        let mut out_len = 0f64;
        if sys::napi_get_value_double(env, argv[4], &mut out_len) != OK {
            return Err(Fail::Type("outLength must be a number".into()));
        }
        if !(out_len >= 0.0 && out_len.fract() == 0.0 && out_len <= MAX_ASYNC_OUT) {
            return Err(Fail::Saline {
                code: saline_ops::ERROR_RANGE,
                message: format!(
                    "output length: expected an integer from 0 to 2^30, got {out_len}"
                ),
            });
        }
        let mut views = [None; MAX_ARGS];
        byte_views(env, &handles[..n], &mut views)?;
        // Copy the inputs: JS may change or detach them while the pool runs.
        let bytes = views[..n]
            .iter()
            .map(|v| v.map(|v| std::slice::from_raw_parts(v.ptr as *const u8, v.len).to_vec()))
            .collect();
        let mut out = Vec::new();
        out.try_reserve_exact(out_len as usize)
            .map_err(|_| Fail::Saline {
                code: saline_ops::ERROR_SYSTEM,
                message: "output: out of memory".into(),
            })?;
        out.resize(out_len as usize, 0);
        let call = Box::new(AsyncCall {
            op,
            alg,
            bytes,
            nums: nums[..m].to_vec(),
            out,
            result: None,
            deferred: ptr::null_mut(),
            work: ptr::null_mut(),
        });
        let call = Box::into_raw(call);
        let mut promise = ptr::null_mut();
        if sys::napi_create_promise(env, &mut (*call).deferred, &mut promise) != OK {
            drop(Box::from_raw(call));
            return Err(Fail::Napi("create promise"));
        }
        let name = js_string(env, "saline.callAsync");
        if sys::napi_create_async_work(
            env,
            ptr::null_mut(),
            name,
            Some(async_execute),
            Some(async_complete),
            call.cast(),
            &mut (*call).work,
        ) != OK
        {
            // The deferred stays unresolved but unreachable: the throw wins.
            drop(Box::from_raw(call));
            return Err(Fail::Napi("create async work"));
        }
        if sys::napi_queue_async_work(env, (*call).work) != OK {
            sys::napi_delete_async_work(env, (*call).work);
            drop(Box::from_raw(call));
            return Err(Fail::Napi("queue async work"));
        }
        Ok(promise)
    }
}

unsafe extern "C" fn js_call_async(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> sys::napi_value {
    match guard(|| unsafe { call_async_impl(env, info) }) {
        Ok(value) => value,
        Err(fail) => {
            unsafe { throw(env, &fail) };
            ptr::null_mut()
        }
    }
}

// ---------------------------------------------------------------------------
// catalog() -> string
// ---------------------------------------------------------------------------

unsafe extern "C" fn js_catalog(
    env: sys::napi_env,
    _info: sys::napi_callback_info,
) -> sys::napi_value {
    match guard(|| Ok(saline_ops::catalog_json())) {
        Ok(json) => unsafe { js_string(env, &json) },
        Err(fail) => {
            unsafe { throw(env, &fail) };
            ptr::null_mut()
        }
    }
}

// ---------------------------------------------------------------------------
// backends() -> string: the core's backend registry (saline_ops::backends_json)
// ---------------------------------------------------------------------------

unsafe extern "C" fn js_backends(
    env: sys::napi_env,
    _info: sys::napi_callback_info,
) -> sys::napi_value {
    match guard(|| Ok(saline_ops::backends_json())) {
        Ok(json) => unsafe { js_string(env, &json) },
        Err(fail) => {
            unsafe { throw(env, &fail) };
            ptr::null_mut()
        }
    }
}

// ---------------------------------------------------------------------------
// Streams as numeric handles: streamNew/Update/Digest/Clone/Reset/Free
// ---------------------------------------------------------------------------
//
// What js/src/backend/native.ts uses. The states live in a per-thread slab
// (one per Node environment: the main thread and each worker) and JS holds a
// number, as with WebAssembly, so the API's FinalizationRegistry frees
// forgotten streams. A JS wrapper object per stream (the `NativeStream`
// class below) costs ~2 KB of native memory that Node 20 only releases when
// the event loop turns (N-API finalizers are deferred), which a synchronous
// loop of 200k create/free cycles turned into ~400 MB of RSS; a handle costs
// nothing once freed. The table is saline-ops' `HandleTable` (the one every
// binding uses): a handle is `generation * 2^24 + index`, so a stale handle
// is recognised instead of reaching a reused slot, and it stays below 2^53,
// exact as a JS number.

const STREAM_HANDLES: HandleLayout = HandleLayout {
    index_bits: 24,
    tag_bits: 0,
    tag: 0,
    generation_bits: 28,
};

struct Slab(HandleTable<Box<Stream>>);

impl Default for Slab {
    fn default() -> Slab {
        Slab(HandleTable::new(STREAM_HANDLES))
    }
}

impl Slab {
    fn insert(&mut self, state: Stream) -> Result<f64, Fail> {
        match self.0.insert(Box::new(state)) {
            Ok(handle) => Ok(handle as f64),
            Err(_) => Err(Fail::Saline {
                code: saline_ops::ERROR_SYSTEM,
                message: "stream: too many live streams".into(),
            }),
        }
    }

    fn get(&mut self, handle: u64) -> Result<&mut Stream, Fail> {
        match self.0.get_mut(handle) {
            Ok(state) => Ok(state),
            Err(_) => Err(freed()),
        }
    }

    /// Frees (and so wipes) the state; false when the handle was not live.
    fn remove(&mut self, handle: u64) -> bool {
        self.0.remove(handle).is_ok()
    }
}

thread_local! {
    static STREAMS: std::cell::RefCell<Slab> = std::cell::RefCell::new(Slab::default());
}

fn with_streams<T>(f: impl FnOnce(&mut Slab) -> Result<T, Fail>) -> Result<T, Fail> {
    STREAMS.with(|slab| match slab.try_borrow_mut() {
        Ok(mut slab) => f(&mut slab),
        Err(_) => Err(Fail::Napi("stream table re-entered")),
    })
}

unsafe fn get_handle(env: sys::napi_env, value: sys::napi_value) -> Result<u64, Fail> {
    let mut x = 0f64;
    if unsafe { sys::napi_get_value_double(env, value, &mut x) } != OK
        || !(x >= 0.0 && x.fract() == 0.0 && x < 9007199254740992.0)
    {
        return Err(Fail::Type("not a native stream handle".into()));
    }
    Ok(x as u64)
}

unsafe fn args<const N: usize>(
    env: sys::napi_env,
    info: sys::napi_callback_info,
    name: &str,
) -> Result<[sys::napi_value; N], Fail> {
    let mut argc = N;
    let mut argv = [ptr::null_mut(); N];
    if unsafe {
        sys::napi_get_cb_info(
            env,
            info,
            &mut argc,
            argv.as_mut_ptr(),
            ptr::null_mut(),
            ptr::null_mut(),
        )
    } != OK
    {
        return Err(Fail::Napi("callback info"));
    }
    if argc < N {
        return Err(Fail::Type(format!(
            "{name} takes {N} argument{}",
            if N == 1 { "" } else { "s" }
        )));
    }
    Ok(argv)
}

unsafe fn number(env: sys::napi_env, x: f64) -> Result<sys::napi_value, Fail> {
    let mut value = ptr::null_mut();
    if unsafe { sys::napi_create_double(env, x, &mut value) } != OK {
        return Err(Fail::Napi("create number"));
    }
    Ok(value)
}

unsafe fn undefined(env: sys::napi_env) -> Result<sys::napi_value, Fail> {
    let mut value = ptr::null_mut();
    unsafe { sys::napi_get_undefined(env, &mut value) };
    Ok(value)
}

fn track(env: sys::napi_env, delta: i64) {
    let mut total = 0i64;
    unsafe { sys::napi_adjust_external_memory(env, delta, &mut total) };
}

/// Reads `(alg, bytes, nums)` and builds a `Stream`.
unsafe fn new_stream(
    env: sys::napi_env,
    alg: sys::napi_value,
    bytes: sys::napi_value,
    nums: sys::napi_value,
) -> Result<Stream, Fail> {
    unsafe {
        let alg = get_u32(env, alg, "alg")?;
        let mut handles = [ptr::null_mut(); MAX_ARGS];
        let n = if is_nullish(env, bytes) {
            0
        } else {
            array_elements(env, bytes, "bytes", &mut handles)?
        };
        let mut nums_buf = [0f64; MAX_ARGS];
        let m = read_nums(env, nums, &mut nums_buf)?;
        let mut views = [None; MAX_ARGS];
        byte_views(env, &handles[..n], &mut views)?;
        let slices: [Option<&[u8]>; MAX_ARGS] =
            views.map(|v| v.map(|v| std::slice::from_raw_parts(v.ptr as *const u8, v.len)));
        from_saline(
            Stream::new(
                alg,
                &Args {
                    bytes: &slices[..n],
                    nums: &nums_buf[..m],
                },
            ),
            saline_ops::error_code,
        )
    }
}

unsafe fn stream_new_impl(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> Result<sys::napi_value, Fail> {
    unsafe {
        let [alg, bytes, nums] = args::<3>(env, info, "streamNew(alg, bytes, nums)")?;
        let state = new_stream(env, alg, bytes, nums)?;
        let handle = with_streams(|slab| slab.insert(state))?;
        track(env, STATE_SIZE);
        number(env, handle)
    }
}

/// Feeds a stream from `view`. Shared memory is read once, through a
/// private copy, a piece at a time (see [`finish_call`]).
unsafe fn update_from(stream: &mut Stream, view: View) {
    let data = unsafe { std::slice::from_raw_parts(view.ptr, view.len) };
    if !view.shared {
        return stream.update(data);
    }
    let mut piece = [0u8; SHARED_PIECE];
    for chunk in data.chunks(SHARED_PIECE) {
        piece[..chunk.len()].copy_from_slice(chunk);
        stream.update(&piece[..chunk.len()]);
    }
    piece.zeroize();
}

/// Writes a stream's digest into `view` (through private memory when shared).
unsafe fn digest_to(stream: &mut Stream, view: View) -> Result<usize, Fail> {
    if !view.shared {
        let out = unsafe { std::slice::from_raw_parts_mut(view.ptr, view.len) };
        return from_saline(stream.digest_into(out), saline_ops::error_code);
    }
    let mut private_out = vec![0u8; view.len];
    let result = stream.digest_into(&mut private_out);
    if let Ok(written) = result {
        unsafe { ptr::copy_nonoverlapping(private_out.as_ptr(), view.ptr, written.min(view.len)) };
    }
    private_out.zeroize();
    from_saline(result, saline_ops::error_code)
}

unsafe fn stream_update_impl(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> Result<sys::napi_value, Fail> {
    unsafe {
        let [handle, data] = args::<2>(env, info, "streamUpdate(handle, data)")?;
        let handle = get_handle(env, handle)?;
        let view = u8_view(env, data, Name("data", None))?;
        with_streams(|slab| {
            update_from(slab.get(handle)?, view);
            Ok(())
        })?;
        undefined(env)
    }
}

unsafe fn stream_digest_impl(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> Result<sys::napi_value, Fail> {
    unsafe {
        let [handle, out] = args::<2>(env, info, "streamDigest(handle, out)")?;
        let handle = get_handle(env, handle)?;
        let view = u8_view(env, out, Name("out", None))?;
        let n = with_streams(|slab| digest_to(slab.get(handle)?, view))?;
        number(env, n as f64)
    }
}

unsafe fn stream_clone_impl(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> Result<sys::napi_value, Fail> {
    unsafe {
        let [handle] = args::<1>(env, info, "streamClone(handle)")?;
        let handle = get_handle(env, handle)?;
        let copy = with_streams(|slab| {
            let state = slab.get(handle)?.clone();
            slab.insert(state)
        })?;
        track(env, STATE_SIZE);
        number(env, copy)
    }
}

unsafe fn stream_reset_impl(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> Result<sys::napi_value, Fail> {
    unsafe {
        let [handle] = args::<1>(env, info, "streamReset(handle)")?;
        let handle = get_handle(env, handle)?;
        with_streams(|slab| {
            slab.get(handle)?.reset();
            Ok(())
        })?;
        undefined(env)
    }
}

unsafe fn stream_free_impl(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> Result<sys::napi_value, Fail> {
    unsafe {
        let [handle] = args::<1>(env, info, "streamFree(handle)")?;
        let handle = get_handle(env, handle)?;
        if with_streams(|slab| Ok(slab.remove(handle)))? {
            track(env, -STATE_SIZE);
        }
        undefined(env)
    }
}

macro_rules! entry {
    ($($js:ident => $imp:ident),* $(,)?) => {$(
        unsafe extern "C" fn $js(env: sys::napi_env, info: sys::napi_callback_info) -> sys::napi_value {
            match guard(|| unsafe { $imp(env, info) }) {
                Ok(value) => value,
                Err(fail) => {
                    unsafe { throw(env, &fail) };
                    ptr::null_mut()
                }
            }
        }
    )*};
}

entry! {
    js_call => call_impl,
    js_callv => callv_copy_impl,
    js_callv_into => callv_refuse_impl,
    js_stream_new => stream_new_impl,
    js_stream_update => stream_update_impl,
    js_stream_digest => stream_digest_impl,
    js_stream_clone => stream_clone_impl,
    js_stream_reset => stream_reset_impl,
    js_stream_free => stream_free_impl,
}

/// Registers the raw functions on `exports` (napi-rs adds `NativeStream`).
#[napi(module_exports)]
pub fn init(exports: Object) -> napi::Result<()> {
    let value = exports.value();
    let (env, exports) = (value.env, value.value);
    let functions: [(&std::ffi::CStr, sys::napi_callback); 12] = [
        (c"call", Some(js_call)),
        (c"callv", Some(js_callv)),
        (c"callvInto", Some(js_callv_into)),
        (c"streamNew", Some(js_stream_new)),
        (c"streamUpdate", Some(js_stream_update)),
        (c"streamDigest", Some(js_stream_digest)),
        (c"streamClone", Some(js_stream_clone)),
        (c"streamReset", Some(js_stream_reset)),
        (c"streamFree", Some(js_stream_free)),
        (c"callAsync", Some(js_call_async)),
        (c"catalog", Some(js_catalog)),
        (c"backends", Some(js_backends)),
    ];
    for (name, callback) in functions {
        let mut function = ptr::null_mut();
        let status = unsafe {
            sys::napi_create_function(
                env,
                name.as_ptr(),
                -1,
                callback,
                ptr::null_mut(),
                &mut function,
            )
        };
        if status != OK
            || unsafe { sys::napi_set_named_property(env, exports, name.as_ptr(), function) } != OK
        {
            return Err(napi::Error::new(
                Status::GenericFailure,
                format!("saline: cannot export {name:?}"),
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// NativeStream
// ---------------------------------------------------------------------------

/// Throws `fail` and returns the napi-rs error that tells its glue an
/// exception is already pending.
fn rethrow(env: &Env, fail: Fail) -> napi::Error {
    unsafe { throw(env.raw(), &fail) };
    napi::Error::from_status(Status::PendingException)
}

fn run<T>(env: &Env, f: impl FnOnce() -> Result<T, Fail>) -> napi::Result<T> {
    guard(f).map_err(|fail| rethrow(env, fail))
}

fn freed() -> Fail {
    Fail::Saline {
        code: saline_ops::ERROR_VALUE,
        message: "stream: has been freed".into(),
    }
}

/// The state's size, reported to V8 as external memory so that forgotten
/// streams press the GC (the largest `Stream` variant is ~1.9 KB).
const STATE_SIZE: i64 = std::mem::size_of::<Stream>() as i64;

/// A streaming hash or MAC over `saline_ops::Stream`, as an object. Keyed
/// state is wiped when the stream is freed or collected. For direct users of
/// the addon; the package uses the numeric handles above (see there why).
///
/// The state is boxed so that `free()` returns its memory at once: the JS
/// wrapper object lives until the GC collects it, and if it held the ~1.9 KB
/// state inline, a loop of create/free would grow the heap until then.
#[napi(custom_finalize)]
pub struct NativeStream {
    state: Option<Box<Stream>>,
}

impl NativeStream {
    fn with_state(env: &Env, state: Stream) -> NativeStream {
        let _ = env.adjust_external_memory(STATE_SIZE);
        NativeStream {
            state: Some(Box::new(state)),
        }
    }
}

impl napi::bindgen_prelude::ObjectFinalize for NativeStream {
    fn finalize(mut self, env: Env) -> napi::Result<()> {
        if self.state.take().is_some() {
            let _ = env.adjust_external_memory(-STATE_SIZE);
        }
        Ok(())
    }
}

#[napi]
impl NativeStream {
    /// `new NativeStream(alg, bytes, nums)`: a hash (bytes: [key?, salt?,
    /// personal?, context?], nums: [outLen]) or MAC (bytes: [key]) stream.
    #[napi(constructor)]
    pub fn new(env: Env, alg: Unknown, bytes: Unknown, nums: Unknown) -> napi::Result<Self> {
        run(&env, || unsafe {
            let state = new_stream(
                env.raw(),
                alg.value().value,
                bytes.value().value,
                nums.value().value,
            )?;
            Ok(NativeStream::with_state(&env, state))
        })
    }

    /// Absorbs `data` (a Uint8Array, borrowed).
    #[napi]
    pub fn update(&mut self, env: Env, data: Unknown) -> napi::Result<()> {
        let raw = env.raw();
        run(&env, || unsafe {
            let state = self.state.as_mut().ok_or_else(freed)?;
            update_from(state, u8_view(raw, data.value().value, Name("data", None))?);
            Ok(())
        })
    }

    /// Writes the digest into `out`, resets, and returns the length.
    #[napi]
    pub fn digest(&mut self, env: Env, out: Unknown) -> napi::Result<u32> {
        let raw = env.raw();
        run(&env, || unsafe {
            let state = self.state.as_mut().ok_or_else(freed)?;
            let n = digest_to(state, u8_view(raw, out.value().value, Name("out", None))?)?;
            Ok(n as u32)
        })
    }

    /// The digest length in bytes.
    #[napi(getter)]
    pub fn output_length(&self, env: Env) -> napi::Result<u32> {
        run(&env, || {
            Ok(self.state.as_ref().ok_or_else(freed)?.output_len() as u32)
        })
    }

    /// An independent copy of the current state.
    #[napi(js_name = "clone")]
    pub fn clone_stream(&self, env: Env) -> napi::Result<NativeStream> {
        run(&env, || {
            Ok(NativeStream::with_state(
                &env,
                Stream::clone(self.state.as_ref().ok_or_else(freed)?),
            ))
        })
    }

    /// Restarts with the same key and options.
    #[napi]
    pub fn reset(&mut self, env: Env) -> napi::Result<()> {
        run(&env, || {
            self.state.as_mut().ok_or_else(freed)?.reset();
            Ok(())
        })
    }

    /// Drops (and so wipes) the state now; idempotent. Later calls throw.
    #[napi]
    pub fn free(&mut self, env: Env) {
        if self.state.take().is_some() {
            let _ = env.adjust_external_memory(-STATE_SIZE);
        }
    }
}
