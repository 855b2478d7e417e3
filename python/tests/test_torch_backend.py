"""torch.compile(model, backend=tsopt.backend): regions tsopt takes run
compiled for the CPU and agree with eager PyTorch; what it cannot take
stays in PyTorch. Skipped where torch, torch-mlir or transformers are not
installed (utils/setup_frontends.sh)."""

import pytest

import tsopt

torch = pytest.importorskip("torch")
pytest.importorskip("torch_mlir")


def relative_error(a, b):
    a, b = a.detach().double(), b.detach().double()
    return ((a - b).norm() / b.norm()).item()


class MLPBlock(torch.nn.Module):
    def __init__(self, width=64, hidden=128):
        super().__init__()
        self.up = torch.nn.Linear(width, hidden)
        self.down = torch.nn.Linear(hidden, width)
        self.norm = torch.nn.LayerNorm(width)

    def forward(self, x):
        return self.norm(x + self.down(torch.nn.functional.gelu(self.up(x))))


def test_block_taken_whole():
    torch.manual_seed(0)
    model = MLPBlock().eval()
    x = torch.randn(8, 64)
    backend = tsopt.TorchBackend(time_limit=2)
    compiled = torch.compile(model, backend=backend)
    with torch.no_grad():
        expected = model(x)
        first, second = compiled(x), compiled(x)
    assert relative_error(first, expected) < 1e-5
    assert torch.equal(first, second)
    (graph,) = backend.report
    assert not graph["left"], backend.summary()
    assert [r["status"] for r in graph["regions"]] == ["tsopt"]
    assert graph["regions"][0]["kinds"]["addmm"] == 2
    assert "tsopt took" in backend.summary()


class Clamped(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.up = torch.nn.Linear(32, 64)
        self.down = torch.nn.Linear(64, 32)

    def forward(self, x):
        h = torch.nn.functional.hardswish(torch.nn.functional.relu6(self.up(x)))
        return torch.clamp(self.down(h), -1, 1)


def test_clamps_taken():
    torch.manual_seed(0)
    model = Clamped().eval()
    x = torch.randn(8, 32)
    backend = tsopt.TorchBackend(time_limit=1)
    with torch.no_grad():
        out = torch.compile(model, backend=backend)(x)
    assert relative_error(out, model(x)) < 1e-5
    (graph,) = backend.report
    assert not graph["left"], backend.summary()
    assert [r["status"] for r in graph["regions"]] == ["tsopt"], \
        backend.summary()


class Refused(torch.nn.Module):
    """x^2.3 has no kgraph form: the importer refuses it, so its region
    runs in PyTorch; log is not taken at all."""

    def forward(self, x, w):
        return torch.log(torch.relu(x @ w) + 1).pow(2.3) @ w.t()


def test_refused_region_runs_in_pytorch():
    torch.manual_seed(0)
    model = Refused()
    x, w = torch.randn(4, 16), torch.randn(16, 16)
    backend = tsopt.TorchBackend(superoptimize=False)
    with torch.no_grad():
        out = torch.compile(model, backend=backend)(x, w)
    assert relative_error(out, model(x, w)) < 1e-6
    (graph,) = backend.report
    assert graph["left"]["log"] == 1
    statuses = {r["status"] for r in graph["regions"]}
    assert "eager" in statuses, backend.summary()
    assert any("pow" in r.get("reason", "") or "power" in r.get("reason", "")
               for r in graph["regions"]), backend.summary()


def test_gradients_run_in_pytorch():
    torch.manual_seed(0)
    model = MLPBlock()
    x = torch.randn(8, 64)
    backend = tsopt.TorchBackend(superoptimize=False)
    out = torch.compile(model, backend=backend)(x)
    out.sum().backward()
    assert model.up.weight.grad is not None
    assert backend.report[-1]["autograd_calls"] >= 1


@pytest.mark.parametrize("dtype,tolerance", [("float32", 1e-5),
                                             ("float16", 2e-2)])
def test_transformers_model(dtype, tolerance):
    transformers = pytest.importorskip("transformers")
    torch.manual_seed(0)
    config = transformers.LlamaConfig(
        vocab_size=128, hidden_size=64, intermediate_size=128,
        num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
        max_position_embeddings=64)
    model = transformers.LlamaForCausalLM(config).eval().to(
        getattr(torch, dtype))
    ids = torch.randint(0, 128, (1, 8))
    backend = tsopt.TorchBackend(time_limit=1)
    with torch.no_grad():
        expected = model(ids).logits
        out = torch.compile(model, backend=backend)(ids).logits
    assert relative_error(out, expected) < tolerance
    taken = sum(r["ops"] for g in backend.report for r in g["regions"]
                if r["status"] == "tsopt")
    # The layers' matmuls, norms, attention and MLPs; the embedding lookup
    # and the mask's integer ops stay in PyTorch.
    assert taken > 100, backend.summary()
    assert any(g["left"]["embedding"] for g in backend.report)
