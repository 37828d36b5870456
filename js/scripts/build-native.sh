#!/usr/bin/env bash
# Builds Saline's native Node addon (crates/saline-node, napi-rs) and copies
# it to js/native/saline.node, where js/src/backend/native.ts looks for it.
#
# Plain cargo, no @napi-rs/cli: a release cdylib (the workspace profile, thin
# LTO). Builds with --locked; if Cargo.lock lacks entries (a dependency was
# just added), it retries once without --locked and says so: commit the
# updated Cargo.lock then. SALINE_NATIVE_UNLOCKED=1 skips --locked outright.
# Run from anywhere; needs cargo and a C toolchain's linker.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="$root/js/native"

# The addon is compiled on the machine that runs it, so it is built for that
# CPU. RustCrypto's run-time AVX2 paths (poly1305 0.8, chacha20 0.9) call
# their intrinsics out of line under current rustc and lose 2-3x; with the
# CPU's features enabled at compile time they inline (measured here:
# Poly1305 1 MiB 1230 -> 2732 MB/s, ChaCha20 938 -> 2257 MB/s, and Poly1305
# of 32 bytes 1873 -> 94 ns). Its own target directory keeps these flags from
# invalidating the portable builds' cache. SALINE_PORTABLE=1 builds for the
# baseline CPU instead (for an addon that will be copied elsewhere).
if [ "${SALINE_PORTABLE:-}" = 1 ]; then
  target_dir="${CARGO_TARGET_DIR:-$root/target}"
else
  target_dir="${CARGO_TARGET_DIR:-$root/target/host-cpu}"
  export RUSTFLAGS="${RUSTFLAGS:-} -C target-cpu=native"
fi
export CARGO_TARGET_DIR="$target_dir"

cd "$root"
if [ "${SALINE_NATIVE_UNLOCKED:-}" = 1 ]; then
  cargo build --release -p saline-node
elif ! cargo build --release -p saline-node --locked; then
  # --locked fails before compiling anything when the lock needs updating;
  # any other failure fails again below and stops the script.
  echo "build-native: retrying without --locked; Cargo.lock changed: commit it" >&2
  cargo build --release -p saline-node
fi

case "$(uname -s)" in
  Darwin) lib=libsaline_node.dylib ;;
  MINGW* | MSYS* | CYGWIN*) lib=saline_node.dll ;;
  *) lib=libsaline_node.so ;;
esac

mkdir -p "$out"
# Copy then rename, so a running process never sees a half-written file.
cp "$target_dir/release/$lib" "$out/saline.node.tmp"
mv -f "$out/saline.node.tmp" "$out/saline.node"
echo "build-native: $out/saline.node ($(wc -c <"$out/saline.node") bytes)" >&2
