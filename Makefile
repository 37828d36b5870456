# Saline: the two commands of the README.
#   make test    builds everything from a fresh clone and runs every test
#   make bench   runs the benchmark suite (quick profile) and writes bench/REPORT.md
# `make test` covers: the Rust core (unit, vectors, libsodium differential,
# no-panic, doctests), its wasm32 build, the npm package on both backends and
# in headless Chromium, the packed package on other Node versions, Bun, Deno,
# workerd and through bundlers, the benchmark harness test, the native addon
# under emulated older CPUs, the C ABI with the Go module, the Python
# package with PyNaCl's own suite, and the `saline` command against
# coreutils, b3sum, age and minisign (and C2SP's CCTV age vectors), a fuzz
# smoke of every fuzz target and the constant-time check under valgrind.
# Everything this needs is installed here, from the registries only.

CARGO ?= cargo
WASM_TARGET := wasm32-unknown-unknown

.PHONY: all setup test test-vendor test-rust test-wasm-build test-slow test-portable doc clean

all: test

# rustup adds the WebAssembly target once; later runs are no-ops.
setup:
	@rustup target list --installed | grep -qx $(WASM_TARGET) || rustup target add $(WASM_TARGET)

test: test-vendor test-rust test-wasm-build js-test js-test-runtimes js-test-bundlers bench-test test-portable go-test python-test cli-test fuzz-smoke ct-check

# Unit tests, every vector file, the libsodium differential suite, the
# no-panic property test and the doctests. The test profile is optimized
# (Cargo.toml) so the heavy vectors stay quick.
test-rust:
	$(CARGO) test -p saline -p saline-ops -p saline-openssl-asm --locked
	# Without `full`: the SHA-2-only build of the WebAssembly module saline/sha2 loads.
	$(CARGO) test -p saline -p saline-ops --locked --no-default-features --lib

# The patched crates under vendor/ are their published versions plus the
# diffs beside them, byte for byte (vendor/README.md).
test-vendor:
	vendor/check.sh

# The core must build for wasm32-unknown-unknown without std or OS randomness.
test-wasm-build: setup
	$(CARGO) build -p saline --locked --release --target $(WASM_TARGET) --no-default-features --features full

# The native addon under emulated older CPUs (qemu-user, Nehalem and
# Haswell) must print the host's bytes (js/test/portable/run.sh; ~11 s).
test-portable: js-native
	js/test/portable/run.sh

# Vectors marked slow (PBKDF2 with 2^24 iterations, scrypt with N = 2^20).
test-slow:
	SALINE_SLOW_VECTORS=1 $(CARGO) test -p saline -p saline-ops --locked --release --test vectors -- --nocapture

doc:
	$(CARGO) doc -p saline --no-deps

clean:
	$(CARGO) clean

include js/js.mk
include js/runtimes.mk
include js/platform-addons.mk
include bench/bench.mk
include go/go.mk
include python/python.mk
include crates/saline-cli/cli.mk
include fuzz/fuzz.mk
include crates/saline-ct/ct.mk

# Saline's own rows in the Node and browser runners need the package built,
# and those of the Go runner the C library.
bench bench-full: js-build go-lib
