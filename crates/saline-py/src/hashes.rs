//! hashlib's shape: `Stream` (a hash or MAC object), `HashConstructor`
//! (`saline.sha256` and its siblings) and `HashNew` (`saline.new`).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};
use saline::catalog::{Algorithm, Kind};
use saline_ops::{Args, Stream};

use crate::errors::{guard, to_py_err, ArgumentTypeError, ParameterError};
use crate::inputs::{borrow, Inputs, Numbers, PYBUF_SIMPLE};
use crate::RELEASE_GIL_AT;

/// A streaming hash or MAC, shaped like hashlib's objects: `name`,
/// `digest_size`, `block_size`, `update`, `digest`, `hexdigest`, `copy`.
/// The Python layer's hashlib constructors are this class with the catalog
/// id bound, so a one-shot `saline.sha256(data).digest()` is two calls into
/// Rust.
#[pyclass(module = "saline._native", name = "Stream")]
pub(crate) struct PyStream {
    inner: Box<Stream>,
    /// The name hashlib reports ("sha3_256", "shake_128", "hmac-sha256"); a
    /// shared string, so that a constructor call allocates none.
    #[pyo3(get)]
    name: Py<PyString>,
    /// The catalog's block size in bytes (hashlib's `block_size`).
    #[pyo3(get)]
    block_size: usize,
    /// An XOF (SHAKE, BLAKE3): `digest(length)` takes the output length.
    xof: bool,
}

impl PyStream {
    fn absorb(&mut self, py: Python<'_>, data: &Bound<'_, PyAny>) -> PyResult<()> {
        absorb(py, &mut self.inner, data)
    }
}

/// Feeds `data` (any bytes-like object) to `stream`, with the GIL released
/// above [`RELEASE_GIL_AT`] bytes.
pub(crate) fn absorb(py: Python<'_>, stream: &mut Stream, data: &Bound<'_, PyAny>) -> PyResult<()> {
    let held = borrow(data, "data", PYBUF_SIMPLE)?;
    let bytes = held.as_slice();
    if bytes.len() > RELEASE_GIL_AT {
        py.detach(|| stream.update(bytes));
    } else {
        stream.update(bytes);
    }
    Ok(())
}

/// Writes `length` bytes of `stream`'s digest so far into a new `bytes`,
/// leaving `stream` as it was (hashlib's `digest` does not end the object).
pub(crate) fn digest_so_far<'py>(
    py: Python<'py>,
    stream: &Stream,
    length: usize,
) -> PyResult<Bound<'py, PyBytes>> {
    let mut failure = None;
    let out = PyBytes::new_with(py, length, |out| {
        let result = match stream {
            Stream::Hash(h) => h.digest_into(out),
            Stream::Mac(_) => stream.clone().digest_into(out).map(drop),
        };
        failure = result.err();
        Ok(())
    })?;
    match failure {
        Some(e) => Err(to_py_err(&e)),
        None => Ok(out),
    }
}

#[pymethods]
impl PyStream {
    /// Stream(alg, data=None, inputs=None, nums=None, *, name=None,
    /// usedforsecurity=True): a hash (inputs: [key, salt, personal,
    /// context], each None when not given; nums: [out_len]) or a MAC
    /// (inputs: [key]), having absorbed `data`. `name` defaults to the
    /// catalog's; `usedforsecurity` is accepted as hashlib does and ignored.
    /// `data` comes second so that hashlib's constructors are
    /// `partial(Stream, id, name=...)` (measured: omitted inputs skip two
    /// sequence extractions, about 350 ns a call).
    #[new]
    #[pyo3(signature = (alg, data = None, inputs = None, nums = None, *, name = None, usedforsecurity = true))]
    fn new(
        py: Python<'_>,
        alg: u32,
        data: Option<Bound<'_, PyAny>>,
        inputs: Option<Bound<'_, PyAny>>,
        nums: Option<Bound<'_, PyAny>>,
        name: Option<String>,
        usedforsecurity: bool,
    ) -> PyResult<Self> {
        let _ = usedforsecurity;
        guard(|| {
            let held = Inputs::borrow(inputs.as_ref())?;
            let numbers = Numbers::extract(nums.as_ref())?;
            let slices = held.slices();
            let args = Args {
                bytes: &slices[..held.len],
                nums: numbers.as_slice(),
            };
            let inner = Box::new(Stream::new(alg, &args).map_err(|e| to_py_err(&e))?);
            let shape = StreamShape::of(alg);
            let name = match name {
                Some(name) => PyString::new(py, &name).unbind(),
                None => PyString::new(py, shape.name).unbind(),
            };
            let mut stream = PyStream {
                inner,
                name,
                block_size: shape.block_size,
                xof: shape.xof,
            };
            if let Some(data) = data.filter(|d| !d.is_none()) {
                stream.absorb(py, &data)?;
            }
            Ok(stream)
        })
    }

