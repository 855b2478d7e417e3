"""The README's Python example runs as written."""

import re
import shutil

import pytest

import tsopt
from conftest import REPO


def readme_example():
    text = (REPO / "README.md").read_text()
    section = text.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 1, "the Python section has one example"
    return blocks[0]


def test_readme_example(tmp_path, monkeypatch, capsys):
    code = readme_example()
    assert len(code.strip().splitlines()) <= 10
    monkeypatch.chdir(tmp_path)
    if shutil.which("dot") is None:
        # Still run the rest: draw the DOT text instead of the picture.
        monkeypatch.setattr(tsopt.Program, "render",
                            lambda self, path, format=None:
                            open(path, "w").write(self.dot()))
    exec(compile(code, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "kgraph.kernel grid" in out and "equivalent: p = " in out
    assert (tmp_path / "gated_mlp.svg").stat().st_size > 0
