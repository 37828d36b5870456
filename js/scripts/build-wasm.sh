#!/usr/bin/env bash
# Builds Saline's WebAssembly backend (crates/saline-wasm) as two modules,
# each in two flavours:
#   js/wasm/saline-simd.wasm        every algorithm, -C target-feature=+simd128
#   js/wasm/saline.wasm             every algorithm, baseline (no SIMD)
#   js/wasm/saline-sha2-simd.wasm   SHA-2 hashing only (--no-default-features:
#   js/wasm/saline-sha2.wasm        no `full`), same exports; +simd128 / baseline;
#                                   then Binaryen's wasm-opt -O3 (below)
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

# Binaryen's wasm-opt -O3 over a built file, with exactly the WebAssembly
# features rustc enabled for it (read from `rustc --print cfg`, so that
# wasm-opt neither refuses what rustc emitted nor adds anything else: the
# baseline build stays free of SIMD). Used on the SHA-2 module, where it
# took 727 bytes (4%) off the gzipped SIMD build and ran no slower (Node,
# SHA-256 and SHA-512 of 32 B to 1 MiB, best of 25 runs interleaved); the
# full module keeps rustc's output. From the `binaryen` npm package (a
# devDependency of js/: `npm ci` there first).
wasm_opt() { # file [rustflags]
  local file="$1" flags="$2" bin="$root/js/node_modules/.bin/wasm-opt" enable=() feature
  if [ ! -x "$bin" ]; then
    echo "build-wasm: $bin not found: run 'npm ci' in js/ first (make js-deps)" >&2
    exit 1
  fi
  # shellcheck disable=SC2086 # RUSTFLAGS words, as cargo splits them
  for feature in $(rustc --print cfg --target "$target" $flags | sed -n 's/^target_feature="\(.*\)"$/\1/p'); do
    case "$feature" in
      bulk-memory) enable+=(--enable-bulk-memory --enable-bulk-memory-opt) ;;
      multivalue) enable+=(--enable-multivalue) ;;
      mutable-globals) enable+=(--enable-mutable-globals) ;;
      nontrapping-fptoint) enable+=(--enable-nontrapping-float-to-int) ;;
      reference-types) enable+=(--enable-reference-types) ;;
      sign-ext) enable+=(--enable-sign-ext) ;;
      simd128) enable+=(--enable-simd) ;;
      *) echo "build-wasm: rustc enables WebAssembly feature '$feature', which this script does not map to a wasm-opt flag" >&2; exit 1 ;;
    esac
  done
  "$bin" -O3 --mvp-features "${enable[@]}" "$file" -o "$file.opt"
  mv -f "$file.opt" "$file"
}

# The full modules do their curve25519-dalek field arithmetic with its
# fiat-crypto backend (formally verified 32-bit code; dalek's documented
# `curve25519_dalek_backend="fiat"` cfg) rather than its serial u32 one:
# in Node, interleaved, Ed25519 signing 5-19%, Ed25519-to-X25519 keys
# 6-14% and X25519 0-9% faster, +2 KB gzipped. (Its 64-bit serial backend,
# `curve25519_dalek_bits="64"`, was 2-2.7x slower: WebAssembly has no
# 64x64->128-bit multiply.)
dalek="--cfg curve25519_dalek_backend=\"fiat\""

# Sequential on purpose: two cores, and all share the cargo lock.
build wasm-simd "-C target-feature=+simd128 $dalek" saline-simd.wasm wasm-release
build wasm-base "$dalek" saline.wasm wasm-release
# The SHA-2 module: saline-wasm without its default feature `full` (cargo's
# --no-default-features applies to the package built, -p saline-wasm);
# SALINE_WASM_FEATURES=std still adds std. Profile wasm-small: see Cargo.toml.
build wasm-sha2-simd "-C target-feature=+simd128" saline-sha2-simd.wasm wasm-small --no-default-features
build wasm-sha2-base "" saline-sha2.wasm wasm-small --no-default-features
wasm_opt "$out/saline-sha2-simd.wasm" "-C target-feature=+simd128"
wasm_opt "$out/saline-sha2.wasm" ""

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
