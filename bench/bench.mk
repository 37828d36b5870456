# The benchmark suite (bench/README.md), included by the top-level Makefile,
# which runs from the repository root.
#   make bench            quick profile, every runtime, then REPORT.md and charts
#   make bench-full       full profile
#   make bench ONLY=REGEX run only the cases whose id matches (e.g. ONLY='^digest/')
#   make bench-test       the harness test (node --test), fast
#   make bench-go-test    the Go runner's test (its fixtures equal the JS ones)
# Everything is installed here (npm ci, Chromium from Debian, Go modules on
# first build): nothing installed by hand is assumed.

BENCH_MK := $(lastword $(MAKEFILE_LIST))
BENCH_DIR := bench
BENCH_NODE_DIR := $(BENCH_DIR)/node
BENCH_NPM_STAMP := $(BENCH_NODE_DIR)/node_modules/.installed-from-lock
BENCH_NICE ?= nice -n 10
ONLY ?=

.PHONY: bench bench-full bench-test bench-go-test bench-deps bench-chromium bench-node bench-browser bench-go bench-rust bench-report

# Installed only when the lock file changed since the last install. `npm
# install` over the committed lock, not `npm ci`: the native peers
# (@napi-rs/blake-hash, @node-rs/*) list optional packages for other
# platforms that this registry does not serve, which npm leaves out of the
# lock and `npm ci` then refuses as out of sync. The lock still pins every
# version that installs; the check below fails if npm had to change it.
$(BENCH_NPM_STAMP): $(BENCH_NODE_DIR)/package.json $(BENCH_NODE_DIR)/package-lock.json
	cd $(BENCH_NODE_DIR) && cp package-lock.json .package-lock.committed && \
	  npm install --no-audit --no-fund --loglevel=error && \
	  { cmp -s package-lock.json .package-lock.committed || { echo "bench: npm changed bench/node/package-lock.json; commit the update" >&2; rm -f .package-lock.committed; exit 1; }; } && \
	  rm -f .package-lock.committed
	touch $@

bench-deps: $(BENCH_NPM_STAMP)

# Debian's Chromium for the browser runner; if it cannot be installed the
# browser runner says so and is skipped, the rest of the suite still runs.
bench-chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  echo "bench: installing Debian's chromium for the browser runner"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
	    || echo "bench: chromium could not be installed; the browser runner will skip"; \
	fi

bench: BENCH_PROFILE := quick
bench-full: BENCH_PROFILE := full
bench bench-full: bench-deps bench-chromium
	@$(MAKE) --no-print-directory -j1 -f $(BENCH_MK) -f go/go.mk bench-node bench-browser bench-go bench-rust bench-report BENCH_PROFILE=$(BENCH_PROFILE) ONLY='$(ONLY)'

bench-node: bench-deps
	$(BENCH_NICE) node $(BENCH_NODE_DIR)/run.mjs --profile $(BENCH_PROFILE) --only '$(ONLY)'

bench-browser: bench-deps
	$(BENCH_NICE) node $(BENCH_NODE_DIR)/browser/run.mjs --profile $(BENCH_PROFILE) --only '$(ONLY)'

# With Saline's rows (-tags saline) once `make go-lib` has put the C
# library where the Go module links it (the top-level `bench` target does);
# GO_CGO_ENV (go/go.mk, read by the sub-make above) keeps Go's build cache
# from linking an older library.
bench-go:
	@if command -v go >/dev/null; then \
	  tags=$$([ -f go/internal/capi/lib/include/saline.h ] && echo saline); \
	  cd $(BENCH_DIR)/go && $(GO_CGO_ENV) $(BENCH_NICE) go run -tags "$$tags" . --profile $(BENCH_PROFILE) --only '$(ONLY)'; \
	else echo "bench: go not found, Go runner skipped"; fi

# bench/rust/ (the Rust runner) writes the same results schema. Built like the
# Node addon: portable (baseline CPU, run-time SIMD dispatch), so the Saline
# row is the build that ships.
bench-rust:
	@if [ -f $(BENCH_DIR)/rust/Cargo.toml ]; then \
	  $(BENCH_NICE) cargo run --release --manifest-path $(BENCH_DIR)/rust/Cargo.toml -- --profile $(BENCH_PROFILE) --only '$(ONLY)'; \
	else echo "bench: bench/rust not present yet, Rust runner skipped"; fi

bench-report: bench-deps
	node $(BENCH_NODE_DIR)/report.mjs

bench-test: bench-deps
	node --test $(BENCH_DIR)/test/*.test.mjs

bench-go-test:
	cd $(BENCH_DIR)/go && go test ./...
