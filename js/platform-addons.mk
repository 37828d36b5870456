# The Linux platform packages (js/npm/<triple>/): their addons cross-built
# with cargo-zigbuild and Zig (js/scripts/build-platform-addons.sh; the tools
# install themselves under target/tools/ on first use), then tested as npm
# installs them (js/test/platform-addons/run.mjs). Included from the
# top-level Makefile.
#
#   make js-platform-addons        build, check (glibc 2.17 floor, stripped,
#                                  musl-only imports) and copy into js/npm/
#   make js-test-platform-addons   the above, then x64 gnu on this Node and
#                                  arm64 gnu on Node for arm64 under qemu-aarch64:
#                                  the quick vectors and every family's bytes
#                                  equal to this host's
#
# SALINE_PLATFORM_TRIPLES='linux-arm64-gnu …' builds only those;
# SALINE_PLATFORMS=regex selects test cases.
#
# Measured here (2 cores shared with other builds, load ~15): the tools once
# (cargo-zigbuild compiled from crates.io, several minutes; ziglang ~1 min),
# then each target cold 7-10 min wall (x64 gnu: 69 s user CPU), all four warm
# 18 s; the test 47 s (80-120 s under load). Not part of `make test`.

SALINE_PLATFORM_TRIPLES ?= linux-x64-gnu linux-x64-musl linux-arm64-gnu linux-arm64-musl

.PHONY: js-platform-addons js-test-platform-addons

js-platform-addons:
	$(JS)/scripts/build-platform-addons.sh $(SALINE_PLATFORM_TRIPLES)

js-test-platform-addons: js-build js-platform-addons
	node $(JS)/test/platform-addons/run.mjs
