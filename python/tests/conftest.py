"""Shared fixtures of the tsopt Python tests."""

import os
import pathlib

import numpy as np
import pytest

import tsopt

REPO = pathlib.Path(__file__).resolve().parents[2]
WORKLOADS = REPO / "test" / "Workloads"

# ctest points PYTHONPATH at the build tree; make sure that is what runs, not
# an older installed copy.
_expected = os.environ.get("TSOPT_EXPECT_BUILD_DIR")
if _expected and not os.path.realpath(tsopt.__file__).startswith(
        os.path.realpath(_expected)):
    raise RuntimeError(f"testing {tsopt.__file__}, expected the build in "
                       f"{_expected}")


def pytest_report_header(config):
    return f"tsopt: {os.path.dirname(tsopt.__file__)}"


@pytest.fixture
def rng():
    return np.random.default_rng(0)


def gated_mlp(m=8, k=64, n=96, dtype="f16"):
    """silu(x @ w1) * (x @ w2), the gated MLP of the Mirage evaluation."""
    p = tsopt.Program("gated_mlp")
    x = p.input("x", (m, k), dtype)
    w1 = p.input("w1", (k, n), dtype)
    w2 = p.input("w2", (k, n), dtype)
    p.output(tsopt.silu(x @ w1) * (x @ w2))
    return p


def gated_mlp_numpy(x, w1, w2):
    a = x.astype(np.float64) @ w1.astype(np.float64)
    b = x.astype(np.float64) @ w2.astype(np.float64)
    return a / (1 + np.exp(-a)) * b


def random_inputs(program, rng, scale=1.0):
    """Normal inputs, exactly representable in each input's dtype."""
    np_dtype = {"f16": np.float16, "bf16": np.float32, "f32": np.float32}
    return [(scale * rng.standard_normal(t.shape)).astype(np_dtype[t.dtype])
            for t in program.inputs]


# The small search of the suite: gated_mlp at reduced shapes, one kernel, one
# grid dim; it takes about a second.
SMALL_SEARCH = dict(max_block_ops=6, max_kernel_ops=1, max_grid_dims=1)


@pytest.fixture(scope="session")
def gated_search():
    p = gated_mlp()
    return p, tsopt.superoptimize(p, **SMALL_SEARCH)
