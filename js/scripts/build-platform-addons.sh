#!/usr/bin/env bash
# Cross-builds the native addon (crates/saline-node, release) for the Linux
# platform packages and copies each into js/npm/<triple>/ with
# scripts/platform-package.mjs, ready for `npm publish` from there:
#
#   js/scripts/build-platform-addons.sh [triple...]
#     triples: linux-x64-gnu linux-x64-musl linux-arm64-gnu linux-arm64-musl
#     (all four by default)
#
# With cargo-zigbuild (crates.io) and Zig (PyPI's `ziglang` wheel, which
# ships the zig binary): zig cc is the C compiler and linker for every
# target, so C dependencies (libsodium's configure/make, ring's C and
# assembly through the cc crate) cross-compile with the same setup, and the
# glibc targets link against glibc 2.17's symbol versions (napi-rs's floor
# for its linux-gnu packages: any distribution since 2014). Both tools are
# pinned below and installed once under target/tools/ (SALINE_TOOLS_DIR), as
# are the rustup targets. Each triple has its own CARGO_TARGET_DIR under
# target/platform/, so rebuilds stay incremental.
#
# Portable: the baseline CPU of each architecture (x86-64, armv8-a), never
# the build machine's own; SIMD is chosen at run time (docs/DESIGN.md).
# RUSTFLAGS from the environment are ignored for that reason. Stripped of
# the symbol table (the N-API exports are dynamic symbols and stay).
#
# Each build is checked before it is copied: an ELF shared object for the
# right machine, no .symtab, glibc symbol versions <= 2.17 (gnu) or no C
# library other than musl's (musl). js/test/platform-addons/run.mjs then
# runs them (make js-test-platform-addons).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
tools="${SALINE_TOOLS_DIR:-$root/target/tools}"
ZIGBUILD_VERSION=0.24.1
ZIG_VERSION=0.15.2
GLIBC_FLOOR=2.17
ALL="linux-x64-gnu linux-x64-musl linux-arm64-gnu linux-arm64-musl"

say() { echo "build-platform-addons: $*" >&2; }
die() { say "$*"; exit 1; }

# <triple> -> rust target, zigbuild target (gnu: with the glibc floor), ELF
# machine as readelf names it, baseline CPU.
target_of() {
  case "$1" in
    linux-x64-gnu) echo "x86_64-unknown-linux-gnu x86_64-unknown-linux-gnu.$GLIBC_FLOOR X86-64 x86-64" ;;
    linux-x64-musl) echo "x86_64-unknown-linux-musl x86_64-unknown-linux-musl X86-64 x86-64" ;;
    linux-arm64-gnu) echo "aarch64-unknown-linux-gnu aarch64-unknown-linux-gnu.$GLIBC_FLOOR AArch64 generic" ;;
    linux-arm64-musl) echo "aarch64-unknown-linux-musl aarch64-unknown-linux-musl AArch64 generic" ;;
    *) return 1 ;;
  esac
}

