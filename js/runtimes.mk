# The packed npm package on other runtimes and through bundlers, each
# installed from npm at an exact version (lock files in js/test/runtimes/tools/
# and js/test/bundlers/tools/; installed once into the .cache/ beside them,
# which git ignores). Included from the top-level Makefile.
#
#   make js-test-runtimes   Node 18.20.0 / 20.0 / 22.2 / 22 / 24 / 26 (ESM and CJS,
#                           addon absent and present), Bun, Deno (permission
#                           sets), workerd on 127.0.0.1: the quick vectors
#   make js-test-bundlers   Vite 7 and 8, webpack 5, esbuild, a classic worker,
#                           a Node single-file bundle, CSP pages (Chromium)
#
# SALINE_RUNTIMES / SALINE_BUNDLERS=regex select cases; SALINE_KEEP_SCRATCH=1
# keeps the scratch projects in $TMPDIR for a look.

.PHONY: js-test-runtimes js-test-bundlers

js-test-runtimes: js-build
	node $(JS)/test/runtimes/run.mjs

js-test-bundlers: js-build
	$(MAKE) --no-print-directory js-browser-deps
	node $(JS)/test/bundlers/run.mjs
