"""Running programs on numpy arrays against numpy reference math."""

import math

import numpy as np
import pytest

import tsopt
from conftest import WORKLOADS, gated_mlp, gated_mlp_numpy, random_inputs

erf = np.vectorize(math.erf)

# (build from tensors, the same in numpy) over inputs a: 4x8, b: 4x8, w: 8x5.
CASES = {
    "add": (lambda a, b, w: a + b, lambda a, b, w: a + b),
    "sub": (lambda a, b, w: a - b, lambda a, b, w: a - b),
    "mul": (lambda a, b, w: a * b, lambda a, b, w: a * b),
    "div": (lambda a, b, w: a / tsopt.exp(b), lambda a, b, w: a / np.exp(b)),
    "broadcast": (lambda a, b, w: a * b.sum(0, keepdims=True),
                  lambda a, b, w: a * b.sum(0, keepdims=True)),
    "matmul": (lambda a, b, w: a @ w, lambda a, b, w: a @ w),
    "exp": (lambda a, b, w: tsopt.exp(a), lambda a, b, w: np.exp(a)),
    "square": (lambda a, b, w: tsopt.square(a), lambda a, b, w: a * a),
    "sqrt": (lambda a, b, w: tsopt.sqrt(tsopt.exp(a)),
             lambda a, b, w: np.sqrt(np.exp(a))),
    "rsqrt": (lambda a, b, w: tsopt.rsqrt(tsopt.exp(a)),
              lambda a, b, w: 1 / np.sqrt(np.exp(a))),
    "silu": (lambda a, b, w: tsopt.silu(a), lambda a, b, w: a / (1 + np.exp(-a))),
    "gelu": (lambda a, b, w: tsopt.gelu(a),
             lambda a, b, w: 0.5 * a * (1 + erf(a / math.sqrt(2)))),
    "relu": (lambda a, b, w: tsopt.relu(a), lambda a, b, w: np.maximum(a, 0)),
    "sigmoid": (lambda a, b, w: tsopt.sigmoid(a),
                lambda a, b, w: 1 / (1 + np.exp(-a))),
    "tanh": (lambda a, b, w: tsopt.tanh(a), lambda a, b, w: np.tanh(a)),
    "clamp": (lambda a, b, w: tsopt.clamp(a, -0.5, 0.75),
              lambda a, b, w: np.clip(a, -0.5, 0.75)),
    "clamp_min": (lambda a, b, w: tsopt.clamp(a @ w, min=0.25),
                  lambda a, b, w: np.maximum(a @ w, 0.25)),
    "neg": (lambda a, b, w: -a, lambda a, b, w: -a),
    "scale": (lambda a, b, w: 3 * a / 2, lambda a, b, w: 1.5 * a),
    "sum": (lambda a, b, w: a.sum(1), lambda a, b, w: a.sum(1)),
    "sum_keepdims": (lambda a, b, w: a.sum(0, keepdims=True),
                     lambda a, b, w: a.sum(0, keepdims=True)),
    "max": (lambda a, b, w: a.max(-1), lambda a, b, w: a.max(-1)),
    "mean": (lambda a, b, w: a.mean(1), lambda a, b, w: a.mean(1)),
    "rms_norm": (lambda a, b, w: tsopt.rms_norm(a, b.sum(0), eps=1e-3),
                 lambda a, b, w: a * b.sum(0) / np.sqrt(
                     (a * a).mean(-1, keepdims=True) + 1e-3)),
    "softmax": (lambda a, b, w: tsopt.softmax(a),
                lambda a, b, w: np.exp(a) / np.exp(a).sum(-1, keepdims=True)),
    "softmax_axis0": (lambda a, b, w: tsopt.softmax(a, axis=0),
                      lambda a, b, w: np.exp(a) / np.exp(a).sum(0, keepdims=True)),
    "transpose": (lambda a, b, w: a.T @ b, lambda a, b, w: a.T @ b),
    "reshape": (lambda a, b, w: a.reshape(2, 16), lambda a, b, w: a.reshape(2, 16)),
    "concat": (lambda a, b, w: tsopt.concat([a, b], axis=1),
               lambda a, b, w: np.concatenate([a, b], axis=1)),
    "tile": (lambda a, b, w: tsopt.tile(a, (2, 1)), lambda a, b, w: np.tile(a, (2, 1))),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_op_against_numpy(case, rng):
    build, reference = CASES[case]
    p = tsopt.Program(case)
    a, b, w = p.input("a", (4, 8)), p.input("b", (4, 8)), p.input("w", (8, 5))
    p.output(build(a, b, w))
    xs = [rng.standard_normal(t.shape).astype(np.float32) for t in p.inputs]
    out = p(*xs)
    assert out.dtype == np.float32
    expected = reference(*[x.astype(np.float64) for x in xs])
    assert out.shape == expected.shape
    np.testing.assert_allclose(out, expected, rtol=2e-5, atol=2e-5)


def test_f64_precision(rng):
    p = tsopt.Program()
    x = p.input("x", (3, 5))
    p.output(tsopt.softmax(x))
    xs = rng.standard_normal((3, 5)).astype(np.float32)
    out = p(xs, precision="f64")
    assert out.dtype == np.float64
    e = np.exp(xs.astype(np.float64))
    np.testing.assert_allclose(out, e / e.sum(-1, keepdims=True), rtol=1e-12)


def test_inputs_are_stored_in_the_program_dtype():
    """A float64 array fed to an f16 input is rounded to f16, as a device
    would store it; arithmetic stays in float32."""
    p = tsopt.Program()
    x = p.input("x", (3,), "f16")
    b = p.input("b", (3,), "bf16")
    p.output(x * 1.0, b * 1.0)
    values = np.array([1 + 2.0 ** -12, 3.14159265, -1e-5])
    ox, ob = p(values, values)
    np.testing.assert_array_equal(ox, values.astype(np.float16).astype(np.float32))
    assert ob[1] == np.float32(3.140625)  # 3.14159... in bf16


def test_several_outputs_and_integer_arrays():
    p = tsopt.Program()
    x = p.input("x", (2, 2))
    p.output(x * 2.0, x.sum(1))
    doubled, sums = p(np.array([[1, 2], [3, 4]]))
    np.testing.assert_array_equal(doubled, [[2, 4], [6, 8]])
    np.testing.assert_array_equal(sums, [3, 7])


def test_gated_mlp_against_numpy(rng):
    p = gated_mlp()
    xs = random_inputs(p, rng, scale=0.5)
    np.testing.assert_allclose(p(*xs), gated_mlp_numpy(*xs), rtol=1e-4,
                               atol=1e-4)


@pytest.mark.parametrize("name", ["rmsnorm", "gated_mlp", "lora", "gqa"])
def test_workload_mugraph_matches_reference(name, rng):
    """The hand-written µGraphs of test/Workloads run block by block and
    agree with their kernel-level references."""
    path = WORKLOADS / f"{name}.mlir"
    ref = tsopt.load(path, function=f"{name}_ref")
    opt = tsopt.load(path, function=f"{name}_opt")
    xs = random_inputs(ref, rng)
    got, want = opt(*xs), ref(*xs, precision="f64")
    got, want = np.atleast_1d(got), np.atleast_1d(want)
    err = np.abs(got - want).max() / np.abs(want).max()
    assert err < 1e-4


def test_verify():
    path = WORKLOADS / "rmsnorm.mlir"
    ref = tsopt.load(path, function="rmsnorm_ref")
    opt = tsopt.load(path, function="rmsnorm_opt")
    record = opt.verify(ref)
    assert record and record.equivalent and record.float_stable
    assert record.trials >= 1 and record.p > 0 and record.delta > 0
    assert str(record).startswith("equivalent: p = ")

    wrong = tsopt.Program("gated")
    x = wrong.input("x", (8, 64), "f16")
    w1 = wrong.input("w1", (64, 96), "f16")
    w2 = wrong.input("w2", (64, 96), "f16")
    wrong.output(tsopt.gelu(x @ w1) * (x @ w2))
    record = wrong.verify(gated_mlp())
    assert not record.equivalent and record.mismatch_output == 0
    assert str(record).startswith("not equivalent")


def test_estimate_cost():
    p = gated_mlp()
    cost = p.estimate_cost("h100")
    assert 0 < cost < 1e6
    assert p.estimate_cost("sm_80") != cost
    assert "sm_90" in tsopt.TARGETS
