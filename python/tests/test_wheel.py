"""utils/python_wheel.py: the built package as a wheel that installs and
runs without rebuilding."""

import os
import pathlib
import subprocess
import sys
import zipfile

import pytest

import tsopt

REPO = pathlib.Path(__file__).resolve().parents[2]
BUILD = pathlib.Path(tsopt.__file__).resolve().parents[2]


@pytest.mark.skipif(not (BUILD / "build.ninja").is_file(),
                    reason="tsopt is not imported from a configured build")
def test_wheel_installs_and_runs(tmp_path):
    out = subprocess.run(
        [sys.executable, str(REPO / "utils" / "python_wheel.py"),
         "--build-dir", str(BUILD), "--out", str(tmp_path / "dist"),
         "--no-build"], check=True, capture_output=True, text=True)
    wheel = pathlib.Path(out.stdout.strip().splitlines()[-1])
    names = zipfile.ZipFile(wheel).namelist()
    assert "tsopt/__init__.py" in names
    assert any(n.startswith("tsopt/_tsopt.") for n in names)
    record = next(n for n in names if n.endswith(".dist-info/RECORD"))
    listed = zipfile.ZipFile(wheel).read(record).decode().split()
    assert sorted(line.split(",")[0] for line in listed) == sorted(names)
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps",
                    "--no-index", "--target", str(target), str(wheel)],
                   check=True, capture_output=True)
    # The installed copy, alone on the path, builds and runs a program.
    script = (
        "import numpy as np, tsopt\n"
        "assert tsopt.__file__.startswith(%r), tsopt.__file__\n"
        "p = tsopt.Program()\n"
        "x = p.input('x', (2, 8)); w = p.input('w', (8, 4))\n"
        "p.output(tsopt.silu(x @ w))\n"
        "xv = np.ones((2, 8), np.float32); wv = np.ones((8, 4), np.float32)\n"
        "y = p(xv, wv)\n"
        "assert np.allclose(y, 8 / (1 + np.exp(-8)), rtol=1e-5), y\n"
        "print('ok')\n") % str(target)
    env = dict(os.environ, PYTHONPATH=str(target))
    env.pop("TSOPT_EXPECT_BUILD_DIR", None)
    run = subprocess.run([sys.executable, "-c", script], env=env,
                         cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"
