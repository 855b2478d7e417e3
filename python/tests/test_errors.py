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
    # 2^40 x 2^40 elements wrap to zero in 64 bits; nothing downstream (the
    # cost model, reshape checks) may see such a shape.
    with pytest.raises(ValueError, match="more elements or bytes than 64"):
        p.input("huge", (2**40, 2**40))


def test_malformed_pickle_is_an_error():
    """A pickled program holds its graph as text; text describing a graph
    tsopt cannot have built (here an exp with no operand) is refused when
    unpickled (pickle calls Graph.__setstate__ with it)."""
    import pickle
    p = tsopt.Program("prog")
    x = p.input("x", (4, 8))
    p.output(x.exp())
    ok = p._graph.__getstate__()
    assert " 4 1 0 1 1 " in ok  # exp of value 0, result 1
    graph = tsopt._tsopt.Graph
    with pytest.raises(ValueError, match="malformed: op #0 .exp.: expected "
                                         "1 operands"):
        graph.__new__(graph).__setstate__(ok.replace(" 4 1 0 1 1 ",
                                                     " 4 0 1 1 "))
    with pytest.raises(ValueError, match="not the text of a serialized graph"):
        graph.__new__(graph).__setstate__("G 0 0 1 1000000 ")
    assert pickle.loads(pickle.dumps(p)).same_as(p) is None


def test_search_limits_are_checked():
    """A thread count is a request (clamped; it used to abort starting a
    billion threads); limits that are not numbers >= 0 are errors, not 'no
    limit'."""
    p = tsopt.Program("prog")
    x = p.input("x", (8, 16))
    p.output(x.exp() * 2.0)
    assert tsopt.superoptimize(p, threads=10**9, time_limit=5) is not None
    with pytest.raises(tsopt.SearchError, match="time limit must be a number"):
        tsopt.superoptimize(p, time_limit=float("nan"))
    with pytest.raises(tsopt.SearchError, match="delta must be in"):
        tsopt.superoptimize(p, delta=5.0)
    with pytest.raises(tsopt.SearchError, match="solve time must be"):
        tsopt.orchestrate(p, solve_time=-1.0)


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf")])
def test_non_finite_constants_refused(p, value):
    # NaN and infinities have no value in the verifier's field: refused when
    # the program is built, not later.
    x = p.input("x", (4, 8))
    with pytest.raises(ValueError, match="the constant must be finite"):
        tsopt.mul_scalar(x, value)
    with pytest.raises(ValueError, match="the constant must be finite"):
        x + value
    with pytest.raises(ValueError, match="the constant must be finite"):
        tsopt.rms_norm(x, p.input("g", (8,)), eps=value)
