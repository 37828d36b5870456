use core::ffi::c_void;
use std::sync::Once;
use zeroize::Zeroize;

extern "C" {
    fn saline_openssl_caps() -> *mut u32;
    // crypto/poly1305/poly1305.c declares these three; `ctx` is the
    // `opaque` state, `func` receives the blocks and emit functions the
    // code chose for this CPU.
    fn saline_openssl_poly1305_init(ctx: *mut c_void, key: *const u8, func: *mut [usize; 2]) -> i32;
    // crypto/sha/sha512.c: `ctx` starts with the eight state words; `num`
    // is a count of 128-byte blocks.
    fn saline_openssl_sha512_block_data_order(state: *mut u64, input: *const u8, num: usize);
    // crypto/md5/md5_local.h: `c` starts with A, B, C, D; `num` counts
    // 64-byte blocks.
    fn saline_openssl_ossl_md5_block_asm_data_order(state: *mut u32, input: *const u8, num: usize);
    // crypto/sha/sha3.c: absorbs every whole `r`-byte block of `inp[..len]`
    // into the state (25 lanes, lane x + 5y at index x + 5y, as FIPS 202
    // orders them) and returns how many bytes were left over.
    fn saline_openssl_SHA3_absorb(state: *mut u64, input: *const u8, len: usize, r: usize) -> usize;
    // crypto/chacha/chacha_local.h (`ChaCha20_ctr32`): XORs `len` bytes of
    // keystream into `inp`, writing `out` (which may equal `inp`); `counter`
    // is the block counter then the three nonce words. The counter is 32
    // bits and does not carry into the nonce: the caller keeps within it.
    fn saline_openssl_ChaCha20_ctr32(out: *mut u8, inp: *const u8, len: usize, key: *const u32, counter: *const u32);
    // The same code assembled again with a capability vector that stays
    // zero: its scalar path, whatever the CPU (build.rs, `scalar_copy`).
    fn saline_openssl_scalar_ChaCha20_ctr32(out: *mut u8, inp: *const u8, len: usize, key: *const u32, counter: *const u32);
}

/// `ChaCha20_ctr32`'s signature.
type ChaChaFn = unsafe extern "C" fn(out: *mut u8, inp: *const u8, len: usize, key: *const u32, counter: *const u32);

type BlocksFn = unsafe extern "C" fn(ctx: *mut c_void, input: *const u8, len: usize, padbit: u32);
type EmitFn = unsafe extern "C" fn(ctx: *mut c_void, mac: *mut u8, nonce: *const u32);

static CAPS: Once = Once::new();
static mut PATH: &str = "scalar";

/// Fills OpenSSL's capability vector once and returns the most capable path
/// the kernels will take on this machine ("scalar", "avx", "avx2",
/// "avx512", "avx512-ifma"). The Poly1305, ChaCha20 and SHA-512 entry points
/// call it first; MD5 and Keccak do not read the vector.
pub fn cpu_path() -> &'static str {
    CAPS.call_once(|| {
        let limit = std::env::var("SALINE_OPENSSL_ASM_CPU").unwrap_or_default();
        let limit = match limit.as_str() {
            "scalar" => 0,
            "avx" => 1,
            "avx2" => 2,
            "avx512" => 3,
            _ => 4,
        };
        let mut w = [0u32; 6];
        // Bit positions are OpenSSL's (doc/man3/OPENSSL_ia32cap.pod): word 0
        // is CPUID.1:EDX with bit 30 set for Intel, word 1 CPUID.1:ECX (bit 11
        // repurposed for AMD XOP, left clear), word 2 CPUID.7.0:EBX, word 5
        // CPUID.7.1:EAX (bit 0: the SHA-512 extension, left clear: no machine
        // here has it to test that path).
        // SAFETY: CPUID leaf 0 exists on every x86-64 CPU.
        #[allow(unused_unsafe)] // a safe function from Rust 1.94 on
        let vendor = unsafe { core::arch::x86_64::__cpuid(0) };
        if (vendor.ebx, vendor.edx, vendor.ecx) == (0x756e_6547, 0x4965_6e69, 0x6c65_746e) {
            w[0] |= 1 << 30; // "GenuineIntel": sha512's AVX path is Intel-only
        }
        let mut path = "scalar";
        if std::is_x86_feature_detected!("ssse3") {
            w[1] |= 1 << 9;
        }
        if limit >= 1 && std::is_x86_feature_detected!("avx") {
            w[1] |= 1 << 28;
            path = "avx";
        }
        if limit >= 2
            && std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
        {
            w[2] |= 1 << 5 | 1 << 3 | 1 << 8;
            path = "avx2";
        }
        if limit >= 3 && path == "avx2" && std::is_x86_feature_detected!("avx512f") {
            w[2] |= 1 << 16;
            path = "avx512";
            if std::is_x86_feature_detected!("avx512bw") {
                w[2] |= 1 << 30;
            }
            if limit >= 4 && std::is_x86_feature_detected!("avx512vl") && std::is_x86_feature_detected!("avx512ifma") {
                w[2] |= 1 << 31 | 1 << 21;
                path = "avx512-ifma";
            }
        }
        // SAFETY: the vector has ten words and nothing reads it before this
        // `Once` completes (every entry point calls `cpu_path` first).
        unsafe {
            let caps = saline_openssl_caps();
            for (i, word) in w.iter().enumerate() {
                caps.add(i).write(*word);
            }
            PATH = path;
        }
    });
    // SAFETY: written once inside `call_once`, which this call has completed.
    unsafe { PATH }
}