triples=("$@")
[ ${#triples[@]} -gt 0 ] || read -r -a triples <<<"$ALL"
for triple in "${triples[@]}"; do
  target_of "$triple" >/dev/null || die "unknown triple '$triple' (one of: $ALL)"
done

# ---------------------------------------------------------------- tools

mkdir -p "$tools"
zigbuild_root="$tools/cargo-zigbuild-$ZIGBUILD_VERSION"
if [ ! -x "$zigbuild_root/bin/cargo-zigbuild" ]; then
  say "installing cargo-zigbuild $ZIGBUILD_VERSION from crates.io into $zigbuild_root"
  cargo install cargo-zigbuild --locked --version "$ZIGBUILD_VERSION" --root "$zigbuild_root"
fi
export PATH="$zigbuild_root/bin:$PATH"

# cargo-zigbuild runs `python3 -m ziglang` when that works (it does with
# this directory on PYTHONPATH), else `zig` from PATH.
zig_dir="$tools/ziglang-$ZIG_VERSION"
export PYTHONPATH="$zig_dir${PYTHONPATH:+:$PYTHONPATH}"
if [ "$(python3 -m ziglang version 2>/dev/null)" != "$ZIG_VERSION" ]; then
  say "installing Zig $ZIG_VERSION (ziglang) from PyPI into $zig_dir"
  rm -rf "$zig_dir"
  python3 -m pip install --quiet --disable-pip-version-check --no-warn-script-location --target "$zig_dir" "ziglang==$ZIG_VERSION"
fi
# Zig's compilation cache and cargo-zigbuild's wrappers live with the tools.
export ZIG_GLOBAL_CACHE_DIR="$tools/zig-cache"
export CARGO_ZIGBUILD_CACHE_DIR="$tools/cargo-zigbuild-cache"

installed_targets="$(rustup target list --installed)"
for triple in "${triples[@]}"; do
  read -r rust_target _ <<<"$(target_of "$triple")"
  grep -qx "$rust_target" <<<"$installed_targets" || rustup target add "$rust_target"
done

# ---------------------------------------------------------------- builds

for var in RUSTFLAGS CARGO_ENCODED_RUSTFLAGS CARGO_BUILD_RUSTFLAGS; do
  if [ -n "${!var:-}" ]; then
    say "ignoring $var='${!var}' (the prebuilt addons are built for the baseline CPU)"
    unset "$var"
  fi
done

cd "$root"
for triple in "${triples[@]}"; do
  read -r rust_target zig_target machine cpu <<<"$(target_of "$triple")"
  # The baseline CPU, spelled out; explicit per-target flags also take
  # precedence over any build.rustflags of a user's cargo config.
  flags="-C target-cpu=$cpu"
  # Rust's musl targets link statically by default, and a static binary
  # cannot be a cdylib: cargo drops the crate type and builds nothing to
  # load. A Node addon on musl links musl dynamically, as Alpine's node does
  # (napi-rs builds its linux-*-musl packages with this flag too).
  case "$triple" in *-musl) flags="$flags -C target-feature=-crt-static" ;; esac
  env_name="CARGO_TARGET_$(tr 'a-z-' 'A-Z_' <<<"$rust_target")_RUSTFLAGS"
  target_dir="$root/target/platform/$triple"
  say "$triple: cargo zigbuild --target $zig_target ($env_name='$flags', CARGO_TARGET_DIR=target/platform/$triple)"
  env "$env_name=$flags" CARGO_TARGET_DIR="$target_dir" \
    cargo zigbuild --release --locked -p saline-node --target "$zig_target" \
    --config 'profile.release.package.saline-node.strip="symbols"'

  lib="$target_dir/$rust_target/release/libsaline_node.so"
  [ -f "$lib" ] || die "$triple: $lib was not built"

  # The checks a published addon must pass.
  header="$(readelf -h "$lib")"
  grep -q "Type:.*DYN" <<<"$header" || die "$triple: $lib is not a shared object"
  grep -q "Machine:.*$machine" <<<"$header" || die "$triple: $lib is not for $machine"
  if readelf -S --wide "$lib" | grep -q '\.symtab'; then die "$triple: $lib is not stripped (.symtab present)"; fi
  needed="$(readelf -d "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')"
  case "$triple" in
    *-gnu)
      # The newest GLIBC_x.y version any imported symbol needs.
      newest="$(readelf -V --wide "$lib" | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -V | tail -n 1)"
      [ -n "$newest" ] || die "$triple: no GLIBC_ symbol versions found"
      [ "$(printf '%s\n%s\n' "$newest" "$GLIBC_FLOOR" | sort -V | tail -n 1)" = "$GLIBC_FLOOR" ] ||
        die "$triple: needs GLIBC_$newest, above the $GLIBC_FLOOR floor"
      libc="glibc >= $newest"
      ;;
    *-musl)
      for lib_needed in $needed; do
        case "$lib_needed" in libc.so | libc.musl-*.so.1 | ld-musl-*.so.1) ;; *) die "$triple: needs $lib_needed (only musl's libc is on every musl system)" ;; esac
      done
      if readelf -V --wide "$lib" | grep -q 'GLIBC_'; then die "$triple: has glibc symbol versions"; fi
      libc="musl"
      ;;
  esac
  say "$triple: $(wc -c <"$lib") bytes, $machine, stripped, $libc, needs: $needed"
  node "$root/js/scripts/platform-package.mjs" copy "$triple" "$lib"
done
