"""Building programs: shapes, dtypes, op choice, names."""

import numpy as np
import pytest

import tsopt


def kinds(p):
    return [op["kind"] for op in p.ops()]


def test_inputs_and_outputs():
    p = tsopt.Program("prog")
    x = p.input("x", (2, 64), "f16")
    g = p.input("g", 64, np.float16)
    w = p.input("w", (64, 96), "float16")
    assert x.shape == (2, 64) and x.dtype == "f16" and x.ndim == 2
    assert g.shape == (64,) and g.dtype == "f16"
    assert x.name == "x" and x.op == "input"
    y = tsopt.rms_norm(x, g) @ w
    assert y.shape == (2, 96) and y.dtype == "f16" and y.name is None
    assert y.op == "matmul"
    p.output(y)
    assert [t.name for t in p.inputs] == ["x", "g", "w"]
    assert p.input_names == ["x", "g", "w"]
    assert [t.shape for t in p.outputs] == [(2, 96)]
    assert kinds(p) == ["rms_norm", "matmul"]
    assert "x: 2x64 f16" in repr(p)
    assert repr(y) == "<tsopt.Tensor matmul: 2x96 f16>"


@pytest.mark.parametrize("dtype,name", [
    ("f32", "f32"), ("float32", "f32"), (np.float32, "f32"),
    ("bf16", "bf16"), ("bfloat16", "bf16"), ("half", "f16")])
def test_dtype_names(dtype, name):
    p = tsopt.Program()
    assert p.input("x", (4,), dtype).dtype == name


def test_elementwise_broadcasting():
    p = tsopt.Program()
    a = p.input("a", (4, 1, 8))
    b = p.input("b", (3, 1))
    assert (a + b).shape == (4, 3, 8)
    assert (a - b).shape == (4, 3, 8)
    assert (a * b).shape == (4, 3, 8)
    assert (a / b).shape == (4, 3, 8)
    assert kinds(p) == ["add", "sub", "mul", "div"]


def test_scalars_scale():
    p = tsopt.Program()
    x = p.input("x", (2, 3))
    for y in (x * 2.0, 2 * x, x / 4, np.float32(0.5) * x):
        assert y.op == "mul_scalar" and y.shape == (2, 3)
    ops = p.ops()
    assert [op["scalar"] for op in ops] == [2.0, 2.0, 0.25, 0.5]
    assert (-x).op == "neg"
    assert (+x) is x


@pytest.mark.parametrize("fn", ["exp", "square", "sqrt", "rsqrt", "silu",
                                "gelu", "relu", "sigmoid", "tanh", "neg"])
def test_unary(fn):
    p = tsopt.Program()
    x = p.input("x", (2, 3), "bf16")
    y = getattr(tsopt, fn)(x)
    assert y.op == fn and y.shape == (2, 3) and y.dtype == "bf16"


def test_reductions():
    p = tsopt.Program()
    x = p.input("x", (2, 3, 4))
    assert tsopt.sum(x, 1, keepdims=True).shape == (2, 1, 4)
    assert x.sum(-1).shape == (2, 3)
    assert x.max(0).shape == (3, 4)
    assert x.max(0, keepdims=True).op == "reduce_max"
    m = x.mean(2)
    assert m.shape == (2, 3) and m.op == "mul_scalar"
    assert p.ops()[-1]["scalar"] == pytest.approx(0.25)


def test_softmax_is_exp_sum_div():
    p = tsopt.Program()
    x = p.input("x", (4, 16))
    y = tsopt.softmax(x)
    assert y.shape == (4, 16)
    assert kinds(p) == ["exp", "reduce_sum", "div"]
    assert p.ops()[1]["dim"] == 1


def test_data_movement():
    p = tsopt.Program()
    x = p.input("x", (2, 3, 4))
    assert x.T.shape == (4, 3, 2)
    t = x.transpose(0, 2, 1)
    assert t.shape == (2, 4, 3) and p.ops()[-1]["perm"] == [0, 2, 1]
    assert tsopt.transpose(x, (1, 0, 2)).shape == (3, 2, 4)
    assert x.reshape(6, 4).shape == (6, 4)
    assert x.reshape((-1, 2)).shape == (12, 2)
    assert tsopt.concat([x, x], axis=-1).shape == (2, 3, 8)
    assert tsopt.concat([x, x, x], axis=0).shape == (6, 3, 4)
    assert tsopt.tile(x, (1, 2, 1)).shape == (2, 6, 4)


