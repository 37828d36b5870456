//! `saline._native.Ed25519phState`: libsodium's `crypto_sign_ed25519ph_state`
//! for `saline.nacl.bindings` (PyNaCl's `crypto_sign_ed25519ph_*`). It holds
//! the SHA-512 of the message so far (RFC 8032 §5.1, empty context), so
//! memory stays constant however long the message; the operation table's
//! `Ed25519phSign` takes the whole message in one call instead.

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use saline::sodium::sign;

use crate::errors::{guard, to_py_err};
use crate::RELEASE_GIL_AT;

/// The message absorbed so far, as a SHA-512 state.
#[pyclass(name = "Ed25519phState", module = "saline._native")]
pub(crate) struct Ed25519phState(sign::SignState);

#[pymethods]
impl Ed25519phState {
    #[new]
    fn new() -> Self {
        Ed25519phState(sign::crypto_sign_init())
    }

    /// Absorbs `data` (bytes); the GIL is released above RELEASE_GIL_AT
    /// bytes, as for the other calls.
    fn update(&mut self, py: Python<'_>, data: &[u8]) -> PyResult<()> {
        guard(|| {
            if data.len() > RELEASE_GIL_AT {
                let state = &mut self.0;
                py.detach(|| sign::crypto_sign_update(state, data));
            } else {
                sign::crypto_sign_update(&mut self.0, data);
            }
            Ok(())
        })
    }

    /// The 64-byte Ed25519ph signature of everything absorbed, with a 64-byte
    /// libsodium secret key (seed ‖ public key). The state is unchanged.
    fn final_create<'py>(&self, py: Python<'py>, secret_key: &[u8]) -> PyResult<Bound<'py, PyBytes>> {
        guard(|| {
            let signature = sign::crypto_sign_final_create(&self.0, secret_key).map_err(|e| to_py_err(&e))?;
            Ok(PyBytes::new(py, &signature))
        })
    }

    /// Whether `signature` is a valid Ed25519ph signature of everything
    /// absorbed under `public_key` (libsodium's rules).
    fn final_verify(&self, signature: &[u8], public_key: &[u8]) -> PyResult<bool> {
        guard(|| match sign::crypto_sign_final_verify(&self.0, signature, public_key) {
            Ok(()) => Ok(true),
            Err(saline::Error::VerificationFailed) => Ok(false),
            Err(e) => Err(to_py_err(&e)),
        })
    }
}
