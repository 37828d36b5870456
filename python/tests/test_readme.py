"""Runs the Python examples of python/README.md, in order, as one program."""

import pathlib
import re


def test_readme_examples_run():
    readme = (pathlib.Path(__file__).resolve().parents[1] / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", readme, flags=re.S)
    assert len(blocks) >= 2
    exec(compile("\n".join(blocks), "README.md", "exec"), {})
