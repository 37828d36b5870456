//! The extension's exception classes and the mapping from saline's errors
//! to them; `guard`, which turns a panic into a Python exception.

use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyOSError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    _native,
    InvalidTag,
    PyException,
    "A tag, MAC or signature did not verify; no plaintext was released (pyca's InvalidTag)."
);
// pyca/cryptography's two other exceptions of the MAC shape
// (`cryptography.exceptions`), for `saline.poly1305.Poly1305`. A failed
// signature check is also an `InvalidTag`, so that code catching Saline's
// one verification class keeps catching every failed check.
create_exception!(
    _native,
    InvalidSignature,
    InvalidTag,
    "A MAC given to verify did not match the computed one (pyca's InvalidSignature; also an InvalidTag)."
);
create_exception!(
    _native,
    AlreadyFinalized,
    PyException,
    "The object was used after finalize() or verify() ended it (pyca's AlreadyFinalized)."
);
create_exception!(
    _native,
    ParameterError,
    PyValueError,
    "A length, size or numeric parameter is out of range, or an encoding is malformed; the message names the parameter, what it expects and what it got."
);
create_exception!(
    _native,
    ArgumentTypeError,
    PyTypeError,
    "An argument has the wrong type (for example a str where bytes are expected); the message names the parameter."
);
create_exception!(
    _native,
    RandomSourceError,
    PyOSError,
    "The operating system's random source failed; Saline never falls back to a weaker one."
);

/// The Python exception for a saline error, by its kind.
pub(crate) fn to_py_err(error: &saline::Error) -> PyErr {
    let message = error.to_string();
    match saline_ops::error_code(error) {
        saline_ops::ERROR_VERIFICATION => InvalidTag::new_err(message),
        saline_ops::ERROR_SYSTEM => RandomSourceError::new_err(message),
        // An unknown name or option stays a ValueError, as Python's own
        // hashlib.new("md4x") raises ValueError("unsupported hash type").
        _ => ParameterError::new_err(message),
    }
}

pub(crate) fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| {
        let text = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_owned());
        Err(PyRuntimeError::new_err(format!(
            "saline: internal error (panic): {text}"
        )))
    })
}
