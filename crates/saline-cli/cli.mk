# The `saline` command (crates/saline-cli). Included from the top-level Makefile.
#
#   make cli-build   target/release/saline
#   make cli-test    installs the real tools from Debian when missing (age,
#                    minisign, b3sum, coreutils; `script` from util-linux
#                    types age's passphrases), then runs the unit tests, the
#                    interop tests against those tools (0 B to 50 MB, both
#                    ways) and the C2SP CCTV age vectors (fetched with
#                    `go mod download`, pinned in tests/cctv_age.rs), and
#                    age 1.3.2 for the post-quantum keys (`go install`)
#   make cli-bench   saline vs b3sum and age on a 1 GB file in /dev/shm,
#                    hyperfine (bench/compare.sh; writes bench/results/cli.md)

.PHONY: cli-tools cli-build cli-test cli-bench

CLI_TOOLS := age age-keygen minisign b3sum sha256sum b2sum script
CLI_APT_PACKAGES := age minisign b3sum coreutils util-linux
# apt-get as root, or through sudo.
CLI_SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

cli-tools:
	@missing=""; for tool in $(CLI_TOOLS); do command -v $$tool >/dev/null || missing="$$missing $$tool"; done; \
	if [ -n "$$missing" ]; then \
		echo "cli-tools: installing$$missing from Debian"; \
		$(CLI_SUDO) apt-get update -qq && $(CLI_SUDO) apt-get install -y -qq $(CLI_APT_PACKAGES); \
	fi

cli-build:
	$(CARGO) build --release -p saline-cli --locked

# --show-output prints the CCTV count (and any note) of passing tests.
cli-test: cli-tools
	$(CARGO) test -p saline-cli --locked -- --show-output

cli-bench: cli-tools cli-build
	@command -v hyperfine >/dev/null || { $(CLI_SUDO) apt-get update -qq && $(CLI_SUDO) apt-get install -y -qq hyperfine; }
	sh crates/saline-cli/bench/compare.sh
