"""Runs every ``python`` block of python/README.md, as a doctest would."""

import pathlib
import re

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples_run():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)
    assert blocks, "the README has no python example"
    for block in blocks:
        scope = {}
        exec(compile(block, str(README), "exec"), scope)
        if "env" in scope:  # the PettingZoo example (the logs example asserts its own)
            assert scope["env"].agents == [], "the example plays its episode to the end"
