//! Memcheck's client requests, the few this harness needs, issued the way
//! valgrind.h's `VALGRIND_DO_CLIENT_REQUEST_EXPR` does: a magic instruction
//! sequence that is a no-op on a real CPU (the rotations add up to 128 bits)
//! and that valgrind's JIT recognises. Request codes from valgrind.h and
//! memcheck.h (3.19; stable since 3.0). Outside valgrind every request
//! returns its default, so `running_on_valgrind()` is 0.

const RUNNING_ON_VALGRIND: usize = 0x1001;
const COUNT_ERRORS: usize = 0x1201;
/// `VG_USERREQ_TOOL_BASE('M','C')`: 'M' << 24 | 'C' << 16.
const MEMCHECK_BASE: usize = (b'M' as usize) << 24 | (b'C' as usize) << 16;
const MAKE_MEM_UNDEFINED: usize = MEMCHECK_BASE + 1;
const MAKE_MEM_DEFINED: usize = MEMCHECK_BASE + 2;

#[cfg(target_arch = "x86_64")]
fn request(default: usize, code: usize, arg1: usize, arg2: usize) -> usize {
    let args: [usize; 6] = [code, arg1, arg2, 0, 0, 0];
    let result;
    // SAFETY: rotating rdi by 3 + 13 + 61 + 51 = 128 bits leaves it
    // unchanged, and `xchg rbx, rbx` swaps a register with itself; under
    // valgrind the sequence reads `args` (rax) and writes the answer in rdx.
    unsafe {
        core::arch::asm!(
            "rol rdi, 3", "rol rdi, 13", "rol rdi, 61", "rol rdi, 51",
            "xchg rbx, rbx",
            inout("rdx") default => result,
            in("rax") args.as_ptr(),
            out("rdi") _,
            options(nostack),
        );
    }
    result
}

#[cfg(target_arch = "aarch64")]
fn request(default: usize, code: usize, arg1: usize, arg2: usize) -> usize {
    let args: [usize; 6] = [code, arg1, arg2, 0, 0, 0];
    let result;
    // SAFETY: as on x86_64: x12 rotated by 128 bits, `orr x10, x10, x10` a
    // no-op; valgrind reads `args` (x4) and answers in x3.
    unsafe {
        core::arch::asm!(
            "ror x12, x12, #3", "ror x12, x12, #13", "ror x12, x12, #51", "ror x12, x12, #61",
            "orr x10, x10, x10",
            inout("x3") default => result,
            in("x4") args.as_ptr(),
            out("x12") _,
            options(nostack),
        );
    }
    result
}

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
fn request(default: usize, _code: usize, _arg1: usize, _arg2: usize) -> usize {
    default
}

/// Non-zero when the program runs under valgrind.
pub fn running_on_valgrind() -> usize {
    request(0, RUNNING_ON_VALGRIND, 0, 0)
}

/// Errors memcheck has reported so far (distinct ones: a repeat of an
/// earlier error at the same place is not counted again).
pub fn error_count() -> usize {
    request(0, COUNT_ERRORS, 0, 0)
}

/// Marks `bytes` as secret: memcheck then reports every branch and every
/// memory address that depends on them (Langley's ctgrind, 2010).
pub fn secret(bytes: &[u8]) {
    request(0, MAKE_MEM_UNDEFINED, bytes.as_ptr() as usize, bytes.len());
}

/// Declassifies `bytes` (an output that is public: a ciphertext, a tag, a
/// public key), so that using it later is not reported.
pub fn public(bytes: &[u8]) {
    request(0, MAKE_MEM_DEFINED, bytes.as_ptr() as usize, bytes.len());
}