/// SHA-512's compression function (FIPS 180-4 §6.4.2) over whole 128-byte
/// blocks: `blocks.len()` must be a multiple of 128 (a shorter tail is not
/// read). Used for SHA-384, SHA-512/224 and SHA-512/256 too, which differ
/// only in the initial state and the output length.
pub fn sha512_compress(state: &mut [u64; 8], blocks: &[u8]) {
    let n = blocks.len() / 128;
    if n == 0 {
        return;
    }
    cpu_path();
    // SAFETY: `state` is the eight words the code updates; it reads `n`
    // whole blocks from `blocks`, which holds at least that many bytes.
    unsafe { saline_openssl_sha512_block_data_order(state.as_mut_ptr(), blocks.as_ptr(), n) }
}

/// MD5's compression function (RFC 1321 §3.4) over whole 64-byte blocks:
/// `blocks.len()` must be a multiple of 64 (a shorter tail is not read).
/// Plain x86-64 code, the same on every CPU.
pub fn md5_compress(state: &mut [u32; 4], blocks: &[u8]) {
    let n = blocks.len() / 64;
    if n == 0 {
        return;
    }
    // SAFETY: `state` is the four words the code updates; it reads `n`
    // whole blocks from `blocks`, which holds at least that many bytes.
    unsafe { saline_openssl_ossl_md5_block_asm_data_order(state.as_mut_ptr(), blocks.as_ptr(), n) }
}

/// Keccak-p[1600, 24] sponge absorption (FIPS 202 §4, Algorithm 8 step 6)
/// of whole `rate`-byte blocks: each block XORed into the first `rate`
/// bytes of the state (lanes little-endian), then the permutation.
/// `blocks.len()` must be a multiple of `rate`, a multiple of 8 below 200
/// (a shorter tail is not read). Plain x86-64 code, the same on every CPU.
pub fn keccak_absorb(state: &mut [u64; 25], blocks: &[u8], rate: usize) {
    assert!(rate % 8 == 0 && rate > 0 && rate < 200, "Keccak rate {rate}");
    let whole = blocks.len() / rate * rate;
    if whole == 0 {
        return;
    }
    // SAFETY: `state` is the 25 lanes the code updates; it reads `whole`
    // bytes (whole blocks) from `blocks`, which holds at least that many.
    unsafe { saline_openssl_SHA3_absorb(state.as_mut_ptr(), blocks.as_ptr(), whole, rate) };
}

/// [`chacha20_xor`] refused a message that would run the 32-bit block
/// counter past 2^32 - 1 (RFC 8439 §2.4 has no carry into the nonce).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeystreamExhausted;