    /// Absorbs `data` (any bytes-like object; str raises TypeError).
    fn update(&mut self, py: Python<'_>, data: Bound<'_, PyAny>) -> PyResult<()> {
        guard(|| self.absorb(py, &data))
    }

    /// The digest or tag so far, without changing the state. XOFs take the
    /// output `length` (required, as hashlib's SHAKE); others take none.
    #[pyo3(signature = (length = None))]
    fn digest<'py>(&self, py: Python<'py>, length: Option<usize>) -> PyResult<Bound<'py, PyBytes>> {
        guard(|| {
            if self.xof && length.is_none() {
                return Err(ArgumentTypeError::new_err(format!(
                    "{}.digest(): expected the output length, got none",
                    self.name
                )));
            }
            if !self.xof && length.is_some() {
                return Err(ArgumentTypeError::new_err(format!(
                    "{}.digest(): expected no length (the digest size is fixed), got one",
                    self.name
                )));
            }
            let n = length.unwrap_or_else(|| self.inner.output_len());
            digest_so_far(py, &self.inner, n)
        })
    }

    /// Compares the tag so far with `tag` (any bytes-like object) in
    /// constant time, without changing the state: the core's `Mac::verify`
    /// on a fork, so the expected tag never reaches Python. InvalidTag on
    /// any mismatch, a wrong length included. Only MACs have a tag: a hash
    /// object raises TypeError.
    fn verify(&self, tag: Bound<'_, PyAny>) -> PyResult<()> {
        guard(|| {
            let tag = borrow(&tag, "tag", PYBUF_SIMPLE)?;
            match &*self.inner {
                Stream::Mac(mac) => (**mac)
                    .clone()
                    .verify(tag.as_slice())
                    .map_err(|e| to_py_err(&e)),
                Stream::Hash(_) => Err(PyTypeError::new_err(format!(
                    "{}.verify(): a hash has no tag to verify, only a MAC does",
                    self.name
                ))),
            }
        })
    }

    /// The digest as lowercase hex.
    #[pyo3(signature = (length = None))]
    fn hexdigest(&self, py: Python<'_>, length: Option<usize>) -> PyResult<String> {
        let digest = self.digest(py, length)?;
        Ok(to_hex(digest.as_bytes()))
    }

    /// The digest size in bytes; 0 for XOFs, as hashlib reports for SHAKE.
    #[getter]
    fn digest_size(&self) -> usize {
        if self.xof {
            0
        } else {
            self.inner.output_len()
        }
    }

    /// An independent copy of the state.
    fn copy(&self, py: Python<'_>) -> Self {
        PyStream {
            inner: self.inner.clone(),
            name: self.name.clone_ref(py),
            block_size: self.block_size,
            xof: self.xof,
        }
    }

    /// Restarts with the same key and options.
    fn reset(&mut self) {
        self.inner.reset();
    }

    fn __repr__(&self) -> String {
        format!("<saline {} object>", self.name)
    }
}

pub(crate) fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What a stream reports besides its state: the catalog's name, block size
/// and whether it is an XOF.
pub(crate) struct StreamShape {
    name: &'static str,
    block_size: usize,
    xof: bool,
}

impl StreamShape {
    fn of(alg: u32) -> StreamShape {
        let info = u16::try_from(alg)
            .ok()
            .and_then(|id| Algorithm::from_id(id).ok())
            .map(Algorithm::info);
        info.map_or(
            StreamShape {
                name: "",
                block_size: 0,
                xof: false,
            },
            |i| StreamShape {
                name: i.name,
                block_size: i.block_len,
                xof: i.kind == Kind::Xof,
            },
        )
    }
}

/// A hashlib constructor bound to one catalog hash (`saline.sha256` is
/// `HashConstructor(id, "sha256")`): calling it builds a [`PyStream`] with
/// the name, block size and kind looked up once here rather than per call.
/// Measured on the shared 2-core machine (CPU time),
/// `sha256(32 bytes).digest()`: 491 ns through
/// `functools.partial(Stream, id, name=...)`, whose keyword argument costs
/// a dict per call, 271 ns this way (hashlib 193 ns; docs/DESIGN.md,
/// "Python: per-call cost", says where the rest goes).
#[pyclass(module = "saline._native", name = "HashConstructor", frozen)]
pub(crate) struct HashConstructor {
    alg: u32,
    name: Py<PyString>,
    block_size: usize,
    xof: bool,
    /// For BLAKE2: the Python function that takes hashlib's parameters
    /// (digest_size, key, salt, person, the tree options). A call with any
    /// keyword argument but `usedforsecurity` goes there; a plain call
    /// stays here, with no Python frame (measured, blake2b of 32 bytes:
    /// 548 ns through the Python function, hashlib 208 ns).
    general: Option<Py<PyAny>>,
}

