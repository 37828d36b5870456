//! The call descriptor's decoding (README.md, `saline_call`), apart from the
//! exports so that it builds on every target: the WebAssembly ABI uses it,
//! and `fuzz/fuzz_targets/wasm_descriptor.rs` fuzzes this same file on the
//! host (it has no other dependency than `core`).

/// Byte arguments and numbers a descriptor may carry (the widest op uses 5 / 4).
pub const MAX_BYTES: usize = 8;
pub const MAX_NUMS: usize = 8;
/// `len` value marking an omitted (`None`) byte argument.
pub const NULL_LEN: u32 = u32::MAX;

/// A parsed descriptor: byte ranges (None for omitted arguments), numbers,
/// and the output range, each range inside the I/O buffer.
pub struct Descriptor {
    pub bytes: [Option<(usize, usize)>; MAX_BYTES],
    pub n_bytes: usize,
    pub nums: [f64; MAX_NUMS],
    pub n_nums: usize,
    pub out: (usize, usize),
}

/// `offset..offset + len` as a range of an I/O buffer of `io_len` bytes,
/// if it lies inside it.
pub fn range(io_len: usize, offset: u32, len: u32) -> Option<(usize, usize)> {
    let (offset, len) = (offset as usize, len as usize);
    let end = offset.checked_add(len)?;
    (end <= io_len).then_some((offset, end))
}

/// Reads the descriptor at `at` of the I/O buffer `io` (README.md): `u32 n`,
/// n × `(u32 offset, u32 len)`, `u32 m`, m × `f64`, `u32 out_offset`,
/// `u32 out_capacity`, all little-endian, unaligned. Every range lies inside
/// `io`, and the output overlaps no input, or the descriptor is refused.
pub fn parse(io: &[u8], at: u32) -> Result<Descriptor, &'static str> {
    const BAD: &str = "descriptor: out of bounds";
    let mut pos = at as usize;
    let mut take = |n: usize| -> Result<&[u8], &'static str> {
        let end = pos.checked_add(n).ok_or(BAD)?;
        let s = io.get(pos..end).ok_or(BAD)?;
        pos = end;
        Ok(s)
    };
    let mut u32_at = || -> Result<u32, &'static str> { Ok(u32::from_le_bytes(take(4)?.try_into().map_err(|_| BAD)?)) };
    let mut d = Descriptor { bytes: [None; MAX_BYTES], n_bytes: 0, nums: [0.0; MAX_NUMS], n_nums: 0, out: (0, 0) };
    d.n_bytes = u32_at()? as usize;
    if d.n_bytes > MAX_BYTES {
        return Err("descriptor: too many byte arguments");
    }
    for i in 0..d.n_bytes {
        let (offset, len) = (u32_at()?, u32_at()?);
        if len != NULL_LEN {
            d.bytes[i] = Some(range(io.len(), offset, len).ok_or(BAD)?);
        }
    }
    d.n_nums = u32_at()? as usize;
    if d.n_nums > MAX_NUMS {
        return Err("descriptor: too many numbers");
    }
    for i in 0..d.n_nums {
        let raw = (u32_at()? as u64) | ((u32_at()? as u64) << 32);
        d.nums[i] = f64::from_bits(raw);
    }
    let (offset, len) = (u32_at()?, u32_at()?);
    d.out = range(io.len(), offset, len).ok_or(BAD)?;
    if d.out.1 - d.out.0 > i32::MAX as usize {
        return Err("descriptor: output too large");
    }
    let (out_start, out_end) = d.out;
    let overlaps = d.bytes[..d.n_bytes].iter().flatten().any(|&(s, e)| s < out_end && out_start < e && s < e);
    if overlaps && out_start < out_end {
        return Err("descriptor: output overlaps an input");
    }
    Ok(d)
}
