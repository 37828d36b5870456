# The constant-time check (crates/saline-ct, docs/VERIFICATION.md). Included
# from the top-level Makefile.
#
#   make ct-check   builds the harness and runs it under valgrind memcheck
#                   (installed from Debian when missing); last line
#                   "N checks passed, M failed"
#
# The harness is built in its own `ct` profile: release code generation
# with line tables, so that memcheck names inlined functions and the named
# exclusions in known-variable-time.supp match the exact function that
# branches (without it, a RustCrypto loop inlined into Saline's code would
# hide behind Saline's frame). The profile is passed here with --config so
# that the shared Cargo.toml stays as it is; its output is target/ct.

.PHONY: ct-check ct-tools

CT_SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
CT_PROFILE := --profile ct --config 'profile.ct.inherits="release"' --config 'profile.ct.debug="line-tables-only"'

ct-tools:
	@command -v valgrind >/dev/null || { echo "ct-tools: installing valgrind from Debian"; \
		$(CT_SUDO) apt-get update -qq && $(CT_SUDO) apt-get install -y -qq valgrind; }

ct-check: ct-tools
	$(CARGO) build -p saline-ct --locked $(CT_PROFILE)
	crates/saline-ct/run.sh target/ct/saline-ct
