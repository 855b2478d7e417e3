"""The lowering from Python: the CPU backend and PTX with its manifest."""

import json

import numpy as np
import pytest

import tsopt

from conftest import WORKLOADS


def workload(name, which="opt"):
    return tsopt.parse((WORKLOADS / f"{name}.mlir").read_text(),
                       function=f"{name}_{which}")


@pytest.mark.parametrize("name", ["gated_mlp", "rmsnorm", "gqa"])
def test_cpu_backend_matches_evaluator(name, rng):
    program = workload(name)
    args = [rng.uniform(-1, 1, t.shape) for t in program.inputs]
    expected = program(*args)
    got = program(*args, backend="cpu")
    assert got.shape == expected.shape
    scale = np.abs(expected).max()
    assert scale > 0
    # Tensors are stored as f16 on the compiled path: f16 tolerance.
    assert np.abs(got - expected).max() <= 1e-2 * scale


def test_cpu_backend_runs_predefined_ops(rng):
    ref = workload("lora", "ref")
    args = [rng.uniform(-1, 1, t.shape) for t in ref.inputs]
    np.testing.assert_allclose(ref(*args, backend="cpu"), ref(*args),
                               rtol=0, atol=2e-2 * np.abs(ref(*args)).max())


def test_unknown_backend():
    program = workload("gated_mlp")
    args = [np.zeros(t.shape) for t in program.inputs]
    with pytest.raises(ValueError, match="backend must be"):
        program(*args, backend="gpu")


def test_ptx_and_manifest():
    program = workload("gqa")
    ptx, manifest = program.ptx("sm_80")
    assert ".target sm_80" in ptx
    assert ".visible .entry gqa_opt_kernel0(" in ptx
    assert ".visible .entry gqa_opt_kernel1(" in ptx
    assert manifest["format"] == "tsopt-launch-manifest"
    assert manifest["version"] == 1
    assert manifest["target"] == "sm_80"
    (fn,) = manifest["functions"]
    assert fn["name"] == "gqa_opt"
    roles = [b["role"] for b in fn["buffers"]]
    # The split-kv partials, then their rows' maxima (f32, one per row of
    # each producer tile: the 8-column tiles of the 2x16x32 partial give
    # 2x16x4): the softmax split across the two kernels is lowered in the
    # running-max form.
    assert roles == ["input"] * 3 + ["output"] + ["temporary"] * 4
    partials, maxima = fn["buffers"][4:6], fn["buffers"][6:8]
    assert [b["dtype"] for b in partials] == ["f16", "f16"]
    assert [b["dtype"] for b in maxima] == ["f32", "f32"]
    assert [b["shape"] for b in maxima] == [[2, 16, 4], [2, 16, 4]]
    assert [k["grid"] for k in fn["kernels"]] == [[2, 4, 2], [2, 2, 1]]
    # The second kernel reads what the first wrote.
    assert fn["kernels"][0]["args"][3:] == [4, 5, 6, 7]
    assert fn["kernels"][1]["args"][:4] == [4, 5, 6, 7]


def test_write_ptx(tmp_path):
    program = workload("rmsnorm")
    ptx_path, json_path = program.write_ptx(tmp_path / "rms.ptx", "sm_90")
    assert ".target sm_90" in open(ptx_path).read()
    manifest = json.load(open(json_path))
    assert manifest["ptx"] == "rms.ptx"
    assert manifest["functions"][0]["name"] == "rmsnorm_opt"


def test_ptx_unknown_target():
    with pytest.raises(ValueError, match="unknown target"):
        workload("gated_mlp").ptx("sm_11")


def test_target_is_the_optimized_ones():
    # A µGraph remembers the target it was optimized for: its PTX and its
    # estimate default to it, and another one is an error.
    ref = workload("gated_mlp", "ref")
    fused = tsopt.fuse_blocks(ref, target="sm_80")
    assert fused.target == "sm_80"
    text, manifest = fused.ptx()
    assert ".target sm_80" in text and manifest["target"] == "sm_80"
    assert fused.estimate_cost() == fused.estimate_cost("sm_80")
    with pytest.raises(ValueError, match="optimized for target 'sm_80'"):
        fused.ptx(target="sm_90")
    # A program as written takes any target, sm_90 by default.
    assert ref.target is None
    assert ".target sm_90" in ref.ptx()[0]
