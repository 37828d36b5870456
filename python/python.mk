# The Python package (python/): `make python-test` creates python/.venv,
# installs the pinned test dependencies, builds the extension into it with
# maturin (sharing the repository's target/ directory, so Rust builds stay
# incremental) and runs pytest: the vectors, the differential tests and
# PyNaCl's own suite against saline.nacl.

PYTHON ?= python3
PY_VENV := python/.venv
PY_BIN := $(PY_VENV)/bin

.PHONY: python-build python-test python-test-pynacl bench-python

$(PY_BIN)/.requirements-installed: python/requirements-test.txt
	test -x $(PY_BIN)/python || $(PYTHON) -m venv $(PY_VENV)
	$(PY_BIN)/python -m pip install --quiet -r python/requirements-test.txt
	touch $@

# --no-build-isolation: maturin comes from requirements-test.txt, pinned.
python-build: $(PY_BIN)/.requirements-installed
	PATH="$(CURDIR)/$(PY_BIN):$$PATH" CARGO_TARGET_DIR=$(CURDIR)/target $(PY_BIN)/python -m pip install --quiet --no-deps --no-build-isolation --force-reinstall ./python

python-test: python-build python-test-pynacl
	cd python && .venv/bin/pytest -q -p no:cacheprovider tests

# PyNaCl's suite, in full (tools/pynacl_expected_failures.txt lists no
# expected failures; a test listed there is a strict xfail).
python-test-pynacl: python-build
	$(PY_BIN)/python python/tools/run_pynacl_suite.py -q

# The Python benchmark runner (bench/python/run.py): same workloads, inputs
# and results schema as the other runners; ONLY='regex' selects cases.
BENCH_PROFILE ?= quick
bench-python: python-build
	$(PY_BIN)/python -m pip install --quiet -r bench/python/requirements.txt
	nice $(PY_BIN)/python bench/python/run.py --profile $(BENCH_PROFILE) $(if $(ONLY),--only '$(ONLY)')
