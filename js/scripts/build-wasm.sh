#!/usr/bin/env bash
# Builds Saline's WebAssembly backend (crates/saline-wasm) twice:
#   js/wasm/saline-simd.wasm   -C target-feature=+simd128
#   js/wasm/saline.wasm        baseline (no SIMD)
# and writes js/wasm/sizes.json (raw and gzip -9 sizes). The loader
# (js/src/backend/wasm-load.ts) picks the flavour at load time.
#
# Each flavour has its own CARGO_TARGET_DIR (target/wasm-simd, target/wasm-base)
# so that switching RUSTFLAGS never throws away the other's incremental state.
# Run from anywhere; needs cargo + the wasm32-unknown-unknown target (added here
# if missing).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="$root/js/wasm"
target=wasm32-unknown-unknown
profile=wasm-release
# no_std by default (dlmalloc allocator, an `unreachable` panic handler);
# SALINE_WASM_FEATURES=std links std's panic machinery instead (+~4 KB).
features="${SALINE_WASM_FEATURES-}"
cargo_flags=(--locked)
[ "${SALINE_WASM_UNLOCKED:-}" = 1 ] && cargo_flags=()

if command -v rustup >/dev/null 2>&1; then
  rustup target list --installed | grep -qx "$target" || rustup target add "$target"
fi
mkdir -p "$out"

build() { # flavour-dir rustflags output-name
  local dir="$root/target/$1" flags="$2" name="$3"
  echo "build-wasm: $name (RUSTFLAGS='$flags', features='$features')" >&2
  (cd "$root" && CARGO_TARGET_DIR="$dir" RUSTFLAGS="$flags" \
    cargo build "${cargo_flags[@]}" -p saline-wasm --target "$target" --profile "$profile" \
    ${features:+--features "$features"})
  cp "$dir/$target/$profile/saline_wasm.wasm" "$out/$name.tmp"
  mv -f "$out/$name.tmp" "$out/$name"
}

# Sequential on purpose: two cores, and both share the cargo lock.
build wasm-simd "-C target-feature=+simd128" saline-simd.wasm
build wasm-base "" saline.wasm

size() { wc -c <"$1" | tr -d ' '; }
gz() { gzip -9 -c "$1" | wc -c | tr -d ' '; }
cat >"$out/sizes.json" <<JSON
{
  "saline-simd.wasm": { "raw": $(size "$out/saline-simd.wasm"), "gzip": $(gz "$out/saline-simd.wasm") },
  "saline.wasm": { "raw": $(size "$out/saline.wasm"), "gzip": $(gz "$out/saline.wasm") }
}
JSON
cat "$out/sizes.json" >&2
