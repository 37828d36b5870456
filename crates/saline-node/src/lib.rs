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

//!
//! Small allocating calls skip the borrowing altogether: `arena` gives the
//! JS side memory the addon owns, which it fills with a header and copies
//! of the inputs before a call that passes no argument.
//!
//! The modules: `napi_glue` (raw N-API helpers), `oneshot` (`call`,
//! `callv`), `arena`, `call_async`, `catalog`, `streams` (numeric handles) and
//! `native_stream` (the class); this file holds the failure type and the
//! one table of exports.

mod arena;
mod call_async;
mod catalog;
mod napi_glue;
mod native_stream;
mod oneshot;
mod streams;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;

use napi::bindgen_prelude::Object;
use napi::{sys, JsValue, Status};
use napi_derive::napi;

use napi_glue::throw;

/// Most byte-string (and numeric) arguments one call takes; the widest
/// operation (`Hash`) takes 5.
pub(crate) const MAX_ARGS: usize = 16;

/// Largest output `callAsync` allocates (1 GiB); saline's own limits are far
/// below it for every operation.
pub(crate) const MAX_ASYNC_OUT: f64 = (1u64 << 30) as f64;

pub(crate) const OK: sys::napi_status = sys::Status::napi_ok;

/// Why a call failed. Turned into a thrown (or rejected) JS error at the
/// boundary by [`make_error`].
pub(crate) enum Fail {
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

pub(crate) fn from_saline<T, E: core::fmt::Display>(
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
pub(crate) fn guard<T>(f: impl FnOnce() -> Result<T, Fail>) -> Result<T, Fail> {
    catch_unwind(AssertUnwindSafe(f))
        .unwrap_or_else(|payload| Err(Fail::Panic(panic_message(payload))))
}

/// The body of every function N-API calls (the exports below and each
/// arena's `call`): `imp` runs under `catch_unwind`, and a failure or a
/// panic becomes a thrown JS error.
///
/// # Safety
/// `env` and `info` are the ones N-API passed to the callback.
pub(crate) unsafe fn respond(
    env: sys::napi_env,
    info: sys::napi_callback_info,
    imp: unsafe fn(sys::napi_env, sys::napi_callback_info) -> Result<sys::napi_value, Fail>,
) -> sys::napi_value {
    match guard(|| unsafe { imp(env, info) }) {
        Ok(value) => value,
        Err(fail) => {
            unsafe { throw(env, &fail) };
            ptr::null_mut()
        }
    }
}

/// Every function the addon exports, one line each: its JS name, the
/// `extern "C"` wrapper this macro writes, and the implementation. Every
/// wrapper is [`respond`] over its implementation. An operation added to
/// saline-ops needs no line here: `call`, `callv` and `callAsync` take its
/// code.
macro_rules! exports {
    ($($name:literal => $js:ident => $imp:path),* $(,)?) => {
        $(
            unsafe extern "C" fn $js(env: sys::napi_env, info: sys::napi_callback_info) -> sys::napi_value {
                unsafe { respond(env, info, $imp) }
            }
        )*

        const EXPORTS: &[(&std::ffi::CStr, sys::napi_callback)] = &[$(($name, Some($js))),*];
    };
}

exports! {
    c"call" => js_call => oneshot::call_impl,
    c"callv" => js_callv => oneshot::callv_copy_impl,
    c"callvInto" => js_callv_into => oneshot::callv_refuse_impl,
    c"arena" => js_arena => arena::arena_impl,
    c"callAsync" => js_call_async => call_async::call_async_impl,
    c"catalog" => js_catalog => catalog::catalog_impl,
    c"backends" => js_backends => catalog::backends_impl,
    c"streamNew" => js_stream_new => streams::stream_new_impl,
    c"streamUpdate" => js_stream_update => streams::stream_update_impl,
    c"streamDigest" => js_stream_digest => streams::stream_digest_impl,
    c"streamClone" => js_stream_clone => streams::stream_clone_impl,
    c"streamReset" => js_stream_reset => streams::stream_reset_impl,
    c"streamFree" => js_stream_free => streams::stream_free_impl,
}

/// Registers the raw functions on `exports` (napi-rs adds `NativeStream`).
#[napi(module_exports)]
pub fn init(exports: Object) -> napi::Result<()> {
    let value = exports.value();
    let (env, exports) = (value.env, value.value);
    for &(name, callback) in EXPORTS {
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
