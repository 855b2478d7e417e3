"""Python -> IR -> Python: the one exporter and importer, both ways."""

import pytest

import tsopt
from conftest import WORKLOADS, gated_mlp

WORKLOAD_FILES = sorted(WORKLOADS.glob("*.mlir"))


def build_everything():
    """A program using every op the Python API writes."""
    p = tsopt.Program("everything")
    x = p.input("x", (4, 8), "f32")
    g = p.input("g", (8,), "f32")
    w = p.input("w", (8, 6), "f32")
    n = tsopt.rms_norm(x, g, eps=1e-6)
    h = tsopt.gelu(n @ w) + tsopt.relu(n @ w) - tsopt.silu(n @ w)
    h = tsopt.sqrt(tsopt.square(h)) * tsopt.rsqrt(tsopt.exp(h)) / tsopt.exp(h)
    s = tsopt.softmax(-h * 0.5, axis=-1)
    c = tsopt.concat([s, s.max(1, keepdims=True)], axis=1)
    t = tsopt.tile(c.T, (1, 2)).reshape(14, 4)
    p.output(t, x.mean(0))
    return p


@pytest.mark.parametrize("build", [build_everything, gated_mlp])
def test_python_ir_python(build):
    p = build()
    text = p.ir()
    q = tsopt.parse(text)
    assert q.same_as(p) is None
    assert q.name == p.name
    assert q.input_names == p.input_names
    assert q.ir() == text
    assert [t.shape for t in q.outputs] == [t.shape for t in p.outputs]


def test_ir_names_inputs():
    text = gated_mlp().ir()
    assert text.startswith("func.func @gated_mlp(%x: tensor<8x64xf16>, "
                           "%w1: tensor<64x96xf16>, %w2: tensor<64x96xf16>)")
    assert "kgraph.silu" in text and "kgraph.matmul" in text


@pytest.mark.parametrize("path", WORKLOAD_FILES, ids=lambda p: p.stem)
def test_workloads_round_trip(path):
    """Every workload function (references and hand-written µGraphs)."""
    source = path.read_text()
    for name in (f"{path.stem}_ref", f"{path.stem}_opt"):
        p = tsopt.parse(source, function=name)
        assert p.name == name
        q = tsopt.parse(p.ir())
        assert q.same_as(p) is None, q.same_as(p)
        assert q.ir() == p.ir()
    opt = tsopt.load(path, function=f"{path.stem}_opt")
    assert "graph-defined" in opt.structure
    assert "kgraph.kernel grid" in opt.ir()


def test_parse_keeps_names_and_kernels():
    p = tsopt.load(WORKLOADS / "rmsnorm.mlir", function="rmsnorm_opt")
    assert p.input_names == ["x", "g", "w"]
    (kernel,) = p.ops()
    assert kernel["kind"] == "kernel"
    body = kernel["body"]
    assert body.level == "block" and body.grid == [3] and body.forloop == 4
    first = body.ops()[0]
    assert first["kind"] == "input"
    assert first["imap"][0] == -1 and first["fmap"] == 1  # replica, dim 1


def test_parse_errors():
    source = (WORKLOADS / "rmsnorm.mlir").read_text()
    with pytest.raises(ValueError, match=r"the IR has 2 functions "
                                         r"\(@rmsnorm_ref, @rmsnorm_opt\); "
                                         "choose one with function="):
        tsopt.parse(source)
    with pytest.raises(ValueError, match="no function @nope in the IR"):
        tsopt.parse(source, function="nope")
    with pytest.raises(ValueError, match=r"cannot parse the IR:\nir:1:1: "
                                         "error: custom op 'garbage'"):
        tsopt.parse("garbage")
    bad = ("func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
           "  %y = kgraph.matmul %x, %x : tensor<2xf32>, tensor<2xf32> "
           "-> tensor<2xf32>\n  return %y : tensor<2xf32>\n}\n")
    with pytest.raises(ValueError, match="ir:2:8: error"):
        tsopt.parse(bad)
    with pytest.raises(ValueError, match="no function with a body"):
        tsopt.parse("module {}")


def test_parse_module_wrapper():
    text = gated_mlp().ir()
    p = tsopt.parse("module {\n" + text + "}\n")
    assert p.same_as(gated_mlp()) is None
