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

mod ed25519ph;

use std::ffi::{c_char, c_int, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyOSError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};
use saline::catalog::{Algorithm, Kind};
use saline_ops::{Args, Op, Stream};

/// Inputs above this many bytes (in total) are processed with the GIL
/// released: hashlib's threshold (`HASHLIB_GIL_MINSIZE`, 2048 bytes), below
/// which releasing and re-acquiring the GIL costs more than it frees.
const RELEASE_GIL_AT: usize = 2048;

/// Most byte-string arguments, and most numeric arguments, one operation
/// takes (`Hash` takes 5 byte strings, `Argon2` 4 numbers).
const MAX_ARGS: usize = 8;

create_exception!(
    _native,
    InvalidTag,
    PyException,
    "A tag, MAC or signature did not verify; no plaintext was released (pyca's InvalidTag)."
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
fn to_py_err(error: &saline::Error) -> PyErr {
    let message = error.to_string();
    match saline_ops::error_code(error) {
        saline_ops::ERROR_VERIFICATION => InvalidTag::new_err(message),
        saline_ops::ERROR_SYSTEM => RandomSourceError::new_err(message),
        // An unknown name or option stays a ValueError, as Python's own
        // hashlib.new("md4x") raises ValueError("unsupported hash type").
        _ => ParameterError::new_err(message),
    }
}

fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
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

// ---------------------------------------------------------------------------
// Borrowed inputs
// ---------------------------------------------------------------------------

/// CPython's `Py_buffer`. PyO3 exposes it only when the limited API is 3.11
/// or later (when it joined the stable ABI, bpo-45459, unchanged since
/// Python 3.3), so abi3-py39 builds declare it here with the same layout.
#[repr(C)]
struct RawBuffer {
    buf: *mut c_void,
    obj: *mut ffi::PyObject,
    len: ffi::Py_ssize_t,
    itemsize: ffi::Py_ssize_t,
    readonly: c_int,
    ndim: c_int,
    format: *mut c_char,
    shape: *mut ffi::Py_ssize_t,
    strides: *mut ffi::Py_ssize_t,
    suboffsets: *mut ffi::Py_ssize_t,
    internal: *mut c_void,
}

extern "C" {
    fn PyObject_GetBuffer(obj: *mut ffi::PyObject, view: *mut RawBuffer, flags: c_int) -> c_int;
    fn PyBuffer_Release(view: *mut RawBuffer);
}

/// `PyBUF_SIMPLE`: a C-contiguous run of bytes, read-only access.
const PYBUF_SIMPLE: c_int = 0;
/// `PyBUF_WRITABLE`: as simple, and the exporter must allow writes.
const PYBUF_WRITABLE: c_int = 1;

/// A byte-string argument borrowed from a Python object for the duration of
/// one call. Dropped with the GIL held (the buffer release needs it).
enum Input<'py> {
    Bytes(Bound<'py, PyBytes>),
    Buffer(Box<RawBuffer>),
}

impl Input<'_> {
    fn as_slice(&self) -> &[u8] {
        match self {
            Input::Bytes(b) => b.as_bytes(),
            Input::Buffer(view) if view.len == 0 || view.buf.is_null() => &[],
            // SAFETY: the exporter guarantees `len` bytes at `buf` while the
            // view is held, and a held view forbids resizing (bytearray).
            Input::Buffer(view) => unsafe {
                std::slice::from_raw_parts(view.buf as *const u8, view.len as usize)
            },
        }
    }
}

impl Drop for Input<'_> {
    fn drop(&mut self) {
        if let Input::Buffer(view) = self {
            // SAFETY: the view was filled by a successful PyObject_GetBuffer.
            unsafe { PyBuffer_Release(&mut **view) }
        }
    }
}

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".to_owned())
}

