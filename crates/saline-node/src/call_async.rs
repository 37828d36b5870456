//! `callAsync(op, alg, bytes, nums, outLength) -> Promise<Uint8Array>`:
//! the inputs copied (and wiped after), the operation run on the libuv pool.

use std::ffi::c_void;
use std::ptr;

use napi::sys;
use saline_ops::Args;
use zeroize::Zeroize;

use crate::napi_glue::*;
use crate::{from_saline, guard, Fail, MAX_ARGS, MAX_ASYNC_OUT, OK};

/// One `callAsync` in flight: owned copies of the inputs (wiped on drop).
pub(crate) struct AsyncCall {
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
        // Plain hashing (no key, derive-key context, salt or
        // personalization) keeps its input: a message, which Saline does
        // not treat as key material, as the WebAssembly loader does not
        // wipe its I/O buffer after one (js/src/backend/wasm-instance.ts).
        // zeroize writes byte by byte (volatile), on the JS thread: a
        // `blake3.async` of 64 MiB took 90-95 ms with it and 72-81 without
        // (the rest is the copy into fresh pages; the hash is 18 ms).
        if !plain_hash(self.op, &self.bytes) {
            for bytes in self.bytes.iter_mut().flatten() {
                bytes.zeroize();
            }
        }
        self.out.zeroize();
    }
}

/// Op::Hash or Op::Blake3Part with nothing after the message.
fn plain_hash(op: u32, bytes: &[Option<Vec<u8>>]) -> bool {
    (op == saline_ops::Op::Hash as u32 || op == saline_ops::Op::Blake3Part as u32) && bytes.iter().skip(1).all(Option::is_none)
}

pub(crate) unsafe extern "C" fn async_execute(_env: sys::napi_env, data: *mut c_void) {
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

pub(crate) unsafe fn settle(
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

pub(crate) unsafe extern "C" fn async_complete(
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

pub(crate) unsafe fn call_async_impl(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> Result<sys::napi_value, Fail> {
    unsafe {
        let argv = args::<5>(env, info, "callAsync(op, alg, bytes, nums, outLength)")?;
        let CallArgs {
            op,
            alg,
            handles,
            n_bytes: n,
            nums,
            n_nums: m,
        } = call_args(env, &argv)?;
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