/// XORs the ChaCha20 keystream (RFC 8439 §2.4: 96-bit `nonce`, 32-bit block
/// `counter`, blocks `counter`, `counter + 1`, ...) into `data` in place.
///
/// # Errors
/// [`KeystreamExhausted`] if `data` needs a block past counter 2^32 - 1;
/// `data` is then unchanged. The counter never wraps to 0 and never
/// carries into the nonce (which OpenSSL's code, left alone, would do and
/// RFC 8439 does not).
pub fn chacha20_xor(key: &[u8; 32], counter: u32, nonce: &[u8; 12], data: &mut [u8]) -> Result<(), KeystreamExhausted> {
    chacha20_xor_with(saline_openssl_ChaCha20_ctr32, key, counter, nonce, None, data)
}

/// [`chacha20_xor`] from `input` into `output` (as long as `input`), leaving
/// `input` as it was: the code reads one buffer and writes another as
/// readily as it works in place, and a caller sealing into a fresh buffer
/// saves copying the message first.
///
/// # Errors
/// As [`chacha20_xor`]; `output` is then unchanged.
///
/// # Panics
/// If `output` is not as long as `input` (a caller's bug).
pub fn chacha20_xor_into(key: &[u8; 32], counter: u32, nonce: &[u8; 12], input: &[u8], output: &mut [u8]) -> Result<(), KeystreamExhausted> {
    assert_eq!(input.len(), output.len(), "chacha20_xor_into: input and output lengths differ");
    chacha20_xor_with(saline_openssl_ChaCha20_ctr32, key, counter, nonce, Some(input), output)
}

/// [`chacha20_xor`] on the code's scalar path whatever the CPU: for a lone
/// block, which every vector path computes with a fixed cost of several
/// blocks (AMD Zen 5: ~78 ns against ~130 ns for one block on the AVX-512
/// path, itself chosen over SSSE3's ~150).
///
/// # Errors
/// As [`chacha20_xor`].
pub fn chacha20_xor_scalar(key: &[u8; 32], counter: u32, nonce: &[u8; 12], data: &mut [u8]) -> Result<(), KeystreamExhausted> {
    chacha20_xor_with(saline_openssl_scalar_ChaCha20_ctr32, key, counter, nonce, None, data)
}

/// XORs the keystream into `data` in place (`input` None) or from `input`
/// (as long as `data`) into `data`.
fn chacha20_xor_with(code: ChaChaFn, key: &[u8; 32], counter: u32, nonce: &[u8; 12], input: Option<&[u8]>, data: &mut [u8]) -> Result<(), KeystreamExhausted> {
    let blocks = (data.len() as u64).div_ceil(64);
    if blocks > (1u64 << 32) - u64::from(counter) {
        return Err(KeystreamExhausted);
    }
    if data.is_empty() {
        return Ok(());
    }
    cpu_path();
    // The code takes the key and counter as 32-bit words (little-endian, as
    // RFC 8439 §2.3 reads the bytes); both copies are wiped.
    let mut words = [0u32; 8];
    for (word, bytes) in words.iter_mut().zip(key.chunks_exact(4)) {
        *word = u32::from_le_bytes(bytes.try_into().expect("4 bytes"));
    }
    let mut block = [counter, 0, 0, 0];
    for (word, bytes) in block[1..].iter_mut().zip(nonce.chunks_exact(4)) {
        *word = u32::from_le_bytes(bytes.try_into().expect("4 bytes"));
    }
    let source = input.map_or(data.as_ptr(), <[u8]>::as_ptr);
    // SAFETY: the code reads `data.len()` bytes from `source` (`data`
    // itself, in place as OpenSSL's callers also work, or `input`, as long:
    // checked by `chacha20_xor_into`, and a separate borrow, so not
    // overlapping) and writes as many to `data`; `words` holds 8 words,
    // `block` 4. The check above keeps the code's 32-bit counter from wrapping.
    unsafe { code(data.as_mut_ptr(), source, data.len(), words.as_ptr(), block.as_ptr()) };
    words.zeroize();
    block.zeroize();
    Ok(())
}

/// The state the assembly keeps: OpenSSL's `double opaque[24]` (the key
/// powers in base 2^26 or 2^44 for the vector paths, the accumulator), on a
/// cache line.
#[derive(Clone)]
#[repr(C, align(64))]
struct Opaque([u64; 24]);

