//! Saline's raw WebAssembly ABI (wasm32-unknown-unknown, `no_std`).
//!
//! No wasm-bindgen: a handful of `extern "C"` exports over one reusable I/O
//! buffer, forwarding to the generic operation table of `saline-ops`. The
//! crate knows no algorithm; the hand-written loader is
//! `js/src/backend/wasm-load.ts` (with `wasm-abi.ts` and `wasm-instance.ts`
//! beside it). The ABI (exports, descriptor layout) is written down in this
//! crate's README.md.
//!
//! On any other target the crate is empty, so that host-side
//! `cargo build --workspace` / `cargo test --workspace` stay green.
#![cfg_attr(all(target_arch = "wasm32", target_os = "unknown", not(feature = "std")), no_std)]

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod abi;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod descriptor;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod wiping;