/// Borrows `obj` as bytes, or raises `TypeError` naming `what`.
fn borrow<'py>(obj: &Bound<'py, PyAny>, what: &str, flags: c_int) -> PyResult<Input<'py>> {
    if flags == PYBUF_SIMPLE {
        if let Ok(bytes) = obj.cast::<PyBytes>() {
            return Ok(Input::Bytes(bytes.clone()));
        }
    }
    if obj.is_instance_of::<PyString>() {
        return Err(ArgumentTypeError::new_err(format!(
            "{what}: expected a bytes-like object, got str (encode it first, for example with .encode())"
        )));
    }
    let mut view = Box::new(RawBuffer {
        buf: std::ptr::null_mut(),
        obj: std::ptr::null_mut(),
        len: 0,
        itemsize: 0,
        readonly: 0,
        ndim: 0,
        format: std::ptr::null_mut(),
        shape: std::ptr::null_mut(),
        strides: std::ptr::null_mut(),
        suboffsets: std::ptr::null_mut(),
        internal: std::ptr::null_mut(),
    });
    // SAFETY: `obj` is a live object and `view` a writable Py_buffer.
    if unsafe { PyObject_GetBuffer(obj.as_ptr(), &mut *view, flags) } != 0 {
        let cause = PyErr::take(obj.py());
        let detail = if flags == PYBUF_WRITABLE {
            "a writable bytes-like object"
        } else {
            "a bytes-like object"
        };
        let err = ArgumentTypeError::new_err(format!(
            "{what}: expected {detail}, got {}",
            type_name(obj)
        ));
        if let Some(cause) = cause {
            err.set_cause(obj.py(), Some(cause));
        }
        return Err(err);
    }
    Ok(Input::Buffer(view))
}

/// The byte-string arguments of one call, borrowed into a fixed array: no
/// allocation per call (measured in CPU time, `call` of a 32-byte SHA-256:
/// 434 ns through Vecs, 366 ns this way with a list of inputs, 310 ns with
/// a tuple). `None` items stay `None`.
struct Inputs<'py> {
    held: [Option<Input<'py>>; MAX_ARGS],
    len: usize,
}

impl<'py> Inputs<'py> {
    /// Borrows each item of `items` (a tuple, a list or any iterable of
    /// bytes-like objects or None).
    fn borrow(items: Option<&Bound<'py, PyAny>>) -> PyResult<Self> {
        let mut inputs = Inputs {
            held: std::array::from_fn(|_| None),
            len: 0,
        };
        let Some(items) = items.filter(|i| !i.is_none()) else {
            return Ok(inputs);
        };
        for_each_item(items, "inputs", |i, item| {
            if !item.is_none() {
                inputs.held[i] = Some(borrow(&item, ARG_NAMES[i], PYBUF_SIMPLE)?);
            }
            inputs.len = i + 1;
            Ok(())
        })?;
        Ok(inputs)
    }

    fn slices(&self) -> [Option<&[u8]>; MAX_ARGS] {
        std::array::from_fn(|i| self.held[i].as_ref().map(Input::as_slice))
    }
}

/// The numeric arguments of one call, in a fixed array.
struct Numbers {
    values: [f64; MAX_ARGS],
    len: usize,
}

impl Numbers {
    fn extract(items: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let mut numbers = Numbers {
            values: [0.0; MAX_ARGS],
            len: 0,
        };
        if let Some(items) = items.filter(|i| !i.is_none()) {
            for_each_item(items, "nums", |i, item| {
                numbers.values[i] = item.extract()?;
                numbers.len = i + 1;
                Ok(())
            })?;
        }
        Ok(numbers)
    }

    fn as_slice(&self) -> &[f64] {
        &self.values[..self.len]
    }
}

/// Calls `f(index, item)` for each item of a sequence argument of at most
/// [`MAX_ARGS`] items: tuples and lists by index, anything else by iteration
/// (a str is refused, as a sequence of characters is never meant).
fn for_each_item<'py>(
    items: &Bound<'py, PyAny>,
    what: &str,
    mut f: impl FnMut(usize, Bound<'py, PyAny>) -> PyResult<()>,
) -> PyResult<()> {
    let too_many = |got: usize| {
        PyValueError::new_err(format!(
            "{what}: expected at most {MAX_ARGS} items, got {got}"
        ))
    };
    if let Ok(tuple) = items.cast::<PyTuple>() {
        if tuple.len() > MAX_ARGS {
            return Err(too_many(tuple.len()));
        }
        return tuple
            .iter()
            .enumerate()
            .try_for_each(|(i, item)| f(i, item));
    }
    if let Ok(list) = items.cast::<PyList>() {
        if list.len() > MAX_ARGS {
            return Err(too_many(list.len()));
        }
        return list.iter().enumerate().try_for_each(|(i, item)| f(i, item));
    }
    if items.is_instance_of::<PyString>() {
        return Err(ArgumentTypeError::new_err(format!(
            "{what}: expected a sequence, got str"
        )));
    }
    for (i, item) in items.try_iter()?.enumerate() {
        if i == MAX_ARGS {
            return Err(too_many(i + 1));
        }
        f(i, item?)?;
    }
    Ok(())
}

