#!/usr/bin/env bash
# Builds Saline's WebAssembly backend (crates/saline-wasm) as two modules,
# each in two flavours:
#   js/wasm/saline-simd.wasm        every algorithm, -C target-feature=+simd128
#   js/wasm/saline.wasm             every algorithm, baseline (no SIMD)
#   js/wasm/saline-sha2-simd.wasm   SHA-2 hashing only (--no-default-features:
#   js/wasm/saline-sha2.wasm        no `full`), same exports; +simd128 / baseline
# and writes js/wasm/sizes.json (raw and gzip -9 sizes). The loader
# (js/src/backend/wasm-load.ts) picks the flavour at load time.
#
# Each (module, flavour) has its own CARGO_TARGET_DIR (target/wasm-simd,
# target/wasm-base, target/wasm-sha2-simd, target/wasm-sha2-base) so that
# switching RUSTFLAGS or features never throws away another's incremental
# state.
# Run from anywhere; needs cargo + the wasm32-unknown-unknown target (added here
# if missing).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="$root/js/wasm"
target=wasm32-unknown-unknown
# no_std by default (dlmalloc allocator, an `unreachable` panic handler);
# SALINE_WASM_FEATURES=std links std's panic machinery instead (+~4 KB).
features="${SALINE_WASM_FEATURES-}"
cargo_flags=(--locked)
[ "${SALINE_WASM_UNLOCKED:-}" = 1 ] && cargo_flags=()

if command -v rustup >/dev/null 2>&1; then
  rustup target list --installed | grep -qx "$target" || rustup target add "$target"
fi
mkdir -p "$out"

build() { # flavour-dir rustflags output-name cargo-profile [extra cargo flags...]
  local dir="$root/target/$1" flags="$2" name="$3" profile="$4"
  shift 4
  echo "build-wasm: $name (RUSTFLAGS='$flags', profile $profile, features='$features'${*:+, $*})" >&2
  (cd "$root" && CARGO_TARGET_DIR="$dir" RUSTFLAGS="$flags" \
    cargo build "${cargo_flags[@]}" -p saline-wasm --target "$target" --profile "$profile" \
    ${features:+--features "$features"} "$@")
  cp "$dir/$target/$profile/saline_wasm.wasm" "$out/$name.tmp"
  mv -f "$out/$name.tmp" "$out/$name"
}

# Sequential on purpose: two cores, and all share the cargo lock.
build wasm-simd "-C target-feature=+simd128" saline-simd.wasm wasm-release
build wasm-base "" saline.wasm wasm-release
# The SHA-2 module: saline-wasm without its default feature `full` (cargo's
# --no-default-features applies to the package built, -p saline-wasm);
# SALINE_WASM_FEATURES=std still adds std. Profile wasm-small: see Cargo.toml.
build wasm-sha2-simd "-C target-feature=+simd128" saline-sha2-simd.wasm wasm-small --no-default-features
build wasm-sha2-base "" saline-sha2.wasm wasm-small --no-default-features

size() { wc -c <"$1" | tr -d ' '; }
gz() { gzip -9 -c "$1" | wc -c | tr -d ' '; }
cat >"$out/sizes.json" <<JSON
{
  "saline-simd.wasm": { "raw": $(size "$out/saline-simd.wasm"), "gzip": $(gz "$out/saline-simd.wasm") },
  "saline.wasm": { "raw": $(size "$out/saline.wasm"), "gzip": $(gz "$out/saline.wasm") },
  "saline-sha2-simd.wasm": { "raw": $(size "$out/saline-sha2-simd.wasm"), "gzip": $(gz "$out/saline-sha2-simd.wasm") },
  "saline-sha2.wasm": { "raw": $(size "$out/saline-sha2.wasm"), "gzip": $(gz "$out/saline-sha2.wasm") }
}
JSON
cat "$out/sizes.json" >&2
