//! The WebAssembly ABI's call descriptor (crates/saline-wasm/src/descriptor.rs,
//! the same file, built for the host): any I/O buffer contents, any
//! descriptor offset. Decoding must refuse or yield ranges inside the buffer
//! with an output that overlaps no input: the export builds its slices from
//! these ranges with `from_raw_parts`, so these assertions are what keeps
//! that unsafe code sound. A decoded call then runs through the operation
//! table exactly as `saline_call` does (cheap ops only: costs are fuzzed by
//! `ops_call`, with their costs capped).
//!
//! Input: op (u8), algorithm id (u16), descriptor offset (u16), then the I/O
//! buffer.
#![no_main]

use libfuzzer_sys::fuzz_target;
use saline_fuzz::Reader;
use saline_ops::{Args, Op};

#[allow(dead_code)]
#[path = "../../crates/saline-wasm/src/descriptor.rs"]
mod descriptor;

fuzz_target!(|data: &[u8]| {
    let mut r = Reader::new(data);
    let op = u32::from(r.u8());
    let alg = u32::from(r.u16());
    let at = u32::from(r.u16());
    let mut io = r.rest().to_vec();
    let Ok(d) = descriptor::parse(&io, at) else { return };

    assert!(d.n_bytes <= descriptor::MAX_BYTES && d.n_nums <= descriptor::MAX_NUMS);
    let (out_start, out_end) = d.out;
    assert!(out_start <= out_end && out_end <= io.len());
    for &(start, end) in d.bytes[..d.n_bytes].iter().flatten() {
        assert!(start <= end && end <= io.len());
        assert!(start == end || out_start == out_end || end <= out_start || out_end <= start, "output overlaps an input");
    }

    let expensive = Op::from_code(op).is_some_and(Op::has_cost_parameters);
    if expensive {
        return;
    }
    // Inputs are copied out (the export borrows them from the same buffer;
    // the assertions above are what makes that borrow sound).
    let inputs: Vec<Option<Vec<u8>>> = d.bytes[..d.n_bytes].iter().map(|r| r.map(|(s, e)| io[s..e].to_vec())).collect();
    let bytes: Vec<Option<&[u8]>> = inputs.iter().map(|b| b.as_deref()).collect();
    let args = Args { bytes: &bytes, nums: &d.nums[..d.n_nums] };
    let out = &mut io[out_start..out_end];
    if let Ok(n) = saline_ops::call(op, alg, &args, out) {
        assert!(n <= out_end - out_start);
    }
});
