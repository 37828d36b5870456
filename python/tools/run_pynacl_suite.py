"""Runs PyNaCl's own test suite against saline.nacl.

Downloads PyNaCl's source distribution from PyPI (pinned below), extracts
its tests/ into build/pynacl-<version>/, installs tools/nacl_alias.py as the
suite's conftest (``nacl`` → ``saline.nacl``) and runs pytest there, with the
tests of tools/pynacl_expected_failures.txt as strict xfails. Extra
arguments go to pytest. Needs the saline package, pytest and hypothesis.
"""

import os
import pathlib
import shutil
import subprocess
import sys
import tarfile

PYNACL_VERSION = "1.6.2"
HERE = pathlib.Path(__file__).resolve().parent
BUILD = HERE.parent / "build"


def main() -> int:
    suite = BUILD / f"pynacl-{PYNACL_VERSION}"
    if not (suite / "tests").is_dir():
        BUILD.mkdir(exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:", f"pynacl=={PYNACL_VERSION}", "-d", str(BUILD)], check=True)
        with tarfile.open(BUILD / f"pynacl-{PYNACL_VERSION}.tar.gz") as archive:
            members = [m for m in archive.getmembers() if m.name.startswith(f"pynacl-{PYNACL_VERSION}/tests/")]
            archive.extractall(BUILD, members=members)
    # The real PyNaCl must not be importable from the suite's directory.
    shutil.copy(HERE / "nacl_alias.py", suite / "tests" / "conftest.py")
    # Its own ini file makes the suite directory pytest's rootdir (not
    # python/, whose pyproject.toml configures saline's tests), so node ids
    # read "tests/test_x.py::..." as in pynacl_expected_failures.txt.
    (suite / "pytest.ini").write_text("[pytest]\n")
    env = dict(os.environ, SALINE_PYNACL_EXPECTED_FAILURES=str(HERE / "pynacl_expected_failures.txt"))
    return subprocess.call([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "tests", *sys.argv[1:]], cwd=suite, env=env)


if __name__ == "__main__":
    sys.exit(main())
