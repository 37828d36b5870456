//! Saline's Python extension module, `saline._native`.
//!
//! A thin, generic bridge like the Node addon: it knows no algorithm and
//! forwards every call to the operation table of `saline-ops` (`call`,
//! `Stream`, `error_code`, `catalog_json`). The Python package in `python/`
//! builds hashlib-, pyca-, argon2-cffi-, bcrypt- and PyNaCl-shaped APIs on
//! these few functions, reading names and sizes from the catalog.
//!
//! Inputs are borrowed, never copied: `bytes` directly, any other object
//! through the buffer protocol (bytearray, memoryview, numpy arrays, ...).
//! `str` is refused with `TypeError`, as hashlib does. The GIL is released
//! while the core works when the inputs are larger than [`RELEASE_GIL_AT`]
//! and always for the password hashes and KDFs, so other Python threads run
//! meanwhile. Like hashlib, a writable buffer that another thread mutates
//! during such a call gives an unspecified result for that call.
//!
//! Nothing panics across the boundary: every entry point runs under
//! `catch_unwind` (PyO3 turns a panic into `PanicException` too, but this
//! keeps the message and class in one place).

//!
//! Modules by concern: `errors` (exception classes, `guard`), `inputs`
//! (borrowed byte strings and numbers), `call` (any operation by code, the
//! KDFs among them), `hashes` (hashlib's objects and constructors), `blake3`,
//! `aead` (pyca's AEAD objects) and `ed25519ph` (libsodium's incremental
//! Ed25519ph for saline.nacl).

mod aead;
mod blake3;
mod call;
mod ed25519ph;
mod errors;
mod hashes;
mod inputs;

use pyo3::prelude::*;
use saline_ops::Op;

use crate::errors::{
    AlreadyFinalized, ArgumentTypeError, InvalidSignature, InvalidTag, ParameterError,
    RandomSourceError,
};

/// Inputs above this many bytes (in total) are processed with the GIL
/// released: hashlib's threshold (`HASHLIB_GIL_MINSIZE`, 2048 bytes), below
/// which releasing and re-acquiring the GIL costs more than it frees.
pub(crate) const RELEASE_GIL_AT: usize = 2048;

/// The catalog as JSON (the same text the JS layer reads).
#[pyfunction]
fn catalog_json() -> String {
    saline_ops::catalog_json()
}

/// Every operation as (name, code).
#[pyfunction]
fn operations() -> Vec<(&'static str, u32)> {
    Op::ALL.to_vec()
}

/// The module. `gil_used = false`: every entry point is safe without the
/// GIL (streams are borrowed mutably through PyO3's runtime borrow checks),
/// for free-threaded builds where PyO3 allows it.
#[pymodule(gil_used = false)]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_function(wrap_pyfunction!(call::call, m)?)?;
    m.add_function(wrap_pyfunction!(call::call_into, m)?)?;
    m.add_function(wrap_pyfunction!(catalog_json, m)?)?;
    m.add_function(wrap_pyfunction!(operations, m)?)?;
    m.add_class::<hashes::PyStream>()?;
    m.add_class::<ed25519ph::Ed25519phState>()?;
    m.add_class::<hashes::HashConstructor>()?;
    m.add_class::<hashes::HashNew>()?;
    m.add_class::<blake3::Blake3>()?;
    m.add_class::<aead::PyAead>()?;
    m.add("InvalidTag", py.get_type::<InvalidTag>())?;
    m.add("InvalidSignature", py.get_type::<InvalidSignature>())?;
    m.add("AlreadyFinalized", py.get_type::<AlreadyFinalized>())?;
    m.add("ParameterError", py.get_type::<ParameterError>())?;
    m.add("ArgumentTypeError", py.get_type::<ArgumentTypeError>())?;
    m.add("RandomSourceError", py.get_type::<RandomSourceError>())?;
    m.add("RELEASE_GIL_AT", RELEASE_GIL_AT)?;
    Ok(())
}
