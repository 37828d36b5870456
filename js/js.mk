# The npm package in js/: dependencies, both backends, the bundle, the tests.
# Included from the top-level Makefile; paths are relative to the repo root.
#
#   make js-deps          npm ci, only when package.json / package-lock.json changed
#   make js-wasm          js/wasm/*.wasm   (js/scripts/build-wasm.sh)
#   make js-native        js/native/saline.node (js/scripts/build-native.sh)
#   make js-build         all of the above, then dist/ (js/scripts/build.mjs)
#   make js-test          node --test on the native backend, then on WebAssembly,
#                         then the browser suite
#   make js-test-browser  the vector suite in headless Chromium (WebAssembly), then
#                         the Content-Security-Policy checks (test/browser/csp.mjs)
#   make js-tables        regenerates src/backend/generated.ts (operation codes,
#                         error classes) and crates/saline-ops/src/sha2_catalog.json
#                         (the SHA-2 module's catalog) from crates/saline-ops;
#                         `make test-rust` fails while a committed file is stale
#
# Every step is a file target with its real inputs as prerequisites, so a
# second `make js-test` rebuilds nothing; cargo stays incremental inside
# the scripts when a crate did change.

JS := js
JS_DEPS_STAMP := $(JS)/node_modules/.saline-deps.stamp
JS_WASM_STAMP := $(JS)/wasm/sizes.json
JS_NATIVE := $(JS)/native/saline.node
JS_DIST_STAMP := $(JS)/dist/.build.stamp

# Rust inputs of each backend: the core, the op table, the binding crate.
js_rust_sources = $(shell find crates/saline crates/saline-ops $(1) -type f \( -name '*.rs' -o -name 'Cargo.toml' -o -name 'build.rs' \) 2>/dev/null) Cargo.toml Cargo.lock
JS_WASM_SOURCES := $(call js_rust_sources,crates/saline-wasm)
JS_NATIVE_SOURCES := $(call js_rust_sources,crates/saline-node)
JS_TS_SOURCES := $(shell find $(JS)/src -type f -name '*.ts' 2>/dev/null) $(JS)/scripts/build.mjs $(JS)/tsconfig.json $(JS)/package.json

.PHONY: js-deps js-wasm js-native js-build js-test js-test-node js-test-browser js-browser-deps js-tables

js-tables:
	SALINE_BLESS_TABLES=1 $(CARGO) test -p saline-ops --locked --test js_tables

js-deps: $(JS_DEPS_STAMP)

# The stamp lives in node_modules/, so deleting node_modules reinstalls.
$(JS_DEPS_STAMP): $(JS)/package.json $(JS)/package-lock.json
	cd $(JS) && npm ci --no-audit --no-fund
	touch $@

js-wasm: $(JS_WASM_STAMP)

# build-wasm.sh writes every .wasm file (both modules, both flavours), then
# sizes.json last.
# wasm-opt comes from js/node_modules (binaryen): installed first.
$(JS_WASM_STAMP): $(JS_WASM_SOURCES) $(JS)/scripts/build-wasm.sh | $(JS_DEPS_STAMP)
	$(JS)/scripts/build-wasm.sh
	touch $@

js-native: $(JS_NATIVE)

$(JS_NATIVE): $(JS_NATIVE_SOURCES) $(JS)/scripts/build-native.sh
	$(JS)/scripts/build-native.sh
	touch $@

js-build: js-deps js-wasm js-native $(JS_DIST_STAMP)

$(JS_DIST_STAMP): $(JS_TS_SOURCES) $(JS_DEPS_STAMP)
	node $(JS)/scripts/build.mjs
	touch $@

js-test: js-test-node js-test-browser

# Every suite once per backend (the API must not care which one runs), then
# the vectors, the hostile-input suites and the zero-byte scalar shapes on the
# baseline (non-SIMD) WebAssembly build, which engines without SIMD128 load.
js-test-node: js-build
	cd $(JS) && SALINE_BACKEND=native node --test test/ && SALINE_BACKEND=wasm node --test test/ && \
	  SALINE_BACKEND=wasm SALINE_WASM_SIMD=0 node --test test/vectors.test.mjs test/hostile.test.mjs test/hostile-wasm.test.mjs test/tweetnacl-parity.test.mjs \
	    test/zero-masks.test.mjs

# Headless Chromium on the WebAssembly backend; the runner lives with the tests.
js-test-browser: js-build
	@if [ -f $(JS)/test/browser/run.mjs ]; then \
	  $(MAKE) --no-print-directory js-browser-deps && node $(JS)/test/browser/run.mjs && node $(JS)/test/browser/csp.mjs; \
	else \
	  echo "js-test-browser: $(JS)/test/browser/run.mjs not present, skipped"; \
	fi

# Debian's chromium, which playwright-core drives; installed once.
js-browser-deps:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || \
	  { apt-get update && apt-get install -y --no-install-recommends chromium; }
