//! `call(op, alg, bytes, nums, out)`, `callv` and `callvInto`: one-shot
//! operations on borrowed inputs, written into a JS-allocated output.

use std::ptr;

use napi::sys;
use saline_ops::Args;
use zeroize::Zeroize;

use crate::napi_glue::*;
use crate::{from_saline, Fail, MAX_ARGS, OK};

pub(crate) unsafe fn call_impl(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> Result<sys::napi_value, Fail> {
    unsafe {
        let argv = args::<5>(env, info, "call(op, alg, bytes, nums, out)")?;
        // 1. Everything that may run JS (array getters).
        let CallArgs {
            op,
            alg,
            handles,
            n_bytes: n,
            nums,
            n_nums: m,
        } = call_args(env, &argv)?;
        // 2. Raw views; from here on no JS runs until we return.
        let mut views = [None; MAX_ARGS];
        byte_views(env, &handles[..n], &mut views)?;
        let out = u8_view(env, argv[4], Name("out", None))?;
        finish_call(env, op, alg, &views[..n], &nums[..m], out, Overlap::Copy)
    }
}

/// What a call does with an input that overlaps `out`.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Overlap {
    /// Copy the input first (the output is the addon's own business).
    Copy,
    /// Refuse the call before anything is written (`callvInto`: the caller
    /// gave `out`, and the API's contract is that it overlaps no input).
    Refuse,
}

/// The message of [`Overlap::Refuse`]; `js/src/call.ts` recognises it.
pub(crate) const OVERLAP_REFUSED: &str = "out: must not overlap an input";

/// Runs the call over raw views (no JS may run between taking them and this).
pub(crate) unsafe fn finish_call(
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
        let mut private_out = if out.shared {
            vec![0u8; out.len]
        } else {
            Vec::new()
        };
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
pub(crate) unsafe fn callv_impl(
    env: sys::napi_env,
    info: sys::napi_callback_info,
    overlap: Overlap,
) -> Result<sys::napi_value, Fail> {
    unsafe {
        const MAX: usize = 4 + 2 * MAX_ARGS;
        let mut argv = [ptr::null_mut(); MAX];
        let argc = callback_args(env, info, &mut argv)?;
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
        // Written in place (napi_glue::u8_view_into says why).
        let mut out = None;
        if !u8_view_into(env, argv[2], Name("out", None), &mut out)? {
            return Err(Fail::Type("out must be a Uint8Array".into()));
        }
        let Some(out) = out else { return Err(Fail::Napi("out view")) }; // set when true
        finish_call(env, op, alg, &views[..n], &nums[..m], out, overlap)
    }
}

pub(crate) unsafe fn callv_copy_impl(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> Result<sys::napi_value, Fail> {
    unsafe { callv_impl(env, info, Overlap::Copy) }
}

pub(crate) unsafe fn callv_refuse_impl(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> Result<sys::napi_value, Fail> {
    unsafe { callv_impl(env, info, Overlap::Refuse) }
}
