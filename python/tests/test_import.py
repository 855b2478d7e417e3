"""Programs from linalg on tensors (docs/import.md)."""
import pathlib

import numpy as np
import pytest

import tsopt


def test_linalg_is_imported(rng):
    """A linalg-on-tensors export loads like kgraph, and runs the same."""
    path = (pathlib.Path(__file__).resolve().parents[2] / "test" /
            "Conversion" / "LinalgToKGraph" / "rmsnorm_mlp.mlir")
    program = tsopt.load(path)
    assert "kgraph.rms_norm" in program.ir() and "kgraph.silu" in program.ir()
    xs = [rng.standard_normal(s).astype(np.float32)
          for s in [(4, 64), (64,), (128, 64), (128, 64)]]
    x, g, w1, w2 = xs
    n = x / np.sqrt((x * x).mean(axis=1, keepdims=True) + 1e-6) * g
    a, b = n @ w1.T, n @ w2.T
    want = a / (1 + np.exp(-a)) * b
    np.testing.assert_allclose(program(*xs), want, rtol=1e-4, atol=1e-4)
    # Strides in up to two dims are a 1x1 window (im2col); in three, refused.
    strided = tsopt.parse("""
func.func @f(%x: tensor<4x8xf32>) -> tensor<4x4xf32> {
  %s = tensor.extract_slice %x[0, 1] [4, 4] [1, 2] : tensor<4x8xf32> to tensor<4x4xf32>
  return %s : tensor<4x4xf32>
}""")
    x = rng.standard_normal((4, 8)).astype(np.float32)
    np.testing.assert_array_equal(strided(x), x[:, 1::2])
    with pytest.raises(ValueError, match="at most two dims"):
        tsopt.parse("""
func.func @f(%x: tensor<4x4x8xf32>) -> tensor<2x2x4xf32> {
  %s = tensor.extract_slice %x[0, 0, 0] [2, 2, 4] [2, 2, 2] : tensor<4x4x8xf32> to tensor<2x2x4xf32>
  return %s : tensor<2x2x4xf32>
}""")
    # A unit-stride slice is kgraph.slice.
    sliced = tsopt.parse("""
func.func @f(%x: tensor<4x8xf32>) -> tensor<4x4xf32> {
  %s = tensor.extract_slice %x[0, 4] [4, 4] [1, 1] : tensor<4x8xf32> to tensor<4x4xf32>
  return %s : tensor<4x4xf32>
}""")
    x = rng.standard_normal((4, 8)).astype(np.float32)
    np.testing.assert_array_equal(sliced(x), x[:, 4:])


def test_deep_nesting_is_refused():
    """Brackets nested deeper than MLIR's parser can recurse are a
    ValueError, not a stack overflow."""
    deep = ("func.func @f(%x: tensor<4xf32>) -> " + "(" * 30000 + "f32" +
            ")" * 30000)
    with pytest.raises(ValueError, match="nest deeper than 1000 levels"):
        tsopt.parse(deep)


def test_parser_crash_is_an_error():
    """An unterminated linalg.transpose permutation crashes MLIR 22's own
    parser; tsopt.parse reports it as a ValueError and the interpreter
    goes on parsing."""
    crashing = """
func.func @f(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %t = linalg.transpose ins(%a : tensor<2x2xf32>) outs(%b : tensor<2x2xf32>) permutation = [0
  return %t : tensor<2x2xf32>
}"""
    for _ in range(2):
        with pytest.raises(ValueError, match="MLIR's parser crashed"):
            tsopt.parse(crashing)
    ok = tsopt.parse("""
func.func @g(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = kgraph.add %x, %x : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  return %y : tensor<2xf32>
}""")
    np.testing.assert_array_equal(ok(np.ones(2, np.float32)), np.full(2, 2.0))


def test_endless_input_is_refused():
    """An endless file (/dev/zero) is read up to MAX_IR_BYTES and refused,
    like the tools do, instead of being read until memory runs out."""
    if not pathlib.Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    with pytest.raises(ValueError, match="larger than 268435456 bytes"):
        tsopt.load("/dev/zero")
