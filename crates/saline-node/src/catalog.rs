//! `catalog()` and `backends()`: the core's catalog and backend registry as
//! JSON strings, for js/src/backend/native.ts.

use napi::sys;

use crate::napi_glue::*;
use crate::Fail;

/// `catalog() -> string`: `saline_ops::catalog_json`.
pub(crate) unsafe fn catalog_impl(
    env: sys::napi_env,
    _info: sys::napi_callback_info,
) -> Result<sys::napi_value, Fail> {
    Ok(unsafe { js_string(env, &saline_ops::catalog_json()) })
}

/// `backends() -> string`: the core's backend registry (`saline_ops::backends_json`).
pub(crate) unsafe fn backends_impl(
    env: sys::napi_env,
    _info: sys::napi_callback_info,
) -> Result<sys::napi_value, Fail> {
    Ok(unsafe { js_string(env, &saline_ops::backends_json()) })
}
