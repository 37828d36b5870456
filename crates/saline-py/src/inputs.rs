//! Borrowed inputs: byte-string arguments taken from Python objects
//! (`bytes` directly, anything else through the buffer protocol) for the
//! duration of one call, and the numeric arguments of the operation table.

use std::ffi::{c_char, c_int, c_void};

use pyo3::exceptions::PyValueError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};

use crate::errors::ArgumentTypeError;

/// Most byte-string arguments, and most numeric arguments, one operation
/// takes (`Hash` takes 5 byte strings, `Argon2` 4 numbers).
pub(crate) const MAX_ARGS: usize = 8;

/// CPython's `Py_buffer`. PyO3 exposes it only when the limited API is 3.11
/// or later (when it joined the stable ABI, bpo-45459, unchanged since
/// Python 3.3), so abi3-py39 builds declare it here with the same layout.
#[repr(C)]
pub(crate) struct RawBuffer {
    pub(crate) buf: *mut c_void,
    obj: *mut ffi::PyObject,
    pub(crate) len: ffi::Py_ssize_t,
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
pub(crate) const PYBUF_SIMPLE: c_int = 0;
/// `PyBUF_WRITABLE`: as simple, and the exporter must allow writes.
pub(crate) const PYBUF_WRITABLE: c_int = 1;

/// A byte-string argument borrowed from a Python object for the duration of
/// one call. Dropped with the GIL held (the buffer release needs it).
pub(crate) enum Input<'py> {
    Bytes(Bound<'py, PyBytes>),
    Buffer(Box<RawBuffer>),
}

impl Input<'_> {
    pub(crate) fn as_slice(&self) -> &[u8] {
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
pub(crate) fn borrow<'py>(
    obj: &Bound<'py, PyAny>,
    what: &str,
    flags: c_int,
) -> PyResult<Input<'py>> {
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
pub(crate) struct Inputs<'py> {
    held: [Option<Input<'py>>; MAX_ARGS],
    pub(crate) len: usize,
}

impl<'py> Inputs<'py> {
    /// Borrows each item of `items` (a tuple, a list or any iterable of
    /// bytes-like objects or None).
    pub(crate) fn borrow(items: Option<&Bound<'py, PyAny>>) -> PyResult<Self> {
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

    pub(crate) fn slices(&self) -> [Option<&[u8]>; MAX_ARGS] {
        std::array::from_fn(|i| self.held[i].as_ref().map(Input::as_slice))
    }
}

/// The numeric arguments of one call, in a fixed array.
pub(crate) struct Numbers {
    values: [f64; MAX_ARGS],
    len: usize,
}

impl Numbers {
    pub(crate) fn extract(items: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
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

    pub(crate) fn as_slice(&self) -> &[f64] {
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
