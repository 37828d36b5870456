# Fuzzing (fuzz/, docs/VERIFICATION.md). Included from the top-level Makefile.
#
#   make fuzz-smoke   builds every target and fuzzes each for
#                     FUZZ_SMOKE_SECONDS (15 s: 90 s in all); part of `make test`
#   make fuzz         fuzzes each target for FUZZ_SECONDS (default 600), or
#                     only those named in FUZZ_TARGETS; the corpus in
#                     target/fuzz/corpus grows from run to run
#   make fuzz-build   the instrumented binaries, target/fuzz/<host>/release/<target>
#   make fuzz-lock    re-derives fuzz/Cargo.lock from the root Cargo.lock (the
#                     same versions, plus libFuzzer's crates); run it and commit
#                     the result when the core's dependencies change, which
#                     fuzz-build's --locked otherwise reports
#
# libFuzzer through libfuzzer-sys, built with stable rustc and the
# sanitizer-coverage flags cargo-fuzz passes for `--sanitizer none`
# (`-Cpasses=sancov-module` and LLVM's -sanitizer-coverage-* options are
# stable codegen flags): CI needs no nightly toolchain and no cargo-fuzz
# install. `--target` keeps the flags off build scripts and proc macros, as
# cargo-fuzz does. The fuzz crate is its own workspace (fuzz/Cargo.lock,
# seeded from the root lock) with its own target directory, target/fuzz,
# which stays incremental between runs.

.PHONY: fuzz fuzz-smoke fuzz-build fuzz-corpus fuzz-lock

FUZZ_ALL_TARGETS := ops_call wasm_descriptor password_hash_strings cli_formats libsodium_differential backend_differential
FUZZ_TARGETS ?= $(FUZZ_ALL_TARGETS)
FUZZ_SMOKE_SECONDS ?= 15
FUZZ_SECONDS ?= 600
FUZZ_HOST := $(shell rustc -vV | sed -n 's/^host: //p')
FUZZ_DIR := $(CURDIR)/target/fuzz
FUZZ_RUSTFLAGS := -Cpasses=sancov-module \
	-Cllvm-args=-sanitizer-coverage-level=4 \
	-Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
	-Cllvm-args=-sanitizer-coverage-pc-table \
	-Cllvm-args=-sanitizer-coverage-trace-compares \
	--cfg fuzzing

fuzz-build:
	cd fuzz && RUSTFLAGS="$(FUZZ_RUSTFLAGS)" $(CARGO) build --release --locked --bins \
		--target $(FUZZ_HOST) --target-dir $(FUZZ_DIR)

fuzz-lock:
	cp Cargo.lock fuzz/Cargo.lock
	cd fuzz && $(CARGO) metadata --format-version 1 >/dev/null

fuzz-corpus:
	@rm -rf $(FUZZ_DIR)/seeds
	python3 fuzz/seed_corpus.py $(FUZZ_DIR)/seeds

fuzz-smoke: fuzz-build fuzz-corpus
	fuzz/run.sh $(FUZZ_DIR) $(FUZZ_HOST) $(FUZZ_SMOKE_SECONDS) $(FUZZ_ALL_TARGETS)

fuzz: fuzz-build fuzz-corpus
	fuzz/run.sh $(FUZZ_DIR) $(FUZZ_HOST) $(FUZZ_SECONDS) $(FUZZ_TARGETS)
