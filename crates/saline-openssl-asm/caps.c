/* OpenSSL's capability vector (OPENSSL_ia32cap_P in crypto/cryptlib.c),
 * under saline's prefix. Hidden, as OpenSSL's is: the generated assembly
 * reads it RIP-relative, which a preemptible symbol would not allow in a
 * shared object. src/lib.rs fills it once, before the first kernel call,
 * from run-time CPU detection; until then it is zero (the scalar paths). */
__attribute__((visibility("hidden"))) unsigned int saline_openssl_OPENSSL_ia32cap_P[10];

/* Rust reaches the vector through this function rather than by name: an
 * extern static needs `static mut` access on the Rust side. */
__attribute__((visibility("hidden"))) unsigned int *saline_openssl_caps(void) {
    return saline_openssl_OPENSSL_ia32cap_P;
}

/* The capability vector of the scalar copies (build.rs, `scalar_copy`):
 * never written, so that their code always takes its scalar path. */
__attribute__((visibility("hidden"))) unsigned int saline_openssl_scalar_OPENSSL_ia32cap_P[10];
