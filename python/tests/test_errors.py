"""Mistakes are caught while building, with messages that name the types."""

import numpy as np
import pytest

import tsopt


@pytest.fixture
def p():
    return tsopt.Program("prog")


def test_matmul_shapes_named(p):
    a = p.input("a", (2, 64), "f16")
    w = p.input("w", (32, 96), "f16")
    with pytest.raises(ValueError) as e:
        a @ w
    msg = str(e.value)
    assert msg.startswith("matmul of 2x64 f16 and 32x96 f16:")
    assert "contraction" in msg


def test_broadcast_shapes_named(p):
    a = p.input("a", (4, 3))
    b = p.input("b", (4, 5))
    with pytest.raises(ValueError, match=r"^add of 4x3 f32 and 4x5 f32: "):
        a + b
    with pytest.raises(ValueError, match=r"^div of 4x3 f32 and 4x5 f32: "):
        a / b


def test_dtype_mismatch_named(p):
    a = p.input("a", (4, 3), "f16")
    b = p.input("b", (4, 3), "f32")
    with pytest.raises(ValueError, match="operands mix dtypes f16 and f32"):
        a * b
    with pytest.raises(ValueError, match="mix dtypes"):
        tsopt.concat([a, b])


def test_unsupported_dtype(p):
    with pytest.raises(ValueError, match="unsupported dtype 'f64'.*f16, bf16"):
        p.input("x", (2,), "f64")
    with pytest.raises(ValueError, match="unsupported dtype"):
        p.input("x", (2,), np.int32)


def test_rms_norm_gain(p):
    x = p.input("x", (2, 64))
    g = p.input("g", (32,))
    with pytest.raises(ValueError, match=r"^rms_norm of 2x64 f32 and 32 f32: "):
        tsopt.rms_norm(x, g)


def test_concat_and_reshape(p):
    a = p.input("a", (2, 3))
    b = p.input("b", (2, 4))
    with pytest.raises(ValueError, match=r"^concat of 2x3 f32 and 2x4 f32: "):
        tsopt.concat([a, b], axis=0)
    with pytest.raises(ValueError, match="element count"):
        a.reshape(4, 2)
    with pytest.raises(ValueError, match="at least one"):
        tsopt.concat([])


def test_axes(p):
    x = p.input("x", (2, 3))
    with pytest.raises(ValueError, match=r"axis 2 is out of range for shape "
                                         r"\(2, 3\)"):
        x.sum(2)
    with pytest.raises(ValueError, match="out of range"):
        x.max(-3)
    with pytest.raises(TypeError, match="axis must be an integer"):
        x.sum(None)
    with pytest.raises(ValueError, match="out of range"):
        x.transpose(0, 2)
    v = p.input("v", (5,))
    with pytest.raises(ValueError, match="keepdims=True"):
        v.sum(0)


def test_scalar_forms(p):
    # A number shifts (add_scalar) or scales (mul_scalar); 1 / x has no
    # kgraph op.
    x = p.input("x", (2,))
    assert (x + 1.0).op == "add_scalar"
    assert (1.0 - x).op == "add_scalar"
    assert (x - 2).op == "add_scalar"
    with pytest.raises(TypeError, match="no scalar div"):
        1.0 / x
    with pytest.raises(TypeError, match="addend must be a number"):
        tsopt.add_scalar(x, "1")
    with pytest.raises(ZeroDivisionError):
        x / 0


def test_operands_from_other_programs(p):
    x = p.input("x", (2,))
    other = tsopt.Program("other")
    y = other.input("y", (2,))
    with pytest.raises(ValueError,
                       match="different programs \\('prog' and 'other'\\)"):
        x + y
    with pytest.raises(ValueError, match="belongs to program 'other'"):
        p.output(y)
    with pytest.raises(TypeError, match="expected a tsopt.Tensor, got ndarray"):
        tsopt.exp(np.ones(2))
    with pytest.raises(TypeError, match="expected a tsopt.Tensor"):
        p.output(np.ones(2))


def test_input_validation(p):
    p.input("x", (2,))
    with pytest.raises(ValueError, match="already has an input named 'x'"):
        p.input("x", (3,))
    with pytest.raises(ValueError, match="not an identifier"):
        p.input("1x", (3,))
    with pytest.raises(ValueError, match="1 to 4 dims"):
        p.input("z", (0, 3))
    with pytest.raises(ValueError, match="1 to 4 dims"):
        p.input("z", (1, 1, 1, 1, 1))
    with pytest.raises(ValueError, match="1 to 4 dims"):
        p.input("z", ())
    with pytest.raises(ValueError, match="not an identifier"):
        tsopt.Program("my program")


def test_no_outputs(p):
    p.input("x", (2,))
    with pytest.raises(ValueError, match="no outputs; call output"):
        p.ir()
    with pytest.raises(ValueError, match="no outputs"):
        p(np.ones(2))
    with pytest.raises(ValueError, match="needs at least one"):
        p.output()


def test_running_with_wrong_arrays(p):
    x = p.input("x", (2, 3))
    w = p.input("w", (3, 4))
    p.output(x @ w)
    with pytest.raises(ValueError, match=r"input 'w' of prog has shape "
                                         r"\(3, 4\), got an array of shape "
                                         r"\(4, 3\)"):
        p(np.ones((2, 3)), np.ones((4, 3)))
    with pytest.raises(ValueError, match=r"takes 2 inputs \(x, w\), got 1"):
        p(np.ones((2, 3)))
    with pytest.raises(TypeError, match="cannot use a <U1 array"):
        p(np.full((2, 3), "a"), np.ones((3, 4)))
    with pytest.raises(ValueError, match="precision must be"):
        p(np.ones((2, 3)), np.ones((3, 4)), precision="f16")


def test_unknown_target(p):
    x = p.input("x", (2,))
    p.output(tsopt.exp(x))
    with pytest.raises(ValueError, match="unknown target 'sm_70'; known:"):
        p.estimate_cost("sm_70")


def test_non_finite_constant_is_an_error():
    """A NaN or infinite factor is refused by the evaluator, not an abort."""
    p = tsopt.Program("f")
    x = p.input("x", (2, 4))
    p.output(x * float("inf"))
    with pytest.raises(Exception, match="not finite"):
        p(np.ones((2, 4), np.float32))
