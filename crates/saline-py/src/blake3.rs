//! `saline.blake3`, shaped like the `blake3` package.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyInt, PyString};
use saline::catalog::Algorithm;
use saline_ops::{Args, Stream};

use crate::errors::{guard, to_py_err, ParameterError};
use crate::hashes::{absorb, digest_so_far, to_hex};
use crate::inputs::{borrow, Input, PYBUF_SIMPLE};

/// `saline.blake3`, shaped like the `blake3` package: `blake3(data=b"", *,
/// key=None, derive_key_context=None, max_threads=1)`, `digest(length=32)`.
/// A class of the extension rather than of Python, so that a one-shot
/// `blake3(data).digest()` runs no Python frame (measured in CPU time, 32
/// bytes: 802 ns through a Python class over `Stream`, the blake3 package
/// 318 ns; this class's figure is in docs/DESIGN.md, "Python: per-call
/// cost").
#[pyclass(module = "saline", name = "blake3")]
pub(crate) struct Blake3 {
    inner: Stream,
}

/// The blake3 package's default output length and BLAKE3's key size (the
/// BLAKE3 spec, section 2.1: 32-byte output, 32-byte key).
pub(crate) const BLAKE3_OUT_LEN: usize = 32;

impl Blake3 {
    fn id() -> u32 {
        u32::from(Algorithm::Blake3.info().id)
    }

    /// The length argument of `digest`/`hexdigest` (the blake3 package's
    /// `length=32, *, seek=0`; only seek 0 is supported).
    fn output_length(
        length: Option<&Bound<'_, PyAny>>,
        seek: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<usize> {
        if let Some(seek) = seek {
            if seek.is_truthy()? {
                return Err(ParameterError::new_err(format!(
                    "seek: only 0 is supported, got {}",
                    seek.repr()?
                )));
            }
        }
        let Some(length) = length else {
            return Ok(BLAKE3_OUT_LEN);
        };
        match length
            .cast::<PyInt>()
            .ok()
            .and_then(|n| n.extract::<usize>().ok())
        {
            Some(n) => Ok(n),
            None => Err(ParameterError::new_err(format!(
                "length: expected a non-negative integer, got {}",
                length.repr()?
            ))),
        }
    }
}

#[pymethods]
impl Blake3 {
    #[classattr]
    fn name() -> &'static str {
        "blake3"
    }
    #[classattr]
    fn digest_size() -> usize {
        BLAKE3_OUT_LEN
    }
    #[classattr]
    fn block_size() -> usize {
        Algorithm::Blake3.info().block_len
    }
    #[classattr]
    fn key_size() -> usize {
        BLAKE3_OUT_LEN
    }
    /// `max_threads=blake3.AUTO`: as many threads as useful (accepted; the
    /// core hashes on one thread, the blake3 crate's rayon feature is off).
    #[classattr]
    #[pyo3(name = "AUTO")]
    fn auto() -> i64 {
        -1
    }

    #[new]
    #[pyo3(signature = (data = None, *, key = None, derive_key_context = None, max_threads = None, usedforsecurity = true))]
    fn new(
        py: Python<'_>,
        data: Option<Bound<'_, PyAny>>,
        key: Option<Bound<'_, PyAny>>,
        derive_key_context: Option<Bound<'_, PyAny>>,
        max_threads: Option<Bound<'_, PyAny>>,
        usedforsecurity: bool,
    ) -> PyResult<Self> {
        let _ = usedforsecurity;
        guard(|| {
            let key = key.filter(|k| !k.is_none());
            let context = derive_key_context.filter(|c| !c.is_none());
            if key.is_some() && context.is_some() {
                return Err(ParameterError::new_err(
                    "key and derive_key_context: expected at most one of them, got both",
                ));
            }
            let key = key.map(|k| borrow(&k, "key", PYBUF_SIMPLE)).transpose()?;
            if let Some(key) = &key {
                let got = key.as_slice().len();
                if got != BLAKE3_OUT_LEN {
                    return Err(ParameterError::new_err(format!(
                        "key: expected {BLAKE3_OUT_LEN} bytes, got {got}"
                    )));
                }
            }
            // The blake3 package takes the context as str (UTF-8) or bytes.
            let context = match context {
                Some(c) if c.is_instance_of::<PyString>() => {
                    Some(c.call_method1("encode", ("utf-8",))?)
                }
                other => other,
            };
            let context = context
                .map(|c| borrow(&c, "derive_key_context", PYBUF_SIMPLE))
                .transpose()?;
            if let Some(threads) = max_threads {
                let valid = threads.is_instance_of::<PyInt>()
                    && threads.extract::<i64>().is_ok_and(|n| n >= 1 || n == -1);
                if !valid {
                    return Err(ParameterError::new_err(format!(
                        "max_threads: expected a positive integer or blake3.AUTO, got {}",
                        threads.repr()?
                    )));
                }
            }
            let bytes = [
                key.as_ref().map(Input::as_slice),
                None,
                None,
                context.as_ref().map(Input::as_slice),
            ];
            let args = Args {
                bytes: if key.is_none() && context.is_none() {
                    &[]
                } else {
                    &bytes
                },
                nums: &[],
            };
            let mut inner = Stream::new(Self::id(), &args).map_err(|e| to_py_err(&e))?;
            if let Some(data) = data.filter(|d| !d.is_none()) {
                absorb(py, &mut inner, &data)?;
            }
            Ok(Blake3 { inner })
        })
    }

    /// Absorbs `data`; returns the object, as the blake3 package does.
    fn update<'py>(
        mut slf: PyRefMut<'py, Self>,
        data: Bound<'py, PyAny>,
    ) -> PyResult<PyRefMut<'py, Self>> {
        let py = slf.py();
        guard(|| absorb(py, &mut slf.inner, &data))?;
        Ok(slf)
    }

    /// The first `length` bytes of the output so far (default 32), without
    /// changing the state.
    #[pyo3(signature = (length = None, *, seek = None))]
    fn digest<'py>(
        &self,
        py: Python<'py>,
        length: Option<Bound<'py, PyAny>>,
        seek: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        guard(|| {
            let length = Self::output_length(length.as_ref(), seek.as_ref())?;
            digest_so_far(py, &self.inner, length)
        })
    }

    /// The digest as lowercase hex.
    #[pyo3(signature = (length = None, *, seek = None))]
    fn hexdigest(
        &self,
        py: Python<'_>,
        length: Option<Bound<'_, PyAny>>,
        seek: Option<Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let digest = self.digest(py, length, seek)?;
        Ok(to_hex(digest.as_bytes()))
    }

    /// An independent copy of the state.
    fn copy(&self) -> Self {
        Blake3 {
            inner: self.inner.clone(),
        }
    }

    /// Restarts with the same key or context.
    fn reset(&mut self) {
        self.inner.reset();
    }
}