#[pymethods]
impl HashConstructor {
    /// HashConstructor(alg, name, general=None): `name` is what the streams
    /// report; `general`, if given, serves calls with parameters.
    #[new]
    #[pyo3(signature = (alg, name, general = None))]
    fn new(alg: u32, name: Bound<'_, PyString>, general: Option<Py<PyAny>>) -> PyResult<Self> {
        let shape = StreamShape::of(alg);
        if shape.name.is_empty() {
            return Err(ParameterError::new_err(format!(
                "alg: expected a catalog hash id, got {alg}"
            )));
        }
        Ok(HashConstructor {
            alg,
            name: name.unbind(),
            block_size: shape.block_size,
            xof: shape.xof,
            general,
        })
    }

    /// (data=b"", *, usedforsecurity=True, **params) -> a hash object having
    /// absorbed `data`; `usedforsecurity` is accepted as hashlib does and
    /// ignored; `params` only where `general` takes them.
    #[pyo3(signature = (data = None, *, usedforsecurity = true, **params))]
    fn __call__(
        &self,
        py: Python<'_>,
        data: Option<Bound<'_, PyAny>>,
        usedforsecurity: bool,
        params: Option<Bound<'_, PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        if let Some(params) = params.filter(|p| !p.is_empty()) {
            let Some(general) = &self.general else {
                let first = params.keys().get_item(0)?;
                return Err(PyTypeError::new_err(format!(
                    "{}() got an unexpected keyword argument {}",
                    self.name.bind(py),
                    first.repr()?
                )));
            };
            params.set_item("usedforsecurity", usedforsecurity)?;
            let data = match data {
                Some(d) => d,
                None => PyBytes::new(py, b"").into_any(),
            };
            return general.bind(py).call((data,), Some(&params)).map(Bound::unbind);
        }
        let _ = usedforsecurity;
        Ok(Py::new(py, self.make(py, data)?)?.into_any())
    }

    /// The hashlib name of the hashes it makes.
    #[getter]
    fn __name__(&self, py: Python<'_>) -> Py<PyString> {
        self.name.clone_ref(py)
    }

    fn __repr__(&self) -> String {
        format!("<saline constructor {}>", self.name)
    }
}

impl HashConstructor {
    fn make(&self, py: Python<'_>, data: Option<Bound<'_, PyAny>>) -> PyResult<PyStream> {
        guard(|| {
            let args = Args {
                bytes: &[],
                nums: &[],
            };
            let inner = Box::new(Stream::new(self.alg, &args).map_err(|e| to_py_err(&e))?);
            let mut stream = PyStream {
                inner,
                name: self.name.clone_ref(py),
                block_size: self.block_size,
                xof: self.xof,
            };
            if let Some(data) = data.filter(|d| !d.is_none()) {
                stream.absorb(py, &data)?;
            }
            Ok(stream)
        })
    }
}

/// new(name, data=b"", **params): hashlib.new over the catalog's hashes
/// ("sha256", "sha3_256", "SHA-512/256", "blake2b", ...), with the
/// blake2b/blake2s parameters.
///
/// This is `saline.new`: a name found in `plain` without parameters is
/// served here, a HashConstructor without going back to Python; anything
/// else goes to `general`, the Python function that checks parameters and
/// other spellings (measured: docs/DESIGN.md, "Python: per-call cost").
#[pyclass(module = "saline._native", name = "HashNew", frozen)]
pub(crate) struct HashNew {
    plain: Py<PyDict>,
    general: Py<PyAny>,
}

#[pymethods]
impl HashNew {
    /// HashNew(plain, general): `plain` maps names to constructors taking
    /// only the data; `general(name, data, **params)` handles the rest.
    #[new]
    fn new(plain: Bound<'_, PyDict>, general: Bound<'_, PyAny>) -> Self {
        HashNew {
            plain: plain.unbind(),
            general: general.unbind(),
        }
    }

    /// (name, data=b"", **params) -> a hash object having absorbed `data`.
    #[pyo3(signature = (name, data = None, **params))]
    fn __call__<'py>(
        &self,
        py: Python<'py>,
        name: Bound<'py, PyAny>,
        data: Option<Bound<'py, PyAny>>,
        params: Option<Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if params.as_ref().is_none_or(|p| p.is_empty()) {
            // An unhashable name is not an error here: `general` names it.
            if let Ok(Some(maker)) = self.plain.bind(py).get_item(&name) {
                return match maker.cast::<HashConstructor>() {
                    Ok(constructor) => {
                        Ok(Bound::new(py, constructor.get().make(py, data)?)?.into_any())
                    }
                    Err(_) => maker.call1((data,)),
                };
            }
        }
        let data = match data {
            Some(data) => data,
            None => PyBytes::new(py, b"").into_any(),
        };
        self.general.bind(py).call((name, data), params.as_ref())
    }
}
