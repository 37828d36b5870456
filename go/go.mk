# The C ABI (crates/saline-ffi) and the Go module on it (go/).
#   make go-test       static library, header check, C tests (under
#                      AddressSanitizer), go vet, go test ./...
#   make ffi-c-test    the C tests without the sanitizer
#   make ffi-header    regenerates crates/saline-ffi/include/saline.h
#   make go-lib        only the library and header the Go module links
# The library is the release build (the one a user gets); the header check
# runs in the test profile that `make test-rust` has already built.

FFI_DIR := crates/saline-ffi
FFI_LIB := target/release/libsaline_ffi.a
FFI_C_TEST_DIR := target/ffi-c-test
FFI_LDLIBS := -lpthread -ldl -lm
# The families the C tests run (vectors/FORMAT.md).
FFI_VECTORS := $(wildcard vectors/hash/*.json vectors/mac/*.json vectors/aead/*.json vectors/nacl/*.json \
	vectors/sign/*.json vectors/x25519/*.json vectors/kdf/*.json)
GO_LIB_DIR := go/internal/capi/lib
GO_PLATFORM := $(shell go env GOOS 2>/dev/null)_$(shell go env GOARCH 2>/dev/null)

.PHONY: ffi-lib ffi-header ffi-header-check ffi-c-test ffi-c-test-asan go-lib go-vet go-test bench-go-saline

ffi-lib:
	$(CARGO) build -p saline-ffi --locked --release

# The header test and the crate's unit tests (the panic guard, the status values).
ffi-header-check:
	$(CARGO) test -p saline-ffi --locked

ffi-header:
	SALINE_BLESS_HEADER=1 $(CARGO) test -p saline-ffi --locked --test header

$(FFI_C_TEST_DIR):
	mkdir -p $@

ffi-c-test: ffi-lib | $(FFI_C_TEST_DIR)
	$(CC) -std=c11 -D_GNU_SOURCE -O1 -Wall -Wextra -Werror -I$(FFI_DIR)/include $(FFI_DIR)/tests/c/saline_test.c \
		$(FFI_LIB) $(FFI_LDLIBS) -o $(FFI_C_TEST_DIR)/saline_test
	$(FFI_C_TEST_DIR)/saline_test $(FFI_VECTORS)

# The same tests with the C side under AddressSanitizer (the Rust library is
# not instrumented, but its allocations go through ASan's malloc).
ffi-c-test-asan: ffi-lib | $(FFI_C_TEST_DIR)
	$(CC) -std=c11 -D_GNU_SOURCE -O1 -g -fsanitize=address -fno-omit-frame-pointer -Wall -Wextra -Werror -I$(FFI_DIR)/include \
		$(FFI_DIR)/tests/c/saline_test.c $(FFI_LIB) $(FFI_LDLIBS) -o $(FFI_C_TEST_DIR)/saline_test_asan
	ASAN_OPTIONS=detect_leaks=1 $(FFI_C_TEST_DIR)/saline_test_asan $(FFI_VECTORS)

# Go's build cache does not hash the static library that the #cgo LDFLAGS
# name: after go-lib replaced it, `go test` and `go run` linked the cached
# cgo package built against the old one (seen: the Go bench measured the
# library from before a backend change, and SALINE_FORCE named backends that
# library lacked). Every go command below passes the library's hash in
# CGO_CFLAGS, which is part of the cache key, so a new library rebuilds the
# cgo package. Expanded by the shell when the recipe runs, after go-lib.
GO_CGO_ENV = CGO_CFLAGS="-g -O2 -DSALINE_LIB_SHA256=$$(sha256sum $(CURDIR)/$(GO_LIB_DIR)/$(GO_PLATFORM)/libsaline_ffi.a 2>/dev/null | cut -c1-16)"

# Where go/internal/capi's #cgo flags look (a release ships these files instead).
go-lib: ffi-lib
	mkdir -p $(GO_LIB_DIR)/include $(GO_LIB_DIR)/$(GO_PLATFORM)
	cp $(FFI_DIR)/include/saline.h $(GO_LIB_DIR)/include/
	cp $(FFI_LIB) $(GO_LIB_DIR)/$(GO_PLATFORM)/

go-vet: go-lib
	cd go && test -z "$$(gofmt -l .)" && $(GO_CGO_ENV) go vet ./... && $(GO_CGO_ENV) go vet -tags saline_zeroed_alloc ./...
	cd bench/go && $(GO_CGO_ENV) go vet -tags saline .

# The C tests run once, under AddressSanitizer (the library is the same one
# ffi-c-test links; only the test program is instrumented).
go-test: ffi-header-check ffi-c-test-asan go-vet
	cd go && $(GO_CGO_ENV) go test ./...

# The Go bench runner with Saline's rows (bench/go/libraries_saline.go, built
# with -tags saline), beside the standard library and x/crypto.
# `make bench-go-saline ONLY='^seal/'`; results go where bench-go writes them.
bench-go-saline: go-lib
	cd bench/go && $(GO_CGO_ENV) nice go run -tags saline . --profile $(or $(BENCH_PROFILE),quick) --only '$(ONLY)'
