use libsodium_sys as ffi;
use std::time::Instant;
#[test]
#[ignore]
fn zz() {
    unsafe { ffi::sodium_init(); }
    let s1 = [5u8; 32]; let s2 = [9u8; 32];
    let p = saline::nacl::tweetnacl::crypto_scalar_base(&s1).unwrap();
    let q = saline::nacl::tweetnacl::crypto_scalar_base(&s2).unwrap();
    let n = 200_000;
    for _ in 0..2 {
    let t = Instant::now();
    for _ in 0..n { std::hint::black_box(saline::nacl::tweetnacl::crypto_point_add(&p, &q).unwrap()); }
    let a = t.elapsed() / n;
    let t = Instant::now();
    let mut r = [0u8; 32];
    for _ in 0..n { unsafe { ffi::crypto_core_ed25519_add(r.as_mut_ptr(), p.as_ptr(), q.as_ptr()); } std::hint::black_box(&r); }
    let b = t.elapsed() / n;
    let t = Instant::now();
    for _ in 0..n { std::hint::black_box(curve25519_dalek::edwards::CompressedEdwardsY(p).decompress()); }
    let c = t.elapsed() / n;
    let pp = curve25519_dalek::edwards::CompressedEdwardsY(p).decompress().unwrap();
    let t = Instant::now();
    for _ in 0..n { std::hint::black_box(std::hint::black_box(pp).compress()); }
    let d = t.elapsed() / n;
    let t = Instant::now();
    for _ in 0..n { std::hint::black_box(saline::nacl::tweetnacl::crypto_scalar_base(&s1).unwrap()); }
    let e = t.elapsed() / n;
    let t = Instant::now();
    for _ in 0..n { unsafe { ffi::crypto_scalarmult_ed25519_base_noclamp(r.as_mut_ptr(), s1.as_ptr()); } std::hint::black_box(&r); }
    let f = t.elapsed() / n;
    println!("point_add saline {a:?} libsodium {b:?}; dalek decompress {c:?} compress {d:?}; scalar_base saline {e:?} libsodium {f:?}");
    }
}