/// Fallback parameter names for type errors raised here; the Python layer
/// checks types with the public parameter names before calling in.
const ARG_NAMES: [&str; MAX_ARGS] = [
    "argument 1",
    "argument 2",
    "argument 3",
    "argument 4",
    "argument 5",
    "argument 6",
    "argument 7",
    "argument 8",
];

/// Whether an operation is a password hash or KDF, which always runs with
/// the GIL released (milliseconds to seconds of work on small inputs).
fn is_slow(op: u32) -> bool {
    matches!(
        Op::from_code(op),
        Some(
            Op::Pbkdf2
                | Op::Scrypt
                | Op::Argon2
                | Op::Argon2Hash
                | Op::Argon2Verify
                | Op::BcryptHash
                | Op::BcryptVerify
        )
    )
}

// ---------------------------------------------------------------------------
// Entry points
// ---------------------------------------------------------------------------

/// call(op, alg, inputs, nums, out_len) -> bytes
///
/// Runs one operation of the table (see `saline-ops`): `inputs` is a
/// sequence of bytes-like objects or None, `nums` a sequence of numbers,
/// `out_len` the size of the output buffer. Returns the bytes written
/// (a prefix of the buffer when the operation wrote fewer).
#[pyfunction]
#[pyo3(signature = (op, alg, inputs, nums, out_len))]
fn call<'py>(
    py: Python<'py>,
    op: u32,
    alg: u32,
    inputs: Bound<'py, PyAny>,
    nums: Bound<'py, PyAny>,
    out_len: usize,
) -> PyResult<Bound<'py, PyBytes>> {
    guard(|| {
        let held = Inputs::borrow(Some(&inputs))?;
        let numbers = Numbers::extract(Some(&nums))?;
        let slices = held.slices();
        let slices = &slices[..held.len];
        let total: usize = slices.iter().flatten().map(|s| s.len()).sum();
        let release = is_slow(op) || total > RELEASE_GIL_AT;
        let args = Args {
            bytes: slices,
            nums: numbers.as_slice(),
        };
        let mut written = 0usize;
        let mut failure: Option<saline::Error> = None;
        let mut run = |out: &mut [u8]| match saline_ops::call(op, alg, &args, out) {
            Ok(n) => written = n,
            Err(e) => {
                out.fill(0);
                failure = Some(e);
            }
        };
        let result = PyBytes::new_with(py, out_len, |out| {
            if release {
                py.detach(|| run(out));
            } else {
                run(out);
            }
            Ok(())
        })?;
        if let Some(e) = failure {
            return Err(to_py_err(&e));
        }
        if written == out_len {
            Ok(result)
        } else {
            Ok(PyBytes::new(py, &result.as_bytes()[..written]))
        }
    })
}

/// call_into(op, alg, inputs, nums, out) -> int
///
/// As `call`, but writes into `out`, any writable buffer (bytearray,
/// memoryview), and returns the number of bytes written.
#[pyfunction]
fn call_into<'py>(
    py: Python<'py>,
    op: u32,
    alg: u32,
    inputs: Bound<'py, PyAny>,
    nums: Bound<'py, PyAny>,
    out: Bound<'py, PyAny>,
) -> PyResult<usize> {
    guard(|| {
        let target = borrow(&out, "out", PYBUF_WRITABLE)?;
        let held = Inputs::borrow(Some(&inputs))?;
        let numbers = Numbers::extract(Some(&nums))?;
        let slices = held.slices();
        let slices = &slices[..held.len];
        let total: usize = slices.iter().flatten().map(|s| s.len()).sum();
        let Input::Buffer(view) = &target else {
            unreachable!("writable borrows are buffers")
        };
        // The output must not alias an input: a shared and a mutable borrow
        // of the same bytes. Copy the overlapping inputs first.
        let (out_start, out_len) = (view.buf as usize, view.len as usize);
        let overlaps = |s: &[u8]| {
            let start = s.as_ptr() as usize;
            !s.is_empty()
                && out_len > 0
                && start < out_start + out_len
                && out_start < start + s.len()
        };
        let copies: Vec<Option<Vec<u8>>> = slices
            .iter()
            .map(|s| s.filter(|s| overlaps(s)).map(<[u8]>::to_vec))
            .collect();
        let slices: Vec<Option<&[u8]>> = slices
            .iter()
            .zip(&copies)
            .map(|(s, c)| c.as_deref().or(*s))
            .collect();
        // SAFETY: a writable view of `len` bytes, held until `target` drops,
        // and no input aliases it (copied above).
        let dst: &mut [u8] = if out_len == 0 {
            &mut []
        } else {
            unsafe { std::slice::from_raw_parts_mut(view.buf as *mut u8, out_len) }
        };
        let args = Args {
            bytes: &slices,
            nums: numbers.as_slice(),
        };
        let result = if is_slow(op) || total > RELEASE_GIL_AT {
            py.detach(|| saline_ops::call(op, alg, &args, dst))
        } else {
            saline_ops::call(op, alg, &args, dst)
        };
        result.map_err(|e| to_py_err(&e))
    })
}

