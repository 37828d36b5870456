//! The input decoding every fuzz target shares. libFuzzer hands a target one
//! byte string; these readers cut it into fields (a selector byte, numbers,
//! length-prefixed byte strings) the same way `fuzz/seed_corpus.py` writes
//! them, so that seeds from vectors/ land on meaningful inputs. A reader
//! never fails: past the end it yields zeros and empty strings.

/// Cuts a fuzz input into fields.
pub struct Reader<'a> {
    data: &'a [u8],
}

/// Length prefix marking an omitted (`None`) byte string.
pub const ABSENT: u16 = u16::MAX;

impl<'a> Reader<'a> {
    /// A reader over `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Reader { data }
    }

    /// The next `n` bytes, or fewer at the end.
    pub fn take(&mut self, n: usize) -> &'a [u8] {
        let n = n.min(self.data.len());
        let (head, tail) = self.data.split_at(n);
        self.data = tail;
        head
    }

    /// The next byte (0 past the end).
    pub fn u8(&mut self) -> u8 {
        self.take(1).first().copied().unwrap_or(0)
    }

    /// The next little-endian u16.
    pub fn u16(&mut self) -> u16 {
        let b = self.take(2);
        u16::from_le_bytes([b.first().copied().unwrap_or(0), b.get(1).copied().unwrap_or(0)])
    }

    /// The next little-endian u32.
    pub fn u32(&mut self) -> u32 {
        let mut b = [0u8; 4];
        let s = self.take(4);
        b[..s.len()].copy_from_slice(s);
        u32::from_le_bytes(b)
    }

    /// The next little-endian u64.
    pub fn u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        let s = self.take(8);
        b[..s.len()].copy_from_slice(s);
        u64::from_le_bytes(b)
    }

    /// A byte string with a u16 length prefix.
    pub fn bytes(&mut self) -> &'a [u8] {
        let n = self.u16();
        self.take(usize::from(n))
    }

    /// A byte string with a u16 length prefix, `None` for [`ABSENT`].
    pub fn optional_bytes(&mut self) -> Option<&'a [u8]> {
        match self.u16() {
            ABSENT => None,
            n => Some(self.take(usize::from(n))),
        }
    }

    /// Exactly `N` bytes, zero-padded at the end of the input.
    pub fn array<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0u8; N];
        let s = self.take(N);
        out[..s.len()].copy_from_slice(s);
        out
    }

    /// Everything left.
    pub fn rest(&mut self) -> &'a [u8] {
        self.take(self.data.len())
    }
}

/// Flips the bits of `mask` at position `at` (modulo the length) of `buf`:
/// how the differential targets turn a valid output into a near-miss
/// forgery. `mask` 0 leaves the buffer valid.
pub fn corrupt(buf: &mut [u8], at: u16, mask: u8) {
    if !buf.is_empty() {
        let i = usize::from(at) % buf.len();
        buf[i] ^= mask;
    }
}
