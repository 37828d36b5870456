"""Runs the Python examples of python/README.md, in order, as one program,
and those of the repository's README.md the same way."""

import pathlib
import re

HERE = pathlib.Path(__file__).resolve().parents[1]


def run_blocks(readme: pathlib.Path, at_least: int) -> None:
    blocks = re.findall(r"```python\n(.*?)```", readme.read_text(), flags=re.S)
    assert len(blocks) >= at_least, readme
    exec(compile("\n".join(blocks), str(readme), "exec"), {})


def test_readme_examples_run():
    run_blocks(HERE / "README.md", 2)


def test_repository_readme_examples_run():
    run_blocks(HERE.parent / "README.md", 1)
