#!/usr/bin/env bash
# Proves that each patched copy under vendor/ is its published crate plus
# exactly the diff beside it: fetches the crate through cargo (the registry
# CI already uses), applies vendor/<name>.patch to it and compares the
# result with vendor/<name>, file by file. See vendor/README.md.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

check() { # name version
  local name="$1" version="$2" probe="$scratch/probe-$1" source
  mkdir -p "$probe/src"
  : >"$probe/src/lib.rs"
  printf '[package]\nname = "probe"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\n%s = "=%s"\n\n[workspace]\n' "$name" "$version" >"$probe/Cargo.toml"
  (cd "$probe" && cargo fetch --quiet)
  source="$(cd "$probe" && cargo metadata --format-version 1 |
    node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
      const p = JSON.parse(s).packages.find((p) => p.name === process.argv[1] && p.source?.startsWith("registry+"));
      console.log(p.manifest_path.replace(/\/Cargo\.toml$/, ""));
    });' "$name")"
  cp -r "$source" "$scratch/$name"
  rm -f "$scratch/$name/.cargo-ok"
  patch --quiet --forward -p1 -d "$scratch/$name" <"$here/$name.patch"
  if ! diff -r "$scratch/$name" "$here/$name"; then
    echo "vendor/check.sh: vendor/$name is not $name $version plus vendor/$name.patch (the differences are above)" >&2
    exit 1
  fi
  echo "vendor/check.sh: vendor/$name = $name $version (crates.io) + vendor/$name.patch"
}

check poly1305 0.8.0
check chacha20 0.9.1
check salsa20 0.10.2
check scrypt 0.11.0
check pbkdf2 0.12.2
check ripemd 0.1.3
