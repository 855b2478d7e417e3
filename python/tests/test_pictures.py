"""Pictures: DOT text from Python, rendered where Graphviz is installed."""

import shutil

import pytest

import tsopt
from conftest import WORKLOADS, gated_mlp

needs_dot = pytest.mark.skipif(shutil.which("dot") is None,
                               reason="Graphviz 'dot' is not installed")


def test_program_dot():
    text = gated_mlp().dot()
    assert text.startswith('digraph "gated_mlp" {')
    assert 'v0 [label = "x\\n8x64 f16"' in text
    assert '[label = "silu"' in text and "cluster" not in text


def test_mugraph_dot_has_the_kernel_cluster(gated_search):
    _, best = gated_search
    text = best.dot()
    assert "subgraph cluster_k0 {" in text
    assert 'label = "kernel #0\\ngrid = [' in text
    assert "imap = {x = " in text and "\\nfmap = " in text
    assert "omap = {x = " in text
    assert "accum sum" in text
    assert "thread graph #" in text and "silu" in text


def test_workload_dot_maps():
    p = tsopt.load(WORKLOADS / "rmsnorm.mlir", function="rmsnorm_opt")
    text = p.dot()
    assert 'label = "kernel #0\\ngrid = [3], forloop = 4"' in text
    assert ('-> k0_op2 [label = "imap = {x = 1}\\nfmap = 0"];' in text)
    assert '-> v3 [label = "omap = {x = 1}"];' in text


@needs_dot
def test_render_svg(tmp_path, gated_search):
    _, best = gated_search
    path = best.render(tmp_path / "best.svg")
    svg = path.read_text()
    assert "<svg" in svg and "cluster_k0" in svg
    assert best._repr_svg_().lstrip().startswith("<?xml")
    png = best.render(str(tmp_path / "best.png"))
    assert open(png, "rb").read(4) == b"\x89PNG"


def test_render_without_graphviz(tmp_path, monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    p = gated_mlp()
    with pytest.raises(RuntimeError, match="Graphviz 'dot' is not installed"):
        p.render(tmp_path / "x.svg")
    assert p._repr_svg_() is None