/// A streaming hash or MAC, shaped like hashlib's objects: `name`,
/// `digest_size`, `block_size`, `update`, `digest`, `hexdigest`, `copy`.
/// The Python layer's hashlib constructors are this class with the catalog
/// id bound, so a one-shot `saline.sha256(data).digest()` is two calls into
/// Rust.
#[pyclass(module = "saline._native", name = "Stream")]
struct PyStream {
    inner: Stream,
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
        let held = borrow(data, "data", PYBUF_SIMPLE)?;
        let bytes = held.as_slice();
        let inner = &mut self.inner;
        if bytes.len() > RELEASE_GIL_AT {
            py.detach(|| inner.update(bytes));
        } else {
            inner.update(bytes);
        }
        Ok(())
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
            let inner = Stream::new(alg, &args).map_err(|e| to_py_err(&e))?;
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
            let mut fork = self.inner.clone();
            let n = length.unwrap_or_else(|| fork.output_len());
            let mut failure = None;
            let out = PyBytes::new_with(py, n, |out| {
                let result = match (&mut fork, length) {
                    (Stream::Hash(h), Some(_)) => h.finalize_into_reset(out).map(|()| n),
                    (stream, _) => stream.digest_into(out),
                };
                failure = result.err();
                Ok(())
            })?;
            match failure {
                Some(e) => Err(to_py_err(&e)),
                None => Ok(out),
            }
        })
    }

    /// The digest as lowercase hex.
    #[pyo3(signature = (length = None))]
    fn hexdigest(&self, py: Python<'_>, length: Option<usize>) -> PyResult<String> {
        let digest = self.digest(py, length)?;
        Ok(digest
            .as_bytes()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect())
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

/// What a stream reports besides its state: the catalog's name, block size
/// and whether it is an XOF.
struct StreamShape {
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
struct HashConstructor {
    alg: u32,
    name: Py<PyString>,
    block_size: usize,
    xof: bool,
}

#[pymethods]
impl HashConstructor {
    /// HashConstructor(alg, name): `name` is what the streams report.
    #[new]
    fn new(alg: u32, name: Bound<'_, PyString>) -> PyResult<Self> {
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
        })
    }

    /// (data=b"", *, usedforsecurity=True) -> a hash object having absorbed
    /// `data`; `usedforsecurity` is accepted as hashlib does and ignored.
    #[pyo3(signature = (data = None, *, usedforsecurity = true))]
    fn __call__(
        &self,
        py: Python<'_>,
        data: Option<Bound<'_, PyAny>>,
        usedforsecurity: bool,
    ) -> PyResult<PyStream> {
        let _ = usedforsecurity;
        self.make(py, data)
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
            let inner = Stream::new(self.alg, &args).map_err(|e| to_py_err(&e))?;
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
struct HashNew {
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

/// The objects behind pyca's AEAD shape (`saline.aead.AESGCM(key)` and its
/// siblings subclass this): keyed once, so that `encrypt` and `decrypt` are
/// one call into Rust that neither rebuilds the key schedule nor looks up
/// the catalog (measured in CPU time, AES-256-GCM of 1 KiB: 1.22 µs
/// through a Python class over `call`, 0.26 µs this way; pyca 0.53 µs).
#[pyclass(module = "saline._native", name = "Aead", subclass, frozen)]
struct PyAead {
    inner: saline_ops::KeyedAead,
}

impl PyAead {
    fn run<'py>(
        &self,
        py: Python<'py>,
        seal: bool,
        nonce: &Bound<'py, PyAny>,
        data: &Bound<'py, PyAny>,
        associated_data: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        guard(|| {
            let nonce = borrow(nonce, "nonce", PYBUF_SIMPLE)?;
            let data = borrow(data, "data", PYBUF_SIMPLE)?;
            let aad = match associated_data.filter(|a| !a.is_none()) {
                Some(a) => Some(borrow(a, "associated_data", PYBUF_SIMPLE)?),
                None => None,
            };
            let (nonce, data, aad) = (
                nonce.as_slice(),
                data.as_slice(),
                aad.as_ref().map(Input::as_slice),
            );
            let tag_len = saline::aead::TAG_LEN;
            let out_len = if seal {
                data.len() + tag_len
            } else if data.len() < tag_len {
                return Err(InvalidTag::new_err(format!(
                    "data: expected at least {tag_len} bytes (the tag), got {}",
                    data.len()
                )));
            } else {
                data.len() - tag_len
            };
            let release = data.len() + aad.map_or(0, <[u8]>::len) > RELEASE_GIL_AT;
            let inner = &self.inner;
            let mut failure = None;
            let result = PyBytes::new_with(py, out_len, |out| {
                let mut run = || {
                    let done = if seal {
                        inner.seal_into(nonce, aad, data, out)
                    } else {
                        inner.open_into(nonce, aad, data, out)
                    };
                    failure = done.err();
                };
                if release {
                    py.detach(run);
                } else {
                    run();
                }
                Ok(())
            })?;
            match failure {
                Some(e) => Err(to_py_err(&e)),
                None => Ok(result),
            }
        })
    }
}

#[pymethods]
impl PyAead {
    /// Aead(alg, key): the catalog AEAD `alg` keyed with `key` (wrong sizes
    /// raise ParameterError naming "key").
    #[new]
    fn new(alg: u32, key: Bound<'_, PyAny>) -> PyResult<Self> {
        guard(|| {
            let key = borrow(&key, "key", PYBUF_SIMPLE)?;
            let inner =
                saline_ops::KeyedAead::new(alg, key.as_slice()).map_err(|e| to_py_err(&e))?;
            Ok(PyAead { inner })
        })
    }

    /// encrypt(nonce, data, associated_data) -> the combined layout
    /// (ciphertext ‖ tag for the IETF AEADs); `associated_data` may be None.
    #[pyo3(signature = (nonce, data, associated_data))]
    fn encrypt<'py>(
        &self,
        py: Python<'py>,
        nonce: Bound<'py, PyAny>,
        data: Bound<'py, PyAny>,
        associated_data: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        self.run(py, true, &nonce, &data, associated_data.as_ref())
    }

    /// decrypt(nonce, data, associated_data) -> plaintext; InvalidTag when
    /// the tag does not verify (nothing is released).
    #[pyo3(signature = (nonce, data, associated_data))]
    fn decrypt<'py>(
        &self,
        py: Python<'py>,
        nonce: Bound<'py, PyAny>,
        data: Bound<'py, PyAny>,
        associated_data: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        self.run(py, false, &nonce, &data, associated_data.as_ref())
    }
}

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
    m.add_function(wrap_pyfunction!(call, m)?)?;
    m.add_function(wrap_pyfunction!(call_into, m)?)?;
    m.add_function(wrap_pyfunction!(catalog_json, m)?)?;
    m.add_function(wrap_pyfunction!(operations, m)?)?;
    m.add_class::<PyStream>()?;
    m.add_class::<ed25519ph::Ed25519phState>()?;
    m.add_class::<HashConstructor>()?;
    m.add_class::<HashNew>()?;
    m.add_class::<PyAead>()?;
    m.add("InvalidTag", py.get_type::<InvalidTag>())?;
    m.add("ParameterError", py.get_type::<ParameterError>())?;
    m.add("ArgumentTypeError", py.get_type::<ArgumentTypeError>())?;
    m.add("RandomSourceError", py.get_type::<RandomSourceError>())?;
    m.add("RELEASE_GIL_AT", RELEASE_GIL_AT)?;
    Ok(())
}
