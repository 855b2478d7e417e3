"""orchestrate(): a whole program as the cheapest verified set of kernels,
and superoptimize() handing programs beyond the search's reach to it."""

import numpy as np
import pytest

import tsopt


def norm_mlp_stack(layers, eps=1e-6):
    """`layers` blocks of rms_norm -> gated MLP -> residual, written with the
    Python API (7 ops a block, 13 primitives after fission)."""
    p = tsopt.Program("stack")
    x = p.input("x", (8, 64))
    for i in range(layers):
        g = p.input(f"g{i}", (64,))
        w = p.input(f"w{i}", (64, 128))
        u = p.input(f"u{i}", (64, 128))
        v = p.input(f"v{i}", (128, 64))
        h = tsopt.rms_norm(x, g, eps=eps)
        x = x + (tsopt.silu(h @ w) * (h @ u)) @ v
    p.output(x)
    return p


def test_orchestrate_a_stack(rng):
    program = norm_mlp_stack(3)
    m = tsopt.orchestrate(program)
    assert m.cost_us < m.program_cost_us
    stats = m.orchestration
    assert stats["optimal"] and stats["gap"] == 0
    assert stats["composites_split"] == 3
    assert stats["candidates"] >= stats["distinct"] > 0
    assert m.kernels and not m.opaque
    # Every kernel carries its record: as written, or verified against its
    # subgraph.
    for ops, cost, origin, record in m.kernels:
        assert ops and cost > 0
        assert record == "as written" or record.startswith("equivalent")
    assert "float check" in m.verification
    xs = [rng.standard_normal(t.shape).astype(np.float32) * 0.5
          for t in program.inputs]
    np.testing.assert_allclose(m(*xs), program(*xs), rtol=2e-3, atol=2e-3)


def test_superoptimize_orchestrates_beyond_the_search(rng):
    program = norm_mlp_stack(2)
    # The limit is the whole deadline, verification included; on a loaded
    # two-core machine 5 s left every kernel unverified, as written.
    m = tsopt.superoptimize(program, time_limit=15)
    assert m.origin in ("orchestration",) or m.origin.startswith(
        "rule-based fusion")
    assert m.orchestration["candidates"] > 0
    assert m.cost_us < m.program_cost_us


def test_orchestrate_errors():
    with pytest.raises(TypeError, match="expected a tsopt.Program"):
        tsopt.orchestrate("stack")
    with pytest.raises(tsopt.SearchError, match="unknown target"):
        tsopt.orchestrate(norm_mlp_stack(1), target="sm_1")


def test_orchestrate_time_limit(rng):
    program = norm_mlp_stack(2)
    with pytest.raises(ValueError, match="time_limit must be"):
        tsopt.orchestrate(program, time_limit=-1)
    # A deadline that passes before anything is verified: every kernel runs
    # as its ops, and the result is still the program's function.
    m = tsopt.orchestrate(program, search_time=60, time_limit=1e-9)
    assert all(record == "as written" for *_, record in m.kernels)
    assert m.orchestration["searches"] == 0
    # superoptimize, which promises a faster program, says it found none.
    with pytest.raises(tsopt.SearchError, match="no set of kernels estimated "
                       "faster than the program"):
        tsopt.superoptimize(program, time_limit=1e-9)
    xs = [rng.standard_normal(t.shape).astype(np.float32) * 0.5
          for t in program.inputs]
    np.testing.assert_allclose(m(*xs), program(*xs), rtol=2e-3, atol=2e-3)