def test_batched_matmul():
    p = tsopt.Program()
    q = p.input("q", (2, 8, 16))
    k = p.input("k", (2, 16, 32))
    assert (q @ k).shape == (2, 8, 32)


def test_program_name_and_repr():
    p = tsopt.Program("attn")
    x = p.input("x", (2, 2))
    p.output(x * 2.0, x.exp())
    assert len(p.outputs) == 2
    assert repr(p).startswith("<tsopt.Program attn(x: 2x2 f32) -> 2 outputs")


def test_unused_ops_are_left_out(rng):
    p = tsopt.Program()
    x = p.input("x", (2, 3))
    unused = tsopt.exp(x)  # noqa: F841 - built, then abandoned
    with pytest.raises(ValueError):
        x @ x  # fails after nothing; the graph keeps what it had
    p.output(x * 3.0)
    assert kinds(p) == ["exp", "mul_scalar"]
    assert "kgraph.exp" not in p.ir()
    assert "exp" not in p.dot()
    xs = rng.standard_normal((2, 3)).astype(np.float32)
    np.testing.assert_allclose(p(xs), 3 * xs, rtol=1e-6)


def test_pickle_round_trip():
    import pickle
    p = tsopt.Program("keep")
    x = p.input("x", (2, 3), "f16")
    p.output(tsopt.relu(x))
    q = pickle.loads(pickle.dumps(p))
    assert q.name == "keep" and q.input_names == ["x"]
    assert q.same_as(p) is None
    assert q.ir() == p.ir()


def _conv2d_reference(x, w, stride, padding, dilation, groups):
    """NCHW/FCHW convolution by its definition, in float64."""
    n, c, h, wd = x.shape
    f, cg, kh, kw = w.shape
    (sh, sw), (dh, dw) = stride, dilation
    top, left, bottom, right = padding
    xp = np.zeros((n, c, h + top + bottom, wd + left + right))
    xp[:, :, top:top + h, left:left + wd] = x
    oh = (xp.shape[2] - dh * (kh - 1) - 1) // sh + 1
    ow = (xp.shape[3] - dw * (kw - 1) - 1) // sw + 1
    out = np.zeros((n, f, oh, ow))
    fg = f // groups
    for o in range(f):
        g = o // fg
        for i in range(kh):
            for j in range(kw):
                patch = xp[:, g * cg:(g + 1) * cg,
                           i * dh:i * dh + sh * (oh - 1) + 1:sh,
                           j * dw:j * dw + sw * (ow - 1) + 1:sw]
                out[:, o] += np.einsum("nchw,c->nhw", patch, w[o, :, i, j])
    return out


@pytest.mark.parametrize("backend", ["evaluator", "cpu"])
def test_conv2d(backend):
    rng = np.random.default_rng(7)
    p = tsopt.Program("conv")
    x = p.input("x", (2, 4, 9, 7))
    w = p.input("w", (6, 2, 3, 3))
    y = tsopt.conv2d(x, w, stride=(2, 1), padding=(1, 0, 2, 1),
                     dilation=(1, 2), groups=2)
    assert y.shape == (2, 6, 5, 4) and y.op == "conv2d"
    assert p.ops()[0]["groups"] == 2
    assert p.ops()[0]["window"] == [3, 3, 2, 1, 1, 0, 2, 1, 1, 2]
    p.output(tsopt.relu(y))
    xs = rng.standard_normal((2, 4, 9, 7)).astype(np.float32)
    ws = rng.standard_normal((6, 2, 3, 3)).astype(np.float32)
    want = np.maximum(_conv2d_reference(xs, ws, (2, 1), (1, 0, 2, 1),
                                        (1, 2), 2), 0)
    np.testing.assert_allclose(p(xs, ws, backend=backend), want, rtol=1e-5,
                               atol=1e-5)


def test_conv2d_errors():
    p = tsopt.Program()
    x = p.input("x", (1, 4, 8, 8))
    with pytest.raises(ValueError, match="groups"):
        tsopt.conv2d(x, p.input("w", (6, 4, 3, 3)), groups=4)
    with pytest.raises(ValueError, match="does not fit"):
        tsopt.conv2d(x, p.input("v", (2, 4, 9, 9)))
    with pytest.raises(TypeError, match="padding"):
        tsopt.conv2d(x, p.input("u", (2, 4, 3, 3)), padding=(1, 2, 3))
