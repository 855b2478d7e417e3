"""superoptimize(): options, progress, GIL, and the µGraph it returns."""

import threading
import time

import numpy as np
import pytest

import tsopt
from conftest import (SMALL_SEARCH, WORKLOADS, gated_mlp, gated_mlp_numpy,
                      random_inputs)


def test_result_is_a_verified_mugraph(gated_search, rng):
    program, best = gated_search
    assert isinstance(best, tsopt.MuGraph) and best.reference is program
    assert best.name == "gated_mlp"
    assert best.input_names == ["x", "w1", "w2"]
    assert "1 graph-defined" in best.structure
    # The verification record of the emitted µGraph (DESIGN §3).
    record = best.verification
    assert record.equivalent and record.float_checked and record.float_stable
    assert record.trials >= 1 and record.delta <= 2.0 ** -40 * 1.0001
    assert "equivalent: p = " in str(record)
    # Ranked by the cost model; the best does not lose to the program.
    assert 0 < best.cost_us <= best.program_cost_us
    assert all(best.cost_us <= alt.cost_us for alt in best.alternatives)
    assert best.stats.verified >= 1 and best.stats.candidates >= 1
    text = best.ir()
    assert "kgraph.kernel grid" in text and "bgraph.accum" in text
    assert "tgraph.graph" in text


def test_result_runs_like_numpy(gated_search, rng):
    program, best = gated_search
    xs = random_inputs(program, rng, scale=0.5)
    want = gated_mlp_numpy(*xs)
    np.testing.assert_allclose(best(*xs), want, rtol=1e-3, atol=1e-3)
    np.testing.assert_allclose(best(*xs), program(*xs), rtol=1e-2, atol=1e-2)
    for alt in best.alternatives:
        np.testing.assert_allclose(alt(*xs), want, rtol=1e-3, atol=1e-3)


def test_result_round_trips_and_verifies_again(gated_search):
    program, best = gated_search
    again = tsopt.parse(best.ir())
    assert again.same_as(best) is None
    assert again.verify(program).equivalent


def test_search_releases_the_gil():
    """A Python thread keeps running while the search does."""
    ticks = [0]
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks[0] += 1
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    try:
        before = ticks[0]
        start = time.monotonic()
        tsopt.superoptimize(gated_mlp(), **SMALL_SEARCH)
        seconds = time.monotonic() - start
        during = ticks[0] - before
    finally:
        done.set()
        counter.join()
    # Holding the GIL would stall the counter for the whole search.
    assert during > 0.1 * seconds / 0.001


def test_progress_callback():
    """Progress lines reach Python from the search's reporting thread."""
    lines = []
    tsopt.superoptimize(gated_mlp(), progress=lines.append,
                        progress_interval=0.02, **SMALL_SEARCH)
    # Planned (the default): each line names the space it comes from.
    assert lines[0].startswith("rule-based fusion: ")
    assert all(line.startswith("space ") for line in lines[1:])
    assert any("search: " in line and "work items" in line for line in lines)
    lines.clear()
    tsopt.superoptimize(gated_mlp(), progress=lines.append, plan=False,
                        progress_interval=0.02, **SMALL_SEARCH)
    assert lines and all(line.startswith("search: ") for line in lines)
    assert "work items" in lines[0]


def test_progress_callback_errors_propagate():
    def boom(line):
        raise ZeroDivisionError("from the callback")

    with pytest.raises(ZeroDivisionError, match="from the callback"):
        tsopt.superoptimize(gated_mlp(), progress=boom,
                            progress_interval=0.01, **SMALL_SEARCH)


def test_progress_true_without_a_terminal(capsys, monkeypatch):
    # Force the plain stderr display even where tqdm is installed.
    import builtins
    real_import = builtins.__import__

    def no_tqdm(name, *args, **kwargs):
        if name.startswith("tqdm"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_tqdm)
    tsopt.superoptimize(gated_mlp(), progress=True, progress_interval=0.02,
                        **SMALL_SEARCH)
    err = capsys.readouterr().err
    assert "search done in" in err and "verified" in err