/// Streaming Poly1305 (RFC 8439 §2.5) in OpenSSL's layout: the buffering of
/// `crypto/poly1305/poly1305.c` (`Poly1305_Update`, `Poly1305_Final`) around
/// the assembly. The state is position-independent (OpenSSL copies it with
/// memcpy), so it may be moved and cloned. Wiped on drop.
#[derive(Clone)]
pub struct Poly1305 {
    opaque: Opaque,
    nonce: [u32; 4],
    data: [u8; 16],
    num: usize,
    blocks: BlocksFn,
    emit: EmitFn,
}

/// Runs `blocks` over `input`, whose length is a multiple of 16.
fn run_blocks(blocks: BlocksFn, opaque: &mut Opaque, input: &[u8], padbit: u32) {
    debug_assert_eq!(input.len() % 16, 0);
    // SAFETY: `input` holds `input.len()` readable bytes and `opaque` was
    // initialised by poly1305_init, which chose this `blocks`.
    unsafe { blocks(opaque.0.as_mut_ptr().cast(), input.as_ptr(), input.len(), padbit) }
}

impl Poly1305 {
    /// A state keyed with the one-time `key` (r, then s).
    pub fn new(key: &[u8; 32]) -> Self {
        cpu_path();
        let mut opaque = Opaque([0; 24]);
        let mut func = [0usize; 2];
        // SAFETY: `opaque` is 192 aligned bytes, as the code expects; `key`
        // has 16 readable bytes (r); `func` receives two function pointers.
        let keyed = unsafe { saline_openssl_poly1305_init(opaque.0.as_mut_ptr().cast(), key.as_ptr(), &mut func) };
        // poly1305_init returns 1 and fills `func` whenever the key pointer is
        // not null, which a reference never is.
        assert!(keyed == 1 && func[0] != 0 && func[1] != 0, "poly1305_init did not choose a path");
        // SAFETY: the two words are the addresses of the code's blocks and
        // emit functions, with the C signatures above.
        let (blocks, emit) = unsafe {
            (core::mem::transmute::<usize, BlocksFn>(func[0]), core::mem::transmute::<usize, EmitFn>(func[1]))
        };
        let mut nonce = [0u32; 4];
        for (word, bytes) in nonce.iter_mut().zip(key[16..].chunks_exact(4)) {
            *word = u32::from_le_bytes(bytes.try_into().expect("4 bytes"));
        }
        Poly1305 { opaque, nonce, data: [0; 16], num: 0, blocks, emit }
    }


    /// Absorbs `input` (`Poly1305_Update`).
    pub fn update(&mut self, mut input: &[u8]) {
        if self.num > 0 {
            let rem = 16 - self.num;
            if input.len() < rem {
                self.data[self.num..self.num + input.len()].copy_from_slice(input);
                self.num += input.len();
                return;
            }
            self.data[self.num..].copy_from_slice(&input[..rem]);
            run_blocks(self.blocks, &mut self.opaque, &self.data, 1);
            input = &input[rem..];
        }
        let whole = input.len() / 16 * 16;
        if whole > 0 {
            run_blocks(self.blocks, &mut self.opaque, &input[..whole], 1);
        }
        let rest = &input[whole..];
        self.data[..rest.len()].copy_from_slice(rest);
        self.num = rest.len();
    }

    /// Writes the 16-byte tag (`Poly1305_Final`). The state is spent: key a
    /// new one for the next message.
    pub fn finalize(mut self) -> [u8; 16] {
        if self.num > 0 {
            // RFC 8439 §2.5.1: the last partial block gets a 1 byte appended
            // and is padded with zeros, with no 2^128 bit (padbit 0).
            self.data[self.num] = 1;
            self.data[self.num + 1..].fill(0);
            run_blocks(self.blocks, &mut self.opaque, &self.data, 0);
        }
        let mut mac = [0u8; 16];
        // SAFETY: `mac` has 16 writable bytes, `nonce` four words (s).
        unsafe { (self.emit)(self.opaque.0.as_mut_ptr().cast(), mac.as_mut_ptr(), self.nonce.as_ptr()) };
        mac
    }
}

impl Drop for Poly1305 {
    fn drop(&mut self) {
        self.opaque.0.zeroize();
        self.nonce.zeroize();
        self.data.zeroize();
    }
}

/// Poly1305 tag of `data` under a one-time `key`, in one call.
pub fn poly1305_tag(key: &[u8; 32], data: &[u8]) -> [u8; 16] {
    let mut mac = Poly1305::new(key);
    mac.update(data);
    mac.finalize()
}
