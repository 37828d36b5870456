//! Raw N-API helpers shared by every export: reading arguments and
//! numbers, borrowing `Uint8Array` bytes as [`View`]s, making JS values and
//! errors.

use std::ffi::{c_char, c_void};
use std::ptr::{self, NonNull};

use napi::sys;

use crate::{Fail, MAX_ARGS, OK};

pub(crate) unsafe fn js_string(env: sys::napi_env, s: &str) -> sys::napi_value {
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
pub(crate) unsafe fn make_error(env: sys::napi_env, fail: &Fail) -> sys::napi_value {
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
pub(crate) unsafe fn throw(env: sys::napi_env, fail: &Fail) {
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
pub(crate) unsafe fn get_u32(
    env: sys::napi_env,
    value: sys::napi_value,
    what: &str,
) -> Result<u32, Fail> {
    let mut x = 0u32;
    if unsafe { sys::napi_get_value_uint32(env, value, &mut x) } != OK {
        return Err(Fail::Type(format!("{what} must be a number")));
    }
    Ok(x)
}

pub(crate) unsafe fn is_nullish(env: sys::napi_env, value: sys::napi_value) -> bool {
    let mut t = 0;
    let ok = unsafe { sys::napi_typeof(env, value, &mut t) } == OK;
    ok && (t == sys::ValueType::napi_null || t == sys::ValueType::napi_undefined)
}

/// Shared-memory stream input is copied through a buffer of this size.
pub(crate) const SHARED_PIECE: usize = 16 * 1024;

/// A raw view of a `Uint8Array`'s bytes: valid until JS runs again.
#[derive(Clone, Copy)]
pub(crate) struct View {
    pub ptr: *mut u8,
    pub len: usize,
    /// Over a `SharedArrayBuffer`: another thread may change the bytes at
    /// any moment, so they are copied once before use (see [`finish_call`]).
    pub shared: bool,
}

impl View {
    pub const EMPTY: View = View {
        ptr: NonNull::dangling().as_ptr(),
        len: 0,
        shared: false,
    };

    pub fn overlaps(&self, other: &View) -> bool {
        let (a, b) = (self.ptr as usize, other.ptr as usize);
        self.len > 0 && other.len > 0 && a < b + other.len && b < a + self.len
    }
}

/// Formats an argument name lazily (only on the error path).
#[derive(Clone, Copy)]
pub(crate) struct Name<'a>(pub &'a str, pub Option<usize>);

impl core::fmt::Display for Name<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.1 {
            Some(i) => write!(f, "{}[{i}]", self.0),
            None => f.write_str(self.0),
        }
    }
}

/// What `napi_get_typedarray_info` reports about a typed array: its element
/// type, its length in elements, its first element and its ArrayBuffer.
struct TypedArray {
    kind: sys::napi_typedarray_type,
    len: usize,
    data: *mut c_void,
    buffer: sys::napi_value,
}

/// `value` as a typed array, or `None` when it is not one.
#[inline(always)]
unsafe fn typed_array(env: sys::napi_env, value: sys::napi_value) -> Option<TypedArray> {
    let (mut kind, mut len, mut data, mut buffer, mut offset) = (
        0,
        0usize,
        ptr::null_mut::<c_void>(),
        ptr::null_mut(),
        0usize,
    );
    let status = unsafe {
        sys::napi_get_typedarray_info(
            env,
            value,
            &mut kind,
            &mut len,
            &mut data,
            &mut buffer,
            &mut offset,
        )
    };
    (status == OK).then_some(TypedArray {
        kind,
        len,
        data,
        buffer,
    })
}

/// Writes the view of `value` into `slot` when it is a `Uint8Array` (a
/// `Buffer` is one) and returns true; returns false when it is not a typed
/// array at all (the caller decides about null and undefined). Other typed
/// arrays and detached buffers are a `TypeError`.
///
/// In place rather than returned: returned through `Result<Option<View>,
/// _>`, the view went to memory in 8-byte stores and was read back at once
/// in one 16-byte load, which the CPU cannot forward from the stores (perf
/// annotate, Intel Xeon: the two instructions that stalled on it were a
/// fifth of a direct `callvInto` of Poly1305 over 32 bytes). In place, a
/// direct `callvInto` of SHA-256 over 32 bytes is 6-8% faster, Poly1305's
/// 2-4% (both addons in one Node process, interleaved; inlining the old
/// function alone kept the round trip and gained 1-2%).
#[inline(always)]
pub(crate) unsafe fn u8_view_into(
    env: sys::napi_env,
    value: sys::napi_value,
    what: Name<'_>,
    slot: &mut Option<View>,
) -> Result<bool, Fail> {
    // SAFETY (here and below): forwarded from this function's contract.
    let Some(array) = (unsafe { typed_array(env, value) }) else {
        return Ok(false);
    };
    if array.kind == sys::TypedarrayType::uint8_array && array.len != 0 && !array.data.is_null() {
        // V8's IsArrayBuffer() is false for a SharedArrayBuffer; if the
        // check itself fails, treat the memory as shared (the safe side: a copy).
        let mut plain = false;
        let shared = unsafe { sys::napi_is_arraybuffer(env, array.buffer, &mut plain) } != OK || !plain;
        *slot = Some(View {
            ptr: array.data.cast::<u8>(),
            len: array.len,
            shared,
        });
    } else {
        *slot = Some(unsafe { unusual_view(env, &array, what) }?);
    }
    Ok(true)
}

