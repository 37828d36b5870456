//! `call` and `call_into`: any operation of the saline-ops table by code,
//! among them the KDFs and password hashes, which always run with the GIL
//! released.

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use saline_ops::{Args, Op};

use crate::errors::{guard, to_py_err};
use crate::inputs::{borrow, Input, Inputs, Numbers, PYBUF_WRITABLE};
use crate::RELEASE_GIL_AT;

/// Whether an operation is a password hash or KDF, which always runs with
/// the GIL released (milliseconds to seconds of work on small inputs;
/// libsodium's crypto_pwhash family included).
pub(crate) fn is_slow(op: u32) -> bool {
    Op::from_code(op).is_some_and(Op::has_cost_parameters)
}

/// Whether `call` and `call_into` run `op` on `inputs` with the GIL
/// released: always for the slow operations, otherwise when the inputs
/// together exceed [`RELEASE_GIL_AT`] bytes.
fn releases_gil(op: u32, inputs: &[Option<&[u8]>]) -> bool {
    let total: usize = inputs.iter().flatten().map(|s| s.len()).sum();
    is_slow(op) || total > RELEASE_GIL_AT
}

/// call(op, alg, inputs, nums, out_len) -> bytes
///
/// Runs one operation of the table (see `saline-ops`): `inputs` is a
/// sequence of bytes-like objects or None, `nums` a sequence of numbers,
/// `out_len` the size of the output buffer. Returns the bytes written
/// (a prefix of the buffer when the operation wrote fewer).
#[pyfunction]
#[pyo3(signature = (op, alg, inputs, nums, out_len))]
pub(crate) fn call<'py>(
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
        let release = releases_gil(op, slices);
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
pub(crate) fn call_into<'py>(
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
        let release = releases_gil(op, slices);
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
        // Wiped when dropped: an input may be a key or a password.
        let copies: Vec<Option<zeroize::Zeroizing<Vec<u8>>>> = slices
            .iter()
            .map(|s| s.filter(|s| overlaps(s)).map(|s| zeroize::Zeroizing::new(saline::copy::message_to_vec(s))))
            .collect();
        let slices: Vec<Option<&[u8]>> = slices
            .iter()
            .zip(&copies)
            .map(|(s, c)| c.as_ref().map(|c| c.as_slice()).or(*s))
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
        let result = if release {
            py.detach(|| saline_ops::call(op, alg, &args, dst))
        } else {
            saline_ops::call(op, alg, &args, dst)
        };
        result.map_err(|e| to_py_err(&e))
    })
}
