//! Streams as numeric handles: `streamNew/Update/Digest/Clone/Reset/Free`.

use std::ptr;

use napi::sys;
use saline_ops::handles::{HandleLayout, HandleTable};
use saline_ops::{Args, Stream};
use zeroize::Zeroize;

use crate::napi_glue::*;
use crate::{from_saline, Fail, MAX_ARGS, OK};

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

pub(crate) const STREAM_HANDLES: HandleLayout = HandleLayout {
    index_bits: 24,
    tag_bits: 0,
    tag: 0,
    generation_bits: 28,
};

pub(crate) struct Slab(HandleTable<Box<Stream>>);

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

pub(crate) fn with_streams<T>(f: impl FnOnce(&mut Slab) -> Result<T, Fail>) -> Result<T, Fail> {
    STREAMS.with(|slab| match slab.try_borrow_mut() {
        Ok(mut slab) => f(&mut slab),
        Err(_) => Err(Fail::Napi("stream table re-entered")),
    })
}

pub(crate) unsafe fn get_handle(env: sys::napi_env, value: sys::napi_value) -> Result<u64, Fail> {
    let mut x = 0f64;
    if unsafe { sys::napi_get_value_double(env, value, &mut x) } != OK
        || !(x >= 0.0 && x.fract() == 0.0 && x < 9007199254740992.0)
    {
        return Err(Fail::Type("not a native stream handle".into()));
    }
    Ok(x as u64)
}

pub(crate) fn track(env: sys::napi_env, delta: i64) {
    let mut total = 0i64;
    unsafe { sys::napi_adjust_external_memory(env, delta, &mut total) };
}

/// Reads `(alg, bytes, nums)` and builds a `Stream`.
pub(crate) unsafe fn new_stream(
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

pub(crate) unsafe fn stream_new_impl(
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
pub(crate) unsafe fn update_from(stream: &mut Stream, view: View) {
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
pub(crate) unsafe fn digest_to(stream: &mut Stream, view: View) -> Result<usize, Fail> {
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

pub(crate) unsafe fn stream_update_impl(
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

pub(crate) unsafe fn stream_digest_impl(
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

pub(crate) unsafe fn stream_clone_impl(
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

pub(crate) unsafe fn stream_reset_impl(
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

pub(crate) unsafe fn stream_free_impl(
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

pub(crate) fn freed() -> Fail {
    Fail::Saline {
        code: saline_ops::ERROR_VALUE,
        message: "stream: has been freed".into(),
    }
}

/// The state's size, reported to V8 as external memory so that forgotten
/// streams press the GC (the largest `Stream` variant is ~1.9 KB).
pub(crate) const STATE_SIZE: i64 = std::mem::size_of::<Stream>() as i64;