def test_options_map_to_search_options():
    opts = tsopt.search_options(max_block_ops=5, target="h200",
                                grid_extents=[1, 2], block_ops=["matmul"],
                                time_limit=1.5, top_n=2)
    assert opts.max_block_ops == 5 and opts.target == "h200"
    assert opts.grid_extents == [1, 2] and opts.block_ops == ["matmul"]
    assert opts.time_limit == 1.5 and opts.top_n == 2
    defaults = tsopt.search_options()
    assert defaults.max_block_ops == 9 and defaults.forloop_extents[0] == 1
    assert defaults.program_templates and not defaults.no_block_ops
    only = tsopt.search_options(no_block_ops=True, program_templates=True)
    assert only.no_block_ops and only.program_templates
    with pytest.raises(TypeError, match="unknown search option 'max_ops'"):
        tsopt.search_options(max_ops=3)
    with pytest.raises(ValueError, match="unknown op 'kernel'"):
        tsopt.search_options(block_ops=["kernel"])


def test_bad_searches():
    with pytest.raises(ValueError, match="unknown target"):
        tsopt.superoptimize(gated_mlp(), target="sm_70")
    with pytest.raises(ValueError, match="grid_extents must be >= 1"):
        tsopt.superoptimize(gated_mlp(), grid_extents=[0])
    mugraph = tsopt.load(WORKLOADS / "gated_mlp.mlir", function="gated_mlp_opt")
    with pytest.raises(tsopt.SearchError, match="already contains a "
                                                "graph-defined kernel"):
        tsopt.superoptimize(mugraph)
    assert issubclass(tsopt.SearchError, RuntimeError)
    with pytest.raises(TypeError, match="expected a tsopt.Program"):
        tsopt.superoptimize("gated_mlp")


def test_nothing_found_is_a_search_error():
    # Two block ops cannot hold both matmuls and their accumulators.
    with pytest.raises(tsopt.SearchError, match="no equivalent µGraph"):
        tsopt.superoptimize(gated_mlp(), max_block_ops=2, max_kernel_ops=1,
                            max_grid_dims=1, rule_fusion=False)


def test_rewritten_form_is_reported(rng):
    """layernorm_matmul's k-loop kernel comes from the rewritten program.

    One search (plan=False): at these reduced shapes the planned search's
    incumbent, a rule-fused kernel without a loop, is estimated faster."""
    program = tsopt.load(WORKLOADS / "layernorm_matmul.mlir",
                         function="layernorm_matmul_ref")
    looped = dict(max_kernel_ops=1, max_block_ops=9, min_grid_dims=1,
                  require_forloop=True, no_kernel_ops=True,
                  block_ops=["matmul", "reduce_sum"], plan=False)
    best = tsopt.superoptimize(program, **looped)
    assert best.rewrites == "centred-variance, matmul-past-row-shift"
    assert best.verification.equivalent and "forloop 1," not in best.structure
    xs = random_inputs(program, rng, scale=0.5)
    np.testing.assert_allclose(best(*xs), program(*xs), rtol=2e-2, atol=2e-2)
    assert tsopt.search_options().algebraic_rewrites
    with pytest.raises(tsopt.SearchError, match="no equivalent µGraph"):
        tsopt.superoptimize(program, algebraic_rewrites=False,
                            rule_fusion=False, **looped)


def test_no_options_plans_the_search():
    """With no options the search derives its configuration and says so."""
    best = tsopt.superoptimize(gated_mlp(), time_limit=30)
    assert best.cost_us < best.program_cost_us
    assert best.verification.equivalent
    assert any(d.startswith("block ops") for d in best.derived)
    assert best.spaces and not best.spaces[0]["skipped"]
    assert all(s["skipped"] or s["seconds"] >= 0 for s in best.spaces)
    # One search, as given: no plan to report.
    single = tsopt.superoptimize(gated_mlp(), plan=False, **SMALL_SEARCH)
    assert single.derived == () and single.spaces == ()


def test_fuse_blocks_is_instant_and_verified(rng):
    """Rule-based fusion: one verified kernel for gated_mlp, with snapshots."""
    program = gated_mlp()
    fused = tsopt.fuse_blocks(program)
    assert fused.verification.equivalent and fused.verification.float_stable
    assert fused.cost_us < fused.program_cost_us
    assert fused.fusion_seconds < 1.0
    assert fused.snapshots and fused in fused.snapshots
    rules = {rule for snap in fused.snapshots for rule, _ in snap.fusion_steps}
    assert 1 in rules  # the matmuls and the element-wise tail in one kernel
    xs = random_inputs(program, rng, scale=0.5)
    np.testing.assert_allclose(fused(*xs), program(*xs), rtol=2e-2, atol=2e-2)
    with pytest.raises(TypeError, match="expected a tsopt.Program"):
        tsopt.fuse_blocks("gated_mlp")