/// [`u8_view_into`]'s other cases: another typed array, or a `Uint8Array`
/// that is empty or has no data (the empty view, or a `TypeError`).
#[cold]
#[inline(never)]
unsafe fn unusual_view(env: sys::napi_env, array: &TypedArray, what: Name<'_>) -> Result<View, Fail> {
    if array.kind != sys::TypedarrayType::uint8_array {
        return Err(Fail::Type(format!("{what} must be a Uint8Array")));
    }
    // An empty view, or one over a detached ArrayBuffer (V8 reports those
    // as length 0 with no data).
    let mut detached = false;
    if !array.buffer.is_null()
        // SAFETY: forwarded from the caller's contract.
        && unsafe { sys::napi_is_detached_arraybuffer(env, array.buffer, &mut detached) } == OK
        && detached
    {
        return Err(Fail::Type(format!("{what} is backed by a detached ArrayBuffer")));
    }
    if array.len != 0 {
        return Err(Fail::Type(format!("{what} has no backing memory")));
    }
    Ok(View::EMPTY)
}

/// The bytes of a `Uint8Array`, or `None` when `value` is not a typed array
/// at all ([`u8_view_into`], returned).
pub(crate) unsafe fn try_u8_view(
    env: sys::napi_env,
    value: sys::napi_value,
    what: Name<'_>,
) -> Result<Option<View>, Fail> {
    let mut view = None;
    // SAFETY: forwarded from this function's contract.
    unsafe { u8_view_into(env, value, what, &mut view) }?;
    Ok(view)
}

pub(crate) unsafe fn u8_view(
    env: sys::napi_env,
    value: sys::napi_value,
    what: Name<'_>,
) -> Result<View, Fail> {
    unsafe { try_u8_view(env, value, what) }?
        .ok_or_else(|| Fail::Type(format!("{what} must be a Uint8Array")))
}

/// Fetches the elements of the `bytes` array into `handles` (this may run
/// JS getters, so it happens before any pointer is taken); returns the count.
pub(crate) unsafe fn array_elements(
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
pub(crate) unsafe fn known_array_elements(
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
pub(crate) unsafe fn read_nums(
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
        if let Some(TypedArray { kind, len, data, .. }) = typed_array(env, value) {
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
pub(crate) unsafe fn byte_views(
    env: sys::napi_env,
    handles: &[sys::napi_value],
    views: &mut [Option<View>; MAX_ARGS],
) -> Result<(), Fail> {
    for (i, &handle) in handles.iter().enumerate() {
        // Written in place (u8_view_into says why).
        views[i] = None;
        if !unsafe { u8_view_into(env, handle, Name("bytes", Some(i)), &mut views[i]) }?
            && !unsafe { is_nullish(env, handle) }
        {
            return Err(Fail::Type(format!(
                "bytes[{i}] must be a Uint8Array, null or undefined"
            )));
        }
    }
    Ok(())
}

/// Fills `argv` with the call's arguments (missing ones read as
/// `undefined`) and returns how many the caller passed, which may exceed
/// `argv.len()` (N-API reports the real count).
pub(crate) unsafe fn callback_args(
    env: sys::napi_env,
    info: sys::napi_callback_info,
    argv: &mut [sys::napi_value],
) -> Result<usize, Fail> {
    let mut argc = argv.len();
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
    Ok(argc)
}

pub(crate) unsafe fn args<const N: usize>(
    env: sys::napi_env,
    info: sys::napi_callback_info,
    name: &str,
) -> Result<[sys::napi_value; N], Fail> {
    let mut argv = [ptr::null_mut(); N];
    // SAFETY: forwarded from this function's contract.
    let argc = unsafe { callback_args(env, info, &mut argv) }?;
    if argc < N {
        return Err(Fail::Type(format!(
            "{name} takes {N} argument{}",
            if N == 1 { "" } else { "s" }
        )));
    }
    Ok(argv)
}

pub(crate) unsafe fn number(env: sys::napi_env, x: f64) -> Result<sys::napi_value, Fail> {
    let mut value = ptr::null_mut();
    if unsafe { sys::napi_create_double(env, x, &mut value) } != OK {
        return Err(Fail::Napi("create number"));
    }
    Ok(value)
}

pub(crate) unsafe fn undefined(env: sys::napi_env) -> Result<sys::napi_value, Fail> {
    let mut value = ptr::null_mut();
    unsafe { sys::napi_get_undefined(env, &mut value) };
    Ok(value)
}

/// The `op, alg, bytes, nums` that `call` and `callAsync` begin with. Only
/// JS values are read here (array getters may run); no byte is borrowed yet.
pub(crate) struct CallArgs {
    pub op: u32,
    pub alg: u32,
    pub handles: [sys::napi_value; MAX_ARGS],
    pub n_bytes: usize,
    pub nums: [f64; MAX_ARGS],
    pub n_nums: usize,
}

/// Reads [`CallArgs`] from `argv[0..4]`.
pub(crate) unsafe fn call_args(
    env: sys::napi_env,
    argv: &[sys::napi_value],
) -> Result<CallArgs, Fail> {
    unsafe {
        let op = get_u32(env, argv[0], "op")?;
        let alg = get_u32(env, argv[1], "alg")?;
        let mut handles = [ptr::null_mut(); MAX_ARGS];
        let n_bytes = array_elements(env, argv[2], "bytes", &mut handles)?;
        let mut nums = [0f64; MAX_ARGS];
        let n_nums = read_nums(env, argv[3], &mut nums)?;
        Ok(CallArgs {
            op,
            alg,
            handles,
            n_bytes,
            nums,
            n_nums,
        })
    }
}
