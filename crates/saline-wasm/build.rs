//! Exports the shadow stack pointer (a mutable global) next to the ABI's
//! functions. Between calls it is the top of the stack, whose bytes below
//! it the loader has the module clear after a call that touched a secret
//! (`saline_wipe` in src/abi.rs, which finds that top as the linker's
//! `__stack_high`; the depths are js/src/backend/wasm-abi.ts's): the tests
//! read it to paint the stack before a call and check the wipe after it
//! (js/test/hostile-wasm.test.mjs).
fn main() {
    let target = std::env::var("TARGET").unwrap_or_default();
    if target.starts_with("wasm32-") {
        println!("cargo:rustc-link-arg=--export=__stack_pointer");
    }
}
