//! Exports the shadow stack pointer (a mutable global) next to the ABI's
//! functions: the loader reads it between calls, when it is the top of the
//! stack, to know which bytes of linear memory to clear after a call that
//! touched a secret (src/wiping.rs; js/src/backend/wasm-instance.ts wipes,
//! with the depths of js/src/backend/wasm-abi.ts).
fn main() {
    let target = std::env::var("TARGET").unwrap_or_default();
    if target.starts_with("wasm32-") {
        println!("cargo:rustc-link-arg=--export=__stack_pointer");
    }
}
