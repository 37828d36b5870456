//! `NativeStream`: a stream as a napi-rs object, for direct users of the
//! addon (the package uses the numeric handles of `streams.rs`).

use napi::bindgen_prelude::{Env, Unknown};
use napi::{JsValue, Status};
use napi_derive::napi;
use saline_ops::Stream;

use crate::napi_glue::*;
use crate::streams::*;
use crate::{guard, Fail};

/// Throws `fail` and returns the napi-rs error that tells its glue an
/// exception is already pending.
pub(crate) fn rethrow(env: &Env, fail: Fail) -> napi::Error {
    unsafe { throw(env.raw(), &fail) };
    napi::Error::from_status(Status::PendingException)
}

pub(crate) fn run<T>(env: &Env, f: impl FnOnce() -> Result<T, Fail>) -> napi::Result<T> {
    guard(f).map_err(|fail| rethrow(env, fail))
}

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
