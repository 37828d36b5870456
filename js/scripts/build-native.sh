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

# Portable: built for the target's baseline CPU (x86-64 here), never for the
# build machine's own CPU. The addon is packed and copied to other machines, and
# a host-CPU build dies with SIGILL on an older CPU (issue 8: under
# `qemu-x86_64 -cpu Nehalem`). SIMD is chosen at run time by the crates and
# by Saline's backend registry (docs/DESIGN.md). The release profile strips
# the addon's symbol table (Cargo.toml, profile.release.package.saline-node).
target_dir="${CARGO_TARGET_DIR:-$root/target}"
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
